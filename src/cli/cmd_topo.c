/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim topo [CONFIG] [--set k=v ...] [--json FILE] [--export FILE] [--dot FILE]:
 * describe the network a config builds (torus, mesh or netlist): nodes by
 * kind, links by class, diameter in hops and ns with the longest path's
 * hops, bisection, the memory a run of it needs; write it as JSON, as a netlist, or as Graphviz. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "config/config.h"
#include "engine/memory.h"
#include "cli/topo_bee3.h"
#include "engine/describe.h"
#include "topo/bee3.h"
#include "topo/netlist.h"
#include "topo/switched.h"
#include "link/proto/proto_links.h"


/* What one run of the command has built. */
struct topo_run {
  struct fcsim_params p;             /* the resolved configuration */
  struct fcsim_topo t;               /* the network */
  struct fcsim_topo_desc d;          /* its description */
  struct fcsim_memory mem;           /* what a run of it would allocate (engine/memory.h) */
  char mem_why[FCSIM_ERROR_MSG_MAX]; /* why there is no estimate (a run would be refused), or "" */
  char network[1100];                /* "8x8x8 torus" or "netlist FILE" */
};

static void hop_text(const struct fcsim_graph *g, const struct fcsim_desc_hop *h, char *buf, size_t size)
{
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8];
  snprintf(buf, size, "%s:%d -> %s", fcsim_graph_node_name(g, h->from, a, sizeof a), h->port,
           fcsim_graph_node_name(g, h->to, b, sizeof b));
}

/* The memory estimate: total, by part, per router and per node kind. */
static void print_memory(const struct fcsim_memory *m)
{
  char tot[32], lim[32], st[32], ri[32], gr[32], li[32], en[32], wl[32], per[32], qu[32];
  printf("memory       %s%s for a run (limit sim.max_memory = %s%s): router states %s, link rings %s, graph %s, "
         "links %s, engine %s, source queues %s, workload %s; %s per router\n",
         m->lower_bound ? "at least " : "", fcsim_memory_text(m->total_bytes, tot, sizeof tot),
         fcsim_memory_text(m->limit_bytes, lim, sizeof lim), m->limit_is_auto ? ", auto" : "",
         fcsim_memory_text(m->states_bytes, st, sizeof st), fcsim_memory_text(m->rings_bytes, ri, sizeof ri),
         fcsim_memory_text(m->graph_bytes, gr, sizeof gr), fcsim_memory_text(m->links_bytes, li, sizeof li),
         fcsim_memory_text(m->engine_bytes, en, sizeof en), fcsim_memory_text(m->queues_bytes, qu, sizeof qu),
         fcsim_memory_text(m->workload_bytes, wl, sizeof wl), fcsim_memory_text(m->per_router_bytes, per, sizeof per));
  for (int k = 0; k < m->nkinds; k++) {
    /* the VC routers reserve every VC's worst case; a run reports the most
     * VC storage one router held (src/router/vc/vc.h, VC storage) */
    const int vc = !strcmp(m->kind_model[k], "novog") || !strcmp(m->kind_model[k], "classic");
    printf("  state      %s: %s per router (%lld routers)%s\n", m->kind_model[k],
           fcsim_memory_text(m->kind_state_bytes[k], tot, sizeof tot), (long long)m->kind_nodes[k],
           vc ? ", VC storage for every VC full (a run's peak: execution.vc_buffer_peak_bytes)" : "");
  }
  if (m->total_bytes > m->limit_bytes)
    printf("  refused    a run would be refused: above sim.max_memory\n");
}

