/* SPDX-License-Identifier: BSD-3-Clause */
/* The link protocols' table (src/link/proto/protocols.c): it passes its
 * start-up check, finds every link.protocol name and maps it back, gives
 * each protocol its adapter model, and the zero-load cost the topology
 * descriptions read through it is each protocol's formula. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "link/proto/fc/proto_fc.h"
#include "link/proto/protocols.h"
#include "link/proto/tnw/proto_tnw.h"
#include "link/proto/proto_links.h"

static void test_check_and_names(void **state)
{
  (void)state;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_link_proto_check_registry(&err), 0);
  static const char *const names[] = {"ideal", "tnw", "fc"};
  static const int values[] = {FCSIM_LINK_PROTO_IDEAL, FCSIM_LINK_PROTO_TNW, FCSIM_LINK_PROTO_FC};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(fcsim_link_proto_find(names[i]), values[i]);
    assert_string_equal(fcsim_link_proto_of(values[i])->name, names[i]);
    assert_string_equal(fcsim_proto_link_name(values[i]), names[i]);
  }
  assert_int_equal(fcsim_link_proto_find("ethernet"), -1);
  assert_string_equal(fcsim_link_proto_of(99)->name, "ideal");
  assert_null(fcsim_link_proto_of(FCSIM_LINK_PROTO_IDEAL)->adapter_model);
  assert_string_equal(fcsim_link_proto_of(FCSIM_LINK_PROTO_TNW)->adapter_model, FCSIM_TNW_ADAPTER_MODEL);
  assert_string_equal(fcsim_link_proto_of(FCSIM_LINK_PROTO_FC)->adapter_model, FCSIM_FC_ADAPTER_MODEL);
  assert_int_equal(fcsim_link_proto_of(FCSIM_LINK_PROTO_TNW)->max_vcs, 8);
  char list[64];
  fcsim_link_proto_list(list, sizeof list);
  assert_string_equal(list, "ideal, tnw or fc");
}

/* ideal adds nothing; fc the D_CU force send, the header cycle and the
 * write-forward; tnw the packet's serialisation beyond one cycle; both
 * the two local hops into and out of the adapters. */
static void test_zero_load_cycles(void **state)
{
  (void)state;
  struct fcsim_params p = {0};
  p.flit_bits = 128;
  p.link_fc_d_cu = 8;
  p.link_tnw_payload_bytes = 32;
  const int local = 2 * FCSIM_ADAPTER_LOCAL_CYCLES;
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, FCSIM_LINK_PROTO_IDEAL, 1), 0);
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, FCSIM_LINK_PROTO_FC, 1),
                   local + 8 + 1 + FCSIM_FC_WRITE_FORWARD_CYCLES);
  /* 4 + 32 + 4 = 40 wire bytes on a 16-byte line: 3 cycles, 2 beyond the flit's */
  assert_int_equal(FCSIM_TNW_HEADER_BYTES + FCSIM_TNW_CRC_BYTES, 8);
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, FCSIM_LINK_PROTO_TNW, 1), local + 2);
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, FCSIM_LINK_PROTO_TNW, 4), local + 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check_and_names),
      cmocka_unit_test(test_zero_load_cycles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
