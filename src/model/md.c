/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `md`: one molecular-dynamics time step on an FPGA cloud or cluster
 * (seed 000 s7.5, Eqs. 7.5-7.15, Fig. 7.14-7.15, Table 7.4).
 *
 * A step costs max(0.5*LR, SR) (Eq. 7.5): the long-range part (charge
 * mapping + 3D FFT, Eqs. 7.6-7.7) runs every other step, the range-limited
 * part is the slower of its computation on K force pipelines (Eq. 7.9) and
 * its communication, a position multicast and a force collection (Eqs.
 * 7.10-7.15). Two designs share the resources differently:
 *   uniform     every node does both; the search tries every number of FFT
 *               IPs per node (each displacing one force pipeline) and every
 *               5 % split of the bandwidth between long and short range;
 *   specialized P_LR nodes do the FFT (contraction, moves hidden) with all
 *               their bandwidth and IPs, the other P - P_LR nodes do charge
 *               mapping and range-limited work with K_max pipelines; the
 *               search tries every power-of-two P_LR < P.
 * With P auto the model also searches the power-of-two node count with the
 * most simulated time per day (Table 7.4). Lengths are in units of the
 * cut-off r: a node's cube has side c/r = (N/(D*P))^(1/3). */
#include <math.h>

#include "model/ch7.h"
#include "model/model.h"

enum {
  P_system,
  P_design,
  P_N,
  P_P,
  P_D,
  P_N_fft,
  P_K_max,
  P_F,
  P_charge_rate,
  P_depth,
  P_pos_bits,
  P_BW,
  P_ip_max,
  P_datalength,
  P_flitsize,
  P_L_oneflit,
  P_L_onehop,
  P_timestep,
  P_P_max,
  P_COUNT
};
enum {
  R_md,
  R_us_day,
  R_lr,
  R_sr,
  R_sr_comp,
  R_sr_comm,
  R_charge,
  R_fft,
  R_ips,
  R_bw_lr,
  R_P_lr,
  R_K,
  R_per_node,
  R_c_r,
  R_mpn,
  R_COUNT
};

static const char *const system_choices[] = {"cloud", "cluster", NULL};
static const char *const design_choices[] = {"uniform", "specialized", NULL};
enum { D_UNIFORM, D_SPECIALIZED };

