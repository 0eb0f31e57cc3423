/* SPDX-License-Identifier: BSD-3-Clause */
/* stats.latency_from (seed 000 Table 5.2 leaves open where a packet's latency
 * starts): `injection` leaves the simulation alone on the Novo-G# router
 * (same throughput, same flit counts) and removes the wait in the source
 * queue from every latency, which at an overloaded point is most of it; a
 * router that cannot stamp injection refuses the key. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define NOVOG_4x4x4(rate)                                                                                              \
  "network.dims=4x4x4", "router.model=novog", "router.vcs=9", "network.link_latency=28", "traffic.pattern=3h-nn",      \
      "traffic.packet_size=8", "traffic.rate=" rate, "sim.warmup_cycles=500", "sim.measure_cycles=2000",               \
      "sim.drain_cycles=4000"

static void run_both(const char *rate_set, struct fcsim_stats *c, struct fcsim_stats *i)
{
  const char *cre[] = {NOVOG_4x4x4("0"), rate_set, NULL};
  const char *inj[] = {NOVOG_4x4x4("0"), rate_set, "stats.latency_from=injection", NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(cre, &sim), 0);
  *c = *fcsim_sim_stats(sim);
  fcsim_sim_destroy(sim);
  assert_int_equal(ts_sim_run(inj, &sim), 0);
  *i = *fcsim_sim_stats(sim);
  fcsim_sim_destroy(sim);
}

/* Same run, shorter latencies; the difference is the source-queue wait. */
static void test_same_run_shorter_latency(void **state)
{
  (void)state;
  struct fcsim_stats c, i;
  run_both("traffic.rate=0.5", &c, &i); /* below saturation */
  assert_int_equal(c.flits_injected_total, i.flits_injected_total);
  assert_int_equal(c.flits_delivered_total, i.flits_delivered_total);
  assert_true(c.recv_throughput == i.recv_throughput);
  assert_true(i.avg_latency <= c.avg_latency);
  assert_true(i.avg_latency > 0.5 * c.avg_latency); /* little queueing below saturation */
  run_both("traffic.rate=4", &c, &i);               /* far beyond saturation: the source queues grow */
  assert_int_equal(c.flits_injected_total, i.flits_injected_total);
  assert_true(c.recv_throughput == i.recv_throughput);
  assert_true(i.avg_latency < 0.5 * c.avg_latency);
  assert_true(i.worst_latency < c.worst_latency);
}

/* A router model without the injection stamp refuses the key. */
static void test_refused_elsewhere(void **state)
{
  (void)state;
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_non_null(cfg);
  assert_int_equal(fcsim_config_set(cfg, "router.model", "voq", "test", &err), 0);
  assert_int_equal(fcsim_config_set(cfg, "stats.latency_from", "injection", "test", &err), 0);
  assert_int_not_equal(fcsim_config_validate(cfg, &err), 0);
  assert_non_null(strstr(err.msg, "stats.latency_from"));
  fcsim_config_destroy(cfg);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_run_shorter_latency),
      cmocka_unit_test(test_refused_elsewhere),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
