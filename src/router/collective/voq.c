/* SPDX-License-Identifier: BSD-3-Clause */
/* The VOQ collective router of seed 000 §4.3.2 (Figs. 4.14-4.15),
 * `router.model = voq`.
 *
 * Ports: the node's network ports and the local unit (7 on a 3D torus). Every
 * input has one virtual output queue per output (network ports and local
 * ejection); a packet is placed only in the VOQ(s) of the output(s) it is
 * routed to. Links are one-sided, as in the seed ("we use one-sided
 * communication over MGT links rather than handshake"): no credits, and the
 * input buffer behind each link grows as needed. Its largest occupancy, in
 * flits, is the seed's Table 5.8 "worst-case buffer depth" (metric
 * max_buffer_flits).
 *
 * voq.link_credits = W > 0 makes the links round-trip-limited instead (a
 * reading of Table 3.5's unnamed router, seed L1992-1998): a network output
 * sends a flit only while it has a credit (W at the start); the downstream
 * router returns one for each flit of that input when the flit's last copy
 * leaves its VOQs (switch traversal to an output or the local unit) or the
 * reduction unit takes it, over the channel's credit latency. At most W
 * flits of an input are then in its buffer and VOQs (they leave its VOQs in
 * any order), so a flit's copies left are kept in one of W slots per input,
 * taken from the input's free slots at VA and given back by its last copy.
 *
 * Pipeline (one cycle each): IC (fetch the head from the input buffer), RL
 * (unicast/routing table lookup at the header's index), ML (multicast table
 * lookup), VA (allocate the VOQs of every child; if any lacks room for a
 * packet the input stalls: backpressure into its input buffer), SA (per
 * output, the highest RL priority among the heads at the front of its VOQs
 * wins: farthest-first; ties round-robin), ReL and ReW, then the link. So a
 * packet spends 7 cycles in a router (about 45 ns at 156.25 MHz, as the seed
 * says). Outputs are held head to tail; one flit per cycle per output.
 *
 * Packets: unicast packets (type 0) go to `dest` by routing.algorithm;
 * multicast and reduction packets are routed by router.tables (collective/lookup.c).
 * A multicast entry copies the packet into up to six children (a child with
 * the local port is delivered here). A reduction packet goes, after ML, to
 * the reduction unit: one partial result per (reduction entry, instance);
 * when the expected packets have arrived (tree children + the node's own
 * contribution) it dispatches one combined packet (payload = sum) toward the
 * root through its own VOQs, which arbitrate with the inputs' VOQs. The unit
 * accepts one packet from every input per cycle (a node "can consume more
 * than one" packet per cycle, §5.2.2). That is voq.reduction_stage = direct
 * (the default). With `switch` the packet follows the seed's Fig. 4.15
 * instead: VA and SA toward the root like any packet, then the reduction
 * unit in ReL/ReW, behind the switch: every reduction packet takes its turn
 * on the output (one flit per output per cycle), the one completing its
 * entry leaves on the link as the combined packet, the others are absorbed.
 *
 * voq.reduction_entries: `instance` (the default) keeps a partial result
 * per (entry, instance), so every reduction packet is combined when it
 * reaches the unit. `operation` reads "one entry in the reduction table for
 * each reduction operation" (seed L3104-3106): an entry holds one instance
 * at a time, from the first packet of that instance to its completion; a
 * packet of another instance waits where it is, at the head of its input
 * buffer (direct: the unit follows ML, and Fig. 4.14 has one input buffer
 * per input ahead of the multicast and reduction units) or of its VOQ
 * (switch: SA does not grant it), and the packets behind it wait too.
 *
 * Since no output is ever refused a flit (links accept, the local unit
 * ejects, the reduction unit absorbs), a VA stall always clears: with
 * `instance` the router cannot deadlock. With `operation` a packet waiting
 * for its entry may wait on a packet stuck behind another waiting one; the
 * engine's watchdog then ends the run as a deadlock. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "router/collective/params.h"
#include "router/collective/tabroute.h"
#include "router/port.h"
#include "router/router.h"

#define VQ_MAX_PORTS    16
#define VQ_NONE         (-1)
#define VQ_FRONT_CYCLES 3 /* IC, RL, ML */
#define VQ_BACK_CYCLES  3 /* ReL, ReW, output register */

/* Seed 000 Table 5.6: the OCR (offline, table) router on a 4x4x4 torus. */
#define VQ_AREA_ALMS    40895
#define VQ_AREA_PERCENT 16
/* the RPM router of the same table (seed 000 Table 5.6): reported when
 * router.tables was built by rpm, which this router then runs */
