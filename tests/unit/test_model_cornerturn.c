/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `cornerturn` model (seed 000 s7.3.2, Eqs. 7.1-7.2, Table 7.1,
 * s7.2.1): each term checked by hand, and the s7.3.2 statement that the
 * cluster is one to two orders of magnitude ahead of the cloud. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "model/ch7.h"
#include "model/model.h"
#include "model_support.h"

#define run(sets, name) ts_model_result("cornerturn", NULL, sets, name)

static void test_cluster_terms(void **state)
{
  (void)state;
  /* N = 32 on 64 nodes: 16 IPs (N^2/P) feed 16*85 b*156.25 MHz = 212.5 Gb/s */
  const char *const *s = SETS("system=cluster", "N=32", "P=64");
  check_printed("ips", run(s, "ips"), 16, 9);
  check_printed("bw_eff Gb/s", run(s, "bw_eff") / 1e9, 212.5, 6);
  /* transmission 32768*85/64*(63/64)/212.5e9 */
  check_printed("transmission ns", run(s, "transmission_s") * 1e9, 32768.0 * 85 / 64 * 63 / 64 / 212.5, 6);
  /* 4x4x4 torus: 3 * 0.2 us * 2^(2-1) */
  check_printed("tof us", run(s, "time_of_flight_s") * 1e6, 1.2, 9);
  check_printed("fft = 3 turns", run(s, "fft3d_s") / run(s, "cornerturn_s"), 3, 9);
  /* 18 IPs fill the 240 Gb/s of six links (s7.3.2) */
  check_printed("18 IPs Gb/s", run(SETS("system=cluster", "N=256", "P=64"), "bw_eff") / 1e9, 239.0625, 4);
}

static void test_cloud_terms(void **state)
{
  (void)state;
  /* Table 7.1: 2 us below 24 nodes, 5 us below 1000, 10 us from 1000 */
  check_printed("P=16", run(SETS("system=cloud", "P=16"), "L_oneflit") * 1e6, 2, 9);
  check_printed("P=512", run(SETS("system=cloud", "P=512"), "L_oneflit") * 1e6, 5, 9);
  check_printed("P=1024", run(SETS("system=cloud", "P=1024"), "L_oneflit") * 1e6, 10, 9);
  /* N = 32, P = 64: a pair's packet is 32768*85/64^2 = 680 b = ceil(2.66) = 3 flits of 256 b */
  const char *const *s = SETS("system=cloud", "N=32", "P=64");
  check_printed("tof us", run(s, "time_of_flight_s") * 1e6, 15, 9);
  /* 4 IPs, but the 40 Gb/s interface limits (three IPs nearly saturate it) */
  check_printed("bw_eff", run(s, "bw_eff") / 1e9, 40, 9);
  check_printed("3 IPs", 3 * 85 * 156.25e6 / 1e9, 39.84375, 5);
  check_printed("transmission us", run(s, "transmission_s") * 1e6, 32768.0 * 85 / 64 * 63 / 64 / 40e3, 9);
  /* a user latency overrides Table 7.1 */
  check_printed("override", run(SETS("system=cloud", "N=32", "P=64", "L_oneflit=1us"), "time_of_flight_s") * 1e6, 3, 9);
}

static void test_single_fpga(void **state)
{
  (void)state;
  /* s7.2.1: 3N + 3N^3/I cycles; N = 32, I = 18 at 156.25 MHz */
  double t = run(SETS("system=cluster", "N=32", "P=1"), "fft3d_s");
  check_printed("single us", t * 1e6, (96 + 3.0 * 32768 / 18) / 156.25, 9);
  /* (i) of s7.3.2: for very small N a single node is best */
  check_printed("N=8 cluster best P", run(SETS("system=cluster", "N=8"), "best_P"), 1, 9);
}

/* s7.3.2 (iv): "Performance on clusters has a 1-2 order of magnitude
 * advantage over the cloud", over the sizes of Fig. 7.7 (N = 16..256) and
 * P = 2..min(8192, N^2). Checked as: the cluster is faster everywhere and
 * the geometric mean of cloud/cluster lies between 10 and 100. */
static void test_cluster_ahead_of_cloud(void **state)
{
  (void)state;
  double log_sum = 0;
  int count = 0;
  for (int N = 16; N <= 256; N *= 2) {
    for (int P = 2; P <= 8192 && P <= N * N; P *= 2) {
      char n_set[32], p_set[32];
      snprintf(n_set, sizeof n_set, "N=%d", N);
      snprintf(p_set, sizeof p_set, "P=%d", P);
      double cloud = run(SETS("system=cloud", n_set, p_set), "fft3d_s");
      double cluster = run(SETS("system=cluster", n_set, p_set), "fft3d_s");
      if (!(cluster < cloud))
        fail_msg("N=%d P=%d: cluster %g s not ahead of cloud %g s", N, P, cluster, cloud);
      log_sum += log(cloud / cluster);
      count++;
    }
  }
  double geo = exp(log_sum / count);
  if (!(geo >= 10 && geo <= 100))
    fail_msg("geometric mean cloud/cluster %.2f not within 1-2 orders of magnitude", geo);
}

static void test_bad_input(void **state)
{
  (void)state;
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  assert_int_not_equal(fcsim_model_run("cornerturn", NULL, SETS("N=8", "P=128"), v, r, &err), 0);
  assert_non_null(strstr(err.msg, "`P`"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cluster_terms), cmocka_unit_test(test_cloud_terms),
      cmocka_unit_test(test_single_fpga),   cmocka_unit_test(test_cluster_ahead_of_cloud),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
