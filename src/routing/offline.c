/* SPDX-License-Identifier: BSD-3-Clause */
/* routing.algorithm = offline: the route an offline router chose per flow,
 * carried in the packet's route byte (offline.h explains the byte). The
 * FFT's offline router (apps/fft/fft_route.c, fft.routing = table) sets it
 * per message; the local rule and the deadlock check are o1turn's (the
 * turn model), which every legal route byte obeys. */
#include "routing/offline.h"
#include "routing/routing.h"
#include "routing/turns.h"

static const int8_t offline_orders[FCSIM_OFFLINE_ORDERS][FCSIM_OFFLINE_MAX_DIMS] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

void fcsim_offline_order(uint8_t state, int order[FCSIM_OFFLINE_MAX_DIMS])
{
  int r = (state & 7) % FCSIM_OFFLINE_ORDERS;
  for (int i = 0; i < FCSIM_OFFLINE_MAX_DIMS; i++)
    order[i] = offline_orders[r][i];
}

/* 1 when dimension d's offset `off` is a tie this byte sends minus. */
static int tie_minus(const int *dims, int torus, int d, int off, uint8_t state)
{
  return torus && dims[d] % 2 == 0 && dims[d] > 2 && 2 * off == dims[d] &&
         (state >> (FCSIM_OFFLINE_TIE_BIT + d) & 1);
}

int fcsim_offline_port(int ndims, const int *dims, int torus, const int *off, uint8_t state)
{
  int order[FCSIM_OFFLINE_MAX_DIMS];
  fcsim_offline_order(state, order);
  for (int i = 0; i < FCSIM_OFFLINE_MAX_DIMS; i++) {
    int d = order[i];
    if (d >= ndims || off[d] == 0)
      continue;
    return off[d] > 0 && !tie_minus(dims, torus, d, off[d], state) ? 2 * d : 2 * d + 1;
  }
  return -1;
}

int fcsim_offline_legal(int ndims, const int *dims, int torus, const int *a, const int *b, uint8_t state)
{
  int order[FCSIM_OFFLINE_MAX_DIMS], locked[FCSIM_OFFLINE_MAX_DIMS] = {0}, moves[FCSIM_OFFLINE_MAX_DIMS] = {0};
  if (ndims > FCSIM_OFFLINE_MAX_DIMS)
    return 0;
  for (int d = 0; d < ndims; d++) {
    int off = fcsim_offline_offset(dims[d], torus, a[d], b[d]);
    if (!off)
      continue;
    int minus = off < 0 || tie_minus(dims, torus, d, off, state);
    int wraps = torus && (minus ? b[d] > a[d] : b[d] < a[d]);
    moves[d] = 1;
    locked[d] = minus || wraps;
  }
  fcsim_offline_order(state, order);
  for (int i = 0; i < FCSIM_OFFLINE_MAX_DIMS; i++)
    for (int j = i + 1; j < FCSIM_OFFLINE_MAX_DIMS; j++)
      if (order[i] < ndims && order[j] < ndims && moves[order[i]] && moves[order[j]] && locked[order[i]] &&
          order[j] < order[i])
        return 0;
  return 1;
}

static uint8_t offline_init(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t src, int64_t dest,
                            struct fcsim_rng *rng)
{
  (void)t, (void)p, (void)src, (void)dest, (void)rng;
  return 0; /* x y z, ties plus: a message without a route of its own */
}

static int offline_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                         uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  (void)p, (void)in_port, (void)rng, (void)port_credits;
  int off[FCSIM_OFFLINE_MAX_DIMS] = {0};
  for (int d = 0; d < t->ndims && d < FCSIM_OFFLINE_MAX_DIMS; d++)
    off[d] = fcsim_topo_offset(t, d, fcsim_topo_coord(t, node, d), fcsim_topo_coord(t, dest, d));
  return fcsim_offline_port(t->ndims, t->dims, t->kind == FCSIM_TOPO_TORUS, off, route_state);
}

/* A torus or mesh of at most 3 dimensions; then the turn-model deadlock
 * check (the local rule of every legal route byte). */
static int offline_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  if ((t->kind != FCSIM_TOPO_TORUS && t->kind != FCSIM_TOPO_MESH) || t->ndims > FCSIM_OFFLINE_MAX_DIMS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "routing.algorithm = offline routes a torus or mesh of at most %d dimensions (its route "
                           "byte holds a dimension order and the tie directions)",
                           FCSIM_OFFLINE_MAX_DIMS);
  return fcsim_routing_check_cdg(&fcsim_routing_offline, t, p, err);
}

const struct fcsim_routing_ops fcsim_routing_offline = {
    .name = "offline",
    .help = "per packet, the dimension order and tie directions an offline router chose for its flow (fft.routing = "
            "table; docs/ROUTING.md); x y z, ties plus, without one",
    .version = 1,
    .check = offline_check,
    .packet_init = offline_init,
    .route = offline_route,
    .outputs = fcsim_turns_outputs_minimal,
};
