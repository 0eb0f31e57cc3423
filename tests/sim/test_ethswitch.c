/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the store-and-forward Ethernet switch (router.model =
 * ethswitch, src/router/switched/ethswitch.c) on the switched topologies
 * (src/topo/switched.c): a frame is never forwarded before its tail arrived
 * plus t_S (exact zero-load latency), one stream never exceeds the line rate
 * after framing (ethernet and sl3fc) and comes within a few frames of it, a
 * full output buffer drops or pauses as configured and the loss is counted,
 * the zero-payload times of seed 001 Table 4.2 come out as the p2p model's
 * T_L plus the probe frame's store-and-forward, every generator builds the
 * expected node counts, and bad input is refused
 * with exit status 2 and one message. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* 100G Ethernet after 64b/66b: 512-bit flits at 195.3125 MHz = 100 Gb/s. */
#define ETH_SETS                                                                                                       \
  "router.model=ethswitch", "routing.algorithm=table", "network.clock=195.3125MHz", "network.flit_bits=512",           \
      "network.link_latency=20"

/* One message of `bytes` from f0 to f1 (a trace); returns the simulation. */
static struct fcsim_sim *one_message(const char *bytes, const char *const *extra)
{
  char csv[128];
  snprintf(csv, sizeof csv, "id,src,dst,bytes\n1,0,1,%s\n", bytes);
  char *path = ts_write_temp(csv, ".csv");
  char trace[512];
  snprintf(trace, sizeof trace, "traffic.trace=%s", path);
  const char *sets[32] = {ETH_SETS, "traffic.mode=trace", trace};
  int n = 7;
  for (int i = 0; extra && extra[i]; i++)
    sets[n++] = extra[i];
  sets[n] = NULL;
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  remove(path);
  free(path);
  return sim;
}

/* Zero load on a star, one frame of F flits: the source's Ethernet
 * subsystem collects the frame (F - 1), sends it (F, link L), the switch
 * waits for the tail and t_S, sends it (F, link L), and the destination
 * ejects it (F - 1) after local:  T = 4F + 2L + t_S + local - 2. A switch
 * that forwarded before the tail (cut-through) would be 2F - 2 shorter. */
static void test_store_and_forward_latency(void **state)
{
  (void)state;
  const int L = 20, F = 16;
  const int ts_values[] = {0, 62, 200};
  for (size_t i = 0; i < sizeof ts_values / sizeof ts_values[0]; i++) {
    char tS[64];
    snprintf(tS, sizeof tS, "switch.latency=%d", ts_values[i]);
    const char *extra[] = {"network.topology=star", "switch.nodes=2", tS, "traffic.packet_size=16", NULL};
    struct fcsim_sim *sim = one_message("1KiB", extra);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    double expect = 4.0 * F + 2.0 * L + ts_values[i] + 1 - 2;
    assert_true(s->packets_delivered == 1);
    if (s->makespan != expect)
      fprintf(stderr, "t_S %d: makespan %.0f, expected %.0f\n", ts_values[i], s->makespan, expect);
    assert_true(s->makespan == expect);
    fcsim_sim_destroy(sim);
  }
}

/* One 2 MiB stream: the wire carries F flits plus overhead/64 flits of
 * framing per frame, one flit per cycle; the makespan is at least that and
 * at most that plus the pipeline (three frames and the links). */
static void line_rate_case(const char *framing, int payload_bytes, int overhead_bytes)
{
  char fr[64], pk[64];
  snprintf(fr, sizeof fr, "switch.framing=%s", framing);
  snprintf(pk, sizeof pk, "traffic.packet_size=%dB", payload_bytes);
  const char *extra[] = {"network.topology=star", "switch.nodes=2", fr, pk, NULL};
  struct fcsim_sim *sim = one_message("2MiB", extra);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  double flits = 2.0 * 1024 * 1024 / 64, frames = (2.0 * 1024 * 1024 + payload_bytes - 1) / payload_bytes;
  double wire = flits + (frames - 1) * overhead_bytes / 64.0;
  double F = payload_bytes / 64.0;
  assert_true(s->makespan >= wire);
  assert_true(s->makespan <= wire + 3 * F + 2 * 20 + 62 + 16);
  fcsim_sim_destroy(sim);
}

