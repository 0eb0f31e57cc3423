/* SPDX-License-Identifier: BSD-3-Clause */
/* Link protocols on the links of a network (link.protocol = tnw; docs/LINKS.md
 * "Protocols on the links of a network"): every link gets two TNW adapters
 * (link/proto/tnw/tnw_adapter.c, link/proto/proto_links.c).
 *  - zero load: one single-flit packet costs, per protocol link, the two
 *    local hops to and from the adapters plus the serialisation of a whole
 *    TNW packet beyond the flit's one cycle, computed from the framing below;
 *  - at a high BER every flit arrives exactly once (none lost, none
 *    duplicated, no packet out of sequence), retransmissions are reported
 *    and > 0, and the run is the same on 1 and 2 partitions;
 *  - a netlist puts one link on tnw (`protocol=`) under table routing;
 *  - `fc` (Mondigo's flow controller) on a mesh of one-VC routers: the
 *    zero-load cost from its rules (force send after D_CU cycles, a header
 *    cycle, 4 cycles of write-forward) and exactly-once delivery;
 *  - bad input exits 2 with one message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "test_support.h"

#define TNW_HEADER_BYTES 4
#define TNW_CRC_BYTES    4
#define LOCAL_CYCLES     1 /* router <-> adapter (FCSIM_ADAPTER_LOCAL_CYCLES) */

/* Cycles one protocol link adds to a lone one-flit packet: a local hop into
 * the adapter, the packet's wire bytes (header + padded payload + CRC) at
 * the line's bytes per cycle, of which the ideal link already spends one
 * cycle on the flit, and a local hop out of the far adapter. */
static int added_cycles(int payload_bytes, int line_bytes_per_cycle)
{
  int wire = TNW_HEADER_BYTES + payload_bytes + TNW_CRC_BYTES;
  int ser = (wire + line_bytes_per_cycle - 1) / line_bytes_per_cycle;
  return 2 * LOCAL_CYCLES + ser - 1;
}

static const struct fcsim_stats *run(const char *const *sets, struct fcsim_sim **sim)
{
  assert_int_equal(ts_sim_run(sets, sim), 0);
  return fcsim_sim_stats(*sim);
}

/* The run's "metrics" object (fcsim_sim_json), where the adapters write
 * their own figures (fc_link_up_cycle, fc_model, tnw_model); json_decref it. */
static json_t *run_metrics(const struct fcsim_sim *sim)
{
  struct fcsim_error err = {0};
  char *text = fcsim_sim_json(sim, 0, &err);
  if (!text)
    fail_msg("%s", err.msg);
  json_t *doc = json_loads(text, 0, NULL);
  fcsim_free(text);
  assert_non_null(doc);
  json_t *m = json_incref(json_object_get(doc, "metrics"));
  json_decref(doc);
  assert_non_null(m);
  return m;
}

/* A number of the run's "metrics" by name (fcsim_sim_metric): what the
 * adapters write (link_directions). */
static double run_metric(const struct fcsim_sim *sim, const char *name)
{
  double v = -1;
  assert_int_equal(fcsim_sim_metric(sim, name, &v), 0);
  return v;
}

/* The line directions on `protocol` (metrics.protocol_links, --links). */
static int protocol_directions(const struct fcsim_sim *sim, const char *protocol)
{
  struct fcsim_error err = {0};
  char *text = fcsim_sim_json(sim, FCSIM_JSON_LINKS, &err);
  if (!text)
    fail_msg("%s", err.msg);
  json_t *doc = json_loads(text, 0, NULL);
  fcsim_free(text);
  json_t *dirs = json_object_get(json_object_get(doc, "metrics"), "protocol_links"), *d;
  size_t i;
  int n = 0;
  json_array_foreach(dirs, i, d) n += !strcmp(json_string_value(json_object_get(d, "protocol")), protocol);
  json_decref(doc);
  return n;
}

