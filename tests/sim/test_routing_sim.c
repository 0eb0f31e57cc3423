/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the routing algorithms on a 4x4x4 Novo-G# torus with
 * 2 VCs: all 5 algorithms x 4 arbitration policies (20 configurations) x all
 * 11 traffic patterns, at saturation and at twice it: no deadlock (the
 * watchdog is set short enough to fire within the run, and a control run
 * without dateline classes shows it does), no lost flit, no buffer overflow.
 * Below saturation, with every measured packet delivered, the minimal
 * algorithms' average hop count equals DOR's exactly (same packets, minimal
 * routes) and RLB's exceeds it by the amount its probability rule predicts.
 * Links of 2 cycles and credit flits every 8 cycles make the network's
 * dynamics fast enough for short runs (warm-up 500, measure 2000). */
#include "routing_sim.h"

static void matrix(const char *dims, const char *rate)
{
  for (size_t a = 0; a < N(algorithms); a++)
    for (size_t b = 0; b < N(arbiters); b++)
      for (size_t p = 0; p < N(patterns); p++)
        run_checked(dims, algorithms[a], arbiters[b], patterns[p], rate, "novog");
}

/* ~0.6 flits/node/cycle saturates DOR on uniform traffic here */
static void test_matrix_at_saturation(void **state)
{
  matrix("4x4x4", "0.6");
}

static void test_matrix_overload(void **state)
{
  matrix("4x4x4", "1.5");
}

/* The classic router under the same overload, every algorithm. */
static void test_classic_overload(void **state)
{
  for (size_t a = 0; a < N(algorithms); a++)
    for (size_t p = 0; p < N(patterns); p += 3)
      run_checked("4x4x4", algorithms[a], "rr", patterns[p], "1.5", "classic");
}

/* Control: the same stress without dateline classes does deadlock, and the
 * watchdog catches it within the run, so the checks above can fail. */
static void test_control_deadlocks(void **state)
{
  const char *sets[] = {"routing.algorithm=romm",  "router.model=classic",
                        "router.dateline=off",     "network.link_latency=2",
                        "traffic.rate=1.5",        "sim.warmup_cycles=500",
                        "sim.measure_cycles=2000", "sim.drain_cycles=0",
                        "sim.deadlock_cycles=300", NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), FCSIM_EDEADLOCK);
  assert_true(fcsim_sim_stats(sim)->deadlock);
  assert_non_null(fcsim_sim_stats(sim)->deadlock_report);
  fcsim_sim_destroy(sim);
}

static void test_hops_vs_dor(void **state)
{
  hops_vs_dor("4x4x4", patterns, N(patterns));
}

/* RLB under uniform traffic: per dimension of 4, E = 2P(N-P)/N averaged over
 * P in {0,1,1,2} = 1.25, so 3.75 over all nodes, 3.75 * 64/63 excluding the
 * source; DOR 3 * 64/63. */
static void test_rlb_uniform_average(void **state)
{
  unsigned long long n;
  double rlb = drained_hops("4x4x4", "rlb", "uniform", &n), dor = drained_hops("4x4x4", "dor", "uniform", &n);
  double want = 3.75 * 64 / 63, sd = sqrt(3.0 / (double)n); /* per-packet variance 2.81 (DOR 1.5) */
  if (fabs(rlb - want) > 5 * sd)
    fail_msg("rlb %.4f hops over %llu packets, expected %.4f +- %.4f", rlb, n, want, 5 * sd);
  if (fabs(dor - 3.0 * 64 / 63) > 5 * sd)
    fail_msg("dor %.4f hops, expected %.4f", dor, 3.0 * 64 / 63);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_matrix_at_saturation), cmocka_unit_test(test_matrix_overload),
      cmocka_unit_test(test_classic_overload),     cmocka_unit_test(test_control_deadlocks),
      cmocka_unit_test(test_hops_vs_dor),          cmocka_unit_test(test_rlb_uniform_average),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
