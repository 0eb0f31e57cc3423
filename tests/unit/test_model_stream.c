/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `stream` model (seed 001 ch. 3): the seed's printed figures
 * for the tsunami and LBM cases, the form of D_pipe(n), and limits and
 * monotonicity of Eq. 3.8. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "model/model.h"
#include "model_support.h"

/* Runs the stream model and returns result `name`; fails the test on error. */
#define run(preset, sets, name) ts_model_result("stream", preset, sets, name)

/* Asserts that `value` shows as `expected` when printed with `decimals`. */

static void test_tsunami_8_fpgas(void **state)
{
  (void)state;
  double peak = run("tsunami", NULL, "peak_flops");
  double sus = run("tsunami", NULL, "sustained_flops");
  check_printed("peak TFlops", peak / 1e12, 2.592, 3); /* 1*5*8*225e6*288 */
  check_printed("sustained TFlops (s3.3.2: 2.5 TFlops)", sus / 1e12, 2.5, 1);
  check_printed("efficiency % (98 % of peak)", 100 * run("tsunami", NULL, "efficiency"), 98, 0);
  check_printed("stall ratio", run("tsunami", NULL, "stall_ratio"), 0, 6);
}

static void test_tsunami_parallel_efficiency(void **state)
{
  (void)state;
  /* s3.3.2: cascading 16 and 32 x (1,5) keeps 97 % and 94 % parallel efficiency */
  check_printed("M=16", 100 * run("tsunami", SETS("M=16"), "parallel_efficiency"), 97, 0);
  check_printed("M=32", 100 * run("tsunami", SETS("M=32"), "parallel_efficiency"), 94, 0);
  /* s3.4: 40 SPEs on 8 FPGAs, "a parallel efficiency of 98%" */
  check_printed("M=8", 100 * run("tsunami", SETS("M=8"), "parallel_efficiency"), 98, 0);
  /* the reference is one (1,1) FPGA: (1,1) on M=1 has speedup 1 by definition */
  check_printed("(1,1) speedup at M=1", run("tsunami", SETS("M=1", "m=1"), "speedup"), 1.0, 9);
  /* n=1 gets the "expected speedup" of about n*m*M */
  check_printed("(1,5) speedup at M=8", run("tsunami", NULL, "speedup"), 39.4, 1);
}

/* Fig. 3.10: against one (1,1) FPGA, (2,2) has the lowest speedup and
 * efficiency, (1,5) the highest speedup, and an efficiency slightly below
 * (1,4)'s; at every M the figure plots (1..8) and beyond. */
static void test_fig_3_10_orderings(void **state)
{
  (void)state;
  for (int M = 1; M <= 32; M++) {
    char set[32];
    snprintf(set, sizeof set, "M=%d", M);
    double s15 = run("tsunami", SETS(set, "n=1", "m=5"), "speedup");
    double s14 = run("tsunami", SETS(set, "n=1", "m=4"), "speedup");
    double s22 = run("tsunami", SETS(set, "n=2", "m=2"), "speedup");
    double e15 = run("tsunami", SETS(set, "n=1", "m=5"), "parallel_efficiency");
    double e14 = run("tsunami", SETS(set, "n=1", "m=4"), "parallel_efficiency");
    double e22 = run("tsunami", SETS(set, "n=2", "m=2"), "parallel_efficiency");
    if (!(s15 > s14 && s14 > s22))
      fail_msg("M=%d speedups (1,5) %.3f (1,4) %.3f (2,2) %.3f", M, s15, s14, s22);
    if (!(e14 > e15 && e15 > e22))
      fail_msg("M=%d efficiencies (1,4) %.4f (1,5) %.4f (2,2) %.4f", M, e14, e15, e22);
    /* "slightly": (1,5) within one percentage point of (1,4) up to 8 FPGAs */
    if (M <= 8 && e14 - e15 > 0.01)
      fail_msg("M=%d: (1,5) efficiency %.4f not slightly below (1,4) %.4f", M, e15, e14);
  }
  /* (2,2) is link-bound: efficiency below 1 - stall = 7.92/14.4 */
  assert_true(run("tsunami", SETS("M=8", "n=2", "m=2"), "parallel_efficiency") < 7.92 / 14.4);
}

static void test_d_pipe_form(void **state)
{
  (void)state;
  /* tsunami: D_pipe(n) = 3099 and 1808 for n = 1, 2 */
  check_printed("tsunami D_pipe(1)", run("tsunami", SETS("n=1"), "D_pipe"), 3099, 0);
  check_printed("tsunami D_pipe(2)", run("tsunami", SETS("n=2"), "D_pipe"), 1808, 0);
  /* LBM: 1550, 830, 470 for n = 1, 2, 4 */
  check_printed("lbm D_pipe(1)", run("lbm", SETS("n=1"), "D_pipe"), 1550, 0);
  check_printed("lbm D_pipe(2)", run("lbm", SETS("n=2"), "D_pipe"), 830, 0);
  check_printed("lbm D_pipe(4)", run("lbm", SETS("n=4"), "D_pipe"), 470, 0);
  /* an explicit D_pipe wins over the form */
  check_printed("override", run("tsunami", SETS("D_pipe=1000"), "D_pipe"), 1000, 0);
  /* b_core = 7.2n GB/s for tsunami, 7n GB/s for LBM */
  check_printed("b_core(2)", run("tsunami", SETS("n=2"), "b_core") / 1e9, 14.4, 3);
  check_printed("lbm b_core(4)", run("lbm", SETS("n=4"), "b_core") / 1e9, 28, 3);
}

