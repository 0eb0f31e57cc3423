/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of `fcsim tune`'s arithmetic and bookkeeping (src/tune):
 * geometric means and gains (seed 000 Tables 5.3/5.5), best configuration
 * per metric in both directions, the global-versus-per-workload gain, the
 * fewest VCs within a tolerance, successive-halving survivors, and the
 * records a re-run reads back. Every expected value is worked out by hand
 * in the comments. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fcsim/tune.h"
#include "test_support.h"
#include "tune/analysis.h"
#include "tune/tune_internal.h"
#include "tune/tune_search.h"
#include "tune/tune_json.h"

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-9 * (1 + fabs((double)(b))))

static void test_geomean_and_gain(void **state)
{
  NEAR(fcsim__tune_geomean((double[]){1, 4}, 2), 2.0);
  NEAR(fcsim__tune_geomean((double[]){2, 8, 4}, 3), 4.0);
  NEAR(fcsim__tune_geomean((double[]){5}, 1), 5.0);
  assert_true(fcsim__tune_geomean((double[]){3, 0, 2}, 3) == 0.0);
  assert_true(isnan(fcsim__tune_geomean((double[]){3, -1}, 2)));
  assert_true(isnan(fcsim__tune_geomean(NULL, 0)));
  /* |opt - avg| / avg, whichever side opt is on */
  NEAR(fcsim__tune_gain(90, 100), 0.10);
  NEAR(fcsim__tune_gain(110, 100), 0.10);
  NEAR(fcsim__tune_gain(0, 0), 0.0);
  assert_true(isnan(fcsim__tune_gain(1, 0)));
}

static void test_best_direction(void **state)
{
  const double v[] = {5, 3, 9, 3, 9};
  /* lower is better: the first 3 (index 1); higher: the first 9 (index 2) */
  assert_int_equal(fcsim__tune_best(v, NULL, 5, 0), 1);
  assert_int_equal(fcsim__tune_best(v, NULL, 5, 1), 2);
  const unsigned char ok[] = {1, 0, 0, 1, 1};
  assert_int_equal(fcsim__tune_best(v, ok, 5, 0), 3);
  assert_int_equal(fcsim__tune_best(v, ok, 5, 1), 4);
  const unsigned char none[] = {0, 0, 0, 0, 0};
  assert_int_equal(fcsim__tune_best(v, none, 5, 0), -1);
  assert_true(fcsim__tune_better(1, 2, 0) && !fcsim__tune_better(1, 2, 1));
}

/* Three configurations at two sweep points (values[c * 2 + s]):
 *   c0 = {10, 40} -> G = 20;  c1 = {20, 15} -> G = sqrt(300);  c2 = {30, 30} -> G = 30.
 * Averages per point: 20 and 85/3, so G(avg) = sqrt(20 * 85/3).
 * Lower is better: c1, gain |sqrt(300) / G(avg) - 1|; per-point best
 * {10, 15}: |sqrt(150) / G(avg) - 1|. Higher is better: c2. */
static void test_workload_gain(void **state)
{
  const double v[] = {10, 40, 20, 15, 30, 30};
  const unsigned char ok[] = {1, 1, 1, 1, 1, 1};
  struct fcsim__tune_wgain g;
  const double gavg = sqrt(20.0 * 85.0 / 3.0);
  assert_int_equal(fcsim__tune_workload_gain(v, ok, 3, 2, 0, &g), 3);
  assert_int_equal(g.best, 1);
  NEAR(g.best_score, sqrt(300.0));
  NEAR(g.avg_score, gavg);
  NEAR(g.gain, fabs(sqrt(300.0) / gavg - 1));
  NEAR(g.oracle_gain, fabs(sqrt(150.0) / gavg - 1));
  assert_int_equal(fcsim__tune_workload_gain(v, ok, 3, 2, 1, &g), 3);
  assert_int_equal(g.best, 2);
  NEAR(g.gain, 30.0 / gavg - 1);
  NEAR(g.oracle_gain, sqrt(30.0 * 40.0) / gavg - 1);
  /* an invalid point drops its configuration from the best and the average:
   * c1 out, averages {20, 35}, best (min) c0 */
  const unsigned char ok2[] = {1, 1, 1, 0, 1, 1};
  assert_int_equal(fcsim__tune_workload_gain(v, ok2, 3, 2, 0, &g), 2);
  assert_int_equal(g.best, 0);
  NEAR(g.avg_score, sqrt(20.0 * 35.0));
  NEAR(g.gain, fabs(20.0 / sqrt(700.0) - 1));
  /* one configuration: no gain */
  assert_int_equal(fcsim__tune_workload_gain(v, ok, 1, 2, 0, &g), 1);
  NEAR(g.gain, 0.0);
}

