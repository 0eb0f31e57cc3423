/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of offline collective routing (src/collective): the Fig. 4.12
 * bit layouts on hand-made entries; OCR and RPM trees on tori and meshes
 * (trees, spanning exactly the destinations, minimal, legal under the turn
 * model, acyclic channel dependencies); the k/2 tie rule; OCR's choices of
 * seed Figs. 5.18-5.19 (fewer links, the less loaded link); table round
 * trips (write, read back, walk = same deliveries; reductions sum once at
 * the root); entry counting and the limits of the formats. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "collective/collective.h"
#include "config/config.h"
#include "topo/topo.h"
#include "test_support.h"

/* A network under test. */
struct net {
  struct fcsim_params p; /* parameters (topology, dims) */
  struct fcsim_topo t;   /* geometry */
};

static void net_init(struct net *n, enum fcsim_topology_kind kind, int ndims, const int *dims)
{
  memset(n, 0, sizeof *n);
  ts_params_init(&n->p, kind, ndims, dims);
  assert_int_equal(fcsim_topo_init(&n->t, &n->p, NULL), 0);
}

static int64_t node_of(const struct fcsim_topo *t, const int *c)
{
  int64_t id = 0;
  for (int d = 0; d < t->ndims; d++)
    id += (int64_t)c[d] * t->stride[d];
  return id;
}

/* ------------------------------------------------------------ bit layouts */

static void test_bit_layouts(void **state)
{
  (void)state;
  struct fcsim_coll_uentry u = {FCSIM_COLL_T_MULTICAST, 5, 0x1234, 0x56}, u2;
  assert_int_equal(fcsim_coll_uentry_pack(&u), 0x25123456u);
  fcsim_coll_uentry_unpack(0x3F00FF07u, &u2);
  assert_int_equal(u2.type, 3);
  assert_int_equal(u2.port, 15);
  assert_int_equal(u2.next, 0x00FF);
  assert_int_equal(u2.priority, 7);

  struct fcsim_coll_mentry m = {3, {1, 15, 4}, {0x0001, 0xBEEF, 0x00FF}}, m2;
  uint64_t w[2];
  fcsim_coll_mentry_pack(&m, w);
  /* 1st child at [19:0], 2nd at [39:20], 3rd at [59:40]; count at [122:120] */
  uint64_t w0 = 0x10001ULL | (0xFBEEFULL << 20) | (0x400FFULL << 40);
  assert_true(w[0] == w0);
  assert_true(w[1] == (3ULL << 56));
  /* a 6th child straddles the two words: bits 100-119 */
  struct fcsim_coll_mentry six = {6, {0, 1, 2, 3, 4, 5}, {1, 2, 3, 4, 5, 0xABCD}};
  fcsim_coll_mentry_pack(&six, w);
  assert_true(w[1] >> 56 == 6);
  assert_true(((w[1] >> 36) & 0xFFFFF) == 0x5ABCD);
  fcsim_coll_mentry_unpack(w, &m2);
  assert_int_equal(m2.count, 6);
  for (int i = 0; i < 6; i++) {
    assert_int_equal(m2.port[i], six.port[i]);
    assert_int_equal(m2.next[i], six.next[i]);
  }
  struct fcsim_coll_rentry r = {5, 0xABCD}, r2;
  assert_int_equal(fcsim_coll_rentry_pack(&r), 0x5ABCDu);
  fcsim_coll_rentry_unpack(0x7FFFFu, &r2);
  assert_int_equal(r2.expected, 7);
  assert_int_equal(r2.next, 0xFFFF);
}

/* ------------------------------------------------------------------ trees */

