/* SPDX-License-Identifier: BSD-3-Clause */
/* The engine's data structures, tested directly (the simulation tests reach
 * them only through whole runs): the link rings of chan/link.h (delay-line
 * stamps, capacity, free-running indices across 2^32, publication of rings
 * that cross partitions, remote rings, credit rings and their pending
 * bits), the arrival heap of engine/sched.c (heap order with ties by node,
 * growth, out of memory, pops), the timing wheel of sched.c (slots, busy
 * bits, growth, out of memory, the next busy tick, clearing) and net.h's
 * wake-ups moved to a node's clock edge, and the MPI window
 * exchange as far as one process can see it (one rank: nothing to exchange,
 * reductions are the identity). Allocation failures come from the test
 * allocation hook (support/alloc_hook.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_hook.h"
#include "engine/engine.h"
#include "engine/mpi.h"
#include "chan/link.h"
#include "graph/graph.h"

/* Two nodes joined both ways, each channel's rings in small pools. */
struct two_nodes {
  struct fcsim_graph g;
  struct fcsim_links l;
  struct fcsim_ring ring[2], cring[2];
  struct fcsim_link_slot pool[8];
  struct fcsim_credit_slot cpool[8];
  uint64_t pending[2], cpending[2];
};

static struct two_nodes *two_nodes(uint32_t latency)
{
  struct two_nodes *t = calloc(1, sizeof *t);
  int radix[2] = {1, 1};
  assert_int_equal(fcsim_graph_init(&t->g, 2, radix, NULL), 0);
  assert_int_equal(fcsim_graph_connect(&t->g, 0, 0, 1, 0, latency, 1, NULL), 0);
  assert_int_equal(fcsim_graph_connect(&t->g, 1, 0, 0, 0, latency, 1, NULL), 0);
  fcsim_graph_finish(&t->g);
  for (int c = 0; c < 2; c++) {
    t->g.chan[c].latency_ticks = t->g.chan[c].latency_cycles; /* one clock */
    t->ring[c] = (struct fcsim_ring){.mask = 3, .base = (uint64_t)c * 4};
    t->cring[c] = (struct fcsim_ring){.mask = 3, .base = (uint64_t)c * 4};
    fcsim_ring_set_channel(&t->ring[c], &t->cring[c], &t->g.chan[c]);
  }
  t->l = (struct fcsim_links){.g = &t->g,
                              .chan = t->ring,
                              .chan_pool = t->pool,
                              .cchan = t->cring,
                              .cchan_pool = t->cpool,
                              .pending = t->pending,
                              .cpending = t->cpending};
  return t;
}

static void two_nodes_free(struct two_nodes *t)
{
  fcsim_graph_destroy(&t->g);
  free(t);
}

static void test_pow2(void **state)
{
  assert_int_equal(fcsim_pow2_at_least(0), 1);
  assert_int_equal(fcsim_pow2_at_least(1), 1);
  assert_int_equal(fcsim_pow2_at_least(5), 8);
  assert_int_equal(fcsim_pow2_at_least(64), 64);
  assert_int_equal(fcsim_pow2_at_least(65), 128);
}

/* A flit pushed at t arrives at t + latency, in its own ring's part of the
 * pool; a full ring refuses (0) without writing; a pop makes room. */
static void test_ring_delay_and_capacity(void **state)
{
  struct two_nodes *t = two_nodes(5);
  struct fcsim_flit f = {.dest = 1};
  for (uint32_t i = 0; i < 4; i++) {
    f.aux = i;
    assert_int_equal(fcsim_link_push(&t->l, 1, &f, 10 + i), 15 + i);
  }
  assert_int_equal(fcsim_ring_visible(&t->ring[1]), 4);
  assert_false(fcsim_ring_has_room(&t->ring[1]));
  f.aux = 99;
  assert_int_equal(fcsim_link_push(&t->l, 1, &f, 20), 0);
  assert_int_equal(t->ring[1].tail, 4);
  for (uint32_t i = 0; i < 4; i++) { /* channel 1's entries live in [4, 8); channel 0's untouched */
    assert_int_equal(t->pool[4 + i].flit.aux, i);
    assert_int_equal(t->pool[4 + i].arrival_stamp, 15 + i);
    assert_int_equal(t->pool[i].arrival_stamp, 0);
  }
  fcsim_ring_pop(&t->ring[1]);
  assert_true(fcsim_ring_has_room(&t->ring[1]));
  assert_int_equal(fcsim_link_push(&t->l, 1, &f, 21), 26);
  assert_int_equal(t->pool[4].flit.aux, 99); /* wrapped onto the slot taken */
  assert_int_equal(t->ring[0].tail, 0);
  two_nodes_free(t);
}