/* A counter the protocol adapters keep in their state (fcsim_sim_model_metric). */
static uint64_t model_metric(const struct fcsim_sim *sim, const char *name)
{
  uint64_t v = 0;
  assert_int_equal(fcsim_sim_model_metric(sim, name, &v), 0);
  return v;
}

/* The makespan of a run of one message over two hops. */
static double two_hop_makespan(const char *const *sets)
{
  struct fcsim_sim *sim = NULL;
  const struct fcsim_stats *s = run(sets, &sim);
  assert_int_equal(s->nmessages, 1);
  assert_true(s->avg_hops == 2.0);
  double makespan = s->makespan;
  fcsim_sim_destroy(sim);
  return makespan;
}

/* One 16-byte message from node 0 to node 2 of a ring of 4 (two hops). */
static double trace_latency(const char *trace_set, const char *protocol, const char *payload, const char *bandwidth)
{
  const char *sets[] = {"network.dims=4",
                        "router.model=classic",
                        "traffic.mode=trace",
                        trace_set,
                        "traffic.packet_size=1",
                        protocol,
                        payload,
                        bandwidth,
                        NULL};
  return two_hop_makespan(sets);
}

static void test_zero_load(void **state)
{
  (void)state;
  char *csv = ts_write_temp("id,src,dst,bytes,start,after,delay\n1,0,2,16,0,,\n", ".csv");
  char trace[512];
  snprintf(trace, sizeof trace, "traffic.trace=%s", csv);
  static const struct {
    const char *payload, *bandwidth;
    int payload_bytes, line_bytes;
  } cases[] = {
      {"link.tnw_payload=128", "network.link_bandwidth=1", 128, 16}, /* 136 B in 9 cycles: +10 a link */
      {"link.tnw_payload=64", "network.link_bandwidth=1", 64, 16},   /* 72 B in 5 cycles: +6 */
      {"link.tnw_payload=128", "network.link_bandwidth=2", 128, 32}, /* 136 B in 5 cycles: +6 */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double ideal = trace_latency(trace, "link.protocol=ideal", cases[i].payload, cases[i].bandwidth);
    double tnw = trace_latency(trace, "link.protocol=tnw", cases[i].payload, cases[i].bandwidth);
    double want = ideal + 2 * added_cycles(cases[i].payload_bytes, cases[i].line_bytes);
    if (tnw != want)
      fail_msg("%s %s: ideal %.0f, tnw %.0f, expected %.0f", cases[i].payload, cases[i].bandwidth, ideal, tnw, want);
  }
  unlink(csv);
  free(csv);
}

/* A batch at a high BER: everything arrives once; errors are resent. */
/* every_link: every link is on tnw, so every flit crosses at least one */
static void check_exactly_once(const struct fcsim_sim *sim, const struct fcsim_stats *s, uint64_t packets, uint64_t flits_per_packet, int every_link)
{
  assert_int_equal(s->packets_delivered, packets);
  assert_int_equal(s->flits_injected_total, packets * flits_per_packet);
  assert_int_equal(s->flits_delivered_total, packets * flits_per_packet);
  assert_int_equal(s->flits_in_network, 0);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(model_metric(sim, "link_order_errors"), 0);
  assert_false(s->deadlock);
  assert_true(model_metric(sim, "retransmissions") > 0);
  assert_true(model_metric(sim, "link_errors_detected") > 0);
  assert_true(model_metric(sim, "link_errors_detected") <= model_metric(sim, "link_errors_injected"));
  assert_true(model_metric(sim, "link_payload_bytes") >= (every_link ? packets * flits_per_packet * 16 : 1));
  assert_true(model_metric(sim, "link_wire_bytes") > model_metric(sim, "link_payload_bytes"));
}

