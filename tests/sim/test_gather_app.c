/* `fcsim app gather` on the seed 002 set-ups (examples/vcsn/): the
 * simulated gather has the seed's stage counts (9 nodes: DCN ring 4, VCSN
 * tree 3) and its time is within the stated margin of the `gather` model
 * (ring within 1 %: the schedule is the model's; tree within 3 % once the
 * one barrier it pays beyond Eq. 7 is taken off, see docs/SWITCHED.md),
 * the JSON names stages, time_s and model_time_s, and a bad schedule is
 * refused with exit status 2. 1 MiB blocks keep the runs short. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "test_support.h"

#ifndef FCSIM_SOURCE_DIR
#define FCSIM_SOURCE_DIR "."
#endif

/* |simulated - model - extra x the stage barrier| <= margin x model */
static void gather_case(const char *ini, const char *sched, int nodes, int want_stages, double extra, double margin)
{
  char cfg[1024], n[64], json[] = "/tmp/fcsim-gather-test-XXXXXX";
  int fd = mkstemp(json);
  assert_true(fd >= 0);
  snprintf(cfg, sizeof cfg, "%s/examples/vcsn/%s", FCSIM_SOURCE_DIR, ini);
  snprintf(n, sizeof n, "app.nodes=%d", nodes);
  const char *args[] = {"app",   "gather",         cfg,      "--schedule", sched, "--set", n,
                        "--set", "app.bytes=1MiB", "--json", json,         NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status)
    fprintf(stderr, "%s\n", r.err);
  assert_int_equal(r.status, 0);
  json_error_t e;
  json_t *o = json_load_file(json, 0, &e);
  assert_non_null(o);
  int stages = (int)json_integer_value(json_object_get(o, "stages"));
  double t = json_real_value(json_object_get(o, "time_s")), m = json_real_value(json_object_get(o, "model_time_s"));
  t -= extra * json_real_value(json_object_get(o, "final_barrier_s"));
  if (fabs(t - m) > margin * m || stages != want_stages)
    fprintf(stderr, "%s %s n=%d: %d stages, simulated %g s, model %g s\n", ini, sched, nodes, stages, t, m);
  assert_int_equal(stages, want_stages);
  assert_int_equal((int)json_integer_value(json_object_get(o, "model_stages")), want_stages);
  assert_true(fabs(t - m) <= margin * m);
  json_decref(o);
  close(fd);
  remove(json);
  ts_result_free(&r);
}

static void test_ring_dcn(void **state)
{
  (void)state;
  gather_case("dcn.ini", "ring", 4, 2, 0, 0.01);
  gather_case("dcn.ini", "ring", 9, 4, 0, 0.01);
}

static void test_tree_vcsn(void **state)
{
  (void)state;
  gather_case("vcsn.ini", "tree", 4, 2, 1, 0.03);
  gather_case("vcsn.ini", "tree", 9, 3, 1, 0.03);
}

static void test_bad_schedule(void **state)
{
  (void)state;
  char cfg[1024];
  snprintf(cfg, sizeof cfg, "%s/examples/vcsn/dcn.ini", FCSIM_SOURCE_DIR);
  const char *args[] = {"app", "gather", cfg, "--schedule", "star", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "expected ring, tree or reconfig"));
  ts_result_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ring_dcn),
      cmocka_unit_test(test_tree_vcsn),
      cmocka_unit_test(test_bad_schedule),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
