/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the core mechanisms: zero-load latency, full link
 * utilisation under nearest-neighbour traffic, the bisection bound, and the
 * Novo-G# credit-threshold rule. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* Zero-load latency = H (L + rc + va + switch) + rc + (F - 1) for several
 * sizes, link latencies, VC counts (switch delay by Table 4.2) and both
 * router models. At a load this low the median packet meets no one. */
static void test_zero_load_latency(void **state)
{
  const char *dims[] = {"8", "4x4x4", "2x4x8", "8x8x8"};
  const char *lat[] = {"20", "64", "100"};
  const char *vcs[] = {"2", "4", "9"};
  const char *models[] = {"novog", "classic"};
  for (int m = 0; m < 2; m++)
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 3; j++) {
        char s_dims[64], s_lat[64], s_vcs[64], s_model[64];
        snprintf(s_dims, sizeof s_dims, "network.dims=%s", dims[i]);
        snprintf(s_lat, sizeof s_lat, "network.link_latency=%s", lat[j]);
        snprintf(s_vcs, sizeof s_vcs, "router.vcs=%s", vcs[j]);
        snprintf(s_model, sizeof s_model, "router.model=%s", models[m]);
        const char *sets[] = {s_dims,
                              s_lat,
                              s_vcs,
                              s_model,
                              "traffic.pattern=tornado",
                              "traffic.rate=0.003",
                              "traffic.packet_size=6",
                              "sim.warmup_cycles=0",
                              "sim.measure_cycles=30000",
                              NULL};
        struct fcsim_sim *sim;
        assert_int_equal(ts_sim_run(sets, &sim), 0);
        const struct fcsim_stats *s = fcsim_sim_stats(sim);
        int L = atoi(lat[j]),
            sw = !strcmp(models[m], "classic") ? 1 : (const int[]){0, 2, 3, 3, 4, 4, 4, 5, 5, 4}[atoi(vcs[j])];
        /* tornado: x -> x + k/2 - 1, every packet the same number of hops */
        int k = atoi(dims[i]);
        double hops = k / 2 - 1;
        double t0 =
            m == 0 ? ts_zero_load_latency(hops, L, 1, 1, sw, 6) : ts_zero_load_latency_classic(hops, L, 1, 1, sw, 1, 6);
        if (hops == 0) { /* k = 2: silent pattern */
          fcsim_sim_destroy(sim);
          continue;
        }
        assert_true(s->packets_delivered > 20);
        assert_true(fabs(s->avg_hops - hops) < 1e-9);
        if (s->p50_latency != t0 || s->avg_latency < t0 || s->avg_latency > t0 * 1.01)
          fail_msg("%s %s L=%s vcs=%s: p50 %.0f avg %.3f, expected %.0f", models[m], dims[i], lat[j], vcs[j],
                   s->p50_latency, s->avg_latency, t0);
        assert_int_equal(s->buffer_overflows, 0);
        fcsim_sim_destroy(sim);
      }
}

/* Uniform traffic: the average follows the formula at the average hop count
 * (latency is linear in hops when nothing contends). */