/* Two workloads, three configurations, lower is better:
 *   w0 = {10, 12, 20}, w1 = {30, 20, 25}
 * global G: c0 sqrt(300), c1 sqrt(240), c2 sqrt(500) -> c1 is global best.
 * Per workload: w0 -> c0 (10 vs global 12), w1 -> c1 (20 vs 20).
 * Gain = |G(10/12, 20/20) - 1| = 1 - sqrt(10/12). */
static void test_global_gain(void **state)
{
  const double s[] = {10, 12, 20, 30, 20, 25};
  const unsigned char ok[] = {1, 1, 1, 1, 1, 1};
  long app[2];
  struct fcsim__tune_ggain g;
  assert_int_equal(fcsim__tune_global_gain(s, ok, 2, 3, 0, app, &g), 3);
  assert_int_equal(g.global_best, 1);
  NEAR(g.global_score, sqrt(240.0));
  assert_int_equal(app[0], 0);
  assert_int_equal(app[1], 1);
  NEAR(g.gain, 1 - sqrt(10.0 / 12.0));
  /* higher is better: global G max is c2 (sqrt 500); w0 -> c2, w1 -> c0:
   * gain = G(20/20, 30/25) - 1 = sqrt(1.2) - 1 */
  assert_int_equal(fcsim__tune_global_gain(s, ok, 2, 3, 1, app, &g), 3);
  assert_int_equal(g.global_best, 2);
  assert_int_equal(app[0], 2);
  assert_int_equal(app[1], 0);
  NEAR(g.gain, sqrt(1.2) - 1);
  /* c1 invalid on w1: only c0 and c2 compete; global (min) is c0 */
  const unsigned char ok2[] = {1, 1, 1, 1, 0, 1};
  assert_int_equal(fcsim__tune_global_gain(s, ok2, 2, 3, 0, app, &g), 2);
  assert_int_equal(g.global_best, 0);
  assert_int_equal(app[1], 2);
  NEAR(g.gain, 1 - sqrt(25.0 / 30.0));
}

/* Configurations with 9, 4, 2 and 4 VCs scoring 100, 101.5, 103, 101
 * (lower is better), best = the 9-VC one. Within 2 % (<= 102): 101.5 and
 * 101 (4 VCs; 101 is the better of the two) but not 103; within 5 %: 2 VCs. */
