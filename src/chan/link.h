/* SPDX-License-Identifier: BSD-3-Clause */
/* src/chan/: the channels between nodes (delay-line rings of flits and
 * credits), the step context a component is stepped with (ctx.h), latency
 * laws (link_model.c) and framing arithmetic (framing.h); below every
 * component, above graph/, stats/ and core/.
 *
 * Links as delay lines. A flit sent at cycle t on a link of latency L is
 * visible to the receiver from cycle t+L; credits travel the other way on
 * their own delay line. Both are rings of entries stamped with their arrival
 * cycle, stored by value in one pool per network: no allocation per flit.
 * One router writes a ring and one router reads it, and a reader only takes
 * entries whose arrival cycle has come, so the order in which routers are
 * stepped within a cycle cannot change what they see. */
#ifndef FCSIM_CHAN_LINK_H
#define FCSIM_CHAN_LINK_H

#include <stdint.h>

#include "graph/graph.h"

struct fcsim_link_dir_stats;

/* Flit flags. */
#define FCSIM_FLIT_HEAD     0x01u
#define FCSIM_FLIT_TAIL     0x02u
#define FCSIM_FLIT_MEASURED 0x04u /* created in the measurement window */
#define FCSIM_FLIT_CLASS1   0x08u /* dateline VC class 1 */
/* Link rings only: this slot and the next hold a whole packet (a train
 * entry, below); never in a flit taken off a ring. */
#define FCSIM_FLIT_TRAIN 0x40u

/* Packet types (flags bits 4-5). Unicast packets go to `dest`; multicast and
 * reduction packets are routed by table and carry the table index in `dest`. */
#define FCSIM_FLIT_TYPE_MASK 0x30u
#define FCSIM_PKT_UNICAST    0x00u
#define FCSIM_PKT_MULTICAST  0x10u
#define FCSIM_PKT_REDUCTION  0x20u

/* One flit, 16 bytes. Every flit of a packet carries the packet's fields, so
 * a router never looks a packet up. The creation cycle is kept modulo 2^32:
 * ages and latencies are differences, exact below 2^32 cycles (27 s of
 * simulated time at 156.25 MHz). */
struct fcsim_flit {
  uint32_t gen;  /* low 32 bits of the cycle the packet was created */
  uint32_t dest; /* destination node (unicast) or table index */
  uint32_t aux;  /* message id (trace workloads) or payload word (reductions) */
  uint8_t vc;    /* VC at the receiving input port */
  uint8_t flags; /* FCSIM_FLIT_*, packet type */
  uint8_t hops;  /* links traversed so far (saturates at 255) */
  uint8_t route; /* routing algorithm's per-packet state */
};
_Static_assert(sizeof(struct fcsim_flit) == 16, "a flit is 16 bytes");

/* Cycles since the packet of `f` was created. */
static inline uint64_t fcsim_flit_age(const struct fcsim_flit *f, uint64_t now)
{
  return (uint32_t)((uint32_t)now - f->gen);
}

/* Arrival stamps. A ring entry keeps its arrival tick modulo 2^32; the full
 * 64-bit time is the engine's. A stamp s is read against a tick t of the
 * reader as the tick within 2^31 of t: exact while no entry arrives more
 * than FCSIM_STAMP_AHEAD_MAX_TICKS after the tick it is pushed at (set-up
 * refuses a channel whose latency could: build.c, and a model's own credit
 * delay is refused by the model) and no arrived entry waits in its ring more
 * than 2^31 - FCSIM_STAMP_AHEAD_MAX_TICKS ticks: every 2^29 ticks the engine
 * moves the stamps of arrived entries still in a ring up to its time
 * (engine.c, stamps_refresh), so an entry left by a reader that is not
 * stepped for a long time (a credit without a wake) stays arrived. */
#define FCSIM_STAMP_AHEAD_MAX_TICKS (1ull << 30)

static inline uint32_t fcsim_stamp_of(uint64_t tick)
{
  return (uint32_t)tick;
}

/* 1 if the entry stamped `s` has not arrived by `tick`. */
static inline int fcsim_stamp_after(uint32_t s, uint64_t tick)
{
  return (int32_t)(s - (uint32_t)tick) > 0;
}

