/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `fc` model (seed 001 ch. 2): the worked example of s2.3.3,
 * Eq. 4.1's packet size, and monotonicity of Eqs. 2.2-2.4. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "model/model.h"

#define SETS(...) ((const char *const[]){__VA_ARGS__, NULL})

static double run(const char *preset, const char *const *sets, const char *name)
{
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if (fcsim_model_run("fc", preset, sets, v, r, &err) != 0)
    fail_msg("fc: %s", err.msg);
  int i = fcsim_model_result_index(fcsim_model_find("fc"), name);
  if (i < 0)
    fail_msg("no result %s", name);
  return r[i];
}

static void check_eq(const char *what, double value, double expected)
{
  if (fabs(value - expected) > 1e-9 * fmax(1.0, fabs(expected)))
    fail_msg("%s: computed %.10g, seed %.10g", what, value, expected);
}

static void test_worked_example(void **state)
{
  (void)state;
  /* s2.3.3: 365 ns at 225 MHz = 82 cycles; D_link = 82 + 32 + 4 = 118; RX > 268 */
  const char *const *ex = SETS("latency=365ns", "F=225MHz", "tx_depth=32", "rx_write_forward=4");
  check_eq("latency cycles", run(NULL, ex, "latency_cycles"), 82);
  check_eq("D_link", run(NULL, ex, "D_link"), 118);
  check_eq("rx_depth_min", run(NULL, ex, "rx_depth_min"), 268);
  /* the seed picks RX depth 512, the next power of two */
  check_eq("rx_depth_pow2", run(NULL, ex, "rx_depth_pow2"), 512);
  check_eq("rx_depth_ok", run("sl3", NULL, "rx_depth_ok"), 1);
  check_eq("tx_overhead", run(NULL, ex, "tx_overhead"), 1.0 / 33.0);
}

static void test_packet_size(void **state)
{
  (void)state;
  /* s4.3.1: (256)(32 + 1)/8 = 1056 bytes */
  check_eq("packet bytes", run("sl3", NULL, "packet_bytes"), 1056);
  /* D_CU = 45 flits gives (256)(46)/8 = 1472 bytes, within a 1500-byte MTU */
  check_eq("packet bytes D_CU=45", run("sl3", SETS("D_CU=45"), "packet_bytes"), 1472);
}

static void test_sim128(void **state)
{
  (void)state;
  /* s2.3.1: 128-cycle link, TX depth = D_CU = 128 */
  check_eq("latency cycles", run("sim128", NULL, "latency_cycles"), 128);
  check_eq("rx min", run("sim128", NULL, "rx_depth_min"), 2 * 256 + 128);
  check_eq("rx ok", run("sim128", NULL, "rx_depth_ok"), 0); /* 512 is not enough */
}

static void test_monotonic(void **state)
{
  (void)state;
  double prev_d = 0, prev_rx = 0;
  for (int ns = 0; ns <= 2000; ns += 50) {
    char set[32];
    snprintf(set, sizeof set, "latency=%dns", ns);
    double d = run("sl3", SETS(set), "D_link"), rx = run("sl3", SETS(set), "rx_depth_min");
    assert_true(d >= prev_d && rx >= prev_rx);
    prev_d = d;
    prev_rx = rx;
  }
  double prev_ovh = 1.0;
  for (int depth = 1; depth <= 1024; depth *= 2) {
    char set[32];
    snprintf(set, sizeof set, "tx_depth=%d", depth);
    double ovh = run("sl3", SETS(set), "tx_overhead");
    assert_true(ovh < prev_ovh);
    prev_ovh = ovh;
    /* more data flits per control flit: throughput never drops */
    assert_true(run("sl3", SETS(set), "link_throughput") <= 10e9);
  }
}

/* The controller moves one w-bit flit a cycle (Eq. 2.1): on the sl3 preset
 * (w = 256 at 225 MHz) that, not the 10 GB/s link, bounds the throughput;
 * a 512-bit controller leaves the link's Eq. 2.3 ceiling binding. */
static void test_fc_ceiling(void **state)
{
  (void)state;
  double fc = 225e6 * 32.0 * 32.0 / 33.0;
  check_eq("fc_throughput", run("sl3", NULL, "fc_throughput"), fc);
  check_eq("ceiling, 256 bits", run("sl3", NULL, "throughput_ceiling"), fc);
  assert_true(run("sl3", NULL, "throughput_ceiling") < run("sl3", NULL, "link_throughput"));
  check_eq("ceiling, 512 bits", run("sl3", SETS("w=512"), "throughput_ceiling"), 10e9 * 32.0 / 33.0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked_example),
      cmocka_unit_test(test_packet_size),
      cmocka_unit_test(test_sim128),
      cmocka_unit_test(test_monotonic),
      cmocka_unit_test(test_fc_ceiling),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
