/* SPDX-License-Identifier: BSD-3-Clause */
/* Exact endpoint diameters by symmetry and eccentricity bounds
 * (diameter.h). */
#include <stdlib.h>
#include <string.h>

#include "topo/diameter.h"

#define UNKNOWN UINT64_MAX

/* A binary min-heap of (cost, node); ties by node number. */
struct fcsim_diam_search {
  const struct fcsim_graph *g;
  uint64_t *key; /* costs */
  int64_t *node; /* nodes */
  int64_t len;   /* entries */
};

int fcsim_diam_search_new(const struct fcsim_graph *g, struct fcsim_diam_search **out, struct fcsim_error *err)
{
  struct fcsim_diam_search *s = calloc(1, sizeof *s);
  size_t cap = (size_t)(g->nslots > g->nodes ? g->nslots : g->nodes) + 1; /* heap entries, or a BFS queue */
  if (s) {
    s->g = g;
    s->key = malloc(cap * sizeof *s->key);
    s->node = malloc(cap * sizeof *s->node);
  }
  if (!s || !s->key || !s->node) {
    fcsim_diam_search_free(s);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the searches of a %lld-node graph",
                           (long long)g->nodes);
  }
  *out = s;
  return 0;
}

void fcsim_diam_search_free(struct fcsim_diam_search *s)
{
  if (!s)
    return;
  free(s->key);
  free(s->node);
  free(s);
}

static void heap_push(struct fcsim_diam_search *h, uint64_t k, int64_t v)
{
  int64_t i = h->len++;
  while (i > 0) {
    int64_t up = (i - 1) / 2;
    if (h->key[up] < k || (h->key[up] == k && h->node[up] < v))
      break;
    h->key[i] = h->key[up];
    h->node[i] = h->node[up];
    i = up;
  }
  h->key[i] = k;
  h->node[i] = v;
}

static int64_t heap_pop(struct fcsim_diam_search *h, uint64_t *k)
{
  int64_t top = h->node[0];
  *k = h->key[0];
  uint64_t lk = h->key[--h->len];
  int64_t lv = h->node[h->len], i = 0;
  for (;;) {
    int64_t c = 2 * i + 1;
    if (c >= h->len)
      break;
    if (c + 1 < h->len && (h->key[c + 1] < h->key[c] || (h->key[c + 1] == h->key[c] && h->node[c + 1] < h->node[c])))
      c++;
    if (lk < h->key[c] || (lk == h->key[c] && lv < h->node[c]))
      break;
    h->key[i] = h->key[c];
    h->node[i] = h->node[c];
    i = c;
  }
  h->key[i] = lk;
  h->node[i] = lv;
  return top;
}

/* Hops (every channel costs 1): a BFS, the heap's node array as queue. */
static void bfs_costs(struct fcsim_diam_search *h, int64_t src, int backward, uint64_t *cost)
{
  const struct fcsim_graph *g = h->g;
  for (int64_t v = 0; v < g->nodes; v++)
    cost[v] = FCSIM_DIAM_UNREACHED;
  int64_t head = 0, tail = 0;
  cost[src] = 0;
  h->node[tail++] = src;
  while (head < tail) {
    int64_t v = h->node[head++];
    for (uint32_t s = g->port_base[v]; s < g->port_base[v + 1]; s++) {
      int64_t ch = backward ? g->in_chan[s] : (int64_t)s;
      if (ch < 0 || g->chan[ch].dst < 0)
        continue;
      int64_t m = backward ? (int64_t)g->chan[ch].src : g->chan[ch].dst;
      if (cost[m] == FCSIM_DIAM_UNREACHED) {
        cost[m] = cost[v] + 1;
        h->node[tail++] = m;
      }
    }
  }
}

void fcsim_diam_costs(struct fcsim_diam_search *h, const uint64_t *w, int64_t src, int backward, uint64_t *cost,
                      int64_t *pred)
{
  const struct fcsim_graph *g = h->g;
  if (!w && !pred) {
    bfs_costs(h, src, backward, cost);
    return;
  }
  for (int64_t v = 0; v < g->nodes; v++) {
    cost[v] = FCSIM_DIAM_UNREACHED;
    if (pred)
      pred[v] = -1;
  }
  cost[src] = 0;
  h->len = 0;
  heap_push(h, 0, src);
  while (h->len) {
    uint64_t k;
    int64_t v = heap_pop(h, &k);
    if (k != cost[v])
      continue;
    for (uint32_t s = g->port_base[v]; s < g->port_base[v + 1]; s++) {
      /* forward: the channel leaving on this port; backward: the one arriving on it */
      int64_t ch = backward ? g->in_chan[s] : (int64_t)s;
      if (ch < 0 || g->chan[ch].dst < 0)
        continue;
      int64_t m = backward ? (int64_t)g->chan[ch].src : g->chan[ch].dst;
      uint64_t c = k + (w ? w[ch] : 1);
      if (c < cost[m]) {
        cost[m] = c;
        if (pred && !backward)
          pred[m] = ch;
        heap_push(h, c, m);
      }
    }
  }
}

