/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the routing algorithms, walking packets hop by hop as the
 * routers do (route at the source with in_port -1, then at every router with
 * the port the packet arrived on, dateline class tracked with the routers'
 * rule). For every (source, destination) pair of small tori and meshes and
 * many random streams: every walk reaches its destination; minimal
 * algorithms take exactly the minimal hop count; no turn the turn model
 * forbids is ever taken; every hop lies within the algorithm's local rule
 * (what the deadlock checker proves acyclic). Then the probability rules:
 * ROMM uniform among legal directions, O1TURN uniform among legal orders,
 * RLB's short/long choice and its exact expected hop count, CCAR's
 * preference for credits. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "core/rng.h"
#include "routing/routing.h"
#include "routing/turns.h"
#include "topo/topo.h"
#include "test_support.h"

/* A topology under test, with its parameters. */
struct net {
  struct fcsim_params p;
  struct fcsim_topo t;
};

static void net_init(struct net *n, enum fcsim_topology_kind kind, int ndims, const int *dims)
{
  memset(n, 0, sizeof *n);
  ts_params_init(&n->p, kind, ndims, dims);
  n->p.seed = 11;
  assert_int_equal(fcsim_topo_init(&n->t, &n->p, NULL), 0);
}

static const struct fcsim_routing_ops *algo(const char *name)
{
  const struct fcsim_routing_ops *ops = fcsim_routing_find(name);
  assert_non_null(ops);
  return ops;
}

/* Hops of one walk; fails the test on any rule broken along the way.
 * `credits` random per hop when the algorithm reads them. */
static int walk(const struct net *n, const struct fcsim_routing_ops *ops, int64_t src, int64_t dest, uint64_t stream,
                int turn_model, uint8_t *state_out)
{
  const struct fcsim_topo *t = &n->t;
  struct fcsim_rng route_rng, hop_rng, credit_rng;
  fcsim_rng_init(&route_rng, stream, (uint64_t)(src * t->nodes + dest), FCSIM_RNG_ROUTE);
  fcsim_rng_init(&hop_rng, stream, (uint64_t)(src * t->nodes + dest), FCSIM_RNG_HOP);
  fcsim_rng_init(&credit_rng, stream, (uint64_t)(src * t->nodes + dest), FCSIM_RNG_SETUP);
  uint8_t rs = ops->packet_init ? ops->packet_init(t, &n->p, src, dest, &route_rng) : 0;
  if (state_out)
    *state_out = rs;
  int64_t node = src;
  int in = -1, cls = 0, hops = 0;
  int limit = 0;
  for (int d = 0; d < t->ndims; d++)
    limit += t->dims[d];
  while (node != dest) {
    int32_t credits[FCSIM_MAX_PORTS];
    for (int q = 0; q < t->nports; q++)
      credits[q] = t->neighbor[node * t->nports + q] < 0 ? -1 : (int32_t)fcsim_rng_below(&credit_rng, 4);
    int out = ops->route(t, &n->p, node, dest, rs, in, &hop_rng, ops->needs_credits ? credits : NULL);
    if (out < 0 || out >= t->nports || t->neighbor[node * t->nports + out] < 0)
      fail_msg("%s: %lld -> %lld: bad port %d at node %lld", ops->name, (long long)src, (long long)dest, out,
               (long long)node);
    if (!(ops->outputs(t, &n->p, node, in, cls) >> out & 1))
      fail_msg("%s: %lld -> %lld: port %s at node %lld (in %d, class %d) is outside the local rule", ops->name,
               (long long)src, (long long)dest, fcsim_topo_port_name(out), (long long)node, in, cls);
    if (turn_model && fcsim_turns_forbidden(t, &n->p, node, in, out, cls))
      fail_msg("%s: %lld -> %lld: forbidden turn %s -> %s at node %lld (class %d)", ops->name, (long long)src,
               (long long)dest, in < 0 ? "inject" : fcsim_topo_port_name(in ^ 1), fcsim_topo_port_name(out),
               (long long)node, cls);
    if (ops->needs_credits) { /* CCAR: the most credits among the legal minimal ports */
      uint8_t ties = n->p.adaptive_ties == FCSIM_TIES_RANDOM ? rs : 0;
      int ports[FCSIM_MAX_DIMS], np = fcsim_turns_minimal_ports_ties(t, 0, ties, node, dest, ports);
      for (int i = 0; i < np; i++)
        if (credits[ports[i]] > credits[out])
          fail_msg("ccar took %s with %d credits over %s with %d", fcsim_topo_port_name(out), credits[out],
                   fcsim_topo_port_name(ports[i]), credits[ports[i]]);
    }
    cls = fcsim_turns_next_class(t, &n->p, node, in, out, cls);
    node = t->neighbor[node * t->nports + out];
    in = out ^ 1;
    if (++hops > limit)
      fail_msg("%s: %lld -> %lld: no arrival after %d hops", ops->name, (long long)src, (long long)dest, hops);
  }
  return hops;
}

