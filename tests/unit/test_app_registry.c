/* SPDX-License-Identifier: BSD-3-Clause */
/* The application registry (src/apps/registry.c): it passes its start-up
 * check, lists the eight apps in `fcsim app --help` order, finds each by
 * name and nothing else, and every app is either a table app (link, halo:
 * a parameter table the CLI's table runner reads) or a network app with its
 * run, print, JSON writer and usage, and the keys it names are keys of the
 * configuration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "apps/app.h"
#include "config/config.h"

static const char *const expected[] = {"fft", "stream", "gather", "scatter", "allgather", "ring", "link", "halo"};

static void test_check_passes(void **state)
{
  (void)state;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_app_check_registry(&err), 0);
  assert_int_equal(err.code, 0);
}

static void test_order_and_lookup(void **state)
{
  (void)state;
  size_t n = sizeof expected / sizeof expected[0];
  for (size_t i = 0; i < n; i++) {
    const struct fcsim_app_ops *a = fcsim_app_at(i);
    assert_non_null(a);
    assert_string_equal(a->name, expected[i]);
    assert_ptr_equal(fcsim_app_find(expected[i]), a);
  }
  assert_null(fcsim_app_at(n));
  assert_null(fcsim_app_find("trace"));
  assert_null(fcsim_app_find(""));
}

static void test_kinds(void **state)
{
  (void)state;
  for (size_t i = 0; fcsim_app_at(i); i++) {
    const struct fcsim_app_ops *a = fcsim_app_at(i);
    int table = !strcmp(a->name, "link") || !strcmp(a->name, "halo");
    assert_non_null(a->synopsis); /* its usage, which the command line joins in */
    assert_non_null(a->text);
    assert_int_equal(a->schedules != NULL, (a->options & FCSIM_APP_OPT_SCHEDULE) != 0);
    if (table) {
      assert_non_null(a->table);
      assert_non_null(a->table->ops);
      assert_null(a->run);
    } else {
      assert_null(a->table);
      assert_non_null(a->run);
      assert_non_null(a->print);
      assert_non_null(a->write_json);
      assert_non_null(a->free_result);
    }
  }
  assert_true(fcsim_app_find("gather")->options & FCSIM_APP_OPT_SCHEDULE);
  assert_true(fcsim_app_find("stream")->options & FCSIM_APP_OPT_STREAM);
  assert_int_equal(fcsim_app_find("fft")->options, 0);
}

/* Every key an app says it reads is a key of the registry (config/keys.c). */
static void test_keys_exist(void **state)
{
  (void)state;
  struct fcsim_config *cfg = fcsim_config_create();
  assert_non_null(cfg);
  int nkeys = 0;
  for (size_t i = 0; fcsim_app_at(i); i++)
    for (const char *const *k = fcsim_app_at(i)->keys; k && *k; k++, nkeys++) {
      const char *v = fcsim_config_get(cfg, *k);
      if (!v)
        fail_msg("app `%s` names key `%s`, which the configuration does not have", fcsim_app_at(i)->name, *k);
    }
  assert_true(nkeys >= 5);
  fcsim_config_destroy(cfg);
}

/* One app's check refuses an app of neither kind and --schedule without
 * its schedules (and schedules without --schedule). */
static void test_bad_apps_refused(void **state)
{
  (void)state;
  const struct fcsim_app_ops *gather = fcsim_app_find("gather");
  struct fcsim_app_ops a = *gather;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_app_check(&a, &err), 0);
  a.print = NULL;
  assert_int_equal(fcsim_app_check(&a, &err), FCSIM_EINTERNAL);
  assert_non_null(strstr(err.msg, "either a parameter table"));
  a = *gather;
  a.schedules = NULL;
  err = (struct fcsim_error){0};
  assert_int_equal(fcsim_app_check(&a, &err), FCSIM_EINTERNAL);
  assert_non_null(strstr(err.msg, "--schedule and its schedules"));
  a = *fcsim_app_find("fft");
  a.schedules = "ring";
  assert_int_equal(fcsim_app_check(&a, &err), FCSIM_EINTERNAL);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check_passes),
      cmocka_unit_test(test_order_and_lookup),
      cmocka_unit_test(test_kinds),
      cmocka_unit_test(test_keys_exist),
      cmocka_unit_test(test_bad_apps_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
