/* SPDX-License-Identifier: BSD-3-Clause */
/* The equations of seed 000 chapter 7 shared by the `cornerturn`,
 * `contraction` and `md` models: one corner turn on an FPGA cloud
 * (Catapult II, bump in the wire, Eq. 7.1) or cluster (Novo-G#, 3D torus,
 * Eq. 7.2), the 3D FFT built from three of them (or the single-FPGA
 * estimate of s7.2.1 on one node), and the contraction of Eqs. 7.3-7.4.
 * Pure functions of a `struct fcsim_ch7_sys`; no I/O, no globals. */
#ifndef FCSIM_MODEL_CH7_H
#define FCSIM_MODEL_CH7_H

/* The two architectures of s7.1. */
enum fcsim_ch7_system { FCSIM_CH7_CLOUD = 0, FCSIM_CH7_CLUSTER = 1 };

/* One architecture with every constant the equations need. */
struct fcsim_ch7_sys {
  enum fcsim_ch7_system system; /* cloud (Eq. 7.1/7.3) or cluster (Eq. 7.2/7.4) */
  double bw_raw_bps;            /* raw network bandwidth per node, bits/s */
  double ip_max;                /* most 1D FFT IPs placed on one node */
  double datalength_bits;       /* bits per FFT datum, tag + payload (85) */
  double clock_hz;              /* IP clock: one datum per IP per cycle */
  double flitsize_bits;         /* cloud: bits per flit */
  double l_oneflit_s;           /* cloud: latency per flit; NAN = Table 7.1 by P */
  double l_onehop_s;            /* cluster: latency per hop (link + switch) */
};

/* Table 7.1: Catapult II end-to-end latency for small packets on P nodes
 * (2 us below 24 nodes, 5 us below 1000, 10 us beyond). */
double fcsim_ch7_table71_s(double P);

/* Latency of one flit on the cloud for P nodes: sys->l_oneflit_s, or
 * Table 7.1 when that is NAN. */
double fcsim_ch7_oneflit_s(const struct fcsim_ch7_sys *sys, double P);

/* 1D FFT IPs at work on each of P nodes for an N^3 FFT: at most ip_max,
 * and no more than the N^2/P 1D FFTs each node holds per dimension. */
double fcsim_ch7_ips(const struct fcsim_ch7_sys *sys, double N, double P);

/* Effective bandwidth (bits/s) of `ips` IPs producing one datum per cycle
 * into a network of `bw_bps`: min(bw, ips * datalength * clock). */
double fcsim_ch7_bw_eff(const struct fcsim_ch7_sys *sys, double ips, double bw_bps);

/* Time of flight of one corner turn or contraction onto P nodes, the
 * second term of Eqs. 7.1-7.4 as written: cloud
 * Latency_oneflit * ceil(N^3*datalength/(P^2*flitsize)) (a packet has a
 * whole number of flits, at least one); cluster
 * 3 * Latency_onehop * 2^(floor(log2(P)/3) - 1), half the torus side per
 * dimension. */
double fcsim_ch7_tof_s(const struct fcsim_ch7_sys *sys, double N, double P);

/* One corner turn of an N^3 FFT on P nodes, Eq. 7.1 (cloud) or 7.2
 * (cluster): (N^3*datalength/P)*((P-1)/P)/BW_eff + time of flight, where
 * BW_eff comes from the IPs at work and the network bandwidth `bw_bps`. */
double fcsim_ch7_cornerturn_s(const struct fcsim_ch7_sys *sys, double N, double P, double bw_bps);

/* The single-FPGA 3D FFT of s7.2.1: (3N + 3N^3/I)/clock with I IPs. */
double fcsim_ch7_fft_single_s(const struct fcsim_ch7_sys *sys, double N, double ips);

/* 3D FFT latency on P nodes: 3 corner turns (computation hidden, s7.3.2),
 * or the single-FPGA estimate when P = 1. */
double fcsim_ch7_fft3d_s(const struct fcsim_ch7_sys *sys, double N, double P, double bw_bps);