static json_t *memory_json(const struct fcsim_memory *m)
{
  json_t *kinds = json_array();
  for (int k = 0; k < m->nkinds; k++)
    json_array_append_new(kinds, json_pack("{s:s, s:I, s:I}", "model", m->kind_model[k], "routers",
                                           (json_int_t)m->kind_nodes[k], "state_bytes_per_router",
                                           (json_int_t)m->kind_state_bytes[k]));
  return json_pack("{s:I, s:b, s:I, s:b, s:b, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o}", "total_bytes",
                   (json_int_t)m->total_bytes, "lower_bound", m->lower_bound, "limit_bytes",
                   (json_int_t)(m->limit_bytes > INT64_MAX ? INT64_MAX : m->limit_bytes), "limit_auto",
                   m->limit_is_auto, "refused", m->total_bytes > m->limit_bytes, "states_bytes",
                   (json_int_t)m->states_bytes, "rings_bytes", (json_int_t)m->rings_bytes, "graph_bytes",
                   (json_int_t)m->graph_bytes, "links_bytes", (json_int_t)m->links_bytes, "engine_bytes",
                   (json_int_t)m->engine_bytes, "queues_bytes", (json_int_t)m->queues_bytes, "workload_bytes",
                   (json_int_t)m->workload_bytes, "per_router_bytes", (json_int_t)m->per_router_bytes, "kinds", kinds);
}

static void print_desc(const struct topo_run *r)
{
  const struct fcsim_topo_desc *d = &r->d;
  const struct fcsim_graph *g = &r->t.graph;
  const double ns = 1e9 / r->p.clock_hz;
  printf("network      %s\n", r->network);
  printf("nodes        %lld routers (%lld endpoints):", (long long)d->nodes, (long long)d->endpoints);
  for (int k = 0; k < d->nkinds; k++)
    printf(r->p.topology == FCSIM_TOPO_BEE3 ? "%s %lld %s%s%s%s (delays per port: Table I below)"
                                            : "%s %lld %s%s%s%s (%d cycles per router)",
           k ? ";" : "", (long long)d->kinds[k].nodes, d->kinds[k].spec.model, d->kinds[k].spec.set[0] ? " [" : "",
           d->kinds[k].spec.set, d->kinds[k].spec.set[0] ? "]" : "", d->kinds[k].router_cycles);
  if (d->adapters)
    printf("; and %lld link adapters, two in each link on a protocol (counted in the links below)",
           (long long)d->adapters);
  int64_t two = 0, one = 0;
  for (int i = 0; i < d->nclasses; i++) {
    two += d->classes[i].two_way;
    one += d->classes[i].one_way;
  }
  printf("\nlinks        %lld bidirectional, %lld one-way (%lld channels)\n", (long long)two, (long long)one,
         (long long)d->channels);
  for (int i = 0; i < d->nclasses; i++) {
    const struct fcsim_desc_link_class *c = &d->classes[i];
    printf("  class      %lld two-way + %lld one-way: %u cycles = %.1f ns, ", (long long)c->two_way,
           (long long)c->one_way, (unsigned)c->latency_cycles, c->latency_cycles * ns);
    if (r->p.topology == FCSIM_TOPO_BEE3) /* the bee3 router paces each port at its link's payload rate */
      printf("%s, paced by the bee3 router", fcsim_link_model_name(c->model));
    else
      printf("%d flit(s)/cycle, %s", c->bandwidth_flits, fcsim_link_model_name(c->model));
    if (c->sd_cycles > 0)
      printf(" (sd %.2f cycles = %.2f ns)", c->sd_cycles, c->sd_cycles * ns);
    if (fcsim_proto_link_has_adapters(c->protocol))
      printf(", protocol %s: +%d cycles = %.1f ns at zero load (adapters, local hops)",
             fcsim_proto_link_name(c->protocol), c->protocol_cycles, c->protocol_cycles * ns);
    putchar('\n');
  }
  if (r->p.topology == FCSIM_TOPO_BEE3) /* the seed's routers and routes, not the graph's shortest paths */
    fcsim_cli_bee3_print(&r->p);
  else
    printf("diameter     %d hops; %.1f ns (%llu cycles) on the longest lowest-latency path between endpoints at zero "
           "load, router + link (+ protocol) per hop\n",
           d->diameter_hops, d->diameter_ns, (unsigned long long)d->diameter_cycles);
  for (int i = 0; r->p.topology != FCSIM_TOPO_BEE3 && i < d->path_hops; i++) {
    char hop[100];
    const struct fcsim_desc_hop *h = &d->path[i];
    char proto[40] = "";
    if (h->protocol_cycles)
      snprintf(proto, sizeof proto, " + protocol %d", h->protocol_cycles);
    hop_text(g, h, hop, sizeof hop);
    printf("  hop %-6d %-28s router %d + link %u%s = %.1f ns\n", i + 1, hop, h->router_cycles,
           (unsigned)h->link_cycles, proto, (h->router_cycles + h->link_cycles + h->protocol_cycles) * ns);
  }
  if (r->p.topology == FCSIM_TOPO_BEE3) /* its links are paced by the model, not whole flits per cycle */
    return;
  printf("bisection    %lld links, %.0f flits/cycle across it (both directions), %s\n", (long long)d->bisection_links,
         d->bisection_flits_per_cycle,
         d->bisection_exact ? "exact (torus/mesh formula)"
                            : "heuristic: an upper bound (best of seeded swap searches)");
  if (d->endpoints > 1)
    printf("uniform bound %.4f flits/node/cycle (bisection: half the traffic crosses it)\n",
           2.0 * d->bisection_flits_per_cycle / (double)d->endpoints);
  if (r->mem_why[0])
    printf("memory       not estimated: a run would be refused: %s\n", r->mem_why);
  else
    print_memory(&r->mem);
}

