/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the BookSim2-compatible traffic patterns (issue 10):
 * booksim-tornado, booksim-transpose, neighbor and uniform-self, and
 * fcsim's bitcomp where BookSim2 defines its own.
 *
 * The tables below are BookSim2's own mappings: they were printed by a small
 * program that called BookSim2's TrafficPattern classes (traffic.cpp of
 * booksim2 commit 28f43299: TornadoTrafficPattern, NeighborTrafficPattern,
 * TransposeTrafficPattern, BitCompTrafficPattern with xr = 1) for every
 * source node of the k-ary n-cube, in node order. BookSim numbers nodes as
 * fcsim does (x + k y + k^2 z); its patterns act on node numbers, so a torus
 * and a mesh of the same size map alike. BookSim2 refuses transpose on 8x8x8
 * (512 nodes: not an even power of two) and the bit patterns on 5x5 and
 * 3x3x3; fcsim's booksim-transpose refuses the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "core/rng.h"
#include "topo/topo.h"
#include "traffic/traffic.h"
#include "test_support.h"

static const int16_t bs_tornado_4_3[64] = {
    21, 22, 23, 20, 25, 26, 27, 24, 29, 30, 31, 28, 17, 18, 19, 16, 37, 38, 39, 36, 41, 42,
    43, 40, 45, 46, 47, 44, 33, 34, 35, 32, 53, 54, 55, 52, 57, 58, 59, 56, 61, 62, 63, 60,
    49, 50, 51, 48, 5,  6,  7,  4,  9,  10, 11, 8,  13, 14, 15, 12, 1,  2,  3,  0,
};
static const int16_t bs_neighbor_4_3[64] = {
    21, 22, 23, 20, 25, 26, 27, 24, 29, 30, 31, 28, 17, 18, 19, 16, 37, 38, 39, 36, 41, 42,
    43, 40, 45, 46, 47, 44, 33, 34, 35, 32, 53, 54, 55, 52, 57, 58, 59, 56, 61, 62, 63, 60,
    49, 50, 51, 48, 5,  6,  7,  4,  9,  10, 11, 8,  13, 14, 15, 12, 1,  2,  3,  0,
};
static const int16_t bs_transpose_4_3[64] = {
    0,  8,  16, 24, 32, 40, 48, 56, 1,  9,  17, 25, 33, 41, 49, 57, 2,  10, 18, 26, 34, 42,
    50, 58, 3,  11, 19, 27, 35, 43, 51, 59, 4,  12, 20, 28, 36, 44, 52, 60, 5,  13, 21, 29,
    37, 45, 53, 61, 6,  14, 22, 30, 38, 46, 54, 62, 7,  15, 23, 31, 39, 47, 55, 63,
};
static const int16_t bs_bitcomp_4_3[64] = {
    63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42,
    41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20,
    19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,  0,
};
static const int16_t bs_tornado_8_2[64] = {
    27, 28, 29, 30, 31, 24, 25, 26, 35, 36, 37, 38, 39, 32, 33, 34, 43, 44, 45, 46, 47, 40,
    41, 42, 51, 52, 53, 54, 55, 48, 49, 50, 59, 60, 61, 62, 63, 56, 57, 58, 3,  4,  5,  6,
    7,  0,  1,  2,  11, 12, 13, 14, 15, 8,  9,  10, 19, 20, 21, 22, 23, 16, 17, 18,
};
static const int16_t bs_neighbor_8_2[64] = {
    9,  10, 11, 12, 13, 14, 15, 8,  17, 18, 19, 20, 21, 22, 23, 16, 25, 26, 27, 28, 29, 30,
    31, 24, 33, 34, 35, 36, 37, 38, 39, 32, 41, 42, 43, 44, 45, 46, 47, 40, 49, 50, 51, 52,
    53, 54, 55, 48, 57, 58, 59, 60, 61, 62, 63, 56, 1,  2,  3,  4,  5,  6,  7,  0,
};
static const int16_t bs_transpose_8_2[64] = {
    0,  8,  16, 24, 32, 40, 48, 56, 1,  9,  17, 25, 33, 41, 49, 57, 2,  10, 18, 26, 34, 42,
    50, 58, 3,  11, 19, 27, 35, 43, 51, 59, 4,  12, 20, 28, 36, 44, 52, 60, 5,  13, 21, 29,
    37, 45, 53, 61, 6,  14, 22, 30, 38, 46, 54, 62, 7,  15, 23, 31, 39, 47, 55, 63,
};
static const int16_t bs_bitcomp_8_2[64] = {
    63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42,
    41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20,
    19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,  0,
};
static const int16_t bs_tornado_5_2[25] = {
    12, 13, 14, 10, 11, 17, 18, 19, 15, 16, 22, 23, 24, 20, 21, 2, 3, 4, 0, 1, 7, 8, 9, 5, 6,
};
static const int16_t bs_neighbor_5_2[25] = {
    6, 7, 8, 9, 5, 11, 12, 13, 14, 10, 16, 17, 18, 19, 15, 21, 22, 23, 24, 20, 1, 2, 3, 4, 0,
};
static const int16_t bs_tornado_3_3[27] = {
    13, 14, 12, 16, 17, 15, 10, 11, 9, 22, 23, 21, 25, 26, 24, 19, 20, 18, 4, 5, 3, 7, 8, 6, 1, 2, 0,
};
static const int16_t bs_neighbor_3_3[27] = {
    13, 14, 12, 16, 17, 15, 10, 11, 9, 22, 23, 21, 25, 26, 24, 19, 20, 18, 4, 5, 3, 7, 8, 6, 1, 2, 0,
};
/* tornado on 8x8x8: FNV-1a-64 of the 512 destinations in node order = 1078910722089602947ULL; nodes 0..15: 219, 220,
 * 221, 222, 223, 216, 217, 218, 227, 228, 229, 230, 231, 224, 225, 226 */
