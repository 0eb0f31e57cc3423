/* SPDX-License-Identifier: BSD-3-Clause */
/* O1TURN (Seo et al. 2005) as seed 000 §5.1.1 adapts it: each packet picks,
 * uniformly at its source, one of the dimension orders that obey the turn
 * model (routing/turns.h) for its own route, then routes dimension-ordered in
 * that order. An order obeys the model when every dimension the packet
 * travels in the minus direction, or whose dateline it crosses, comes after
 * every lower dimension it travels in (routing.turn_rule = seed-escape: only
 * the minus dimensions, the seed's six turns alone; docs/ROUTING.md). Orders that differ only in dimensions
 * the packet does not travel are one route, so the choice is uniform over
 * distinct routes. The order is kept in the 8-bit route byte as the rank of a
 * permutation of all dimensions: at most 5 dimensions (5! = 120). Under
 * routing.adaptive_ties = random a k/2 tie is drawn first, as DOR draws it
 * (a minus tie is a minus dimension for the order), and kept above the rank:
 * bits 3 and up, which needs at most 3 dimensions (3! = 6 < 8). */
#include <stdio.h>

#include "routing/routing.h"
#include "routing/turns.h"

#define O1TURN_MAX_DIMS  5
#define O1TURN_TIE_DIMS  3 /* dimensions whose order rank fits below the tie bits */
#define O1TURN_TIE_SHIFT 3 /* the tie bits' place in the route byte */

static const int factorial[O1TURN_MAX_DIMS + 1] = {1, 1, 2, 6, 24, 120};

/* Rank of the permutation perm[0..n-1] of 0..n-1 (Lehmer code). */
static int perm_rank(const int *perm, int n)
{
  int r = 0;
  for (int i = 0; i < n; i++) {
    int smaller = 0;
    for (int j = i + 1; j < n; j++)
      smaller += perm[j] < perm[i];
    r += smaller * factorial[n - 1 - i];
  }
  return r;
}

/* The permutation of 0..n-1 with rank r. */
static void perm_unrank(int r, int n, int *perm)
{
  int items[O1TURN_MAX_DIMS];
  for (int i = 0; i < n; i++)
    items[i] = i;
  for (int i = 0, left = n; i < n; i++, left--) {
    int f = factorial[left - 1], idx = r / f;
    r %= f;
    perm[i] = items[idx];
    for (int j = idx; j < left - 1; j++)
      items[j] = items[j + 1];
  }
}

/* Next permutation in lexicographic order; 0 after the last. */
static int next_perm(int *a, int n)
{
  int i = n - 2;
  while (i >= 0 && a[i] >= a[i + 1])
    i--;
  if (i < 0)
    return 0;
  int j = n - 1;
  while (a[j] <= a[i])
    j--;
  int tmp = a[i];
  a[i] = a[j];
  a[j] = tmp;
  for (int l = i + 1, r = n - 1; l < r; l++, r--) {
    tmp = a[l];
    a[l] = a[r];
    a[r] = tmp;
  }
  return 1;
}

/* 1 if visiting the travelled dimensions in `order` (m of them) obeys the
 * turn model: a locked dimension comes after every lower travelled one. */
static int order_legal(const int *order, int m, const int *locked)
{
  for (int i = 0; i < m; i++)
    for (int j = i + 1; j < m; j++)
      if (locked[order[i]] && order[j] < order[i])
        return 0;
  return 1;
}

