/* SPDX-License-Identifier: BSD-3-Clause */
/* Declarations of the fields that `fcsim app fft|stream|gather|scatter|
 * allgather|ring|link --json` write (include/fcsim/metrics.h); `app halo` is
 * declared by its model table (stats/metrics.c). */
#include "stats/metrics_decl.h"

#define PH(name, meaning)       M("phases_ns." name, "ns", NONE, MAX, NULL, meaning)
#define MO(name, unit, meaning) M("model." name, unit, NONE, SAME, NULL, meaning)

static const struct fcsim_metric fft_rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("app", "", NONE, SAME, NULL, "\"fft\""),
    M("fft.n", "points", NONE, SAME, NULL, "points per dimension of the N^3 FFT (Novo-G# thesis ch. 6)"),
    M("fft.m", "nodes", NONE, SAME, NULL, "nodes per dimension of the torus"),
    M("fft.ips_requested", "", NONE, SAME, NULL, "fft.ips as configured"),
    M("fft.ips", "", NONE, SAME, NULL, "independent pencils sent at once, as run"),
    M("fft.rounds", "rounds", NONE, SAME, NULL, "rounds of the corner turns"),
    M("fft.messages", "messages", NONE, SAME, NULL, "messages of the schedule"),
    M("fft_latency_ns", "ns", LOWER, MAX, NULL, "simulated FFT latency: the last node's Z compute ends"),
    PH("x_compute_end", "X compute ends (latest node)"),
    PH("xy_arrived", "XY corner turn: all data in"),
    PH("y_compute_end", "Y compute ends"),
    PH("yz_arrived", "YZ corner turn: all data in"),
    PH("z_compute_end", "Z compute ends (= fft_latency_ns)"),
    PH("xy_turn", "wait for the XY turn after compute"),
    PH("yz_turn", "wait for the YZ turn after compute"),
    MO("bw_bytes_per_s", "bytes/s", "the Table 6.2 model's link bandwidth (one link)"),
    MO("ld_ns", "ns", "its link + router latency"),
    MO("xy_latency_ns", "ns", "its XY turn time"),
    MO("yz_latency_ns", "ns", "its YZ turn time"),
    MO("latency_ns", "ns", "its FFT latency (xy + yz)"),
    MO("xy_network_ns", "ns", "network part of the XY turn"),
    MO("yz_network_ns", "ns", "network part of the YZ turn"),
    M("flits.expected", "flits", NONE, SAME, NULL, "flits the schedule sends"),
    M("flits.injected", "flits", NONE, SUM, NULL, "flits injected"),
    M("flits.delivered", "flits", NONE, SUM, NULL, "flits delivered (= expected when complete)"),
};

#define ST(name, unit, better, meaning)                                                                                \
  M("simulated." name, unit, better, DERIVED, NULL, meaning),                                                          \
      M("model." name, unit, better, SAME, NULL, "the model's " meaning)

static const struct fcsim_metric stream_rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("app", "", NONE, SAME, NULL, "\"stream\""),
    M("stream.n", "", NONE, SAME, NULL, "stream length parameter n (Mondigo 2020 ch. 3)"),
    M("stream.m", "", NONE, SAME, NULL, "pipelines per FPGA m"),
    M("stream.M", "FPGAs", NONE, SAME, NULL, "cascaded FPGAs M"),
    M("stream.C_stream", "", NONE, SAME, NULL, "C_stream of the model"),
    M("stream.block_elements", "elements", NONE, SAME, NULL, "elements per block (--block)"),
    M("stream.messages", "messages", NONE, SAME, NULL, "messages simulated"),
    M("stream.flit_bits", "bits", NONE, SAME, NULL, "flit width"),
    M("stream.links", "", NONE, SAME, NULL, "plain or fc links"),
    M("stream.link_latency_cycles", "cycles", NONE, SAME, NULL, "link latency"),
    ST("sustained_flops", "flop/s", HIGHER, "sustained performance"),
    ST("efficiency", "ratio", HIGHER, "efficiency: sustained / peak"),
    ST("stall_ratio", "ratio", LOWER, "stall ratio"),
    ST("speedup", "ratio", HIGHER, "speedup over one FPGA with one pipeline"),
    ST("parallel_efficiency", "ratio", HIGHER, "parallel efficiency"),
    ST("pass_cycles", "cycles", LOWER, "cycles of one pass"),
    M("peak_flops", "flop/s", NONE, SAME, NULL, "peak performance"),
    M("flits.expected", "flits", NONE, SAME, NULL, "flits the cascade sends"),
    M("flits.delivered", "flits", NONE, SUM, NULL, "flits delivered"),
};

