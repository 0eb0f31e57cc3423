/* SPDX-License-Identifier: BSD-3-Clause */
/* Clocks (core/clock.h): cycle k begins at round(k * period); cycle_at and
 * align invert it exactly, and a single clock is the identity. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/clock.h"

static void test_unit_clock_is_identity(void **state)
{
  const struct fcsim_clock c = {1.0, 1};
  for (uint64_t t = 0; t < 1000; t += 7) {
    assert_int_equal(fcsim_clock_tick(&c, t), t);
    assert_int_equal(fcsim_clock_cycle_at(&c, t), t);
    assert_int_equal(fcsim_clock_align(&c, t), t);
  }
}

/* For periods of real clocks (156.25 MHz, 250 MHz, 225 MHz, +-ppm), in
 * picoseconds: edges increase, cycle_at(tick(k)) = k, and align(t) is the
 * first edge at or after t. */
static void test_edges_invert(void **state)
{
  const double periods[] = {6400.0, 4000.0, 1e12 / 225e6, 6400.0 / (1 + 20e-6), 6400.0 / (1 - 35e-6)};
  for (int i = 0; i < 5; i++) {
    const struct fcsim_clock c = {periods[i], 0};
    uint64_t prev = 0;
    for (uint64_t k = 0; k < 200000; k += 13) {
      uint64_t t = fcsim_clock_tick(&c, k);
      assert_true(k == 0 || t > prev);
      prev = t;
      assert_int_equal(fcsim_clock_cycle_at(&c, t), k);
      assert_int_equal(fcsim_clock_cycle_at(&c, t + 1), k + 1);
      assert_int_equal(fcsim_clock_align(&c, t + 1), fcsim_clock_tick(&c, k + 1));
      assert_int_equal(fcsim_clock_align(&c, t), t);
    }
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unit_clock_is_identity),
      cmocka_unit_test(test_edges_invert),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
