/* SPDX-License-Identifier: BSD-3-Clause */
/* The bisection of a general graph by a stated heuristic (bisect.h):
 * balanced halvings from seeded starts, each improved by greedy pair swaps
 * in the manner of Kernighan and Lin (passes of tentative swaps of the best
 * pair among the nodes of highest gain on each side, kept up to the best
 * prefix); the fewest links cut over all starts. It is an upper bound on the true bisection. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "topo/bisect.h"

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

/* Unlocked nodes by side and gain, one bitmap per (side, gain), so the
 * highest-gain candidates are found without a scan of every node: the same
 * nodes in the same order as top_gain (gain, then node number). */
struct buckets {
  int64_t maxdeg; /* gains lie in [-maxdeg, maxdeg] */
  int64_t words;  /* 64-bit words per bitmap */
  uint64_t *bits; /* [2 * (2 maxdeg + 1) * words] (from malloc), or NULL: top_gain scans */
  int64_t *count; /* nodes per bitmap (from malloc) */
};

#define BISECT_MAX_BUCKET_WORDS (1 << 22) /* 32 MB of bitmaps; more: scan instead */

static void buckets_init(struct buckets *b, const struct ugraph *u)
{
  b->maxdeg = 0;
  for (int64_t v = 0; v < u->n; v++)
    if (u->off[v + 1] - u->off[v] > b->maxdeg)
      b->maxdeg = u->off[v + 1] - u->off[v];
  b->words = (u->n + 63) / 64;
  int64_t nb = 2 * (2 * b->maxdeg + 1);
  b->bits = NULL;
  b->count = NULL;
  if (nb * b->words <= BISECT_MAX_BUCKET_WORDS) {
    b->bits = malloc((size_t)(nb * b->words) * sizeof *b->bits);
    b->count = malloc((size_t)nb * sizeof *b->count);
    if (!b->bits || !b->count) {
      free(b->bits);
      free(b->count);
      b->bits = NULL;
      b->count = NULL;
    }
  }
}

static int64_t bucket_of(const struct buckets *b, int s, int64_t gain)
{
  return (int64_t)s * (2 * b->maxdeg + 1) + gain + b->maxdeg;
}

static void bucket_put(struct buckets *b, int s, int64_t gain, int64_t v, int in)
{
  int64_t k = bucket_of(b, s, gain);
  uint64_t *w = &b->bits[k * b->words + v / 64], bit = (uint64_t)1 << (v % 64);
  *w = in ? *w | bit : *w & ~bit;
  b->count[k] += in ? 1 : -1;
}

static void buckets_fill(struct buckets *b, const struct ugraph *u, const uint8_t *side, const int64_t *gain)
{
  int64_t nb = 2 * (2 * b->maxdeg + 1);
  memset(b->bits, 0, (size_t)(nb * b->words) * sizeof *b->bits);
  memset(b->count, 0, (size_t)nb * sizeof *b->count);
  for (int64_t v = 0; v < u->n; v++)
    bucket_put(b, side[v], gain[v], v, 1);
}

/* top_gain from the bitmaps. */
static int bucket_top(const struct buckets *b, int s, int64_t *top)
{
  int k = 0;
  for (int64_t gain = b->maxdeg; gain >= -b->maxdeg && k < BISECT_CANDIDATES; gain--) {
    int64_t bk = bucket_of(b, s, gain);
    if (!b->count[bk])
      continue;
    const uint64_t *w = &b->bits[bk * b->words];
    for (int64_t i = 0; i < b->words && k < BISECT_CANDIDATES; i++)
      for (uint64_t x = w[i]; x && k < BISECT_CANDIDATES; x &= x - 1)
        top[k++] = i * 64 + __builtin_ctzll(x);
  }
  return k;
}

/* New gains at v and its neighbours after v changed side; unlocked nodes
 * move between bitmaps. */
static void refresh(const struct ugraph *u, const uint8_t *side, const uint8_t *locked, int64_t *gain,
                    struct buckets *b, int64_t v)
{
  for (int64_t i = u->off[v] - 1; i < u->off[v + 1]; i++) {
    int64_t x = i < u->off[v] ? v : u->adj[i], g = gain_of(u, side, x);
    if (b->bits && !locked[x] && g != gain[x]) {
      bucket_put(b, side[x], gain[x], x, 0);
      bucket_put(b, side[x], g, x, 1);
    }
    gain[x] = g;
  }
}

/* One Kernighan-Lin pass: swap the best pair of unlocked nodes (among the
 * highest-gain candidates of each side) even when it raises the cut, lock
 * both, up to `steps` swaps; then undo the swaps after the prefix with the
 * largest total gain. Returns that gain (0: no improvement, nothing kept). */