static void test_smallest_vcs(void **state)
{
  const double sc[] = {100, 101.5, 103, 101};
  const int vcs[] = {9, 4, 2, 4};
  long at;
  assert_int_equal(fcsim__tune_smallest_vcs(sc, NULL, vcs, 4, 0, 0.02, 0, &at), 4);
  assert_int_equal(at, 3);
  assert_int_equal(fcsim__tune_smallest_vcs(sc, NULL, vcs, 4, 0, 0.05, 0, &at), 2);
  assert_int_equal(at, 2);
  assert_int_equal(fcsim__tune_smallest_vcs(sc, NULL, vcs, 4, 0, 0.0, 0, &at), 9);
  assert_int_equal(at, 0);
  /* higher is better: best 103 (index 2, 2 VCs) is already the smallest */
  assert_int_equal(fcsim__tune_smallest_vcs(sc, NULL, vcs, 4, 1, 0.02, 2, &at), 2);
  /* throughputs (higher is better), best 1.00 at 9 VCs; >= 0.98 at 2 %, >= 0.95 at 5 % */
  const double th[] = {1.00, 0.99, 0.97, 0.90};
  const int v2[] = {9, 6, 3, 2};
  const unsigned char ok[] = {1, 1, 1, 0};
  assert_int_equal(fcsim__tune_smallest_vcs(th, ok, v2, 4, 1, 0.02, 0, &at), 6);
  assert_int_equal(fcsim__tune_smallest_vcs(th, ok, v2, 4, 1, 0.05, 0, &at), 3);
  /* the 2-VC point is invalid, even at 20 % */
  assert_int_equal(fcsim__tune_smallest_vcs(th, ok, v2, 4, 1, 0.20, 0, &at), 3);
  assert_int_equal(fcsim__tune_smallest_vcs(th, ok, v2, 4, 1, 0.02, -1, &at), -1);
  /* Table 4.2 */
  assert_int_equal(fcsim__tune_area_alms(1), 12980);
  assert_int_equal(fcsim__tune_area_alms(2), 18980);
  assert_int_equal(fcsim__tune_area_alms(4), 30980);
  assert_int_equal(fcsim__tune_area_alms(5), fcsim__tune_area_alms(6));
  assert_int_equal(fcsim__tune_area_alms(7), fcsim__tune_area_alms(8));
  assert_int_equal(fcsim__tune_area_alms(9), 60500);
  assert_int_equal(fcsim__tune_area_alms(10), 0);
  assert_int_equal(fcsim__tune_area_alms(0), 0);
}

static void test_halving_plan(void **state)
{
  assert_int_equal(fcsim__tune_rungs(100, 256, 3, 3, 8), 0);
  assert_int_equal(fcsim__tune_rungs(256, 256, 3, 3, 8), 0);
  /* 300 -> 100 -> 34 -> 12: capped at 3 rungs */
  assert_int_equal(fcsim__tune_rungs(300, 256, 3, 3, 8), 3);
  /* 30 -> 10 -> 4 (<= 8): 2 rungs */
  assert_int_equal(fcsim__tune_rungs(30, 10, 3, 5, 8), 2);
  assert_int_equal(fcsim__tune_keep(10, 3), 4);
  assert_int_equal(fcsim__tune_keep(9, 3), 3);
  assert_int_equal(fcsim__tune_keep(1, 3), 1);
  NEAR(fcsim__tune_budget_fraction(0, 3, 3), 1.0 / 27);
  NEAR(fcsim__tune_budget_fraction(2, 3, 3), 1.0 / 3);
  NEAR(fcsim__tune_budget_fraction(3, 3, 3), 1.0);
  NEAR(fcsim__tune_budget_fraction(0, 0, 3), 1.0);
}

/* Six points, two metrics: m0 lower-better {5,1,3,6,2,4}, m1 higher-better
 * {1,2,9,3,8,4}; keep 3, so each metric first brings its top 1: point 1
 * (m0) and point 2 (m1). Ranks m0: 1,4,2,5,0,3 -> 0..5; m1: 2,4,5,3,1,0.
 * Rank sums: p0 4+5=9, p1 0+4=4, p2 2+0=2, p3 5+3=8, p4 1+1=2, p5 3+2=5:
 * the third survivor is point 4. */