/* neighbor on 8x8x8: FNV-1a-64 of the 512 destinations in node order = 10678601613778045827ULL; nodes 0..15: 73, 74,
 * 75, 76, 77, 78, 79, 72, 81, 82, 83, 84, 85, 86, 87, 80 */
/* bitcomp on 8x8x8: FNV-1a-64 of the 512 destinations in node order = 17459783640945138051ULL; nodes 0..15: 511, 510,
 * 509, 508, 507, 506, 505, 504, 503, 502, 501, 500, 499, 498, 497, 496 */

/* Checks that `pattern` maps every node of the network exactly as `table`
 * (BookSim2's) does, on a torus and on a mesh of the same dims. */
static void expect_map(const char *pattern, int ndims, const int *dims, const int16_t *table)
{
  for (int kind = 0; kind < 2; kind++) {
    struct fcsim_params p;
    struct fcsim_topo t;
    struct fcsim_traffic tr;
    struct fcsim_rng rng;
    ts_params_init(&p, kind ? FCSIM_TOPO_MESH : FCSIM_TOPO_TORUS, ndims, dims);
    snprintf(p.pattern, sizeof p.pattern, "%s", pattern);
    fcsim_rng_init(&rng, 1, 0, FCSIM_RNG_DEST);
    assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
    assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
    for (int64_t n = 0; n < t.nodes; n++) {
      int64_t d = tr.ops->dest(&tr, n, 0, &rng);
      if (d != table[n])
        fail_msg("%s on %lld nodes (%s): node %lld -> %lld, BookSim2 says %d", pattern, (long long)t.nodes,
                 kind ? "mesh" : "torus", (long long)n, (long long)d, table[n]);
    }
    fcsim_traffic_destroy(&tr);
    fcsim_topo_destroy(&t);
  }
}

/* FNV-1a over the destinations as integers, h = (h ^ dest) * 1099511628211,
 * as the BookSim2 tables of 8x8x8 were summarised. */
static uint64_t map_hash(const char *pattern, int ndims, const int *dims, int64_t *self_count)
{
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_traffic tr;
  struct fcsim_rng rng;
  ts_params_init(&p, FCSIM_TOPO_TORUS, ndims, dims);
  snprintf(p.pattern, sizeof p.pattern, "%s", pattern);
  fcsim_rng_init(&rng, 1, 0, FCSIM_RNG_DEST);
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
  uint64_t h = 1469598103934665603ULL;
  *self_count = 0;
  for (int64_t n = 0; n < t.nodes; n++) {
    int64_t d = tr.ops->dest(&tr, n, 0, &rng);
    *self_count += d == n;
    h = (h ^ (uint64_t)d) * 1099511628211ULL;
  }
  fcsim_traffic_destroy(&tr);
  fcsim_topo_destroy(&t);
  return h;
}

static void test_booksim_4x4x4(void **state)
{
  const int dims[] = {4, 4, 4};
  expect_map("booksim-tornado", 3, dims, bs_tornado_4_3); /* k = 4: +1 in every coordinate */
  expect_map("neighbor", 3, dims, bs_neighbor_4_3);
  expect_map("booksim-transpose", 3, dims, bs_transpose_4_3);
  expect_map("bitcomp", 3, dims, bs_bitcomp_4_3); /* fcsim's bitcomp is BookSim2's here */
}

static void test_booksim_8x8(void **state)
{
  const int dims[] = {8, 8};
  expect_map("booksim-tornado", 2, dims, bs_tornado_8_2); /* k = 8: +3 */
  expect_map("neighbor", 2, dims, bs_neighbor_8_2);
  expect_map("booksim-transpose", 2, dims, bs_transpose_8_2); /* (x,y) -> (y,x) */
  expect_map("bitcomp", 2, dims, bs_bitcomp_8_2);
}

