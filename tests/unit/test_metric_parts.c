/* SPDX-License-Identifier: BSD-3-Clause */
/* The components' metric declarations (include/fcsim/metrics.h): each part
 * a router model or link protocol declares beside its code and src/models.c
 * lists is joined into its output's table exactly once, every row of it,
 * after the row it names; an application's output declared in its folder
 * is listed once; the joined tables pass the start-up check; and a
 * model's field declared beside it is in `fcsim help metrics`; and what
 * left struct fcsim_stats is read by name (fcsim_sim_metric); and the check
 * of one listed table refuses each kind of bad declaration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/keys.h"
#include "engine/model_metrics.h"
#include "stats/counters.h"
#include "stats/metrics_decl.h"
#include "fcsim/error.h"
#include "fcsim/metrics.h"
#include "fcsim/sim.h"
#include "test_support.h"

/* Where `path` is in `t`: its index, or -1; *count how often it is there. */
static long find_row(const struct fcsim_metric_table *t, const char *path, int *count)
{
  long at = -1;
  *count = 0;
  for (size_t i = 0; i < t->n; i++)
    if (!strcmp(t->rows[i].path, path)) {
      at = (long)i;
      (*count)++;
    }
  return at;
}

static void test_check(void **state)
{
  (void)state;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_metric_check_registry(&err), 0);
}

static void test_parts_joined_once(void **state)
{
  (void)state;
  size_t nparts = 0;
  size_t noutputs = 0;
  for (const struct fcsim_metric_table *const *p = fcsim_models.metric_tables; *p; p++) {
    if (!(*p)->after) { /* an application's output of its own: listed once, as it is */
      int listed = 0;
      for (const struct fcsim_metric_table *const *o = fcsim_metric_tables(); *o; o++)
        listed += *o == *p;
      assert_int_equal(listed, 1);
      assert_ptr_equal(fcsim_metric_table_find((*p)->output), *p);
      noutputs++;
      continue;
    }
    nparts++;
    const struct fcsim_metric_table *part = *p, *t = fcsim_metric_table_find(part->output);
    assert_non_null(t);
    assert_null(part->commands);
    assert_true(part->n > 0);
    int count;
    long after = find_row(t, part->after, &count), prev = -1;
    assert_int_equal(count, 1);
    for (size_t i = 0; i < part->n; i++) {
      long at = find_row(t, part->rows[i].path, &count);
      if (count != 1)
        fail_msg("%s: `%s` is in the joined table %d times", part->output, part->rows[i].path, count);
      assert_true(at > after);                                      /* after its row */
      assert_true(prev < 0 || at == prev + 1);                      /* the part's rows together, in its order */
      assert_ptr_equal(t->rows[at].meaning, part->rows[i].meaning); /* the part's own declaration */
      prev = at;
    }
    /* a part is not listed as an output of its own */
    for (const struct fcsim_metric_table *const *o = fcsim_metric_tables(); *o; o++)
      assert_ptr_not_equal(*o, part);
  }
  assert_true(nparts >= 10);     /* router models and link protocols declare theirs */
  assert_int_equal(noutputs, 5); /* app fft, stream, gather, ring, link in their folders */
  /* the run's own fields stay where they were: the first part follows link_util.* */
  const struct fcsim_metric_table *run = fcsim_metric_table_find("run");
  int count;
  long u = find_row(run, "metrics.link_util.*", &count);
  assert_string_equal(run->rows[u + 1].path, "metrics.area_alms");
  assert_string_equal(run->rows[find_row(run, "metrics.latency_histogram.packets.*", &count) + 1].path,
                      "metrics.switch_dropped_packets");
}

