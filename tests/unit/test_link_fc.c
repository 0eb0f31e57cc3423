/* SPDX-License-Identifier: BSD-3-Clause */
/* Mondigo's flow controller simulated (src/link/proto/fc/proto_fc.c through
 * link_sim.c): the timing scenarios of seed 001 Figs. 2.2-2.8 (link latency
 * 128 cycles, D_CU = TX = 128, RX 512, the `fig2` preset), each checked at
 * the cycle where the event must happen, and the header layout.
 *
 * Cycle conventions (docs/LINKS.md): both sides send sync flits from cycle
 * 0, so each sees the other's at L = 128 and its application starts writing
 * at 128 (U). A flit sent in cycle t is at the far end in t + L. The TX
 * buffer is store-and-forward: the D_CU-th flit is written in U + D_CU - 1
 * and the header leaves in U + D_CU = 256; its data follow in 257..384 and
 * are at RX1 in 385..512. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>

#include <cmocka.h>

#include "link_support.h"

enum { L = 128, U = 128, DCU = 128, RX = 512 };

static void header_fields(void **state)
{
  (void)state;
  struct fcsim_fc_header h = {.len = 4095, .sop = 1, .eop = 0, .co = 1, .cu = 128}, g;
  uint32_t w = fcsim_fc_header_pack(&h);
  assert_true(w < (1u << 28)); /* 28 bits: Len 12, SOP, EOP, CO, res, CU 12 */
  fcsim_fc_header_unpack(w, &g);
  assert_int_equal(g.len, 4095);
  assert_int_equal(g.sop, 1);
  assert_int_equal(g.eop, 0);
  assert_int_equal(g.co, 1);
  assert_int_equal(g.cu, 128);
  assert_int_equal(w & (1u << 12), 0); /* the reserved bit */
  assert_int_equal(g.vc, 0);
  /* the VC of an FC instance sharing a line: bits 31:28, beyond the 28 */
  h.vc = 13;
  uint32_t wv = fcsim_fc_header_pack(&h);
  assert_int_equal(wv >> 28, 13);
  assert_int_equal(wv & 0x0fffffffu, w);
  fcsim_fc_header_unpack(wv, &g);
  assert_int_equal(g.vc, 13);
  assert_int_equal(g.len, 4095);
  assert_int_equal(g.cu, 128);
}

/* Fig. 2.2 / 2.6: reads every cycle, half duplex. RX1's 128th read is in
 * 512 (data at 385..512), so TX1 sends a CO packet in 512 that reaches the
 * credit counter in 640; then one credit of 128 per packet, i.e. every
 * D_CU + 1 = 129 cycles (128 reads plus the cycle of the header flit). The
 * counter never reaches zero. */
static void fig_2_2_and_2_6_steady(void **state)
{
  (void)state;
  struct fcsim_link_result *r = link_run("fig2", LSETS("bytes=64KiB"), NULL);
  assert_int_equal(r->up_cycle[0], L);
  assert_int_equal(r->up_cycle[1], L);
  assert_int_equal(r->fc[0].hdr_cycle[0], U + DCU);
  assert_int_equal(r->fc[1].co_cycle[0], U + DCU + L + DCU);
  assert_int_equal(r->fc[0].cu_arrive[0], U + DCU + 2 * L + DCU);
  for (int i = 1; i < 10; i++) {
    assert_int_equal(r->fc[0].cu_arrive[i] - r->fc[0].cu_arrive[i - 1], DCU + 1);
    assert_int_equal(r->fc[0].cu_value[i], DCU);
  }
  assert_int_equal(r->fc[0].credits_zero_cycle, -1);
  assert_int_equal(r->fc[0].credit_stall_cycles, 0);
  assert_int_equal(r->fc[1].headers_sent, 0); /* half duplex: TX1 sends only CO packets */
  assert_true(r->dir[0].complete);
  free(r);
}

/* Fig. 2.3: RX1 reads every other cycle. Its 128th read is in 640, so the
 * first credit reaches TX0 in 768 and the next ones every 256 cycles. TX0
 * spends its 512 initial credits and the first 128 returned on five packets
 * (headers 256 + 129k): the counter reaches zero with the last flit of the
 * fifth, in 256 + 5 * 129 - 1 = 900. From then on TX0 sends at the reading
 * rate: half the line. */
