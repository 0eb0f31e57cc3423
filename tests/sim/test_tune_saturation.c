/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune` on a small 3-D torus with one load below and one far beyond
 * saturation (seed 000 Figs. 5.12-5.16 and Table 5.5): the times-optimal
 * counts add up to the points; a best configuration that rests on a
 * saturated point is counted and marked in the table and the JSON;
 * --exclude-saturated drops that point; Table 5.5's seed formula
 * geomean(|app - global| / global) is the geometric mean of the per-workload
 * terms the JSON lists; and the finding fcsim reproduces (Fig. 5.16, L3986-3988):
 * below saturation DOR is the best routing for bit complement, and the chosen
 * configuration beats the average one (Table 5.3's direction); and a point
 * where runs delivered none of their measured packets (their latencies
 * undefined, null in the run's JSON) leaves the analysis, counted. */
#define _POSIX_C_SOURCE 200809L
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

#include "test_support.h"

#define NET                                                                                                            \
  "[network]\ndims = 4x4x4\nlink_latency = 4\n[router]\nmodel = novog\nvcs = 4\n"                                      \
  "[sim]\nwarmup_cycles = 300\nmeasure_cycles = 1000\ndrain_cycles = 1500\n"
static const char bc_ini[] = NET "[traffic]\npattern = bitcomp\npacket_size = 4\n";
static const char tr_ini[] = NET "[traffic]\npattern = transpose\npacket_size = 4\n";
/* far past saturation with a short window: the measured packets are still
 * queued behind the warm-up's when the run stops */
static const char ua_ini[] = "[network]\ndims = 4x4x4\nlink_latency = 4\n[router]\nmodel = novog\nvcs = 4\n"
                             "[sim]\nwarmup_cycles = 1000\nmeasure_cycles = 200\ndrain_cycles = 300\n"
                             "[traffic]\npattern = bitcomp\npacket_size = 4\n";
static char *bc_path, *tr_path, *ua_path;

static int setup(void **state)
{
  (void)state;
  bc_path = ts_write_temp(bc_ini, ".ini");
  tr_path = ts_write_temp(tr_ini, ".ini");
  ua_path = ts_write_temp(ua_ini, ".ini");
  return bc_path && tr_path && ua_path ? 0 : -1;
}

static int teardown(void **state)
{
  (void)state;
  remove(bc_path);
  remove(tr_path);
  remove(ua_path);
  free(bc_path);
  free(tr_path);
  free(ua_path);
  return 0;
}

/* Runs tune (2 workloads x dor,romm x ff,of x rates 0.1 and 4) and returns
 * the summary line of its JSON; *out gets stdout (free with free()). */
static json_t *tune(const char *json, const char *extra, char **out)
{
  const char *args[24] = {"tune",    bc_path,       tr_path, "--space", "routing.algorithm=dor,romm", "--space",
                          "router.arbitration=ff,of", "--vary", "traffic.rate=0.1,4", "--workers", "1", "--json",
                          json};
  int n = 13;
  if (extra)
    args[n++] = extra;
  args[n] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 0)
    fail_msg("exit %d, stderr: %s", r.status, r.err);
  *out = strdup(r.out);
  ts_result_free(&r);
  char *text = ts_read_file(json);
  assert_non_null(text);
  char *line = strstr(text, "{\"type\":\"summary\"");
  assert_non_null(line);
  json_t *s = json_loads(line, JSON_DISABLE_EOF_CHECK, NULL);
  free(text);
  assert_non_null(s);
  return s;
}

static void test_counts_marks_and_exclusion(void **state)
{
  (void)state;
  char *json = ts_write_temp("", ".json");
  remove(json);
  char *out;
  json_t *s = tune(json, NULL, &out);
  const char *wname;
  json_t *wo;
  int marked = 0;
  json_object_foreach(json_object_get(s, "workloads"), wname, wo)
  {
    const char *mname;
    json_t *mo;
    json_object_foreach(wo, mname, mo)
    {
      /* the counts add up to the points that had a winner, here both */
      json_int_t pts = json_integer_value(json_object_get(mo, "points"));
      assert_int_equal(pts, 2);
      assert_int_equal(json_integer_value(json_object_get(mo, "optimal_points")), 2);
      json_int_t sum = 0;
      const char *label;
      json_t *c;
      json_object_foreach(json_object_get(mo, "times_optimal"), label, c) sum += json_integer_value(c);
      assert_int_equal(sum, 2);
      assert_int_equal(json_object_size(json_object_get(mo, "times_optimal")), 4);
      /* at 4 flits/node/cycle every configuration saturates: the best rests on it */
      if (!strcmp(mname, "avg_latency")) {
        assert_int_equal(json_integer_value(json_object_get(mo, "best_saturated_points")), 1);
        assert_true(json_is_true(json_object_get(mo, "best_on_saturated")));
        marked++;
      }
    }
  }
  assert_int_equal(marked, 2);
  if (!strstr(out, "*   ") || !strstr(out, "1/2"))
    fail_msg("the table does not mark the saturated best:\n%s", out);
  /* Table 5.5: the term-wise readings over the per-workload terms; gain_seed is the ratio form (= gain) */
  json_t *g = json_object_get(json_object_get(s, "global"), "avg_latency");
  assert_non_null(g);
  double prod = 1, sum = 0;
  size_t nw = 0;
  const char *key;
  json_t *v;
  json_object_foreach(json_object_get(g, "per_workload_gain"), key, v)
  {
    prod *= json_real_value(v);
    sum += json_real_value(v);
    nw++;
  }
  assert_int_equal(nw, 2);
  assert_true(fabs(pow(prod, 0.5) - json_real_value(json_object_get(g, "gain_terms_geomean"))) < 1e-12);
  assert_true(fabs(sum / 2 - json_real_value(json_object_get(g, "gain_terms_mean"))) < 1e-12);
  assert_true(json_real_value(json_object_get(g, "gain_seed")) == json_real_value(json_object_get(g, "gain")));
  json_decref(s);
  free(out);

  /* --exclude-saturated: the overloaded point leaves the analysis (every run reused) */
  s = tune(json, "--exclude-saturated", &out);
  assert_non_null(strstr(out, "0 new, 16 reused"));
  json_object_foreach(json_object_get(s, "workloads"), wname, wo)
  {
    json_t *mo = json_object_get(wo, "avg_latency");
    assert_int_equal(json_integer_value(json_object_get(mo, "points")), 1);
    assert_int_equal(json_integer_value(json_object_get(mo, "best_saturated_points")), 0);
    assert_true(json_is_false(json_object_get(mo, "best_on_saturated")));
  }
  json_decref(s);
  free(out);
  remove(json);
  free(json);
}

/* Bit complement below saturation: DOR wins every point and beats the average. */
static void test_dor_best_for_bitcomp(void **state)
{
  (void)state;
  char *json = ts_write_temp("", ".json");
  remove(json);
  const char *args[] = {"tune", bc_path, "--space", "routing.algorithm=dor,romm,o1turn", "--vary",
                        "traffic.rate=0.3,4", "--metric", "avg_latency,worst_latency", "--exclude-saturated",
                        "--workers", "1", "--json", json, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 0)
    fail_msg("exit %d, stderr: %s", r.status, r.err);
  ts_result_free(&r);
  char *text = ts_read_file(json);
  assert_non_null(text);
  json_t *s = json_loads(strstr(text, "{\"type\":\"summary\""), JSON_DISABLE_EOF_CHECK, NULL);
  assert_non_null(s);
  const char *wname;
  json_t *wo;
  json_object_foreach(json_object_get(s, "workloads"), wname, wo)
  {
    for (int i = 0; i < 2; i++) {
      json_t *mo = json_object_get(wo, i ? "worst_latency" : "avg_latency");
      assert_int_equal(json_integer_value(json_object_get(mo, "points")), 1); /* rate 4 saturates */
      const char *best = json_string_value(json_object_get(mo, "best"));
      if (!best || strncmp(best, "dor", 3))
        fail_msg("best for bit complement is %s, not DOR", best ? best : "none");
      assert_int_equal(json_integer_value(json_object_get(json_object_get(mo, "times_optimal"), best)), 1);
      assert_true(json_real_value(json_object_get(mo, "gain")) > 0.02);
    }
  }
  json_decref(s);
  free(text);
  remove(json);
  free(json);
}

/* Rate 8: none of the measured packets arrives. The run's latencies are
 * null (not 0, which would rank best), and tune leaves the point out of
 * the workload's analysis and counts it; rate 0.1 remains. */
static void test_unarrived_point_left_out(void **state)
{
  (void)state;
  const char *run[] = {"run", ua_path, "--set", "traffic.rate=8", "--json", "-", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, run), 0);
  json_t *j = json_loads(r.out, 0, NULL);
  if (!j)
    fail_msg("no JSON: %s", r.err);
  json_t *m = json_object_get(j, "metrics");
  assert_int_equal(json_integer_value(json_object_get(m, "packets_delivered")), 0);
  assert_true(json_integer_value(json_object_get(m, "packets_measured")) > 0);
  assert_true(json_is_null(json_object_get(m, "avg_latency")));
  assert_true(json_is_null(json_object_get(m, "worst_latency")));
  json_decref(j);
  ts_result_free(&r);

  char *json = ts_write_temp("", ".json");
  remove(json);
  const char *args[] = {"tune", ua_path, "--space", "routing.algorithm=dor,romm", "--vary", "traffic.rate=0.1,8",
                        "--metric", "avg_latency,recv_throughput", "--workers", "1", "--json", json, NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 0)
    fail_msg("exit %d, stderr: %s", r.status, r.err);
  if (!strstr(r.out, "1 point(s) left out"))
    fail_msg("the report does not say a point was left out:\n%s", r.out);
  ts_result_free(&r);
  char *text = ts_read_file(json);
  assert_non_null(text);
  json_t *s = json_loads(strstr(text, "{\"type\":\"summary\""), JSON_DISABLE_EOF_CHECK, NULL);
  assert_non_null(s);
  json_t *wo = json_object_iter_value(json_object_iter(json_object_get(s, "workloads")));
  for (int i = 0; i < 2; i++) {
    json_t *mo = json_object_get(wo, i ? "recv_throughput" : "avg_latency");
    assert_int_equal(json_integer_value(json_object_get(mo, "points")), 1);
    assert_int_equal(json_integer_value(json_object_get(mo, "points_unarrived")), 1);
    assert_non_null(json_string_value(json_object_get(mo, "best"))); /* both configurations valid at 0.1 */
    assert_true(json_real_value(json_object_get(mo, "value")) > 0);
  }
  json_decref(s);
  free(text);
  remove(json);
  free(json);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_counts_marks_and_exclusion),
      cmocka_unit_test(test_dor_best_for_bitcomp),
      cmocka_unit_test(test_unarrived_point_left_out),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
