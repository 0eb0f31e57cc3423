/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW two-sided API (src/link/proto/tnw/tnw_api.c) on a simulated link: sends
 * complete when acknowledged, receives when their bytes have been moved out,
 * matched in FIFO order per virtual channel; a channel without a posted
 * receive holds the sender back; all of it under bit errors too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "link/proto/line.h"
#include "link/proto/tnw/tnw_api.h"

struct pair {
  struct fcsim_tnw_end e[2];
  struct fcsim_tnw_api api[2];
  struct fcsim_pline line[2];
};

static void pair_init_rx(struct pair *p, double ber, int rx_packets)
{
  struct fcsim_error err;
  struct fcsim_tnw_cfg c = {.vcs = 8,
                            .payload_bytes = 128,
                            .header_bytes = 4,
                            .crc_bytes = 4,
                            .ctrl_bytes = 4,
                            .window = 13,
                            .rx_vc_packets = rx_packets,
                            .ber = ber,
                            .seed = 3};
  for (int s = 0; s < 2; s++) {
    c.link_id = (uint64_t)s;
    assert_int_equal(fcsim_tnw_init(&p->e[s], &c, &err), 0);
    fcsim_tnw_api_init(&p->api[s], &p->e[s]);
    assert_int_equal(fcsim_pline_init(&p->line[s], 4.0, 150, 256, &err), 0);
  }
}

static void pair_init(struct pair *p, double ber)
{
  pair_init_rx(p, ber, 4);
}

static void pair_free(struct pair *p)
{
  for (int s = 0; s < 2; s++) {
    fcsim_tnw_free(&p->e[s]);
    fcsim_pline_free(&p->line[s]);
  }
}

static void pair_step(struct pair *p, int64_t now)
{
  for (int s = 0; s < 2; s++) {
    struct fcsim_pline_item it;
    double wire;
    while (fcsim_pline_recv(&p->line[1 - s], now, &it))
      fcsim_tnw_receive(&p->e[s], &it, now);
    fcsim_tnw_api_step(&p->api[s], now);
    if (fcsim_pline_can_send(&p->line[s], now) && fcsim_tnw_emit(&p->e[s], now, &it, &wire))
      fcsim_pline_send(&p->line[s], now, wire, &it);
  }
}

static void two_sided(double ber)
{
  struct pair *p = test_calloc(1, sizeof *p);
  struct fcsim_error err;
  pair_init(p, ber);
  int s1 = fcsim_tnw_api_send(&p->api[0], 2, 1000, &err);
  int s2 = fcsim_tnw_api_send(&p->api[0], 2, 300, &err);
  int s3 = fcsim_tnw_api_send(&p->api[0], 2, 5000, &err);
  int s4 = fcsim_tnw_api_send(&p->api[0], 5, 2048, &err);
  int r4 = fcsim_tnw_api_credit(&p->api[1], 5, 2048, &err);
  int64_t now = 0;
  for (; now < 20000; now++)
    pair_step(p, now);
  /* VC 5 had a receive: done; VC 2 had none: its FIFO (4 packets) is full
   * and the 5000 B message cannot have been acknowledged */
  assert_true(fcsim_tnw_api_test(&p->api[1], r4));
  assert_true(fcsim_tnw_api_test(&p->api[0], s4));
  assert_false(fcsim_tnw_api_test(&p->api[0], s3));
  assert_int_equal(p->api[1].moved[2], 0);
  assert_true(p->e[1].fifo_count[2] == 4);
  int r1 = fcsim_tnw_api_credit(&p->api[1], 2, 1000, &err);
  int r2 = fcsim_tnw_api_credit(&p->api[1], 2, 300, &err);
  int r3 = fcsim_tnw_api_credit(&p->api[1], 2, 5000, &err);
  for (; now < 200000 && !fcsim_tnw_api_test(&p->api[1], r3); now++)
    pair_step(p, now);
  for (int k = 0; k < 2000; k++, now++)
    pair_step(p, now);
  const int sends[] = {s1, s2, s3, s4}, recvs[] = {r1, r2, r3, r4};
  for (int i = 0; i < 4; i++) {
    assert_true(fcsim_tnw_api_test(&p->api[0], sends[i]));
    assert_true(fcsim_tnw_api_test(&p->api[1], recvs[i]));
  }
  /* FIFO order per channel */
  assert_true(fcsim_tnw_api_done_at(&p->api[1], r1) <= fcsim_tnw_api_done_at(&p->api[1], r2));
  assert_true(fcsim_tnw_api_done_at(&p->api[1], r2) <= fcsim_tnw_api_done_at(&p->api[1], r3));
  assert_int_equal(p->api[1].moved[2], 6300);
  assert_int_equal(p->api[1].moved[5], 2048);
  assert_int_equal(p->e[1].st.order_errors, 0);
  assert_int_equal(p->e[1].st.rx_overflow, 0);
  if (ber > 0)
    assert_true(p->e[0].st.retransmissions > 0);
  pair_free(p);
  test_free(p);
}

