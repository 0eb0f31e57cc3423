/* SPDX-License-Identifier: BSD-3-Clause */
/* k-ary n-cube tori and meshes: their builder, neighbour table and
 * geometry. */
#include <stdio.h>
#include <stdlib.h>

#include "topo/topo.h"

/* The graph of a torus or mesh: port p of every router leads to its
 * neighbour's port p^1, with the network's one latency and bandwidth. */
static int torus_graph(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  int *radix = malloc((size_t)t->nodes * sizeof *radix);
  if (!radix)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for a %lld-node topology", (long long)t->nodes);
  for (int64_t n = 0; n < t->nodes; n++)
    radix[n] = t->nports;
  int rc = fcsim_graph_init(&t->graph, t->nodes, radix, err);
  free(radix);
  for (int64_t n = 0; !rc && n < t->nodes; n++)
    for (int port = 0; !rc && port < t->nports; port++) {
      int32_t m = t->neighbor[n * t->nports + port];
      if (m >= 0)
        rc = fcsim_graph_connect(&t->graph, (uint32_t)n, port, (uint32_t)m, port ^ 1, (uint32_t)p->link_latency_cycles,
                                 p->link_bandwidth_flits, err);
    }
  for (int64_t c = 0; !rc && c < t->graph.nslots; c++)
    t->graph.chan[c].latency_sd_cycles = t->graph.chan[c].latency_sd_ticks = p->link_jitter_cycles;
  if (!rc) {
    fcsim_graph_finish(&t->graph);
    t->graph.nkinds = 1;
    snprintf(t->graph.kinds[0].model, sizeof t->graph.kinds[0].model, "%s", p->router_model);
  }
  return rc;
}

/* A torus or mesh of network.dims (the topology table's builder for both,
 * topo/topo.c). */
int fcsim_torus_build(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  t->dist = NULL;
  t->kind = p->topology;
  t->tables = NULL;
  t->ndims = p->ndims;
  t->nports = 2 * p->ndims;
  t->nodes = 1;
  for (int d = 0; d < p->ndims; d++) {
    t->dims[d] = p->dims[d];
    t->stride[d] = t->nodes;
    t->nodes *= p->dims[d];
  }
  t->neighbor = malloc((size_t)t->nodes * (size_t)t->nports * sizeof *t->neighbor);
  if (!t->neighbor)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for a %lld-node topology", (long long)t->nodes);
  for (int64_t n = 0; n < t->nodes; n++)
    for (int port = 0; port < t->nports; port++) {
      int d = port >> 1, k = t->dims[d], c = fcsim_topo_coord(t, n, d);
      int nc = (port & 1) ? c - 1 : c + 1;
      int32_t nb = -1;
      if (k > 1) {
        if (nc < 0 || nc >= k) {
          if (t->kind == FCSIM_TOPO_TORUS)
            nc = (nc + k) % k;
          else
            nc = -1;
        }
        if (nc >= 0)
          nb = (int32_t)(n + (int64_t)(nc - c) * t->stride[d]);
      }
      t->neighbor[n * t->nports + port] = nb;
    }
  return torus_graph(t, p, err);
}

int fcsim_topo_offset(const struct fcsim_topo *t, int d, int a, int b)
{
  int k = t->dims[d];
  if (t->kind == FCSIM_TOPO_FILE || k == 0)
    return 0;
  if (t->kind == FCSIM_TOPO_MESH)
    return b - a;
  int fwd = b - a; /* coordinates: |b - a| < k */
  if (fwd < 0)
    fwd += k;
  return fwd <= k - fwd ? fwd : fwd - k;
}

static int graph_distance(const struct fcsim_graph *g, int64_t a, int64_t b)
{
  int32_t *row = malloc(((size_t)g->nodes + 1) * sizeof *row);
  int64_t *queue = malloc(((size_t)g->nodes + 1) * sizeof *queue);
  int h = -1;
  if (row && queue) {
    fcsim_graph_bfs_into(g, a, 0, row, queue);
    h = row[b];
  }
  free(row);
  free(queue);
  return h;
}

int fcsim_topo_distance(const struct fcsim_topo *t, int64_t a, int64_t b)
{
  if (t->kind == FCSIM_TOPO_FILE && t->dist)
    return t->dist[a * t->nodes + b];
  if (t->kind == FCSIM_TOPO_FILE) /* before fcsim_topo_distances: one BFS (-1 out of memory) */
    return graph_distance(fcsim_topo_routed_graph(t), a, b);
  int h = 0;
  for (int d = 0; d < t->ndims; d++) {
    int o = fcsim_topo_offset(t, d, fcsim_topo_coord(t, a, d), fcsim_topo_coord(t, b, d));
    h += o < 0 ? -o : o;
  }
  return h;
}

int64_t fcsim_topo_channels(const struct fcsim_topo *t)
{
  int64_t c = 0;
  if (!t->neighbor)
    return fcsim_graph_channels(&t->graph);
  for (int64_t i = 0; i < t->nodes * t->nports; i++)
    c += t->neighbor[i] >= 0;
  return c;
}

/* The largest hop distance between any two nodes (-1 out of memory). */
static int graph_diameter(const struct fcsim_graph *g)
{
  int32_t *row = malloc(((size_t)g->nodes + 1) * sizeof *row);
  int64_t *queue = malloc(((size_t)g->nodes + 1) * sizeof *queue);
  int h = row && queue ? 0 : -1;
  for (int64_t a = 0; row && queue && a < g->nodes; a++) {
    fcsim_graph_bfs_into(g, a, 0, row, queue);
    for (int64_t b = 0; b < g->nodes; b++)
      h = row[b] > h ? row[b] : h;
  }
  free(row);
  free(queue);
  return h;
}

int fcsim_topo_diameter(const struct fcsim_topo *t)
{
  int h = 0;
  if (t->kind == FCSIM_TOPO_FILE && t->dist)
    for (int64_t i = 0; i < t->nodes * t->nodes; i++)
      h = t->dist[i] > h ? t->dist[i] : h;
  if (t->kind == FCSIM_TOPO_FILE && !t->dist) /* one BFS per node, no N x N table */
    h = graph_diameter(fcsim_topo_routed_graph(t));
  for (int d = 0; d < t->ndims; d++)
    h += t->kind == FCSIM_TOPO_TORUS ? t->dims[d] / 2 : t->dims[d] - 1;
  return h;
}

int64_t fcsim_topo_bisection_links(const struct fcsim_topo *t)
{
  int best = -1;
  for (int d = 0; d < t->ndims; d++) {
    if (t->dims[d] < 2)
      continue;
    int even = t->dims[d] % 2 == 0, best_even = best >= 0 && t->dims[best] % 2 == 0;
    if (best < 0 || (even && !best_even) || (even == best_even && t->dims[d] > t->dims[best]))
      best = d;
  }
  if (best < 0)
    return 0;
  int64_t rings = t->nodes / t->dims[best];
  /* a ring cut in two loses two links (one plus the wraparound); a line one;
   * a ring of two nodes has its two links between the same pair */
  return t->kind == FCSIM_TOPO_TORUS ? 2 * rings : rings;
}

const char *fcsim_topo_port_name(int port)
{
  static const char *const names[] = {"x+", "x-", "y+", "y-", "z+", "z-", "w+", "w-", "u+", "u-", "v+", "v-"};
  return port >= 0 && port < FCSIM_MAX_PORTS ? names[port] : "eject";
}
