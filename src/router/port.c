/* SPDX-License-Identifier: BSD-3-Clause */
/* The port kit's functions off the per-flit path (router/port.h). */
#include "router/port.h"

#include <math.h>

uint64_t fcsim_port_credit_capacity(int depth_flits, double ticks_per_cycle, const struct fcsim_chan *c,
                                    uint64_t lag_ticks)
{
  uint64_t lat = (uint64_t)ceil((double)c->credit_latency_ticks / ticks_per_cycle),
           lag = (uint64_t)ceil((double)lag_ticks / ticks_per_cycle);
  return (uint64_t)depth_flits + (lat + 2 + lag + 8) * c->bandwidth_flits;
}
