/* SPDX-License-Identifier: BSD-3-Clause */
/* The saturation verdict (issue 10 point 4) and the zero-load latency it is
 * measured against. See src/stats/verdict.h. */
#include <math.h>
#include <stddef.h>

#include "stats/verdict.h"

double fcsim_zero_load_cycles(int local_port, double hops, int link_latency_cycles, int rc_cycles, int va_cycles,
                              int switch_cycles, int local_cycles, int packet_flits, int link_bandwidth_flits)
{
  int b = link_bandwidth_flits > 0 ? link_bandwidth_flits : 1;
  double ser = ceil((double)(packet_flits - 1) / b);
  double router = rc_cycles + va_cycles + switch_cycles;
  if (local_port)
    return (hops + 1.0) * router + hops * link_latency_cycles + 2.0 * local_cycles + ser;
  return hops * (link_latency_cycles + router) + rc_cycles + ser;
}

enum fcsim_saturation fcsim_saturation_verdict(const struct fcsim_stats *s, double zero_load_cycles,
                                               const struct fcsim_saturation_limits *lim)
{
  if (!s->drained)
    return FCSIM_SAT_DRAIN;
  if (s->backlog_flits > lim->backlog_allowed_flits)
    return FCSIM_SAT_BACKLOG;
  if (s->packets_delivered == 0)
    return FCSIM_SAT_NONE;
  if (lim->latency_factor > 0 && zero_load_cycles > 0 && s->avg_latency > lim->latency_factor * zero_load_cycles)
    return FCSIM_SAT_LATENCY;
  if (lim->latency_cycles > 0 && s->avg_latency > lim->latency_cycles)
    return FCSIM_SAT_LATENCY;
  return FCSIM_SAT_NONE;
}

const char *fcsim_saturation_name(enum fcsim_saturation v)
{
  switch (v) {
  case FCSIM_SAT_DRAIN: return "drain";
  case FCSIM_SAT_BACKLOG: return "backlog";
  case FCSIM_SAT_LATENCY: return "latency";
  default: return NULL;
  }
}