/* Every property a tree must have, for one source and destination list. */
static void check_tree(const struct fcsim_topo *t, const struct fcsim_coll_tree *tr, const int64_t *dst, int64_t n)
{
  uint8_t *want = calloc((size_t)t->nodes, 1);
  assert_non_null(want);
  for (int64_t i = 0; i < n; i++)
    want[dst[i]] = 1;
  assert_int_equal(tr->ndst, n);
  int ports[FCSIM_MAX_PORTS];
  for (int64_t v = 0; v < t->nodes; v++) {
    if (tr->is_dst[v] != want[v])
      fail_msg("tree of %lld: node %lld delivered %d, wanted %d", (long long)tr->src, (long long)v, tr->is_dst[v],
               want[v]);
    if (tr->via[v] == FCSIM_COLL_NOT_IN_TREE)
      continue;
    int depth = fcsim_coll_tree_depth(t, tr, v);
    if (depth < 0)
      fail_msg("tree of %lld: node %lld is not connected to the root", (long long)tr->src, (long long)v);
    if (want[v] && depth != fcsim_topo_distance(t, tr->src, v))
      fail_msg("tree of %lld: destination %lld at depth %d, distance %d", (long long)tr->src, (long long)v, depth,
               fcsim_topo_distance(t, tr->src, v));
    if (!want[v] && v != tr->src && fcsim_coll_tree_children(t, tr, v, ports) == 0)
      fail_msg("tree of %lld: useless branch ends at %lld", (long long)tr->src, (long long)v);
  }
  free(want);
}

/* Builds every tree of a pattern, checks each, then the set. */
static void check_pattern(const struct net *n, const char *pattern, enum fcsim_coll_algorithm alg, int64_t subset)
{
  const struct fcsim_topo *t = &n->t;
  struct fcsim_coll_pattern pat;
  struct fcsim_error err = {0};
  if (fcsim_coll_pattern_build(&pat, t, pattern, subset, 5, 0, &err))
    fail_msg("%s", err.msg);
  struct fcsim_coll_router r;
  assert_int_equal(fcsim_coll_router_init(&r, t, alg, &err), 0);
  struct fcsim_coll_tree *trees = calloc((size_t)t->nodes, sizeof *trees);
  for (int64_t s = 0; s < t->nodes; s++) {
    const int64_t *d = pat.dst + pat.start[s];
    int64_t nd = pat.start[s + 1] - pat.start[s];
    if (fcsim_coll_tree_build(&r, s, d, nd, &trees[s], &err))
      fail_msg("%s %s: %s", pattern, alg == FCSIM_COLL_OCR ? "ocr" : "rpm", err.msg);
    check_tree(t, &trees[s], d, nd);
  }
  if (fcsim_coll_trees_check(t, trees, t->nodes, &err))
    fail_msg("%s %s: %s", pattern, alg == FCSIM_COLL_OCR ? "ocr" : "rpm", err.msg);
  for (int64_t s = 0; s < t->nodes; s++)
    fcsim_coll_tree_destroy(&trees[s]);
  free(trees);
  fcsim_coll_router_destroy(&r);
  fcsim_coll_pattern_destroy(&pat);
}

static void test_trees_all_patterns(void **state)
{
  (void)state;
  static const struct {
    enum fcsim_topology_kind kind;
    int ndims, dims[3];
  } nets[] = {
      {FCSIM_TOPO_TORUS, 3, {4, 4, 4}}, {FCSIM_TOPO_TORUS, 3, {2, 4, 8}}, {FCSIM_TOPO_MESH, 3, {4, 4, 4}},
      {FCSIM_TOPO_TORUS, 2, {8, 8, 0}}, {FCSIM_TOPO_MESH, 2, {4, 8, 0}},  {FCSIM_TOPO_TORUS, 1, {8, 0, 0}},
  };
  const char *pats[] = {"all-to-all", "cube-nn", "bitrot", "random-subset"};
  for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
    struct net n;
    net_init(&n, nets[i].kind, nets[i].ndims, nets[i].dims);
    for (size_t k = 0; k < 4; k++)
      for (int alg = 0; alg < 2; alg++)
        check_pattern(&n, pats[k], (enum fcsim_coll_algorithm)alg, n.t.nodes / 3);
    fcsim_topo_destroy(&n.t);
  }
}

