/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared driver of the routing simulation tests (test_routing_sim.c on 4x4x4,
 * test_routing_sim8.c on 8x8x8): the algorithm, policy and pattern lists, a
 * checked overload run, and the hop-count comparison with DOR. Included by
 * both; the functions are static. */
#ifndef FCSIM_TESTS_ROUTING_SIM_H
#define FCSIM_TESTS_ROUTING_SIM_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

static const char *const algorithms[] = {"dor", "romm", "o1turn", "rlb", "ccar"};
static const char *const arbiters[] = {"rr", "ff", "of", "mixed"};
static const char *const patterns[] = {"uniform", "nn",         "3h-nn",  "cube-nn",  "bitcomp", "transpose",
                                       "tornado", "all-to-all", "bitrot", "randperm", "hotspot"};
#define N(a) (sizeof(a) / sizeof *(a))

/* Runs one configuration; fails on deadlock, lost flits or overflow. */
static inline void run_checked(const char *dims, const char *alg, const char *arb, const char *pattern,
                               const char *rate, const char *model)
{
  char s_dims[64], s_alg[64], s_arb[64], s_pat[64], s_rate[64], s_model[64];
  snprintf(s_dims, sizeof s_dims, "network.dims=%s", dims);
  snprintf(s_alg, sizeof s_alg, "routing.algorithm=%s", alg);
  snprintf(s_arb, sizeof s_arb, "router.arbitration=%s", arb);
  snprintf(s_pat, sizeof s_pat, "traffic.pattern=%s", pattern);
  snprintf(s_rate, sizeof s_rate, "traffic.rate=%s", rate);
  snprintf(s_model, sizeof s_model, "router.model=%s", model);
  const char *sets[] = {s_dims,
                        s_alg,
                        s_arb,
                        s_pat,
                        s_rate,
                        s_model,
                        "router.vcs=2",
                        "network.link_latency=2",
                        "router.credit_period=8",
                        "router.age_threshold=200",
                        "sim.warmup_cycles=500",
                        "sim.measure_cycles=2000",
                        "sim.drain_cycles=0",
                        "sim.deadlock_cycles=300",
                        NULL};
  struct fcsim_sim *sim;
  int rc = ts_sim_run(sets, &sim);
  if (rc)
    fail_msg("%s %s %s %s rate %s: rc %d%s%s", dims, alg, arb, pattern, rate, rc, sim ? ": " : "",
             sim && fcsim_sim_stats(sim)->deadlock_report ? fcsim_sim_stats(sim)->deadlock_report : "");
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_false(s->deadlock);
  if (s->buffer_overflows)
    fail_msg("%s %s %s %s: %llu buffer overflows", dims, alg, arb, pattern, (unsigned long long)s->buffer_overflows);
  if (s->flits_injected_total != s->flits_delivered_total + s->flits_in_network)
    fail_msg("%s %s %s %s: injected %llu != delivered %llu + in network %llu", dims, alg, arb, pattern,
             (unsigned long long)s->flits_injected_total, (unsigned long long)s->flits_delivered_total,
             (unsigned long long)s->flits_in_network);
  assert_true(s->flits_delivered_total > 0);
  assert_true(s->cycles >= 2500);
  fcsim_sim_destroy(sim);
}

/* Average hops of a drained run below saturation. */
static inline double drained_hops(const char *dims, const char *alg, const char *pattern, unsigned long long *measured)
{
  char s_dims[64], s_alg[64], s_pat[64];
  snprintf(s_dims, sizeof s_dims, "network.dims=%s", dims);
  snprintf(s_alg, sizeof s_alg, "routing.algorithm=%s", alg);
  snprintf(s_pat, sizeof s_pat, "traffic.pattern=%s", pattern);
  const char *sets[] = {s_dims,
                        s_alg,
                        s_pat,
                        "traffic.rate=0.08",
                        "network.link_latency=2",
                        "router.credit_period=8",
                        "sim.warmup_cycles=500",
                        "sim.measure_cycles=2000",
                        NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  if (!s->drained)
    fail_msg("%s %s %s: not drained", dims, alg, pattern);
  assert_int_equal(s->packets_delivered, s->packets_measured);
  double h = s->avg_hops;
  *measured = s->packets_measured;
  fcsim_sim_destroy(sim);
  return h;
}

/* The same packets are created whatever the routing (arrival and
 * destination streams do not depend on it): minimal algorithms give DOR's
 * average exactly; RLB more. */
static inline void hops_vs_dor(const char *dims, const char *const *pats, size_t npats)
{
  for (size_t p = 0; p < npats; p++) {
    unsigned long long n_dor, n;
    double dor = drained_hops(dims, "dor", pats[p], &n_dor);
    for (size_t a = 1; a < N(algorithms); a++) {
      double h = drained_hops(dims, algorithms[a], pats[p], &n);
      assert_int_equal(n, n_dor);
      if (!strcmp(algorithms[a], "rlb")) {
        if (!(h > dor))
          fail_msg("%s %s: rlb %.4f hops, dor %.4f", dims, pats[p], h, dor);
      } else if (fabs(h - dor) > 1e-9) {
        fail_msg("%s %s: %s %.6f hops, dor %.6f", dims, pats[p], algorithms[a], h, dor);
      }
    }
  }
}

#endif