static void test_help_lists_model_fields(void **state)
{
  (void)state;
  const char *argv[] = {"help", "metrics", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, argv), 0);
  assert_int_equal(r.status, 0);
  /* declared in router/vc/novog.c, router/switched/metrics.c, link/proto/fc/fc_protocol.c, link/proto/tnw/ */
  static const char *const fields[] = {"metrics.area_alms",
                                       "metrics.vcsn_misdelivered_frames",
                                       "metrics.fc_model.d_link_cycles",
                                       "metrics.protocol_links.*.retransmissions",
                                       "metrics.link_directions",
                                       NULL};
  for (int i = 0; fields[i]; i++)
    if (!strstr(r.out, fields[i]))
      fail_msg("`fcsim help metrics` does not list %s", fields[i]);
  ts_result_free(&r);
}

/* What left struct fcsim_stats is read by name: the router's area, which
 * the model writes (Table 4.2: 2 VCs 18980 ALMs, 7 %; classic none, 0). */
static void test_read_by_name(void **state)
{
  (void)state;
  static const struct {
    const char *model;
    double alms, percent;
  } cases[] = {{"router.model=novog", 18980, 7}, {"router.model=classic", 0, 0}};
  for (int i = 0; i < 2; i++) {
    const char *sets[] = {"network.dims=2x2",
                          cases[i].model,
                          "router.vcs=2",
                          "sim.warmup_cycles=10",
                          "sim.measure_cycles=50",
                          "sim.drain_cycles=2000",
                          NULL};
    struct fcsim_sim *sim = NULL;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    double v = -1;
    assert_int_equal(fcsim_sim_metric(sim, "area_alms", &v), 0);
    assert_true(v == cases[i].alms);
    assert_int_equal(fcsim_sim_metric(sim, "area_percent", &v), 0);
    assert_true(v == cases[i].percent);
    assert_int_equal(fcsim_sim_metric(sim, "cycles", &v), 0); /* a field of struct fcsim_stats too */
    assert_true(v == (double)fcsim_sim_stats(sim)->cycles);
    assert_int_equal(fcsim_sim_metric(sim, "link_directions", &v), FCSIM_EINVAL); /* no protocol line */
    assert_true(v == 0);
    assert_int_equal(fcsim_sim_metric(sim, "fc_model.d_link_cycles", &v), FCSIM_EINVAL);
    fcsim_sim_destroy(sim);
  }
}

/* The models' counters (enum fcsim_metric_counter) are written by their
 * declarations' rules, named nowhere in engine/: ethswitch's in every run
 * (0 without ethswitch), voq's buffer when non-zero, the protocol links' in
 * every run with protocol links and in no other, fc's only when some link
 * is on fc; and every placed counter a model keeps has a declared rule.
 * Each case: its settings, then per counter 1 (written) or 0. */
