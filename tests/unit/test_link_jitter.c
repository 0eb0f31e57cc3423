/* SPDX-License-Identifier: BSD-3-Clause */
/* Jittered links (chan/link_model.c): per-flit Gaussian latencies with the
 * configured mean and standard deviation, truncated at 4 standard
 * deviations, never reordering a channel's flits, and the same draws for
 * the same channel and flit whatever else happens; with lanes, the flit
 * arrives with the latest of its lanes' draws (deskew). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "chan/link.h"
#include "core/rng.h"
#include "graph/graph.h"

struct one_link {
  struct fcsim_graph g;
  struct fcsim_links l;
  struct fcsim_ring ring, cring;
  struct fcsim_link_slot pool[1 << 16];
  uint64_t jitter_last[1];
};

static struct one_link *make(double mean, double sd)
{
  struct one_link *o = calloc(1, sizeof *o);
  int radix[2] = {1, 1};
  assert_int_equal(fcsim_graph_init(&o->g, 2, radix, NULL), 0);
  assert_int_equal(fcsim_graph_connect(&o->g, 0, 0, 1, 0, (uint32_t)mean, 1, NULL), 0);
  fcsim_graph_finish(&o->g);
  o->g.chan[0].latency_sd_cycles = o->g.chan[0].latency_sd_ticks = sd; /* one clock: ticks are cycles */
  o->ring.mask = (1 << 16) - 1;
  fcsim_ring_set_channel(&o->ring, &o->cring, &o->g.chan[0]);
  o->l.g = &o->g;
  o->l.chan = &o->ring;
  o->l.chan_pool = o->pool;
  o->l.jitter_last = o->jitter_last;
  o->l.seed = 7;
  return o;
}

static void destroy(struct one_link *o)
{
  fcsim_graph_destroy(&o->g);
  free(o);
}

/* Sends n flits far apart on the link of `o` (no flit waits for the one
 * before it) and gives the mean and standard deviation of their latency,
 * each within the truncation bounds [lo, hi]. */
static void sample_latency(struct one_link *o, int n, double lo, double hi, double *mean, double *sd)
{
  struct fcsim_flit f = {0};
  double sum = 0, sq = 0;
  for (int i = 0; i < n; i++) {
    uint64_t t = (uint64_t)i * 200;
    uint64_t a = fcsim_link_push(&o->l, 0, &f, t);
    double d = (double)(a - t);
    assert_true(d >= lo && d <= hi);
    sum += d;
    sq += d * d;
    o->ring.head = o->ring.tail; /* the reader took it */
  }
  *mean = sum / n;
  *sd = sqrt(sq / n - *mean * *mean);
}

/* Sparse sends: the draws themselves (mean, sd, truncation). */
static void test_distribution(void **state)
{
  struct one_link *o = make(100, 10);
  double mean, sd;
  sample_latency(o, 20000, 60, 140, &mean, &sd);
  assert_true(fabs(mean - 100) < 0.5);
  assert_true(fabs(sd - 10) < 0.5);
  destroy(o);
}

/* Four lanes (network.link_lanes = 4, seed 000 Table 3.2/3.3): each flit
 * takes the largest of four draws, so its mean latency rises by
 * E[max of 4 standard Gaussians] = 1.0294 standard deviations and its spread
 * narrows to 0.7012 of one lane's; the truncation still bounds it. */
static void test_lanes_deskew(void **state)
{
  struct one_link *o = make(100, 10);
  o->l.lanes = 4;
  double mean, sd;
  sample_latency(o, 20000, 60, 140, &mean, &sd);
  assert_true(fabs(mean - (100 + 10 * 1.0294)) < 0.4);
  assert_true(fabs(sd - 10 * 0.7012) < 0.4);
  destroy(o);
}

/* Sparse sends' mean latency over n flits of channel 0. */
static double mean_latency(struct one_link *o, int n)
{
  struct fcsim_flit f = {0};
  double sum = 0;
  for (int i = 0; i < n; i++) {
    uint64_t t = (uint64_t)i * 200;
    sum += (double)(fcsim_link_push(&o->l, 0, &f, t) - t);
    o->ring.head = o->ring.tail;
  }
  return sum / n;
}

/* A lane's own mean (network.link_lane_spread, Table 3.3's lane means): one
 * offset per channel and lane, drawn once from the channel's lane stream, so
 * a one-lane link's mean latency is the configured one plus that offset;
 * with four lanes the offsets shift the deskewed mean too. */
static void test_lane_mean_offset(void **state)
{
  struct one_link *o = make(100, 10);
  o->l.lane_mean_sd_ticks = 6;
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, 7, 0, FCSIM_RNG_LANE);
  double off = 6 * fcsim_rng_gaussian(&rng);
  assert_true(fabs(off) > 0.5); /* the check below can tell it from none */
  assert_true(fabs(mean_latency(o, 20000) - (100 + off)) < 0.4);
  destroy(o);
  struct one_link *p = make(100, 10), *q = make(100, 10);
  p->l.lanes = q->l.lanes = 4;
  q->l.lane_mean_sd_ticks = 6;
  double mp = mean_latency(p, 20000), mq = mean_latency(q, 20000);
  assert_true(fabs(mp - (100 + 10 * 1.0294)) < 0.4);
  assert_true(fabs(mq - mp) > 0.5);
  destroy(p);
  destroy(q);
}

/* One lane, set or left 0 (structures built before the key), is the
 * one-draw stream: the same arrivals flit by flit. */
static void test_one_lane_unchanged(void **state)
{
  struct one_link *a = make(80, 8), *b = make(80, 8);
  b->l.lanes = 1;
  struct fcsim_flit f = {0};
  for (int i = 0; i < 1000; i++) {
    assert_int_equal(fcsim_link_push(&a->l, 0, &f, (uint64_t)i * 3), fcsim_link_push(&b->l, 0, &f, (uint64_t)i * 3));
    a->ring.head = a->ring.tail;
    b->ring.head = b->ring.tail;
  }
  destroy(a);
  destroy(b);
}

/* Back-to-back sends: arrivals never decrease (FIFO), and the latency is
 * never below the draw's lower truncation. */
static void test_fifo(void **state)
{
  struct one_link *o = make(50, 20);
  struct fcsim_flit f = {0};
  uint64_t prev = 0;
  int held = 0;
  for (int i = 0; i < 30000; i++) {
    uint64_t a = fcsim_link_push(&o->l, 0, &f, (uint64_t)i);
    assert_true(a >= prev);
    assert_true(a >= (uint64_t)i + 1);
    held += a == prev;
    prev = a;
    o->ring.head = o->ring.tail;
  }
  assert_true(held > 0); /* flits did queue behind slower ones */
  destroy(o);
}

/* The n-th flit of a channel sees the same latency in every run. */
static void test_reproducible(void **state)
{
  struct one_link *a = make(80, 8), *b = make(80, 8);
  struct fcsim_flit f = {0};
  for (int i = 0; i < 1000; i++) {
    assert_int_equal(fcsim_link_push(&a->l, 0, &f, (uint64_t)i * 100),
                     fcsim_link_push(&b->l, 0, &f, (uint64_t)i * 100));
    a->ring.head = a->ring.tail;
    b->ring.head = b->ring.tail;
  }
  destroy(a);
  destroy(b);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_distribution),       cmocka_unit_test(test_fifo),
      cmocka_unit_test(test_reproducible),       cmocka_unit_test(test_lanes_deskew),
      cmocka_unit_test(test_one_lane_unchanged), cmocka_unit_test(test_lane_mean_offset)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
