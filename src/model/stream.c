/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `stream`: stream computing on M cascaded FPGAs, each holding m
 * cascaded stream processing elements (SPEs) of n parallel unit pipelines
 * (Mondigo dissertation, seed 001, ch. 3, Eqs. 3.1-3.8).
 *
 * Peak performance is n*m*M*F*O_pipe. The sustained figure loses two
 * factors: the pipeline fill, M*(m*D_pipe + D_link + D_comp) cycles on top
 * of the C_stream = ceil(N_grid/n) cycles of the stream (Eq. 3.7), and
 * stalls when the memory or the (compressed) link cannot feed the
 * n*W_pipe*F bytes/s the core needs (Eqs. 3.3-3.4).
 *
 * Speedup and parallel efficiency follow s3.3.2 (Fig. 3.10): they are
 * measured against one (1,1) FPGA, so a configuration is credited for all
 * of its n*m*M unit pipelines, and parallel efficiency is speedup/(n*m*M). */
#include <math.h>

#include "model/model.h"

enum {
  P_n,
  P_m,
  P_M,
  P_F,
  P_O_pipe,
  P_D_pipe,
  P_D_pipe0,
  P_D_line,
  P_W_pipe,
  P_B_mem,
  P_B_link,
  P_N_grid,
  P_D_link,
  P_D_comp,
  P_r_comp,
  P_COUNT
};

enum {
  R_peak,
  R_sustained,
  R_stall,
  R_eff,
  R_speedup,
  R_par_eff,
  R_ref,
  R_C_stream,
  R_b_core,
  R_D_total,
  R_C_total,
  R_time,
  R_O_total,
  R_COUNT
};

static const struct fcsim_model_param params[P_COUNT] = {
    [P_n] = {"n", FCSIM_MU_COUNT, 1, 1, 4096, 0, NULL, "parallel unit pipelines per SPE (spatial parallelism)"},
    [P_m] = {"m", FCSIM_MU_COUNT, 5, 1, 1e6, 0, NULL, "cascaded SPEs per FPGA (temporal parallelism)"},
    [P_M] = {"M", FCSIM_MU_COUNT, 8, 1, 1e6, 0, NULL, "cascaded FPGAs"},
    [P_F] = {"F", FCSIM_MU_FREQ, 225e6, 1.0, 1e12, 0, NULL, "operating frequency of the computing core"},
    [P_O_pipe] = {"O_pipe", FCSIM_MU_COUNT, 288, 1, 1e12, 0, NULL, "floating-point operations per unit pipeline"},
    [P_D_pipe] = {"D_pipe", FCSIM_MU_CYCLES, 0, 0, 1e12, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                  "depth of a unit pipeline at this n; auto = D_pipe0 + ceil(D_line/n)"},
    [P_D_pipe0] = {"D_pipe0", FCSIM_MU_CYCLES, 517, 0, 1e12, FCSIM_MP_INT, NULL,
                   "part of D_pipe that does not shrink with n (arithmetic stages)"},
    [P_D_line] = {"D_line", FCSIM_MU_CYCLES, 2582, 0, 1e12, FCSIM_MP_INT, NULL,
                  "stencil line-buffer delay at n = 1; divided by n (n words enter per cycle)"},
    [P_W_pipe] = {"W_pipe", FCSIM_MU_BYTES, 32, 1, 1e9, 0, NULL, "input/output width of a unit pipeline"},
    [P_B_mem] = {"B_mem", FCSIM_MU_BYTES_PER_S, 17.067e9, 1.0, 1e15, 0, NULL, "available memory bandwidth"},
    [P_B_link] = {"B_link", FCSIM_MU_BYTES_PER_S, 7.92e9, 1.0, 1e15, 0, NULL,
                  "available (uncompressed) inter-FPGA link bandwidth"},
    [P_N_grid] = {"N_grid", FCSIM_MU_COUNT, 7430699, 1, 1e15, 0, NULL, "grid points streamed per pass"},
    [P_D_link] = {"D_link", FCSIM_MU_CYCLES, 118, 0, 1e12, 0, NULL, "inter-FPGA link delay (Eq. 2.2)"},
    [P_D_comp] = {"D_comp", FCSIM_MU_CYCLES, 0, 0, 1e12, 0, NULL, "compression + decompression delay per FPGA"},
    [P_r_comp] = {"r_comp", FCSIM_MU_NONE, 1, 1e-3, 1e3, 0, NULL,
                  "link compression ratio (1 = no compression); B_link is multiplied by it"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_peak] = {"peak_flops", FCSIM_MU_FLOPS, "peak performance n*m*M*F*O_pipe"},
    [R_sustained] = {"sustained_flops", FCSIM_MU_FLOPS, "P_theory of Eq. 3.8"},
    [R_stall] = {"stall_ratio", FCSIM_MU_RATIO, "r_stall of Eq. 3.3"},
    [R_eff] = {"efficiency", FCSIM_MU_RATIO, "sustained / peak"},
    [R_speedup] = {"speedup", FCSIM_MU_NONE,
                   "sustained / reference_flops: against ONE (1,1) FPGA on the same stream (Fig. 3.10)"},
    [R_par_eff] = {"parallel_efficiency", FCSIM_MU_RATIO,
                   "speedup / (n*m*M): the speedup per (1,1) unit of hardware (Fig. 3.10)"},
    [R_ref] = {"reference_flops", FCSIM_MU_FLOPS,
               "Eq. 3.8 for (n,m) = (1,1) on M = 1: D_pipe(1) = D_pipe0 + D_line, same stream and link"},
    [R_C_stream] = {"C_stream", FCSIM_MU_CYCLES, "stream cycles ceil(N_grid/n)"},
    [R_b_core] = {"b_core", FCSIM_MU_BYTES_PER_S, "bandwidth the core needs, n*W_pipe*F"},
    [R_D_total] = {"D_total", FCSIM_MU_CYCLES, "pipeline fill M*(m*D_pipe + D_link + D_comp)"},
    [R_C_total] = {"C_total", FCSIM_MU_CYCLES, "total cycles, Eq. 3.7"},
    [R_time] = {"time_s", FCSIM_MU_TIME, "time for one pass, C_total/F"},
    [R_O_total] = {"O_total", FCSIM_MU_NONE, "operations per pass, Eq. 3.2"},
};