/* The checker is not a rubber stamp: a tree going z- then x+ breaks the
 * turn rule, and it says so. */
static void test_check_rejects_bad_turn(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  const struct fcsim_topo *t = &n.t;
  struct fcsim_coll_tree tr = {0};
  tr.via = malloc((size_t)t->nodes);
  tr.is_dst = calloc((size_t)t->nodes, 1);
  memset(tr.via, FCSIM_COLL_NOT_IN_TREE, (size_t)t->nodes);
  int64_t a = node_of(t, (int[]){1, 1, 2}), b = node_of(t, (int[]){1, 1, 1}), c = node_of(t, (int[]){2, 1, 1});
  tr.src = a;
  tr.via[a] = FCSIM_COLL_ROOT;
  tr.via[b] = 5; /* z- */
  tr.via[c] = 0; /* then x+ */
  tr.is_dst[c] = 1;
  tr.ndst = 1;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_coll_trees_check(t, &tr, 1, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "forbidden"));
  /* x+ then z- is allowed: (1,1,2) -> (2,1,2) -> (2,1,1) */
  int64_t m = node_of(t, (int[]){2, 1, 2});
  tr.via[b] = FCSIM_COLL_NOT_IN_TREE;
  tr.via[m] = 0; /* x+ */
  tr.via[c] = 5; /* then z- */
  assert_int_equal(fcsim_coll_trees_check(t, &tr, 1, &err), 0);
  fcsim_coll_tree_destroy(&tr);
  fcsim_topo_destroy(&n.t);
}

/* A node exactly k/2 away is reached over the plus links. */
static void test_tie_goes_plus(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 1, (int[]){8});
  struct fcsim_coll_router r;
  struct fcsim_coll_tree tr;
  assert_int_equal(fcsim_coll_router_init(&r, &n.t, FCSIM_COLL_OCR, NULL), 0);
  int64_t dst = 4;
  assert_int_equal(fcsim_coll_tree_build(&r, 0, &dst, 1, &tr, NULL), 0);
  for (int64_t v = 1; v <= 4; v++)
    assert_int_equal(tr.via[v], 0); /* x+ */
  for (int64_t v = 5; v < 8; v++)
    assert_int_equal(tr.via[v], FCSIM_COLL_NOT_IN_TREE);
  fcsim_coll_tree_destroy(&tr);
  fcsim_coll_router_destroy(&r);
  fcsim_topo_destroy(&n.t);
}

static int root_children(struct fcsim_coll_router *r, int64_t src, const int64_t *dst, int64_t n, int *ports)
{
  struct fcsim_coll_tree tr;
  assert_int_equal(fcsim_coll_tree_build(r, src, dst, n, &tr, NULL), 0);
  int c = fcsim_coll_tree_children(r->topo, &tr, src, ports);
  fcsim_coll_tree_destroy(&tr);
  return c;
}

/* Fig. 5.18a/b: dst0 north-east and dst1 south-east of the source. RPM goes
 * north and south (two links); OCR goes east once and splits there. In 3D
 * (Fig. 5.19) OCR picks the partition with the fewest outbound links. */
