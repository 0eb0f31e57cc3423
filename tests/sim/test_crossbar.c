/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the full-crossbar router (router.model = crossbar,
 * seed 003 §III; src/router/switched/crossbar.c): zero-load latency of every
 * source-destination pair against the formula, the seed's 64 ns at 250 MHz,
 * fairness of the round-robin allocator under contention, no deadlock and
 * no loss at and beyond saturation on meshes with DOR, and the torus
 * refusal (one FIFO per port cannot carry dateline classes). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* T0 = 2 local + (H + 1) S + H L + (F - 1): injection and ejection
 * channels, the crossbar at every router on the path, the links, the tail. */
static double xb_t0(int hops, int S, int L, int local, int F)
{
  return 2.0 * local + (hops + 1.0) * S + (double)hops * L + (F - 1);
}

/* Manhattan distance between nodes a and b of a mesh (x fastest). */
static int mesh_distance(const int *dims, int ndims, int a, int b)
{
  int d = 0;
  for (int i = 0; i < ndims; i++) {
    d += abs(a % dims[i] - b % dims[i]);
    a /= dims[i];
    b /= dims[i];
  }
  return d;
}

struct zl_case {
  const char *dims;  /* network.dims (a mesh) */
  int ndims, d[3];   /* the same, as numbers */
  const char *clock; /* network.clock */
  const char *lat;   /* network.link_latency */
  const char *sw;    /* router.switch_cycles */
  const char *local; /* router.local_cycles */
  int F;             /* packet flits */
  int L, S;          /* expected link latency and through-latency, cycles */
};

/* Every node sends one packet to every other node (all-to-all, batch of
 * N - 1 packets), far apart in time. Contention can only add latency, so the
 * average equal to the mean of the formula over all ordered pairs means
 * every pair met it exactly; the worst is the diameter's. */