static void test_high_ber_torus(void **state)
{
  (void)state;
  const char *one[] = {"network.dims=2x2x2",    "router.model=classic", "link.protocol=tnw",
                       "link.ber=1e-4",         "traffic.mode=batch",   "traffic.batch_packets=100",
                       "traffic.packet_size=4", "sim.threads=1",        NULL};
  struct fcsim_sim *a = NULL, *b = NULL;
  const struct fcsim_stats *s = run(one, &a);
  assert_true(run_metric(a, "link_directions") == 8 * 6); /* every channel: with k = 2 the + and - links are two links */
  check_exactly_once(a, s, 8 * 100, 4, 1);
  const char *two[] = {"network.dims=2x2x2",    "router.model=classic", "link.protocol=tnw",
                       "link.ber=1e-4",         "traffic.mode=batch",   "traffic.batch_packets=100",
                       "traffic.packet_size=4", "sim.threads=2",        NULL};
  run(two, &b);
  char *ja = ts_sim_json(a, 0), *jb = ts_sim_json(b, 0);
  assert_string_equal(ja, jb);
  free(ja);
  free(jb);
  fcsim_sim_destroy(a);
  fcsim_sim_destroy(b);
}

/* Four router VCs on four TNW VCs, a ring of 4, a BER that corrupts most
 * full packets (1 - (1 - 1e-3)^1088 = 66 %). */
static void test_high_ber_ring_vcs(void **state)
{
  (void)state;
  const char *sets[] = {"network.dims=4",           "router.model=classic",  "router.vcs=4",
                        "link.protocol=tnw",        "link.ber=1e-3",         "traffic.mode=batch",
                        "traffic.batch_packets=60", "traffic.packet_size=3", NULL};
  struct fcsim_sim *sim = NULL;
  const struct fcsim_stats *s = run(sets, &sim);
  assert_true(run_metric(sim, "link_directions") == 8);
  check_exactly_once(sim, s, 4 * 60, 3, 1);
  fcsim_sim_destroy(sim);
}

/* A netlist ring of three with one link on tnw, table routing. */
static void test_netlist_link(void **state)
{
  (void)state;
  char *nl = ts_write_temp("node a ports=2\nnode b ports=2\nnode c ports=2\n"
                           "link a:0 b:1 protocol=tnw latency=20\nlink b:0 c:1\nlink c:0 a:1 protocol=ideal\n",
                           ".txt");
  char file[512];
  snprintf(file, sizeof file, "network.file=%s", nl);
  const char *sets[] = {"network.topology=file",
                        file,
                        "routing.algorithm=table",
                        "router.model=classic",
                        "link.ber=1e-4",
                        "traffic.mode=batch",
                        "traffic.batch_packets=50",
                        "traffic.packet_size=4",
                        NULL};
  struct fcsim_sim *sim = NULL;
  const struct fcsim_stats *s = run(sets, &sim);
  assert_true(run_metric(sim, "link_directions") == 2);
  check_exactly_once(sim, s, 3 * 50, 4, 0);
  fcsim_sim_destroy(sim);
  unlink(nl);
  free(nl);
}

/* One 16-byte message over two fc links of a 4-node mesh, sent after the
 * links are up: a link adds the local hops (2 x 1), the force send of the
 * lone flit D_CU cycles after it was written, its header's cycle and the RX
 * write-forward (4). */
static void test_fc_zero_load(void **state)
{
  (void)state;
  char *csv = ts_write_temp("id,src,dst,bytes,start,after,delay\n1,0,2,16,300,,\n", ".csv");
  char trace[512];
  snprintf(trace, sizeof trace, "traffic.trace=%s", csv);
  static const struct {
    const char *set;
    int d_cu;
  } cases[] = {{"link.fc_d_cu=32", 32}, {"link.fc_d_cu=8", 8}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double lat[2];
    const char *protos[] = {"link.protocol=ideal", "link.protocol=fc"};
    for (int k = 0; k < 2; k++) {
      const char *sets[] = {"network.topology=mesh",
                            "network.dims=4",
                            "router.model=classic",
                            "router.vcs=1",
                            "traffic.mode=trace",
                            trace,
                            "traffic.packet_size=1",
                            protos[k],
                            cases[i].set,
                            NULL};
      struct fcsim_sim *sim = NULL;
      lat[k] = run(sets, &sim)->makespan;
      fcsim_sim_destroy(sim);
    }
    double want = lat[0] + 2 * (2 * LOCAL_CYCLES + cases[i].d_cu + 1 + 4);
    if (lat[1] != want)
      fail_msg("%s: ideal %.0f, fc %.0f, expected %.0f", cases[i].set, lat[0], lat[1], want);
  }
  unlink(csv);
  free(csv);
}

