/* fcsim collective build: offline collective routing. Builds the OCR or RPM
 * trees of a destination pattern on the configured network, checks them,
 * writes the node tables (Fig. 4.12 layouts, hex + binary + JSON) and prints
 * the table bits per node beside the seed's Table 5.7. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "cli/collective_cli.h"
#include "collective/collective.h"
#include "config/config.h"

static const char coll_usage[] =
    "usage: fcsim collective build [CONFIG.ini] --pattern all-to-all|cube-nn|bitrot|random-subset|FILE --out DIR\n"
    "         [--algorithm ocr|rpm] [--op multicast|reduction] [--subset N] [--json FILE] [--set section.key=value "
    "...]\n"
    "  Builds one multicast (or reduction) tree per source of the pattern with OCR (seed 000 Algorithms 6-7,\n"
    "  default) or the RPM baseline, writes DIR/node<ID>.{unicast,multicast,reduction}.{hex,bin} in the\n"
    "  Fig. 4.12 layouts and DIR/tables.json, and prints the table bits per node (Table 5.7).\n"
    "  FILE: one line per source, `SRC: DST DST ...` (node numbers, '#' comments). random-subset draws\n"
    "  --subset destinations per source (default half the nodes) from sim.seed. docs/COLLECTIVES.md.\n"
    "       fcsim collective run [CONFIG.ini] ...: OCR and RPM simulated (`fcsim collective run --help`).\n";

/* Options of `collective build`. */
struct coll_opts {
  struct cli_opts base;          /* CONFIG, --set, --json */
  const char *pattern;           /* --pattern */
  const char *out;               /* --out DIR */
  enum fcsim_coll_algorithm alg; /* --algorithm */
  enum fcsim_coll_op op;         /* --op */
  long long subset;              /* --subset, -1 = default */
};

/* Seed 000 Table 5.7 (4x4x4 torus, OCR): bits and % of on-chip memory. */
struct seed_row {
  const char *pattern; /* fcsim pattern name */
  double bits[2];      /* multicast, reduction */
  double percent[2];   /* as printed in the seed */
};

static const struct seed_row table57[] = {
    {"all-to-all", {6968, 61.7e3}, {0.013, 1.17}},
    {"bitrot", {1122, 10e3}, {0.002, 0.19}},
    {"cube-nn", {2928, 25.5e3}, {0.005, 0.485}},
};

static int usage_error(const char *fmt, const char *arg)
{
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg);
  fcsim_cli_error("%s\n%s", msg, coll_usage);
  return FCSIM_EXIT_USAGE;
}

static int parse(int argc, char **argv, struct coll_opts *o)
{
  memset(o, 0, sizeof *o);
  o->subset = -1;
  char **rest = malloc((size_t)(argc + 1) * sizeof *rest);
  int nrest = 0, rc = 0;
  if (!rest)
    return FCSIM_EXIT_FAIL;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i];
    int has = i + 1 < argc;
    if (!strcmp(a, "--pattern") || !strcmp(a, "--out") || !strcmp(a, "--algorithm") || !strcmp(a, "--op") ||
        !strcmp(a, "--subset")) {
      if (!has) {
        rc = usage_error("option %s needs a value", a);
        break;
      }
      const char *v = argv[++i];
      if (!strcmp(a, "--pattern"))
        o->pattern = v;
      else if (!strcmp(a, "--out"))
        o->out = v;
      else if (!strcmp(a, "--algorithm") && (!strcmp(v, "ocr") || !strcmp(v, "rpm")))
        o->alg = !strcmp(v, "rpm") ? FCSIM_COLL_RPM : FCSIM_COLL_OCR;
      else if (!strcmp(a, "--op") && (!strcmp(v, "multicast") || !strcmp(v, "reduction")))
        o->op = !strcmp(v, "reduction") ? FCSIM_COLL_REDUCTION : FCSIM_COLL_MULTICAST;
      else if (!strcmp(a, "--subset")) {
        char *end;
        o->subset = strtoll(v, &end, 10);
        if (*end || end == v || o->subset < 0)
          rc = usage_error("--subset `%s`: expected a number of destinations per source", v);
      } else
        rc = usage_error(!strcmp(a, "--op") ? "--op `%s`: expected multicast or reduction"
                                            : "--algorithm `%s`: expected ocr or rpm",
                         v);
    } else {
      rest[nrest++] = argv[i];
    }
  }
  if (!rc)
    rc = cli_parse(nrest, rest, &o->base, 0, coll_usage);
  free(rest);
  if (!rc && !o->base.help && (!o->pattern || !o->out))
    rc = usage_error("collective build needs %s", !o->pattern ? "--pattern" : "--out DIR");
  return rc;
}

