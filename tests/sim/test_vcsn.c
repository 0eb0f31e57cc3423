/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of VCSN's virtual ports (router.model = vcsn endpoints,
 * src/router/switched/vcsn.c, on an ethswitch star): a MAC-table rewrite takes
 * effect exactly its cost after it is written, and frames started before
 * then still go to the old destination; the MUX shares a physical port
 * fairly between equal priorities and serves a higher priority first; the
 * throttle keeps a receiving virtual port at its threshold; traffic on a
 * virtual port with no MAC entry, and two senders on one virtual port, are
 * refused with exit status 2; seed 002 Fig. 9's crossover of VCSN over DCN
 * lies where the fixed overhead equals the bandwidth gap times the size. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "engine/model_metrics.h"
#include "fcsim/metrics.h"
#include "stats/counters.h"
#include "test_support.h"

/* 100G after 64b/66b (512-bit flits), a 3-endpoint star, 16-flit (1 KiB)
 * frames, no crossbar set-up unless a test sets it. */
#define VN_SETS                                                                                                        \
  "router.model=ethswitch", "routing.algorithm=table", "network.clock=195.3125MHz", "network.flit_bits=512",           \
      "network.link_latency=20", "network.topology=star", "switch.nodes=3", "switch.latency=62",                       \
      "switch.endpoint=vcsn", "traffic.mode=trace", "traffic.packet_size=16", "vcsn.crossbar=0"
#define VN_NSETS 12

/* Runs `trace` with MAC table `table` and extra settings; returns the
 * simulation (asserts it ran). */
static struct fcsim_sim *run(const char *trace, const char *table, const char *const *extra)
{
  char *tp = ts_write_temp(trace, ".csv"), *mp = ts_write_temp(table, ".csv");
  char ts[512], ms[512];
  snprintf(ts, sizeof ts, "traffic.trace=%s", tp);
  snprintf(ms, sizeof ms, "vcsn.table=%s", mp);
  const char *sets[40] = {VN_SETS, ts, ms};
  int n = VN_NSETS + 2;
  for (int i = 0; extra && extra[i]; i++)
    sets[n++] = extra[i];
  sets[n] = NULL;
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  remove(tp);
  remove(mp);
  free(tp);
  free(mp);
  return sim;
}

/* A result vcsn keeps in its own state (fcsim_sim_model_metric). */
static uint64_t vcsn_metric(const struct fcsim_sim *sim, const char *name)
{
  uint64_t v = 0;
  assert_int_equal(fcsim_sim_model_metric(sim, name, &v), 0);
  return v;
}

/* f0's virtual port 0 reaches f1 from the start; the entry is rewritten to
 * f2 at cycle 1000 and costs R. One-frame messages f0 -> f1 start at
 * 100i + 50: those started before 1000 + R reach f1, the later ones go to
 * f2 (misdelivered, never complete). A message to f2 started after the
 * write but before its effect is written into the rewritten port and still
 * goes to f1; one started after the effect arrives. */
static void reconfig_case(int R)
{
  char trace[4096], table[256], rs[64];
  int n = snprintf(trace, sizeof trace, "id,src,dst,bytes,start\n");
  for (int i = 0; i < 30; i++)
    n += snprintf(trace + n, sizeof trace - (size_t)n, "%d,0,1,1KiB,%d\n", i, 100 * i + 50);
  n += snprintf(trace + n, sizeof trace - (size_t)n, "100,0,2,1KiB,1150\n101,0,2,1KiB,%d\n", 1000 + R + 150);
  snprintf(table, sizeof table, "node,vport,dest,dest_vport,at\n0,0,1,0,0\n0,0,2,0,1000\n");
  snprintf(rs, sizeof rs, "vcsn.reconfig=%d", R);
  const char *extra[] = {rs, "sim.max_cycles=20000", NULL};
  struct fcsim_sim *sim = run(trace, table, extra);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->nmessages, 32);
  int old_ok = 0, stale = 0;
  for (int i = 0; i < 30; i++) {
    int before = 100 * i + 50 < 1000 + R;
    int done = s->message_complete[i] != UINT64_MAX;
    old_ok += before && done;
    stale += !before && !done;
    if (done != before)
      fprintf(stderr, "R %d: message %d (start %d) complete %d\n", R, i, 100 * i + 50, done);
    assert_int_equal(done, before);
  }
  assert_int_equal(old_ok + stale, 30);
  int early = 1150 < 1000 + R; /* message 100 to f2 before the effect: goes to f1 */
  assert_int_equal(s->message_complete[30] == UINT64_MAX, early);
  assert_true(s->message_complete[31] != UINT64_MAX); /* after it: reaches f2 */
  assert_int_equal(vcsn_metric(sim, "vcsn_misdelivered_frames"), (uint64_t)(stale + early));
  fcsim_sim_destroy(sim);
}

