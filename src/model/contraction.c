/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `contraction`: run the 3D FFT of an application on fewer nodes
 * than the rest of it uses (seed 000 s7.4, Eqs. 7.3-7.4, Tables 7.2-7.3).
 *
 * The application holds an N^3 grid on P0 nodes. Contraction moves it onto
 * P_FFT < P0 nodes (Eq. 7.3 cloud, 7.4 cluster: the data each FFT node
 * receives over its raw bandwidth, plus the time of flight), the FFT runs
 * there (three corner turns, Eqs. 7.1-7.2, with more IPs at work per node)
 * and expansion, the mirror image, brings the data back. The model searches
 * the power-of-two P_FFT <= P0 that minimises FFT + contraction +
 * expansion (Table 7.2), and the one that minimises the FFT alone ("in MD",
 * where the moves hide in the physical-to-FFT-space transformation), and
 * reports both speedups over the FFT on all P0 nodes (Table 7.3). */
#include <math.h>

#include "model/ch7.h"
#include "model/model.h"

enum {
  P_system,
  P_N,
  P_P0,
  P_P_FFT,
  P_datalength,
  P_F,
  P_BW,
  P_ip_max,
  P_flitsize,
  P_L_oneflit,
  P_L_onehop,
  P_P_max,
  P_COUNT
};
enum { R_fft_P0, R_contr, R_fft_c, R_total, R_speedup, R_best, R_best_md, R_fft_md, R_speedup_md, R_COUNT };

static const char *const system_choices[] = {"cloud", "cluster", NULL};

static const struct fcsim_model_param params[P_COUNT] = {
    [P_system] = {"system", FCSIM_MU_ENUM, FCSIM_CH7_CLUSTER, 0, 1, 0, system_choices,
                  "cloud (Catapult II, Eq. 7.3) or cluster (Novo-G#, Eq. 7.4)"},
    [P_N] = {"N", FCSIM_MU_COUNT, 32, 2, 65536, FCSIM_MP_INT, NULL, "FFT points per side (N^3 points)"},
    [P_P0] = {"P0", FCSIM_MU_COUNT, 0, 1, 1e9, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
              "nodes the application uses before contraction; auto = min(P_max, N^2)"},
    [P_P_FFT] = {"P_FFT", FCSIM_MU_COUNT, 0, 1, 1e9, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                 "nodes after contraction; auto = the best power of two <= P0 (Table 7.2)"},
    FCSIM_CH7_FFT_PARAMS,
    FCSIM_CH7_LINK_PARAMS,
    [P_P_max] = {"P_max", FCSIM_MU_COUNT, 8192, 1, 1e9, FCSIM_MP_INT, NULL,
                 "largest machine considered; bounds the auto P0"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_fft_P0] = {"fft_P0_s", FCSIM_MU_TIME, "3D FFT on all P0 nodes, no contraction"},
    [R_contr] = {"contraction_s", FCSIM_MU_TIME, "one contraction onto P_FFT nodes, Eq. 7.3/7.4 (0 if P_FFT = P0)"},
    [R_fft_c] = {"fft_contracted_s", FCSIM_MU_TIME, "3D FFT on P_FFT nodes"},
    [R_total] = {"total_s", FCSIM_MU_TIME, "contraction + FFT on P_FFT + expansion"},
    [R_speedup] = {"speedup", FCSIM_MU_NONE, "fft_P0 / total (Table 7.3, cloud/cluster)"},
    [R_best] = {"best_P_FFT", FCSIM_MU_COUNT, "P_FFT with the smallest total (Table 7.2)"},
    [R_best_md] = {"best_P_FFT_md", FCSIM_MU_COUNT, "P_FFT with the fastest FFT when the moves are hidden"},
    [R_fft_md] = {"fft_md_s", FCSIM_MU_TIME, "3D FFT on best_P_FFT_md nodes"},
    [R_speedup_md] = {"speedup_md", FCSIM_MU_NONE, "fft_P0 / fft_md (Table 7.3, 'in MD')"},
};

