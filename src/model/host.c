/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `host`: the TNW network processor's host interface (seed 004,
 * Pivanti et al. 2010, s2.1 and s4): how the CPU moves a message into the
 * NWP's injection buffer over PCIe and how the NWP hands it back to the
 * receiving CPU, beside the TNW link whose ceiling the `linkbw` model gives.
 *
 * Schemes (s2.1, L66-82):
 *   pput - programmed IO: the CPU stores into the write-combining (WC)
 *          mapped injection buffer; each full WC buffer leaves as one posted
 *          write of 64 B (L76-78). With `flush=software` the thread flushes
 *          the WC buffers itself every `flush_bytes` and waits for the
 *          posted write to reach the NWP, one PCIe transfer (L117's 0.2 us);
 *          with `flush=nwp` the NWP's re-order logic takes the bursts as they
 *          come (L78-80, L115) and the CPU never waits.
 *   nget - the CPU rings a doorbell with the control information, the NWP
 *          reads the message from CPU memory (read request + completion, one
 *          PCIe transfer each) and notifies the CPU (L70).
 *
 * Rates: one link's host side moves flush_bytes per (flush_bytes /
 * pcie_rate + pcie_transfer) for software flushes, pcie_rate for NWP
 * flushes, and reads_outstanding * read_bytes per (2 pcie_transfer +
 * read_bytes / pcie_rate) for nget. `links` links share one PCIe interface
 * (L37: 3.2 GB/s effective). A link delivers min(host side, link ceiling,
 * PCIe share) once its message's software overhead is paid (blocking sends,
 * L82, so the overhead is not overlapped).
 *
 * Latency of a `latency_bytes` message: software overhead + PCIe transfers
 * on its path x pcie_transfer + NWP-to-NWP latency (L117). The transfers on
 * the path: pput 2 (the CPU's posted write, the NWP's delivery write); nget
 * 4 (doorbell, read request, read completion, delivery write). The seed's
 * software overheads (L117) are its own estimates from the latencies it
 * measured, so the latency results check that this decomposition closes,
 * not an independent prediction (docs/LINKS.md). */
#include <math.h>

#include "model/host.h"
#include "model/model.h"

enum {
  P_scheme,
  P_flush,
  P_flush_bytes,
  P_pcie_rate,
  P_pcie_transfer,
  P_sw_overhead,
  P_nwp_latency,
  P_read_bytes,
  P_reads_out,
  P_links,
  P_message,
  P_latency_bytes,
  P_link_rate,
  P_COUNT
};
enum { R_host, R_link, R_pcie_share, R_per_link, R_aggregate, R_efficiency, R_transfers, R_latency, R_bound, R_COUNT };

static const char *const scheme_choices[] = {"pput", "nget", NULL};
static const char *const flush_choices[] = {"software", "nwp", NULL};

static const struct fcsim_model_param params[P_COUNT] = {
    [P_scheme] = {"scheme", FCSIM_MU_ENUM, 0, 0, 1, 0, scheme_choices,
                  "send scheme: `pput` CPU stores into the mapped injection buffer, `nget` the NWP reads the message "
                  "(Pivanti 2010 L66-72)"},
    [P_flush] = {"flush", FCSIM_MU_ENUM, 1, 0, 1, 0, flush_choices,
                 "pput: WC buffers flushed by `software` (the thread waits for each flush) or taken by the `nwp` "
                 "re-order logic (L78-80, L113-115)"},
    [P_flush_bytes] = {"flush_bytes", FCSIM_MU_BYTES, 64, 16, 1e6, FCSIM_MP_INT, NULL,
                       "pput, software flush: bytes between two flushes; 64 = one WC buffer (L78), 128 = one NWP "
                       "packet (L88); the seed does not say which"},
    [P_pcie_rate] = {"pcie_rate", FCSIM_MU_BYTES_PER_S, FCSIM_HOST_PCIE_BYTES_PER_S, 1e6, 1e12, 0, NULL,
                     "effective bandwidth of the PCIe interface the links share (Gen2 x8, L37)"},
    [P_pcie_transfer] = {"pcie_transfer", FCSIM_MU_TIME, FCSIM_HOST_TRANSFER_S, 0, 1e-3, 0, NULL,
                         "latency each PCIe transfer to or from CPU memory adds (L117)"},
    [P_sw_overhead] = {"sw_overhead", FCSIM_MU_TIME, 0, 0, 1e-3, FCSIM_MP_AUTO, NULL,
                       "software time per message; auto = 0.7 us pput, 0.8 us nget (the seed's estimates, L117)"},
    [P_nwp_latency] = {"nwp_latency", FCSIM_MU_TIME, 0.6e-6, 0, 1e-3, 0, NULL,
                       "NWP-to-NWP latency of a packet, PHYs included (L117)"},
    [P_read_bytes] = {"read_bytes", FCSIM_MU_BYTES, 512, 4, 4096, FCSIM_MP_INT, NULL,
                      "nget: bytes per read request; the seed does not say (512 B is PCIe's default maximum read "
                      "request size)"},
    [P_reads_out] = {"reads_outstanding", FCSIM_MU_COUNT, 1, 1, 256, 0, NULL,
                     "nget: read requests in flight per link; the seed does not say"},
    [P_links] = {"links", FCSIM_MU_COUNT, 1, 1, 6, 0, NULL, "links sending at once, one thread each (Fig. 2: 1-3)"},
    [P_message] = {"message", FCSIM_MU_BYTES, 1048576, 1, 1e12, FCSIM_MP_INT, NULL,
                   "message size of the bandwidth results (the seed's 'maximal bandwidth': large)"},
    [P_latency_bytes] = {"latency_bytes", FCSIM_MU_BYTES, 128, 1, 1e9, FCSIM_MP_INT, NULL,
                         "message size of the latency result (L115: 128 B)"},
    [P_link_rate] = {"link_rate", FCSIM_MU_BYTES_PER_S, 0, 1e6, 1e12, FCSIM_MP_AUTO, NULL,
                     "payload ceiling of one TNW link; auto = the `linkbw` model's tnw preset (0.914 GB/s)"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_host] = {"host_bytes_per_s", FCSIM_MU_BYTES_PER_S, "what one link's host side can move into the NWP"},
    [R_link] = {"link_bytes_per_s", FCSIM_MU_BYTES_PER_S, "the TNW link's payload ceiling"},
    [R_pcie_share] = {"pcie_share_bytes_per_s", FCSIM_MU_BYTES_PER_S, "pcie_rate / links"},
    [R_per_link] = {"per_link_bytes_per_s", FCSIM_MU_BYTES_PER_S,
                    "one link's delivered bandwidth: message / (sw_overhead + message / the smallest of the three)"},
    [R_aggregate] = {"aggregate_bytes_per_s", FCSIM_MU_BYTES_PER_S, "links x per_link_bytes_per_s (Fig. 2)"},
    [R_efficiency] = {"link_efficiency", FCSIM_MU_RATIO, "per_link_bytes_per_s / link_bytes_per_s"},
    [R_transfers] = {"pcie_transfers", FCSIM_MU_COUNT, "PCIe transfers on a message's path (pput 2, nget 4)"},
    [R_latency] = {"latency_s", FCSIM_MU_TIME,
                   "latency_bytes message: sw_overhead + pcie_transfers x pcie_transfer + nwp_latency"},
    [R_bound] = {"bound", FCSIM_MU_COUNT, "what limits per_link_bytes_per_s: 0 host side, 1 link, 2 PCIe share"},
};