static void fig_2_3_alternate_reads(void **state)
{
  (void)state;
  struct fcsim_link_run run;
  struct fcsim_link_result *r = link_run("fig2", LSETS("bytes=256KiB", "read_period=2"), &run);
  assert_int_equal(r->fc[0].cu_arrive[0], 768);
  for (int i = 1; i < 20; i++)
    assert_int_equal(r->fc[0].cu_arrive[i] - r->fc[0].cu_arrive[i - 1], 2 * DCU);
  assert_int_equal(r->fc[0].credits_zero_cycle, 256 + 5 * (DCU + 1) - 1);
  double line = run.clock_hz * run.flit_bytes;
  assert_true(r->dir[0].steady_Bps > 0.499 * line && r->dir[0].steady_Bps <= 0.5 * line + 1);
  assert_int_equal(r->fc[1].rx_overflow, 0);
  assert_true(r->fc[1].rx_max <= RX);
  free(r);
}

/* Fig. 2.4: loopback. TX1's buffer fills with RX1's reads and is full at
 * RX1's 128th read (512): TX1's first header leaves in 513 carrying the
 * 128 credits (piggybacked, no CO packet), reaching TX0 in 641. Both
 * directions then run without a pause at the framing ceiling. */
static void fig_2_4_loopback(void **state)
{
  (void)state;
  struct fcsim_link_result *r = link_run("fig2", LSETS("bytes=64KiB", "duplex=loopback"), NULL);
  assert_int_equal(r->fc[1].hdr_cycle[0], U + DCU + L + DCU + 1);
  assert_int_equal(r->fc[0].cu_arrive[0], U + DCU + L + DCU + 1 + L);
  assert_int_equal(r->fc[0].cu_value[0], DCU);
  assert_int_equal(r->fc[1].n_co, 0);
  double ceiling = 225e6 * 32 * DCU / (DCU + 1.0);
  assert_true(r->dir[0].complete && r->dir[1].complete);
  assert_true(fabs(r->dir[0].steady_Bps / ceiling - 1) < 1e-3);
  assert_true(fabs(r->dir[1].steady_Bps / ceiling - 1) < 1e-3);
  assert_int_equal(r->fc[0].credit_stall_cycles + r->fc[1].credit_stall_cycles, 0);
  free(r);
}

/* Fig. 2.5: loopback at a low rate (one flit every 4 cycles). TX0's buffer
 * never fills: force send (timeout D_CU = 128 cycles) in U + 128 = 256 with
 * 32 flits; they are at RX1 in 385..416 and fill TX1 from 385, which is
 * force-sent in 385 + 128 = 513. */
static void fig_2_5_force_send(void **state)
{
  (void)state;
  struct fcsim_link_result *r = link_run("fig2", LSETS("bytes=8KiB", "duplex=loopback", "write_period=4"), NULL);
  assert_int_equal(r->fc[0].force_cycle[0], U + DCU);
  assert_int_equal(r->fc[1].force_cycle[0], U + DCU + 1 + L + DCU);
  assert_true(r->fc[0].force_sends >= 8 && r->fc[1].force_sends >= 8);
  assert_true(r->dir[0].complete && r->dir[1].complete);
  free(r);
}

/* Fig. 2.7: half duplex, intermittent writes (one flit every 4 cycles,
 * force-sent packets of 32 flits): RX1 takes four times as long to reach
 * 128 reads, so TX1's first CO packet leaves in 800 instead of 512 and
 * credits return every 512 cycles. */
static void fig_2_7_intermittent(void **state)
{
  (void)state;
  struct fcsim_link_result *r = link_run("fig2", LSETS("bytes=32KiB", "write_period=4"), NULL);
  /* writes in 128 + 4k; each packet is force-sent 128 cycles after its
   * first flit with the 32 flits written by then: headers in 256 + 128j.
   * The fourth (flits 96..127) leaves in 640, its last data flit in 672,
   * which is at RX1 and read in 800: the 128th read */
  assert_int_equal(r->fc[1].co_cycle[0], 800);
  assert_int_equal(r->fc[1].co_cycle[1] - r->fc[1].co_cycle[0], 4 * DCU);
  assert_int_equal(r->fc[0].cu_arrive[0], 800 + L);
  free(r);
}

