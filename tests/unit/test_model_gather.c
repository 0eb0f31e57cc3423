/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `gather` model (seed 002 s5-6): stage counts, Eq. 6 and its
 * corrections, Eq. 7 on fat trees, and the estimates printed in s6.3-6.5. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "model/model.h"
#include "model_support.h"

#define run(preset, sets, name) ts_model_result("gather", preset, sets, name)

static void test_stage_counts(void **state)
{
  (void)state;
  /* s5.1: nine FPGAs take four stages on DCN, three on VCSN */
  check_printed("DCN n=9", run("dcn", SETS("n=9"), "stages"), 4, 0);
  check_printed("VCSN n=9", run("vcsn", SETS("n=9"), "stages"), 3, 0);
  char set[32];
  for (int n = 2; n <= 300; n++) {
    snprintf(set, sizeof set, "n=%d", n);
    double ring = run("dcn", SETS(set), "stages");
    double tree = run("vcsn", SETS(set), "stages");
    assert_true(ring == ceil((n - 1) / 2.0));
    assert_true(tree == ceil((n - 1) / 4.0) + 1);
    if (n >= 5)
      assert_true(tree <= ring);
    /* the vlink schedule reconfigures ceil((n-1)/4) times */
    assert_true(run("vcsn", SETS(set, "schedule=vlink"), "reconfigurations") == ceil((n - 1) / 4.0));
  }
  /* more nodes never fewer stages */
  double prev[3] = {0, 0, 0};
  const char *sched[3] = {"schedule=ring", "schedule=tree", "schedule=vlink"};
  for (int n = 2; n <= 300; n++) {
    snprintf(set, sizeof set, "n=%d", n);
    for (int s = 0; s < 3; s++) {
      double st = run("vcsn", SETS(set, sched[s]), "stages");
      assert_true(st >= prev[s]);
      prev[s] = st;
    }
  }
}

static void test_barrier(void **state)
{
  (void)state;
  /* s6.3: a 1 ms process plus MPI_Barrier on 8 servers is about 1.11 ms by Eq. 6 */
  double tb = run("vcsn", SETS("n=16"), "barrier_s");
  check_printed("servers", run("vcsn", SETS("n=16"), "servers"), 8, 0);
  check_printed("1 ms + T_barrier(8), ms", (1e-3 + tb) * 1e3, 1.11, 2);
  /* corrections: 210 us after a long stage, 52 us after a short one */
  double long_p = run("vcsn", SETS("n=16", "d=16MiB"), "stage_barrier_s");
  double short_p = run("vcsn", SETS("n=16", "d=64KiB"), "stage_barrier_s");
  check_printed("long correction us", (long_p - tb) * 1e6, 210, 6);
  check_printed("short correction us", (short_p - tb) * 1e6, 52, 6);
}

static void test_fat_tree_levels(void **state)
{
  (void)state;
  /* 36-port switches: one switch holds 36, two levels 648, three 11664 */
  check_printed("36", run("vcsn", SETS("n=36"), "levels"), 1, 0);
  check_printed("37", run("vcsn", SETS("n=37"), "levels"), 2, 0);
  check_printed("648", run("vcsn", SETS("n=648"), "levels"), 2, 0);
  check_printed("649", run("vcsn", SETS("n=649"), "levels"), 3, 0);
  check_printed("11664", run("vcsn", SETS("n=11664"), "levels"), 3, 0);
  check_printed("11665", run("vcsn", SETS("n=11665"), "levels"), 4, 0);
}

static void test_eq7_estimates(void **state)
{
  (void)state;
  /* s6.5: gather of 16 MiB among 32 nodes is about 25 ms */
  check_printed("32 nodes 16 MiB, ms", run("vcsn", SETS("n=32", "d=16MiB"), "time_s") * 1e3, 25, 0);
  /* s6.3 Fig. 20: DCN takes 105 % of VCSN's time at 256 MiB and 197 % at 64 KiB
   * (at the large end of the figure; n = 8192 here) */
  double r_large = run("dcn", SETS("n=8192", "d=256MiB"), "time_s") / run("vcsn", SETS("n=8192", "d=256MiB"), "time_s");
  double r_small = run("dcn", SETS("n=8192", "d=64KiB"), "time_s") / run("vcsn", SETS("n=8192", "d=64KiB"), "time_s");
  check_printed("DCN/VCSN 256 MiB %", 100 * r_large, 105, 0);
  check_printed("DCN/VCSN 64 KiB %", 100 * r_small, 197, 0);
}

static void test_eq7_literal(void **state)
{
  (void)state;
  /* Eq. 7 with the barrier given directly is the plain formula */
  double n = 100, d = 1048576, b = 12.44e9, p = 1e-4;
  double s = ceil((n - 1) / 4);
  double expect = 1.24e-4 + s * (1.35e-6 + 2 * 8.47e-7 + 2 * d / b) + (s + 2) * p;
  double got = run("vcsn", SETS("n=100", "d=1MiB", "p=1e-4"), "time_s");
  if (fabs(got - expect) > 1e-15)
    fail_msg("Eq. 7: %.12g vs %.12g", got, expect);
}

static void test_monotonic(void **state)
{
  (void)state;
  char set[32];
  const char *presets[2] = {"vcsn", "dcn"};
  for (int k = 0; k < 2; k++) {
    double prev = 0;
    for (int n = 2; n <= 2000; n += 7) {
      snprintf(set, sizeof set, "n=%d", n);
      double t = run(presets[k], SETS(set, "d=1MiB"), "time_s");
      assert_true(t >= prev);
      prev = t;
    }
    prev = 0;
    for (double d = 1024; d <= 1e9; d *= 2) {
      snprintf(set, sizeof set, "d=%.0f", d);
      double t = run(presets[k], SETS(set), "time_s");
      assert_true(t >= prev);
      prev = t;
    }
    /* more bandwidth is never slower */
    assert_true(run(presets[k], SETS("b=25GB/s"), "time_s") <= run(presets[k], NULL, "time_s"));
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stage_counts),  cmocka_unit_test(test_barrier),     cmocka_unit_test(test_fat_tree_levels),
      cmocka_unit_test(test_eq7_estimates), cmocka_unit_test(test_eq7_literal), cmocka_unit_test(test_monotonic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