static const char *const cloud_set[] = {"system=cloud", "BW=auto", "ip_max=auto", "L_oneflit=auto", NULL};
static const char *const cluster_set[] = {"system=cluster", "BW=auto", "ip_max=auto", NULL};

static const struct fcsim_model_preset presets[] = {
    {"catapult", "Catapult II cloud: 40 Gb/s raw, 4 IPs per node, Table 7.1 latency", cloud_set},
    {"novog", "Novo-G# cluster: 240 Gb/s raw, 18 IPs, 0.2 us per hop", cluster_set},
};

static void resolve(double *p, struct fcsim_ch7_sys *sys)
{
  int cloud = (int)p[P_system] == FCSIM_CH7_CLOUD;
  fcsim_ch7_sys_init(sys, cloud, &p[P_BW], &p[P_ip_max], p[P_datalength], p[P_F], p[P_flitsize], p[P_L_oneflit],
                     p[P_L_onehop]);
}

/* FFT on q nodes plus, when q < P0, a contraction and an expansion. */
static double total_s(const struct fcsim_ch7_sys *sys, double N, double P0, double q)
{
  double t = fcsim_ch7_fft3d_s(sys, N, q, sys->bw_raw_bps);
  return q < P0 ? t + 2.0 * fcsim_ch7_contraction_s(sys, N, q) : t;
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  struct fcsim_ch7_sys sys;
  resolve(p, &sys);
  double N = p[P_N];
  if (isnan(p[P_P0]))
    p[P_P0] = fmin(p[P_P_max], N * N);
  double P0 = p[P_P0];
  if (P0 > N * N)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "parameter `P0` = %g exceeds N^2 = %g: each node needs at least one "
                           "1D FFT per dimension",
                           P0, N * N);
  /* candidates: the powers of two below P0, and P0 itself (no move) */
  double best = P0, best_t = total_s(&sys, N, P0, P0);
  double best_md = P0, best_md_t = best_t;
  for (double q = 1; q < P0; q *= 2) {
    double t = total_s(&sys, N, P0, q), f = fcsim_ch7_fft3d_s(&sys, N, q, sys.bw_raw_bps);
    if (t < best_t) {
      best_t = t;
      best = q;
    }
    if (f < best_md_t) {
      best_md_t = f;
      best_md = q;
    }
  }
  if (isnan(p[P_P_FFT]))
    p[P_P_FFT] = best;
  double q = p[P_P_FFT];
  if (q > P0)
    return fcsim_error_set(err, FCSIM_ERANGE, "parameter `P_FFT` = %g exceeds P0 = %g: contraction uses fewer nodes", q,
                           P0);
  if (isnan(p[P_L_oneflit]))
    p[P_L_oneflit] = fcsim_ch7_table71_s(q);
  r[R_fft_P0] = fcsim_ch7_fft3d_s(&sys, N, P0, sys.bw_raw_bps);
  r[R_contr] = q < P0 ? fcsim_ch7_contraction_s(&sys, N, q) : 0.0;
  r[R_fft_c] = fcsim_ch7_fft3d_s(&sys, N, q, sys.bw_raw_bps);
  r[R_total] = r[R_fft_c] + 2.0 * r[R_contr];
  r[R_speedup] = r[R_fft_P0] / r[R_total];
  r[R_best] = best;
  r[R_best_md] = best_md;
  r[R_fft_md] = best_md_t;
  r[R_speedup_md] = r[R_fft_P0] / best_md_t;
  return 0;
}

const struct fcsim_model_ops fcsim_model_contraction = {
    .name = "contraction",
    .summary = "3D FFT contracted onto fewer nodes: best contraction size and speedup",
    .source = "Sheng dissertation (Novo-G# thesis) s7.4, Eqs. 7.3-7.4 with 7.1-7.2, Tables 7.2-7.3",
    .notes = "Table 7.3 does not say how many nodes the application used before contraction; "
             "P0 defaults to min(P_max, N^2), the largest machine the FFT can use. "
             "See docs/MODELS.md for the constants the seed leaves out.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
