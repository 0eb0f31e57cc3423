/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the channel-dependency-graph checker (routing/cdg.h):
 * every algorithm is proved deadlock-free on rings, 2D-6D tori and meshes of
 * several sizes with the dateline classes on; without them a torus is
 * rejected with the ring as the cycle; the seed's six forbidden turns alone
 * leave a cycle winding round a 2D torus (why fcsim adds the dateline rule);
 * with routing.turn_rule = seed-escape the DOR escape network passes from
 * every channel and the VCs it needs are checked; a routing with no turn
 * restrictions is rejected on a mesh; each
 * algorithm's `check` refuses what the checker rejects, naming
 * routing.algorithm and the cycle; and a 32x32x32 torus checks quickly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "config/config.h"
#include "fcsim/fcsim.h"
#include "routing/cdg.h"
#include "routing/routing.h"
#include "routing/turns.h"
#include "topo/topo.h"
#include "test_support.h"

struct net {
  struct fcsim_params p;
  struct fcsim_topo t;
};

static void net_init(struct net *n, enum fcsim_topology_kind kind, int ndims, const int *dims, int dateline)
{
  memset(n, 0, sizeof *n);
  ts_params_init(&n->p, kind, ndims, dims);
  n->p.dateline = dateline;
  assert_int_equal(fcsim_topo_init(&n->t, &n->p, NULL), 0);
}

static const char *const algorithms[] = {"dor", "romm", "o1turn", "rlb", "ccar", "offline"};
#define NALGO (sizeof algorithms / sizeof *algorithms)

/* One topology of the matrix. */
struct shape {
  enum fcsim_topology_kind kind;
  int ndims;
  int dims[FCSIM_MAX_DIMS];
};

static const struct shape shapes[] = {
    {FCSIM_TOPO_TORUS, 1, {2}},
    {FCSIM_TOPO_TORUS, 1, {3}},
    {FCSIM_TOPO_TORUS, 1, {4}},
    {FCSIM_TOPO_TORUS, 1, {5}},
    {FCSIM_TOPO_TORUS, 1, {16}},
    {FCSIM_TOPO_TORUS, 2, {2, 2}},
    {FCSIM_TOPO_TORUS, 2, {4, 4}},
    {FCSIM_TOPO_TORUS, 2, {3, 5}},
    {FCSIM_TOPO_TORUS, 2, {8, 8}},
    {FCSIM_TOPO_TORUS, 3, {2, 4, 8}},
    {FCSIM_TOPO_TORUS, 3, {3, 3, 3}},
    {FCSIM_TOPO_TORUS, 3, {4, 4, 4}},
    {FCSIM_TOPO_TORUS, 3, {8, 8, 8}},
    {FCSIM_TOPO_TORUS, 3, {5, 1, 6}},
    {FCSIM_TOPO_TORUS, 4, {3, 3, 3, 3}},
    {FCSIM_TOPO_TORUS, 4, {2, 3, 4, 5}},
    {FCSIM_TOPO_TORUS, 4, {4, 4, 4, 4}},
    {FCSIM_TOPO_TORUS, 5, {2, 3, 2, 3, 4}},
    {FCSIM_TOPO_TORUS, 6, {3, 2, 3, 2, 3, 4}},
    {FCSIM_TOPO_MESH, 1, {5}},
    {FCSIM_TOPO_MESH, 2, {4, 4}},
    {FCSIM_TOPO_MESH, 2, {3, 5}},
    {FCSIM_TOPO_MESH, 3, {2, 4, 8}},
    {FCSIM_TOPO_MESH, 3, {4, 4, 4}},
    {FCSIM_TOPO_MESH, 4, {3, 3, 3, 3}},
    {FCSIM_TOPO_MESH, 6, {2, 3, 2, 2, 3, 2}},
};
#define NSHAPE (sizeof shapes / sizeof *shapes)

static void shape_name(const struct shape *s, char *buf, size_t size)
{
  int n = snprintf(buf, size, "%s ", s->kind == FCSIM_TOPO_TORUS ? "torus" : "mesh");
  for (int d = 0; d < s->ndims; d++)
    n += snprintf(buf + n, size - (size_t)n, "%s%d", d ? "x" : "", s->dims[d]);
}

/* Every algorithm x every shape, dateline on: acyclic, the whole network
 * explored, and the algorithm's own check agrees. */
