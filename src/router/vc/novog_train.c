/* SPDX-License-Identifier: BSD-3-Clause */
/* Novo-G# trains: sending a packet whole, and releasing what it held
 * (novog_train.h says when this is exact and what it keeps). */
#include "router/vc/novog_train.h"

/* The flits of VC vi's packet still on input ring r (its front entries,
 * each arriving the tick after the one before it, up to the tail); 0 when
 * the tail is not on the ring yet or the entries do not form a train.
 * *first_tick: the first one's arrival. */
static uint32_t ahead_on_ring(const struct fcsim_links *l, const struct fcsim_ring *r, int v, uint64_t tick,
                              uint64_t *first_tick)
{
  const uint32_t visible = fcsim_ring_visible(r);
  for (uint32_t j = 0; j < visible; j++) {
    const struct fcsim_link_slot *s = &l->chan_pool[r->base + ((r->head + j) & r->mask)];
    const uint64_t a = fcsim_stamp_tick(s->arrival_stamp, tick);
    if (j == 0)
      *first_tick = a;
    if (s->flit.vc != v || (s->flit.flags & FCSIM_FLIT_HEAD) || a != *first_tick + j)
      return 0;
    if (s->flit.flags & FCSIM_FLIT_TAIL)
      return j + 1;
  }
  return 0;
}

/* The flit a router sends for `f` of input VC vc (vc_take_flit's changes). */
static struct fcsim_flit train_flit(const struct fcsim_vc *vc, struct fcsim_flit f)
{
  f.vc = (uint8_t)vc->out_vc;
  f.flags = (uint8_t)((f.flags & ~FCSIM_FLIT_CLASS1) | (vc->class1 ? FCSIM_FLIT_CLASS1 : 0));
  if (f.hops < 255)
    f.hops++;
  return f;
}

/* Departures of a train: `d`, the cycle a flit leaves, steps to the next
 * cycle that is not a credit cycle (`credit`, the next credit cycle after d). */
struct departures {
  uint64_t d, credit, period;
};
static inline void departures_next(struct departures *t)
{
  if (++t->d == t->credit) {
    t->d++;
    t->credit += t->period;
  }
}
static inline struct departures departures_from(uint64_t now, uint64_t period)
{
  return (struct departures){now, now - now % period + period, period};
}

int novog_train_send(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int p,
                     struct fcsim_outport *o, int vi, int q)
{
  struct fcsim_links *l = ctx->links;
  const uint64_t now = ctx->now, period = (uint64_t)sh->p->credit_period_cycles;
  const uint32_t out_slot = n->slot0 + (uint32_t)p, in_slot = n->slot0 + (uint32_t)q;
  struct fcsim_ring *out = &l->chan[out_slot];
  struct fcsim_vc *vc = &n->vcs[vi];
  if (out->cross || !out->lazy_wake)
    return 0;
  int tail = 0;
  uint32_t buffered = novog_train_buffered(sh, n, vi, &tail), ahead = 0;
  uint64_t ahead_tick = 0;
  struct fcsim_ring *in = &l->chan[sh->g->in_chan[in_slot]];
  if (!tail && (in->cross || !(ahead = ahead_on_ring(l, in, vi - q * sh->nvc, ctx->tick, &ahead_tick))))
    return 0;
  const uint32_t flits = buffered + ahead;
  if (flits > UINT16_MAX || out->tail - out->head + flits > out->mask + 1)
    return 0;
  /* departures: now, then each cycle that is not a credit cycle; a flit
   * taken ahead must arrive by the departure of the flit before it */
  struct departures t = departures_from(now, period);
  for (uint32_t i = 1; i < flits; i++) {
    if (i >= buffered && ahead_tick + (i - buffered) > t.d)
      return 0;
    departures_next(&t);
  }
  const uint64_t until = t.d;
  if (until >= ctx->train_horizon || until - now > sh->credit_dirty_cycles)
    return 0;

  /* the flits, each stamped with its arrival: departure + switch + link */
  const uint64_t delay = (uint64_t)sh->p->switch_cycles + sh->g->chan[out_slot].latency_ticks;
  const int was_empty = out->pub == out->head;
  t = departures_from(now, period);
  for (uint32_t i = 0; i < flits; i++, departures_next(&t)) {
    struct fcsim_link_slot *slot = fcsim_link_run_slot(l, out_slot, i);
    if (i < buffered) {
      slot->flit = train_flit(vc, n->buf[vc->head]);
      novog_train_pop(sh, n, vi);
    } else {
      slot->flit = train_flit(vc, l->chan_pool[in->base + (in->head & in->mask)].flit);
      fcsim_ring_pop(in);
    }
    slot->arrival_stamp = fcsim_stamp_of(t.d + delay);
  }
  fcsim_link_commit_run(l, out_slot, flits);
  fcsim_ctx_sent_run(ctx, out_slot, flits, was_empty, now + delay);
  if (ahead) { /* the input ring's arrival cache: its new oldest entry, or nothing pending */
    uint64_t *due = &l->in_due[in_slot];
    if (fcsim_ring_visible(in)) {
      *due = fcsim_stamp_tick(l->chan_pool[in->base + (in->head & in->mask)].arrival_stamp, ctx->tick);
    } else {
      *due = 0;
      l->pending[n->node] &= ~(1ull << q);
    }
  }
  ctx->last_progress = until; /* the tick of the tail's send, as in flit mode */
  ctx->acc->train_packets++;
  o->credits[vc->out_vc] -= (int32_t)flits;
  o->holder = FCSIM_HOLD_TRAIN;
  o->train_start = now;
  o->train_until = until;
  o->train_ahead_tick = ahead_tick;
  o->train_flits = (uint16_t)flits;
  o->train_buffered = (uint16_t)buffered;
  o->train_vc = (int16_t)vi;
  o->train_out_vc = vc->out_vc;
  vc->stage = FCSIM_VC_TRAIN;
  n->h->train_held |= 1u << p;
  if (until < n->h->train_next)
    n->h->train_next = until;
  vc_mark_dirty(sh, n, q, until);
  return 1;
}

/* The tail of output o's train has left: what vc_pop and send_held do at a
 * tail, at the tail's cycle. */
static void release_one(const struct vc_shared *sh, struct vc_node *n, int p, struct fcsim_outport *o)
{
  const int vi = o->train_vc, q = sh->vc_port[vi];
  struct fcsim_vc *vc = &n->vcs[vi];
  o->owned[o->train_out_vc] = 0;
  o->holder = -1;
  n->h->out_held &= ~(1u << p);
  n->h->train_held &= ~(1u << p);
  vc->out_port = FCSIM_NO_PORT;
  vc->out_vc = -1;
  if (vc->count > 0) { /* a packet arrived behind it: its RC starts as the tail leaves */
    vc->stage = FCSIM_VC_RC;
    vc->ready_cycle = o->train_until + (uint64_t)sh->p->rc_cycles + (uint64_t)sh->queued_head_cycles;
    n->h->heads_waiting++;
    vc_mask_set(n->wait_mask, vi);
  } else {
    vc->stage = FCSIM_VC_IDLE;
    n->busy_count[q]--;
  }
}

void novog_train_release(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n)
{
  uint64_t next = UINT64_MAX;
  for (uint32_t m = n->h->train_held; m; m &= m - 1) {
    const int p = __builtin_ctz(m);
    struct fcsim_outport *o = vc_out(n, p);
    if (o->train_until < ctx->now)
      release_one(sh, n, p, o);
    else if (o->train_until < next)
      next = o->train_until;
  }
  n->h->train_next = next;
}