static void test_line_rate_after_framing(void **state)
{
  (void)state;
  line_rate_case("ethernet", 9152, 42); /* seed 002 Eq. 2: 12.44 GB/s */
  line_rate_case("sl3fc", 3968, 96);    /* seed 002 Eq. 1 before 64b/67b */
}

/* Incast: f0 and f1 stream to f2 through a switch whose output buffer
 * holds two frames; `more` (may be NULL) are two more settings. */
static struct fcsim_sim *incast_with(const char *overflow, const char *const more[2], int *rc)
{
  const char *csv = "id,src,dst,bytes\n1,0,2,256KiB\n2,1,2,256KiB\n";
  char *path = ts_write_temp(csv, ".csv");
  char trace[512], ov[64];
  snprintf(trace, sizeof trace, "traffic.trace=%s", path);
  snprintf(ov, sizeof ov, "switch.overflow=%s", overflow);
  const char *sets[] = {ETH_SETS,
                        "traffic.mode=trace",
                        trace,
                        "network.topology=star",
                        "switch.nodes=3",
                        "switch.buffer=64",
                        "traffic.packet_size=32",
                        ov,
                        "sim.deadlock_cycles=5000",
                        more ? more[0] : NULL,
                        more ? more[1] : NULL,
                        NULL};
  struct fcsim_sim *sim = NULL;
  *rc = ts_sim_run(sets, &sim);
  remove(path);
  free(path);
  return sim;
}

/* A metric ethswitch keeps in its state (fcsim_sim_model_metric). */
static uint64_t model_metric(const struct fcsim_sim *sim, const char *name)
{
  uint64_t v = 0;
  assert_int_equal(fcsim_sim_model_metric(sim, name, &v), 0);
  return v;
}

static struct fcsim_sim *incast(const char *overflow, int *rc)
{
  return incast_with(overflow, NULL, rc);
}

