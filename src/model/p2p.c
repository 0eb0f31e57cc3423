/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `p2p`: transfer time and effective bandwidth of one FPGA-to-FPGA
 * message over a direct link or an Ethernet leaf-spine network, and of a
 * stream passed around a ring of n FPGAs (seed 001 ch. 4, Eqs. 4.2-4.7,
 * Table 4.2, s4.3.3 / Fig. 4.9).
 *
 * A transfer costs a propagation latency T_L plus m/B. T_L is the node
 * latency t_N plus one t_PL per physical link plus one t_S per switch hop:
 * direct = 1 link; intra-leaf = 2 links, 1 switch; inter-leaf = 4 links,
 * 3 switches. Around a ring the latencies add up hop by hop while the stream
 * itself is pipelined, so T = sum(T_L) + m/B. On a leaf-spine of radix k a
 * ring of n <= k FPGAs stays on one switch (n intra-leaf hops); beyond that
 * each of the a = ceil(2n/k) leaves holds k/2 FPGAs, and the ring makes
 * n - a intra-leaf hops and a inter-leaf hops. */
#include <math.h>

#include "model/model.h"

enum { P_m, P_B, P_t_N, P_t_PL, P_t_S, P_network, P_n, P_k, P_COUNT };
enum {
  R_T_L,
  R_time,
  R_B_eff,
  R_eff,
  R_inter_T_L,
  R_inter_time,
  R_inter_B_eff,
  R_leaves,
  R_spines,
  R_intra_hops,
  R_inter_hops,
  R_ring_T_L,
  R_ring_time,
  R_ring_B_eff,
  R_COUNT
};

static const char *const network_choices[] = {"direct", "switched", NULL};
enum { NET_DIRECT, NET_SWITCHED };

static const struct fcsim_model_param params[P_COUNT] = {
    [P_m] = {"m", FCSIM_MU_BYTES, 1048576, 0, 1e18, 0, NULL, "message (payload) size"},
    [P_B] = {"B", FCSIM_MU_BYTES_PER_S, 4.29e9, 1.0, 1e15, 0, NULL,
             "network bandwidth (the seed uses the measured large-message bandwidth)"},
    [P_t_N] = {"t_N", FCSIM_MU_TIME, 0.245e-6, 0, 1.0, 0, NULL, "node (start-up) latency"},
    [P_t_PL] = {"t_PL", FCSIM_MU_TIME, 0.354e-6, 0, 1.0, 0, NULL, "physical link latency"},
    [P_t_S] = {"t_S", FCSIM_MU_TIME, 0, 0, 1.0, 0, NULL, "average switching latency (switched only)"},
    [P_network] = {"network", FCSIM_MU_ENUM, NET_DIRECT, 0, 1, 0, network_choices,
                   "direct point-to-point links, or a switched leaf-spine network"},
    [P_n] = {"n", FCSIM_MU_COUNT, 2, 1, 1e9, 0, NULL, "FPGAs in the ring of the scaling study"},
    [P_k] = {"k", FCSIM_MU_COUNT, 64, 2, 1e6, 0, NULL, "switch radix (ports) of the leaf-spine"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_T_L] = {"T_L_s", FCSIM_MU_TIME, "propagation latency of one hop (direct, or intra-leaf)"},
    [R_time] = {"time_s", FCSIM_MU_TIME, "T_L + m/B, Eq. 4.2 (direct) or 4.3 (intra-leaf)"},
    [R_B_eff] = {"B_effective", FCSIM_MU_BYTES_PER_S, "m/time, Eq. 4.7"},
    [R_eff] = {"bandwidth_efficiency", FCSIM_MU_RATIO, "B_effective / B"},
    [R_inter_T_L] = {"inter_leaf_T_L_s", FCSIM_MU_TIME, "T_L through the spine (switched only)"},
    [R_inter_time] = {"inter_leaf_time_s", FCSIM_MU_TIME, "Eq. 4.5 (switched only)"},
    [R_inter_B_eff] = {"inter_leaf_B_effective", FCSIM_MU_BYTES_PER_S, "Eq. 4.7 through the spine"},
    [R_leaves] = {"ring_leaves", FCSIM_MU_COUNT, "leaf switches a used by the ring (switched only)"},
    [R_spines] = {"ring_spines", FCSIM_MU_COUNT, "spine switches b = a/2 (switched, n > k)"},
    [R_intra_hops] = {"ring_intra_hops", FCSIM_MU_COUNT, "FPGA-to-FPGA hops inside a leaf (or direct hops)"},
    [R_inter_hops] = {"ring_inter_hops", FCSIM_MU_COUNT, "hops through the spine"},
    [R_ring_T_L] = {"ring_T_L_s", FCSIM_MU_TIME, "accumulated latency around the ring"},
    [R_ring_time] = {"ring_time_s", FCSIM_MU_TIME, "ring_T_L + m/B (Fig. 4.9c-e)"},
    [R_ring_B_eff] = {"ring_B_effective", FCSIM_MU_BYTES_PER_S, "m / ring_time"},
};

