/* SPDX-License-Identifier: BSD-3-Clause */
/* The one CSV writer (core/csv.h) of run, sweep, tune and model: RFC 4180
 * quoting that survives commas and quotes in paths, and the same fields as
 * the JSON of the same command, configuration values as numbers in their
 * keys' units. The CSV is read back with a CSV parser of its own here. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "test_support.h"

#define EX    FCSIM_SOURCE_DIR "/examples/"
#define SHORT "--set", "sim.warmup_cycles=100", "--set", "sim.measure_cycles=500", "--set", "sim.drain_cycles=2000"
#define MAXF  4096

/* RFC 4180: splits the record at *pos into fields (malloc'd); returns their
 * number, 0 at the end, -1 when malformed. */
static int parse_record(const char **pos, char **f)
{
  const char *p = *pos;
  if (!*p)
    return 0;
  int n = 0;
  for (;;) {
    char *w = malloc(strlen(p) + 1), *o = w;
    if (*p == '"') {
      for (p++;; p++) {
        if (!*p)
          return -1;
        if (*p == '"' && p[1] != '"')
          break;
        if (*p == '"')
          p++;
        *o++ = *p;
      }
      p++;
    } else {
      while (*p && *p != ',' && *p != '\n') {
        if (*p == '"')
          return -1; /* a bare quote: the writer did not quote */
        *o++ = *p++;
      }
    }
    *o = '\0';
    f[n++] = w;
    if (*p != ',') {
      if (*p != '\n')
        return -1;
      *pos = p + 1;
      return n;
    }
    p++;
  }
}

struct table {
  char **head;
  int ncols, nrows;
  char **cells; /* [nrows * ncols] */
};

static void parse_csv(const char *text, struct table *t)
{
  char *f[MAXF];
  const char *pos = text;
  t->ncols = parse_record(&pos, f);
  assert_true(t->ncols > 1);
  t->head = malloc(t->ncols * sizeof *t->head);
  memcpy(t->head, f, t->ncols * sizeof *f);
  t->cells = NULL;
  t->nrows = 0;
  int n;
  while ((n = parse_record(&pos, f)) > 0) {
    if (n != t->ncols)
      fail_msg("row %d has %d fields, the header %d", t->nrows + 1, n, t->ncols);
    t->cells = realloc(t->cells, (size_t)(t->nrows + 1) * t->ncols * sizeof *t->cells);
    memcpy(t->cells + (size_t)t->nrows * t->ncols, f, t->ncols * sizeof *f);
    t->nrows++;
  }
  assert_int_equal(n, 0);
}

static void table_free(struct table *t)
{
  for (int i = 0; i < t->ncols; i++)
    free(t->head[i]);
  for (size_t i = 0; i < (size_t)t->nrows * t->ncols; i++)
    free(t->cells[i]);
  free(t->head);
  free(t->cells);
}

static char seen[MAXF]; /* columns some JSON field matched */

static const char *cell(const struct table *t, int row, const char *col)
{
  for (int i = 0; i < t->ncols; i++)
    if (!strcmp(t->head[i], col)) {
      seen[i] = 1;
      return t->cells[(size_t)row * t->ncols + i];
    }
  return NULL;
}

static const char *const *drop_list;

/* Checks that every leaf of `v` equals its cell in row `row`. */
static void compare(const struct table *t, int row, const char *name, json_t *v, int top)
{
  char sub[1024];
  if (json_is_object(v) || json_is_array(v)) {
    const char *k;
    json_t *x;
    size_t i;
    char idx[24];
    void *it = json_is_object(v) ? json_object_iter(v) : NULL;
    for (i = 0; json_is_object(v) ? it != NULL : i < json_array_size(v); i++) {
      if (it) {
        k = json_object_iter_key(it);
        x = json_object_iter_value(it);
        it = json_object_iter_next(v, it);
      } else {
        snprintf(idx, sizeof idx, "%zu", i);
        k = idx;
        x = json_array_get(v, i);
      }
      int dropped = 0;
      for (const char *const *d = drop_list; top && *d; d++)
        dropped |= !strcmp(*d, k);
      if (dropped && json_is_null(x))
        continue;
      snprintf(sub, sizeof sub, "%s%s%s", name, *name && !dropped ? "." : "", dropped ? "" : k);
      compare(t, row, sub, x, 0);
    }
    return;
  }
  const char *c = cell(t, row, name);
  if (!c)
    fail_msg("JSON field `%s` has no CSV column", name);
  char *end;
  if (json_is_null(v))
    assert_string_equal(c, "");
  else if (json_is_boolean(v))
    assert_string_equal(c, json_is_true(v) ? "true" : "false");
  else if (json_is_number(v)) {
    double x = strtod(c, &end);
    if (*end || end == c || fabs(x - json_number_value(v)) > 1e-12 * fabs(x))
      fail_msg("`%s`: CSV `%s`, JSON %.17g", name, c, json_number_value(v));
  } else if (strcmp(c, json_string_value(v))) {
    /* a configuration value with a unit: a number in the CSV */
    strtod(c, &end);
    if (*end || end == c)
      fail_msg("`%s`: CSV `%s`, JSON `%s`", name, c, json_string_value(v));
  }
}