static void test_all_acyclic(void **state)
{
  for (size_t i = 0; i < NSHAPE; i++) {
    struct net n;
    char name[64], cycle[512];
    net_init(&n, shapes[i].kind, shapes[i].ndims, shapes[i].dims, 1);
    shape_name(&shapes[i], name, sizeof name);
    int64_t links = fcsim_topo_channels(&n.t);
    for (size_t a = 0; a < NALGO; a++) {
      const struct fcsim_routing_ops *ops = fcsim_routing_find(algorithms[a]);
      struct fcsim_cdg_result r;
      int rc = fcsim_cdg_analyse(&n.t, &n.p, ops, &r, cycle, sizeof cycle);
      if (rc)
        fail_msg("%s on %s: rc %d, cycle %s", ops->name, name, rc, cycle);
      assert_int_equal(r.cycle_length, 0);
      /* every link is used, in at least one class */
      if (r.channels < links)
        fail_msg("%s on %s: %lld channels reached, %lld links", ops->name, name, (long long)r.channels,
                 (long long)links);
      struct fcsim_error err = {0};
      int want = (!strcmp(ops->name, "o1turn") && n.t.ndims > 5) || (!strcmp(ops->name, "offline") && n.t.ndims > 3)
                     ? FCSIM_ECOMBINATION
                     : 0;
      assert_int_equal(ops->check(&n.t, &n.p, &err), want);
      print_message("  %-8s %-18s %7lld channels %8lld dependencies: acyclic\n", ops->name, name, (long long)r.channels,
                    (long long)r.edges);
    }
    fcsim_topo_destroy(&n.t);
  }
}

/* DOR in every order of a 3D torus is acyclic too. */
static void test_dor_orders(void **state)
{
  static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){4, 3, 5}, 1);
  for (int i = 0; i < 6; i++) {
    memcpy(n.p.dim_order, orders[i], sizeof orders[i]);
    assert_int_equal(fcsim_cdg_check(&n.t, &n.p, fcsim_routing_find("dor"), NULL, 0), 0);
  }
  fcsim_topo_destroy(&n.t);
}

/* Without dateline classes every algorithm has a cycle on a torus (k >= 3);
 * on a ring it is the ring itself. */
static void test_dateline_off_rejected(void **state)
{
  static const struct shape tori[] = {{FCSIM_TOPO_TORUS, 1, {5}},
                                      {FCSIM_TOPO_TORUS, 2, {4, 4}},
                                      {FCSIM_TOPO_TORUS, 3, {2, 4, 8}},
                                      {FCSIM_TOPO_TORUS, 3, {4, 4, 4}}};
  for (size_t i = 0; i < sizeof tori / sizeof *tori; i++) {
    struct net n;
    char cycle[512];
    net_init(&n, tori[i].kind, tori[i].ndims, tori[i].dims, 0);
    for (size_t a = 0; a < NALGO; a++) {
      const struct fcsim_routing_ops *ops = fcsim_routing_find(algorithms[a]);
      struct fcsim_cdg_result r;
      assert_int_equal(fcsim_cdg_analyse(&n.t, &n.p, ops, &r, cycle, sizeof cycle), FCSIM_ECOMBINATION);
      assert_true(r.cycle_length >= 2);
      assert_non_null(strstr(cycle, " -> "));
      if (i == 0) {
        assert_int_equal(r.cycle_length, 5);
        assert_true(strstr(cycle, "x+") || strstr(cycle, "x-"));
      }
    }
    fcsim_topo_destroy(&n.t);
  }
}

/* The seed's six forbidden turns alone (generalised: after d-, no turn into
 * a lower dimension), without fcsim's dateline rule: a minimal adaptive
 * routing with just that rule. */
static uint32_t seed_only_outputs(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                  int cls)
{
  uint32_t links = fcsim_turns_links(t, node), m = 0;
  if (in < 0 || in >= t->nports)
    return links;
  int dir = in ^ 1, d = dir >> 1;
  int crossed = fcsim_turns_crossed(t, p, in, cls);
  for (int q = 0; q < t->nports; q++) {
    if (!(links >> q & 1) || q == in)
      continue;
    if (q == dir) {
      if (!(crossed && fcsim_topo_crosses_dateline(t, node, q)))
        m |= 1u << q;
    } else if (!((dir & 1) && (q >> 1) < d)) {
      m |= 1u << q;
    }
  }
  return m;
}

