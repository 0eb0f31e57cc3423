/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app link`'s parameters, presets and results (link_app.h). */
#include "apps/link/link_app.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "apps/app.h"
#include "chan/framing.h"

enum {
  P_protocol,
  P_duplex,
  P_clock,
  P_rate,
  P_lanes,
  P_code,
  P_framing,
  P_max_payload,
  P_overhead,
  P_unit,
  P_latency,
  P_w,
  P_D_CU,
  P_tx_depth,
  P_rx_depth,
  P_rx_wf,
  P_force_send,
  P_gap,
  P_metaframe,
  P_tx_blocking,
  P_vcs,
  P_window,
  P_tnw_rx,
  P_ber,
  P_bytes,
  P_message,
  P_write_period,
  P_read_period,
  P_read_stop,
  P_seed,
  P_max_cycles,
  P_host,
  P_pcie_rate,
  P_pcie_transfer,
  P_sw_overhead,
  P_flush_bytes,
  P_read_bytes,
  P_reads_out,
  P_COUNT
};

enum {
  R_complete,
  R_stalled,
  R_cycles,
  R_up,
  R_bytes,
  R_throughput,
  R_steady,
  R_ceiling_model,
  R_fc_model,
  R_D_link,
  R_D_link_model,
  R_rx_min_model,
  R_avg_lat,
  R_min_lat,
  R_max_lat,
  R_avg_msg_lat,
  R_max_msg_lat,
  R_tx_max,
  R_tx_avg,
  R_rx_max,
  R_rx_avg,
  R_rev_bytes,
  R_rev_steady,
  R_retrans,
  R_episodes,
  R_err_inj,
  R_err_det,
  R_headers,
  R_co,
  R_force,
  R_stall,
  R_overflow,
  R_order,
  R_COUNT
};

static const char *const protocol_choices[] = {"ideal", "fc", "tnw", NULL};
static const char *const duplex_choices[] = {"half", "full", "loopback", NULL};
/* in the order of the tables of chan/framing.h */
static const char *const code_choices[] = {"none", "8b10b", "64b66b", "64b67b", "128b130b", NULL};
static const char *const framing_choices[] = {"ethernet", "sl3fc", "tnw", "custom", NULL};
/* `none`, then the host interface's schemes in the order of its registry (host_if.h) */
static const char *const host_choices[] = {"none", "pput-sw", "pput-nwp", "nget", NULL};

#define AUTO_INT (FCSIM_MP_INT | FCSIM_MP_AUTO)
static const struct fcsim_model_param params[P_COUNT] = {
    [P_protocol] = {"protocol", FCSIM_MU_ENUM, 1, 0, 2, 0, protocol_choices,
                    "`ideal` frames of `framing`, no flow control; `fc` Mondigo's flow controller (Mondigo 2020 ch. 2); "
                    "`tnw` the TNW link (Pivanti 2010 s2.2)"},
    [P_duplex] =
        {"duplex", FCSIM_MU_ENUM, 0, 0, 2, 0, duplex_choices,
         "`half`: side 0 streams to side 1; `full`: both stream; `loopback`: side 1 sends back what it reads (fc)"},
    [P_clock] = {"clock", FCSIM_MU_FREQ, 225e6, 1e3, 1e12, 0, NULL, "protocol logic clock (the unit of cycles)"},
    [P_rate] = {"rate", FCSIM_MU_BITS_PER_S, 80e9, 1.0, 1e15, 0, NULL, "line rate of one lane, before the line code"},
    [P_lanes] = {"lanes", FCSIM_MU_COUNT, 1, 1, 1024, 0, NULL, "lanes bonded into the link"},
    [P_code] = {"code", FCSIM_MU_ENUM, 0, 0, 4, 0, code_choices, "line code"},
    [P_framing] =
        {"framing", FCSIM_MU_ENUM, 3, 0, 3, 0, framing_choices,
         "protocol `ideal`: framing of frames (chan/framing.h); sets the defaults of max_payload, overhead, unit"},
    [P_max_payload] = {"max_payload", FCSIM_MU_BYTES, 0, 1, 1e9, AUTO_INT, NULL,
                       "ideal: payload per frame; auto = from framing"},
    [P_overhead] = {"overhead", FCSIM_MU_BYTES, 0, 0, 1e9, AUTO_INT, NULL,
                    "ideal: framing bytes per frame; auto = from framing"},
    [P_unit] = {"unit", FCSIM_MU_BYTES, 0, 1, 1e9, AUTO_INT, NULL, "ideal: payload granularity; auto = from framing"},
    [P_latency] = {"latency", FCSIM_MU_TIME, 568.888889e-9, 0, 1.0, 0, NULL,
                   "wire latency per direction; rounded to the nearest cycle of `clock` (as the fc model does)"},
    [P_w] = {"w", FCSIM_MU_COUNT, 256, 8, 65536, 0, NULL, "fc: flit width in bits (Eq. 2.1)"},
    [P_D_CU] = {"D_CU", FCSIM_MU_CYCLES, 0, 1, 4095, AUTO_INT, NULL,
                "fc: credit-update interval and largest packet, flits; auto = tx_depth"},
    [P_tx_depth] = {"tx_depth", FCSIM_MU_COUNT, 128, 1, 1e6, 0, NULL, "fc: TX store-and-forward buffer, flits"},
    [P_rx_depth] = {"rx_depth", FCSIM_MU_COUNT, 512, 1, 1e7, 0, NULL, "fc: RX buffer, flits (initial credits)"},
    [P_rx_wf] = {"rx_write_forward", FCSIM_MU_CYCLES, 0, 0, 1e6, FCSIM_MP_INT, NULL,
                 "fc: cycles before a received flit can be read"},
    [P_force_send] = {"force_send", FCSIM_MU_CYCLES, 0, 1, 1e9, AUTO_INT, NULL,
                      "fc: a partly filled TX buffer is sent when its oldest flit has waited this long; auto = D_CU "
                      "(the seed gives no value)"},
    [P_gap] = {"gap", FCSIM_MU_BYTES, 0, 0, 1e6, FCSIM_MP_INT, NULL,
               "fc: line bytes after each FC packet (SerialLite III burst gap; 32 B in VCSN 2023 Eq. 1)"},
    [P_metaframe] = {"metaframe", FCSIM_MU_COUNT, 0, 0, 8191, FCSIM_MP_INT, NULL,
                     "SerialLite III metaframe length per lane, words; 4 of them are control words, so data has the "
                     "line (L-4)/L of the time (Mondigo 2020 L914's derived SL3 clock implies L = 198); 0: none"},
    [P_tx_blocking] = {"tx_blocking", FCSIM_MU_COUNT, 0, 0, 1, FCSIM_MP_INT, NULL,
                       "fc: 1 = the store-and-forward TX buffer takes no write until its packet has left whole (a "
                       "reading of Mondigo 2020 L421, 'TX0 initiates transmission when its TX0 buffer is full'); 0 = a "
                       "slot frees as each flit leaves"},
    [P_vcs] = {"vcs", FCSIM_MU_COUNT, 8, 1, 8, 0, NULL, "tnw: virtual channels the stream is spread over"},
    [P_window] = {"window", FCSIM_MU_COUNT, 0, 1, 32767, AUTO_INT, NULL,
                  "tnw: packets the txBuffer holds unacknowledged; auto = a round trip of packets + 2"},
    [P_tnw_rx] = {"rx_packets", FCSIM_MU_COUNT, 16, 1, 1e6, 0, NULL, "tnw: reception FIFO per VC, packets"},
    [P_ber] = {"ber", FCSIM_MU_NONE, 0, 0, 1, 0, NULL, "tnw: bit error rate of the line, [0, 1)"},
    [P_bytes] = {"bytes", FCSIM_MU_BYTES, 1048576, 1, 1e12, FCSIM_MP_INT, NULL, "payload each sending side streams"},
    [P_message] = {"message", FCSIM_MU_BYTES, 4096, 1, 1e12, FCSIM_MP_INT, NULL,
                   "application message size, for latency per message"},
    [P_write_period] = {"write_period", FCSIM_MU_CYCLES, 1, 1, 1e9, FCSIM_MP_INT, NULL,
                        "fc: the sending application offers one flit every N cycles"},
    [P_read_period] = {"read_period", FCSIM_MU_CYCLES, 1, 1, 1e9, FCSIM_MP_INT, NULL,
                       "the receiving application reads every N cycles (2 = every other cycle, Fig. 2.3)"},
    [P_read_stop] = {"read_stop", FCSIM_MU_CYCLES, 0, 0, 1e12, AUTO_INT, NULL,
                     "the receiving application stops reading this many cycles after link-up (Fig. 2.8); auto = never"},
    [P_seed] = {"seed", FCSIM_MU_COUNT, 1, 0, 1e15, 0, NULL, "seed of the bit-error streams"},
    [P_max_cycles] = {"max_cycles", FCSIM_MU_CYCLES, 2e8, 1, 1e12, FCSIM_MP_INT, NULL,
                      "give up after this many cycles"},
    [P_host] = {"host", FCSIM_MU_ENUM, 0, 0, 3, 0, host_choices,
                "tnw: `none` the stream waits in the injection buffer from cycle 0; `pput-sw`, `pput-nwp`, `nget` "
                "it comes from the CPU through the host interface (Pivanti 2010 s2.1; docs/LINKS.md)"},
    [P_pcie_rate] = {"pcie_rate", FCSIM_MU_BYTES_PER_S, FCSIM_HOST_PCIE_BYTES_PER_S, 1e6, 1e12, 0, NULL,
                     "tnw host: PCIe payload rate (Gen2 x8 effective, Pivanti 2010 L37)"},
    [P_pcie_transfer] = {"pcie_transfer", FCSIM_MU_TIME, FCSIM_HOST_TRANSFER_S, 0, 1e-3, 0, NULL,
                         "tnw host: latency of one PCIe transfer to or from CPU memory (L117)"},
    [P_sw_overhead] = {"sw_overhead", FCSIM_MU_TIME, 0, 0, 1e-3, FCSIM_MP_AUTO, NULL,
                       "tnw host: software time per message; auto = 0.7 us Pput, 0.8 us Nget (L117)"},
    [P_flush_bytes] = {"flush_bytes", FCSIM_MU_BYTES, 64, 1, 1e6, FCSIM_MP_INT, NULL,
                       "tnw host pput-sw: bytes between two software flushes (64 = a WC buffer, L78; 128 = a packet)"},
    [P_read_bytes] = {"read_bytes", FCSIM_MU_BYTES, 512, 1, 4096, FCSIM_MP_INT, NULL,
                      "tnw host nget: bytes per read request (not in the seed; PCIe's default maximum)"},
    [P_reads_out] = {"reads_outstanding", FCSIM_MU_COUNT, 1, 1, FCSIM_HOST_INFLIGHT, 0, NULL,
                     "tnw host nget: reads in flight (not in the seed)"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_complete] = {"complete", FCSIM_MU_COUNT, "1 if every byte of every stream was read"},
    [R_stalled] = {"stalled", FCSIM_MU_COUNT,
                   "1 if the run stopped because nothing moved for longer than a round trip (e.g. reads stopped)"},
    [R_cycles] = {"cycles", FCSIM_MU_CYCLES, "cycles simulated"},
    [R_up] = {"link_up_cycle", FCSIM_MU_CYCLES, "fc: cycle side 1 saw side 0's sync flits"},
    [R_bytes] = {"payload_bytes", FCSIM_MU_BYTES, "payload read at side 1"},
    [R_throughput] = {"throughput", FCSIM_MU_BYTES_PER_S, "payload / (last read - first write), side 0 to 1"},
    [R_steady] = {"steady_throughput", FCSIM_MU_BYTES_PER_S, "payload rate over the second half of the stream"},
    [R_ceiling_model] = {"model_linkbw", FCSIM_MU_BYTES_PER_S,
                         "`linkbw` model's payload ceiling for the same rate, code and framing"},
    [R_fc_model] =
        {"model_fc_throughput", FCSIM_MU_BYTES_PER_S,
         "fc: the `fc` model's link_throughput (Eq. 2.3) with B_raw = min(line payload rate, F*w/8); no burst gap"},
    [R_D_link] = {"D_link", FCSIM_MU_CYCLES, "fc: first write to first header readable at RX (Eq. 2.2, simulated)"},
    [R_D_link_model] = {"model_D_link", FCSIM_MU_CYCLES, "fc: the `fc` model's D_link, Eq. 2.2"},
    [R_rx_min_model] = {"model_rx_depth_min", FCSIM_MU_COUNT, "fc: the `fc` model's 2*D_link + D_CU, Eq. 2.4"},
    [R_avg_lat] = {"avg_latency", FCSIM_MU_CYCLES,
                   "per flit (fc), packet (tnw) or frame (ideal): handed to the sender to read"},
    [R_min_lat] = {"min_latency", FCSIM_MU_CYCLES, "the smallest"},
    [R_max_lat] = {"max_latency", FCSIM_MU_CYCLES, "the largest"},
    [R_avg_msg_lat] = {"avg_message_latency", FCSIM_MU_CYCLES,
                       "per message (`message` bytes; tnw: of one VC's stream): first byte written (tnw: first sent) "
                       "to last byte read"},
    [R_max_msg_lat] = {"max_message_latency", FCSIM_MU_CYCLES, "the largest"},
    [R_tx_max] = {"tx_occupancy_max", FCSIM_MU_COUNT,
                  "side 0's TX buffer (fc flits) or txBuffer (tnw packets), largest"},
    [R_tx_avg] = {"tx_occupancy_avg", FCSIM_MU_NONE, "... averaged over the run"},
    [R_rx_max] = {"rx_occupancy_max", FCSIM_MU_COUNT,
                  "side 1's RX buffer (fc flits) or reception FIFOs (tnw packets), largest"},
    [R_rx_avg] = {"rx_occupancy_avg", FCSIM_MU_NONE, "... averaged over the run"},
    [R_rev_bytes] = {"reverse_payload_bytes", FCSIM_MU_BYTES, "payload read at side 0 (full duplex, loopback)"},
    [R_rev_steady] = {"reverse_steady_throughput", FCSIM_MU_BYTES_PER_S, "its rate over the second half"},
    [R_retrans] = {"retransmissions", FCSIM_MU_COUNT, "tnw: packets sent again, both directions"},
    [R_episodes] = {"resend_episodes", FCSIM_MU_COUNT, "tnw: NACKs acted on (go-back-N restarts)"},
    [R_err_inj] = {"errors_injected", FCSIM_MU_COUNT, "tnw: data packets sent corrupted"},
    [R_err_det] = {"errors_detected", FCSIM_MU_COUNT, "tnw: bad CRCs found (the others were discarded anyway)"},
    [R_headers] = {"fc_packets", FCSIM_MU_COUNT, "fc: data packets sent by side 0"},
    [R_co] = {"co_packets", FCSIM_MU_COUNT, "fc: credit-only packets sent by side 1"},
    [R_force] = {"force_sends", FCSIM_MU_COUNT, "fc: packets sent before the TX buffer was full, both sides"},
    [R_stall] = {"credit_stall_cycles", FCSIM_MU_CYCLES, "fc: cycles side 0 had data but no credits"},
    [R_overflow] = {"rx_overflow", FCSIM_MU_COUNT, "data that found a receive buffer full (must be 0)"},
    [R_order] = {"order_errors", FCSIM_MU_COUNT, "tnw: packets delivered out of order or twice (must be 0)"},
};

static const char *const fig2_set[] = {
    "protocol=fc",  "clock=225MHz",       "latency=568.888889ns", "w=256",   "tx_depth=128", "D_CU=auto",
    "rx_depth=512", "rx_write_forward=0", "rate=57.6Gbps",        "lanes=1", "code=none",    "gap=0",
    NULL,
};
static const char *const sl3_set[] = {
    "protocol=fc",        "clock=225MHz", "latency=365ns", "w=512",     "tx_depth=32", "D_CU=auto", "rx_depth=512",
    "rx_write_forward=4", "rate=80Gbps",  "lanes=1",       "code=none", "gap=0",       NULL,
};
static const char *const dcn_set[] = {
    "protocol=fc",
    "clock=225MHz",
    "latency=491ns",
    "w=512",
    "tx_depth=62",
    "D_CU=auto",
    "rx_depth=2048",
    "rx_write_forward=4",
    "rate=25.78125Gbps",
    "lanes=4",
    "code=64b67b",
    "gap=32",
    NULL,
};
static const char *const tnw_set[] = {
    "protocol=tnw", "duplex=full", "clock=250MHz", "latency=600ns", "rate=10Gbps",
    "lanes=1",      "code=8b10b",  "vcs=8",        "rx_packets=16", NULL,
};
static const char *const vcsn_set[] = {
    "protocol=ideal", "clock=250MHz", "latency=851.1ns",  "rate=25.78125Gbps",
    "lanes=4",        "code=64b66b",  "framing=ethernet", NULL,
};

static const struct fcsim_model_preset presets[] = {
    {"fig2",
     "Mondigo 2020 s2.3.1-2.3.2 timing diagrams: latency 128 cycles, D_CU = TX = 128, RX 512, one 32 B flit per cycle",
     fig2_set},
    {"sl3",
     "Mondigo 2020 s2.3.3: 365 ns at 225 MHz, TX = D_CU = 32, write-forward 4, RX 512, 10 GB/s bundled link (512-bit flits "
     "so the logic outruns the line)",
     sl3_set},
    {"dcn", "VCSN 2023 DCN: SL3 over 4 x 25.78125 Gb/s, 64b/67b, 64 B flits, 62-flit packets, 32 B burst gap (Eq. 1)",
     dcn_set},
    {"tnw", "Pivanti 2010: 10 Gb/s 8b/10b link at 250 MHz, 128 B packets, 8 VCs, both directions busy", tnw_set},
    {"vcsn", "VCSN 2023 VCSN: 100G Ethernet jumbo frames, no flow control (Eq. 2)", vcsn_set},
};

/* Resolves the `auto` parameters that depend on others. */
static void fill_auto(double *p, int64_t latency_cycles)
{
  const struct fcsim_framing *fr = &fcsim_framings[(int)p[P_framing]];
  if (isnan(p[P_max_payload]))
    p[P_max_payload] = (double)fr->max_payload_bytes;
  if (isnan(p[P_overhead]))
    p[P_overhead] = (double)fr->overhead_bytes;
  if (isnan(p[P_unit]))
    p[P_unit] = (double)fr->unit_bytes;
  if (isnan(p[P_D_CU]))
    p[P_D_CU] = p[P_tx_depth] < 4095 ? p[P_tx_depth] : 4095;
  if (isnan(p[P_force_send]))
    p[P_force_send] = p[P_D_CU];
  if (isnan(p[P_sw_overhead]))
    p[P_sw_overhead] = (int)p[P_host] == 3 ? FCSIM_HOST_SW_NGET_S : FCSIM_HOST_SW_PPUT_S;
  if (isnan(p[P_window])) {
    /* a data packet's time on the wire, its ACK's wait behind a packet the
     * other way, and two latencies, in packets, plus two */
    p[P_window] = fcsim_tnw_default_window(latency_cycles, 136.0 / 4.0);
  }
}

int fcsim_link_app_resolve(double *p, struct fcsim_link_run *r, struct fcsim_error *err)
{
  int64_t lat = (int64_t)llround(p[P_latency] * p[P_clock]);
  if (lat < 1)
    lat = 1;
  fill_auto(p, lat);
  if (p[P_ber] >= 1.0)
    return fcsim_error_set(err, FCSIM_ERANGE, "parameter `ber` = %g is outside [0, 1)", p[P_ber]);
  int proto = (int)p[P_protocol];
  if (p[P_ber] > 0 && proto != FCSIM_LP_TNW)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "parameter `ber` applies to protocol tnw only (fc and ideal do not detect or "
                           "recover errors); expected ber=0 or protocol=tnw");
  if (p[P_unit] > p[P_max_payload])
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "parameter `unit` (%g B) must not exceed `max_payload` (%g B)",
                           p[P_unit], p[P_max_payload]);
  if ((int64_t)p[P_w] % 8)
    return fcsim_error_set(err, FCSIM_EINVAL, "parameter `w` = %g must be a multiple of 8 bits", p[P_w]);
  if (p[P_metaframe] > 0 && p[P_metaframe] <= FCSIM_FC_METAFRAME_CONTROL_WORDS)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "parameter `metaframe` = %g words leaves no data beside its %d control words; expected 0 "
                           "(none) or more than %d",
                           p[P_metaframe], FCSIM_FC_METAFRAME_CONTROL_WORDS, FCSIM_FC_METAFRAME_CONTROL_WORDS);
  double code_eff = fcsim_line_code_efficiency(&fcsim_line_codes[(int)p[P_code]]) /
                    fcsim_fc_metaframe_scale((int)p[P_metaframe]);
  *r = (struct fcsim_link_run){
      .protocol = (enum fcsim_link_protocol)proto,
      .duplex = (enum fcsim_link_duplex)(int)p[P_duplex],
      .clock_hz = p[P_clock],
      .line_bytes_per_cycle = p[P_rate] * p[P_lanes] * code_eff / 8.0 / p[P_clock],
      .latency_cycles = lat,
      .flit_bytes = (int)p[P_w] / 8,
      .gap_bytes = (int)p[P_gap],
      .fc = {.d_cu = (int)p[P_D_CU],
             .tx_depth = (int)p[P_tx_depth],
             .rx_depth = (int)p[P_rx_depth],
             .rx_write_forward_cycles = (int)p[P_rx_wf],
             .force_send_cycles = (int64_t)p[P_force_send],
             .tx_blocking = (int)p[P_tx_blocking]},
      .tnw = {.vcs = (int)p[P_vcs],
              .payload_bytes = 128,
              .header_bytes = FCSIM_TNW_HEADER_BYTES,
              .crc_bytes = FCSIM_TNW_CRC_BYTES,
              .ctrl_bytes = FCSIM_TNW_CTRL_BYTES,
              .window = (int)p[P_window],
              .rx_vc_packets = (int)p[P_tnw_rx],
              .ber = p[P_ber],
              .seed = (uint64_t)p[P_seed],
              .link_id = 0},
      .frame_payload = (int64_t)p[P_max_payload],
      .frame_overhead = (int64_t)p[P_overhead],
      .frame_unit = (int64_t)p[P_unit],
      .stream_bytes = (int64_t)p[P_bytes],
      .message_bytes = (int64_t)p[P_message],
      .write_period = (int64_t)p[P_write_period],
      .read_period = (int64_t)p[P_read_period],
      .read_stop = isnan(p[P_read_stop]) ? -1 : (int64_t)p[P_read_stop],
      .max_cycles = (int64_t)p[P_max_cycles],
      .host = p[P_host] > 0,
      .host_cfg = {.scheme = (int)p[P_host] - 1,
                   .pcie_bytes_per_cycle = p[P_pcie_rate] / p[P_clock],
                   .transfer_cycles = (int64_t)llround(p[P_pcie_transfer] * p[P_clock]),
                   .sw_cycles = (int64_t)llround(p[P_sw_overhead] * p[P_clock]),
                   .flush_bytes = (int64_t)p[P_flush_bytes],
                   .read_bytes = (int64_t)p[P_read_bytes],
                   .reads_outstanding = (int)p[P_reads_out],
                   .message_bytes = (int64_t)p[P_message]},
  };
  if (p[P_host] > 0 && proto != FCSIM_LP_TNW)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "parameter `host` applies to protocol tnw only");
  if (proto == FCSIM_LP_FC)
    return fcsim_fc_cfg_check(&r->fc, err);
  if (proto == FCSIM_LP_TNW)
    return fcsim_tnw_cfg_check(&r->tnw, err);
  return 0;
}

/* The `linkbw` model's payload ceiling for the framing this run puts on the line. */
static double linkbw_ceiling(const double *p, const struct fcsim_link_run *r, struct fcsim_error *err)
{
  char rate[64], lanes[32], code[32], mp[64], ov[64], un[64];
  snprintf(rate, sizeof rate, "rate=%.17g", p[P_rate] / fcsim_fc_metaframe_scale((int)p[P_metaframe]));
  snprintf(lanes, sizeof lanes, "lanes=%g", p[P_lanes]);
  snprintf(code, sizeof code, "code=%s", code_choices[(int)p[P_code]]);
  int64_t pay = r->frame_payload, over = r->frame_overhead, unit = r->frame_unit;
  if (r->protocol == FCSIM_LP_FC) {
    pay = (int64_t)r->fc.d_cu * r->flit_bytes;
    over = r->flit_bytes + r->gap_bytes;
    unit = r->flit_bytes;
  } else if (r->protocol == FCSIM_LP_TNW) {
    pay = r->tnw.payload_bytes;
    over = r->tnw.header_bytes + r->tnw.crc_bytes + (r->duplex != FCSIM_LD_HALF ? r->tnw.ctrl_bytes : 0);
    unit = pay;
  }
  snprintf(mp, sizeof mp, "max_payload=%lld", (long long)pay);
  snprintf(ov, sizeof ov, "overhead=%lld", (long long)over);
  snprintf(un, sizeof un, "unit=%lld", (long long)unit);
  const char *sets[] = {rate, lanes, code, "framing=custom", mp, ov, un, "size=auto", NULL};
  double v[FCSIM_MODEL_MAX_PARAMS], res[FCSIM_MODEL_MAX_RESULTS];
  if (fcsim_model_run("linkbw", NULL, sets, v, res, err))
    return NAN;
  return res[fcsim_model_result_index(fcsim_model_find("linkbw"), "peak_bytes_per_s")];
}

/* The `fc` model's D_link, minimum RX depth and throughput for these
 * parameters; the raw bandwidth is what the line or the logic allows. */
static void fc_model(const double *p, const struct fcsim_link_run *run, double *d_link, double *rx_min, double *thr,
                     struct fcsim_error *err)
{
  char lat[64], f[64], tx[64], wf[64], dcu[64], braw[64];
  double line_Bps = run->line_bytes_per_cycle * run->clock_hz, logic_Bps = run->clock_hz * run->flit_bytes;
  snprintf(braw, sizeof braw, "B_raw=%.17gB/s", line_Bps < logic_Bps ? line_Bps : logic_Bps);
  snprintf(lat, sizeof lat, "latency=%.17gs", p[P_latency]);
  snprintf(f, sizeof f, "F=%.17gHz", p[P_clock]);
  snprintf(tx, sizeof tx, "tx_depth=%g", p[P_tx_depth]);
  snprintf(wf, sizeof wf, "rx_write_forward=%g", p[P_rx_wf]);
  snprintf(dcu, sizeof dcu, "D_CU=%g", p[P_D_CU]);
  const char *sets[] = {lat, f, tx, wf, dcu, braw, NULL};
  double v[FCSIM_MODEL_MAX_PARAMS], res[FCSIM_MODEL_MAX_RESULTS];
  *d_link = *rx_min = *thr = NAN;
  if (fcsim_model_run("fc", NULL, sets, v, res, err))
    return;
  const struct fcsim_model_ops *m = fcsim_model_find("fc");
  *d_link = res[fcsim_model_result_index(m, "D_link")];
  *rx_min = res[fcsim_model_result_index(m, "rx_depth_min")];
  *thr = res[fcsim_model_result_index(m, "link_throughput")];
}

static double nz(int64_t v)
{
  return v < 0 ? NAN : (double)v;
}

static void fill_results(const double *p, const struct fcsim_link_run *run, const struct fcsim_link_result *s,
                         double *r, struct fcsim_error *err)
{
  const struct fcsim_link_dir *d = &s->dir[0];
  for (int i = 0; i < R_COUNT; i++)
    r[i] = NAN;
  r[R_complete] = d->complete && (!s->dir[1].active || s->dir[1].complete);
  r[R_stalled] = s->stalled;
  r[R_cycles] = (double)s->cycles;
  r[R_bytes] = (double)d->bytes;
  r[R_throughput] = d->throughput_Bps;
  r[R_steady] = d->steady_Bps > 0 ? d->steady_Bps : NAN;
  r[R_ceiling_model] = linkbw_ceiling(p, run, err);
  r[R_avg_lat] = d->avg_latency_cycles;
  r[R_min_lat] = nz(d->min_latency_cycles);
  r[R_max_lat] = (double)d->max_latency_cycles;
  r[R_avg_msg_lat] = d->avg_msg_latency_cycles;
  r[R_max_msg_lat] = (double)d->max_msg_latency_cycles;
  r[R_tx_max] = d->tx_max;
  r[R_tx_avg] = d->tx_avg;
  r[R_rx_max] = d->rx_max;
  r[R_rx_avg] = d->rx_avg;
  if (s->dir[1].active) {
    r[R_rev_bytes] = (double)s->dir[1].bytes;
    r[R_rev_steady] = s->dir[1].steady_Bps;
  }
  if (run->protocol == FCSIM_LP_FC) {
    r[R_up] = (double)s->up_cycle[1];
    r[R_D_link] = nz(d->d_link_cycles);
    fc_model(p, run, &r[R_D_link_model], &r[R_rx_min_model], &r[R_fc_model], err);
    r[R_headers] = (double)s->fc[0].headers_sent;
    r[R_co] = (double)s->fc[1].co_sent;
    r[R_force] = (double)(s->fc[0].force_sends + s->fc[1].force_sends);
    r[R_stall] = (double)s->fc[0].credit_stall_cycles;
    r[R_overflow] = (double)(s->fc[0].rx_overflow + s->fc[1].rx_overflow);
  } else if (run->protocol == FCSIM_LP_TNW) {
    r[R_retrans] = (double)(s->tnw[0].retransmissions + s->tnw[1].retransmissions);
    r[R_episodes] = (double)(s->tnw[0].resend_episodes + s->tnw[1].resend_episodes);
    r[R_err_inj] = (double)(s->tnw[0].errors_injected + s->tnw[1].errors_injected);
    r[R_err_det] = (double)(s->tnw[0].errors_detected + s->tnw[1].errors_detected);
    r[R_overflow] = (double)(s->tnw[0].rx_overflow + s->tnw[1].rx_overflow);
    r[R_order] =
        (double)(s->tnw[0].order_errors + s->tnw[1].order_errors + s->tnw[0].out_of_order + s->tnw[1].out_of_order);
  }
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  struct fcsim_link_run run;
  int rc = fcsim_link_app_resolve(p, &run, err);
  if (rc)
    return rc;
  struct fcsim_link_result *s = calloc(1, sizeof *s);
  if (!s)
    return fcsim_error_set(err, FCSIM_ENOMEM, "link: out of memory");
  rc = fcsim_link_sim(&run, s, err);
  if (!rc)
    fill_results(p, &run, s, r, err);
  free(s);
  return rc;
}

const struct fcsim_model_ops fcsim_link_app = {
    .name = "link",
    .summary = "one simulated link under a protocol: ideal framing, Mondigo's flow controller, TNW",
    .source = "Mondigo 2020 ch. 2 (fc), Pivanti 2010 s2.2 (tnw), VCSN 2023 s3.4-3.5 (framing); docs/LINKS.md",
    .notes = "Cycles are cycles of `clock`. Throughputs are payload bytes per second; the model_* "
             "results are the analytic models' figures for the same parameters.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};

/* `fcsim app link`: the app's row of the registry (apps/app.h), a table app
 * run by the command line's table runner; CONFIG's [link] section holds the
 * same keys as --set. */
static void link_title(const double *v)
{
  char buf[64];
  printf("fcsim app link: protocol %s\n",
         fcsim_model_format(FCSIM_MU_ENUM, fcsim_link_app.params[0].choices, v[0], buf, sizeof buf));
}

static const struct fcsim_app_table link_table = {&fcsim_link_app, NULL, link_title};

const struct fcsim_app_ops fcsim_app_link = {
    .name = "link",
    .summary = "one link under a protocol (ideal, fc, tnw): throughput, latency, buffers, retransmissions",
    .synopsis = "[CONFIG] [OPTIONS]",
    .text = "One link simulated under a protocol, printed beside the analytic models' figures. CONFIG is an\n"
            "INI file whose [link] section holds the same keys as --set; `fcsim app link --help` lists them.",
    .examples = "fcsim app link --preset tnw --set ber=1e-5",
    .table = &link_table,
};
