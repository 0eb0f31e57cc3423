/* SPDX-License-Identifier: BSD-3-Clause */
/* The serialiser and delay line of one link direction (link/proto/line.h). */
#include "link/proto/line.h"

#include <math.h>
#include <stdlib.h>

int fcsim_pline_init(struct fcsim_pline *l, double bytes_per_cycle, int64_t latency_cycles, int64_t max_in_flight,
                     struct fcsim_error *err)
{
  *l = (struct fcsim_pline){0};
  if (!(bytes_per_cycle > 0) || latency_cycles < 1 || max_in_flight < 1)
    return fcsim_error_set(err, FCSIM_EINVAL, "link line: rate must be positive and latency at least 1 cycle");
  l->bytes_per_cycle = bytes_per_cycle;
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
  return l->busy_until < (double)(now + 1) && l->count < l->cap;
}

void fcsim_pline_send(struct fcsim_pline *l, int64_t now, double wire_bytes, const struct fcsim_pline_item *it)
{
  double start = l->busy_until > (double)now ? l->busy_until : (double)now;
  double end = start + wire_bytes / l->bytes_per_cycle;
  l->busy_until = end;
  struct fcsim_pline_item *slot = &l->ring[(l->head + l->count) % l->cap];
  *slot = *it;
  slot->end_cycle = end;
  /* the cycle the last byte is on the wire, plus the wire latency; never
   * before an earlier item (the line is FIFO) */
  slot->arrive_cycle = (int64_t)ceil(end - 1e-9) - 1 + l->latency_cycles;
  if (slot->arrive_cycle < now + l->latency_cycles)
    slot->arrive_cycle = now + l->latency_cycles;
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