static const struct fcsim_routing_ops seed_only = {
    .name = "seed-turns-only", .version = 1, .outputs = seed_only_outputs};

/* No turn restriction at all: minimal fully adaptive. */
static uint32_t free_outputs(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in, int cls)
{
  return fcsim_turns_links(t, node);
}

static const struct fcsim_routing_ops free_adaptive = {.name = "free-adaptive", .version = 1, .outputs = free_outputs};

static void test_seed_turns_alone_cycle_on_torus(void **state)
{
  struct net n;
  char cycle[1024];
  struct fcsim_cdg_result r;
  /* on a mesh the six turns suffice */
  net_init(&n, FCSIM_TOPO_MESH, 3, (const int[]){4, 4, 4}, 1);
  assert_int_equal(fcsim_cdg_analyse(&n.t, &n.p, &seed_only, &r, cycle, sizeof cycle), 0);
  fcsim_topo_destroy(&n.t);
  /* on a torus the classes restart at every turn: a cycle winds round it */
  net_init(&n, FCSIM_TOPO_TORUS, 2, (const int[]){4, 4}, 1);
  assert_int_equal(fcsim_cdg_analyse(&n.t, &n.p, &seed_only, &r, cycle, sizeof cycle), FCSIM_ECOMBINATION);
  print_message("  seed turns alone, 4x4 torus: %d-channel cycle: %s\n", r.cycle_length, cycle);
  assert_non_null(strstr(cycle, "x"));
  assert_non_null(strstr(cycle, "y"));
  /* and it is not an artefact of the local rule: the diagonal cycle
   * (3,0)x+ (0,0)y+ (0,1)x+ (1,1)y+ (1,2)x+ (2,2)y+ (2,3)x+ (3,3)y+ is made
   * of dependencies each taken by a two-hop minimal route the six turns
   * allow (x+ then y+, or y+ then x+); fcsim's rule forbids the last one,
   * (3,3) -> (0,0) crossing the y dateline before finishing x */
  static const int hops[8][3] = {{3, 0, 0}, {0, 0, 2}, {0, 1, 0}, {1, 1, 2},
                                 {1, 2, 0}, {2, 2, 2}, {2, 3, 0}, {3, 3, 2}};
  int cls[8], forbidden_by_fcsim = 0;
  for (int i = 0; i < 8; i++) {
    int64_t u = hops[i][0] + 4 * hops[i][1];
    cls[i] = fcsim_turns_next_class(&n.t, &n.p, u, -1, hops[i][2], 0);
  }
  for (int i = 0; i < 8; i++) {
    int j = (i + 1) % 8;
    int64_t u = hops[i][0] + 4 * hops[i][1], v = n.t.neighbor[u * 4 + hops[i][2]];
    int64_t w = n.t.neighbor[v * 4 + hops[j][2]];
    assert_int_equal(v, hops[j][0] + 4 * hops[j][1]);
    assert_int_equal(fcsim_topo_distance(&n.t, u, w), 2); /* both hops minimal */
    int in = hops[i][2] ^ 1;
    assert_true(seed_only_outputs(&n.t, &n.p, v, in, cls[i]) >> hops[j][2] & 1);
    /* entering a new dimension restarts the class: the chain never needs a
     * second crossing of one dateline in one class */
    assert_int_equal(fcsim_turns_next_class(&n.t, &n.p, v, in, hops[j][2], cls[i]), cls[j]);
    forbidden_by_fcsim += fcsim_turns_forbidden(&n.t, &n.p, v, in, hops[j][2], cls[i]);
  }
  assert_int_equal(forbidden_by_fcsim, 1);
  fcsim_topo_destroy(&n.t);
}

