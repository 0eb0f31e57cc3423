/* SPDX-License-Identifier: BSD-3-Clause */
/* The step context: everything a component (router, switch, endpoint) may
 * touch while it is stepped, besides its own state. The engine fills one per
 * partition and hands it to every step; components never see the engine.
 *   - now: the cycle being simulated; in_window: inside the measurement window;
 *   - links: the channels (send flits, return credits, read what arrived);
 *   - acc: the partition's statistics accumulator;
 *   - progress and flits-in-network counters for the watchdog and the drain;
 *   - a list of wake-up requests (node, cycle) the engine schedules after the
 *     step — a component asks to wake a node of its own partition only (the
 *     engine wakes readers of rings that cross partitions when it publishes
 *     them);
 *   - a list of packets delivered at their destination, when the workload
 *     wants to hear of them (trace dependencies), else NULL. */
#ifndef FCSIM_CHAN_CTX_H
#define FCSIM_CHAN_CTX_H

#include <stdint.h>

#include "core/clock.h"
#include "fcsim/error.h"
#include "chan/link.h"
#include "stats/stats.h"

/* A packet created by an endpoint, handed to the node's router. */
struct fcsim_packet {
  uint64_t gen_cycle; /* cycle it was created, of its source's clock */
  uint64_t gen_tick;  /* the same in engine ticks (its flits carry it for latencies) */
  uint32_t dest;      /* destination node (unicast) or table index */
  uint32_t aux;       /* message id or payload word */
  uint16_t flits;     /* length */
  uint8_t route;      /* routing algorithm's per-packet state (chosen at the source) */
  uint8_t flags;      /* FCSIM_FLIT_MEASURED and the packet type */
};

struct fcsim_wake {
  uint32_t node;
  uint64_t cycle;
};

/* A packet whose tail reached its destination endpoint. */
struct fcsim_delivery {
  uint32_t node;  /* where it was delivered */
  uint32_t aux;   /* the packet's aux word (message id, payload) */
  uint64_t cycle; /* tick its tail arrived */
};

struct fcsim_ctx {
  uint64_t now;                  /* the stepped node's cycle (its own clock) */
  uint64_t tick;                 /* the engine's time: where that cycle begins (= now with one clock) */
  const struct fcsim_clock *clk; /* the stepped node's clock */
  uint64_t age_div;              /* ticks per network.clock cycle, for ages given to arbiters (1 with one clock) */
  int latency_from_injection;    /* stats.latency_from = injection (routers with stamps_injection) */
  int in_window;                 /* now within the measurement window */
  int prefetch;                  /* the partition prefetches (sim.prefetch, engine.c): a step may ask for the
                                  * lines its next stage reads (hints only) */
  uint64_t train_horizon;        /* the first tick at which the engine reads the channels' flit counts or may
                                  * end the run (the window's next edge, the next checkpoint): a router that
                                  * sends a packet's later flits ahead (novog trains) sends none due there */
  struct fcsim_links *links;     /* every channel of the network */
  struct fcsim_stats_acc *acc;   /* this partition's statistics */
  uint64_t last_progress;        /* last cycle a flit moved in this partition */
  int64_t flits_in_network;      /* injected here minus ejected here */
  struct fcsim_wake *wakes;      /* requests made during the current step (engine-owned buffer) */
  uint32_t nwakes, wakes_cap;
  struct fcsim_delivery *deliveries; /* NULL unless the workload listens */
  uint32_t ndeliveries, deliveries_cap;
  int rc; /* first error raised in a step (FCSIM_ENOMEM, FCSIM_EINTERNAL) */
};

/* Asks the engine to step `node` (of this partition) at tick `cycle` > now
 * (the engine moves it to that node's next clock edge). */
/* The creation stamp (`gen`) of a packet's flit: the packet's creation tick,
 * except for the tail flit under stats.latency_from = injection, which
 * carries the tick its head entered the network (head_tick), so that the
 * latency recorded at the tail's ejection starts there. Arbitration ages are
 * read from head flits (novog) or from every flit (classic): under
 * `injection` a classic router's tail competes with that younger age. */
static inline uint32_t fcsim_ctx_flit_gen(const struct fcsim_ctx *ctx, uint64_t gen_tick, int tail, uint32_t head_tick)
{
  return ctx->latency_from_injection && tail ? head_tick : (uint32_t)gen_tick;
}