static void test_lbm_without_compression(void **state)
{
  (void)state;
  /* s3.3.3, Fig. 3.11: (1,16) 318.828 GFlops at 87 % */
  check_printed("(1,16) GFlops", run("lbm", NULL, "sustained_flops") / 1e9, 318.828, 3);
  check_printed("(1,16) %", 100 * run("lbm", NULL, "efficiency"), 87, 0);
  /* (2,16) 448.79 GFlops, 61 %, stall 28.57 % */
  check_printed("(2,16) GFlops", run("lbm", SETS("n=2"), "sustained_flops") / 1e9, 448.79, 2);
  check_printed("(2,16) %", 100 * run("lbm", SETS("n=2"), "efficiency"), 61, 0);
  check_printed("n=2 stall %", 100 * run("lbm", SETS("n=2"), "stall_ratio"), 28.57, 2);
  /* (4,16) 435.99 GFlops, 30 %, stall 64.29 % */
  check_printed("(4,16) GFlops", run("lbm", SETS("n=4"), "sustained_flops") / 1e9, 435.99, 2);
  check_printed("(4,16) %", 100 * run("lbm", SETS("n=4"), "efficiency"), 30, 0);
  check_printed("n=4 stall %", 100 * run("lbm", SETS("n=4"), "stall_ratio"), 64.29, 2);
  /* (1,256): 29 % of peak */
  check_printed("(1,256) %", 100 * run("lbm", SETS("M=256"), "efficiency"), 29, 0);
}

static void test_lbm_with_compression(void **state)
{
  (void)state;
  /* Fig. 3.12: (4,16) 739.55 GFlops, 50 %, stall 39.05 % */
  check_printed("(4,16) GFlops", run("lbm-comp", NULL, "sustained_flops") / 1e9, 739.55, 2);
  check_printed("(4,16) %", 100 * run("lbm-comp", NULL, "efficiency"), 50, 0);
  check_printed("n=4 stall %", 100 * run("lbm-comp", NULL, "stall_ratio"), 39.05, 2);
  /* (2,16) with r_comp = 2.392: 626.31 GFlops, 85 %, no stalls */
  const char *const *two = SETS("n=2", "r_comp=2.392");
  check_printed("(2,16) GFlops", run("lbm-comp", two, "sustained_flops") / 1e9, 626.31, 2);
  check_printed("(2,16) %", 100 * run("lbm-comp", two, "efficiency"), 85, 0);
  check_printed("n=2 stall", run("lbm-comp", two, "stall_ratio"), 0, 9);
}

static void test_limits(void **state)
{
  (void)state;
  /* an endless stream with enough bandwidth reaches the peak */
  double eff = run("tsunami", SETS("N_grid=1e15"), "efficiency");
  assert_true(eff > 0.999999 && eff <= 1.0);
  /* the sustained figure never exceeds the peak */
  for (int M = 1; M <= 64; M *= 2) {
    char set[32];
    snprintf(set, sizeof set, "M=%d", M);
    double s = run("lbm", SETS(set, "n=2"), "sustained_flops");
    double p = run("lbm", SETS(set, "n=2"), "peak_flops");
    assert_true(s <= p);
  }
  /* stall ratio is 1 - B_link/b_core when the link is the bottleneck */
  check_printed("stall", run("tsunami", SETS("n=2"), "stall_ratio"), 1.0 - 7.92 / 14.4, 9);
}

static void test_monotonic(void **state)
{
  (void)state;
  /* more link bandwidth is never slower */
  double prev = 0;
  for (int gb = 1; gb <= 40; gb++) {
    char set[32];
    snprintf(set, sizeof set, "B_link=%dGB/s", gb);
    double s = run("lbm", SETS("n=4", set), "sustained_flops");
    assert_true(s >= prev);
    prev = s;
  }
  /* a longer stream is never slower; a longer link delay never faster */
  assert_true(run("lbm", SETS("N_grid=2764800"), "sustained_flops") > run("lbm", NULL, "sustained_flops"));
  assert_true(run("lbm", SETS("D_link=500"), "sustained_flops") < run("lbm", NULL, "sustained_flops"));
  /* more FPGAs never lower the peak, and raise sustained while the stream is long */
  assert_true(run("tsunami", SETS("M=16"), "sustained_flops") > run("tsunami", SETS("M=8"), "sustained_flops"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tsunami_8_fpgas),
      cmocka_unit_test(test_tsunami_parallel_efficiency),
      cmocka_unit_test(test_fig_3_10_orderings),
      cmocka_unit_test(test_d_pipe_form),
      cmocka_unit_test(test_lbm_without_compression),
      cmocka_unit_test(test_lbm_with_compression),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_monotonic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
