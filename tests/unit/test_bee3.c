/* SPDX-License-Identifier: BSD-3-Clause */
/* The BEE3 topology of seed 003 (src/topo/bee3.c, bee3_table.c,
 * src/routing/bee3.c): for every layout at 8, 16 and 32 FPGAs the network is
 * connected, every FPGA has exactly the serial channels docs/BEE3.md gives
 * it and every pair of enclosures the channels between them, the seed's protocol routes every pair over a path of the
 * lowest zero-load latency (One-x8: the serial hops its protocol prescribes), and the channel-dependency checker
 * accepts the routes; Table I's diameters; the Aurora payload rates (x8 = 8 x x1); refusals. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>
#include <stdlib.h>
#include <unistd.h>

#include "routing/routing.h"
#include "test_support.h"
#include "topo/bee3.h"
#include "topo/topo.h"

static const char *const layouts[] = {"one-x8", "two-x4", "four-x2", "eight-x1", "10gbe"};

static void bee3_params(struct fcsim_params *p, const char *layout, int enclosures)
{
  int one = 1;
  ts_params_init(p, FCSIM_TOPO_BEE3, 1, &one);
  struct fcsim_bee3_topo_params *bp = fcsim_params_block_mut(p, &fcsim_bee3_topo_block);
  snprintf(bp->layout, sizeof bp->layout, "%s", layout);
  bp->enclosures = enclosures;
  p->clock_hz = 1e9;
  p->flit_bits = 64;
  p->packet_flits = 1;
  snprintf(p->routing, sizeof p->routing, "bee3");
}

/* Connected serial channels the documented wiring gives FPGA L of an
 * enclosure, E enclosures: logical channel k of an owner (0..7) is the spare
 * when k = 0, else it leads to a peer enclosure whatever E; One-x8: at
 * E = 8 every letter has its channel (B..D in the group, A across), at
 * E = 2 or 4 A's is the spare. */
static int expected_channels(int layout, int E, int L)
{
  int n = 0;
  switch (layout) {
  case FCSIM_BEE3_ONE_X8: return E == 8 || L > 0;
  case FCSIM_BEE3_TWO_X4:
    for (int c = 0; c < 2; c++)
      n += 2 * L + c >= 1;
    return n;
  case FCSIM_BEE3_FOUR_X2:
    for (int c = 0; c < 4; c++)
      n += 4 * (L % 2) + c >= 1;
    return n;
  case FCSIM_BEE3_EIGHT_X1: return 7;
  default: return 1;
  }
}

/* Serial channels between enclosures e and t (one direction), E enclosures:
 * at E = 8 one per pair (One-x8: one per pair in a group, four between the
 * groups), at E = 4 two or three, at E = 2 all seven used channels of an
 * enclosure (of a pool for Four-x2, of each FPGA for Eight-x1). */
static int channels_between(const struct fcsim_bee3 *b, int e, int t)
{
  int n = 0;
  for (int L = 0; L < 4; L++)
    for (int q = FCSIM_BEE3_ONBOARD; q < b->radix[4 * e + L]; q++)
      n += b->port[4 * e + L][q].peer >= 0 && b->port[4 * e + L][q].peer / 4 == t;
  return n;
}

/* The lowest zero-load head latency from FPGA s to FPGA d over any path of
 * the graph, counted as Table I counts (Dijkstra over node delays). */
static double min_latency_ns(const struct fcsim_bee3 *b, int s, int d)
{
  double dist[FCSIM_BEE3_MAX_NODES];
  int done[FCSIM_BEE3_MAX_NODES] = {0};
  for (int n = 0; n < b->nodes; n++)
    dist[n] = 1e18;
  dist[s] = 0;
  for (;;) {
    int u = -1;
    for (int n = 0; n < b->nodes; n++)
      if (!done[n] && (u < 0 || dist[n] < dist[u]))
        u = n;
    if (u < 0 || u == d || dist[u] >= 1e18)
      break;
    done[u] = 1;
    for (int q = 0; q < b->radix[u]; q++) {
      const struct fcsim_bee3_port *bp = &b->port[u][q];
      if (bp->peer < 0)
        continue;
      double c = fcsim_bee3_is_fpga(b, u) ? FCSIM_BEE3_XBAR_NS : 0;
      if (bp->cls == FCSIM_BEE3_ETH)
        c += fcsim_bee3_is_fpga(b, u) ? FCSIM_BEE3_ETH_MIN_NS : 0;
      else
        c += fcsim_bee3_link_ns(b, u, q) + (bp->cls == FCSIM_BEE3_AURORA && b->mgt ? 88 : 0);
      if (dist[u] + c < dist[bp->peer])
        dist[bp->peer] = dist[u] + c;
    }
  }
  return dist[d] + FCSIM_BEE3_XBAR_NS;
}

