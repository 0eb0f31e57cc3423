/* SPDX-License-Identifier: BSD-3-Clause */
/* Bad inputs to every reader, through the built binary: each is refused
 * with exit status 2 and a message naming the file and what is wrong, never
 * a crash, a hang or a result. One test per defect: a collective workload on
 * a router that cannot route collectives, a multicast table entry with more
 * children than a table entry holds. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

#define ARGS(...)     ((const char *const[]){__VA_ARGS__, NULL})
#define EXAMPLE(name) FCSIM_SOURCE_DIR "/examples/" name

static struct ts_result run(const char *const *args)
{
  struct ts_result r;
  if (ts_run_cli(&r, args) != 0)
    fail_msg("cannot run %s", FCSIM_CLI);
  return r;
}

/* Exit `status` and stderr holds every fragment. */
static void expect_status(int status, const char *const *args, const char *const *fragments)
{
  struct ts_result r = run(args);
  if (r.status != status)
    fail_msg("status %d, expected %d; stderr: %s", r.status, status, r.err);
  for (int i = 0; fragments && fragments[i]; i++)
    if (!strstr(r.err, fragments[i]))
      fail_msg("stderr lacks `%s`:\n%s", fragments[i], r.err);
  ts_result_free(&r);
}

static char *temp_dir(void)
{
  char *d = ts_temp_dir("fcsim_inerr");
  assert_non_null(d);
  return d;
}

static void rm_rf(const char *dir)
{
  assert_int_equal(ts_remove_tree(dir), 0);
}

/* Writes `n` bytes of `byte` over the file `path` (same length). */
static void fill_file(const char *path, int byte)
{
  FILE *f = fopen(path, "r+b");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  for (long i = 0; i < n; i++)
    fputc(byte, f);
  fclose(f);
}

/* `collective run` with a router that is not a collective router wrote out
 * of bounds (a push to the source queue of port -1); now refused. */
static void test_collective_needs_collective_router(void **state)
{
  (void)state;
  expect_status(2,
                ARGS("collective", "run", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2", "--set",
                     "router.model=novog", "--set", "voq.tree_turns=rule", "--quiet"),
                ARGS("needs collective routers", "router.model = novog"));
}