static void test_full_buffer_pause(void **state)
{
  (void)state;
  int rc;
  struct fcsim_sim *sim = incast("pause", &rc);
  assert_int_equal(rc, 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_true(model_metric(sim, "switch_pause_cycles") > 0);
  assert_true(model_metric(sim, "switch_dropped_packets") == 0);
  assert_true(s->flits_delivered_total == 2 * 256 * 1024 / 64);
  /* two streams share one output: about twice one stream's time */
  assert_true(s->makespan >= 2 * 4096);
  fcsim_sim_destroy(sim);
}

static void test_full_buffer_drop(void **state)
{
  (void)state;
  int rc;
  struct fcsim_sim *sim = incast("drop", &rc);
  assert_non_null(sim);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_true(model_metric(sim, "switch_dropped_packets") > 0);
  assert_true(model_metric(sim, "switch_dropped_flits") == 32 * model_metric(sim, "switch_dropped_packets"));
  /* every flit is delivered or counted as dropped, none lost silently */
  assert_true(s->flits_delivered_total + model_metric(sim, "switch_dropped_flits") == s->flits_injected_total);
  assert_true(s->flits_injected_total == 2 * 256 * 1024 / 64);
  fcsim_sim_destroy(sim);
  (void)rc;
}

/* The switch's drop and pause counters are per node (merged by sum over
 * MPI ranks, stats/counters.h): two partitions give the same metrics as
 * one (the configurations differ in the trace's temporary file name). The
 * dropped frames never arrive, so the run is cut at 20000 cycles. */
static void test_counters_threads_identical(void **state)
{
  (void)state;
  char *json[2];
  const char *metrics[2];
  for (int th = 0; th < 2; th++) {
    const char *const more[2] = {"sim.max_cycles=20000", th ? "sim.threads=2" : "sim.threads=1"};
    int rc;
    struct fcsim_sim *sim = incast_with("drop", more, &rc);
    assert_non_null(sim);
    json[th] = ts_sim_json(sim, 0); /* cut before "execution" */
    assert_non_null(json[th]);
    metrics[th] = strstr(json[th], "\"metrics\"");
    assert_non_null(metrics[th]);
    fcsim_sim_destroy(sim);
  }
  assert_non_null(strstr(metrics[0], "\"switch_dropped_packets\": "));
  assert_null(strstr(metrics[0], "\"switch_dropped_packets\": 0,"));
  assert_string_equal(metrics[0], metrics[1]);
  free(json[0]);
  free(json[1]);
}

/* `fcsim topo` of a switched topology with switch.planes = `planes`; its
 * report (or, with `export`, its netlist export) must contain `want`. */
static void expect_planes(const char *topo, const char *nodes, const char *radix, const char *planes, int export,
                          const char *want)
{
  char t[64], n[64], k[64], pl[64];
  snprintf(t, sizeof t, "network.topology=%s", topo);
  snprintf(n, sizeof n, "switch.nodes=%s", nodes);
  snprintf(k, sizeof k, "switch.radix=%s", radix);
  snprintf(pl, sizeof pl, "switch.planes=%s", planes);
  char *path = ts_write_temp("", ".net");
  const char *args[] = {"topo",           "--set", t,     "--set", n,  "--set", k, "--set", pl, "--set",
                        "routing.algorithm=table", "--set", "router.model=ethswitch", "--export", path, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  char *text = export ? ts_read_file(path) : NULL;
  const char *hay = export ? text : r.out;
  if (!hay || !strstr(hay, want))
    fprintf(stderr, "%s\n%s\n", hay ? hay : "", r.err);
  assert_int_equal(r.status, 0);
  assert_non_null(hay);
  assert_non_null(strstr(hay, want));
  free(text);
  remove(path);
  free(path);
  ts_result_free(&r);
}

static void expect_topo(const char *topo, const char *nodes, const char *radix, const char *want)
{
  expect_planes(topo, nodes, radix, "1", 0, want);
}

/* Node counts: star 16 + 1; dual plane 16 + 2, 32 links; leaf-spine with
 * k = 8, n = 32: a = 8 leaves, 4 spines; fat tree k = 8, n = 16: a 4-ary
 * 2-tree, 4 + 4 switches; n = 64: 3 levels of 16. Two planes: a leaf-spine
 * of 48 FPGAs on 36-port switches is 3 leaves + 2 spines per plane, 96 FPGA
 * links + 2 x 54 uplinks. */
static void test_generators(void **state)
{
  (void)state;
  expect_topo("star", "16", "16", "17 routers (16 endpoints)");
  expect_topo("dual-plane", "16", "16", "18 routers (16 endpoints)");
  expect_topo("dual-plane", "16", "16", "32 bidirectional");
  expect_topo("leafspine", "32", "8", "44 routers (32 endpoints)");
  expect_topo("leafspine", "32", "8", "64 bidirectional");
  expect_topo("fattree", "16", "8", "24 routers (16 endpoints)");
  expect_topo("fattree", "64", "8", "112 routers (64 endpoints)");
  /* switch.planes = 2: the switch network twice, every FPGA's port q on
   * plane q (a star with 2 planes is the dual plane) */
  expect_planes("star", "16", "16", "2", 0, "18 routers (16 endpoints)");
  expect_planes("star", "16", "16", "2", 0, "32 bidirectional");
  expect_planes("leafspine", "48", "36", "2", 0, "58 routers (48 endpoints)");
  expect_planes("leafspine", "48", "36", "2", 0, "204 bidirectional");
  expect_planes("fattree", "16", "8", "2", 0, "32 routers (16 endpoints)");
  /* leaf-spine of 4 FPGAs, k = 4: plane 0 is sw0..sw2, plane 1 sw3..sw5 */
  expect_planes("leafspine", "4", "4", "2", 1, "link f1:0 sw0:1 ");
  expect_planes("leafspine", "4", "4", "2", 1, "link f1:1 sw3:1 ");
  expect_planes("leafspine", "4", "4", "2", 1, "link sw3:2 sw5:0 ");
}

/* Seed 001 Table 4.2 simulated: a zero-payload probe (a minimum frame, 64 B
 * = two 256-bit flits) over (1) SL3 point-to-point, (2) E40G point-to-point
 * and (3) E40G through one switch, with t_N split over the two endpoints'
 * Ethernet subsystems (switch.latency or switch.nic_latency = t_N / 2),
 * t_PL as the link latency and t_S as the switch's. The p2p model's T_L is
 * t_N + t_PL (Eq. 4.2) and t_N + 2 t_PL + t_S (Eq. 4.3); the simulation adds
 * only the store-and-forward of the two-flit frame at each node and the
 * rounding of each latency up to whole cycles: 0 < sim - model <= 12 cycles. */
static double probe_ns(const char *const *extra)
{
  struct fcsim_sim *sim = one_message("64B", extra);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_true(s->packets_delivered == 1);
  double ns = s->makespan * s->ns_per_cycle;
  fcsim_sim_destroy(sim);
  return ns;
}

static void test_table_4_2_latencies(void **state)
{
  (void)state;
  const char *sl3[] = {"network.topology=torus",
                       "network.dims=2",
                       "network.clock=150.813962MHz",
                       "network.flit_bits=256",
                       "switch.framing=custom",
                       "switch.latency=122.5ns",
                       "network.link_latency=354ns",
                       "traffic.packet_size=1056B",
                       NULL};
  const char *e40[] = {"network.topology=torus",
                       "network.dims=2",
                       "network.clock=154.99442MHz",
                       "network.flit_bits=256",
                       "switch.framing=ethernet",
                       "switch.latency=168ns",
                       "network.link_latency=496ns",
                       "traffic.packet_size=1056B",
                       NULL};
  const char *sw[] = {"network.topology=star",      "switch.nodes=2",
                      "network.clock=154.99442MHz", "network.flit_bits=256",
                      "switch.framing=ethernet",    "switch.nic_latency=168ns",
                      "switch.latency=318ns",       "network.link_latency=496ns",
                      "traffic.packet_size=1056B",  NULL};
  const double model[3] = {245 + 354, 336 + 496, 336 + 2 * 496 + 318}; /* ns */
  const double cycle[3] = {1e3 / 150.813962, 1e3 / 154.99442, 1e3 / 154.99442};
  const double sim[3] = {probe_ns(sl3), probe_ns(e40), probe_ns(sw)};
  for (int i = 0; i < 3; i++) {
    fprintf(stderr, "Table 4.2 case (%d): model %.1f ns, simulated %.1f ns\n", i + 1, model[i], sim[i]);
    assert_true(sim[i] > model[i]);
    assert_true(sim[i] - model[i] <= 12 * cycle[i]);
  }
}

static void expect_refused(const char *const *args, const char *needle)
{
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, needle))
    fprintf(stderr, "status %d: %s\n", r.status, r.err);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, needle));
  ts_result_free(&r);
}

