/* SPDX-License-Identifier: BSD-3-Clause */
/* The command line as a user meets it: the default run, sweep, topo, help,
 * the examples, and docs/CONFIG.md kept in sync with the key registry. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/config.h"
#include "test_support.h"

static void test_default_run(void **state)
{
  struct ts_result r;
  const char *args[] = {"run", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  const char *needles[] = {
      "4x4x4 torus",  "novog",    "avg_latency", "p99_latency", "worst_latency", "send_throughput", "recv_throughput",
      "max_busy_vcs", "avg_hops", "area_alms",   NULL};
  for (const char *const *n = needles; *n; n++)
    if (!strstr(r.out, *n))
      fail_msg("`%s` missing from the default run's table:\n%s", *n, r.out);
  assert_null(strstr(r.out, "SATURATED"));
  ts_result_free(&r);
}

static int count_char(const char *s, char c)
{
  int n = 0;
  for (; *s; s++)
    n += *s == c;
  return n;
}

/* The sweep writes one CSV row and one JSON line per point and stops after
 * the first saturated point. */
static void test_sweep_stops_at_saturation(void **state)
{
  char csv[] = "/tmp/fcsim-sweep-XXXXXX", json[] = "/tmp/fcsim-sweepj-XXXXXX";
  close(mkstemp(csv));
  close(mkstemp(json));
  struct ts_result r;
  const char *args[] = {"sweep",
                        "--vary",
                        "traffic.rate=0.2:3.0:0.4",
                        "--set",
                        "sim.measure_cycles=3000",
                        "--set",
                        "sim.drain_cycles=3000",
                        "--csv",
                        csv,
                        "--json",
                        json,
                        NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "saturated"));
  assert_non_null(strstr(r.out, "stopped"));
  char *c = ts_read_file(csv), *j = ts_read_file(json);
  int rows = count_char(c, '\n') - 1, objects = count_char(j, '\n');
  assert_true(rows >= 2 && rows < 8); /* stopped before 3.0 */
  assert_int_equal(rows, objects);
  assert_non_null(strstr(c, "traffic.rate,"));
  /* the last point is the saturated one, earlier ones are not */
  const char *last = j;
  for (const char *nl = strchr(j, '\n'); nl && nl[1]; nl = strchr(nl + 1, '\n'))
    last = nl + 1;
  assert_non_null(strstr(last, "\"saturated\":true"));
  assert_null(strstr(j, "\"saturated\":true") < last ? strstr(j, "\"saturated\":true") : NULL);
  free(c);
  free(j);
  unlink(csv);
  unlink(json);
  ts_result_free(&r);
}

static void test_topo(void **state)
{
  struct ts_result r;
  const char *args[] = {"topo", "--set", "network.dims=8x8x8", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "512 routers"));
  assert_non_null(strstr(r.out, "1536 bidirectional"));
  assert_non_null(strstr(r.out, "12 hops"));
  assert_non_null(strstr(r.out, "128 links"));
  /* 12 hops x (28 + 1 + 1 + 3) cycles at 156.25 MHz = 2534.4 ns */
  assert_non_null(strstr(r.out, "2534.4 ns"));
  ts_result_free(&r);
}

static void test_help_config_lists_every_key(void **state)
{
  struct ts_result r;
  const char *args[] = {"help", "config", "--markdown", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    char key[128];
    snprintf(key, sizeof key, "`%s.%s`", fcsim_keys[i].section, fcsim_keys[i].name);
    assert_non_null(strstr(r.out, key));
  }
  char *doc = ts_read_file(FCSIM_SOURCE_DIR "/docs/CONFIG.md");
  assert_non_null(doc);
  if (strcmp(doc, r.out))
    fail_msg("docs/CONFIG.md is out of date: regenerate with `fcsim help config --markdown > docs/CONFIG.md`");
  free(doc);
  ts_result_free(&r);
}

static void test_examples_run(void **state)
{
  const char *examples[] = {"novo-g.ini", "batch-transpose.ini", "booksim-torus.ini"};
  for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/examples/%s", FCSIM_SOURCE_DIR, examples[i]);
    struct ts_result r;
    const char *args[] = {"run", path, "--set", "sim.measure_cycles=3000", "--json", "/dev/null", NULL};
    assert_int_equal(ts_run_cli(&r, args), 0);
    if (r.status != 0)
      fail_msg("%s: exit %d: %s", examples[i], r.status, r.err);
    ts_result_free(&r);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_run),  cmocka_unit_test(test_sweep_stops_at_saturation),
      cmocka_unit_test(test_topo),         cmocka_unit_test(test_help_config_lists_every_key),
      cmocka_unit_test(test_examples_run),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
