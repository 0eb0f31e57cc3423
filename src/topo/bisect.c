/* SPDX-License-Identifier: BSD-3-Clause */
/* The bisection of a general graph by a stated heuristic (describe.h):
 * balanced halvings from seeded starts, each improved by greedy pair swaps
 * in the manner of Kernighan and Lin (passes of tentative swaps of the best
 * pair among the nodes of highest gain on each side, kept up to the best
 * prefix); the fewest links cut over all starts. It is an upper bound on the true bisection. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "topo/describe.h"

#define BISECT_SEEDED_NODES  8   /* nodes around which ordered starts are built */
#define BISECT_RANDOM_STARTS 4   /* random halvings */
#define BISECT_CANDIDATES    8   /* highest-gain nodes per side tried for a swap */
#define BISECT_PASS_STEPS    512 /* most swaps of one Kernighan-Lin pass */
#define BISECT_MAX_PASSES    16  /* passes per start */

/* The links as an undirected multigraph in CSR form: a two-way link once,
 * a one-way channel once; self-loops dropped. */
struct ugraph {
  int64_t n;    /* nodes */
  int64_t *off; /* [n + 1] (from malloc) */
  int32_t *adj; /* neighbours, one entry per link end (from malloc) */
};

static int counted(const struct fcsim_graph *g, int64_t s)
{
  const struct fcsim_chan *c = &g->chan[s];
  return c->dst != FCSIM_GRAPH_NONE && (int64_t)c->src != c->dst && !(c->reverse != FCSIM_GRAPH_NONE && c->reverse < s);
}

static int ugraph_build(const struct fcsim_graph *g, struct ugraph *u)
{
  u->n = g->nodes;
  u->off = calloc((size_t)g->nodes + 1, sizeof *u->off);
  int64_t m = 0;
  for (int64_t s = 0; s < g->nslots; s++)
    m += counted(g, s);
  u->adj = malloc((size_t)(2 * m + 1) * sizeof *u->adj);
  if (!u->off || !u->adj)
    return -1;
  for (int64_t s = 0; s < g->nslots; s++)
    if (counted(g, s)) {
      u->off[g->chan[s].src + 1]++;
      u->off[g->chan[s].dst + 1]++;
    }
  for (int64_t v = 0; v < g->nodes; v++)
    u->off[v + 1] += u->off[v];
  int64_t *fill = malloc((size_t)(g->nodes ? g->nodes : 1) * sizeof *fill);
  if (!fill)
    return -1;
  memcpy(fill, u->off, (size_t)g->nodes * sizeof *fill);
  for (int64_t s = 0; s < g->nslots; s++)
    if (counted(g, s)) {
      uint32_t a = g->chan[s].src;
      int32_t b = g->chan[s].dst;
      u->adj[fill[a]++] = b;
      u->adj[fill[b]++] = (int32_t)a;
    }
  free(fill);
  return 0;
}

/* gain[v]: links cut minus links kept at v (what moving v alone would save). */
static int64_t gain_of(const struct ugraph *u, const uint8_t *side, int64_t v)
{
  int64_t d = 0;
  for (int64_t i = u->off[v]; i < u->off[v + 1]; i++)
    d += side[u->adj[i]] != side[v] ? 1 : -1;
  return d;
}

static int64_t links_between(const struct ugraph *u, int64_t a, int64_t b)
{
  int64_t w = 0;
  for (int64_t i = u->off[a]; i < u->off[a + 1]; i++)
    w += u->adj[i] == b;
  return w;
}

static int64_t cut_of(const struct ugraph *u, const uint8_t *side)
{
  int64_t c = 0;
  for (int64_t v = 0; v < u->n; v++)
    for (int64_t i = u->off[v]; i < u->off[v + 1]; i++)
      c += side[u->adj[i]] != side[v];
  return c / 2;
}

/* The BISECT_CANDIDATES unlocked nodes of side `s` with the highest gain. */
static int top_gain(const struct ugraph *u, const uint8_t *side, const uint8_t *locked, const int64_t *gain, int s,
                    int64_t *top)
{
  int k = 0;
  for (int64_t v = 0; v < u->n; v++) {
    if (side[v] != s || locked[v])
      continue;
    int at = k < BISECT_CANDIDATES ? k++ : BISECT_CANDIDATES;
    while (at > 0 && gain[top[at - 1]] < gain[v]) {
      if (at < BISECT_CANDIDATES)
        top[at] = top[at - 1];
      at--;
    }
    if (at < BISECT_CANDIDATES)
      top[at] = v;
  }
  return k;
}

static void refresh(const struct ugraph *u, const uint8_t *side, int64_t *gain, int64_t v)
{
  gain[v] = gain_of(u, side, v);
  for (int64_t i = u->off[v]; i < u->off[v + 1]; i++)
    gain[u->adj[i]] = gain_of(u, side, u->adj[i]);
}

/* One Kernighan-Lin pass: swap the best pair of unlocked nodes (among the
 * highest-gain candidates of each side) even when it raises the cut, lock
 * both, up to `steps` swaps; then undo the swaps after the prefix with the
 * largest total gain. Returns that gain (0: no improvement, nothing kept). */