static const char *const tsunami_set[] = {
    "n=1",
    "m=5",
    "M=8",
    "F=225MHz",
    "O_pipe=288",
    "D_pipe0=517",
    "D_line=2582",
    "W_pipe=32",
    "B_mem=17.067GB/s",
    "B_link=7.92GB/s",
    "N_grid=7430699",
    "D_link=118",
    "D_comp=0",
    "r_comp=1",
    "D_pipe=auto",
    NULL,
};
static const char *const tsunami_small_set[] = {
    "n=1",
    "m=5",
    "M=4",
    "F=225MHz",
    "O_pipe=288",
    "D_pipe0=517",
    "D_line=2582",
    "W_pipe=32",
    "B_mem=17.067GB/s",
    "B_link=7.92GB/s",
    "N_grid=116104",
    "D_link=118",
    "D_comp=0",
    "r_comp=1",
    "D_pipe=auto",
    NULL,
};
static const char *const lbm_set[] = {
    "n=1",
    "m=1",
    "M=16",
    "F=175MHz",
    "O_pipe=131",
    "D_pipe0=110",
    "D_line=1440",
    "W_pipe=40",
    "B_mem=17.067GB/s",
    "B_link=10GB/s",
    "N_grid=172800",
    "D_link=75",
    "D_comp=0",
    "r_comp=1",
    "D_pipe=auto",
    NULL,
};
static const char *const lbm_comp_set[] = {
    "n=4",
    "m=1",
    "M=16",
    "F=175MHz",
    "O_pipe=131",
    "D_pipe0=110",
    "D_line=1440",
    "W_pipe=40",
    "B_mem=17.067GB/s",
    "B_link=10GB/s",
    "N_grid=172800",
    "D_link=75",
    "D_comp=20",
    "r_comp=1.853",
    "D_pipe=auto",
    NULL,
};

