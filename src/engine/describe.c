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

#include "engine/describe.h"
#include "topo/bisect.h"
#include "topo/diameter.h"
#include "link/proto/proto_links.h"

/* What the protocol of the link leaving slot s adds at zero load. */
static int proto_cycles(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t s)
{
  return fcsim_proto_link_zero_load_cycles(p, fcsim_proto_link_of(g, p, s), g->chan[s].bandwidth_flits);
}

/* The class of the channel leaving slot s. */
static struct fcsim_desc_link_class class_of(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t s)
{
  const struct fcsim_chan *c = &g->chan[s];
  return (struct fcsim_desc_link_class){c->latency_cycles,
                                        c->bandwidth_flits,
                                        c->latency_sd_cycles,
                                        c->link_model,
                                        fcsim_proto_link_of(g, p, s),
                                        proto_cycles(g, p, s),
                                        0,
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

/* The cost of each channel on a lowest-latency path: the router it leaves
 * + its latency + its protocol's cost (0 for unconnected ports). */
static uint64_t *latency_costs(const struct fcsim_graph *g, const struct fcsim_params *p, const int *hop_router)
{
  uint64_t *w = malloc((size_t)(g->nslots + 1) * sizeof *w);
  for (int64_t s = 0; w && s < g->nslots; s++) {
    const struct fcsim_chan *c = &g->chan[s];
    w[s] =
        c->dst >= 0 ? (uint64_t)hop_router[g->kind[c->src]] + c->latency_cycles + (uint64_t)proto_cycles(g, p, s) : 0;
  }
  return w;
}

/* The hops of the lowest-latency path from src to dst. */
static int longest_path(const struct fcsim_graph *g, const struct fcsim_params *p, const int *hop_router,
                        const uint64_t *w, int64_t src, int64_t dst, struct fcsim_topo_desc *d, struct fcsim_error *err)
{
  struct fcsim_diam_search *h = NULL;
  uint64_t *cyc = malloc((size_t)g->nodes * sizeof *cyc);
  int64_t *pred = malloc((size_t)g->nodes * sizeof *pred);
  int rc = fcsim_diam_search_new(g, &h, err);
  if (!rc && (!cyc || !pred))
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (!rc) {
    fcsim_diam_costs(h, w, src, 0, cyc, pred);
    for (int64_t v = dst; v != src; v = g->chan[pred[v]].src)
      d->path_hops++;
    d->path = calloc((size_t)d->path_hops + 1, sizeof *d->path);
    if (!d->path)
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  int i = d->path_hops;
  for (int64_t v = dst; !rc && v != src; v = g->chan[pred[v]].src) {
    const struct fcsim_chan *c = &g->chan[pred[v]];
    d->path[--i] = (struct fcsim_desc_hop){
        c->src, v, c->src_port, hop_router[g->kind[c->src]], c->latency_cycles, proto_cycles(g, p, pred[v])};
  }
  fcsim_diam_search_free(h);
  free(cyc);
  free(pred);
  return rc;
}

/* The longest of the lowest-latency paths between endpoints and its hops,
 * and the hop diameter. A torus or mesh: from node 0, whose eccentricity is
 * the diameter, hops by formula. Any other graph: exactly, by symmetry and
 * bounds (diameter.h), with memory linear in the graph. */
static int diameters(const struct fcsim_topo *t, const struct fcsim_params *p, const int *hop_router,
                     struct fcsim_topo_desc *d, struct fcsim_error *err)
{
  const struct fcsim_graph *g = fcsim_topo_routed_graph(t);
  uint64_t *w = latency_costs(g, p, hop_router);
  int32_t *orbit = malloc((size_t)(g->nodes + 1) * sizeof *orbit);
  struct fcsim_diam lat = {0, -1, -1, 0}, hops = {0, -1, -1, 0};
  int rc = 0;
  if (!w || !orbit) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto done;
  }
  if (t->kind == FCSIM_TOPO_FILE) {
    if ((rc = fcsim_diam_orbits(g, w, orbit, err)) || (rc = fcsim_diam_endpoints(g, w, orbit, 1, &lat, err)) ||
        (rc = fcsim_diam_endpoints(g, NULL, orbit, 0, &hops, err)))
      goto done;
    d->diameter_hops = (int)hops.cost;
  } else {
    d->diameter_hops = fcsim_topo_diameter(t);
    for (int64_t v = 0; v < g->nodes; v++)
      orbit[v] = 0; /* every node of a torus or mesh is searched as node 0 (its corner on a mesh) */
    if (g->nodes && g->endpoint[0] && (rc = fcsim_diam_endpoints(g, w, orbit, 1, &lat, err)))
      goto done;
  }
  d->diameter_cycles = lat.cost;
  if (lat.src >= 0)
    rc = longest_path(g, p, hop_router, w, lat.src, lat.dst, d, err);
done:
  free(w);
  free(orbit);
  return rc;
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
  if ((rc = link_classes(g, p, d, err)) || (rc = diameters(t, p, hop_router, d, err)))
    goto fail;
  d->diameter_ns = (double)d->diameter_cycles * 1e9 / p->clock_hz;
  if (t->kind != FCSIM_TOPO_FILE) {
    d->bisection_exact = 1;
    d->bisection_links = fcsim_topo_bisection_links(t);
    d->bisection_flits_per_cycle = 2.0 * (double)d->bisection_links * p->link_bandwidth_flits;
  } else if ((rc = fcsim_graph_bisection_heuristic(g, NULL, p->seed, &d->bisection_links, &d->bisection_flits_per_cycle,
                                                   err))) {
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
