/* SPDX-License-Identifier: BSD-3-Clause */
/* The Novo-G# router (seed 000 §4.2.2) on the VC base (vc.h): direct
 * injection into a free output link (bypass traffic first, an injecting
 * packet not pre-empted until its tail), ejection right after routing
 * computation on every input port, every VC on its own switch input with an
 * output held head to tail (reduction-tree switch), and credit flits every
 * router.credit_period cycles in the data stream. */
#include <jansson.h>

#include "router/vc/novog_train.h"
#include "router/vc/vc.h"
#include "router/vc/vc_pick.h"
#include "router/vc/vc_step.h"
#include "stats/metrics_decl.h"

/* Picks the VC of input port q whose packet ejects next: the first ready
 * EJECT VC in rotation from now mod V; -1 if none. */
static inline __attribute__((always_inline)) int eject_pick(struct vc_node *n, int q, uint64_t now,
                                                            const struct vc_shape k)
{
  const int nvc = k.nvc;
  for (int i = 0, v = (int)(now % (uint64_t)nvc); i < nvc; i++, v = v + 1 == nvc ? 0 : v + 1) {
    struct fcsim_vc *vc = &n->vcs[q * nvc + v];
    if (vc->stage == FCSIM_VC_EJECT && vc->ready_cycle <= now && vc->count)
      return v;
  }
  return -1;
}

/* Every input port with an EJECT VC (the one ejecting is one) ejects up to
 * its link's bandwidth of one packet, ports in ascending order. */
static inline __attribute__((always_inline)) void eject(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                        struct vc_node *n, const struct vc_shape k)
{
  const uint64_t now = ctx->now;
  const int nvc = k.nvc, words = vc_mask_words(sh, k, 0);
  int last_q = -1;
  for (int w = 0; w < words; w++) {
    for (uint64_t m = n->ej_mask[w]; m; m &= m - 1) {
      int q = vc_port_of(sh, k, w * 64 + __builtin_ctzll(m));
      if (q == last_q)
        continue;
      last_q = q;
      if (n->eject_vc[q] < 0) {
        if (n->eject_vc[q] == FCSIM_EJECT_TRAIN)
          continue; /* a packet ejecting whole (novog_train.h) */
        int v = eject_pick(n, q, now, k);
        if (v < 0)
          continue;
        if (sh->trains && novog_eject_train(ctx, sh, n, q, q * nvc + v))
          continue;
        n->eject_vc[q] = (int8_t)v;
        if (sh->train_entries)
          novog_undefer(ctx, sh, n, q, q * nvc + v);
      }
      int vi = q * nvc + n->eject_vc[q];
      int b = n->in_bw_flits[q];
      for (int f_i = 0; f_i < b && n->vcs[vi].count; f_i++) {
        struct fcsim_flit f = *vc_front(sh, n, vi);
        int tail = (f.flags & FCSIM_FLIT_TAIL) != 0;
        vc_pop(ctx, sh, n, q, vi, tail, 1, n->ej_mask, k);
        fcsim_ctx_ejected(ctx, n->node, &f, now);
        if (tail) {
          n->eject_vc[q] = -1;
          break;
        }
      }
    }
  }
}

/* Credit flit: free slots of every VC of input `port`, sent on the output
 * link of the same port (it takes that cycle's slot). A port whose buffers
 * have not changed for a while reports what it reported last time, which
 * the upstream router already holds: that report is not queued, so an idle
 * upstream router's credit ring does not fill up. The upstream router reads
 * its credits only when stepped: it is woken when the report arrives (the
 * first entry carries the wake flag for readers in other partitions). */
static inline __attribute__((always_inline)) void send_credit_flit(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                                   struct vc_node *n, int port, const struct vc_shape k)
{
  const uint64_t now = ctx->now;
  if (n->dirty_until[port] < now)
    return;
  int dv = -1;
  const uint32_t deferred = novog_deferred_in(ctx, sh, n, port, &dv);
  for (int v = 0; v < k.nvc; v++) {
    const struct fcsim_vc *vc = &n->vcs[port * k.nvc + v];
    uint32_t in = vc->count + (v == dv ? deferred : 0);
    if (vc->stage == FCSIM_VC_TRAIN) /* its train's flits still here */
      in += vc->out_port < 0 ? novog_eject_train_in(&n->ej_train[port], now)
                             : novog_train_in(vc_out(n, vc->out_port), now, (uint64_t)sh->p->credit_period_cycles);
    vc_credit_send(ctx, sh, n, port, (uint32_t)v, sh->depth - (int32_t)in, v == 0);
  }
  int32_t c = sh->g->in_chan[n->slot0 + (uint32_t)port];
  const struct fcsim_ring *cr = &ctx->links->cchan[c];
  if (cr->cross)
    return;
  fcsim_ctx_wake(ctx, (uint32_t)cr->reader, ctx->tick + cr->latency_ticks);
}

