/* SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L
/* `fcsim run`'s table is driven by the metric registry: every field of the
 * run's declarations with a view group is one line of the table when the
 * JSON has it, showing the JSON's value in the declared format (mean +- the
 * 95 % half-width under replications); a field the JSON does not have is
 * not in the table. The sweep table's columns are the declared ones. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fcsim/metrics.h"
#include "test_support.h"

#define SMALL "--set", "network.dims=4x4", "--set", "sim.warmup_cycles=300", "--set", "sim.measure_cycles=800"

/* The first cell of the table line labelled `label` ("  label   cell ..."), or "" when none. */
static void first_cell(const char *table, const char *label, char *cell, size_t size)
{
  size_t n = strlen(label);
  cell[0] = '\0';
  for (const char *l = table; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
    if (!strncmp(l, "  ", 2) && !strncmp(l + 2, label, n) && l[2 + n] == ' ') {
      const char *c = l + 2 + n;
      c += strspn(c, " ");
      size_t k = strcspn(c, " \n");
      snprintf(cell, size, "%.*s", (int)(k < size ? k : size - 1), c);
      return;
    }
}

static const char *label_of(const char *path)
{
  const char *dot = strrchr(path, '.');
  return dot ? dot + 1 : path;
}

static json_t *at(json_t *root, const char *path)
{
  char buf[160];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *save = NULL, *p = strtok_r(buf, ".", &save); p && root; p = strtok_r(NULL, ".", &save))
    root = json_object_get(root, p);
  return root;
}

/* Runs `args` with --json to a temporary file; returns the table and the JSON. */
static char *table_and_json(const char **args, int nargs, json_t **doc)
{
  char *path = ts_write_temp("", ".json");
  const char *argv[32];
  int k = 0;
  for (int i = 0; i < nargs; i++)
    argv[k++] = args[i];
  argv[k++] = "--json", argv[k++] = path, argv[k] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, argv), 0);
  assert_int_equal(r.status, 0);
  *doc = json_load_file(path, 0, NULL);
  assert_non_null(*doc);
  unlink(path);
  free(path);
  char *out = strdup(r.out);
  ts_result_free(&r);
  return out;
}

static void test_single_run_lines(void **state)
{
  (void)state;
  const char *args[] = {"run", SMALL};
  json_t *doc;
  char *table = table_and_json(args, 7, &doc);
  const struct fcsim_metric_table *t = fcsim_metric_table_find("run");
  int lines = 0;
  for (size_t i = 0; i < t->n; i++) {
    const struct fcsim_metric *m = &t->rows[i];
    if (!m->view.group)
      continue;
    json_t *v = at(doc, m->path);
    char want[96], got[96];
    first_cell(table, label_of(m->path), got, sizeof got);
    int hidden = !v || ((m->view.flags & FCSIM_VIEW_NONZERO) && (json_is_null(v) || json_number_value(v) == 0));
    if (hidden) {
      if (got[0])
        fail_msg("%s is in the table (`%s`) but not in the JSON, or zero:\n%s", m->path, got, table);
      continue;
    }
    if (json_is_null(v))
      snprintf(want, sizeof want, "-");
    else if (json_is_integer(v))
      snprintf(want, sizeof want, "%lld", (long long)json_integer_value(v));
    else
      fcsim_metric_format(m, json_number_value(v), -1, want, sizeof want);
    if (strcmp(want, got))
      fail_msg("%s: table `%s`, JSON `%s`:\n%s", m->path, got, want, table);
    lines++;
  }
  assert_true(lines >= 15); /* latencies, load, counts, execution */
  assert_non_null(strstr(table, "\n  latency "));
  assert_non_null(strstr(table, "\n  counts\n"));
  assert_null(strstr(table, "total_latency")); /* a batch figure: absent in continuous mode */
  json_decref(doc);
  free(table);
}

static void test_replications_mean_and_half_width(void **state)
{
  (void)state;
  const char *args[] = {"run", SMALL, "--replications", "3"};
  json_t *doc;
  char *table = table_and_json(args, 9, &doc);
  json_t *reps = json_object_get(doc, "replications");
  assert_non_null(reps);
  const struct fcsim_metric_table *t = fcsim_metric_table_find("run");
  int checked = 0;
  for (size_t i = 0; i < t->n; i++) {
    const struct fcsim_metric *m = &t->rows[i];
    json_t *st = strncmp(m->path, "metrics.", 8) ? NULL : json_object_get(reps, m->path + 8);
    if (!m->view.group || !st)
      continue;
    double mean = json_number_value(json_object_get(st, "mean"));
    if ((m->view.flags & FCSIM_VIEW_NONZERO) && mean == 0)
      continue;
    double half = (json_number_value(json_object_get(st, "ci95_high")) -
                   json_number_value(json_object_get(st, "ci95_low"))) / 2;
    char want[96], got[96];
    fcsim_metric_format(m, mean, half, want, sizeof want);
    first_cell(table, label_of(m->path), got, sizeof got);
    if (strcmp(want, got))
      fail_msg("%s: table `%s`, JSON mean and interval `%s`:\n%s", m->path, got, want, table);
    checked++;
  }
  assert_true(checked >= 12);
  char *avg = strstr(table, "\n  avg_latency ");
  assert_non_null(avg);
  assert_non_null(strstr(avg, "+-"));
  json_decref(doc);
  free(table);
}

/* The half-width is printed to two significant digits, whole from 10. */
static void test_format(void **state)
{
  (void)state;
  const struct fcsim_metric *avg = fcsim_metric_lookup("run", NULL, "metrics.avg_latency");
  char buf[64];
  fcsim_metric_format(avg, 61.518, 5.833, buf, sizeof buf);
  assert_string_equal(buf, "61.52+-5.8");
  fcsim_metric_format(avg, 161.518, 12.6, buf, sizeof buf);
  assert_string_equal(buf, "161.52+-13");
  fcsim_metric_format(avg, 61.5, -1, buf, sizeof buf);
  assert_string_equal(buf, "61.50");
  fcsim_metric_format(NULL, 0.123456, -1, buf, sizeof buf);
  assert_string_equal(buf, "0.12346");
}

static void test_sweep_columns(void **state)
{
  (void)state;
  const char *args[] = {"sweep", SMALL, "--vary", "traffic.rate=0.1:0.2:0.1", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  const struct fcsim_metric_table *t = fcsim_metric_table_find("run");
  const char *prev = r.out;
  int columns = 0;
  for (size_t i = 0; i < t->n; i++) /* each declared column, in the order declared */
    if (t->rows[i].view.column) {
      const char *at_col = strstr(prev, t->rows[i].view.column);
      if (!at_col)
        fail_msg("sweep column %s missing or out of order:\n%s", t->rows[i].view.column, r.out);
      prev = at_col;
      columns++;
    }
  assert_true(columns >= 4);
  ts_result_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_format),
      cmocka_unit_test(test_single_run_lines),
      cmocka_unit_test(test_replications_mean_and_half_width),
      cmocka_unit_test(test_sweep_columns),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