/* Destinations of every source, checked for the operation. */
static int check_pattern(const struct fcsim_coll_pattern *pat, enum fcsim_coll_op op, struct fcsim_error *err)
{
  int64_t any = 0;
  for (int64_t s = 0; s < pat->nodes; s++) {
    int64_t n = pat->start[s + 1] - pat->start[s];
    any += n;
    if (op == FCSIM_COLL_REDUCTION && pat->line[s] && n == 0)
      return fcsim_error_set(err, FCSIM_ERANGE, "%s:%d: the reduction rooted at node %lld has no contributing nodes",
                             pat->origin, (int)pat->line[s], (long long)s);
  }
  if (!any)
    return fcsim_error_set(err, FCSIM_ERANGE, "pattern %s gives no destinations: nothing to %s", pat->origin,
                           op == FCSIM_COLL_REDUCTION ? "reduce" : "multicast");
  return 0;
}

/* Statistics printed and written: table bits per node and link loads. */
struct coll_summary {
  int64_t trees, edges, max_load; /* trees built, tree edges, most edges on one link */
  double mean_bits, max_bits;     /* table bits per node (Table 5.7 counting) */
  double mean_unicast_bits;       /* reduction: unicast entries carrying the exit ports */
  double mean_unshared_bits;      /* multicast: bits if no entry were shared */
};

static void summarise(const struct fcsim_coll_tables *tab, const struct fcsim_coll_router *r,
                      const struct fcsim_topo *t, struct coll_summary *s)
{
  double sum = 0, usum = 0, nsum = 0;
  s->max_bits = 0;
  for (int64_t v = 0; v < tab->nodes; v++) {
    double b = (double)(tab->op == FCSIM_COLL_MULTICAST ? fcsim_coll_multicast_table_bits(tab, v)
                                                        : fcsim_coll_reduction_table_bits(tab, v));
    sum += b;
    usum += (double)(tab->node[v].nu * FCSIM_COLL_UNICAST_BITS);
    nsum += (double)fcsim_coll_unshared_table_bits(tab, v);
    s->max_bits = b > s->max_bits ? b : s->max_bits;
  }
  s->mean_bits = sum / (double)tab->nodes;
  s->mean_unicast_bits = usum / (double)tab->nodes;
  s->mean_unshared_bits = nsum / (double)tab->nodes;
  s->edges = s->max_load = 0;
  for (int64_t i = 0; i < t->nodes * t->nports; i++) {
    s->edges += r->load[i];
    s->max_load = r->load[i] > s->max_load ? r->load[i] : s->max_load;
  }
}

static const struct seed_row *seed_for(const struct fcsim_topo *t, const char *pattern)
{
  if (t->kind != FCSIM_TOPO_TORUS || t->ndims != 3 || t->dims[0] != 4 || t->dims[1] != 4 || t->dims[2] != 4)
    return NULL;
  for (size_t i = 0; i < sizeof table57 / sizeof table57[0]; i++)
    if (!strcmp(pattern, table57[i].pattern))
      return &table57[i];
  return NULL;
}

