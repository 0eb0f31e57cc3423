/* SPDX-License-Identifier: BSD-3-Clause */
/* Replications (sim.replications, --replications): the same bytes for any
 * number of replication threads (--jobs) and partitions (sim.threads);
 * replication 0 is the plain run; the JSON keeps .metrics.X a number (the
 * mean) and adds .replications.X; the CSV carries the statistics; a sweep
 * over sim.seed and a replicated sweep agree in how they are reported. */
#include <jansson.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define SMALL "--set", "network.dims=4x4", "--set", "sim.warmup_cycles=500", "--set", "sim.measure_cycles=1500"

/* The JSON of a run without its execution block (host times, engine work). */
static char *results_of(const char *const *args)
{
  int status = -1;
  json_t *doc = ts_cli_json(args, &status, NULL);
  assert_non_null(doc);
  assert_int_equal(status, 0);
  json_object_del(doc, "execution");
  char *text = json_dumps(doc, JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
  json_decref(doc);
  return text;
}

static void test_same_for_any_thread_count(void **state)
{
  (void)state;
  const char *a[] = {"run", SMALL, "--replications", "3", "--jobs", "1", "--quiet", NULL};
  const char *b[] = {"run", SMALL, "--replications", "3", "--jobs", "3", "--quiet", NULL};
  const char *c[] = {"run", SMALL,     "--set", "sim.threads=2", "--set", "sim.replications=3", "--jobs",
                     "2",   "--quiet", NULL};
  char *ja = results_of(a), *jb = results_of(b), *jc = results_of(c);
  assert_string_equal(ja, jb);
  /* sim.threads is an execution key: only its text in the config differs */
  json_t *da = json_loads(ja, 0, NULL), *dc = json_loads(jc, 0, NULL);
  json_object_del(json_object_get(da, "config"), "sim");
  json_object_del(json_object_get(dc, "config"), "sim");
  assert_true(json_equal(da, dc));
  json_decref(da), json_decref(dc);
  free(ja), free(jb), free(jc);
}

static void test_json_statistics(void **state)
{
  (void)state;
  const char *one[] = {"run", SMALL, "--quiet", NULL};
  const char *three[] = {"run", SMALL, "--replications", "3", "--quiet", NULL};
  json_t *d1 = ts_cli_json(one, NULL, NULL), *d3 = ts_cli_json(three, NULL, NULL);
  assert_non_null(d1);
  assert_non_null(d3);
  assert_null(json_object_get(d1, "replications")); /* one run: the output as before */
  json_t *rep = json_object_get(json_object_get(d3, "replications"), "avg_latency");
  assert_non_null(rep);
  json_t *vals = json_object_get(rep, "values");
  assert_int_equal(json_array_size(vals), 3);
  /* replication 0 is the plain run with sim.seed */
  assert_true(json_real_value(json_array_get(vals, 0)) == ts_json_number(d1, "metrics", "avg_latency"));
  double v[3], mean = 0, ss = 0;
  for (int i = 0; i < 3; i++)
    mean += (v[i] = json_number_value(json_array_get(vals, i))) / 3;
  for (int i = 0; i < 3; i++)
    ss += (v[i] - mean) * (v[i] - mean);
  double sd = sqrt(ss / 2), half = 4.302652730 * sd / sqrt(3); /* t(0.975, 2) */
  assert_true(fabs(ts_json_number(d3, "metrics", "avg_latency") - mean) < 1e-6 * mean);
  assert_true(fabs(json_number_value(json_object_get(rep, "sd")) - sd) < 1e-6 * sd + 1e-12);
  assert_true(fabs(json_number_value(json_object_get(rep, "ci95_low")) - (mean - half)) < 1e-6 * mean);
  assert_true(v[0] != v[1] || v[1] != v[2]); /* independent seeds give different samples */
  assert_int_equal(json_array_size(json_object_get(d3, "replication_seeds")), 3);
  json_decref(d1), json_decref(d3);
}

static void test_csv_and_table(void **state)
{
  (void)state;
  char *csv = ts_write_temp("", ".csv");
  const char *args[] = {"run", SMALL, "--replications", "2", "--csv", csv, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "2 replications, seeds 1 "));
  assert_non_null(strstr(r.out, "avg_latency"));
  assert_non_null(strstr(r.out, "+-")); /* mean +- the half-width of the 95 % interval */
  ts_result_free(&r);
  char *text = ts_read_file(csv);
  assert_non_null(text);
  assert_non_null(strstr(text, ",replications.avg_latency.sd,replications.avg_latency.ci95_low,"));
  /* the combined JSON flattened by the one CSV writer: every statistic, and each seed */
  assert_non_null(strstr(text, ",replications.avg_latency.mean,"));
  assert_non_null(strstr(text, ",replication_seeds.1"));
  /* header and row have as many cells */
  char *nl = strchr(text, '\n');
  assert_non_null(nl);
  int ch = 0, cr = 0;
  for (char *p = text; p < nl; p++)
    ch += *p == ',';
  for (char *p = nl + 1; *p && *p != '\n'; p++)
    cr += *p == ',';
  assert_int_equal(ch, cr);
  free(text);
  remove(csv);
  free(csv);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_for_any_thread_count),
      cmocka_unit_test(test_json_statistics),
      cmocka_unit_test(test_csv_and_table),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
