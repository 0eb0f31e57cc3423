/* SPDX-License-Identifier: BSD-3-Clause */
/* Collectives simulated with the voq and ring routers (seed 000 §4.3.2,
 * §5.2.2): tables from `fcsim collective build`, traffic.mode =
 * collective-batch. Every destination receives each multicast packet exactly
 * once; every reduction instance delivers the exact sum of its contributions
 * once, at its root; the zero-load latency of the VOQ pipeline; the ring is
 * slower than the VOQ router on multicast; OCR's batch latency and buffer
 * depth against RPM's (Fig. 5.21, Table 5.8 direction); `fcsim collective
 * run --json` and its gain; bad input (no tables, tables of another
 * network) ends with exit 2 and one clear message; collectives with unicast
 * background (collective-unicast, collective-cont-unicast); the reduction
 * stage of the voq router (voq.reduction_stage). 4x4x4 torus, and a 3-node
 * line for the reduction stage's buffer depth. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <math.h>
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
  tmpdir = ts_temp_dir("fcsim_collsim");
  return tmpdir ? 0 : -1;
}

static int teardown(void **state)
{
  (void)state;
  int rc = ts_remove_tree(tmpdir);
  free(tmpdir);
  return rc;
}

/* Builds tables with the CLI into tmpdir/NAME; returns the folder. */
static const char *build(const char *name, const char *pattern, const char *alg, const char *op, const char *dims)
{
  static char dir[256];
  char set[64];
  snprintf(dir, sizeof dir, "%s/%s", tmpdir, name);
  snprintf(set, sizeof set, "network.dims=%s", dims);
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, ARGS("collective", "build", "--pattern", pattern, "--algorithm", alg, "--op", op,
                                       "--out", dir, "--quiet", "--set", set)),
                   0);
  if (r.status != 0)
    fail_msg("build %s: status %d: %s", name, r.status, r.err);
  ts_result_free(&r);
  return dir;
}

/* Runs a 4x4x4 collective batch with `router` on `tables`, plus one more
 * `key=value` (NULL: none). */
static struct fcsim_sim *run_batch_with(const char *router, const char *tables, const char *batch, const char *header,
                                        const char *extra)
{
  char t[300], m[64], b[64], h[64];
  snprintf(t, sizeof t, "router.tables=%s", tables);
  snprintf(m, sizeof m, "router.model=%s", router);
  snprintf(b, sizeof b, "traffic.batch_packets=%s", batch);
  snprintf(h, sizeof h, "traffic.collective_header=%s", header);
  const char *sets[] = {"network.dims=4x4x4",
                        "network.link_latency=175ns",
                        "network.clock=156.25MHz",
                        "network.flit_bits=256",
                        "traffic.mode=collective-batch",
                        "traffic.packet_size=1",
                        "traffic.rate=1",
                        m,
                        t,
                        b,
                        h,
                        extra,
                        NULL};
  struct fcsim_sim *sim = NULL;
  int rc = ts_sim_run(sets, &sim);
  if (rc)
    fail_msg("run %s on %s: code %d", router, tables, rc);
  return sim;
}

static struct fcsim_sim *run_batch(const char *router, const char *tables, const char *batch, const char *header)
{
  return run_batch_with(router, tables, batch, header, NULL);
}

/* Every collective complete (each node got exactly its copies / the exact
 * sum once at the root), all measured packets delivered, no drop. */
/* A metric the voq and ring routers keep in their state (fcsim_sim_model_metric). */
static uint64_t model_metric(const struct fcsim_sim *sim, const char *name)
{
  uint64_t v = 0;
  assert_int_equal(fcsim_sim_model_metric(sim, name, &v), 0);
  return v;
}

static void expect_complete(const struct fcsim_stats *s, int64_t collectives, uint64_t deliveries)
{
  assert_int_equal(s->nmessages, collectives);
  for (int64_t i = 0; i < s->nmessages; i++)
    if (s->message_complete[i] == UINT64_MAX)
      fail_msg("collective rooted at %lld: a destination got a wrong number of copies or sums",
               (long long)s->message_id[i]);
  assert_true(s->drained);
  assert_int_equal(s->packets_measured, deliveries);
  assert_int_equal(s->packets_delivered, deliveries);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->flits_in_network, 0);
}