/* A ring's record carries what a push needs of its channel, copied at
 * set-up: the reader and its port (the data ring's dst, the credit ring's
 * src), the latency (the credit latency on a credit ring) and whether it
 * varies. A push reads the record, not the graph. */
static void test_ring_record_copies_channel(void **state)
{
  struct two_nodes *t = two_nodes(5);
  t->g.chan[0].credit_latency_ticks = 3;
  fcsim_ring_set_channel(&t->ring[0], &t->cring[0], &t->g.chan[0]);
  assert_int_equal(t->ring[0].reader, 1);
  assert_int_equal(t->ring[0].reader_port, 0);
  assert_int_equal(t->ring[0].latency_ticks, 5);
  assert_int_equal(t->ring[0].jitter, 0);
  assert_int_equal(t->cring[0].reader, 0);
  assert_int_equal(t->cring[0].latency_ticks, 3);
  t->g.chan[0].latency_ticks = 999; /* the graph changed after set-up: a push does not look */
  struct fcsim_flit f = {.dest = 1};
  assert_int_equal(fcsim_link_push(&t->l, 0, &f, 10), 15);
  assert_int_equal(fcsim_link_credit(&t->l, 0, 2, 7, 13, 0), 0);
  assert_int_equal(t->cpending[0], 1); /* the sender, node 0, port 0, reads the credit */
  assert_int_equal(t->cpending[1], 0);
  t->g.chan[1].latency_sd_ticks = 1.5;
  fcsim_ring_set_channel(&t->ring[1], &t->cring[1], &t->g.chan[1]);
  assert_int_equal(t->ring[1].jitter, 1);
  assert_int_equal(sizeof(struct fcsim_ring), 64);
  two_nodes_free(t);
}

/* Indices are free-running 32-bit counters: the ring works across 2^32. */
static void test_ring_index_wrap(void **state)
{
  struct two_nodes *t = two_nodes(1);
  struct fcsim_ring *r = &t->ring[0];
  r->head = r->tail = r->pub = UINT32_MAX - 2;
  struct fcsim_flit f = {0};
  for (uint32_t i = 0; i < 10; i++) {
    f.aux = i;
    assert_int_not_equal(fcsim_link_push(&t->l, 0, &f, i), 0);
    assert_int_equal(fcsim_ring_visible(r), 1);
    const struct fcsim_link_slot *s = &t->pool[r->base + (r->head & r->mask)];
    assert_int_equal(s->flit.aux, i);
    fcsim_ring_pop(r);
  }
  assert_int_equal(r->head, 7); /* UINT32_MAX - 2 + 10, modulo 2^32 */
  for (int i = 0; i < 4; i++)
    assert_int_not_equal(fcsim_link_push(&t->l, 0, &f, 0), 0);
  assert_int_equal(fcsim_link_push(&t->l, 0, &f, 0), 0);
  two_nodes_free(t);
}

/* A ring read in another partition is not visible until its writer's
 * partition publishes it (pub), and a full one still refuses; the writer's
 * copy of a ring read on another rank never refuses (its entries are sent
 * at the window's end). */
