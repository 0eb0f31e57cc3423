/* SPDX-License-Identifier: BSD-3-Clause */
/* Describing any topology (describe.h): nodes by kind with their router
 * delays, links by class, the hop diameter, the lowest-latency path that is
 * longest (Dijkstra over router delay + link latency + protocol cost per
 * hop, with its hops), and the bisection. The graph described is the one
 * before link adapters were inserted (fcsim_topo_routed_graph): a link on
 * a protocol is one link whose cost includes its adapters. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdlib.h>
#include <string.h>

#include "topo/describe.h"
#include "topo/proto_links.h"

#define NO_PRED (-1)

/* What the protocol of the link leaving slot s adds at zero load. */
static int proto_cycles(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t s)
{
  return fcsim_proto_link_zero_load_cycles(p, fcsim_proto_link_of(g, p, s), g->chan[s].bandwidth_flits);
}

/* The class of the channel leaving slot s. */
static struct fcsim_desc_link_class class_of(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t s)
{
  const struct fcsim_chan *c = &g->chan[s];
  return (struct fcsim_desc_link_class){c->latency_cycles,          c->bandwidth_flits, c->latency_sd_cycles,
                                        c->link_model,              fcsim_proto_link_of(g, p, s),
                                        proto_cycles(g, p, s),      0,
                                        0};
}

static int same_class(const struct fcsim_desc_link_class *a, const struct fcsim_desc_link_class *b)
{
  return a->latency_cycles == b->latency_cycles && a->bandwidth_flits == b->bandwidth_flits &&
         a->sd_cycles == b->sd_cycles && a->model == b->model && a->protocol == b->protocol;
}

static int link_classes(const struct fcsim_graph *g, const struct fcsim_params *p, struct fcsim_topo_desc *d,
                        struct fcsim_error *err)
{
  for (int64_t s = 0; s < g->nslots; s++) {
    const struct fcsim_chan *c = &g->chan[s];
    if (c->dst == FCSIM_GRAPH_NONE)
      continue;
    d->channels++;
    struct fcsim_desc_link_class k = class_of(g, p, s);
    int pair = c->reverse != FCSIM_GRAPH_NONE && c->reverse != s;
    if (pair) {
      struct fcsim_desc_link_class kr = class_of(g, p, c->reverse);
      pair = same_class(&k, &kr);
    }
    if (pair && c->reverse < s)
      continue;
    int i = 0;
    while (i < d->nclasses && !same_class(&d->classes[i], &k))
      i++;
    if (i == d->nclasses) {
      struct fcsim_desc_link_class *m = realloc(d->classes, (size_t)(i + 1) * sizeof *m);
      if (!m)
        return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
      d->classes = m;
      d->classes[i] = k;
      d->nclasses++;
    }
    if (pair)
      d->classes[i].two_way++;
    else
      d->classes[i].one_way++;
    d->links++;
  }
  return 0;
}

/* A binary min-heap of (cycles, node). */
struct heap {
  uint64_t *key; /* cycles (from malloc) */
  int64_t *node; /* node (from malloc) */
  int64_t len;   /* entries */
};

static void heap_push(struct heap *h, uint64_t k, int64_t v)
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

static int64_t heap_pop(struct heap *h, uint64_t *k)
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

/* Lowest-latency cycles from `src` to every node (UINT64_MAX unreachable);
 * pred[v] is the slot of the channel the path arrives on. */
static void dijkstra(const struct fcsim_graph *g, const int *hop_router, const int *extra, int64_t src, uint64_t *cyc,
                     int64_t *pred, struct heap *h)
{
  for (int64_t v = 0; v < g->nodes; v++) {
    cyc[v] = UINT64_MAX;
    pred[v] = NO_PRED;
  }
  cyc[src] = 0;
  h->len = 0;
  heap_push(h, 0, src);
  while (h->len) {
    uint64_t k;
    int64_t v = heap_pop(h, &k);
    if (k != cyc[v])
      continue;
    for (uint32_t s = g->port_base[v]; s < g->port_base[v + 1]; s++) {
      int32_t m = g->chan[s].dst;
      uint64_t w = k + (uint64_t)hop_router[g->kind[v]] + g->chan[s].latency_cycles + (uint64_t)extra[s];
      if (m >= 0 && w < cyc[m]) {
        cyc[m] = w;
        pred[m] = s;
        heap_push(h, w, m);
      }
    }
  }
}

/* The longest of the lowest-latency paths between endpoints, from every
 * endpoint (a torus or mesh: from node 0, whose eccentricity is the
 * diameter), and its hops. */
