/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of table routing (routing/table.h): up/down tables on
 * hand-built and random irregular graphs (topology kind `file`, made with
 * fcsim_graph_init/connect/finish) and on a 4x4x4 torus. Packets are walked
 * as the routers walk them (route() at the source with in_port -1, then with
 * the arrival port): every pair between endpoints arrives; no route takes an
 * up channel after a down one; hop counts equal breadth-first distances on
 * trees and wherever up/down costs nothing, and the shortest legal up/down
 * distance on every graph tried; the tables' counts of longer routes are
 * right; ties are spread by destination as documented. The next-hop-table
 * checker refuses a 4-ring routed all clockwise (printing the cycle) and a
 * table with a loop or a hole, and accepts the fixed ring; on the torus the
 * torus checker (dateline classes on and off) agrees. Limits: more than
 * 16384 nodes, endpoints with no route between them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "core/rng.h"
#include "routing/cdg.h"
#include "routing/routing.h"
#include "routing/table.h"
#include "topo/topo.h"
#include "test_support.h"

/* A network under test: a hand-made graph as a topology of kind `file`. */
struct gnet {
  struct fcsim_params p;
  struct fcsim_topo t;
};

#define MAXN 64

/* Undirected edges, ports given in order of appearance at each node. */
struct edges {
  int n, m;
  int a[4 * MAXN], b[4 * MAXN];
  uint32_t lat[4 * MAXN];
};

static void edge(struct edges *e, int a, int b, uint32_t lat)
{
  e->a[e->m] = a;
  e->b[e->m] = b;
  e->lat[e->m] = lat;
  e->m++;
}

/* Builds the graph of `e` (both directions of every edge) and its tables. */
static void gnet_build(struct gnet *g, const struct edges *e)
{
  int radix[MAXN] = {0}, used[MAXN] = {0};
  memset(g, 0, sizeof *g);
  ts_params_init(&g->p, FCSIM_TOPO_TORUS, 1, (int[]){e->n});
  g->p.topology = FCSIM_TOPO_FILE;
  for (int i = 0; i < e->m; i++) {
    radix[e->a[i]]++;
    radix[e->b[i]]++;
  }
  g->t.kind = FCSIM_TOPO_FILE;
  g->t.nodes = e->n;
  assert_int_equal(fcsim_graph_init(&g->t.graph, e->n, radix, NULL), 0);
  for (int i = 0; i < e->m; i++) {
    int pa = used[e->a[i]]++, pb = used[e->b[i]]++;
    assert_int_equal(fcsim_graph_connect(&g->t.graph, (uint32_t)e->a[i], pa, (uint32_t)e->b[i], pb, e->lat[i], 1, NULL),
                     0);
    assert_int_equal(fcsim_graph_connect(&g->t.graph, (uint32_t)e->b[i], pb, (uint32_t)e->a[i], pa, e->lat[i], 1, NULL),
                     0);
  }
  fcsim_graph_finish(&g->t.graph);
}

static void gnet_tables(struct gnet *g)
{
  struct fcsim_error err = {0};
  if (fcsim_routing_table.setup(&g->t, &g->p, &err))
    fail_msg("setup: %s", err.msg);
  if (fcsim_routing_table.check(&g->t, &g->p, &err))
    fail_msg("check: %s", err.msg);
}

static void gnet_destroy(struct gnet *g)
{
  fcsim_topo_destroy(&g->t);
}

/* A random connected graph: a random tree plus `extra` random edges
 * (no self-loops; parallel edges allowed, as netlists allow them). */
static void random_graph(struct edges *e, int n, int extra, struct fcsim_rng *rng)
{
  memset(e, 0, sizeof *e);
  e->n = n;
  for (int i = 1; i < n; i++)
    edge(e, i, (int)fcsim_rng_below(rng, (uint32_t)i), 1 + fcsim_rng_below(rng, 5));
  for (int k = 0; k < extra; k++) {
    int a = (int)fcsim_rng_below(rng, (uint32_t)n), b = (int)fcsim_rng_below(rng, (uint32_t)n);
    if (a != b)
      edge(e, a, b, 1 + fcsim_rng_below(rng, 5));
  }
}

/* Walks src -> dest as the routers do; fails on a down -> up turn or a
 * route that does not arrive. Returns the hops; *lat_out the sum of the
 * channel latencies. */