static char *read_json_lines(const char *path, json_t **out, int max, int *n)
{
  char *text = ts_read_file(path);
  assert_non_null(text);
  *n = 0;
  json_error_t e;
  json_t *whole = json_loads(text, 0, &e);
  if (json_is_array(whole)) {
    for (size_t i = 0; i < json_array_size(whole) && *n < max; i++)
      out[(*n)++] = json_incref(json_array_get(whole, i));
    json_decref(whole);
  } else if (whole) {
    out[(*n)++] = whole;
  } else {
    for (char *l = strtok(text, "\n"); l && *n < max; l = strtok(NULL, "\n"))
      out[(*n)++] = json_loads(l, 0, &e);
  }
  return text;
}

/* Runs `args` with --json and --csv; every JSON record (of `type` when not
 * NULL) equals its CSV row, and every CSV column is some JSON field. */
static struct table run_both(const char *const *args, const char *const *drop, const char *type)
{
  char j[] = "/tmp/fcsim-csvj-XXXXXX", c[] = "/tmp/fcsim-csvc-XXXXXX";
  close(mkstemp(j));
  close(mkstemp(c));
  const char *argv[64];
  int n = 0;
  for (; args[n]; n++)
    argv[n] = args[n];
  argv[n++] = "--json", argv[n++] = j, argv[n++] = "--csv", argv[n++] = c, argv[n] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, argv), 0);
  if (r.status)
    fail_msg("exit %d: %s", r.status, r.err);
  ts_result_free(&r);
  char *csv = ts_read_file(c);
  struct table t;
  parse_csv(csv, &t);
  json_t *rec[256];
  int nrec, row = 0;
  free(read_json_lines(j, rec, 256, &nrec));
  drop_list = drop;
  memset(seen, 0, sizeof seen);
  for (int i = 0; i < nrec; i++) {
    const char *ty = json_string_value(json_object_get(rec[i], "type"));
    if (!type || (ty && !strcmp(ty, type)))
      compare(&t, row++, "", rec[i], 1);
    json_decref(rec[i]);
  }
  assert_int_equal(row, t.nrows);
  /* no column the JSON lacks */
  for (int i = 0; i < t.ncols; i++)
    if (!seen[i])
      fail_msg("CSV column `%s` is no JSON field", t.head[i]);
  free(csv);
  unlink(j);
  unlink(c);
  return t;
}

static const char *const sim_drop[] = {"config", "metrics", NULL};

/* A trace in a folder whose name holds a comma and a quote. */
static void test_run_csv_equals_json(void **state)
{
  char *dir = ts_temp_dir("fcsim-csv"), path[512], cmd[1200], set[600];
  assert_non_null(dir);
  snprintf(path, sizeof path, "%s/a,b\"c", dir);
  assert_int_equal(mkdir(path, 0700), 0);
  snprintf(cmd, sizeof cmd, "cp '%s' '%s/chain.csv'", EX "trace/chain.csv", path);
  assert_int_equal(system(cmd), 0);
  snprintf(set, sizeof set, "traffic.trace=%s/chain.csv", path);
  const char *args[] = {"run", EX "trace/run.ini", "--set", set, NULL};
  struct table t = run_both(args, sim_drop, NULL);
  assert_int_equal(t.nrows, 1);
  char want[600];
  snprintf(want, sizeof want, "%s/chain.csv", path);
  assert_string_equal(cell(&t, 0, "traffic.trace"), want);
  /* configuration columns in base units: 175 ns at 156.25 MHz, 1 MiB of 128-bit flits */
  assert_string_equal(cell(&t, 0, "network.clock"), "156250000");
  assert_string_equal(cell(&t, 0, "switch.buffer"), "65536");
  assert_string_equal(cell(&t, 0, "switch.latency"), "49.6875");
  assert_non_null(cell(&t, 0, "makespan_ns"));
  assert_non_null(cell(&t, 0, "zero_load_latency"));
  table_free(&t);
  assert_int_equal(ts_remove_tree(dir), 0);
  free(dir);
}

/* A sweep with --links: two rows, per-link columns, one header. */
static void test_sweep_csv_equals_json(void **state)
{
  const char *args[] = {"sweep",   SHORT,     "--set", "network.dims=4x4", "--vary", "traffic.rate=0.1:0.2:0.1",
                        "--links", "--quiet", NULL};
  struct table t = run_both(args, sim_drop, NULL);
  assert_int_equal(t.nrows, 2);
  assert_non_null(cell(&t, 0, "link_util.0"));
  table_free(&t);
}

static void test_model_and_tune_csv_equal_json(void **state)
{
  static const char *const model_drop[] = {"params", "results", NULL};
  const char *model[] = {"model", "fc", "--vary", "w=128:256:128", NULL};
  struct table t = run_both(model, model_drop, NULL);
  assert_int_equal(t.nrows, 2);
  assert_string_equal(cell(&t, 1, "w"), "256");
  table_free(&t);
  static const char *const tune_drop[] = {"config", "results", NULL};
  const char *tune[] = {
      "tune",  EX "tune-4x4x4/cube-nn.ini", "--space", "router.vcs=2,4", "--set", "network.dims=2x2x2",
      "--set", "traffic.batch_packets=2",   "--workers",      "1",     NULL};
  t = run_both(tune, tune_drop, "point");
  assert_int_equal(t.nrows, 2);
  assert_string_equal(cell(&t, 0, "router.vcs"), "2");
  table_free(&t);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_run_csv_equals_json),
      cmocka_unit_test(test_sweep_csv_equals_json),
      cmocka_unit_test(test_model_and_tune_csv_equal_json),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