/* cube-nn on 4x4x4: 26 destinations per root; 4 packets per collective. */
static void test_multicast_exactly_once(void **state)
{
  (void)state;
  static const char *const routers[] = {"voq", "ring"};
  for (int a = 0; a < 2; a++) {
    const char *dir = build(a ? "nn_rpm_mc" : "nn_ocr_mc", "cube-nn", a ? "rpm" : "ocr", "multicast", "4x4x4");
    for (int r = 0; r < 2; r++) {
      struct fcsim_sim *sim = run_batch(routers[r], dir, "4", "auto");
      expect_complete(fcsim_sim_stats(sim), 64, 64 * 26 * 4);
      fcsim_sim_destroy(sim);
    }
  }
}

/* bitrot reductions: node v roots the reduction of its rotations; 3
 * instances each; one result per instance at the root with the exact sum
 * (the workload compares it with the sum of contributor ids + 1), on voq
 * with both reduction stages and on ring. */
static void test_reduction_sum_at_root(void **state)
{
  (void)state;
  const char *dir = build("br_ocr_red", "bitrot", "ocr", "reduction", "4x4x4");
  static const char *const routers[] = {"voq", "ring", "voq"};
  for (int r = 0; r < 3; r++) { /* the third: voq with the seed's reduction stage after SA */
    struct fcsim_sim *sim = run_batch_with(routers[r], dir, "3", "auto", r == 2 ? "voq.reduction_stage=switch" : NULL);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    expect_complete(s, 62, 62 * 3); /* nodes 0 and 63 have no rotation but themselves */
    assert_true(model_metric(sim, "max_reduction_entries") >= 1);
    fcsim_sim_destroy(sim);
  }
  /* cube-nn: 26 contributors per root, up to six children per node, both stages */
  const char *nn = build("nn_rpm_red", "cube-nn", "rpm", "reduction", "4x4x4");
  for (int direct = 0; direct < 2; direct++) {
    struct fcsim_sim *sim =
        run_batch_with("voq", nn, "4", "auto", direct ? "voq.reduction_stage=direct" : "voq.reduction_stage=switch");
    expect_complete(fcsim_sim_stats(sim), 64, 64 * 4);
    fcsim_sim_destroy(sim);
  }
}

/* voq.reduction_stage on a 3-node mesh, root 1, contributors 0 and 2, A
 * instances of one-flit packets at one per cycle. Every instance delivers
 * the exact sum (1 + 3) once at node 1 with either stage. `direct`: the
 * reduction unit takes one packet per input per cycle, so an input buffer
 * never holds more than the flits of the 3-cycle front end (IC, RL, ML) and
 * the one arriving: 4. `switch` (the seed's Fig. 4.15): both inputs'
 * packets need the root's ejection output, one per cycle, granted to the two
 * inputs in turn, so each input drains at half its arrival rate. The first
 * flits reach SA 4 cycles after they arrive (a + 4, a + 5 for the input
 * granted second); by the step of the last arrival (a + A - 1) that input
 * has had floor((A - 7) / 2) + 1 grants, its VOQ is full (VA admits a
 * packet while the VOQ has room for a whole longest packet of maxpkt = 2
 * flits: depth - 1 flits after the push), and the rest waits in the input
 * buffer. */
static int64_t switch_stage_max_in(int64_t instances, int64_t depth_flits, int64_t maxpkt_flits)
{
  int64_t granted = (instances - 7) / 2 + 1, in_voq = depth_flits - maxpkt_flits + 1;
  return instances - granted - in_voq;
}

static void test_reduction_stage_buffers(void **state)
{
  (void)state;
  char pat[128], dir[128], t[200], b[64], st[64];
  snprintf(pat, sizeof pat, "%s/line3.txt", tmpdir);
  snprintf(dir, sizeof dir, "%s/line3_red", tmpdir);
  FILE *f = fopen(pat, "w");
  assert_non_null(f);
  fputs("1: 0 2\n", f);
  fclose(f);
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, ARGS("collective", "build", "--pattern", pat, "--op", "reduction", "--out", dir,
                                       "--quiet", "--set", "network.topology=mesh", "--set", "network.dims=3")),
                   0);
  assert_int_equal(r.status, 0);
  ts_result_free(&r);
  static const int64_t instances[] = {16, 64, 100};
  for (int k = 0; k < 3; k++)
    for (int direct = 0; direct < 2; direct++) {
      snprintf(t, sizeof t, "router.tables=%s", dir);
      snprintf(b, sizeof b, "traffic.batch_packets=%lld", (long long)instances[k]);
      snprintf(st, sizeof st, "voq.reduction_stage=%s", direct ? "direct" : "switch");
      const char *sets[] = {"network.topology=mesh",
                            "network.dims=3",
                            "network.link_latency=175ns",
                            "network.flit_bits=256",
                            "router.model=voq",
                            "router.vc_depth=16",
                            "traffic.packet_size=1",
                            "traffic.rate=1",
                            "traffic.mode=collective-batch",
                            t,
                            b,
                            st,
                            NULL};
      struct fcsim_sim *sim = NULL;
      if (ts_sim_run(sets, &sim))
        fail_msg("line3 %s", st);
      const struct fcsim_stats *s = fcsim_sim_stats(sim);
      expect_complete(s, 1, (uint64_t)instances[k]); /* one exact sum per instance at node 1 */
      int64_t want = direct ? 4 : switch_stage_max_in(instances[k], 16, 2);
      if (want < 4)
        want = 4; /* the VOQ never fills: the front end alone */
      assert_int_equal(model_metric(sim, "max_buffer_flits"), want);
      fcsim_sim_destroy(sim);
    }
}