static int walk(const struct gnet *g, int64_t src, int64_t dest, uint64_t *lat_out)
{
  const struct fcsim_graph *gr = &g->t.graph;
  int in = -1, hops = 0, went_down = 0;
  uint64_t lat = 0;
  for (int64_t at = src; at != dest; hops++) {
    if (hops > gr->nodes)
      fail_msg("route %lld -> %lld does not arrive", (long long)src, (long long)dest);
    int o = fcsim_routing_table.route(&g->t, &g->p, at, dest, 0, in, NULL, NULL);
    assert_true(o >= 0 && o < fcsim_graph_radix(gr, at));
    const struct fcsim_chan *c = fcsim_graph_out(gr, at, o);
    assert_true(c->dst >= 0);
    /* the move is inside the local rule the torus checker reads */
    assert_true(fcsim_routing_table.outputs(&g->t, &g->p, at, in, 0) >> o & 1);
    int up = fcsim_table_is_up(g->t.tables, gr, at, o);
    if (up && went_down)
      fail_msg("route %lld -> %lld goes up at %lld after going down", (long long)src, (long long)dest, (long long)at);
    went_down |= !up;
    lat += c->latency_cycles;
    in = c->dst_port;
    at = c->dst;
  }
  if (lat_out)
    *lat_out = lat;
  return hops;
}

/* Shortest legal up/down hops src -> dest (states: not yet / already down). */
static int legal_distance(const struct gnet *g, int64_t src, int64_t dest)
{
  const struct fcsim_graph *gr = &g->t.graph;
  int64_t n = gr->nodes;
  int dist[2 * MAXN], queue[2 * MAXN], head = 0, tail = 0;
  for (int i = 0; i < 2 * n; i++)
    dist[i] = -1;
  dist[src] = 0;
  queue[tail++] = (int)src;
  while (head < tail) {
    int st = queue[head++], x = st % (int)n, down = st >= n;
    for (int o = 0; o < fcsim_graph_radix(gr, x); o++) {
      int y = fcsim_graph_out(gr, x, o)->dst, up = fcsim_table_is_up(g->t.tables, gr, x, o);
      if (y < 0 || (up && down))
        continue;
      int to = up ? y : (int)n + y;
      if (dist[to] < 0) {
        dist[to] = dist[st] + 1;
        queue[tail++] = to;
      }
    }
  }
  int a = dist[dest], b = dist[n + dest];
  return a < 0 ? b : b < 0 ? a : a < b ? a : b;
}

/* Every pair: arrives, legal, hops vs BFS and vs the shortest legal route;
 * the tables' counters agree. Returns the pairs longer than BFS. */
static int64_t check_all_pairs(const struct gnet *g)
{
  const struct fcsim_graph *gr = &g->t.graph;
  int32_t bfs[MAXN];
  int64_t nonminimal = 0, extra = 0, pairs = 0;
  for (int64_t s = 0; s < gr->nodes; s++) {
    assert_int_equal(fcsim_graph_bfs(gr, s, bfs, NULL), 0);
    for (int64_t d = 0; d < gr->nodes; d++) {
      if (d == s)
        continue;
      int h = walk(g, s, d, NULL);
      assert_int_equal(h, fcsim_table_hops(gr, g->t.tables->next, s, d));
      assert_true(h >= bfs[d]);
      if (h != legal_distance(g, s, d))
        fail_msg("%lld -> %lld: %d hops, the shortest legal route has %d", (long long)s, (long long)d, h,
                 legal_distance(g, s, d));
      pairs++;
      nonminimal += h > bfs[d];
      extra += h - bfs[d];
    }
  }
  assert_int_equal(g->t.tables->pairs, pairs);
  assert_int_equal(g->t.tables->pairs_nonminimal, nonminimal);
  assert_int_equal(g->t.tables->extra_hops, extra);
  assert_int_equal(g->t.tables->pairs_over_legal, 0);
  return nonminimal;
}

/* Trees: up/down costs nothing, every route is the unique path. */
static void test_trees_minimal(void **state)
{
  (void)state;
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, 7, 0, FCSIM_RNG_SETUP);
  for (int i = 0; i < 30; i++) {
    struct edges e;
    random_graph(&e, 2 + (int)fcsim_rng_below(&rng, 39), 0, &rng);
    struct gnet g;
    gnet_build(&g, &e);
    gnet_tables(&g);
    assert_int_equal(check_all_pairs(&g), 0);
    gnet_destroy(&g);
  }
}

/* Random irregular graphs: legal, shortest legal, counters right; some
 * pairs pay for up/down (the counters say how many). */
