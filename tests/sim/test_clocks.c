/* SPDX-License-Identifier: BSD-3-Clause */
/* Clocks (core/clock.h): with every router a hair off network.clock the
 * picosecond engine reproduces the one-clock results exactly; a clock offset
 * of x ppm scales a long transfer's completion by 1/(1 + x); clock drift
 * drawn per node gives the same bytes on any number of partitions. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

static char *trace_path;

static int setup(void **state)
{
  trace_path = ts_write_temp("id,src,dst,bytes,start,after,delay\n"
                             "1,0,1,1MiB,,,\n"
                             "2,1,2,4KiB,,1,5\n"
                             "3,3,2,64,100,,\n",
                             ".csv");
  return trace_path ? 0 : -1;
}

static int teardown(void **state)
{
  unlink(trace_path);
  free(trace_path);
  return 0;
}

/* The makespan of the trace on a ring of 4, with extra settings. */
static double makespan(const char *a, const char *b)
{
  char trace[512];
  snprintf(trace, sizeof trace, "traffic.trace=%s", trace_path);
  const char *sets[] = {"traffic.mode=trace", trace, "network.dims=4", "traffic.packet_size=64", a, b, NULL};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->packets_delivered, s->packets_measured);
  double m = s->makespan;
  fcsim_sim_destroy(sim);
  return m;
}

/* Routers 1e-6 ppm off: every edge still falls on the cycle it fell on, so
 * the picosecond engine must give exactly the one-clock makespan. */
static void test_one_clock_reproduced(void **state)
{
  double one = makespan("sim.seed=1", "sim.seed=1");
  assert_true(one > 60000);
  assert_true(makespan("router.clock_ppm=0.000001", "sim.seed=1") == one);
  assert_true(makespan("network.clock_spread_ppm=0.000001", "sim.seed=1") == one);
}

/* The 1 MiB transfer is paced by the routers' cycles: at +x ppm it takes
 * 1/(1 + x) as many network.clock cycles, within a few cycles (the links'
 * latency is fixed in ns; crossing clock edges costs up to a cycle a hop). */
static void test_ppm_scales_completion(void **state)
{
  double m0 = makespan("sim.seed=1", "sim.seed=1");
  const double ppms[] = {-50000, -1000, 1000, 50000};
  double prev = INFINITY;
  for (int i = 0; i < 4; i++) {
    char set[64];
    snprintf(set, sizeof set, "router.clock_ppm=%g", ppms[i]);
    double m = makespan(set, "sim.seed=1");
    /* the links' part of the critical path (a few hundred cycles) does not
     * scale, nor do the cycles lost at clock crossings */
    double expect = m0 / (1 + ppms[i] * 1e-6), tol = 4 + 300 * fabs(ppms[i]) * 1e-6;
    if (fabs(m - expect) > tol)
      fail_msg("router.clock_ppm=%g: makespan %.0f, expected %.1f +- %.1f", ppms[i], m, expect, tol);
    assert_true(m < prev); /* faster routers finish sooner */
    prev = m;
  }
}

static char *json_without_execution(const char *const *sets)
{
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  char *text = ts_sim_json(sim, FCSIM_JSON_LINKS);
  assert_non_null(text);
  fcsim_sim_destroy(sim);
  return text;
}

static void test_drift_partitions(void **state)
{
  const char *threads[] = {"sim.threads=1", "sim.threads=2", "sim.threads=5"};
  char *text[3];
  for (int i = 0; i < 3; i++) {
    const char *sets[] = {"network.clock_spread_ppm=100",
                          "network.link_jitter=12.34ns",
                          "traffic.rate=0.3",
                          "sim.measure_cycles=2000",
                          "sim.warmup_cycles=500",
                          threads[i],
                          NULL};
    text[i] = json_without_execution(sets);
  }
  assert_string_equal(text[0], text[1]);
  assert_string_equal(text[0], text[2]);
  for (int i = 0; i < 3; i++)
    free(text[i]);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_one_clock_reproduced),
      cmocka_unit_test(test_ppm_scales_completion),
      cmocka_unit_test(test_drift_partitions),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