static const struct fcsim_metric gather_rows[] = {
    M("collective", "", NONE, SAME, NULL, "gather, scatter or allgather"),
    M("schedule", "", NONE, SAME, NULL, "ring, tree, reconfig (allgather: also ring1)"),
    M("nodes", "nodes", NONE, SAME, NULL, "nodes (VCSN 2023)"),
    M("bytes", "bytes", NONE, SAME, NULL, "block per node"),
    M("stages", "stages", NONE, SAME, NULL, "stages of the schedule"),
    M("model_stages", "stages", NONE, SAME, NULL, "stages of the gather model"),
    M("time_s", "s", LOWER, MAX, NULL, "simulated completion time"),
    M("model_time_s", "s", LOWER, SAME, NULL, "the gather model's time"),
    M("root_bytes", "bytes", NONE, SUM, "gather", "bytes that reached the root"),
    M("delivered_bytes", "bytes", NONE, SUM, "scatter and allgather", "bytes delivered to the nodes"),
    M("gather_phase_model_s", "s", NONE, SAME, "allgather on the tree", "the model's time of its gather phase"),
    M("start_s", "s", NONE, SAME, NULL, "start-up time before the first transfer"),
    M("final_barrier_s", "s", NONE, SAME, NULL, "the closing barrier's time"),
    M("stage_end_s.*", "s", NONE, MAX, NULL, "time each stage ended"),
};

static const struct fcsim_metric ring_rows[] = {
    M("nodes", "FPGAs", NONE, SAME, NULL, "FPGAs on the ring (Mondigo 2020 Fig. 4.9)"),
    M("bytes", "bytes", NONE, SAME, NULL, "bytes streamed"),
    M("frames", "frames", NONE, SAME, NULL, "frames they took"),
    M("time_s", "s", LOWER, MAX, NULL, "simulated time of the stream"),
};

/* `fcsim app link` (apps/link/link_app.c): its results, one per row of the
 * link table's results (a test keeps the two in step). */