/* --- symmetry --- */

struct mapping {
  int32_t *map, *inv; /* node -> image, image -> node; -1 unset */
  int64_t *queue, len;
};

static int map_pair(struct mapping *m, int64_t a, int64_t b)
{
  if (m->map[a] >= 0)
    return m->map[a] == b;
  if (m->inv[b] >= 0)
    return 0;
  m->map[a] = (int32_t)b;
  m->inv[b] = (int32_t)a;
  m->queue[m->len++] = a;
  return 1;
}

/* 1 if the port-preserving map that sends node 0 to `to` is an
 * automorphism keeping kinds, endpoint flags and costs (m->map holds it). */
static int try_automorphism(const struct fcsim_graph *g, const uint64_t *w, int64_t to, struct mapping *m)
{
  for (int64_t v = 0; v < g->nodes; v++)
    m->map[v] = m->inv[v] = -1;
  m->len = 0;
  map_pair(m, 0, to);
  for (int64_t head = 0; head < m->len; head++) {
    int64_t x = m->queue[head], y = m->map[x];
    int r = fcsim_graph_radix(g, x);
    if (r != fcsim_graph_radix(g, y) || g->kind[x] != g->kind[y] || (g->endpoint[x] != 0) != (g->endpoint[y] != 0))
      return 0;
    for (int p = 0; p < r; p++) {
      uint32_t sx = g->port_base[x] + (uint32_t)p, sy = g->port_base[y] + (uint32_t)p;
      const struct fcsim_chan *cx = &g->chan[sx], *cy = &g->chan[sy];
      if ((cx->dst < 0) != (cy->dst < 0))
        return 0;
      if (cx->dst >= 0 && (cx->dst_port != cy->dst_port || (w && w[sx] != w[sy]) || !map_pair(m, cx->dst, cy->dst)))
        return 0;
      int32_t ix = g->in_chan[sx], iy = g->in_chan[sy];
      if ((ix < 0) != (iy < 0))
        return 0;
      if (ix >= 0 && (g->chan[ix].src_port != g->chan[iy].src_port || !map_pair(m, g->chan[ix].src, g->chan[iy].src)))
        return 0;
    }
  }
  return m->len == g->nodes; /* a bijection of every node keeping every channel */
}

static int32_t find_root(int32_t *parent, int32_t v)
{
  while (parent[v] != v) {
    parent[v] = parent[parent[v]];
    v = parent[v];
  }
  return v;
}

int fcsim_diam_orbits(const struct fcsim_graph *g, const uint64_t *w, int32_t *orbit, struct fcsim_error *err)
{
  int64_t n = g->nodes;
  for (int64_t v = 0; v < n; v++)
    orbit[v] = (int32_t)v;
  if (n < 2)
    return 0;
  struct mapping m = {malloc((size_t)n * sizeof *m.map), malloc((size_t)n * sizeof *m.inv),
                      malloc((size_t)n * sizeof *m.queue), 0};
  if (!m.map || !m.inv || !m.queue) {
    free(m.map);
    free(m.inv);
    free(m.queue);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the symmetries of a %lld-node graph", (long long)n);
  }
  for (int p = 0; p < fcsim_graph_radix(g, 0); p++) {
    int32_t to = g->chan[g->port_base[0] + (uint32_t)p].dst;
    if (to <= 0 || find_root(orbit, to) == 0 || !try_automorphism(g, w, to, &m))
      continue;
    for (int64_t v = 0; v < n; v++) { /* v and its image share an orbit: join their sets, smallest node as root */
      int32_t a = find_root(orbit, (int32_t)v), b = find_root(orbit, m.map[v]);
      if (a != b)
        orbit[a > b ? a : b] = a < b ? a : b;
    }
  }
  for (int64_t v = 0; v < n; v++)
    orbit[v] = find_root(orbit, (int32_t)v);
  free(m.map);
  free(m.inv);
  free(m.queue);
  return 0;
}

/* --- bounds --- */

struct bounds {
  const struct fcsim_graph *g;
  const uint64_t *w;
  const int32_t *orbit;
  struct fcsim_diam_search *h;
  uint64_t *lo, *hi, *ecc; /* per node; ecc per orbit representative, UNKNOWN until searched */
  uint64_t *fw, *bw;       /* costs of the last searches */
  uint64_t best;           /* largest eccentricity (or lower bound) known */
  int strong;              /* every endpoint reached from every endpoint searched so far: the bounds hold */
  int64_t searches;
};

static uint64_t ecc_of(const struct bounds *b, int64_t v)
{
  return b->ecc[b->orbit ? b->orbit[v] : v];
}

