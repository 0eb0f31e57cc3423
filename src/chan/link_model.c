/* SPDX-License-Identifier: BSD-3-Clause */
/* Link latency models: a fixed latency (inline in link.h) or a Gaussian
 * drawn per flit (seed 000 §3.4.4: 175.7 ns mean, 12.34 ns standard
 * deviation measured). Draws come from a counter-based stream keyed by
 * (seed, channel) and indexed by the flit's sequence number on the channel,
 * so a flit sees the same latency however the network is split. A flit never
 * overtakes the one sent before it on the same channel: its arrival is at
 * least that flit's (links are FIFO). */
#include <math.h>

#include "core/rng.h"
#include "chan/link.h"

#define JITTER_TRUNCATE_SD 4.0

uint64_t fcsim_link_min_latency(const struct fcsim_chan *ch)
{
  double lo = ceil((double)ch->latency_ticks - JITTER_TRUNCATE_SD * ch->latency_sd_ticks);
  return ch->latency_sd_ticks > 0 ? (lo < 1 ? 1 : (uint64_t)lo) : ch->latency_ticks;
}

uint64_t fcsim_link_max_latency(const struct fcsim_chan *ch)
{
  return ch->latency_sd_ticks > 0
             ? (uint64_t)floor((double)ch->latency_ticks + JITTER_TRUNCATE_SD * ch->latency_sd_ticks)
             : ch->latency_ticks;
}

uint64_t fcsim_link_jitter_arrival(const struct fcsim_links *l, uint32_t c, uint64_t t)
{
  const struct fcsim_chan *ch = &l->g->chan[c];
  const struct fcsim_ring *r = &l->chan[c];
  /* the stream's n-th pair of numbers belongs to the channel's n-th flit */
  struct fcsim_rng rng;
  fcsim_rng_init(&rng, l->seed, c, FCSIM_RNG_JITTER);
  rng.counter = 2 * (uint64_t)r->tail;
  double z = fcsim_rng_gaussian(&rng);
  if (z > JITTER_TRUNCATE_SD)
    z = JITTER_TRUNCATE_SD;
  if (z < -JITTER_TRUNCATE_SD)
    z = -JITTER_TRUNCATE_SD;
  double lat = floor((double)ch->latency_ticks + z * ch->latency_sd_ticks + 0.5);
  uint64_t lo = fcsim_link_min_latency(ch), hi = fcsim_link_max_latency(ch);
  uint64_t cyc = lat < (double)lo ? lo : lat > (double)hi ? hi : (uint64_t)lat;
  uint64_t arrival = t + cyc;
  if (r->tail) { /* FIFO: not before the previous flit (its entry is still in the pool) */
    uint64_t prev = l->chan_pool[r->base + ((r->tail - 1) & r->mask)].arrival;
    if (arrival < prev)
      arrival = prev;
  }
  return arrival;
}