/* A batch over fc links: every flit once, nothing left, no overflow. */
static void test_fc_batch(void **state)
{
  (void)state;
  const char *sets[] = {"network.topology=mesh", "network.dims=4x4",
                        "router.model=classic",  "router.vcs=1",
                        "link.protocol=fc",      "link.fc_d_cu=16",
                        "traffic.mode=batch",    "traffic.batch_packets=50",
                        "traffic.packet_size=4", NULL};
  struct fcsim_sim *sim = NULL;
  const struct fcsim_stats *s = run(sets, &sim);
  assert_true(run_metric(sim, "link_directions") == 2 * 24);
  assert_int_equal(s->packets_delivered, 16 * 50);
  assert_int_equal(s->flits_delivered_total, 16 * 50 * 4);
  assert_int_equal(s->flits_injected_total, 16 * 50 * 4);
  assert_int_equal(s->flits_in_network, 0);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(model_metric(sim, "link_order_errors"), 0);
  uint64_t resent = 7; /* fc resends nothing: no fc adapter keeps the counter */
  assert_int_equal(fcsim_sim_model_metric(sim, "retransmissions", &resent), FCSIM_EINVAL);
  assert_int_equal(resent, 0);
  const uint64_t payload_bytes = model_metric(sim, "link_payload_bytes");
  assert_true(payload_bytes > 0 && model_metric(sim, "link_wire_bytes") > payload_bytes);
  assert_int_equal(protocol_directions(sim, "fc"), 2 * 24);
  assert_true(model_metric(sim, "fc_rx_peak_flits") > 0);
  fcsim_sim_destroy(sim);
}

/* The sync after reset: a lone flit written before the link is up leaves
 * D_CU + 1 cycles after it (force send, then its header's cycle); the
 * links are up at the line's latency. An RX FIFO of D_CU flits (below Eq.
 * 2.4) makes ready packets wait for credits; the statistics are the same
 * on 1 and 2 partitions. */
