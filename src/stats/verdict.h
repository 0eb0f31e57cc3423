/* SPDX-License-Identifier: BSD-3-Clause */
/* The saturation verdict of a run (issue 10): saturated when measured packets
 * did not all arrive, when the source queues grew over the window, or when
 * the average latency passed a multiple of the zero-load latency or an
 * absolute threshold. Pure functions of the statistics; no I/O. */
#ifndef FCSIM_STATS_VERDICT_H
#define FCSIM_STATS_VERDICT_H

#include "fcsim/stats.h"

/* Why a run is saturated, in the order the criteria are tried. */
enum fcsim_saturation {
  FCSIM_SAT_NONE = 0,    /* not saturated */
  FCSIM_SAT_DRAIN = 1,   /* measured packets still in flight at the end */
  FCSIM_SAT_BACKLOG = 2, /* the source queues grew during the window */
  FCSIM_SAT_LATENCY = 3, /* average latency above the latency limit */
};

/* The thresholds of the verdict. */
struct fcsim_saturation_limits {
  double latency_factor;        /* saturated above this x zero-load latency; 0: off */
  double latency_cycles;        /* saturated above this average latency (cycles); 0: off */
  double backlog_allowed_flits; /* source-queue growth over the window tolerated (flits) */
};

/* Zero-load latency (cycles, creation to tail ejection) of a `packet_flits`
 * packet over `hops` links (docs/ARCHITECTURE.md "Latency, as counted"):
 *   local_port == 0 (novog): H (L + rc + va + S) + rc + ser
 *   local_port == 1 (classic): (H + 1)(rc + va + S) + H L + 2 local + ser
 * with ser = ceil((F - 1) / link_bandwidth_flits) cycles of serialisation.
 * `hops` may be an average (then so is the result). */
double fcsim_zero_load_cycles(int local_port, double hops, int link_latency_cycles, int rc_cycles, int va_cycles,
                              int switch_cycles, int local_cycles, int packet_flits, int link_bandwidth_flits);

/* The verdict for `s` (drained, backlog_flits, avg_latency and
 * packets_delivered are read) against `zero_load_cycles` and `lim`. The
 * latency criteria apply only when some measured packet arrived. */
enum fcsim_saturation fcsim_saturation_verdict(const struct fcsim_stats *s, double zero_load_cycles,
                                               const struct fcsim_saturation_limits *lim);

/* "drain", "backlog", "latency", or NULL for FCSIM_SAT_NONE. */
const char *fcsim_saturation_name(enum fcsim_saturation v);

#endif
