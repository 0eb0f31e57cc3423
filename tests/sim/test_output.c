/* SPDX-License-Identifier: BSD-3-Clause */
/* Result files are never lost (src/cli/output.c): an interrupted run or
 * sweep (SIGTERM, SIGINT) leaves the previous file as it was and no
 * temporary file behind; failed writes exit non-zero; two outputs naming the
 * same file, or the input, are refused; `-` is stdout for run, sweep and
 * model; several --vary sweep the grid in the documented order; --jobs
 * writes what one point after the other writes. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "test_support.h"

static const char old_text[] = "{\"old\": true}\n";

/* Number of entries in dir besides . and .. */
static int count_entries(const char *dir, char *first, size_t size)
{
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
      if (n++ == 0 && first)
        snprintf(first, size, "%s", e->d_name);
    }
  if (d)
    closedir(d);
  return n;
}

static void write_text(const char *path, const char *text)
{
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

/* Starts fcsim with args (NULL-terminated) in dir, waits until a temporary
 * output file appears beside the target, sends sig, and returns the status. */
static int interrupt_child(const char *dir, char **args, int sig)
{
  pid_t pid = fork();
  if (pid == 0) {
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    dup2(devnull, 2);
    if (chdir(dir))
      _exit(127);
    execv(FCSIM_CLI, args);
    _exit(127);
  }
  for (int i = 0; i < 400 && count_entries(dir, NULL, 0) < 2; i++) {
    struct timespec nap = {0, 10 * 1000 * 1000};
    nanosleep(&nap, NULL);
  }
  assert_int_equal(count_entries(dir, NULL, 0), 2); /* the old file and the temporary one */
  struct timespec nap = {0, 100 * 1000 * 1000};
  nanosleep(&nap, NULL);
  kill(pid, sig);
  int st;
  waitpid(pid, &st, 0);
  return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
}

static void check_old_survives(char **args, int sig, int want_status)
{
  char *dir = ts_temp_dir("fcsim-out");
  assert_non_null(dir);
  char path[256], name[256];
  snprintf(path, sizeof path, "%s/results.json", dir);
  write_text(path, old_text);
  int status = interrupt_child(dir, args, sig);
  if (status != want_status)
    fail_msg("%s after signal %d: exit status %d, expected %d", args[1], sig, status, want_status);
  char *text = ts_read_file(path);
  assert_non_null(text);
  assert_string_equal(text, old_text);
  free(text);
  if (count_entries(dir, name, sizeof name) != 1)
    fail_msg("a temporary file was left beside results.json");
  assert_string_equal(name, "results.json");
  ts_remove_tree(dir);
  free(dir);
}

/* A long run: 8x8x8 torus measured for many cycles. The old file is not a
 * result of the command, so the runs pass --force (the refusal without it is
 * tested in test_input_errors). */
#define LONG_RUN "--set", "network.dims=8x8x8", "--set", "sim.measure_cycles=2000000", "--set", "traffic.rate=0.2"

static void test_run_sigterm_keeps_old_file(void **state)
{
  char *args[] = {(char *)FCSIM_CLI, "run", LONG_RUN, "--json", "results.json", "--force", "--quiet", NULL};
  check_old_survives(args, SIGTERM, 128 + SIGTERM);
}

static void test_run_sigint_keeps_old_file(void **state)
{
  char *args[] = {(char *)FCSIM_CLI, "run", LONG_RUN, "--json", "results.json", "--force", "--quiet", NULL};
  check_old_survives(args, SIGINT, 130);
}

/* SIGTERM and SIGHUP end a sweep as Ctrl-C does (exit 130, finished
 * points kept); stopped inside its first point, it has none, and the old
 * file stays. */
static void test_sweep_sigterm_keeps_old_file(void **state)
{
  char *args[] = {(char *)FCSIM_CLI, "sweep",   "--vary", "traffic.rate=0.1:0.2:0.1", LONG_RUN, "--json",
                  "results.json",    "--force", "--quiet", NULL};
  check_old_survives(args, SIGTERM, 130);
  check_old_survives(args, SIGHUP, 130);
}

static void expect_status(int status, const char *needle, const char *const *args)
{
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != status || (needle && !strstr(r.err, needle)))
    fail_msg("%s: status %d (expected %d), stderr: %s", args[0], r.status, status, r.err);
  ts_result_free(&r);
}

