/* SPDX-License-Identifier: BSD-3-Clause */
/* Link latency models: a fixed latency (inline in link.h) or a Gaussian
 * drawn per flit (seed 000 §3.4.4: 175.7 ns mean, 12.34 ns standard
 * deviation measured). Draws come from a counter-based stream keyed by
 * (seed, channel) and indexed by the flit's sequence number on the channel,
 * so a flit sees the same latency however the network is split. A flit never
 * overtakes the one sent before it on the same channel: its arrival is at
 * least that flit's (links are FIFO).
 *
 * Lanes (network.link_lanes): an MGT link stripes a flit over its lanes
 * (seed 000 Table 3.2: 4 lanes of 10 Gb/s), and each lane's latency varies on
 * its own (§3.4.4, Table 3.3 measures every lane separately). The flit is
 * complete when its last lane delivers, so it takes the largest of the
 * lanes' draws (deskew): E[max of 4 standard Gaussians] = 1.029, i.e. the
 * mean rises by about one standard deviation. Each lane is FIFO too; the
 * running maximum over a lane's flits of the maximum over lanes equals the
 * maximum over lanes of each lane's running maximum, so clamping the flit is
 * clamping every lane. One lane is one draw per flit (the streams unchanged).
 * A lane may have its own mean (network.link_lane_spread, Table 3.3's lane
 * means): an offset drawn once per lane and channel; the sum stays within
 * the truncation bounds above, which the partitions' look-ahead relies on. */
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

/* The next standard Gaussian of `rng`, truncated at JITTER_TRUNCATE_SD. */
static double truncated_gaussian(struct fcsim_rng *rng)
{
  double z = fcsim_rng_gaussian(rng);
  return z > JITTER_TRUNCATE_SD ? JITTER_TRUNCATE_SD : z < -JITTER_TRUNCATE_SD ? -JITTER_TRUNCATE_SD : z;
}

uint64_t fcsim_link_jitter_arrival(struct fcsim_links *l, uint32_t c, uint64_t t)
{
  const struct fcsim_chan *ch = &l->g->chan[c];
  const struct fcsim_ring *r = &l->chan[c];
  /* the stream's n-th run of `lanes` pairs of numbers belongs to the
   * channel's n-th flit, a pair per lane */
  const uint32_t lanes = l->lanes ? l->lanes : 1;
  const double lane_sd = l->lane_mean_sd_ticks;
  struct fcsim_rng rng, lane_rng;
  fcsim_rng_init(&rng, l->seed, c, FCSIM_RNG_JITTER);
  if (lane_sd > 0) /* lane j's own mean: the j-th pair of the channel's lane stream, the same for every flit */
    fcsim_rng_init(&lane_rng, l->seed, c, FCSIM_RNG_LANE);
  rng.counter = 2 * (uint64_t)lanes * r->tail;
  double d = -INFINITY; /* the latest lane's offset from the mean, in ticks */
  for (uint32_t lane = 0; lane < lanes; lane++) {
    double dl = truncated_gaussian(&rng) * ch->latency_sd_ticks;
    if (lane_sd > 0)
      dl += truncated_gaussian(&lane_rng) * lane_sd;
    if (dl > d)
      d = dl;
  }
  double lat = floor((double)ch->latency_ticks + d + 0.5);
  uint64_t lo = fcsim_link_min_latency(ch), hi = fcsim_link_max_latency(ch);
  uint64_t cyc = lat < (double)lo ? lo : lat > (double)hi ? hi : (uint64_t)lat;
  uint64_t arrival = t + cyc;
  if (arrival < l->jitter_last[c]) /* FIFO: not before the previous flit (0: none yet) */
    arrival = l->jitter_last[c];
  l->jitter_last[c] = arrival;
  return arrival;
}
