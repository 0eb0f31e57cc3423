/* SPDX-License-Identifier: BSD-3-Clause */
/* Exact endpoint diameters without all-pairs tables (src/topo/diameter.c):
 * on tori, meshes and seeded irregular graphs (one-way channels, nodes that
 * are not endpoints, uneven channel costs) the diameter and its first pair
 * equal what a search from every endpoint in node order gives (the method
 * `fcsim topo` used before); orbits found by symmetry share their
 * eccentricity; the heuristic bisection gives the same cut from BFS rows as
 * from an all-pairs table; a netlist's hop diameter equals the all-pairs
 * table's maximum. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/rng.h"
#include "test_support.h"
#include "engine/describe.h"
#include "topo/bisect.h"
#include "topo/diameter.h"

/* The old method: a search from every endpoint in node order, the first
 * pair at a strictly larger cost kept. */
static struct fcsim_diam brute(const struct fcsim_graph *g, const uint64_t *w, uint64_t *ecc)
{
  struct fcsim_diam d = {0, -1, -1, 0};
  struct fcsim_diam_search *h = NULL;
  uint64_t *c = malloc((size_t)g->nodes * sizeof *c);
  assert_int_equal(fcsim_diam_search_new(g, &h, NULL), 0);
  for (int64_t s = 0; s < g->nodes; s++) {
    if (!g->endpoint[s])
      continue;
    fcsim_diam_costs(h, w, s, 0, c, NULL);
    ecc[s] = 0;
    for (int64_t e = 0; e < g->nodes; e++) {
      if (!g->endpoint[e] || c[e] == FCSIM_DIAM_UNREACHED)
        continue;
      ecc[s] = c[e] > ecc[s] ? c[e] : ecc[s];
      if (d.src < 0 || c[e] > d.cost) {
        d.cost = c[e];
        d.src = s;
        d.dst = e;
      }
    }
  }
  fcsim_diam_search_free(h);
  free(c);
  return d;
}

/* Compares the exact method (with and without orbits) to the old one;
 * returns the searches the exact method ran with orbits. */
static int64_t check_graph(const char *what, const struct fcsim_graph *g, const uint64_t *w)
{
  uint64_t *ecc = calloc((size_t)g->nodes, sizeof *ecc);
  int32_t *orbit = malloc((size_t)g->nodes * sizeof *orbit);
  struct fcsim_diam want = brute(g, w, ecc), got, plain;
  assert_int_equal(fcsim_diam_orbits(g, w, orbit, NULL), 0);
  for (int64_t v = 0; v < g->nodes; v++) {
    assert_true(orbit[v] <= v && orbit[orbit[v]] == orbit[v]);
    if (g->endpoint[v] && ecc[v] != ecc[orbit[v]])
      fail_msg("%s: node %lld (eccentricity %llu) in the orbit of %d (%llu)", what, (long long)v,
               (unsigned long long)ecc[v], orbit[v], (unsigned long long)ecc[orbit[v]]);
  }
  assert_int_equal(fcsim_diam_endpoints(g, w, orbit, 1, &got, NULL), 0);
  assert_int_equal(fcsim_diam_endpoints(g, w, NULL, 1, &plain, NULL), 0);
  int unit = 1;
  for (int64_t s = 0; s < g->nslots; s++)
    unit &= w[s] == 1;
  if (unit) { /* hops by BFS (no costs given) */
    struct fcsim_diam bfs;
    assert_int_equal(fcsim_diam_endpoints(g, NULL, orbit, 1, &bfs, NULL), 0);
    assert_true(bfs.cost == want.cost && bfs.src == want.src && bfs.dst == want.dst);
  }
  if (got.cost != want.cost || got.src != want.src || got.dst != want.dst || plain.cost != want.cost ||
      plain.src != want.src || plain.dst != want.dst)
    fail_msg("%s: diameter %llu from %lld to %lld; orbits %llu %lld %lld; bounds alone %llu %lld %lld", what,
             (unsigned long long)want.cost, (long long)want.src, (long long)want.dst, (unsigned long long)got.cost,
             (long long)got.src, (long long)got.dst, (unsigned long long)plain.cost, (long long)plain.src,
             (long long)plain.dst);
  free(ecc);
  free(orbit);
  return got.searches;
}

static uint64_t *unit_costs(const struct fcsim_graph *g)
{
  uint64_t *w = malloc((size_t)(g->nslots + 1) * sizeof *w);
  for (int64_t s = 0; s < g->nslots; s++)
    w[s] = 1;
  return w;
}

