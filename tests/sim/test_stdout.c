/* SPDX-License-Identifier: BSD-3-Clause */
/* `-` is stdout for every output option of every command, and stdout then
 * carries that output alone (the table is left out): each command is run
 * with `-`, its stdout parsed as what the option writes, and no file named
 * `-` may appear. */
#define _DEFAULT_SOURCE
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

#define EX    FCSIM_SOURCE_DIR "/examples/"
#define SHORT "--set", "sim.warmup_cycles=100", "--set", "sim.measure_cycles=500", "--set", "sim.drain_cycles=2000"
#define TUNE                                                                                                           \
  "tune", EX "tune-4x4x4/cube-nn.ini", "--space", "router.vcs=2,4", "--set", "network.dims=2x2x2", "--set",            \
      "traffic.batch_packets=2", "--workers", "1"
#define SMALL "--set", "app.bytes=64KiB", "--set", "app.nodes=4"

enum form { JSON_ONE, JSON_LINES, CSV, NETLIST, DOT, PNG, SCRIPT };

static char results[] = "/tmp/fcsim-stdout-XXXXXX";

static void expect(const char *const *args, enum form form)
{
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status)
    fail_msg("fcsim %s %s: exit %d: %s", args[0], args[1], r.status, r.err);
  if (access("-", F_OK) == 0) {
    unlink("-");
    fail_msg("fcsim %s %s created a file named `-`", args[0], args[1]);
  }
  json_error_t e;
  switch (form) {
  case JSON_ONE: {
    json_t *doc = json_loads(r.out, 0, &e);
    if (!doc)
      fail_msg("fcsim %s %s: stdout is not one JSON document (%s): %.200s", args[0], args[1], e.text, r.out);
    json_decref(doc);
    break;
  }
  case JSON_LINES: {
    int n = 0;
    for (char *l = strtok(r.out, "\n"); l; l = strtok(NULL, "\n"), n++) {
      json_t *doc = json_loads(l, 0, &e);
      if (!doc)
        fail_msg("fcsim %s %s: line %d is not JSON: %.200s", args[0], args[1], n + 1, l);
      json_decref(doc);
    }
    assert_true(n >= 1);
    break;
  }
  case CSV: {
    int commas = -1, lines = 0;
    for (char *l = strtok(r.out, "\n"); l; l = strtok(NULL, "\n"), lines++) {
      int c = 0;
      for (char *p = l; *p; p++)
        c += *p == ',';
      if (commas >= 0 && c < commas) /* quoted commas only add */
        fail_msg("fcsim %s %s: CSV line %d has %d commas, the header %d", args[0], args[1], lines + 1, c, commas);
      if (commas < 0)
        commas = c;
    }
    assert_true(lines >= 2 && commas > 0);
    break;
  }
  case NETLIST: assert_memory_equal(r.out, "# fcsim netlist", 15); break;
  case DOT: assert_memory_equal(r.out, "digraph", 7); break;
  case PNG: assert_memory_equal(r.out, "\x89PNG", 4); break;
  case SCRIPT: assert_memory_equal(r.out, "# gnuplot script", 16); break;
  }
  ts_result_free(&r);
}

static void test_simulation_commands(void **state)
{
  expect((const char *const[]){"run", SHORT, "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"run", SHORT, "--csv", "-", NULL}, CSV);
  expect((const char *const[]){"sweep", SHORT, "--vary", "traffic.rate=0.1:0.2:0.1", "--json", "-", NULL}, JSON_LINES);
  expect((const char *const[]){"sweep", SHORT, "--vary", "traffic.rate=0.1:0.2:0.1", "--csv", "-", NULL}, CSV);
  expect((const char *const[]){TUNE, "--json", "-", NULL}, JSON_LINES);
  expect((const char *const[]){TUNE, "--csv", "-", NULL}, CSV);
  expect((const char *const[]){"model", "fc", "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"model", "fc", "--vary", "w=128:256:128", "--csv", "-", NULL}, CSV);
}

static void test_topo_and_collective(void **state)
{
  expect((const char *const[]){"topo", "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"topo", "--export", "-", NULL}, NETLIST);
  expect((const char *const[]){"topo", "--dot", "-", NULL}, DOT);
  char *dir = ts_temp_dir("fcsim-stdout-dir");
  assert_non_null(dir);
  expect((const char *const[]){"collective", "build", "--set", "network.dims=2x2x2", "--pattern", "cube-nn", "--out",
                               dir, "--json", "-", NULL},
         JSON_ONE);
  assert_int_equal(ts_remove_tree(dir), 0);
  free(dir);
  expect((const char *const[]){"collective", "run", EX "collective.ini", "--set", "network.dims=2x2x2", "--pattern",
                               "cube-nn", "--set", "traffic.batch_packets=2", "--json", "-", NULL},
         JSON_ONE);
}

static void test_apps(void **state)
{
  expect((const char *const[]){"app", "link", "--set", "bytes=64KiB", "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"app", "halo", EX "links/halo.ini", "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"app", "fft", EX "fft/16-on-4.ini", "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"app", "stream", "--preset", "tsunami-small", "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"app", "gather", "--schedule", "tree", SMALL, "--json", "-", NULL}, JSON_ONE);
  expect((const char *const[]){"app", "ring", SMALL, "--json", "-", NULL}, JSON_ONE);
}

static void test_plot(void **state)
{
  if (system("command -v gnuplot >/dev/null 2>&1") != 0)
    skip(); /* fcsim plot needs gnuplot (test_plot says so too) */
  close(mkstemp(results));
  const char *sweep[] = {"sweep", SHORT, "--vary", "traffic.rate=0.1:0.2:0.1", "--json", results, "--quiet", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, sweep), 0);
  assert_int_equal(r.status, 0);
  ts_result_free(&r);
  expect((const char *const[]){"plot", results, "--out", "-", NULL}, PNG);
  char svg[64];
  snprintf(svg, sizeof svg, "%s.svg", results);
  expect((const char *const[]){"plot", results, "--out", svg, "--script", "-", NULL}, SCRIPT);
  unlink(svg);
  unlink(results);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_simulation_commands),
      cmocka_unit_test(test_topo_and_collective),
      cmocka_unit_test(test_apps),
      cmocka_unit_test(test_plot),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
