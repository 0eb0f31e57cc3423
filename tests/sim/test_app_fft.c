/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app fft` on the simulator: every flit of the schedule delivered
 * once; the phases in order and each turn at least the Table 6.2 network
 * part; at zero contention (one IP, one-flit messages, no jitter, one
 * clock) the XY turn is exactly that network part plus the one cycle of
 * ejection; jitter and drifting clocks still deliver everything, and so do
 * the classic, VOQ and ring routers and the 2m > n mapping; Table 3.5's
 * "variable" with 4 deskewed lanes per link is later than with one draw
 * per flit, and the same on 1 and 2 threads; the VOQ router's local input
 * moving a packet a cycle (voq.inject = packet) is faster than a flit a
 * cycle with multi-flit packets and the same with one-flit ones; 16-flit
 * VOQs stall VA where the preset's 512-flit ones do not; the CLI
 * writes fft_latency_ns and refuses bad input with exit 2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "fcsim/fcsim.h"
#include "test_support.h"
#include "apps/fft/fft_run.h"

static void run(const char *example, const char *const *sets, struct fcsim_fft_result *r)
{
  struct fcsim_error err = {0};
  struct fcsim_config *cfg = fcsim_config_create();
  assert_non_null(cfg);
  char path[1024];
  snprintf(path, sizeof path, "%s/examples/fft/%s", FCSIM_SOURCE_DIR, example);
  assert_int_equal(fcsim_config_load_file(cfg, path, &err), 0);
  for (int i = 0; sets && sets[i]; i++)
    assert_int_equal(fcsim_config_set_assignment(cfg, sets[i], "test", &err), 0);
  int rc = fcsim_fft_run(cfg, r, &err);
  if (rc)
    fail_msg("%s", err.msg);
  fcsim_config_destroy(cfg);
}

static void check_consistent(const struct fcsim_fft_result *r)
{
  assert_true(r->flits_expected > 0);
  assert_int_equal(r->flits_injected, r->flits_expected);
  assert_int_equal(r->flits_delivered, r->flits_expected);
  const struct fcsim_fft_phases *p = &r->ph;
  assert_true(p->x_end_cycles <= p->xy_arrived_cycles);
  assert_true(p->xy_arrived_cycles + p->x_end_cycles <= p->y_end_cycles);
  assert_true(p->y_end_cycles <= p->yz_arrived_cycles);
  assert_true(p->yz_arrived_cycles + p->x_end_cycles <= p->z_end_cycles);
  double c = r->ns_per_cycle;
  /* Table 6.2's network part is a lower bound on each turn's wait */
  assert_true(p->xy_turn_cycles * c >= r->model_xy_net_ns - 1e-6);
  assert_true(p->yz_turn_cycles * c >= r->model_yz_net_ns - 1e-6);
}

static void test_16_on_4(void **state)
{
  (void)state;
  struct fcsim_fft_result r;
  run("16-on-4.ini", NULL, &r);
  assert_int_equal(r.n, 4);
  assert_int_equal(r.m, 2);
  assert_int_equal(r.ips, 4);
  check_consistent(&r);
}

static void test_zero_contention_equals_network_part(void **state)
{
  (void)state;
  const char *sets[] = {"fft.ips=1", "fft.point_bytes=1", NULL};
  struct fcsim_fft_result r;
  run("16-on-4.ini", sets, &r);
  check_consistent(&r);
  /* the last XY message leaves as the last X FFT ends and crosses
   * 2^(m-1) hops alone: Table 6.2's (2^(m-1)) x LD, + rc = 1 to eject */
  double net_cycles = r.model_xy_net_ns / r.ns_per_cycle;
  assert_float_equal(r.ph.xy_turn_cycles, net_cycles + 1.0, 1e-6);
}

static void test_jitter_and_drift(void **state)
{
  (void)state;
  const char *sets[] = {"network.link_jitter=12.34ns", "network.clock_spread_ppm=50", NULL};
  struct fcsim_fft_result fixed, var;
  run("32-on-4.ini", NULL, &fixed);
  run("32-on-4.ini", sets, &var);
  check_consistent(&fixed);
  check_consistent(&var);
  /* jitter lengthens some paths; seed 000 Table 3.5 finds a few per cent */
  assert_true(var.ph.z_end_cycles >= 0.97 * fixed.ph.z_end_cycles);
  assert_true(var.ph.z_end_cycles <= 1.25 * fixed.ph.z_end_cycles);
}

/* Table 3.5's "variable" column, 16^3 on 4^3 at its preset: with each
 * flit striped over 4 lanes that draw their own latency and arriving with
 * the last (network.link_lanes = 4, seed 000 Table 3.2/3.3), every flit is
 * still delivered and the FFT ends later than with one draw per flit: over
 * four seeds by 9.75 cycles on average (65 ns; the deskew adds about one
 * standard deviation, 12.7 ns, per hop of the critical path, L1863-1866).
 * The same run on 2 threads gives the same times. */
/* Every flit delivered and the phases in order, for streaming consumption
 * (fft.consume = point: a dimension's compute overlaps its data's arrival). */
static void check_streamed(const struct fcsim_fft_result *r)
{
  assert_true(r->flits_expected > 0);
  assert_int_equal(r->flits_injected, r->flits_expected);
  assert_int_equal(r->flits_delivered, r->flits_expected);
  assert_true(r->ph.x_end_cycles < r->ph.y_end_cycles);
  assert_true(r->ph.y_end_cycles < r->ph.z_end_cycles);
  assert_true(r->ph.yz_arrived_cycles < r->ph.z_end_cycles);
}

static void test_lanes_deskew_table_3_5(void **state)
{
  (void)state;
  static const char *const seeds[] = {"sim.seed=1", "sim.seed=2", "sim.seed=3", "sim.seed=4"};
  double sum1 = 0, sum4 = 0, sumf = 0;
  for (int i = 0; i < 4; i++) {
    const char *fixed[] = {"fft.n=4", "fft.ips=75", seeds[i], NULL};
    const char *one[] = {
        "fft.n=4", "fft.ips=75", seeds[i], "network.link_jitter=12.34ns", "network.clock_spread_ppm=260", NULL};
    const char *four[] = {"fft.n=4",
                          "fft.ips=75",
                          seeds[i],
                          "network.link_jitter=12.34ns",
                          "network.clock_spread_ppm=260",
                          "network.link_lanes=4",
                          NULL};
    struct fcsim_fft_result f, a, b;
    run("table-3.5.ini", fixed, &f);
    run("table-3.5.ini", one, &a);
    run("table-3.5.ini", four, &b);
    check_streamed(&f);
    check_streamed(&a);
    check_streamed(&b);
    sumf += f.ph.z_end_cycles;
    sum1 += a.ph.z_end_cycles;
    sum4 += b.ph.z_end_cycles;
  }
  assert_true(sum1 > sumf);
  assert_true((sum4 - sum1) / 4 >= 4); /* cycles of 150 MHz (Table 3.5) */
  const char *t1[] = {"fft.n=4",
                      "fft.ips=75",
                      "network.link_jitter=12.34ns",
                      "network.clock_spread_ppm=260",
                      "network.link_lanes=4",
                      "sim.threads=1",
                      NULL};
  const char *t2[] = {"fft.n=4",
                      "fft.ips=75",
                      "network.link_jitter=12.34ns",
                      "network.clock_spread_ppm=260",
                      "network.link_lanes=4",
                      "sim.threads=2",
                      NULL};
  struct fcsim_fft_result r1, r2;
  run("table-3.5.ini", t1, &r1);
  run("table-3.5.ini", t2, &r2);
  assert_true(r1.ph.z_end_cycles == r2.ph.z_end_cycles);
  assert_true(r1.ph.xy_arrived_cycles == r2.ph.xy_arrived_cycles);
  assert_true(r1.ph.yz_arrived_cycles == r2.ph.yz_arrived_cycles);
}

static void test_classic_router(void **state)
{
  (void)state;
  const char *sets[] = {"router.model=classic", "router.vcs=2", NULL};
  struct fcsim_fft_result r;
  run("16-on-4.ini", sets, &r);
  check_consistent(&r);
}

/* fft.release = packet on the Table 6.4 setting (VOQ, 256-bit paths,
 * 100 MHz, 500 ns): every flit delivered, and the FFT ends no later than
 * with whole-round messages (a packet leaves as soon as its points are out;
 * the receiving node still waits for all of its data). */
static void test_packet_release(void **state)
{
  (void)state;
  const char *round[] = {"fft.n=5", "fft.release=round", NULL}, *packet[] = {"fft.n=5", "fft.release=packet", NULL};
  struct fcsim_fft_result a, b;
  run("table-6.4.ini", round, &a);
  run("table-6.4.ini", packet, &b);
  assert_true(b.messages > a.messages);
  assert_true(b.ph.z_end_cycles <= a.ph.z_end_cycles);
}

/* The collective routers of seed 000 s4.3.2 (issue 11) run the FFT too:
 * every flit delivered, phases in order, turns no shorter than Table 6.2's
 * network part (they add their own pipeline: 7 cycles for voq, a ring of
 * stops for ring). */
static void test_voq_and_ring_routers(void **state)
{
  (void)state;
  const char *voq[] = {"router.model=voq", NULL}, *ring[] = {"router.model=ring", NULL};
  struct fcsim_fft_result novog, v, g;
  run("16-on-4.ini", NULL, &novog);
  run("16-on-4.ini", voq, &v);
  run("16-on-4.ini", ring, &g);
  check_consistent(&v);
  check_consistent(&g);
  /* no credits to wait for but longer pipelines: within 25 % of Novo-G# */
  assert_true(v.ph.z_end_cycles <= 1.25 * novog.ph.z_end_cycles);
  assert_true(g.ph.z_end_cycles <= 1.25 * novog.ph.z_end_cycles);
  /* with jitter and drifting clocks (Table 3.5's "variable") too */
  const char *voq_var[] = {"router.model=voq", "network.link_jitter=12.34ns", "network.clock_spread_ppm=260", NULL};
  const char *ring_var[] = {"router.model=ring", "network.link_jitter=12.34ns", "network.clock_spread_ppm=260", NULL};
  struct fcsim_fft_result vv, gv;
  run("16-on-4.ini", voq_var, &vv);
  run("16-on-4.ini", ring_var, &gv);
  check_consistent(&vv);
  check_consistent(&gv);
  assert_true(vv.ph.z_end_cycles >= 0.97 * v.ph.z_end_cycles && vv.ph.z_end_cycles <= 1.25 * v.ph.z_end_cycles);
  assert_true(gv.ph.z_end_cycles >= 0.97 * g.ph.z_end_cycles && gv.ph.z_end_cycles <= 1.25 * g.ph.z_end_cycles);
}

/* fft.routing = table (seed 000 s6.3, L5336-5338) on the VOQ and ring
 * routers at Table 6.4's 32^3 on 4^3 setting: every flit delivered, every
 * message at its node after its round (fcsim_fft_sched_phases refuses
 * otherwise), the tables' most loaded link no worse than 1.15 x DOR's
 * expectation, and the same result on 1 and 2 threads. */
static void test_table_routing(void **state)
{
  (void)state;
  const char *models[] = {"router.model=voq", "router.model=ring"};
  for (int m = 0; m < 2; m++) {
    const char *one[] = {"fft.n=5", "fft.routing=table", models[m], NULL};
    const char *two[] = {"fft.n=5", "fft.routing=table", models[m], "sim.threads=2", NULL};
    struct fcsim_fft_result a, b;
    run("table-6.4.ini", one, &a);
    run("table-6.4.ini", two, &b);
    assert_true(a.flits_expected > 0);
    assert_int_equal(a.flits_injected, a.flits_expected);
    assert_int_equal(a.flits_delivered, a.flits_expected);
    assert_true(a.ph.x_end_cycles < a.ph.y_end_cycles);
    assert_true(a.ph.y_end_cycles < a.ph.z_end_cycles);
    assert_true(a.ph.yz_arrived_cycles < a.ph.z_end_cycles);
    assert_true(a.table_routing);
    assert_int_equal(a.routes.flows, 2 * 64 * 9); /* each node: 9 others per turn on 4^3 */
    for (int t = 0; t < 2; t++)
      assert_true(a.routes.max_link_bytes_table[t] <= 1.15 * a.routes.max_link_bytes_dor[t]);
    assert_true(a.ph.z_end_cycles == b.ph.z_end_cycles);
    assert_true(a.ph.xy_arrived_cycles == b.ph.xy_arrived_cycles);
    assert_int_equal(a.flits_delivered, b.flits_delivered);
  }
}

/* fft.consume (seed 000 s6.3, L5291-5299): at Table 6.4's 32^3 on 4^3
 * setting (4 IPs, four rounds per dimension) every flit is delivered in
 * each mode; taking each round's lines when they are in (line), or
 * streaming points into the IPs (point), ends the FFT earlier than waiting
 * for all of a dimension's data (round); the Y and Z rounds still follow
 * their data: the last node's Z compute ends after its Z data is in. */
static void test_consume_streaming(void **state)
{
  (void)state;
  const char *round[] = {"fft.n=5", "fft.consume=round", NULL};
  const char *line[] = {"fft.n=5", "fft.consume=line", NULL};
  const char *point[] = {"fft.n=5", "fft.consume=point", NULL};
  const char *point_ring[] = {"fft.n=5", "fft.consume=point", "router.model=ring", NULL};
  struct fcsim_fft_result r, l, p, g;
  run("table-6.4.ini", round, &r);
  run("table-6.4.ini", line, &l);
  run("table-6.4.ini", point, &p);
  run("table-6.4.ini", point_ring, &g);
  check_consistent(&r);
  const struct fcsim_fft_result *s[] = {&l, &p, &g};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(s[i]->rounds, 4);
    assert_true(s[i]->flits_expected > 0);
    assert_int_equal(s[i]->flits_injected, s[i]->flits_expected);
    assert_int_equal(s[i]->flits_delivered, s[i]->flits_expected);
    assert_true(s[i]->ph.x_end_cycles < s[i]->ph.y_end_cycles);
    assert_true(s[i]->ph.y_end_cycles < s[i]->ph.z_end_cycles);
    assert_true(s[i]->ph.yz_arrived_cycles < s[i]->ph.z_end_cycles);
  }
  assert_true(l.flits_expected == p.flits_expected);
  assert_true(p.ph.z_end_cycles < l.ph.z_end_cycles);
  assert_true(l.ph.z_end_cycles < 0.95 * r.ph.z_end_cycles);
  /* the first round's inputs: with `round` N cycles after the node's data is all in; streaming
   * starts it before (4 rounds of 32-point lines), and Z's after Y's */
  const double N = 32;
  assert_true(r.ph.y_first_in_cycles == r.ph.xy_arrived_cycles + N);
  assert_true(r.ph.z_first_in_cycles == r.ph.yz_arrived_cycles + N);
  for (int i = 0; i < 3; i++) {
    assert_true(s[i]->ph.y_first_in_cycles < s[i]->ph.xy_arrived_cycles + N);
    assert_true(s[i]->ph.y_first_in_cycles <= s[i]->ph.y_end_cycles - N);
    assert_true(s[i]->ph.y_first_in_cycles < s[i]->ph.z_first_in_cycles);
    assert_true(s[i]->ph.z_first_in_cycles <= s[i]->ph.z_end_cycles - N);
  }
}

/* 2m > n (Fig. 6.1's second case, our reconstruction): 32^3 on 8^3, two
 * FFTs per node, on the Novo-G# and VOQ routers. */
static void test_wide_mapping_32_on_8(void **state)
{
  (void)state;
  const char *sets[] = {"network.dims=8x8x8", "fft.n=5", "fft.ips=2", NULL};
  const char *voq[] = {"network.dims=8x8x8", "fft.n=5", "fft.ips=1", "router.model=voq", NULL};
  struct fcsim_fft_result r;
  run("16-on-4.ini", sets, &r);
  assert_int_equal(r.m, 3);
  assert_int_equal(r.rounds, 1);
  /* Table 6.1, 2m > n: 2^(3m-n) = 16 XY and 2^n = 32 YZ packets per node, less itself */
  assert_int_equal(r.messages, 512 * (15 + 31));
  check_consistent(&r);
  run("16-on-4.ini", voq, &r);
  assert_int_equal(r.rounds, 2);
  check_consistent(&r);
}

static void cli_refuses2(const char *set, const char *set2, const char *want)
{
  char cfg[1024];
  snprintf(cfg, sizeof cfg, "%s/examples/fft/16-on-4.ini", FCSIM_SOURCE_DIR);
  const char *args[] = {"app", "fft", cfg, "--set", set, set2 ? "--set" : NULL, set2, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, want))
    fail_msg("--set %s: expected exit 2 naming `%s`; got %d: %s", set, want, r.status, r.err);
  ts_result_free(&r);
}

static void cli_refuses(const char *set, const char *want)
{
  cli_refuses2(set, NULL, want);
}

static void test_cli(void **state)
{
  (void)state;
  char cfg[1024];
  snprintf(cfg, sizeof cfg, "%s/examples/fft/16-on-4.ini", FCSIM_SOURCE_DIR);
  const char *args[] = {"app", "fft", cfg, "--json", "-", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "\"fft_latency_ns\""));
  assert_non_null(strstr(r.out, "\"xy_latency_ns\""));
  ts_result_free(&r);
  cli_refuses("network.dims=8x8x8", "3m <= 2n");         /* 16^3 on 8^3 */
  cli_refuses("fft.ips=76", "expected 1..75");           /* the key's range */
  cli_refuses2("fft.n=5", "fft.ips=42", "fft.ips = 42"); /* Table 6.3: 41 IPs of 32 points */
  cli_refuses("fft.n=9", "fft.n");                       /* outside the key's range */
  cli_refuses("network.dims=4x4x8", "KxKxK");
  cli_refuses("network.topology=mesh", "torus");
}

/* voq.inject (Novo-G# thesis L4897-4899: a node "injects at most one packet
 * per cycle"): at 64^3 on 4^3 (Table 3.5's preset, six ejection lanes) a
 * node injects 768 flits in the XY turn and 960 in the YZ turn; the local
 * input moving a whole 4-flit packet a cycle leaves the links to bind and
 * ends the FFT well before one flit a cycle does. With one-flit packets the
 * two readings are the same run. */
/* Every flit of the schedule delivered once (streaming consumption
 * overlaps the phases, so check_consistent's round-based order does not
 * apply). */
static void check_delivered(const struct fcsim_fft_result *r)
{
  assert_true(r->flits_expected > 0);
  assert_int_equal(r->flits_injected, r->flits_expected);
  assert_int_equal(r->flits_delivered, r->flits_expected);
}

static void test_voq_inject_packet(void **state)
{
  (void)state;
  const char *flit[] = {"fft.n=6", "fft.ips=41", "voq.eject_packets=6", "voq.inject=flit", NULL};
  const char *packet[] = {"fft.n=6", "fft.ips=41", "voq.eject_packets=6", "voq.inject=packet", NULL};
  struct fcsim_fft_result f, p;
  run("table-3.5.ini", flit, &f);
  run("table-3.5.ini", packet, &p);
  check_delivered(&f);
  check_delivered(&p);
  assert_true(p.ph.z_end_cycles < 0.9 * f.ph.z_end_cycles);
  assert_true(p.ph.yz_turn_cycles < 0.8 * f.ph.yz_turn_cycles);
  const char *flit1[] = {"fft.n=5", "fft.ips=41", "traffic.packet_size=1", "voq.inject=flit", NULL};
  const char *packet1[] = {"fft.n=5", "fft.ips=41", "traffic.packet_size=1", "voq.inject=packet", NULL};
  run("table-3.5.ini", flit1, &f);
  run("table-3.5.ini", packet1, &p);
  check_delivered(&p);
  assert_int_equal(p.ph.z_end_cycles, f.ph.z_end_cycles);
  assert_int_equal(p.ph.xy_arrived_cycles, f.ph.xy_arrived_cycles);
}

/* router.vc_depth on the VOQ router (docs/APPLICATIONS.md, "VOQ depth"): at
 * 64^3 on 4^3 (Table 3.5's preset) 16-flit VOQs fill, VA stalls the input
 * buffer behind a full VOQ (the packets for other outputs wait too) and the
 * turns take longer; the preset's 512-flit VOQs never fill on this row, so
 * no head waits and the FFT ends well before. The stalls are counted, and a
 * run whose VOQs never fill is the same at any larger depth. */
static void test_voq_depth_stalls(void **state)
{
  (void)state;
  const char *shallow[] = {"fft.n=6", "fft.ips=41", "router.vc_depth=16", NULL};
  const char *deep[] = {"fft.n=6", "fft.ips=41", NULL};
  const char *deeper[] = {"fft.n=6", "fft.ips=41", "router.vc_depth=4096", NULL};
  struct fcsim_fft_result s, d, e;
  run("table-3.5.ini", shallow, &s);
  run("table-3.5.ini", deep, &d);
  run("table-3.5.ini", deeper, &e);
  check_delivered(&s);
  check_delivered(&d);
  assert_true(s.has_va_stalls && d.has_va_stalls);
  assert_true(s.va_stall_cycles > 10000);
  assert_int_equal(d.va_stall_cycles, 0);
  assert_true(d.ph.z_end_cycles < 0.85 * s.ph.z_end_cycles);
  assert_int_equal(e.ph.z_end_cycles, d.ph.z_end_cycles);
  assert_int_equal(e.va_stall_cycles, 0);
  /* routers without VOQs report no VA stalls */
  const char *ring[] = {"fft.n=4", "fft.ips=75", "router.model=ring", NULL};
  run("table-3.5.ini", ring, &s);
  assert_false(s.has_va_stalls);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_16_on_4),
      cmocka_unit_test(test_zero_contention_equals_network_part),
      cmocka_unit_test(test_jitter_and_drift),
      cmocka_unit_test(test_lanes_deskew_table_3_5),
      cmocka_unit_test(test_classic_router),
      cmocka_unit_test(test_voq_and_ring_routers),
      cmocka_unit_test(test_packet_release),
      cmocka_unit_test(test_consume_streaming),
      cmocka_unit_test(test_table_routing),
      cmocka_unit_test(test_wide_mapping_32_on_8),
      cmocka_unit_test(test_voq_inject_packet),
      cmocka_unit_test(test_voq_depth_stalls),
      cmocka_unit_test(test_cli),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
