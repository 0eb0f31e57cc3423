/* SPDX-License-Identifier: BSD-3-Clause */
/* The graph transform of link protocols (proto_links.h): two adapter nodes
 * in every link of the network whose protocol is not `ideal`. */
#include "link/proto/proto_links.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link/proto/protocols.h"
#include "topo/topo.h"

int fcsim_proto_link_of(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t c)
{
  return fcsim_graph_link_protocol(g, c, p->link_protocol);
}

int fcsim_proto_link_has_adapters(int proto)
{
  return fcsim_link_proto_of(proto)->adapter_model != NULL;
}

int fcsim_proto_link_find(const char *name)
{
  return fcsim_link_proto_find(name);
}

void fcsim_proto_link_list(char *buf, size_t size)
{
  fcsim_link_proto_list(buf, size);
}

static int has_adapters(int proto)
{
  return fcsim_proto_link_has_adapters(proto);
}

int fcsim_proto_link_zero_load_cycles(const struct fcsim_params *p, int proto, int line_bandwidth_flits)
{
  const struct fcsim_link_proto *lp = fcsim_link_proto_of(proto);
  if (!lp->adapter_model)
    return 0; /* no adapters: the channel as it is */
  return 2 * FCSIM_ADAPTER_LOCAL_CYCLES + (lp->zero_load_cycles ? lp->zero_load_cycles(p, line_bandwidth_flits) : 0);
}

const char *fcsim_proto_link_name(int proto)
{
  return fcsim_link_proto_of(proto)->name;
}

/* Counts the links to convert and refuses what cannot be converted. */
static int count_links(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t *nlinks,
                       struct fcsim_error *err)
{
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8];
  *nlinks = 0;
  for (int64_t c = 0; c < g->nslots; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    int proto = fcsim_proto_link_of(g, p, c);
    if (ch->dst < 0 || !has_adapters(proto))
      continue;
    fcsim_graph_node_name(g, ch->src, a, sizeof a);
    fcsim_graph_node_name(g, ch->dst, b, sizeof b);
    if (ch->reverse < 0)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "link %s:%d -> %s:%d: protocol %s needs the link's reverse direction (%s:%d -> %s:%d) "
                             "for its acknowledgements and credits; declare the link both ways",
                             a, ch->src_port, b, ch->dst_port, fcsim_proto_link_name(proto), b, ch->dst_port, a, ch->src_port);
    if (fcsim_proto_link_of(g, p, ch->reverse) != proto)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "link %s:%d <-> %s:%d: its two directions have protocols %s and %s; a protocol runs "
                             "on both directions of a link",
                             a, ch->src_port, b, ch->dst_port, fcsim_proto_link_name(proto),
                             fcsim_proto_link_name(fcsim_proto_link_of(g, p, ch->reverse)));
    if (c < ch->reverse)
      ++*nlinks;
  }
  return 0;
}

/* Per-node arrays of the new graph: kinds, endpoints, clocks, names, line
 * rates (adapters take their router's clock domain). */
static int copy_nodes(const struct fcsim_graph *g, struct fcsim_graph *ng, const int64_t *router_of,
                      const uint8_t *proto_of)
{
  const int64_t n0 = g->nodes, n1 = ng->nodes;
  int kind_of[256]; /* adapter kind per protocol */
  memset(kind_of, -1, sizeof kind_of);
  memcpy(ng->kinds, g->kinds, sizeof g->kinds);
  ng->nkinds = g->nkinds;
  memcpy(ng->kind, g->kind, (size_t)n0);
  memcpy(ng->endpoint, g->endpoint, (size_t)n0);
  for (int64_t n = n0; n < n1; n++) {
    int pr = proto_of[n - n0];
    if (kind_of[pr] < 0) {
      kind_of[pr] = ng->nkinds++;
      snprintf(ng->kinds[kind_of[pr]].model, sizeof ng->kinds[kind_of[pr]].model, "%s",
               fcsim_link_proto_of(pr)->adapter_model);
      ng->kinds[kind_of[pr]].set[0] = '\0';
    }
    ng->kind[n] = (uint8_t)kind_of[pr];
  }
  memset(ng->endpoint + n0, 0, (size_t)(n1 - n0));
  ng->line_bandwidth_flits = calloc((size_t)n1, sizeof *ng->line_bandwidth_flits);
  if (!ng->line_bandwidth_flits)
    return -1;
  if (g->clock_hz && !(ng->clock_hz = malloc((size_t)n1 * sizeof *ng->clock_hz)))
    return -1;
  if (g->clock_ppm && !(ng->clock_ppm = malloc((size_t)n1 * sizeof *ng->clock_ppm)))
    return -1;
  if (g->name && !(ng->name = calloc((size_t)n1, sizeof *ng->name)))
    return -1;
  for (int64_t n = 0; n < n1; n++) {
    int64_t r = n < n0 ? n : router_of[n - n0];
    if (ng->clock_hz)
      ng->clock_hz[n] = g->clock_hz[r];
    if (ng->clock_ppm)
      ng->clock_ppm[n] = g->clock_ppm[r];
    if (ng->name && n < n0)
      memcpy(ng->name[n], g->name[n], sizeof ng->name[n]);
  }
  return 0;
}

/* Connects a channel of the new graph with the properties of old channel
 * `from` (latency, jitter, link model) and the given bandwidth. */
static int connect_like(struct fcsim_graph *ng, uint32_t s, int sp, uint32_t d, int dp, const struct fcsim_chan *from,
                        uint32_t latency, int bandwidth, struct fcsim_error *err)
{
  int rc = fcsim_graph_connect(ng, s, sp, d, dp, latency, bandwidth, err);
  if (rc)
    return rc;
  struct fcsim_chan *ch = &ng->chan[ng->port_base[s] + (uint32_t)sp];
  ch->latency_sd_cycles = from ? from->latency_sd_cycles : 0;
  ch->link_model = from ? from->link_model : 0;
  return 0;
}