static void api_no_errors(void **state)
{
  (void)state;
  two_sided(0);
}

static void api_with_errors(void **state)
{
  (void)state;
  two_sided(3e-4);
}

static void api_bad_requests(void **state)
{
  (void)state;
  struct pair *p = test_calloc(1, sizeof *p);
  struct fcsim_error err = {0};
  pair_init(p, 0);
  assert_true(fcsim_tnw_api_send(&p->api[0], 8, 10, &err) < 0);
  fcsim_error_clear(&err);
  assert_true(fcsim_tnw_api_credit(&p->api[0], 0, 0, &err) < 0);
  assert_false(fcsim_tnw_api_test(&p->api[0], 0));
  pair_free(p);
  test_free(p);
}

/* Requests live in a ring: a long run may make any number of them, but no
 * more than FCSIM_TNW_API_MAX may be pending at once. */
static void api_request_ring(void **state)
{
  (void)state;
  struct pair *p = test_calloc(1, sizeof *p);
  struct fcsim_error err = {0};
  pair_init(p, 0);
  int64_t now = 0;
  int first = -1, last = -1;
  for (int round = 0; round < 3 * FCSIM_TNW_API_MAX; round++) {
    int s = fcsim_tnw_api_send(&p->api[0], round % 8, 200, &err);
    int r = fcsim_tnw_api_credit(&p->api[1], round % 8, 200, &err);
    assert_true(s >= 0 && r >= 0);
    if (first < 0)
      first = r;
    last = r;
    for (int k = 0; k < 2000 && !(fcsim_tnw_api_test(&p->api[0], s) && fcsim_tnw_api_test(&p->api[1], r)); k++)
      pair_step(p, now++);
    assert_true(fcsim_tnw_api_test(&p->api[1], r));
  }
  /* an old handle stays complete; its slot's cycle is gone */
  assert_true(fcsim_tnw_api_test(&p->api[1], first));
  assert_int_equal(fcsim_tnw_api_done_at(&p->api[1], first), -1);
  assert_true(fcsim_tnw_api_done_at(&p->api[1], last) >= 0);
  assert_int_equal(p->api[1].moved[0] + p->api[1].moved[7], 2 * 3 * FCSIM_TNW_API_MAX / 8 * 200);
  /* receives nobody sends to stay pending: the ring fills */
  int rc = 0;
  for (int k = 0; k <= FCSIM_TNW_API_MAX && rc >= 0; k++)
    rc = fcsim_tnw_api_credit(&p->api[0], 3, 128, &err);
  assert_int_equal(rc, FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "pending"));
  pair_free(p);
  test_free(p);
}

/* A receive posted late while the receiver's own line is busy with its own
 * stream: the credits it frees must not wait behind that stream (they go
 * ahead of data once a VC owes half its FIFO), or the peer would stall
 * until the receiver's stream ended and the exchange would take twice as
 * long (found by the halo exchange, test_halo.c). */
static void late_receive_no_starvation(void **state)
{
  (void)state;
  struct pair *p = test_calloc(1, sizeof *p);
  struct fcsim_error err = {0};
  pair_init_rx(p, 0, 32); /* deeper than a credit round trip: no back-pressure once posted */
  const int64_t bytes = 512 * 128, late = 3000;
  int s0 = fcsim_tnw_api_send(&p->api[0], 0, bytes, &err);
  int r0 = fcsim_tnw_api_credit(&p->api[0], 0, bytes, &err);
  int s1 = fcsim_tnw_api_send(&p->api[1], 0, bytes, &err);
  int r1 = -1;
  int64_t now = 0;
  for (; now < 100000 && !(fcsim_tnw_api_test(&p->api[1], r1) && fcsim_tnw_api_test(&p->api[0], r0)); now++) {
    if (now == late)
      r1 = fcsim_tnw_api_credit(&p->api[1], 0, bytes, &err);
    pair_step(p, now);
  }
  /* 512 packets of 35 line cycles (ACK included) after the late post, a
   * round trip and some slack; starved, it would be about 35,000 */
  assert_true(fcsim_tnw_api_done_at(&p->api[1], r1) < late + 512 * 35 + 2 * 150 + 500);
  assert_true(fcsim_tnw_api_done_at(&p->api[0], r0) < 512 * 35 + 2 * 150 + 500);
  for (int k = 0; k < 1000; k++, now++)
    pair_step(p, now);
  assert_true(fcsim_tnw_api_test(&p->api[0], s0) && fcsim_tnw_api_test(&p->api[1], s1));
  assert_int_equal(p->e[1].st.order_errors + p->e[1].st.rx_overflow, 0);
  pair_free(p);
  test_free(p);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(api_no_errors),
      cmocka_unit_test(api_with_errors),
      cmocka_unit_test(api_bad_requests),
      cmocka_unit_test(api_request_ring),
      cmocka_unit_test(late_receive_no_starvation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