/* A multicast entry's 3-bit child count of 7 read past the six child slots. */
static void test_multicast_children_bounded(void **state)
{
  (void)state;
  char *dir = temp_dir(), tables[600], path[700], set[700];
  snprintf(tables, sizeof tables, "%s/T", dir);
  struct ts_result r = run(ARGS("collective", "build", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2",
                                "--pattern", "all-to-all", "--out", tables));
  if (r.status != 0)
    fail_msg("status %d: %s", r.status, r.err);
  ts_result_free(&r);
  for (int v = 0; v < 8; v++) {
    snprintf(path, sizeof path, "%s/node%d.multicast.bin", tables, v);
    fill_file(path, 0xFF);
  }
  snprintf(set, sizeof set, "router.tables=%s", tables);
  expect_status(2, ARGS("run", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2", "--set", set),
                ARGS("node0.multicast.bin", "7 children", "1..6"));
  /* a child count of 0: a multicast entry that delivers nothing */
  for (int v = 0; v < 8; v++) {
    snprintf(path, sizeof path, "%s/node%d.multicast.bin", tables, v);
    fill_file(path, 0);
  }
  expect_status(2, ARGS("run", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2", "--set", set),
                ARGS("0 children"));
  rm_rf(dir);
  free(dir);
}

/* A 4x4 torus trace run of `csv` (a header row and messages): status and stderr. */
static struct ts_result run_trace(const char *csv, const char *extra)
{
  char *path = ts_write_temp(csv, ".csv"), set[700];
  snprintf(set, sizeof set, "traffic.trace=%s", path);
  struct ts_result r = run(ARGS("run", "--set", "network.dims=4x4", "--set", "traffic.mode=trace", "--set", set,
                                "--set", extra ? extra : "sim.seed=1", "--json", "/dev/null", "--quiet"));
  unlink(path);
  free(path);
  return r;
}

static void expect_trace(int status, const char *csv, const char *extra, const char *fragment)
{
  struct ts_result r = run_trace(csv, extra);
  if (r.status != status)
    fail_msg("status %d, expected %d; stderr: %s", r.status, status, r.err);
  if (fragment && !strstr(r.err, fragment))
    fail_msg("stderr lacks `%s`:\n%s", fragment, r.err);
  ts_result_free(&r);
}

/* A trace start or delay of 2^64 cycles or more wrapped to 0 (the float
 * converted before the range check); bytes=-64 was converted before it was
 * refused. */
static void test_trace_ranges_before_conversion(void **state)
{
  (void)state;
  expect_trace(2, "id,src,dst,bytes,start\n1,0,1,64,18446744073709551616\n", NULL, "0..1e15 cycles");
  expect_trace(2, "id,src,dst,bytes,start\n1,0,1,64,1e300s\n", NULL, "0..1e15 cycles");
  expect_trace(2, "id,src,dst,bytes,start,after,delay\n1,0,1,64,0,,\n2,1,2,64,,1,1e20\n", NULL, "delay = ");
  expect_trace(2, "id,src,dst,bytes\n1,0,1,-64\n", NULL, "bytes = `-64`");
  expect_trace(2, "id,src,dst,bytes\n1,0,1,1e30\n", NULL, "bytes = `1e30`");
}

/* Every reader goes through the bounded reader: devices, FIFOs and
 * directories are refused with the path; a file over sim.max_input_bytes is
 * refused with the limit. */
static void test_bounded_readers(void **state)
{
  (void)state;
  expect_status(2, ARGS("run", "--set", "network.topology=file", "--set", "network.file=/dev/zero"),
                ARGS("/dev/zero", "not a regular file", "sim.max_input_bytes"));
  expect_status(2, ARGS("topo", "--set", "network.topology=file", "--set", "network.file=" FCSIM_SOURCE_DIR),
                ARGS("is a directory", "netlist"));
  expect_status(
      2, ARGS("run", "--set", "network.dims=4x4", "--set", "traffic.mode=trace", "--set", "traffic.trace=/dev/zero"),
      ARGS("/dev/zero", "not a regular file"));
  expect_status(2, ARGS("plot", "/dev/zero"), ARGS("/dev/zero", "not a regular file"));
  expect_status(2,
                ARGS("collective", "build", "--set", "network.dims=2x2x2", "--pattern", FCSIM_SOURCE_DIR, "--out",
                     "/tmp/fcsim_inerr_never"),
                ARGS("is a directory", "pattern"));
  char fifo[] = "/tmp/fcsim_inerr_fifoXXXXXX";
  int fd = mkstemp(fifo);
  assert_true(fd >= 0);
  close(fd);
  unlink(fifo);
  char cmd[200];
  snprintf(cmd, sizeof cmd, "mkfifo %s", fifo);
  assert_int_equal(system(cmd), 0);
  char set[200];
  snprintf(set, sizeof set, "network.file=%s", fifo);
  expect_status(2, ARGS("run", "--set", "network.topology=file", "--set", set), ARGS(fifo, "not a regular file"));
  unlink(fifo);
  expect_trace(2, "id,src,dst,bytes\n1,0,1,64\n", "sim.max_input_bytes=16", "more than sim.max_input_bytes = 16");
  expect_trace(0, "id,src,dst,bytes\n1,0,1,64\n", "sim.max_input_bytes=1KiB", NULL);
}

/* Netlist clocks have the range of network.clock and router.clock: a
 * 1e30 MHz clock looped forever, a 1 Hz clock was reported as a deadlock,
 * and 2THz was not understood as a frequency. */
static void test_netlist_clock_range(void **state)
{
  (void)state;
  static const char *const clocks[] = {"1e30MHz", "1Hz", "2THz", "0.5MHz", NULL};
  for (int i = 0; clocks[i]; i++) {
    char net[400];
    snprintf(net, sizeof net, "node a ports=1 clock=%s\nnode b ports=1\nlink a.0 b.0\n", clocks[i]);
    char *path = ts_write_temp(net, ".net"), set[700];
    snprintf(set, sizeof set, "network.file=%s", path);
    expect_status(2, ARGS("run", "--set", "network.topology=file", "--set", set), ARGS("expected 1MHz..10GHz"));
    unlink(path);
    free(path);
  }
}

/* Exit statuses: a finite workload that leaves packets undelivered, or a
 * run that measured nothing (a trace without messages), exits 1 with
 * INCOMPLETE; a finished trace exits 0. */
static void test_incomplete_runs_exit_1(void **state)
{
  (void)state;
  expect_trace(1, "id,src,dst,bytes\n", NULL, "INCOMPLETE: the run measured nothing");
  expect_trace(0, "id,src,dst,bytes\n1,0,1,64\n", NULL, NULL);
  expect_status(1,
                ARGS("run", "--set", "network.dims=4x4", "--set", "traffic.mode=batch", "--set",
                     "traffic.batch_packets=1000", "--set", "sim.max_cycles=300", "--json", "/dev/null", "--quiet"),
                ARGS("INCOMPLETE", "traffic.mode = batch"));
}

/* No output may replace an input the command reads: the trace of `run`
 * and `sweep`, the netlist of `topo --export/--dot`, a plot input as
 * `plot --script`. Checked by device and inode, before anything runs; the
 * input is left intact. */
static void test_outputs_never_replace_inputs(void **state)
{
  (void)state;
  const char *csv = "id,src,dst,bytes\n1,0,1,64\n";
  char *trace = ts_write_temp(csv, ".csv"), set[700];
  snprintf(set, sizeof set, "traffic.trace=%s", trace);
  expect_status(
      2,
      ARGS("run", "--set", "network.dims=4x4", "--set", "traffic.mode=trace", "--set", set, "--json", trace, "--quiet"),
      ARGS("is the input"));
  expect_status(2,
                ARGS("sweep", "--set", "network.dims=4x4", "--set", "traffic.mode=trace", "--set", set, "--vary",
                     "traffic.packet_size=2:4:2", "--csv", trace, "--quiet"),
                ARGS("is the input"));
  char *text = ts_read_file(trace);
  assert_string_equal(text, csv);
  free(text);
  char *net = ts_write_temp("node a ports=1\nnode b ports=1\nlink a:0 b:0\n", ".net");
  snprintf(set, sizeof set, "network.file=%s", net);
  expect_status(2, ARGS("topo", "--set", "network.topology=file", "--set", set, "--export", net), ARGS("is the input"));
  expect_status(2, ARGS("topo", "--set", "network.topology=file", "--set", set, "--dot", net), ARGS("is the input"));
  expect_status(2, ARGS("plot", trace, "--script", trace), ARGS("is the input"));
  unlink(trace);
  unlink(net);
  free(trace);
  free(net);
}

/* Messages show the input they quote escaped: a UTF-8 byte-order mark as
 * <BOM>, raw bytes as \xHH, never the bytes themselves. */
static void test_messages_escape_raw_bytes(void **state)
{
  (void)state;
  expect_trace(2, "\xef\xbb\xbfid,src,dst,bytes\n1,0,1,64\n", NULL, "unknown column `<BOM>id`");
  struct ts_result r = run_trace("id,src,dst,bytes\n1,\xff\xfe,1,64\n", NULL);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "src = `\\xFF\\xFE`"));
  assert_null(strchr(r.err, '\xff'));
  ts_result_free(&r);
}