static void test_reconfig_takes_effect_after_its_cost(void **state)
{
  (void)state;
  reconfig_case(0);
  reconfig_case(600);
  reconfig_case(1000); /* 124 us would be 24,219 cycles; the rule is the same */
}

/* f0's virtual ports 0 and 1 share physical port 0, to f1 and f2; both
 * stream 64 KiB (64 frames) from cycle 0. */
static void mux_case(const char *table, uint64_t *c0, uint64_t *c1)
{
  const char *trace = "id,src,dst,bytes\n1,0,1,64KiB\n2,0,2,64KiB\n";
  struct fcsim_sim *sim = run(trace, table, NULL);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  *c0 = s->message_complete[0];
  *c1 = s->message_complete[1];
  assert_true(*c0 != UINT64_MAX && *c1 != UINT64_MAX);
  assert_int_equal(vcsn_metric(sim, "vcsn_misdelivered_frames"), 0);
  fcsim_sim_destroy(sim);
}

static void test_mux_fair_and_by_priority(void **state)
{
  (void)state;
  uint64_t solo, a, b, hi, lo;
  struct fcsim_sim *sim = run("id,src,dst,bytes\n1,0,1,64KiB\n", "node,vport,dest,dest_vport\n0,0,1,0\n", NULL);
  solo = fcsim_sim_stats(sim)->message_complete[0];
  fcsim_sim_destroy(sim);
  /* a frame of 16 flits plus 42 B of framing: 16.66 cycles on the wire */
  const double frame = 16.0 + 42.0 / 64.0;
  mux_case("node,vport,dest,dest_vport\n0,0,1,0\n0,1,2,0\n", &a, &b);
  fprintf(stderr, "solo %llu, equal priorities %llu / %llu\n", (unsigned long long)solo, (unsigned long long)a,
          (unsigned long long)b);
  /* round-robin: the two finish one frame apart, each after ~all 128 frames */
  assert_true((a > b ? a - b : b - a) <= (uint64_t)(frame + 2));
  assert_true((double)(a > b ? a : b) >= (double)solo + 63 * frame);
  mux_case("node,vport,dest,dest_vport,priority\n0,0,1,0,0\n0,1,2,0,5\n", &lo, &hi);
  fprintf(stderr, "priority: high %llu, low %llu\n", (unsigned long long)hi, (unsigned long long)lo);
  /* virtual port 1 (priority 5) streams as if alone; port 0 follows */
  assert_true(hi <= solo + 2);
  assert_true((double)lo >= (double)solo + 63 * frame);
}

/* f1 streams 512 KiB (8192 flits) into f0's virtual port 0 at line rate;
 * with vcsn.threshold = 0.5 and a 1000-cycle window the receiver sends an
 * indication after 500 flits, and from then on the source sends at most half
 * a flit per cycle: delivered flits <= 0.5 T + the first window + a frame,
 * and the source is slowed, not stopped (>= 0.45 T). */
