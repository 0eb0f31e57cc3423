/* SPDX-License-Identifier: BSD-3-Clause */
/* The port kit: what a router model without VCs (crossbar, bee3,
 * ethswitch, vcsn, voq, ring) and the link adapters (fc-link, tnw-link) do
 * at their ports, written once:
 *   receive       flits whose arrival has come, off an input channel, each
 *                 handed to the model (fcsim_port_drain: one input;
 *                 fcsim_port_receive: every input marked pending);
 *   take credits  per-flit credits that have arrived for the outputs, into
 *                 the model's counts (fcsim_port_take_credits, summed over
 *                 VCs; fcsim_port_take_vc_credits, per VC);
 *   return        credits for freed input slots to the sender
 *                 (fcsim_port_return_credits);
 *   can-send      an output may send: an ejection port always, a link while
 *                 a credit is left (fcsim_port_can_send); sending one flit
 *                 takes the credit and counts the hop (fcsim_port_send);
 *   inject, cut   the front packet of a source queue into flits, one per
 *                 call, head and tail marked (fcsim_port_inject_next,
 *                 fcsim_port_injected, fcsim_port_cut);
 *   deadlock      which buffer an input FIFO's front packet waits for
 *                 (fcsim_port_fifo_waits_for);
 *   items         a descriptor flit with `hops` data flits behind it, sent
 *                 and received as one (the adapters' line side:
 *                 fcsim_port_send_burst, fcsim_port_item_arrived).
 * A port is numbered as in the graph: input q of a node arrives at graph
 * slot slot0 + q, output o leaves from slot0 + o (slot0: the node's first
 * slot, fcsim_graph.port_base). The functions on the per-flit path are
 * inline; they read and write only the step context's channels and counters
 * and what the model passes in. The VC routers (router/vc/) keep their own
 * receive and send paths. */
#ifndef FCSIM_ROUTER_PORT_H
#define FCSIM_ROUTER_PORT_H

#include <stddef.h>
#include <stdint.h>

#include "chan/ctx.h"
#include "router/pktq.h"
#include "router/router.h"

/* A model's receiver of one flit that arrived at input `port` (the kit pops
 * it off the channel afterwards: `f` is valid during the call only). */
typedef void (*fcsim_port_take_fn)(struct fcsim_ctx *ctx, void *arg, int port, const struct fcsim_flit *f);

/* The front flit of data ring r when it has arrived by `tick`, else NULL. */
static inline const struct fcsim_flit *fcsim_port_arrived(const struct fcsim_links *l, const struct fcsim_ring *r,
                                                          uint64_t tick)
{
  if (!fcsim_ring_visible(r))
    return NULL;
  const struct fcsim_link_slot *s = &l->chan_pool[r->base + (r->head & r->mask)];
  return fcsim_stamp_after(s->arrival_stamp, tick) ? NULL : &s->flit;
}

/* Receive on one input: every flit that has arrived at input q of `node`
 * (first slot slot0) by ctx->tick, oldest first, to take(); clears the
 * input's pending mark once its channel is empty. Returns the flits taken. */
static inline int32_t fcsim_port_drain(struct fcsim_ctx *ctx, uint32_t node, uint32_t slot0, int q,
                                       fcsim_port_take_fn take, void *arg)
{
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[l->g->in_chan[slot0 + (uint32_t)q]];
  const struct fcsim_flit *f;
  int32_t got = 0;
  while ((f = fcsim_port_arrived(l, r, ctx->tick))) {
    take(ctx, arg, q, f);
    fcsim_ring_pop(r);
    got++;
  }
  if (!fcsim_ring_visible(r))
    l->pending[node] &= ~(1ull << q);
  return got;
}

/* Receive on every input of `node` marked pending (fcsim_port_drain each). */
static inline void fcsim_port_receive(struct fcsim_ctx *ctx, uint32_t node, uint32_t slot0, fcsim_port_take_fn take,
                                      void *arg)
{
  for (uint64_t m = ctx->links->pending[node]; m; m &= m - 1)
    fcsim_port_drain(ctx, node, slot0, __builtin_ctzll(m), take, arg);
}

/* Take credits: the per-flit credits (of every VC) that have arrived by
 * ctx->tick for outputs [0, radix), each added to its output's count; the
 * counts are int32_t fields `stride_bytes` apart from *credits0 (the
 * `credits` member of the model's array of outputs). */