static void test_survivors(void **state)
{
  const double sc[] = {5, 1, 3, 6, 2, 4, 1, 2, 9, 3, 8, 4};
  unsigned char ok[12];
  memset(ok, 1, sizeof ok);
  const int hb[] = {0, 1};
  size_t out[6];
  assert_int_equal(fcsim__tune_survivors(sc, ok, hb, 2, 6, 3, out), 3);
  assert_int_equal(out[0], 1);
  assert_int_equal(out[1], 2);
  assert_int_equal(out[2], 4);
  /* point 4 invalid on m1 ranks last there: m1 order 2,5,3,1,0,4 ->
   * sums p0 4+4=8, p1 0+3=3, p3 5+2=7, p4 1+5=6, p5 3+1=4: point 5 */
  ok[6 + 4] = 0;
  assert_int_equal(fcsim__tune_survivors(sc, ok, hb, 2, 6, 3, out), 3);
  assert_int_equal(out[0], 1);
  assert_int_equal(out[1], 2);
  assert_int_equal(out[2], 5);
  /* keep 4 with one metric: its top 4 (m0: points 1, 4, 2, 5) */
  assert_int_equal(fcsim__tune_survivors(sc, ok, hb, 1, 6, 4, out), 4);
  assert_int_equal(out[0], 1);
  assert_int_equal(out[1], 2);
  assert_int_equal(out[2], 4);
  assert_int_equal(out[3], 5);
  /* keep more than there are */
  assert_int_equal(fcsim__tune_survivors(sc, ok, hb, 2, 6, 10, out), 6);
}

static void test_metrics(void **state)
{
  struct fcsim__tune_raw r;
  memset(&r, 0, sizeof r);
  r.v[TR_AVG_LATENCY] = 120;
  r.v[TR_PACKETS_MEASURED] = 50;
  r.v[TR_MAX_BUSY_VCS] = 5;
  r.v[TR_RECV_THROUGHPUT] = 0.4;
  int valid;
  int m = fcsim__tune_metric_find("avg_latency");
  assert_true(m >= 0 && !fcsim__tune_metric_hb(m));
  NEAR(fcsim__tune_metric_value(m, &r, 2, &valid), 120);
  assert_true(valid);
  m = fcsim__tune_metric_find("recv_throughput");
  assert_true(fcsim__tune_metric_hb(m));
  /* continuous run: no batch latency */
  fcsim__tune_metric_value(fcsim__tune_metric_find("total_latency"), &r, 2, &valid);
  assert_false(valid);
  /* area from the busy VCs (5 -> 42470), floored at the 2 a dateline torus needs */
  m = fcsim__tune_metric_find("area");
  NEAR(fcsim__tune_metric_value(m, &r, 2, &valid), 42470);
  assert_true(valid);
  r.v[TR_MAX_BUSY_VCS] = 1;
  NEAR(fcsim__tune_metric_value(m, &r, 2, &valid), 18980);
  NEAR(fcsim__tune_metric_value(m, &r, 1, &valid), 12980);
  r.v[TR_MAX_BUSY_VCS] = 12;
  fcsim__tune_metric_value(m, &r, 2, &valid);
  assert_false(valid);
  /* flits that found a full buffer: the run is an internal error, not a result */
  r.v[TR_BUFFER_OVERFLOWS] = 3;
  fcsim__tune_metric_value(fcsim__tune_metric_find("avg_latency"), &r, 2, &valid);
  assert_false(valid);
  r.v[TR_BUFFER_OVERFLOWS] = 0;
  fcsim__tune_metric_value(fcsim__tune_metric_find("avg_latency"), &r, 2, &valid);
  assert_true(valid);
  r.deadlock = 1;
  fcsim__tune_metric_value(fcsim__tune_metric_find("avg_latency"), &r, 2, &valid);
  assert_false(valid);
  assert_int_equal(fcsim__tune_metric_find("latency"), -1);
}

/* A point record written the way tune writes it reads back to the same key
 * and the same numbers, bit for bit. */