static json_t *desc_json(const struct topo_run *r)
{
  const struct fcsim_topo_desc *d = &r->d;
  const struct fcsim_graph *g = &r->t.graph;
  const double ns = 1e9 / r->p.clock_hz;
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8];
  json_t *kinds = json_array(), *classes = json_array(), *hops = json_array();
  for (int k = 0; k < d->nkinds; k++)
    json_array_append_new(kinds,
                          json_pack("{s:s, s:s, s:I, s:I, s:i}", "model", d->kinds[k].spec.model, "set",
                                    d->kinds[k].spec.set, "nodes", (json_int_t)d->kinds[k].nodes, "endpoints",
                                    (json_int_t)d->kinds[k].endpoints, "router_cycles", d->kinds[k].router_cycles));
  for (int i = 0; i < d->nclasses; i++) {
    const struct fcsim_desc_link_class *c = &d->classes[i];
    json_array_append_new(classes,
                          json_pack("{s:i, s:f, s:i, s:f, s:s, s:s, s:i, s:I, s:I}", "latency_cycles",
                                    (int)c->latency_cycles, "latency_ns", c->latency_cycles * ns, "bandwidth_flits",
                                    c->bandwidth_flits, "jitter_ns", c->sd_cycles * ns, "model",
                                    fcsim_link_model_name(c->model), "protocol", fcsim_proto_link_name(c->protocol),
                                    "protocol_cycles", c->protocol_cycles, "two_way", (json_int_t)c->two_way,
                                    "one_way", (json_int_t)c->one_way));
  }
  for (int i = 0; i < d->path_hops; i++) {
    const struct fcsim_desc_hop *h = &d->path[i];
    json_array_append_new(hops, json_pack("{s:s, s:i, s:s, s:i, s:i, s:i, s:f}", "from",
                                          fcsim_graph_node_name(g, h->from, a, sizeof a), "port", h->port, "to",
                                          fcsim_graph_node_name(g, h->to, b, sizeof b), "router_cycles",
                                          h->router_cycles, "link_cycles", (int)h->link_cycles, "protocol_cycles",
                                          h->protocol_cycles, "ns",
                                          (h->router_cycles + h->link_cycles + h->protocol_cycles) * ns));
  }
  json_t *path = json_pack(
      "{s:s?, s:s?, s:o}", "from", d->path_hops ? fcsim_graph_node_name(g, d->path[0].from, a, sizeof a) : NULL, "to",
      d->path_hops ? fcsim_graph_node_name(g, d->path[d->path_hops - 1].to, b, sizeof b) : NULL, "hops", hops);
  return json_pack("{s:s, s:s, s:{s:I, s:I, s:I, s:o}, s:{s:I, s:I, s:o}, s:i, s:f, s:I, s:o, s:I, s:f, s:s, s:o}",
                   "fcsim", fcsim_version(), "network", r->network, "nodes", "total", (json_int_t)d->nodes,
                   "endpoints", (json_int_t)d->endpoints, "adapters", (json_int_t)d->adapters, "kinds", kinds, "links", "total", (json_int_t)d->links, "channels",
                   (json_int_t)d->channels, "classes", classes, "diameter_hops", d->diameter_hops, "diameter_ns",
                   d->diameter_ns, "diameter_cycles", (json_int_t)d->diameter_cycles, "longest_path", path,
                   "bisection_links", (json_int_t)d->bisection_links, "bisection_flits_per_cycle",
                   d->bisection_flits_per_cycle, "bisection_method",
                   d->bisection_exact ? "exact" : "heuristic upper bound", "memory",
                   r->mem_why[0] ? json_null() : memory_json(&r->mem));
}

