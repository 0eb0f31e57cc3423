/* SPDX-License-Identifier: BSD-3-Clause */
/* Simulation tests of the BEE3 networks of seed 003 (router.model = bee3 on
 * network.topology = bee3, routing.algorithm = bee3): the zero-load latency
 * of every pair of FPGAs equals its Table I breakdown (topo/bee3_table.c)
 * for all five layouts at 8, 16 and 32 FPGAs (10GbE: up to 8 ns later, the
 * switch's own clock); under saturating random traffic no link carries
 * more than its payload rate, and a bonded x8 Aurora channel carries eight
 * times an x1 channel's payload; no deadlock, no loss. */
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
#include "topo/bee3.h"
#include "topo/topo.h"

static const char *const layouts[] = {"one-x8", "two-x4", "four-x2", "eight-x1", "10gbe"};

static void bee3_params(struct fcsim_params *p, const char *layout, int enclosures)
{
  int one = 1;
  ts_params_init(p, FCSIM_TOPO_BEE3, 1, &one);
  struct fcsim_bee3_topo_params *bp = fcsim_params_block_mut(p, &fcsim_bee3_topo_block);
  snprintf(bp->layout, sizeof bp->layout, "%s", layout);
  bp->enclosures = enclosures;
  p->clock_hz = 1e9;
  p->flit_bits = 64;
  p->packet_flits = 1;
}

/* One 1-flit packet between every ordered pair, far apart in time, no
 * local channels: each takes exactly its breakdown's ns (1 ns cycles). */
