/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW link simulated (src/link/proto/tnw/proto_tnw.c through link_sim.c): the
 * 0.91 GB/s ceiling per direction, go-back-N under bit errors (every byte
 * once and in order on every VC, retransmissions matching the errors),
 * determinism of the error streams, and back-pressure from a slow reader. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "link_support.h"

static double linkbw_peak(const char *const *sets)
{
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  if (fcsim_model_run("linkbw", "tnw", sets, v, r, &err))
    fail_msg("%s", err.msg);
  return r[fcsim_model_result_index(fcsim_model_find("linkbw"), "peak_bytes_per_s")];
}

/* Both directions busy: header + 128 B + CRC and the ACK word each packet
 * causes on the same direction: 128/140 GB/s = 914.29 MB/s, the `linkbw`
 * preset's figure to the printed digits; one direction: 128/136. */
static void ceiling(void **state)
{
  (void)state;
  char a[64], b[64];
  double full = link_result("tnw", LSETS("bytes=512KiB"), "steady_throughput");
  double model = linkbw_peak(NULL);
  assert_string_equal(fcsim_model_format(FCSIM_MU_BYTES_PER_S, NULL, full, a, sizeof a),
                      fcsim_model_format(FCSIM_MU_BYTES_PER_S, NULL, model, b, sizeof b));
  assert_true(fabs(full / 0.91e9 - 1) < 0.01); /* seed 004: 0.91 GB/s per direction */
  double half = link_result("tnw", LSETS("bytes=512KiB", "duplex=half"), "steady_throughput");
  assert_true(fabs(half / (1e9 * 128 / 136) - 1) < 1e-6);
}

struct ber_run {
  struct fcsim_link_result *r;
  uint64_t packets;
};

static void check_exactly_once(const struct fcsim_link_result *r, int64_t bytes)
{
  for (int s = 0; s < 2; s++) {
    const struct fcsim_tnw_stats *rx = &r->tnw[s];
    const struct fcsim_tnw_stats *tx = &r->tnw[1 - s];
    /* everything arrived, once, in order per VC */
    assert_int_equal(rx->delivered_bytes, bytes);
    assert_int_equal(rx->delivered, tx->packets_new);
    assert_int_equal(rx->order_errors, 0);
    assert_int_equal(rx->out_of_order, 0);
    assert_int_equal(rx->rx_overflow, 0);
    /* one go-back-N restart per bad CRC found, each resending >= 1 packet */
    assert_int_equal(tx->resend_episodes, rx->errors_detected);
    assert_int_equal(tx->restarts_sent, rx->errors_detected);
    assert_true(tx->retransmissions >= tx->resend_episodes);
    /* a corrupted packet is either detected or discarded unread */
    assert_true(tx->errors_injected >= rx->errors_detected);
    assert_true(tx->errors_injected <= rx->errors_detected + rx->discarded);
  }
}

/* At a BER of 1e-4 about one packet in ten is hit (1088 bits each). */
static void high_ber_exactly_once(void **state)
{
  (void)state;
  int64_t bytes = 256 * 1024;
  struct fcsim_link_result *r = link_run("tnw", LSETS("bytes=256KiB", "ber=1e-4"), NULL);
  assert_true(r->dir[0].complete && r->dir[1].complete);
  check_exactly_once(r, bytes);
  uint64_t inj = r->tnw[0].errors_injected + r->tnw[1].errors_injected;
  uint64_t sent = r->tnw[0].packets_new + r->tnw[0].retransmissions + r->tnw[1].packets_new + r->tnw[1].retransmissions;
  double p = -expm1(1088 * log1p(-1e-4));
  /* the injected errors follow the BER: within 5 standard deviations */
  double mean = p * (double)sent, sd = sqrt(mean * (1 - p));
  assert_true(fabs((double)inj - mean) < 5 * sd);
  assert_true(r->tnw[0].resend_episodes > 50);
  free(r);
}

