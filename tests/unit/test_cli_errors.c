/* SPDX-License-Identifier: BSD-3-Clause */
/* Bad input through the command line: every class of error gives one message
 * on stderr naming file, line and key, and exit status 2; never a crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

static int count_lines(const char *s)
{
  int n = 0;
  for (; *s; s++)
    n += *s == '\n';
  return n;
}

/* Runs `fcsim run` on an INI text (plus extra args) and checks the error. */
static void expect_error(const char *ini, const char *extra, const char *const *needles)
{
  char *path = ini ? ts_write_temp(ini, ".ini") : NULL;
  const char *args[8] = {"run", path ? path : "/nonexistent/fcsim.ini"};
  int n = 2;
  if (extra) {
    args[n++] = "--set";
    args[n++] = extra;
  }
  args[n] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2)
    fail_msg("exit %d, stderr: %s", r.status, r.err);
  assert_int_equal(count_lines(r.err), 1);
  assert_true(strncmp(r.err, "fcsim: ", 7) == 0);
  for (const char *const *s = needles; *s; s++)
    if (!strstr(r.err, *s))
      fail_msg("`%s` not in: %s", *s, r.err);
  if (path && !strstr(r.err, path) && !extra)
    fail_msg("file name not in: %s", r.err);
  assert_string_equal(r.out, "");
  ts_result_free(&r);
  if (path) {
    remove(path);
    free(path);
  }
}

static void test_unknown_section(void **state)
{
  expect_error("[netwrk]\ndims = 4x4x4\n", NULL, (const char *const[]){":1:", "netwrk", "[network]", NULL});
}

static void test_unknown_key(void **state)
{
  expect_error("[router]\nvcs = 2\nvc = 4\n", NULL,
               (const char *const[]){":3:", "router.vc", "did you mean `router.vcs`", NULL});
}

static void test_wrong_type(void **state)
{
  expect_error("[traffic]\nrate = fast\n", NULL, (const char *const[]){":2:", "traffic.rate", "number", NULL});
}

static void test_out_of_range(void **state)
{
  expect_error("[router]\n\nvcs = 40\n", NULL, (const char *const[]){":3:", "router.vcs", "1..16", NULL});
}

static void test_missing_file(void **state)
{
  expect_error(NULL, NULL, (const char *const[]){"/nonexistent/fcsim.ini", "cannot open", NULL});
}

static void test_syntax_error(void **state)
{
  expect_error("[network]\ndims = 4x4x4\n[router\nvcs = 2\n", NULL, (const char *const[]){":3:", "syntax error", NULL});
}

static void test_impossible_combination(void **state)
{
  expect_error("[network]\ntopology = torus\n[router]\nvcs = 1\n", NULL,
               (const char *const[]){":4:", "router.vcs = 1", "dateline", NULL});
  expect_error("[router]\nvc_depth = 64\n", NULL,
               (const char *const[]){"router.vc_depth", "smallest depth that works", NULL});
  expect_error("[network]\ndims = 2x4x8\n[traffic]\npattern = transpose\n", NULL,
               (const char *const[]){"transpose", "network.dims", NULL});
}

/* Patterns defined by coordinates need a torus or mesh: a netlist is refused
 * (a pattern by node index is not). */
static void test_geometric_pattern_on_netlist(void **state)
{
  expect_error("[network]\ntopology = file\nfile = " FCSIM_SOURCE_DIR "/examples/netlist/two-boards.net\n"
               "[routing]\nalgorithm = table\n[traffic]\npattern = tornado\n",
               NULL, (const char *const[]){"traffic.pattern = tornado", "netlist", NULL});
  expect_error("[network]\ntopology = file\nfile = " FCSIM_SOURCE_DIR "/examples/netlist/two-boards.net\n"
               "[routing]\nalgorithm = table\n",
               "traffic.pattern=transpose", (const char *const[]){"--set", "transpose", "coordinates", NULL});
}

/* A derived value beyond its key's range is refused, never run. */
static void test_auto_depth_out_of_range(void **state)
{
  expect_error("[network]\nlink_latency = 100000\nlink_bandwidth = 16\n", NULL,
               (const char *const[]){"router.vc_depth = auto", "maximum", NULL});
}

static void test_bad_override(void **state)
{
  expect_error("[network]\n", "router.arbitration=fastest",
               (const char *const[]){"--set", "router.arbitration", "rr", NULL});
  expect_error("[network]\n", "sim.sed=3", (const char *const[]){"--set", "sim.seed", NULL});
}

static void test_bad_thread_counts(void **state)
{
  expect_error("[sim]\nthreads = 0\n", NULL, (const char *const[]){":2:", "sim.threads", "1..4096", NULL});
  expect_error("[network]\ndims = 2x2\n[sim]\nthreads = 5\n", NULL,
               (const char *const[]){":4:", "sim.threads = 5", "more partitions than the 4 routers", NULL});
  expect_error("[network]\n", "sim.threads=two", (const char *const[]){"--set", "sim.threads", "integer", NULL});
}

static void test_bad_arguments(void **state)
{
  struct ts_result r;
  const char *args1[] = {"run", "--frobnicate", NULL};
  assert_int_equal(ts_run_cli(&r, args1), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--frobnicate"));
  ts_result_free(&r);
  const char *args2[] = {"sweep", "--vary", "traffic.rate=0.5:0.1:0.1", NULL};
  assert_int_equal(ts_run_cli(&r, args2), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "STOP"));
  ts_result_free(&r);
  const char *args3[] = {"sweep", "--vary", "traffic.rat=0.1:0.2:0.1", NULL};
  assert_int_equal(ts_run_cli(&r, args3), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "traffic.rate"));
  ts_result_free(&r);
  const char *args4[] = {"frob", NULL};
  assert_int_equal(ts_run_cli(&r, args4), 0);
  assert_int_equal(r.status, 2);
  ts_result_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unknown_section),
      cmocka_unit_test(test_unknown_key),
      cmocka_unit_test(test_wrong_type),
      cmocka_unit_test(test_out_of_range),
      cmocka_unit_test(test_missing_file),
      cmocka_unit_test(test_syntax_error),
      cmocka_unit_test(test_impossible_combination),
      cmocka_unit_test(test_bad_override),
      cmocka_unit_test(test_geometric_pattern_on_netlist),
      cmocka_unit_test(test_auto_depth_out_of_range),
      cmocka_unit_test(test_bad_thread_counts),
      cmocka_unit_test(test_bad_arguments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
