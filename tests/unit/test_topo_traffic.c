/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of topologies (neighbours, distances, diameter, bisection),
 * traffic patterns and the random streams. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "core/rng.h"
#include "stats/stats.h"
#include "topo/topo.h"
#include "traffic/traffic.h"
#include "test_support.h"

static void params_for(struct fcsim_params *p, enum fcsim_topology_kind kind, int ndims, const int *dims)
{
  ts_params_init(p, kind, ndims, dims);
  p->seed = 7;
  ((struct fcsim_hotspot_params *)fcsim_params_block_mut(p, &fcsim_hotspot_block))->fraction = 0.25;
}

static void test_torus_geometry(void **state)
{
  struct fcsim_params p;
  struct fcsim_topo t;
  params_for(&p, FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4});
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  assert_int_equal(t.nodes, 64);
  assert_int_equal(fcsim_topo_channels(&t), 64 * 6);
  assert_int_equal(fcsim_topo_diameter(&t), 6);
  assert_int_equal(fcsim_topo_bisection_links(&t), 32);
  /* node 3 = (3,0,0): x+ wraps to (0,0,0) across the dateline */
  assert_int_equal(t.neighbor[3 * 6 + 0], 0);
  assert_true(fcsim_topo_crosses_dateline(&t, 3, 0));
  assert_false(fcsim_topo_crosses_dateline(&t, 2, 0));
  assert_true(fcsim_topo_crosses_dateline(&t, 0, 1));
  assert_int_equal(fcsim_topo_distance(&t, 0, 63), 3);
  assert_int_equal(fcsim_topo_offset(&t, 0, 0, 2), 2); /* tie goes plus */
  assert_int_equal(fcsim_topo_offset(&t, 0, 0, 3), -1);
  /* every link's reverse exists: neighbour of my neighbour back is me */
  for (int64_t n = 0; n < t.nodes; n++)
    for (int port = 0; port < 6; port++)
      assert_int_equal(t.neighbor[t.neighbor[n * 6 + port] * 6 + (port ^ 1)], n);
  fcsim_topo_destroy(&t);

  params_for(&p, FCSIM_TOPO_TORUS, 3, (const int[]){8, 8, 8});
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  assert_int_equal(fcsim_topo_diameter(&t), 12);
  assert_int_equal(fcsim_topo_bisection_links(&t), 128);
  fcsim_topo_destroy(&t);

  params_for(&p, FCSIM_TOPO_TORUS, 4, (const int[]){2, 3, 4, 5});
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  assert_int_equal(t.nodes, 120);
  assert_int_equal(fcsim_topo_diameter(&t), 1 + 1 + 2 + 2);
  assert_int_equal(fcsim_topo_bisection_links(&t), 2 * 120 / 4);
  fcsim_topo_destroy(&t);
}

static void test_mesh_geometry(void **state)
{
  struct fcsim_params p;
  struct fcsim_topo t;
  params_for(&p, FCSIM_TOPO_MESH, 2, (const int[]){4, 3});
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  assert_int_equal(fcsim_topo_channels(&t), 2 * (3 * 3 + 4 * 2));
  assert_int_equal(fcsim_topo_diameter(&t), 3 + 2);
  assert_int_equal(t.neighbor[0 * 4 + 1], -1); /* x- at the edge */
  assert_false(fcsim_topo_crosses_dateline(&t, 3, 0));
  assert_int_equal(fcsim_topo_distance(&t, 0, 11), 5);
  fcsim_topo_destroy(&t);
}

static int64_t dest_of(struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  return tr->ops->dest(tr, src, seq, rng);
}