static const struct fcsim_model_param params[P_COUNT] = {
    [P_system] = {"system", FCSIM_MU_ENUM, FCSIM_CH7_CLUSTER, 0, 1, 0, system_choices,
                  "cloud (Catapult II) or cluster (Novo-G#)"},
    [P_design] = {"design", FCSIM_MU_ENUM, D_UNIFORM, 0, 1, 0, design_choices,
                  "uniform (every node does everything) or specialized (LR and SR nodes)"},
    [P_N] = {"N", FCSIM_MU_COUNT, 100000, 1, 1e12, FCSIM_MP_INT, NULL, "particles"},
    [P_P] = {"P", FCSIM_MU_COUNT, 0, 1, 1e9, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
             "nodes; auto = the power of two <= P_max with the most us/day"},
    [P_D] = {"D", FCSIM_MU_NONE, 750.0 / 3.14159265358979323846, 1e-3, 1e9, 0, NULL,
             "particles per r^3, not given by the seed: 750/pi = 238.7 makes (2/3)*pi*D = 500 "
             "partners per particle, the '500N' of s7.2.2"},
    [P_N_fft] = {"N_fft", FCSIM_MU_COUNT, 0, 2, 65536, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                 "PME grid points per side; auto = the power of two nearest cbrt(N) (about one "
                 "grid point per particle: 32 for 13K, 64 for 100K, 128 for 1M)"},
    [P_K_max] = {"K_max", FCSIM_MU_COUNT, 0, 1, 1e6, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                 "force pipelines that fit a node (~10K ALMs each); auto = 8 (cloud), 20 (cluster)"},
    [P_F] = {"F", FCSIM_MU_FREQ, 156.25e6, 1.0, 1e12, 0, NULL, "clock of pipelines and IPs (T = 1/F)"},
    [P_charge_rate] = {"charge_rate", FCSIM_MU_NONE, 450, 1e-6, 1e12, 0, NULL,
                       "charge-mapping throughput, particles per cycle (Eq. 7.7)"},
    [P_depth] = {"depth", FCSIM_MU_CYCLES, 100, 0, 1e9, 0, NULL, "force pipeline depth (Eq. 7.9)"},
    [P_pos_bits] = {"position_bits", FCSIM_MU_COUNT, 128, 1, 1e6, 0, NULL, "bits per position (Eq. 7.11)"},
    [P_BW] = {"BW", FCSIM_MU_BITS_PER_S, 0, 1.0, 1e15, FCSIM_MP_AUTO, NULL,
              "raw bandwidth per node; auto = 40 Gb/s (cloud) or 240 Gb/s (cluster)"},
    [P_ip_max] = {"ip_max", FCSIM_MU_COUNT, 0, 1, 1e6, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                  "FFT IPs on a specialized LR node; auto = 4 (cloud) or 18 (cluster)"},
    FCSIM_CH7_LINK_PARAMS,
    [P_timestep] = {"timestep", FCSIM_MU_TIME, 2e-15, 1e-18, 1e-9, 0, NULL, "simulated time per step (2 fs, s7.2.2)"},
    [P_P_max] = {"P_max", FCSIM_MU_COUNT, 8192, 1, 1e9, FCSIM_MP_INT, NULL, "largest node count tried when P is auto"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_md] = {"latency_md_s", FCSIM_MU_TIME, "one step, Eq. 7.5, best allocation"},
    [R_us_day] = {"us_per_day", FCSIM_MU_NONE, "simulated microseconds per day (Table 7.4)"},
    [R_lr] = {"long_range_s", FCSIM_MU_TIME, "charge mapping + 3D FFT, Eq. 7.6"},
    [R_sr] = {"short_range_s", FCSIM_MU_TIME, "max(comp, comm), Eq. 7.8"},
    [R_sr_comp] = {"sr_comp_s", FCSIM_MU_TIME, "range-limited computation, Eq. 7.9"},
    [R_sr_comm] = {"sr_comm_s", FCSIM_MU_TIME, "range-limited communication, Eqs. 7.10-7.15"},
    [R_charge] = {"charge_mapping_s", FCSIM_MU_TIME, "Eq. 7.7"},
    [R_fft] = {"fft_s", FCSIM_MU_TIME, "3D FFT, Eqs. 7.1/7.2 on the LR nodes"},
    [R_ips] = {"fft_ips", FCSIM_MU_COUNT, "FFT IPs per LR node (uniform: chosen by the search)"},
    [R_bw_lr] = {"bw_lr_fraction", FCSIM_MU_RATIO, "bandwidth share of long range (uniform)"},
    [R_P_lr] = {"P_LR", FCSIM_MU_COUNT, "long-range nodes (specialized; uniform: all P)"},
    [R_K] = {"K", FCSIM_MU_COUNT, "force pipelines per range-limited node"},
    [R_per_node] = {"particles_per_node", FCSIM_MU_NONE, "particles per range-limited node"},
    [R_c_r] = {"c_over_r", FCSIM_MU_NONE, "side of a node's cube over the cut-off"},
    [R_mpn] = {"multicast_particles", FCSIM_MU_NONE, "MulticastParticleNum, Eq. 7.12"},
};

static const char *const cloud_set[] = {"system=cloud", "BW=auto", "ip_max=auto", "K_max=auto", NULL};
static const char *const cluster_set[] = {"system=cluster", "BW=auto", "ip_max=auto", "K_max=auto", NULL};

static const struct fcsim_model_preset presets[] = {
    {"catapult", "Catapult II cloud: 40 Gb/s, 8 force pipelines, Table 7.1 latency", cloud_set},
    {"novog", "Novo-G# cluster: 240 Gb/s, 20 force pipelines, 0.2 us per hop", cluster_set},
};

