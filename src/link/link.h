/* Links as delay lines. A flit sent at cycle t on a link of latency L is
 * visible to the receiver from cycle t+L; credits travel the other way on
 * their own delay line. Both are rings of entries stamped with their arrival
 * cycle, stored by value in one pool per network: no allocation per flit.
 * One router writes a ring and one router reads it, and a reader only takes
 * entries whose arrival cycle has come, so the order in which routers are
 * stepped within a cycle cannot change what they see. */
#ifndef FCSIM_LINK_LINK_H
#define FCSIM_LINK_LINK_H

#include <stdint.h>

/* Flit flags. */
#define FCSIM_FLIT_HEAD 0x01u
#define FCSIM_FLIT_TAIL 0x02u
#define FCSIM_FLIT_MEASURED 0x04u /* created in the measurement window */
#define FCSIM_FLIT_CLASS1 0x08u   /* dateline VC class 1 */

/* One flit, 16 bytes. Every flit of a packet carries the packet's fields, so
 * a router never looks a packet up. */
struct fcsim_flit {
  uint64_t gen_cycle; /* cycle the packet was created */
  uint32_t dest;      /* destination node */
  uint8_t vc;         /* VC at the receiving input port */
  uint8_t flags;      /* FCSIM_FLIT_* */
  uint8_t hops;       /* links traversed so far (saturates at 255) */
  uint8_t route;      /* routing algorithm's per-packet state */
};

/* A flit in flight on a link. */
struct fcsim_link_slot {
  struct fcsim_flit flit;
  uint64_t arrival; /* first cycle the receiver may take it */
};

/* A credit in flight: Novo-G# credit flits carry each VC's free slots
 * (absolute); classic credits add one slot (relative). */
struct fcsim_credit_slot {
  uint64_t arrival;
  int32_t value;
  uint32_t vc;
};

/* Ring indices; the entries live in a pool at [base, base + mask + 1). */
struct fcsim_ring {
  uint32_t head;  /* index of the oldest entry (unmasked) */
  uint32_t count; /* entries in the ring */
  uint32_t mask;  /* capacity - 1, capacity a power of two */
  uint32_t pad;
  uint64_t base;  /* first entry in the pool */
};

static inline uint32_t fcsim_pow2_at_least(uint64_t n)
{
  uint32_t c = 1;
  while (c < n)
    c <<= 1;
  return c;
}

#endif