static inline void fcsim_port_take_credits(struct fcsim_ctx *ctx, uint32_t slot0, int radix, int32_t *credits0,
                                           size_t stride_bytes)
{
  struct fcsim_links *l = ctx->links;
  const uint64_t tick = ctx->tick;
  char *at = (char *)credits0;
  for (int o = 0; o < radix; o++, at += stride_bytes)
    *(int32_t *)at += fcsim_link_take_credits(l, slot0 + (uint32_t)o, tick);
}

/* The same per VC for the output leaving graph slot `slot`: a credit of
 * VC v < vcs is added to the count at credits0 + v * stride_bytes; a credit
 * for a VC the model does not have is taken and dropped. */
static inline void fcsim_port_take_vc_credits(struct fcsim_ctx *ctx, uint32_t slot, int vcs, int32_t *credits0,
                                              size_t stride_bytes)
{
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *cr = &l->cchan[slot];
  while (fcsim_ring_visible(cr)) {
    const struct fcsim_credit_slot *s = &l->cchan_pool[cr->base + (cr->head & cr->mask)];
    if (fcsim_stamp_after(s->arrival_stamp, ctx->tick))
      break;
    if (s->vc < vcs)
      *(int32_t *)((char *)credits0 + s->vc * stride_bytes) += s->value;
    fcsim_ring_pop(cr);
  }
}

/* Returns `n` credits of VC vc for slots freed at input q to the sender of
 * its channel, arriving after the channel's credit latency (the credit ring
 * is sized so that it cannot fill: a full one is counted as an overflow). */
static inline void fcsim_port_return_credits(struct fcsim_ctx *ctx, uint32_t slot0, int q, uint32_t vc, int32_t n)
{
  int32_t c = ctx->links->g->in_chan[slot0 + (uint32_t)q];
  if (fcsim_link_credit(ctx->links, (uint32_t)c, vc, n, ctx->tick + ctx->links->cchan[c].latency_ticks, 0))
    ctx->acc->buffer_overflows++;
}

/* Can-send: output o of a node with `links` link outputs (0..links-1; the
 * ejection ports after them) may send a flit: ejection always, a link while
 * its count of downstream credits is positive. */
static inline int fcsim_port_can_send(int o, int links, int32_t credits)
{
  return o >= links || credits > 0;
}

/* A flit leaving on a link: VC 0 downstream (one FIFO per port), one more
 * hop (saturating at 255). */
static inline void fcsim_port_hop(struct fcsim_flit *f)
{
  f->vc = 0;
  if (f->hops < 255)
    f->hops++;
}

/* Sends *f (fcsim_port_hop applied) on output o at cycle `at` of the
 * node's clock, taking one of the output's credits. */
static inline void fcsim_port_send(struct fcsim_ctx *ctx, uint32_t slot0, int o, struct fcsim_flit *f, int32_t *credits,
                                   uint64_t at)
{
  fcsim_port_hop(f);
  (*credits)--;
  fcsim_ctx_send(ctx, slot0 + (uint32_t)o, f, at);
}

/* Sets the head and tail marks of flit k of a `flits`-flit packet (clearing
 * any the flit carried). */
static inline void fcsim_port_mark_ends(struct fcsim_flit *f, uint32_t k, uint32_t flits)
{
  f->flags = (uint8_t)((f->flags & ~(FCSIM_FLIT_HEAD | FCSIM_FLIT_TAIL)) | (k == 0 ? FCSIM_FLIT_HEAD : 0) |
                       (k + 1 == flits ? FCSIM_FLIT_TAIL : 0));
}

/* Cut: flit k of packet pk, stamped with its creation tick, head and tail
 * marked. */
static inline struct fcsim_flit fcsim_port_cut(const struct fcsim_packet *pk, uint32_t k)
{
  struct fcsim_flit f = {(uint32_t)pk->gen_tick, pk->dest, pk->aux, 0, pk->flags, 0, pk->route};
  if (k == 0)
    f.flags |= FCSIM_FLIT_HEAD;
  if (k + 1 == pk->flits)
    f.flags |= FCSIM_FLIT_TAIL;
  return f;
}

/* Inject: the next flit (number `sent`) of the front packet of source
 * queue q into *f, when there is one and the packet was created at least
 * delay_cycles before ctx->now (the injection channel); returns 0 if not.
 * The model puts the flit in its local input, then calls
 * fcsim_port_injected. */
