/* SPDX-License-Identifier: BSD-3-Clause */
/* A stream-computing cascade (seed 001 ch. 3) run on the simulated network
 * (stream_cascade.c): M FPGAs on a ring, the stream of C_stream elements
 * read from FPGA 0's memory, passed through each FPGA's m SPEs of n unit
 * pipelines (m x D_pipe cycles, plus D_comp for compression) and over the
 * links to the next FPGA, the last one returning the results to FPGA 0.
 * Parameters are those of the `stream` model, whose figures are reported
 * beside the simulated ones. */
#ifndef FCSIM_APP_STREAM_CASCADE_H
#define FCSIM_APP_STREAM_CASCADE_H

#include <stdint.h>

#include "fcsim/error.h"

struct fcsim_config;

/* What one simulated pass measured, and the model's figures. */
struct fcsim_stream_result {
  double n, m, M;                           /* SPE shape and FPGAs */
  double c_stream;                          /* elements (cycles at full rate) per pass */
  uint64_t block_elements;                  /* elements per message */
  int64_t messages;                         /* blocks x FPGAs */
  uint64_t flits_expected, flits_delivered; /* every block's flits, and those that arrived */
  int flit_bits;                            /* chosen so one flit per cycle is B_link */
  int link_latency_cycles;                  /* D_link */
  double pass_cycles;                       /* simulated: first element read to last result back at FPGA 0 */
  double sim_flops;                         /* O_total / pass time */
  double sim_efficiency;                    /* sim_flops / peak */
  double sim_stall;                         /* 1 - C_stream / (pass - fill): cycles the pipelines waited */
  double sim_speedup;                       /* sim_flops / the model's (1,1) reference */
  double sim_parallel_efficiency;           /* sim_speedup / (n m M) */
  double model_flops, model_efficiency, model_stall, model_speedup, model_parallel_efficiency;
  int fc_links;        /* 1: run on `fc` links (stream_fc.c), element by element */
  double peak_flops;   /* n m M F O_pipe */
  double model_cycles; /* C_total of Eq. 3.7 */
};

/* Runs one pass. `preset` (may be NULL) and `sets` ("key=value" of the
 * stream model, NULL-terminated) give the cascade; `net` (may be NULL)
 * gives router settings (its topology, dims, clock, flit size, link
 * latency and traffic are replaced). Refuses (FCSIM_ERANGE naming the key)
 * a stream with no elements, M < 2 (a ring needs a link) and
 * block_elements < 1. */
int fcsim_stream_run(const char *preset, const char *const *sets, uint64_t block_elements,
                     const struct fcsim_config *net, struct fcsim_stream_result *r, struct fcsim_error *err);

/* The same pass on `fc` links (stream_fc.c): each ring link is a pair of
 * Mondigo flow-controller endpoints (link/proto/fc/proto_fc.h) configured by an
 * `fcsim app link` preset (`link_preset`, NULL: sl3) and "key=value" sets
 * (`link_sets`, NULL-terminated, may be NULL), clocked at the stream's F.
 * The stream moves element by element; flit_bits and link_latency_cycles
 * report the FC flit and the wire latency; block_elements is 1. Refuses
 * what fcsim_stream_run refuses and links of another protocol. */
int fcsim_stream_fc_run(const char *preset, const char *const *sets, const char *link_preset,
                        const char *const *link_sets, struct fcsim_stream_result *r, struct fcsim_error *err);

#endif