static void test_record_roundtrip(void **state)
{
  struct fcsim__tune_catalog cat;
  assert_int_equal(fcsim__tune_catalog_load(&cat, NULL), 0);
  assert_true(cat.nkeys > 10);
  assert_true(fcsim__tune_catalog_has(&cat, "routing.algorithm"));
  assert_true(fcsim__tune_catalog_has(&cat, "router.vcs"));
  assert_non_null(strstr(cat.routing, "dor"));
  assert_non_null(strstr(cat.arbitration, "mixed"));
  struct fcsim_config *cfg = fcsim_config_create();
  assert_int_equal(fcsim_config_set(cfg, "router.vcs", "6", "test", NULL), 0);
  assert_int_equal(fcsim_config_set(cfg, "traffic.rate", "0.3", "test", NULL), 0);
  char *key = fcsim__tune_config_key(&cat, cfg);
  assert_non_null(strstr(key, "router.vcs=6\n"));
  assert_non_null(strstr(key, "traffic.rate=0.3\n"));

  struct fcsim__tune_raw raw;
  memset(&raw, 0, sizeof raw);
  for (int i = 0; i < TR_NRAW; i++)
    raw.v[i] = 1.0 / (i + 3); /* not exactly representable in decimal */
  raw.saturated = 1;
  raw.deadlock = 0;
  raw.drained = 1;
  json_t *o = json_object();
  json_object_set_new(o, "type", json_string("point"));
  json_object_set_new(o, "fcsim", json_string(fcsim_version()));
  json_object_set_new(o, "config", fcsim__tune_config_json(&cat, cfg));
  json_object_set_new(o, "results", fcsim__tune_raw_json(&raw));
  char *line = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(17));

  char *key2;
  struct fcsim__tune_raw back;
  assert_int_equal(fcsim__tune_parse_record(line, &cat, &key2, &back), 1);
  assert_string_equal(key, key2);
  for (int i = 0; i < TR_NRAW; i++)
    assert_true(back.v[i] == raw.v[i]);
  assert_int_equal(back.saturated, 1);
  assert_int_equal(back.drained, 1);
  assert_int_equal(back.deadlock, 0);

  /* the cache finds it by key, and only by the full key */
  struct fcsim__tune_cache cache = {0};
  assert_int_equal(fcsim__tune_cache_put(&cache, key2, &back), 0);
  assert_non_null(fcsim__tune_cache_get(&cache, key));
  struct fcsim_config *other = fcsim_config_clone(cfg);
  assert_int_equal(fcsim_config_set(other, "sim.seed", "2", "test", NULL), 0);
  char *okey = fcsim__tune_config_key(&cat, other);
  assert_null(fcsim__tune_cache_get(&cache, okey));

  /* not a point, another version, a missing key, not JSON */
  char *k3;
  assert_int_equal(fcsim__tune_parse_record("{\"type\":\"summary\"}", &cat, &k3, &back), 0);
  json_object_set_new(o, "fcsim", json_string("0.0.0-other"));
  char *oldver = json_dumps(o, JSON_COMPACT);
  assert_int_equal(fcsim__tune_parse_record(oldver, &cat, &k3, &back), 0);
  json_object_set_new(o, "fcsim", json_string(fcsim_version()));
  json_object_del(json_object_get(json_object_get(o, "config"), "router"), "vcs");
  char *missing = json_dumps(o, JSON_COMPACT);
  assert_int_equal(fcsim__tune_parse_record(missing, &cat, &k3, &back), 0);
  assert_int_equal(fcsim__tune_parse_record("{\"type\":\"point\",\"fcs", &cat, &k3, &back), -1);

  /* a file: header, the point, a line cut short by a kill */
  size_t n = strlen(line) + 200;
  char *text = malloc(n);
  snprintf(text, n, "{\"type\":\"tune\"}\n%s\n{\"type\":\"point\",\"fcsim\":\"0.1", line);
  char *path = ts_write_temp(text, ".json");
  struct fcsim__tune_cache c2 = {0};
  long nrec = -1;
  assert_int_equal(fcsim__tune_cache_load(&c2, &cat, path, &nrec, NULL), 0);
  assert_int_equal(nrec, 1);
  assert_non_null(fcsim__tune_cache_get(&c2, key));
  /* a missing file is no error */
  assert_int_equal(fcsim__tune_cache_load(&c2, &cat, "/nonexistent/tune.json", &nrec, NULL), 0);
  assert_int_equal(nrec, 0);
  remove(path);
  free(path);
  free(text);
  free(oldver);
  free(missing);
  free(line);
  free(key);
  free(okey);
  json_decref(o);
  fcsim__tune_cache_free(&cache);
  fcsim__tune_cache_free(&c2);
  fcsim_config_destroy(cfg);
  fcsim_config_destroy(other);
  fcsim__tune_catalog_free(&cat);
}