/* RLB's hops for the directions in its route byte. */
static int rlb_hops(const struct fcsim_topo *t, int64_t src, int64_t dest, uint8_t rs)
{
  int h = 0;
  for (int d = 0; d < t->ndims; d++) {
    int a = fcsim_topo_coord(t, src, d), b = fcsim_topo_coord(t, dest, d), k = t->dims[d];
    if (a == b)
      continue;
    h += (rs >> d & 1) ? ((a - b) % k + k) % k : ((b - a) % k + k) % k;
  }
  return h;
}

/* Walks every pair `streams` times with every algorithm. */
static void walk_all(enum fcsim_topology_kind kind, int ndims, const int *dims, int streams)
{
  static const char *const names[] = {"dor", "romm", "o1turn", "rlb", "ccar"};
  struct net n;
  net_init(&n, kind, ndims, dims);
  for (size_t a = 0; a < sizeof names / sizeof *names; a++) {
    const struct fcsim_routing_ops *ops = algo(names[a]);
    if (!strcmp(ops->name, "o1turn") && ndims > 5)
      continue;
    int rlb = !strcmp(ops->name, "rlb");
    for (int64_t s = 0; s < n.t.nodes; s++)
      for (int64_t d = 0; d < n.t.nodes; d++) {
        if (s == d)
          continue;
        for (int k = 0; k < streams; k++) {
          uint8_t rs;
          int h = walk(&n, ops, s, d, (uint64_t)k * 7919 + 1, 1, &rs);
          int want = rlb ? rlb_hops(&n.t, s, d, rs) : fcsim_topo_distance(&n.t, s, d);
          if (h != want)
            fail_msg("%s: %lld -> %lld took %d hops, expected %d", ops->name, (long long)s, (long long)d, h, want);
        }
      }
  }
  fcsim_topo_destroy(&n.t);
}

static void test_walk_rings(void **state)
{
  for (int k = 2; k <= 9; k++)
    walk_all(FCSIM_TOPO_TORUS, 1, (const int[]){k}, 8);
  walk_all(FCSIM_TOPO_MESH, 1, (const int[]){6}, 4);
}

static void test_walk_2d(void **state)
{
  walk_all(FCSIM_TOPO_TORUS, 2, (const int[]){4, 4}, 16);
  walk_all(FCSIM_TOPO_TORUS, 2, (const int[]){5, 3}, 16);
  walk_all(FCSIM_TOPO_TORUS, 2, (const int[]){2, 6}, 16);
  walk_all(FCSIM_TOPO_TORUS, 2, (const int[]){8, 8}, 2);
  walk_all(FCSIM_TOPO_MESH, 2, (const int[]){4, 5}, 16);
}

static void test_walk_3d(void **state)
{
  walk_all(FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4}, 4);
  walk_all(FCSIM_TOPO_TORUS, 3, (const int[]){2, 4, 8}, 4);
  walk_all(FCSIM_TOPO_TORUS, 3, (const int[]){3, 5, 3}, 4);
  walk_all(FCSIM_TOPO_MESH, 3, (const int[]){4, 4, 4}, 2);
  walk_all(FCSIM_TOPO_MESH, 3, (const int[]){2, 4, 8}, 2);
}