static void test_bad_input(void **state)
{
  (void)state;
  const char *star[] = {
      "topo", "--set", "network.topology=star", "--set", "switch.nodes=17", "--set", "switch.radix=16", NULL};
  expect_refused(star, "switch.nodes <= switch.radix");
  const char *ls[] = {"topo",           "--set", "network.topology=leafspine", "--set", "switch.nodes=40", "--set",
                      "switch.radix=8", NULL};
  expect_refused(ls, "expected at most 32");
  const char *dual[] = {"topo", "--set", "network.topology=dual-plane", "--set", "switch.planes=3", NULL};
  expect_refused(dual, "switch.planes = 3 does not apply");
  const char *frame[] = {"run",
                         "--set",
                         "network.topology=star",
                         "--set",
                         "router.model=ethswitch",
                         "--set",
                         "routing.algorithm=table",
                         "--set",
                         "network.flit_bits=512",
                         "--set",
                         "traffic.packet_size=10000B",
                         NULL};
  expect_refused(frame, "9152-byte payload");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_store_and_forward_latency),
      cmocka_unit_test(test_line_rate_after_framing),
      cmocka_unit_test(test_full_buffer_pause),
      cmocka_unit_test(test_full_buffer_drop),
      cmocka_unit_test(test_counters_threads_identical),
      cmocka_unit_test(test_table_4_2_latencies),
      cmocka_unit_test(test_generators),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
