/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim collective run: collectives simulated on the configured network
 * (seed 000 §5.2.2, Figs. 5.21-5.22). For every pattern and operation it
 * builds the OCR and the RPM tables into a temporary folder, runs them with
 * router.model (voq or ring) in batch or continuous mode, and reports OCR's
 * gain over RPM per pattern and as a geometric mean per operation. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "collective/collective.h"
#include "config/config.h"
#include "fcsim/sim.h"


#define MAX_PATTERNS 8

/* Options of `collective run`. */
struct run_opts {
  struct cli_opts base;              /* CONFIG, --set, --json */
  char patterns[512];                /* --pattern list (comma separated, split in place) */
  const char *pattern[MAX_PATTERNS]; /* the patterns */
  int npatterns;
  int ops;          /* bit 0 multicast, bit 1 reduction */
  int continuous;   /* --mode continuous */
  long long subset; /* --subset, -1 = default */
};

static int usage(const char *fmt, const char *arg)
{
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg);
  fcsim_cli_error("%s\n%s", msg, cli_usage("collective run"));
  return FCSIM_EXIT_USAGE;
}

static int parse_value(struct run_opts *o, const char *a, const char *v)
{
  if (!strcmp(a, "--pattern")) {
    snprintf(o->patterns, sizeof o->patterns, "%s", v);
  } else if (!strcmp(a, "--op")) {
    o->ops = !strcmp(v, "multicast") ? 1 : !strcmp(v, "reduction") ? 2 : !strcmp(v, "both") ? 3 : 0;
    if (!o->ops)
      return usage("--op `%s`: expected multicast, reduction or both", v);
  } else if (!strcmp(a, "--mode")) {
    if (strcmp(v, "batch") && strcmp(v, "continuous"))
      return usage("--mode `%s`: expected batch or continuous", v);
    o->continuous = !strcmp(v, "continuous");
  } else {
    char *end;
    o->subset = strtoll(v, &end, 10);
    if (*end || end == v || o->subset < 0)
      return usage("--subset `%s`: expected a number of destinations per source", v);
  }
  return 0;
}

static int parse(int argc, char **argv, struct run_opts *o)
{
  memset(o, 0, sizeof *o);
  o->subset = -1;
  snprintf(o->patterns, sizeof o->patterns, "all-to-all,cube-nn,bitrot");
  char **rest = malloc((size_t)(argc + 1) * sizeof *rest);
  int nrest = 0, rc = 0;
  if (!rest)
    return FCSIM_EXIT_FAIL;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--pattern") || !strcmp(a, "--op") || !strcmp(a, "--mode") || !strcmp(a, "--subset")) {
      if (i + 1 >= argc)
        rc = usage("option %s needs a value", a);
      else
        rc = parse_value(o, a, argv[++i]);
    } else {
      rest[nrest++] = argv[i];
    }
  }
  if (!rc)
    rc = cli_parse(nrest, rest, &o->base, 0, cli_usage("collective run"));
  free(rest);
  if (!o->ops)
    o->ops = o->continuous ? 1 : 3;
  if (!rc && o->continuous && (o->ops & 2))
    rc = usage("%s: continuous runs are multicast only (Novo-G# thesis Fig. 5.22); use --mode batch for reductions",
               "--op reduction");
  for (char *t = strtok(o->patterns, ","); t && !rc; t = strtok(NULL, ",")) {
    if (o->npatterns == MAX_PATTERNS)
      rc = usage("--pattern: at most %s patterns", "8");
    else
      o->pattern[o->npatterns++] = t;
  }
  return rc;
}

/* Removes the table folder written by a build. */
static void remove_dir(const char *dir)
{
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    char path[4352];
    while ((e = readdir(d)))
      if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        remove(path);
      }
    closedir(d);
  }
  rmdir(dir);
}

/* The Table 5.2 metrics of a run, as JSON. */
static json_t *metrics_json(const struct fcsim_sim *sim)
{
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  uint64_t max_buffer_flits = 0; /* kept by the voq and ring routers */
  fcsim_sim_model_metric(sim, "max_buffer_flits", &max_buffer_flits);
  return json_pack("{s:f,s:f,s:f,s:f,s:f,s:I,s:I,s:I,s:I,s:b}", "total_latency", s->total_latency, "avg_latency",
                   s->avg_latency, "worst_latency", s->worst_latency, "send_throughput", s->send_throughput,
                   "recv_throughput", s->recv_throughput, "max_busy_vcs", (json_int_t)s->max_busy_vcs,
                   "max_buffer_flits", (json_int_t)max_buffer_flits, "packets_measured",
                   (json_int_t)s->packets_measured, "packets_delivered", (json_int_t)s->packets_delivered, "saturated",
                   s->saturated);
}