static void test_walk_4d_to_6d(void **state)
{
  walk_all(FCSIM_TOPO_TORUS, 4, (const int[]){3, 3, 3, 3}, 1);
  walk_all(FCSIM_TOPO_TORUS, 4, (const int[]){2, 3, 4, 2}, 2);
  walk_all(FCSIM_TOPO_MESH, 4, (const int[]){3, 2, 3, 2}, 2);
  walk_all(FCSIM_TOPO_TORUS, 5, (const int[]){2, 3, 2, 3, 3}, 1);
  walk_all(FCSIM_TOPO_TORUS, 6, (const int[]){3, 2, 3, 2, 2, 3}, 1);
}

/* DOR in another order still reaches every destination minimally and stays
 * within its local rule (it does not follow the turn model: z- before x). */
static void test_walk_dor_orders(void **state)
{
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){4, 3, 5});
  n.p.dim_order[0] = 2, n.p.dim_order[1] = 0, n.p.dim_order[2] = 1;
  const struct fcsim_routing_ops *dor = algo("dor");
  for (int64_t s = 0; s < n.t.nodes; s++)
    for (int64_t d = 0; d < n.t.nodes; d++)
      if (s != d)
        assert_int_equal(walk(&n, dor, s, d, 1, 0, NULL), fcsim_topo_distance(&n.t, s, d));
  fcsim_topo_destroy(&n.t);
}

/* route_from (the routers' call with their own coordinates kept) against
 * route: the same port and the same draws for every node, destination,
 * route state (tie bits), arrival port and dimension order, on tori of even
 * and odd sizes and a mesh. */
static void route_from_matches(enum fcsim_topology_kind kind, int ndims, const int *dims, const int *order)
{
  struct net n;
  net_init(&n, kind, ndims, dims);
  for (int i = 0; i < ndims; i++)
    n.p.dim_order[i] = order[i];
  const struct fcsim_routing_ops *dor = algo("dor");
  assert_non_null(dor->route_from);
  for (int64_t s = 0; s < n.t.nodes; s++) {
    int32_t at[FCSIM_MAX_DIMS];
    for (int d = 0; d < FCSIM_MAX_DIMS; d++)
      at[d] = fcsim_topo_coord(&n.t, s, d);
    for (int64_t d = 0; d < n.t.nodes; d++) {
      if (s == d)
        continue;
      for (unsigned rs = 0; rs < 1u << ndims; rs++)
        for (int in = -1; in < n.t.nports; in++) {
          struct fcsim_rng r1, r2;
          fcsim_rng_init(&r1, 5, (uint64_t)s, FCSIM_RNG_HOP);
          r2 = r1;
          int a = dor->route(&n.t, &n.p, s, d, (uint8_t)rs, in, &r1, NULL);
          int b = fcsim_routing_route_at(dor, &n.t, &n.p, at, s, d, (uint8_t)rs, in, &r2, NULL);
          if (a != b)
            fail_msg("node %lld dest %lld state %u in %d: route %d, route_from %d", (long long)s, (long long)d, rs, in,
                     a, b);
          assert_memory_equal(&r1, &r2, sizeof r1);
        }
    }
  }
  fcsim_topo_destroy(&n.t);
}

static void test_dor_route_from(void **state)
{
  route_from_matches(FCSIM_TOPO_TORUS, 3, (const int[]){4, 3, 5}, (const int[]){2, 0, 1});
  route_from_matches(FCSIM_TOPO_TORUS, 2, (const int[]){6, 8}, (const int[]){0, 1});
  route_from_matches(FCSIM_TOPO_TORUS, 1, (const int[]){2}, (const int[]){0});
  route_from_matches(FCSIM_TOPO_MESH, 3, (const int[]){3, 4, 2}, (const int[]){1, 2, 0});
}