/* Same seed, same errors; another seed, other errors. */
static void error_streams_deterministic(void **state)
{
  (void)state;
  struct fcsim_link_result *a = link_run("tnw", LSETS("bytes=64KiB", "ber=1e-5", "seed=7"), NULL);
  struct fcsim_link_result *b = link_run("tnw", LSETS("bytes=64KiB", "ber=1e-5", "seed=7"), NULL);
  struct fcsim_link_result *c = link_run("tnw", LSETS("bytes=64KiB", "ber=1e-5", "seed=8"), NULL);
  assert_int_equal(a->cycles, b->cycles);
  assert_memory_equal(&a->tnw, &b->tnw, sizeof a->tnw);
  assert_true(memcmp(&a->tnw, &c->tnw, sizeof a->tnw) != 0);
  free(a);
  free(b);
  free(c);
}

/* Throughput falls as the BER rises; data stay intact at every point. */
static void throughput_against_ber(void **state)
{
  (void)state;
  const char *bers[] = {"ber=0", "ber=1e-6", "ber=1e-5", "ber=1e-4", "ber=3e-4"};
  double prev = INFINITY;
  for (int i = 0; i < 5; i++) {
    struct fcsim_link_result *r = link_run("tnw", LSETS("bytes=128KiB", bers[i]), NULL);
    check_exactly_once(r, 128 * 1024);
    double t = r->dir[0].throughput_Bps;
    assert_true(t <= prev * 1.0001);
    prev = t;
    free(r);
  }
  assert_true(prev < 0.5 * 0.914e9);
}

/* A receiver that consumes one packet every 200 cycles: the sender stalls
 * on its credits, nothing overflows, throughput = 128 B per 200 cycles. */
static void slow_reader_back_pressure(void **state)
{
  (void)state;
  struct fcsim_link_result *r =
      link_run("tnw", LSETS("bytes=64KiB", "duplex=half", "read_period=200", "vcs=2", "rx_packets=4"), NULL);
  assert_true(r->dir[0].complete);
  assert_int_equal(r->tnw[1].rx_overflow, 0);
  assert_true(r->tnw[1].rx_max <= 2 * 4);
  assert_true(fabs(r->dir[0].steady_Bps / (128.0 * 250e6 / 200) - 1) < 0.01);
  free(r);
}

/* Odd corners: stop-and-wait (window 1), one-packet FIFOs, three VCs, a
 * slow reader, errors, a stream that does not fill its last packet. */
static void corners_exactly_once(void **state)
{
  (void)state;
  const char *win[] = {"window=1", "window=2", "window=40"};
  for (int i = 0; i < 3; i++) {
    struct fcsim_link_result *r =
        link_run("tnw", LSETS("bytes=20001", "vcs=3", "rx_packets=1", "read_period=7", "ber=2e-4", win[i]), NULL);
    assert_true(r->dir[0].complete && r->dir[1].complete);
    assert_false(r->stalled);
    check_exactly_once(r, 20001);
    assert_true(r->tnw[0].tx_max <= (i == 0 ? 1 : i == 1 ? 2 : 40));
    free(r);
  }
}

/* Latency per message: a one-packet message takes the packet's latency
 * (34 cycles on the wire, the last word 150 cycles later); a message of 8
 * packets on one of 8 VCs waits for the other VCs' packets in between. */
static void message_latency(void **state)
{
  (void)state;
  struct fcsim_link_result *r = link_run("tnw", LSETS("bytes=16KiB", "duplex=half", "vcs=1", "message=128"), NULL);
  assert_int_equal((int64_t)r->dir[0].avg_msg_latency_cycles, 150 + 33);
  assert_int_equal(r->dir[0].max_latency_cycles, 150 + 33);
  free(r);
  r = link_run("tnw", LSETS("bytes=64KiB", "duplex=half", "vcs=8", "message=1KiB"), NULL);
  /* 8 packets of this VC interleaved with 7 of each other VC: 57 packet times + the last one's flight */
  assert_true(r->dir[0].max_msg_latency_cycles >= 57 * 34 + 183 - 34);
  assert_true(r->dir[0].max_msg_latency_cycles <= 57 * 34 + 183 + 34);
  free(r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ceiling),
      cmocka_unit_test(high_ber_exactly_once),
      cmocka_unit_test(error_streams_deterministic),
      cmocka_unit_test(throughput_against_ber),
      cmocka_unit_test(slow_reader_back_pressure),
      cmocka_unit_test(corners_exactly_once),
      cmocka_unit_test(message_latency),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
