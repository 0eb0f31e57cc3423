/* SPDX-License-Identifier: BSD-3-Clause */
/* Reproducibility: the same seed gives byte-identical JSON (apart from the
 * timing field), a different seed different but statistically close results;
 * stepping busy nodes ahead (sim.run_ahead) and prefetching the next nodes'
 * state (sim.prefetch) and sending Novo-G# packets whole (sim.trains)
 * change nothing; and the
 * watchdog reports a deadlock instead of hanging. */
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
#include <jansson.h>

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

/* The JSON of `args` plus --links and --set `set` (an execution key): the
 * execution block's field `field` in *value, and the rest without the
 * execution block (malloc'd). */
static char *exec_json(const char *const *args, const char *set, const char *field, double *value)
{
  const char *argv[40];
  int n = 0;
  for (; args[n]; n++)
    argv[n] = args[n];
  argv[n++] = "--set";
  argv[n++] = set;
  argv[n++] = "--links";
  argv[n++] = "--quiet";
  argv[n] = NULL;
  int status = -1;
  json_t *doc = ts_cli_json(argv, &status, NULL);
  assert_non_null(doc);
  assert_int_equal(status, 0);
  *value = ts_json_number(doc, "execution", field);
  json_object_del(doc, "execution");
  char *text = json_dumps(doc, JSON_SORT_KEYS | JSON_COMPACT);
  json_decref(doc);
  return text;
}

/* Runs config i (`args`) with the execution setting `key` on and off: the
 * JSON less `execution` must be the same; *on and *off get the execution
 * figure `field` of each. */
static void same_on_off(size_t i, const char *const *args, const char *key, const char *field, double *on, double *off)
{
  char set_on[64], set_off[64];
  snprintf(set_on, sizeof set_on, "%s=on", key);
  snprintf(set_off, sizeof set_off, "%s=off", key);
  char *a = exec_json(args, set_on, field, on), *b = exec_json(args, set_off, field, off);
  if (strcmp(a, b))
    fail_msg("config %zu: the JSON differs with %s on and off", i, key);
  free(a);
  free(b);
}

/* Busy nodes stepped on ahead of the engine's cycle (sim.run_ahead = on,
 * the default) give every metric, link figure and latency bucket of the
 * runs that step every node at the engine's cycle: long and short links,
 * jitter, two threads, a crossbar board, a BEE3 network, an FFT's corner
 * turns. */
static void test_run_ahead_changes_nothing(void **state)
{
#define SHORT_RUN "--set", "sim.warmup_cycles=500", "--set", "sim.measure_cycles=3000"
  const char *const configs[][16] = {
      {"run", "--set", "traffic.rate=0.6", SHORT_RUN, NULL},
      {"run", "--set", "network.dims=6x6x6", "--set", "router.vcs=4", "--set", "network.link_latency=50", "--set",
       "traffic.rate=0.3", "--set", "sim.threads=2", SHORT_RUN, NULL},
      {"run", FCSIM_SOURCE_DIR "/examples/novo-g-jitter.ini", SHORT_RUN, NULL},
      {"run", FCSIM_SOURCE_DIR "/examples/crossbar-board.ini", NULL},
      {"run", FCSIM_SOURCE_DIR "/examples/bee3/two-x4.ini", SHORT_RUN, NULL},
      {"run", FCSIM_SOURCE_DIR "/examples/fft/16-on-4.ini", NULL},
  };
#undef SHORT_RUN
  for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
    double on_cycles, off_cycles;
    same_on_off(i, configs[i], "sim.run_ahead", "run_ahead_cycles", &on_cycles, &off_cycles);
    if (!(on_cycles > 1) || off_cycles != 0)
      fail_msg("config %zu: run_ahead_cycles %g with run_ahead on, %g off", i, on_cycles, off_cycles);
  }
}

/* Prefetching the next nodes' state (sim.prefetch = on, the default) is a
 * hint: partitions of 1024 nodes and more prefetch, smaller ones do not, and
 * every metric and link figure is the same as without it — Novo-G#, the
 * classic router, two threads of 1024 nodes each, and a 512-node network
 * that does not prefetch. */