/* Starts the packet at the front of output p's source queue when a VC with
 * enough credits is free. */
static void start_injection(const struct vc_shared *sh, struct vc_node *n, int p, struct fcsim_outport *o, int32_t thr,
                            uint64_t now)
{
  struct fcsim_packet *pk = fcsim_pktq_front(&n->srcq[p]);
  if (pk->gen_cycle + (uint64_t)(sh->p->rc_cycles + sh->p->va_cycles) > now)
    return;
  int cls = vc_next_class(sh, n, -1, p, 0, pk->dest);
  int v = sh->escape ? fcsim__vc_alloc_escape_inject(sh, n, o, p, cls, pk->dest) : vc_alloc(sh, o, cls, 0);
  if (v >= 0 && o->credits[v] < thr) {
    o->owned[v] = 0;
    v = -1;
  }
  if (v >= 0) {
    n->h->out_held |= 1u << p;
    o->holder = FCSIM_HOLD_INJECT;
    FCSIM_CENSUS(fcsim__census_inject());
    o->inj_vc = (int8_t)v;
    o->inj_sent = 0;
  }
}

/* The engine tick a flit sent now leaves the switch (computed where a flit
 * is sent flit by flit: most steps send none). */
static inline uint64_t switch_tick(const struct fcsim_ctx *ctx, const struct vc_shared *sh)
{
  return fcsim_clock_tick(ctx->clk, ctx->now + (uint64_t)sh->p->switch_cycles);
}

/* Sends up to b flits of the packet holding output p, to leave the switch
 * at engine tick at_tick. */
static inline __attribute__((always_inline)) void send_held(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                            struct vc_node *n, int p, struct fcsim_outport *o, int b,
                                                            uint64_t at_tick, const struct vc_shape k)
{
  int vi = o->holder, q = vc_port_of(sh, k, vi);
  struct fcsim_vc *vc = &n->vcs[vi];
  /* started packets always have room downstream: no credit check */
  for (int f_i = 0; f_i < b && vc->count; f_i++) {
    int tail, ovc = vc->out_vc;
    struct fcsim_flit f = vc_take_flit(sh, n, vi, &tail);
    vc_pop(ctx, sh, n, q, vi, tail, 1, NULL, k); /* it left act_mask when it won the output */
    o->credits[ovc]--;
    fcsim_ctx_send_tick(ctx, n->slot0 + (uint32_t)p, &f, at_tick);
    if (tail) {
      o->owned[ovc] = 0;
      o->holder = -1;
      n->h->out_held &= ~(1u << p);
      break;
    }
  }
}

/* Sends up to b flits of the node's own packet injecting on output p (at
 * engine tick at_tick). */
static void send_injected(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int p,
                          struct fcsim_outport *o, int b, uint64_t at_tick)
{
  struct fcsim_pktq *q = &n->srcq[p];
  struct fcsim_packet *pk = fcsim_pktq_front(q);
  int cls = vc_next_class(sh, n, -1, p, 0, pk->dest);
  for (int k = 0; k < b; k++) {
    struct fcsim_flit f = {(uint32_t)pk->gen_tick, pk->dest, pk->aux, (uint8_t)o->inj_vc, pk->flags, 1, pk->route};
    if (o->inj_sent == 0) {
      f.flags |= FCSIM_FLIT_HEAD;
      o->inj_head_tick = (uint32_t)at_tick;
    }
    if (o->inj_sent + 1 == pk->flits) {
      f.flags |= FCSIM_FLIT_TAIL;
      f.gen = fcsim_ctx_flit_gen(ctx, pk->gen_tick, 1, o->inj_head_tick);
    }
    if (cls)
      f.flags |= FCSIM_FLIT_CLASS1;
    o->credits[o->inj_vc]--;
    fcsim_ctx_injected(ctx);
    fcsim_ctx_send_tick(ctx, n->slot0 + (uint32_t)p, &f, at_tick);
    if (++o->inj_sent == pk->flits) {
      o->owned[o->inj_vc] = 0;
      o->holder = -1;
      n->h->out_held &= ~(1u << p);
      fcsim_pktq_pop(q);
      if (q->count == 0)
        n->h->srcq_mask &= ~(1u << p);
      n->h->queued--;
      break;
    }
  }
}