#define VQ_RPM_AREA_ALMS    56177
#define VQ_RPM_AREA_PERCENT 21

/* A flit in a queue, with the cycle it may move on and its packet's priority. */
struct vq_ent {
  struct fcsim_flit f;
  uint32_t ready; /* low 32 bits of the first cycle it may leave this stage */
  uint32_t prio;  /* farthest-first priority (RL entry) */
  uint32_t red;   /* reduction_stage = switch: local reduction entry + 1 of a reduction packet, 0 otherwise */
  uint32_t slot;  /* voq.link_credits: the flit's window slot at its input (VOQs only) */
};

/* A growable ring of flits (from malloc). */
struct vq_fifo {
  struct vq_ent *e;
  uint32_t head, count, cap;
};

/* The packet crossing VA at one input. */
struct vq_cur {
  int active;                 /* a packet is being moved into its VOQs */
  int n;                      /* targets */
  int out[FCSIM_COLL_SLOTS];  /* output of each target (np = local) */
  int next[FCSIM_COLL_SLOTS]; /* header index (or destination) each copy carries */
  int prio;                   /* RL priority */
  int reduce;                 /* 1: to the reduction unit */
  int r_index, r_expected;    /* reduction entry and its expected packets */
  int r_out, r_next;          /* exit (output) and index at the parent */
  int red;                    /* reduction_stage = switch: reduction entry + 1, carried through the VOQ */
  int flits;                  /* flits moved so far */
};

/* One output. */
struct vq_out {
  int holder;                /* source (input or reduction unit) holding it head to tail, VQ_NONE */
  int rr;                    /* round-robin pointer for priority ties */
  int red_mode;              /* packet crossing to the reduction unit: 0 none, 1 absorbed, 2 forwarded combined */
  struct fcsim_redslot done; /* red_mode 2: the combined result the packet's flits now carry */
  uint32_t r_next;           /* red_mode 2: the result's unicast index at the parent */
  int32_t credits;           /* voq.link_credits: flits this network output may still send */
};

/* One node's state (arrays from malloc in init, freed in fini). */
struct vq_node {
  uint32_t buffered;         /* flits in input buffers, VOQs and reduction queues */
  uint32_t max_in;           /* most flits ever in one network input buffer */
  struct fcsim_rng hop_rng;  /* unicast routing choices */
  struct vq_fifo *in;        /* [nin] input buffers: network ports, then the local unit */
  struct vq_cur *cur;        /* [nin] */
  struct vq_fifo *voq;       /* [(nin + 1) * nout]: row s = source s (last: reduction unit) */
  struct vq_out *out;        /* [nout - 1 + eject_lanes]: the local output's lanes from np on */
  struct fcsim_redstore red; /* partial reductions */
  uint16_t *owner;           /* voq.reduction_entries = operation: [R entries] instance + 1 each entry holds, 0 free */
  struct vq_window *win;     /* voq.link_credits: the network inputs' flits in the VOQs, NULL when off */
};

/* voq.link_credits: per network input, W slots, each the copies left in
 * the VOQs of one flit, and a stack of the free ones. */
struct vq_window {
  uint8_t *copies; /* [np * W] */
  uint32_t *free;  /* [np * W]: input i's free slots at [i * W, i * W + nfree[i]) */
  uint32_t *nfree; /* [np] */
};

/* Read-only set-up of the voq kind. */
struct vq_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_graph *g;
  const struct fcsim_routing_ops *routing;
  struct fcsim_coll_tables tab; /* router.tables (empty when not set) */
  int has_tables;               /* router.tables was given */
  int rpm;                      /* ... and built by rpm (area of Table 5.6's RPM router) */
  int np;                       /* network ports */
  int nin, nout, nsrc;          /* inputs (np + local), outputs (np + eject), VOQ rows (nin + reduction unit) */
  int eject_lanes;              /* voq.eject_packets: packets the local output moves at once (out[np + k]) */
  int inject_packet;            /* voq.inject = packet: the local input moves a packet a cycle, not a flit */
  int depth;                    /* flits per VOQ */
  int red_direct;               /* voq.reduction_stage = direct: reduction unit after ML */
  int red_per_op;               /* voq.reduction_entries = operation: one instance per entry at a time */
  int maxpkt;                   /* longest packet, flits (VA reserves that much) */
  int link_credits;             /* voq.link_credits: W flits per network output, 0 = one-sided links */
  double ticks_per_cycle;       /* this kind's cycle in engine ticks (credit rings' size) */
  uint32_t *max_in;             /* [nodes] each node's max_in, for the report (each written by its node only) */
  uint32_t *max_red;            /* [nodes] most partial reductions held at once */
  uint64_t *va_stalls;          /* [nodes] input-cycles a head waited at VA for room in a target VOQ */
};