static const char *const sl3_set[] = {
    "network=direct", "B=4.29GB/s", "t_N=0.245us", "t_PL=0.354us", "t_S=0", NULL,
};
static const char *const e40g_set[] = {
    "network=direct", "B=4.41GB/s", "t_N=0.336us", "t_PL=0.496us", "t_S=0", NULL,
};
static const char *const e40g_sw_set[] = {
    "network=switched", "B=4.41GB/s", "t_N=0.336us", "t_PL=0.496us", "t_S=0.318us", "k=64", NULL,
};

static const struct fcsim_model_preset presets[] = {
    {"sl3", "Table 4.2 case (1): point-to-point Serial Lite III, measured 4.29 GB/s", sl3_set},
    {"e40g", "Table 4.2 case (2): point-to-point 40G Ethernet, measured 4.41 GB/s", e40g_set},
    {"e40g-switched", "Table 4.2 case (3): 40G Ethernet through switches (t_S = 0.318 us), radix-64 leaf-spine",
     e40g_sw_set},
};

static int compute(double *p, double *r, struct fcsim_error *err)
{
  double m = p[P_m], B = p[P_B], n = p[P_n], k = p[P_k];
  double stream_s = m / B;
  int switched = (int)p[P_network] == NET_SWITCHED;

  if (!switched) {
    double t_l = p[P_t_N] + p[P_t_PL]; /* Eq. 4.2 */
    r[R_T_L] = t_l;
    r[R_intra_hops] = n;
    r[R_inter_hops] = 0;
    r[R_ring_T_L] = n * t_l;
  } else {
    if (fmod(k, 2.0) != 0.0)
      return fcsim_error_set(err, FCSIM_EINVAL, "parameter `k` (switch radix) must be even, got %g", k);
    double max_n = k * k / 2.0;
    if (n > max_n)
      return fcsim_error_set(err, FCSIM_ERANGE,
                             "parameter `n` = %g exceeds a two-tier leaf-spine of radix k = %g "
                             "(at most k*k/2 = %g FPGAs)",
                             n, k, max_n);
    double intra = p[P_t_N] + 2.0 * p[P_t_PL] + p[P_t_S];       /* Eq. 4.3 */
    double inter = p[P_t_N] + 4.0 * p[P_t_PL] + 3.0 * p[P_t_S]; /* Eq. 4.5 */
    r[R_T_L] = intra;
    r[R_inter_T_L] = inter;
    r[R_inter_time] = inter + stream_s;
    r[R_inter_B_eff] = m / r[R_inter_time];
    double a, intra_hops, inter_hops;
    if (n <= k) {
      a = 1;
      intra_hops = n;
      inter_hops = 0;
      r[R_spines] = 0;
    } else {
      a = ceil(2.0 * n / k);
      inter_hops = a;
      intra_hops = n - a;
      r[R_spines] = ceil(a / 2.0);
    }
    r[R_leaves] = a;
    r[R_intra_hops] = intra_hops;
    r[R_inter_hops] = inter_hops;
    r[R_ring_T_L] = intra_hops * intra + inter_hops * inter;
  }
  r[R_time] = r[R_T_L] + stream_s;
  r[R_B_eff] = m / r[R_time];
  r[R_eff] = r[R_B_eff] / B;
  r[R_ring_time] = r[R_ring_T_L] + stream_s;
  r[R_ring_B_eff] = m / r[R_ring_time];
  return 0;
}

const struct fcsim_model_ops fcsim_model_p2p = {
    .name = "p2p",
    .summary = "point-to-point and switched transfer time, effective bandwidth, ring scaling",
    .source = "Mondigo dissertation (Mondigo 2020) ch. 4, Eqs. 4.2-4.7, Table 4.2, s4.3.3 (Fig. 4.9)",
    .notes = "A 227 MB stream is the tsunami grid, 7430699 points * 32 B = 237782368 B. "
             "The seed's Fig. 4.9 is a plot; the model reproduces its orderings "
             "(see docs/MODELS.md), not printed numbers.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