static void test_throttle_keeps_threshold(void **state)
{
  (void)state;
  const char *trace = "id,src,dst,bytes\n1,1,0,512KiB\n";
  const char *table = "node,vport,dest,dest_vport\n1,0,0,0\n0,0,1,0\n";
  const char *on[] = {"vcsn.threshold=0.5", "vcsn.window=1000", NULL};
  struct fcsim_sim *sim = run(trace, table, NULL);
  double free_T = fcsim_sim_stats(sim)->makespan;
  assert_int_equal(vcsn_metric(sim, "vcsn_indication_frames"), 0);
  fcsim_sim_destroy(sim);
  sim = run(trace, table, on);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  double T = s->makespan, flits = 8192;
  fprintf(stderr, "throttle: %.0f cycles free, %.0f throttled (%.3f flits/cycle), %llu indications\n", free_T, T,
          flits / T, (unsigned long long)vcsn_metric(sim, "vcsn_indication_frames"));
  assert_true(s->message_complete[0] != UINT64_MAX);
  assert_true(vcsn_metric(sim, "vcsn_indication_frames") >= 1);
  assert_true(flits / free_T > 0.9);
  assert_true(flits <= 0.5 * T + 1000 + 16);
  assert_true(flits >= 0.45 * T);
  fcsim_sim_destroy(sim);
}

/* Makespan in ns of one transfer f0 -> f1 of `bytes` on the seed 002
 * set-ups (examples/vcsn/dcn.ini and vcsn.ini, with two FPGAs): DCN, or
 * VCSN with vcsn endpoints whose MAC entry is written at cycle 1 and so
 * takes effect after vcsn.reconfig = `reconfig`. */
static double fig9_ns(int vcsn, const char *bytes, const char *reconfig)
{
  char csv[128], tr[512], tb[512], rc[64];
  snprintf(csv, sizeof csv, "id,src,dst,bytes\n1,0,1,%s\n", bytes);
  char *tp = ts_write_temp(csv, ".csv"), *mp = ts_write_temp("node,vport,dest,dest_vport,at\n0,0,1,0,1\n", ".csv");
  snprintf(tr, sizeof tr, "traffic.trace=%s", tp);
  snprintf(tb, sizeof tb, "vcsn.table=%s", mp);
  snprintf(rc, sizeof rc, "vcsn.reconfig=%s", reconfig);
  const char *dcn[] = {"network.topology=torus",
                       "network.dims=2",
                       "network.clock=192.397388MHz",
                       "network.flit_bits=512",
                       "network.link_latency=491ns",
                       "router.model=ethswitch",
                       "routing.algorithm=table",
                       "switch.framing=sl3fc",
                       "switch.latency=0",
                       "traffic.packet_size=3968B",
                       "traffic.mode=trace",
                       tr,
                       NULL};
  const char *vc[] = {"network.topology=dual-plane",
                      "switch.nodes=2",
                      "network.clock=195.3125MHz",
                      "network.flit_bits=512",
                      "network.link_latency=267ns",
                      "router.model=ethswitch",
                      "routing.algorithm=table",
                      "switch.framing=ethernet",
                      "switch.latency=318ns",
                      "traffic.packet_size=9152B",
                      "traffic.mode=trace",
                      tr,
                      "switch.endpoint=vcsn",
                      tb,
                      rc,
                      NULL};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(vcsn ? vc : dcn, &sim), 0);
  const struct fcsim_stats *st = fcsim_sim_stats(sim);
  assert_true(st->message_complete[0] != UINT64_MAX);
  double ns = st->makespan * st->ns_per_cycle;
  fcsim_sim_destroy(sim);
  remove(tp);
  remove(mp);
  free(tp);
  free(mp);
  return ns;
}

/* Seed 002 Fig. 9: VCSN's faster wire (12.44 against 12.02 GB/s) overtakes
 * DCN once it has paid its fixed overhead. With the MAC-table write t =
 * 124 us the simulated crossover lies between 32 and 48 MiB (44.9 MB by
 * interpolation, docs/SWITCHED.md: t / (1/12.02 - 1/12.44 GB/s)); with a
 * 28 us overhead it is near the seed's 10 MB (between 10 and 11 MiB); with
 * none, VCSN is ahead from 1 MiB. */