static void test_patterns(void **state)
{
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_traffic tr;
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, 1, 0, FCSIM_RNG_DEST);
  params_for(&p, FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4});
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  /* node id = x + 4y + 16z */
  const struct {
    const char *name;
    int64_t src, dest;
  } fixed[] = {
      {"bitcomp", 0, 63},
      {"bitcomp", 1 + 4 * 2, 2 + 4 * 1 + 16 * 3},
      {"transpose", 1 + 4 * 2 + 16 * 3, 3 + 4 * 1 + 16 * 2},
      {"tornado", 0, 1},
      {"tornado", 3 + 4, 0 + 4},
      {"bitrot", 1, 32},
      {"bitrot", 6, 3},
  };
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
    snprintf(p.pattern, sizeof p.pattern, "%s", fixed[i].name);
    assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
    int64_t d = dest_of(&tr, fixed[i].src, 0, &rng);
    if (d != fixed[i].dest)
      fail_msg("%s(%lld) = %lld, expected %lld", fixed[i].name, (long long)fixed[i].src, (long long)d,
               (long long)fixed[i].dest);
    fcsim_traffic_destroy(&tr);
  }
  /* random patterns stay within their neighbourhoods and never pick self */
  const char *const local[] = {"nn", "3h-nn", "cube-nn", "uniform"};
  const int max_dist[] = {1, 3, 3, 6}, min_dist[] = {1, 3, 1, 1};
  for (size_t i = 0; i < 4; i++) {
    snprintf(p.pattern, sizeof p.pattern, "%s", local[i]);
    assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
    int seen[64] = {0};
    for (int k = 0; k < 4000; k++) {
      int64_t d = dest_of(&tr, 21, (uint64_t)k, &rng);
      int h = fcsim_topo_distance(&t, 21, d);
      assert_true(h >= min_dist[i] && h <= max_dist[i]);
      seen[d]++;
    }
    int distinct = 0;
    for (int n = 0; n < 64; n++)
      distinct += seen[n] > 0;
    const int expected[] = {6, 8, 26, 63};
    assert_int_equal(distinct, expected[i]);
    fcsim_traffic_destroy(&tr);
  }
  /* all-to-all visits every other node once per round */
  snprintf(p.pattern, sizeof p.pattern, "all-to-all");
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
  int seen[64] = {0};
  for (int k = 0; k < 63; k++)
    seen[dest_of(&tr, 5, (uint64_t)k, &rng)]++;
  for (int n = 0; n < 64; n++)
    assert_int_equal(seen[n], n == 5 ? 0 : 1);
  fcsim_traffic_destroy(&tr);
  /* random permutation: a permutation without fixed points */
  snprintf(p.pattern, sizeof p.pattern, "randperm");
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
  memset(seen, 0, sizeof seen);
  for (int n = 0; n < 64; n++) {
    int64_t d = dest_of(&tr, n, 0, &rng);
    assert_int_not_equal(d, n);
    seen[d]++;
  }
  for (int n = 0; n < 64; n++)
    assert_int_equal(seen[n], 1);
  fcsim_traffic_destroy(&tr);
  /* hotspot: about hotspot_fraction of packets go to node 0 */
  snprintf(p.pattern, sizeof p.pattern, "hotspot");
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), 0);
  int hot = 0;
  for (int k = 0; k < 20000; k++)
    hot += dest_of(&tr, 9, (uint64_t)k, &rng) == 0;
  double frac = hot / 20000.0;
  assert_true(frac > 0.25 && frac < 0.28); /* 0.25 + 0.75/63 */
  fcsim_traffic_destroy(&tr);
  fcsim_topo_destroy(&t);

  /* patterns refuse networks they are not defined on */
  params_for(&p, FCSIM_TOPO_TORUS, 3, (const int[]){2, 4, 8});
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  snprintf(p.pattern, sizeof p.pattern, "transpose");
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), FCSIM_ECOMBINATION);
  fcsim_traffic_destroy(&tr);
  fcsim_topo_destroy(&t);
  params_for(&p, FCSIM_TOPO_TORUS, 2, (const int[]){3, 3});
  assert_int_equal(fcsim_topo_init(&t, &p, NULL), 0);
  snprintf(p.pattern, sizeof p.pattern, "bitrot");
  assert_int_equal(fcsim_traffic_init(&tr, &t, &p, NULL), FCSIM_ECOMBINATION);
  fcsim_traffic_destroy(&tr);
  fcsim_topo_destroy(&t);
}

static void test_rng_streams(void **state)
{
  struct fcsim_rng a, b, c;
  fcsim_rng_init(&a, 42, 7, FCSIM_RNG_DEST);
  fcsim_rng_init(&b, 42, 7, FCSIM_RNG_DEST);
  fcsim_rng_init(&c, 42, 8, FCSIM_RNG_DEST);
  int same_c = 0;
  for (int i = 0; i < 1000; i++) {
    uint64_t x = fcsim_rng_next(&a);
    assert_true(x == fcsim_rng_next(&b));
    same_c += x == fcsim_rng_next(&c);
  }
  assert_int_equal(same_c, 0);
  /* geometric gaps have mean 1/lambda */
  struct fcsim_rng g;
  fcsim_rng_init(&g, 3, 1, FCSIM_RNG_ARRIVAL);
  double sum = 0;
  for (int i = 0; i < 200000; i++)
    sum += (double)fcsim_traffic_gap(0.05, &g);
  assert_true(fabs(sum / 200000 - 20.0) < 0.3);
  double bsum = 0;
  for (int i = 0; i < 100000; i++)
    bsum += fcsim_traffic_burst(2.3, &g);
  assert_true(fabs(bsum / 100000 - 2.3) < 0.01);
}

static void test_histogram(void **state)
{
  static uint64_t hist[FCSIM_HIST_BUCKETS];
  for (uint64_t v = 0; v < 2048; v++)
    assert_int_equal(fcsim_hist_value(fcsim_hist_bucket(v)), v);
  for (uint64_t v = 2048; v < 10000000; v = v * 3 / 2 + 7) {
    uint64_t lo = fcsim_hist_value(fcsim_hist_bucket(v));
    assert_true(lo <= v && (double)(v - lo) / (double)v < 1.0 / 64 + 1e-9);
  }
  memset(hist, 0, sizeof hist);
  for (uint64_t v = 1; v <= 1000; v++)
    hist[fcsim_hist_bucket(v)]++;
  assert_int_equal(fcsim_hist_quantile(hist, 1000, 0.5), 500);
  assert_int_equal(fcsim_hist_quantile(hist, 1000, 0.99), 990);
  assert_int_equal(fcsim_hist_quantile(hist, 1000, 0.999), 999);
  assert_int_equal(fcsim_hist_quantile(hist, 1000, 1.0), 1000);
  struct fcsim_stats_acc a, b;
  fcsim_stats_acc_init(&a);
  fcsim_stats_acc_init(&b);
  fcsim_stats_record_packet(&a, 10, 2);
  fcsim_stats_record_packet(&b, 30, 4);
  fcsim_stats_acc_merge(&a, &b);
  assert_int_equal(a.measured_delivered, 2);
  assert_int_equal(a.lat_sum, 40);
  assert_int_equal(a.lat_max, 30);
  assert_int_equal(a.hops_sum, 6);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_torus_geometry), cmocka_unit_test(test_mesh_geometry), cmocka_unit_test(test_patterns),
      cmocka_unit_test(test_rng_streams),    cmocka_unit_test(test_histogram),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
