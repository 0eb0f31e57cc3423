/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app fft` as a library call: the 3D FFT of seed 000 ch. 6 built as a
 * schedule (apps/fft/fft_sched.h), simulated as a trace, its phases timed
 * and set beside the `fft` model (fft_run.c). */
#ifndef FCSIM_APP_FFT_RUN_H
#define FCSIM_APP_FFT_RUN_H

#include <stdint.h>

#include "fcsim/error.h"
#include "apps/fft/fft_route.h"
#include "apps/fft/fft_sched.h"

struct fcsim_config;

/* What `fcsim app fft` measured on one configuration (fft_run.c). */
struct fcsim_fft_result {
  unsigned n, m;                            /* 2^n points and 2^m nodes per side */
  unsigned ips_requested, ips;              /* fft.ips, and those used (at most the FFTs per node) */
  unsigned rounds;                          /* rounds of FFTs per dimension per node */
  int64_t messages;                         /* messages of both turns */
  uint64_t flits_expected;                  /* flits of all messages */
  uint64_t flits_injected, flits_delivered; /* as counted by the run */
  double ns_per_cycle;                      /* network.clock period */
  struct fcsim_fft_phases ph;               /* simulated phase times, cycles */
  double bw_bytes_per_s;                    /* one link's bandwidth: Table 6.2's BW */
  double ld_ns;                             /* link latency + router head delay: Table 6.2's LD */
  double model_xy_ns, model_yz_ns;          /* Table 6.2 estimates (model `fft`) */
  double model_xy_net_ns, model_yz_net_ns;  /* their network parts, hops x LD */
  int has_va_stalls;                        /* the router counts VA stalls (router.model = voq) */
  uint64_t va_stall_cycles;                 /* ... its input-cycles of heads waiting at VA for VOQ room */
  int table_routing;                        /* fft.routing = table */
  struct fcsim_fft_routes routes;           /* its flows and link loads (route: NULL after the run) */
};

/* Runs the FFT of cfg's [fft] keys on its network (a torus 2^m on every
 * side): builds the schedule, hands it to the trace workload in memory
 * and simulates it (cfg is changed: traffic.mode and its message list)
 * and derives the phase times. Refuses other topologies and sizes
 * (FCSIM_ERANGE / FCSIM_ECOMBINATION naming the key). */
int fcsim_fft_run(struct fcsim_config *cfg, struct fcsim_fft_result *r, struct fcsim_error *err);

#endif
