/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune` end to end through the command line, on small rings with
 * short runs: the report names a best configuration per metric; a re-run
 * with the same --json reuses every point; the report is identical with 1
 * and 2 workers; pruning says what it pruned; Ctrl-C keeps finished points
 * and exits 130; bad input exits 2 with one message. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

/* An 8-node ring with short links: a point takes a few milliseconds. */
static const char ring_ini[] = "[network]\ndims = 8\nlink_latency = 4\n"
                               "[router]\nvcs = 2\n"
                               "[traffic]\npattern = uniform\nrate = 0.3\npacket_size = 4\n"
                               "[sim]\nwarmup_cycles = 500\nmeasure_cycles = 3000\n";

static char *ini_path;

static int setup(void **state)
{
  ini_path = ts_write_temp(ring_ini, ".ini");
  return ini_path ? 0 : -1;
}

static int teardown(void **state)
{
  remove(ini_path);
  free(ini_path);
  return 0;
}

/* stdout without the line starting "time:" (wall time, worker count). */
static char *strip_time(const char *out)
{
  char *copy = strdup(out);
  char *t = strstr(copy, "\ntime:");
  if (t)
    t[1] = '\0';
  return copy;
}

static struct ts_result tune(const char *json, const char *workers, const char *extra1, const char *extra2)
{
  const char *args[32] = {"tune",    ini_path,           "--space", "router.arbitration=rr,ff,of,mixed",
                          "--space", "router.vcs=2,3,4", "--vary",  "traffic.rate=0.2,0.5"};
  int n = 8;
  if (json) {
    args[n++] = "--json";
    args[n++] = json;
  }
  if (workers) {
    args[n++] = "--workers";
    args[n++] = workers;
  }
  if (extra1)
    args[n++] = extra1;
  if (extra2)
    args[n++] = extra2;
  args[n] = NULL;
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 0)
    fail_msg("exit %d, stderr: %s", r.status, r.err);
  return r;
}

static void test_best_per_metric(void **state)
{
  struct ts_result r = tune(NULL, NULL, NULL, NULL);
  /* 12 configurations x 2 sweep points */
  assert_non_null(strstr(r.out, "24 runs, 24 new, 0 reused"));
  const char *metrics[] = {"avg_latency (min)", "worst_latency (min)", "recv_throughput (max)", "area (min)"};
  for (size_t i = 0; i < 4; i++) {
    const char *line = strstr(r.out, metrics[i]);
    if (!line)
      fail_msg("no line for %s in:\n%s", metrics[i], r.out);
    /* the best configuration is an arbitration/vcs label */
    char label[64] = "";
    sscanf(line + strlen(metrics[i]), " %63s", label);
    if (!strchr(label, '/') ||
        !(strstr(label, "rr/") || strstr(label, "ff/") || strstr(label, "of/") || strstr(label, "mixed/")))
      fail_msg("no best configuration on the %s line: `%s`", metrics[i], label);
  }
  ts_result_free(&r);
}

static double elapsed(const struct timespec *a, const struct timespec *b)
{
  return (double)(b->tv_sec - a->tv_sec) + (b->tv_nsec - a->tv_nsec) * 1e-9;
}

static void test_rerun_reuses(void **state)
{
  char *json = ts_write_temp("", ".json");
  remove(json); /* start without a file */
  struct timespec t0, t1, t2;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  struct ts_result a = tune(json, "2", NULL, NULL);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  struct ts_result b = tune(json, "2", NULL, NULL);
  clock_gettime(CLOCK_MONOTONIC, &t2);
  assert_non_null(strstr(a.out, "24 new, 0 reused"));
  if (!strstr(b.out, "0 new, 24 reused"))
    fail_msg("second run did not reuse every point:\n%s", b.out);
  /* the analysis of reused points is the analysis of the run */
  char *sa = strip_time(a.out), *sb = strip_time(b.out);
  char *la = strchr(sa, '\n'), *lb = strchr(sb, '\n'); /* skip the counts line */
  assert_string_equal(la, lb);
  double first = elapsed(&t0, &t1), second = elapsed(&t1, &t2);
  if (!(second < first))
    fail_msg("re-run took %.3f s, first run %.3f s", second, first);
  /* the JSON has a header, 24 points and a summary; no journal left */
  char *text = ts_read_file(json);
  assert_non_null(text);
  int lines = 0, points = 0;
  for (char *p = text; (p = strstr(p, "\"type\":\"point\"")); p++)
    points++;
  for (char *p = text; *p; p++)
    lines += *p == '\n';
  assert_int_equal(points, 24);
  assert_int_equal(lines, 26);
  assert_non_null(strstr(text, "\"type\":\"summary\""));
  char partial[512];
  snprintf(partial, sizeof partial, "%s.partial", json);
  assert_int_equal(access(partial, F_OK), -1);
  free(text);
  free(sa);
  free(sb);
  ts_result_free(&a);
  ts_result_free(&b);
  remove(json);
  free(json);
}

static void test_workers_identical(void **state)
{
  struct ts_result a = tune(NULL, "1", NULL, NULL);
  struct ts_result b = tune(NULL, "2", NULL, NULL);
  char *sa = strip_time(a.out), *sb = strip_time(b.out);
  assert_string_equal(sa, sb);
  free(sa);
  free(sb);
  ts_result_free(&a);
  ts_result_free(&b);
}

/* --replications 3: every point runs three seeds (replication 0 is the
 * plain run: the JSON's first point has seed 1); the report compares the
 * best with the next with intervals, the same for any number of workers. */
static void test_replications(void **state)
{
  char *json = ts_write_temp("", ".json");
  remove(json);
  struct ts_result a = tune(json, "1", "--replications", "3");
  struct ts_result b = tune(NULL, "2", "--replications", "3");
  assert_non_null(strstr(a.out, "2 sweep points x 12 configurations x 3 replications: 72 runs"));
  assert_non_null(strstr(a.out, "3 replications, 95 % intervals: best "));
  assert_true(strstr(a.out, "the best is distinguishable from the next") || strstr(a.out, "NOT distinguishable"));
  char *sa = strip_time(a.out), *sb = strip_time(b.out);
  assert_string_equal(sa, sb);
  char *text = ts_read_file(json);
  assert_non_null(text);
  assert_non_null(strstr(text, "\"distinguishable\":"));
  assert_non_null(strstr(text, "\"difference_ci95\":["));
  free(text);
  free(sa), free(sb);
  ts_result_free(&a), ts_result_free(&b);
  remove(json);
  free(json);
}

static void test_pruning(void **state)
{
  char *json = ts_write_temp("", ".json");
  struct ts_result r = tune(json, NULL, "--max-points", "4");
  /* 12 configurations > 4: one rung keeps ceil(12 / 3) = 4 (<= the final 8) */
  if (!strstr(r.out, "pruning: 12 configurations > 4") || !strstr(r.out, "rung 0 at 1/3 of the length") ||
      !strstr(r.out, "pruned 8:") || !strstr(r.out, "rung 1 at full length"))
    fail_msg("pruning not reported:\n%s", r.out);
  char *text = ts_read_file(json);
  assert_non_null(strstr(text, "\"pruned\":["));
  free(text);
  ts_result_free(&r);
  remove(json);
  free(json);
}

/* Ctrl-C: the finished points are written, the exit status is 130, and the
 * same command then reuses them. */
static void test_interrupt(void **state)
{
  char *json = ts_write_temp("", ".json");
  remove(json);
  /* a longer run: 4x4x4 torus, 24 points of ~0.1 s */
  char *ini = ts_write_temp("[network]\ndims = 4x4x4\n[router]\nvcs = 2\n[traffic]\nrate = 0.3\npacket_size = 8\n"
                            "[sim]\nwarmup_cycles = 1000\nmeasure_cycles = 20000\n",
                            ".ini");
  char *argv[] = {(char *)FCSIM_CLI,
                  "tune",
                  ini,
                  "--space",
                  "router.arbitration=rr,ff,of,mixed",
                  "--space",
                  "router.vcs=2,3,4,6,8,9",
                  "--json",
                  json,
                  "--workers",
                  "2",
                  "--quiet",
                  NULL};
  pid_t pid = fork();
  if (pid == 0) {
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 2);
    execv(FCSIM_CLI, argv);
    _exit(127);
  }
  /* wait for the first finished point in the journal, then press Ctrl-C */
  char partial[512];
  snprintf(partial, sizeof partial, "%s.partial", json);
  for (int i = 0; i < 600; i++) {
    char *j = ts_read_file(partial);
    int any = j && strchr(j, '\n');
    free(j);
    if (any)
      break;
    struct timespec nap = {0, 50 * 1000 * 1000};
    nanosleep(&nap, NULL);
  }
  kill(pid, SIGINT);
  int st;
  waitpid(pid, &st, 0);
  assert_true(WIFEXITED(st));
  if (WEXITSTATUS(st) != 130)
    fail_msg("exit status %d after SIGINT", WEXITSTATUS(st));
  char *text = ts_read_file(json);
  assert_non_null(text);
  int points = 0;
  for (char *p = text; (p = strstr(p, "\"type\":\"point\"")); p++)
    points++;
  assert_true(points >= 1 && points < 24);
  assert_null(strstr(text, "\"type\":\"summary\""));
  assert_int_equal(access(partial, F_OK), -1); /* its points are in the JSON file now */
  const char *args[] = {"tune",      ini,
                        "--space",   "router.arbitration=rr,ff,of,mixed",
                        "--space",   "router.vcs=2,3,4,6,8,9",
                        "--json",    json,
                        "--workers", "2",
                        NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  char expect[64];
  snprintf(expect, sizeof expect, "%d new, %d reused", 24 - points, points);
  if (!strstr(r.out, expect))
    fail_msg("expected `%s` after resuming:\n%s", expect, r.out);
  ts_result_free(&r);
  free(text);
  remove(json);
  free(json);
  remove(ini);
  free(ini);
}

static void expect_usage_error(const char *const *args, const char *needle)
{
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2)
    fail_msg("exit %d, stderr: %s", r.status, r.err);
  int lines = 0;
  for (const char *p = r.err; *p; p++)
    lines += *p == '\n';
  assert_int_equal(lines, 1);
  if (!strstr(r.err, needle))
    fail_msg("`%s` not in: %s", needle, r.err);
  assert_string_equal(r.out, "");
  ts_result_free(&r);
}

static void test_bad_input(void **state)
{
  expect_usage_error((const char *const[]){"tune", ini_path, "--space", "router.vc=2,3", NULL}, "router.vcs");
  expect_usage_error((const char *const[]){"tune", ini_path, "--space", "router.vcs=2,three", NULL}, "three");
  expect_usage_error((const char *const[]){"tune", ini_path, "--space", "routing.algorithm=dor,xy", NULL}, "xy");
  expect_usage_error((const char *const[]){"tune", ini_path, "--metric", "avg_latency,speed", NULL}, "speed");
  expect_usage_error((const char *const[]){"tune", ini_path, "--vary", "traffic.rate=1:0:0.1", NULL}, "STOP");
  expect_usage_error((const char *const[]){"tune", ini_path, "--tolerance", "5", NULL}, "--tolerance");
  expect_usage_error((const char *const[]){"tune", NULL}, "CONFIG");
  expect_usage_error((const char *const[]){"tune", "/nonexistent/x.ini", NULL}, "/nonexistent/x.ini");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_best_per_metric),   cmocka_unit_test(test_rerun_reuses),
      cmocka_unit_test(test_workers_identical), cmocka_unit_test(test_replications),
      cmocka_unit_test(test_pruning),           cmocka_unit_test(test_interrupt),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
