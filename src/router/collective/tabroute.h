/* SPDX-License-Identifier: BSD-3-Clause */
/* Table routing of collective packets for the voq and ring routers (seed 000
 * §4.3.1, Fig. 4.12): the reduction unit's store of partial results (one
 * slot per reduction entry and instance). The tables themselves are loaded
 * and looked up by collective/lookup.c (collective.h).
 *
 * A table packet carries its unicast-table index in the flit's `dest`, its
 * payload (reductions) or its root (multicasts) in `aux`, and the instance
 * of a reduction (which of the batch's packets it is, mod 256) in `route`. */
#ifndef FCSIM_ROUTER_TABROUTE_H
#define FCSIM_ROUTER_TABROUTE_H

#include <stdint.h>

#include "collective/collective.h"
#include "graph/graph.h"

/* One partial reduction: the packets combined so far. */
struct fcsim_redslot {
  uint32_t key;     /* (R index << 8 | instance) + 1; 0 = free */
  uint32_t count;   /* packets combined */
  uint32_t sum;     /* payload sum (mod 2^32) */
  uint32_t gen;     /* creation cycle (low 32 bits) of the oldest contribution */
  uint8_t hops;     /* most links any contribution has crossed */
  uint8_t measured; /* every contribution was measured */
};

/* Open-addressing store of partial reductions of one node (from malloc). */
struct fcsim_redstore {
  struct fcsim_redslot *slot; /* [cap] */
  uint32_t cap;               /* power of two, 0 before the first use */
  uint32_t used;              /* slots in use */
  uint32_t most;              /* most slots ever in use (reduction-table entries live at once) */
};

/* Adds one packet (R index `r`, instance `inst`, payload, gen, hops,
 * measured) to its slot. When `expected` packets have been combined, fills
 * *done with the result, frees the slot and returns 1; returns 0 while
 * waiting, FCSIM_ENOMEM when the store cannot grow. */
int fcsim_redstore_add(struct fcsim_redstore *s, uint32_t r, uint32_t inst, uint32_t expected,
                       const struct fcsim_redslot *in, struct fcsim_redslot *done);
void fcsim_redstore_free(struct fcsim_redstore *s);

#endif