static void test_fc_sync_and_stats(void **state)
{
  (void)state;
  char *csv = ts_write_temp("id,src,dst,bytes,start,after,delay\n1,0,1,16,0,,\n", ".csv");
  char trace[512];
  snprintf(trace, sizeof trace, "traffic.trace=%s", csv);
  const char *one[] = {"network.topology=mesh",
                       "network.dims=2",
                       "router.model=classic",
                       "router.vcs=1",
                       "traffic.mode=trace",
                       trace,
                       "traffic.packet_size=1",
                       "link.protocol=fc",
                       "link.fc_d_cu=8",
                       "network.link_latency=20",
                       NULL};
  struct fcsim_sim *sim = NULL;
  const struct fcsim_stats *s = run(one, &sim);
  assert_int_equal(protocol_directions(sim, "fc"), 2);
  json_t *m = run_metrics(sim);
  assert_true(ts_json_number(m, "fc_link_up_cycle", NULL) == 20);
  assert_true(ts_json_number(m, "fc_first_data_cycle", NULL) == 20 + 8 + 1);
  assert_int_equal(model_metric(sim, "fc_rx_peak_flits"), 1);
  /* the fc model beside the run (Eqs. 2.2-2.4): D_link = latency + D_CU +
   * write-forward, RX must exceed 2 D_link + D_CU (the auto depth is one
   * more), and the ceiling is a flit per cycle less one header in D_CU + 1 */
  assert_true(ts_json_number(m, "fc_model", "line_cycles") == 20);
  assert_true(ts_json_number(m, "fc_model", "d_link_cycles") == 20 + 8 + 4);
  assert_true(ts_json_number(m, "fc_model", "rx_depth_min_flits") == 2 * 32 + 8);
  assert_true(ts_json_number(m, "fc_model", "rx_depth_flits") == 2 * 32 + 8 + 1);
  assert_true(fabs(ts_json_number(m, "fc_model", "payload_bytes_per_cycle") - 16.0 * 8 / 9) < 1e-8); /* 10 digits */
  json_decref(m);
  fcsim_sim_destroy(sim);
  unlink(csv);
  free(csv);
  const char *base[] = {"network.dims=4x4",
                        "router.model=classic",
                        "link.protocol=fc",
                        "link.fc_d_cu=16",
                        "link.fc_rx_depth=16",
                        "traffic.mode=batch",
                        "traffic.batch_packets=60",
                        "traffic.packet_size=4",
                        "sim.threads=1",
                        NULL};
  struct fcsim_sim *a = NULL, *b = NULL;
  s = run(base, &a);
  assert_int_equal(s->packets_delivered, 16 * 60);
  assert_int_equal(s->flits_in_network, 0);
  assert_int_equal(model_metric(a, "link_order_errors"), 0);
  assert_true(model_metric(a, "fc_credit_stall_cycles") > 0);
  m = run_metrics(a); /* below Eq. 2.4: the stalls above */
  assert_true(ts_json_number(m, "fc_model", "rx_depth_flits") < ts_json_number(m, "fc_model", "rx_depth_min_flits"));
  json_decref(m);
  assert_true(model_metric(a, "fc_rx_peak_flits") > 0 && model_metric(a, "fc_rx_peak_flits") <= 16);
  base[8] = "sim.threads=2";
  run(base, &b);
  char *ja = ts_sim_json(a, 0), *jb = ts_sim_json(b, 0);
  assert_string_equal(ja, jb);
  assert_non_null(strstr(ja, "\"fc_credit_stall_cycles\""));
  free(ja);
  free(jb);
  fcsim_sim_destroy(a);
  fcsim_sim_destroy(b);
}

/* One FC instance per router VC, on tori of 2-VC routers on fc links.
 * Zero load (5x5): a lone flit pays the fc per-link cost on every link, on
 * VC 0 (0 -> 2) and across the dateline (3 -> 4 -> 0 over the wrap link:
 * VC 1 after it); a batch of tornado traffic on a 4x4 torus (every packet
 * over a wrap link, so on both VCs) delivers every flit exactly once,
 * without deadlock. */
static double fc_torus_makespan(const char *trace, const char *protocol)
{
  const char *sets[] = {"network.dims=5x5",
                        "router.model=classic",
                        "router.vcs=2",
                        "traffic.mode=trace",
                        trace,
                        "traffic.packet_size=1",
                        protocol,
                        "link.fc_d_cu=16",
                        NULL};
  return two_hop_makespan(sets);
}

static void test_fc_torus_vcs(void **state)
{
  (void)state;
  static const char *const traces[] = {"id,src,dst,bytes,start,after,delay\n1,0,2,16,300,,\n",
                                       "id,src,dst,bytes,start,after,delay\n1,3,0,16,300,,\n"};
  for (int i = 0; i < 2; i++) {
    char *csv = ts_write_temp(traces[i], ".csv");
    char trace[512];
    snprintf(trace, sizeof trace, "traffic.trace=%s", csv);
    double ideal = fc_torus_makespan(trace, "link.protocol=ideal");
    double fc = fc_torus_makespan(trace, "link.protocol=fc");
    double want = ideal + 2 * (2 * LOCAL_CYCLES + 16 + 1 + 4);
    if (fc != want)
      fail_msg("trace %d: ideal %.0f, fc %.0f, expected %.0f", i, ideal, fc, want);
    unlink(csv);
    free(csv);
  }
  const char *sets[] = {"network.dims=4x4",
                        "router.model=classic",
                        "router.vcs=2",
                        "link.protocol=fc",
                        "link.fc_d_cu=16",
                        "traffic.mode=batch",
                        "traffic.batch_packets=200",
                        "traffic.packet_size=4",
                        "traffic.pattern=tornado",
                        NULL};
  struct fcsim_sim *sim = NULL;
  const struct fcsim_stats *s = run(sets, &sim);
  assert_true(run_metric(sim, "link_directions") == 2 * 32);
  assert_int_equal(s->packets_delivered, 16 * 200);
  assert_int_equal(s->flits_injected_total, 16 * 200 * 4);
  assert_int_equal(s->flits_delivered_total, 16 * 200 * 4);
  assert_int_equal(s->flits_in_network, 0);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(model_metric(sim, "link_order_errors"), 0);
  assert_false(s->deadlock);
  fcsim_sim_destroy(sim);
}

