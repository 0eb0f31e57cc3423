/* SPDX-License-Identifier: BSD-3-Clause */
/* Irregular networks from netlists, end to end: on a tree with mixed link
 * latencies every source-destination pair's zero-load latency is the sum
 * over its path; a link from a fast node to a slow one carries at most the
 * slow node's rate; an irregular network with mixed latencies, jitter, two
 * router kinds and drifting clocks gives the same bytes on any number of
 * partitions. */
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

/* A tree (unique paths): node i's parent and the latency of the link to it. */
static const int parent[] = {-1, 0, 0, 1, 1, 2, 5};
static const int link_cycles[] = {0, 20, 50, 7, 100, 33, 3};
#define TREE_NODES 7

static int depth_of(int n)
{
  int d = 0;
  for (; parent[n] >= 0; n = parent[n])
    d++;
  return d;
}

/* Hops and summed link latency of the path a -> b in the tree. */
static void path(int a, int b, int *hops, int *lat)
{
  *hops = *lat = 0;
  while (a != b) {
    int up = depth_of(a) >= depth_of(b) ? a : b;
    (*hops)++;
    *lat += link_cycles[up];
    if (up == a)
      a = parent[a];
    else
      b = parent[b];
  }
}

static char *tree_netlist(void)
{
  char text[2048];
  int len = 0, port[TREE_NODES] = {0};
  for (int n = 0; n < TREE_NODES; n++) {
    int deg = parent[n] >= 0;
    for (int m = 0; m < TREE_NODES; m++)
      deg += parent[m] == n;
    len += snprintf(text + len, sizeof text - len, "node n%d ports=%d\n", n, deg);
  }
  for (int n = 1; n < TREE_NODES; n++)
    len += snprintf(text + len, sizeof text - len, "link n%d:%d n%d:%d latency=%d\n", parent[n], port[parent[n]]++, n,
                    port[n]++, link_cycles[n]);
  return ts_write_temp(text, ".net");
}

static const struct fcsim_stats *run(const char *const *sets, struct fcsim_sim **sim)
{
  assert_int_equal(ts_sim_run(sets, sim), 0);
  return fcsim_sim_stats(*sim);
}

static void test_tree_zero_load_every_pair(void **state)
{
  char *net = tree_netlist(), csv[16384];
  int len = snprintf(csv, sizeof csv, "id,src,dst,bytes,start\n"), id = 0;
  for (int a = 0; a < TREE_NODES; a++)
    for (int b = 0; b < TREE_NODES; b++)
      if (a != b)
        len += snprintf(csv + len, sizeof csv - len, "%d,n%d,n%d,64,%d\n", id, a, b, 1000 * id), id++;
  char *trace = ts_write_temp(csv, ".csv");
  char f[512], t[512];
  snprintf(f, sizeof f, "network.file=%s", net);
  snprintf(t, sizeof t, "traffic.trace=%s", trace);
  const char *sets[] = {"network.topology=file", f,   "routing.algorithm=table", "traffic.mode=trace", t,
                        "traffic.packet_size=4", NULL};
  struct fcsim_sim *sim;
  const struct fcsim_stats *s = run(sets, &sim);
  assert_int_equal(s->nmessages, id);
  id = 0;
  for (int a = 0; a < TREE_NODES; a++)
    for (int b = 0; b < TREE_NODES; b++)
      if (a != b) {
        int hops, lat;
        path(a, b, &hops, &lat);
        /* Novo-G#: per hop link + rc + va + switch (3 cycles at 2 VCs), then
         * rc at the destination and the packet's other 3 flits */
        uint64_t want = (uint64_t)(1000 * id + lat + hops * (1 + 1 + 3) + 1 + 3);
        if (s->message_complete[id] != want)
          fail_msg("n%d -> n%d (%d hops, %d cycles of links): completed at %llu, expected %llu", a, b, hops, lat,
                   (unsigned long long)s->message_complete[id], (unsigned long long)want);
        id++;
      }
  fcsim_sim_destroy(sim);
  unlink(net);
  unlink(trace);
  free(net);
  free(trace);
}

/* 16 KiB (1024 flits of 128 bits) over one link: a 312.5 MHz sender into a
 * 156.25 MHz receiver is held to the receiver's flit per cycle; two fast
 * nodes move it twice as fast. Times are in network.clock (156.25 MHz)
 * cycles. */