/* The description as JSON into `f` (a file being written or stdout). */
static int write_json(const struct topo_run *r, FILE *f, const char *path)
{
  json_t *doc = desc_json(r);
  if (doc && r->p.topology == FCSIM_TOPO_BEE3)
    fcsim_cli_bee3_json(&r->p, doc);
  int bad = !doc || json_dumpf(doc, f, JSON_INDENT(2) | JSON_REAL_PRECISION(12)) || fputc('\n', f) == EOF;
  json_decref(doc);
  if (bad)
    fcsim_cli_error("%s: cannot write the JSON description", path);
  return bad ? FCSIM_EXIT_FAIL : 0;
}

/* Takes --export FILE and --dot FILE out of argv (the rest goes to
 * cli_parse). Returns 0 or FCSIM_EXIT_USAGE. */
static int take_outputs(int *argc, char **argv, const char **export_path, const char **dot_path)
{
  int w = 0;
  for (int i = 0; i < *argc; i++) {
    const char **slot = !strcmp(argv[i], "--export") ? export_path : !strcmp(argv[i], "--dot") ? dot_path : NULL;
    if (!slot) {
      argv[w++] = argv[i];
      continue;
    }
    if (i + 1 >= *argc) {
      fcsim_cli_error("option %s needs a value\n%s", argv[i], cli_usage("topo"));
      return FCSIM_EXIT_USAGE;
    }
    *slot = argv[++i];
  }
  *argc = w;
  return 0;
}