static int fifo_push(struct vq_fifo *q, const struct vq_ent *e)
{
  if (q->count == q->cap) {
    uint32_t cap = q->cap ? 2 * q->cap : 16;
    struct vq_ent *n = malloc((size_t)cap * sizeof *n);
    if (!n)
      return FCSIM_ENOMEM;
    for (uint32_t i = 0; i < q->count; i++)
      n[i] = q->e[(q->head + i) & (q->cap - 1)];
    free(q->e);
    q->e = n, q->head = 0, q->cap = cap;
  }
  q->e[(q->head + q->count) & (q->cap - 1)] = *e;
  q->count++;
  return 0;
}

static struct vq_ent *fifo_front(struct vq_fifo *q)
{
  return &q->e[q->head];
}

static void fifo_pop(struct vq_fifo *q)
{
  q->head = (q->head + 1) & (q->cap - 1);
  q->count--;
}

static int is_ready(const struct vq_ent *e, uint64_t now)
{
  return (int32_t)((uint32_t)now - e->ready) >= 0;
}

static void push_or_fail(struct fcsim_ctx *ctx, struct vq_fifo *q, const struct vq_ent *e)
{
  if (fifo_push(q, e))
    ctx->rc = FCSIM_ENOMEM;
}

/* voq.link_credits: one credit back to the sender of network input i,
 * arriving after its channel's credit latency. */
static void vq_credit_back(struct fcsim_ctx *ctx, const struct vq_shared *sh, uint32_t node, int i)
{
  if (sh->link_credits && i < sh->np)
    fcsim_port_return_credits(ctx, sh->g->port_base[node], i, 0, 1);
}

/* voq.link_credits: a copy of the flit in window slot `slot` of source s
 * left the VOQs; the last one frees the slot and returns the flit's credit
 * (sources past the network inputs, the local unit and the reduction unit,
 * have none). */
static void vq_copy_left(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node, int s,
                         uint32_t slot)
{
  if (!n->win || s >= sh->np)
    return;
  const size_t base = (size_t)s * (size_t)sh->link_credits;
  uint8_t *left = &n->win->copies[base + slot];
  if (*left && --*left == 0) {
    n->win->free[base + n->win->nfree[s]++] = slot;
    vq_credit_back(ctx, sh, node, s);
  }
}

/* voq.link_credits: the window slot of a flit of input i entering `copies`
 * VOQs (0 when the input keeps no window). */
static uint32_t vq_copies_enter(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, int i, int copies)
{
  if (!n->win || i >= sh->np)
    return 0;
  const size_t base = (size_t)i * (size_t)sh->link_credits;
  if (!n->win->nfree[i]) { /* more than W flits of this input inside: its sender kept no window */
    ctx->acc->buffer_overflows++;
    return 0;
  }
  uint32_t slot = n->win->free[base + --n->win->nfree[i]];
  n->win->copies[base + slot] = (uint8_t)copies;
  return slot;
}

/* A flit off input q into its input buffer (IC starts now). */
static void vq_take(struct fcsim_ctx *ctx, void *arg, int q, const struct fcsim_flit *f)
{
  struct vq_node *n = arg;
  struct vq_ent e = {*f, (uint32_t)(ctx->now + VQ_FRONT_CYCLES), 0};
  push_or_fail(ctx, &n->in[q], &e);
  n->buffered++;
  if (n->in[q].count > n->max_in)
    n->max_in = n->in[q].count;
}

/* Flits whose arrival has come, into the input buffers. */
static void vq_receive(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node)
{
  fcsim_port_receive(ctx, node, sh->g->port_base[node], vq_take, n);
}

/* voq.reduction_entries = operation: the reduction entry r takes a packet
 * of instance `inst` when it is free (the packet then claims it) or already
 * holds that instance; 0 when it holds another (the packet must wait).
 * With `instance` every entry takes every instance. */
static int entry_take(struct vq_node *n, int r, uint32_t inst)
{
  if (!n->owner)
    return 1;
  uint16_t want = (uint16_t)((inst & 0xffu) + 1u);
  if (n->owner[r] && n->owner[r] != want)
    return 0;
  n->owner[r] = want;
  return 1;
}

static void entry_release(struct vq_node *n, int r)
{
  if (n->owner)
    n->owner[r] = 0;
}