static const char *const pput_sw_set[] = {"scheme=pput", "flush=software", NULL};
static const char *const pput_nwp_set[] = {"scheme=pput", "flush=nwp", NULL};
static const char *const nget_set[] = {"scheme=nget", NULL};

static const struct fcsim_model_preset presets[] = {
    {"pput-sw", "Pput, WC buffers flushed by software (L113: at most about 0.5 GB/s per link)", pput_sw_set},
    {"pput-nwp", "Pput, WC bursts re-ordered by the NWP (L115: 0.83 GB/s, 1.67 us)", pput_nwp_set},
    {"nget", "Nget: doorbell, DMA read, notification (L115-117: 0.76 GB/s, 2.16 us)", nget_set},
};

/* The TNW link's ceiling from the `linkbw` model. */
static double tnw_link_rate(struct fcsim_error *err)
{
  double v[FCSIM_MODEL_MAX_PARAMS], res[FCSIM_MODEL_MAX_RESULTS];
  if (fcsim__model_run_ops(&fcsim_model_linkbw, "tnw", NULL, v, res, err))
    return NAN;
  return res[fcsim_model_result_index(&fcsim_model_linkbw, "peak_bytes_per_s")];
}

/* What one link's host side moves per second. */
static double host_side_Bps(const double *p)
{
  double rate = p[P_pcie_rate], t = p[P_pcie_transfer];
  if ((int)p[P_scheme] == 1) {
    double rb = p[P_read_bytes];
    return p[P_reads_out] * rb / (2.0 * t + rb / rate);
  }
  if ((int)p[P_flush] == 0) {
    double fb = p[P_flush_bytes];
    return fb / (fb / rate + t);
  }
  return rate;
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  int nget = (int)p[P_scheme] == 1;
  if (isnan(p[P_sw_overhead]))
    p[P_sw_overhead] = nget ? FCSIM_HOST_SW_NGET_S : FCSIM_HOST_SW_PPUT_S;
  if (isnan(p[P_link_rate])) {
    p[P_link_rate] = tnw_link_rate(err);
    if (isnan(p[P_link_rate]))
      return err && err->code ? err->code : fcsim_error_set(err, FCSIM_EINVAL, "host: the linkbw model failed");
  }
  double host = host_side_Bps(p), link = p[P_link_rate], share = p[P_pcie_rate] / p[P_links];
  double floor_Bps = host;
  int bound = 0;
  if (link < floor_Bps) {
    floor_Bps = link;
    bound = 1;
  }
  if (share < floor_Bps) {
    floor_Bps = share;
    bound = 2;
  }
  double m = p[P_message];
  r[R_host] = host;
  r[R_link] = link;
  r[R_pcie_share] = share;
  r[R_per_link] = m / (p[P_sw_overhead] + m / floor_Bps);
  r[R_aggregate] = p[P_links] * r[R_per_link];
  r[R_efficiency] = r[R_per_link] / link;
  r[R_transfers] = nget ? 4 : 2;
  r[R_latency] = p[P_sw_overhead] + r[R_transfers] * p[P_pcie_transfer] + p[P_nwp_latency];
  r[R_bound] = bound;
  return 0;
}

const struct fcsim_model_ops fcsim_model_host = {
    .name = "host",
    .summary = "TNW host interface: Pput (WC flushes) and Nget (doorbell, DMA read) over PCIe beside the link",
    .source = "TNW (Pivanti 2010) s1 L37, s2.1 L66-82, s4 L113-117; docs/LINKS.md",
    .notes = "pput-sw with flush_bytes=128 gives 0.533 GB/s per link (L113: about 0.5); with 64, 0.291. "
             "pput-nwp and nget are bound by the link (0.914 GB/s; the seed measures 0.83 and 0.76). "
             "Latencies: 1.70 us pput, 2.20 us nget (L115-117: 1.67, 2.16).",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