static void test_zero_load_uniform(void **state)
{
  const char *sets[] = {"network.dims=4x4x4", "traffic.rate=0.002", "sim.measure_cycles=40000",
                        "network.link_latency=40", NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_true(fabs(s->avg_hops - 3.0 * 64 / 63) < 0.05);
  double t0 = ts_zero_load_latency(s->avg_hops, 40, 1, 1, 3, 4);
  if (fabs(s->avg_latency - t0) > 0.01 * t0)
    fail_msg("avg %.3f vs %.3f", s->avg_latency, t0);
  fcsim_sim_destroy(sim);
}

/* Seed 000 §4.2.2: nearest-neighbour traffic is congestion-free on the
 * Novo-G# router and uses 100 % of every link; the only slots lost are the
 * credit flits, one per credit period. */
static void test_nn_full_utilisation(void **state)
{
  const char *sets[] = {
      "network.dims=4x4x4",     "traffic.pattern=nn",       "traffic.rate=6.5",   "traffic.packet_size=8",
      "sim.warmup_cycles=3000", "sim.measure_cycles=10000", "sim.drain_cycles=0", NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  double ideal = 1.0 - 1.0 / 100; /* credit flit every 100 cycles */
  if (s->link_util_avg < ideal - 0.005 || s->recv_throughput < 6 * (ideal - 0.005))
    fail_msg("link utilisation %.4f (min %.4f), throughput %.4f", s->link_util_avg, s->link_util_max,
             s->recv_throughput);
  assert_true(s->link_util_max <= 1.0);
  assert_true(s->avg_hops == 1.0);
  assert_int_equal(s->buffer_overflows, 0);
  fcsim_sim_destroy(sim);
}

/* Uniform traffic on 8x8x8: accepted throughput never exceeds the bisection
 * bound, 4 B / N = 8 / k = 1 flit/node/cycle, even offered far beyond it. */
static void test_bisection_bound(void **state)
{
  const char *models[] = {"router.model=novog", "router.model=classic"};
  for (int m = 0; m < 2; m++) {
    const char *sets[] = {"network.dims=8x8x8",     models[m],
                          "router.vcs=4",           "traffic.rate=3.0",
                          "sim.warmup_cycles=1000", "sim.measure_cycles=3000",
                          "sim.drain_cycles=0",     NULL};
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    assert_true(s->saturated);
    if (s->recv_throughput > 1.0 || s->recv_throughput < 0.1)
      fail_msg("%s: throughput %.4f", models[m], s->recv_throughput);
    assert_int_equal(s->buffer_overflows, 0);
    fcsim_sim_destroy(sim);
  }
}

/* The Novo-G# credit rule: a report of F free slots arrives L cycles after it
 * was sent, the sender spends it down to the threshold T = L + P, and waits
 * for the next report P cycles later. One saturated stream into a receiver
 * that ejects at once (F = depth - the one flit in RC) therefore carries
 *   min(P - 1, D - 1 - T + 1) / P  flits per cycle
 * (P - 1: the reverse credit flits share the link). Once the threshold
 * binds, raising the period with the depth fixed lowers throughput so. */
static void test_credit_period_rule(void **state)
{
  const int depth = 260, L = 20;
  const int periods[] = {40, 80, 120, 160, 200, 239};
  double last = 2.0;
  for (size_t i = 0; i < sizeof periods / sizeof periods[0]; i++) {
    int P = periods[i], T = L + P;
    char s_p[64], s_d[64], s_l[64];
    snprintf(s_p, sizeof s_p, "router.credit_period=%d", P);
    snprintf(s_d, sizeof s_d, "router.vc_depth=%d", depth);
    snprintf(s_l, sizeof s_l, "network.link_latency=%d", L);
    const char *sets[] = {"network.dims=2",
                          "network.topology=mesh",
                          "router.vcs=1",
                          s_p,
                          s_d,
                          s_l,
                          "traffic.pattern=nn",
                          "traffic.packet_size=1",
                          "traffic.rate=1.5",
                          "sim.warmup_cycles=2000",
                          "sim.measure_cycles=24000",
                          "sim.drain_cycles=0",
                          NULL};
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    double allowed = depth - 1 - T + 1;
    double predicted = (allowed < P - 1 ? allowed : P - 1) / P;
    if (fabs(s->recv_throughput - predicted) > 0.01)
      fail_msg("P=%d: throughput %.4f, rule predicts %.4f", P, s->recv_throughput, predicted);
    if (allowed < P - 1) { /* the threshold binds: throughput falls */
      assert_true(s->recv_throughput < last);
      last = s->recv_throughput;
    }
    assert_int_equal(s->buffer_overflows, 0);
    fcsim_sim_destroy(sim);
  }
}

/* SPEC §8: where fcsim and BookSim2 model the same router, their latency-load
 * curves agree. BookSim2 (commit 28f43299, IQ router, 8-ary 3-cube, 1-cycle
 * channels, 4 VCs x 8, 4-flit packets, DOR, uniform; docs/PERFORMANCE.md)
 * measured average packet latencies of 41.1, 45.5 and 50.5 cycles at 0.1, 0.3
 * and 0.4 flits/node/cycle and saturated at ~0.53. The classic router set up
 * the same way (examples/booksim-torus.ini) must come within 5 %, and still
 * carry 0.5 flits/node/cycle. */
static void test_agrees_with_booksim(void **state)
{
  const char *rates[] = {"traffic.rate=0.1", "traffic.rate=0.3", "traffic.rate=0.4", "traffic.rate=0.5"};
  const double booksim[] = {41.1, 45.5, 50.5, 62.6};
  for (int i = 0; i < 4; i++) {
    const char *sets[] = {"network.dims=8x8x8",     "network.link_latency=1",  "router.model=classic",
                          "router.vcs=4",           "router.vc_depth=8",       "router.vc_classes=split",
                          "router.switch_cycles=2", "traffic.packet_size=4",   rates[i],
                          "sim.warmup_cycles=2000", "sim.measure_cycles=6000", NULL};
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    if (i < 3 && fabs(s->avg_latency - booksim[i]) > 0.05 * booksim[i])
      fail_msg("%s: fcsim %.2f cycles, BookSim2 %.1f", rates[i], s->avg_latency, booksim[i]);
    if (i == 3 && (s->saturated || s->recv_throughput < 0.49))
      fail_msg("%s: fcsim saturated below BookSim2's 0.53 (accepted %.3f)", rates[i], s->recv_throughput);
    fcsim_sim_destroy(sim);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_zero_load_latency),   cmocka_unit_test(test_zero_load_uniform),
      cmocka_unit_test(test_nn_full_utilisation), cmocka_unit_test(test_bisection_bound),
      cmocka_unit_test(test_credit_period_rule),  cmocka_unit_test(test_agrees_with_booksim),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