static void test_ocr_fewer_links(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 2, (int[]){8, 8});
  struct fcsim_coll_router ocr, rpm;
  assert_int_equal(fcsim_coll_router_init(&ocr, &n.t, FCSIM_COLL_OCR, NULL), 0);
  assert_int_equal(fcsim_coll_router_init(&rpm, &n.t, FCSIM_COLL_RPM, NULL), 0);
  int64_t src = node_of(&n.t, (int[]){3, 3});
  int64_t dst[2] = {node_of(&n.t, (int[]){4, 4}), node_of(&n.t, (int[]){2, 4})};
  int ports[FCSIM_MAX_PORTS];
  assert_int_equal(root_children(&ocr, src, dst, 2, ports), 1);
  assert_int_equal(ports[0], 2); /* y+ (East) */
  assert_int_equal(root_children(&rpm, src, dst, 2, ports), 2);
  fcsim_coll_router_destroy(&ocr);
  fcsim_coll_router_destroy(&rpm);
  fcsim_topo_destroy(&n.t);

  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  assert_int_equal(fcsim_coll_router_init(&ocr, &n.t, FCSIM_COLL_OCR, NULL), 0);
  assert_int_equal(fcsim_coll_router_init(&rpm, &n.t, FCSIM_COLL_RPM, NULL), 0);
  src = node_of(&n.t, (int[]){1, 1, 1});
  int64_t d3[3] = {node_of(&n.t, (int[]){2, 2, 1}), node_of(&n.t, (int[]){0, 2, 1}), node_of(&n.t, (int[]){0, 2, 2})};
  assert_int_equal(root_children(&ocr, src, d3, 3, ports), 1);
  assert_int_equal(ports[0], 2); /* y+ */
  assert_int_equal(root_children(&rpm, src, d3, 3, ports), 2);
  fcsim_coll_router_destroy(&ocr);
  fcsim_coll_router_destroy(&rpm);
  fcsim_topo_destroy(&n.t);
}

/* Builds every all-to-all tree on 4x4x4 with `alg`; returns the busiest
 * link's tree edges. */
static int64_t ata_busiest(enum fcsim_coll_algorithm alg, int free_turns)
{
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  const struct fcsim_topo *t = &n.t;
  struct fcsim_coll_pattern pat;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_coll_pattern_build(&pat, t, "all-to-all", 0, 5, 0, &err), 0);
  struct fcsim_coll_router r;
  assert_int_equal(fcsim_coll_router_init(&r, t, alg, &err), 0);
  r.free_turns = free_turns;
  for (int64_t s = 0; s < t->nodes; s++) {
    struct fcsim_coll_tree tr;
    const int64_t *d = pat.dst + pat.start[s];
    int64_t nd = pat.start[s + 1] - pat.start[s];
    if (fcsim_coll_tree_build(&r, s, d, nd, &tr, &err))
      fail_msg("%s", err.msg);
    check_tree(t, &tr, d, nd);
    fcsim_coll_tree_destroy(&tr);
  }
  int64_t most = 0;
  for (int64_t i = 0; i < t->nodes * t->nports; i++)
    most = r.load[i] > most ? r.load[i] : most;
  fcsim_coll_router_destroy(&r);
  fcsim_coll_pattern_destroy(&pat);
  fcsim_topo_destroy(&n.t);
  return most;
}

/* voq.tree_turns = free (seed 000 Algorithms 6-7 have no turn rule): OCR's
 * load-aware partition spreads the all-to-all trees over the three
 * dimensions, RPM's fixed priority (load-blind) keeps splitting across x
 * first, so OCR's busiest link carries fewer tree edges (26 against 32).
 * Under the turn rule both build the same trees. */
static void test_free_turns_load_aware(void **state)
{
  (void)state;
  assert_int_equal(ata_busiest(FCSIM_COLL_RPM, 1), 32);
  assert_int_equal(ata_busiest(FCSIM_COLL_OCR, 0), 32);
  assert_int_equal(ata_busiest(FCSIM_COLL_OCR, 1), 26);
}

/* Fig. 5.18c/d: with North and East both needed, the corner joins the less
 * loaded link (ties go North); RPM ignores load. */
static void test_ocr_less_loaded_link(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_MESH, 2, (int[]){5, 5});
  struct fcsim_coll_router r;
  struct fcsim_coll_tree tr;
  int64_t src = node_of(&n.t, (int[]){2, 2}), ne = node_of(&n.t, (int[]){3, 3});
  int64_t dst[3] = {node_of(&n.t, (int[]){3, 2}), node_of(&n.t, (int[]){2, 3}), ne};
  for (int alg = 0; alg < 2; alg++) {
    for (int loaded = 0; loaded < 2; loaded++) {
      assert_int_equal(fcsim_coll_router_init(&r, &n.t, (enum fcsim_coll_algorithm)alg, NULL), 0);
      r.load[src * n.t.nports + 0] = loaded ? 10 : 0; /* North = x+ */
      assert_int_equal(fcsim_coll_tree_build(&r, src, dst, 3, &tr, NULL), 0);
      int via_east = tr.via[ne] == 0; /* reached from (2,3) over x+ */
      assert_int_equal(via_east, alg == FCSIM_COLL_OCR && loaded);
      fcsim_coll_tree_destroy(&tr);
      fcsim_coll_router_destroy(&r);
    }
  }
  fcsim_topo_destroy(&n.t);
}