/* The full tick of stamp `s`, read against `tick`. */
static inline uint64_t fcsim_stamp_tick(uint32_t s, uint64_t tick)
{
  return tick + (uint64_t)(int64_t)(int32_t)(s - (uint32_t)tick);
}

/* The second slot of a train entry (novog trains, router/vc/novog_train.h):
 * a packet sent whole, written as two slots instead of one a flit. The
 * first slot holds the packet's head flit, flagged FCSIM_FLIT_TRAIN and
 * stamped with the arrival of the next flit the reader has not taken; once
 * the head is taken, its head flag is cleared: it is then every body flit.
 * This one holds what the tail does not share with them (its gen) and is
 * stamped with the tail's arrival. The flits arrive one a tick, except that
 * a tick equal to skip_stamp is skipped (the sender's credit cycles, which
 * stop a train), the next skip `period` ticks later. Nothing reads it as a
 * flit: readers look at an entry's first slot. */
struct fcsim_link_train {
  uint32_t tail_gen;   /* the tail flit's gen (the others have the head's) */
  uint32_t skip_stamp; /* the next arrival tick skipped, modulo 2^32 */
  uint32_t left;       /* flits not taken yet (the packet's flits when written, >= 2) */
  uint32_t period;     /* ticks between skipped arrivals */
};
_Static_assert(sizeof(struct fcsim_link_train) == 16, "a train entry's second slot holds 16 bytes");

/* A flit in flight on a link, 20 bytes (or half of a train entry). */
struct fcsim_link_slot {
  union {
    struct fcsim_flit flit;
    struct fcsim_link_train train; /* the second slot of a train entry */
  };
  uint32_t arrival_stamp; /* first tick the receiver may take it, modulo 2^32 */
};
_Static_assert(sizeof(struct fcsim_link_slot) == 20, "a link-ring slot is 20 bytes");

/* A credit in flight, 12 bytes: Novo-G# credit flits carry each VC's free
 * slots (absolute); classic credits add one slot (relative). */
struct fcsim_credit_slot {
  uint32_t arrival_stamp; /* modulo 2^32, as a link slot's */
  int32_t value;
  uint16_t vc;
  uint16_t wake; /* 1: the reader must be stepped when it arrives (a partition that
                  * publishes the ring wakes it; within a partition the sender does) */
};
_Static_assert(sizeof(struct fcsim_credit_slot) == 12, "a credit-ring slot is 12 bytes");

/* A single-producer single-consumer ring; its entries live in a pool at
 * [base, base + mask + 1). The writer owns `tail`, the reader owns `head`;
 * the reader sees entries up to `pub`. A ring between two routers of the same
 * partition publishes on every push; a ring that crosses partitions is
 * published by its writer's partition at the end of each window, so the reader
 * never looks at an entry while it is being written. Indices are free-running
 * 32-bit counters (mask them to index the pool). */
struct fcsim_ring {
  uint32_t head;     /* reader: next entry to take */
  uint32_t tail;     /* writer: next entry to fill */
  uint32_t pub;      /* entries [head, pub) are visible to the reader */
  uint32_t scan;     /* cross rings: reader's scan position for wake-ups */
  uint32_t mask;     /* capacity - 1, capacity a power of two */
  uint8_t cross;     /* 1 if writer and reader are in different partitions */
  uint8_t lazy_wake; /* data rings: the reader's model tracks the arrival of the
                      * oldest entry it has seen (fcsim_router_ops.tracks_arrivals),
                      * so it is woken only when the ring turns non-empty */
  uint16_t remote;   /* 1 if they are on different MPI ranks: the writer's copy
                      * only stages entries until they are sent */
  uint64_t base;     /* first entry in the pool */
  /* the channel as a push needs it, copied from the graph at set-up
   * (fcsim_ring_set_channel): with the indices in one 64-byte line (the
   * arrays are 64-byte aligned), a push reads and writes no other line of
   * the channel's but the entry's */
  int32_t reader;       /* the node that reads the ring: the channel's dst (data), its src (credits) */
  uint16_t reader_port; /* its port there */
  uint8_t jitter;       /* data: the latency varies (fcsim_link_jitter_arrival) */
  uint8_t pad0;
  uint32_t latency_ticks; /* data: the channel's latency_ticks; credits: its credit_latency_ticks */
  uint32_t pad1;
  uint64_t flits; /* data: flits written during the run (fcsim_links.link_flits after it: engine.c) */
  uint64_t pad2;
};
_Static_assert(sizeof(struct fcsim_ring) == 64, "a ring's record is one cache line");

