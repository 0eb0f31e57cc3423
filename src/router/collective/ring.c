/* SPDX-License-Identifier: BSD-3-Clause */
/* The ring router of seed 000 §4.3.2 (Fig. 4.13), `router.model = ring`.
 *
 * A node is a bidirectional ring of ring stops: one per network port (ports
 * of one dimension side by side: x+, x-, y+, y-, ...) and one for the local
 * unit, seven on a 3D torus. Each stop has three input FIFOs: the injection
 * FIFO (packets from its link, or from the local unit) and one single-packet
 * register per ring direction. A packet entering a stop from outside looks
 * up its table entry (one cycle), then travels the shorter way round the
 * ring, one stop per cycle, to the stop of its exit port. A stop hands its
 * packet on only when the next stop's register in that direction is free
 * (backpressure); a packet already in the ring and one waiting to enter it
 * compete for that register by priority (farthest-first, the table entry's
 * priority; unicast packets: 0), the ring packet winning ties. At the exit
 * stop packets wait for the link (or the local unit); the highest priority
 * leaves first, one flit per cycle.
 *
 * Collectives: a multicast packet is copied at its entry stop, one child per
 * cycle into the ring (the duplication that saturates the ring, as the seed
 * says); a reduction packet travels to its exit stop, where the node's
 * reduction unit combines it (as in voq.c) and queues the result for the
 * link. Links are one-sided as for voq: the injection FIFO behind a link
 * grows as needed and its most flits are max_buffer_flits. Packets move
 * whole inside the node (a stop holds a packet once its tail has arrived). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "router/collective/tabroute.h"
#include "router/port.h"
#include "router/router.h"

#define RG_MAX_STOPS 16
#define RG_NONE      (-1)

/* Seed 000 Table 4.3: the ring router's logic (ALMs) on a Stratix V 5SGSMD8. */
#define RG_AREA_ALMS    2485
#define RG_AREA_PERCENT 1

/* A packet inside the node. */
struct rg_pkt {
  struct fcsim_flit f;  /* its header (every flit carries it) */
  uint32_t ready;       /* low 32 bits of the cycle it may move on */
  uint16_t flits;       /* length */
  uint8_t prio;         /* farthest-first priority */
  int8_t exit;          /* exit stop (network port, or the local stop) */
  int8_t reduce;        /* 1: combine at the exit stop */
  int8_t nchild, child; /* multicast at the entry stop: children, next to inject */
  int8_t pad;
  int32_t r_index, r_expected, r_next; /* reduction entry, its expected packets, index at the parent */
  int8_t cport[FCSIM_COLL_SLOTS];      /* multicast: each child's exit stop */
  int32_t cnext[FCSIM_COLL_SLOTS];     /* multicast: each child's index at the next node */
};

/* A growable FIFO of packets (from malloc). */
struct rg_fifo {
  struct rg_pkt *e;
  uint32_t head, count, cap;
  uint32_t flits; /* flits of the packets held */
};

/* One stop. */
struct rg_stop {
  struct rg_fifo in;     /* injection FIFO (link or local unit); a packet is in it once its tail arrived */
  struct rg_pkt asm_pkt; /* the packet whose flits are arriving from the link */
  uint16_t asm_flits;    /* its flits so far */
  uint8_t reg_full[2];   /* ring registers: 0 clockwise (to stop + 1), 1 counter-clockwise */
  struct rg_pkt reg[2];
  struct rg_fifo out; /* packets at their exit stop, waiting for the link or the local unit */
  struct rg_pkt tx;   /* the packet leaving on the output, a flit per cycle */
  uint16_t tx_sent;   /* its flits sent; tx is active while tx_sent < tx.flits */
};

struct rg_node {
  uint32_t busy;             /* packets in the node */
  uint32_t max_in;           /* most flits in one link's injection FIFO */
  struct fcsim_rng hop_rng;  /* unicast routing choices */
  struct rg_stop *stop;      /* [nstops] (from malloc) */
  struct fcsim_redstore red; /* partial reductions */
};

struct rg_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_graph *g;
  const struct fcsim_routing_ops *routing;
  struct fcsim_coll_tables tab;
  int has_tables;
  int np, nstops;    /* network ports; stops = np + 1 (the local stop is np) */
  uint32_t *max_in;  /* [nodes] for the report */
  uint32_t *max_red; /* [nodes] */
};