static void check_layout(int li, int E)
{
  struct fcsim_params p;
  struct fcsim_error err = {0};
  struct fcsim_topo t;
  struct fcsim_bee3 b;
  bee3_params(&p, layouts[li], E);
  assert_int_equal(fcsim_bee3_describe(&p, &b, &err), 0);
  assert_int_equal(fcsim_topo_init(&t, &p, &err), 0);
  assert_int_equal(t.graph.nodes, b.nodes);
  for (int n = 0; n < b.fpgas; n++) {
    int serial = 0, onboard = 0, lanes = 0;
    for (int q = 0; q < b.radix[n]; q++) {
      const struct fcsim_bee3_port *bp = &b.port[n][q];
      /* the graph is the description */
      assert_int_equal(fcsim_graph_out(&t.graph, n, q)->dst, bp->peer);
      if (bp->peer < 0)
        continue;
      assert_int_equal(b.port[bp->peer][bp->peer_port].peer, n); /* links are two-way */
      if (bp->cls == FCSIM_BEE3_RING || bp->cls == FCSIM_BEE3_CROSS) {
        onboard++;
        assert_int_equal(bp->peer / 4, n / 4);
      } else {
        serial++;
        lanes += bp->lanes;
        if (bp->cls == FCSIM_BEE3_AURORA)
          assert_int_not_equal(bp->peer / 4, n / 4);
      }
    }
    assert_int_equal(onboard, 6); /* three links, two classes each */
    if (serial != expected_channels(li, E, n % 4))
      fail_msg("%s E=%d FPGA %d: %d serial channels, expected %d", layouts[li], E, n, serial,
               expected_channels(li, E, n % 4));
    assert_true(lanes <= 8); /* eight MGTs per FPGA */
  }
  /* channels between two enclosures, per owning unit (BEE3, pool, FPGA) */
  static const int units[] = {1, 1, 2, 4, 0};
  for (int e = 0; li != FCSIM_BEE3_10GBE && e < E; e++)
    for (int tt = 0; tt < E; tt++) {
      int d = e ^ tt, want = 0;
      if (li == FCSIM_BEE3_ONE_X8 && E == 8)
        want = d == 0 ? 0 : (e / 4 == tt / 4 || e % 4 == tt % 4) ? 1 : 0;
      else if (d > 0)
        want = units[li] * (E == 8 ? 1 : E == 4 ? (d == 1 ? 3 : 2) : 7);
      if (li == FCSIM_BEE3_ONE_X8 && E < 8 && d > 0)
        want = E == 4 ? 1 : 3; /* B, C, D round the peers */
      if (channels_between(&b, e, tt) != want)
        fail_msg("%s E=%d: %d channels from enclosure %d to %d, expected %d", layouts[li], E,
                 channels_between(&b, e, tt), e, tt, want);
    }
  /* connected, minimal (the fastest path of the graph) and the breakdown's counts */
  for (int s = 0; s < b.fpgas; s++)
    for (int d = 0; d < b.fpgas; d++) {
      if (s == d)
        continue;
      struct fcsim_bee3_breakdown bd;
      assert_int_equal(fcsim_bee3_path(&b, s, d, 64, &bd), 0);
      int hops = bd.intra + bd.aurora + 2 * bd.eth;
      assert_int_equal(bd.xbar, hops - 2 * bd.eth + bd.eth + 1);
      if (li == FCSIM_BEE3_ONE_X8 && E == 8) {
        /* the seed's One-x8 protocol: across to the other group only by the
         * current BEE3's own cross channel, so not always a shortest path
         * (e0B -> e5A: 5 hops by the protocol, 3 by e1A's cross channel) */
        int cross = s / 16 != d / 16, direct = cross && (s / 4) % 4 == (d / 4) % 4;
        assert_int_equal(bd.aurora, s / 4 == d / 4 ? 0 : cross && !direct ? 2 : 1);
        assert_true(bd.intra <= bd.aurora + 1);
        continue;
      }
      double best = min_latency_ns(&b, s, d);
      if (bd.total_ns != best)
        fail_msg("%s E=%d: %d -> %d takes %.0f ns, the fastest path %.0f ns", layouts[li], E, s, d, bd.total_ns, best);
    }
  /* the deadlock checker accepts the seed's protocol */
  if (fcsim_routing_bee3.setup(&t, &p, &err) || fcsim_routing_bee3.check(&t, &p, &err))
    fail_msg("%s E=%d: %s", layouts[li], E, err.msg);
  fcsim_topo_destroy(&t);
}