/* `collective build` and `collective run` on a netlist: bad input (2), not
 * the "run failed" status. */
static void test_collective_on_netlist(void **state)
{
  (void)state;
  expect_status(2,
                ARGS("collective", "build", FCSIM_SOURCE_DIR "/examples/netlist/two-boards.ini", "--pattern",
                     "all-to-all", "--out", "/tmp/fcsim_inerr_never"),
                ARGS("torus or a mesh"));
}

/* A report that cannot reach standard output (a full disk) is a failed run
 * (exit 1), not a success. */
static void test_full_stdout_fails(void **state)
{
  (void)state;
  char cmd[1200];
  snprintf(cmd, sizeof cmd,
           "'%s' collective build --set network.dims=2x2x2 --pattern all-to-all --out /tmp/fcsim_inerr_full_$$ "
           ">/dev/full 2>/dev/null; s=$?; rm -rf /tmp/fcsim_inerr_full_$$; exit $s",
           FCSIM_CLI);
  int st = system(cmd);
  assert_true(WIFEXITED(st));
  assert_int_equal(WEXITSTATUS(st), 1);
}

/* `collective build` writes a new folder and puts it in place whole: a
 * folder of tables is replaced (no stale files stay), a folder holding
 * anything else is refused and left as it was. */
static void test_collective_build_replaces_whole(void **state)
{
  (void)state;
  char *dir = temp_dir(), out[600], path[700];
  snprintf(out, sizeof out, "%s/T/", dir); /* a trailing slash: the new folder is a sibling, T.tmp-* */
  for (int i = 0; i < 2; i++) {
    struct ts_result r = run(ARGS("collective", "build", "--set", "network.dims=2x2x2", "--pattern",
                                  i ? "bitrot" : "all-to-all", "--out", out, "--quiet"));
    if (r.status != 0)
      fail_msg("status %d: %s", r.status, r.err);
    ts_result_free(&r);
  }
  snprintf(path, sizeof path, "%stables.json", out);
  char *doc = ts_read_file(path);
  assert_non_null(doc);
  free(doc);
  snprintf(path, sizeof path, "%snotes.txt", out);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fclose(f);
  expect_status(2, ARGS("collective", "build", "--set", "network.dims=2x2x2", "--pattern", "bitrot", "--out", out),
                ARGS("holding other files"));
  assert_int_equal(access(path, F_OK), 0);
  rm_rf(dir);
  free(dir);
}

