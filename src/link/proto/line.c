/* SPDX-License-Identifier: BSD-3-Clause */
/* The serialiser and delay line of one link direction (link/proto/line.h). */
#include "link/proto/line.h"

#include <math.h>
#include <stdlib.h>

/* The fraction p/q with the smallest q within 1e-12 (relative) of x > 0:
 * the convergents of x's continued fraction. */
static void rate_fraction(double x, int64_t *p, int64_t *q)
{
  int64_t p0 = 1, q0 = 0, p1 = (int64_t)floor(x), q1 = 1;
  double r = x - floor(x);
  while (fabs((double)p1 / (double)q1 - x) > 1e-12 * x && r > 0) {
    r = 1.0 / r;
    double a = floor(r);
    r -= a;
    if (a > 4e9 || (double)p1 * a + (double)p0 > 4e15 || (double)q1 * a + (double)q0 > 2e9)
      break; /* the next convergent would not fit: this one is within 1/(a q^2) of x */
    int64_t p2 = (int64_t)a * p1 + p0, q2 = (int64_t)a * q1 + q0;
    p0 = p1, q0 = q1, p1 = p2, q1 = q2;
  }
  *p = p1 > 0 ? p1 : 1;
  *q = p1 > 0 ? q1 : (int64_t)ceil(1.0 / x);
}

int fcsim_pline_init(struct fcsim_pline *l, double bytes_per_cycle, int64_t latency_cycles, int64_t max_in_flight,
                     struct fcsim_error *err)
{
  *l = (struct fcsim_pline){0};
  if (!(bytes_per_cycle > 0) || latency_cycles < 1 || max_in_flight < 1)
    return fcsim_error_set(err, FCSIM_EINVAL, "link line: rate must be positive and latency at least 1 cycle");
  l->bytes_per_cycle = bytes_per_cycle;
  rate_fraction(bytes_per_cycle, &l->ticks_per_cycle, &l->ticks_per_byte);
  l->latency_cycles = latency_cycles;
  l->cap = max_in_flight;
  l->ring = calloc((size_t)max_in_flight, sizeof *l->ring);
  if (!l->ring)
    return fcsim_error_set(err, FCSIM_ENOMEM, "link line: out of memory");
  return 0;
}

void fcsim_pline_free(struct fcsim_pline *l)
{
  free(l->ring);
  l->ring = NULL;
}

int fcsim_pline_can_send(const struct fcsim_pline *l, int64_t now)
{
  return fcsim_ser_free_by(&l->ser, now) && l->count < l->cap;
}

void fcsim_pline_send(struct fcsim_pline *l, int64_t now, double wire_bytes, const struct fcsim_pline_item *it)
{
  int64_t done = fcsim_ser_add(&l->ser, now, llround(wire_bytes) * l->ticks_per_byte, l->ticks_per_cycle);
  struct fcsim_pline_item *slot = &l->ring[(l->head + l->count) % l->cap];
  *slot = *it;
  slot->end_cycle = (double)l->ser.cycle + (double)l->ser.ticks / (double)l->ticks_per_cycle;
  /* the cycle the last byte is on the wire, plus the wire latency (never
   * before now + latency: the line is FIFO) */
  slot->arrive_cycle = done + l->latency_cycles;
  l->count++;
  l->items_sent++;
  l->bytes_sent += wire_bytes;
}

int fcsim_pline_recv(struct fcsim_pline *l, int64_t now, struct fcsim_pline_item *out)
{
  if (!l->count || l->ring[l->head].arrive_cycle > now)
    return 0;
  *out = l->ring[l->head];
  l->head = (l->head + 1) % l->cap;
  l->count--;
  return 1;
}