static const struct fcsim_model_preset presets[] = {
    {"tsunami",
     "tsunami simulation on the ocean-depth grid (001 s3.3.2, Fig. 3.9): F=225MHz, O_pipe=288, "
     "D_pipe(1)=3099, D_pipe(2)=1808 (= 517 + 2582/n), D_link=118, B_mem=17.067GB/s, "
     "B_link=7.92GB/s, W_pipe=32B, N_grid=2581x2879=7430699; (n,m)=(1,5) on M=8",
     tsunami_set},
    {"tsunami-small", "the model-validation run of Fig. 3.8: as tsunami but C_stream(1)=116104 on M=4",
     tsunami_small_set},
    {"lbm",
     "2D9V LBM without compression (001 s3.3.3, Fig. 3.11): F=175MHz, O_pipe=131, D_pipe(n)=1550, "
     "830, 470 for n=1,2,4 (= 110 + 1440/n), W=40B, N_grid=720x240; B_link=10GB/s and D_link=75 "
     "are inferred from the printed figures (see docs/MODELS.md); (n,M)=(1,16), m=1",
     lbm_set},
    {"lbm-comp",
     "LBM with link compression (Fig. 3.12): as lbm with n=4, r_comp=1.853 (measured for n=4) "
     "and D_comp=20 (inferred); use r_comp=2.643 / 2.392 for n=1 / 2",
     lbm_comp_set},
};

/* Eq. 3.8 for `M_fpgas` FPGAs given the per-FPGA delay, stream and stall. */
static double p_theory(double peak_per_fpga, double M_fpgas, double d_fpga_cycles, double c_stream, double util)
{
  return peak_per_fpga * M_fpgas * c_stream * util / (c_stream + M_fpgas * d_fpga_cycles);
}

/* The baseline of Fig. 3.10: one FPGA holding a single SPE of a single
 * unit pipeline, (n,m) = (1,1), on the same grid, clock, memory and link.
 * Its depth is D_pipe(1) = D_pipe0 + D_line (an explicit D_pipe describes
 * the configuration under study, not this one). */
static double reference_flops(const double *p)
{
  double c_stream = p[P_N_grid];
  double b_core = p[P_W_pipe] * p[P_F];
  double avail = fmin(fmin(p[P_r_comp] * p[P_B_link], p[P_B_mem]), b_core);
  double d_fpga = p[P_D_pipe0] + p[P_D_line] + p[P_D_link] + p[P_D_comp];
  return p_theory(p[P_F] * p[P_O_pipe], 1.0, d_fpga, c_stream, avail / b_core);
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  double n = p[P_n], m = p[P_m], M = p[P_M], F = p[P_F];
  double c_stream = ceil(p[P_N_grid] / n);
  if (isnan(p[P_D_pipe]))
    p[P_D_pipe] = p[P_D_pipe0] + ceil(p[P_D_line] / n);
  double d_pipe = p[P_D_pipe];
  double b_core = n * p[P_W_pipe] * F;
  double b_link = p[P_r_comp] * p[P_B_link];
  double avail = fmin(fmin(b_link, p[P_B_mem]), b_core);
  double util = avail / b_core; /* 1 - r_stall, Eq. 3.4 */
  double d_fpga = m * d_pipe + p[P_D_link] + p[P_D_comp];
  double peak_fpga = n * m * F * p[P_O_pipe];
  if (!(b_core > 0))
    return fcsim_error_set(err, FCSIM_EINVAL, "b_core = n*W_pipe*F must be positive");

  r[R_peak] = peak_fpga * M;
  r[R_sustained] = p_theory(peak_fpga, M, d_fpga, c_stream, util);
  r[R_stall] = 1.0 - util;
  r[R_eff] = r[R_sustained] / r[R_peak];
  r[R_ref] = reference_flops(p);
  r[R_speedup] = r[R_sustained] / r[R_ref];
  r[R_par_eff] = r[R_speedup] / (n * m * M);
  r[R_C_stream] = c_stream;
  r[R_b_core] = b_core;
  r[R_D_total] = M * d_fpga;
  r[R_C_total] = (c_stream + M * d_fpga) / util;
  r[R_time] = r[R_C_total] / F;
  r[R_O_total] = n * m * M * p[P_O_pipe] * c_stream;
  return 0;
}

const struct fcsim_model_ops fcsim_model_stream = {
    .name = "stream",
    .summary = "stream computing on M cascaded FPGAs: peak, sustained, stall ratio",
    .source = "Mondigo dissertation (Mondigo 2020) ch. 3, Eqs. 3.1-3.8; s3.3.2-3.3.3",
    .notes = "D_pipe shrinks with n because the stencil line buffer is filled n words per "
             "cycle: D_pipe(n) = D_pipe0 + ceil(D_line/n) reproduces both seed tables "
             "(tsunami 3099/1808, LBM 1550/830/470). Set D_pipe directly to override.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
