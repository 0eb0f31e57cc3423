/* SPDX-License-Identifier: BSD-3-Clause */
/* The port kit's functions off the per-flit path (router/port.h). */
#include "router/port.h"

#include <math.h>

int fcsim_port_fifo_waits_for(const struct fcsim_graph *g, int links, struct fcsim_buf_ref at, int busy, int out,
                              int holder, struct fcsim_buf_ref *next)
{
  if (!busy || out < 0 || out >= links)
    return 0;
  if (holder >= 0 && holder != at.buf) {
    *next = (struct fcsim_buf_ref){at.node, holder};
    return 1;
  }
  const struct fcsim_chan *ch = fcsim_graph_out(g, at.node, out);
  if (ch->dst < 0)
    return 0;
  *next = (struct fcsim_buf_ref){(uint32_t)ch->dst, ch->dst_port};
  return 1;
}

uint64_t fcsim_port_credit_capacity(int depth_flits, double ticks_per_cycle, const struct fcsim_chan *c,
                                    uint64_t lag_ticks)
{
  uint64_t lat = (uint64_t)ceil((double)c->credit_latency_ticks / ticks_per_cycle),
           lag = (uint64_t)ceil((double)lag_ticks / ticks_per_cycle);
  return (uint64_t)depth_flits + (lat + 2 + lag + 8) * c->bandwidth_flits;
}