static void run_every_pair(const struct zl_case *c)
{
  int n = 1;
  for (int i = 0; i < c->ndims; i++)
    n *= c->d[i];
  char s_dims[64], s_clock[64], s_lat[64], s_sw[64], s_local[64], s_size[64], s_batch[64];
  snprintf(s_dims, sizeof s_dims, "network.dims=%s", c->dims);
  snprintf(s_clock, sizeof s_clock, "network.clock=%s", c->clock);
  snprintf(s_lat, sizeof s_lat, "network.link_latency=%s", c->lat);
  snprintf(s_sw, sizeof s_sw, "router.switch_cycles=%s", c->sw);
  snprintf(s_local, sizeof s_local, "router.local_cycles=%s", c->local);
  snprintf(s_size, sizeof s_size, "traffic.packet_size=%d", c->F);
  snprintf(s_batch, sizeof s_batch, "traffic.batch_packets=%d", n - 1);
  const char *sets[] = {"router.model=crossbar",
                        "network.topology=mesh",
                        s_dims,
                        s_clock,
                        s_lat,
                        s_sw,
                        s_local,
                        s_size,
                        "traffic.mode=batch",
                        s_batch,
                        "traffic.pattern=all-to-all",
                        "traffic.rate=0.00002",
                        NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  double sum = 0, worst = 0, hops = 0;
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      if (a != b) {
        int h = mesh_distance(c->d, c->ndims, a, b);
        double t = xb_t0(h, c->S, c->L, atoi(c->local), c->F);
        sum += t;
        hops += h;
        worst = t > worst ? t : worst;
      }
  int pairs = n * (n - 1);
  assert_int_equal(s->packets_delivered, (uint64_t)pairs);
  assert_true(fabs(s->avg_hops - hops / pairs) < 1e-9);
  if (fabs(s->avg_latency - sum / pairs) > 1e-9 || s->worst_latency != worst)
    fail_msg("%s L=%d S=%d: avg %.6f worst %.0f, expected %.6f and %.0f", c->dims, c->L, c->S, s->avg_latency,
             s->worst_latency, sum / pairs, worst);
  /* `auto`: the seed's 64 ns through the router, whatever the clock */
  if (!strcmp(c->sw, "auto"))
    assert_true(fabs(c->S * s->ns_per_cycle - 64.0) < 1e-9);
  /* the model's zero_load_cycles op is the same formula */
  assert_true(fabs(s->zero_load_latency - sum / pairs) < 1e-6);
  assert_int_equal(s->buffer_overflows, 0);
  fcsim_sim_destroy(sim);
}

/* The seed's crossbar: 250 MHz, 64 ns through (16 cycles, router.switch_cycles
 * auto), the 20 ns on-board links of a BEE3 (5 cycles). A hop costs 84 ns. */
static void test_zero_load_seed_timing(void **state)
{
  (void)state;
  const struct zl_case cases[] = {
      {"6", 1, {6}, "250MHz", "20ns", "auto", "1", 4, 5, 16},
      {"3x3", 2, {3, 3}, "250MHz", "20ns", "auto", "1", 8, 5, 16},
      {"2x2x2", 3, {2, 2, 2}, "250MHz", "24ns", "auto", "0", 1, 6, 16},
      /* auto is 64 ns at any clock: 10 cycles at 156.25 MHz */
      {"4x3", 2, {4, 3}, "156.25MHz", "28", "auto", "1", 4, 28, 10},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    run_every_pair(&cases[i]);
  /* Table I's counting on one board (ring links only): opposite corners of
   * a 2x2 mesh are 2 links apart, 3 crossbar routes; with 1-flit packets and
   * no local channels the worst pair takes 3 x 64 + 2 x 20 = 232 ns */
  const char *sets[] = {"router.model=crossbar",      "network.topology=mesh",     "network.dims=2x2",
                        "network.clock=250MHz",       "network.link_latency=20ns", "router.local_cycles=0",
                        "traffic.packet_size=1",      "traffic.mode=batch",        "traffic.batch_packets=3",
                        "traffic.pattern=all-to-all", "traffic.rate=0.00001",      NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_true(fabs(s->worst_latency * s->ns_per_cycle - 232.0) < 1e-9);
  /* 8 pairs 1 link apart (148 ns), 4 pairs 2 links apart (232 ns) */
  assert_true(fabs(s->avg_latency * s->ns_per_cycle - (8 * 148.0 + 4 * 232.0) / 12) < 1e-9);
  fcsim_sim_destroy(sim);
}

/* The through-latency and the local channels as configured. */
static void test_zero_load_configured(void **state)
{
  (void)state;
  const struct zl_case cases[] = {
      {"5", 1, {5}, "250MHz", "7", "3", "2", 5, 7, 3},
      {"3x4", 2, {3, 4}, "250MHz", "1", "1", "0", 2, 1, 1},
      {"3x2x2", 3, {3, 2, 2}, "250MHz", "40", "24", "3", 16, 40, 24},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    run_every_pair(&cases[i]);
}

/* Flits carried in the window by the channel leaving `node` on `port` (on a
 * mesh, slot = node * 2n + port). */
static double chan_rate(const struct fcsim_stats *s, int node, int nports, int port)
{
  return (double)s->link_flits[node * nports + port] / (double)s->window_cycles;
}

/* N inputs hammering one ejection port: every node sends only to the centre
 * of a 3x3 mesh (or 3x3x3), so each of the centre's N = 4 (6) input links
 * stays backlogged. The round-robin allocator, a granted input dropping to
 * lowest priority, serves them in turn a packet each, so a waiting head is
 * granted after at most N - 1 packets of the others: within ANY window of W
 * cycles every input gets W/N flits of the ejection port, give or take the
 * two packets cut by the window's ends, and the port never idles. Checked
 * over a long window and over short ones (100 cycles: 25 flits each on the
 * 3x3 mesh) at several offsets, where an allocator that let one input go
 * unserved for longer than a round would fail. */
static void check_fair_window(const char *dims, int nports, int centre, int n, const int (*in)[2], int warmup,
                              int measure)
{
  char s_dims[64], s_hot[64], s_warm[64], s_meas[64];
  snprintf(s_dims, sizeof s_dims, "network.dims=%s", dims);
  snprintf(s_hot, sizeof s_hot, "traffic.hotspot_node=%d", centre);
  snprintf(s_warm, sizeof s_warm, "sim.warmup_cycles=%d", warmup);
  snprintf(s_meas, sizeof s_meas, "sim.measure_cycles=%d", measure);
  const char *sets[] = {"router.model=crossbar",
                        "network.topology=mesh",
                        s_dims,
                        "traffic.pattern=hotspot",
                        s_hot,
                        "traffic.hotspot_fraction=1",
                        "traffic.rate=0.8",
                        "traffic.packet_size=4",
                        s_warm,
                        s_meas,
                        "sim.drain_cycles=0",
                        NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  const double W = (double)s->window_cycles, F = 4;
  assert_true(W == measure);
  double total = 0;
  for (int i = 0; i < n; i++) {
    double r = chan_rate(s, in[i][0], nports, in[i][1]);
    total += r;
    if (fabs(r * W - W / n) > 2 * F)
      fail_msg("%s, window [%d, %d): input %d carried %.0f flits; a fair 1/%d share is %.1f (+-%.0f)", dims, warmup,
               warmup + measure, i, r * W, n, W / n, 2 * F);
  }
  /* the ejection port is busy every cycle: one flit per cycle in all */
  if (fabs(total * W - W) > 2 * F * n)
    fail_msg("%s: the inputs carried %.0f flits in %.0f cycles, expected one per cycle", dims, total * W, W);
  assert_int_equal(s->buffer_overflows, 0);
  assert_false(s->deadlock);
  fcsim_sim_destroy(sim);
}

static void test_allocation_fair(void **state)
{
  (void)state;
  const int in2[4][2] = {{3, 0}, {5, 1}, {1, 2}, {7, 3}};                      /* channels into node 4 of 3x3 */
  const int in3[6][2] = {{12, 0}, {14, 1}, {10, 2}, {16, 3}, {4, 4}, {22, 5}}; /* into node 13 of 3x3x3 */
  check_fair_window("3x3", 4, 4, 4, in2, 3000, 20000);
  check_fair_window("3x3x3", 6, 13, 6, in3, 3000, 20000);
  for (int k = 0; k < 6; k++)
    check_fair_window("3x3", 4, 4, 4, in2, 3000 + 397 * k, 100);
}

/* Mesh with DOR at and far beyond saturation: no deadlock, no flit lost or
 * duplicated, every FIFO within its depth. Batch runs must deliver every
 * packet; continuous runs at 5x the saturation load must keep moving. */
static void test_no_deadlock_beyond_saturation(void **state)
{
  (void)state;
  const char *patterns[] = {"uniform", "transpose", "bitcomp", "tornado"};
  for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
    char s_pat[64];
    snprintf(s_pat, sizeof s_pat, "traffic.pattern=%s", patterns[i]);
    const char *batch[] = {"router.model=crossbar",
                           "network.topology=mesh",
                           "network.dims=4x4",
                           s_pat,
                           "traffic.mode=batch",
                           "traffic.batch_packets=300",
                           "traffic.rate=2",
                           "traffic.packet_size=6",
                           "router.vc_depth=8",
                           "network.link_latency=3",
                           NULL};
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(batch, &sim), 0);
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    assert_false(s->deadlock);
    assert_true(s->drained);
    assert_int_equal(s->packets_delivered, s->packets_measured);
    assert_int_equal(s->flits_delivered_total, s->flits_injected_total);
    assert_int_equal(s->buffer_overflows, 0);
    fcsim_sim_destroy(sim);
  }
  const char *cont[] = {"router.model=crossbar",  "network.topology=mesh",    "network.dims=8x8",   "traffic.rate=2",
                        "sim.warmup_cycles=2000", "sim.measure_cycles=10000", "sim.drain_cycles=0", NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(cont, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_false(s->deadlock);
  assert_true(s->saturated);
  assert_true(s->recv_throughput > 0.25); /* uniform on an 8x8 mesh saturates near 0.35 */
  assert_int_equal(s->flits_injected_total, s->flits_delivered_total + s->flits_in_network);
  assert_int_equal(s->buffer_overflows, 0);
  fcsim_sim_destroy(sim);
}

/* The same JSON however the network is split into partitions (near
 * saturation, so that credits and flits cross partition boundaries). */
static void test_partitions(void **state)
{
  (void)state;
  char *first = NULL;
  const char *threads[] = {"sim.threads=1", "sim.threads=3"};
  for (int t = 0; t < 2; t++) {
    const char *sets[] = {"router.model=crossbar",  "network.topology=mesh",   "network.dims=6x6", "traffic.rate=0.3",
                          "sim.warmup_cycles=1000", "sim.measure_cycles=4000", threads[t],         NULL};
    struct fcsim_sim *sim;
    assert_int_equal(ts_sim_run(sets, &sim), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct fcsim_error err = {0};
    assert_int_equal(fcsim_sim_write_json(sim, f, 0, &err), 0);
    fclose(f);
    /* cut out the execution block (host facts: threads, wall time, memory) */
    char *exec = strstr(buf, "\"execution\""), *end = exec ? strchr(exec, '}') : NULL;
    assert_non_null(end);
    memmove(exec, end, strlen(end) + 1);
    if (!first)
      first = buf;
    else {
      assert_string_equal(first, buf);
      free(buf);
    }
    fcsim_sim_destroy(sim);
  }
  free(first);
}

/* A torus needs dateline classes, which one FIFO per port cannot give:
 * refused with a message naming the keys; with router.dateline = off the
 * ring deadlocks under load and the report names the waiting FIFOs. */
static void test_torus(void **state)
{
  (void)state;
  const char *args[] = {"run", "--set", "router.model=crossbar", "--set", "network.dims=4x4", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "router.model = crossbar on a torus"));
  assert_non_null(strstr(r.err, "network.topology = mesh"));
  ts_result_free(&r);

  const char *sets[] = {"router.model=crossbar",  "router.dateline=off",     "network.dims=8",
                        "traffic.rate=2",         "traffic.packet_size=8",   "router.vc_depth=8",
                        "sim.warmup_cycles=1000", "sim.measure_cycles=5000", NULL};
  struct fcsim_sim *sim;
  int rc = ts_sim_run(sets, &sim);
  assert_int_equal(rc, FCSIM_EDEADLOCK);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_true(s->deadlock);
  assert_non_null(s->deadlock_report);
  assert_non_null(strstr(s->deadlock_report, "fifo"));
  fcsim_sim_destroy(sim);
}

/* examples/crossbar-board.ini runs, with the seed's 16-cycle router and the
 * 27-flit FIFOs of the credit round trip at 20 ns links. */
static void test_example(void **state)
{
  (void)state;
  const char *args[] = {"run", FCSIM_SOURCE_DIR "/examples/crossbar-board.ini", "--quiet", "--json", "-", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 0)
    fail_msg("exit %d: %s", r.status, r.err);
  assert_non_null(strstr(r.out, "\"switch_cycles\": 16"));
  assert_non_null(strstr(r.out, "\"vc_depth_flits\": 27"));
  assert_non_null(strstr(r.out, "\"deadlock\": false"));
  ts_result_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_zero_load_seed_timing),
      cmocka_unit_test(test_zero_load_configured),
      cmocka_unit_test(test_allocation_fair),
      cmocka_unit_test(test_no_deadlock_beyond_saturation),
      cmocka_unit_test(test_partitions),
      cmocka_unit_test(test_torus),
      cmocka_unit_test(test_example),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