static void test_counters_by_rule(void **state)
{
  (void)state;
  static const char *const names[] = {"switch_dropped_packets", "switch_pause_cycles", "max_buffer_flits",
                                      "retransmissions",        "link_payload_bytes",  "link_order_errors",
                                      "fc_credit_stall_cycles", "fc_rx_peak_flits"};
  enum { NNAMES = sizeof names / sizeof names[0] };
  static const struct {
    const char *model, *protocol;
    int written[NNAMES];
  } cases[] = {
      {"router.model=novog", "link.protocol=ideal", {1, 1, 0, 0, 0, 0, 0, 0}},
      {"router.model=voq", "link.protocol=ideal", {1, 1, 1, 0, 0, 0, 0, 0}},
      {"router.model=classic", "link.protocol=tnw", {1, 1, 0, 1, 1, 1, 0, 0}},
      {"router.model=classic", "link.protocol=fc", {1, 1, 0, 1, 1, 1, 1, 1}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *sets[] = {"network.dims=2x2",
                          cases[i].model,
                          cases[i].protocol,
                          "sim.warmup_cycles=10",
                          "sim.measure_cycles=200",
                          "sim.drain_cycles=5000",
                          NULL};
    struct fcsim_sim *sim = NULL;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    for (int k = 0; k < NNAMES; k++) {
      double v = -1;
      int rc = fcsim_sim_metric(sim, names[k], &v);
      if ((rc == 0) != cases[i].written[k])
        fail_msg("%s, %s: metrics.%s %s", cases[i].model, cases[i].protocol, names[k],
                 rc == 0 ? "written against its rule" : "missing");
    }
    /* every placed counter the network's models keep has its declared rule */
    struct fcsim_counter c[4 * FCSIM_MAX_COUNTERS];
    int nc = fcsim__sim_metric_counters(sim, c, 4 * FCSIM_MAX_COUNTERS);
    for (int k = 0; k < nc; k++) {
      char path[96];
      snprintf(path, sizeof path, "metrics.%s", c[k].name);
      const struct fcsim_metric *row = fcsim_metric_lookup("run", NULL, path);
      if (c[k].metric == FCSIM_METRIC_PLACED && (!row || row->counter == FCSIM_COUNTER_NONE))
        fail_msg("%s: the counter %s is kept but declares no rule", cases[i].model, c[k].name);
    }
    double v = 0;
    if (cases[i].written[2]) /* NONZERO: written, so not 0 */
      assert_true(fcsim_sim_metric(sim, "max_buffer_flits", &v) == 0 && v > 0);
    if (cases[i].written[4]) /* the adapters' payload: what the links carried */
      assert_true(fcsim_sim_metric(sim, "link_payload_bytes", &v) == 0 && v > 0);
    assert_true(fcsim_sim_metric(sim, "switch_dropped_packets", &v) == 0 && v == 0); /* ALWAYS: 0 without ethswitch */
    fcsim_sim_destroy(sim);
  }
}

/* The check of one listed table refuses each kind of bad declaration. */
static void test_bad_components_refused(void **state)
{
  (void)state;
  static const struct fcsim_metric ok_row[] = {M("metrics.x_cycles", "cycles", LOWER, SUM, NULL, "a figure")};
  static const struct fcsim_metric no_unit[] = {M("metrics.x_cycles", NULL, LOWER, SUM, NULL, "a figure")};
  static const struct fcsim_metric twice[] = {M("metrics.x", "", NONE, SUM, NULL, "one"),
                                              M("metrics.x", "", NONE, SUM, NULL, "two")};
  static const struct fcsim_metric dotted_counter[] = {
      MC("metrics.a.b", "packets", LOWER, SUM, NULL, "a counter under a sub-object", ALWAYS)};
  static const struct fcsim_metric counter[] = {MC("metrics.x", "packets", LOWER, SUM, NULL, "a counter", ALWAYS)};
  const struct {
    struct fcsim_metric_table t;
    const char *says;
  } bad[] = {
      {FCSIM_METRIC_PART("run", no_unit, "metrics.avg_latency"), "lacks a path, unit or meaning"},
      {FCSIM_METRIC_PART("run", twice, "metrics.avg_latency"), "declared twice"},
      {FCSIM_METRIC_PART("run", ok_row, "metrics.no_such_row"), "follows no row"},
      {FCSIM_METRIC_PART("no-such-output", ok_row, "metrics.avg_latency"), "joins no output"},
      {FCSIM_METRIC_PART("run", dotted_counter, "metrics.avg_latency"), "model counter"},
      {FCSIM_METRIC_PART("topo", counter, "nodes"), "model counter"},
      {{"app-x", NULL, ok_row, 1, NULL}, "without commands"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    struct fcsim_error err = {0};
    assert_int_equal(fcsim__metric_check_component(&bad[i].t, &err), FCSIM_EINTERNAL);
    if (!strstr(err.msg, bad[i].says))
      fail_msg("case %zu: `%s` does not say `%s`", i, err.msg, bad[i].says);
  }
  const struct fcsim_metric_table good = FCSIM_METRIC_PART("run", counter, "metrics.avg_latency");
  struct fcsim_error err = {0};
  assert_int_equal(fcsim__metric_check_component(&good, &err), 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check),
      cmocka_unit_test(test_parts_joined_once),
      cmocka_unit_test(test_help_lists_model_fields),
      cmocka_unit_test(test_read_by_name),
      cmocka_unit_test(test_counters_by_rule),
      cmocka_unit_test(test_bad_components_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