/* Counts the first port chosen at `src` toward `dest` over many draws. */
static void first_ports(const struct net *n, const struct fcsim_routing_ops *ops, int64_t src, int64_t dest, int draws,
                        int *count)
{
  struct fcsim_rng rng, hop;
  fcsim_rng_init(&rng, 5, 1, FCSIM_RNG_ROUTE);
  fcsim_rng_init(&hop, 5, 1, FCSIM_RNG_HOP);
  memset(count, 0, sizeof(int) * FCSIM_MAX_PORTS);
  for (int i = 0; i < draws; i++) {
    uint8_t rs = ops->packet_init ? ops->packet_init(&n->t, &n->p, src, dest, &rng) : 0;
    count[ops->route(&n->t, &n->p, src, dest, rs, -1, &hop, NULL)]++;
  }
}

/* Asserts count ~ draws * prob within 5 standard deviations. */
static void assert_binomial(int count, int draws, double prob, const char *what)
{
  double mean = draws * prob, sd = sqrt(draws * prob * (1 - prob));
  if (fabs(count - mean) > 5 * sd + 1e-9)
    fail_msg("%s: %d of %d, expected %.1f +- %.1f", what, count, draws, mean, 5 * sd);
}

static int64_t node_at(const struct fcsim_topo *t, int x, int y, int z)
{
  return x * t->stride[0] + y * t->stride[1] + z * t->stride[2];
}

/* ROMM: uniform among the legal minimal directions; a direction across a
 * dateline or in minus waits for the lower dimensions. */
static void test_romm_uniform(void **state)
{
  struct net n;
  int c[FCSIM_MAX_PORTS], draws = 30000;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4});
  const struct fcsim_routing_ops *romm = algo("romm");
  first_ports(&n, romm, node_at(&n.t, 0, 0, 0), node_at(&n.t, 1, 1, 1), draws, c);
  for (int port = 0; port < 6; port += 2)
    assert_binomial(c[port], draws, 1.0 / 3, "romm x+/y+/z+");
  /* (3,3,3) -> (0,0,0): every move crosses a dateline; only x+ now */
  first_ports(&n, romm, node_at(&n.t, 3, 3, 3), node_at(&n.t, 0, 0, 0), draws, c);
  assert_int_equal(c[0], draws);
  /* (1,1,1) -> (0,0,0): all minus; x- first */
  first_ports(&n, romm, node_at(&n.t, 1, 1, 1), node_at(&n.t, 0, 0, 0), draws, c);
  assert_int_equal(c[1], draws);
  /* (0,1,0) -> (1,0,1): x+ or z+, y- only after x */
  first_ports(&n, romm, node_at(&n.t, 0, 1, 0), node_at(&n.t, 1, 0, 1), draws, c);
  assert_int_equal(c[3], 0);
  assert_binomial(c[0], draws, 0.5, "romm x+ with y- pending");
  assert_binomial(c[4], draws, 0.5, "romm z+ with y- pending");
  fcsim_topo_destroy(&n.t);
}

/* O1TURN: the route of a packet is one of its legal orders, uniformly. */
static void test_o1turn_orders(void **state)
{
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4});
  const struct fcsim_routing_ops *o1 = algo("o1turn");
  int c[FCSIM_MAX_PORTS], draws = 30000;
  /* all plus, no dateline: 6 orders, first dimension uniform */
  first_ports(&n, o1, node_at(&n.t, 0, 0, 0), node_at(&n.t, 1, 1, 1), draws, c);
  for (int port = 0; port < 6; port += 2)
    assert_binomial(c[port], draws, 1.0 / 3, "o1turn first dimension");
  /* x+, y-, z+: y after x -> xyz, xzy, zxy: first x with 2/3, z 1/3 */
  first_ports(&n, o1, node_at(&n.t, 0, 1, 0), node_at(&n.t, 1, 0, 1), draws, c);
  assert_binomial(c[0], draws, 2.0 / 3, "o1turn x first");
  assert_binomial(c[4], draws, 1.0 / 3, "o1turn z first");
  assert_int_equal(c[3], 0);
  /* all minus: xyz only */
  first_ports(&n, o1, node_at(&n.t, 1, 1, 1), node_at(&n.t, 0, 0, 0), draws, c);
  assert_int_equal(c[1], draws);
  /* the second hop follows the order chosen at the source: a packet never
   * changes dimension before finishing one */
  struct fcsim_rng rng, hop;
  fcsim_rng_init(&rng, 9, 1, FCSIM_RNG_ROUTE);
  fcsim_rng_init(&hop, 9, 1, FCSIM_RNG_HOP);
  int64_t s = node_at(&n.t, 0, 0, 0), d = node_at(&n.t, 2, 2, 2);
  for (int i = 0; i < 6000; i++) {
    uint8_t rs = o1->packet_init(&n.t, &n.p, s, d, &rng);
    int64_t node = s;
    int prev = -1, turns = 0, in = -1;
    while (node != d) {
      int out = o1->route(&n.t, &n.p, node, d, rs, in, &hop, NULL);
      if (prev >= 0 && out != prev)
        turns++;
      prev = out;
      node = n.t.neighbor[node * n.t.nports + out];
      in = out ^ 1;
    }
    assert_int_equal(turns, 2);
  }
  fcsim_topo_destroy(&n.t);
}

