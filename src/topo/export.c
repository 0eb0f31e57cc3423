/* SPDX-License-Identifier: BSD-3-Clause */
/* Writing any topology's graph as a netlist (so that loading it back gives
 * the same slots and channels) or as Graphviz, each through a temporary
 * file renamed when complete. A network whose links run a protocol is
 * written as the user described it: its routers and links, each link with
 * its `protocol=`, not the link adapters the simulation inserts (which a
 * netlist cannot name); the Graphviz picture shows the adapters. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "topo/netlist.h"

static const char *topo_name(const struct fcsim_topo *t)
{
  return t->kind == FCSIM_TOPO_TORUS ? "torus" : t->kind == FCSIM_TOPO_MESH ? "mesh" : "netlist";
}

static int same_props(const struct fcsim_chan *a, const struct fcsim_chan *b)
{
  return a->latency_cycles == b->latency_cycles && a->bandwidth_flits == b->bandwidth_flits &&
         a->latency_sd_cycles == b->latency_sd_cycles && a->link_model == b->link_model;
}

/* Channel s is written as half of a two-way `link` line: its reverse exists
 * with the same properties. The line is written at the lower slot. */
static int two_way(const struct fcsim_graph *g, int64_t s)
{
  const struct fcsim_chan *c = &g->chan[s];
  return c->reverse != FCSIM_GRAPH_NONE && c->reverse != s && same_props(c, &g->chan[c->reverse]);
}

static void write_link(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t s, FILE *out)
{
  const struct fcsim_chan *c = &g->chan[s];
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8];
  fcsim_graph_node_name(g, c->src, a, sizeof a);
  fcsim_graph_node_name(g, c->dst, b, sizeof b);
  fprintf(out, "link %s:%u %s%s:%u latency=%u bandwidth=%u", a, (unsigned)c->src_port, two_way(g, s) ? "" : "-> ", b,
          (unsigned)c->dst_port, (unsigned)c->latency_cycles, (unsigned)c->bandwidth_flits);
  if (c->latency_sd_cycles > 0)
    fprintf(out, " jitter=%.17g", c->latency_sd_cycles);
  fprintf(out, " model=%s", fcsim_link_model_name(c->link_model) ? fcsim_link_model_name(c->link_model) : "fixed");
  const char *proto = fcsim_netlist_protocol_name(fcsim_graph_link_protocol(g, s, p->link_protocol));
  if (proto)
    fprintf(out, " protocol=%s", proto);
  fputc('\n', out);
}

void fcsim_netlist_write(const struct fcsim_topo *t, const struct fcsim_params *p, FILE *out)
{
  const struct fcsim_graph *g = fcsim_topo_routed_graph(t); /* without link adapters */
  fprintf(out, "# fcsim netlist: %lld nodes, written from a %s", (long long)g->nodes, topo_name(t));
  for (int d = 0; d < t->ndims; d++)
    fprintf(out, "%s%d", d ? "x" : " ", t->dims[d]);
  fprintf(out, "\n# latencies in cycles of network.clock = %.17g Hz, bandwidths in flits of %d bits per cycle\n",
          p->clock_hz, p->flit_bits);
  for (int k = 0; k < g->nkinds; k++) {
    fprintf(out, "kind k%d model=%s", k, g->kinds[k].model);
    if (g->kinds[k].set[0])
      fprintf(out, " set=\"%s\"", g->kinds[k].set);
    fputc('\n', out);
  }
  char name[FCSIM_NODE_NAME_MAX + 8];
  for (int64_t n = 0; n < g->nodes; n++) {
    fprintf(out, "node %s ports=%d kind=k%d", fcsim_graph_node_name(g, n, name, sizeof name), fcsim_graph_radix(g, n),
            g->kind[n]);
    if (!g->endpoint[n])
      fputs(" endpoint=no", out);
    if (g->clock_hz)
      fprintf(out, " clock=%.17gHz", g->clock_hz[n]);
    if (g->clock_ppm && g->clock_ppm[n] != 0)
      fprintf(out, " clock_ppm=%+.17g", g->clock_ppm[n]);
    fputc('\n', out);
  }
  for (int64_t s = 0; s < g->nslots; s++) {
    const struct fcsim_chan *c = &g->chan[s];
    if (c->dst != FCSIM_GRAPH_NONE && !(two_way(g, s) && c->reverse < s))
      write_link(g, p, s, out);
  }
}

void fcsim_netlist_write_dot(const struct fcsim_topo *t, const struct fcsim_params *p, FILE *out)
{
  const struct fcsim_graph *g = &t->graph;
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8];
  fprintf(out, "digraph fcsim {\n  // %lld nodes, written from a %s; edge labels: latency in cycles and ns\n",
          (long long)g->nodes, topo_name(t));
  fputs("  node [shape=box, fontsize=10];\n  edge [fontsize=8];\n", out);
  for (int64_t n = 0; n < g->nodes; n++)
    fprintf(out, "  \"%s\" [label=\"%s\\n%s\"%s];\n", fcsim_graph_node_name(g, n, a, sizeof a), a,
            g->kinds[g->kind[n]].model, g->endpoint[n] ? "" : ", style=dashed");
  for (int64_t s = 0; s < g->nslots; s++) {
    const struct fcsim_chan *c = &g->chan[s];
    if (c->dst == FCSIM_GRAPH_NONE || (two_way(g, s) && c->reverse < s))
      continue;
    fcsim_graph_node_name(g, c->src, a, sizeof a);
    fcsim_graph_node_name(g, c->dst, b, sizeof b);
    fprintf(out, "  \"%s\" -> \"%s\" [taillabel=\"%u\", headlabel=\"%u\", label=\"%u cyc\\n%.1f ns\"%s];\n", a, b,
            (unsigned)c->src_port, (unsigned)c->dst_port, (unsigned)c->latency_cycles,
            c->latency_cycles * 1e9 / p->clock_hz, two_way(g, s) ? ", dir=both" : "");
  }
  fputs("}\n", out);
}

int fcsim_netlist_export(const struct fcsim_topo *t, const struct fcsim_params *p, const char *path, int dot,
                         struct fcsim_error *err)
{
  size_t len = strlen(path) + 32;
  char *tmp = malloc(len);
  if (!tmp)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  snprintf(tmp, len, "%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f) {
    int e = errno;
    free(tmp);
    return fcsim_error_set(err, FCSIM_EIO, "%s: cannot write: %s", path, strerror(e));
  }
  if (dot)
    fcsim_netlist_write_dot(t, p, f);
  else
    fcsim_netlist_write(t, p, f);
  int bad = ferror(f);
  bad |= fclose(f) != 0;
  if (bad || rename(tmp, path)) {
    int e = errno;
    remove(tmp);
    free(tmp);
    return fcsim_error_set(err, FCSIM_EIO, "%s: cannot write: %s", path, strerror(e));
  }
  free(tmp);
  return 0;
}
