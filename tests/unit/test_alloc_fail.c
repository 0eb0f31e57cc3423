/* SPDX-License-Identifier: BSD-3-Clause */
/* Allocation-failure injection (support/alloc_hook.h): a small run —
 * configuration, network build, simulation, statistics, teardown — is
 * repeated with its 1st, 2nd, ... Nth allocation failing, for every N up to
 * the number of allocations the run makes. Each must end with FCSIM_ENOMEM
 * and a message (never a crash, never a silent success), and, under ASan,
 * without a leak. Three runs cover the three router models, the three
 * workloads, one and two partitions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_hook.h"
#include "fcsim/fcsim.h"

/* One run: the configuration from `sets`, then create, run, destroy.
 * Returns the first error code (0 if none) with its message in *err. */
static int one_run(const char *const *sets, struct fcsim_error *err)
{
  struct fcsim_config *cfg = fcsim_config_create();
  if (!cfg)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory (config)");
  int rc = 0;
  for (const char *const *s = sets; *s && !rc; s++)
    rc = fcsim_config_set_assignment(cfg, *s, "test", err);
  struct fcsim_sim *sim = NULL;
  if (!rc)
    rc = fcsim_sim_create(cfg, &sim, err);
  if (!rc) {
    rc = fcsim_sim_run(sim, NULL, NULL, err);
    const struct fcsim_stats *st = fcsim_sim_stats(sim);
    if (!rc && st->packets_delivered == 0 && st->flits_delivered_total == 0)
      rc = fcsim_error_set(err, FCSIM_EINTERNAL, "the run measured nothing");
  }
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
  return rc;
}

/* Fails every allocation of the run in turn. */
static void walk(const char *const *sets)
{
  struct fcsim_error err = {0};
  alloc_hook_reset();
  assert_int_equal(one_run(sets, &err), 0);
  const long total = alloc_hook_count();
  assert_true(total > 20);
  long enomem = 0;
  for (long n = 1; n <= total; n++) {
    err = (struct fcsim_error){0};
    alloc_hook_reset();
    alloc_hook_fail_at(n);
    int rc = one_run(sets, &err);
    int injected = alloc_hook_failed();
    alloc_hook_fail_at(0);
    if (!injected) /* the run took another path with fewer allocations */
      continue;
    if (rc != FCSIM_ENOMEM)
      fail_msg("allocation %ld of %ld failed: got %d (%s), expected FCSIM_ENOMEM", n, total, rc, err.msg);
    if (!err.msg[0] || err.code != FCSIM_ENOMEM)
      fail_msg("allocation %ld of %ld failed: no message", n, total);
    enomem++;
  }
  print_message("%s ...: %ld allocations, %ld failures injected, each FCSIM_ENOMEM\n", sets[0], total, enomem);
  assert_true(enomem >= total * 9 / 10);
}

static void test_novog_continuous(void **state)
{
  static const char *const sets[] = {"network.dims=3x3",     "router.model=novog",     "traffic.rate=0.3",
                                     "sim.warmup_cycles=50", "sim.measure_cycles=200", NULL};
  walk(sets);
}

static void test_classic_batch_two_threads(void **state)
{
  static const char *const sets[] = {"network.topology=mesh",
                                     "network.dims=2x3",
                                     "router.model=classic",
                                     "traffic.mode=batch",
                                     "traffic.batch_packets=3",
                                     "sim.threads=2",
                                     NULL};
  walk(sets);
}

static void test_crossbar_trace(void **state)
{
  static const char *const sets[] = {"network.topology=mesh",
                                     "network.dims=4x4",
                                     "router.model=crossbar",
                                     "traffic.mode=trace",
                                     "traffic.trace=" FCSIM_SOURCE_DIR "/examples/trace/chain.csv",
                                     "traffic.packet_size=4",
                                     NULL};
  walk(sets);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_novog_continuous),
      cmocka_unit_test(test_classic_batch_two_threads),
      cmocka_unit_test(test_crossbar_trace),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