/* 6 dimensions do not fit O1TURN's route byte: refused, naming the key. */
static void test_o1turn_refuses_6d(void **state)
{
  struct net n;
  struct fcsim_error err = {0};
  net_init(&n, FCSIM_TOPO_TORUS, 6, (const int[]){2, 2, 2, 2, 2, 2});
  assert_int_equal(algo("o1turn")->check(&n.t, &n.p, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "routing.algorithm = o1turn"));
  assert_non_null(strstr(err.msg, "network.dims"));
  fcsim_topo_destroy(&n.t);
}

/* RLB on a ring of N: from distance P, the short way with probability
 * (N-P)/N, for every P; the long way is the other direction. */
static void test_rlb_probability(void **state)
{
  for (int k = 3; k <= 9; k++) {
    struct net n;
    net_init(&n, FCSIM_TOPO_TORUS, 1, (const int[]){k});
    const struct fcsim_routing_ops *rlb = algo("rlb");
    for (int dest = 1; dest < k; dest++) {
      int c[FCSIM_MAX_PORTS], draws = 20000;
      int off = fcsim_topo_offset(&n.t, 0, 0, dest), dist = off < 0 ? -off : off;
      first_ports(&n, rlb, 0, dest, draws, c);
      char what[64];
      snprintf(what, sizeof what, "rlb short way, N=%d P=%d", k, dist);
      assert_binomial(c[off > 0 ? 0 : 1], draws, (double)(k - dist) / k, what);
      assert_int_equal(c[0] + c[1], draws);
    }
    fcsim_topo_destroy(&n.t);
  }
}

/* RLB's average hop count over all pairs matches the exact expectation
 * sum_d 2 P (N - P) / N. */
static void rlb_average(enum fcsim_topology_kind kind, int ndims, const int *dims, int streams)
{
  struct net n;
  net_init(&n, kind, ndims, dims);
  const struct fcsim_routing_ops *rlb = algo("rlb");
  double expect = 0, var = 0, sum = 0;
  long samples = 0;
  for (int64_t s = 0; s < n.t.nodes; s++)
    for (int64_t d = 0; d < n.t.nodes; d++) {
      if (s == d)
        continue;
      double e = 0, v = 0;
      for (int k = 0; k < ndims; k++) {
        int N = n.t.dims[k];
        int off = fcsim_topo_offset(&n.t, k, fcsim_topo_coord(&n.t, s, k), fcsim_topo_coord(&n.t, d, k));
        int P = off < 0 ? -off : off;
        if (kind == FCSIM_TOPO_MESH) {
          e += P;
          continue;
        }
        double q = (double)P / N, m = 2.0 * P * (N - P) / N;
        e += m;
        v += (1 - q) * P * P + q * (double)(N - P) * (N - P) - m * m;
      }
      for (int k = 0; k < streams; k++) {
        sum += walk(&n, rlb, s, d, (uint64_t)k + 100, 1, NULL);
        samples++;
      }
      expect += e * streams;
      var += v * streams;
    }
  double mean = sum / samples, want = expect / samples, sd = sqrt(var) / samples;
  if (fabs(mean - want) > 5 * sd + 1e-12)
    fail_msg("rlb average hops %.5f, expected %.5f +- %.5f", mean, want, 5 * sd);
  if (kind == FCSIM_TOPO_TORUS) { /* and more than DOR's */
    double dor = 0;
    for (int64_t s = 0; s < n.t.nodes; s++)
      for (int64_t d = 0; d < n.t.nodes; d++)
        dor += fcsim_topo_distance(&n.t, s, d);
    assert_true(want > dor / (n.t.nodes * (n.t.nodes - 1)) + 0.1);
  }
  fcsim_topo_destroy(&n.t);
}