/* The adapters declare their buffers to the deadlock reporter: a network
 * that deadlocks (no dateline) reports a cycle through them. */
static void test_deadlock_report(void **state)
{
  (void)state;
  static const char *const protos[][3] = {{"link.protocol=fc", "link.fc_d_cu=4", "link.fc_rx_depth=4"},
                                          {"link.protocol=tnw", "link.tnw_rx_packets=1", "link.tnw_payload=16"}};
  static const char *const names[] = {"fc-link ", "tnw-link "};
  for (int i = 0; i < 2; i++) {
    const char *sets[] = {"routing.algorithm=romm",
                          "router.model=classic",
                          "router.dateline=off",
                          "network.link_latency=2",
                          "traffic.rate=1.5",
                          "sim.warmup_cycles=500",
                          "sim.measure_cycles=2000",
                          "sim.drain_cycles=0",
                          "sim.deadlock_cycles=300",
                          protos[i][0],
                          protos[i][1],
                          protos[i][2],
                          NULL};
    struct fcsim_sim *sim = NULL;
    assert_int_equal(ts_sim_run(sets, &sim), FCSIM_EDEADLOCK);
    const char *rep = fcsim_sim_stats(sim)->deadlock_report;
    assert_non_null(rep);
    if (!strstr(rep, "cycle of") || !strstr(rep, names[i]) || !strstr(rep, " TX vc ") || !strstr(rep, " RX vc ") ||
        !strstr(rep, " end of link ") || strchr(rep, '~')) /* adapters named by the user's link */
      fail_msg("%s: %s", protos[i][0], rep);
    fcsim_sim_destroy(sim);
  }
}

/* `fcsim topo` describes a link on a protocol as one link: the routers
 * (not the adapters) as nodes, the line at its rate (1 flit/cycle here, not
 * the field that sizes its channel's ring), and the protocol's cost on the
 * diameter path equal to what it costs a lone flit in a run: on a 4-node
 * line (the diameter path is 0 -> 3), the description's extra cycles over
 * `ideal` are the simulated ones, for fc and for tnw at 1, 2 and 4 flits
 * per cycle. */
static double topo_diameter_cycles(const char *protocol, const char *bandwidth)
{
  const char *args[] = {"topo", "--set", "network.topology=mesh", "--set", "network.dims=4",
                        "--set", "router.model=classic", "--set", "router.vcs=1", "--set",
                        protocol, "--set", bandwidth, NULL};
  json_t *doc = ts_cli_json(args, NULL, NULL);
  assert_non_null(doc);
  double cycles = ts_json_number(doc, "diameter_cycles", NULL);
  double routers = ts_json_number(doc, "nodes", "total");
  double adapters = ts_json_number(doc, "nodes", "adapters");
  assert_true(routers == 4);
  assert_true(adapters == (strcmp(protocol, "link.protocol=ideal") ? 6 : 0));
  json_decref(doc);
  return cycles;
}