/* ----------------------------------------------------------------- tables */

static void build_all(const struct net *n, const char *pattern, enum fcsim_coll_algorithm alg, enum fcsim_coll_op op,
                      int64_t subset, struct fcsim_coll_tables *tab)
{
  struct fcsim_coll_pattern pat;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_coll_pattern_build(&pat, &n->t, pattern, subset, 3, 0, &err), 0);
  struct fcsim_coll_router r;
  assert_int_equal(fcsim_coll_router_init(&r, &n->t, alg, &err), 0);
  struct fcsim_coll_tree *trees = calloc((size_t)n->t.nodes, sizeof *trees);
  int64_t nt = 0;
  for (int64_t s = 0; s < n->t.nodes; s++)
    if (pat.start[s + 1] > pat.start[s])
      assert_int_equal(
          fcsim_coll_tree_build(&r, s, pat.dst + pat.start[s], pat.start[s + 1] - pat.start[s], &trees[nt++], &err), 0);
  if (fcsim_coll_tables_build(&n->t, trees, nt, op, tab, &err))
    fail_msg("%s", err.msg);
  for (int64_t i = 0; i < nt; i++)
    fcsim_coll_tree_destroy(&trees[i]);
  free(trees);
  fcsim_coll_router_destroy(&r);
  fcsim_coll_pattern_destroy(&pat);
}

/* Walks every collective of `tab`; checks deliveries against the start's
 * destination list when it has one (built tables; read-back multicast
 * starts carry only root and index). */
static void walk_all(const struct fcsim_coll_tables *tab, int64_t **out)
{
  *out = calloc((size_t)(tab->nstart * tab->nodes), sizeof **out);
  struct fcsim_error err = {0};
  for (int64_t i = 0; i < tab->nstart; i++) {
    const struct fcsim_coll_start *s = &tab->start[i];
    int64_t *del = *out + i * tab->nodes;
    if (tab->op == FCSIM_COLL_MULTICAST) {
      if (fcsim_coll_walk_multicast(tab, s->root, s->index, del, &err))
        fail_msg("%s", err.msg);
      int64_t ndel = 0;
      for (int64_t k = 0; k < s->ncontrib; k++)
        assert_int_equal(del[s->contrib[k]], 1);
      for (int64_t v = 0; v < tab->nodes; v++)
        ndel += del[v];
      if (s->ncontrib)
        assert_int_equal(ndel, s->ncontrib);
      else
        assert_true(ndel > 0);
    } else {
      int64_t root, sum, want = 0;
      if (fcsim_coll_walk_reduction(tab, s, &root, &sum, &err))
        fail_msg("%s", err.msg);
      for (int64_t k = 0; k < s->ncontrib; k++)
        want += s->contrib[k] + 1;
      assert_int_equal(root, s->root);
      assert_int_equal(sum, want);
      del[root] = sum;
    }
  }
}

static char *temp_dir(void)
{
  char *d = ts_temp_dir("fcsim_coll");
  assert_non_null(d);
  return d;
}

static void remove_dir(const char *dir, int64_t nodes)
{
  char path[512];
  static const char *const names[] = {"unicast", "multicast", "reduction"};
  for (int64_t v = 0; v < nodes; v++)
    for (int k = 0; k < 6; k++) {
      snprintf(path, sizeof path, "%s/node%lld.%s.%s", dir, (long long)v, names[k / 2], k & 1 ? "bin" : "hex");
      remove(path);
    }
  snprintf(path, sizeof path, "%s/tables.json", dir);
  remove(path);
  rmdir(dir);
}

