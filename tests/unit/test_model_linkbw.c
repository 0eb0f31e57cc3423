/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `linkbw` model: the VCSN paper's Eqs. 1-2 and payload
 * efficiencies (seed 002 s3.4, s4.2.2) and the TNW link ceiling (seed 004
 * s2.2, s4). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "model/model.h"
#include "model_support.h"

#define run(preset, sets, name) ts_model_result("linkbw", preset, sets, name)

static void test_eq1_dcn(void **state)
{
  (void)state;
  /* Eq. 1: 25.78125 x 4 x 3968/(3968+64+32) x 64/67 = 96.18 Gb/s = 12.02 GB/s */
  check_printed("DCN Gb/s", run("dcn", NULL, "peak_bits_per_s") / 1e9, 96.18, 2);
  check_printed("DCN GB/s", run("dcn", NULL, "peak_bytes_per_s") / 1e9, 12.02, 2);
}

static void test_eq2_vcsn(void **state)
{
  (void)state;
  /* Eq. 2: 25.78125 x 4 x 9152/9194 x 64/66 = 99.54 Gb/s = 12.44 GB/s */
  check_printed("VCSN Gb/s", run("vcsn", NULL, "peak_bits_per_s") / 1e9, 99.54, 2);
  check_printed("VCSN GB/s", run("vcsn", NULL, "peak_bytes_per_s") / 1e9, 12.44, 2);
  /* s6.2: two ports per node, 24.04 and 24.88 GB/s */
  check_printed("node DCN", 2 * run("dcn", NULL, "peak_bytes_per_s") / 1e9, 24.04, 1);
  check_printed("node VCSN", 2 * run("vcsn", NULL, "peak_bytes_per_s") / 1e9, 24.88, 1);
}

static void test_payload_efficiency(void **state)
{
  (void)state;
  /* s3.4: 9152/9194 = 99.5 % for large transfers, 64/106 = about 60 % for 64 B */
  double large = run("vcsn", NULL, "payload_efficiency");
  assert_true(fabs(large - 9152.0 / 9194.0) < 1e-12);
  check_printed("large %", 100 * large, 99.5, 1);
  double small = run("vcsn", SETS("size=64"), "payload_efficiency");
  assert_true(fabs(small - 64.0 / 106.0) < 1e-12);
  check_printed("64 B %", 100 * small, 60, 0);
  /* data below 64 B are padded to 64 B */
  assert_true(fabs(run("vcsn", SETS("size=16"), "payload_efficiency") - 16.0 / 106.0) < 1e-12);
  /* a 1 MiB transfer needs 115 jumbo frames */
  check_printed("frames", run("vcsn", SETS("size=1MiB"), "frames"), 115, 0);
}

static void test_tnw(void **state)
{
  (void)state;
  /* seed 004 s2.2/s4: 0.91 GB/s per direction after coding and protocol */
  check_printed("TNW GB/s", run("tnw", NULL, "peak_bytes_per_s") / 1e9, 0.91, 2);
  /* without the ACK word the packet alone gives 128/136 of 1 GB/s */
  check_printed("TNW no ACK", run("tnw", SETS("overhead=8"), "peak_bytes_per_s") / 1e9, 0.94, 2);
}

static void test_monotonic(void **state)
{
  (void)state;
  /* more lanes or a faster lane rate never lower the bandwidth */
  double prev = 0;
  for (int lanes = 1; lanes <= 16; lanes++) {
    char set[32];
    snprintf(set, sizeof set, "lanes=%d", lanes);
    double bw = run("vcsn", SETS(set), "peak_bits_per_s");
    assert_true(bw > prev);
    prev = bw;
  }
  /* code efficiencies: 8b/10b < 64b/67b < 64b/66b < none */
  double e810 = run("vcsn", SETS("code=8b10b"), "code_efficiency");
  double e6467 = run("vcsn", SETS("code=64b67b"), "code_efficiency");
  double e6466 = run("vcsn", SETS("code=64b66b"), "code_efficiency");
  double none = run("vcsn", SETS("code=none"), "code_efficiency");
  assert_true(e810 < e6467 && e6467 < e6466 && e6466 < none);
  /* whole frames: efficiency never falls as the transfer grows by whole frames */
  prev = 0;
  for (int k = 1; k <= 20; k++) {
    char set[32];
    snprintf(set, sizeof set, "size=%d", 9152 * k);
    double e = run("vcsn", SETS(set), "payload_efficiency");
    assert_true(e >= prev - 1e-15);
    prev = e;
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_eq1_dcn), cmocka_unit_test(test_eq2_vcsn),  cmocka_unit_test(test_payload_efficiency),
      cmocka_unit_test(test_tnw),     cmocka_unit_test(test_monotonic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