static void test_topo_describes_protocol_links(void **state)
{
  (void)state;
  struct ts_result r;
  const char *args[] = {
      "topo", "--set", "network.dims=4", "--set", "router.model=classic", "--set", "link.protocol=tnw", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  if (!strstr(r.out, "4 routers (4 endpoints): 4 classic") ||
      !strstr(r.out, "4 two-way + 0 one-way: 28 cycles = 179.2 ns, 1 flit(s)/cycle, fixed, protocol tnw: +10 cycles"))
    fail_msg("%s", r.out);
  ts_result_free(&r);
  char *csv = ts_write_temp("id,src,dst,bytes,start,after,delay\n1,0,3,16,300,,\n", ".csv");
  char trace[512];
  snprintf(trace, sizeof trace, "traffic.trace=%s", csv);
  static const char *const protos[] = {"link.protocol=fc", "link.protocol=tnw"};
  static const char *const rates[] = {"network.link_bandwidth=1", "network.link_bandwidth=2",
                                      "network.link_bandwidth=4"};
  for (int b = 0; b < 3; b++) {
    double ideal_run = 0, ideal_topo = topo_diameter_cycles("link.protocol=ideal", rates[b]);
    for (int k = -1; k < 2; k++) {
      const char *sets[] = {"network.topology=mesh",
                            "network.dims=4",
                            "router.model=classic",
                            "router.vcs=1",
                            "traffic.mode=trace",
                            trace,
                            "traffic.packet_size=1",
                            k < 0 ? "link.protocol=ideal" : protos[k],
                            rates[b],
                            NULL};
      struct fcsim_sim *sim = NULL;
      double makespan = run(sets, &sim)->makespan;
      fcsim_sim_destroy(sim);
      if (k < 0) {
        ideal_run = makespan;
        continue;
      }
      double described = topo_diameter_cycles(protos[k], rates[b]) - ideal_topo;
      if (described != makespan - ideal_run || described <= 0)
        fail_msg("%s %s: described +%.0f cycles, simulated +%.0f", protos[k], rates[b], described,
                 makespan - ideal_run);
    }
  }
  unlink(csv);
  free(csv);
}

/* Sums a field over metrics.protocol_links (the largest value with max). */
static double over_links(const json_t *links, const char *key, int max)
{
  double acc = 0;
  size_t i;
  json_t *e;
  json_array_foreach(links, i, e)
  {
    double v = json_number_value(json_object_get(e, key));
    acc = max ? (v > acc ? v : acc) : acc + v;
  }
  return acc;
}

/* The per-link `key` adds up (max: its largest value is) the run's `metric`. */
static void expect_total(const json_t *m, const char *key, int max, const char *metric)
{
  double per_link = over_links(json_object_get(m, "protocol_links"), key, max);
  if (per_link != ts_json_number(m, metric, NULL))
    fail_msg("%s over the links: %.0f; %s: %.0f", key, per_link, metric, ts_json_number(m, metric, NULL));
}

static json_t *run_links(const char *const *sets)
{
  const char *args[40] = {"run"};
  int n = 1;
  for (int i = 0; sets[i]; i++) {
    args[n++] = "--set";
    args[n++] = sets[i];
  }
  args[n++] = "--links";
  args[n] = NULL;
  json_t *doc = ts_cli_json(args, NULL, NULL);
  assert_non_null(doc);
  return doc;
}

/* Per-link figures (`--links`: metrics.protocol_links): one entry per line
 * direction named by its routers' ports, adding up to the run's totals;
 * and the linkbw model beside a tnw run: two nodes sending to each other
 * at full rate fill the line, and each direction's payload stays at or
 * under the model's ceiling, with the framing's payload share (128/140,
 * less the credit words the model leaves out). */
static void test_per_link_figures(void **state)
{
  (void)state;
  const char *pair[] = {"network.topology=mesh", "network.dims=2", "router.model=classic", "link.protocol=tnw",
                        "traffic.rate=1", NULL};
  json_t *doc = run_links(pair);
  json_t *m = json_object_get(doc, "metrics"), *links = json_object_get(m, "protocol_links");
  assert_int_equal(json_array_size(links), 2);
  assert_string_equal(json_string_value(json_object_get(json_array_get(links, 0), "from")), "n0:0");
  assert_string_equal(json_string_value(json_object_get(json_array_get(links, 0), "to")), "n1:1");
  double ceiling = ts_json_number(m, "tnw_model", "payload_bytes_per_cycle");
  assert_true(fabs(ceiling - 16.0 * 128 / 140) < 1e-6);
  assert_true(ts_json_number(m, "tnw_model", "line_bytes_per_cycle") == 16.0);
  for (size_t i = 0; i < 2; i++) {
    json_t *e = json_array_get(links, i);
    double per = json_number_value(json_object_get(e, "payload_bytes_per_cycle"));
    double share = json_number_value(json_object_get(e, "payload_bytes")) /
                   json_number_value(json_object_get(e, "wire_bytes"));
    if (per > ceiling || per < 0.95 * ceiling || share > 128.0 / 140 || share < 0.99 * 128 / 140)
      fail_msg("direction %zu: %.3f payload B/cycle (ceiling %.3f), payload share %.4f", i, per, ceiling, share);
  }
  expect_total(m, "payload_bytes", 0, "link_payload_bytes");
  json_decref(doc);

  const char *ber[] = {"network.dims=4", "router.model=classic", "link.protocol=tnw", "link.ber=1e-4",
                       "traffic.mode=batch", "traffic.batch_packets=40", NULL};
  doc = run_links(ber);
  m = json_object_get(doc, "metrics");
  links = json_object_get(m, "protocol_links");
  assert_int_equal(json_array_size(links), 8);
  assert_true(over_links(links, "retransmissions", 0) > 0);
  expect_total(m, "retransmissions", 0, "retransmissions");
  expect_total(m, "errors_injected", 0, "link_errors_injected");
  expect_total(m, "errors_detected", 0, "link_errors_detected");
  expect_total(m, "wire_bytes", 0, "link_wire_bytes");
  json_decref(doc);

  const char *fc[] = {"network.dims=4x4",   "router.model=classic",    "link.protocol=fc",      "link.fc_d_cu=16",
                      "link.fc_rx_depth=16", "traffic.mode=batch", "traffic.batch_packets=60", "traffic.packet_size=4",
                      NULL};
  doc = run_links(fc);
  m = json_object_get(doc, "metrics");
  links = json_object_get(m, "protocol_links");
  assert_int_equal(json_array_size(links), 64);
  assert_true(over_links(links, "credit_stall_cycles", 0) > 0);
  expect_total(m, "credit_stall_cycles", 0, "fc_credit_stall_cycles");
  expect_total(m, "rx_peak_flits", 1, "fc_rx_peak_flits");
  expect_total(m, "payload_bytes", 0, "link_payload_bytes");
  json_decref(doc);
}

static void expect_exit2(const char *set, const char *needle)
{
  struct ts_result r;
  const char *args[] = {
      "run",   "--set", "network.dims=4", "--set", "router.model=classic", "--set", "link.protocol=tnw",
      "--set", set,     "--json",         "/dev/null", "--quiet", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, needle) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
    fail_msg("--set %s: exit %d, stderr: %s", set, r.status, r.err);
  ts_result_free(&r);
}

static void test_bad_input(void **state)
{
  (void)state;
  expect_exit2("link.protocol=tnx", "link.protocol");
  expect_exit2("router.vcs=9", "at most 8 virtual channels");
  expect_exit2("router.model=novog", "per-flit credits");
  expect_exit2("link.ber=1", "link.ber");
  expect_exit2("link.fc_rx_depth=10", "link.fc_rx_depth");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_zero_load),         cmocka_unit_test(test_high_ber_torus),
      cmocka_unit_test(test_high_ber_ring_vcs), cmocka_unit_test(test_netlist_link),
      cmocka_unit_test(test_fc_zero_load),      cmocka_unit_test(test_fc_batch),
      cmocka_unit_test(test_fc_torus_vcs),      cmocka_unit_test(test_fc_sync_and_stats),
      cmocka_unit_test(test_deadlock_report),   cmocka_unit_test(test_topo_describes_protocol_links),
      cmocka_unit_test(test_per_link_figures),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