/* Copies what a push reads of channel ch into its data ring and its credit
 * ring (build.c; tests that make rings by hand). */
static inline void fcsim_ring_set_channel(struct fcsim_ring *data, struct fcsim_ring *credit,
                                          const struct fcsim_chan *ch)
{
  data->reader = ch->dst;
  data->reader_port = ch->dst_port;
  data->jitter = ch->latency_sd_ticks > 0;
  data->latency_ticks = ch->latency_ticks;
  credit->reader = (int32_t)ch->src;
  credit->reader_port = ch->src_port;
  credit->latency_ticks = ch->credit_latency_ticks;
}

/* Entries the reader can see. */
static inline uint32_t fcsim_ring_visible(const struct fcsim_ring *r)
{
  /* acquire: pairs with the writer partition's release at the end of its
   * window, so the entries before `pub` are complete when seen */
  return r->pub - r->head;
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

/* Takes the n entries at head (the reader). */
static inline void fcsim_ring_pop_n(struct fcsim_ring *r, uint32_t n)
{
  __atomic_store_n(&r->head, r->head + n, __ATOMIC_RELAXED);
}

/* Completes a push: the entry at tail is written. */
static inline void fcsim_ring_commit(struct fcsim_ring *r)
{
  r->tail++;
  if (!r->cross)
    r->pub = r->tail;
}

/* Every link of a network: a data ring per channel (graph slot) and a ring
 * carrying that channel's flow-control information back to its sender, with
 * their entry pools, the per-node masks of input links that may hold flits,
 * and the per-channel flit counts of the measurement window. Owned by the
 * engine; components reach it through their step context. */
struct fcsim_links {
  const struct fcsim_graph *g;
  struct fcsim_ring *chan;              /* [nslots] data leaving each slot (from malloc) */
  struct fcsim_link_slot *chan_pool;    /* (from malloc) */
  struct fcsim_ring *cchan;             /* [nslots] credits for channel c, read by its sender (from malloc) */
  struct fcsim_credit_slot *cchan_pool; /* (from malloc) */
  uint64_t *pending;                    /* [nodes] bit q: the channel into input q may hold flits (from malloc) */
  uint64_t *cpending;                   /* [nodes] bit p: the credit ring of output p may hold entries (from malloc) */
  uint64_t *in_due;                     /* [nslots] reader's cache: arrival tick of the oldest flit of the
                                         * channel into this slot when not yet due, 0 = look at the ring */
  uint64_t *credit_due;                 /* [nslots] the same for the credit ring of channel (slot) */
  uint64_t *jitter_last;                /* [nslots] arrival tick of the last flit pushed on a channel whose
                                         * latency varies (FIFO order), 0 = none yet; NULL when no channel
                                         * has jitter (from malloc) */
  uint64_t *link_flits;                 /* [nslots] after the run, the data flits sent on each channel in the
                                         * measurement window (during it they are counted in chan[c].flits;
                                         * engine.c; from malloc) */
  uint64_t *link_flits_mark;            /* [nslots] chan[c].flits at the window's start, then the window's
                                         * count, taken by the sender's partition (engine.c; from malloc) */
  struct fcsim_link_dir_stats *dir_stats; /* [nslots] protocol lines' figures, filled by the adapters' reports;
                                           * NULL when the graph has no adapters (from malloc) */
  uint64_t seed;                          /* keys the jitter streams */
  uint32_t lanes;                         /* jitter draws per flit, the latest taken (network.link_lanes; >= 1) */
  double lane_mean_sd_ticks;              /* SD of each lane's own mean (network.link_lane_spread), 0 = none */
};

static inline uint32_t fcsim_pow2_at_least(uint64_t n)
{
  uint32_t c = 1;
  while (c < n)
    c <<= 1;
  return c;
}

/* 1 if some channel of g has a latency that varies (jitter): the links then
 * keep jitter_last. */
static inline int fcsim_links_have_jitter(const struct fcsim_graph *g)
{
  for (int64_t c = 0; c < g->nslots; c++)
    if (g->chan[c].latency_sd_cycles > 0)
      return 1;
  return 0;
}

/* Arrival tick of the next flit sent at tick `t` on channel c whose latency
 * varies (jitter, link_model.c): a Gaussian draw, never before the flit sent
 * before it (kept in l->jitter_last[c], which this updates). (Ticks are
 * cycles when every node shares one clock: core/clock.h.) */
uint64_t fcsim_link_jitter_arrival(struct fcsim_links *l, uint32_t c, uint64_t t);

/* Per-flit credits of every VC that have arrived on the credit ring of
 * channel (slot) c by `tick`: taken from the ring and returned as one sum
 * (models that count credits per output, not per VC). */
static inline int32_t fcsim_link_take_credits(struct fcsim_links *l, uint32_t c, uint64_t tick)
{
  struct fcsim_ring *cr = &l->cchan[c];
  int32_t sum = 0;
  while (fcsim_ring_visible(cr)) {
    const struct fcsim_credit_slot *s = &l->cchan_pool[cr->base + (cr->head & cr->mask)];
    if (fcsim_stamp_after(s->arrival_stamp, tick))
      break;
    sum += s->value;
    fcsim_ring_pop(cr);
  }
  return sum;
}

/* Puts `f`, leaving the sender's switch at tick `t`, on channel c. Returns
 * its arrival tick, or 0 when the ring is full (sized so that this cannot
 * happen; counted by the caller, never corrupting). */
static inline uint64_t fcsim_link_push(struct fcsim_links *l, uint32_t c, const struct fcsim_flit *f, uint64_t t)
{
  struct fcsim_ring *r = &l->chan[c];
  if (!fcsim_ring_has_room(r))
    return 0;
  uint64_t arrival = r->jitter ? fcsim_link_jitter_arrival(l, c, t) : t + r->latency_ticks;
  struct fcsim_link_slot *s = &l->chan_pool[r->base + (r->tail & r->mask)];
  s->flit = *f;
  s->arrival_stamp = fcsim_stamp_of(arrival);
  fcsim_ring_commit(r);
  return arrival;
}

/* A run of flits written at once (novog trains): the k-th slot after the
 * ring's tail of channel c, to fill before fcsim_link_commit_run. The caller
 * has checked the room (tail - head + n <= mask + 1) and that c has no
 * jitter; each slot's stamp is its own arrival. */
static inline struct fcsim_link_slot *fcsim_link_run_slot(struct fcsim_links *l, uint32_t c, uint32_t k)
{
  const struct fcsim_ring *r = &l->chan[c];
  return &l->chan_pool[r->base + ((r->tail + k) & r->mask)];
}
static inline void fcsim_link_commit_run(struct fcsim_links *l, uint32_t c, uint32_t n)
{
  struct fcsim_ring *r = &l->chan[c];
  r->tail += n;
  if (!r->cross)
    r->pub = r->tail;
}

/* The k-th entry from the reader's head of channel c's ring r. */
static inline struct fcsim_link_slot *fcsim_link_head_slot(const struct fcsim_links *l, const struct fcsim_ring *r,
                                                           uint32_t k)
{
  return &l->chan_pool[r->base + ((r->head + k) & r->mask)];
}

/* Takes the next flit of the train entry at the head of ring r (a, its first
 * slot, arrived): the head, a body flit or the tail. The entry leaves the
 * ring with its tail; else its first slot becomes the next flit, stamped
 * with its arrival. */
static inline struct fcsim_flit fcsim_link_take_train(const struct fcsim_links *l, struct fcsim_ring *r,
                                                      struct fcsim_link_slot *a)
{
  struct fcsim_link_slot *b = fcsim_link_head_slot(l, r, 1);
  struct fcsim_flit f = a->flit;
  f.flags &= (uint8_t)~FCSIM_FLIT_TRAIN;
  if (--b->train.left == 0) {
    f.flags |= FCSIM_FLIT_TAIL;
    f.gen = b->train.tail_gen;
    fcsim_ring_pop_n(r, 2);
    return f;
  }
  a->flit.flags &= (uint8_t)~FCSIM_FLIT_HEAD;
  uint32_t next = a->arrival_stamp + 1;
  if (next == b->train.skip_stamp) {
    next++;
    b->train.skip_stamp += b->train.period;
  }
  a->arrival_stamp = next;
  return f;
}

/* The first slot of the train entry at the head of ring r if its head has
 * been taken (the rest of its packet waits there: router/vc/novog_train.h,
 * deferred), else NULL. */
static inline const struct fcsim_link_slot *fcsim_link_entry_taken(const struct fcsim_links *l,
                                                                   const struct fcsim_ring *r)
{
  const struct fcsim_link_slot *a = fcsim_link_head_slot(l, r, 0);
  return fcsim_ring_visible(r) && (a->flit.flags & (FCSIM_FLIT_TRAIN | FCSIM_FLIT_HEAD)) == FCSIM_FLIT_TRAIN ? a : NULL;
}

/* The flits of the entry at the head of ring r whose head has been taken
 * (fcsim_link_entry_taken) that have arrived by `tick` and are not taken
 * yet; 0 when there is no such entry. *vc: the entry's VC (if not NULL). Its
 * next flit arrives at its first slot's stamp, the others one a tick after,
 * skipping skip_stamp and every period after it. */
static inline uint32_t fcsim_link_entry_arrived(const struct fcsim_links *l, const struct fcsim_ring *r, uint64_t tick,
                                                int *vc)
{
  const struct fcsim_link_slot *a = fcsim_link_entry_taken(l, r), *b = fcsim_link_head_slot(l, r, 1);
  if (!a || fcsim_stamp_after(a->arrival_stamp, tick))
    return 0;
  if (vc)
    *vc = a->flit.vc;
  const uint64_t next = fcsim_stamp_tick(a->arrival_stamp, tick), skip = fcsim_stamp_tick(b->train.skip_stamp, tick);
  uint64_t n = tick - next + 1;
  if (skip <= tick)
    n -= (tick - skip) / b->train.period + 1;
  return n < b->train.left ? (uint32_t)n : b->train.left;
}

/* Takes the flit at the head of ring r, arrived: a flit's slot, or the next
 * flit of a train entry. */
static inline struct fcsim_flit fcsim_link_take(const struct fcsim_links *l, struct fcsim_ring *r)
{
  struct fcsim_link_slot *a = fcsim_link_head_slot(l, r, 0);
  if (a->flit.flags & FCSIM_FLIT_TRAIN)
    return fcsim_link_take_train(l, r, a);
  struct fcsim_flit f = a->flit;
  fcsim_ring_pop(r);
  return f;
}

/* Queues a credit entry for channel c (written by c's receiver). Returns 0,
 * or -1 when the ring is full (never expected). */
static inline int fcsim_link_credit(struct fcsim_links *l, uint32_t c, uint32_t vc, int32_t value, uint64_t arrival,
                                    int wake)
{
  struct fcsim_ring *r = &l->cchan[c];
  if (!fcsim_ring_has_room(r))
    return -1;
  struct fcsim_credit_slot *s = &l->cchan_pool[r->base + (r->tail & r->mask)];
  s->arrival_stamp = fcsim_stamp_of(arrival);
  s->value = value;
  s->vc = (uint16_t)vc;
  s->wake = (uint16_t)wake;
  fcsim_ring_commit(r);
  if (!r->cross) /* a ring read in another partition is flagged when published */
    l->cpending[r->reader] |= 1ull << r->reader_port;
  return 0;
}

/* Smallest and largest latency, in ticks, a flit can see on channel c
 * (jitter is truncated at 4 standard deviations, and never below one tick). */
uint64_t fcsim_link_min_latency(const struct fcsim_chan *ch);
uint64_t fcsim_link_max_latency(const struct fcsim_chan *ch);

#endif
