/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the key registry, units, and configuration resolution. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "core/units.h"
#include "router/router.h"
#include "test_support.h"

/* Every built-in default passes its own key's check, names are unique, and
 * every key documents a unit or choices and a help sentence. */
static void test_registry_defaults_valid(void **state)
{
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    const struct fcsim_key *k = &fcsim_keys[i];
    struct fcsim_error err = {0};
    assert_non_null(k->default_text);
    if (fcsim_key_check(k, k->default_text, "default", &err))
      fail_msg("default of %s.%s rejected: %s", k->section, k->name, err.msg);
    assert_true(strlen(k->help) > 10);
    for (size_t j = i + 1; j < fcsim_nkeys; j++)
      assert_false(!strcmp(k->section, fcsim_keys[j].section) && !strcmp(k->name, fcsim_keys[j].name));
  }
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_params p;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_config_resolve(cfg, &p, &err), 0);
  assert_int_equal(p.nodes, 64);
  fcsim_config_destroy(cfg);
}

static void test_units(void **state)
{
  double v;
  enum fcsim_unit_kind k;
  assert_int_equal(fcsim_parse_quantity("175ns", FCSIM_UNIT_TIME, &v, &k, NULL), 0);
  assert_true(fabs(v - 175e-9) < 1e-18);
  assert_int_equal(k, FCSIM_UNIT_TIME);
  assert_int_equal(fcsim_parse_quantity("156.25MHz", FCSIM_UNIT_FREQ, &v, &k, NULL), 0);
  assert_true(fabs(v - 156.25e6) < 1e-3);
  assert_int_equal(fcsim_parse_quantity("1kb", FCSIM_UNIT_SIZE, &v, &k, NULL), 0);
  assert_true(fabs(v - 125.0) < 1e-9); /* bytes */
  assert_int_equal(fcsim_parse_quantity("4KiB", FCSIM_UNIT_SIZE, &v, &k, NULL), 0);
  assert_true(fabs(v - 4096.0) < 1e-9);
  assert_int_equal(fcsim_parse_quantity("40Gbps", FCSIM_UNIT_RATE, &v, &k, NULL), 0);
  assert_true(fabs(v - 5e9) < 1);
  assert_int_equal(fcsim_parse_quantity("28", FCSIM_UNIT_TIME, &v, &k, NULL), 0);
  assert_int_equal(k, FCSIM_UNIT_NONE);
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_parse_quantity("175nz", FCSIM_UNIT_TIME, &v, &k, &err), FCSIM_EINVAL);
  assert_non_null(strstr(err.msg, "nz"));
  memset(&err, 0, sizeof err);
  assert_int_equal(fcsim_parse_quantity("100MHz", FCSIM_UNIT_TIME, &v, &k, &err), FCSIM_EINVAL);
  assert_int_equal(fcsim_parse_quantity("abc", FCSIM_UNIT_TIME, &v, &k, NULL), FCSIM_EINVAL);
}

static int resolve_with(const char *const *sets, struct fcsim_params *p, struct fcsim_error *err)
{
  struct fcsim_config *cfg = fcsim_config_create();
  int rc = 0;
  for (const char *const *s = sets; *s && !rc; s++)
    rc = fcsim_config_set_assignment(cfg, *s, "--set", err);
  if (!rc)
    rc = fcsim_config_resolve(cfg, p, err);
  fcsim_config_destroy(cfg);
  return rc;
}

/* Latency in ns rounds up to whole cycles; packet sizes in bits round up to
 * whole flits; Novo-G# auto depth = threshold + one period of flits. */
static void test_resolve_units_and_derived(void **state)
{
  struct fcsim_params p;
  struct fcsim_error err = {0};
  const char *sets[] = {"network.link_latency=175ns", "network.clock=156.25MHz", "traffic.packet_size=1kb",
                        "router.vcs=4", NULL};
  assert_int_equal(resolve_with(sets, &p, &err), 0);
  assert_int_equal(p.link_latency_cycles, 28); /* 27.34 -> 28 */
  assert_int_equal(p.packet_flits, 8);         /* 1000 bits / 128 -> 7.8 -> 8 */
  assert_int_equal(p.credit_threshold_flits, 28 + 100);
  assert_int_equal(p.vc_depth_flits, 128 + 100);
  assert_int_equal(p.switch_cycles, 4); /* Table 4.2: 4 VCs -> 3x2x2x2 */
  /* a period at or below the latency: the seed's rule would overflow, the
   * threshold becomes 2L + 1 */
  const char *sets2[] = {"network.link_latency=50", "router.credit_period=20", NULL};
  assert_int_equal(resolve_with(sets2, &p, &err), 0);
  assert_int_equal(p.credit_threshold_flits, 2 * 50 + 3 + 4); /* (2L + S) b + F */
  assert_int_equal(fcsim_credit_threshold_flits(50, 20, 1, 3, 4), 107);
  assert_int_equal(fcsim_credit_threshold_flits(28, 100, 2, 3, 4), 256);
  assert_int_equal(fcsim_credit_threshold_flits(28, 100, 1, 3, 80), 139);
}

static void test_table_4_2(void **state)
{
  static const int levels[] = {0, 2, 3, 3, 4, 4, 4, 5, 5, 4};
  static const int alms[] = {0, 12980, 18980, 24860, 30980, 42470, 42470, 54980, 54980, 60500};
  for (int v = 1; v <= 9; v++) {
    assert_int_equal(fcsim_novog_switch_levels(v), levels[v]);
    assert_int_equal(fcsim_novog_area_alms(v), alms[v]);
  }
  assert_int_equal(fcsim_novog_switch_levels(10), 0);
}