static void print_summary(const struct coll_opts *o, const struct fcsim_topo *t, const struct fcsim_coll_tables *tab,
                          const struct coll_summary *s)
{
  int op = o->op == FCSIM_COLL_REDUCTION;
  printf("network        %lld nodes, %d ports each\n", (long long)t->nodes, t->nports);
  printf("collective     %s %s, %s, %lld trees, %lld tree edges, busiest link %lld edges\n",
         o->alg == FCSIM_COLL_RPM ? "rpm" : "ocr", op ? "reduction" : "multicast", o->pattern, (long long)s->trees,
         (long long)s->edges, (long long)s->max_load);
  printf("%-14s %.1f bits/node mean (%.4f%% of on-chip memory), %.0f max\n", op ? "reduction" : "multicast",
         s->mean_bits, 100.0 * s->mean_bits / FCSIM_COLL_ONCHIP_BITS, s->max_bits);
  if (!op)
    printf("               %.1f bits/node mean with one entry per tree per node (no sharing)\n", s->mean_unshared_bits);
  if (op)
    printf("               + %.1f bits/node of unicast entries carrying the reductions' exit ports\n",
           s->mean_unicast_bits);
  const struct seed_row *row = seed_for(t, o->pattern);
  if (row)
    printf("seed Table 5.7 %.0f bits (%.3g%%)  [fcsim mean %.1f, ratio %.2f%s]\n", row->bits[op], row->percent[op],
           op ? s->mean_bits : s->mean_unshared_bits, (op ? s->mean_bits : s->mean_unshared_bits) / row->bits[op],
           op ? "" : ", unshared");
  printf("tables         %s/node<ID>.{unicast,multicast,reduction}.{hex,bin} and tables.json (%lld nodes)\n", o->out,
         (long long)tab->nodes);
  printf("max_buffer     not computed offline: Table 5.8 is measured in simulation (docs/COLLECTIVES.md)\n");
}

static int write_json(const char *path, const struct coll_opts *o, const struct fcsim_topo *t,
                      const struct fcsim_coll_tables *tab, const struct coll_summary *s, struct fcsim_error *err)
{
  json_t *mb = json_array(), *rb = json_array();
  for (int64_t v = 0; v < tab->nodes; v++) {
    json_array_append_new(mb, json_integer(fcsim_coll_multicast_table_bits(tab, v)));
    json_array_append_new(rb, json_integer(fcsim_coll_reduction_table_bits(tab, v)));
  }
  char dims[128] = "";
  for (int d = 0; d < t->ndims; d++)
    snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "%s%d", d ? "x" : "", t->dims[d]);
  json_t *doc = json_pack(
      "{s:s,s:{s:s,s:s,s:s,s:s,s:s,s:s},s:{s:o,s:o,s:f,s:f,s:f,s:n,s:I,s:I,s:I}}", "fcsim", FCSIM_VERSION, "config",
      "network.topology", t->kind == FCSIM_TOPO_TORUS ? "torus" : "mesh", "network.dims", dims, "algorithm",
      o->alg == FCSIM_COLL_RPM ? "rpm" : "ocr", "pattern", o->pattern, "op",
      o->op == FCSIM_COLL_REDUCTION ? "reduction" : "multicast", "out", o->out, "metrics", "multicast_table_bits", mb,
      "reduction_table_bits", rb, "mean_table_bits", s->mean_bits, "mean_unshared_table_bits", s->mean_unshared_bits,
      "onchip_percent", 100.0 * s->mean_bits / FCSIM_COLL_ONCHIP_BITS, "max_buffer_flits", "trees",
      (json_int_t)s->trees, "tree_edges", (json_int_t)s->edges, "max_link_load", (json_int_t)s->max_load);
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  int rc = 0;
  if (!doc || json_dump_file(doc, tmp, JSON_INDENT(1)) || rename(tmp, path)) {
    remove(tmp);
    rc = fcsim_error_set(err, FCSIM_EIO, "cannot write %s", path);
  }
  json_decref(doc);
  return rc;
}

/* Trees of every source with destinations, checked against the turn rule. */
static int build_trees(const struct coll_opts *o, const struct fcsim_topo *t, const struct fcsim_coll_pattern *pat,
                       struct fcsim_coll_router *r, struct fcsim_coll_tree *trees, int64_t *ntrees,
                       struct fcsim_error *err)
{
  int rc = fcsim_coll_router_init(r, t, o->alg, err);
  for (int64_t s = 0; s < t->nodes && !rc; s++) {
    int64_t n = pat->start[s + 1] - pat->start[s];
    if (n || (pat->line[s] && o->op == FCSIM_COLL_REDUCTION))
      rc = fcsim_coll_tree_build(r, s, pat->dst + pat->start[s], n, &trees[(*ntrees)++], err);
    if (rc)
      (*ntrees)--;
  }
  if (!rc && fcsim_coll_trees_check(t, trees, *ntrees, err))
    rc = FCSIM_EINTERNAL;
  return rc;
}