static int latency_diameter(const struct fcsim_topo *t, const struct fcsim_params *p, const int *hop_router,
                            struct fcsim_topo_desc *d, struct fcsim_error *err)
{
  const struct fcsim_graph *g = fcsim_topo_routed_graph(t);
  int64_t n = g->nodes, best_src = -1, best_dst = -1;
  uint64_t *cyc = malloc((size_t)n * sizeof *cyc);
  int64_t *pred = malloc((size_t)n * sizeof *pred);
  int *extra = malloc((size_t)(g->nslots + 1) * sizeof *extra);
  struct heap h = {malloc((size_t)(g->nslots + 1) * sizeof *h.key), malloc((size_t)(g->nslots + 1) * sizeof *h.node),
                   0};
  int rc = 0;
  if (!cyc || !pred || !extra || !h.key || !h.node) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto done;
  }
  for (int64_t s = 0; s < g->nslots; s++)
    extra[s] = g->chan[s].dst >= 0 ? proto_cycles(g, p, s) : 0;
  int64_t nsrc = t->kind == FCSIM_TOPO_FILE ? n : 1;
  for (int64_t s = 0; s < nsrc; s++) {
    if (!g->endpoint[s])
      continue;
    dijkstra(g, hop_router, extra, s, cyc, pred, &h);
    for (int64_t e = 0; e < n; e++)
      if (g->endpoint[e] && cyc[e] != UINT64_MAX && (best_src < 0 || cyc[e] > d->diameter_cycles)) {
        d->diameter_cycles = cyc[e];
        best_src = s;
        best_dst = e;
      }
  }
  if (best_src >= 0) {
    dijkstra(g, hop_router, extra, best_src, cyc, pred, &h);
    for (int64_t v = best_dst; v != best_src; v = g->chan[pred[v]].src)
      d->path_hops++;
    d->path = calloc((size_t)d->path_hops + 1, sizeof *d->path);
    if (!d->path) {
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
      goto done;
    }
    int i = d->path_hops;
    for (int64_t v = best_dst; v != best_src; v = g->chan[pred[v]].src) {
      const struct fcsim_chan *c = &g->chan[pred[v]];
      d->path[--i] = (struct fcsim_desc_hop){c->src, v, c->src_port, hop_router[g->kind[c->src]], c->latency_cycles,
                                             extra[pred[v]]};
    }
  }
done:
  free(cyc);
  free(pred);
  free(extra);
  free(h.key);
  free(h.node);
  return rc;
}

static int hop_diameter(const struct fcsim_topo *t)
{
  if (t->kind != FCSIM_TOPO_FILE)
    return fcsim_topo_diameter(t);
  const struct fcsim_graph *g = fcsim_topo_routed_graph(t);
  int h = 0;
  for (int64_t a = 0; a < g->nodes; a++)
    for (int64_t b = 0; g->endpoint[a] && b < g->nodes; b++)
      if (g->endpoint[b] && t->dist[a * g->nodes + b] > h)
        h = t->dist[a * g->nodes + b];
  return h;
}

int fcsim_topo_desc_build(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_params *kinds,
                          struct fcsim_topo_desc *d, struct fcsim_error *err)
{
  const struct fcsim_graph *g = fcsim_topo_routed_graph(t);
  int rc, hop_router[FCSIM_GRAPH_MAX_KINDS] = {0};
  memset(d, 0, sizeof *d);
  d->nodes = g->nodes;
  d->adapters = t->graph.nodes - g->nodes;
  d->nkinds = g->nkinds;
  for (int k = 0; k < g->nkinds; k++) {
    d->kinds[k].spec = g->kinds[k];
    const struct fcsim_params *kp = kinds ? &kinds[k] : p;
    d->kinds[k].router_cycles = kp->rc_cycles + kp->va_cycles + kp->switch_cycles;
    hop_router[k] = d->kinds[k].router_cycles;
  }
  for (int64_t v = 0; v < g->nodes; v++) {
    d->kinds[g->kind[v]].nodes++;
    d->kinds[g->kind[v]].endpoints += g->endpoint[v] != 0;
    d->endpoints += g->endpoint[v] != 0;
  }
  if ((rc = link_classes(g, p, d, err)) || (rc = latency_diameter(t, p, hop_router, d, err)))
    goto fail;
  d->diameter_hops = hop_diameter(t);
  d->diameter_ns = (double)d->diameter_cycles * 1e9 / p->clock_hz;
  if (t->kind != FCSIM_TOPO_FILE) {
    d->bisection_exact = 1;
    d->bisection_links = fcsim_topo_bisection_links(t);
    d->bisection_flits_per_cycle = 2.0 * (double)d->bisection_links * p->link_bandwidth_flits;
  } else if ((rc = fcsim_graph_bisection_heuristic(g, t->dist, p->seed, &d->bisection_links,
                                                   &d->bisection_flits_per_cycle, err))) {
    goto fail;
  }
  return 0;
fail:
  fcsim_topo_desc_free(d);
  return rc;
}

void fcsim_topo_desc_free(struct fcsim_topo_desc *d)
{
  free(d->classes);
  free(d->path);
  d->classes = NULL;
  d->path = NULL;
}