static inline int fcsim_port_inject_next(const struct fcsim_ctx *ctx, struct fcsim_pktq *q, uint32_t sent,
                                         uint64_t delay_cycles, struct fcsim_flit *f)
{
  if (q->count == 0)
    return 0;
  const struct fcsim_packet *pk = fcsim_pktq_front(q);
  if (pk->gen_cycle + delay_cycles > ctx->now)
    return 0;
  *f = fcsim_port_cut(pk, sent);
  return 1;
}

/* Counts the flit fcsim_port_inject_next gave as injected (progress at this
 * cycle) and moves *sent on; after the packet's tail pops the packet and
 * returns 1. */
static inline int fcsim_port_injected(struct fcsim_ctx *ctx, struct fcsim_pktq *q, uint32_t *sent)
{
  fcsim_ctx_injected(ctx);
  ctx->last_progress = ctx->tick;
  if (++*sent < fcsim_pktq_front(q)->flits)
    return 0;
  fcsim_pktq_pop(q);
  *sent = 0;
  return 1;
}

/* A packet created at the node's endpoint, into its source queue (counted
 * in *queued); returns 0 or FCSIM_ENOMEM. */
static inline int fcsim_port_accept(struct fcsim_pktq *q, uint32_t *queued, const struct fcsim_packet *pk)
{
  if (fcsim_pktq_push(q, pk))
    return FCSIM_ENOMEM;
  (*queued)++;
  return 0;
}

/* Items: sends the nf flits f[0..nf) on channel c at engine tick `tick`,
 * arriving together (a descriptor and the data flits it carries); marks the
 * receiver's input pending and wakes it at the arrival (within the
 * partition). A full ring is counted as an overflow and the rest dropped. */
static inline void fcsim_port_send_burst(struct fcsim_ctx *ctx, uint32_t c, const struct fcsim_flit *f, int nf,
                                         uint64_t tick)
{
  struct fcsim_links *l = ctx->links;
  uint64_t arrival = 0;
  for (int i = 0; i < nf; i++)
    if (!(arrival = fcsim_link_push(l, c, &f[i], tick))) {
      ctx->acc->buffer_overflows++;
      return;
    }
  ctx->last_progress = ctx->tick;
  const struct fcsim_ring *r = &l->chan[c];
  if (r->cross)
    return;
  l->pending[r->reader] |= 1ull << r->reader_port;
  fcsim_ctx_wake(ctx, (uint32_t)r->reader, arrival);
}

/* The descriptor at the front of data ring r when it and the `hops` data
 * flits behind it have all arrived by `tick`, else NULL. */
static inline const struct fcsim_flit *fcsim_port_item_arrived(const struct fcsim_links *l, const struct fcsim_ring *r,
                                                               uint64_t tick)
{
  uint32_t visible = fcsim_ring_visible(r);
  if (!visible)
    return NULL;
  const struct fcsim_flit *d = &l->chan_pool[r->base + (r->head & r->mask)].flit;
  uint32_t nf = d->hops;
  if (visible < nf + 1 || fcsim_stamp_after(l->chan_pool[r->base + ((r->head + nf) & r->mask)].arrival_stamp, tick))
    return NULL;
  return d;
}

/* Deadlock reports of a model with one input FIFO per port whose outputs
 * are held head to tail: the buffer the front packet of FIFO `at` waits
 * for, given whether the FIFO holds flits (busy), the output its front
 * packet is routed to (out: < 0 before routing, >= links for ejection) and
 * that output's holder (< 0 when free): the input holding the output, else
 * the FIFO the output feeds downstream. Returns 0 when there is none. */
int fcsim_port_fifo_waits_for(const struct fcsim_graph *g, int links, struct fcsim_buf_ref at, int busy, int out,
                              int holder, struct fcsim_buf_ref *next);

/* Entries the credit ring of channel c into a node of a per-flit-credit
 * model with input FIFOs of depth_flits must hold: a FIFO's worth, plus
 * what arrives over the credit latency and `lag_ticks` between partitions
 * (in the model's cycles of ticks_per_cycle ticks), with a margin. */
uint64_t fcsim_port_credit_capacity(int depth_flits, double ticks_per_cycle, const struct fcsim_chan *c,
                                    uint64_t lag_ticks);

#endif