static uint8_t o1turn_init(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t src, int64_t dest,
                           struct fcsim_rng *rng)
{
  int active[O1TURN_MAX_DIMS], locked[O1TURN_MAX_DIMS] = {0}, m = 0, n = t->ndims;
  const int seed = fcsim_turns_seed_rule(t, p); /* routing.turn_rule = seed-escape: minus dimensions only */
  if (n > O1TURN_MAX_DIMS || (p->adaptive_ties == FCSIM_TIES_RANDOM && n > O1TURN_TIE_DIMS))
    return 0;                                                      /* refused by o1turn_check */
  const uint8_t ties = fcsim_turns_tie_init(t, p, src, dest, rng); /* 0, nothing drawn, under `plus` */
  for (int d = 0; d < n; d++) {
    int a = fcsim_topo_coord(t, src, d), b = fcsim_topo_coord(t, dest, d);
    int off = fcsim_topo_offset(t, d, a, b);
    if (off == 0)
      continue;
    locked[d] = off < 0 || (ties >> d & 1) || (!seed && fcsim_turns_route_wraps(t, d, a, b));
    active[m++] = d;
  }
  /* count the legal orders of the travelled dimensions, then take one */
  int order[O1TURN_MAX_DIMS], count = 0;
  for (int i = 0; i < m; i++)
    order[i] = active[i];
  do
    count += order_legal(order, m, locked);
  while (next_perm(order, m));
  int pick = count > 1 ? (int)fcsim_rng_below(rng, (uint32_t)count) : 0;
  for (int i = 0; i < m; i++)
    order[i] = active[i];
  while (!order_legal(order, m, locked) || pick-- > 0)
    next_perm(order, m);
  /* the untravelled dimensions follow, in increasing order */
  int full[O1TURN_MAX_DIMS], k = 0, used[O1TURN_MAX_DIMS] = {0};
  for (int i = 0; i < m; i++) {
    full[k++] = order[i];
    used[order[i]] = 1;
  }
  for (int d = 0; d < n; d++)
    if (!used[d])
      full[k++] = d;
  return (uint8_t)(perm_rank(full, n) | ties << O1TURN_TIE_SHIFT);
}

static int o1turn_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                        uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  int order[FCSIM_MAX_DIMS];
  const int tied = p->adaptive_ties == FCSIM_TIES_RANDOM;
  const uint8_t ties = tied ? route_state >> O1TURN_TIE_SHIFT : 0;
  for (int i = 0; i < t->ndims; i++)
    order[i] = i; /* more than 5 dimensions is refused by o1turn_check */
  if (t->ndims <= O1TURN_MAX_DIMS)
    perm_unrank(tied ? route_state & ((1u << O1TURN_TIE_SHIFT) - 1) : route_state, t->ndims, order);
  for (int i = 0; i < t->ndims; i++) {
    int d = order[i];
    int off = fcsim_topo_offset(t, d, fcsim_topo_coord(t, node, d), fcsim_topo_coord(t, dest, d));
    if ((ties >> d & 1) && 2 * off == t->dims[d])
      off = -off; /* this packet takes its k/2 tie the minus way */
    if (off)
      return off > 0 ? 2 * d : 2 * d + 1;
  }
  return -1; /* node == dest: never asked */
}

/* At most 5 dimensions (the order must fit the route byte); then the
 * deadlock check. */
static int o1turn_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  if (t->ndims > O1TURN_MAX_DIMS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "routing.algorithm = o1turn keeps each packet's dimension order in an 8-bit route field, "
                           "which holds the orders of at most %d dimensions (%d! = %d); network.dims has %d",
                           O1TURN_MAX_DIMS, O1TURN_MAX_DIMS, factorial[O1TURN_MAX_DIMS], t->ndims);
  if (p->adaptive_ties == FCSIM_TIES_RANDOM && t->ndims > O1TURN_TIE_DIMS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "routing.algorithm = o1turn with routing.adaptive_ties = random keeps each packet's "
                           "dimension order and its tie directions in one 8-bit route field, which holds both for at "
                           "most %d dimensions; network.dims has %d",
                           O1TURN_TIE_DIMS, t->ndims);
  return fcsim_routing_check_cdg(&fcsim_routing_o1turn, t, p, err);
}

const struct fcsim_routing_ops fcsim_routing_o1turn = {
    .name = "o1turn",
    .help = "per packet, a random dimension order among those the turn model allows (Novo-G# thesis §5.1.1)",
    .version = 1,
    .check = o1turn_check,
    .packet_init = o1turn_init,
    .route = o1turn_route,
    .outputs = fcsim_turns_outputs_minimal,
    .turn_rule = 1,
};
