/* SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fcsim/fcsim.h"
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

/* Arrays under "metrics" combine by their declared rule: per-link
 * utilisation element by element as the mean, the latency histogram as the
 * union of the buckets with their packets summed; checked against the two
 * replications run alone with their seeds. */
static void test_arrays_by_rule(void **state)
{
  (void)state;
  const char *both[] = {"run", SMALL, "--replications", "2", "--links", "--histogram", "--quiet", NULL};
  json_t *d = ts_cli_json(both, NULL, NULL);
  assert_non_null(d);
  json_t *seeds = json_object_get(d, "replication_seeds");
  assert_int_equal(json_array_size(seeds), 2);
  json_t *one[2];
  for (int i = 0; i < 2; i++) {
    char seed[64];
    snprintf(seed, sizeof seed, "sim.seed=%lld", (long long)json_integer_value(json_array_get(seeds, i)));
    const char *args[] = {"run", SMALL, "--set", seed, "--links", "--histogram", "--quiet", NULL};
    assert_non_null(one[i] = ts_cli_json(args, NULL, NULL));
  }
  json_t *m = json_object_get(d, "metrics"), *m0 = json_object_get(one[0], "metrics"),
         *m1 = json_object_get(one[1], "metrics");
  json_t *u = json_object_get(m, "link_util"), *u0 = json_object_get(m0, "link_util"),
         *u1 = json_object_get(m1, "link_util");
  assert_int_equal(json_array_size(u), json_array_size(u0));
  assert_true(json_array_size(u) > 0);
  int differ = 0;
  for (size_t c = 0; c < json_array_size(u); c++) {
    double a = json_number_value(json_array_get(u0, c)), b = json_number_value(json_array_get(u1, c));
    assert_true(fabs(json_number_value(json_array_get(u, c)) - (a + b) / 2) < 1e-9);
    differ |= a != b;
  }
  assert_true(differ); /* the seeds differ: replication 0's alone would fail the check */
  /* the histogram: every bucket of either run, counts added */
  json_t *h = json_object_get(m, "latency_histogram");
  long long total = 0, want = 0;
  for (int i = 0; i < 2; i++) {
    json_t *hi = json_object_get(json_object_get(one[i], "metrics"), "latency_histogram");
    json_t *k = json_object_get(hi, "bucket_cycles"), *n = json_object_get(hi, "packets");
    for (size_t j = 0; j < json_array_size(k); j++) {
      want += json_integer_value(json_array_get(n, j));
      long long found = -1; /* the bucket in the combined histogram holds at least this run's packets */
      json_t *hk = json_object_get(h, "bucket_cycles");
      for (size_t x = 0; x < json_array_size(hk); x++)
        if (json_number_value(json_array_get(hk, x)) == json_number_value(json_array_get(k, j)))
          found = json_integer_value(json_array_get(json_object_get(h, "packets"), x));
      assert_true(found >= json_integer_value(json_array_get(n, j)));
    }
  }
  json_t *hk = json_object_get(h, "bucket_cycles"), *hn = json_object_get(h, "packets");
  for (size_t x = 0; x < json_array_size(hn); x++) {
    total += json_integer_value(json_array_get(hn, x));
    if (x)
      assert_true(json_number_value(json_array_get(hk, x - 1)) < json_number_value(json_array_get(hk, x)));
  }
  assert_int_equal(total, want);
  assert_int_equal(total, json_integer_value(json_object_get(m0, "packets_measured")) +
                              json_integer_value(json_object_get(m1, "packets_measured")));
  json_decref(d), json_decref(one[0]), json_decref(one[1]);
}

/* The JSON lines of a sweep (without their execution blocks) and its table. */
static void sweep_results(const char *jobs, char **json, char **table)
{
  char *path = ts_write_temp("", ".jsonl");
  const char *args[] = {"sweep", SMALL, "--vary", "traffic.rate=0.1:0.3:0.1", "--replications", "3",
                        "--jobs", jobs, "--json", path, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  *table = strdup(r.out);
  ts_result_free(&r);
  char *text = ts_read_file(path);
  assert_non_null(text);
  size_t size = strlen(text) + 1, len = 0;
  *json = calloc(size, 1);
  int lines = 0;
  for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save), lines++) {
    json_t *doc = json_loads(l, 0, NULL);
    assert_non_null(doc);
    json_object_del(doc, "execution");
    char *d = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_COMPACT | JSON_REAL_PRECISION(17));
    *json = realloc(*json, len + strlen(d) + 2);
    len += (size_t)sprintf(*json + len, "%s\n", d);
    free(d);
    json_decref(doc);
  }
  assert_int_equal(lines, 3);
  free(text);
  unlink(path);
  free(path);
}

/* A replicated sweep spreads (point x replication) over --jobs: the same
 * table and JSON for any number of jobs. */
static void test_sweep_same_for_any_jobs(void **state)
{
  (void)state;
  char *j1, *t1, *j2, *t2, *j3, *t3;
  sweep_results("1", &j1, &t1);
  sweep_results("2", &j2, &t2);
  sweep_results("3", &j3, &t3);
  assert_string_equal(j1, j2);
  assert_string_equal(j1, j3);
  assert_string_equal(t1, t2);
  assert_string_equal(t1, t3);
  assert_non_null(strstr(t1, "ok (3 runs)"));
  free(j1), free(t1), free(j2), free(t2), free(j3), free(t3);
}

/* The library call for bindings runs the replications with the command
 * line's seeds: the same object as `fcsim run --replications 3 --json`. */
static void test_library_call_equals_cli(void **state)
{
  (void)state;
  const char *args[] = {"run", SMALL, "--replications", "3", "--quiet", NULL};
  json_t *cli = ts_cli_json(args, NULL, NULL);
  assert_non_null(cli);
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  const char *sets[] = {"network.dims=4x4", "sim.warmup_cycles=500", "sim.measure_cycles=1500", NULL};
  for (const char *const *a = sets; *a; a++)
    assert_int_equal(fcsim_config_set_assignment(cfg, *a, "--set", &err), 0);
  assert_int_equal(fcsim_config_validate(cfg, &err), 0);
  char *text = fcsim_replications_json(cfg, 3, 0, &err);
  assert_non_null(text);
  json_t *lib = json_loads(text, 0, NULL);
  assert_non_null(lib);
  json_object_del(cli, "execution");
  json_object_del(lib, "execution");
  assert_true(json_equal(cli, lib));
  assert_int_equal(json_array_size(json_object_get(lib, "replication_seeds")), 3);
  json_decref(cli), json_decref(lib);
  fcsim_free(text);
  /* n <= 0 reads sim.replications; 1 is the plain run */
  text = fcsim_replications_json(cfg, 0, 0, &err);
  assert_non_null(text);
  assert_null(strstr(text, "\"replication_seeds\""));
  fcsim_free(text);
  fcsim_config_destroy(cfg);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_for_any_thread_count),
      cmocka_unit_test(test_json_statistics),
      cmocka_unit_test(test_csv_and_table),
      cmocka_unit_test(test_arrays_by_rule),
      cmocka_unit_test(test_sweep_same_for_any_jobs),
      cmocka_unit_test(test_library_call_equals_cli),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
