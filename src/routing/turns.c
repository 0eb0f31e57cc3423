/* SPDX-License-Identifier: BSD-3-Clause */
/* The turn model (see turns.h): which directions a minimal route may take at
 * a router, and the local rules the deadlock checker builds its channel
 * dependency graph from. */
#include "routing/turns.h"

#include "routing/routing.h"

uint32_t fcsim_turns_links(const struct fcsim_topo *t, int64_t node)
{
  uint32_t m = 0;
  const int32_t *nb = &t->neighbor[node * t->nports];
  for (int q = 0; q < t->nports; q++)
    if (nb[q] >= 0)
      m |= 1u << q;
  return m;
}

int fcsim_turns_minimal_ports(const struct fcsim_topo *t, int64_t node, int64_t dest, int ports[FCSIM_MAX_DIMS])
{
  return fcsim_turns_minimal_ports_rule(t, 0, node, dest, ports);
}

int fcsim_turns_minimal_ports_rule(const struct fcsim_topo *t, int seed_turns, int64_t node, int64_t dest,
                                   int ports[FCSIM_MAX_DIMS])
{
  return fcsim_turns_minimal_ports_ties(t, seed_turns, 0, node, dest, ports);
}

int fcsim_turns_minimal_ports_ties(const struct fcsim_topo *t, int seed_turns, uint8_t minus_ties, int64_t node,
                                   int64_t dest, int ports[FCSIM_MAX_DIMS])
{
  int n = 0, lower_done = 1;
  for (int d = 0; d < t->ndims; d++) {
    int a = fcsim_topo_coord(t, node, d), b = fcsim_topo_coord(t, dest, d);
    int off = fcsim_topo_offset(t, d, a, b);
    if (off == 0)
      continue;
    if ((minus_ties >> d & 1) && t->kind == FCSIM_TOPO_TORUS && 2 * off == t->dims[d])
      off = -off; /* this packet takes a k/2 tie the minus way */
    /* a dimension travelled in minus, or whose rest of the route crosses
     * the dateline, waits until every lower dimension is finished (then it
     * is travelled to its end); the lowest unfinished one is always legal.
     * Holding back the whole dimension, not just the crossing hop, keeps
     * packets from piling up at the dateline waiting for lower dimensions.
     * The seed's turns alone (seed_turns) hold back only the minus
     * dimensions: after a d- hop no turn into a lower dimension */
    int plus_free = off > 0 && (seed_turns || !fcsim_turns_route_wraps(t, d, a, b));
    if (lower_done || plus_free)
      ports[n++] = off > 0 ? 2 * d : 2 * d + 1;
    lower_done = 0;
  }
  return n;
}

uint8_t fcsim_turns_tie_init(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t src, int64_t dest,
                             struct fcsim_rng *rng)
{
  if (p->adaptive_ties != FCSIM_TIES_RANDOM)
    return 0;
  return fcsim_routing_dor.packet_init(t, p, src, dest, rng);
}

int fcsim_turns_forbidden(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in, int out,
                          int cls)
{
  if (in < 0 || in >= t->nports)
    return 0;
  int dir = in ^ 1, d = dir >> 1, e = out >> 1;
  int crossed = fcsim_turns_crossed(t, p, in, cls);
  if (out == in)
    return 1;     /* U-turn */
  if (out == dir) /* straight on: never across the same dateline twice */
    return crossed && fcsim_topo_crosses_dateline(t, node, out);
  /* after a minus hop or after the dateline: only higher dimensions */
  return e < d && ((dir & 1) || crossed);
}

uint32_t fcsim_turns_outputs_minimal(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                     int cls)
{
  uint32_t links = fcsim_turns_links(t, node), m = 0;
  for (int q = 0; q < t->nports; q++)
    if ((links >> q & 1) && !fcsim_turns_forbidden(t, p, node, in, q, cls))
      m |= 1u << q;
  return m;
}

uint32_t fcsim_turns_outputs_seed(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                  int cls)
{
  uint32_t links = fcsim_turns_links(t, node), m = 0;
  if (in < 0 || in >= t->nports)
    return links;
  int dir = in ^ 1, d = dir >> 1;
  for (int q = 0; q < t->nports; q++) {
    if (!(links >> q & 1) || q == in)
      continue;
    if (q == dir) { /* straight on: a minimal route crosses a dateline once */
      if (!(fcsim_turns_crossed(t, p, in, cls) && fcsim_topo_crosses_dateline(t, node, q)))
        m |= 1u << q;
    } else if (!((dir & 1) && (q >> 1) < d)) { /* Fig. 4.10: no d- -> e+- for e < d */
      m |= 1u << q;
    }
  }
  return m;
}

uint32_t fcsim_turns_outputs_ordered(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                     int cls, const int *order)
{
  uint32_t links = fcsim_turns_links(t, node);
  if (in < 0 || in >= t->nports)
    return links;
  int rank[FCSIM_MAX_DIMS];
  for (int i = 0; i < t->ndims; i++)
    rank[order[i]] = i;
  int dir = in ^ 1, d = dir >> 1;
  uint32_t m = 0;
  for (int q = 0; q < t->nports; q++) {
    if (!(links >> q & 1))
      continue;
    if (q == dir) {
      if (!(fcsim_turns_crossed(t, p, in, cls) && fcsim_topo_crosses_dateline(t, node, q)))
        m |= 1u << q;
    } else if (rank[q >> 1] > rank[d]) {
      m |= 1u << q;
    }
  }
  return m;
}

int fcsim_turns_route_wraps(const struct fcsim_topo *t, int d, int a, int b)
{
  if (t->kind != FCSIM_TOPO_TORUS)
    return 0;
  int off = fcsim_topo_offset(t, d, a, b);
  return (off > 0 && b < a) || (off < 0 && b > a);
}
