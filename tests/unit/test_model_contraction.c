/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `contraction` model (seed 000 s7.4, Eqs. 7.3-7.4, Tables
 * 7.2-7.3): the contraction terms by hand, the rows of Table 7.2 the model
 * reproduces, and the properties Table 7.3 must have. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "model/model.h"
#include "model_support.h"

static double run_nc(const char *system, int N, const char *extra, const char *name)
{
  char sys_set[32], n_set[32];
  snprintf(sys_set, sizeof sys_set, "system=%s", system);
  snprintf(n_set, sizeof n_set, "N=%d", N);
  return ts_model_result("contraction", NULL, SETS(sys_set, n_set, extra ? extra : "P_max=8192"), name);
}

static void test_contraction_terms(void **state)
{
  (void)state;
  /* cluster, N = 32 onto 8 nodes: 32768*85/8 b over 240 Gb/s + 3*0.2us*2^0 */
  double c = run_nc("cluster", 32, "P_FFT=8", "contraction_s");
  check_printed("cluster us", c * 1e6, 32768.0 * 85 / 8 / 240e3 + 0.6, 9);
  /* cloud, N = 32 onto 16 nodes: over 40 Gb/s + 2 us * ceil(32768*85/256/256) = 43 flits */
  c = run_nc("cloud", 32, "P_FFT=16", "contraction_s");
  check_printed("cloud us", c * 1e6, 32768.0 * 85 / 16 / 40e3 + 2.0 * 43, 9);
  /* no contraction, no cost */
  check_printed("P_FFT=P0", run_nc("cluster", 32, "P_FFT=1024", "speedup"), 1, 12);
}

/* Table 7.2: the rows the model reproduces with the constants of
 * docs/MODELS.md (the others are listed there with the model's values). */
static void test_table_7_2(void **state)
{
  (void)state;
  check_printed("cloud 32^3", run_nc("cloud", 32, NULL, "best_P_FFT"), 512, 0);
  check_printed("cloud 64^3", run_nc("cloud", 64, NULL, "best_P_FFT"), 512, 0);
  check_printed("cloud 256^3", run_nc("cloud", 256, NULL, "best_P_FFT"), 8192, 0);
  check_printed("cluster 8^3", run_nc("cluster", 8, NULL, "best_P_FFT"), 1, 0);
  check_printed("cluster 32^3", run_nc("cluster", 32, NULL, "best_P_FFT"), 32, 0);
  check_printed("cluster 64^3", run_nc("cluster", 64, NULL, "best_P_FFT"), 256, 0);
  check_printed("cluster 128^3", run_nc("cluster", 128, NULL, "best_P_FFT"), 2048, 0);
}

/* Table 7.3: contraction never slows the FFT, hiding the moves never hurts,
 * and the geometric mean of the cloud column is the seed's 1.1 (1.13). */
static void test_table_7_3(void **state)
{
  (void)state;
  const char *systems[] = {"cloud", "cluster"};
  for (int s = 0; s < 2; s++) {
    double log_sum = 0;
    for (int N = 8; N <= 256; N *= 2) {
      double sp = run_nc(systems[s], N, NULL, "speedup");
      double md = run_nc(systems[s], N, NULL, "speedup_md");
      if (!(sp >= 1.0 && md >= sp))
        fail_msg("%s N=%d: speedup %.3f, in MD %.3f", systems[s], N, sp, md);
      log_sum += log(sp);
    }
    if (s == 0)
      check_printed("cloud geo mean", exp(log_sum / 6), 1.1, 1);
  }
  /* "The benefits are greater for smaller problem sizes": 8^3 beats 256^3 */
  assert_true(run_nc("cluster", 8, NULL, "speedup") > run_nc("cluster", 256, NULL, "speedup"));
  assert_true(run_nc("cloud", 8, NULL, "speedup") > run_nc("cloud", 256, NULL, "speedup"));
}

static void test_bad_input(void **state)
{
  (void)state;
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  assert_int_not_equal(fcsim_model_run("contraction", NULL, SETS("N=32", "P0=64", "P_FFT=128"), v, r, &err), 0);
  assert_non_null(strstr(err.msg, "`P_FFT`"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_contraction_terms),
      cmocka_unit_test(test_table_7_2),
      cmocka_unit_test(test_table_7_3),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
