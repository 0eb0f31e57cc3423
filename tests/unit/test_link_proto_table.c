/* SPDX-License-Identifier: BSD-3-Clause */
/* The link protocols' table (src/link/proto/protocols.c): it passes its
 * start-up check, finds every link.protocol name and maps it back, gives
 * each protocol its adapter model, and the zero-load cost the topology
 * descriptions read through it is each protocol's formula. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fcsim/metrics.h"
#include "fcsim/stats.h"
#include "link/proto/fc/fc_params.h"
#include "link/proto/fc/proto_fc.h"
#include "link/proto/protocols.h"
#include "link/proto/tnw/proto_tnw.h"
#include "link/proto/tnw/tnw_params.h"
#include "link/proto/proto_links.h"

static void test_check_and_names(void **state)
{
  (void)state;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_link_proto_check_registry(&err), 0);
  static const char *const names[] = {"ideal", "tnw", "fc"};
  for (int i = 0; i < 3; i++) { /* rows in link.protocol's order; netlists and reports store the row */
    assert_int_equal(fcsim_link_proto_find(names[i]), i);
    assert_string_equal(fcsim_link_proto_of(i)->name, names[i]);
    assert_string_equal(fcsim_proto_link_name(i), names[i]);
  }
  const int ideal = 0, tnw = 1, fc = 2;
  assert_int_equal(fcsim_link_proto_find("ethernet"), -1);
  assert_string_equal(fcsim_link_proto_of(99)->name, "ideal");
  assert_null(fcsim_link_proto_of(ideal)->adapter_model);
  assert_string_equal(fcsim_link_proto_of(tnw)->adapter_model, FCSIM_TNW_ADAPTER_MODEL);
  assert_string_equal(fcsim_link_proto_of(fc)->adapter_model, FCSIM_FC_ADAPTER_MODEL);
  assert_int_equal(fcsim_link_proto_of(tnw)->max_vcs, 8);
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
  ((struct fcsim_fc_params *)fcsim_params_block_mut(&p, &fcsim_fc_block))->d_cu_flits = 8;
  ((struct fcsim_tnw_params *)fcsim_params_block_mut(&p, &fcsim_tnw_block))->payload_bytes = 32;
  const int local = 2 * FCSIM_ADAPTER_LOCAL_CYCLES;
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, 0, 1), 0);
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, fcsim_link_proto_find("fc"), 1),
                   local + 8 + 1 + FCSIM_FC_WRITE_FORWARD_CYCLES);
  /* 4 + 32 + 4 = 40 wire bytes on a 16-byte line: 3 cycles, 2 beyond the flit's */
  assert_int_equal(FCSIM_TNW_HEADER_BYTES + FCSIM_TNW_CRC_BYTES, 8);
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, fcsim_link_proto_find("tnw"), 1), local + 2);
  assert_int_equal(fcsim_proto_link_zero_load_cycles(&p, fcsim_link_proto_find("tnw"), 4), local + 0);
}

/* The per-direction figures each protocol declares (the JSON of
 * metrics.protocol_links): ideal none, tnw its resends and errors, fc its
 * credit stalls and RX peak, each a counter of struct fcsim_link_dir_stats
 * and a declared metric of the run; a direction is written from them. */
static void test_dir_fields(void **state)
{
  (void)state;
  assert_null(fcsim_link_proto_of(0)->dir_fields);
  static const char *const want[3][4] = {{NULL},
                                         {"retransmissions", "errors_injected", "errors_detected", NULL},
                                         {"credit_stall_cycles", "rx_peak_flits", NULL}};
  struct fcsim_link_dir_stats d = {.retransmissions = 11,
                                   .errors_injected = 12,
                                   .errors_detected = 13,
                                   .credit_stall_cycles = 21,
                                   .rx_peak_flits = 22};
  static const uint64_t values[3][3] = {{0}, {11, 12, 13}, {21, 22}};
  for (int i = 1; i < 3; i++) {
    const struct fcsim_link_proto_field *f = fcsim_link_proto_of(i)->dir_fields;
    int k = 0;
    for (; f[k].name; k++) {
      assert_non_null(want[i][k]);
      assert_string_equal(f[k].name, want[i][k]);
      assert_true(f[k].offset + sizeof(uint64_t) <= sizeof d);
      assert_int_equal(fcsim_link_proto_field_value(&d, &f[k]), values[i][k]);
      char path[96];
      snprintf(path, sizeof path, "metrics.protocol_links.0.%s", f[k].name);
      assert_non_null(fcsim_metric_lookup("run", NULL, path));
    }
    assert_null(want[i][k]);
    assert_non_null(fcsim_link_proto_of(i)->dir_line);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check_and_names),
      cmocka_unit_test(test_zero_load_cycles),
      cmocka_unit_test(test_dir_fields),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