static int build(struct topo_run *r, const struct fcsim_config *cfg)
{
  struct fcsim_error err = {0};
  int rc = fcsim_config_resolve(cfg, &r->p, &err);
  /* a run refused from the parameters alone is described with that lower
   * bound; a graph that alone exceeds the limit is not built */
  int over = !rc && fcsim_memory_precheck(&r->p, &r->mem, &err);
  if (over && r->mem.graph_bytes > r->mem.limit_bytes)
    rc = err.code;
  else if (over)
    err = (struct fcsim_error){0};
  else if (!rc && fcsim_memory_estimate(cfg, &r->mem, &err)) {
    /* a network `fcsim run` would refuse (routing, models) is still described */
    snprintf(r->mem_why, sizeof r->mem_why, "%s", err.msg);
    err = (struct fcsim_error){0};
  }
  if (!rc && !(rc = fcsim_proto_links_topo_init(&r->t, &r->p, &err))) {
    struct fcsim_params kinds[FCSIM_GRAPH_MAX_KINDS];
    if ((rc = fcsim_config_resolve_kinds(cfg, &r->p, &r->t.graph, kinds, &err)) ||
        (rc = fcsim_topo_desc_build(&r->t, &r->p, kinds, &r->d, &err)))
      fcsim_topo_destroy(&r->t);
  }
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    return cli_exit_for(rc);
  }
  if (r->p.topology == FCSIM_TOPO_BEE3) {
    snprintf(r->network, sizeof r->network, "bee3 %s, %d enclosures", fcsim_bee3_topo_params(&r->p)->layout,
             fcsim_bee3_topo_params(&r->p)->enclosures);
  } else if (r->p.topology == FCSIM_TOPO_FILE) {
    snprintf(r->network, sizeof r->network, "netlist %s", r->p.netlist);
  } else if (r->p.topology > FCSIM_TOPO_FILE) {
    snprintf(r->network, sizeof r->network, "%s of %d endpoints, %d-port switches", fcsim_topology_name(r->p.topology),
             fcsim_switched_topo_params(&r->p)->nodes,
             fcsim_switched_topo_params(&r->p)->radix);
  } else {
    int len = 0;
    for (int d = 0; d < r->p.ndims; d++)
      len += snprintf(r->network + len, sizeof r->network - (size_t)len, "%s%d", d ? "x" : "", r->p.dims[d]);
    snprintf(r->network + len, sizeof r->network - (size_t)len, " %s",
             r->p.topology == FCSIM_TOPO_MESH ? "mesh" : "torus");
  }
  return 0;
}

int fcsim_cmd_topo(int argc, char **argv)
{
  const char *export_path = NULL, *dot_path = NULL;
  struct cli_opts o;
  int rc = take_outputs(&argc, argv, &export_path, &dot_path);
  if (rc || (rc = cli_parse(argc, argv, &o, 0, cli_usage("topo"))))
    return rc;
  if (o.help) {
    fputs(cli_usage("topo"), stdout);
    return FCSIM_EXIT_OK;
  }
  struct fcsim_config *cfg = cli_load_config(&o);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  const char *outs[] = {o.json_path, export_path, dot_path}, *ins[] = {o.config_path};
  if (cli_out_check_paths(outs, 3, ins, 1) || cli_out_check_config_inputs(outs, 3, cfg)) {
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  struct topo_run *r = calloc(1, sizeof *r);
  if (!r) {
    fcsim_config_destroy(cfg);
    fcsim_cli_error("out of memory");
    return FCSIM_EXIT_FAIL;
  }
  if ((rc = build(r, cfg))) {
    free(r);
    fcsim_config_destroy(cfg);
    return rc;
  }
  /* --json, --export, --dot: `-` is stdout, which then carries only that output */
  struct cli_out out[3];
  const char *paths[3] = {o.json_path, export_path, dot_path};
  int to_stdout = 0;
  for (int i = 0; i < 3; i++)
    out[i] = (struct cli_out){0};
  cli_out_install_signals();
  for (int i = 0; i < 3 && !rc; i++) {
    rc = cli_out_open(&out[i], paths[i]);
    to_stdout |= out[i].f == stdout;
  }
  if (!rc && !o.quiet && !to_stdout)
    print_desc(r);
  if (!rc && out[0].f)
    rc = write_json(r, out[0].f, paths[0]);
  if (!rc && out[1].f)
    fcsim_netlist_write(&r->t, &r->p, out[1].f);
  if (!rc && out[2].f)
    fcsim_netlist_write_dot(&r->t, &r->p, out[2].f);
  for (int i = 0; i < 3; i++)
    if (rc)
      cli_out_abort(&out[i]);
    else if (cli_out_commit(&out[i]))
      rc = FCSIM_EXIT_FAIL;
  fcsim_topo_desc_free(&r->d);
  fcsim_topo_destroy(&r->t);
  free(r);
  fcsim_config_destroy(cfg);
  return rc;
}