/* Everything one evaluation needs, resolved. */
struct md_ctx {
  struct fcsim_ch7_sys sys; /* the FFT side (Eqs. 7.1-7.4) */
  double N;                 /* particles */
  double D;                 /* particles per r^3 */
  double N_fft;             /* FFT grid side */
  double K_max;             /* force pipelines per node */
  double T;                 /* clock period, s */
  double charge_rate;       /* particles per cycle */
  double depth;             /* pipeline depth, cycles */
  double pos_bits;          /* bits per position */
};

/* One allocation's outcome (one row of results). */
struct md_eval {
  double r[R_COUNT]; /* results in table order */
};

/* Shell of thickness r/2 around a cube of side c (units of r), Eq. 7.12
 * without D: 8 corners, 12 edges, 6 faces. */
static double shell(double c)
{
  const double pi = 3.14159265358979323846;
  return 8.0 * pi / 6.0 * 0.125 + 12.0 * c * pi / 4.0 * 0.25 + 6.0 * c * c * 0.5;
}

/* Range-limited time on `Psr` nodes with K pipelines and bandwidth bw. */
static void short_range(const struct md_ctx *x, double Psr, double K, double bw, struct md_eval *e)
{
  const double pi = 3.14159265358979323846;
  double per_node = x->N / Psr, c = cbrt(per_node / x->D);
  double comp = x->T * (2.0 / 3.0 * pi * x->D * x->D * c * c * c / K + x->depth);
  double mpn = x->D * shell(c), comm = 0;
  if (Psr > 1) {
    double bw_mc = bw, fly;
    if (x->sys.system == FCSIM_CH7_CLUSTER) {
      bw_mc = bw / (shell(c) / (c * c * c));                             /* Eq. 7.13 */
      fly = 3.0 * x->sys.l_onehop_s * ceil(1.0 / (2.0 * sqrt(3.0) * c)); /* Eq. 7.15 */
    } else {
      double lf = fcsim_ch7_oneflit_s(&x->sys, Psr), fs = x->sys.flitsize_bits;
      fly = c >= 0.5 ? lf * floor(x->pos_bits * c * c * x->D / (2.0 * fs))
                     : lf * floor(x->pos_bits * c * c * c * x->D / fs); /* Eq. 7.14 */
    }
    comm = 2.0 * (x->pos_bits * mpn / bw_mc + fly); /* Eqs. 7.10-7.11 */
  }
  e->r[R_sr_comp] = comp;
  e->r[R_sr_comm] = comm;
  e->r[R_sr] = fmax(comp, comm);
  e->r[R_K] = K;
  e->r[R_per_node] = per_node;
  e->r[R_c_r] = c;
  e->r[R_mpn] = mpn;
}

/* Completes e with the long-range part and the step latency. */
static void finish(const struct md_ctx *x, double charge_nodes, double fft_s, struct md_eval *e)
{
  e->r[R_charge] = x->N / charge_nodes / x->charge_rate * x->T;
  e->r[R_fft] = fft_s;
  e->r[R_lr] = e->r[R_charge] + fft_s;
  e->r[R_md] = fmax(0.5 * e->r[R_lr], e->r[R_sr]);
}

/* Best uniform allocation on P nodes: IPs 1..K_max-1, bandwidth 5..95 %. */
static void uniform(const struct md_ctx *x, double P, struct md_eval *best)
{
  best->r[R_md] = INFINITY;
  for (double ips = 1; ips < x->K_max; ips++) {
    struct fcsim_ch7_sys s = x->sys;
    s.ip_max = ips;
    for (int pct = 5; pct <= 95; pct += 5) {
      double beta = pct / 100.0;
      struct md_eval e;
      short_range(x, P, x->K_max - ips, (1.0 - beta) * s.bw_raw_bps, &e);
      finish(x, P, fcsim_ch7_fft3d_s(&s, x->N_fft, fmin(P, x->N_fft * x->N_fft), beta * s.bw_raw_bps), &e);
      e.r[R_ips] = fcsim_ch7_ips(&s, x->N_fft, fmin(P, x->N_fft * x->N_fft));
      e.r[R_bw_lr] = beta;
      e.r[R_P_lr] = P;
      if (e.r[R_md] < best->r[R_md])
        *best = e;
    }
  }
}

