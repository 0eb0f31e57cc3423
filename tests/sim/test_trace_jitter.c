/* SPDX-License-Identifier: BSD-3-Clause */
/* Trace workloads and jittered links, through the public API and the CLI:
 * a chain of dependent messages completes at the sum of its latencies; a
 * fan-in waits for its last input; bad traces are refused naming FILE:LINE;
 * jitter raises the mean latency, never loses or reorders flits (a
 * reordered wormhole packet would corrupt its VC), and gives the same bytes
 * on any number of partitions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

/* Zero-load latency of one 4-flit packet over `hops` links on the default
 * Novo-G# router (L = 28 at 175 ns, rc = va = 1, switch 3 for 2 VCs). */
static double lat(int hops)
{
  return ts_zero_load_latency(hops, 28, 1, 1, 3, 4);
}

static uint64_t complete_of(const struct fcsim_stats *s, int64_t id)
{
  for (int64_t i = 0; i < s->nmessages; i++)
    if (s->message_id[i] == id)
      return s->message_complete[i];
  fail_msg("message %lld not reported", (long long)id);
  return 0;
}

static struct fcsim_sim *run_trace_file(const char *path, const char *dims, const char *threads)
{
  char trace[512], d[64], t[64];
  snprintf(trace, sizeof trace, "traffic.trace=%s", path);
  snprintf(d, sizeof d, "network.dims=%s", dims);
  snprintf(t, sizeof t, "sim.threads=%s", threads);
  const char *sets[] = {"traffic.mode=trace", trace, d, t, "traffic.packet_size=4", NULL};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  return sim;
}

static struct fcsim_sim *run_trace(const char *csv, const char *dims, const char *threads)
{
  char *path = ts_write_temp(csv, ".csv");
  struct fcsim_sim *sim = run_trace_file(path, dims, threads);
  unlink(path);
  free(path);
  return sim;
}

/* 0 -> 1 -> 2 -> 3 on a ring of 8, one 4-flit packet each, 10 cycles of
 * delay before the last: completes at 3 x latency(1 hop) + 10. */
static void test_chain(void **state)
{
  struct fcsim_sim *sim = run_trace("id,src,dst,bytes,start,after,delay\n"
                                    "# a chain\n"
                                    "1,0,1,64,,,\n"
                                    "2,1,2,64,,1,\n"
                                    "3,2,3,64,,2,10\n",
                                    "8", "1");
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->nmessages, 3);
  assert_int_equal(complete_of(s, 1), (uint64_t)lat(1));
  assert_int_equal(complete_of(s, 2), (uint64_t)(2 * lat(1)));
  assert_int_equal(complete_of(s, 3), (uint64_t)(3 * lat(1) + 10));
  assert_true(s->makespan == 3 * lat(1) + 10);
  fcsim_sim_destroy(sim);
}

/* Nodes 1, 2 (1 hop) and 3 (3 hops... on a ring of 8: 3 hops) send to node
 * 0 at different starts; message 9 from 0 to 4 waits for all three: it
 * starts when the last arrives. */
static void test_fan_in(void **state)
{
  struct fcsim_sim *sim = run_trace("id,src,dst,bytes,start,after\n"
                                    "1,1,0,64,0,\n"
                                    "2,7,0,64,50,\n"
                                    "3,3,0,64,5,\n"
                                    "9,0,4,64,0,1;2;3\n",
                                    "8", "1");
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  uint64_t c1 = complete_of(s, 1), c2 = complete_of(s, 2), c3 = complete_of(s, 3);
  assert_int_equal(c1, (uint64_t)lat(1));
  assert_int_equal(c2, 50 + (uint64_t)lat(1));
  assert_int_equal(c3, 5 + (uint64_t)lat(3));
  uint64_t last = c1 > c2 ? c1 : c2;
  last = last > c3 ? last : c3;
  assert_int_equal(complete_of(s, 9), last + (uint64_t)lat(4));
  fcsim_sim_destroy(sim);
}

/* A large all-to-all trace with dependencies gives the same JSON on 1 and 3
 * partitions (deliveries and releases stay with their nodes). */