/* Space and sweep specifications are checked before anything runs. */
static void test_bad_input(void **state)
{
  struct fcsim_tune *t;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_tune_create(NULL, &t, &err), 0);
  assert_int_equal(fcsim_tune_add_space(t, "router.vc=2,3", &err), FCSIM_EUNKNOWN_KEY);
  assert_non_null(strstr(err.msg, "router.vcs"));
  assert_int_not_equal(fcsim_tune_add_space(t, "router.vcs=2,,3", &err), 0);
  assert_int_not_equal(fcsim_tune_add_space(t, "router.vcs", &err), 0);
  assert_int_equal(fcsim_tune_add_space(t, "router.vcs=2,x", &err), FCSIM_EINVAL);
  assert_int_equal(fcsim_tune_add_space(t, "router.arbitration=rr,fifo", &err), FCSIM_EINVAL);
  assert_int_equal(fcsim_tune_add_space(t, "router.vcs=2,3", &err), 0);
  assert_int_not_equal(fcsim_tune_add_space(t, "router.vcs=4", &err), 0);
  assert_int_not_equal(fcsim_tune_add_vary(t, "router.vcs=4:6:1", &err), 0);
  assert_int_not_equal(fcsim_tune_add_vary(t, "traffic.rate=0.5:0.1:0.1", &err), 0);
  assert_int_equal(fcsim_tune_add_vary(t, "traffic.rate=0.1:0.3:0.1", &err), 0);
  fcsim_error_clear(&err); /* an error record keeps the first message */
  assert_int_equal(fcsim_tune_set_metrics(t, "avg_latency,areaa", &err), FCSIM_EINVAL);
  assert_non_null(strstr(err.msg, "areaa"));
  assert_int_equal(fcsim_tune_set_metrics(t, "avg_latency,area", &err), 0);
  /* no workload yet */
  assert_int_not_equal(fcsim_tune_prepare(t, &err), 0);
  fcsim_tune_destroy(t);
}

/* The default space compares the seed's five geometric algorithms on a
 * torus and table routing alone on a netlist. */
static void test_default_routing_space(void **state)
{
  for (int netlist = 0; netlist < 2; netlist++) {
    struct fcsim_tune *t;
    struct fcsim_error err = {0};
    struct fcsim_config *cfg = fcsim_config_create();
    char file[600];
    snprintf(file, sizeof file, "network.file=%s/examples/netlist/two-boards.net", FCSIM_SOURCE_DIR);
    if (netlist) {
      assert_int_equal(fcsim_config_set_assignment(cfg, "network.topology=file", "test", &err), 0);
      assert_int_equal(fcsim_config_set_assignment(cfg, file, "test", &err), 0);
      assert_int_equal(fcsim_config_set_assignment(cfg, "routing.algorithm=table", "test", &err), 0);
    }
    assert_int_equal(fcsim_tune_create(NULL, &t, &err), 0);
    assert_int_equal(fcsim_tune_add_workload(t, "w", cfg, &err), 0);
    assert_int_equal(fcsim_tune_prepare(t, &err), 0);
    assert_string_equal(t->space[0].key, "routing.algorithm");
    if (netlist) {
      assert_int_equal(t->space[0].n, 1);
      assert_string_equal(t->space[0].values[0], "table");
    } else {
      assert_int_equal(t->space[0].n, 5);
      for (size_t i = 0; i < t->space[0].n; i++) {
        assert_string_not_equal(t->space[0].values[i], "table");
        assert_string_not_equal(t->space[0].values[i], "offline");
      }
    }
    fcsim_tune_destroy(t);
    fcsim_config_destroy(cfg);
  }
}