static void test_ring_cross_and_remote(void **state)
{
  struct two_nodes *t = two_nodes(3);
  struct fcsim_ring *r = &t->ring[0];
  r->cross = 1;
  struct fcsim_flit f = {0};
  assert_int_equal(fcsim_link_push(&t->l, 0, &f, 0), 3);
  assert_int_equal(fcsim_link_push(&t->l, 0, &f, 1), 4);
  assert_int_equal(fcsim_ring_visible(r), 0);
  r->pub = r->tail; /* the window's end */
  assert_int_equal(fcsim_ring_visible(r), 2);
  r->remote = 1;
  for (int i = 0; i < 6; i++)
    assert_true(fcsim_ring_has_room(r));
  two_nodes_free(t);
}

/* Arrival stamps are ticks modulo 2^32 read against the reader's tick:
 * across 2^32 a flit is due exactly at its arrival, its full tick is
 * recovered (never 0, the arrival caches' "look at the ring", even when the
 * stamp is 0), and credits are taken exactly when due. */
static void test_stamps_across_2_32(void **state)
{
  struct two_nodes *t = two_nodes(5);
  struct fcsim_flit f = {.dest = 1};
  const uint64_t w = 1ull << 32;
  assert_int_equal(fcsim_link_push(&t->l, 1, &f, w - 5), w); /* stamp 0 */
  assert_int_equal(fcsim_link_push(&t->l, 1, &f, w - 3), w + 2);
  const struct fcsim_link_slot *a = &t->pool[4], *b = &t->pool[5];
  assert_int_equal(a->arrival_stamp, 0);
  assert_int_equal(b->arrival_stamp, 2);
  assert_true(fcsim_stamp_after(a->arrival_stamp, w - 1));
  assert_false(fcsim_stamp_after(a->arrival_stamp, w));
  assert_true(fcsim_stamp_after(b->arrival_stamp, w + 1));
  assert_false(fcsim_stamp_after(b->arrival_stamp, w + 2));
  assert_false(fcsim_stamp_after(b->arrival_stamp, w + 2 + (1ull << 30))); /* long arrived */
  assert_true(fcsim_stamp_tick(a->arrival_stamp, w - 5) == w);
  assert_true(fcsim_stamp_tick(b->arrival_stamp, w - 3) == w + 2);
  assert_true(fcsim_stamp_tick(b->arrival_stamp, w + 100) == w + 2);
  assert_true(fcsim_stamp_tick(3, 5 * w + 7) == 5 * w + 3);
  /* credits of channel 0 (read by node 0) arriving at 2^32 - 1, 2^32 and 2^32 + 1 */
  for (int i = -1; i <= 1; i++)
    assert_int_equal(fcsim_link_credit(&t->l, 0, 0, 1 << (i + 1), (uint64_t)((int64_t)w + i), 0), 0);
  assert_int_equal(fcsim_link_take_credits(&t->l, 0, w - 2), 0);
  assert_int_equal(fcsim_link_take_credits(&t->l, 0, w - 1), 1);
  assert_int_equal(fcsim_link_take_credits(&t->l, 0, w), 2);
  assert_int_equal(fcsim_link_take_credits(&t->l, 0, w + 5), 4);
  two_nodes_free(t);
}

/* A train entry (novog trains): a 5-flit packet written as two slots, its
 * arrivals crossing 2^32 with a credit cycle skipped twice, is read back flit
 * by flit as the sender's flits would be: the head, three bodies, the tail
 * with its own gen, each at its own arrival; the entry leaves the ring with
 * the tail. */
