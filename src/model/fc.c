/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `fc`: sizing Mondigo's credit-based flow controller (seed 001
 * ch. 2, Eqs. 2.1-2.5, and Eq. 4.1 for the packet size).
 *
 * The link delay seen by the stream is the wire time in cycles plus the
 * store-and-forward TX buffer plus the RX write-forward cycles (Eq. 2.2).
 * One control flit rides with every TX buffer of data (Eq. 2.3). The RX
 * buffer must cover a credit round trip plus the credit-update interval
 * D_CU, which equals the TX depth (Eq. 2.4). */
#include <math.h>

#include "model/model.h"

enum { P_latency, P_F, P_tx_depth, P_rx_wf, P_D_CU, P_rx_depth, P_w, P_B_raw, P_COUNT };
enum {
  R_lat_cycles,
  R_D_link,
  R_tx_overhead,
  R_rx_min,
  R_rx_pow2,
  R_rx_ok,
  R_eff_bw,
  R_pkt_bytes,
  R_cu_ratio,
  R_fc_ceiling,
  R_ceiling,
  R_COUNT
};

static const struct fcsim_model_param params[P_COUNT] = {
    [P_latency] = {"latency", FCSIM_MU_TIME, 365e-9, 0, 1.0, 0, NULL,
                   "link latency: time for a TX-sent flit to reach RX"},
    [P_F] = {"F", FCSIM_MU_FREQ, 225e6, 1.0, 1e12, 0, NULL, "operating frequency of the flow controller"},
    [P_tx_depth] = {"tx_depth", FCSIM_MU_COUNT, 32, 1, 1e9, 0, NULL, "TX store-and-forward buffer depth, flits"},
    [P_rx_wf] = {"rx_write_forward", FCSIM_MU_CYCLES, 4, 0, 1e9, FCSIM_MP_INT, NULL,
                 "cycles before a received flit can be read from the RX buffer"},
    [P_D_CU] = {"D_CU", FCSIM_MU_CYCLES, 0, 1, 1e9, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                "credit-update interval; auto = tx_depth (the seed ties them)"},
    [P_rx_depth] = {"rx_depth", FCSIM_MU_COUNT, 512, 1, 1e12, 0, NULL,
                    "RX buffer depth to check against Eq. 2.4, flits"},
    [P_w] = {"w", FCSIM_MU_COUNT, 256, 8, 65536, 0, NULL, "datapath (flit) width in bits, Eq. 2.1"},
    [P_B_raw] = {"B_raw", FCSIM_MU_BYTES_PER_S, 10e9, 1.0, 1e15, 0, NULL,
                 "raw link bandwidth under the flow controller (two bundled 40G links: 10GB/s)"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_lat_cycles] = {"latency_cycles", FCSIM_MU_CYCLES, "latency*F rounded to the nearest cycle"},
    [R_D_link] = {"D_link", FCSIM_MU_CYCLES, "inter-FPGA link delay, Eq. 2.2"},
    [R_tx_overhead] = {"tx_overhead", FCSIM_MU_RATIO, "control flits / all flits, Eq. 2.3"},
    [R_rx_min] = {"rx_depth_min", FCSIM_MU_COUNT, "Eq. 2.4: the RX depth must exceed 2*D_link + D_CU"},
    [R_rx_pow2] = {"rx_depth_pow2", FCSIM_MU_COUNT, "smallest power-of-two RX depth above rx_depth_min"},
    [R_rx_ok] = {"rx_depth_ok", FCSIM_MU_COUNT, "1 if rx_depth satisfies Eq. 2.4, else 0"},
    [R_eff_bw] = {"link_throughput", FCSIM_MU_BYTES_PER_S,
                  "protocol ceiling on payload throughput, B_raw*(1 - tx_overhead)"},
    [R_pkt_bytes] = {"packet_bytes", FCSIM_MU_BYTES, "largest FC packet w*(D_CU+1)/8, Eq. 4.1"},
    [R_cu_ratio] = {"latency_per_D_CU", FCSIM_MU_NONE, "latency_cycles/D_CU; Eq. 2.5 wants this well above 1"},
    [R_fc_ceiling] = {"fc_throughput", FCSIM_MU_BYTES_PER_S,
                      "the flow controller's own ceiling, one w-bit flit a cycle: F*w/8*(1 - tx_overhead) (Eq. 2.1)"},
    [R_ceiling] = {"throughput_ceiling", FCSIM_MU_BYTES_PER_S,
                   "the lower of link_throughput and fc_throughput: what the link can carry at most"},
};

