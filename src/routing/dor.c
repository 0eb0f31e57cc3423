/* SPDX-License-Identifier: BSD-3-Clause */
/* Dimension-order routing: correct the offset in each dimension in the order
 * given by routing.order, taking the minimal direction. On a torus of even
 * size a destination exactly k/2 away is as near both ways: the packet picks
 * one at random at its source (bit d of its route byte set = minus), which
 * balances the two directions' load as BookSim2 does; always going plus
 * loads the plus links with 10/8 of a balanced share on k = 8 and lowers
 * saturation accordingly. */
#include "routing/routing.h"
#include "routing/turns.h"

static uint8_t dor_packet_init(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t src, int64_t dest,
                               struct fcsim_rng *rng)
{
  uint8_t ties = 0;
  if (t->kind != FCSIM_TOPO_TORUS)
    return 0;
  for (int d = 0; d < t->ndims; d++) {
    int k = t->dims[d];
    if (k % 2 == 0 && k > 2 &&
        fcsim_topo_offset(t, d, fcsim_topo_coord(t, src, d), fcsim_topo_coord(t, dest, d)) == k / 2 &&
        (fcsim_rng_next(rng) >> 63))
      ties |= (uint8_t)(1u << d);
  }
  return ties;
}

static int dor_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                     uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  for (int i = 0; i < t->ndims; i++) {
    int d = p->dim_order[i];
    int off = fcsim_topo_offset(t, d, fcsim_topo_coord(t, node, d), fcsim_topo_coord(t, dest, d));
    if (off > 0 && (route_state >> d & 1) && t->kind == FCSIM_TOPO_TORUS && off * 2 == t->dims[d])
      return 2 * d + 1; /* a tie this packet takes the minus way */
    if (off > 0)
      return 2 * d;
    if (off < 0)
      return 2 * d + 1;
  }
  return -1; /* node == dest: never asked */
}

/* dor_route with the node's coordinates given (a VC router keeps them):
 * the same offsets, signs and tie rule, one coordinate computed per
 * dimension (the destination's) instead of two and a call. A netlist has no
 * coordinates: route() as before. */
static int dor_route_from(const struct fcsim_topo *t, const struct fcsim_params *p, const int32_t *at, int64_t node,
                          int64_t dest, uint8_t route_state, int in_port, struct fcsim_rng *rng,
                          const int32_t *port_credits)
{
  const int torus = t->kind == FCSIM_TOPO_TORUS;
  if (!torus && t->kind != FCSIM_TOPO_MESH)
    return dor_route(t, p, node, dest, route_state, in_port, rng, port_credits);
  for (int i = 0; i < t->ndims; i++) {
    int d = p->dim_order[i];
    int a = at[d], b = fcsim_topo_coord(t, dest, d);
    if (a == b)
      continue;
    int k = t->dims[d], off = b - a; /* fcsim_topo_offset */
    if (torus) {
      int fwd = off < 0 ? off + k : off;
      off = fwd <= k - fwd ? fwd : fwd - k;
      if (off > 0 && (route_state >> d & 1) && off * 2 == k)
        return 2 * d + 1; /* a tie this packet takes the minus way */
    }
    return off > 0 ? 2 * d : 2 * d + 1;
  }
  return -1; /* node == dest: never asked */
}

/* Local rule for the deadlock checker (routing/cdg.h). */
static uint32_t dor_outputs(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in_port,
                            int cls)
{
  return fcsim_turns_outputs_ordered(t, p, node, in_port, cls, p->dim_order);
}

static int dor_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  return fcsim_routing_check_cdg(&fcsim_routing_dor, t, p, err);
}

const struct fcsim_routing_ops fcsim_routing_dor = {
    .name = "dor",
    .help = "dimension-order routing in routing.order (Novo-G# thesis §5.1.1)",
    .version = 1,
    .check = dor_check,
    .packet_init = dor_packet_init,
    .route = dor_route,
    .route_from = dor_route_from,
    .outputs = dor_outputs,
};
