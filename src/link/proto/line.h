/* SPDX-License-Identifier: BSD-3-Clause */
/* One direction of a physical link as the link-protocol models see it: a
 * serialiser at the line's payload rate followed by a fixed delay line.
 *
 * Time is counted in cycles of the protocol logic's clock. The serialiser
 * keeps the exact cycle at which the wire becomes free, as a whole cycle and
 * ticks within it (ser_time.h), so over many items the line carries exactly
 * `bytes_per_cycle` bytes per cycle whatever the ratio of line rate to clock,
 * and the same items give the same cycles whatever the cycle they start at.
 * The rate is taken as the fraction P/Q nearest it with the smallest Q
 * within 1e-12 of it (a rate in Gb/s over a clock in MHz times a line code
 * such as 64/67 is such a fraction, which the double only approximates): a
 * byte is Q ticks of 1/P cycle. Wire bytes are whole. An item launched in cycle t whose
 * serialisation ends at cycle e (real) is delivered to the far end in cycle
 * ceil(e) - 1 + latency: a one-cycle item sent at t arrives at t + latency,
 * as in the seed's timing diagrams (seed 001 s2.3.1).
 *
 * Items are stored by value in a ring allocated once; nothing is allocated
 * per item. */
#ifndef FCSIM_LINK_PROTO_LINE_H
#define FCSIM_LINK_PROTO_LINE_H

#include <stdint.h>

#include "fcsim/error.h"
#include "link/proto/ser_time.h"

/* What travels on a line: a protocol-specific word with a few fields. */
struct fcsim_pline_item {
  int64_t arrive_cycle; /* cycle the far end sees the whole item */
  double end_cycle;     /* cycle its serialisation ended (exact time as a double, for rates) */
  uint32_t kind;        /* protocol-defined item type */
  uint32_t a, b;        /* protocol-defined fields (length, credits, VC, ...) */
  uint32_t flags;       /* protocol-defined flags (corrupted, SOP, EOP, ...) */
  int64_t seq;          /* protocol-defined sequence number or index */
  int64_t born;         /* cycle the data it carries were created (latency) */
};

struct fcsim_pline {
  double bytes_per_cycle;        /* payload bytes the wire carries per cycle */
  int64_t latency_cycles;        /* wire latency after serialisation */
  int64_t ticks_per_cycle;       /* P: the rate is P/Q bytes per cycle */
  int64_t ticks_per_byte;        /* Q */
  struct fcsim_ser_time ser;     /* when the serialiser is free, exactly */
  struct fcsim_pline_item *ring; /* items in flight, oldest first */
  int64_t cap, head, count;      /* ring capacity, index of oldest, items */
  uint64_t items_sent;           /* items launched */
  double bytes_sent;             /* wire bytes launched */
};

/* Sets up a line; `max_in_flight` bounds the items it may hold at once. */
int fcsim_pline_init(struct fcsim_pline *l, double bytes_per_cycle, int64_t latency_cycles, int64_t max_in_flight,
                     struct fcsim_error *err);
void fcsim_pline_free(struct fcsim_pline *l);

/* 1 when an item may start serialising in cycle `now` (the wire frees up
 * within this cycle and the ring has room). */
int fcsim_pline_can_send(const struct fcsim_pline *l, int64_t now);

/* Launches `it` (its wire size `wire_bytes`) in cycle `now`; fills its
 * arrival. The caller must have checked fcsim_pline_can_send. */
void fcsim_pline_send(struct fcsim_pline *l, int64_t now, double wire_bytes, const struct fcsim_pline_item *it);

/* Pops the oldest item if it has arrived by cycle `now`; 1 if one was. */
int fcsim_pline_recv(struct fcsim_pline *l, int64_t now, struct fcsim_pline_item *out);

#endif