#define SHORT "--set", "sim.warmup_cycles=100", "--set", "sim.measure_cycles=300", "--set", "network.dims=2x2"

static void test_bad_outputs_refused(void **state)
{
  char *ini = ts_write_temp("[traffic]\nrate = 0.1\n", ".ini");
  expect_status(2, "same output",
                (const char *const[]){"run", SHORT, "--json", "/tmp/x.out", "--csv", "/tmp/x.out", NULL});
  expect_status(2, "same output", (const char *const[]){"run", SHORT, "--json", "-", "--csv", "-", NULL});
  expect_status(2, "is the input", (const char *const[]){"run", ini, SHORT, "--json", ini, NULL});
  expect_status(2, "is the input",
                (const char *const[]){"sweep", ini, "--vary", "traffic.rate=0.1:0.2:0.1", SHORT, "--csv", ini, NULL});
  expect_status(2, "same output",
                (const char *const[]){"model", "stream", "--json", "/tmp/y.out", "--csv", "/tmp/y.out", NULL});
  /* a write that fails is an error, not a silent success */
  expect_status(1, "/dev/full", (const char *const[]){"run", SHORT, "--quiet", "--csv", "/dev/full", NULL});
  expect_status(1, "/dev/full",
                (const char *const[]){"sweep", "--vary", "traffic.rate=0.1:0.2:0.1", SHORT, "--quiet", "--json",
                                      "/dev/full", NULL});
  expect_status(1, "/dev/full", (const char *const[]){"model", "stream", "--csv", "/dev/full", NULL});
  expect_status(2, "/proc/version", (const char *const[]){"run", SHORT, "--quiet", "--csv", "/proc/version", NULL});
  char *text = ts_read_file(ini);
  assert_string_equal(text, "[traffic]\nrate = 0.1\n");
  free(text);
  remove(ini);
  free(ini);
}

static int count_lines(const char *s)
{
  int n = 0;
  for (; *s; s++)
    n += *s == '\n';
  return n;
}

/* `-` is stdout everywhere; the table is then left out. */
static void test_dash_is_stdout(void **state)
{
  struct ts_result r;
  const char *sweep[] = {"sweep", "--vary", "traffic.rate=0.1:0.2:0.1", SHORT, "--json", "-", NULL};
  assert_int_equal(ts_run_cli(&r, sweep), 0);
  assert_int_equal(r.status, 0);
  assert_int_equal(count_lines(r.out), 2); /* JSON Lines: one object per point */
  assert_int_equal(r.out[0], '{');
  assert_int_equal(access("-", F_OK), -1);
  ts_result_free(&r);
  const char *model[] = {"model", "stream", "--csv", "-", NULL};
  assert_int_equal(ts_run_cli(&r, model), 0);
  assert_int_equal(r.status, 0);
  assert_int_equal(count_lines(r.out), 2); /* header and one row */
  ts_result_free(&r);
  assert_int_equal(access("-", F_OK), -1);
}