#define LFC  "protocol fc"
#define LTNW "protocol tnw"
static const struct fcsim_metric link_rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("app", "", NONE, SAME, NULL, "\"link\""),
    M("config.*", "as in `fcsim app link --help`", NONE, SAME, NULL,
      "every parameter of the link table as given or defaulted, in its base unit (null: auto never resolved)"),
    M("metrics.complete", "", HIGHER, DERIVED, NULL, "1 if every byte of every stream was read"),
    M("metrics.stalled", "", LOWER, DERIVED, NULL,
      "1 if the run stopped because nothing moved for longer than a round trip (e.g. reads stopped)"),
    M("metrics.cycles", "cycles", NONE, MAX, NULL, "cycles simulated (of `clock`)"),
    M("metrics.link_up_cycle", "cycles", LOWER, MAX, LFC, "cycle side 1 saw side 0's sync flits"),
    M("metrics.payload_bytes", "bytes", NONE, SUM, NULL, "payload read at side 1"),
    M("metrics.throughput", "bytes/s", HIGHER, DERIVED, NULL, "payload / (last read - first write), side 0 to 1"),
    M("metrics.steady_throughput", "bytes/s", HIGHER, DERIVED, "the stream lasted long enough",
      "payload rate over the second half of the stream"),
    M("metrics.model_linkbw", "bytes/s", NONE, SAME, NULL,
      "the `linkbw` model's payload ceiling for the same rate, code and framing"),
    M("metrics.model_fc_throughput", "bytes/s", NONE, SAME, LFC,
      "the `fc` model's link_throughput (Mondigo 2020 Eq. 2.3) with B_raw = min(line payload rate, F*w/8); no "
      "burst gap"),
    M("metrics.D_link", "cycles", LOWER, DERIVED, LFC,
      "first write to first header readable at RX (Mondigo 2020 Eq. 2.2, simulated)"),
    M("metrics.model_D_link", "cycles", NONE, SAME, LFC, "the `fc` model's D_link, Eq. 2.2"),
    M("metrics.model_rx_depth_min", "flits", NONE, SAME, LFC, "the `fc` model's 2*D_link + D_CU, Eq. 2.4"),
    M("metrics.avg_latency", "cycles", LOWER, DERIVED, NULL,
      "per flit (fc), packet (tnw) or frame (ideal): handed to the sender to read"),
    M("metrics.min_latency", "cycles", LOWER, MIN, NULL, "the smallest"),
    M("metrics.max_latency", "cycles", LOWER, MAX, NULL, "the largest"),
    M("metrics.avg_message_latency", "cycles", LOWER, DERIVED, NULL,
      "per message (`message` bytes; tnw: of one VC's stream): first byte written (tnw: first sent) to last "
      "byte read"),
    M("metrics.max_message_latency", "cycles", LOWER, MAX, NULL, "the largest"),
    M("metrics.tx_occupancy_max", "flits or packets", NONE, MAX, NULL,
      "side 0's TX buffer (fc flits) or txBuffer (tnw packets), largest"),
    M("metrics.tx_occupancy_avg", "flits or packets", NONE, DERIVED, NULL, "... averaged over the run"),
    M("metrics.rx_occupancy_max", "flits or packets", NONE, MAX, NULL,
      "side 1's RX buffer (fc flits) or reception FIFOs (tnw packets), largest"),
    M("metrics.rx_occupancy_avg", "flits or packets", NONE, DERIVED, NULL, "... averaged over the run"),
    M("metrics.reverse_payload_bytes", "bytes", NONE, SUM, "full duplex", "payload read at side 0 (loopback)"),
    M("metrics.reverse_steady_throughput", "bytes/s", HIGHER, DERIVED, "full duplex", "its rate over the second half"),
    M("metrics.retransmissions", "packets", LOWER, SUM, LTNW, "packets sent again, both directions"),
    M("metrics.resend_episodes", "NACKs", LOWER, SUM, LTNW, "NACKs acted on (go-back-N restarts)"),
    M("metrics.errors_injected", "packets", NONE, SUM, LTNW, "data packets sent corrupted"),
    M("metrics.errors_detected", "packets", NONE, SUM, LTNW, "bad CRCs found (the others were discarded anyway)"),
    M("metrics.fc_packets", "packets", NONE, SUM, LFC, "data packets sent by side 0"),
    M("metrics.co_packets", "packets", NONE, SUM, LFC, "credit-only packets sent by side 1"),
    M("metrics.force_sends", "packets", NONE, SUM, LFC, "packets sent before the TX buffer was full, both sides"),
    M("metrics.credit_stall_cycles", "cycles", LOWER, SUM, LFC, "cycles side 0 had data but no credits"),
    M("metrics.rx_overflow", "flits or packets", LOWER, SUM, "protocol fc or tnw",
      "data that found a receive buffer full: always 0 (a check)"),
    M("metrics.order_errors", "packets", LOWER, SUM, LTNW,
      "packets delivered out of order or twice: always 0 (a check)"),
};

#define TABLE(var, name, cmds, rows)                                                                                   \
  const struct fcsim_metric_table var = {name, cmds, rows, sizeof rows / sizeof rows[0]}
TABLE(fcsim__metrics_app_fft, "app-fft", "`fcsim app fft --json`", fft_rows);
TABLE(fcsim__metrics_app_stream, "app-stream", "`fcsim app stream --json`", stream_rows);
TABLE(fcsim__metrics_app_gather, "app-gather", "`fcsim app gather|scatter|allgather --json`", gather_rows);
TABLE(fcsim__metrics_app_ring, "app-ring", "`fcsim app ring --json`", ring_rows);
TABLE(fcsim__metrics_app_link, "app-link", "`fcsim app link --json`", link_rows);
