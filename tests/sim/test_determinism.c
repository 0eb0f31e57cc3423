/* Reproducibility: the same seed gives byte-identical JSON (apart from the
 * timing field), a different seed different but statistically close results;
 * and the watchdog reports a deadlock instead of hanging. */
#define _DEFAULT_SOURCE
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

/* Runs the CLI with --json into a temporary file; returns the JSON text with
 * the host-time lines (wall_seconds, cpu_seconds) removed (malloc'd). */
static char *run_json(const char *const *sets, int *status)
{
  char path[] = "/tmp/fcsim-det-XXXXXX";
  int fd = mkstemp(path);
  close(fd);
  const char *args[64] = {"run", "--quiet", "--links", "--json", path};
  int n = 5;
  for (const char *const *s = sets; *s; s++) {
    args[n++] = "--set";
    args[n++] = *s;
  }
  args[n] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  *status = r.status;
  ts_result_free(&r);
  char *text = ts_read_file(path);
  unlink(path);
  assert_non_null(text);
  for (const char *const *key = (const char *const[]){"\"wall_seconds\"", "\"cpu_seconds\"", NULL}; *key; key++) {
    char *w = strstr(text, *key);
    assert_non_null(w);
    char *eol = strchr(w, '\n');
    memmove(w, eol, strlen(eol) + 1);
  }
  return text;
}

static double metric(const char *json, const char *name)
{
  char key[64];
  snprintf(key, sizeof key, "\"%s\": ", name);
  const char *p = strstr(json, key);
  assert_non_null(p);
  return atof(p + strlen(key));
}

static void test_same_seed_same_bytes(void **state)
{
  const char *const configs[][8] = {
      {"traffic.rate=0.5", "sim.seed=11", NULL},
      {"traffic.rate=1.5", "sim.seed=11", "sim.measure_cycles=4000", "sim.drain_cycles=2000", NULL}, /* saturated */
      {"network.dims=2x4x8", "router.model=classic", "traffic.pattern=randperm", "traffic.rate=0.3", NULL},
      {"traffic.mode=batch", "traffic.batch_packets=200", "traffic.pattern=hotspot", "traffic.rate=0.8", NULL},
  };
  for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
    int s1, s2;
    char *a = run_json(configs[i], &s1), *b = run_json(configs[i], &s2);
    assert_int_equal(s1, 0);
    assert_int_equal(s2, 0);
    if (strcmp(a, b))
      fail_msg("config %zu: JSON differs between two runs with the same seed", i);
    free(a);
    free(b);
  }
}

static void test_other_seed_close(void **state)
{
  int st;
  const char *s1[] = {"network.dims=8x8x8", "traffic.rate=0.3", "sim.seed=1", NULL};
  const char *s2[] = {"network.dims=8x8x8", "traffic.rate=0.3", "sim.seed=2", NULL};
  char *a = run_json(s1, &st), *b = run_json(s2, &st);
  assert_true(strcmp(a, b) != 0);
  double la = metric(a, "avg_latency"), lb = metric(b, "avg_latency");
  double ta = metric(a, "recv_throughput"), tb = metric(b, "recv_throughput");
  assert_true(la != lb);
  if (fabs(la - lb) / la > 0.02 || fabs(ta - tb) / ta > 0.02)
    fail_msg("seeds 1 and 2: latency %.3f vs %.3f, throughput %.4f vs %.4f", la, lb, ta, tb);
  free(a);
  free(b);
}

/* A ring without dateline classes deadlocks under load; the watchdog stops
 * the run, names the cycle of channels, and the CLI exits 1 with the JSON
 * still written. */
static void test_watchdog_reports_deadlock(void **state)
{
  const char *sets[] = {"network.dims=8",    "router.model=classic",    "router.vcs=1",
                        "router.vc_depth=2", "router.dateline=off",     "traffic.packet_size=8",
                        "traffic.rate=0.9",  "sim.deadlock_cycles=500", NULL};
  int st;
  char *json = run_json(sets, &st);
  assert_int_equal(st, 1);
  assert_non_null(strstr(json, "\"deadlock\": true"));
  assert_non_null(strstr(json, "cycle of 8 waiting channels"));
  free(json);
  /* the same network with its dateline classes does not deadlock */
  const char *safe[] = {"network.dims=8",
                        "router.model=classic",
                        "router.vcs=2",
                        "router.vc_depth=2",
                        "traffic.packet_size=8",
                        "traffic.rate=0.9",
                        "sim.deadlock_cycles=500",
                        "sim.measure_cycles=20000",
                        "sim.drain_cycles=0",
                        NULL};
  json = run_json(safe, &st);
  assert_int_equal(st, 0);
  assert_non_null(strstr(json, "\"deadlock\": false"));
  free(json);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_seed_same_bytes),
      cmocka_unit_test(test_other_seed_close),
      cmocka_unit_test(test_watchdog_reports_deadlock),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