/* Two --vary: the cross product, the first --vary outermost. */
static void test_sweep_grid_order(void **state)
{
  struct ts_result r;
  const char *args[] = {"sweep", "--vary", "router.vcs=2:4:2", "--vary", "traffic.rate=0.05:0.15:0.05", SHORT, "--csv",
                        "-",     NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  assert_int_equal(count_lines(r.out), 7);
  /* rows: vcs 2 with rates .05 .1 .15, then vcs 4 with the same rates */
  const char *want[6][2] = {{"novog,auto,0.0,2,", "uniform,0.05,"}, {"novog,auto,0.0,2,", "uniform,0.1,"},
                            {"novog,auto,0.0,2,", "uniform,0.15,"}, {"novog,auto,0.0,4,", "uniform,0.05,"},
                            {"novog,auto,0.0,4,", "uniform,0.1,"},  {"novog,auto,0.0,4,", "uniform,0.15,"}};
  const char *line = strchr(r.out, '\n') + 1;
  for (int i = 0; i < 6; i++) {
    const char *nl = strchr(line, '\n');
    char row[4096];
    snprintf(row, sizeof row, "%.*s", (int)(nl - line), line);
    if (!strstr(row, want[i][0]) || !strstr(row, want[i][1]))
      fail_msg("row %d: expected %s and %s in %s", i, want[i][0], want[i][1], row);
    line = nl + 1;
  }
  ts_result_free(&r);
  expect_status(2, "already swept",
                (const char *const[]){"sweep", "--vary", "router.vcs=2:4:2", "--vary", "router.vcs=2:4:2", NULL});
}

/* Each JSON line of `text` without its execution block, keys sorted. */
static char *json_lines_without_execution(const char *text)
{
  size_t cap = strlen(text) + 1, len = 0;
  char *all = calloc(cap, 1);
  for (const char *line = text; *line;) {
    const char *nl = strchr(line, '\n');
    size_t n = nl ? (size_t)(nl - line) : strlen(line);
    json_error_t jerr;
    json_t *doc = json_loadb(line, n, 0, &jerr);
    if (!doc)
      fail_msg("not a JSON line: %.*s", (int)n, line);
    json_object_del(doc, "execution");
    char *dump = json_dumps(doc, JSON_SORT_KEYS | JSON_COMPACT);
    size_t d = strlen(dump);
    if (len + d + 2 > cap)
      all = realloc(all, cap = 2 * (len + d + 2));
    memcpy(all + len, dump, d);
    all[len += d] = '\n';
    all[++len] = '\0';
    free(dump);
    json_decref(doc);
    line = nl ? nl + 1 : line + n;
  }
  return all;
}

/* --jobs 3 runs the points in parallel and writes what --jobs 1 writes, in
 * grid order: the table, and every JSON line apart from its execution
 * block, on a grid whose ranges saturate (their later points are skipped,
 * or run and dropped). Bad --jobs values are refused. */
static void test_sweep_jobs_same_output(void **state)
{
#define GRID                                                                                                           \
  "sweep", "--vary", "router.vcs=2:3:1", "--vary", "traffic.rate=0.2:3.0:0.4", "--set", "sim.warmup_cycles=200",       \
      "--set", "sim.measure_cycles=1500", "--set", "sim.drain_cycles=1500"
  struct ts_result t1, t3, j1, j3;
  assert_int_equal(ts_run_cli(&t1, (const char *const[]){GRID, "--jobs", "1", NULL}), 0);
  assert_int_equal(ts_run_cli(&t3, (const char *const[]){GRID, "--jobs", "3", NULL}), 0);
  assert_int_equal(t1.status, 0);
  assert_int_equal(t3.status, 0);
  assert_non_null(strstr(t1.out, "the rest of its range is skipped"));
  assert_string_equal(t1.out, t3.out);
  assert_int_equal(ts_run_cli(&j1, (const char *const[]){GRID, "-j", "1", "--json", "-", NULL}), 0);
  assert_int_equal(ts_run_cli(&j3, (const char *const[]){GRID, "-j", "3", "--json", "-", NULL}), 0);
  char *a = json_lines_without_execution(j1.out), *b = json_lines_without_execution(j3.out);
  assert_true(count_lines(a) >= 4 && count_lines(a) < 14); /* both ranges stopped early */
  assert_string_equal(a, b);
  free(a);
  free(b);
  ts_result_free(&t1);
  ts_result_free(&t3);
  ts_result_free(&j1);
  ts_result_free(&j3);
#undef GRID
  expect_status(2, "whole number", (const char *const[]){"sweep", "--vary", "traffic.rate=0.1:0.2:0.1", "--jobs", "0", NULL});
  expect_status(2, "whole number", (const char *const[]){"sweep", "--vary", "traffic.rate=0.1:0.2:0.1", "-j", "x", NULL});
  expect_status(2, "unknown option", (const char *const[]){"topo", "--jobs", "2", NULL});
  /* run: --jobs is the replications run at once */
  expect_status(2, "whole number", (const char *const[]){"run", "--replications", "2", "--jobs", "0", NULL});
  expect_status(2, "sim.replications", (const char *const[]){"run", "--replications", "0", NULL});
  expect_status(2, "--replications N",
                (const char *const[]){"sweep", "--vary", "sim.replications=1:2:1", NULL});
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_run_sigterm_keeps_old_file),
      cmocka_unit_test(test_run_sigint_keeps_old_file),
      cmocka_unit_test(test_sweep_sigterm_keeps_old_file),
      cmocka_unit_test(test_bad_outputs_refused),
      cmocka_unit_test(test_dash_is_stdout),
      cmocka_unit_test(test_sweep_grid_order),
      cmocka_unit_test(test_sweep_jobs_same_output),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