static int run_build(const struct coll_opts *o, const struct fcsim_params *p, struct fcsim_error *err)
{
  if (p->topology != FCSIM_TOPO_TORUS && p->topology != FCSIM_TOPO_MESH)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "collective trees are built on a torus or a mesh (network.topology = torus or mesh: OCR "
                           "and RPM route by coordinates); this network.topology is not one");
  struct fcsim_topo t;
  int rc = fcsim_topo_init(&t, p, err);
  if (rc)
    return rc;
  struct fcsim_coll_pattern pat;
  int64_t subset = o->subset >= 0 ? o->subset : (t.nodes - 1) / 2;
  if ((rc = fcsim_coll_pattern_build(&pat, &t, o->pattern, subset, p->seed, p->max_input_bytes, err))) {
    fcsim_topo_destroy(&t);
    return rc;
  }
  struct fcsim_coll_router r = {0};
  struct fcsim_coll_tables tab = {0};
  struct fcsim_coll_tree *trees = calloc((size_t)t.nodes, sizeof *trees);
  int64_t ntrees = 0;
  rc = trees ? check_pattern(&pat, o->op, err) : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (!rc)
    rc = build_trees(o, &t, &pat, &r, trees, &ntrees, err);
  if (!rc)
    rc = fcsim_coll_tables_build(&t, trees, ntrees, o->op, &tab, err);
  char desc[512];
  snprintf(desc, sizeof desc, "%s %s trees, pattern %s", o->alg == FCSIM_COLL_RPM ? "rpm" : "ocr",
           o->op == FCSIM_COLL_REDUCTION ? "reduction" : "multicast", o->pattern);
  if (!rc)
    rc = fcsim_coll_tables_write(&tab, &t, o->out, desc, err);
  if (!rc) {
    struct coll_summary s = {.trees = ntrees};
    summarise(&tab, &r, &t, &s);
    if (!o->base.quiet)
      print_summary(o, &t, &tab, &s);
    if (o->base.json_path)
      rc = write_json(o->base.json_path, o, &t, &tab, &s, err);
  }
  for (int64_t i = 0; i < ntrees; i++)
    fcsim_coll_tree_destroy(&trees[i]);
  free(trees);
  fcsim_coll_tables_destroy(&tab);
  fcsim_coll_router_destroy(&r);
  fcsim_coll_pattern_destroy(&pat);
  fcsim_topo_destroy(&t);
  return rc;
}

/* Builds and writes the tables of `pattern` quietly (for `collective run`). */
int fcsim_coll_cli_build(const struct fcsim_params *p, const char *pattern, enum fcsim_coll_algorithm alg,
                         enum fcsim_coll_op op, long long subset, const char *out, struct fcsim_error *err)
{
  struct coll_opts o;
  memset(&o, 0, sizeof o);
  o.base.quiet = 1;
  o.pattern = pattern;
  o.out = out;
  o.alg = alg;
  o.op = op;
  o.subset = subset;
  return run_build(&o, p, err);
}

int fcsim_cmd_collective(int argc, char **argv)
{
  if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    fputs(coll_usage, argc < 1 ? stderr : stdout);
    return argc < 1 ? FCSIM_EXIT_USAGE : FCSIM_EXIT_OK;
  }
  if (!strcmp(argv[0], "run"))
    return fcsim_cmd_collective_run(argc - 1, argv + 1);
  if (strcmp(argv[0], "build"))
    return usage_error("unknown collective action `%s` (expected build or run)", argv[0]);
  struct coll_opts o;
  int rc = parse(argc - 1, argv + 1, &o);
  if (rc)
    return rc;
  if (o.base.help) {
    fputs(coll_usage, stdout);
    return FCSIM_EXIT_OK;
  }
  struct fcsim_config *cfg = cli_load_config(&o.base);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  struct fcsim_params p;
  struct fcsim_error err = {0};
  rc = fcsim_config_resolve(cfg, &p, &err);
  if (!rc)
    rc = run_build(&o, &p, &err);
  fcsim_config_destroy(cfg);
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    return rc == FCSIM_EINTERNAL ? FCSIM_EXIT_FAIL : cli_exit_for(rc);
  }
  return FCSIM_EXIT_OK;
}
