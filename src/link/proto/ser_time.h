/* SPDX-License-Identifier: BSD-3-Clause */
/* The exact time a line's serialiser is free, for the link protocol
 * adapters (tnw/tnw_adapter.c, fc/fc_adapter.c).
 *
 * A line's rate is a whole number of flits per cycle (the link's bandwidth)
 * and what it carries is whole bytes, so every line time is a rational
 * number of cycles with a denominator fixed per line: `ticks_per_cycle`
 * ticks make a cycle (tnw: one tick per byte, bandwidth x flit bytes a
 * cycle; fc: see fc_adapter.c's line_ticks). The time is kept as a whole
 * cycle plus whole ticks within it, renormalised after every addition, so it
 * is exact however long the run and wherever it starts: the same items give
 * the same cycles at cycle 0, 7,168 or 2^32 + x. (A double of the absolute
 * cycle rounded each addition at a precision that fell with the cycle, so
 * a run's results moved with its start cycle.) */
#ifndef FCSIM_LINK_PROTO_SER_TIME_H
#define FCSIM_LINK_PROTO_SER_TIME_H

#include <stdint.h>

/* cycle + ticks / ticks_per_cycle, 0 <= ticks < ticks_per_cycle. */
struct fcsim_ser_time {
  int64_t cycle;
  int64_t ticks;
};

/* 1 when the serialiser frees up within cycle `now` (free time < now + 1):
 * an item may start in it. */
static inline int fcsim_ser_free_by(const struct fcsim_ser_time *t, int64_t now)
{
  return t->cycle <= now;
}

/* 1 when the serialiser is still busy after cycle `now` + 1 (free time >
 * now + 1). */
static inline int fcsim_ser_busy_past(const struct fcsim_ser_time *t, int64_t now)
{
  return t->cycle > now + 1 || (t->cycle == now + 1 && t->ticks > 0);
}

/* Serialises `ticks` more from max(free time, now); returns the cycle the
 * last of them is on the wire, ceil(end) - 1, and never before `now`. */
static inline int64_t fcsim_ser_add(struct fcsim_ser_time *t, int64_t now, int64_t ticks, int64_t ticks_per_cycle)
{
  if (t->cycle < now) /* free before now: the item starts at now */
    *t = (struct fcsim_ser_time){now, 0};
  t->ticks += ticks;
  t->cycle += t->ticks / ticks_per_cycle;
  t->ticks %= ticks_per_cycle;
  int64_t done = t->ticks ? t->cycle : t->cycle - 1;
  return done < now ? now : done;
}

#endif
