/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the routing algorithms on an 8x8x8 Novo-G# torus with
 * 2 VCs: all 5 algorithms x 4 arbitration policies (20 configurations) x all
 * 11 traffic patterns at saturation (this file) and at overload
 * (test_routing_sim8_overload.c, run beside it): no deadlock, no lost flit,
 * no overflow; below saturation, minimal algorithms give DOR's average hop
 * count exactly and RLB more. Same settings as test_routing_sim.c. */
#include "routing_sim.h"

static void matrix(const char *rate)
{
  for (size_t a = 0; a < N(algorithms); a++)
    for (size_t b = 0; b < N(arbiters); b++)
      for (size_t p = 0; p < N(patterns); p++)
        run_checked("8x8x8", algorithms[a], arbiters[b], patterns[p], rate, "novog");
}

/* ~0.3 flits/node/cycle saturates DOR on uniform traffic here */
static void test_matrix_at_saturation(void **state)
{
  matrix("0.3");
}

static void test_hops_vs_dor(void **state)
{
  static const char *const pats[] = {"uniform", "randperm", "nn"};
  hops_vs_dor("8x8x8", pats, N(pats));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_matrix_at_saturation),

      cmocka_unit_test(test_hops_vs_dor),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