static int fifo_push(struct rg_fifo *q, const struct rg_pkt *e)
{
  if (q->count == q->cap) {
    uint32_t cap = q->cap ? 2 * q->cap : 8;
    struct rg_pkt *n = malloc((size_t)cap * sizeof *n);
    if (!n)
      return FCSIM_ENOMEM;
    for (uint32_t i = 0; i < q->count; i++)
      n[i] = q->e[(q->head + i) & (q->cap - 1)];
    free(q->e);
    q->e = n, q->head = 0, q->cap = cap;
  }
  q->e[(q->head + q->count) & (q->cap - 1)] = *e;
  q->count++;
  q->flits += e->flits;
  return 0;
}

static struct rg_pkt *fifo_at(struct rg_fifo *q, uint32_t i)
{
  return &q->e[(q->head + i) & (q->cap - 1)];
}

/* Removes entry i (keeping the order of the others). */
static void fifo_remove(struct rg_fifo *q, uint32_t i)
{
  q->flits -= fifo_at(q, i)->flits;
  for (; i > 0; i--)
    *fifo_at(q, i) = *fifo_at(q, i - 1);
  q->head = (q->head + 1) & (q->cap - 1);
  q->count--;
}

static int is_ready(uint32_t ready, uint64_t now)
{
  return (int32_t)((uint32_t)now - ready) >= 0;
}

/* RL/ML at the entry stop: the packet's exit stop(s), or -1 if unroutable. */
static int rg_lookup(const struct rg_shared *sh, struct rg_node *n, uint32_t node, int stop, struct rg_pkt *k)
{
  const struct fcsim_flit *f = &k->f;
  k->nchild = 0, k->child = 0, k->reduce = 0, k->prio = 0;
  if ((f->flags & FCSIM_FLIT_TYPE_MASK) == FCSIM_PKT_UNICAST) {
    k->exit = (int8_t)(f->dest == node ? sh->np
                                       : sh->routing->route(sh->topo, sh->p, node, f->dest, f->route,
                                                            stop == sh->np ? -1 : stop, &n->hop_rng, NULL));
    return 0;
  }
  struct fcsim_coll_hop h;
  if (!sh->has_tables || fcsim_coll_lookup(&sh->tab, node, f->dest, &h))
    return -1;
  k->prio = (uint8_t)h.priority;
  if (h.type == FCSIM_COLL_T_REDUCTION) {
    const struct fcsim_coll_rentry *r = &sh->tab.node[node].r[h.next[0]];
    k->reduce = 1;
    k->exit = (int8_t)(h.port[0] == FCSIM_COLL_PORT_LOCAL ? sh->np : h.port[0]);
    k->r_index = h.next[0], k->r_expected = r->expected, k->r_next = r->next;
    return 0;
  }
  k->nchild = (int8_t)h.n;
  for (int i = 0; i < h.n; i++) {
    k->cport[i] = (int8_t)(h.port[i] == FCSIM_COLL_PORT_LOCAL ? sh->np : h.port[i]);
    k->cnext[i] = h.next[i];
  }
  k->exit = k->cport[0]; /* looked up (the children's exits are in cport) */
  return 0;
}

/* Direction (0 clockwise, 1 counter-clockwise) from stop a to b, the shorter way. */
static int rg_dir(const struct rg_shared *sh, int a, int b)
{
  int cw = (b - a + sh->nstops) % sh->nstops;
  return cw <= sh->nstops - cw ? 0 : 1;
}

static int rg_next(const struct rg_shared *sh, int s, int dir)
{
  return dir ? (s + sh->nstops - 1) % sh->nstops : (s + 1) % sh->nstops;
}

/* A packet reached its exit stop: a reduction is combined, others queue for the output. */
static void rg_arrive(struct fcsim_ctx *ctx, const struct rg_shared *sh, struct rg_node *n, int s, struct rg_pkt *k)
{
  if (!k->reduce) {
    k->ready = (uint32_t)(ctx->now + 1);
    if (fifo_push(&n->stop[s].out, k))
      ctx->rc = FCSIM_ENOMEM;
    return;
  }
  n->busy--;
  ctx->flits_in_network -= k->flits;
  struct fcsim_redslot in = {0, 1, k->f.aux, k->f.gen, k->f.hops, (k->f.flags & FCSIM_FLIT_MEASURED) != 0}, done;
  int rc = fcsim_redstore_add(&n->red, (uint32_t)k->r_index, k->f.route, (uint32_t)k->r_expected, &in, &done);
  if (rc < 0)
    ctx->rc = rc;
  if (rc != 1)
    return;
  struct rg_pkt r = *k;
  r.f.gen = done.gen, r.f.aux = done.sum, r.f.hops = done.hops, r.f.dest = (uint32_t)k->r_next;
  r.f.flags = (uint8_t)(FCSIM_PKT_REDUCTION | (done.measured ? FCSIM_FLIT_MEASURED : 0));
  r.reduce = 0;
  r.ready = (uint32_t)(ctx->now + 1);
  n->busy++;
  ctx->flits_in_network += r.flits;
  if (fifo_push(&n->stop[s].out, &r))
    ctx->rc = FCSIM_ENOMEM;
}