static void test_prefetch_changes_nothing(void **state)
{
#define SHORT_RUN "--set", "sim.warmup_cycles=200", "--set", "sim.measure_cycles=600"
  const struct {
    const char *args[20];
    double parts; /* partitions that prefetch with sim.prefetch = on */
  } configs[] = {
      {{"run", "--set", "network.dims=16x8x8", "--set", "router.vcs=4", "--set", "network.link_latency=20", "--set",
        "traffic.rate=0.3", SHORT_RUN, NULL},
       1},
      {{"run", FCSIM_SOURCE_DIR "/examples/booksim-torus.ini", "--set", "network.dims=16x8x8", "--set",
        "traffic.rate=0.3", SHORT_RUN, NULL},
       1},
      {{"run", "--set", "network.dims=16x16x8", "--set", "router.vcs=2", "--set", "traffic.rate=0.2", "--set",
        "sim.threads=2", SHORT_RUN, NULL},
       2},
      {{"run", "--set", "network.dims=8x8x8", "--set", "traffic.rate=0.3", SHORT_RUN, NULL}, 0},
  };
#undef SHORT_RUN
  for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
    double on_parts, off_parts;
    same_on_off(i, configs[i].args, "sim.prefetch", "prefetch_partitions", &on_parts, &off_parts);
    if (on_parts != configs[i].parts || off_parts != 0)
      fail_msg("config %zu: prefetch_partitions %g with prefetch on (expected %g), %g off", i, on_parts,
               configs[i].parts, off_parts);
  }
}

/* Novo-G# trains (sim.trains = on, the default; src/router/vc/novog_train.h)
 * send, inject and eject a packet whole where flit by flit would move the
 * same flits at the same cycles: every metric, link figure and latency bucket
 * is the one of moving them flit by flit. The configurations make trains
 * (counted) across credit cycles, behind packets queued in a VC, with short
 * credit periods and links of one to three cycles, on a 1024-node network,
 * one hop from source to destination, on a mesh with split classes and on
 * two threads (rings between partitions carry flits one by one); adaptive
 * routing, which reads credits, makes none. */
