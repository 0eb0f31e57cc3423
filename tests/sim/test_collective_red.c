/* SPDX-License-Identifier: BSD-3-Clause */
/* voq.reduction_entries: how many instances of one reduction its entry at a
 * node holds at once (seed 000 L3104-3106, "one entry in the reduction
 * table for each reduction operation"). `instance` keeps a partial result
 * per (entry, instance); `operation` holds one instance at a time, and a
 * packet of another instance waits at the head of its input buffer (direct)
 * or VOQ (switch). Pinned on a 4-node line where two children of one entry
 * are one hop apart; every instance's exact sum once at the root with
 * either reading and stage, on 4x4x4 too, two-flit packets included; two
 * threads give the same run; unicast background waits behind the reductions;
 * a reading that deadlocks ends with the engine's deadlock error. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fcsim/sim.h"
#include "test_support.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static char *tmpdir; /* from ts_temp_dir */

static int setup(void **state)
{
  (void)state;
  tmpdir = ts_temp_dir("fcsim_collred");
  return tmpdir ? 0 : -1;
}

static int teardown(void **state)
{
  (void)state;
  int rc = ts_remove_tree(tmpdir);
  free(tmpdir);
  return rc;
}

/* Reduction tables for PATTERN (a built-in name, or the text of a pattern
 * file when it holds ':') on TOPOLOGY/DIMS, into tmpdir/NAME. */
static const char *build(const char *name, const char *pattern, const char *topology, const char *dims)
{
  static char dir[256];
  char pat[256], topo[64], d[64];
  snprintf(dir, sizeof dir, "%s/%s", tmpdir, name);
  snprintf(topo, sizeof topo, "network.topology=%s", topology);
  snprintf(d, sizeof d, "network.dims=%s", dims);
  snprintf(pat, sizeof pat, "%s", pattern);
  if (strchr(pattern, ':')) {
    snprintf(pat, sizeof pat, "%s/%s.txt", tmpdir, name);
    FILE *f = fopen(pat, "w");
    assert_non_null(f);
    fputs(pattern, f);
    fclose(f);
  }
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, ARGS("collective", "build", "--pattern", pat, "--op", "reduction", "--out", dir,
                                       "--quiet", "--set", topo, "--set", d)),
                   0);
  if (r.status != 0)
    fail_msg("build %s: status %d: %s", name, r.status, r.err);
  ts_result_free(&r);
  return dir;
}

/* A reduction batch of one-flit packets at one per cycle, on TOPOLOGY/DIMS
 * with links of LINK cycles, VOQs of 16 flits; returns ts_sim_run's code. */
static int run(struct fcsim_sim **sim, const char *topology, const char *dims, const char *tables, int link_cycles,
               int batch, const char *stage, const char *entries, const char *extra)
{
  char topo[64], d[64], t[300], l[64], b[64], st[64], en[64];
  snprintf(topo, sizeof topo, "network.topology=%s", topology);
  snprintf(d, sizeof d, "network.dims=%s", dims);
  snprintf(t, sizeof t, "router.tables=%s", tables);
  snprintf(l, sizeof l, "network.link_latency=%d", link_cycles);
  snprintf(b, sizeof b, "traffic.batch_packets=%d", batch);
  snprintf(st, sizeof st, "voq.reduction_stage=%s", stage);
  snprintf(en, sizeof en, "voq.reduction_entries=%s", entries);
  const char *sets[] = {topo,
                        d,
                        l,
                        "network.flit_bits=256",
                        "router.model=voq",
                        "router.vc_depth=16",
                        "traffic.packet_size=1",
                        "traffic.rate=1",
                        "traffic.mode=collective-batch",
                        t,
                        b,
                        st,
                        en,
                        extra,
                        NULL};
  return ts_sim_run(sets, sim);
}

static uint64_t model_metric(const struct fcsim_sim *sim, const char *name)
{
  uint64_t v = 0;
  assert_int_equal(fcsim_sim_model_metric(sim, name, &v), 0);
  return v;
}

/* Every reduction instance delivered its exact sum once at its root (the
 * workload's check), nothing dropped or left behind. */