/* Puts `k` (leaving stop s toward `exit`) into the next register, if free. */
static int rg_enter(struct fcsim_ctx *ctx, const struct rg_shared *sh, struct rg_node *n, int s, struct rg_pkt *k,
                    int exit)
{
  if (exit == s) {
    rg_arrive(ctx, sh, n, s, k);
    return 1;
  }
  int d = rg_dir(sh, s, exit), t = rg_next(sh, s, d);
  if (n->stop[t].reg_full[d])
    return 0;
  n->stop[t].reg[d] = *k;
  n->stop[t].reg[d].exit = (int8_t)exit;
  n->stop[t].reg[d].ready = (uint32_t)(ctx->now + 1);
  n->stop[t].reg_full[d] = 1;
  return 1;
}

/* Ring registers: a packet at its exit stop leaves the ring; others move on
 * when the next register is free. */
static void rg_ring(struct fcsim_ctx *ctx, const struct rg_shared *sh, struct rg_node *n)
{
  for (int d = 0; d < 2; d++) {
    /* every register full, ready and away from its exit: the whole ring
     * shifts at once (the hardware moves all stops in the same cycle) */
    int full = 1;
    for (int s = 0; s < sh->nstops && full; s++)
      full = n->stop[s].reg_full[d] && is_ready(n->stop[s].reg[d].ready, ctx->now) && n->stop[s].reg[d].exit != s;
    if (full) {
      struct rg_pkt tmp[RG_MAX_STOPS];
      for (int s = 0; s < sh->nstops; s++)
        tmp[rg_next(sh, s, d)] = n->stop[s].reg[d];
      for (int s = 0; s < sh->nstops; s++) {
        n->stop[s].reg[d] = tmp[s];
        n->stop[s].reg[d].ready = (uint32_t)(ctx->now + 1);
      }
      continue;
    }
    for (int i = 0; i < sh->nstops; i++) {
      int s = d ? i : sh->nstops - 1 - i; /* downstream first, so a train moves together */
      struct rg_stop *st = &n->stop[s];
      if (!st->reg_full[d] || !is_ready(st->reg[d].ready, ctx->now))
        continue;
      struct rg_pkt k = st->reg[d];
      st->reg_full[d] = 0;
      if (!rg_enter(ctx, sh, n, s, &k, k.exit))
        st->reg_full[d] = 1, st->reg[d] = k;
    }
  }
}

/* The front of each injection FIFO enters the ring (a multicast: one child per
 * cycle) unless a ring packet of higher or equal priority at this stop wants
 * the same register. */
static void rg_inject(struct fcsim_ctx *ctx, const struct rg_shared *sh, struct rg_node *n, uint32_t node)
{
  for (int s = 0; s < sh->nstops; s++) {
    struct rg_stop *st = &n->stop[s];
    if (!st->in.count)
      continue;
    struct rg_pkt *k = fifo_at(&st->in, 0);
    if (!is_ready(k->ready, ctx->now))
      continue;
    if (k->exit == RG_NONE && rg_lookup(sh, n, node, s, k)) {
      ctx->acc->buffer_overflows++; /* unroutable: dropped, counted */
      ctx->flits_in_network -= k->flits;
      n->busy--;
      fifo_remove(&st->in, 0);
      continue;
    }
    int multicast = k->nchild > 0;
    int exit = multicast ? k->cport[(int)k->child] : k->exit;
    int d = rg_dir(sh, s, exit);
    if (exit != s && st->reg_full[d] && st->reg[d].prio >= k->prio)
      continue; /* the ring packet passing this stop goes first */
    struct rg_pkt c = *k;
    if (multicast) {
      c.f.dest = (uint32_t)k->cnext[(int)k->child];
      c.nchild = 0;
    }
    if (!rg_enter(ctx, sh, n, s, &c, exit))
      continue;
    ctx->last_progress = ctx->tick;
    if (multicast && ++k->child < k->nchild) {
      n->busy++;
      ctx->flits_in_network += k->flits;
      continue;
    }
    fifo_remove(&st->in, 0);
  }
}

/* Flit tx_sent of the stop's leaving packet goes out at the next cycle: to
 * the link, or to the local unit. One flit per cycle, pushed when it is
 * sent (a link holds only the flits in flight on it). */