static const char *const direct_set[] = {
    "latency=365ns", "F=225MHz",     "tx_depth=32", "rx_write_forward=4", "D_CU=auto", "rx_depth=512",
    "w=256",         "B_raw=10GB/s", NULL,
};
static const char *const sim_set[] = {
    "latency=568.888889ns", "F=225MHz", "tx_depth=128", "rx_write_forward=0", "D_CU=auto", "rx_depth=512", "w=256",
    "B_raw=10GB/s",         NULL,
};

static const struct fcsim_model_preset presets[] = {
    {"sl3", "the DE5A-NET point-to-point link of s2.3.3: 365 ns at 225 MHz, TX 32, write-forward 4, RX 512",
     direct_set},
    {"sim128", "the timing-diagram simulations of s2.3.1: link latency 128 cycles, TX depth = D_CU = 128", sim_set},
};

static int compute(double *p, double *r, struct fcsim_error *err)
{
  if (isnan(p[P_D_CU]))
    p[P_D_CU] = p[P_tx_depth];
  double lat_cycles = round(p[P_latency] * p[P_F]);
  double d_link = lat_cycles + p[P_tx_depth] + p[P_rx_wf];
  double overhead = 1.0 / (1.0 + p[P_tx_depth]);
  double rx_min = 2.0 * d_link + p[P_D_CU];
  double pow2 = 1.0;
  while (pow2 <= rx_min)
    pow2 *= 2.0;
  (void)err;

  r[R_lat_cycles] = lat_cycles;
  r[R_D_link] = d_link;
  r[R_tx_overhead] = overhead;
  r[R_rx_min] = rx_min;
  r[R_rx_pow2] = pow2;
  r[R_rx_ok] = p[P_rx_depth] > rx_min ? 1.0 : 0.0;
  r[R_eff_bw] = p[P_B_raw] * (1.0 - overhead);
  r[R_pkt_bytes] = p[P_w] * (p[P_D_CU] + 1.0) / 8.0;
  r[R_cu_ratio] = lat_cycles / p[P_D_CU];
  r[R_fc_ceiling] = p[P_F] * p[P_w] / 8.0 * (1.0 - overhead);
  r[R_ceiling] = fmin(r[R_eff_bw], r[R_fc_ceiling]);
  return 0;
}

const struct fcsim_model_ops fcsim_model_fc = {
    .name = "fc",
    .summary = "credit-based flow controller: link delay, TX overhead, minimum RX depth",
    .source = "Mondigo dissertation (Mondigo 2020) ch. 2, Eqs. 2.1-2.5 (s2.3.3 worked example); Eq. 4.1",
    .notes = "latency*F is rounded to the nearest cycle (365 ns * 225 MHz = 82.1 -> 82, as in the "
             "seed). link_throughput is Eq. 2.3 as the seed writes it, the raw link less the control "
             "flits; fc_throughput is what the controller itself moves, one w-bit flit a cycle; "
             "throughput_ceiling is the lower of the two (on the sl3 preset the 256-bit "
             "controller at 225 MHz: 6.98 GB/s, below the seed's measured 7.92, which is why "
             "fcsim app link's sl3 preset takes 512-bit flits: docs/LINKS.md).",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
