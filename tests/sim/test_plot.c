/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim plot` end to end: every kind of figure (sweep, run, tune, model)
 * renders to PNG and SVG from a result fcsim just wrote (JSON, JSON Lines and
 * CSV), gnuplot exits 0 and the image is non-empty; a file that is not an
 * fcsim result, a run without per-link data and a missing gnuplot are
 * refused with exit 2 and one message; gnuplot's own failure is fcsim's
 * one-line message with exit 1. Skipped when gnuplot is absent (except
 * the failure, drawn by a stand-in). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

/* A 4x4 torus with short links and runs: a point takes a few milliseconds. */
static const char torus_ini[] = "[network]\ndims = 4x4\nlink_latency = 4\n"
                                "[router]\nvcs = 2\n"
                                "[traffic]\npattern = uniform\nrate = 0.3\npacket_size = 4\n"
                                "[sim]\nwarmup_cycles = 300\nmeasure_cycles = 1500\ndrain_cycles = 3000\n";

static char dir[256], ini[300];

static char *path_in(const char *name)
{
  static char buf[8][512];
  static int k;
  char *p = buf[k++ % 8];
  snprintf(p, 512, "%s/%s", dir, name);
  return p;
}

static int gnuplot_present(void)
{
  return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

static void run_ok(const char *const *args)
{
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 0)
    fprintf(stderr, "fcsim %s failed: %s\n", args[0], r.err);
  assert_int_equal(r.status, 0);
  ts_result_free(&r);
}

static int setup(void **state)
{
  char *d = ts_temp_dir("fcsim-plot-test");
  if (!d)
    return -1;
  snprintf(dir, sizeof dir, "%s", d);
  free(d);
  snprintf(ini, sizeof ini, "%s/torus.ini", dir);
  FILE *f = fopen(ini, "w");
  if (!f)
    return -1;
  fputs(torus_ini, f);
  fclose(f);
  return 0;
}

static int teardown(void **state)
{
  return ts_remove_tree(dir);
}

/* Draws `results` into NAME.png and NAME.svg; checks both are images. */
static void plot_both(const char *results, const char *name, const char *kind)
{
  for (int svg = 0; svg < 2; svg++) {
    char out[512];
    snprintf(out, sizeof out, "%s/%s.%s", dir, name, svg ? "svg" : "png");
    const char *args[] = {"plot", results, "--out", out, NULL};
    struct ts_result r;
    assert_int_equal(ts_run_cli(&r, args), 0);
    if (r.status)
      fprintf(stderr, "plot %s: %s\n", results, r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, kind));
    ts_result_free(&r);
    struct stat st;
    assert_int_equal(stat(out, &st), 0);
    assert_true(st.st_size > 1000);
    char *img = ts_read_file(out);
    assert_non_null(img);
    if (svg)
      assert_non_null(strstr(img, "<svg"));
    else
      assert_memory_equal(img, "\x89PNG", 4);
    free(img);
  }
}

static void test_sweep(void **state)
{
  if (!gnuplot_present())
    skip();
  /* the latency criterion off: the curve runs past the knee, to draw it */
  const char *a[] = {"sweep",   ini,
                     "--vary",  "traffic.rate=0.2:1.4:0.4",
                     "--set",   "sim.saturation_latency_factor=0",
                     "--json",  path_in("dor.jsonl"),
                     "--csv",   path_in("dor.csv"),
                     "--quiet", NULL};
  run_ok(a);
  const char *b[] = {"sweep",   ini,
                     "--vary",  "traffic.rate=0.2:1.4:0.4",
                     "--set",   "routing.algorithm=romm",
                     "--set",   "sim.saturation_latency_factor=0",
                     "--json",  path_in("romm.jsonl"),
                     "--quiet", NULL};
  run_ok(b);
  plot_both(path_in("dor.jsonl"), "sweep1", "(sweep)");
  plot_both(path_in("dor.csv"), "sweep_csv", "(sweep)");
  /* two files: one curve each; the script names both configurations */
  const char *c[] = {
      "plot", path_in("dor.jsonl"), path_in("romm.jsonl"), "--out", path_in("two.png"), "--script", path_in("two.gp"),
      NULL};
  run_ok(c);
  char *gp = ts_read_file(path_in("two.gp"));
  assert_non_null(gp);
  assert_non_null(strstr(gp, "'algorithm=dor'"));
  assert_non_null(strstr(gp, "'algorithm=romm'"));
  assert_non_null(strstr(gp, "first saturated point")); /* rate 1.4 saturates a 4x4 torus */
  free(gp);
}

/* Lines of the first data block ($c0) of a gnuplot script. */
static int block_rows(const char *gp)
{
  const char *b = strstr(gp, "$c0 << EOD\n"), *e = b ? strstr(b, "\nEOD") : NULL;
  int n = 0;
  for (const char *p = b; p && p < e; p++)
    n += *p == '\n';
  return n;
}

/* A sweep over sim.seed draws one point per load with a bar, not a
 * zig-zag through the seeds; a replicated sweep draws its intervals. */
static void test_sweep_error_bars(void **state)
{
  if (!gnuplot_present())
    skip();
  const char *a[] = {"sweep",   ini,
                     "--vary",  "traffic.rate=0.2:0.4:0.2",
                     "--vary",  "sim.seed=1:3:1",
                     "--json",  path_in("seeds.jsonl"),
                     "--quiet", NULL};
  run_ok(a);
  const char *b[] = {"plot",     path_in("seeds.jsonl"), "--out", path_in("seeds.png"),
                     "--script", path_in("seeds.gp"),    NULL};
  run_ok(b);
  char *gp = ts_read_file(path_in("seeds.gp"));
  assert_non_null(gp);
  assert_int_equal(block_rows(gp), 2); /* 6 runs, 2 loads */
  assert_non_null(strstr(gp, "with yerrorlines"));
  free(gp);
  const char *c[] = {"sweep",   ini, "--vary", "traffic.rate=0.2:0.4:0.2", "--replications", "3",
                     "--jobs",  "2", "--json", path_in("reps.jsonl"),      "--csv",          path_in("reps.csv"),
                     "--quiet", NULL};
  run_ok(c);
  const char *d[] = {"plot", path_in("reps.jsonl"), "--out", path_in("reps.png"), "--script", path_in("reps.gp"), NULL};
  run_ok(d);
  gp = ts_read_file(path_in("reps.gp"));
  assert_non_null(gp);
  assert_int_equal(block_rows(gp), 2);
  assert_non_null(strstr(gp, "95 % confidence interval"));
  free(gp);
  /* the CSV (the same records flattened) draws the same intervals */
  const char *e[] = {"plot",     path_in("reps.csv"),    "--out", path_in("reps-csv.png"),
                     "--script", path_in("reps-csv.gp"), NULL};
  run_ok(e);
  gp = ts_read_file(path_in("reps-csv.gp"));
  assert_non_null(gp);
  assert_int_equal(block_rows(gp), 2);
  assert_non_null(strstr(gp, "95 % confidence interval"));
  free(gp);
}

/* Counts are never drawn below zero, and the axes are words, not variable names. */
static void test_model_axes(void **state)
{
  if (!gnuplot_present())
    skip();
  const char *a[] = {"model", "p2p", "--preset", "e40g-switched", "--vary", "n=2:256:2", "--json", path_in("p2p.json"),
                     NULL};
  run_ok(a);
  const char *b[] = {"plot", path_in("p2p.json"), "--out", path_in("p2p.png"), "--script", path_in("p2p.gp"), NULL};
  run_ok(b);
  char *gp = ts_read_file(path_in("p2p.gp"));
  assert_non_null(gp);
  assert_non_null(strstr(gp, "set yrange [0<*:*]"));
  assert_null(strstr(gp, "set ylabel 'ring_leaves"));
  assert_non_null(strstr(gp, "set xlabel 'n: "));
  free(gp);
}

static void test_run(void **state)
{
  if (!gnuplot_present())
    skip();
  const char *a[] = {"run", ini, "--json", path_in("run.json"), "--links", "--histogram", "--quiet", NULL};
  run_ok(a);
  plot_both(path_in("run.json"), "run", "(run)");
  /* without --links and --histogram there is nothing to draw: exit 2 */
  const char *b[] = {"run", ini, "--json", path_in("bare.json"), "--quiet", NULL};
  run_ok(b);
  const char *c[] = {"plot", path_in("bare.json"), "--out", path_in("bare.png"), NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, c), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--links"));
  ts_result_free(&r);
}

static void test_tune(void **state)
{
  if (!gnuplot_present())
    skip();
  const char *a[] = {"tune",    ini,
                     "--space", "routing.algorithm=dor,romm",
                     "--space", "router.vcs=2,4",
                     "--vary",  "traffic.rate=0.2,0.5",
                     "--json",  path_in("tune.json"),
                     "--quiet", "--workers",
                     "1",       NULL};
  run_ok(a);
  plot_both(path_in("tune.json"), "tune", "(tune)");
  /* one workload: cells drawn as boxes (gnuplot draws no one-row image); the
   * footer names the file, not the folders of the machine that drew it */
  const char *b[] = {"plot",     path_in("tune.json"), "--out", path_in("tune1.png"),
                     "--script", path_in("tune1.gp"),  NULL};
  run_ok(b);
  char *gp = ts_read_file(path_in("tune1.gp"));
  assert_non_null(gp);
  assert_non_null(strstr(gp, "with boxxyerror"));
  assert_non_null(strstr(gp, "1 workload x 4 configurations"));
  char *footer = strstr(gp, "set label 999");
  assert_non_null(footer);
  assert_null(strstr(footer, dir));
  free(gp);
  /* the times-optimal histograms (Novo-G# thesis Figs. 5.12-5.16): one bar per configuration and metric */
  const char *o[] = {"plot",     path_in("tune.json"),  "--kind", "optimal", "--out", path_in("optimal.png"),
                     "--script", path_in("optimal.gp"), NULL};
  run_ok(o);
  gp = ts_read_file(path_in("optimal.gp"));
  assert_non_null(gp);
  assert_non_null(strstr(gp, "metric \"dor/2\" \"dor/4\" \"romm/2\" \"romm/4\""));
  assert_non_null(strstr(gp, "avg_latency "));
  assert_non_null(strstr(gp, "times optimal"));
  free(gp);
}

static void test_model(void **state)
{
  if (!gnuplot_present())
    skip();
  const char *a[] = {"model",  "stream",          "--preset", "tsunami",        "--vary", "M=1:8:1",
                     "--json", path_in("m.json"), "--csv",    path_in("m.csv"), NULL};
  run_ok(a);
  plot_both(path_in("m.json"), "model", "(model)");
  plot_both(path_in("m.csv"), "model_csv", "(model)");
  /* the seed's printed points are drawn over the curves they belong to */
  const char *b[] = {"plot", path_in("m.json"), "--out", path_in("seed.png"), "--script", path_in("seed.gp"), NULL};
  run_ok(b);
  char *gp = ts_read_file(path_in("seed.gp"));
  assert_non_null(gp);
  assert_non_null(strstr(gp, "title 'Mondigo 2020 Fig. 3.9 (source)'"));
  assert_non_null(strstr(gp, "$seed0 << EOD\n8 2.5\n")); /* M = 8: 2.5 TFlop/s */
  free(gp);
  /* not over a sweep with other settings (the seed's points are for O_pipe = 288) */
  const char *c[] = {"model", "stream", "--set", "O_pipe=100", "--vary", "M=1:8:1", "--json", path_in("m3.json"), NULL};
  run_ok(c);
  const char *d[] = {"plot",     path_in("m3.json"),   "--out", path_in("noseed.png"),
                     "--script", path_in("noseed.gp"), NULL};
  run_ok(d);
  gp = ts_read_file(path_in("noseed.gp"));
  assert_non_null(gp);
  assert_null(strstr(gp, "$seed"));
  free(gp);
}

static void expect_refused(const char *file, const char *needle)
{
  const char *args[] = {"plot", file, "--out", path_in("refused.png"), NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, needle))
    fprintf(stderr, "expected `%s` in: %s\n", needle, r.err);
  assert_non_null(strstr(r.err, needle));
  assert_null(strchr(strchr(r.err, '\n') + 1, '\n')); /* one line */
  ts_result_free(&r);
  assert_int_not_equal(access(path_in("refused.png"), F_OK), 0);
}

static void test_not_a_result(void **state)
{
  expect_refused(ini, "not an fcsim result");
  char *p = path_in("other.json");
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  fputs("{\"metrics\": {\"avg_latency\": 3}}\n", f);
  fclose(f);
  expect_refused(p, "not an fcsim result");
  p = path_in("table.csv");
  f = fopen(p, "w");
  assert_non_null(f);
  fputs("a,b\n1,2\n", f);
  fclose(f);
  expect_refused(p, "not an fcsim result");
  expect_refused(path_in("does-not-exist.json"), "cannot open");
}

static void test_gnuplot_missing(void **state)
{
  const char *a[] = {"model", "stream", "--vary", "M=1:4:1", "--json", path_in("m2.json"), NULL};
  run_ok(a);
  setenv("FCSIM_GNUPLOT", "/nonexistent/gnuplot", 1);
  expect_refused(path_in("m2.json"), "gnuplot-nox");
  unsetenv("FCSIM_GNUPLOT");
}

/* gnuplot's own failure is reported by fcsim in one line (its complaint
 * escaped, without the echoed command and caret), exit 1, no image left; an
 * --out gnuplot could not write is refused first, exit 2. A stand-in
 * gnuplot that fails as gnuplot does: no real gnuplot needed. */
static void test_gnuplot_fails(void **state)
{
  (void)state;
  const char *a[] = {"model", "stream", "--vary", "M=1:4:1", "--json", path_in("m3.json"), NULL};
  run_ok(a);
  char *fake = path_in("fake-gnuplot");
  FILE *f = fopen(fake, "w");
  assert_non_null(f);
  fputs("#!/bin/sh\nprintf 'plot foo\\n     ^\\n\"%s\" line 7: undefined variable: fo\\377\\n\\n' \"$1\" >&2\n"
        "exit 1\n",
        f);
  fclose(f);
  assert_int_equal(chmod(fake, 0755), 0);
  setenv("FCSIM_GNUPLOT", fake, 1);
  const char *b[] = {"plot", path_in("m3.json"), "--out", path_in("m3.png"), NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, b), 0);
  assert_int_equal(r.status, 1);
  if (strncmp(r.err, "fcsim: gnuplot (", 16) || !strstr(r.err, "could not draw the plot: undefined variable: fo\\xFF;") ||
      strchr(r.err, '^') || strchr(r.err, '\xff') || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
    fail_msg("stderr: %s", r.err);
  ts_result_free(&r);
  assert_int_not_equal(access(path_in("m3.png"), F_OK), 0);
  const char *c[] = {"plot", path_in("m3.json"), "--out", path_in("no-such-dir/m3.png"), NULL};
  assert_int_equal(ts_run_cli(&r, c), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "cannot write there"));
  ts_result_free(&r);
  unsetenv("FCSIM_GNUPLOT");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sweep),        cmocka_unit_test(test_sweep_error_bars),
      cmocka_unit_test(test_model_axes),   cmocka_unit_test(test_run),
      cmocka_unit_test(test_tune),         cmocka_unit_test(test_model),
      cmocka_unit_test(test_not_a_result), cmocka_unit_test(test_gnuplot_missing),
      cmocka_unit_test(test_gnuplot_fails),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
