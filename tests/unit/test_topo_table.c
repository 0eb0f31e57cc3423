/* SPDX-License-Identifier: BSD-3-Clause */
/* The topology table (src/topo/topo.c): it passes its start-up check, maps
 * every network.topology name to its kind and back (`file` is titled
 * `netlist` in reports), only tori and meshes have coordinates, and
 * fcsim_topo_init leaves nothing allocated when a builder fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "topo/topo.h"

static void test_check_and_names(void **state)
{
  (void)state;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_topo_check_registry(&err), 0);
  int n = 0;
  for (const char *const *name = fcsim_topo_names; *name; name++, n++) {
    const struct fcsim_topo_type *t = fcsim_topo_type_find(*name);
    assert_non_null(t);
    assert_ptr_equal(fcsim_topo_type_of(fcsim_topo_kind_of(t)), t);
    assert_non_null(t->build);
    assert_int_equal(t->has_geometry, !strcmp(*name, "torus") || !strcmp(*name, "mesh"));
  }
  assert_int_equal(n, FCSIM_TOPO_BEE3 + 1);
  assert_null(fcsim_topo_type_find("hypercube"));
  assert_string_equal(fcsim_topology_name(FCSIM_TOPO_FILE), "netlist");
  assert_string_equal(fcsim_topology_name(FCSIM_TOPO_LEAFSPINE), "leafspine");
}

/* Each builder through the table: a small network of every kind. */
static void test_every_row_builds(void **state)
{
  (void)state;
  const char *sets[][2] = {{"torus", "network.dims=4x4"},   {"mesh", "network.dims=3x5"},
                           {"star", "switch.nodes=6"},      {"dual-plane", "switch.nodes=6"},
                           {"leafspine", "switch.nodes=8"}, {"fattree", "switch.nodes=8"},
                           {"bee3", "network.enclosures=2"}};
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
    struct fcsim_config *cfg = fcsim_config_create();
    struct fcsim_error err = {0};
    struct fcsim_params p;
    struct fcsim_topo t;
    assert_int_equal(fcsim_config_set(cfg, "network.topology", sets[i][0], "test", &err), 0);
    assert_int_equal(fcsim_config_set_assignment(cfg, sets[i][1], "test", &err), 0);
    if (fcsim_config_resolve(cfg, &p, &err) || fcsim_topo_init(&t, &p, &err))
      fail_msg("%s: %s", sets[i][0], err.msg);
    assert_int_equal(p.topology, fcsim_topo_kind_of(fcsim_topo_type_find(sets[i][0])));
    assert_true(t.graph.nodes >= 6);
    fcsim_topo_destroy(&t);
    fcsim_topo_destroy(&t); /* harmless */
    fcsim_config_destroy(cfg);
  }
}

/* A netlist that cannot be read: an error and an empty topology. */
static void test_failure_frees(void **state)
{
  (void)state;
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  struct fcsim_params p;
  struct fcsim_topo t;
  memset(&t, 0xab, sizeof t); /* whatever the caller's stack held */
  assert_int_equal(fcsim_config_set(cfg, "network.topology", "file", "test", &err), 0);
  assert_int_equal(fcsim_config_set(cfg, "network.file", "/nonexistent/net.txt", "test", &err), 0);
  assert_int_equal(fcsim_config_resolve(cfg, &p, &err), 0);
  assert_int_equal(fcsim_topo_init(&t, &p, &err), FCSIM_EIO);
  assert_null(t.graph.chan);
  assert_null(t.dist);
  assert_null(t.neighbor);
  fcsim_topo_destroy(&t);
  fcsim_config_destroy(cfg);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check_and_names),
      cmocka_unit_test(test_every_row_builds),
      cmocka_unit_test(test_failure_frees),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