static void test_fig9_crossover(void **state)
{
  (void)state;
  assert_true(fig9_ns(1, "32MiB", "124us") > fig9_ns(0, "32MiB", "0"));
  assert_true(fig9_ns(1, "48MiB", "124us") < fig9_ns(0, "48MiB", "0"));
  assert_true(fig9_ns(1, "10MiB", "28us") > fig9_ns(0, "10MiB", "0"));
  assert_true(fig9_ns(1, "11MiB", "28us") < fig9_ns(0, "11MiB", "0"));
  assert_true(fig9_ns(1, "1MiB", "0") < fig9_ns(0, "1MiB", "0"));
}

static void expect_refused(const char *trace, const char *table, const char *needle)
{
  char *tp = ts_write_temp(trace, ".csv"), *mp = ts_write_temp(table, ".csv");
  char ts[512], ms[512];
  snprintf(ts, sizeof ts, "traffic.trace=%s", tp);
  snprintf(ms, sizeof ms, "vcsn.table=%s", mp);
  const char *sets[] = {VN_SETS, ts, ms};
  const char *args[2 * (VN_NSETS + 2) + 2];
  int n = 0;
  args[n++] = "run";
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
    args[n++] = "--set";
    args[n++] = sets[i];
  }
  args[n] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, needle))
    fprintf(stderr, "status %d: %s\n", r.status, r.err);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, needle));
  ts_result_free(&r);
  remove(tp);
  remove(mp);
  free(tp);
  free(mp);
}

/* A triggered MAC write (`after`): f0's virtual port 0 reaches f1, and is
 * rewritten to f2 when f1's one-frame message 50 arrives at f0; message 60
 * (f0 -> f2, after 50) waits in the port until the rewrite takes effect R
 * later, then reaches f2; f0's earlier messages to f1 are delivered. */
static void test_triggered_write(void **state)
{
  (void)state;
  const char *trace = "id,src,dst,bytes,start,after\n0,0,1,1KiB,50,\n1,0,1,1KiB,150,\n50,1,0,64B,200,\n"
                      "60,0,2,1KiB,,50\n";
  const char *table = "node,vport,dest,dest_vport,at,priority,after\n0,0,1,0,0,,\n1,0,0,1,0,,\n0,0,2,0,,,50\n";
  const char *extra[] = {"vcsn.reconfig=600", "sim.max_cycles=20000", NULL};
  struct fcsim_sim *sim = run(trace, table, extra);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->nmessages, 4);
  for (int i = 0; i < 4; i++)
    assert_true(s->message_complete[i] != UINT64_MAX);
  uint64_t arrive = s->message_complete[2], done = s->message_complete[3];
  fprintf(stderr, "trigger arrives %llu, message 60 complete %llu\n", (unsigned long long)arrive,
          (unsigned long long)done);
  assert_true(done >= arrive + 600 + 16); /* t, then one 16-flit frame on the wire */
  assert_true(done <= arrive + 600 + 200);
  assert_int_equal(vcsn_metric(sim, "vcsn_misdelivered_frames"), 0);
  fcsim_sim_destroy(sim);
}

static void test_bad_input(void **state)
{
  (void)state;
  expect_refused("id,src,dst,bytes,start,after\n50,1,2,64B,0,\n60,0,2,1KiB,,\n",
                 "node,vport,dest,dest_vport,at,priority,after\n1,0,2,0,0,,\n0,0,2,1,,,50\n",
                 "that message goes to another node");
  expect_refused("id,src,dst,bytes\n1,0,2,1KiB\n", "node,vport,dest,dest_vport\n0,0,1,0\n",
                 "uses a virtual port with no MAC entry");
  expect_refused("id,src,dst,bytes\n1,0,1,1KiB\n", "node,vport,dest,dest_vport\n0,0,1,0\n2,1,1,0\n",
                 "one sender at a time");
  expect_refused("id,src,dst,bytes\n1,0,1,1KiB\n", "node,vport,dest,dest_vport\n0,2,1,0\n", "virtual ports 0..1");
}