/* A credit cycle: every connected port sends its credit flit, which takes
 * the cycle's slot of the port's output link. */
static inline __attribute__((always_inline)) void credit_stage(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                               struct vc_node *n, const struct vc_shape k)
{
  for (uint32_t m = n->h->out_linked; m; m &= m - 1)
    send_credit_flit(ctx, sh, n, __builtin_ctz(m), k);
}

static inline __attribute__((always_inline)) void switch_stage(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                               struct vc_node *n, const struct vc_shape k)
{
  const uint64_t now = ctx->now;
  const int np = k.np, nvc = k.nvc, words = vc_mask_words(sh, k, 0);
  const uint64_t period = (uint64_t)sh->p->credit_period_cycles;
  if (now >= n->h->credit_cycle) { /* at or past it: the first credit cycle not before now (a division a period) */
    uint64_t r = now % period;
    n->h->credit_cycle = r ? now - r + period : now;
  }
  if (now == n->h->credit_cycle) {
    n->h->credit_cycle = now + period;
    credit_stage(ctx, sh, n, k);
    return;
  }
  uint16_t cand[VC_MAX_PORTS][VC_MAX_PORTS * FCSIM_MAX_VCS];
  int ncand[VC_MAX_PORTS];
  uint32_t with_cand = 0;

  /* head flits ready to win a free output: bucket them by output */
  for (int w = 0; w < words; w++) {
    for (uint64_t m = n->act_mask[w]; m; m &= m - 1) {
      int off = w * 64 + __builtin_ctzll(m);
      struct fcsim_vc *vc = &n->vcs[off];
      int p = vc->out_port;
      struct fcsim_outport *o = vc_out(n, p);
      if (!vc->count || o->holder != -1 || o->credits[vc->out_vc] < o->threshold)
        continue;
      if (!(with_cand & (1u << p))) {
        with_cand |= 1u << p;
        ncand[p] = 0;
      }
      cand[p][ncand[p]++] = (uint16_t)off;
    }
  }

  /* outputs with work, in ascending order */
  for (uint32_t work = with_cand | (n->h->out_held & ~n->h->train_held) | n->h->srcq_mask; work; work &= work - 1) {
    int p = __builtin_ctz(work);
    struct fcsim_outport *o = vc_out(n, p);
    if (o->holder == -1) {
      if (with_cand & (1u << p)) {
        int w = vc_pick(ctx, sh, n, cand[p], ncand[p], o->rr_ptr);
        FCSIM_CENSUS(fcsim__census_win(sh, n, w, p, now));
        o->holder = (int16_t)w;
        n->h->out_held |= 1u << p;
        vc_mask_clear(n->act_mask, w); /* it holds p until its tail: no longer a candidate */
        o->rr_ptr = (uint16_t)(w + 1 == np * nvc ? 0 : w + 1);
        if (novog_train_try(ctx, sh, n, p, o, w, vc_port_of(sh, k, w)))
          continue; /* the whole packet left (novog_train.h) */
        if (sh->train_entries)
          novog_undefer(ctx, sh, n, vc_port_of(sh, k, w), w);
      } else if (n->srcq[p].count) {
        start_injection(sh, n, p, o, o->threshold, now);
        if (o->holder == FCSIM_HOLD_INJECT && ((n->h->train_outs >> p) & 1u) && novog_inject_train(ctx, sh, n, p, o))
          continue; /* the whole packet left (novog_train.h) */
      }
    }
    if (o->holder >= 0)
      send_held(ctx, sh, n, p, o, o->bw_flits, switch_tick(ctx, sh), k);
    else if (o->holder == FCSIM_HOLD_INJECT)
      send_injected(ctx, sh, n, p, o, o->bw_flits, switch_tick(ctx, sh));
  }
}