static void test_every_layout_and_size(void **state)
{
  (void)state;
  for (int li = 0; li < FCSIM_BEE3_NLAYOUTS; li++)
    for (int E = 2; E <= 8; E *= 2)
      check_layout(li, E);
}

/* network.bee3_small_wiring = direct: the 32-FPGA wiring with the channels to
 * absent enclosures unconnected, so one channel per owning unit (BEE3, pool,
 * FPGA) between two enclosures at E = 2 and 4; the routing covers every pair
 * and passes the deadlock checker; at E = 8 the description is the default's. */
static void test_direct_wiring(void **state)
{
  (void)state;
  static const int units[] = {1, 1, 2, 4};
  for (int li = 0; li < FCSIM_BEE3_10GBE; li++)
    for (int E = 2; E <= 8; E *= 2) {
      struct fcsim_params p;
      struct fcsim_error err = {0};
      struct fcsim_topo t;
      static struct fcsim_bee3 b, spread;
      bee3_params(&p, layouts[li], E);
      assert_int_equal(fcsim_bee3_describe(&p, &spread, &err), 0);
      struct fcsim_bee3_topo_params *bp = fcsim_params_block_mut(&p, &fcsim_bee3_topo_block);
      snprintf(bp->small_wiring, sizeof bp->small_wiring, "direct");
      assert_int_equal(fcsim_bee3_describe(&p, &b, &err), 0);
      if (E == 8) {
        assert_memory_equal(b.port, spread.port, sizeof b.port);
        continue;
      }
      for (int e = 0; e < E; e++)
        for (int tt = 0; tt < E; tt++)
          if (tt != e && channels_between(&b, e, tt) != units[li])
            fail_msg("%s E=%d direct: %d channels from enclosure %d to %d, expected %d", layouts[li], E,
                     channels_between(&b, e, tt), e, tt, units[li]);
      for (int s = 0; s < b.fpgas; s++)
        for (int d = 0; d < b.fpgas; d++) {
          struct fcsim_bee3_breakdown bd;
          if (s != d)
            assert_int_equal(fcsim_bee3_path(&b, s, d, 64, &bd), 0);
        }
      assert_int_equal(fcsim_topo_init(&t, &p, &err), 0);
      if (fcsim_routing_bee3.setup(&t, &p, &err) || fcsim_routing_bee3.check(&t, &p, &err))
        fail_msg("%s E=%d direct: %s", layouts[li], E, err.msg);
      fcsim_topo_destroy(&t);
    }
}

static struct fcsim_bee3_breakdown diameter(const char *layout, int bytes)
{
  struct fcsim_params p;
  struct fcsim_error err = {0};
  struct fcsim_bee3 b;
  struct fcsim_bee3_breakdown bd;
  bee3_params(&p, layout, 8);
  assert_int_equal(fcsim_bee3_describe(&p, &b, &err), 0);
  assert_int_equal(fcsim_bee3_diameter(&b, bytes, &bd), 0);
  return bd;
}

/* Table I of seed 003. Two-x4, Eight-x1: every row equal. One-x8:
 * 1538 ns, the seed 1530 (its 64 ns of intra hops cannot be a worst case:
 * both end hops can be diagonal). 10GbE: 1052-7536 ns; the seed prints
 * 1.56-7.54 us while its own rows sum to 1056-7540 ns (its intra hop is a
 * 24 ns diagonal, fcsim's switch delivers next to the destination, 20 ns). */
static void test_table_1(void **state)
{
  (void)state;
  struct fcsim_bee3_breakdown d = diameter("two-x4", 64);
  assert_int_equal(d.xbar, 4), assert_int_equal(d.mgt, 0), assert_int_equal(d.intra, 2);
  assert_int_equal(d.aurora, 1), assert_int_equal(d.eth, 0);
  assert_true(d.xbar_ns == 256 && d.intra_ns == 48 && d.aurora_ns == 541 && d.total_ns == 845);
  /* Four-x2: the seed's counts; 929 ns (seed 933): the worst pair's two
   * intra hops are a ring and a cross link (44 ns), not two cross links */
  d = diameter("four-x2", 64);
  assert_int_equal(d.xbar, 4), assert_int_equal(d.mgt, 1), assert_int_equal(d.intra, 2), assert_int_equal(d.aurora, 1);
  assert_true(d.mgt_ns == 88 && d.intra_ns == 44 && d.total_ns == 929);
  d = diameter("eight-x1", 64);
  assert_int_equal(d.xbar, 3), assert_int_equal(d.mgt, 1), assert_int_equal(d.intra, 1), assert_int_equal(d.aurora, 1);
  assert_true(d.xbar_ns == 192 && d.mgt_ns == 88 && d.intra_ns == 24 && d.total_ns == 845);
  d = diameter("one-x8", 64);
  assert_int_equal(d.xbar, 6), assert_int_equal(d.intra, 3), assert_int_equal(d.aurora, 2);
  assert_true(d.xbar_ns == 384 && d.aurora_ns == 1082 && d.intra_ns == 72 && d.total_ns == 1538);
  d = diameter("10gbe", 64);
  assert_int_equal(d.xbar, 3), assert_int_equal(d.intra, 1), assert_int_equal(d.eth, 1);
  assert_true(d.eth_ns == 840 && d.intra_ns == 20 && d.total_ns == 1052);
  d = diameter("10gbe", 4096);
  assert_true(d.eth_ns == 7324 && d.total_ns == 7536);
}