/* reduction_stage = switch: a reduction packet granted output o reaches the
 * reduction unit in ReL/ReW. At its head the unit adds it to its entry: the
 * packet that completes the entry leaves on o as the combined packet (its
 * flits rewritten), every other one is absorbed. Returns 1 when flit *f is
 * absorbed; fills *f with the result's flit otherwise. */
static int vq_switch_reduce(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node,
                            struct vq_out *out, uint32_t red, struct fcsim_flit *f)
{
  if (f->flags & FCSIM_FLIT_HEAD) {
    const struct fcsim_coll_rentry *r = &sh->tab.node[node].r[red - 1];
    struct fcsim_redslot in = {0, 1, f->aux, f->gen, f->hops, (f->flags & FCSIM_FLIT_MEASURED) != 0};
    int rc = fcsim_redstore_add(&n->red, red - 1, f->route, (uint32_t)r->expected, &in, &out->done);
    if (rc < 0) {
      ctx->rc = rc;
      rc = 0;
    }
    out->red_mode = rc ? 2 : 1;
    out->r_next = (uint32_t)r->next;
    if (rc)
      entry_release(n, (int)red - 1);
  }
  int mode = out->red_mode;
  if (f->flags & FCSIM_FLIT_TAIL)
    out->red_mode = 0;
  if (mode == 1) {
    ctx->flits_in_network--;
    return 1;
  }
  uint8_t ends = f->flags & (FCSIM_FLIT_HEAD | FCSIM_FLIT_TAIL);
  f->gen = out->done.gen;
  f->dest = out->r_next;
  f->aux = out->done.sum;
  f->hops = out->done.hops;
  f->flags = (uint8_t)(FCSIM_PKT_REDUCTION | ends | (out->done.measured ? FCSIM_FLIT_MEASURED : 0));
  return 0;
}

/* A source already held by another lane of the local output (its VOQ to
 * the local unit is one FIFO: one packet at a time). */
static int held_by_lane(const struct vq_shared *sh, const struct vq_node *n, int s)
{
  for (int k = 0; k < sh->eject_lanes; k++)
    if (n->out[sh->np + k].holder == s)
      return 1;
  return 0;
}

/* reduction_stage = switch: whether the reduction packet at a VOQ's head
 * may cross now (any other packet may). */
static int entry_free_for(const struct vq_node *n, const struct vq_ent *h)
{
  if (!h->red || !n->owner)
    return 1;
  uint16_t o = n->owner[h->red - 1];
  return !o || o == (uint16_t)((h->f.route & 0xffu) + 1u);
}

/* SA for a free output (or lane of the local output) `out` reading the VOQs
 * of output o: the ready head with the highest priority (ties: first at or
 * after the round-robin pointer). */
static void vq_grant(const struct vq_shared *sh, struct vq_node *n, struct vq_out *out, int o, uint64_t now)
{
  int best = VQ_NONE;
  uint32_t bp = 0;
  for (int k = 0; k < sh->nsrc; k++) {
    int s = (out->rr + k) % sh->nsrc;
    struct vq_fifo *q = &n->voq[s * sh->nout + o];
    if (!q->count || !is_ready(fifo_front(q), now) || (o == sh->np && held_by_lane(sh, n, s)))
      continue;
    if (!entry_free_for(n, fifo_front(q)))
      continue; /* its entry holds another instance: the packet waits at the VOQ's head */
    if (best == VQ_NONE || fifo_front(q)->prio > bp)
      best = s, bp = fifo_front(q)->prio;
  }
  if (best == VQ_NONE)
    return;
  const struct vq_ent *h = fifo_front(&n->voq[best * sh->nout + o]);
  if (h->red)
    entry_take(n, (int)h->red - 1, h->f.route);
  out->holder = best;
  out->rr = (best + 1) % sh->nsrc;
}

/* Switch traversal of output o through `out` (the output, or a lane of the
 * local output): one flit to its link or to the local unit. */
static void vq_traverse(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node,
                        struct vq_out *out, int o)
{
  const uint64_t at = ctx->now + VQ_BACK_CYCLES;
  if (out->holder == VQ_NONE)
    vq_grant(sh, n, out, o, ctx->now);
  if (out->holder == VQ_NONE)
    return;
  struct vq_fifo *q = &n->voq[out->holder * sh->nout + o];
  if (!q->count || !is_ready(fifo_front(q), ctx->now))
    return;
  if (sh->link_credits && o < sh->np && out->credits <= 0)
    return; /* voq.link_credits: the window is full, the flit waits for a credit */
  struct fcsim_flit f = fifo_front(q)->f;
  uint32_t red = fifo_front(q)->red, slot = fifo_front(q)->slot;
  int src = out->holder;
  fifo_pop(q);
  n->buffered--;
  vq_copy_left(ctx, sh, n, node, src, slot);
  if (f.flags & FCSIM_FLIT_TAIL)
    out->holder = VQ_NONE;
  if (red && vq_switch_reduce(ctx, sh, n, node, out, red, &f))
    return;
  if (o == sh->np) {
    fcsim_ctx_ejected(ctx, node, &f, at);
  } else {
    fcsim_port_hop(&f);
    if (sh->link_credits)
      out->credits--;
    fcsim_ctx_send(ctx, sh->g->port_base[node] + (uint32_t)o, &f, at);
  }
}

