/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app allgather` on the seed 002 set-ups (examples/vcsn/, 1 MiB
 * blocks to keep the runs short): the DCN ring both ways (ceil((n-1)/2)
 * steps) and one way (n-1 steps), and on the VCSN dual plane the tree's
 * gather then broadcast; every run delivers n(n-1) blocks (each node every
 * other node's block once: the plan check runs before the simulation),
 * has the plan's stage count, and its time is within 2 % of the allgather
 * model (per stage f l + the busiest node's bytes / b, barriers as Eq. 6;
 * docs/SWITCHED.md; measured +0.1 ... +1.5 %). Both ways beats one way
 * (half the barriers, the same bytes through one DMA read stream). Bad
 * input exits 2 with one message. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "test_support.h"

#ifndef FCSIM_SOURCE_DIR
#define FCSIM_SOURCE_DIR "."
#endif

#define BLOCK_BYTES (1ll << 20)

/* Runs the allgather, checks stages, delivered bytes and the model; returns time_s. */
static double allgather_case(const char *ini, const char *sched, int nodes, int want_stages)
{
  char cfg[1024], n[64];
  snprintf(cfg, sizeof cfg, "%s/examples/vcsn/%s", FCSIM_SOURCE_DIR, ini);
  snprintf(n, sizeof n, "app.nodes=%d", nodes);
  const char *args[] = {"app", "allgather", cfg, "--schedule", sched, "--set", n, "--set", "app.bytes=1MiB", NULL};
  json_t *o = ts_cli_json(args, NULL, NULL);
  assert_non_null(o);
  int stages = (int)json_integer_value(json_object_get(o, "stages"));
  long long got = (long long)json_integer_value(json_object_get(o, "delivered_bytes"));
  double t = ts_json_number(o, "time_s", NULL), m = ts_json_number(o, "model_time_s", NULL);
  fprintf(stderr, "%s %s n=%d: %d stages, simulated %.2f us, model %.2f us (%+.2f %%)\n", ini, sched, nodes, stages,
          t * 1e6, m * 1e6, 100 * (t - m) / m);
  assert_string_equal(json_string_value(json_object_get(o, "collective")), "allgather");
  assert_int_equal(stages, want_stages);
  assert_int_equal((int)json_integer_value(json_object_get(o, "model_stages")), want_stages);
  assert_true(got == (long long)nodes * (nodes - 1) * BLOCK_BYTES);
  assert_true(fabs(t - m) <= 0.02 * m);
  json_decref(o);
  return t;
}

static void test_ring_dcn(void **state)
{
  (void)state;
  allgather_case("dcn.ini", "ring", 4, 2);
  double both = allgather_case("dcn.ini", "ring", 9, 4), one = allgather_case("dcn.ini", "ring1", 9, 8);
  assert_true(both < one);
}

static void test_tree_vcsn(void **state)
{
  (void)state;
  allgather_case("vcsn.ini", "tree", 4, 4);
  allgather_case("vcsn.ini", "tree", 9, 6);
}

static void expect_refused(const char *ini, const char *sched, const char *set, const char *msg)
{
  char cfg[1024];
  snprintf(cfg, sizeof cfg, "%s/examples/vcsn/%s", FCSIM_SOURCE_DIR, ini);
  const char *args[] = {"app", "allgather", cfg, "--schedule", sched, set ? "--set" : NULL, set, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, msg))
    fprintf(stderr, "status %d: %s\n", r.status, r.err);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, msg));
  ts_result_free(&r);
}

static void test_bad_input(void **state)
{
  (void)state;
  expect_refused("dcn.ini", "reconfig", NULL, "expected ring, ring1 or tree");
  expect_refused("dcn.ini", "ring", "app.nodes=1", "app.nodes");
  expect_refused("vcsn.ini", "tree", "switch.endpoint=vcsn", "switch.endpoint = vcsn is not supported");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ring_dcn),
      cmocka_unit_test(test_tree_vcsn),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