static void test_trace_partitions(void **state)
{
  char csv[1 << 16];
  int len = snprintf(csv, sizeof csv, "id,src,dst,bytes,start,after\n");
  int id = 0;
  for (int s = 0; s < 16; s++)
    for (int d = 0; d < 16; d++)
      if (s != d)
        len += snprintf(csv + len, sizeof csv - len, "%d,%d,%d,%d,%d,\n", id++, s, d, 64 * (1 + (s + d) % 5), s * 3);
  /* second round: node d answers each sender once it heard from it */
  for (int s = 0; s < 16; s++)
    for (int d = 0; d < 16; d++)
      if (s != d)
        len += snprintf(csv + len, sizeof csv - len, "%d,%d,%d,128,,%d\n", id++, d, s, s * 15 + (d < s ? d : d - 1));
  char *out[2], *csv_path = ts_write_temp(csv, ".csv");
  for (int i = 0; i < 2; i++) {
    struct fcsim_sim *sim = run_trace_file(csv_path, "4x4", i ? "3" : "1");
    out[i] = ts_sim_json(sim, 0);
    assert_non_null(out[i]);
    assert_int_equal(fcsim_sim_stats(sim)->packets_delivered, fcsim_sim_stats(sim)->packets_measured);
    fcsim_sim_destroy(sim);
  }
  assert_string_equal(out[0], out[1]);
  free(out[0]);
  free(out[1]);
  unlink(csv_path);
  free(csv_path);
}

static void expect_refused(const char *csv, const char *want)
{
  char *path = ts_write_temp(csv, ".csv");
  char trace[512];
  snprintf(trace, sizeof trace, "traffic.trace=%s", path);
  const char *args[] = {"run", "--set", "traffic.mode=trace", "--set", trace, "--set", "network.dims=4x4", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, want) || !strstr(r.err, path))
    fail_msg("expected exit 2 naming %s and `%s`; got %d: %s", path, want, r.status, r.err);
  ts_result_free(&r);
  unlink(path);
  free(path);
}

static void test_bad_traces(void **state)
{
  expect_refused("id,src,dst,bytes,after\n1,0,1,64,2\n2,1,0,64,1\n", ":2: message 1 is on a cycle");
  expect_refused("id,src,dst,bytes\n1,0,99,64\n", ":2: dst = 99: no such node");
  expect_refused("id,src,dst,bytes\n1,0,1,64\n1,1,2,64\n", "id 1 is used twice (lines 2 and 3)");
  expect_refused("id,src,dst,bytes,after\n1,0,1,64,\n2,2,3,64,1\n", "a node can only wait for messages it receives");
  expect_refused("id,src,dst,bytes,after\n1,0,1,64,7\n", "no message has id `7`");
  expect_refused("id,src,dst,size\n", "unknown column `size`");
  expect_refused("id,src,dst,bytes\n1,0,1,0\n", "bytes = `0`");
  expect_refused("id,src,dst,bytes\n1,2,2,64\n", "to itself");
  expect_refused("id,src,bytes\n", "no `dst` column");
}

static double avg_latency_with_jitter(const char *jitter)
{
  char j[64];
  snprintf(j, sizeof j, "network.link_jitter=%s", jitter);
  const char *sets[] = {j, "traffic.rate=0.2", "sim.measure_cycles=4000", NULL};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->packets_delivered, s->packets_measured);
  assert_true(s->drained);
  double a = s->avg_latency;
  fcsim_sim_destroy(sim);
  return a;
}

/* Mean latency rises with the standard deviation (a flit never overtakes
 * the one before it, so a packet's tail arrives at the latest of its
 * flits' draws), and nothing is lost or reordered. */
static void test_jitter_mean_rises(void **state)
{
  double a0 = avg_latency_with_jitter("0"), a1 = avg_latency_with_jitter("1"), a2 = avg_latency_with_jitter("12.34ns"),
         a3 = avg_latency_with_jitter("5");
  assert_true(a0 < a1);
  assert_true(a1 < a2);
  assert_true(a2 < a3);
}

static void test_jitter_partitions(void **state)
{
  char *text[3];
  const char *threads[] = {"sim.threads=1", "sim.threads=2", "sim.threads=5"};
  for (int i = 0; i < 3; i++) {
    const char *sets[] = {"network.link_jitter=12.34ns",
                          "network.link_latency=175.7ns",
                          "traffic.rate=0.3",
                          "sim.measure_cycles=3000",
                          threads[i],
                          NULL};
    struct fcsim_sim *sim = NULL;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    text[i] = ts_sim_json(sim, FCSIM_JSON_LINKS);
    assert_non_null(text[i]);
    fcsim_sim_destroy(sim);
  }
  assert_string_equal(text[0], text[1]);
  assert_string_equal(text[0], text[2]);
  for (int i = 0; i < 3; i++)
    free(text[i]);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_chain),
      cmocka_unit_test(test_fan_in),
      cmocka_unit_test(test_trace_partitions),
      cmocka_unit_test(test_bad_traces),
      cmocka_unit_test(test_jitter_mean_rises),
      cmocka_unit_test(test_jitter_partitions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