/* Times optimal: the per-point winner, ties to the lower index, counted. */
static void test_times_optimal(void **state)
{
  (void)state;
  /* 3 configurations x 4 points, lower is better */
  const double v[] = {
      5, 1, 3, 2, /* c0 */
      4, 2, 3, 9, /* c1 */
      6, 3, 3, 1, /* c2 */
  };
  unsigned char ok[12];
  memset(ok, 1, sizeof ok);
  unsigned cnt[3] = {0};
  size_t tied = 99;
  assert_int_equal(fcsim__tune_times_optimal(v, ok, 3, 4, 0, cnt, &tied), 4);
  assert_int_equal(cnt[0], 2); /* point 1, and point 2 (a three-way tie) */
  assert_int_equal(cnt[1], 1); /* point 0 */
  assert_int_equal(cnt[2], 1); /* point 3 */
  assert_int_equal(tied, 1);
  /* higher is better; an invalid run cannot win its point; a point with no valid run is not counted */
  ok[0 * 4 + 3] = 0, ok[1 * 4 + 3] = 0, ok[2 * 4 + 3] = 0, ok[2 * 4 + 0] = 0;
  memset(cnt, 0, sizeof cnt);
  assert_int_equal(fcsim__tune_times_optimal(v, ok, 3, 4, 1, cnt, NULL), 3);
  assert_int_equal(cnt[0], 2); /* point 0: c2 (6) invalid, c0 5 > c1 4; point 2: a tie, to c0 */
  assert_int_equal(cnt[2], 1); /* point 1: 3 */
  assert_int_equal(cnt[0] + cnt[1] + cnt[2], 3);
}

/* Table 5.5 read term by term: geomean(|app - global| / global), and the mean. */
static void test_terms_global_gain(void **state)
{
  (void)state;
  const double app[] = {90, 40, 8}, glob[] = {100, 50, 10};
  double per[3], mean;
  double g = fcsim__tune_terms_global_gain(app, glob, 3, per, &mean);
  assert_true(fabs(per[0] - 0.1) < 1e-12 && fabs(per[1] - 0.2) < 1e-12 && fabs(per[2] - 0.2) < 1e-12);
  assert_true(fabs(g - cbrt(0.1 * 0.2 * 0.2)) < 1e-12);
  assert_true(fabs(mean - 0.5 / 3) < 1e-12);
  /* one workload whose own best is the global best: a zero term, so the geomean is 0, the mean not */
  const double app2[] = {90, 50, 8};
  assert_true(fcsim__tune_terms_global_gain(app2, glob, 3, NULL, &mean) == 0.0);
  assert_true(fabs(mean - 0.1) < 1e-12);
  /* throughput (higher is better) gives the same magnitude */
  const double app3[] = {110}, glob3[] = {100};
  assert_true(fabs(fcsim__tune_terms_global_gain(app3, glob3, 1, NULL, NULL) - 0.1) < 1e-12);
  assert_true(isnan(fcsim__tune_terms_global_gain(app, glob, 0, NULL, &mean)) && isnan(mean));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_routing_space),
      cmocka_unit_test(test_geomean_and_gain),
      cmocka_unit_test(test_best_direction),
      cmocka_unit_test(test_workload_gain),
      cmocka_unit_test(test_global_gain),
      cmocka_unit_test(test_times_optimal),
      cmocka_unit_test(test_terms_global_gain),
      cmocka_unit_test(test_smallest_vcs),
      cmocka_unit_test(test_halving_plan),
      cmocka_unit_test(test_survivors),
      cmocka_unit_test(test_metrics),
      cmocka_unit_test(test_record_roundtrip),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
