/* SPDX-License-Identifier: BSD-3-Clause */
/* The registry helper (core/registry.c): lookup, names into the caller's
 * buffer (cut, never overflowing), and the start-up check refusing a
 * nameless entry, a missing required member and a duplicate name; the real
 * routing, arbitration and model tables pass it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "arbiter/arbiter.h"
#include "core/registry.h"
#include "fcsim/config.h"
#include "fcsim/model.h"
#include "router/router.h"
#include "routing/routing.h"
#include "traffic/traffic.h"
#include "workload/workload.h"

/* A toy ops struct. */
struct toy_ops {
  const char *name; /* registry name */
  int (*run)(int);  /* required */
};

static int twice(int x)
{
  return 2 * x;
}

static const struct toy_ops toy_a = {"alpha", twice}, toy_b = {"beta", twice}, toy_noop = {"gamma", NULL},
                            toy_dup = {"alpha", twice}, toy_anon = {NULL, twice};
static const struct toy_ops *table[5];

static const void *toy_at(size_t i)
{
  return table[i];
}

static const struct fcsim_registry toy_registry = {
    .what = "toy",
    .at = toy_at,
    .name_offset = offsetof(struct toy_ops, name),
    .required = {offsetof(struct toy_ops, run)},
    .required_names = {"run"},
    .nrequired = 1,
};

static void set_table(const struct toy_ops *a, const struct toy_ops *b, const struct toy_ops *c)
{
  memset(table, 0, sizeof table);
  table[0] = a;
  table[1] = b;
  table[2] = c;
}

static void check_table(const char *needle)
{
  struct fcsim_error err = {0};
  int rc = fcsim_registry_check(&toy_registry, &err);
  if (!needle) {
    assert_int_equal(rc, 0);
    return;
  }
  assert_int_equal(rc, FCSIM_EINTERNAL);
  if (!strstr(err.msg, needle))
    fail_msg("`%s` not in `%s`", needle, err.msg);
}

static void test_check(void **state)
{
  set_table(&toy_a, &toy_b, NULL);
  check_table(NULL);
  set_table(&toy_a, &toy_noop, NULL);
  check_table("toy `gamma` lacks its required `run`");
  set_table(&toy_a, &toy_b, &toy_dup);
  check_table("toy `alpha` registered twice");
  set_table(&toy_a, &toy_anon, NULL);
  check_table("entry 1 has no name");
}

static void test_find_and_names(void **state)
{
  set_table(&toy_a, &toy_b, NULL);
  const struct toy_ops *b = fcsim_registry_find(&toy_registry, "beta");
  assert_ptr_equal(b, &toy_b);
  assert_null(fcsim_registry_find(&toy_registry, "delta"));
  assert_null(fcsim_registry_find(&toy_registry, NULL));
  char buf[64];
  assert_int_equal(fcsim_registry_names(&toy_registry, buf, sizeof buf), strlen("alpha, beta"));
  assert_string_equal(buf, "alpha, beta");
  char small[8];
  memset(small, 'x', sizeof small);
  assert_int_equal(fcsim_registry_names(&toy_registry, small, sizeof small), strlen("alpha, beta"));
  assert_string_equal(small, "alpha, "); /* cut, terminated */
  assert_int_equal(fcsim_registry_names(&toy_registry, NULL, 0), strlen("alpha, beta"));
}

static void test_real_tables(void **state)
{
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_routing_check_registry(&err), 0);
  assert_int_equal(fcsim_arbiter_check_registry(&err), 0);
  assert_int_equal(fcsim_model_check_registry(&err), 0);
  char buf[256];
  fcsim_routing_list_names(buf, sizeof buf);
  assert_string_equal(buf, "dor, romm, o1turn, rlb, ccar, table, bee3, offline");
  assert_string_equal(fcsim_routing_names(), buf);
  fcsim_arbiter_list_names(buf, sizeof buf);
  assert_string_equal(buf, "rr, ff, of, mixed");
  fcsim_model_list_names(buf, sizeof buf);
  assert_string_equal(buf, "stream, fc, p2p, linkbw, host, gather, fft, cornerturn, contraction, md");
  assert_non_null(fcsim_routing_find("ccar"));
  assert_non_null(fcsim_arbiter_find("mixed"));
  assert_null(fcsim_arbiter_find("nosuch"));
}

/* Router models and workloads come from their tables: names, lookup and the
 * key registry's choices (an unknown name is refused with the list). */
static void test_model_and_workload_tables(void **state)
{
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_router_model_check_registry(&err), 0);
  assert_int_equal(fcsim_workload_check_registry(&err), 0);
  assert_int_equal(fcsim_traffic_check_registry(&err), 0);
  char pat[16];
  size_t full = fcsim_traffic_pattern_list_names(pat, sizeof pat); /* cut, NUL-terminated, full length */
  assert_true(full > sizeof pat);
  assert_string_equal(pat, "uniform, nn, 3h");
  char buf[256];
  const char *models = "novog, classic, crossbar, voq, ring, ethswitch, bee3, vcsn, tnw-link, fc-link";
  assert_int_equal(fcsim_router_model_list_names(buf, sizeof buf), strlen(models));
  assert_string_equal(buf, models);
  assert_string_equal(fcsim_router_model_names(), buf);
  fcsim_workload_list_names(buf, sizeof buf);
  assert_string_equal(
      buf, "continuous, batch, trace, collective, collective-batch, collective-unicast, collective-cont-unicast");
  assert_string_equal(fcsim_workload_names(), buf);
  assert_ptr_equal(fcsim_router_model_find("crossbar"), &fcsim_router_crossbar);
  assert_null(fcsim_router_model_find("nosuch"));
  assert_ptr_equal(fcsim_workload_find("trace"), &fcsim_workload_trace);
  assert_false(fcsim_workload_valid("bursty"));
  struct fcsim_config *cfg = fcsim_config_create();
  assert_non_null(cfg);
  assert_int_equal(fcsim_config_set(cfg, "traffic.mode", "bursty", "--set", &err), FCSIM_EINVAL);
  if (!strstr(err.msg, "continuous, batch, trace"))
    fail_msg("no list of workloads in `%s`", err.msg);
  err = (struct fcsim_error){0};
  assert_int_equal(fcsim_config_set(cfg, "router.model", "mesh", "--set", &err), FCSIM_EINVAL);
  if (!strstr(err.msg, "novog, classic, crossbar"))
    fail_msg("no list of models in `%s`", err.msg);
  fcsim_config_destroy(cfg);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check),
      cmocka_unit_test(test_find_and_names),
      cmocka_unit_test(test_real_tables),
      cmocka_unit_test(test_model_and_workload_tables),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