static void test_free_adaptive_cycle_on_mesh(void **state)
{
  struct net n;
  char cycle[1024];
  net_init(&n, FCSIM_TOPO_MESH, 2, (const int[]){3, 3}, 1);
  assert_int_equal(fcsim_cdg_check(&n.t, &n.p, &free_adaptive, cycle, sizeof cycle), FCSIM_ECOMBINATION);
  /* a cycle of turns in a mesh closes in at least 4 channels */
  assert_non_null(strstr(cycle, "y"));
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_routing_check_cdg(&free_adaptive, &n.t, &n.p, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "routing.algorithm = free-adaptive"));
  assert_non_null(strstr(err.msg, " -> "));
  fcsim_topo_destroy(&n.t);
  /* an algorithm without a local rule cannot be checked */
  static const struct fcsim_routing_ops none = {.name = "none", .version = 1};
  net_init(&n, FCSIM_TOPO_MESH, 1, (const int[]){3}, 1);
  assert_int_equal(fcsim_cdg_check(&n.t, &n.p, &none, NULL, 0), FCSIM_EINVAL);
  fcsim_topo_destroy(&n.t);
}

/* routing.turn_rule = seed-escape: the seed's six turns alone route the
 * adaptive VCs (cyclic on a torus), the exclusive VCs form a DOR escape
 * network; the check accepts it only with that network acyclic from every
 * channel and with the VCs it needs. */
static const struct fcsim_routing_ops seed_rule_ops = {
    .name = "seed-rule", .version = 1, .outputs = fcsim_turns_outputs_seed};

static void test_seed_escape(void **state)
{
  struct net n;
  char cycle[1024];
  struct fcsim_cdg_result r;
  struct fcsim_error err = {0};
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){4, 4, 4}, 1);
  n.p.vcs = 9;
  n.p.turn_rule = FCSIM_TURN_SEED_ESCAPE;
  /* the library's rule of the six turns is the test's own reading of them */
  for (int64_t v = 0; v < n.t.nodes; v++)
    for (int in = -1; in < n.t.nports; in++)
      for (int cls = 0; cls < 2; cls++)
        assert_int_equal(fcsim_turns_outputs_seed(&n.t, &n.p, v, in, cls) & ~(in >= 0 ? 1u << in : 0),
                         seed_only_outputs(&n.t, &n.p, v, in, cls) & ~(in >= 0 ? 1u << in : 0));
  /* alone it is cyclic on a torus ... */
  assert_int_equal(fcsim_cdg_analyse(&n.t, &n.p, &seed_rule_ops, &r, cycle, sizeof cycle), FCSIM_ECOMBINATION);
  /* ... the escape network (DOR with the dateline) is acyclic from every
   * channel in both classes, so the three minimal algorithms pass */
  assert_int_equal(fcsim_cdg_analyse_all(&n.t, &n.p, fcsim_routing_find("dor"), &r, cycle, sizeof cycle), 0);
  assert_int_equal(r.channels, n.t.nodes * n.t.nports * 2);
  for (const char *const *a = (const char *const[]){"romm", "ccar", "o1turn", NULL}; *a; a++) {
    const struct fcsim_routing_ops *ops = fcsim_routing_find(*a);
    assert_true(ops->turn_rule);
    if (ops->check(&n.t, &n.p, &err))
      fail_msg("%s: %s", *a, err.msg);
  }
  /* without the dateline the escape network is a ring: a cycle */
  n.p.dateline = 0;
  assert_int_equal(fcsim_cdg_analyse_all(&n.t, &n.p, fcsim_routing_find("dor"), &r, cycle, sizeof cycle),
                   FCSIM_ECOMBINATION);
  n.p.dateline = 1;
  /* too few VCs for an escape pair and an adaptive VC, or split classes */
  n.p.vcs = 2;
  assert_int_equal(fcsim_routing_find("romm")->check(&n.t, &n.p, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "seed-escape"));
  n.p.vcs = 9;
  n.p.vc_split = 1;
  assert_int_equal(fcsim_routing_find("ccar")->check(&n.t, &n.p, &err), FCSIM_ECOMBINATION);
  n.p.vc_split = 0;
  /* the seed's rule lets a plus dimension whose route wraps go first, and
   * every route it builds hop by hop is minimal and within the six turns */
  int wider = 0;
  for (int64_t s = 0; s < n.t.nodes; s++)
    for (int64_t d = 0; d < n.t.nodes; d++) {
      if (s == d)
        continue;
      int ports[FCSIM_MAX_DIMS], fp[FCSIM_MAX_DIMS];
      int ns = fcsim_turns_minimal_ports_rule(&n.t, 1, s, d, ports);
      int nf = fcsim_turns_minimal_ports_rule(&n.t, 0, s, d, fp);
      assert_true(ns >= nf);
      wider += ns > nf;
      int64_t at = s;
      int in = -1, cls = 0, hops = 0, dist = fcsim_topo_distance(&n.t, s, d);
      while (at != d) {
        int np = fcsim_turns_minimal_ports_rule(&n.t, 1, at, d, ports);
        assert_true(np >= 1);
        int out = ports[(s + d + hops) % np];
        assert_true(fcsim_turns_outputs_seed(&n.t, &n.p, at, in, cls) >> out & 1);
        cls = fcsim_turns_next_class(&n.t, &n.p, at, in, out, cls);
        at = n.t.neighbor[at * n.t.nports + out];
        in = out ^ 1;
        hops++;
      }
      assert_int_equal(hops, dist);
    }
  assert_true(wider > 0);
  fcsim_topo_destroy(&n.t);
}