static void test_irregular_graphs(void **state)
{
  (void)state;
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, 8, 0, FCSIM_RNG_SETUP);
  int64_t longer = 0, pairs = 0;
  for (int i = 0; i < 60; i++) {
    struct edges e;
    int n = 3 + (int)fcsim_rng_below(&rng, 40);
    random_graph(&e, n, (int)fcsim_rng_below(&rng, (uint32_t)(2 * n)), &rng);
    struct gnet g;
    gnet_build(&g, &e);
    gnet_tables(&g);
    longer += check_all_pairs(&g);
    pairs += g.t.tables->pairs;
    gnet_destroy(&g);
  }
  print_message("irregular graphs: %lld of %lld pairs longer than a shortest path\n", (long long)longer,
                (long long)pairs);
  assert_true(longer > 0); /* the graphs are irregular enough to show the cost */
}

/* Graphs where up/down costs nothing (complete graphs, stars): every route
 * is a shortest path. A two-board cluster with mixed link latencies: legal,
 * shortest legal, and the pairs it costs counted. */
static void test_free_graphs_minimal(void **state)
{
  (void)state;
  struct edges e;
  struct gnet g;
  for (int n = 2; n <= 7; n++) { /* complete */
    memset(&e, 0, sizeof e);
    e.n = n;
    for (int a = 0; a < n; a++)
      for (int b = a + 1; b < n; b++)
        edge(&e, a, b, 1);
    gnet_build(&g, &e);
    gnet_tables(&g);
    assert_int_equal(check_all_pairs(&g), 0);
    assert_int_equal(g.t.tables->max_hops, 1);
    gnet_destroy(&g);
  }
  for (int n = 3; n <= 9; n++) { /* stars, the centre last */
    memset(&e, 0, sizeof e);
    e.n = n;
    for (int a = 0; a < n - 1; a++)
      edge(&e, a, n - 1, 3);
    gnet_build(&g, &e);
    gnet_tables(&g);
    assert_int_equal(check_all_pairs(&g), 0);
    assert_int_equal(g.t.tables->root, n - 1);
    gnet_destroy(&g);
  }
  /* two boards of four FPGAs in a ring of on-board links (20 cycles), the
   * boards joined by two serial links (541 cycles) between 0-4 and 2-6 */
  memset(&e, 0, sizeof e);
  e.n = 8;
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 4; i++)
      edge(&e, 4 * b + i, 4 * b + (i + 1) % 4, 20);
  edge(&e, 0, 4, 541);
  edge(&e, 2, 6, 541);
  gnet_build(&g, &e);
  gnet_tables(&g);
  int64_t nonmin = check_all_pairs(&g);
  print_message("two boards: %lld of 56 pairs longer than a shortest path, root n%lld\n", (long long)nonmin,
                (long long)g.t.tables->root);
  assert_true(nonmin > 0 && nonmin < 56);
  gnet_destroy(&g);
}

/* A 4-ring 0-1-2-3-0 (port_to finds the port toward a neighbour). */
static void ring4(struct gnet *g)
{
  struct edges e;
  memset(&e, 0, sizeof e);
  e.n = 4;
  for (int i = 0; i < 4; i++)
    edge(&e, i, (i + 1) % 4, 1);
  gnet_build(g, &e);
}

/* Port of node a leading to node b. */
static int port_to(const struct fcsim_graph *gr, int a, int b)
{
  for (int o = 0; o < fcsim_graph_radix(gr, a); o++)
    if (fcsim_graph_out(gr, a, o)->dst == b)
      return o;
  fail_msg("no link %d -> %d", a, b);
  return -1;
}