/* One multicast packet to one neighbour: 7 cycles in each of the 2 routers
 * (IC, RL, ML, VA, SA, ReL, ReW) plus the 28-cycle link. */
static void test_voq_zero_load(void **state)
{
  (void)state;
  char *pat = ts_write_temp("0: 1\n", ".txt");
  const char *dir = build("one", pat, "ocr", "multicast", "4x4x4");
  struct fcsim_sim *sim = run_batch("voq", dir, "1", "auto");
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  expect_complete(s, 1, 1);
  assert_true(s->avg_latency == 2 * 7 + 28);
  assert_true(s->zero_load_latency == s->avg_latency);
  fcsim_sim_destroy(sim);
  remove(pat);
  free(pat);
}

/* all-to-all multicast: the ring's duplication makes it slower than the VOQ
 * router (§4.3.2: "the traffic saturates the bandwidth of the ring"). */
static void test_ring_slower_on_multicast(void **state)
{
  (void)state;
  const char *dir = build("a2a_ocr_mc", "all-to-all", "ocr", "multicast", "4x4x4");
  struct fcsim_sim *voq = run_batch("voq", dir, "8", "auto"), *ring = run_batch("ring", dir, "8", "auto");
  expect_complete(fcsim_sim_stats(voq), 64, 64 * 63 * 8);
  expect_complete(fcsim_sim_stats(ring), 64, 64 * 63 * 8);
  assert_true(fcsim_sim_stats(ring)->total_latency > 1.2 * fcsim_sim_stats(voq)->total_latency);
  fcsim_sim_destroy(voq);
  fcsim_sim_destroy(ring);
}

/* bitrot multicast, 64 packets per root at one per cycle (Fig. 5.21 set-up):
 * with the same (index) header, OCR's trees use fewer links and finish no
 * later than RPM's; with RPM's bit-vector header (one more 256-bit flit),
 * OCR is faster by far, and its worst input buffer is smaller (Table 5.8's
 * direction). */
static void test_ocr_against_rpm(void **state)
{
  (void)state;
  char ocr[256];
  snprintf(ocr, sizeof ocr, "%s", build("br_ocr_mc", "bitrot", "ocr", "multicast", "4x4x4"));
  const char *rpm = build("br_rpm_mc", "bitrot", "rpm", "multicast", "4x4x4");
  struct fcsim_sim *o = run_batch("voq", ocr, "64", "auto"), *ri = run_batch("voq", rpm, "64", "index"),
                   *rb = run_batch("voq", rpm, "64", "auto");
  const struct fcsim_stats *so = fcsim_sim_stats(o), *sri = fcsim_sim_stats(ri), *srb = fcsim_sim_stats(rb);
  expect_complete(so, 62, 18176);
  expect_complete(sri, 62, 18176);
  expect_complete(srb, 62, 18176);
  assert_true(so->total_latency <= sri->total_latency);
  assert_true(srb->total_latency > 1.5 * so->total_latency);
  assert_true(model_metric(o, "max_buffer_flits") < model_metric(rb, "max_buffer_flits"));
  fcsim_sim_destroy(o);
  fcsim_sim_destroy(ri);
  fcsim_sim_destroy(rb);
}

/* voq.eject_packets (seed 000 L4897-4899: a node "can consume more than
 * one" packet per cycle): cube-nn multicast on 4x4x4 is ejection-bound at
 * one packet per cycle (26 copies of each of 16 packets per source arrive
 * at every node); six lanes finish in well under half the time, with every
 * copy delivered once, and the same on two threads. Trees built with
 * voq.tree_turns = free (any turn) deliver everything too. */