static void round_trip(const struct net *n, const char *pattern, enum fcsim_coll_algorithm alg, enum fcsim_coll_op op)
{
  struct fcsim_coll_tables tab, back;
  struct fcsim_error err = {0};
  build_all(n, pattern, alg, op, 7, &tab);
  char *dir = temp_dir();
  if (fcsim_coll_tables_write(&tab, &n->t, dir, "test", &err))
    fail_msg("%s", err.msg);
  if (fcsim_coll_tables_read(&back, dir, 0, &err))
    fail_msg("%s", err.msg);
  assert_int_equal(back.nstart, tab.nstart);
  assert_int_equal(back.op, tab.op);
  for (int64_t v = 0; v < tab.nodes; v++) {
    assert_int_equal(back.node[v].nu, tab.node[v].nu);
    assert_int_equal(back.node[v].nm, tab.node[v].nm);
    assert_int_equal(back.node[v].nr, tab.node[v].nr);
    for (int64_t i = 0; i < tab.node[v].nu; i++)
      assert_int_equal(fcsim_coll_uentry_pack(&back.node[v].u[i]), fcsim_coll_uentry_pack(&tab.node[v].u[i]));
  }
  int64_t *a, *b;
  walk_all(&tab, &a);
  walk_all(&back, &b);
  assert_memory_equal(a, b, (size_t)(tab.nstart * tab.nodes) * sizeof *a);
  free(a), free(b);
  remove_dir(dir, tab.nodes);
  free(dir);
  fcsim_coll_tables_destroy(&tab);
  fcsim_coll_tables_destroy(&back);
}

static void test_round_trip(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  const char *pats[] = {"all-to-all", "cube-nn", "bitrot", "random-subset"};
  for (int k = 0; k < 4; k++) /* both algorithms and operations; the in-memory walks cover the rest */
    round_trip(&n, pats[k], (enum fcsim_coll_algorithm)(k & 1), (enum fcsim_coll_op)((k >> 1) & 1));
  round_trip(&n, "all-to-all", FCSIM_COLL_OCR, FCSIM_COLL_REDUCTION);
  round_trip(&n, "bitrot", FCSIM_COLL_RPM, FCSIM_COLL_MULTICAST);
  fcsim_topo_destroy(&n.t);
  net_init(&n, FCSIM_TOPO_MESH, 2, (int[]){3, 5});
  round_trip(&n, "all-to-all", FCSIM_COLL_OCR, FCSIM_COLL_MULTICAST);
  round_trip(&n, "all-to-all", FCSIM_COLL_OCR, FCSIM_COLL_REDUCTION);
  fcsim_topo_destroy(&n.t);
}

/* Table 5.7 counting on 4x4x4 all-to-all: each node lies on all 64 trees,
 * so one entry per tree is 64 unicast entries, and one reduction entry per
 * reduction (64 x 19 = 1216 bits); shared multicast entries take less. */
static void test_entry_counts(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  struct fcsim_coll_tables tab;
  build_all(&n, "all-to-all", FCSIM_COLL_OCR, FCSIM_COLL_MULTICAST, 0, &tab);
  for (int64_t v = 0; v < 64; v++) {
    assert_int_equal(tab.node[v].tree_u, 64);
    assert_true(tab.node[v].tree_m > 0 && tab.node[v].tree_m < 64);
    assert_true(fcsim_coll_multicast_table_bits(&tab, v) < fcsim_coll_unshared_table_bits(&tab, v));
    assert_int_equal(fcsim_coll_reduction_table_bits(&tab, v), 0);
  }
  fcsim_coll_tables_destroy(&tab);
  build_all(&n, "all-to-all", FCSIM_COLL_OCR, FCSIM_COLL_REDUCTION, 0, &tab);
  for (int64_t v = 0; v < 64; v++)
    assert_int_equal(fcsim_coll_reduction_table_bits(&tab, v), 64 * 19);
  fcsim_coll_tables_destroy(&tab);
  fcsim_topo_destroy(&n.t);
}