static void test_ring_clockwise_refused(void **state)
{
  (void)state;
  struct gnet g;
  ring4(&g);
  const struct fcsim_graph *gr = &g.t.graph;
  uint8_t cw[16], fixed[16];
  memset(cw, FCSIM_TABLE_NONE, sizeof cw);
  memset(fixed, FCSIM_TABLE_NONE, sizeof fixed);
  for (int s = 0; s < 4; s++)
    for (int d = 0; d < 4; d++)
      if (s != d) {
        cw[s * 4 + d] = (uint8_t)port_to(gr, s, (s + 1) % 4);
        /* fixed: never use the link 3 -> 0 or 0 -> 3: a line 0-1-2-3 */
        fixed[s * 4 + d] = (uint8_t)port_to(gr, s, d > s ? s + 1 : s - 1);
      }
  char text[300];
  struct fcsim_cdg_result r;
  assert_int_equal(fcsim_table_check(gr, cw, &r, NULL, text, sizeof text), FCSIM_ECOMBINATION);
  assert_int_equal(r.cycle_length, 4);
  print_message("cycle: %s\n", text);
  for (int s = 0; s < 4; s++) {
    char want[32];
    snprintf(want, sizeof want, "n%d port %d", s, port_to(gr, s, (s + 1) % 4));
    assert_non_null(strstr(text, want));
  }
  assert_non_null(strstr(text, " -> "));
  assert_int_equal(fcsim_table_check(gr, fixed, &r, NULL, text, sizeof text), 0);
  assert_int_equal(r.cycle_length, 0);
  assert_int_equal(r.channels, 6);

  /* the table algorithm's own check refuses the cyclic table, naming the key */
  gnet_tables(&g);
  memcpy(g.t.tables->next, cw, sizeof cw);
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_routing_table.check(&g.t, &g.p, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "routing.algorithm = table"));
  assert_non_null(strstr(err.msg, "n0 port"));
  memcpy(g.t.tables->next, fixed, sizeof fixed);
  assert_int_equal(fcsim_routing_table.check(&g.t, &g.p, &err), 0);
  /* a truncated cycle text stays a terminated string */
  char small[12];
  assert_int_equal(fcsim_table_check(gr, cw, NULL, NULL, small, sizeof small), FCSIM_ECOMBINATION);
  assert_true(strlen(small) < sizeof small);
  gnet_destroy(&g);
}

static void test_bad_tables_refused(void **state)
{
  (void)state;
  struct gnet g;
  ring4(&g);
  const struct fcsim_graph *gr = &g.t.graph;
  uint8_t t[16];
  char text[300];
  memset(t, FCSIM_TABLE_NONE, sizeof t);
  for (int s = 0; s < 4; s++)
    for (int d = 0; d < 4; d++)
      if (s != d)
        t[s * 4 + d] = (uint8_t)port_to(gr, s, d > s ? s + 1 : s - 1);
  uint8_t loop[16], hole[16];
  memcpy(loop, t, sizeof t);
  loop[1 * 4 + 2] = (uint8_t)port_to(gr, 1, 0); /* 0 -> 1 -> 0 -> ... toward 2 */
  assert_int_equal(fcsim_table_check(gr, loop, NULL, NULL, text, sizeof text), FCSIM_EINVAL);
  assert_non_null(strstr(text, "loops"));
  memcpy(hole, t, sizeof t);
  hole[2 * 4 + 3] = FCSIM_TABLE_NONE;
  assert_int_equal(fcsim_table_check(gr, hole, NULL, NULL, text, sizeof text), FCSIM_EINVAL);
  assert_non_null(strstr(text, "no entry"));
  hole[2 * 4 + 3] = 7;
  assert_int_equal(fcsim_table_check(gr, hole, NULL, NULL, text, sizeof text), FCSIM_EINVAL);
  assert_non_null(strstr(text, "no link"));
  /* a node that hosts no endpoint needs no route to it */
  g.t.graph.endpoint[3] = 0;
  assert_int_equal(fcsim_table_check(gr, hole, NULL, NULL, text, sizeof text), 0);
  gnet_destroy(&g);
}

/* Ties: among the equal next hops (same hops, same route state) the
 * (dest mod n)-th in port order, recomputed here from the hop counts. */
static void test_ties_spread_by_destination(void **state)
{
  (void)state;
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, 9, 0, FCSIM_RNG_SETUP);
  int64_t ties = 0;
  for (int i = 0; i < 20; i++) {
    struct edges e;
    int n = 4 + (int)fcsim_rng_below(&rng, 30);
    random_graph(&e, n, n, &rng);
    struct gnet g;
    gnet_build(&g, &e);
    gnet_tables(&g);
    const struct fcsim_graph *gr = &g.t.graph;
    const uint8_t *next = g.t.tables->next;
    for (int64_t x = 0; x < n; x++)
      for (int64_t d = 0; d < n; d++) {
        if (x == d)
          continue;
        int h = fcsim_table_hops(gr, next, x, d), cand[2][MAXN], nc[2] = {0, 0};
        for (int o = 0; o < fcsim_graph_radix(gr, x); o++) {
          int64_t p = fcsim_graph_out(gr, x, o)->dst;
          if (fcsim_table_hops(gr, next, p, d) != h - 1)
            continue;
          /* all-down rest from p? */
          int all_down = 1;
          for (int64_t a = p; a != d; a = fcsim_graph_out(gr, a, next[a * n + d])->dst)
            all_down &= !fcsim_table_is_up(g.t.tables, gr, a, next[a * n + d]);
          int up = fcsim_table_is_up(g.t.tables, gr, x, o);
          if (!up && !all_down)
            continue; /* illegal: down, then up later */
          int st_down = !up && all_down;
          cand[st_down][nc[st_down]++] = o;
        }
        int k = nc[1] ? 1 : 0;
        assert_true(nc[k] > 0);
        assert_int_equal(next[x * n + d], cand[k][d % nc[k]]);
        ties += nc[k] > 1;
      }
    gnet_destroy(&g);
  }
  assert_true(ties > 0);
}