/* The step, for one shape (struct vc_shape): inlined into each instance. */
static inline __attribute__((always_inline)) uint64_t step_shaped(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                                  struct vc_node *n, const struct vc_shape k)
{
  novog_train_release_due(ctx, sh, n);
  vc_receive(ctx, sh, n, 1, k);
  vc_route_and_allocate(ctx, sh, n, vc_mask_words(sh, k, 0));
  FCSIM_CENSUS(fcsim__census_step(sh, n, ctx->now));
  eject(ctx, sh, n, k);
  switch_stage(ctx, sh, n, k);
  const uint64_t now = ctx->now;
  if (n->h->buffered || n->h->queued)
    return now + 1;
  uint64_t next = fcsim__vc_next_arrival(ctx, n);
  if (n->h->credit_dirty_until > now && n->h->credit_cycle < next) /* the switch stage left it after now */
    next = n->h->credit_cycle;
  return next;
}

/* The shapes of the presets (9 VCs: examples/novo-g.ini and the seed's
 * runs; 4 and 2: the studies of VCs) on 3-D tori; any other shape takes
 * the generic instance. */
static const struct vc_shape novog_shapes[3] = {VC_SHAPE(9, 6), VC_SHAPE(4, 6), VC_SHAPE(2, 6)};

static uint64_t novog_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct vc_shared *sh = shared;
  struct vc_node *n = state;
  (void)node;
  switch (sh->shape) {
  /* one case per entry of novog_shapes (vc_shape_pick's index + 1); a constant
   * index into the static const list folds to the shape's constants */
  case 1: return step_shaped(ctx, sh, n, novog_shapes[0]);
  case 2: return step_shaped(ctx, sh, n, novog_shapes[1]);
  case 3: return step_shaped(ctx, sh, n, novog_shapes[2]);
  default: return step_shaped(ctx, sh, n, vc_shape_of(sh));
  }
}

/* A new packet is routed at its source (RC there) and queued at the output
 * it leaves by. */
static int novog_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                        const struct fcsim_packet *pk)
{
  const struct vc_shared *sh = shared;
  struct vc_node *n = state;
  int32_t credits[VC_MAX_PORTS];
  int port =
      fcsim_routing_route_at(sh->routing, sh->topo, sh->p, n->h->coord, node, pk->dest, pk->route, -1, &n->h->hop_rng,
                             sh->routing->needs_credits ? fcsim__vc_port_credits(sh, n, credits) : NULL);
  if (fcsim_pktq_push(&n->srcq[port], pk))
    return FCSIM_ENOMEM;
  n->h->srcq_mask |= 1u << port;
  n->h->queued++;
  return 0;
}

static int novog_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  int rc = fcsim__vc_setup(env, 0, 1, shared, state_size, err);
  if (rc)
    return rc;
  struct vc_shared *sh = *shared;
  FCSIM_CENSUS(fcsim__census_setup(sh));
  sh->shape = vc_shape_pick(sh, novog_shapes, (int)(sizeof novog_shapes / sizeof novog_shapes[0]));
  /* trains are exact with one clock, routing that does not read credits,
   * greedy VC allocation and no escape VCs (novog_train.h) */
  sh->trains = env->p->trains && sh->ticks_per_cycle == 1.0 && !sh->routing->needs_credits &&
               sh->va_allocator == FCSIM_ALLOC_GREEDY && !sh->escape;
  sh->train_entries = sh->trains;
  for (int64_t node = 0; node < sh->g->nodes && sh->train_entries; node++)
    sh->train_entries = sh->g->kind[node] == env->kind;
  /* every channel's threshold must fit the buffers (netlists mix latencies) */
  for (int64_t s = 0; s < sh->g->nslots; s++)
    if (sh->g->chan[s].dst >= 0 && sh->g->kind[sh->g->chan[s].dst] == env->kind && sh->threshold[s] > sh->depth) {
      const struct fcsim_chan *c = &sh->g->chan[s];
      int need = sh->threshold[s] + sh->p->credit_period_cycles * c->bandwidth_flits;
      fcsim__vc_teardown(*shared);
      *shared = NULL;
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "router.vc_depth = %d flits can never send on the link from node %u port %u "
                             "(latency %u cycles, %u flit/cycle): its Novo-G# credit threshold is %d flits; "
                             "set router.vc_depth >= %d (full rate needs %d)",
                             sh->depth, c->src, c->src_port, c->latency_cycles, c->bandwidth_flits, sh->threshold[s],
                             sh->threshold[s], need);
    }
  return 0;
}

