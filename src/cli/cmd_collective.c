/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim collective build: offline collective routing. Builds the OCR or RPM
 * trees of a destination pattern on the configured network, checks them,
 * writes the node tables (Fig. 4.12 layouts, hex + binary + JSON) and prints
 * the table bits per node beside the seed's Table 5.7. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "collective/collective.h"
#include "config/config.h"


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
  fcsim_cli_error("%s\n%s", msg, cli_usage("collective build"));
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
    rc = cli_parse(nrest, rest, &o->base, 0, cli_usage("collective build"));
  free(rest);
  if (!rc && !o->base.help && (!o->pattern || !o->out))
    rc = usage_error("collective build needs %s", !o->pattern ? "--pattern" : "--out DIR");
  return rc;
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
    printf("Novo-G# thesis Table 5.7 %.0f bits (%.3g%%)  [fcsim mean %.1f, ratio %.2f%s]\n", row->bits[op], row->percent[op],
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
  /* a temporary file renamed over the target, or stdout for `-` */
  struct cli_out out;
  int rc = 0;
  if (cli_out_open(&out, path))
    rc = fcsim_error_set(err, FCSIM_EIO, "cannot write %s", path);
  else if (!doc || json_dumpf(doc, out.f, JSON_INDENT(1)) || fputc('\n', out.f) == EOF) {
    cli_out_abort(&out);
    rc = fcsim_error_set(err, FCSIM_EIO, "cannot write %s", path);
  } else if (cli_out_commit(&out))
    rc = fcsim_error_set(err, FCSIM_EIO, "cannot write %s", path);
  json_decref(doc);
  return rc;
}

/* Builds and writes the tables (collective/build.c), then prints and
 * writes the summary. */
static int run_build(const struct coll_opts *o, const struct fcsim_params *p, struct fcsim_error *err)
{
  struct fcsim_coll_build b = {.alg = o->alg, .op = o->op};
  int rc = fcsim_coll_build_run(&b, p, o->pattern, o->subset, o->out, err);
  if (!rc) {
    struct coll_summary s = {.trees = b.ntrees};
    summarise(&b.tab, &b.r, &b.t, &s);
    if (!o->base.quiet)
      print_summary(o, &b.t, &b.tab, &s);
    if (o->base.json_path)
      rc = write_json(o->base.json_path, o, &b.t, &b.tab, &s, err);
  }
  fcsim_coll_build_free(&b);
  return rc;
}

int fcsim_cmd_collective(int argc, char **argv)
{
  if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    FILE *to = argc < 1 ? stderr : stdout;
    fputs(cli_usage("collective"), to);
    fputs(cli_usage("collective build"), to);
    fputs(cli_usage("collective run"), to);
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
    fputs(cli_usage("collective build"), stdout);
    return FCSIM_EXIT_OK;
  }
  if (cli_out_is_stdout(o.out))
    return usage_error("--out %s: the tables are a folder of files; name a folder (`-` is stdout only for --json)",
                       o.out);
  if (cli_out_is_stdout(o.base.json_path))
    o.base.quiet = 1; /* stdout carries the JSON only */
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
