/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-link figures of the links on a protocol (report_links.h). A line
 * direction is the channel between two adapters; its ends are named by the
 * router ports the adapters sit on (link/proto/proto_links.h). */
#include "engine/report_links.h"

#include <string.h>

#include "core/params.h"
#include "engine/net.h"
#include "graph/graph.h"
#include "link/proto/protocols.h"

/* "ROUTER:PORT" of the router adapter `a` sits on. */
static const char *router_port(const struct fcsim_graph *g, uint32_t a, char *buf, size_t size)
{
  const struct fcsim_chan *local = fcsim_graph_out(g, a, 0);
  char name[FCSIM_NODE_NAME_MAX + 8];
  snprintf(buf, size, "%s:%d", fcsim_graph_node_name(g, (int64_t)local->dst, name, sizeof name), local->dst_port);
  return buf;
}

static json_t *dir_json(const struct fcsim_graph *g, const struct fcsim_link_dir_stats *d, int64_t c, uint64_t cycles)
{
  char a[FCSIM_NODE_NAME_MAX + 16], b[FCSIM_NODE_NAME_MAX + 16];
  uint32_t from = g->chan[c].src, to = (uint32_t)g->chan[c].dst;
  json_t *o =
      json_pack("{s:s, s:s, s:s, s:I, s:f, s:I}", "from", router_port(g, from, a, sizeof a), "to",
                router_port(g, to, b, sizeof b), "protocol", fcsim_link_proto_of(d->protocol)->name, "payload_bytes",
                (json_int_t)d->payload_bytes, "payload_bytes_per_cycle",
                cycles ? (double)d->payload_bytes / (double)cycles : 0.0, "wire_bytes", (json_int_t)d->wire_bytes);
  const struct fcsim_link_proto_field *f = fcsim_link_proto_of(d->protocol)->dir_fields;
  for (; f && f->name; f++) /* the figures the protocol declares, in its order */
    json_object_set_new(o, f->name, json_integer((json_int_t)fcsim_link_proto_field_value(d, f)));
  return o;
}

void fcsim__report_line_stats(const struct fcsim_net *net)
{
  struct fcsim_link_dir_stats *dirs = net->links.dir_stats;
  if (!dirs)
    return;
  memset(dirs, 0, (size_t)net->topo.graph.nslots * sizeof *dirs);
  for (int k = 0; k < net->nkinds; k++)
    if (net->kinds[k].ops->line_stats)
      net->kinds[k].ops->line_stats(net->kinds[k].shared, dirs);
}

uint64_t fcsim__report_link_directions(const struct fcsim_net *net)
{
  uint64_t n = 0;
  for (int64_t c = 0; net->links.dir_stats && c < net->topo.graph.nslots; c++)
    n += net->links.dir_stats[c].protocol != 0;
  return n;
}

json_t *fcsim_report_protocol_links_json(const struct fcsim_sim *sim)
{
  const struct fcsim_stats *s = &sim->stats;
  const struct fcsim_graph *g = &sim->net->topo.graph;
  const struct fcsim_link_dir_stats *dirs = sim->net->links.dir_stats;
  if (!dirs)
    return NULL;
  json_t *arr = json_array();
  for (int64_t c = 0; c < g->nslots; c++)
    if (dirs[c].protocol)
      json_array_append_new(arr, dir_json(g, &dirs[c], c, s->cycles));
  return arr;
}

void fcsim_report_protocol_links_line(const struct fcsim_sim *sim, FILE *out)
{
  const struct fcsim_stats *s = &sim->stats;
  const struct fcsim_graph *g = &sim->net->topo.graph;
  const struct fcsim_link_dir_stats *dirs = sim->net->links.dir_stats;
  int64_t best = -1;
  for (int64_t c = 0; dirs && c < g->nslots; c++)
    if (dirs[c].protocol && (best < 0 || dirs[c].payload_bytes > dirs[best].payload_bytes))
      best = c;
  if (best < 0)
    return;
  const struct fcsim_link_dir_stats *d = &dirs[best];
  char a[FCSIM_NODE_NAME_MAX + 16], b[FCSIM_NODE_NAME_MAX + 16];
  fprintf(out, "  %-18s %14.3f payload B/cycle on %s -> %s (", "busiest_link",
          s->cycles ? (double)d->payload_bytes / (double)s->cycles : 0.0,
          router_port(g, g->chan[best].src, a, sizeof a), router_port(g, (uint32_t)g->chan[best].dst, b, sizeof b));
  const struct fcsim_link_proto *lp = fcsim_link_proto_of(d->protocol);
  if (lp->dir_line)
    lp->dir_line(d, out);
  else
    fputs(lp->name, out);
  fputs(")\n", out);
}
