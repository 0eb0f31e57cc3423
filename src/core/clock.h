/* SPDX-License-Identifier: BSD-3-Clause */
/* Clocks. The engine keeps time in ticks. When every node runs at
 * network.clock (no node clock, no ppm offset), a tick is one cycle and every
 * conversion below is the identity. Otherwise a tick is one picosecond and
 * node n's cycle k begins at tick round(k * period_n): each node steps on its
 * own edges, a 250 MHz crossbar four times per 16 ns and a 156.25 MHz router
 * 2.5 times, and a clock offset by +20 ppm drifts ahead by 20 ps per us. The
 * edge of a cycle is a pure function of (clock, cycle), so it is the same on
 * every thread and rank. */
#ifndef FCSIM_CORE_CLOCK_H
#define FCSIM_CORE_CLOCK_H

#include <math.h>
#include <stdint.h>

#define FCSIM_TICKS_PER_SECOND_MULTI 1e12 /* ticks are picoseconds when clocks differ */

/* The one range of every clock: network.clock, router.clock and a netlist
 * node's clock (a picosecond tick needs a period of many ticks; a slower
 * clock than 1 MHz is no FPGA's and would only stretch a run). */
#define FCSIM_CLOCK_MIN_HZ 1e6
#define FCSIM_CLOCK_MAX_HZ 1e10

struct fcsim_clock {
  double period; /* ticks per cycle (1 with a single clock) */
  int unit;      /* 1: a tick is this clock's cycle */
};

/* Tick at which `cycle` begins. */
static inline uint64_t fcsim_clock_tick(const struct fcsim_clock *c, uint64_t cycle)
{
  return c->unit ? cycle : (uint64_t)floor((double)cycle * c->period + 0.5);
}

/* The first cycle that begins at or after `tick`. */
static inline uint64_t fcsim_clock_cycle_at(const struct fcsim_clock *c, uint64_t tick)
{
  if (c->unit)
    return tick;
  uint64_t k = (uint64_t)floor((double)tick / c->period);
  while (fcsim_clock_tick(c, k) < tick)
    k++;
  while (k > 0 && fcsim_clock_tick(c, k - 1) >= tick)
    k--;
  return k;
}

/* The first edge of the clock at or after `tick`. */
static inline uint64_t fcsim_clock_align(const struct fcsim_clock *c, uint64_t tick)
{
  return c->unit ? tick : fcsim_clock_tick(c, fcsim_clock_cycle_at(c, tick));
}

#endif