static void expect_sums(const struct fcsim_stats *s, int64_t reductions, uint64_t results)
{
  assert_int_equal(s->nmessages, reductions);
  for (int64_t i = 0; i < s->nmessages; i++)
    if (s->message_complete[i] == UINT64_MAX)
      fail_msg("reduction rooted at %lld: a wrong or missing sum", (long long)s->message_id[i]);
  assert_true(s->drained);
  assert_int_equal(s->packets_delivered, results);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->flits_in_network, 0);
}

/* Line 0-1-2-3, root 1, contributors 0, 2, 3: node 1's entry combines 0's
 * packet and 2's combined packet (2's own plus 3's), which comes one hop
 * later (7 router cycles + the link's L). With `operation` the entry holds
 * instance j from 0's packet j until 2's packet j arrives, so 0's later
 * packets, one a cycle, wait in node 1's input buffer: the hop's 7 + L
 * packets plus the front end's 4 flits (IC, RL, ML and the arriving one),
 * or all but the first of the batch when it is shorter: min(A - 1, L + 11).
 * With `instance` each packet is combined on arrival: the front end's 4.
 * The pipelined stream keeps the same batch latency. */
static void test_operation_entry_waits(void **state)
{
  (void)state;
  const char *dir = build("line4", "1: 0 2 3\n", "mesh", "4");
  static const int links[] = {10, 28, 50}, batches[] = {16, 64};
  for (int l = 0; l < 3; l++)
    for (int b = 0; b < 2; b++) {
      struct fcsim_sim *inst = NULL, *op = NULL;
      assert_int_equal(run(&inst, "mesh", "4", dir, links[l], batches[b], "direct", "instance", NULL), 0);
      assert_int_equal(run(&op, "mesh", "4", dir, links[l], batches[b], "direct", "operation", NULL), 0);
      expect_sums(fcsim_sim_stats(inst), 1, (uint64_t)batches[b]);
      expect_sums(fcsim_sim_stats(op), 1, (uint64_t)batches[b]);
      int64_t want = batches[b] - 1 < links[l] + 11 ? batches[b] - 1 : links[l] + 11;
      assert_int_equal(model_metric(inst, "max_buffer_flits"), 4);
      assert_int_equal(model_metric(op, "max_buffer_flits"), want);
      assert_int_equal(model_metric(op, "max_reduction_entries"), 1); /* one instance per entry */
      assert_true(model_metric(inst, "max_reduction_entries") > 1);
      assert_true(fcsim_sim_stats(op)->total_latency == fcsim_sim_stats(inst)->total_latency);
      fcsim_sim_destroy(inst);
      fcsim_sim_destroy(op);
    }
  /* switch: the packet waits at its VOQ's head instead; the VOQ fills and
   * the input buffer behind it holds the rest */
  struct fcsim_sim *sw = NULL;
  assert_int_equal(run(&sw, "mesh", "4", dir, 28, 64, "switch", "operation", NULL), 0);
  expect_sums(fcsim_sim_stats(sw), 1, 64);
  assert_int_equal(model_metric(sw, "max_reduction_entries"), 1);
  assert_true(model_metric(sw, "max_buffer_flits") > 4);
  fcsim_sim_destroy(sw);
}

/* 4x4x4 cube-nn (26 contributors per root, up to six children an entry) and
 * all-to-all: the exact sums with `operation` under both stages, and the same
 * JSON on one and two threads. */
static void test_operation_sums(void **state)
{
  (void)state;
  static const char *const patterns[] = {"cube-nn", "all-to-all"};
  static const char *const stages[] = {"direct", "switch"};
  for (int p = 0; p < 2; p++) {
    const char *dir = build(patterns[p], patterns[p], "torus", "4x4x4");
    for (int s = 0; s < 2; s++) {
      char *json[2];
      for (int th = 0; th < 2; th++) {
        struct fcsim_sim *sim = NULL;
        assert_int_equal(
            run(&sim, "torus", "4x4x4", dir, 28, 4, stages[s], "operation", th ? "sim.threads=2" : "sim.threads=1"), 0);
        expect_sums(fcsim_sim_stats(sim), 64, 64 * 4);
        assert_true(model_metric(sim, "max_reduction_entries") >= 1);
        json[th] = ts_sim_json(sim, 0);
        fcsim_sim_destroy(sim);
      }
      assert_string_equal(json[0], json[1]);
      free(json[0]);
      free(json[1]);
    }
  }
}

