/* SPDX-License-Identifier: BSD-3-Clause */
/* VC storage in chunks (src/router/vc/vc.h): the VC routers' push and pop on
 * a node's chunk pool keep every VC a FIFO of at most its depth, hold
 * exactly the chunks their flits span, fit the worst case (every VC full
 * with its head inside a chunk) in the pool set-up sizes, and reuse the
 * chunk freed last, so that a VC streaming a few flits stays in two chunks
 * whatever the depth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "router/vc/vc.h"
#include "stats/stats.h"

#define NVC 6 /* VCs of the test node (one input port each) */

struct rig {
  struct fcsim_params p;
  struct vc_shared sh;
  struct vc_hdr h;
  struct fcsim_vc vcs[NVC];
  uint8_t busy_count[NVC];
  uint64_t wait_mask[1];
  struct vc_node n;
  struct fcsim_stats_acc acc;
  struct fcsim_ctx ctx;
  uint32_t chunks;
};

static struct rig *rig_new(int depth)
{
  struct rig *r = calloc(1, sizeof *r);
  assert_non_null(r);
  r->sh.p = &r->p;
  r->sh.depth = depth;
  r->sh.np = NVC;
  fcsim__vc_chunk_layout(depth, &r->sh.chunk_shift, &r->sh.chunks_per_vc);
  r->sh.chunk_mask = (1u << r->sh.chunk_shift) - 1;
  r->chunks = NVC * r->sh.chunks_per_vc;
  r->n.h = &r->h;
  r->n.vcs = r->vcs;
  r->n.busy_count = r->busy_count;
  r->n.wait_mask = r->wait_mask;
  r->n.buf = calloc((size_t)r->chunks << r->sh.chunk_shift, sizeof(struct fcsim_flit));
  r->n.chunk_next = calloc(r->chunks, sizeof(uint32_t));
  assert_non_null(r->n.buf);
  assert_non_null(r->n.chunk_next);
  fcsim__vc_chunks_init(&r->n, r->chunks);
  r->ctx.acc = &r->acc;
  return r;
}

static void rig_free(struct rig *r)
{
  free(r->n.buf);
  free(r->n.chunk_next);
  free(r);
}

static void push(struct rig *r, int vi, uint32_t id)
{
  struct fcsim_flit f = {0};
  f.aux = id;
  assert_int_equal(vc_push(&r->ctx, &r->sh, &r->n, vi, vi, &f, VC_SHAPE(1, NVC)), 0);
}

static uint32_t pop(struct rig *r, int vi)
{
  uint32_t id = vc_front(&r->sh, &r->n, vi)->aux;
  vc_pop(&r->ctx, &r->sh, &r->n, vi, vi, 0, 0, NULL, VC_SHAPE(1, NVC));
  return id;
}

/* The chunks the flits of every VC span: ceil((head offset + count) / C). */
static uint32_t chunks_spanned(const struct rig *r)
{
  uint32_t c = 0, size = r->sh.chunk_mask + 1;
  for (int vi = 0; vi < NVC; vi++)
    if (r->vcs[vi].count)
      c += ((r->vcs[vi].head & r->sh.chunk_mask) + r->vcs[vi].count + size - 1) / size;
  return c;
}

static void test_layout(void **state)
{
  (void)state;
  static const struct {
    int depth, shift;
    uint32_t per_vc;
  } cases[] = {{1, 0, 1},  {3, 0, 3},   {8, 2, 3},    {16, 3, 3},   {31, 3, 5},
               {32, 4, 3}, {127, 4, 9}, {250, 4, 17}, {1000, 4, 64}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int shift;
    uint32_t per_vc;
    fcsim__vc_chunk_layout(cases[i].depth, &shift, &per_vc);
    assert_int_equal(shift, cases[i].shift);
    assert_int_equal(per_vc, cases[i].per_vc);
  }
}

/* Random pushes and pops against a reference FIFO per VC, at depths giving
 * chunks of 16, 8, 4 and 1 flits. */
