/* SPDX-License-Identifier: BSD-3-Clause */
/* The shared line-code and framing tables (src/chan/framing.c): lookups, the
 * wire-size rule, and the seed figures they give. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "chan/framing.h"

static void lookups(void **state)
{
  (void)state;
  assert_non_null(fcsim_line_code_find("8b10b"));
  assert_int_equal(fcsim_line_code_find("64b67b")->line_bits, 67);
  assert_null(fcsim_line_code_find("9b11b"));
  assert_int_equal(fcsim_framing_find("ethernet")->overhead_bytes, 42);
  assert_null(fcsim_framing_find("token-ring"));
}

static void wire_bytes(void **state)
{
  (void)state;
  uint64_t frames = 0;
  /* 64 B of VCSN payload: one frame, 64 + 42 = 106 B (seed 002: 60 % efficiency) */
  assert_int_equal(fcsim_framing_wire_bytes(64, 9152, 42, 64, &frames), 106);
  assert_int_equal(frames, 1);
  /* 65 B pads to 128 B */
  assert_int_equal(fcsim_framing_wire_bytes(65, 9152, 42, 64, &frames), 170);
  /* 9153 B: two frames, padded to 9216 B */
  assert_int_equal(fcsim_framing_wire_bytes(9153, 9152, 42, 64, &frames), 9216 + 84);
  assert_int_equal(frames, 2);
  /* zero payload still takes one padded frame */
  assert_int_equal(fcsim_framing_wire_bytes(0, 128, 12, 128, &frames), 140);
}

static void seed_peaks(void **state)
{
  (void)state;
  /* seed 002 Eq. 1: DCN 96.18 Gb/s; Eq. 2: VCSN 99.54 Gb/s on 4 x 25.78125 Gb/s */
  const struct fcsim_framing *sl3 = fcsim_framing_find("sl3fc");
  const struct fcsim_framing *eth = fcsim_framing_find("ethernet");
  double line = 4 * 25.78125e9;
  double dcn =
      line * fcsim_line_code_efficiency(fcsim_line_code_find("64b67b")) * 3968.0 /
      (double)fcsim_framing_wire_bytes(3968, sl3->max_payload_bytes, sl3->overhead_bytes, sl3->unit_bytes, NULL);
  double vcsn =
      line * fcsim_line_code_efficiency(fcsim_line_code_find("64b66b")) * 9152.0 /
      (double)fcsim_framing_wire_bytes(9152, eth->max_payload_bytes, eth->overhead_bytes, eth->unit_bytes, NULL);
  assert_true(dcn > 96.17e9 && dcn < 96.19e9);
  assert_true(vcsn > 99.53e9 && vcsn < 99.55e9);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(lookups),
      cmocka_unit_test(wire_bytes),
      cmocka_unit_test(seed_peaks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