/* Contraction (or expansion) of an N^3 FFT's data onto P nodes, Eq. 7.3
 * (cloud) or 7.4 (cluster): (N^3*datalength/P)/BW_raw + time of flight. */
double fcsim_ch7_contraction_s(const struct fcsim_ch7_sys *sys, double N, double P);

/* Fills `sys` for a cloud or a cluster, first giving the parameters left
 * auto (NAN) their defaults: 40 / 240 Gb/s raw bandwidth, 4 / 18 IPs per
 * node. A NAN l_oneflit_s stays NAN (Table 7.1 at each node count). */
void fcsim_ch7_sys_init(struct fcsim_ch7_sys *sys, int cloud, double *bw_bps, double *ip_max, double datalength_bits,
                        double clock_hz, double flitsize_bits, double l_oneflit_s, double l_onehop_s);

/* Parameter-table entries shared by the chapter 7 models (cornerturn.c,
 * contraction.c, md.c); each model's parameter enum names them P_datalength,
 * P_flitsize, P_L_oneflit, P_L_onehop (and P_F, P_BW, P_ip_max for the FFT
 * models). */
#define FCSIM_CH7_LINK_PARAMS                                                                                          \
  [P_datalength] = {"datalength_bits",                                                                                 \
                    FCSIM_MU_COUNT,                                                                                    \
                    85,                                                                                                \
                    1,                                                                                                 \
                    1e6,                                                                                               \
                    0,                                                                                                 \
                    NULL,                                                                                              \
                    "bits per datum, tag + payload (85 in the seed's design)"},                                        \
  [P_flitsize] = {"flitsize_bits",                                                                                     \
                  FCSIM_MU_COUNT,                                                                                      \
                  256,                                                                                                 \
                  1,                                                                                                   \
                  1e9,                                                                                                 \
                  0,                                                                                                   \
                  NULL,                                                                                                \
                  "cloud flit size, not given by the seed: 256 b, the width of Catapult II's network interface"},      \
  [P_L_oneflit] =                                                                                                      \
      {"L_oneflit", FCSIM_MU_TIME,                                                                                     \
       0,           0,                                                                                                 \
       1.0,         FCSIM_MP_AUTO,                                                                                     \
       NULL,        "cloud latency per flit; auto = Table 7.1 end-to-end latency for P nodes (2/5/10 us)"},            \
  [P_L_onehop] = {                                                                                                     \
      "L_onehop", FCSIM_MU_TIME,                                                                                       \
      0.2e-6,     0,                                                                                                   \
      1.0,        0,                                                                                                   \
      NULL,       "cluster latency per hop: 175 ns link + < 20 ns switch, 'per hop latency (0.2us)' of s7.3.2"}

#define FCSIM_CH7_FFT_PARAMS                                                                                           \
  [P_F] = {"F",      FCSIM_MU_FREQ,                                                                                    \
           156.25e6, 1.0,                                                                                              \
           1e12,     0,                                                                                                \
           NULL,     "IP clock, one datum per IP per cycle; 156.25 MHz = 40 Gb/s / 256 b per cycle (s7.3.1)"},         \
  [P_BW] = {"BW", FCSIM_MU_BITS_PER_S,                                                                                 \
            0,    1.0,                                                                                                 \
            1e15, FCSIM_MP_AUTO,                                                                                       \
            NULL, "raw network bandwidth per node; auto = 40 Gb/s (cloud) or 6 x 40 = 240 Gb/s (cluster)"},            \
  [P_ip_max] = {                                                                                                       \
      "ip_max", FCSIM_MU_COUNT,                                                                                        \
      0,        1,                                                                                                     \
      1e6,      FCSIM_MP_INT | FCSIM_MP_AUTO,                                                                          \
      NULL,     "most 1D FFT IPs per node; auto = 4 (cloud, s7.3.1) or 18 (cluster: enough to fill 240 Gb/s)"}

#endif
