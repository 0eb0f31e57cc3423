/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app halo`'s parameters, defaults and results (halo_app.h): the
 * lattice and torus, the LBM cell and compute figures, the TNW link, and
 * the simulated communication time beside the analytic estimate. */
#include "apps/halo/halo_app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "apps/app.h"
#include "chan/framing.h"

enum {
  P_nodes_x,
  P_nodes_y,
  P_nodes_z,
  P_lattice_x,
  P_lattice_y,
  P_lattice_z,
  P_width,
  P_cell,
  P_steps,
  P_compute,
  P_flops_cell,
  P_node_flops,
  P_vcs,
  P_clock,
  P_rate,
  P_lanes,
  P_code,
  P_latency,
  P_window,
  P_rx,
  P_ber,
  P_seed,
  P_max_cycles,
  P_COUNT
};

enum {
  R_complete,
  R_nodes,
  R_face_x,
  R_face_y,
  R_face_z,
  R_comm,
  R_comm_min,
  R_comm_max,
  R_model_comm,
  R_comm_diff,
  R_ceiling,
  R_credit_limit,
  R_link_rate,
  R_compute,
  R_step,
  R_total,
  R_model_total,
  R_send_wait,
  R_cycles,
  R_retrans,
  R_episodes,
  R_err_inj,
  R_err_det,
  R_bytes_exp,
  R_bytes_recv,
  R_order,
  R_mismatch,
  R_COUNT
};

/* in the order of the tables of chan/framing.h */
static const char *const code_choices[] = {"none", "8b10b", "64b66b", "64b67b", "128b130b", NULL};

#define AUTO_INT     (FCSIM_MP_INT | FCSIM_MP_AUTO)
#define NODES_HELP   "nodes of the 3D torus along "
#define LATTICE_HELP "lattice cells per node along "
static const struct fcsim_model_param params[P_COUNT] = {
    [P_nodes_x] = {"nodes_x", FCSIM_MU_COUNT, 2, 1, 16, FCSIM_MP_INT, NULL,
                   NODES_HELP "x (2 x 2 x 4 = the 16 nodes of Pivanti 2010's LBM test)"},
    [P_nodes_y] = {"nodes_y", FCSIM_MU_COUNT, 2, 1, 16, FCSIM_MP_INT, NULL, NODES_HELP "y"},
    [P_nodes_z] = {"nodes_z", FCSIM_MU_COUNT, 4, 1, 16, FCSIM_MP_INT, NULL, NODES_HELP "z"},
    [P_lattice_x] = {"lattice_x", FCSIM_MU_COUNT, 32, 1, 1e6, FCSIM_MP_INT, NULL,
                     LATTICE_HELP "x (32^3 per node: a choice, the seed gives no size)"},
    [P_lattice_y] = {"lattice_y", FCSIM_MU_COUNT, 32, 1, 1e6, FCSIM_MP_INT, NULL, LATTICE_HELP "y"},
    [P_lattice_z] = {"lattice_z", FCSIM_MU_COUNT, 32, 1, 1e6, FCSIM_MP_INT, NULL, LATTICE_HELP "z"},
    [P_width] = {"width", FCSIM_MU_COUNT, 1, 1, 64, FCSIM_MP_INT, NULL,
                 "halo layers per face (1: LBM streaming reaches the nearest cell)"},
    [P_cell] = {"bytes_per_cell", FCSIM_MU_BYTES, 40, 1, 1e6, FCSIM_MP_INT, NULL,
                "halo bytes per cell: 40 = D3Q19 in double precision, the 5 populations that cross a face"},
    [P_steps] = {"steps", FCSIM_MU_COUNT, 10, 1, 1e6, FCSIM_MP_INT, NULL, "time steps"},
    [P_compute] = {"compute", FCSIM_MU_TIME, 0, 0, 10, FCSIM_MP_AUTO, NULL,
                   "computation per step; auto = lattice cells x flops_per_cell / node_flops"},
    [P_flops_cell] = {"flops_per_cell", FCSIM_MU_NONE, 200, 0, 1e9, 0, NULL,
                      "flops per cell update (about 200 for D3Q19 BGK; a choice)"},
    [P_node_flops] = {"node_flops", FCSIM_MU_FLOPS, 60e9, 1, 1e18, 0, NULL,
                      "sustained flop/s per node: 37.5 % of 160 GFlops (Pivanti 2010 s4: 36-39 % of peak)"},
    [P_vcs] = {"vcs", FCSIM_MU_COUNT, 1, 1, 8, FCSIM_MP_INT, NULL,
               "virtual channels each face is split over (8 exist, Pivanti 2010 s2)"},
    [P_clock] = {"clock", FCSIM_MU_FREQ, 250e6, 1e3, 1e12, 0, NULL, "link logic clock (Pivanti 2010 s4: 250 MHz)"},
    [P_rate] = {"rate", FCSIM_MU_BITS_PER_S, 10e9, 1.0, 1e15, 0, NULL, "line rate of a link (Pivanti 2010: 10 Gbit/s)"},
    [P_lanes] = {"lanes", FCSIM_MU_COUNT, 1, 1, 1024, FCSIM_MP_INT, NULL, "lanes bonded into a link"},
    [P_code] = {"code", FCSIM_MU_ENUM, 1, 0, 4, 0, code_choices, "line code (Pivanti 2010: 8b/10b)"},
    [P_latency] = {"latency", FCSIM_MU_TIME, 600e-9, 0, 1.0, 0, NULL,
                   "wire latency per direction (Pivanti 2010 s4: NWP to NWP about 0.6 us); rounded to cycles"},
    [P_window] = {"window", FCSIM_MU_COUNT, 0, 1, 32767, AUTO_INT, NULL,
                  "packets the txBuffer holds unacknowledged; auto = a round trip of packets + 2 (docs/LINKS.md)"},
    [P_rx] = {"rx_packets", FCSIM_MU_COUNT, 16, 1, 1e6, FCSIM_MP_INT, NULL, "reception FIFO per VC, packets"},
    [P_ber] = {"ber", FCSIM_MU_NONE, 0, 0, 1, 0, NULL, "bit error rate of every line, [0, 1)"},
    [P_seed] = {"seed", FCSIM_MU_COUNT, 1, 0, 1e15, FCSIM_MP_INT, NULL, "seed of the bit-error streams"},
    [P_max_cycles] = {"max_cycles", FCSIM_MU_CYCLES, 1e9, 1, 1e12, FCSIM_MP_INT, NULL,
                      "give up after this many cycles"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_complete] = {"complete", FCSIM_MU_COUNT, "1 if every node finished every step"},
    [R_nodes] = {"nodes", FCSIM_MU_COUNT, "nodes of the torus"},
    [R_face_x] = {"face_bytes_x", FCSIM_MU_BYTES, "one halo face normal to x (lattice_y x lattice_z x width x bytes)"},
    [R_face_y] = {"face_bytes_y", FCSIM_MU_BYTES, "normal to y"},
    [R_face_z] = {"face_bytes_z", FCSIM_MU_BYTES, "normal to z"},
    [R_comm] =
        {"halo_comm_ns_per_step", FCSIM_MU_NONE,
         "ns from posting the six receives and sends to the last halo byte received, averaged over nodes and steps"},
    [R_comm_min] = {"halo_comm_ns_min", FCSIM_MU_NONE, "the shortest, ns"},
    [R_comm_max] = {"halo_comm_ns_max", FCSIM_MU_NONE, "the longest, ns"},
    [R_model_comm] = {"model_halo_comm_ns", FCSIM_MU_NONE,
                      "analytic, ns: largest face / min(link_ceiling, credit_limit) + latency (six links in parallel)"},
    [R_comm_diff] = {"halo_comm_vs_model", FCSIM_MU_RATIO, "halo_comm_ns_per_step / model_halo_comm_ns - 1"},
    [R_ceiling] = {"link_ceiling", FCSIM_MU_BYTES_PER_S,
                   "TNW payload ceiling per direction: line payload rate x 128 / (128 + 4 + 4 + 4 ACK)"},
    [R_credit_limit] =
        {"credit_limit", FCSIM_MU_BYTES_PER_S,
         "vcs x rx_packets x 128 B per credit round trip (2 x latency + 1.5 packets + 1 word): the rate a "
         "VC's reception FIFO allows; above link_ceiling it does not bind"},
    [R_link_rate] = {"halo_link_throughput", FCSIM_MU_BYTES_PER_S, "largest face / halo_comm_ns_per_step"},
    [R_compute] = {"compute_ns_per_step", FCSIM_MU_NONE, "computation per step, ns (the `compute` used)"},
    [R_step] = {"step_ns", FCSIM_MU_NONE, "one step, start to next start, averaged, ns"},
    [R_total] = {"total_ns", FCSIM_MU_NONE, "all steps, ns: cycle 0 to the last node's last acknowledgement"},
    [R_model_total] = {"model_total_ns", FCSIM_MU_NONE, "steps x (model_halo_comm_ns + compute), ns"},
    [R_send_wait] = {"send_wait_ns", FCSIM_MU_NONE,
                     "ns nodes waited after computing for their sends' acknowledgements, summed"},
    [R_cycles] = {"cycles", FCSIM_MU_CYCLES, "total_ns in cycles of `clock`"},
    [R_retrans] = {"retransmissions", FCSIM_MU_COUNT, "packets sent again (go-back-N), all links"},
    [R_episodes] = {"resend_episodes", FCSIM_MU_COUNT, "NACKs acted on, all links"},
    [R_err_inj] = {"errors_injected", FCSIM_MU_COUNT, "data packets sent corrupted"},
    [R_err_det] = {"errors_detected", FCSIM_MU_COUNT, "bad CRCs found (others hit packets already being discarded)"},
    [R_bytes_exp] = {"halo_bytes_expected", FCSIM_MU_BYTES, "halo bytes all receives posted, all steps"},
    [R_bytes_recv] = {"halo_bytes_received", FCSIM_MU_BYTES, "halo bytes moved to the applications"},
    [R_order] = {"order_errors", FCSIM_MU_COUNT, "packets out of order, duplicated or overflowing a FIFO (must be 0)"},
    [R_mismatch] = {"links_bytes_mismatch", FCSIM_MU_COUNT,
                    "link modules whose received bytes differ from what was posted (must be 0)"},
};

/* The TNW payload ceiling per direction with both directions busy. */
static double ceiling_Bps(const struct fcsim_halo_cfg *c, double clock_hz)
{
  const struct fcsim_tnw_cfg *t = &c->tnw;
  double per = (double)t->payload_bytes / (double)(fcsim_tnw_packet_bytes(t) + t->ctrl_bytes);
  return c->line_bytes_per_cycle * clock_hz * per;
}

int fcsim_halo_app_resolve(double *p, struct fcsim_halo_cfg *c, struct fcsim_error *err)
{
  if (p[P_ber] >= 1.0)
    return fcsim_error_set(err, FCSIM_ERANGE, "parameter `ber` = %g is outside [0, 1)", p[P_ber]);
  double cells = p[P_lattice_x] * p[P_lattice_y] * p[P_lattice_z];
  if (isnan(p[P_compute]))
    p[P_compute] = cells * p[P_flops_cell] / p[P_node_flops];
  int64_t lat = (int64_t)llround(p[P_latency] * p[P_clock]);
  double line =
      p[P_rate] * p[P_lanes] * fcsim_line_code_efficiency(&fcsim_line_codes[(int)p[P_code]]) / 8.0 / p[P_clock];
  *c = (struct fcsim_halo_cfg){
      .nodes = {(int)p[P_nodes_x], (int)p[P_nodes_y], (int)p[P_nodes_z]},
      .lattice = {(int64_t)p[P_lattice_x], (int64_t)p[P_lattice_y], (int64_t)p[P_lattice_z]},
      .halo_width = (int64_t)p[P_width],
      .bytes_per_cell = (int64_t)p[P_cell],
      .vcs = (int)p[P_vcs],
      .steps = (int)p[P_steps],
      .compute_cycles = (int64_t)llround(p[P_compute] * p[P_clock]),
      .line_bytes_per_cycle = line,
      .latency_cycles = lat < 1 ? 1 : lat,
      .tnw = {.vcs = FCSIM_TNW_MAX_VCS,
              .payload_bytes = 128,
              .header_bytes = FCSIM_TNW_HEADER_BYTES,
              .crc_bytes = FCSIM_TNW_CRC_BYTES,
              .ctrl_bytes = FCSIM_TNW_CTRL_BYTES,
              .rx_vc_packets = (int)p[P_rx],
              .ber = p[P_ber],
              .seed = (uint64_t)p[P_seed]},
      .max_cycles = (int64_t)p[P_max_cycles],
  };
  if (isnan(p[P_window]))
    p[P_window] = fcsim_tnw_default_window(c->latency_cycles, fcsim_tnw_packet_bytes(&c->tnw) / line);
  c->tnw.window = (int)p[P_window];
  return fcsim_halo_check(c, err);
}

/* The rate the face's VCs' reception FIFOs allow: rx_packets packets each per credit
 * round trip, i.e. two latencies, the packet's own wire time, on average
 * half a packet for the ACK carrying the credit to get the line, and that
 * word. */
static double credit_limit_Bps(const struct fcsim_halo_cfg *c, double clock_hz)
{
  const struct fcsim_tnw_cfg *t = &c->tnw;
  double pkt = fcsim_tnw_packet_bytes(t) / c->line_bytes_per_cycle, word = t->ctrl_bytes / c->line_bytes_per_cycle;
  double rtt = 2.0 * (double)c->latency_cycles + 1.5 * pkt + word;
  return (double)c->vcs * t->rx_vc_packets * t->payload_bytes / rtt * clock_hz;
}

static void fill_results(const double *p, const struct fcsim_halo_cfg *c, const struct fcsim_halo_result *s, double *r)
{
  double ns = 1e9 / p[P_clock];
  int64_t face = 0;
  for (int k = 0; k < 3; k++)
    if (s->face_bytes[k] > face)
      face = s->face_bytes[k];
  double ceiling = ceiling_Bps(c, p[P_clock]), credit = credit_limit_Bps(c, p[P_clock]);
  double rate = credit < ceiling ? credit : ceiling;
  double model = (double)face / rate * 1e9 + (double)c->latency_cycles * ns;
  for (int i = 0; i < R_COUNT; i++)
    r[i] = NAN;
  r[R_complete] = s->complete;
  r[R_nodes] = c->nodes[0] * c->nodes[1] * c->nodes[2];
  r[R_face_x] = (double)s->face_bytes[0];
  r[R_face_y] = (double)s->face_bytes[1];
  r[R_face_z] = (double)s->face_bytes[2];
  r[R_comm] = s->comm_cycles_avg * ns;
  r[R_comm_min] = s->comm_cycles_min < 0 ? NAN : (double)s->comm_cycles_min * ns;
  r[R_comm_max] = (double)s->comm_cycles_max * ns;
  r[R_model_comm] = model;
  r[R_comm_diff] = s->comm_cycles_avg * ns / model - 1.0;
  r[R_ceiling] = ceiling;
  r[R_credit_limit] = credit;
  r[R_link_rate] = s->comm_cycles_avg > 0 ? (double)face / (s->comm_cycles_avg * ns * 1e-9) : NAN;
  r[R_compute] = (double)c->compute_cycles * ns;
  r[R_step] = s->step_cycles_avg * ns;
  r[R_total] = (double)s->cycles * ns;
  r[R_model_total] = c->steps * (model + (double)c->compute_cycles * ns);
  r[R_send_wait] = (double)s->send_wait_cycles * ns;
  r[R_cycles] = (double)s->cycles;
  r[R_retrans] = (double)s->tnw.retransmissions;
  r[R_episodes] = (double)s->tnw.resend_episodes;
  r[R_err_inj] = (double)s->tnw.errors_injected;
  r[R_err_det] = (double)s->tnw.errors_detected;
  r[R_bytes_exp] = (double)s->bytes_expected;
  r[R_bytes_recv] = (double)s->bytes_received;
  r[R_order] = (double)s->order_errors;
  r[R_mismatch] = (double)s->module_bytes_mismatch;
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  struct fcsim_halo_cfg c;
  int rc = fcsim_halo_app_resolve(p, &c, err);
  if (rc)
    return rc;
  struct fcsim_halo_result s;
  if ((rc = fcsim_halo_sim(&c, &s, err)))
    return rc;
  fill_results(p, &c, &s, r);
  return 0;
}

const struct fcsim_model_ops fcsim_halo_app = {
    .name = "halo",
    .summary = "LBM halo exchange on a 3D torus of TNW links through the two-sided API (Pivanti 2010)",
    .source = "Pivanti 2010 s1-4 (TNW links, tnwSend/tnwCredit, the LBM use case); docs/LINKS.md",
    .notes = "Each step every node posts six receives and sends its six face halos to its neighbours, waits "
             "for the receives, then computes. Times are simulated cycle by cycle; the model_* results are "
             "the analytic estimate for the same parameters.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = NULL,
    .n_presets = 0,
    .compute = compute,
};

/* `fcsim app halo`: the app's row of the registry (apps/app.h), a table app
 * run by the command line's table runner; CONFIG's [halo] section holds the
 * same keys as --set, which may be written halo.KEY or link.KEY. The title
 * reads the table's first six entries: nodes x, y, z, lattice x, y, z. */
static void halo_title(const double *v)
{
  printf("fcsim app halo: %gx%gx%g torus of TNW links, %gx%gx%g cells per node\n", v[0], v[1], v[2], v[3], v[4], v[5]);
}

static const struct fcsim_app_table halo_table = {&fcsim_halo_app, "link", halo_title};

const struct fcsim_app_ops fcsim_app_halo = {
    .name = "halo",
    .summary = "LBM halo exchange on a 3D torus of TNW links: communication time per step, retransmissions",
    .synopsis = "[CONFIG] [OPTIONS]",
    .text = "The LBM halo exchange on a 3D torus of TNW links, with the analytic estimate beside the simulated\n"
            "communication time. CONFIG's [halo] section holds the same keys as --set.",
    .examples = "fcsim app halo examples/links/halo.ini",
    .table = &halo_table,
};