static void rg_send_flit(struct fcsim_ctx *ctx, const struct rg_shared *sh, struct rg_node *n, uint32_t node,
                         int s)
{
  struct rg_stop *st = &n->stop[s];
  int i = st->tx_sent++;
  struct fcsim_flit f = st->tx.f;
  fcsim_port_mark_ends(&f, (uint32_t)i, (uint32_t)st->tx.flits);
  if (s == sh->np) {
    f.vc = 0;
    fcsim_ctx_ejected(ctx, node, &f, ctx->now + 1);
  } else {
    fcsim_port_hop(&f);
    fcsim_ctx_send(ctx, sh->g->port_base[node] + (uint32_t)s, &f, ctx->now + 1);
  }
  if (st->tx_sent == st->tx.flits)
    n->busy--;
  ctx->last_progress = ctx->tick;
}

/* Each output sends a flit per cycle: of the packet leaving, or else of its
 * highest-priority ready packet. */
static void rg_output(struct fcsim_ctx *ctx, const struct rg_shared *sh, struct rg_node *n, uint32_t node)
{
  for (int s = 0; s < sh->nstops; s++) {
    struct rg_stop *st = &n->stop[s];
    if (st->tx_sent < st->tx.flits) {
      rg_send_flit(ctx, sh, n, node, s);
      continue;
    }
    if (!st->out.count)
      continue;
    int best = RG_NONE;
    for (uint32_t i = 0; i < st->out.count; i++) {
      struct rg_pkt *k = fifo_at(&st->out, i);
      if (is_ready(k->ready, ctx->now) && (best == RG_NONE || k->prio > fifo_at(&st->out, (uint32_t)best)->prio))
        best = (int)i;
    }
    if (best == RG_NONE)
      continue;
    st->tx = *fifo_at(&st->out, (uint32_t)best);
    st->tx_sent = 0;
    fifo_remove(&st->out, (uint32_t)best);
    rg_send_flit(ctx, sh, n, node, s);
  }
}

/* A flit off input q: a packet joins its stop's injection FIFO at its tail. */
static void rg_take(struct fcsim_ctx *ctx, void *arg, int q, const struct fcsim_flit *f)
{
  struct rg_node *n = arg;
  struct rg_stop *st = &n->stop[q];
  if (f->flags & FCSIM_FLIT_HEAD) {
    memset(&st->asm_pkt, 0, sizeof st->asm_pkt);
    st->asm_pkt.f = *f;
    st->asm_flits = 0;
  }
  st->asm_flits++;
  if (f->flags & FCSIM_FLIT_TAIL) {
    st->asm_pkt.flits = st->asm_flits;
    st->asm_pkt.exit = RG_NONE;
    st->asm_pkt.ready = (uint32_t)(ctx->now + 1);
    if (fifo_push(&st->in, &st->asm_pkt))
      ctx->rc = FCSIM_ENOMEM;
    n->busy++;
    if (st->in.flits > n->max_in)
      n->max_in = st->in.flits;
  }
}

/* Flits from the links. */
static void rg_receive(struct fcsim_ctx *ctx, const struct rg_shared *sh, struct rg_node *n, uint32_t node)
{
  fcsim_port_receive(ctx, node, sh->g->port_base[node], rg_take, n);
}

static uint64_t rg_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct rg_shared *sh = shared;
  struct rg_node *n = state;
  rg_receive(ctx, sh, n, node);
  rg_output(ctx, sh, n, node);
  rg_ring(ctx, sh, n);
  rg_inject(ctx, sh, n, node);
  if (n->max_in > sh->max_in[node])
    sh->max_in[node] = n->max_in;
  if (n->red.most > sh->max_red[node])
    sh->max_red[node] = n->red.most;
  return n->busy ? ctx->now + 1 : UINT64_MAX;
}

static int rg_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  const struct rg_shared *sh = shared;
  struct rg_node *n = state;
  (void)node;
  struct rg_pkt k;
  memset(&k, 0, sizeof k);
  k.f = (struct fcsim_flit){(uint32_t)pk->gen_tick, pk->dest, pk->aux, 0, pk->flags, 0, pk->route};
  k.flits = pk->flits;
  k.exit = RG_NONE;
  k.ready = (uint32_t)(pk->gen_cycle + 1);
  if (fifo_push(&n->stop[sh->np].in, &k))
    return FCSIM_ENOMEM;
  n->busy++;
  for (int i = 0; i < pk->flits; i++)
    fcsim_ctx_injected(ctx);
  return 0;
}