static int64_t kl_pass(const struct ugraph *u, uint8_t *side, int64_t *gain, uint8_t *locked, int64_t *swaps,
                       int64_t steps, struct buckets *b)
{
  int64_t top0[BISECT_CANDIDATES], top1[BISECT_CANDIDATES], total = 0, best_total = 0, best_len = 0, len = 0;
  memset(locked, 0, (size_t)u->n);
  for (int64_t v = 0; v < u->n; v++)
    gain[v] = gain_of(u, side, v);
  if (b->bits)
    buckets_fill(b, u, side, gain);
  for (; len < steps; len++) {
    int k0 = b->bits ? bucket_top(b, 0, top0) : top_gain(u, side, locked, gain, 0, top0);
    int k1 = b->bits ? bucket_top(b, 1, top1) : top_gain(u, side, locked, gain, 1, top1);
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
    if (b->bits) {
      bucket_put(b, 0, gain[ba], ba, 0);
      bucket_put(b, 1, gain[bb], bb, 0);
    }
    side[ba] = 1;
    side[bb] = 0;
    locked[ba] = locked[bb] = 1;
    refresh(u, side, locked, gain, b, ba);
    refresh(u, side, locked, gain, b, bb);
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

static void improve(const struct ugraph *u, uint8_t *side, int64_t *gain, uint8_t *locked, int64_t *swaps,
                    struct buckets *b)
{
  int64_t steps = u->n / 2 < BISECT_PASS_STEPS ? u->n / 2 : BISECT_PASS_STEPS;
  for (int pass = 0; pass < BISECT_MAX_PASSES && kl_pass(u, side, gain, locked, swaps, steps, b) > 0; pass++)
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

/* Hop distances from s to every node: row s of `dist` when the caller has
 * all pairs, else one BFS into row (-1 unreachable). */
static const int32_t *dist_row(const struct fcsim_graph *g, const int16_t *dist, int64_t s, int32_t *row,
                               int64_t *queue)
{
  if (dist)
    for (int64_t v = 0; v < g->nodes; v++)
      row[v] = dist[s * g->nodes + v];
  else
    fcsim_graph_bfs_into(g, s, 0, row, queue);
  return row;
}

/* The key of start `start`: bisector or ball orders around a seeded node,
 * or a random order; a random low part breaks ties. */
static void start_key(const struct fcsim_graph *g, const int16_t *dist, struct fcsim_rng *rng, int start, int64_t *key,
                      int32_t *row_s, int32_t *row_t, int64_t *queue)
{
  const int64_t n = g->nodes, far = 1 << 20;
  int64_t s = (int64_t)fcsim_rng_below(rng, (uint32_t)n), t = s;
  const int32_t *from_s = dist_row(g, dist, s, row_s, queue);
  for (int64_t v = 0; v < n; v++)
    if (from_s[v] > from_s[t])
      t = v;
  const int32_t *from_t = dist_row(g, dist, t, row_t, queue);
  for (int64_t v = 0; v < n; v++) {
    int64_t ds = from_s[v] < 0 ? far : from_s[v];
    int64_t dt = from_t[v] < 0 ? far : from_t[v];
    int64_t k = start < BISECT_SEEDED_NODES ? ds - dt : start < 2 * BISECT_SEEDED_NODES ? ds : 0;
    key[v] = k * 65536 + (int64_t)fcsim_rng_below(rng, 65536);
  }
}

int fcsim_graph_bisection_heuristic(const struct fcsim_graph *g, const int16_t *dist, uint64_t seed, int64_t *links,
                                    double *flits_per_cycle, struct fcsim_error *err)
{
  int rc;
  struct ugraph u = {0};
  struct buckets bk = {0};
  const int64_t n = g->nodes;
  size_t sz = (size_t)(n ? n : 1);
  uint8_t *side = malloc(sz), *best = malloc(sz);
  int64_t *gain = malloc(sz * sizeof *gain), *key = malloc(sz * sizeof *key), *order = malloc(sz * sizeof *order);
  int64_t *swaps = malloc(2 * sz * sizeof *swaps);
  uint8_t *locked = malloc(sz);
  int32_t *row_s = malloc(sz * sizeof *row_s), *row_t = malloc(sz * sizeof *row_t);
  rc = 0;
  if (ugraph_build(g, &u) || !side || !best || !gain || !key || !order || !swaps || !locked || !row_s || !row_t) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the bisection of %lld nodes", (long long)n);
    goto done;
  }
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, seed, 0, FCSIM_RNG_SETUP);
  buckets_init(&bk, &u);
  int64_t best_cut = -1;
  for (int start = 0; n > 1 && start < 2 * BISECT_SEEDED_NODES + BISECT_RANDOM_STARTS; start++) {
    start_key(g, dist, &rng, start, key, row_s, row_t, swaps);
    halve_by_key(n, key, order, side);
    improve(&u, side, gain, locked, swaps, &bk);
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
  free(row_s);
  free(row_t);
  free(bk.bits);
  free(bk.count);
  return rc;
}
