/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `cornerturn`: the 3D FFT on an FPGA cloud (Catapult II, FPGAs as a
 * bump in the wire on a 40 Gb/s Ethernet) or an FPGA cluster (Novo-G#,
 * 3D torus of 6 x 40 Gb/s links), seed 000 s7.3.2, Eqs. 7.1-7.2, Table 7.1.
 *
 * With computation hidden, a 3D FFT costs three corner turns; each turn is
 * the node's data over its effective bandwidth (limited by the IPs that
 * feed the network, one 85-bit datum per IP per cycle) plus a time of
 * flight, linear in the flits of a packet on the cloud and in the torus
 * radius on the cluster. On one node the single-FPGA estimate of s7.2.1,
 * 3N + 3N^3/I cycles, applies. The model also searches the power-of-two
 * node count P <= P_max that gives the fastest 3D FFT (Fig. 7.7). */
#include <math.h>

#include "model/ch7.h"
#include "model/model.h"

enum { P_system, P_N, P_P, P_datalength, P_F, P_BW, P_ip_max, P_flitsize, P_L_oneflit, P_L_onehop, P_P_max, P_COUNT };
enum { R_ips, R_bw_eff, R_trans, R_tof, R_ct, R_fft, R_fft_single, R_best_P, R_best_fft, R_COUNT };

static const char *const system_choices[] = {"cloud", "cluster", NULL};

static const struct fcsim_model_param params[P_COUNT] = {
    [P_system] = {"system", FCSIM_MU_ENUM, FCSIM_CH7_CLUSTER, 0, 1, 0, system_choices,
                  "cloud (Catapult II, Eq. 7.1) or cluster (Novo-G#, Eq. 7.2)"},
    [P_N] = {"N", FCSIM_MU_COUNT, 32, 2, 65536, FCSIM_MP_INT, NULL, "FFT points per side (N^3 points)"},
    [P_P] = {"P", FCSIM_MU_COUNT, 64, 1, 1e9, FCSIM_MP_INT, NULL, "nodes (FPGAs) sharing the FFT"},
    FCSIM_CH7_FFT_PARAMS,
    FCSIM_CH7_LINK_PARAMS,
    [P_P_max] = {"P_max", FCSIM_MU_COUNT, 8192, 1, 1e9, FCSIM_MP_INT, NULL,
                 "largest node count tried by the search for best_P (powers of two up to min(P_max, N^2))"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_ips] = {"ips", FCSIM_MU_NONE, "1D FFT IPs at work per node, min(ip_max, N^2/P)"},
    [R_bw_eff] = {"bw_eff", FCSIM_MU_BITS_PER_S, "effective bandwidth min(BW, ips*datalength*F)"},
    [R_trans] = {"transmission_s", FCSIM_MU_TIME, "first term of Eq. 7.1/7.2 (one turn)"},
    [R_tof] = {"time_of_flight_s", FCSIM_MU_TIME, "second term of Eq. 7.1/7.2 (one turn)"},
    [R_ct] = {"cornerturn_s", FCSIM_MU_TIME, "one corner turn, Eq. 7.1 or 7.2"},
    [R_fft] = {"fft3d_s", FCSIM_MU_TIME, "3D FFT = 3 corner turns (single-FPGA estimate if P = 1)"},
    [R_fft_single] = {"fft_single_s", FCSIM_MU_TIME, "one FPGA with ip_max IPs: (3N + 3N^3/I)/F (s7.2.1)"},
    [R_best_P] = {"best_P", FCSIM_MU_COUNT, "node count (power of two <= P_max) with the fastest 3D FFT"},
    [R_best_fft] = {"best_fft3d_s", FCSIM_MU_TIME, "3D FFT latency at best_P"},
};

static const char *const cloud_set[] = {
    "system=cloud", "BW=auto", "ip_max=auto", "L_oneflit=auto", "flitsize_bits=256", NULL,
};
static const char *const cluster_set[] = {
    "system=cluster", "BW=auto", "ip_max=auto", "L_onehop=0.2us", NULL,
};

static const struct fcsim_model_preset presets[] = {
    {"catapult", "Catapult II cloud: 40 Gb/s, 4 IPs per node, Table 7.1 latency (2/5/10 us)", cloud_set},
    {"novog", "Novo-G# cluster: 6 x 40 Gb/s torus links, 18 IPs, 0.2 us per hop", cluster_set},
};

/* Resolves the auto parameters and fills `sys` from them. The cloud's
 * per-flit latency stays NAN in `sys` when auto, so that a search over P
 * uses Table 7.1 at every P. */
static void resolve(double *p, struct fcsim_ch7_sys *sys)
{
  int cloud = (int)p[P_system] == FCSIM_CH7_CLOUD;
  fcsim_ch7_sys_init(sys, cloud, &p[P_BW], &p[P_ip_max], p[P_datalength], p[P_F], p[P_flitsize], p[P_L_oneflit],
                     p[P_L_onehop]);
  if (isnan(p[P_L_oneflit]))
    p[P_L_oneflit] = fcsim_ch7_table71_s(p[P_P]);
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  struct fcsim_ch7_sys sys;
  resolve(p, &sys);
  double N = p[P_N], P = p[P_P];
  if (P > N * N)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "parameter `P` = %g exceeds N^2 = %g: each node needs at least one "
                           "1D FFT per dimension",
                           P, N * N);
  r[R_ips] = fcsim_ch7_ips(&sys, N, P);
  r[R_bw_eff] = fcsim_ch7_bw_eff(&sys, r[R_ips], sys.bw_raw_bps);
  r[R_ct] = fcsim_ch7_cornerturn_s(&sys, N, P, sys.bw_raw_bps);
  r[R_tof] = P > 1 ? fcsim_ch7_tof_s(&sys, N, P) : 0.0;
  r[R_trans] = r[R_ct] - r[R_tof];
  r[R_fft] = fcsim_ch7_fft3d_s(&sys, N, P, sys.bw_raw_bps);
  r[R_fft_single] = fcsim_ch7_fft_single_s(&sys, N, fcsim_ch7_ips(&sys, N, 1.0));
  double best_P = 1, best = r[R_fft_single];
  for (double q = 2; q <= p[P_P_max] && q <= N * N; q *= 2) {
    double t = fcsim_ch7_fft3d_s(&sys, N, q, sys.bw_raw_bps);
    if (t < best) {
      best = t;
      best_P = q;
    }
  }
  r[R_best_P] = best_P;
  r[R_best_fft] = best;
  return 0;
}

const struct fcsim_model_ops fcsim_model_cornerturn = {
    .name = "cornerturn",
    .summary = "3D FFT corner turns on an FPGA cloud (Catapult II) or cluster (Novo-G#)",
    .source = "Sheng dissertation (Novo-G# thesis) s7.3.2, Eqs. 7.1-7.2, Table 7.1; s7.2.1",
    .notes = "The seed does not give flitsize or Latency_oneflit: flitsize_bits = 256 (the "
             "Catapult II network interface width) and L_oneflit = the Table 7.1 end-to-end "
             "latency for P nodes. A packet has ceil(N^3*datalength/(P^2*flitsize)) flits. "
             "See docs/MODELS.md.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
