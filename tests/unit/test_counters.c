/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of declared counters (src/stats/counters.c): the merge rules,
 * packing by rule in declaration order, and a two-"rank" merge of per-node
 * arrays that must equal the counts of one process holding every node. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "stats/counters.h"

static void test_combine_rules(void **state)
{
  (void)state;
  uint64_t acc[4] = {1, 7, 0, UINT64_MAX - 1};
  const uint64_t in[4] = {2, 3, 0, 1};
  fcsim_counters_combine(FCSIM_MERGE_SUM, acc, in, 4);
  assert_int_equal(acc[0], 3);
  assert_int_equal(acc[1], 10);
  assert_int_equal(acc[2], 0);
  assert_true(acc[3] == UINT64_MAX);
  uint64_t m[3] = {5, 2, 9};
  const uint64_t b[3] = {4, 8, 9};
  fcsim_counters_combine(FCSIM_MERGE_MAX, m, b, 3);
  assert_int_equal(m[0], 5);
  assert_int_equal(m[1], 8);
  assert_int_equal(m[2], 9);
  assert_string_equal(fcsim_merge_name(FCSIM_MERGE_SUM), "sum");
  assert_string_equal(fcsim_merge_name(FCSIM_MERGE_MAX), "max");
}

/* Pack keeps declaration order within a rule, skips the other rule's
 * arrays, widens 32-bit elements; unpack writes back (32 bits truncated). */
static void test_pack_unpack(void **state)
{
  (void)state;
  uint32_t a[3] = {1, 2, 3};
  uint64_t b[2] = {10, 20};
  uint32_t c[2] = {100, 200};
  struct fcsim_counter d[3] = {fcsim_counter_u32("a", FCSIM_MERGE_SUM, a, 3),
                               fcsim_counter_u64("b", FCSIM_MERGE_MAX, b, 2),
                               fcsim_counter_u32("c", FCSIM_MERGE_SUM, c, 2)};
  assert_int_equal(fcsim_counters_count(d, 3, FCSIM_MERGE_SUM), 5);
  assert_int_equal(fcsim_counters_count(d, 3, FCSIM_MERGE_MAX), 2);
  uint64_t s[5], m[2];
  fcsim_counters_pack(d, 3, FCSIM_MERGE_SUM, s);
  fcsim_counters_pack(d, 3, FCSIM_MERGE_MAX, m);
  const uint64_t want_s[5] = {1, 2, 3, 100, 200}, want_m[2] = {10, 20};
  assert_memory_equal(s, want_s, sizeof s);
  assert_memory_equal(m, want_m, sizeof m);
  const uint64_t back_s[5] = {5, 6, 7, 8, ((uint64_t)1 << 32) + 9}, back_m[2] = {30, 40};
  fcsim_counters_unpack(d, 3, FCSIM_MERGE_SUM, back_s);
  fcsim_counters_unpack(d, 3, FCSIM_MERGE_MAX, back_m);
  assert_int_equal(a[0], 5);
  assert_int_equal(a[2], 7);
  assert_int_equal(c[0], 8);
  assert_int_equal(c[1], 9); /* low 32 bits, as a 32-bit counter would wrap */
  assert_true(b[0] == 30 && b[1] == 40);
}

#define NODES 6

/* What a model keeps: per-node drop counts (sum) and largest occupancy
 * (max), written only at the node's own elements. */
struct fake_model {
  uint64_t drops[NODES];
  uint32_t most[NODES];
};

static int declare(struct fake_model *f, struct fcsim_counter *out)
{
  out[0] = fcsim_counter_u64("drops", FCSIM_MERGE_SUM, f->drops, NODES);
  out[1] = fcsim_counter_u32("most", FCSIM_MERGE_MAX, f->most, NODES);
  return 2;
}

/* Node v's events: drops 3v + 1, occupancy 10 + v (v odd) or 0. */
static void run_nodes(struct fake_model *f, int first, int last)
{
  for (int v = first; v < last; v++) {
    f->drops[v] += 3u * (unsigned)v + 1;
    f->most[v] = v % 2 ? 10u + (unsigned)v : 0;
  }
}

/* Rank 0 steps nodes [0, 2), rank 1 nodes [2, 6): packing both, combining
 * by rule and unpacking into each rank gives the one-process arrays. */
static void test_two_ranks_equal_one(void **state)
{
  (void)state;
  struct fake_model one, r0, r1;
  memset(&one, 0, sizeof one), memset(&r0, 0, sizeof r0), memset(&r1, 0, sizeof r1);
  run_nodes(&one, 0, NODES);
  run_nodes(&r0, 0, 2);
  run_nodes(&r1, 2, NODES);
  assert_memory_not_equal(&r0, &one, sizeof one);
  struct fcsim_counter c0[FCSIM_MAX_COUNTERS], c1[FCSIM_MAX_COUNTERS];
  int n0 = declare(&r0, c0), n1 = declare(&r1, c1);
  for (int rule = 0; rule < FCSIM_MERGE_RULES; rule++) {
    size_t n = fcsim_counters_count(c0, n0, (enum fcsim_merge)rule);
    assert_int_equal(n, NODES);
    uint64_t b0[NODES], b1[NODES];
    fcsim_counters_pack(c0, n0, (enum fcsim_merge)rule, b0);
    fcsim_counters_pack(c1, n1, (enum fcsim_merge)rule, b1);
    fcsim_counters_combine((enum fcsim_merge)rule, b0, b1, n); /* the allreduce */
    fcsim_counters_unpack(c0, n0, (enum fcsim_merge)rule, b0);
    fcsim_counters_unpack(c1, n1, (enum fcsim_merge)rule, b0);
  }
  assert_memory_equal(&r0, &one, sizeof one);
  assert_memory_equal(&r1, &one, sizeof one);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_combine_rules),
      cmocka_unit_test(test_pack_unpack),
      cmocka_unit_test(test_two_ranks_equal_one),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
