/* SPDX-License-Identifier: BSD-3-Clause */
/* The fields `fcsim app stream --json` writes (include/fcsim/metrics.h),
 * its output "app-stream", listed in src/models.c. */
#include "stats/metrics_decl.h"

#define ST(name, unit, better, meaning)                                                                                \
  M("simulated." name, unit, better, DERIVED, NULL, meaning),                                                          \
      M("model." name, unit, better, SAME, NULL, "the model's " meaning)

static const struct fcsim_metric rows[] = {
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

const struct fcsim_metric_table fcsim_app_stream_metrics = {"app-stream", "`fcsim app stream --json`", rows,
                                                            sizeof rows / sizeof rows[0], NULL};