/* The waiting packet holds its input buffer's head for every packet behind
 * it: 4x4x4 cube-nn reductions (16 instances) with uniform unicast
 * background at 0.2 flits/node/cycle for 400 cycles
 * (traffic.mode = collective-unicast, only the background measured). With
 * `operation` every reduction sum and every background packet still arrive
 * exactly once, but the background waits behind the reductions: its average
 * latency is well above `instance`'s (measured 444 against 156 cycles). Two-
 * flit reduction packets keep their exact sums too. */
static void test_operation_holds_background(void **state)
{
  (void)state;
  const char *dir = build("nn_bg", "cube-nn", "torus", "4x4x4");
  static const char *const entries[] = {"instance", "operation"};
  double lat[2];
  for (int e = 0; e < 2; e++) {
    char t[300], en[64];
    snprintf(t, sizeof t, "router.tables=%s", dir);
    snprintf(en, sizeof en, "voq.reduction_entries=%s", entries[e]);
    const char *sets[] = {"network.dims=4x4x4",
                          "network.link_latency=28",
                          "network.flit_bits=256",
                          "router.model=voq",
                          "traffic.packet_size=1",
                          "traffic.rate=1",
                          "traffic.mode=collective-unicast",
                          "traffic.background_rate=0.2",
                          "traffic.background_cycles=400",
                          "traffic.batch_packets=16",
                          t,
                          en,
                          NULL};
    struct fcsim_sim *sim = NULL;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    assert_int_equal(s->nmessages, 65); /* 64 reductions and the background (id -1) */
    for (int64_t i = 0; i < s->nmessages; i++)
      if (s->message_complete[i] == UINT64_MAX)
        fail_msg("%s: message %lld incomplete", entries[e], (long long)s->message_id[i]);
    assert_true(s->drained);
    assert_int_equal(s->buffer_overflows, 0);
    lat[e] = s->avg_latency;
    fcsim_sim_destroy(sim);
  }
  assert_true(lat[1] > 2 * lat[0]);
  for (int st = 0; st < 2; st++) {
    struct fcsim_sim *sim = NULL;
    assert_int_equal(
        run(&sim, "torus", "4x4x4", dir, 28, 8, st ? "switch" : "direct", "operation", "traffic.packet_size=2"), 0);
    expect_sums(fcsim_sim_stats(sim), 64, 64 * 8);
    fcsim_sim_destroy(sim);
  }
}

/* Bit rotation on 4x4x4 with `operation` and the direct stage: a packet
 * waiting at an input's head for its entry holds up packets of other trees
 * behind it that other entries need, and the waits close a cycle already
 * with two instances: the engine's watchdog ends the run with its deadlock
 * error (not a wrong sum, not a hang). `instance` completes. */
static void test_operation_deadlock_reported(void **state)
{
  (void)state;
  const char *dir = build("bitrot", "bitrot", "torus", "4x4x4");
  struct fcsim_sim *sim = NULL;
  assert_int_equal(run(&sim, "torus", "4x4x4", dir, 28, 2, "direct", "instance", NULL), 0);
  expect_sums(fcsim_sim_stats(sim), 62, 62 * 2);
  fcsim_sim_destroy(sim);
  assert_int_equal(run(&sim, "torus", "4x4x4", dir, 28, 2, "direct", "operation", "sim.deadlock_cycles=300"),
                   FCSIM_EDEADLOCK);
  assert_non_null(sim);
  assert_true(fcsim_sim_stats(sim)->flits_in_network > 0);
  fcsim_sim_destroy(sim);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_operation_entry_waits),
      cmocka_unit_test(test_operation_sums),
      cmocka_unit_test(test_operation_holds_background),
      cmocka_unit_test(test_operation_deadlock_reported),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
