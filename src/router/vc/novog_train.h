/* SPDX-License-Identifier: BSD-3-Clause */
/* Novo-G# trains (docs/PERFORMANCE.md, issue 34 step 4): a packet moves
 * whole where flit by flit would move the same flits at the same cycles.
 *   - Sending: once a head has won an output, nothing stops its packet but
 *     the credit cycles: flit i leaves at the i-th cycle from the win that is
 *     not a credit cycle, provided it has arrived by then. When every flit is
 *     known at the win — buffered in the input VC, or already on the input
 *     link with its arrival stamp, each arriving before the flit ahead of it
 *     leaves — the router writes the whole packet on the output link at
 *     once: where every node is of its kind (train_entries), a packet of 3
 *     flits or more as one train entry of two slots (chan/link.h); else
 *     each flit stamped with its own arrival. The receiver takes an entry's
 *     head into its VC at its arrival and leaves the rest on the ring
 *     (deferred) until the tail's arrival, when it takes them all: a train
 *     sent onward takes them whole from there, so a packet that arrives and
 *     leaves whole is copied into no VC but its head; one that leaves flit
 *     by flit takes those that have arrived first (novog_undefer), the rest
 *     at their arrivals.
 *   - Injecting: the node's own packet, once started, leaves one flit each
 *     cycle that is not a credit cycle; it is written whole at its start.
 *   - Ejecting: a packet picked to eject leaves one flit a cycle (credit
 *     cycles too) when its flits are there; it is ejected whole at the pick,
 *     each flit counted at its own cycle.
 * What flit mode would do along the way is kept as arithmetic on the train:
 *   - the input VC stays busy (busy_count) to the tail's departure, with no
 *     gap: no flit of the train enters it empty, so max_busy_vcs is unchanged;
 *   - a credit flit reports the flits present at its cycle, arrived minus
 *     departed (novog_train_in, novog_eject_train_in), and those of a
 *     deferred entry that have arrived (novog_deferred_in);
 *   - the downstream VC's credits lose every flit at the win, and a count
 *     arriving during the train loses those leaving at or after its arrival
 *     (vc_train_credit_lag);
 *   - the input port is marked changed to the tail's departure (a max), and
 *     the output, the downstream VC, the ejection port and the input VC are
 *     released at the first step after it, before anything else: decisions
 *     are made only in steps, so none sees the difference;
 *   - no train crosses the engine's train_horizon, where the channels' flit
 *     counts are read or the run may end; a workload that listens to
 *     deliveries hears of each packet in its own step, so ejection stays flit
 *     by flit for it.
 * Trains run where this holds exactly: one clock, links of one flit a cycle
 * with no jitter between two novog routers of one partition, routing that
 * does not read credits, greedy VC allocation, no escape VCs (sh->trains and
 * the node's train_outs); anywhere else, and for any packet whose flits are
 * not all known, the router moves it flit by flit as before. sim.trains = off
 * turns them off (tests compare the two). */
#ifndef FCSIM_ROUTER_VC_NOVOG_TRAIN_H
#define FCSIM_ROUTER_VC_NOVOG_TRAIN_H

#include "router/vc/vc.h"

/* A train's flits in its input VC by cycle c, before any has left: those
 * buffered when it started, and those taken ahead that have arrived (one a
 * tick from ahead_tick). */
static inline uint64_t novog_train_arrived(uint32_t flits, uint32_t buffered, uint64_t ahead_tick, uint64_t c)
{
  const uint64_t ahead = flits - buffered;
  if (c < ahead_tick)
    return buffered;
  return buffered + (c - ahead_tick + 1 < ahead ? c - ahead_tick + 1 : ahead);
}

/* The flits of the packet ejecting whole at input port q (e) in its VC at
 * credit cycle c (ejection comes before the credit flit in a step). */
static inline uint32_t novog_eject_train_in(const struct vc_eject_train *e, uint64_t c)
{
  const uint64_t left = c >= e->start ? (c - e->start + 1 < e->flits ? c - e->start + 1 : e->flits) : 0;
  return (uint32_t)(novog_train_arrived(e->flits, e->buffered, e->ahead_tick, c) - left);
}

/* The flits of the train held by output o present in its input VC at credit
 * cycle c (between its head's and its tail's departures). */