static void expect_refusal(const char *const *sets, int code, const char *needle)
{
  struct fcsim_params p;
  struct fcsim_error err = {0};
  int rc = resolve_with(sets, &p, &err);
  if (rc != code || !strstr(err.msg, needle))
    fail_msg("expected %d with `%s`, got %d: %s", code, needle, rc, err.msg);
}

static void test_refusals(void **state)
{
  expect_refusal((const char *const[]){"router.vcs=1", NULL}, FCSIM_ECOMBINATION, "at least 2 VCs");
  expect_refusal((const char *const[]){"router.vc_depth=100", NULL}, FCSIM_ECOMBINATION,
                 "smallest depth that works is 128");
  expect_refusal((const char *const[]){"router.vcs=12", NULL}, FCSIM_ECOMBINATION, "1 to 9 VCs");
  expect_refusal((const char *const[]){"router.credit_period=1", NULL}, FCSIM_ECOMBINATION, "leaves no cycle for data");
  /* an automatic depth above router.vc_depth's maximum, read from its key row */
  expect_refusal((const char *const[]){"network.link_latency=100000", "network.link_bandwidth=16", NULL},
                 FCSIM_ECOMBINATION, "above the key's maximum of 1048576");
  expect_refusal((const char *const[]){"routing.order=xyw", NULL}, FCSIM_ECOMBINATION, "routing.order");
  expect_refusal((const char *const[]){"routing.order=xy", NULL}, FCSIM_ECOMBINATION, "each of the 3");
  expect_refusal((const char *const[]){"network.link_latency=1s", NULL}, FCSIM_ERANGE, "network.link_latency");
  expect_refusal((const char *const[]){"router.vcs=0", NULL}, FCSIM_ERANGE, "router.vcs");
  expect_refusal((const char *const[]){"traffic.rate=abc", NULL}, FCSIM_EINVAL, "traffic.rate");
  expect_refusal((const char *const[]){"routing.algorithm=zigzag", NULL}, FCSIM_EINVAL, "one of: dor");
  expect_refusal((const char *const[]){"network.dims=4x0x4", NULL}, FCSIM_EINVAL, "network.dims");
  expect_refusal((const char *const[]){"traffic.packet_size=1.5", NULL}, FCSIM_ERANGE, "whole number");
  /* a mesh needs no dateline: one VC is fine */
  struct fcsim_params p;
  assert_int_equal(resolve_with((const char *const[]){"router.vcs=1", "network.topology=mesh", NULL}, &p, NULL), 0);
}

static void test_unknown_keys_suggest(void **state)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_config_set(cfg, "router.vc", "4", "--set", &err), FCSIM_EUNKNOWN_KEY);
  assert_non_null(strstr(err.msg, "did you mean `router.vcs`"));
  memset(&err, 0, sizeof err);
  assert_int_equal(fcsim_config_set(cfg, "routr.vcs", "4", "--set", &err), FCSIM_EUNKNOWN_KEY);
  assert_non_null(strstr(err.msg, "router.vcs"));
  memset(&err, 0, sizeof err);
  assert_int_equal(fcsim_config_set(cfg, "network.vcs", "4", "--set", &err), FCSIM_EUNKNOWN_KEY);
  assert_non_null(strstr(err.msg, "router.vcs"));
  memset(&err, 0, sizeof err);
  assert_int_equal(fcsim_config_set_assignment(cfg, "router.vcs", "--set", &err), FCSIM_EINVAL);
  assert_int_equal(fcsim_config_set(cfg, "router.vcs", "4", "--set", NULL), 0);
  assert_string_equal(fcsim_config_get(cfg, "router.vcs"), "4");
  assert_string_equal(fcsim_config_get(cfg, "network.dims"), "4x4x4");
  fcsim_config_destroy(cfg);
}

static void test_ini_file(void **state)
{
  char *path = ts_write_temp("; comment\n[network]\ndims = 2x4x8\nlink_latency = 40\n\n[router]\nvcs = 3\n", ".ini");
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_config_load_file(cfg, path, &err), 0);
  struct fcsim_params p;
  assert_int_equal(fcsim_config_resolve(cfg, &p, &err), 0);
  assert_int_equal(p.ndims, 3);
  assert_int_equal(p.dims[2], 8);
  assert_int_equal(p.vcs, 3);
  assert_int_equal(p.link_latency_cycles, 40);
  fcsim_config_destroy(cfg);
  remove(path);
  free(path);

  path = ts_write_temp("[network]\ndims = 4x4\n\n[router]\nvcs = 99\n", ".ini");
  cfg = fcsim_config_create();
  memset(&err, 0, sizeof err);
  assert_int_equal(fcsim_config_load_file(cfg, path, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, ":5:")); /* line of the bad key */
  assert_non_null(strstr(err.msg, "router.vcs"));
  fcsim_config_destroy(cfg);
  remove(path);
  free(path);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_registry_defaults_valid),
      cmocka_unit_test(test_units),
      cmocka_unit_test(test_resolve_units_and_derived),
      cmocka_unit_test(test_table_4_2),
      cmocka_unit_test(test_refusals),
      cmocka_unit_test(test_unknown_keys_suggest),
      cmocka_unit_test(test_ini_file),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