static void test_fifo_against_reference(void **state)
{
  (void)state;
  static const int depths[] = {250, 100, 20, 8, 3};
  for (size_t d = 0; d < sizeof depths / sizeof depths[0]; d++) {
    struct rig *r = rig_new(depths[d]);
    const uint32_t depth = (uint32_t)depths[d];
    uint32_t *ref = calloc(NVC * depth, sizeof *ref), head[NVC] = {0}, count[NVC] = {0}, next_id = 1, peak = 0;
    assert_non_null(ref);
    uint64_t x = 88172645463325252ull + d;
    for (int step = 0; step < 200000; step++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      int vi = (int)(x % NVC);
      /* phases of filling and draining, so that VCs reach their depth */
      int fill = (step / 5000) % 2 == 0 ? (x >> 20) % 4 != 0 : (x >> 20) % 4 == 0;
      if (fill && count[vi] < depth) {
        ref[vi * depth + (head[vi] + count[vi]) % depth] = next_id;
        push(r, vi, next_id++);
        count[vi]++;
      } else if (!fill && count[vi] > 0) {
        assert_int_equal(pop(r, vi), ref[vi * depth + head[vi]]);
        head[vi] = (head[vi] + 1) % depth;
        count[vi]--;
      }
      assert_int_equal(r->vcs[vi].count, count[vi]);
      assert_int_equal(r->h.chunks_used, chunks_spanned(r));
      assert_true(r->h.chunks_used <= r->chunks);
      if (r->h.chunks_used > peak)
        peak = r->h.chunks_used;
    }
    assert_int_equal(r->acc.vc_buffer_peak_bytes, (uint64_t)peak << (r->sh.chunk_shift + 4));
    assert_int_equal(r->acc.buffer_overflows, 0);
    free(ref);
    rig_free(r);
  }
}

/* Every VC full with its head at a chunk's last slot: the pool is used to
 * its last chunk, and order holds. */
static void test_worst_case_fits(void **state)
{
  (void)state;
  static const int depths[] = {250, 127, 20, 8, 3};
  for (size_t d = 0; d < sizeof depths / sizeof depths[0]; d++) {
    struct rig *r = rig_new(depths[d]);
    const uint32_t size = r->sh.chunk_mask + 1;
    uint32_t id = 0;
    for (int vi = 0; vi < NVC; vi++) {
      for (int i = 0; i < depths[d]; i++)
        push(r, vi, id++);
      for (uint32_t i = 0; i + 1 < size; i++)
        pop(r, vi);
      for (uint32_t i = 0; i + 1 < size; i++)
        push(r, vi, id++);
      assert_int_equal(r->vcs[vi].count, (uint32_t)depths[d]);
    }
    assert_int_equal(r->h.chunks_used, r->chunks);
    assert_int_equal(r->h.chunk_free, VC_NO_CHUNK);
    /* a full VC refuses a flit (counted, as before the chunks) */
    struct fcsim_flit f = {0};
    assert_int_equal(vc_push(&r->ctx, &r->sh, &r->n, 0, 0, &f, VC_SHAPE(1, NVC)), -1);
    assert_int_equal(r->acc.buffer_overflows, 1);
    for (int vi = 0; vi < NVC; vi++) {
      uint32_t first = (uint32_t)vi * ((uint32_t)depths[d] + size - 1) + size - 1;
      for (int i = 0; i < depths[d]; i++)
        assert_int_equal(pop(r, vi), first + (uint32_t)i);
    }
    assert_int_equal(r->h.chunks_used, 0);
    rig_free(r);
  }
}

/* A VC streaming a few flits at a time (push two, pop two) at depth 250
 * stays in the two chunks freed last, whatever the depth. */
static void test_hot_chunks_reused(void **state)
{
  (void)state;
  struct rig *r = rig_new(250);
  uint32_t seen = 0;
  for (int i = 0; i < 10000; i++) {
    push(r, 3, (uint32_t)i);
    push(r, 3, (uint32_t)i);
    seen |= 1u << (r->vcs[3].tail >> r->sh.chunk_shift);
    assert_true(r->vcs[3].tail >> r->sh.chunk_shift < 2);
    pop(r, 3);
    pop(r, 3);
  }
  assert_int_equal(seen, 1u);  /* drained every time: the same chunk */
  for (int i = 0; i < 40; i++) /* now never drained: the queue walks two chunks */
    push(r, 3, (uint32_t)i);
  for (int i = 0; i < 10000; i++) {
    push(r, 3, (uint32_t)i);
    pop(r, 3);
    assert_true(r->vcs[3].head >> r->sh.chunk_shift < 4);
    assert_true(r->vcs[3].tail >> r->sh.chunk_shift < 4);
  }
  assert_int_equal(r->acc.vc_buffer_peak_bytes, 4 * 256);
  rig_free(r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout),
      cmocka_unit_test(test_fifo_against_reference),
      cmocka_unit_test(test_worst_case_fits),
      cmocka_unit_test(test_hot_chunks_reused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