static void test_rlb_average_hops(void **state)
{
  rlb_average(FCSIM_TOPO_TORUS, 1, (const int[]){8}, 2000);
  rlb_average(FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4}, 40);
  rlb_average(FCSIM_TOPO_TORUS, 3, (const int[]){2, 4, 8}, 40);
  rlb_average(FCSIM_TOPO_TORUS, 2, (const int[]){5, 7}, 100);
  rlb_average(FCSIM_TOPO_MESH, 2, (const int[]){4, 4}, 10); /* a mesh: DOR */
}

/* CCAR: the legal port with the most credits; the illegal never, however
 * many credits it has; ties shared. */
static void test_ccar_prefers_credits(void **state)
{
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4});
  const struct fcsim_routing_ops *ccar = algo("ccar");
  struct fcsim_rng hop;
  fcsim_rng_init(&hop, 3, 3, FCSIM_RNG_HOP);
  int64_t s = node_at(&n.t, 0, 0, 0), d = node_at(&n.t, 1, 1, 1);
  int32_t cr[FCSIM_MAX_PORTS] = {5, 40, 9, 40, 7, 40};
  for (int i = 0; i < 1000; i++)
    assert_int_equal(ccar->route(&n.t, &n.p, s, d, 0, -1, &hop, cr), 2); /* y+ has 9 */
  cr[4] = 9;
  int c[FCSIM_MAX_PORTS] = {0};
  for (int i = 0; i < 20000; i++)
    c[ccar->route(&n.t, &n.p, s, d, 0, -1, &hop, cr)]++;
  assert_int_equal(c[0], 0);
  assert_binomial(c[2], 20000, 0.5, "ccar tie y+/z+");
  /* (0,1,0) -> (1,0,1): y- is not legal yet, even with every credit */
  int32_t cr2[FCSIM_MAX_PORTS] = {1, 1, 1, 99, 2, 1};
  s = node_at(&n.t, 0, 1, 0), d = node_at(&n.t, 1, 0, 1);
  assert_int_equal(ccar->route(&n.t, &n.p, s, d, 0, -1, &hop, cr2), 4);
  /* routing.ccar_ties = first: a tie goes to the lowest dimension, never at random */
  n.p.ccar_first = 1;
  s = node_at(&n.t, 0, 0, 0), d = node_at(&n.t, 1, 1, 1);
  int32_t cr3[FCSIM_MAX_PORTS] = {5, 40, 9, 40, 9, 40};
  for (int i = 0; i < 1000; i++) {
    assert_int_equal(ccar->route(&n.t, &n.p, s, d, 0, -1, &hop, cr3), 2); /* y+ and z+ have 9: y+ */
    assert_int_equal(ccar->route(&n.t, &n.p, s, d, 0, -1, &hop, NULL), 0); /* no credits: x+ */
  }
  fcsim_topo_destroy(&n.t);
}

/* routing.adaptive_ties: a destination k/2 away goes plus by default; under
 * `random` each packet of ROMM, CCAR and O1TURN takes it plus or minus with
 * probability 1/2, a minus tie waits for the lower dimensions like any minus
 * dimension, and every walk stays minimal and within the turn model. */
