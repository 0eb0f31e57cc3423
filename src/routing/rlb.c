/* SPDX-License-Identifier: BSD-3-Clause */
/* RLB, randomized load balance (Singh et al. 2002), as seed 000 §5.1.1 uses
 * it: at the source the packet chooses, per dimension, the short way round
 * the ring with probability (N - P)/N and the long way with probability P/N
 * (N the ring size, P the short distance; at a tie P = N/2 the short way is
 * plus), then routes dimension-ordered x, y, z, ... in the chosen directions.
 * Either way it crosses each dateline at most once, and it never turns into a
 * lower dimension, so the turn model holds. On a mesh a dimension has one
 * way only: RLB is then DOR in x, y, z order. The route byte holds one bit
 * per dimension: 1 = minus. */
#include "routing/routing.h"
#include "routing/turns.h"

static const int identity_order[FCSIM_MAX_DIMS] = {0, 1, 2, 3, 4, 5};

static uint8_t rlb_init(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t src, int64_t dest,
                        struct fcsim_rng *rng)
{
  uint8_t minus = 0;
  for (int d = 0; d < t->ndims; d++) {
    int off = fcsim_topo_offset(t, d, fcsim_topo_coord(t, src, d), fcsim_topo_coord(t, dest, d));
    if (off == 0)
      continue;
    int neg = off < 0;
    if (t->kind == FCSIM_TOPO_TORUS) {
      int n = t->dims[d], dist = neg ? -off : off;
      if (fcsim_rng_below(rng, (uint32_t)n) >= (uint32_t)(n - dist))
        neg = !neg; /* the long way, probability P/N */
    }
    minus |= (uint8_t)(neg << d);
  }
  return minus;
}

static int rlb_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                     uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  for (int d = 0; d < t->ndims; d++)
    if (fcsim_topo_coord(t, node, d) != fcsim_topo_coord(t, dest, d))
      return 2 * d + (route_state >> d & 1);
  return -1; /* node == dest: never asked */
}

static uint32_t rlb_outputs(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in_port,
                            int cls)
{
  return fcsim_turns_outputs_ordered(t, p, node, in_port, cls, identity_order);
}

/* Refuses a configuration whose channel dependencies are cyclic. */
static int rlb_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  return fcsim_routing_check_cdg(&fcsim_routing_rlb, t, p, err);
}

const struct fcsim_routing_ops fcsim_routing_rlb = {
    .name = "rlb",
    .help = "randomized load balance: per dimension the short way with probability (N-P)/N, else the long way; "
            "x, y, z order (Novo-G# thesis §5.1.1)",
    .version = 1,
    .check = rlb_check,
    .packet_init = rlb_init,
    .route = rlb_route,
    .outputs = rlb_outputs,
};