static void test_booksim_odd_sizes(void **state)
{
  expect_map("booksim-tornado", 2, (const int[]){5, 5}, bs_tornado_5_2); /* k = 5: +2 */
  expect_map("neighbor", 2, (const int[]){5, 5}, bs_neighbor_5_2);
  expect_map("booksim-tornado", 3, (const int[]){3, 3, 3}, bs_tornado_3_3); /* k = 3: +1 */
  expect_map("neighbor", 3, (const int[]){3, 3, 3}, bs_neighbor_3_3);
}

static void test_booksim_8x8x8(void **state)
{
  const int dims[] = {8, 8, 8};
  int64_t self;
  /* BookSim2's hashes and first rows, quoted from its tables above */
  assert_true(map_hash("booksim-tornado", 3, dims, &self) == 1078910722089602947ULL);
  assert_int_equal(self, 0);
  assert_true(map_hash("neighbor", 3, dims, &self) == 10678601613778045827ULL);
  assert_int_equal(self, 0);
  assert_true(map_hash("bitcomp", 3, dims, &self) == 17459783640945138051ULL);
  static const int16_t tornado_head[16] = {219, 220, 221, 222, 223, 216, 217, 218,
                                           227, 228, 229, 230, 231, 224, 225, 226};
  static const int16_t neighbor_head[16] = {73, 74, 75, 76, 77, 78, 79, 72, 81, 82, 83, 84, 85, 86, 87, 80};
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_traffic tr;
  ts_params_init(&p, FCSIM_TOPO_TORUS, 3, dims);
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  for (int which = 0; which < 2; which++) {
    snprintf(p.pattern, sizeof p.pattern, "%s", which ? "neighbor" : "booksim-tornado");
    assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
    for (int n = 0; n < 16; n++)
      assert_int_equal(tr.ops->dest(&tr, n, 0, NULL), which ? neighbor_head[n] : tornado_head[n]);
    fcsim_traffic_destroy(&tr);
  }
  /* 512 nodes is an odd power of two: BookSim2 and fcsim refuse transpose */
  snprintf(p.pattern, sizeof p.pattern, "booksim-transpose");
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "even power of two"));
  fcsim_traffic_destroy(&tr);
  fcsim_topo_destroy(&t);
}

/* Nodes a pattern maps to themselves: BookSim2's transpose has 8 on 64 nodes
 * (the diagonal), sent as 0-hop packets; seed patterns exclude theirs. */
static void test_self_policy(void **state)
{
  int64_t self;
  map_hash("booksim-transpose", 2, (const int[]){8, 8}, &self);
  assert_int_equal(self, 8);
  map_hash("booksim-transpose", 3, (const int[]){4, 4, 4}, &self);
  assert_int_equal(self, 8);
  const char *sends[] = {"uniform-self", "booksim-tornado", "booksim-transpose", "neighbor"};
  for (size_t i = 0; i < 4; i++)
    assert_int_equal(fcsim_traffic_pattern_find(sends[i])->self, FCSIM_SELF_SEND);
  const char *excludes[] = {"uniform", "transpose", "tornado", "bitcomp", "nn", "randperm"};
  for (size_t i = 0; i < 6; i++)
    assert_int_equal(fcsim_traffic_pattern_find(excludes[i])->self, FCSIM_SELF_EXCLUDE);
}

/* uniform-self draws every node, the source included, with probability 1/N. */
static void test_uniform_self(void **state)
{
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_traffic tr;
  struct fcsim_rng rng;
  ts_params_init(&p, FCSIM_TOPO_TORUS, 2, (const int[]){8, 8});
  snprintf(p.pattern, sizeof p.pattern, "uniform-self");
  fcsim_rng_init(&rng, 5, 3, FCSIM_RNG_DEST);
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
  int hits[64] = {0};
  const int draws = 64000;
  for (int i = 0; i < draws; i++) {
    int64_t d = tr.ops->dest(&tr, 3, (uint64_t)i, &rng);
    assert_true(d >= 0 && d < 64);
    hits[d]++;
  }
  for (int n = 0; n < 64; n++) /* expected 1000 each; 5 sigma is about 156 */
    if (hits[n] < 840 || hits[n] > 1160)
      fail_msg("uniform-self: node %d drawn %d times of %d", n, hits[n], draws);
  fcsim_traffic_destroy(&tr);
  fcsim_topo_destroy(&t);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_booksim_4x4x4),     cmocka_unit_test(test_booksim_8x8),
      cmocka_unit_test(test_booksim_odd_sizes), cmocka_unit_test(test_booksim_8x8x8),
      cmocka_unit_test(test_self_policy),       cmocka_unit_test(test_uniform_self),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
