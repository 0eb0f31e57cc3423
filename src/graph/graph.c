/* SPDX-License-Identifier: BSD-3-Clause */
/* The component graph (graph.h): allocation, connection, finishing, BFS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph.h"

int fcsim_graph_init(struct fcsim_graph *g, int64_t nodes, const int *radix, struct fcsim_error *err)
{
  memset(g, 0, sizeof *g);
  g->nodes = nodes;
  g->port_base = malloc((size_t)(nodes + 1) * sizeof *g->port_base);
  g->kind = calloc((size_t)nodes ? (size_t)nodes : 1, 1);
  g->endpoint = malloc((size_t)nodes ? (size_t)nodes : 1);
  if (!g->port_base || !g->kind || !g->endpoint)
    goto nomem;
  int64_t slots = 0;
  for (int64_t n = 0; n < nodes; n++) {
    g->port_base[n] = (uint32_t)slots;
    slots += radix[n];
    if (radix[n] > g->max_radix)
      g->max_radix = radix[n];
  }
  if (slots > INT32_MAX) {
    fcsim_graph_destroy(g);
    return fcsim_error_set(err, FCSIM_ERANGE, "%lld ports in the network: at most %d are supported", (long long)slots,
                           INT32_MAX);
  }
  g->port_base[nodes] = (uint32_t)slots;
  g->nslots = slots;
  if (nodes > 0)
    memset(g->endpoint, 1, (size_t)nodes);
  g->chan = calloc((size_t)slots ? (size_t)slots : 1, sizeof *g->chan);
  g->in_chan = malloc(((size_t)slots ? (size_t)slots : 1) * sizeof *g->in_chan);
  if (!g->chan || !g->in_chan)
    goto nomem;
  for (int64_t n = 0; n < nodes; n++)
    for (uint32_t s = g->port_base[n]; s < g->port_base[n + 1]; s++) {
      g->chan[s].dst = FCSIM_GRAPH_NONE;
      g->chan[s].reverse = FCSIM_GRAPH_NONE;
      g->chan[s].src = (uint32_t)n;
      g->chan[s].src_port = (uint16_t)(s - g->port_base[n]);
      g->in_chan[s] = FCSIM_GRAPH_NONE;
    }
  return 0;
nomem:
  fcsim_graph_destroy(g);
  return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for a %lld-node graph", (long long)nodes);
}

void fcsim_graph_destroy(struct fcsim_graph *g)
{
  free(g->port_base);
  free(g->chan);
  free(g->in_chan);
  free(g->kind);
  free(g->endpoint);
  free(g->clock_hz);
  free(g->clock_ppm);
  free(g->name);
  free(g->link_protocol);
  free(g->line_bandwidth_flits);
  memset(g, 0, sizeof *g);
}

const char *fcsim_graph_node_name(const struct fcsim_graph *g, int64_t node, char *buf, size_t size)
{
  if (g->name && g->name[node][0])
    snprintf(buf, size, "%s", g->name[node]);
  else
    snprintf(buf, size, "n%lld", (long long)node);
  return buf;
}

const char *fcsim_graph_node_label(const struct fcsim_graph *g, int64_t node, char *buf, size_t size)
{
  if (!g->line_bandwidth_flits || !g->line_bandwidth_flits[node] || fcsim_graph_radix(g, node) < 2)
    return fcsim_graph_node_name(g, node, buf, size);
  /* an adapter: port 0 to its router, port 1 along the line to the far adapter, whose port 0 leads to the far
   * router */
  const struct fcsim_chan *local = fcsim_graph_out(g, node, 0), *line = fcsim_graph_out(g, node, 1);
  const struct fcsim_chan *far =
      line->dst >= 0 && fcsim_graph_radix(g, line->dst) >= 1 ? fcsim_graph_out(g, line->dst, 0) : NULL;
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8];
  if (local->dst < 0 || !far || far->dst < 0) {
    snprintf(buf, size, "a link adapter");
    return buf;
  }
  fcsim_graph_node_name(g, local->dst, a, sizeof a);
  fcsim_graph_node_name(g, far->dst, b, sizeof b);
  snprintf(buf, size, "the %s:%d end of link %s:%d -- %s:%d", a, local->dst_port, a, local->dst_port, b, far->dst_port);
  return buf;
}

