/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `p2p` model (seed 001 ch. 4): Table 4.2 latencies through
 * Eqs. 4.2-4.7, the leaf-spine sizes of s4.3.3, and the orderings that
 * Fig. 4.9c-e shows for the ring of n FPGAs. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "model/model.h"

#define SETS(...)     ((const char *const[]){__VA_ARGS__, NULL})
#define TSUNAMI_BYTES "m=237782368" /* 7430699 points x 32 B = the "227 MB" stream */

static int run_rc(const char *preset, const char *const *sets, const char *name, double *out, struct fcsim_error *err)
{
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  int rc = fcsim_model_run("p2p", preset, sets, v, r, err);
  if (rc == 0)
    *out = r[fcsim_model_result_index(fcsim_model_find("p2p"), name)];
  return rc;
}

static double run(const char *preset, const char *const *sets, const char *name)
{
  struct fcsim_error err;
  double x = 0;
  fcsim_error_clear(&err);
  if (run_rc(preset, sets, name, &x, &err) != 0)
    fail_msg("p2p: %s", err.msg);
  return x;
}

static void check_close(const char *what, double value, double expected, double tol)
{
  if (fabs(value - expected) > tol)
    fail_msg("%s: computed %.9g, expected %.9g", what, value, expected);
}

static void test_latencies(void **state)
{
  (void)state;
  check_close("SL3 T_L", run("sl3", NULL, "T_L_s"), 0.599e-6, 1e-15);
  check_close("E40G T_L", run("e40g", NULL, "T_L_s"), 0.832e-6, 1e-15);
  /* Eq. 4.3: t_N + 2 t_PL + t_S; Eq. 4.5: t_N + 4 t_PL + 3 t_S */
  check_close("intra", run("e40g-switched", NULL, "T_L_s"), 0.336e-6 + 0.992e-6 + 0.318e-6, 1e-15);
  check_close("inter", run("e40g-switched", NULL, "inter_leaf_T_L_s"), 0.336e-6 + 1.984e-6 + 0.954e-6, 1e-15);
  /* a direct link has no inter-leaf path */
  assert_true(isnan(run("sl3", NULL, "inter_leaf_T_L_s")));
}

static void test_effective_bandwidth_limit(void **state)
{
  (void)state;
  /* Eq. 4.7 tends to B for large messages: 4.29 and 4.41 GB/s (s4.3.2) */
  check_close("SL3", run("sl3", SETS("m=1GB"), "B_effective") / 1e9, 4.29, 0.005);
  check_close("E40G sw", run("e40g-switched", SETS("m=1GB"), "B_effective") / 1e9, 4.41, 0.005);
  /* and is latency-bound for small ones: SL3 beats E40G below a few KB */
  assert_true(run("sl3", SETS("m=4KiB"), "B_effective") > run("e40g-switched", SETS("m=4KiB"), "B_effective"));
}

static void test_leaf_spine_sizes(void **state)
{
  (void)state;
  /* s4.3.3: k = 64 holds n = 64 on one switch; 2048 FPGAs need a = 64 leaves, b = 32 spines */
  check_close("one leaf", run("e40g-switched", SETS("n=64"), "ring_leaves"), 1, 0);
  check_close("a", run("e40g-switched", SETS("n=2048"), "ring_leaves"), 64, 0);
  check_close("b", run("e40g-switched", SETS("n=2048"), "ring_spines"), 32, 0);
  /* T_L scales with a(k/2 - 1) intra-leaf and a inter-leaf hops */
  check_close("intra hops", run("e40g-switched", SETS("n=2048"), "ring_intra_hops"), 64 * 31, 0);
  check_close("inter hops", run("e40g-switched", SETS("n=2048"), "ring_inter_hops"), 64, 0);
  /* the ring of two is two point-to-point transfers (s4.3.3) */
  check_close("ring of 2", run("e40g-switched", SETS("n=2"), "ring_T_L_s"), 2 * run("e40g-switched", NULL, "T_L_s"),
              1e-15);
  /* beyond k*k/2 FPGAs a two-tier network does not exist */
  struct fcsim_error err;
  double x;
  fcsim_error_clear(&err);
  assert_int_equal(run_rc("e40g-switched", SETS("n=2049"), "ring_time_s", &x, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "`n`"));
}

static void test_fig_4_9_orderings(void **state)
{
  (void)state;
  char set[32];
  /* Fig. 4.9c: 227 MB; the switched network is faster up to n = 1024, SL3 at 2048 */
  for (int n = 2; n <= 1024; n *= 2) {
    snprintf(set, sizeof set, "n=%d", n);
    double sw = run("e40g-switched", SETS(TSUNAMI_BYTES, set), "ring_time_s");
    double sl3 = run("sl3", SETS(TSUNAMI_BYTES, set), "ring_time_s");
    if (!(sw < sl3))
      fail_msg("n=%d: switched %.6g s should beat SL3 %.6g s", n, sw, sl3);
  }
  assert_true(run("e40g-switched", SETS(TSUNAMI_BYTES, "n=2048"), "ring_time_s") >
              run("sl3", SETS(TSUNAMI_BYTES, "n=2048"), "ring_time_s"));
  /* Fig. 4.9e: 4 KB; the point-to-point ring is always faster */
  for (int n = 2; n <= 2048; n *= 2) {
    snprintf(set, sizeof set, "n=%d", n);
    assert_true(run("sl3", SETS("m=4KB", set), "ring_time_s") <
                run("e40g-switched", SETS("m=4KB", set), "ring_time_s"));
  }
}

static void test_monotonic(void **state)
{
  (void)state;
  char set[48];
  double prev_t = 0, prev_b = 0;
  for (double m = 64; m <= 1e9; m *= 4) {
    snprintf(set, sizeof set, "m=%.0f", m);
    double t = run("e40g-switched", SETS(set), "time_s");
    double b = run("e40g-switched", SETS(set), "B_effective");
    assert_true(t > prev_t && b > prev_b);
    prev_t = t;
    prev_b = b;
  }
  /* more bandwidth is never slower; more FPGAs in the ring never faster */
  assert_true(run("sl3", SETS("B=8GB/s"), "time_s") < run("sl3", NULL, "time_s"));
  prev_t = 0;
  for (int n = 1; n <= 2048; n++) {
    snprintf(set, sizeof set, "n=%d", n);
    double t = run("e40g-switched", SETS(set), "ring_time_s");
    assert_true(t >= prev_t);
    prev_t = t;
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_latencies),        cmocka_unit_test(test_effective_bandwidth_limit),
      cmocka_unit_test(test_leaf_spine_sizes), cmocka_unit_test(test_fig_4_9_orderings),
      cmocka_unit_test(test_monotonic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