/* Searches from v: its eccentricity (stored for its orbit). */
static uint64_t search_from(struct bounds *b, int64_t v)
{
  const struct fcsim_graph *g = b->g;
  fcsim_diam_costs(b->h, b->w, v, 0, b->fw, NULL);
  b->searches++;
  uint64_t e = 0;
  for (int64_t u = 0; u < g->nodes; u++)
    if (g->endpoint[u]) {
      if (b->fw[u] == FCSIM_DIAM_UNREACHED)
        b->strong = 0;
      else if (b->fw[u] > e)
        e = b->fw[u];
    }
  b->ecc[b->orbit ? b->orbit[v] : v] = e;
  if (e > b->best)
    b->best = e;
  return e;
}

/* 1 if some endpoint may still have a larger eccentricity than b->best. */
static int64_t next_candidate(const struct bounds *b, int largest_upper)
{
  const struct fcsim_graph *g = b->g;
  int64_t pick = -1;
  for (int64_t u = 0; u < g->nodes; u++) {
    if (!g->endpoint[u] || ecc_of(b, u) != UNKNOWN || (b->strong && b->hi[u] <= b->best))
      continue;
    if (pick < 0 || (largest_upper ? b->hi[u] > b->hi[pick] : b->lo[u] < b->lo[pick]))
      pick = u;
  }
  return pick;
}

/* The bounds a search from and towards v (eccentricity e) give. */
static void tighten(struct bounds *b, int64_t v, uint64_t e)
{
  const struct fcsim_graph *g = b->g;
  fcsim_diam_costs(b->h, b->w, v, 1, b->bw, NULL);
  b->searches++;
  for (int64_t u = 0; u < g->nodes; u++) {
    if (!g->endpoint[u])
      continue;
    if (b->bw[u] != FCSIM_DIAM_UNREACHED) { /* d(u,w) <= d(u,v) + d(v,w); v is an endpoint */
      if (b->bw[u] + e < b->hi[u])
        b->hi[u] = b->bw[u] + e;
      if (b->bw[u] > b->lo[u])
        b->lo[u] = b->bw[u];
    }
    if (b->fw[u] != FCSIM_DIAM_UNREACHED && e >= b->fw[u] && e - b->fw[u] > b->lo[u]) /* d(v,w) <= d(v,u) + d(u,w) */
      b->lo[u] = e - b->fw[u];
    if (b->lo[u] > b->best)
      b->best = b->lo[u];
  }
}

static void bounds_free(struct bounds *b)
{
  fcsim_diam_search_free(b->h);
  free(b->lo);
  free(b->hi);
  free(b->ecc);
  free(b->fw);
  free(b->bw);
}

/* The first endpoint (by number) whose eccentricity is b->best, and the
 * first endpoint at that cost from it. */
static void first_pair(struct bounds *b, struct fcsim_diam *d)
{
  const struct fcsim_graph *g = b->g;
  for (int64_t s = 0; s < g->nodes && d->src < 0; s++) {
    if (!g->endpoint[s] || (b->strong && b->hi[s] < b->best))
      continue;
    if (ecc_of(b, s) == UNKNOWN && !(b->strong && b->lo[s] >= b->best))
      search_from(b, s);
    if (ecc_of(b, s) == b->best || (ecc_of(b, s) == UNKNOWN && b->lo[s] >= b->best))
      d->src = s;
  }
  if (d->src < 0)
    return;
  fcsim_diam_costs(b->h, b->w, d->src, 0, b->fw, NULL);
  b->searches++;
  for (int64_t e = 0; e < g->nodes && d->dst < 0; e++)
    if (g->endpoint[e] && b->fw[e] == b->best)
      d->dst = e;
}

int fcsim_diam_endpoints(const struct fcsim_graph *g, const uint64_t *w, const int32_t *orbit, int want_pair,
                         struct fcsim_diam *d, struct fcsim_error *err)
{
  size_t n = (size_t)(g->nodes ? g->nodes : 1);
  struct bounds b = {g,
                     w,
                     orbit,
                     NULL,
                     malloc(n * sizeof *b.lo),
                     malloc(n * sizeof *b.hi),
                     malloc(n * sizeof *b.ecc),
                     malloc(n * sizeof *b.fw),
                     malloc(n * sizeof *b.bw),
                     0,
                     1,
                     0};
  *d = (struct fcsim_diam){0, -1, -1, 0};
  int rc = fcsim_diam_search_new(g, &b.h, err);
  if (!rc && (!b.lo || !b.hi || !b.ecc || !b.fw || !b.bw))
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the diameter of a %lld-node graph", (long long)g->nodes);
  if (rc) {
    bounds_free(&b);
    return rc;
  }
  for (int64_t v = 0; v < g->nodes; v++) {
    b.lo[v] = 0;
    b.hi[v] = UNKNOWN;
    b.ecc[v] = UNKNOWN;
  }
  for (int turn = 0;; turn++) {
    int64_t v = next_candidate(&b, turn % 2 == 0);
    if (v < 0)
      break;
    uint64_t e = search_from(&b, v);
    if (b.strong && next_candidate(&b, 1) >= 0)
      tighten(&b, v, e);
  }
  d->cost = b.best;
  if (want_pair)
    first_pair(&b, d);
  d->searches = b.searches;
  bounds_free(&b);
  return 0;
}
