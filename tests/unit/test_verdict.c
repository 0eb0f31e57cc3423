/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the saturation verdict (src/stats/verdict.c): each criterion
 * fires past its threshold and not at or below it, in the stated order, and
 * the zero-load formula of docs/ARCHITECTURE.md "Latency, as counted". */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "stats/verdict.h"

static struct fcsim_stats ok_stats(double avg_latency)
{
  struct fcsim_stats s;
  memset(&s, 0, sizeof s);
  s.drained = 1;
  s.packets_delivered = 1000;
  s.avg_latency = avg_latency;
  return s;
}

/* Default factor 3: 3 x 40 = 120 cycles is the limit; 120 is not saturated,
 * anything above is, and the reason is "latency". */
static void test_latency_factor(void **state)
{
  struct fcsim_saturation_limits lim = {3.0, 0, 100};
  struct fcsim_stats s = ok_stats(119.9);
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_NONE);
  s.avg_latency = 120.0;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_NONE);
  s.avg_latency = 120.01;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_LATENCY);
  assert_string_equal(fcsim_saturation_name(FCSIM_SAT_LATENCY), "latency");
  /* another factor moves the limit with it */
  lim.latency_factor = 1.5;
  s.avg_latency = 59.0;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_NONE);
  s.avg_latency = 61.0;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_LATENCY);
  /* 0 turns it off, as does an unknown zero-load latency */
  lim.latency_factor = 0;
  s.avg_latency = 1e6;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_NONE);
  lim.latency_factor = 3;
  assert_int_equal(fcsim_saturation_verdict(&s, 0.0, &lim), FCSIM_SAT_NONE);
  /* nothing arrived: the latency criteria do not apply */
  s.packets_delivered = 0;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_NONE);
}

static void test_latency_absolute(void **state)
{
  struct fcsim_saturation_limits lim = {0, 500, 100};
  struct fcsim_stats s = ok_stats(500.0);
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_NONE);
  s.avg_latency = 500.5;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_LATENCY);
  /* with both, the lower limit fires first */
  lim.latency_factor = 3;
  s.avg_latency = 130;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_LATENCY);
}

/* Drain beats backlog beats latency; the backlog allowance is strict. */
static void test_order_and_backlog(void **state)
{
  struct fcsim_saturation_limits lim = {3.0, 0, 100};
  struct fcsim_stats s = ok_stats(50);
  s.backlog_flits = 100;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_NONE);
  s.backlog_flits = 101;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_BACKLOG);
  s.avg_latency = 1000;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_BACKLOG);
  s.drained = 0;
  assert_int_equal(fcsim_saturation_verdict(&s, 40.0, &lim), FCSIM_SAT_DRAIN);
  assert_string_equal(fcsim_saturation_name(FCSIM_SAT_DRAIN), "drain");
  assert_string_equal(fcsim_saturation_name(FCSIM_SAT_BACKLOG), "backlog");
  assert_null(fcsim_saturation_name(FCSIM_SAT_NONE));
}

/* The formulas of docs/ARCHITECTURE.md, worked by hand. */
static void test_zero_load(void **state)
{
  /* novog: H (L + rc + va + S) + rc + (F - 1) = 3 (28 + 1 + 1 + 3) + 1 + 3 = 103 */
  assert_true(fabs(fcsim_zero_load_cycles(0, 3, 28, 1, 1, 3, 1, 4, 1) - 103) < 1e-9);
  /* classic, the BookSim-like router: (H + 1)(1 + 1 + 2) + H + 2 + 3 = 5H + 9 */
  for (int h = 0; h <= 12; h++)
    assert_true(fabs(fcsim_zero_load_cycles(1, h, 1, 1, 1, 2, 1, 4, 1) - (5 * h + 9)) < 1e-9);
  /* an average hop count gives the average */
  assert_true(fabs(fcsim_zero_load_cycles(1, 6.5, 1, 1, 1, 2, 1, 4, 1) - 41.5) < 1e-9);
  /* 2 flits per cycle serialise 7 trailing flits in 4 cycles */
  assert_true(fabs(fcsim_zero_load_cycles(0, 1, 1, 1, 1, 1, 0, 8, 2) - (4 + 1 + 4)) < 1e-9);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_latency_factor),
      cmocka_unit_test(test_latency_absolute),
      cmocka_unit_test(test_order_and_backlog),
      cmocka_unit_test(test_zero_load),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