/* A truncated cycle text stays a terminated string. */
static void test_cycle_text_truncated(void **state)
{
  struct net n;
  char small[24];
  net_init(&n, FCSIM_TOPO_TORUS, 1, (const int[]){64}, 0);
  assert_int_equal(fcsim_cdg_check(&n.t, &n.p, fcsim_routing_find("dor"), small, sizeof small), FCSIM_ECOMBINATION);
  assert_true(strlen(small) < sizeof small);
  assert_true(strncmp(small, "(", 1) == 0);
  fcsim_topo_destroy(&n.t);
}

/* Sim creation runs the check: dateline = off is let through (the key is
 * there to study deadlock), a valid combination passes. */
static void test_sim_create_runs_check(void **state)
{
  for (size_t a = 0; a < NALGO; a++) {
    char alg[64];
    snprintf(alg, sizeof alg, "routing.algorithm=%s", algorithms[a]);
    const char *sets[][3] = {{"network.dims=2x4x8", alg, NULL}, {"router.dateline=off", alg, NULL}};
    for (int i = 0; i < 2; i++) {
      struct fcsim_config *cfg = fcsim_config_create();
      struct fcsim_error err = {0};
      struct fcsim_sim *sim = NULL;
      for (int k = 0; sets[i][k]; k++)
        assert_int_equal(fcsim_config_set_assignment(cfg, sets[i][k], "test", &err), 0);
      if (fcsim_sim_create(cfg, &sim, &err))
        fail_msg("%s: %s", alg, err.msg);
      fcsim_sim_destroy(sim);
      fcsim_config_destroy(cfg);
    }
  }
  /* o1turn on 6 dimensions: refused at creation with the key named */
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(fcsim_config_set_assignment(cfg, "routing.algorithm=o1turn", "test", &err), 0);
  assert_int_equal(fcsim_config_set_assignment(cfg, "network.dims=2x2x2x2x2x2", "test", &err), 0);
  assert_int_equal(fcsim_sim_create(cfg, &sim, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "routing.algorithm = o1turn"));
  fcsim_config_destroy(cfg);
}

/* The check is linear: a 32x32x32 torus (786k channel-classes) in well under
 * a second in Release (the bound here allows for the sanitizers). */
static void test_large_torus_fast(void **state)
{
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (const int[]){32, 32, 32}, 1);
  for (size_t a = 0; a < NALGO; a++) {
    const struct fcsim_routing_ops *ops = fcsim_routing_find(algorithms[a]);
    struct timespec t0, t1;
    struct fcsim_cdg_result r;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(fcsim_cdg_analyse(&n.t, &n.p, ops, &r, NULL, 0), 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    print_message("  %-8s 32x32x32 torus: %lld channels, %lld dependencies, %.3f s\n", ops->name, (long long)r.channels,
                  (long long)r.edges, s);
    assert_true(s < 5.0);
  }
  fcsim_topo_destroy(&n.t);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_all_acyclic),
      cmocka_unit_test(test_dor_orders),
      cmocka_unit_test(test_dateline_off_rejected),
      cmocka_unit_test(test_seed_turns_alone_cycle_on_torus),
      cmocka_unit_test(test_free_adaptive_cycle_on_mesh),
      cmocka_unit_test(test_seed_escape),
      cmocka_unit_test(test_cycle_text_truncated),
      cmocka_unit_test(test_sim_create_runs_check),
      cmocka_unit_test(test_large_torus_fast),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