static void test_multi_packet_ejection(void **state)
{
  (void)state;
  char dir[256];
  snprintf(dir, sizeof dir, "%s", build("nn_ocr_ej", "cube-nn", "ocr", "multicast", "4x4x4"));
  struct fcsim_sim *one = run_batch_with("voq", dir, "16", "index", NULL),
                   *six = run_batch_with("voq", dir, "16", "index", "voq.eject_packets=6");
  const struct fcsim_stats *s1 = fcsim_sim_stats(one), *s6 = fcsim_sim_stats(six);
  expect_complete(s1, 64, 64 * 26 * 16);
  expect_complete(s6, 64, 64 * 26 * 16);
  assert_true(s1->total_latency >= 26 * 16);
  assert_true(s6->total_latency < 0.5 * s1->total_latency);
  fcsim_sim_destroy(one);
  fcsim_sim_destroy(six);

  char free_dir[256];
  snprintf(free_dir, sizeof free_dir, "%s/br_ocr_free", tmpdir);
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, ARGS("collective", "build", "--pattern", "bitrot", "--algorithm", "ocr", "--out",
                                       free_dir, "--quiet", "--set", "network.dims=4x4x4", "--set", "router.model=voq",
                                       "--set", "voq.tree_turns=free")),
                   0);
  if (r.status != 0)
    fail_msg("build with free turns: status %d: %s", r.status, r.err);
  ts_result_free(&r);
  struct fcsim_sim *f = run_batch_with("voq", free_dir, "64", "index", "voq.eject_packets=6");
  expect_complete(fcsim_sim_stats(f), 62, 18176);
  fcsim_sim_destroy(f);
}

/* Two partitions give the same run, bit for bit (multicast forks and
 * reduction merges are counted per partition). */
static void test_threads_identical(void **state)
{
  (void)state;
  char t[300];
  snprintf(t, sizeof t, "router.tables=%s", build("br_ocr_red2", "bitrot", "ocr", "reduction", "4x4x4"));
  static const char *const routers[] = {"router.model=voq", "router.model=ring"};
  for (int r = 0; r < 2; r++) {
    char *json[2];
    for (int th = 0; th < 2; th++) {
      const char *sets[] = {"network.dims=4x4x4",
                            "network.link_latency=28",
                            "traffic.mode=collective-batch",
                            "traffic.packet_size=1",
                            "traffic.rate=1",
                            "traffic.batch_packets=8",
                            "voq.eject_packets=6",
                            routers[r],
                            t,
                            th ? "sim.threads=2" : "sim.threads=1",
                            NULL};
      struct fcsim_sim *sim = NULL;
      assert_int_equal(ts_sim_run(sets, &sim), 0);
      json[th] = ts_sim_json(sim, 0);
      fcsim_sim_destroy(sim);
    }
    assert_string_equal(json[0], json[1]);
    free(json[0]);
    free(json[1]);
  }
}

static void test_collective_run_json(void **state)
{
  (void)state;
  char cfg[512], *out = NULL;
  snprintf(cfg, sizeof cfg, "%s/examples/collective.ini", FCSIM_SOURCE_DIR);
  json_t *doc = ts_cli_json(ARGS("collective", "run", cfg, "--pattern", "bitrot", "--set", "traffic.batch_packets=16"),
                            NULL, &out);
  assert_non_null(doc);
  assert_non_null(out);
  assert_non_null(strstr(out, "geometric mean gain, multicast"));
  free(out);
  json_t *runs = json_object_get(doc, "runs");
  assert_int_equal(json_array_size(runs), 2);
  assert_true(ts_json_number(doc, "gain", "multicast") > 0.2);
  assert_true(ts_json_number(doc, "gain", "reduction") >= 0);
  assert_true(ts_json_number(json_array_get(runs, 0), "ocr", "total_latency") > 0);
  /* the split: RPM re-run with OCR's header; gain.multicast stays the total */
  double total = ts_json_number(doc, "gain", "multicast"), trees = ts_json_number(doc, "gain", "multicast_trees"),
         head = ts_json_number(doc, "gain", "multicast_headers");
  assert_true(head > 0.2); /* one more 256-bit flit per one-flit packet */
  assert_true(fabs((1 + trees) * (1 + head) - (1 + total)) < 1e-9);
  assert_true(ts_json_number(json_array_get(runs, 0), "rpm_equal_headers", "total_latency") > 0);
  json_decref(doc);
}

