/* SPDX-License-Identifier: BSD-3-Clause */
/* The result of a run — every metric, every counter, the JSON byte for byte
 * apart from the "execution" block (threads, wall time) — is identical for
 * any number of partitions/threads, including runs that saturate, batches,
 * meshes, the classic router and traffic patterns with random destinations. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* Runs and returns the compact JSON without its "execution" object. */
static char *run_json(const char *const *base, const char *threads)
{
  const char *sets[32];
  int n = 0;
  for (const char *const *s = base; *s; s++)
    sets[n++] = *s;
  sets[n++] = threads;
  sets[n] = NULL;
  struct fcsim_sim *sim;
  int rc = ts_sim_run(sets, &sim);
  assert_true(rc == 0 || rc == FCSIM_EDEADLOCK);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_int_equal(fcsim_sim_write_json(sim, f, FCSIM_JSON_LINKS | FCSIM_JSON_COMPACT, NULL), 0);
  fclose(f);
  fcsim_sim_destroy(sim);
  char *e = strstr(buf, "\"execution\":{");
  assert_non_null(e);
  char *close = strchr(e, '}');
  memmove(e, close + 2, strlen(close + 2) + 1); /* drop the object and its comma */
  return buf;
}

static void check_config(const char *const *base)
{
  static const char *const threads[] = {"sim.threads=1", "sim.threads=2", "sim.threads=3", "sim.threads=5"};
  char *ref = run_json(base, threads[0]);
  for (size_t i = 1; i < sizeof threads / sizeof threads[0]; i++) {
    char *other = run_json(base, threads[i]);
    if (strcmp(ref, other)) {
      size_t k = 0;
      while (ref[k] == other[k])
        k++;
      fail_msg("%s differs from 1 thread for %s=... at byte %zu: ...%.60s... vs ...%.60s...", threads[i], base[0], k,
               ref + (k > 20 ? k - 20 : 0), other + (k > 20 ? k - 20 : 0));
    }
    free(other);
  }
  free(ref);
}

static void test_novog_uniform(void **state)
{
  check_config((const char *const[]){"network.dims=4x4x4", "traffic.rate=0.5", NULL});
}

static void test_novog_saturated_8x8x8(void **state)
{
  check_config((const char *const[]){"network.dims=8x8x8", "traffic.rate=1.2", "router.arbitration=ff",
                                     "sim.warmup_cycles=1000", "sim.measure_cycles=3000", "sim.drain_cycles=2000",
                                     NULL});
}

static void test_classic_short_links(void **state)
{
  check_config((const char *const[]){"network.dims=2x4x8", "router.model=classic", "network.link_latency=3",
                                     "router.vcs=4", "traffic.pattern=randperm", "traffic.rate=0.4",
                                     "router.arbitration=of", NULL});
}

static void test_mesh_and_patterns(void **state)
{
  check_config((const char *const[]){"network.topology=mesh", "network.dims=6x6", "router.vcs=1",
                                     "traffic.pattern=transpose", "traffic.rate=0.3", "network.link_latency=20", NULL});
  check_config((const char *const[]){"network.dims=4x4x4", "traffic.pattern=hotspot", "traffic.rate=0.8",
                                     "router.arbitration=mixed", "router.age_threshold=200", NULL});
  check_config((const char *const[]){"network.dims=16", "traffic.pattern=tornado", "traffic.rate=0.9", NULL});
}

/* Adaptive and randomised routing: CCAR reads credits as they arrive, ROMM
 * and RLB draw per hop and per packet. */
static void test_routing_algorithms(void **state)
{
  check_config((const char *const[]){"network.dims=4x4x4", "routing.algorithm=ccar", "traffic.rate=0.7", "router.vcs=4",
                                     "network.link_latency=6", "router.credit_period=12", NULL});
  check_config((const char *const[]){"network.dims=4x4x4", "routing.algorithm=romm", "traffic.pattern=transpose",
                                     "traffic.rate=0.6", "router.arbitration=of", NULL});
  check_config((const char *const[]){"network.dims=2x4x8", "routing.algorithm=rlb", "router.model=classic",
                                     "network.link_latency=4", "traffic.rate=0.3", NULL});
  check_config((const char *const[]){"network.dims=4x4x4", "routing.algorithm=o1turn", "traffic.pattern=bitcomp",
                                     "traffic.rate=1.2", "sim.measure_cycles=3000", "sim.drain_cycles=2000", NULL});
}

static void test_batch(void **state)
{
  check_config((const char *const[]){"network.dims=4x4x4", "traffic.mode=batch", "traffic.batch_packets=300",
                                     "traffic.pattern=all-to-all", "traffic.rate=2.0", "router.vcs=4", NULL});
}

static void test_deadlock_report(void **state)
{
  check_config((const char *const[]){"network.dims=8", "router.model=classic", "router.vcs=1", "router.vc_depth=2",
                                     "router.dateline=off", "traffic.packet_size=8", "traffic.rate=0.9",
                                     "sim.deadlock_cycles=500", NULL});
}

/* Small networks and short runs, for the sanitizer builds (FCSIM_TEST_SMALL
 * set by the "sim-small" CTest label): partitions, windows, cross-partition
 * rings and the barrier under ASan/UBSan and ThreadSanitizer. */
static void test_small(void **state)
{
  check_config((const char *const[]){"network.dims=4x4", "traffic.rate=0.5", "sim.warmup_cycles=500",
                                     "sim.measure_cycles=2000", "sim.drain_cycles=1000", NULL});
  check_config((const char *const[]){"network.dims=2x4x8", "router.model=classic", "network.link_latency=3",
                                     "router.vcs=4", "traffic.pattern=randperm", "traffic.rate=0.4",
                                     "routing.algorithm=ccar", "sim.warmup_cycles=500", "sim.measure_cycles=2000",
                                     "sim.drain_cycles=1000", NULL});
  check_config((const char *const[]){"network.dims=4x4", "traffic.mode=batch", "traffic.batch_packets=50",
                                     "traffic.rate=1.0", NULL});
}

int main(void)
{
  if (getenv("FCSIM_TEST_SMALL")) {
    const struct CMUnitTest small[] = {cmocka_unit_test(test_small), cmocka_unit_test(test_deadlock_report)};
    return cmocka_run_group_tests(small, NULL, NULL);
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_novog_uniform),       cmocka_unit_test(test_novog_saturated_8x8x8),
      cmocka_unit_test(test_classic_short_links), cmocka_unit_test(test_mesh_and_patterns),
      cmocka_unit_test(test_routing_algorithms),  cmocka_unit_test(test_batch),
      cmocka_unit_test(test_deadlock_report),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