/* SA and switch traversal: each network output moves one flit per cycle;
 * the local output moves one per lane (voq.eject_packets), each lane
 * holding a packet of a different source head to tail. */
static void vq_switch(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node)
{
  for (int o = 0; o < sh->np; o++)
    vq_traverse(ctx, sh, n, node, &n->out[o], o);
  for (int k = 0; k < sh->eject_lanes; k++)
    vq_traverse(ctx, sh, n, node, &n->out[sh->np + k], sh->np);
}

/* RL and ML for the head at the front of input i: fills the targets, or
 * returns -1 when the tables cannot route it. */
static int vq_lookup(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node, int i,
                     const struct fcsim_flit *f, struct vq_cur *c)
{
  memset(c, 0, sizeof *c);
  if ((f->flags & FCSIM_FLIT_TYPE_MASK) == FCSIM_PKT_UNICAST) {
    c->n = 1;
    c->next[0] = (int)f->dest;
    c->out[0] = f->dest == node ? sh->np
                                : sh->routing->route(sh->topo, sh->p, node, f->dest, f->route, i == sh->np ? -1 : i,
                                                     &n->hop_rng, NULL);
    return 0;
  }
  struct fcsim_coll_hop h;
  if (!sh->has_tables || fcsim_coll_lookup(&sh->tab, node, f->dest, &h)) {
    ctx->acc->buffer_overflows++; /* counted; the packet is dropped below */
    return -1;
  }
  c->prio = h.priority;
  if (h.type == FCSIM_COLL_T_REDUCTION) {
    const struct fcsim_coll_rentry *r = &sh->tab.node[node].r[h.next[0]];
    c->r_index = h.next[0];
    c->r_expected = r->expected;
    c->r_out = h.port[0] == FCSIM_COLL_PORT_LOCAL ? sh->np : h.port[0];
    c->r_next = r->next;
    if (sh->red_direct) {
      c->reduce = 1;
      return 0;
    }
    c->n = 1; /* through VA and SA toward the root, to the unit after the switch */
    c->out[0] = c->r_out;
    c->next[0] = (int)f->dest;
    c->red = c->r_index + 1;
    return 0;
  }
  c->n = h.n;
  for (int k = 0; k < h.n; k++) {
    c->out[k] = h.port[k] == FCSIM_COLL_PORT_LOCAL ? sh->np : h.port[k];
    c->next[k] = h.next[k];
  }
  return 0;
}

/* VA: room for a whole packet in every target VOQ of input i. */
static int vq_allocate(const struct vq_shared *sh, const struct vq_node *n, int i, const struct vq_cur *c)
{
  for (int k = 0; k < c->n; k++)
    if (n->voq[i * sh->nout + c->out[k]].count + (uint32_t)sh->maxpkt > (uint32_t)sh->depth)
      return 0;
  return 1;
}

/* The reduction unit takes one flit of input i's packet; at the tail it
 * combines the packet and, when the entry completes, queues the result. */
static void vq_reduce(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, struct vq_cur *c,
                      const struct fcsim_flit *f)
{
  ctx->flits_in_network--;
  if (!(f->flags & FCSIM_FLIT_TAIL))
    return;
  struct fcsim_redslot in = {0, 1, f->aux, f->gen, f->hops, (f->flags & FCSIM_FLIT_MEASURED) != 0}, done;
  int rc = fcsim_redstore_add(&n->red, (uint32_t)c->r_index, f->route, (uint32_t)c->r_expected, &in, &done);
  if (rc < 0) {
    ctx->rc = rc;
    return;
  }
  if (!rc)
    return;
  entry_release(n, c->r_index);
  struct vq_fifo *q = &n->voq[(sh->nsrc - 1) * sh->nout + c->r_out];
  for (int k = 0; k < c->flits; k++) {
    struct vq_ent e = {{done.gen, (uint32_t)c->r_next, done.sum, 0,
                        (uint8_t)(FCSIM_PKT_REDUCTION | (done.measured ? FCSIM_FLIT_MEASURED : 0) |
                                  (k == 0 ? FCSIM_FLIT_HEAD : 0) | (k + 1 == c->flits ? FCSIM_FLIT_TAIL : 0)),
                        done.hops, f->route},
                       (uint32_t)(ctx->now + 2),
                       (uint32_t)c->prio};
    push_or_fail(ctx, q, &e);
    n->buffered++;
    ctx->flits_in_network++;
  }
}