/* One simulation: build the tables, run, read the figure. *value is the
 * batch latency (batch) or the average latency (continuous). */
static int run_one(const struct run_opts *o, const struct fcsim_config *base, const char *pattern,
                   enum fcsim_coll_algorithm alg, enum fcsim_coll_op op, double *value, json_t **metrics,
                   struct fcsim_error *err)
{
  struct fcsim_params p;
  int rc = fcsim_config_resolve(base, &p, err);
  if (rc)
    return rc;
  const char *tmp = getenv("TMPDIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/fcsim-coll-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
  if (!mkdtemp(dir))
    return fcsim_error_set(err, FCSIM_EIO, "cannot create a temporary folder in %s", tmp ? tmp : "/tmp");
  rc = fcsim_coll_build_tables(&p, pattern, alg, op, o->subset, dir, err);
  struct fcsim_config *cfg = rc ? NULL : fcsim_config_clone(base);
  struct fcsim_sim *sim = NULL;
  if (!rc && !cfg)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (!rc && !(rc = fcsim_config_set(cfg, "router.tables", dir, "collective run", err)))
    rc =
        fcsim_config_set(cfg, "traffic.mode", o->continuous ? "collective" : "collective-batch", "collective run", err);
  if (!rc)
    rc = fcsim_sim_create(cfg, &sim, err);
  if (!rc)
    rc = fcsim_sim_run(sim, NULL, NULL, err);
  if (!rc) {
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    *value = o->continuous ? s->avg_latency : s->total_latency;
    *metrics = metrics_json(sim);
    int64_t done = 0;
    for (int64_t i = 0; i < s->nmessages; i++)
      done += s->message_complete[i] != UINT64_MAX;
    if (!o->continuous && (done != s->nmessages || !s->drained))
      rc = fcsim_error_set(
          err, FCSIM_EINTERNAL, "%s %s %s: %lld of %lld collectives completed with every copy delivered once",
          alg == FCSIM_COLL_RPM ? "rpm" : "ocr", op == FCSIM_COLL_REDUCTION ? "reduction" : "multicast", pattern,
          (long long)done, (long long)s->nmessages);
  }
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
  remove_dir(dir);
  return rc;
}

/* RPM's multicast again with OCR's header (a table index): the gain of the
 * trees alone. Only when traffic.collective_header is `auto` (RPM then
 * carries its bit-vector). *value < 0: not run. */
static int run_equal_headers(const struct run_opts *o, const struct fcsim_config *cfg, const char *pattern,
                             double *value, json_t **metrics, struct fcsim_error *err)
{
  const char *h = fcsim_config_get(cfg, "traffic.collective_header");
  *value = -1;
  *metrics = NULL;
  if (h && strcmp(h, "auto"))
    return 0;
  struct fcsim_config *c = fcsim_config_clone(cfg);
  if (!c)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = fcsim_config_set(c, "traffic.collective_header", "index", "collective run", err);
  if (!rc)
    rc = run_one(o, c, pattern, FCSIM_COLL_RPM, FCSIM_COLL_MULTICAST, value, metrics, err);
  fcsim_config_destroy(c);
  return rc;
}

/* Runs every (pattern, op) with both algorithms; prints and collects. */
static int run_all(const struct run_opts *o, const struct fcsim_config *cfg, json_t *runs, json_t *gains,
                   struct fcsim_error *err)
{
  static const char *const opname[2] = {"multicast", "reduction"};
  double logsum[2] = {0}, logall = 0, logtree = 0, loghead = 0;
  int n[2] = {0}, nall = 0, nsplit = 0, rc = 0;
  if (!o->base.quiet)
    printf("%-14s %-10s %14s %14s %8s\n", "pattern", "op", o->continuous ? "ocr avg_lat" : "ocr batch_lat",
           o->continuous ? "rpm avg_lat" : "rpm batch_lat", "gain");
  for (int pi = 0; pi < o->npatterns && !rc; pi++)
    for (int op = 0; op < 2 && !rc; op++) {
      if (!(o->ops & (1 << op)))
        continue;
      double v[2] = {0};
      json_t *m[2] = {NULL, NULL};
      for (int a = 0; a < 2 && !rc; a++)
        rc = run_one(o, cfg, o->pattern[pi], a ? FCSIM_COLL_RPM : FCSIM_COLL_OCR,
                     op ? FCSIM_COLL_REDUCTION : FCSIM_COLL_MULTICAST, &v[a], &m[a], err);
      if (rc) {
        json_decref(m[0]);
        json_decref(m[1]);
        break;
      }
      double gain = v[0] > 0 ? v[1] / v[0] - 1.0 : 0.0, eq = -1;
      json_t *meq = NULL;
      if (!op && !o->continuous)
        rc = run_equal_headers(o, cfg, o->pattern[pi], &eq, &meq, err);
      if (rc) {
        json_decref(m[0]);
        json_decref(m[1]);
        break;
      }
      if (!o->base.quiet)
        printf("%-14s %-10s %14.1f %14.1f %7.1f%%\n", o->pattern[pi], opname[op], v[0], v[1], 100.0 * gain);
      json_t *run = json_pack("{s:s,s:s,s:o,s:o,s:f}", "pattern", o->pattern[pi], "op", opname[op], "ocr", m[0], "rpm",
                              m[1], "gain", gain);
      if (meq && v[0] > 0 && eq > 0) {
        double gt = eq / v[0] - 1.0, gh = v[1] / eq - 1.0;
        json_object_set_new(run, "rpm_equal_headers", meq);
        json_object_set_new(run, "gain_trees", json_real(gt));
        json_object_set_new(run, "gain_headers", json_real(gh));
        logtree += log1p(gt), loghead += log1p(gh), nsplit++;
        if (!o->base.quiet)
          printf("%-14s %-10s %14s %14.1f %7.1f%%  rpm with OCR's header (trees); its bit-vector adds %.1f%%\n", "", "",
                 "", eq, 100.0 * gt, 100.0 * gh);
      } else {
        json_decref(meq);
      }
      json_array_append_new(runs, run);
      logsum[op] += log1p(gain), n[op]++;
      logall += log1p(gain), nall++;
    }
  for (int op = 0; op < 2 && !rc; op++)
    if (n[op]) {
      double g = expm1(logsum[op] / n[op]);
      json_object_set_new(gains, opname[op], json_real(g));
      if (!o->base.quiet)
        printf("geometric mean gain, %s: %.1f%%\n", opname[op], 100.0 * g);
    }
  if (!rc && nall)
    json_object_set_new(gains, "all", json_real(expm1(logall / nall)));
  if (!rc && nsplit) { /* gain.multicast = (1 + trees)(1 + headers) - 1 */
    json_object_set_new(gains, "multicast_trees", json_real(expm1(logtree / nsplit)));
    json_object_set_new(gains, "multicast_headers", json_real(expm1(loghead / nsplit)));
    if (!o->base.quiet)
      printf("geometric mean gain, multicast: trees (equal headers) %.1f%%, RPM's bit-vector header %.1f%%\n",
             100.0 * expm1(logtree / nsplit), 100.0 * expm1(loghead / nsplit));
  }
  return rc;
}

static int write_json(const char *path, const struct run_opts *o, const struct fcsim_config *cfg, json_t *runs,
                      json_t *gains, struct fcsim_error *err)
{
  json_t *doc = json_pack("{s:s,s:{s:s?,s:s?,s:s?,s:s},s:O,s:O}", "fcsim", FCSIM_VERSION, "config", "network.dims",
                          fcsim_config_get(cfg, "network.dims"), "router.model", fcsim_config_get(cfg, "router.model"),
                          "traffic.rate", fcsim_config_get(cfg, "traffic.rate"), "mode",
                          o->continuous ? "continuous" : "batch", "runs", runs, "gain", gains);
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

int fcsim_cmd_collective_run(int argc, char **argv)
{
  struct run_opts o;
  int rc = parse(argc, argv, &o);
  if (rc)
    return rc;
  if (o.base.help) {
    fputs(cli_usage("collective run"), stdout);
    return FCSIM_EXIT_OK;
  }
  if (cli_out_is_stdout(o.base.json_path))
    o.base.quiet = 1; /* stdout carries the JSON only */
  struct fcsim_config *cfg = cli_load_config(&o.base);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  struct fcsim_error err = {0};
  json_t *runs = json_array(), *gains = json_object();
  rc = run_all(&o, cfg, runs, gains, &err);
  if (!rc && o.base.json_path)
    rc = write_json(o.base.json_path, &o, cfg, runs, gains, &err);
  json_decref(runs);
  json_decref(gains);
  fcsim_config_destroy(cfg);
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    return rc == FCSIM_EINTERNAL ? FCSIM_EXIT_FAIL : cli_exit_for(rc);
  }
  return FCSIM_EXIT_OK;
}