static void test_tori_and_meshes(void **state)
{
  (void)state;
  static const char *const cases[][2] = {{"network.dims=8x8", "torus"},   {"network.dims=5x7", "torus"},
                                         {"network.dims=4x4x4", "torus"}, {"network.dims=6x4", "mesh"},
                                         {"network.dims=3x5x4", "mesh"},  {"network.dims=9", "torus"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct fcsim_config *cfg = fcsim_config_create();
    struct fcsim_params p;
    struct fcsim_topo t;
    struct fcsim_error err = {0};
    char topo[64];
    snprintf(topo, sizeof topo, "network.topology=%s", cases[i][1]);
    assert_int_equal(fcsim_config_set_assignment(cfg, cases[i][0], "--set", &err), 0);
    assert_int_equal(fcsim_config_set_assignment(cfg, topo, "--set", &err), 0);
    assert_int_equal(fcsim_config_resolve(cfg, &p, &err), 0);
    assert_int_equal(fcsim_topo_init(&t, &p, &err), 0);
    uint64_t *w = unit_costs(&t.graph);
    int64_t searches = check_graph(cases[i][0], &t.graph, w);
    if (!strcmp(cases[i][1], "torus"))
      assert_true(searches <= 2); /* one orbit: one search, then the pair's */
    struct fcsim_rng rng;         /* uneven costs break the symmetry: bounds alone */
    fcsim_rng_init(&rng, 7 + i, 0, FCSIM_RNG_SETUP);
    for (int64_t s = 0; s < t.graph.nslots; s++)
      w[s] = 1 + fcsim_rng_below(&rng, 40);
    check_graph(cases[i][0], &t.graph, w);
    free(w);
    fcsim_topo_destroy(&t);
    fcsim_config_destroy(cfg);
  }
}

/* A seeded irregular graph: a two-way ring through every node (so every
 * endpoint reaches every other), chords two-way or one-way, some nodes not
 * endpoints; costs uneven. */
static void irregular(struct fcsim_graph *g, uint64_t **w, uint64_t seed, int64_t n)
{
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, seed, 0, FCSIM_RNG_SETUP);
  int *radix = malloc((size_t)n * sizeof *radix);
  for (int64_t v = 0; v < n; v++)
    radix[v] = 6;
  assert_int_equal(fcsim_graph_init(g, n, radix, NULL), 0);
  free(radix);
  for (int64_t v = 0; v < n; v++) {
    assert_int_equal(fcsim_graph_connect(g, (uint32_t)v, 0, (uint32_t)((v + 1) % n), 1, 1, 1, NULL), 0);
    assert_int_equal(fcsim_graph_connect(g, (uint32_t)((v + 1) % n), 1, (uint32_t)v, 0, 1, 1, NULL), 0);
    g->endpoint[v] = fcsim_rng_below(&rng, 4) != 0;
  }
  for (int64_t k = 0; k < n; k++) { /* chords on ports 2..5 where both ends are free */
    uint32_t a = fcsim_rng_below(&rng, (uint32_t)n), b = fcsim_rng_below(&rng, (uint32_t)n);
    int pa = 2 + (int)fcsim_rng_below(&rng, 4), pb = 2 + (int)fcsim_rng_below(&rng, 4);
    if (a == b || fcsim_graph_out(g, a, pa)->dst >= 0 || g->in_chan[g->port_base[b] + (uint32_t)pb] >= 0)
      continue;
    assert_int_equal(fcsim_graph_connect(g, a, pa, b, pb, 1, 1, NULL), 0);
    if (fcsim_rng_below(&rng, 2) && fcsim_graph_out(g, b, pb)->dst < 0 &&
        g->in_chan[g->port_base[a] + (uint32_t)pa] < 0)
      assert_int_equal(fcsim_graph_connect(g, b, pb, a, pa, 1, 1, NULL), 0);
  }
  g->endpoint[0] = 1;
  fcsim_graph_finish(g);
  *w = malloc((size_t)(g->nslots + 1) * sizeof **w);
  for (int64_t s = 0; s < g->nslots; s++)
    (*w)[s] = seed % 2 ? 1 : 5 + fcsim_rng_below(&rng, 30);
}

static void test_irregular(void **state)
{
  (void)state;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    struct fcsim_graph g;
    uint64_t *w;
    char what[32];
    irregular(&g, &w, seed, 20 + (int64_t)(seed * 7 % 90));
    snprintf(what, sizeof what, "irregular seed %llu", (unsigned long long)seed);
    check_graph(what, &g, w);
    free(w);
    fcsim_graph_destroy(&g);
  }
}

/* The bisection from BFS rows equals the one from the all-pairs table. */
static void test_bisection_rows(void **state)
{
  (void)state;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    struct fcsim_graph g;
    uint64_t *w;
    int16_t *dist = NULL;
    int64_t a = 0, b = 0;
    double fa = 0, fb = 0;
    irregular(&g, &w, seed, 60);
    assert_int_equal(fcsim_graph_all_distances(&g, &dist, NULL), 0);
    assert_int_equal(fcsim_graph_bisection_heuristic(&g, dist, seed, &a, &fa, NULL), 0);
    assert_int_equal(fcsim_graph_bisection_heuristic(&g, NULL, seed, &b, &fb, NULL), 0);
    assert_int_equal(a, b);
    assert_true(fa == fb);
    free(dist);
    free(w);
    fcsim_graph_destroy(&g);
  }
}

/* A netlist's hop diameter without the table equals the table's. */
static void test_netlist_hops(void **state)
{
  (void)state;
  char *path = ts_write_temp("node a ports=2\nnode b ports=2\nnode c ports=2\nnode d ports=2 endpoint=no\n"
                             "link a:0 b:1\nlink b:0 c:1\nlink c:0 -> d:1\nlink d:0 -> a:1\n",
                             ".net");
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_config_resolve(cfg, &p, &err), 0);
  p.topology = FCSIM_TOPO_FILE;
  snprintf(p.netlist, sizeof p.netlist, "%s", path);
  if (fcsim_topo_init(&t, &p, &err))
    fail_msg("%s", err.msg);
  assert_null(t.dist);
  int without = fcsim_topo_diameter(&t);
  assert_int_equal(fcsim_topo_distances(&t, &err), 0);
  assert_non_null(t.dist);
  assert_int_equal(fcsim_topo_diameter(&t), without);
  assert_int_equal(without, 3); /* over all nodes: d -> a -> b -> c */
  fcsim_topo_destroy(&t);
  fcsim_config_destroy(cfg);
  unlink(path);
  free(path);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tori_and_meshes),
      cmocka_unit_test(test_irregular),
      cmocka_unit_test(test_bisection_rows),
      cmocka_unit_test(test_netlist_hops),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