/* IC to VA for input i: the head (RL, ML, VA) or the next flit of the
 * packet crossing into its VOQs. Returns 1 when a flit other than a tail
 * moved (the packet goes on), 0 otherwise. */
static int vq_input_flit(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node, int i)
{
  struct vq_fifo *in = &n->in[i];
  struct vq_cur *c = &n->cur[i];
  if (!in->count || !is_ready(fifo_front(in), ctx->now))
    return 0;
  struct vq_ent e = *fifo_front(in);
  if (!c->active) {
    if (!(e.f.flags & FCSIM_FLIT_HEAD))
      return 0; /* cannot happen: packets arrive whole and in order */
    if (vq_lookup(ctx, sh, n, node, i, &e.f, c)) {
      c->active = 1; /* unroutable: drop it (counted as an overflow) */
      c->n = 0;
    } else if (!c->reduce && !vq_allocate(sh, n, i, c)) {
      sh->va_stalls[node]++;
      return 0; /* VA failed: the pipeline stalls */
    } else if (c->reduce && !entry_take(n, c->r_index, e.f.route)) {
      return 0; /* its entry holds another instance: it waits at the input's head */
    }
    c->active = 1;
  }
  fifo_pop(in);
  n->buffered--;
  c->flits++;
  if (c->reduce || !c->n)
    vq_credit_back(ctx, sh, node, i); /* taken by the reduction unit, or dropped */
  if (c->reduce) {
    vq_reduce(ctx, sh, n, c, &e.f);
  } else {
    ctx->flits_in_network += c->n - 1;
    uint32_t slot = c->n ? vq_copies_enter(ctx, sh, n, i, c->n) : 0;
    for (int k = 0; k < c->n; k++) {
      struct vq_ent x = {e.f, (uint32_t)(ctx->now + 1), (uint32_t)c->prio, (uint32_t)c->red, slot};
      x.f.dest = (uint32_t)c->next[k];
      push_or_fail(ctx, &n->voq[i * sh->nout + c->out[k]], &x);
      n->buffered++;
    }
  }
  ctx->last_progress = ctx->tick;
  if (e.f.flags & FCSIM_FLIT_TAIL) {
    c->active = 0, c->flits = 0;
    return 0;
  }
  return 1;
}

/* Every input moves one flit a cycle; with voq.inject = packet the local
 * input (np) moves the rest of its packet in the same cycle. */
static void vq_inputs(struct fcsim_ctx *ctx, const struct vq_shared *sh, struct vq_node *n, uint32_t node)
{
  for (int i = 0; i < sh->nin; i++)
    while (vq_input_flit(ctx, sh, n, node, i) && i == sh->np && sh->inject_packet)
      ;
}

static uint64_t vq_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct vq_shared *sh = shared;
  struct vq_node *n = state;
  vq_receive(ctx, sh, n, node);
  if (sh->link_credits)
    fcsim_port_take_credits(ctx, sh->g->port_base[node], sh->np, &n->out[0].credits, sizeof n->out[0]);
  vq_switch(ctx, sh, n, node);
  vq_inputs(ctx, sh, n, node);
  if (n->max_in > sh->max_in[node])
    sh->max_in[node] = n->max_in;
  if (n->red.most > sh->max_red[node])
    sh->max_red[node] = n->red.most;
  return n->buffered ? ctx->now + 1 : UINT64_MAX;
}

/* A packet from the local unit enters the local input buffer whole. */
static int vq_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  const struct vq_shared *sh = shared;
  struct vq_node *n = state;
  (void)node;
  for (int k = 0; k < pk->flits; k++) {
    struct vq_ent e = {fcsim_port_cut(pk, (uint32_t)k), (uint32_t)(pk->gen_cycle + VQ_FRONT_CYCLES), 0};
    if (fifo_push(&n->in[sh->np], &e))
      return FCSIM_ENOMEM;
    n->buffered++;
    fcsim_ctx_injected(ctx);
  }
  return 0;
}