/* vcsn's misdeliveries and indications are kept in the model's state, not
 * in struct fcsim_stats: the JSON's metrics.vcsn_* are those counters'
 * totals, declared in the metric registry with the counters' merge rule,
 * and the same on 1 and 2 threads. */
static void test_model_metrics_from_the_model(void **state)
{
  (void)state;
  char trace[2048];
  int n = snprintf(trace, sizeof trace, "id,src,dst,bytes,start\n");
  for (int i = 0; i < 20; i++)
    n += snprintf(trace + n, sizeof trace - (size_t)n, "%d,0,1,1KiB,%d\n", i, 100 * i + 50);
  const char *table = "node,vport,dest,dest_vport,at\n0,0,1,0,0\n0,0,2,0,1000\n";
  const char *one[] = {"vcsn.reconfig=0", "sim.max_cycles=20000", "sim.threads=1", NULL};
  const char *two[] = {"vcsn.reconfig=0", "sim.max_cycles=20000", "sim.threads=2", NULL};
  struct fcsim_sim *s1 = run(trace, table, one), *s2 = run(trace, table, two);
  struct fcsim_error err = {0};
  char *j1 = fcsim_sim_json(s1, 0, &err), *j2 = fcsim_sim_json(s2, 0, &err);
  json_t *d1 = json_loads(j1, 0, NULL), *d2 = json_loads(j2, 0, NULL);
  assert_non_null(d1);
  assert_non_null(d2);
  json_t *m1 = json_object_get(d1, "metrics"), *m2 = json_object_get(d2, "metrics");
  assert_true(json_equal(m1, m2));
  struct fcsim_counter c[16];
  int nc = fcsim__sim_metric_counters(s1, c, 16);
  assert_int_equal(nc, 6); /* vcsn's three and the ethswitch switches' switch_* */
  for (int i = 0; i < nc; i++) {
    char path[96];
    snprintf(path, sizeof path, "metrics.%s", c[i].name);
    const struct fcsim_metric *d = fcsim_metric_lookup("run", NULL, path);
    assert_non_null(d);
    assert_int_equal(d->merge, c[i].rule == FCSIM_MERGE_SUM ? FCSIM_METRIC_SUM : FCSIM_METRIC_MAX);
    uint64_t v = 0;
    assert_int_equal(fcsim_sim_model_metric(s1, c[i].name, &v), 0);
    assert_int_equal((uint64_t)json_integer_value(json_object_get(m1, c[i].name)), v);
  }
  /* the frames started after the rewrite (cycle 1000) went to f2 */
  assert_int_equal(json_integer_value(json_object_get(m1, "vcsn_misdelivered_frames")), 10);
  assert_int_equal(json_integer_value(json_object_get(m1, "vcsn_misdelivered_flits")), 10 * 16);
  uint64_t none = 7;
  assert_int_equal(fcsim_sim_model_metric(s1, "switch_dropped_packets", &none), 0); /* the ethswitch switches' */
  assert_int_equal(none, 0);
  none = 7; /* a metric no model of this network keeps */
  assert_int_equal(fcsim_sim_model_metric(s1, "max_buffer_flits", &none), FCSIM_EINVAL);
  assert_int_equal(none, 0);
  json_decref(d1), json_decref(d2);
  fcsim_free(j1), fcsim_free(j2);
  fcsim_sim_destroy(s1), fcsim_sim_destroy(s2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_model_metrics_from_the_model),
      cmocka_unit_test(test_reconfig_takes_effect_after_its_cost),
      cmocka_unit_test(test_mux_fair_and_by_priority),
      cmocka_unit_test(test_throttle_keeps_threshold),
      cmocka_unit_test(test_fig9_crossover),
      cmocka_unit_test(test_triggered_write),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
