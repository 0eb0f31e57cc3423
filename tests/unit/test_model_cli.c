/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of `fcsim model` through the built binary: list, --help, the table,
 * JSON and CSV output, sweeps, and exit status 2 with a message naming the
 * key for every class of bad input. */
#include <jansson.h>
#include <math.h>
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

static void test_list(void **state)
{
  (void)state;
  struct ts_result r = run(ARGS("model", "list"));
  assert_int_equal(r.status, 0);
  const char *names[] = {"stream", "fc", "p2p", "linkbw", "gather", "fft", "tsunami"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strstr(r.out, names[i]))
      fail_msg("`model list` lacks %s:\n%s", names[i], r.out);
  ts_result_free(&r);
}

static void test_help(void **state)
{
  (void)state;
  struct ts_result r = run(ARGS("model", "stream", "--help"));
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "B_link"));
  assert_non_null(strstr(r.out, "Eqs. 3.1-3.8"));
  assert_non_null(strstr(r.out, "lbm"));
  ts_result_free(&r);
  r = run(ARGS("model", "gather", "--help"));
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "ring|tree|vlink"));
  ts_result_free(&r);
}

static void test_table(void **state)
{
  (void)state;
  struct ts_result r = run(ARGS("model", "stream", "--preset", "lbm"));
  assert_int_equal(r.status, 0);
  if (!strstr(r.out, "318.83 GFlop/s"))
    fail_msg("table lacks 318.83 GFlop/s:\n%s", r.out);
  ts_result_free(&r);
  r = run(ARGS("model", "fc", "--preset", "sl3"));
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "118 cycles"));
  ts_result_free(&r);
}

static void test_json_point(void **state)
{
  (void)state;
  char *path = ts_write_temp("", ".json");
  assert_non_null(path);
  struct ts_result r = run(ARGS("model", "stream", "--preset", "tsunami", "--json", path));
  assert_int_equal(r.status, 0);
  ts_result_free(&r);
  json_error_t jerr;
  json_t *doc = json_load_file(path, 0, &jerr);
  if (!doc)
    fail_msg("bad JSON: %s", jerr.text);
  assert_true(json_is_object(doc));
  assert_string_equal(json_string_value(json_object_get(doc, "model")), "stream");
  json_t *params = json_object_get(doc, "params"), *res = json_object_get(doc, "results");
  assert_true(json_is_object(params) && json_is_object(res));
  /* SI base units: bytes/s, hertz, flop/s; every input, auto ones resolved */
  assert_true(fabs(json_number_value(json_object_get(params, "B_link")) - 7.92e9) < 1);
  assert_true(json_number_value(json_object_get(params, "F")) == 225e6);
  assert_true(json_number_value(json_object_get(params, "D_pipe")) == 3099);
  double s = json_number_value(json_object_get(res, "sustained_flops"));
  assert_true(s > 2.5e12 && s < 2.6e12);
  assert_non_null(json_object_get(res, "stall_ratio"));
  assert_non_null(json_object_get(res, "efficiency"));
  json_decref(doc);
  unlink(path);
  free(path);
}

static void test_sweep_json_csv(void **state)
{
  (void)state;
  char *jpath = ts_write_temp("", ".json"), *cpath = ts_write_temp("", ".csv");
  assert_true(jpath && cpath);
  struct ts_result r =
      run(ARGS("model", "stream", "--preset", "tsunami", "--vary", "M=1:32:1", "--json", jpath, "--csv", cpath));
  assert_int_equal(r.status, 0);
  ts_result_free(&r);
  json_t *doc = json_load_file(jpath, 0, NULL);
  assert_non_null(doc);
  assert_true(json_is_array(doc));
  assert_int_equal(json_array_size(doc), 32);
  json_t *last = json_array_get(doc, 31);
  assert_true(json_integer_value(json_object_get(json_object_get(last, "params"), "M")) == 32);
  assert_string_equal(json_string_value(json_object_get(last, "model")), "stream");
  json_decref(doc);
  char *csv = ts_read_file(cpath);
  assert_non_null(csv);
  size_t lines = 0;
  for (char *p = csv; *p; p++)
    lines += *p == '\n';
  assert_int_equal(lines, 33); /* header + 32 rows */
  assert_true(strncmp(csv, "model,n,m,M,F,", 14) == 0); /* the JSON's fields: model, params, results */
  assert_non_null(strstr(csv, "sustained_flops"));
  free(csv);
  unlink(jpath);
  unlink(cpath);
  free(jpath);
  free(cpath);
  /* a sweep with units */
  r = run(ARGS("model", "linkbw", "--preset", "vcsn", "--vary", "size=64B:1KiB:64B"));
  assert_int_equal(r.status, 0);
  ts_result_free(&r);
}

/* Runs args, expects exit status 2 and every needle in stderr. */
static void expect_usage(const char *const *args, const char *n1, const char *n2)
{
  struct ts_result r = run(args);
  if (r.status != 2 || (n1 && !strstr(r.err, n1)) || (n2 && !strstr(r.err, n2)))
    fail_msg("status %d, stderr: %s (wanted 2 and `%s` `%s`)", r.status, r.err, n1 ? n1 : "", n2 ? n2 : "");
  ts_result_free(&r);
}

static void test_bad_input(void **state)
{
  (void)state;
  expect_usage(ARGS("model", "stream", "--set", "B_lnk=1GB/s"), "B_lnk", "did you mean `B_link`");
  expect_usage(ARGS("model", "stream", "--set", "n=0"), "`n`", "out of range");
  expect_usage(ARGS("model", "stream", "--set", "B_link=-7.92GB/s"), "B_link", "negative");
  expect_usage(ARGS("model", "stream", "--set", "B_link=7.92MHz"), "B_link", "MHz");
  expect_usage(ARGS("model", "stream", "--preset", "weather"), "weather", "tsunami");
  expect_usage(ARGS("model", "fft", "--set", "N=48"), "`N`", "power of two");
  expect_usage(ARGS("model", "fft", "--set", "n=4", "--set", "m=3"), "`m`", "3m <= 2n");
  expect_usage(ARGS("model", "stream", "--vary", "M=1:8"), "--vary", "START:STOP:STEP");
  expect_usage(ARGS("model", "stream", "--vary", "M=8:1:1"), "--vary", "STOP is below START");
  expect_usage(ARGS("model", "stream", "--vary", "Q=1:8:1"), "`Q`", NULL);
  expect_usage(ARGS("model", "stream", "--vary", "M=1:8:0"), "STEP", NULL);
  expect_usage(ARGS("model", "nosuch"), "nosuch", NULL);
  expect_usage(ARGS("model", "stream", "--frobnicate"), "--frobnicate", NULL);
  expect_usage(ARGS("model", "gather", "--set", "schedule=star"), "schedule", "ring");
  expect_usage(ARGS("model", "p2p", "--preset", "e40g-switched", "--set", "n=5000"), "`n`", NULL);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_list),       cmocka_unit_test(test_help),           cmocka_unit_test(test_table),
      cmocka_unit_test(test_json_point), cmocka_unit_test(test_sweep_json_csv), cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
