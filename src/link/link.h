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

/* A single-producer single-consumer ring; its entries live in a pool at
 * [base, base + mask + 1). The writer owns `tail`, the reader owns `head`;
 * the reader sees entries up to `pub`. A ring between two routers of the same
 * partition publishes on every push; a ring that crosses partitions is
 * published by its writer's partition at the end of each window, so the reader
 * never looks at an entry while it is being written. Indices are free-running
 * 32-bit counters (mask them to index the pool). */
struct fcsim_ring {
  uint32_t head;  /* reader: next entry to take */
  uint32_t tail;  /* writer: next entry to fill */
  uint32_t pub;   /* entries [head, pub) are visible to the reader */
  uint32_t scan;  /* cross rings: reader's scan position for wake-ups */
  uint32_t mask;  /* capacity - 1, capacity a power of two */
  uint16_t cross; /* 1 if writer and reader are in different partitions */
  uint16_t remote;/* 1 if they are on different MPI ranks: the writer's copy
                   * only stages entries until they are sent */
  uint64_t base;  /* first entry in the pool */
};

/* Entries the reader can see. */
static inline uint32_t fcsim_ring_visible(const struct fcsim_ring *r)
{
  /* acquire: pairs with the writer partition's release at the end of its
   * window, so the entries before `pub` are complete when seen */
  return __atomic_load_n(&r->pub, __ATOMIC_ACQUIRE) - r->head;
}

/* 1 if the writer may add an entry (the reader's head may lag: conservative).
 * The writer's copy of a ring read on another rank is never popped there; its
 * entries are sent at the end of the window, which the capacity covers. */
static inline int fcsim_ring_has_room(const struct fcsim_ring *r)
{
  return r->remote || r->tail - __atomic_load_n(&r->head, __ATOMIC_RELAXED) <= r->mask;
}

/* Takes the entry at head (the reader). */
static inline void fcsim_ring_pop(struct fcsim_ring *r)
{
  __atomic_store_n(&r->head, r->head + 1, __ATOMIC_RELAXED);
}

/* Completes a push: the entry at tail is written. */
static inline void fcsim_ring_commit(struct fcsim_ring *r)
{
  r->tail++;
  if (!r->cross)
    r->pub = r->tail;
}

static inline uint32_t fcsim_pow2_at_least(uint64_t n)
{
  uint32_t c = 1;
  while (c < n)
    c <<= 1;
  return c;
}

#endif