static void expect_exit2(const char *const *args, const char *fragment)
{
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, fragment))
    fail_msg("status %d, expected 2 with `%s`; stderr: %s", r.status, fragment, r.err);
  ts_result_free(&r);
}

static void test_bad_input(void **state)
{
  (void)state;
  char missing[300], other[300];
  snprintf(missing, sizeof missing, "router.tables=%s/nowhere", tmpdir);
  expect_exit2(ARGS("run", "--set", "router.model=voq", "--set", "traffic.mode=collective-batch", "--set", missing),
               "cannot load the node tables");
  expect_exit2(ARGS("run", "--set", "router.model=voq", "--set", "traffic.mode=collective-batch"),
               "needs router.tables");
  /* 64 nodes both, but an 8x8 torus is not a 4x4x4 one */
  snprintf(other, sizeof other, "router.tables=%s", build("flat", "bitrot", "ocr", "multicast", "8x8"));
  expect_exit2(ARGS("run", "--set", "router.model=voq", "--set", "traffic.mode=collective-batch", "--set", other),
               "built for another topology");
  snprintf(other, sizeof other, "router.tables=%s", build("small", "bitrot", "ocr", "multicast", "2x2x2"));
  expect_exit2(ARGS("run", "--set", "router.model=ring", "--set", "traffic.mode=collective-batch", "--set", other),
               "built for 8 nodes");
  expect_exit2(ARGS("collective", "run", "--mode", "continuous", "--op", "reduction"), "multicast only");
  /* turn-free trees only for the router that cannot deadlock on them */
  expect_exit2(ARGS("collective", "build", "--pattern", "bitrot", "--out", other, "--set", "router.model=ring", "--set",
                    "voq.tree_turns=free"),
               "voq.tree_turns = free needs router.model = voq");
}

/* traffic.mode = collective-unicast on 4x4x4: `batch` collective packets on
 * `tables` with unicast background at `rate` flits/node/cycle (uniform) for
 * the first 600 cycles. */
static struct fcsim_sim *run_mixed(const char *router, const char *tables, const char *batch, const char *rate)
{
  char t[300], m[64], b[64], r[64];
  snprintf(t, sizeof t, "router.tables=%s", tables);
  snprintf(m, sizeof m, "router.model=%s", router);
  snprintf(b, sizeof b, "traffic.batch_packets=%s", batch);
  snprintf(r, sizeof r, "traffic.background_rate=%s", rate);
  const char *sets[] = {"network.dims=4x4x4",
                        "network.link_latency=175ns",
                        "network.clock=156.25MHz",
                        "network.flit_bits=256",
                        "traffic.mode=collective-unicast",
                        "traffic.packet_size=1",
                        "traffic.rate=1",
                        "traffic.background_cycles=600",
                        m,
                        t,
                        b,
                        r,
                        NULL};
  struct fcsim_sim *sim = NULL;
  int rc = ts_sim_run(sets, &sim);
  if (rc)
    fail_msg("mixed run %s on %s at %s: code %d", router, tables, rate, rc);
  return sim;
}

/* Every collective complete (by root) and the background (id -1, last)
 * delivered exactly once: every created background packet measured and
 * delivered, none lost or duplicated (the hash totals). */
static void expect_mixed_complete(const struct fcsim_stats *s, int64_t collectives)
{
  assert_int_equal(s->nmessages, collectives + 1);
  for (int64_t i = 0; i < s->nmessages; i++)
    if (s->message_complete[i] == UINT64_MAX)
      fail_msg("message %lld (root; -1 = background) incomplete or delivered twice", (long long)s->message_id[i]);
  assert_int_equal(s->message_id[collectives], -1);
  assert_true(s->drained);
  assert_int_equal(s->packets_measured, s->packets_delivered);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->flits_in_network, 0);
}

/* Collectives with unicast background (issue 11): without background the
 * batch latency is collective-batch's; background slows the collective
 * more as its rate grows, and its own latency rises above the collective-free
 * zero-load figure; every delivery is exactly once, multicast on voq and
 * reduction on ring. */
