/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the routing algorithms on a 4x4x4 Novo-G# torus with
 * 2 VCs: all 5 algorithms x 4 arbitration policies (20 configurations) x all
 * 11 traffic patterns, at saturation and at twice it: no deadlock (the
 * watchdog is set short enough to fire within the run, and a control run
 * without dateline classes shows it does), no lost flit, no buffer overflow.
 * Below saturation, with every measured packet delivered, the minimal
 * algorithms' average hop count equals DOR's exactly (same packets, minimal
 * routes) and RLB's exceeds it by the amount its probability rule predicts.
 * routing.turn_rule = seed-escape (the seed's six turns with a DOR escape
 * network) overloaded on both VC routers: no deadlock (without the escape
 * the same runs deadlock: romm, classic, uniform finds a 14-channel cycle).
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

/* One overloaded run on 4x4x4 with 3 VCs (one adaptive under seed-escape) at
 * 1.5 flits/node/cycle and short links, with the settings `vary` (up to 4)
 * on top: no deadlock, no lost flit, no overflow. */
static void overload_run(const char *const *vary, int nvary, const char *what)
{
  const char *sets[16] = {"router.vcs=3",           "traffic.rate=1.5",       "network.link_latency=2",
                          "router.credit_period=8", "sim.warmup_cycles=500",  "sim.measure_cycles=2000",
                          "sim.drain_cycles=0",     "sim.deadlock_cycles=300"};
  int n = 8;
  for (int i = 0; i < nvary; i++)
    sets[n++] = vary[i];
  sets[n] = NULL;
  struct fcsim_sim *sim;
  int rc = ts_sim_run(sets, &sim);
  if (rc)
    fail_msg("%s: rc %d%s%s", what, rc, sim ? ": " : "",
             sim && fcsim_sim_stats(sim)->deadlock_report ? fcsim_sim_stats(sim)->deadlock_report : "");
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_false(s->deadlock);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->flits_injected_total, s->flits_delivered_total + s->flits_in_network);
  assert_true(s->flits_delivered_total > 0);
  fcsim_sim_destroy(sim);
}

/* routing.turn_rule = seed-escape: the seed's six turns on the shared VCs
 * with the exclusive VCs as a DOR escape network, 3 VCs (one adaptive), both
 * VC routers, overloaded: no deadlock, no lost flit, no overflow. */
static void test_seed_escape_overload(void **state)
{
  static const char *const algs[] = {"romm", "o1turn", "ccar"};
  static const char *const models[] = {"novog", "classic"};
  for (size_t a = 0; a < N(algs); a++)
    for (size_t m = 0; m < N(models); m++)
      for (size_t p = 0; p < N(patterns); p += 2) {
        char s_alg[64], s_pat[64], s_model[64], what[128];
        snprintf(s_alg, sizeof s_alg, "routing.algorithm=%s", algs[a]);
        snprintf(s_pat, sizeof s_pat, "traffic.pattern=%s", patterns[p]);
        snprintf(s_model, sizeof s_model, "router.model=%s", models[m]);
        snprintf(what, sizeof what, "seed-escape %s %s %s", algs[a], models[m], patterns[p]);
        const char *vary[] = {s_alg, s_pat, s_model, "routing.turn_rule=seed-escape"};
        overload_run(vary, (int)N(vary), what);
      }
}

/* routing.adaptive_ties = random: ROMM, CCAR and O1TURN take k/2 ties both ways
 * (a minus tie waits for the lower dimensions), overloaded under both turn
 * rules on the 4x4x4 torus, where a quarter of the offsets are ties: no
 * deadlock, no lost flit, no overflow. */
static void test_adaptive_ties_overload(void **state)
{
  static const char *const algs[] = {"romm", "ccar", "o1turn"};
  static const char *const rules[] = {"fcsim", "seed-escape"};
  for (size_t a = 0; a < N(algs); a++)
    for (size_t r = 0; r < N(rules); r++) {
      char s_alg[64], s_rule[64], what[128];
      snprintf(s_alg, sizeof s_alg, "routing.algorithm=%s", algs[a]);
      snprintf(s_rule, sizeof s_rule, "routing.turn_rule=%s", rules[r]);
      snprintf(what, sizeof what, "adaptive_ties=random %s %s", algs[a], rules[r]);
      const char *vary[] = {s_alg, s_rule, "routing.adaptive_ties=random", "traffic.pattern=transpose"};
      overload_run(vary, (int)N(vary), what);
    }
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
      cmocka_unit_test(test_seed_escape_overload), cmocka_unit_test(test_adaptive_ties_overload),
      cmocka_unit_test(test_hops_vs_dor),          cmocka_unit_test(test_rlb_uniform_average),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