/* 4x4x4 torus: every pair arrives by a legal route; the table checker and
 * the torus checker (with the routers' dateline classes, on and off) find no
 * cycle; up/down costs hops on a torus (printed). */
static void test_torus_4x4x4(void **state)
{
  (void)state;
  struct gnet g;
  memset(&g, 0, sizeof g);
  ts_params_init(&g.p, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  assert_int_equal(fcsim_topo_init(&g.t, &g.p, NULL), 0);
  gnet_tables(&g);
  const struct fcsim_route_tables *tb = g.t.tables;
  int64_t hops = 0, minimal = 0;
  for (int64_t s = 0; s < 64; s++)
    for (int64_t d = 0; d < 64; d++)
      if (s != d) {
        int h = walk(&g, s, d, NULL);
        assert_true(h >= fcsim_topo_distance(&g.t, s, d));
        hops += h;
        minimal += fcsim_topo_distance(&g.t, s, d);
      }
  assert_int_equal(tb->pairs, 64 * 63);
  assert_int_equal(tb->extra_hops, hops - minimal);
  assert_int_equal(tb->pairs_over_legal, 0);
  print_message("4x4x4 torus: %lld of %lld pairs non-minimal, %.4f hops on average against %.4f minimal, longest %d\n",
                (long long)tb->pairs_nonminimal, (long long)tb->pairs, (double)hops / (64 * 63),
                (double)minimal / (64 * 63), tb->max_hops);
  struct fcsim_cdg_result r;
  for (int dateline = 0; dateline <= 1; dateline++) {
    g.p.dateline = dateline;
    char text[300];
    assert_int_equal(fcsim_cdg_analyse(&g.t, &g.p, &fcsim_routing_table, &r, text, sizeof text), 0);
    assert_true(r.channels > 0);
  }
  assert_int_equal(fcsim_table_check(&g.t.graph, tb->next, &r, NULL, NULL, 0), 0);
  assert_int_equal(r.channels, 64 * 6);
  fcsim_topo_destroy(&g.t);
}

static void test_limits(void **state)
{
  (void)state;
  struct gnet g;
  struct fcsim_error err = {0};
  /* more than 16384 nodes */
  int64_t big = FCSIM_TABLE_MAX_NODES + 1;
  int *radix = calloc((size_t)big, sizeof *radix);
  assert_non_null(radix);
  memset(&g, 0, sizeof g);
  g.t.kind = FCSIM_TOPO_FILE;
  assert_int_equal(fcsim_graph_init(&g.t.graph, big, radix, NULL), 0);
  free(radix);
  assert_int_equal(fcsim_routing_table.setup(&g.t, &g.p, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "16385 nodes, at most 16384"));
  assert_null(g.t.tables);
  gnet_destroy(&g);
  /* two parts: endpoints with no route between them */
  struct edges e;
  memset(&e, 0, sizeof e);
  e.n = 4;
  edge(&e, 0, 1, 1);
  edge(&e, 2, 3, 1);
  gnet_build(&g, &e);
  fcsim_error_clear(&err);
  assert_int_equal(fcsim_routing_table.setup(&g.t, &g.p, &err), FCSIM_EINVAL);
  assert_non_null(strstr(err.msg, "no route from endpoint n"));
  /* fine when one part hosts no endpoint */
  g.t.graph.endpoint[2] = g.t.graph.endpoint[3] = 0;
  assert_int_equal(fcsim_routing_table.setup(&g.t, &g.p, &err), 0);
  assert_int_equal(fcsim_routing_table.check(&g.t, &g.p, &err), 0);
  assert_int_equal(g.t.tables->pairs, 2);
  gnet_destroy(&g);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trees_minimal),       cmocka_unit_test(test_irregular_graphs),
      cmocka_unit_test(test_free_graphs_minimal), cmocka_unit_test(test_ring_clockwise_refused),
      cmocka_unit_test(test_bad_tables_refused),  cmocka_unit_test(test_ties_spread_by_destination),
      cmocka_unit_test(test_torus_4x4x4),         cmocka_unit_test(test_limits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