/* Limits of the formats: 3x3x3x3 broadcast needs 7 children somewhere (six
 * slots); a reduction with no contributor has nothing to expect. */
static void test_format_limits(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 4, (int[]){3, 3, 3, 3});
  struct fcsim_coll_router r;
  struct fcsim_coll_tree tr;
  struct fcsim_coll_tables tab;
  struct fcsim_error err = {0};
  int64_t *all = malloc((size_t)n.t.nodes * sizeof *all);
  for (int64_t v = 1; v < n.t.nodes; v++)
    all[v - 1] = v;
  assert_int_equal(fcsim_coll_router_init(&r, &n.t, FCSIM_COLL_OCR, NULL), 0);
  assert_int_equal(fcsim_coll_tree_build(&r, 0, all, n.t.nodes - 1, &tr, NULL), 0);
  assert_int_equal(fcsim_coll_tables_build(&n.t, &tr, 1, FCSIM_COLL_MULTICAST, &tab, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "at most 6"));
  fcsim_coll_tree_destroy(&tr);
  assert_int_equal(fcsim_coll_tree_build(&r, 0, all, 0, &tr, NULL), 0);
  fcsim_error_clear(&err);
  assert_int_equal(fcsim_coll_tables_build(&n.t, &tr, 1, FCSIM_COLL_REDUCTION, &tab, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "no contributing nodes"));
  fcsim_coll_tree_destroy(&tr);
  fcsim_coll_router_destroy(&r);
  free(all);
  fcsim_topo_destroy(&n.t);
}

/* Patterns: sizes of cube-nn on 4^3 and 8^3, bitrot rotations, files. */
static void test_patterns(void **state)
{
  (void)state;
  struct net n;
  struct fcsim_coll_pattern pat;
  struct fcsim_error err = {0};
  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  assert_int_equal(fcsim_coll_pattern_build(&pat, &n.t, "cube-nn", 0, 1, 0, &err), 0);
  assert_int_equal(pat.start[1] - pat.start[0], 26);
  fcsim_coll_pattern_destroy(&pat);
  assert_int_equal(fcsim_coll_pattern_build(&pat, &n.t, "bitrot", 0, 1, 0, &err), 0);
  /* node 1 = 000001: rotations 100000, 010000, 001000, 000100, 000010 */
  assert_int_equal(pat.start[2] - pat.start[1], 5);
  assert_int_equal(pat.dst[pat.start[1]], 2);
  assert_int_equal(pat.start[1] - pat.start[0], 0); /* node 0 rotates to itself */
  fcsim_coll_pattern_destroy(&pat);
  char *path = ts_write_temp("# comment\n3: 1, 2 7\n\n9:\n", ".txt");
  assert_int_equal(fcsim_coll_pattern_build(&pat, &n.t, path, 0, 1, 0, &err), 0);
  assert_int_equal(pat.start[4] - pat.start[3], 3);
  assert_int_equal(pat.line[3], 2);
  assert_int_equal(pat.line[9], 4);
  fcsim_coll_pattern_destroy(&pat);
  remove(path);
  free(path);
  path = ts_write_temp("3: 1\n4: 64\n", ".txt");
  assert_int_equal(fcsim_coll_pattern_build(&pat, &n.t, path, 0, 1, 0, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, ":2: destination node 64 is outside the network"));
  remove(path);
  free(path);
  fcsim_topo_destroy(&n.t);
  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){8, 8, 8});
  assert_int_equal(fcsim_coll_pattern_build(&pat, &n.t, "cube-nn", 0, 1, 0, &err), 0);
  assert_int_equal(pat.start[1] - pat.start[0], 124);
  fcsim_coll_pattern_destroy(&pat);
  fcsim_topo_destroy(&n.t);
}