static inline void fcsim_ctx_wake(struct fcsim_ctx *ctx, uint32_t node, uint64_t cycle)
{
  if (ctx->nwakes < ctx->wakes_cap) {
    ctx->wakes[ctx->nwakes].node = node;
    ctx->wakes[ctx->nwakes].cycle = cycle;
    ctx->nwakes++;
  } else {
    ctx->rc = FCSIM_EINTERNAL; /* the buffer is sized for the largest step */
  }
}

/* Counts n flits entering the network from this cycle on, within the
 * measurement window's phase of this cycle (1 a cycle: fcsim_ctx_injected). */
static inline void fcsim_ctx_injected_n(struct fcsim_ctx *ctx, uint32_t n)
{
  if (ctx->in_window)
    ctx->acc->injected_flits_window += n;
  if (ctx->tick < ctx->acc->first_inject)
    ctx->acc->first_inject = ctx->tick;
  ctx->acc->flits_injected_total += n;
  ctx->flits_in_network += n;
}

/* Counts a flit entering the network at this cycle. */
static inline void fcsim_ctx_injected(struct fcsim_ctx *ctx)
{
  fcsim_ctx_injected_n(ctx, 1);
}

/* Counts a flit leaving the network at this cycle, reaching its node at
 * cycle `at` (of the node's clock); records the packet when it is a measured tail, and tells the
 * workload when it listens. */
void fcsim_ctx_ejected(struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_flit *f, uint64_t at);
/* The same for n flits of one packet leaving the network in this step (a
 * novog packet ejected whole, novog_train.h), `f` the last of them, reaching
 * its node at cycle `at`: the counts are per flit, the rest is the last
 * flit's (the others are counted, nothing more). */
void fcsim_ctx_ejected_run(struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_flit *f, uint32_t n, uint64_t at);

/* Sends flit `f` on channel c at cycle t of the sender's clock (after the
 * switch): counts the hop,
 * marks the input of the receiver pending and, within the partition, asks
 * for the receiver to be woken at the arrival (on a lazy_wake ring only when
 * the flit is the ring's oldest: the reader wakes itself for the later
 * ones). Returns 0 or -1 (full ring, counted as an overflow). */
static inline int fcsim_ctx_send_tick(struct fcsim_ctx *ctx, uint32_t c, const struct fcsim_flit *f, uint64_t tick);
static inline int fcsim_ctx_send(struct fcsim_ctx *ctx, uint32_t c, const struct fcsim_flit *f, uint64_t t)
{
  return fcsim_ctx_send_tick(ctx, c, f, fcsim_clock_tick(ctx->clk, t));
}

/* The same, at engine tick `tick` (where cycle t begins: a sender sending
 * several flits at one cycle converts it once). */
static inline int fcsim_ctx_send_tick(struct fcsim_ctx *ctx, uint32_t c, const struct fcsim_flit *f, uint64_t tick)
{
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[c];
  /* a non-cross ring publishes every push; a cross ring's head belongs to another thread */
  const int was_empty = !r->cross && r->pub == r->head;
  uint64_t arrival = fcsim_link_push(l, c, f, tick);
  if (!arrival) {
    ctx->acc->buffer_overflows++;
    return -1;
  }
  r->flits++; /* every flit; the window's share and the total are taken from these counts (engine.c) */
  ctx->last_progress = ctx->tick;
  if (r->cross)
    return 0; /* woken, and told which link to read, by its own partition */
  l->pending[r->reader] |= 1ull << r->reader_port;
  if (was_empty || !r->lazy_wake) /* else the reader wakes itself at the arrival */
    fcsim_ctx_wake(ctx, (uint32_t)r->reader, arrival);
  return 0;
}

/* The bookkeeping of fcsim_ctx_send_tick for a run of n flits written on
 * channel c within the partition (fcsim_link_run_slot), the first arriving
 * at tick `first_arrival`, on a ring whose reader tracks arrivals (lazy_wake):
 * `was_empty` is whether the ring was empty before them. */
static inline void fcsim_ctx_sent_run(struct fcsim_ctx *ctx, uint32_t c, uint32_t n, int was_empty,
                                      uint64_t first_arrival)
{
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[c];
  r->flits += n;
  l->pending[r->reader] |= 1ull << r->reader_port;
  if (was_empty)
    fcsim_ctx_wake(ctx, (uint32_t)r->reader, first_arrival);
}

#endif