static int64_t kl_pass(const struct ugraph *u, uint8_t *side, int64_t *gain, uint8_t *locked, int64_t *swaps,
                       int64_t steps)
{
  int64_t top0[BISECT_CANDIDATES], top1[BISECT_CANDIDATES], total = 0, best_total = 0, best_len = 0, len = 0;
  memset(locked, 0, (size_t)u->n);
  for (int64_t v = 0; v < u->n; v++)
    gain[v] = gain_of(u, side, v);
  for (; len < steps; len++) {
    int k0 = top_gain(u, side, locked, gain, 0, top0), k1 = top_gain(u, side, locked, gain, 1, top1);
    int64_t best = INT64_MIN, ba = -1, bb = -1;
    for (int i = 0; i < k0; i++)
      for (int j = 0; j < k1; j++) {
        int64_t g = gain[top0[i]] + gain[top1[j]] - 2 * links_between(u, top0[i], top1[j]);
        if (g > best) {
          best = g;
          ba = top0[i];
          bb = top1[j];
        }
      }
    if (ba < 0)
      break;
    side[ba] = 1;
    side[bb] = 0;
    locked[ba] = locked[bb] = 1;
    refresh(u, side, gain, ba);
    refresh(u, side, gain, bb);
    swaps[2 * len] = ba;
    swaps[2 * len + 1] = bb;
    total += best;
    if (total > best_total) {
      best_total = total;
      best_len = len + 1;
    }
  }
  for (int64_t i = len - 1; i >= best_len; i--) {
    side[swaps[2 * i]] = 0;
    side[swaps[2 * i + 1]] = 1;
  }
  return best_total;
}

static void improve(const struct ugraph *u, uint8_t *side, int64_t *gain, uint8_t *locked, int64_t *swaps)
{
  int64_t steps = u->n / 2 < BISECT_PASS_STEPS ? u->n / 2 : BISECT_PASS_STEPS;
  for (int pass = 0; pass < BISECT_MAX_PASSES && kl_pass(u, side, gain, locked, swaps, steps) > 0; pass++)
    ;
}

static int64_t *sort_key;
static int by_key(const void *x, const void *y)
{
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return sort_key[a] < sort_key[b] ? -1 : sort_key[a] > sort_key[b] ? 1 : (a > b) - (a < b);
}

/* Side 0 = the first floor(n/2) nodes in order of key. */
static void halve_by_key(int64_t n, int64_t *key, int64_t *order, uint8_t *side)
{
  for (int64_t v = 0; v < n; v++)
    order[v] = v;
  sort_key = key;
  qsort(order, (size_t)n, sizeof *order, by_key);
  for (int64_t i = 0; i < n; i++)
    side[order[i]] = i < n / 2 ? 0 : 1;
}

/* The key of start `start`: bisector or ball orders around a seeded node,
 * or a random order; a random low part breaks ties. */
static void start_key(const struct ugraph *u, const int16_t *dist, struct fcsim_rng *rng, int start, int64_t *key)
{
  const int64_t n = u->n, far = 1 << 20;
  int64_t s = (int64_t)fcsim_rng_below(rng, (uint32_t)n), t = s;
  for (int64_t v = 0; v < n; v++)
    if (dist[s * n + v] > dist[s * n + t])
      t = v;
  for (int64_t v = 0; v < n; v++) {
    int64_t ds = dist[s * n + v] < 0 ? far : dist[s * n + v];
    int64_t dt = dist[t * n + v] < 0 ? far : dist[t * n + v];
    int64_t k = start < BISECT_SEEDED_NODES ? ds - dt : start < 2 * BISECT_SEEDED_NODES ? ds : 0;
    key[v] = k * 65536 + (int64_t)fcsim_rng_below(rng, 65536);
  }
}

int fcsim_graph_bisection_heuristic(const struct fcsim_graph *g, const int16_t *dist, uint64_t seed, int64_t *links,
                                    double *flits_per_cycle, struct fcsim_error *err)
{
  int16_t *own = NULL;
  int rc;
  if (!dist) {
    if ((rc = fcsim_graph_all_distances(g, &own, err)))
      return rc;
    dist = own;
  }
  struct ugraph u = {0};
  const int64_t n = g->nodes;
  size_t sz = (size_t)(n ? n : 1);
  uint8_t *side = malloc(sz), *best = malloc(sz);
  int64_t *gain = malloc(sz * sizeof *gain), *key = malloc(sz * sizeof *key), *order = malloc(sz * sizeof *order);
  int64_t *swaps = malloc(2 * sz * sizeof *swaps);
  uint8_t *locked = malloc(sz);
  rc = 0;
  if (ugraph_build(g, &u) || !side || !best || !gain || !key || !order || !swaps || !locked) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the bisection of %lld nodes", (long long)n);
    goto done;
  }
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, seed, 0, FCSIM_RNG_SETUP);
  int64_t best_cut = -1;
  for (int start = 0; n > 1 && start < 2 * BISECT_SEEDED_NODES + BISECT_RANDOM_STARTS; start++) {
    start_key(&u, dist, &rng, start, key);
    halve_by_key(n, key, order, side);
    improve(&u, side, gain, locked, swaps);
    int64_t c = cut_of(&u, side);
    if (best_cut < 0 || c < best_cut) {
      best_cut = c;
      memcpy(best, side, (size_t)n);
    }
  }
  *links = best_cut < 0 ? 0 : best_cut;
  *flits_per_cycle = 0;
  for (int64_t s = 0; best_cut >= 0 && s < g->nslots; s++) {
    const struct fcsim_chan *c = &g->chan[s];
    if (c->dst != FCSIM_GRAPH_NONE && best[c->src] != best[c->dst])
      *flits_per_cycle += c->bandwidth_flits;
  }
done:
  free(u.off);
  free(u.adj);
  free(side);
  free(best);
  free(gain);
  free(key);
  free(order);
  free(swaps);
  free(locked);
  free(own);
  return rc;
}