static void test_train_entry(void **state)
{
  (void)state;
  struct two_nodes *t = two_nodes(5);
  const uint64_t w = 1ull << 32;
  struct fcsim_link_slot *a = fcsim_link_run_slot(&t->l, 1, 0), *b = fcsim_link_run_slot(&t->l, 1, 1);
  a->flit = (struct fcsim_flit){7, 1, 9, 2, FCSIM_FLIT_HEAD | FCSIM_FLIT_MEASURED | FCSIM_FLIT_TRAIN, 3, 5};
  a->arrival_stamp = fcsim_stamp_of(w - 1);
  b->train = (struct fcsim_link_train){11, fcsim_stamp_of(w + 1), 5, 3};
  b->arrival_stamp = fcsim_stamp_of(w + 5);
  fcsim_link_commit_run(&t->l, 1, 2);
  struct fcsim_ring *r = &t->l.chan[1];
  const uint64_t arrival[5] = {w - 1, w, w + 2, w + 3, w + 5}; /* w + 1 and w + 4 skipped */
  int vc = -1;
  assert_int_equal(fcsim_link_entry_arrived(&t->l, r, w + 5, &vc), 0); /* its head is not taken */
  for (int i = 0; i < 5; i++) {
    if (i == 1) { /* the flits arrived and not taken, read ahead of the reader (deferred entries) */
      const uint32_t by[8] = {0, 1, 1, 2, 3, 3, 4, 4}; /* by tick w - 1 + j */
      for (int j = 0; j < 8; j++) {
        vc = -1;
        assert_int_equal(fcsim_link_entry_arrived(&t->l, r, w - 1 + (uint64_t)j, &vc), by[j]);
        assert_int_equal(vc, by[j] ? 2 : -1);
      }
    }
    assert_int_equal(fcsim_ring_visible(r), 2);
    const struct fcsim_link_slot *e = fcsim_link_head_slot(&t->l, r, 0);
    assert_true(fcsim_stamp_tick(e->arrival_stamp, w) == arrival[i]);
    assert_true(fcsim_stamp_after(e->arrival_stamp, arrival[i] - 1));
    struct fcsim_flit f = fcsim_link_take(&t->l, r);
    uint8_t flags = FCSIM_FLIT_MEASURED | (i == 0 ? FCSIM_FLIT_HEAD : 0) | (i == 4 ? FCSIM_FLIT_TAIL : 0);
    assert_int_equal(f.flags, flags);
    assert_int_equal(f.gen, i == 4 ? 11 : 7);
    assert_int_equal(f.dest, 1);
    assert_int_equal(f.aux, 9);
    assert_int_equal(f.vc, 2);
    assert_int_equal(f.hops, 3);
    assert_int_equal(f.route, 5);
  }
  assert_int_equal(fcsim_ring_visible(r), 0);
  assert_int_equal(r->head, 2);
  two_nodes_free(t);
}

/* Credits travel back on their own ring; a credit ring inside one partition
 * marks its reader's output port pending, a crossing one does not (it is
 * flagged when published). */
static void test_credit_ring(void **state)
{
  struct two_nodes *t = two_nodes(4);
  /* channel 0 goes 0 -> 1: its credits are written by node 1 and read by node 0 */
  assert_int_equal(fcsim_link_credit(&t->l, 0, 1, 7, 12, 1), 0);
  assert_int_equal(t->cpending[0], 1); /* node 0's port 0 */
  assert_int_equal(t->cpending[1], 0);
  const struct fcsim_credit_slot *s = &t->cpool[0];
  assert_int_equal(s->arrival_stamp, 12);
  assert_int_equal(s->value, 7);
  assert_int_equal(s->vc, 1);
  assert_int_equal(s->wake, 1);
  for (int i = 0; i < 3; i++)
    assert_int_equal(fcsim_link_credit(&t->l, 0, 0, 1, 13, 0), 0);
  assert_int_equal(fcsim_link_credit(&t->l, 0, 0, 1, 13, 0), -1); /* full */
  t->cpending[0] = 0;
  t->cring[1].cross = 1;
  assert_int_equal(fcsim_link_credit(&t->l, 1, 0, 1, 13, 0), 0);
  assert_int_equal(t->cpending[1], 0);
  assert_int_equal(fcsim_ring_visible(&t->cring[1]), 0);
  two_nodes_free(t);
}

static void check_heap_order(const struct fcsim_arrival_heap *h)
{
  const struct fcsim_arrival_heap *v = h;
  for (size_t i = 1; i < v->len; i++) {
    size_t p = (i - 1) / 2;
    assert_true(v->key[p] < v->key[i] || (v->key[p] == v->key[i] && v->node[p] <= v->node[i]));
  }
}

