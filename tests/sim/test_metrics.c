/* SPDX-License-Identifier: BSD-3-Clause */
/* The metric registry (include/fcsim/metrics.h) declares every field every
 * command writes: the JSON of run (several models, links, traces, protocol
 * links, histograms), sweep, tune, topo, collective build and run, app link
 * and halo, and every model is walked, and an undeclared field fails. Also
 * docs/METRICS.md kept in step with `fcsim help metrics --markdown`. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "fcsim/metrics.h"
#include "fcsim/model.h"
#include "test_support.h"

extern const struct fcsim_model_ops fcsim_link_app, fcsim_halo_app; /* apps/link, apps/halo */

#define EX    FCSIM_SOURCE_DIR "/examples/"
#define SHORT "--set", "sim.warmup_cycles=100", "--set", "sim.measure_cycles=500", "--set", "sim.drain_cycles=2000"
/* saturated: the source queues grow, so the drain is cut long before its 20000 cycles */
#define CUT                                                                                                            \
  "--set", "sim.warmup_cycles=100", "--set", "sim.measure_cycles=500", "--set", "sim.drain_cycles=20000", "--set",     \
      "network.dims=4x4", "--set", "traffic.rate=4"

/* Fails on the first leaf of `v` (under the dotted `path`) not declared. */
static void walk(const char *output, const struct fcsim_model_ops *m, const char *path, json_t *v, const char *what)
{
  char sub[1024];
  if (json_is_object(v)) {
    const char *k;
    json_t *x;
    json_object_foreach(v, k, x)
    {
      snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", k);
      walk(output, m, sub, x, what);
    }
    return;
  }
  if (json_is_array(v)) {
    size_t i;
    json_t *x;
    json_array_foreach(v, i, x)
    {
      snprintf(sub, sizeof sub, "%s.%zu", path, i);
      walk(output, m, sub, x, what);
      if (i >= 2) /* the rest repeat the same fields */
        break;
    }
    return;
  }
  if (!fcsim_metric_lookup(output, m, path))
    fail_msg("%s writes `%s`, which the metric registry (%s) does not declare", what, path, output);
}

/* Runs `args` + `--json FILE` and walks every JSON value (or line) of FILE. */
static void check(const char *output, const struct fcsim_model_ops *m, const char *const *args)
{
  char path[] = "/tmp/fcsim-metrics-XXXXXX";
  close(mkstemp(path));
  const char *argv[64];
  int n = 0;
  for (; args[n]; n++)
    argv[n] = args[n];
  argv[n++] = "--json";
  argv[n++] = path;
  argv[n] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, argv), 0);
  if (r.status != 0)
    fail_msg("fcsim %s %s: exit %d: %s", args[0], args[1] ? args[1] : "", r.status, r.err);
  char *text = ts_read_file(path);
  assert_non_null(text);
  int values = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    json_error_t e;
    json_t *doc = json_loads(line, JSON_DECODE_ANY, &e);
    if (!doc) { /* an indented document: parse the whole file */
      json_t *whole = json_load_file(path, 0, &e);
      assert_non_null(whole);
      walk(output, m, "", whole, args[0]);
      json_decref(whole);
      values++;
      break;
    }
    walk(output, m, "", doc, args[0]);
    json_decref(doc);
    values++;
  }
  assert_true(values > 0);
  free(text);
  unlink(path);
  ts_result_free(&r);
}

static void test_run_outputs(void **state)
{
  /* the walk can fail: a field nobody declared is not found */
  assert_null(fcsim_metric_lookup("run", NULL, "metrics.no_such_field"));
  assert_null(fcsim_metric_lookup("run", NULL, "metrics.fc_model.line_cycles.extra"));
  assert_non_null(fcsim_metric_lookup("topo", NULL, "links.classes.3.latency_ns"));
  const char *dflt[] = {"run", SHORT, "--links", "--histogram", NULL};
  const char *batch[] = {"run", EX "batch-transpose.ini", SHORT, "--set", "network.dims=4x4", NULL};
  const char *tnw[] = {"run", EX "links/network-tnw.ini", SHORT, "--links", NULL};
  const char *fc[] = {"run", EX "links/network-tnw.ini", SHORT, "--set", "link.protocol=fc", "--links", NULL};
  const char *trace[] = {"run", EX "trace/run.ini", NULL};
  const char *bee3[] = {"run", EX "bee3/two-x4.ini", SHORT, NULL};
  const char *vcsn[] = {
      "run", EX "vcsn/vcsn.ini", "--set", "traffic.mode=trace", "--set", "traffic.trace=" EX "vcsn/p2p.csv", NULL};
  const char *sw[] = {"run", EX "p2p40g/e40g-switched.ini", SHORT, NULL};
  /* replications (their statistics, seeds, verdict counts), one of them saturated with its drain cut */
  const char *reps[] = {"run",     SHORT,         "--set", "network.dims=4x4", "--replications", "2",
                        "--links", "--histogram", NULL};
  const char *cut[] = {"run", CUT, "--replications", "2", NULL};
  const char *const *runs[] = {dflt, batch, tnw, fc, trace, bee3, vcsn, sw, reps, cut};
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
    check("run", NULL, runs[i]);
  const char *sweep[] = {"sweep",   SHORT, "--set", "network.dims=4x4", "--vary", "traffic.rate=0.1:0.2:0.1",
                         "--quiet", NULL};
  check("run", NULL, sweep);
  const char *sweep_reps[] = {
      "sweep", SHORT,     "--set", "network.dims=4x4", "--vary", "traffic.rate=0.1:0.2:0.1", "--replications",
      "2",     "--quiet", NULL};
  check("run", NULL, sweep_reps);
}