static int rg_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &env->topo->graph;
  if (g->max_radix + 1 > RG_MAX_STOPS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "router.model = ring: a node has %d ports; at most %d",
                           g->max_radix, RG_MAX_STOPS - 1);
  struct rg_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = env->p, sh->topo = env->topo, sh->g = g, sh->routing = env->routing;
  sh->np = g->max_radix;
  sh->nstops = sh->np + 1;
  sh->max_in = calloc((size_t)g->nodes, sizeof *sh->max_in);
  sh->max_red = calloc((size_t)g->nodes, sizeof *sh->max_red);
  int rc = sh->max_in && sh->max_red
               ? fcsim_coll_tables_load_for(env->p->router_tables, g, env->p->max_input_bytes, &sh->tab, &sh->has_tables, err)
               : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (rc) {
    free(sh->max_in), free(sh->max_red), free(sh);
    return rc;
  }
  *shared = sh;
  *state_size = sizeof(struct rg_node);
  return 0;
}

static void rg_teardown(void *shared)
{
  struct rg_shared *sh = shared;
  fcsim_coll_tables_destroy(&sh->tab);
  free(sh->max_in), free(sh->max_red), free(sh);
}

static int rg_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  const struct rg_shared *sh = shared;
  struct rg_node *n = state;
  fcsim_rng_init(&n->hop_rng, sh->p->seed, node, FCSIM_RNG_HOP);
  n->stop = calloc((size_t)sh->nstops, sizeof *n->stop);
  return n->stop ? 0 : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
}

static void rg_fini(const void *shared, uint32_t node, void *state)
{
  const struct rg_shared *sh = shared;
  struct rg_node *n = state;
  (void)node;
  for (int s = 0; n->stop && s < sh->nstops; s++)
    free(n->stop[s].in.e), free(n->stop[s].out.e);
  free(n->stop);
  fcsim_redstore_free(&n->red);
  memset(n, 0, sizeof *n);
}

static int rg_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  (void)depth_auto, (void)switch_auto, (void)origin, (void)err;
  p->vcs = 1;
  p->credit_threshold_flits = 1;
  p->switch_cycles = 1;
  if (depth_auto)
    p->vc_depth_flits = 1;
  return 0;
}

static uint64_t rg_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  (void)shared, (void)c, (void)lag_ticks;
  return 1; /* one-sided links: no credits */
}

static void rg_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  (void)shared;
  *vcs = 1;
  *depth_flits = 1;
}

/* Zero load: per router the lookup, about 7/4 stops of ring on average
 * (taken as 2), the output; the links; the tail F - 1 behind. */
static double rg_zero_load_cycles(const void *shared, double hops)
{
  const struct rg_shared *sh = shared;
  return (hops + 1) * 4.0 + hops * sh->p->link_latency_cycles + (sh->p->packet_flits - 1);
}

/* The router's area (metrics.area_alms, declared in router/vc/novog.c). */
static void rg_figures_json(const void *shared, int place, json_t *metrics)
{
  (void)shared;
  if (place == FCSIM_FIGURES_ROUTER_AREA)
    fcsim_router_area_json(metrics, RG_AREA_ALMS, RG_AREA_PERCENT);
}

/* Per-node largest occupancies, written by each node's own steps: the
 * largest over the ranks is the whole network's. They are the run's
 * metrics max_buffer_flits and max_reduction_entries (declared in
 * router/collective/metrics.c), read from here when the results are
 * written. */
static int rg_counters(const void *shared, struct fcsim_counter *out)
{
  const struct rg_shared *sh = shared;
  size_t n = (size_t)sh->g->nodes;
  out[0] = fcsim_counter_placed_u32("max_buffer_flits", FCSIM_MERGE_MAX, sh->max_in, n);
  out[1] = fcsim_counter_placed_u32("max_reduction_entries", FCSIM_MERGE_MAX, sh->max_red, n);
  return 2;
}

const struct fcsim_router_ops fcsim_router_ring = {
    .name = "ring",
    .help = "ring router (Novo-G# thesis §4.3.2): a bidirectional ring of seven stops per node, one cycle per stop, the "
            "shorter direction, backpressure, table routing by router.tables",
    .version = 1,
    .flow_control = "none (one-sided links)",
    .collective = 1,
    .max_vcs = 1,
    .local_ports = 1,
    .derive = rg_derive,
    .setup = rg_setup,
    .teardown = rg_teardown,
    .input_buffers = rg_input_buffers,
    .init = rg_init,
    .fini = rg_fini,
    .accept = rg_accept,
    .step = rg_step,
    .credit_capacity = rg_credit_capacity,
    .zero_load_cycles = rg_zero_load_cycles,
    .figures_json = rg_figures_json,
    .counters = rg_counters,
};
