/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the replication statistics (src/stats/summary.c) and seeds
 * (src/engine/replicas.c): Student-t quantiles against closed forms and
 * against a numerical integration of the t density done here; the mean,
 * sd and interval of small samples worked by hand; the seed derivation. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fcsim/fcsim.h"
#include "stats/summary.h"

/* Closed forms of the t quantile: df 1 (Cauchy), 2 and 4 (Hill 1970). */
static double t1(double p)
{
  return tan(M_PI * (p - 0.5));
}
static double t2(double p)
{
  return (2 * p - 1) / sqrt(2 * p * (1 - p));
}
static double t4(double p)
{
  double a = 4 * p * (1 - p), q = cos(acos(sqrt(a)) / 3) / sqrt(a);
  return 2 * sqrt(q - 1) * (p >= 0.5 ? 1 : -1);
}

static void test_t_closed_forms(void **state)
{
  (void)state;
  const double ps[] = {0.6, 0.9, 0.95, 0.975, 0.995};
  for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
    assert_true(fabs(fcsim_t_quantile(ps[i], 1) - t1(ps[i])) < 1e-9 * t1(ps[i]));
    assert_true(fabs(fcsim_t_quantile(ps[i], 2) - t2(ps[i])) < 1e-9 * t2(ps[i]));
    assert_true(fabs(fcsim_t_quantile(ps[i], 4) - t4(ps[i])) < 1e-9 * t4(ps[i]));
    assert_true(fabs(fcsim_t_quantile(1 - ps[i], 2) + t2(ps[i])) < 1e-9 * t2(ps[i])); /* symmetric */
  }
  /* the familiar table value, from the closed form: t(0.975, 2) = 4.3027 */
  assert_true(fabs(fcsim_t_quantile(0.975, 2) - 4.302652730) < 1e-8);
}

/* The t density integrated from 0 to t by Simpson's rule (2000 panels). */
static double t_mass(double t, int df)
{
  double c = exp(lgamma((df + 1) / 2.0) - lgamma(df / 2.0)) / sqrt(df * M_PI), h = t / 2000, s = 0;
  for (int i = 0; i <= 2000; i++) {
    double x = i * h, f = c * pow(1 + x * x / df, -(df + 1) / 2.0);
    s += f * (i == 0 || i == 2000 ? 1 : i % 2 ? 4 : 2);
  }
  return s * h / 3;
}

/* t(0.975, df) for df 3..30 encloses a mass of 0.475 above 0. */
static void test_t_against_integration(void **state)
{
  (void)state;
  for (int df = 3; df <= 30; df++) {
    double t = fcsim_t_quantile(0.975, df);
    assert_true(fabs(t_mass(t, df) - 0.475) < 1e-9);
  }
  /* large df tends to the normal 1.959964 */
  assert_true(fabs(fcsim_t_quantile(0.975, 100000) - 1.959964) < 1e-4);
}

static void test_summary_by_hand(void **state)
{
  (void)state;
  struct fcsim_summary s;
  /* {1, 2, 3}: mean 2, squares 1 + 0 + 1 over n - 1 = 2: sd 1; half-width t(0.975, 2) / sqrt(3) */
  const double a[] = {1, 2, 3};
  fcsim_summary_of(a, 3, &s);
  assert_int_equal(s.n, 3);
  assert_true(fabs(s.mean - 2) < 1e-15 && fabs(s.sd - 1) < 1e-15);
  assert_true(fabs(s.ci95_low - (2 - t2(0.975) / sqrt(3))) < 1e-9);
  assert_true(fabs(s.ci95_high - (2 + t2(0.975) / sqrt(3))) < 1e-9);
  /* {2, 4, 4, 4, 5, 5, 7, 9}: mean 5, squares 32 over 7 */
  const double b[] = {2, 4, 4, 4, 5, 5, 7, 9};
  fcsim_summary_of(b, 8, &s);
  assert_true(fabs(s.mean - 5) < 1e-15 && fabs(s.sd - sqrt(32.0 / 7)) < 1e-12);
  /* {10, 12}: mean 11, sd sqrt(2), half-width t(0.975, 1) sqrt(2) / sqrt(2) = 12.706 */
  const double c[] = {10, 12};
  fcsim_summary_of(c, 2, &s);
  assert_true(fabs(s.ci95_high - 11 - t1(0.975)) < 1e-9);
  /* equal values: no spread, exactly */
  const double d[] = {0.4, 0.4, 0.4};
  fcsim_summary_of(d, 3, &s);
  assert_true(s.mean == 0.4 && s.sd == 0 && s.ci95_low == 0.4 && s.ci95_high == 0.4);
  /* one value: itself; none: NaN */
  fcsim_summary_of(a, 1, &s);
  assert_true(s.mean == 1 && s.sd == 0 && s.ci95_low == 1);
  fcsim_summary_of(a, 0, &s);
  assert_int_equal(s.n, 0);
  assert_true(isnan(s.mean));
}

static void test_replicate_seeds(void **state)
{
  (void)state;
  assert_true(fcsim_replicate_seed(1, 0) == 1); /* replication 0 is the plain run */
  assert_true(fcsim_replicate_seed(42, 0) == 42);
  uint64_t seen[64];
  for (int i = 1; i < 64; i++) {
    seen[i] = fcsim_replicate_seed(1, i);
    assert_true(seen[i] < (UINT64_C(1) << 53)); /* sim.seed's range */
    assert_true(seen[i] != 1);
    for (int j = 1; j < i; j++)
      assert_true(seen[i] != seen[j]);
    assert_true(fcsim_replicate_seed(2, i) != seen[i]); /* keyed by the base seed */
  }
  /* a pure function of (seed, i): the same however often or in what order it is asked */
  assert_true(fcsim_replicate_seed(1, 17) == seen[17]);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_t_closed_forms),
      cmocka_unit_test(test_t_against_integration),
      cmocka_unit_test(test_summary_by_hand),
      cmocka_unit_test(test_replicate_seeds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
