/* SPDX-License-Identifier: BSD-3-Clause */
/* Line codes and framings, described once (SPEC §5; seed 002 §3.4-3.5 and
 * Eqs. 1-2; seed 004 §2.2; seed 003 §II for Aurora's 8b/10b). The `linkbw`
 * analytic model, the link-protocol models and the Ethernet endpoints all
 * read these tables, so a simulated link's payload ceiling and the model's
 * come from the same numbers.
 *
 * A line code sends `data_bits` of data in `line_bits` on the wire. A
 * framing pads data to whole `unit_bytes`, cuts them into frames of at most
 * `max_payload_bytes` and adds `overhead_bytes` of framing to each frame
 * (headers, trailers, gaps), before line coding. */
#ifndef FCSIM_CHAN_FRAMING_H
#define FCSIM_CHAN_FRAMING_H

#include <stdint.h>

struct fcsim_line_code {
  const char *name; /* "8b10b" */
  int data_bits;    /* data bits per code group */
  int line_bits;    /* wire bits per code group */
};

struct fcsim_framing {
  const char *name;           /* "ethernet" */
  const char *summary;        /* what the overhead is made of, and the seed */
  uint64_t max_payload_bytes; /* largest payload per frame */
  uint64_t overhead_bytes;    /* framing bytes per frame on the wire */
  uint64_t unit_bytes;        /* payload granularity (zero padding) */
};

/* The NULL-name-terminated tables, in the order of the `linkbw` model's
 * enum choices ("none", "8b10b", "64b66b", "64b67b", "128b130b";
 * "ethernet", "sl3fc", "tnw", "custom"). */
extern const struct fcsim_line_code fcsim_line_codes[];
extern const struct fcsim_framing fcsim_framings[];

/* Lookup by name; NULL when unknown. */
const struct fcsim_line_code *fcsim_line_code_find(const char *name);
const struct fcsim_framing *fcsim_framing_find(const char *name);

/* data bits per wire bit */
static inline double fcsim_line_code_efficiency(const struct fcsim_line_code *c)
{
  return (double)c->data_bits / (double)c->line_bits;
}

/* Frames and wire bytes (before line coding) that carry `payload_bytes`
 * under a framing given as (max payload, overhead, unit); *frames may be
 * NULL. A zero payload still takes one (padded) frame. */
uint64_t fcsim_framing_wire_bytes(uint64_t payload_bytes, uint64_t max_payload_bytes, uint64_t overhead_bytes,
                                  uint64_t unit_bytes, uint64_t *frames);

#endif