/* Events pushed in any order keep the min-heap order (cycle, then node);
 * pushing past the capacity grows the heap; a failed growth is FCSIM_ENOMEM
 * and leaves the heap as it was. */
static void test_heap(void **state)
{
  struct fcsim_arrival_heap *h = fcsim_heap_new(4);
  assert_non_null(h);
  uint64_t x = 12345;
  for (uint32_t i = 0; i < 300; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    assert_int_equal(fcsim_heap_push(h, (x >> 40) % 50, i % 37), 0);
    check_heap_order(h);
  }
  const struct fcsim_arrival_heap *v = h;
  assert_int_equal(v->len, 300);
  assert_true(v->cap >= 300);
  uint64_t kmin = v->key[0];
  for (size_t i = 0; i < v->len; i++)
    assert_true(v->key[i] >= kmin);
  while (v->len < v->cap) /* fill up to the next growth */
    assert_int_equal(fcsim_heap_push(h, 1000, 1), 0);
  size_t len = v->len;
  alloc_hook_reset();
  alloc_hook_fail_at(1);
  assert_int_equal(fcsim_heap_push(h, 0, 0), FCSIM_ENOMEM);
  assert_true(alloc_hook_failed());
  alloc_hook_fail_at(2); /* the second of the two reallocations */
  assert_int_equal(fcsim_heap_push(h, 0, 0), FCSIM_ENOMEM);
  alloc_hook_fail_at(0);
  assert_int_equal(v->len, len);
  check_heap_order(h);
  assert_int_equal(fcsim_heap_push(h, 0, 0), 0);
  assert_int_equal(v->key[0], 0);
  check_heap_order(h);
  uint64_t last = 0; /* pops come out in (key, node) order */
  while (h->len) {
    assert_true(h->key[0] >= last);
    last = h->key[0];
    fcsim_heap_pop(h);
    check_heap_order(h);
  }
  fcsim_heap_free(h);
}

/* A partition's wheel of 8 slots, as build.c makes it. */
static void wheel_init(struct fcsim_net *net, struct fcsim_part *pt)
{
  net->wheel_mask = 7;
  net->unit_clock = (struct fcsim_clock){1.0, 1};
  assert_int_equal(fcsim_wheel_init(&pt->wheel, 8), 0);
}

static void wheel_free(struct fcsim_part *pt)
{
  fcsim_wheel_free(&pt->wheel);
}

/* A wake-up at tick t lands in slot t & mask and marks it busy; a slot grows
 * past its first 64 entries; a failed growth is FCSIM_ENOMEM and keeps what
 * the slot held. */
static void test_wheel(void **state)
{
  struct fcsim_net net = {0};
  struct fcsim_part pt = {0};
  wheel_init(&net, &pt);
  assert_int_equal(fcsim_part_wake(&net, &pt, 3, 13), 0); /* slot 5 */
  assert_int_equal(pt.wheel.len[5], 1);
  assert_int_equal(pt.wheel.slot[5][0], 3);
  assert_int_equal(*pt.wheel.busy, 1u << 5);
  assert_int_equal(pt.wheel.cap[5], 64);
  for (uint32_t n = 0; n < 200; n++)
    assert_int_equal(fcsim_part_wake(&net, &pt, n, 21), 0); /* slot 5 again, a turn later */
  assert_int_equal(pt.wheel.len[5], 201);
  assert_int_equal(pt.wheel.cap[5], 256);
  assert_int_equal(pt.wheel.slot[5][200], 199);
  assert_int_equal(*pt.wheel.busy, 1u << 5);
  while (pt.wheel.len[5] < pt.wheel.cap[5])
    assert_int_equal(fcsim_part_wake(&net, &pt, 7, 5), 0);
  alloc_hook_reset();
  alloc_hook_fail_at(1);
  assert_int_equal(fcsim_part_wake(&net, &pt, 8, 5), FCSIM_ENOMEM);
  alloc_hook_fail_at(0);
  assert_int_equal(pt.wheel.len[5], 256);
  assert_int_equal(pt.wheel.slot[5][200], 199);
  assert_int_equal(fcsim_part_wake(&net, &pt, 9, 6), 0);
  assert_int_equal(*pt.wheel.busy, 3u << 5);
  assert_int_equal(fcsim_wheel_next_busy(&pt.wheel, 0, 100), 5); /* the first busy slot ahead */
  assert_int_equal(fcsim_wheel_next_busy(&pt.wheel, 6, 100), 6);   /* from a busy slot: itself */
  assert_int_equal(fcsim_wheel_next_busy(&pt.wheel, 0, 4), 4);     /* none before the bound */
  fcsim_wheel_clear(&pt.wheel, 13);
  assert_int_equal(pt.wheel.len[5], 0);
  assert_int_equal(*pt.wheel.busy, 1u << 6);
  /* past the wheel's end, round to its start: from tick 7 (slot 7) the busy
   * slot 6 is tick 14 (a wheel of fewer than 64 slots ends inside its word;
   * the scan once stopped there and the node was stepped a turn late) */
  assert_int_equal(fcsim_wheel_next_busy(&pt.wheel, 7, 100), 14);
  assert_int_equal(fcsim_wheel_next_busy(&pt.wheel, 7, 12), 12);
  wheel_free(&pt);
}