static inline uint32_t novog_train_in(const struct fcsim_outport *o, uint64_t c, uint64_t period)
{
  return (uint32_t)(novog_train_arrived(o->train_flits, o->train_buffered, o->train_ahead_tick, c) -
                    vc_train_departed(o, c, period));
}

/* Takes the front flit of VC vi, which a train sends (no stage change: the
 * VC stays busy as the train's until its release). */
static inline void novog_train_pop(const struct vc_shared *sh, struct vc_node *n, int vi)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  const uint32_t head = vc->head;
  vc->count--;
  n->h->buffered--;
  if (vc->count == 0) {
    vc_chunk_give(n, head >> sh->chunk_shift);
  } else if (((head + 1) & sh->chunk_mask) == 0) {
    const uint32_t c = head >> sh->chunk_shift;
    vc->head = n->chunk_next[c] << sh->chunk_shift;
    vc_chunk_give(n, c);
  } else {
    vc->head = head + 1;
  }
}

/* The flits of VC vi's front packet that are buffered (up to its tail, or
 * all of them); *tail: the tail is among them. */
static inline uint32_t novog_train_buffered(const struct vc_shared *sh, const struct vc_node *n, int vi, int *tail)
{
  const struct fcsim_vc *vc = &n->vcs[vi];
  uint32_t slot = vc->head;
  for (uint32_t i = 0; i < vc->count; i++) {
    if (n->buf[slot].flags & FCSIM_FLIT_TAIL) {
      *tail = 1;
      return i + 1;
    }
    slot = ((slot + 1) & sh->chunk_mask) ? slot + 1 : n->chunk_next[slot >> sh->chunk_shift] << sh->chunk_shift;
  }
  *tail = 0;
  return vc->count;
}

/* A packet whose head arrived in a train entry leaves that entry on its
 * input ring until its tail arrives (vc_receive: deferred), unless a train
 * takes it first: only the head enters the VC. Before such a packet leaves
 * flit by flit (it won an output, or ejects, and no train took it), this
 * takes the flits of its entry that have arrived into VC vi (input q) and
 * lets the receive loop take the rest at their arrivals. Nothing reads the
 * VC's flits behind a head waiting in it but a credit flit, which counts an
 * entry's arrivals (send_credit_flit), and the port is marked changed to the
 * head's arrival plus credit_dirty_cycles, past the tail's arrival (a train
 * spans at most credit_dirty_cycles), as flit by flit. */
void novog_undefer(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int q, int vi);

/* The flits of a deferred entry on input q's ring that have arrived by now,
 * which a credit flit counts in their VC (*vc). */
static inline uint32_t novog_deferred_in(const struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                         const struct vc_node *n, int q, int *vc)
{
  if (!sh->train_entries)
    return 0;
  const struct fcsim_links *l = ctx->links;
  return fcsim_link_entry_arrived(l, &l->chan[sh->g->in_chan[n->slot0 + (uint32_t)q]], ctx->tick, vc);
}

int novog_train_send(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int p,
                     struct fcsim_outport *o, int vi, int q);
void novog_train_release(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n);
/* Sends the node's packet that has just started on output p whole, as
 * send_injected would flit by flit (never stopped once started); returns 1 if
 * it did, 0 to send it flit by flit. */
/* Ejects the packet of VC vi at input port q, just picked to eject, whole:
 * one flit a cycle from now, as eject would (never stopped once its flits are
 * there); returns 1 if it did, 0 to eject it flit by flit. */
int novog_eject_train(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int q, int vi);
int novog_inject_train(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int p,
                       struct fcsim_outport *o);

/* Sends the packet of VC vi (input q), which has just won output p, as a
 * train when every flit of it is known and the train is exact (above);
 * returns 1 if it did, 0 to send it flit by flit. */
static inline __attribute__((always_inline)) int novog_train_try(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                                 struct vc_node *n, int p, struct fcsim_outport *o,
                                                                 int vi, int q)
{
  if (!((n->h->train_outs >> p) & 1u) || n->in_bw_flits[q] != 1)
    return 0;
  return novog_train_send(ctx, sh, n, p, o, vi, q);
}

/* Releases the outputs whose trains' tails left before this cycle: called
 * first in a step. */
static inline __attribute__((always_inline)) void novog_train_release_due(struct fcsim_ctx *ctx,
                                                                          const struct vc_shared *sh, struct vc_node *n)
{
  if (ctx->now > n->h->train_next)
    novog_train_release(ctx, sh, n);
}

#endif