/* One converted link: router u:pu <-> a:0, a:1 <-> b:1, b:0 <-> v:pv. */
static int connect_link(const struct fcsim_graph *g, struct fcsim_graph *ng, const struct fcsim_params *p, int64_t c,
                        uint32_t a, struct fcsim_error *err)
{
  const struct fcsim_chan *ch = &g->chan[c], *rv = &g->chan[ch->reverse];
  const uint32_t b = a + 1, u = ch->src, v = (uint32_t)ch->dst;
  const int pu = ch->src_port, pv = ch->dst_port, ring = fcsim_adapter_line_ring_flits(p);
  int rc;
  if ((rc = connect_like(ng, u, pu, a, 0, NULL, FCSIM_ADAPTER_LOCAL_CYCLES, ch->bandwidth_flits, err)) ||
      (rc = connect_like(ng, a, 0, u, pu, NULL, FCSIM_ADAPTER_LOCAL_CYCLES, rv->bandwidth_flits, err)) ||
      (rc = connect_like(ng, v, pv, b, 0, NULL, FCSIM_ADAPTER_LOCAL_CYCLES, rv->bandwidth_flits, err)) ||
      (rc = connect_like(ng, b, 0, v, pv, NULL, FCSIM_ADAPTER_LOCAL_CYCLES, ch->bandwidth_flits, err)) ||
      (rc = connect_like(ng, a, 1, b, 1, ch, ch->latency_cycles, ring, err)) ||
      (rc = connect_like(ng, b, 1, a, 1, rv, rv->latency_cycles, ring, err)))
    return rc;
  ng->line_bandwidth_flits[a] = ch->bandwidth_flits;
  ng->line_bandwidth_flits[b] = rv->bandwidth_flits;
  if (ng->name) {
    snprintf(ng->name[a], sizeof ng->name[a], "%.24s:%d~", g->name ? g->name[u] : "", pu);
    snprintf(ng->name[b], sizeof ng->name[b], "%.24s:%d~", g->name ? g->name[v] : "", pv);
  }
  return 0;
}

static int build(const struct fcsim_graph *g, struct fcsim_graph *ng, const struct fcsim_params *p, int64_t nlinks,
                 struct fcsim_error *err)
{
  const int64_t n0 = g->nodes, n1 = n0 + 2 * nlinks;
  int *radix = malloc((size_t)n1 * sizeof *radix);
  int64_t *router_of = malloc((size_t)(2 * nlinks) * sizeof *router_of);
  uint8_t *proto_of = malloc((size_t)(2 * nlinks));
  int rc = 0;
  if (!radix || !router_of || !proto_of) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the link adapters");
    goto out;
  }
  for (int64_t n = 0; n < n1; n++)
    radix[n] = n < n0 ? fcsim_graph_radix(g, n) : 2;
  if ((rc = fcsim_graph_init(ng, n1, radix, err)))
    goto out;
  int64_t k = 0;
  for (int64_t c = 0; c < g->nslots; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    if (ch->dst < 0 || !has_adapters(fcsim_proto_link_of(g, p, c)) || c > ch->reverse)
      continue;
    router_of[k] = ch->src;
    router_of[k + 1] = ch->dst;
    proto_of[k] = proto_of[k + 1] = (uint8_t)fcsim_proto_link_of(g, p, c);
    k += 2;
  }
  if (copy_nodes(g, ng, router_of, proto_of)) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the link adapters");
    goto out;
  }
  k = 0;
  for (int64_t c = 0; c < g->nslots && !rc; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    if (ch->dst < 0)
      continue;
    if (!has_adapters(fcsim_proto_link_of(g, p, c)))
      rc = connect_like(ng, ch->src, ch->src_port, (uint32_t)ch->dst, ch->dst_port, ch, ch->latency_cycles,
                        ch->bandwidth_flits, err);
    else if (c < ch->reverse) {
      rc = connect_link(g, ng, p, c, (uint32_t)(n0 + k), err);
      k += 2;
    }
  }
  if (!rc)
    fcsim_graph_finish(ng);
out:
  free(radix);
  free(router_of);
  free(proto_of);
  return rc;
}

int fcsim_proto_links_insert(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  struct fcsim_graph *g = &t->graph;
  int64_t nlinks = 0;
  int rc = count_links(g, p, &nlinks, err);
  if (rc || nlinks == 0)
    return rc;
  if (g->nkinds + 2 > FCSIM_GRAPH_MAX_KINDS)
    return fcsim_error_set(err, FCSIM_ERANGE, "link.protocol: the network already has %d node kinds; the link "
                                              "adapters need up to two more and a graph holds %d",
                           g->nkinds, FCSIM_GRAPH_MAX_KINDS);
  if (g->nodes + 2 * nlinks > INT32_MAX)
    return fcsim_error_set(err, FCSIM_ERANGE, "link.protocol: %lld links need %lld adapters; too many nodes",
                           (long long)nlinks, (long long)(2 * nlinks));
  struct fcsim_graph ng = {0};
  struct fcsim_graph *base = malloc(sizeof *base);
  if (!base)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if ((rc = build(g, &ng, p, nlinks, err))) {
    fcsim_graph_destroy(&ng);
    free(base);
    return rc;
  }
  *base = *g;
  t->base = base;
  t->graph = ng;
  return 0;
}

int fcsim_proto_links_topo_init(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  int rc = fcsim_topo_init(t, p, err);
  if (!rc && (rc = fcsim_proto_links_insert(t, p, err)))
    fcsim_topo_destroy(t);
  return rc;
}
