/* SPDX-License-Identifier: BSD-3-Clause */
/* Stress: twice the saturation load for 100k cycles on 4x4x4 and 8x8x8 tori
 * with 2 VCs and DOR: no deadlock, no buffer overflow, every flit accounted
 * for; and batches offered at twice saturation deliver every flit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_support.h"

/* Saturation (uniform, novog, 2 VCs, 4-flit packets): ~0.7 flits/node/cycle
 * on 4x4x4 and ~0.45 on 8x8x8 (fcsim sweep); twice that is offered. */
static void run_overload(const char *dims, const char *rate, const char *model)
{
  const char *sets[] = {dims,
                        rate,
                        model,
                        "router.vcs=2",
                        "routing.algorithm=dor",
                        "sim.warmup_cycles=20000",
                        "sim.measure_cycles=80000",
                        "sim.drain_cycles=0",
                        NULL};
  struct fcsim_sim *sim;
  int rc = ts_sim_run(sets, &sim);
  assert_int_equal(rc, 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_false(s->deadlock);
  assert_true(s->saturated);
  assert_true(s->cycles >= 100000);
  assert_int_equal(s->buffer_overflows, 0);
  assert_true(s->flits_delivered_total > 0);
  if (s->flits_injected_total != s->flits_delivered_total + s->flits_in_network)
    fail_msg("injected %llu != delivered %llu + in network %llu", (unsigned long long)s->flits_injected_total,
             (unsigned long long)s->flits_delivered_total, (unsigned long long)s->flits_in_network);
  fcsim_sim_destroy(sim);
}

static void test_overload_4x4x4(void **state)
{
  run_overload("network.dims=4x4x4", "traffic.rate=1.4", "router.model=novog");
  run_overload("network.dims=4x4x4", "traffic.rate=1.4", "router.model=classic");
}

static void test_overload_8x8x8(void **state)
{
  run_overload("network.dims=8x8x8", "traffic.rate=0.9", "router.model=novog");
}

/* With more than 2 VCs the dateline classes share VCs (Fig. 4.9b). Handing a
 * shared VC to a new packet before it is empty let the classic router
 * deadlock at 4 VCs on 8x8x8 beyond saturation (a class-1 packet queued behind
 * a class-0 one); shared VCs are now allocated only when empty. */
static void test_overlapping_classes_overload(void **state)
{
  const char *classic[] = {"network.dims=8x8x8",
                           "router.model=classic",
                           "router.vcs=4",
                           "router.vc_depth=8",
                           "network.link_latency=1",
                           "router.switch_cycles=2",
                           "traffic.rate=1.5",
                           "sim.warmup_cycles=2000",
                           "sim.measure_cycles=28000",
                           "sim.drain_cycles=0",
                           NULL};
  const char *novog[] = {"network.dims=4x4x4",     "router.vcs=9",
                         "traffic.rate=2.5",       "traffic.packet_size=1kb",
                         "sim.warmup_cycles=2000", "sim.measure_cycles=28000",
                         "sim.drain_cycles=0",     NULL};
  const char *const *configs[] = {classic, novog};
  for (int i = 0; i < 2; i++) {
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(configs[i], &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    assert_false(s->deadlock);
    assert_int_equal(s->buffer_overflows, 0);
    assert_int_equal(s->flits_injected_total, s->flits_delivered_total + s->flits_in_network);
    fcsim_sim_destroy(sim);
  }
}

/* Novo-G# credit reports go upstream while a port's backlog drains; an
 * upstream router with nothing to send is not stepped, and must be woken to
 * read them, or they pile up beyond its credit ring (found by fcsim tune on
 * transpose batches of 4 kb packets with 9 VCs). */
static void test_credit_reports_to_idle_routers(void **state)
{
  const char *threads[] = {"sim.threads=1", "sim.threads=3"};
  for (int i = 0; i < 2; i++) {
    const char *sets[] = {"network.dims=4x4x4",
                          "router.vcs=9",
                          "router.arbitration=ff",
                          "traffic.pattern=transpose",
                          "traffic.mode=batch",
                          "traffic.batch_packets=63",
                          "traffic.rate=1",
                          "traffic.packet_size=4kb",
                          threads[i],
                          NULL};
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    assert_int_equal(s->buffer_overflows, 0);
    assert_true(s->drained);
    assert_int_equal(s->packets_delivered, s->packets_measured);
    fcsim_sim_destroy(sim);
  }
}

/* Batch mode ends only when every packet of every node has arrived. */
static void run_batch(const char *dims, const char *rate, long packets, long nodes)
{
  char s_n[64];
  snprintf(s_n, sizeof s_n, "traffic.batch_packets=%ld", packets);
  const char *sets[] = {dims, rate, s_n, "traffic.mode=batch", "router.vcs=2", NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_false(s->deadlock);
  assert_true(s->drained);
  assert_int_equal(s->packets_measured, (unsigned long long)(packets * nodes));
  assert_int_equal(s->packets_delivered, s->packets_measured);
  assert_int_equal(s->flits_delivered_total, (unsigned long long)(packets * nodes * 4));
  assert_int_equal(s->flits_in_network, 0);
  assert_int_equal(s->buffer_overflows, 0);
  assert_true(s->total_latency > 0 && s->total_latency < (double)s->cycles);
  fcsim_sim_destroy(sim);
}

static void test_batch_overload(void **state)
{
  run_batch("network.dims=4x4x4", "traffic.rate=1.4", 3000, 64);
  run_batch("network.dims=8x8x8", "traffic.rate=0.9", 400, 512);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_overload_4x4x4),
      cmocka_unit_test(test_overload_8x8x8),
      cmocka_unit_test(test_batch_overload),
      cmocka_unit_test(test_overlapping_classes_overload),
      cmocka_unit_test(test_credit_reports_to_idle_routers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