/* `tune --json FILE` resumes its own results but refuses to replace a file
 * of another kind (a sweep's JSON Lines, anything) unless --force. */
static void test_tune_json_refuses_other_files(void **state)
{
  (void)state;
  char *cfg = ts_write_temp("[network]\ndims = 2x2\n[sim]\nwarmup_cycles = 100\nmeasure_cycles = 300\n", ".ini");
  char *other = ts_write_temp("{\"fcsim\":\"0.1.0\",\"config\":{}}\n", ".json");
  expect_status(2, ARGS("tune", cfg, "--space", "router.vcs=2,3", "--quiet", "--json", other),
                ARGS("not the results of a tune", "--force"));
  char *text = ts_read_file(other);
  assert_string_equal(text, "{\"fcsim\":\"0.1.0\",\"config\":{}}\n");
  free(text);
  expect_status(0, ARGS("tune", cfg, "--space", "router.vcs=2,3", "--quiet", "--json", other, "--force"), NULL);
  expect_status(0, ARGS("tune", cfg, "--space", "router.vcs=2,3", "--quiet", "--json", other), NULL); /* resumes */
  unlink(cfg);
  unlink(other);
  free(cfg);
  free(other);
}

/* `run --json` and `sweep --json` replace their own results (a second run
 * over the first) but refuse another command's file or any other file
 * unless --force, leaving it as it was. */
static void test_run_sweep_json_refuse_other_files(void **state)
{
  (void)state;
  char *cfg = ts_write_temp("[network]\ndims = 2x2\n[sim]\nwarmup_cycles = 100\nmeasure_cycles = 300\n", ".ini");
  char *run_out = ts_write_temp("", ".json"), *sweep_out = ts_write_temp("", ".jsonl");
  char *notes = ts_write_temp("my notes\n", ".txt");
#define RUN(out)   ARGS("run", cfg, "--quiet", "--json", out)
#define SWEEP(out) ARGS("sweep", cfg, "--vary", "traffic.rate=0.1:0.2:0.1", "--quiet", "--json", out)
  expect_status(0, RUN(run_out), NULL);     /* an empty file may be replaced */
  expect_status(0, RUN(run_out), NULL);     /* and so may a run's results */
  expect_status(0, SWEEP(sweep_out), NULL); /* the same for a sweep */
  expect_status(0, SWEEP(sweep_out), NULL);
  char *run_text = ts_read_file(run_out), *sweep_text = ts_read_file(sweep_out);
  expect_status(2, RUN(sweep_out), ARGS("not the results of a run", "--force"));
  expect_status(2, SWEEP(run_out), ARGS("not the results of a sweep", "--force"));
  expect_status(2, RUN(notes), ARGS("not the results of a run"));
  expect_status(2, SWEEP(notes), ARGS("not the results of a sweep"));
  char *text = ts_read_file(notes);
  assert_string_equal(text, "my notes\n");
  free(text);
  text = ts_read_file(run_out);
  assert_string_equal(text, run_text);
  free(text);
  text = ts_read_file(sweep_out);
  assert_string_equal(text, sweep_text);
  free(text);
  expect_status(0, ARGS("run", cfg, "--quiet", "--json", notes, "--force"), NULL);
  expect_status(0, ARGS("sweep", cfg, "--vary", "traffic.rate=0.1:0.2:0.1", "--quiet", "--json", run_out, "--force"),
                NULL);
#undef RUN
#undef SWEEP
  free(run_text);
  free(sweep_text);
  const char *paths[] = {cfg, run_out, sweep_out, notes};
  for (int i = 0; i < 4; i++) {
    unlink(paths[i]);
    free((void *)paths[i]);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_run_sweep_json_refuse_other_files),
      cmocka_unit_test(test_collective_needs_collective_router),
      cmocka_unit_test(test_multicast_children_bounded),
      cmocka_unit_test(test_trace_ranges_before_conversion),
      cmocka_unit_test(test_bounded_readers),
      cmocka_unit_test(test_netlist_clock_range),
      cmocka_unit_test(test_incomplete_runs_exit_1),
      cmocka_unit_test(test_outputs_never_replace_inputs),
      cmocka_unit_test(test_messages_escape_raw_bytes),
      cmocka_unit_test(test_collective_on_netlist),
      cmocka_unit_test(test_full_stdout_fails),
      cmocka_unit_test(test_collective_build_replaces_whole),
      cmocka_unit_test(test_tune_json_refuses_other_files),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