/* Best specialized split of P nodes: P_LR a power of two below P. */
static void specialized(const struct md_ctx *x, double P, struct md_eval *best)
{
  best->r[R_md] = INFINITY;
  for (double plr = 1; plr < P && plr <= x->N_fft * x->N_fft; plr *= 2) {
    struct md_eval e;
    short_range(x, P - plr, x->K_max, x->sys.bw_raw_bps, &e);
    finish(x, P - plr, fcsim_ch7_fft3d_s(&x->sys, x->N_fft, plr, x->sys.bw_raw_bps), &e);
    e.r[R_ips] = fcsim_ch7_ips(&x->sys, x->N_fft, plr);
    e.r[R_bw_lr] = NAN;
    e.r[R_P_lr] = plr;
    if (e.r[R_md] < best->r[R_md])
      *best = e;
  }
}

static void evaluate(const struct md_ctx *x, int design, double P, struct md_eval *e)
{
  if (design == D_SPECIALIZED && P >= 2)
    specialized(x, P, e);
  else
    uniform(x, P, e);
}

static void resolve(double *p, struct md_ctx *x)
{
  int cloud = (int)p[P_system] == FCSIM_CH7_CLOUD;
  if (isnan(p[P_K_max]))
    p[P_K_max] = cloud ? 8 : 20;
  if (isnan(p[P_N_fft]))
    p[P_N_fft] = ldexp(1.0, (int)lround(log2(cbrt(p[P_N]))));
  fcsim_ch7_sys_init(&x->sys, cloud, &p[P_BW], &p[P_ip_max], p[P_datalength], p[P_F], p[P_flitsize], p[P_L_oneflit],
                     p[P_L_onehop]);
  x->N = p[P_N];
  x->D = p[P_D];
  x->N_fft = fmax(2.0, p[P_N_fft]);
  x->K_max = p[P_K_max];
  x->T = 1.0 / p[P_F];
  x->charge_rate = p[P_charge_rate];
  x->depth = p[P_depth];
  x->pos_bits = p[P_pos_bits];
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  struct md_ctx x;
  resolve(p, &x);
  int design = (int)p[P_design];
  if (x.K_max < 2)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "parameter `K_max` = %g: a node needs room for one FFT IP and one "
                           "force pipeline",
                           x.K_max);
  struct md_eval best;
  if (isnan(p[P_P])) {
    best.r[R_md] = INFINITY;
    for (double q = 1; q <= p[P_P_max]; q *= 2) {
      struct md_eval e;
      evaluate(&x, design, q, &e);
      if (e.r[R_md] < best.r[R_md]) {
        best = e;
        p[P_P] = q;
      }
    }
  } else {
    evaluate(&x, design, p[P_P], &best);
  }
  if (isnan(p[P_L_oneflit]))
    p[P_L_oneflit] = fcsim_ch7_table71_s(p[P_P]);
  for (int i = 0; i < R_COUNT; i++)
    r[i] = best.r[i];
  r[R_us_day] = p[P_timestep] * 1e6 * 86400.0 / r[R_md];
  return 0;
}

const struct fcsim_model_ops fcsim_model_md = {
    .name = "md",
    .summary = "molecular dynamics step on an FPGA cloud or cluster, uniform or specialized nodes",
    .source = "Sheng dissertation (Novo-G# thesis) s7.5, Eqs. 7.5-7.15, Figs. 7.14-7.15, Table 7.4",
    .notes = "The seed does not give D, the PME grid, flitsize or Latency_oneflit; the defaults "
             "and why are in docs/MODELS.md. The search over the bandwidth/logic split is the "
             "one of Fig. 7.14.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
