/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of routing.algorithm = table (up/down next-hop tables,
 * docs/ROUTING.md) on a 4x4x4 torus, Release build: with the novog and the
 * classic router, dateline classes on and off, at moderate load and far
 * beyond saturation, nothing deadlocks (watchdog at 300 cycles), no buffer
 * overflows and every injected flit is delivered or still in the network.
 * At low load the tables' routes are the minimal ones on this torus (the
 * unit test counts 0 longer pairs), so the same packets take exactly DOR's
 * average hop count, and the average latency is the zero-load formula at
 * that hop count (to within rare contention). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* One checked run of the table algorithm. */
static void run_table(const char *model, const char *dateline, const char *pattern, const char *rate)
{
  char s_model[64], s_dl[64], s_pat[64], s_rate[64];
  snprintf(s_model, sizeof s_model, "router.model=%s", model);
  snprintf(s_dl, sizeof s_dl, "router.dateline=%s", dateline);
  snprintf(s_pat, sizeof s_pat, "traffic.pattern=%s", pattern);
  snprintf(s_rate, sizeof s_rate, "traffic.rate=%s", rate);
  const char *sets[] = {"network.dims=4x4x4",
                        "routing.algorithm=table",
                        s_model,
                        s_dl,
                        s_pat,
                        s_rate,
                        "router.vcs=2",
                        "network.link_latency=2",
                        "router.credit_period=8",
                        "router.age_threshold=200",
                        "sim.warmup_cycles=500",
                        "sim.measure_cycles=2000",
                        "sim.drain_cycles=0",
                        "sim.deadlock_cycles=300",
                        NULL};
  struct fcsim_sim *sim = NULL;
  int rc = ts_sim_run(sets, &sim);
  if (rc)
    fail_msg("%s dateline %s %s rate %s: rc %d %s", model, dateline, pattern, rate, rc,
             sim && fcsim_sim_stats(sim)->deadlock_report ? fcsim_sim_stats(sim)->deadlock_report : "");
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_false(s->deadlock);
  assert_int_equal(s->buffer_overflows, 0);
  if (s->flits_injected_total != s->flits_delivered_total + s->flits_in_network)
    fail_msg("%s %s %s %s: injected %llu != delivered %llu + in network %llu", model, dateline, pattern, rate,
             (unsigned long long)s->flits_injected_total, (unsigned long long)s->flits_delivered_total,
             (unsigned long long)s->flits_in_network);
  assert_true(s->flits_delivered_total > 0);
  fcsim_sim_destroy(sim);
}

static void test_moderate_load(void **state)
{
  (void)state;
  static const char *const pats[] = {"uniform", "transpose", "bitcomp", "hotspot"};
  for (int m = 0; m < 2; m++)
    for (int dl = 0; dl < 2; dl++)
      for (size_t p = 0; p < sizeof pats / sizeof *pats; p++)
        run_table(m ? "classic" : "novog", dl ? "on" : "off", pats[p], "0.25");
}

static void test_overload(void **state)
{
  (void)state;
  for (int m = 0; m < 2; m++)
    for (int dl = 0; dl < 2; dl++)
      run_table(m ? "classic" : "novog", dl ? "on" : "off", "uniform", "1.5");
}

/* Drained low-load run: average hops, latency and its zero-load formula. */
static void low_load(const char *alg, const char *model, double *hops, double *lat, double *zero,
                     unsigned long long *measured)
{
  char s_alg[64], s_model[64];
  snprintf(s_alg, sizeof s_alg, "routing.algorithm=%s", alg);
  snprintf(s_model, sizeof s_model, "router.model=%s", model);
  const char *sets[] = {"network.dims=4x4x4",
                        s_alg,
                        s_model,
                        "traffic.rate=0.01",
                        "network.link_latency=2",
                        "router.credit_period=8",
                        "sim.warmup_cycles=500",
                        "sim.measure_cycles=4000",
                        NULL};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_true(s->drained);
  assert_int_equal(s->packets_delivered, s->packets_measured);
  *hops = s->avg_hops;
  *lat = s->avg_latency;
  *zero = s->zero_load_latency;
  *measured = s->packets_measured;
  fcsim_sim_destroy(sim);
}

static void test_low_load_minimal(void **state)
{
  (void)state;
  for (int m = 0; m < 2; m++) {
    const char *model = m ? "classic" : "novog";
    double h_dor, l_dor, z_dor, h, l, z;
    unsigned long long n_dor, n;
    low_load("dor", model, &h_dor, &l_dor, &z_dor, &n_dor);
    low_load("table", model, &h, &l, &z, &n);
    print_message("%s: table %.6f hops, latency %.3f (zero-load %.3f); dor %.6f hops, latency %.3f; %llu packets\n",
                  model, h, l, z, h_dor, l_dor, n);
    assert_int_equal(n, n_dor);
    assert_true(n > 500);
    assert_true(fabs(h - h_dor) < 1e-12);
    assert_true(fabs(z - z_dor) < 1e-9);
    /* Novo-G# credit flits every 8 cycles delay some heads a little: both
     * algorithms sit the same few percent above the formula */
    assert_true(l >= z - 1e-9 && l <= z * 1.05);
    assert_true(fabs(l - l_dor) <= 0.02 * l_dor);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_moderate_load),
      cmocka_unit_test(test_overload),
      cmocka_unit_test(test_low_load_minimal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
