/* SPDX-License-Identifier: BSD-3-Clause */
/* The routing matrix of test_routing_sim8.c beyond saturation: all 5
 * algorithms x 4 arbitration policies x all 11 patterns on an 8x8x8 Novo-G#
 * torus at 1.0 flits/node/cycle (over three times DOR's uniform saturation):
 * no deadlock, no lost flit, no overflow. */
#include "routing_sim.h"

static void test_matrix_overload(void **state)
{
  for (size_t a = 0; a < N(algorithms); a++)
    for (size_t b = 0; b < N(arbiters); b++)
      for (size_t p = 0; p < N(patterns); p++)
        run_checked("8x8x8", algorithms[a], arbiters[b], patterns[p], "1.0", "novog");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_matrix_overload),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