/* The router area of a run's result (include/fcsim/metrics.h, a part of
 * the "run" table joined by src/models.c's list): Table 4.2 for novog; the
 * voq and ring routers write the same two fields (Tables 4.3 and 5.6). */
static const struct fcsim_metric area_rows[] = {
    MV("metrics.area_alms", "ALMs", LOWER, SAME, NULL,
       "router area: Novo-G# for router.vcs (Novo-G# thesis Table 4.2), the voq and ring routers (Tables 4.3, 5.6); "
       "0 for other routers",
       "hardware", NULL, NULL, FCSIM_VIEW_NONZERO),
    MV("metrics.area_percent", "%", LOWER, SAME, NULL, "area_alms as a share of a Stratix V", "hardware", NULL, NULL,
       FCSIM_VIEW_NONZERO),
};
const struct fcsim_metric_table fcsim_router_area_metrics = FCSIM_METRIC_PART("run", area_rows, "metrics.link_util.*");

static void novog_figures_json(const void *shared, int place, json_t *metrics)
{
  const struct vc_shared *sh = shared;
  if (place == FCSIM_FIGURES_ROUTER_AREA)
    fcsim_router_area_json(metrics, fcsim_novog_area_alms(sh->nvc), fcsim_novog_area_percent(sh->nvc));
}

static int novog_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                        struct fcsim_error *err)
{
  if (p->vcs > 9)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vcs = %d: the Novo-G# router has 1 to 9 VCs per port (Novo-G# thesis Table 4.2)",
                           origin, p->vcs);
  if (p->credit_period_cycles < 2)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.credit_period = %d: the Novo-G# router sends a credit flit in the data stream "
                           "every credit period, taking that cycle's slot of every output, so a period of 1 cycle "
                           "leaves no cycle for data; use 2 or more (the Novo-G# thesis uses 100)",
                           origin, p->credit_period_cycles);
  if (switch_auto)
    p->switch_cycles = fcsim_novog_switch_levels(p->vcs);
  int thr = fcsim_credit_threshold_flits(p->link_latency_cycles, p->credit_period_cycles, p->link_bandwidth_flits,
                                         p->switch_cycles, p->packet_flits);
  p->credit_threshold_flits = thr;
  if (depth_auto)
    p->vc_depth_flits = thr + p->credit_period_cycles * p->link_bandwidth_flits;
  else if (p->vc_depth_flits < thr)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vc_depth = %d flits can never send: the Novo-G# credit threshold is %d flits "
                           "(link latency %d + credit period %d cycles, at %d flit/cycle); the smallest depth that "
                           "works is %d (full rate on one VC needs %d)",
                           origin, p->vc_depth_flits, thr, p->link_latency_cycles, p->credit_period_cycles,
                           p->link_bandwidth_flits, thr, thr + p->credit_period_cycles * p->link_bandwidth_flits - 1);
  return 0;
}

const struct fcsim_router_ops fcsim_router_novog = {
    .name = "novog",
    .help = "Novo-G# VC router: direct injection/ejection, credit flits, reduction-tree switch (Novo-G# thesis §4.2.2)",
    .version = 1,
    .flow_control = "credit flits",
    .max_vcs = 9,
    .local_ports = 0,
    .credit_period = 1,
    .tracks_arrivals = 1,
    .stamps_injection = 1,
    .escape_vcs = 1,
    .derive = novog_derive,
    .setup = novog_setup,
    .teardown = fcsim__vc_teardown,
    .node_state_size = fcsim__vc_node_state_size,
    .input_buffers = fcsim__vc_input_buffers,
    .init = fcsim__vc_init,
    .fini = fcsim__vc_fini,
    .accept = novog_accept,
    .step = novog_step,
    .prefetch = fcsim__vc_prefetch,
    .nbuffers = fcsim__vc_nbuffers,
    .buffer_busy = fcsim__vc_buffer_busy,
    .waits_for = fcsim__vc_waits_for,
    .describe_buffer = fcsim__vc_describe_buffer,
    .credit_capacity = fcsim__vc_credit_capacity,
    .zero_load_cycles = fcsim__vc_zero_load_cycles,
    .figures_json = novog_figures_json,
};