int fcsim_graph_connect(struct fcsim_graph *g, uint32_t src, int src_port, uint32_t dst, int dst_port,
                        uint32_t latency_cycles, int bandwidth_flits, struct fcsim_error *err)
{
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8];
  if (src_port < 0 || src_port >= fcsim_graph_radix(g, src))
    return fcsim_error_set(err, FCSIM_EINVAL, "node %s has no port %d (it has %d)",
                           fcsim_graph_node_name(g, src, a, sizeof a), src_port, fcsim_graph_radix(g, src));
  if (dst_port < 0 || dst_port >= fcsim_graph_radix(g, dst))
    return fcsim_error_set(err, FCSIM_EINVAL, "node %s has no port %d (it has %d)",
                           fcsim_graph_node_name(g, dst, b, sizeof b), dst_port, fcsim_graph_radix(g, dst));
  struct fcsim_chan *c = &g->chan[g->port_base[src] + (uint32_t)src_port];
  if (c->dst != FCSIM_GRAPH_NONE)
    return fcsim_error_set(err, FCSIM_EINVAL, "port %d of node %s is used twice (already linked to %s)", src_port,
                           fcsim_graph_node_name(g, src, a, sizeof a), fcsim_graph_node_name(g, c->dst, b, sizeof b));
  uint32_t in = g->port_base[dst] + (uint32_t)dst_port;
  if (g->in_chan[in] != FCSIM_GRAPH_NONE)
    return fcsim_error_set(err, FCSIM_EINVAL, "input port %d of node %s is used twice", dst_port,
                           fcsim_graph_node_name(g, dst, b, sizeof b));
  c->dst = (int32_t)dst;
  c->dst_port = (uint16_t)dst_port;
  c->latency_cycles = latency_cycles;
  c->credit_latency_cycles = latency_cycles;
  c->latency_ticks = c->credit_latency_ticks = latency_cycles;
  c->bandwidth_flits = (uint16_t)bandwidth_flits;
  g->in_chan[in] = (int32_t)(g->port_base[src] + (uint32_t)src_port);
  return 0;
}

void fcsim_graph_finish(struct fcsim_graph *g)
{
  g->max_radix = 0;
  for (int64_t n = 0; n < g->nodes; n++)
    if (fcsim_graph_radix(g, n) > g->max_radix)
      g->max_radix = fcsim_graph_radix(g, n);
  for (int64_t s = 0; s < g->nslots; s++) {
    struct fcsim_chan *c = &g->chan[s];
    c->reverse = FCSIM_GRAPH_NONE;
    if (c->dst == FCSIM_GRAPH_NONE)
      continue;
    /* the reverse channel leaves dst on the port this one arrives on and
     * arrives on the port this one leaves from */
    uint32_t back = g->port_base[c->dst] + c->dst_port;
    const struct fcsim_chan *r = &g->chan[back];
    if (r->dst == (int32_t)c->src && r->dst_port == c->src_port) {
      c->reverse = (int32_t)back;
      c->credit_latency_cycles = r->latency_cycles;
      c->credit_latency_ticks = r->latency_ticks;
    } else {
      c->credit_latency_cycles = c->latency_cycles;
      c->credit_latency_ticks = c->latency_ticks;
    }
  }
}

int64_t fcsim_graph_channels(const struct fcsim_graph *g)
{
  int64_t n = 0;
  for (int64_t s = 0; s < g->nslots; s++)
    n += g->chan[s].dst != FCSIM_GRAPH_NONE;
  return n;
}

void fcsim_graph_bfs_into(const struct fcsim_graph *g, int64_t src, int backward, int32_t *dist, int64_t *queue)
{
  for (int64_t n = 0; n < g->nodes; n++)
    dist[n] = -1;
  int64_t head = 0, tail = 0;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail) {
    int64_t n = queue[head++];
    for (uint32_t s = g->port_base[n]; s < g->port_base[n + 1]; s++) {
      int64_t ch = backward ? g->in_chan[s] : (int64_t)s;
      int32_t m = ch < 0 || g->chan[ch].dst < 0 ? -1 : backward ? (int32_t)g->chan[ch].src : g->chan[ch].dst;
      if (m >= 0 && dist[m] < 0) {
        dist[m] = dist[n] + 1;
        queue[tail++] = m;
      }
    }
  }
}

int fcsim_graph_bfs(const struct fcsim_graph *g, int64_t src, int32_t *dist, struct fcsim_error *err)
{
  int64_t *queue = malloc(((size_t)g->nodes + 1) * sizeof *queue);
  if (!queue)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  fcsim_graph_bfs_into(g, src, 0, dist, queue);
  free(queue);
  return 0;
}

int fcsim_graph_all_distances(const struct fcsim_graph *g, int16_t **dist, struct fcsim_error *err)
{
  if (g->nodes > FCSIM_GRAPH_MAX_APSP)
    return fcsim_error_set(err, FCSIM_ERANGE, "%lld nodes: all-pairs distances are kept for at most %d nodes",
                           (long long)g->nodes, FCSIM_GRAPH_MAX_APSP);
  size_t n = (size_t)g->nodes;
  int16_t *d = malloc((n ? n * n : 1) * sizeof *d);
  int32_t *row = malloc((n ? n : 1) * sizeof *row);
  if (!d || !row) {
    free(d);
    free(row);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for %zu x %zu distances", n, n);
  }
  int rc = 0;
  for (size_t a = 0; a < n && !rc; a++) {
    rc = fcsim_graph_bfs(g, (int64_t)a, row, err);
    for (size_t b = 0; b < n; b++)
      d[a * n + b] = (int16_t)row[b];
  }
  free(row);
  if (rc) {
    free(d);
    return rc;
  }
  *dist = d;
  return 0;
}