/* Fig. 2.8: RX1's application stops reading 300 cycles after link-up (cycle
 * 428), after 43 reads (385..427): fewer than D_CU, so no credit ever
 * returns. TX0 sends exactly its 512 initial credits (four packets, the
 * last data flit in 256 + 4 * 129 - 1 = 771) and stops; RX1 holds 469 flits
 * and nothing is lost. */
static void fig_2_8_reads_stop(void **state)
{
  (void)state;
  struct fcsim_link_result *r = link_run("fig2", LSETS("bytes=1MiB", "read_stop=300", "max_cycles=6000"), NULL);
  assert_int_equal(r->fc[1].reads, 43);
  assert_int_equal(r->fc[0].data_sent, RX);
  assert_int_equal(r->fc[0].last_data_cycle, 256 + 4 * (DCU + 1) - 1);
  assert_int_equal(r->fc[0].credits_zero_cycle, 771);
  assert_int_equal(r->fc[1].rx_max, RX - 43);
  assert_int_equal(r->fc[1].rx_overflow, 0);
  assert_int_equal(r->fc[0].n_cu, 0);
  assert_false(r->dir[0].complete);
  assert_true(r->stalled); /* the run notices that nothing can move any more */
  free(r);
}

/* Any mix of buffer sizes, read and write rates and directions completes,
 * never overflows a buffer and never stalls: the credit rules cannot
 * deadlock (an RX buffer of 100 with D_CU 32 in full duplex once did). */
static void no_deadlock_no_overflow(void **state)
{
  (void)state;
  const char *rx[] = {"rx_depth=32", "rx_depth=100", "rx_depth=300"};
  const char *rd[] = {"read_period=1", "read_period=3"};
  const char *wr[] = {"write_period=1", "write_period=5"};
  const char *dx[] = {"duplex=half", "duplex=full", "duplex=loopback"};
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 2; b++)
      for (int c = 0; c < 2; c++)
        for (int d = 0; d < 3; d++) {
          struct fcsim_link_result *r = link_run(
              "sl3", LSETS("w=256", "rate=57.6Gbps", "bytes=24KiB", "message=1000", rx[a], rd[b], wr[c], dx[d]), NULL);
          if (!r->dir[0].complete || (r->dir[1].active && !r->dir[1].complete) || r->stalled)
            fail_msg("%s %s %s %s: incomplete", rx[a], rd[b], wr[c], dx[d]);
          for (int s = 0; s < 2; s++) {
            assert_int_equal(r->fc[s].rx_overflow, 0);
            assert_true(r->fc[s].rx_max <= (a == 0 ? 32 : a == 1 ? 100 : 300));
          }
          free(r);
        }
}

/* Sync: a side that hears nothing never sends data (both sides must be up). */
static void sync_handshake(void **state)
{
  (void)state;
  struct fcsim_link_result *r = link_run("fig2", LSETS("bytes=4KiB", "latency=1us"), NULL);
  int64_t l = (int64_t)(1e-6 * 225e6 + 0.5);
  assert_int_equal(r->up_cycle[0], l);
  assert_int_equal(r->up_cycle[1], l);
  assert_int_equal(r->fc[0].sync_sent, l);
  assert_int_equal(r->dir[0].first_write_cycle, l);
  free(r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(header_fields),           cmocka_unit_test(fig_2_2_and_2_6_steady),
      cmocka_unit_test(fig_2_3_alternate_reads), cmocka_unit_test(fig_2_4_loopback),
      cmocka_unit_test(fig_2_5_force_send),      cmocka_unit_test(fig_2_7_intermittent),
      cmocka_unit_test(fig_2_8_reads_stop),      cmocka_unit_test(sync_handshake),
      cmocka_unit_test(no_deadlock_no_overflow),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