static void test_adaptive_ties(void **state)
{
  struct net n;
  int c[FCSIM_MAX_PORTS], draws = 20000;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4});
  static const char *const names[] = {"romm", "ccar", "o1turn"};
  for (int a = 0; a < 3; a++) {
    const struct fcsim_routing_ops *ops = algo(names[a]);
    n.p.adaptive_ties = FCSIM_TIES_PLUS;
    first_ports(&n, ops, node_at(&n.t, 0, 0, 0), node_at(&n.t, 2, 0, 0), draws, c);
    assert_int_equal(c[0], draws); /* x+ always */
    n.p.adaptive_ties = FCSIM_TIES_RANDOM;
    first_ports(&n, ops, node_at(&n.t, 0, 0, 0), node_at(&n.t, 2, 0, 0), draws, c);
    assert_binomial(c[0], draws, 0.5, "tie x+");
    assert_int_equal(c[0] + c[1], draws);
    /* (0,0,0) -> (1,2,0): y- (half the packets) only after x; y+ or x+ for the other half
     * (O1TURN: the orders x y and y x, one each) */
    first_ports(&n, ops, node_at(&n.t, 0, 0, 0), node_at(&n.t, 1, 2, 0), draws, c);
    assert_int_equal(c[3], 0);
    assert_binomial(c[0], draws, 0.75, "x+ with a y tie");
    assert_binomial(c[2], draws, 0.25, "y+ tie");
    for (int64_t s = 0; s < n.t.nodes; s++)
      for (int64_t d = 0; d < n.t.nodes; d++)
        for (int k = 0; s != d && k < 4; k++)
          assert_int_equal(walk(&n, ops, s, d, (uint64_t)k * 7919 + 1, 1, NULL), fcsim_topo_distance(&n.t, s, d));
  }
  fcsim_topo_destroy(&n.t);
  /* O1TURN keeps its order and its ties in one route byte: 3 dimensions at most */
  struct fcsim_error err = {0};
  net_init(&n, FCSIM_TOPO_TORUS, 4, (const int[]){4, 4, 4, 4});
  n.p.adaptive_ties = FCSIM_TIES_RANDOM;
  assert_int_equal(algo("o1turn")->check(&n.t, &n.p, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "at most 3 dimensions"));
  fcsim_topo_destroy(&n.t);
}

/* The turn model contains the six turns of seed 000 Fig. 4.10 on a mesh
 * (where only minus hops lock) and allows the other turns. */
static void test_seed_turns_forbidden(void **state)
{
  struct net n;
  net_init(&n, FCSIM_TOPO_MESH, 3, (const int[]){3, 3, 3});
  int64_t mid = node_at(&n.t, 1, 1, 1);
  int forbidden = 0;
  for (int dir = 0; dir < 6; dir++)
    for (int out = 0; out < 6; out++) {
      if ((out >> 1) == (dir >> 1))
        continue;
      int f = fcsim_turns_forbidden(&n.t, &n.p, mid, dir ^ 1, out, 0);
      int seed = (dir == 3 && out < 2) || (dir == 5 && out < 4); /* y- -> x+-, z- -> x+-, y+- */
      if (f != seed)
        fail_msg("turn %s -> %s: forbidden %d, seed %d", fcsim_topo_port_name(dir), fcsim_topo_port_name(out), f, seed);
      forbidden += f;
    }
  assert_int_equal(forbidden, 6);
  fcsim_topo_destroy(&n.t);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_walk_rings),
      cmocka_unit_test(test_walk_2d),
      cmocka_unit_test(test_walk_3d),
      cmocka_unit_test(test_walk_4d_to_6d),
      cmocka_unit_test(test_walk_dor_orders),
      cmocka_unit_test(test_dor_route_from),
      cmocka_unit_test(test_romm_uniform),
      cmocka_unit_test(test_o1turn_orders),
      cmocka_unit_test(test_o1turn_refuses_6d),
      cmocka_unit_test(test_rlb_probability),
      cmocka_unit_test(test_rlb_average_hops),
      cmocka_unit_test(test_ccar_prefers_credits),
      cmocka_unit_test(test_seed_turns_forbidden),
      cmocka_unit_test(test_adaptive_ties),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