static void test_background_slows_collective(void **state)
{
  (void)state;
  const char *mc = build("br_ocr_mc_bg", "bitrot", "ocr", "multicast", "4x4x4");
  struct fcsim_sim *alone = run_batch("voq", mc, "64", "auto");
  const double makespan_alone = fcsim_sim_stats(alone)->makespan;
  fcsim_sim_destroy(alone);
  static const char *const rates[] = {"0", "0.1", "0.3"};
  double prev = 0;
  for (int i = 0; i < 3; i++) {
    struct fcsim_sim *sim = run_mixed("voq", mc, "64", rates[i]);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    expect_mixed_complete(s, 62); /* nodes 0 and 63 rotate onto themselves */
    if (i == 0) {
      assert_true(s->makespan == makespan_alone); /* the same collective, nothing else measured */
      assert_int_equal(s->packets_measured, 0);
    } else {
      assert_true(s->makespan > prev);
      assert_true(s->packets_measured > (uint64_t)(600 * 64 * atof(rates[i]) * 0.9));
      assert_true(s->avg_latency > s->zero_load_latency);
    }
    prev = s->makespan;
    fcsim_sim_destroy(sim);
  }
  const char *red = build("nn_ocr_red_bg", "cube-nn", "ocr", "reduction", "4x4x4");
  struct fcsim_sim *quiet = run_mixed("ring", red, "8", "0");
  struct fcsim_sim *busy = run_mixed("ring", red, "8", "0.2");
  expect_mixed_complete(fcsim_sim_stats(quiet), 64);
  expect_mixed_complete(fcsim_sim_stats(busy), 64); /* exact sums at every root despite the background */
  assert_true(fcsim_sim_stats(busy)->makespan > fcsim_sim_stats(quiet)->makespan);
  fcsim_sim_destroy(quiet);
  fcsim_sim_destroy(busy);
}

/* Continuous cube-nn multicast (OCR) at 0.02 packets per root per cycle on
 * 4x4x4 voq, 200 warm-up and 1000 measured cycles, `mode` collective or
 * collective-cont-unicast with background at `rate` (uniform). */
static struct fcsim_sim *run_cont(const char *tables, const char *mode, const char *rate)
{
  char t[300], m[64], r[64];
  snprintf(t, sizeof t, "router.tables=%s", tables);
  snprintf(m, sizeof m, "traffic.mode=%s", mode);
  snprintf(r, sizeof r, "traffic.background_rate=%s", rate);
  const char *sets[] = {"network.dims=4x4x4",
                        "network.link_latency=175ns",
                        "network.clock=156.25MHz",
                        "network.flit_bits=256",
                        "router.model=voq",
                        "traffic.packet_size=1",
                        "traffic.rate=0.02",
                        "sim.warmup_cycles=200",
                        "sim.measure_cycles=1000",
                        m,
                        t,
                        r,
                        NULL};
  struct fcsim_sim *sim = NULL;
  if (ts_sim_run(sets, &sim))
    fail_msg("continuous run %s at %s", mode, rate);
  return sim;
}

/* collective-cont-unicast: the continuous collective measured as with
 * `collective` (the same packets created in the window), every collective
 * copy and every background packet delivered exactly once after the full
 * drain, and the collective's latency rising with the background's rate. */
static void test_background_continuous(void **state)
{
  (void)state;
  const char *mc = build("nn_ocr_mc_cont", "cube-nn", "ocr", "multicast", "4x4x4");
  struct fcsim_sim *alone = run_cont(mc, "collective", "0");
  const uint64_t measured_alone = fcsim_sim_stats(alone)->packets_measured;
  fcsim_sim_destroy(alone);
  assert_true(measured_alone > 1000);
  static const char *const rates[] = {"0", "0.2", "0.5"};
  double prev = 0;
  for (int i = 0; i < 3; i++) {
    struct fcsim_sim *sim = run_cont(mc, "collective-cont-unicast", rates[i]);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    expect_mixed_complete(s, 64); /* each multicast: copies = its root's packets x 26; background exactly once */
    assert_int_equal(s->packets_measured, measured_alone); /* only the collective is measured */
    assert_true(s->avg_latency > prev);
    prev = s->avg_latency;
    fcsim_sim_destroy(sim);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_multicast_exactly_once),      cmocka_unit_test(test_reduction_sum_at_root),
      cmocka_unit_test(test_reduction_stage_buffers),     cmocka_unit_test(test_voq_zero_load),
      cmocka_unit_test(test_ring_slower_on_multicast),    cmocka_unit_test(test_ocr_against_rpm),
      cmocka_unit_test(test_multi_packet_ejection),       cmocka_unit_test(test_threads_identical),
      cmocka_unit_test(test_collective_run_json),         cmocka_unit_test(test_bad_input),
      cmocka_unit_test(test_background_slows_collective), cmocka_unit_test(test_background_continuous),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
