/* SPDX-License-Identifier: BSD-3-Clause */
/* Novo-G# trains: sending, injecting and ejecting a packet whole, and
 * releasing what it held (novog_train.h says when this is exact and what it
 * keeps). */
#include "router/vc/novog_train.h"

/* The flits of VC vi's packet still on input ring r (its front entries up to
 * the tail); 0 when the tail is not on the ring yet or those that have not
 * arrived by `tick` do not arrive one a tick. *arrived: those that have
 * (a deferred entry's, novog_undefer); *first_tick: the arrival of the first
 * that has not. */
static inline __attribute__((always_inline)) uint32_t ahead_on_ring(const struct fcsim_links *l,
                                                                    const struct fcsim_ring *r, int v, uint64_t tick,
                                                                    uint64_t *first_tick, uint32_t *arrived)
{
  const uint32_t visible = fcsim_ring_visible(r);
  const struct fcsim_link_slot *e = fcsim_link_head_slot(l, r, 0);
  *arrived = 0;
  if (visible && (e->flit.flags & FCSIM_FLIT_TRAIN)) { /* a train entry whose head was taken */
    const struct fcsim_link_slot *b = fcsim_link_head_slot(l, r, 1);
    const uint32_t rest = b->train.left;
    if (e->flit.vc != v || (e->flit.flags & FCSIM_FLIT_HEAD))
      return 0; /* another VC's, or a packet's head */
    const uint32_t got = fcsim_link_entry_arrived(l, r, tick, NULL);
    uint64_t first = fcsim_stamp_tick(e->arrival_stamp, tick);
    if (got) { /* the next arrives at the first tick after `tick` not skipped */
      const uint64_t skip = fcsim_stamp_tick(b->train.skip_stamp, tick);
      first = tick + 1;
      if (first >= skip && (first - skip) % b->train.period == 0)
        first++;
    }
    if (got < rest && fcsim_stamp_tick(b->arrival_stamp, tick) != first + (rest - got) - 1)
      return 0; /* a credit cycle stops it on the way */
    *first_tick = first;
    *arrived = got;
    return rest;
  }
  for (uint32_t j = 0; j < visible; j++) {
    const struct fcsim_link_slot *s = fcsim_link_head_slot(l, r, j);
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

/* Entries were taken ahead from input q's ring `in`: its arrival cache is its
 * new oldest entry's arrival, or nothing is pending on it. */
static void ring_taken_ahead(struct fcsim_ctx *ctx, const struct vc_node *n, int q, const struct fcsim_ring *in)
{
  struct fcsim_links *l = ctx->links;
  uint64_t *due = &l->in_due[n->slot0 + (uint32_t)q];
  if (fcsim_ring_visible(in)) {
    *due = fcsim_stamp_tick(l->chan_pool[in->base + (in->head & in->mask)].arrival_stamp, ctx->tick);
  } else {
    *due = 0;
    l->pending[n->node] &= ~(1ull << q);
  }
}

/* The flits of VC vi's front packet (input q) when all of them are known:
 * *in_vc in the VC up to its tail, the rest on input ring *in from its head;
 * of them, *buffered are there by now (those in the VC and those of a
 * deferred entry that have arrived), the others arrive a tick apart from
 * *ahead_tick; 0 when the tail is in neither. */
static inline __attribute__((always_inline)) uint32_t
packet_known(const struct fcsim_ctx *ctx, const struct vc_shared *sh, const struct vc_node *n, int q, int vi,
             struct fcsim_ring **in, uint32_t *in_vc, uint32_t *buffered, uint64_t *ahead_tick)
{
  const struct fcsim_links *l = ctx->links;
  int tail = 0;
  *in_vc = *buffered = novog_train_buffered(sh, n, vi, &tail);
  *ahead_tick = 0;
  *in = &l->chan[sh->g->in_chan[n->slot0 + (uint32_t)q]];
  if (tail)
    return *in_vc;
  uint32_t arrived = 0;
  const uint32_t ahead = (*in)->cross ? 0 : ahead_on_ring(l, *in, vi - q * sh->nvc, ctx->tick, ahead_tick, &arrived);
  *buffered += arrived;
  return ahead ? *in_vc + ahead : 0;
}

/* Takes the next flit of such a packet: from VC vi (from_vc), else from the
 * head of input ring `in`. */
static inline __attribute__((always_inline)) struct fcsim_flit take_flit(struct fcsim_links *l,
                                                                         const struct vc_shared *sh, struct vc_node *n,
                                                                         int vi, struct fcsim_ring *in, int from_vc)
{
  struct fcsim_flit f;
  if (from_vc) {
    f = n->buf[n->vcs[vi].head];
    novog_train_pop(sh, n, vi);
  } else {
    f = fcsim_link_take(l, in);
  }
  return f;
}

/* Takes the last n flits of a packet from the head of input ring `in` (as
 * packet_known found them) and returns its tail's gen. */
static uint32_t take_rest_from_ring(struct fcsim_links *l, struct fcsim_ring *in, uint32_t n)
{
  if (fcsim_link_head_slot(l, in, 0)->flit.flags & FCSIM_FLIT_TRAIN) { /* the rest of a train entry: all of it */
    const uint32_t gen = fcsim_link_head_slot(l, in, 1)->train.tail_gen;
    fcsim_ring_pop_n(in, 2);
    return gen;
  }
  const uint32_t gen = fcsim_link_head_slot(l, in, n - 1)->flit.gen;
  fcsim_ring_pop_n(in, n);
  return gen;
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
/* From now, in a step's switch stage: the node's credit_cycle is then the
 * first credit cycle after now (switch_stage moved it past now, and returned
 * at a credit cycle), so no division is needed. */
static inline struct departures departures_from(const struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                const struct vc_node *n)
{
  return (struct departures){ctx->now, n->h->credit_cycle, (uint64_t)sh->p->credit_period_cycles};
}

/* 1 if a train of `flits` flits is written as one entry: two slots pay
 * from three flits. */
static inline int as_entry(const struct vc_shared *sh, uint32_t flits)
{
  return sh->train_entries && flits >= 3;
}

/* Writes a train of `flits` flits whose head is `head`, leaving from now to
 * `until`, on channel `slot` as one entry (chan/link.h). */
static void write_entry(struct fcsim_links *l, uint32_t slot, struct fcsim_flit head, uint32_t tail_gen, uint32_t flits,
                        struct departures t, uint64_t until, uint64_t delay)
{
  struct fcsim_link_slot *a = fcsim_link_run_slot(l, slot, 0), *b = fcsim_link_run_slot(l, slot, 1);
  head.flags |= FCSIM_FLIT_TRAIN;
  a->flit = head;
  a->arrival_stamp = fcsim_stamp_of(t.d + delay);
  b->train = (struct fcsim_link_train){tail_gen, fcsim_stamp_of(t.credit + delay), flits, (uint32_t)t.period};
  b->arrival_stamp = fcsim_stamp_of(until + delay);
  fcsim_link_commit_run(l, slot, 2);
}

/* Sends VC vi's packet (known: `in_vc` flits in the VC, the rest at the
 * head of input ring `in`) as one entry: only its head and its tail's gen
 * are read (train_entries: the other flits are the head's). */
static void send_entry(struct fcsim_links *l, const struct vc_shared *sh, struct vc_node *n, int vi,
                       struct fcsim_ring *in, uint32_t flits, uint32_t in_vc, uint32_t slot, struct departures t,
                       uint64_t until, uint64_t delay)
{
  const struct fcsim_vc *vc = &n->vcs[vi];
  const struct fcsim_flit head = train_flit(vc, take_flit(l, sh, n, vi, in, 1)); /* the head is buffered */
  uint32_t tail_gen = 0;
  for (uint32_t i = 1; i < in_vc; i++) {
    if (i + 1 == flits)
      tail_gen = n->buf[vc->head].gen;
    novog_train_pop(sh, n, vi);
  }
  if (flits > in_vc)
    tail_gen = take_rest_from_ring(l, in, flits - in_vc);
  write_entry(l, slot, head, tail_gen, flits, t, until, delay);
}

/* Holds output p for a train of `flits` flits from now to `until` on
 * downstream VC out_vc, from input VC vi (-1: the node's own packet). */
static void hold(struct fcsim_ctx *ctx, struct vc_node *n, int p, struct fcsim_outport *o, int vi, int out_vc,
                 uint32_t flits, uint32_t buffered, uint64_t ahead_tick, uint64_t until)
{
  ctx->last_progress = until; /* the tick of the tail's send, as in flit mode */
  ctx->acc->train_packets++;
  o->credits[out_vc] -= (int32_t)flits;
  o->holder = FCSIM_HOLD_TRAIN;
  o->train_start = ctx->now;
  o->train_until = until;
  o->train_ahead_tick = ahead_tick;
  o->train_flits = (uint16_t)flits;
  o->train_buffered = (uint16_t)buffered;
  o->train_vc = (int16_t)vi;
  o->train_out_vc = (int8_t)out_vc;
  n->h->train_held |= 1u << p;
  if (until < n->h->train_next)
    n->h->train_next = until;
}

/* The room, the departures and the horizon of a train of `flits` flits on
 * output ring `out` from now: its tail's departure, or 0 when it may not go.
 * The flits from index `buffered` on are taken ahead, arriving a tick apart
 * from ahead_tick: each must arrive by the departure of the flit before it
 * (the input VC is never empty before the tail leaves). */
static uint64_t train_until(const struct fcsim_ctx *ctx, const struct vc_shared *sh, const struct vc_node *n,
                            const struct fcsim_ring *out, uint32_t flits, uint32_t buffered, uint64_t ahead_tick)
{
  if (flits > UINT16_MAX || out->tail - out->head + flits > out->mask + 1)
    return 0;
  struct departures t = departures_from(ctx, sh, n);
  for (uint32_t i = 1; i < flits; i++) {
    if (i >= buffered && ahead_tick + (i - buffered) > t.d)
      return 0;
    departures_next(&t);
  }
  return t.d < ctx->train_horizon && t.d - ctx->now <= sh->credit_dirty_cycles ? t.d : 0;
}

int novog_train_send(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int p,
                     struct fcsim_outport *o, int vi, int q)
{
  struct fcsim_links *l = ctx->links;
  const uint64_t now = ctx->now;
  const uint32_t out_slot = n->slot0 + (uint32_t)p;
  struct fcsim_ring *out = &l->chan[out_slot];
  struct fcsim_vc *vc = &n->vcs[vi];
  if (out->cross || !out->lazy_wake)
    return 0;
  struct fcsim_ring *in;
  uint32_t in_vc, buffered;
  uint64_t ahead_tick;
  const uint32_t flits = packet_known(ctx, sh, n, q, vi, &in, &in_vc, &buffered, &ahead_tick);
  const uint64_t until = flits ? train_until(ctx, sh, n, out, flits, buffered, ahead_tick) : 0;
  if (!until)
    return 0;

  /* the flits, each stamped with its arrival: departure + switch + link */
  const uint64_t delay = (uint64_t)sh->p->switch_cycles + out->latency_ticks;
  const int was_empty = out->pub == out->head;
  struct departures t = departures_from(ctx, sh, n);
  if (as_entry(sh, flits)) {
    send_entry(l, sh, n, vi, in, flits, in_vc, out_slot, t, until, delay);
  } else {
    for (uint32_t i = 0; i < flits; i++, departures_next(&t)) {
      struct fcsim_link_slot *slot = fcsim_link_run_slot(l, out_slot, i);
      slot->flit = train_flit(vc, take_flit(l, sh, n, vi, in, i < in_vc));
      slot->arrival_stamp = fcsim_stamp_of(t.d + delay);
    }
    fcsim_link_commit_run(l, out_slot, flits);
  }
  fcsim_ctx_sent_run(ctx, out_slot, flits, was_empty, now + delay);
  if (flits > in_vc)
    ring_taken_ahead(ctx, n, q, in);
  hold(ctx, n, p, o, vi, vc->out_vc, flits, buffered, ahead_tick, until);
  vc->stage = FCSIM_VC_TRAIN;
  vc_mark_dirty(sh, n, q, until);
  return 1;
}

int novog_inject_train(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int p,
                       struct fcsim_outport *o)
{
  struct fcsim_links *l = ctx->links;
  const uint32_t out_slot = n->slot0 + (uint32_t)p;
  const struct fcsim_ring *out = &l->chan[out_slot];
  struct fcsim_pktq *q = &n->srcq[p];
  const struct fcsim_packet *pk = fcsim_pktq_front(q);
  const uint32_t flits = pk->flits;
  uint64_t until;
  if (flits < 2 || out->cross || !out->lazy_wake || !(until = train_until(ctx, sh, n, out, flits, flits, 0)))
    return 0;
  /* send_injected's flits, each stamped with its arrival */
  const uint64_t delay = (uint64_t)sh->p->switch_cycles + out->latency_ticks;
  const uint32_t head_tick = (uint32_t)(ctx->now + (uint64_t)sh->p->switch_cycles);
  const int cls = vc_next_class(sh, n, -1, p, 0, pk->dest), was_empty = out->pub == out->head;
  struct departures t = departures_from(ctx, sh, n);
  const uint32_t tail_gen = fcsim_ctx_flit_gen(ctx, pk->gen_tick, 1, head_tick);
  if (as_entry(sh, flits)) {
    const struct fcsim_flit head = {(uint32_t)pk->gen_tick,
                                    pk->dest,
                                    pk->aux,
                                    (uint8_t)o->inj_vc,
                                    (uint8_t)(pk->flags | FCSIM_FLIT_HEAD | (cls ? FCSIM_FLIT_CLASS1 : 0)),
                                    1,
                                    pk->route};
    write_entry(l, out_slot, head, tail_gen, flits, t, until, delay);
  } else {
    for (uint32_t i = 0; i < flits; i++, departures_next(&t)) {
      struct fcsim_flit f = {(uint32_t)pk->gen_tick, pk->dest, pk->aux, (uint8_t)o->inj_vc, pk->flags, 1, pk->route};
      if (i == 0)
        f.flags |= FCSIM_FLIT_HEAD;
      if (i + 1 == flits) {
        f.flags |= FCSIM_FLIT_TAIL;
        f.gen = tail_gen;
      }
      if (cls)
        f.flags |= FCSIM_FLIT_CLASS1;
      struct fcsim_link_slot *slot = fcsim_link_run_slot(l, out_slot, i);
      slot->flit = f;
      slot->arrival_stamp = fcsim_stamp_of(t.d + delay);
    }
    fcsim_link_commit_run(l, out_slot, flits);
  }
  fcsim_ctx_sent_run(ctx, out_slot, flits, was_empty, ctx->now + delay);
  fcsim_ctx_injected_n(ctx, flits);
  o->inj_head_tick = head_tick;
  hold(ctx, n, p, o, -1, o->inj_vc, flits, flits, 0, until);
  fcsim_pktq_pop(q); /* it has left: nothing reads the queue's front before the output is free */
  if (q->count == 0)
    n->h->srcq_mask &= ~(1u << p);
  n->h->queued--;
  return 1;
}

int novog_eject_train(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int q, int vi)
{
  struct fcsim_links *l = ctx->links;
  const uint64_t now = ctx->now;
  struct fcsim_vc *vc = &n->vcs[vi];
  if (ctx->deliveries || n->in_bw_flits[q] != 1)
    return 0; /* a workload that listens hears of each packet in the step it arrives */
  struct fcsim_ring *in;
  uint32_t in_vc, buffered;
  uint64_t ahead_tick;
  const uint32_t flits = packet_known(ctx, sh, n, q, vi, &in, &in_vc, &buffered, &ahead_tick);
  /* one flit a cycle from now (ejection does not stop at credit cycles);
   * each flit taken ahead arrives by the cycle the flit before it leaves */
  const uint64_t until = now + flits - 1;
  if (flits < 2 || flits > UINT16_MAX || until >= ctx->train_horizon || until - now > sh->credit_dirty_cycles ||
      (flits > buffered && ahead_tick > now + buffered - 1))
    return 0;
  struct fcsim_flit tail;
  for (uint32_t i = 0; i < flits; i++)
    tail = take_flit(l, sh, n, vi, in, i < in_vc);
  fcsim_ctx_ejected_run(ctx, n->node, &tail, flits, until); /* flit i reaches the node at now + i */
  if (flits > in_vc)
    ring_taken_ahead(ctx, n, q, in);
  ctx->last_progress = until;
  ctx->acc->train_packets++;
  n->ej_train[q] = (struct vc_eject_train){now, until, ahead_tick, (uint16_t)flits, (uint16_t)buffered, (int16_t)vi};
  n->eject_vc[q] = FCSIM_EJECT_TRAIN;
  vc->stage = FCSIM_VC_TRAIN;
  vc_mask_clear(n->ej_mask, vi);
  n->h->eject_held |= 1u << q;
  if (until < n->h->train_next)
    n->h->train_next = until;
  vc_mark_dirty(sh, n, q, until);
  return 1;
}

void novog_undefer(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int q, int vi)
{
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[sh->g->in_chan[n->slot0 + (uint32_t)q]];
  const struct fcsim_link_slot *a = fcsim_link_entry_taken(l, r);
  if (!a || a->flit.vc != vi - q * sh->nvc)
    return; /* no entry of this packet waits on the ring */
  for (uint32_t arrived = fcsim_link_entry_arrived(l, r, ctx->tick, NULL); arrived; arrived--) {
    const struct fcsim_flit f = fcsim_link_take(l, r);
    vc_push(ctx, sh, n, q, vi, &f, vc_shape_of(sh));
  }
  vc_mark_dirty(sh, n, q, ctx->now); /* the head leaves now: its pop marks the same */
  ring_taken_ahead(ctx, n, q, r);    /* the rest is taken at its arrivals, as a packet moved flit by flit */
}

/* Input VC vi's packet has left (a train's tail, or an ejecting packet's):
 * what vc_pop's tail branch does, at the tail's cycle, and the VC is no
 * longer busy when nothing arrived behind it (a train's VC stayed busy to
 * here). Not shared with vc_pop: a helper there moved the classic step's
 * code layout by 1 % (921.5 against 912.5 instructions per flit-hop). */
static void release_vc(const struct vc_shared *sh, struct vc_node *n, int vi, uint64_t tail_cycle)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  vc->out_port = FCSIM_NO_PORT;
  vc->out_vc = -1;
  if (vc->count > 0) {
    vc->stage = FCSIM_VC_RC;
    vc->ready_cycle = tail_cycle + (uint64_t)sh->p->rc_cycles + (uint64_t)sh->queued_head_cycles;
    FCSIM_CENSUS(fcsim__census_head(n->node, vi, 1));
    n->h->heads_waiting++;
    vc_mask_set(n->wait_mask, vi);
  } else {
    vc->stage = FCSIM_VC_IDLE;
    n->busy_count[sh->vc_port[vi]]--;
  }
}

/* The tail of output o's train has left: what vc_pop and send_held (or
 * send_injected) do at a tail, at the tail's cycle. */
static void release_one(const struct vc_shared *sh, struct vc_node *n, int p, struct fcsim_outport *o)
{
  o->owned[o->train_out_vc] = 0;
  o->holder = -1;
  n->h->out_held &= ~(1u << p);
  n->h->train_held &= ~(1u << p);
  if (o->train_vc >= 0) /* else the node's own packet */
    release_vc(sh, n, o->train_vc, o->train_until);
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
  for (uint32_t m = n->h->eject_held; m; m &= m - 1) {
    const int q = __builtin_ctz(m);
    const struct vc_eject_train *e = &n->ej_train[q];
    if (e->until < ctx->now) {
      n->eject_vc[q] = -1;
      n->h->eject_held &= ~(1u << q);
      release_vc(sh, n, e->vi, e->until);
    } else if (e->until < next) {
      next = e->until;
    }
  }
  n->h->train_next = next;
}
