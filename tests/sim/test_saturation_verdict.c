/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the saturation verdict and of self packets (issue 10):
 * the latency criterion fires at the configured multiple of zero-load latency
 * and not below it on a real run; nodes a pattern maps to themselves are
 * counted and the offered load net of them is reported. */
#define _DEFAULT_SOURCE
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

#define CLASSIC_4x4x4                                                                                                  \
  "network.dims=4x4x4", "network.link_latency=1", "router.model=classic", "router.vcs=2", "router.vc_depth=8",         \
      "router.vc_classes=split", "router.switch_cycles=2", "traffic.packet_size=4", "sim.warmup_cycles=1000",          \
      "sim.measure_cycles=3000"

/* One run's latency ratio r = avg / zero-load; the same run (same seed, so
 * the same latency) is saturated by "latency" with the factor just below r
 * and not just above it. */
static void test_latency_factor_fires(void **state)
{
  const char *base[] = {CLASSIC_4x4x4, "traffic.rate=0.45", "sim.saturation_latency_factor=0", NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(base, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_false(s->saturated);
  /* zero-load latency is the classic formula at the measured hop count */
  double t0 = ts_zero_load_latency_classic(s->avg_hops, 1, 1, 1, 2, 1, 4);
  assert_true(fabs(s->zero_load_latency - t0) < 1e-9);
  double r = s->avg_latency / s->zero_load_latency;
  assert_true(r > 1.05); /* contention is visible at this load */
  fcsim_sim_destroy(sim);

  char above[64], below[64];
  snprintf(above, sizeof above, "sim.saturation_latency_factor=%.6f", r * 1.001);
  snprintf(below, sizeof below, "sim.saturation_latency_factor=%.6f", r * 0.999);
  const char *hi[] = {CLASSIC_4x4x4, "traffic.rate=0.45", above, NULL};
  assert_int_equal(ts_sim_run(hi, &sim), 0);
  assert_false(fcsim_sim_stats(sim)->saturated);
  assert_null(fcsim_sim_stats(sim)->saturation_reason);
  fcsim_sim_destroy(sim);
  const char *lo[] = {CLASSIC_4x4x4, "traffic.rate=0.45", below, NULL};
  assert_int_equal(ts_sim_run(lo, &sim), 0);
  assert_true(fcsim_sim_stats(sim)->saturated);
  assert_string_equal(fcsim_sim_stats(sim)->saturation_reason, "latency");
  fcsim_sim_destroy(sim);

  /* overload: the queues grow, whatever the latency limits say */
  const char *over[] = {CLASSIC_4x4x4, "traffic.rate=0.9", "sim.saturation_latency_factor=0", "sim.drain_cycles=0",
                        NULL};
  assert_int_equal(ts_sim_run(over, &sim), 0);
  assert_true(fcsim_sim_stats(sim)->saturated);
  assert_true(!strcmp(fcsim_sim_stats(sim)->saturation_reason, "backlog") ||
              !strcmp(fcsim_sim_stats(sim)->saturation_reason, "drain"));
  fcsim_sim_destroy(sim);
}

/* booksim-transpose on 8x8 maps the 8 diagonal nodes to themselves: the
 * classic router sends them as 0-hop packets (offered load intact), Novo-G#
 * (no local port) cannot and reports the offered load net of them; the seed's
 * transpose excludes them on either. */
static void test_self_packets(void **state)
{
  const char *sets[][8] = {
      {"network.dims=8x8", "network.topology=mesh", "router.model=classic", "traffic.pattern=booksim-transpose",
       "traffic.rate=0.1", "sim.measure_cycles=4000", NULL},
      {"network.dims=8x8", "network.topology=mesh", "router.model=novog", "traffic.pattern=booksim-transpose",
       "traffic.rate=0.1", "sim.measure_cycles=4000", NULL},
      {"network.dims=8x8", "network.topology=mesh", "router.model=classic", "traffic.pattern=transpose",
       "traffic.rate=0.1", "sim.measure_cycles=4000", NULL},
  };
  for (int i = 0; i < 3; i++) {
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(sets[i], &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    uint64_t self = s->self_packets_sent + s->self_packets_excluded;
    /* 8 of 64 nodes: 1/8 of the packets, within 4 sigma */
    double frac = (double)self / (double)(s->packets_measured + s->self_packets_excluded);
    if (fabs(frac - 0.125) > 0.02)
      fail_msg("case %d: self fraction %.4f", i, frac);
    if (i == 0) {
      assert_int_equal(s->self_packets_excluded, 0);
      assert_true(fabs(s->offered_rate_net - 0.1) < 1e-12);
      assert_true(fabs(s->recv_throughput - 0.1) < 0.01); /* 0-hop packets are delivered */
    } else {
      assert_int_equal(s->self_packets_sent, 0);
      assert_true(fabs(s->offered_rate_net - 0.1 * (1 - frac)) < 1e-9);
      assert_true(fabs(s->recv_throughput - s->offered_rate_net) < 0.01);
    }
    fcsim_sim_destroy(sim);
  }
}

/* fcsim sweep stops at the first point past the latency limit and says so;
 * its JSON carries the reason. (4x4x4 classic, 1-cycle links: 0.7 is at
 * 1.6x zero-load latency, 0.8 at 3.6x, measured.) */
static void test_sweep_says_why(void **state)
{
  char json[] = "/tmp/fcsim-satj-XXXXXX";
  close(mkstemp(json));
  struct ts_result r;
  const char *args[] = {"sweep",  FCSIM_SOURCE_DIR "/examples/booksim-torus.ini",
                        "--set",  "network.dims=4x4x4",
                        "--set",  "sim.measure_cycles=4000",
                        "--vary", "traffic.rate=0.7:1.0:0.1",
                        "--json", json,
                        NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "saturated (latency)"));
  assert_non_null(strstr(r.out, "stopped: the network saturated at traffic.rate=0.8: latency"));
  char *j = ts_read_file(json);
  assert_non_null(strstr(j, "\"saturation_reason\":null"));
  assert_non_null(strstr(j, "\"saturation_reason\":\"latency\""));
  free(j);
  unlink(json);
  ts_result_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_latency_factor_fires),
      cmocka_unit_test(test_self_packets),
      cmocka_unit_test(test_sweep_says_why),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