/* Aurora: 1.95 Gb/s per lane, 8b/10b: 195 MB/s per lane; x8 = 8 x x1. */
static void test_rates(void **state)
{
  (void)state;
  struct fcsim_params p;
  struct fcsim_error err = {0};
  struct fcsim_bee3 b8, b1;
  bee3_params(&p, "one-x8", 8);
  assert_int_equal(fcsim_bee3_describe(&p, &b8, &err), 0);
  bee3_params(&p, "eight-x1", 8);
  assert_int_equal(fcsim_bee3_describe(&p, &b1, &err), 0);
  double x8 = fcsim_bee3_port_gbps(&b8, 0, FCSIM_BEE3_ONBOARD, 256),
         x1 = fcsim_bee3_port_gbps(&b1, 0, FCSIM_BEE3_ONBOARD + 1, 256);
  assert_true(fabs(x1 - 0.195) < 1e-12 && fabs(x8 - 1.56) < 1e-12 && fabs(x8 / x1 - 8) < 1e-12);
  assert_true(fabs(fcsim_bee3_port_gbps(&b1, 0, 0, 256) - 1.86) < 1e-12);
}

static void test_refusals(void **state)
{
  (void)state;
  struct ts_result r;
  const char *args[] = {"topo", FCSIM_SOURCE_DIR "/examples/bee3/two-x4.ini", "--set", "network.enclosures=3", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "network.enclosures = 3: expected 2, 4 or 8"));
  ts_result_free(&r);
  const char *args2[] = {"run", FCSIM_SOURCE_DIR "/examples/novo-g.ini", "--set", "routing.algorithm=bee3", NULL};
  assert_int_equal(ts_run_cli(&r, args2), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "needs network.topology = bee3"));
  ts_result_free(&r);
}

/* Fig. 7's resources, reported by `fcsim run` as other routers' area and by
 * `fcsim topo` (text and --json), for the layout run. */
static void test_fig7_reported(void **state)
{
  (void)state;
  struct ts_result r;
  const char *run[] = {"run",   FCSIM_SOURCE_DIR "/examples/bee3/eight-x1.ini",
                       "--set", "network.enclosures=2",
                       "--set", "sim.warmup_cycles=100",
                       "--set", "sim.measure_cycles=200",
                       NULL};
  assert_int_equal(ts_run_cli(&r, run), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "fpga_resources"));
  assert_non_null(strstr(r.out, " 18003 LUTs (18.5%), 18122 FFs (18.6%), 55 BRAMs (25.9%) of an XC5VLX155T"));
  ts_result_free(&r);
  char json[] = "/tmp/fcsim_bee3_fig7_XXXXXX";
  int fd = mkstemp(json);
  assert_true(fd >= 0);
  close(fd);
  const char *topo[] = {"topo", FCSIM_SOURCE_DIR "/examples/bee3/two-x4.ini", "--json", json, NULL};
  assert_int_equal(ts_run_cli(&r, topo), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "9709 LUTs (10.0 %), 11526 FFs (11.8 %), 23 BRAMs (10.8 %)"));
  ts_result_free(&r);
  json_error_t je;
  json_t *doc = json_load_file(json, 0, &je);
  unlink(json);
  assert_non_null(doc);
  json_t *f7 = json_object_get(json_object_get(doc, "bee3"), "fig7");
  assert_int_equal(json_integer_value(json_object_get(f7, "luts")), 9709);
  assert_int_equal(json_integer_value(json_object_get(f7, "ffs")), 11526);
  assert_int_equal(json_integer_value(json_object_get(f7, "brams")), 23);
  json_decref(doc);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_layout_and_size),
      cmocka_unit_test(test_direct_wiring),
      cmocka_unit_test(test_table_1),
      cmocka_unit_test(test_rates),
      cmocka_unit_test(test_refusals),
      cmocka_unit_test(test_fig7_reported),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