static double transfer_cycles(const char *rx_clock)
{
  char text[512];
  snprintf(text, sizeof text,
           "kind fast model=novog set=\"router.clock=312.5MHz\"\n"
           "kind rx model=novog set=\"router.clock=%s\"\n"
           "node src ports=1 kind=fast\nnode dst ports=1 kind=rx\nlink src:0 dst:0 latency=10\n",
           rx_clock);
  char *net = ts_write_temp(text, ".net"), *trace = ts_write_temp("id,src,dst,bytes\n1,src,dst,16KiB\n", ".csv");
  char f[512], t[512];
  snprintf(f, sizeof f, "network.file=%s", net);
  snprintf(t, sizeof t, "traffic.trace=%s", trace);
  const char *sets[] = {"network.topology=file",   f,   "routing.algorithm=table",
                        "traffic.mode=trace",      t,   "traffic.packet_size=16",
                        "router.credit_period=20", NULL};
  struct fcsim_sim *sim;
  const struct fcsim_stats *s = run(sets, &sim);
  double m = s->makespan;
  assert_int_equal(s->packets_delivered, 64);
  fcsim_sim_destroy(sim);
  unlink(net);
  unlink(trace);
  free(net);
  free(trace);
  return m;
}

static void test_fast_into_slow(void **state)
{
  double slow = transfer_cycles("156.25MHz"), fast = transfer_cycles("312.5MHz");
  if (slow < 1024)
    fail_msg("into a 156.25 MHz node 1024 flits took %.0f cycles: more than one flit per receiver cycle", slow);
  if (!(fast < 0.6 * slow))
    fail_msg("two 312.5 MHz nodes took %.0f cycles, the fast-to-slow link %.0f", fast, slow);
}

static char *json_of(const char *const *sets)
{
  struct fcsim_sim *sim;
  run(sets, &sim);
  char *text = ts_sim_json(sim, FCSIM_JSON_LINKS);
  assert_non_null(text);
  fcsim_sim_destroy(sim);
  return text;
}

/* examples/netlist/two-boards: 20 ns and 541 ns links, 12.34 ns jitter on
 * the long ones, two router kinds (2 and 4 VCs), clocks offset by ppm. */
static void test_irregular_partitions(void **state)
{
  const char *threads[] = {"sim.threads=1", "sim.threads=2", "sim.threads=3"};
  char *text[3], cfg[512];
  snprintf(cfg, sizeof cfg, "%s/examples/netlist/two-boards.net", FCSIM_SOURCE_DIR);
  char f[600];
  snprintf(f, sizeof f, "network.file=%s", cfg);
  for (int i = 0; i < 3; i++) {
    const char *sets[] = {"network.topology=file",
                          f,
                          "routing.algorithm=table",
                          "traffic.rate=0.2",
                          "sim.measure_cycles=3000",
                          threads[i],
                          NULL};
    text[i] = json_of(sets);
  }
  assert_string_equal(text[0], text[1]);
  assert_string_equal(text[0], text[2]);
  assert_non_null(strstr(text[0], "\"buffer_overflows\": 0"));
  for (int i = 0; i < 3; i++)
    free(text[i]);
}

static void expect_exit2(const char *const *args, const char *want)
{
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, want))
    fail_msg("expected exit 2 and `%s`; got %d: %s", want, r.status, r.err);
  ts_result_free(&r);
}

/* Combinations refused before anything runs. */
static void test_refused(void **state)
{
  char *net = ts_write_temp("kind a model=novog\nkind b model=classic\nnode x ports=1 kind=a\nnode y ports=1 kind=b\n"
                            "link x:0 y:0 latency=5\n",
                            ".net");
  char f[512];
  snprintf(f, sizeof f, "network.file=%s", net);
  const char *mixed[] = {"run", "--set", "network.topology=file", "--set", f, "--set", "routing.algorithm=table", NULL};
  expect_exit2(mixed, "joins two flow-control schemes");
  unlink(net);
  free(net);
  /* voq and ring are both one-sided, until voq.link_credits gives the VOQ
   * links a window the ring would never credit back */
  net = ts_write_temp("kind a model=voq\nkind b model=ring\nnode x ports=1 kind=a\nnode y ports=1 kind=b\n"
                      "link x:0 y:0 latency=5\n",
                      ".net");
  snprintf(f, sizeof f, "network.file=%s", net);
  const char *windowed[] = {"run", "--set", "network.topology=file", "--set", f, "--set", "routing.algorithm=table",
                            "--set", "voq.link_credits=8", NULL};
  expect_exit2(windowed, "window credits (voq.link_credits)");
  const char *no_file[] = {"run", "--set", "network.topology=file", NULL};
  expect_exit2(no_file, "network.topology = file needs network.file");
  const char *no_trace[] = {"run", "--set", "traffic.mode=trace", NULL};
  expect_exit2(no_trace, "traffic.mode = trace needs traffic.trace");
  unlink(net);
  free(net);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tree_zero_load_every_pair),
      cmocka_unit_test(test_fast_into_slow),
      cmocka_unit_test(test_irregular_partitions),
      cmocka_unit_test(test_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