static void test_trains_change_nothing(void **state)
{
#define SHORT_RUN "--set", "sim.warmup_cycles=300", "--set", "sim.measure_cycles=1200"
  const struct {
    const char *args[24];
    int trains; /* 1: trains are sent with sim.trains = on */
  } configs[] = {
      {{"run", "--set", "network.dims=4x4x4", "--set", "router.vcs=4", "--set", "network.link_latency=50", "--set",
        "traffic.packet_size=4", "--set", "traffic.rate=0.2", SHORT_RUN, NULL},
       1},
      /* credits read late (their wake fell in cycles a node ran ahead through): the train's lag */
      {{"run", FCSIM_SOURCE_DIR "/examples/novo-g.ini", "--set", "traffic.pattern=transpose", "--set",
        "traffic.rate=0.3", SHORT_RUN, NULL},
       1},
      {{"run", "--set", "network.dims=4x4x4", "--set", "router.vcs=4", "--set", "traffic.pattern=transpose", "--set",
        "traffic.rate=0.4", SHORT_RUN, NULL},
       1},
      {{"run", "--set", "network.dims=4x4x4", "--set", "router.vcs=2", "--set", "network.link_latency=1", "--set",
        "traffic.packet_size=3", "--set", "router.credit_period=5", "--set", "traffic.rate=0.4", SHORT_RUN, NULL},
       1},
      {{"run", "--set", "network.topology=mesh", "--set", "network.dims=4x4", "--set", "router.vcs=3", "--set",
        "router.vc_classes=split", "--set", "network.link_latency=5", "--set", "traffic.packet_size=8", "--set",
        "traffic.rate=0.4", SHORT_RUN, NULL},
       1},
      {{"run", "--set", "network.dims=8x4x4", "--set", "router.vcs=4", "--set", "network.link_latency=20", "--set",
        "traffic.rate=0.3", "--set", "sim.threads=2", SHORT_RUN, NULL},
       1},
      /* a light load on 2-cycle links (a wheel of 16 slots): a node woken just past the wheel's wrap, with no
       * node busy before it, was once stepped a turn late (sched.c), which trains exposed */
      {{"run", "--set", "network.dims=4x4x4", "--set", "traffic.rate=0.01", "--set", "network.link_latency=2", "--set",
        "router.credit_period=8", "--set", "sim.warmup_cycles=500", "--set", "sim.measure_cycles=4000", NULL},
       1},
      /* 3-cycle links: credit counts arrive within a train's first cycles */
      {{"run", "--set", "network.dims=4x4x4", "--set", "router.vcs=4", "--set", "network.link_latency=3", "--set",
        "traffic.rate=0.4", SHORT_RUN, NULL},
       1},
      /* a 16-ary dimension of 1024 nodes (a partition that prefetches) */
      {{"run", "--set", "network.dims=16x8x8", "--set", "router.vcs=4", "--set", "network.link_latency=50", "--set",
        "traffic.rate=0.2", SHORT_RUN, NULL},
       1},
      /* one hop: packets injected and ejected whole */
      {{"run", FCSIM_SOURCE_DIR "/examples/novo-g.ini", "--set", "traffic.pattern=nn", "--set", "traffic.rate=0.5",
        SHORT_RUN, NULL},
       1},
      {{"run", "--set", "network.dims=4x4x4", "--set", "routing.algorithm=ccar", "--set", "traffic.rate=0.3", SHORT_RUN,
        NULL},
       0},
  };
#undef SHORT_RUN
  for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
    double on_trains, off_trains;
    same_on_off(i, configs[i].args, "sim.trains", "train_packets", &on_trains, &off_trains);
    if ((configs[i].trains ? !(on_trains > 0) : on_trains != 0) || off_trains != 0)
      fail_msg("config %zu: train_packets %g with trains on (expected %s), %g off", i, on_trains,
               configs[i].trains ? "some" : "none", off_trains);
  }
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

/* execution.node_steps counts the engine's work: no step without traffic,
 * and never more than one step per node per cycle (the cycle discipline),
 * however the run is split or stepped ahead. */
static void test_node_steps_counts_the_engine_work(void **state)
{
  const char *const configs[][16] = {
      {"run", "--set", "traffic.rate=0", "--quiet", NULL},
      {"run", "--set", "traffic.rate=0.6", "--set", "sim.measure_cycles=3000", "--quiet", NULL},
      {"run", "--set", "traffic.rate=0.6", "--set", "sim.measure_cycles=3000", "--set", "sim.run_ahead=off", "--quiet",
       NULL},
      {"run", "--set", "traffic.rate=0.6", "--set", "sim.measure_cycles=3000", "--set", "sim.threads=2", "--quiet",
       NULL},
  };
  for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
    int status = -1;
    json_t *doc = ts_cli_json(configs[i], &status, NULL);
    assert_non_null(doc);
    assert_int_equal(status, i == 0 ? 1 : 0); /* no traffic: the run measured nothing (exit 1, results written) */
    double steps = ts_json_number(doc, "execution", "node_steps");
    double bound = 64 * ts_json_number(doc, "metrics", "cycles"); /* the default 4x4x4 torus */
    if (i == 0 ? steps != 0 : !(steps > 0.5 * bound && steps <= bound))
      fail_msg("config %zu: %g node steps, at most %g (one per node per cycle)", i, steps, bound);
    json_decref(doc);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_seed_same_bytes),
      cmocka_unit_test(test_other_seed_close),
      cmocka_unit_test(test_run_ahead_changes_nothing),
      cmocka_unit_test(test_prefetch_changes_nothing),
      cmocka_unit_test(test_trains_change_nothing),
      cmocka_unit_test(test_watchdog_reports_deadlock),
      cmocka_unit_test(test_node_steps_counts_the_engine_work),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
