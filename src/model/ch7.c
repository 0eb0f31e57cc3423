/* SPDX-License-Identifier: BSD-3-Clause */
/* The chapter 7 equations of seed 000 shared by the cornerturn,
 * contraction and md models (see ch7.h): Table 7.1, Eqs. 7.1-7.4 and the
 * single-FPGA 3D FFT estimate of s7.2.1. */
#include <math.h>

#include "model/ch7.h"

double fcsim_ch7_table71_s(double P)
{
  if (P < 24)
    return 2e-6;
  if (P < 1000)
    return 5e-6;
  return 10e-6;
}

double fcsim_ch7_oneflit_s(const struct fcsim_ch7_sys *sys, double P)
{
  return isnan(sys->l_oneflit_s) ? fcsim_ch7_table71_s(P) : sys->l_oneflit_s;
}

double fcsim_ch7_ips(const struct fcsim_ch7_sys *sys, double N, double P)
{
  return fmin(sys->ip_max, N * N / P);
}

double fcsim_ch7_bw_eff(const struct fcsim_ch7_sys *sys, double ips, double bw_bps)
{
  return fmin(bw_bps, ips * sys->datalength_bits * sys->clock_hz);
}

double fcsim_ch7_tof_s(const struct fcsim_ch7_sys *sys, double N, double P)
{
  if (sys->system == FCSIM_CH7_CLOUD) {
    double flits = ceil(N * N * N * sys->datalength_bits / (P * P * sys->flitsize_bits));
    return fcsim_ch7_oneflit_s(sys, P) * flits;
  }
  double half_side = ldexp(1.0, (int)floor(log2(P) / 3.0) - 1);
  return 3.0 * sys->l_onehop_s * half_side;
}

double fcsim_ch7_cornerturn_s(const struct fcsim_ch7_sys *sys, double N, double P, double bw_bps)
{
  if (P <= 1)
    return 0; /* no network: the single-FPGA estimate applies */
  double bw = fcsim_ch7_bw_eff(sys, fcsim_ch7_ips(sys, N, P), bw_bps);
  double bits = N * N * N * sys->datalength_bits / P * (P - 1.0) / P;
  return bits / bw + fcsim_ch7_tof_s(sys, N, P);
}

double fcsim_ch7_fft_single_s(const struct fcsim_ch7_sys *sys, double N, double ips)
{
  return (3.0 * N + 3.0 * N * N * N / ips) / sys->clock_hz;
}

double fcsim_ch7_fft3d_s(const struct fcsim_ch7_sys *sys, double N, double P, double bw_bps)
{
  if (P <= 1)
    return fcsim_ch7_fft_single_s(sys, N, fcsim_ch7_ips(sys, N, 1.0));
  return 3.0 * fcsim_ch7_cornerturn_s(sys, N, P, bw_bps);
}

double fcsim_ch7_contraction_s(const struct fcsim_ch7_sys *sys, double N, double P)
{
  double bits = N * N * N * sys->datalength_bits / P;
  return bits / sys->bw_raw_bps + fcsim_ch7_tof_s(sys, N, P);
}

void fcsim_ch7_sys_init(struct fcsim_ch7_sys *sys, int cloud, double *bw_bps, double *ip_max, double datalength_bits,
                        double clock_hz, double flitsize_bits, double l_oneflit_s, double l_onehop_s)
{
  if (isnan(*bw_bps))
    *bw_bps = cloud ? 40e9 : 240e9;
  if (isnan(*ip_max))
    *ip_max = cloud ? 4 : 18;
  sys->system = cloud ? FCSIM_CH7_CLOUD : FCSIM_CH7_CLUSTER;
  sys->bw_raw_bps = *bw_bps;
  sys->ip_max = *ip_max;
  sys->datalength_bits = datalength_bits;
  sys->clock_hz = clock_hz;
  sys->flitsize_bits = flitsize_bits;
  sys->l_oneflit_s = l_oneflit_s;
  sys->l_onehop_s = l_onehop_s;
}
