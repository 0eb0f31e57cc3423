/* SPDX-License-Identifier: BSD-3-Clause */
/* Declarations of the fields that `fcsim app fft|stream|gather|scatter|
 * allgather|ring --json` write (include/fcsim/metrics.h); `app link` and
 * `app halo` are declared by their model tables (stats/metrics.c). */
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

#define TABLE(var, name, cmds, rows)                                                                                   \
  const struct fcsim_metric_table var = {name, cmds, rows, sizeof rows / sizeof rows[0]}
TABLE(fcsim__metrics_app_fft, "app-fft", "`fcsim app fft --json`", fft_rows);
TABLE(fcsim__metrics_app_stream, "app-stream", "`fcsim app stream --json`", stream_rows);
TABLE(fcsim__metrics_app_gather, "app-gather", "`fcsim app gather|scatter|allgather --json`", gather_rows);
TABLE(fcsim__metrics_app_ring, "app-ring", "`fcsim app ring --json`", ring_rows);
