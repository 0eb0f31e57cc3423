/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of `fcsim collective build` through the built binary: the table,
 * the files (hex and binary agree), --json, and exit status 2 with one
 * clear message for bad input: a pattern file naming a node outside the
 * network, a multicast wider than a table entry holds, a reduction with no
 * destinations, unknown options. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static struct ts_result run(const char *const *args)
{
  struct ts_result r;
  if (ts_run_cli(&r, args) != 0)
    fail_msg("cannot run %s", FCSIM_CLI);
  return r;
}

static char *out_dir(void)
{
  char *d = ts_temp_dir("fcsim_ccli");
  assert_non_null(d);
  return d;
}

static void rm_rf(const char *dir)
{
  assert_int_equal(ts_remove_tree(dir), 0);
}

/* Exit 2, nothing on stdout, and stderr holds every fragment. */
static void expect_usage_error(const char *const *args, const char *const *fragments)
{
  struct ts_result r = run(args);
  if (r.status != 2)
    fail_msg("status %d, expected 2; stderr: %s", r.status, r.err);
  for (int i = 0; fragments[i]; i++)
    if (!strstr(r.err, fragments[i]))
      fail_msg("stderr lacks `%s`:\n%s", fragments[i], r.err);
  ts_result_free(&r);
}

static void test_build_cube_nn(void **state)
{
  (void)state;
  char *dir = out_dir(), json[600], path[600];
  snprintf(json, sizeof json, "%s/summary.json", dir);
  struct ts_result r = run(
      ARGS("collective", "build", "--pattern", "cube-nn", "--out", dir, "--json", json, "--set", "network.dims=4x4x4"));
  if (r.status != 0)
    fail_msg("status %d: %s", r.status, r.err);
  assert_non_null(strstr(r.out, "Novo-G# thesis Table 5.7 2928 bits"));
  assert_non_null(strstr(r.out, "64 trees"));
  ts_result_free(&r);
  json_error_t jerr;
  json_t *doc = json_load_file(json, 0, &jerr);
  assert_non_null(doc);
  json_t *m = json_object_get(doc, "metrics");
  assert_int_equal(json_array_size(json_object_get(m, "multicast_table_bits")), 64);
  assert_true(json_integer_value(json_array_get(json_object_get(m, "multicast_table_bits"), 0)) > 0);
  assert_true(json_is_null(json_object_get(m, "max_buffer_flits")));
  json_decref(doc);
  /* the hex line and the binary bytes of node 5's first unicast entry agree */
  snprintf(path, sizeof path, "%s/node5.unicast.hex", dir);
  char *hex = ts_read_file(path);
  snprintf(path, sizeof path, "%s/node5.unicast.bin", dir);
  FILE *f = fopen(path, "rb");
  assert_non_null(hex);
  assert_non_null(f);
  unsigned char b[4];
  assert_int_equal(fread(b, 1, 4, f), 4);
  fclose(f);
  unsigned long w = b[0] | (unsigned long)b[1] << 8 | (unsigned long)b[2] << 16 | (unsigned long)b[3] << 24;
  assert_int_equal(strtoul(hex, NULL, 16), w);
  assert_int_equal(strchr(hex, '\n') - hex, 8);
  free(hex);
  snprintf(path, sizeof path, "%s/node5.multicast.hex", dir);
  hex = ts_read_file(path);
  assert_non_null(hex);
  assert_int_equal(strchr(hex, '\n') - hex, 31); /* 123 bits */
  free(hex);
  rm_rf(dir);
  free(dir);
}

static void test_bad_inputs(void **state)
{
  (void)state;
  char *dir = out_dir();
  char *outside = ts_write_temp("0: 1 2\n1: 0 99\n", ".txt");
  char *empty = ts_write_temp("0: 1 2\n# nothing below\n5:\n", ".txt");
  char where[600];
  snprintf(where, sizeof where, "%s:2:", outside);
  expect_usage_error(ARGS("collective", "build", "--pattern", outside, "--out", dir, "--set", "network.dims=4x4x4"),
                     (const char *const[]){where, "destination node 99 is outside the network", NULL});
  snprintf(where, sizeof where, "%s:3:", empty);
  expect_usage_error(
      ARGS("collective", "build", "--pattern", empty, "--op", "reduction", "--out", dir, "--set", "network.dims=4x4x4"),
      (const char *const[]){where, "reduction rooted at node 5 has no contributing nodes", NULL});
  expect_usage_error(ARGS("collective", "build", "--pattern", "random-subset", "--subset", "0", "--op", "reduction",
                          "--out", dir, "--set", "network.dims=4x4x4"),
                     (const char *const[]){"gives no destinations", NULL});
  expect_usage_error(
      ARGS("collective", "build", "--pattern", "all-to-all", "--out", dir, "--set", "network.dims=3x3x3x3"),
      (const char *const[]){"needs 7 children", "holds at most 6", NULL});
  expect_usage_error(ARGS("collective", "build", "--pattern", "all-to-all", "--algorithm", "dor", "--out", dir),
                     (const char *const[]){"--algorithm `dor`: expected ocr or rpm", NULL});
  expect_usage_error(ARGS("collective", "build", "--pattern", "all-to-all"), (const char *const[]){"--out", NULL});
  expect_usage_error(ARGS("collective", "build", "--pattern", "bitrot", "--out", dir, "--set", "network.dims=3x3x3"),
                     (const char *const[]){"power-of-two", NULL});
  remove(outside);
  remove(empty);
  free(outside);
  free(empty);
  rm_rf(dir);
  free(dir);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_build_cube_nn),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