/* Algorithm 6's tie breaks: one destination at (+1, 0, +1) needs one link
 * under every partition (x: x+; y: the plane's corner joins North = x+;
 * z: z+). With equal loads the variance ties too and the global
 * round-robin pointer decides: the first tied dimension at or after it.
 * A loaded x+ link gives the partitions using y+ the smaller variance. */
static void test_ocr_tie_breaks(void **state)
{
  (void)state;
  struct net n;
  net_init(&n, FCSIM_TOPO_TORUS, 3, (int[]){4, 4, 4});
  struct fcsim_coll_router r;
  int ports[FCSIM_MAX_PORTS];
  int64_t src = node_of(&n.t, (int[]){1, 1, 1}), dst = node_of(&n.t, (int[]){2, 1, 2});
  static const int want_port[3] = {0, 0, 4};
  for (int start = 0; start < 3; start++) {
    assert_int_equal(fcsim_coll_router_init(&r, &n.t, FCSIM_COLL_OCR, NULL), 0);
    r.rr = start;
    assert_int_equal(root_children(&r, src, &dst, 1, ports), 1);
    assert_int_equal(ports[0], want_port[start]);
    assert_int_not_equal(r.rr, start); /* a tie moved the pointer */
    fcsim_coll_router_destroy(&r);
  }
  assert_int_equal(fcsim_coll_router_init(&r, &n.t, FCSIM_COLL_OCR, NULL), 0);
  dst = node_of(&n.t, (int[]){2, 2, 1});
  r.load[src * n.t.nports + 0] = 5; /* x+ busy */
  assert_int_equal(root_children(&r, src, &dst, 1, ports), 1);
  assert_int_equal(ports[0], 2); /* y+ */
  fcsim_coll_router_destroy(&r);
  fcsim_topo_destroy(&n.t);
}

/* Random small tori and meshes, random destination sets: every tree keeps
 * its properties, the set passes the checks, and the tables deliver. */
static void test_random_networks(void **state)
{
  (void)state;
  uint64_t x = 12345;
  for (int round = 0; round < 40; round++) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    int ndims = 1 + (int)((x >> 33) % 3), dims[3];
    for (int d = 0; d < ndims; d++)
      dims[d] = 2 + (int)((x >> (40 + 5 * d)) % 4);
    struct net n;
    net_init(&n, (x >> 60) & 1 ? FCSIM_TOPO_MESH : FCSIM_TOPO_TORUS, ndims, dims);
    int64_t subset = 1 + (int64_t)((x >> 20) % (uint64_t)(n.t.nodes - 1));
    for (int alg = 0; alg < 2; alg++) {
      check_pattern(&n, "random-subset", (enum fcsim_coll_algorithm)alg, subset);
      struct fcsim_coll_tables tab;
      int64_t *del;
      build_all(&n, "random-subset", (enum fcsim_coll_algorithm)alg, FCSIM_COLL_MULTICAST, subset, &tab);
      walk_all(&tab, &del);
      free(del);
      fcsim_coll_tables_destroy(&tab);
      build_all(&n, "random-subset", (enum fcsim_coll_algorithm)alg, FCSIM_COLL_REDUCTION, subset, &tab);
      walk_all(&tab, &del);
      free(del);
      fcsim_coll_tables_destroy(&tab);
    }
    fcsim_topo_destroy(&n.t);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bit_layouts),
      cmocka_unit_test(test_trees_all_patterns),
      cmocka_unit_test(test_check_rejects_bad_turn),
      cmocka_unit_test(test_tie_goes_plus),
      cmocka_unit_test(test_ocr_fewer_links),
      cmocka_unit_test(test_ocr_less_loaded_link),
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_entry_counts),
      cmocka_unit_test(test_format_limits),
      cmocka_unit_test(test_patterns),
      cmocka_unit_test(test_ocr_tie_breaks),
      cmocka_unit_test(test_free_turns_load_aware),
      cmocka_unit_test(test_random_networks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