static int vq_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &env->topo->graph;
  if (g->max_radix + 1 > VQ_MAX_PORTS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "router.model = voq: a node has %d ports; at most %d", g->max_radix,
                           VQ_MAX_PORTS - 1);
  struct vq_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = env->p;
  sh->topo = env->topo;
  sh->g = g;
  sh->routing = env->routing;
  sh->np = g->max_radix;
  sh->nin = sh->nout = sh->np + 1;
  sh->nsrc = sh->nin + 1;
  sh->depth = env->p->vc_depth_flits;
  const struct fcsim_voq_params *vq = fcsim_params_block(env->p, &fcsim_voq_block);
  sh->red_direct = vq->reduction_direct;
  sh->red_per_op = vq->reduction_per_op;
  sh->eject_lanes = vq->eject_packets > 0 ? vq->eject_packets : 1;
  sh->inject_packet = vq->inject_packet;
  sh->link_credits = vq->link_credits;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  if (sh->link_credits && sh->link_credits < env->p->packet_flits) {
    free(sh);
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "voq.link_credits = %d flits: a window must hold a whole packet (traffic.packet_size = %d "
                           "flits); 0 turns the credits off",
                           vq->link_credits, env->p->packet_flits);
  }
  sh->maxpkt = env->p->packet_flits + (int)((env->p->nodes + env->p->flit_bits - 1) / env->p->flit_bits);
  sh->max_in = calloc((size_t)g->nodes, sizeof *sh->max_in);
  sh->max_red = calloc((size_t)g->nodes, sizeof *sh->max_red);
  sh->va_stalls = calloc((size_t)g->nodes, sizeof *sh->va_stalls);
  int rc = sh->max_in && sh->max_red && sh->va_stalls
               ? fcsim_coll_tables_load_for(env->p->router_tables, g, env->p->max_input_bytes, &sh->tab, &sh->has_tables, err)
               : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (rc) {
    free(sh->max_in);
    free(sh->max_red);
    free(sh->va_stalls);
    free(sh);
    return rc;
  }
  sh->rpm = sh->has_tables && fcsim_coll_tables_built_by_rpm(env->p->router_tables);
  *shared = sh;
  *state_size = sizeof(struct vq_node);
  return 0;
}

static void vq_teardown(void *shared)
{
  struct vq_shared *sh = shared;
  fcsim_coll_tables_destroy(&sh->tab);
  free(sh->max_in);
  free(sh->max_red);
  free(sh->va_stalls);
  free(sh);
}

static int vq_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  const struct vq_shared *sh = shared;
  struct vq_node *n = state;
  fcsim_rng_init(&n->hop_rng, sh->p->seed, node, FCSIM_RNG_HOP);
  n->in = calloc((size_t)sh->nin, sizeof *n->in);
  n->cur = calloc((size_t)sh->nin, sizeof *n->cur);
  n->voq = calloc((size_t)(sh->nsrc * sh->nout), sizeof *n->voq);
  n->out = calloc((size_t)(sh->nout - 1 + sh->eject_lanes), sizeof *n->out);
  if (!n->in || !n->cur || !n->voq || !n->out)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int64_t nr = sh->has_tables ? sh->tab.node[node].nr : 0;
  if (sh->red_per_op && nr > 0 && !(n->owner = calloc((size_t)nr, sizeof *n->owner)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (int o = 0; o < sh->nout - 1 + sh->eject_lanes; o++)
    n->out[o].holder = VQ_NONE, n->out[o].credits = sh->link_credits;
  if (sh->link_credits) {
    n->win = calloc(1, sizeof *n->win);
    const size_t slots = (size_t)sh->np * (size_t)sh->link_credits;
    if (!n->win || !(n->win->nfree = calloc((size_t)sh->np, sizeof *n->win->nfree)) ||
        !(n->win->copies = calloc(slots, 1)) || !(n->win->free = malloc(slots * sizeof *n->win->free)))
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    for (int i = 0; i < sh->np; i++)
      for (int k = 0; k < sh->link_credits; k++)
        n->win->free[(size_t)i * (size_t)sh->link_credits + (size_t)n->win->nfree[i]++] = (uint32_t)k;
  }
  return 0;
}

static void vq_fini(const void *shared, uint32_t node, void *state)
{
  const struct vq_shared *sh = shared;
  struct vq_node *n = state;
  (void)node;
  for (int i = 0; n->in && i < sh->nin; i++)
    free(n->in[i].e);
  for (int i = 0; n->voq && i < sh->nsrc * sh->nout; i++)
    free(n->voq[i].e);
  free(n->in);
  free(n->cur);
  free(n->voq);
  free(n->out);
  free(n->owner);
  if (n->win) {
    free(n->win->nfree);
    free(n->win->free);
    free(n->win->copies);
    free(n->win);
  }
  fcsim_redstore_free(&n->red);
  memset(n, 0, sizeof *n);
}

/* One VOQ per (input, output); no VCs, no credits (voq.link_credits adds a window per output). VOQ depth `auto`: room
 * for two of the longest packets. */
static int vq_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  (void)switch_auto;
  int maxpkt = p->packet_flits + (int)((p->nodes + p->flit_bits - 1) / p->flit_bits);
  p->vcs = 1;
  p->credit_threshold_flits = 1;
  p->switch_cycles = VQ_BACK_CYCLES;
  if (depth_auto)
    p->vc_depth_flits = 2 * maxpkt > 16 ? 2 * maxpkt : 16;
  if (p->vc_depth_flits < maxpkt)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vc_depth = %d flits: a VOQ of the voq router must hold the longest packet "
                           "(%d flits with a destination bit-vector header)",
                           origin, p->vc_depth_flits, maxpkt);
  return 0;
}