static void test_other_outputs(void **state)
{
  const char *topo[] = {"topo", NULL};
  const char *topo_bee3[] = {"topo", EX "bee3/two-x4.ini", NULL};
  check("topo", NULL, topo);
  check("topo", NULL, topo_bee3);
  char *dir = ts_temp_dir("fcsim-metrics-dir");
  assert_non_null(dir);
  const char *cb[] = {"collective", "build", "--set", "network.dims=2x2x2", "--pattern", "cube-nn", "--out", dir, NULL};
  check("collective-build", NULL, cb);
  assert_int_equal(ts_remove_tree(dir), 0);
  free(dir);
  const char *cr[] = {"collective", "run",   EX "collective.ini",       "--set", "network.dims=2x2x2", "--pattern",
                      "cube-nn",    "--set", "traffic.batch_packets=2", NULL};
  check("collective-run", NULL, cr);
  const char *tune[] = {
      "tune",  EX "tune-4x4x4/cube-nn.ini", "--space", "router.vcs=2,4", "--set", "network.dims=2x2x2",
      "--set", "traffic.batch_packets=2",   "--quiet", "--workers",      "1",     NULL};
  check("tune", NULL, tune);
  const char *tune_reps[] = {"tune",    EX "tune-4x4x4/cube-nn.ini",
                             "--space", "router.vcs=2,4",
                             "--set",   "network.dims=2x2x2",
                             "--set",   "traffic.batch_packets=2",
                             "--quiet", "--workers",
                             "1",       "--replications",
                             "2",       NULL};
  check("tune", NULL, tune_reps);
  /* two workloads (the global best, gain_seed, per_workload_gain) with --exclude-saturated */
  const char *tune_two[] = {"tune",
                            EX "tune-4x4x4/cube-nn.ini",
                            EX "tune-4x4x4/bitcomp.ini",
                            "--space",
                            "router.vcs=2,4",
                            "--set",
                            "network.dims=2x2x2",
                            "--set",
                            "traffic.batch_packets=2",
                            "--quiet",
                            "--workers",
                            "1",
                            "--exclude-saturated",
                            NULL};
  check("tune", NULL, tune_two);
  const char *link[] = {"app", "link", "--set", "bytes=64KiB", NULL};
  check("app", &fcsim_link_app, link);
  const char *halo[] = {"app", "halo", EX "links/halo.ini", NULL};
  check("app", &fcsim_halo_app, halo);
  const char *fft[] = {"app", "fft", EX "fft/16-on-4.ini", NULL};
  const char *stream[] = {"app", "stream", "--links", "fc", "--preset", "tsunami-small", NULL};
  const char *ring[] = {"app", "ring", "--set", "app.bytes=64KiB", "--set", "app.nodes=4", NULL};
  check("app-fft", NULL, fft);
  check("app-stream", NULL, stream);
  check("app-ring", NULL, ring);
#define SMALL "--set", "app.bytes=64KiB", "--set", "app.nodes=4", NULL
  const char *const gathers[][10] = {{"app", "gather", "--schedule", "tree", SMALL},
                                     {"app", "scatter", "--schedule", "ring", SMALL},
                                     {"app", "allgather", "--schedule", "tree", SMALL}};
  for (size_t i = 0; i < 3; i++)
    check("app-gather", NULL, gathers[i]);
  for (const struct fcsim_model_ops *const *m = fcsim_model_list(); *m; m++) {
    const char *model[] = {"model", (*m)->name, NULL};
    check("model", *m, model);
  }
}

/* `fcsim app link`'s fields are plain declarations ("app-link"): every
 * result of the link table is declared there, and every declared result is
 * one of the table's (no stale row). */
static void test_link_app_declared(void **state)
{
  (void)state;
  const struct fcsim_metric_table *t = fcsim_metric_table_find("app-link");
  assert_non_null(t);
  for (size_t i = 0; i < fcsim_link_app.n_results; i++) {
    char path[128];
    snprintf(path, sizeof path, "metrics.%s", fcsim_link_app.results[i].name);
    const struct fcsim_metric *m = fcsim_metric_lookup("app", &fcsim_link_app, path);
    if (!m || strcmp(m->path, path))
      fail_msg("app link result %s has no declaration in app-link", path);
    assert_true(m >= t->rows && m < t->rows + t->n); /* the table's row, not one made from the model table */
  }
  size_t declared = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (strncmp(t->rows[i].path, "metrics.", 8))
      continue;
    declared++;
    size_t j = 0;
    while (j < fcsim_link_app.n_results && strcmp(fcsim_link_app.results[j].name, t->rows[i].path + 8))
      j++;
    if (j == fcsim_link_app.n_results)
      fail_msg("app-link declares %s, which app link does not write", t->rows[i].path);
  }
  assert_int_equal(declared, fcsim_link_app.n_results);
}

static void test_metrics_doc_in_step(void **state)
{
  struct ts_result r;
  const char *args[] = {"help", "metrics", "--markdown", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  char *doc = ts_read_file(FCSIM_SOURCE_DIR "/docs/METRICS.md");
  assert_non_null(doc);
  if (strcmp(doc, r.out))
    fail_msg("docs/METRICS.md is out of date: regenerate with `fcsim help metrics --markdown > docs/METRICS.md`");
  free(doc);
  ts_result_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_run_outputs),
      cmocka_unit_test(test_other_outputs),
      cmocka_unit_test(test_link_app_declared),
      cmocka_unit_test(test_metrics_doc_in_step),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