static void every_pair(const char *layout, int E)
{
  char s_layout[64], s_batch[64], s_encl[64];
  snprintf(s_layout, sizeof s_layout, "network.bee3_layout=%s", layout);
  snprintf(s_encl, sizeof s_encl, "network.enclosures=%d", E);
  /* all-to-all walks every other node: 4E - 1 FPGAs, and with 10GbE 2 switches (no packet: excluded) */
  snprintf(s_batch, sizeof s_batch, "traffic.batch_packets=%d", 4 * E - 1 + (strcmp(layout, "10gbe") ? 0 : 2));
  const char *sets[] = {"network.topology=bee3",
                        s_layout,
                        s_encl,
                        "network.clock=1GHz",
                        "network.flit_bits=64",
                        "router.model=bee3",
                        "routing.algorithm=bee3",
                        "router.local_cycles=0",
                        "traffic.packet_size=1",
                        "traffic.mode=batch",
                        s_batch,
                        "traffic.pattern=all-to-all",
                        "traffic.rate=0.000002",
                        NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  struct fcsim_params p;
  struct fcsim_error err = {0};
  struct fcsim_bee3 b;
  bee3_params(&p, layout, E);
  assert_int_equal(fcsim_bee3_describe(&p, &b, &err), 0);
  double sum = 0, worst = 0;
  for (int a = 0; a < b.fpgas; a++)
    for (int z = 0; z < b.fpgas; z++)
      if (a != z) {
        struct fcsim_bee3_breakdown bd;
        assert_int_equal(fcsim_bee3_path(&b, a, z, 8, &bd), 0);
        sum += bd.total_ns;
        worst = bd.total_ns > worst ? bd.total_ns : worst;
      }
  int pairs = b.fpgas * (b.fpgas - 1);
  assert_int_equal(s->packets_delivered, (uint64_t)pairs);
  /* 10GbE: the switch runs on its own 6.4 ns clock (ethswitch at
   * 156.25 MHz), so a frame waits up to one switch cycle for it and up to
   * 1 ns for the receiving FPGA's clock: at most 8 ns late, never early */
  double slack = strcmp(layout, "10gbe") ? 1e-9 : 8;
  double da = s->avg_latency - sum / pairs, dw = s->worst_latency - worst;
  if (da < -1e-9 || da > slack || dw < -1e-9 || dw > slack)
    fail_msg("%s: avg %.6f worst %.0f ns, Table I breakdowns give %.6f and %.0f", layout, s->avg_latency,
             s->worst_latency, sum / pairs, worst);
  assert_int_equal(s->buffer_overflows, 0);
  fcsim_sim_destroy(sim);
}

static void test_zero_load_every_pair(void **state)
{
  (void)state;
  for (int i = 0; i < FCSIM_BEE3_NLAYOUTS; i++)
    for (int E = 2; E <= 8; E *= 2)
      every_pair(layouts[i], E);
}

/* Saturating uniform traffic at 1.86 GB/s per FPGA, 256-byte packets, on
 * E enclosures. Returns the busiest Aurora channel's payload rate (GB/s)
 * and checks every channel against its own rate. */
static double saturate(const char *layout, int E)
{
  char s_layout[64], s_encl[64];
  snprintf(s_layout, sizeof s_layout, "network.bee3_layout=%s", layout);
  snprintf(s_encl, sizeof s_encl, "network.enclosures=%d", E);
  const char *sets[] = {"network.topology=bee3",
                        s_layout,
                        s_encl,
                        "network.clock=1GHz",
                        "network.flit_bits=64",
                        "router.model=bee3",
                        "routing.algorithm=bee3",
                        "router.local_cycles=0",
                        "traffic.packet_size=256B",
                        "traffic.pattern=uniform",
                        "traffic.rate=0.2325",
                        "sim.warmup_cycles=5000",
                        "sim.measure_cycles=20000",
                        "sim.drain_cycles=200000",
                        NULL};
  struct fcsim_sim *sim;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  struct fcsim_params p;
  struct fcsim_error err = {0};
  struct fcsim_topo t;
  struct fcsim_bee3 b;
  bee3_params(&p, layout, E);
  p.packet_flits = 32;
  assert_int_equal(fcsim_bee3_describe(&p, &b, &err), 0);
  assert_int_equal(fcsim_topo_init(&t, &p, &err), 0);
  assert_int_equal(s->nchannels, t.graph.nslots);
  double busiest = 0;
  for (int n = 0; n < b.nodes; n++)
    for (int q = 0; q < b.radix[n]; q++) {
      if (b.port[n][q].peer < 0)
        continue;
      /* both classes of an on-board link share it */
      int q2 = fcsim_bee3_is_fpga(&b, n) && q < FCSIM_BEE3_FINAL ? q + FCSIM_BEE3_FINAL : -1;
      if (fcsim_bee3_is_fpga(&b, n) && q >= FCSIM_BEE3_FINAL && q < FCSIM_BEE3_ONBOARD)
        continue;
      uint64_t flits =
          s->link_flits[t.graph.port_base[n] + q] + (q2 >= 0 ? s->link_flits[t.graph.port_base[n] + q2] : 0);
      double gbps = flits * 8.0 / (double)s->window_cycles, cap = fcsim_bee3_port_gbps(&b, n, q, 256);
      if (gbps > cap * 1.001 + 8.0 / s->window_cycles)
        fail_msg("%s: node %d port %d carries %.4f GB/s, its rate is %.4f", layout, n, q, gbps, cap);
      if (b.port[n][q].cls == FCSIM_BEE3_AURORA && gbps > busiest)
        busiest = gbps;
    }
  assert_false(s->deadlock);
  assert_int_equal(s->buffer_overflows, 0);
  fcsim_topo_destroy(&t);
  fcsim_sim_destroy(sim);
  return busiest;
}

static void test_bandwidth(void **state)
{
  (void)state;
  /* One-x8 on 4 enclosures (one x8 channel per pair of enclosures),
   * Eight-x1 on 2 (each FPGA's destinations over four of its x1 channels) */
  double x8 = saturate("one-x8", 4), x1 = saturate("eight-x1", 2);
  /* saturated channels run at their rates: 1.56 and 0.195 GB/s */
  if (x8 < 1.56 * 0.97 || x1 < 0.195 * 0.97 || fabs(x8 / x1 - 8.0) > 8.0 * 0.03)
    fail_msg("busiest x8 channel %.4f GB/s, x1 %.4f GB/s: ratio %.3f, expected 8", x8, x1, x8 / x1);
  saturate("two-x4", 2);
  saturate("four-x2", 2);
  saturate("10gbe", 2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_zero_load_every_pair),
      cmocka_unit_test(test_bandwidth),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