/* The links' flow control as set up: one-sided, or a window of credits
 * (a link's two ends must agree: a one-sided router never returns them). */
static const char *vq_flow_control_of(const void *shared)
{
  const struct vq_shared *sh = shared;
  return sh->link_credits ? "window credits (voq.link_credits)" : "none (one-sided links)";
}

/* One-sided links: no credits (1 entry). voq.link_credits = W: at most W
 * credits outstanding, plus the margin of the port kit's routers. */
static uint64_t vq_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct vq_shared *sh = shared;
  if (!sh->link_credits)
    return 1;
  return fcsim_port_credit_capacity(sh->link_credits, sh->ticks_per_cycle, c, lag_ticks);
}

static void vq_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct vq_shared *sh = shared;
  *vcs = 1;
  *depth_flits = sh->depth;
}

/* Creation to tail ejection over `hops` links: 7 cycles in each of the hops
 * + 1 routers, the links, the tail F - 1 cycles behind. */
static double vq_zero_load_cycles(const void *shared, double hops)
{
  const struct vq_shared *sh = shared;
  return (hops + 1) * (VQ_FRONT_CYCLES + 1 + VQ_BACK_CYCLES) + hops * sh->p->link_latency_cycles +
         (sh->p->packet_flits - 1);
}

/* The router's area (metrics.area_alms, declared in router/vc/novog.c). */
static void vq_figures_json(const void *shared, int place, json_t *metrics)
{
  const struct vq_shared *sh = shared;
  if (place == FCSIM_FIGURES_ROUTER_AREA)
    fcsim_router_area_json(metrics, sh->rpm ? VQ_RPM_AREA_ALMS : VQ_AREA_ALMS,
                           sh->rpm ? VQ_RPM_AREA_PERCENT : VQ_AREA_PERCENT);
}

/* Per-node largest occupancies and VA stalls, written by each node's own
 * steps: the largest (the sum) over the ranks is the whole network's. They
 * are the run's metrics max_buffer_flits, max_reduction_entries and
 * va_stall_cycles (declared in router/collective/metrics.c), read from here
 * when the results are written. */
static int vq_counters(const void *shared, struct fcsim_counter *out)
{
  const struct vq_shared *sh = shared;
  size_t n = (size_t)sh->g->nodes;
  out[0] = fcsim_counter_placed_u32("max_buffer_flits", FCSIM_MERGE_MAX, sh->max_in, n);
  out[1] = fcsim_counter_placed_u32("max_reduction_entries", FCSIM_MERGE_MAX, sh->max_red, n);
  out[2] = fcsim_counter_placed_u64("va_stall_cycles", FCSIM_MERGE_SUM, sh->va_stalls, n);
  return 3;
}

const struct fcsim_router_ops fcsim_router_voq = {
    .name = "voq",
    .help = "VOQ collective router (Novo-G# thesis §4.3.2): a VOQ per (input, output), 7-stage pipeline, multicast and "
            "reduction units routed by router.tables, farthest-first, one-sided links",
    .version = 1,
    .flow_control = "none (one-sided links)",
    .flow_control_of = vq_flow_control_of,
    .collective = 1,
    .max_vcs = 1,
    .local_ports = 1,
    .derive = vq_derive,
    .setup = vq_setup,
    .teardown = vq_teardown,
    .input_buffers = vq_input_buffers,
    .init = vq_init,
    .fini = vq_fini,
    .accept = vq_accept,
    .step = vq_step,
    .credit_capacity = vq_credit_capacity,
    .zero_load_cycles = vq_zero_load_cycles,
    .figures_json = vq_figures_json,
    .counters = vq_counters,
};