/* With clocks of their own, a wake-up moves to the node's next clock edge
 * (a flit from another clock domain waits for the receiver's edge). */
static void test_wheel_clock_edge(void **state)
{
  struct fcsim_net net = {0};
  struct fcsim_part pt = {0};
  wheel_init(&net, &pt);
  struct fcsim_clock clocks[2] = {{3.0, 0}, {2.5, 0}};
  net.multiclock = 1;
  net.clocks = clocks;
  net.wheel_mask = 7;
  assert_int_equal(fcsim_part_wake(&net, &pt, 0, 4), 0); /* node 0's edges 0, 3, 6: tick 6, slot 6 */
  assert_int_equal(pt.wheel.len[6], 1);
  assert_int_equal(fcsim_part_wake(&net, &pt, 1, 5), 0); /* node 1's edges 0, 2.5->3 (rounded), 5: slot 5 */
  assert_int_equal(pt.wheel.len[5], 1);
  assert_int_equal(fcsim_part_wake(&net, &pt, 0, 6), 0); /* on an edge: stays */
  assert_int_equal(pt.wheel.len[6], 2);
  wheel_free(&pt);
}

/* Without an MPI world there is one rank: the exchange has nothing to send,
 * the reductions are the identity, and a network builds no exchange plan. */
static void test_mpi_one_rank(void **state)
{
  int rank = -1, size = -1;
  fcsim_mpi_world(&rank, &size);
  assert_int_equal(rank, 0);
  assert_int_equal(size, 1);
  struct fcsim_net net = {0};
  net.nranks = 1;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_mpi_plan(&net, &err), 0);
  assert_null(net.mpi);
  assert_int_equal(fcsim_mpi_exchange(&net, &err), 0);
  uint64_t sum[3] = {1, 2, 3}, max[2] = {7, 9};
  assert_int_equal(fcsim_mpi_allreduce(&net, sum, 3, max, 2, &err), 0);
  assert_int_equal(sum[0] + sum[1] + sum[2], 6);
  assert_int_equal(max[0], 7);
  assert_int_equal(max[1], 9);
  fcsim_mpi_free(&net);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pow2),
      cmocka_unit_test(test_ring_delay_and_capacity),
      cmocka_unit_test(test_ring_record_copies_channel),
      cmocka_unit_test(test_ring_index_wrap),
      cmocka_unit_test(test_ring_cross_and_remote),
      cmocka_unit_test(test_stamps_across_2_32),
      cmocka_unit_test(test_train_entry),
      cmocka_unit_test(test_credit_ring),
      cmocka_unit_test(test_heap),
      cmocka_unit_test(test_wheel),
      cmocka_unit_test(test_wheel_clock_edge),
      cmocka_unit_test(test_mpi_one_rank),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
