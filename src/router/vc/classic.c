/* SPDX-License-Identifier: BSD-3-Clause */
/* The classic NoC VC router on the VC base (vc.h), timed like BookSim2's
 * input-queued router: a local injection port with its own VCs fed one
 * packet at a time from the source queue, a local ejection port that is an
 * output like the others, one switch input per port (VCs multiplexed),
 * separable allocation with one flit per input and per output per cycle, and
 * one credit per flit returned on a credit wire. */
#include "router/vc/vc.h"
#include "router/vc/vc_pick.h"
#include "router/vc/vc_step.h"

/* Switch input of VC vi (router.input_speedup: VC v of a port on input v mod speedup). */
static inline int switch_input(const struct vc_shared *sh, int vi)
{
  return sh->speedup == 1 ? sh->vc_port[vi] : sh->vc_port[vi] * sh->speedup + (vi % sh->nvc) % sh->speedup;
}

/* The same in a step of shape k. */
static inline int switch_input_k(const struct vc_shared *sh, int vi, const struct vc_shape k)
{
  int q = vc_port_of(sh, k, vi);
  return sh->speedup == 1 ? q : q * sh->speedup + (vi % k.nvc) % sh->speedup;
}

/* Moves the next waiting packet into a free VC of the local port. */
static inline __attribute__((always_inline)) void inject(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                         struct vc_node *n, const struct vc_shape k)
{
  struct fcsim_pktq *q = &n->srcq[0];
  const int lp = k.np, nvc = k.nvc, b = sh->p->link_bandwidth_flits;
  const uint64_t now = ctx->now;
  if (q->count == 0)
    return;
  struct fcsim_packet *pk = fcsim_pktq_front(q);
  if (pk->gen_cycle + (uint64_t)sh->p->local_cycles > now) /* the injection channel */
    return;
  if (n->h->inj_vc == 0xff) {
    for (int v = 0; v < nvc; v++) {
      struct fcsim_vc *vc = &n->vcs[lp * nvc + v];
      if (vc->count == 0 && vc->stage == FCSIM_VC_IDLE) {
        n->h->inj_vc = (uint8_t)v;
        n->h->inj_sent = 0;
        break;
      }
    }
    if (n->h->inj_vc == 0xff)
      return;
  }
  int vi = lp * nvc + n->h->inj_vc;
  for (int f_i = 0; f_i < b && n->vcs[vi].count < (uint32_t)sh->depth; f_i++) {
    struct fcsim_flit f = {(uint32_t)pk->gen_tick, pk->dest, pk->aux, n->h->inj_vc, pk->flags, 0, pk->route};
    if (n->h->inj_sent == 0) {
      f.flags |= FCSIM_FLIT_HEAD;
      n->h->inj_head_tick = (uint32_t)ctx->tick;
    }
    if (n->h->inj_sent + 1 == pk->flits) {
      f.flags |= FCSIM_FLIT_TAIL;
      f.gen = fcsim_ctx_flit_gen(ctx, pk->gen_tick, 1, n->h->inj_head_tick);
    }
    vc_push(ctx, sh, n, lp, vi, &f, k);
    fcsim_ctx_injected(ctx);
    ctx->last_progress = ctx->tick;
    if (++n->h->inj_sent == pk->flits) {
      fcsim_pktq_pop(q);
      n->h->queued--;
      n->h->inj_vc = 0xff;
      break;
    }
  }
}

/* Moves the flit of input VC w (winner of output p) through the switch. */
static inline __attribute__((always_inline)) void traverse(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                           struct vc_node *n, int p, int w, const struct vc_shape k)
{
  const uint64_t now = ctx->now;
  const int nvc = k.nvc;
  int q = vc_port_of(sh, k, w);
  int tail, ovc = n->vcs[w].out_vc;
  struct fcsim_flit f = vc_take_flit(sh, n, w, &tail);
  vc_pop(ctx, sh, n, q, w, tail, 0, n->act_mask, k);
  if (q < k.np)
    vc_credit_send(ctx, sh, n, q, (uint32_t)(w - q * nvc), 1, 0);
  if (p == k.np) {
    f.hops--; /* the ejection port is not a link */
    /* the flit reaches its node after the switch and the ejection channel */
    fcsim_ctx_ejected(ctx, n->node, &f, now + (uint64_t)sh->p->switch_cycles + (uint64_t)sh->eject_cycles);
  } else {
    vc_out(n, p)->credits[ovc]--;
    fcsim_ctx_send(ctx, n->slot0 + (uint32_t)p, &f, now + (uint64_t)sh->p->switch_cycles);
    if (tail)
      vc_out(n, p)->owned[ovc] = 0;
  }
}

static inline __attribute__((always_inline)) void switch_stage(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                               struct vc_node *n, const struct vc_shape k)
{
  const int np = k.np, np_in = k.np + 1, np_out = k.np + 1, nvc = k.nvc, spec = sh->speculative;
  const uint64_t now = ctx->now;
  uint16_t cand[VC_MAX_PORTS + 1][(VC_MAX_PORTS + 1) * FCSIM_MAX_VCS];
  int ncand[VC_MAX_PORTS + 1];
  uint64_t input_used = 0, outputs = 0;
  int total = 0, last = 0;

  for (int wd = 0; wd < vc_mask_words(sh, k, 1); wd++) {
    for (uint64_t m = n->act_mask[wd]; m; m &= m - 1) {
      int off = wd * 64 + __builtin_ctzll(m);
      struct fcsim_vc *vc = &n->vcs[off];
      if (!vc->count || (!spec && vc->ready_cycle > now))
        continue;
      int p = vc->out_port;
      if (p < np && vc_out(n, p)->credits[vc->out_vc] <= 0)
        continue;
      if (!(outputs & (1ull << p))) {
        outputs |= 1ull << p;
        ncand[p] = 0;
      }
      cand[p][ncand[p]++] = (uint16_t)off;
      total++;
      last = p;
    }
  }
  if (total == 1) { /* a lone request wins its output whatever the rotation */
    int w = cand[last][0];
    vc_out(n, last)->rr_ptr = (uint16_t)(w + 1 == np_in * nvc ? 0 : w + 1);
    traverse(ctx, sh, n, last, w, k);
    return;
  }
  /* outputs with candidates, starting from a rotating one */
  unsigned first = (unsigned)(now % (uint64_t)np_out);
  uint64_t all = np_out >= 64 ? ~0ull : (1ull << np_out) - 1;
  uint64_t rotated = ((outputs >> first) | (first ? outputs << (np_out - first) : 0)) & all;
  for (; rotated; rotated &= rotated - 1) {
    int p = (int)((first + (unsigned)__builtin_ctzll(rotated)) % (unsigned)np_out);
    /* drop candidates whose input already sent this cycle */
    int kept = 0;
    for (int j = 0; j < ncand[p]; j++)
      if (!(input_used & (1ull << switch_input_k(sh, cand[p][j], k))))
        cand[p][kept++] = cand[p][j];
    if (!kept)
      continue;
    struct fcsim_outport *o = vc_out(n, p);
    int w = vc_pick(ctx, sh, n, cand[p], kept, o->rr_ptr);
    o->rr_ptr = (uint16_t)(w + 1 == np_in * nvc ? 0 : w + 1);
    input_used |= 1ull << switch_input_k(sh, w, k);
    traverse(ctx, sh, n, p, w, k);
  }
}

/* The requests of one cycle's separable / iSLIP switch allocation: per
 * switch input, the outputs it requests and, per output, the VC that
 * represents it (the highest priority, ties to the VC nearest after the
 * input's VC pointer, as BookSim2 picks). */
struct sa_round {
  uint64_t in_req[64];                /* [switch input] bit p: requests output p */
  uint64_t out_req[VC_MAX_PORTS + 1]; /* [output] bit si: switch input si requests it */
  int16_t vc[64][VC_MAX_PORTS + 1];   /* [switch input][output] its VC */
  uint64_t pri[64][VC_MAX_PORTS + 1]; /* [switch input][output] that VC's priority */
  uint64_t inputs, outputs;           /* switch inputs / outputs with requests */
  int in_match[64];                   /* output matched to each switch input, -1 */
  uint64_t out_matched;               /* outputs matched */
};

static int vc_nearer(const struct vc_shared *sh, int a, int b, unsigned ptr)
{
  unsigned nvc = (unsigned)sh->nvc, va = (unsigned)a % nvc, vb = (unsigned)b % nvc;
  unsigned da = va >= ptr ? va - ptr : va + nvc - ptr, db = vb >= ptr ? vb - ptr : vb + nvc - ptr;
  return da < db;
}

static void sa_request(const struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, struct sa_round *r,
                       int vi, int p)
{
  int si = switch_input(sh, vi);
  uint64_t pri = sh->arbiter->constant ? 0 : fcsim__vc_priority(ctx, sh, n, vi);
  if (!(r->inputs & (1ull << si))) {
    r->inputs |= 1ull << si;
    r->in_req[si] = 0;
  }
  if (!(r->outputs & (1ull << p))) {
    r->outputs |= 1ull << p;
    r->out_req[p] = 0;
  }
  if (r->in_req[si] & (1ull << p)) {
    int old = r->vc[si][p];
    if (pri < r->pri[si][p] || (pri == r->pri[si][p] && !vc_nearer(sh, vi, old, n->swin[si].vc_ptr)))
      return;
  }
  r->in_req[si] |= 1ull << p;
  r->out_req[p] |= 1ull << si;
  r->vc[si][p] = (int16_t)vi;
  r->pri[si][p] = pri;
}

/* The highest-priority bit of m, ties to the first at or after `start`. */
static int best_of(uint64_t m, unsigned start, const uint64_t *pri_of, int stride)
{
  if (!pri_of)
    return vc_cyclic_first(m, start);
  uint64_t top = 0, best = 0;
  for (uint64_t b = m; b; b &= b - 1) {
    int i = __builtin_ctzll(b);
    uint64_t pr = pri_of[(size_t)i * (size_t)stride];
    if (!best || pr > top) {
      top = pr;
      best = 0;
    }
    if (pr == top)
      best |= 1ull << i;
  }
  return vc_cyclic_first(best, start);
}

static void sa_match(struct vc_node *n, struct sa_round *r, int si, int p, int update, int nsi, int np_out)
{
  r->in_match[si] = p;
  r->out_matched |= 1ull << p;
  if (update) {
    vc_out(n, p)->sa_grant = (uint8_t)((si + 1) % nsi);
    n->swin[si].accept_ptr = (uint8_t)((p + 1) % np_out);
  }
}

/* iSLIP: outputs grant the first unmatched requesting input from their
 * pointer, inputs accept the first grant from theirs; pointers move on the
 * first iteration's matches only. */
static void sa_islip(const struct vc_shared *sh, struct vc_node *n, struct sa_round *r)
{
  uint64_t granted[64];
  for (int it = 0; it < sh->alloc_iters; it++) {
    uint64_t free_in = 0;
    for (uint64_t m = r->inputs; m; m &= m - 1) {
      int si = __builtin_ctzll(m);
      granted[si] = 0;
      if (r->in_match[si] < 0)
        free_in |= 1ull << si;
    }
    for (uint64_t m = r->outputs & ~r->out_matched; m; m &= m - 1) {
      int p = __builtin_ctzll(m);
      uint64_t req = r->out_req[p] & free_in;
      if (req)
        granted[vc_cyclic_first(req, vc_out(n, p)->sa_grant)] |= 1ull << p;
    }
    for (uint64_t m = free_in; m; m &= m - 1) {
      int si = __builtin_ctzll(m);
      if (granted[si])
        sa_match(n, r, si, vc_cyclic_first(granted[si], n->swin[si].accept_ptr), it == 0, sh->nswitch_in, sh->np_out);
    }
  }
}

/* Separable input-first: each input picks an output (priority, then from its
 * pointer), each output one of the inputs that picked it; one pass. */
static void sa_separable(const struct vc_shared *sh, struct vc_node *n, struct sa_round *r)
{
  uint64_t picked_by[VC_MAX_PORTS + 1];
  const int constant = sh->arbiter->constant;
  for (uint64_t m = r->outputs; m; m &= m - 1)
    picked_by[__builtin_ctzll(m)] = 0;
  for (uint64_t m = r->inputs; m; m &= m - 1) {
    int si = __builtin_ctzll(m);
    int p = best_of(r->in_req[si], n->swin[si].accept_ptr, constant ? NULL : r->pri[si], 1);
    picked_by[p] |= 1ull << si;
  }
  for (uint64_t m = r->outputs; m; m &= m - 1) {
    int p = __builtin_ctzll(m);
    if (picked_by[p])
      sa_match(n, r, best_of(picked_by[p], vc_out(n, p)->sa_grant, constant ? NULL : &r->pri[0][p], VC_MAX_PORTS + 1),
               p, 1, sh->nswitch_in, sh->np_out);
  }
}

static void switch_stage_matched(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n)
{
  const uint64_t now = ctx->now;
  const int np = sh->np, spec = sh->speculative;
  struct sa_round r;
  r.inputs = r.outputs = r.out_matched = 0;
  for (int wd = 0; wd < sh->mask_words; wd++) {
    for (uint64_t m = n->act_mask[wd]; m; m &= m - 1) {
      int vi = wd * 64 + __builtin_ctzll(m);
      struct fcsim_vc *vc = &n->vcs[vi];
      int p = vc->out_port;
      if (!vc->count || (!spec && vc->ready_cycle > now) || (p < np && vc_out(n, p)->credits[vc->out_vc] <= 0))
        continue;
      sa_request(ctx, sh, n, &r, vi, p);
    }
  }
  if (!r.inputs)
    return;
  for (uint64_t m = r.inputs; m; m &= m - 1)
    r.in_match[__builtin_ctzll(m)] = -1;
  if (sh->sa_allocator == FCSIM_ALLOC_ISLIP)
    sa_islip(sh, n, &r);
  else
    sa_separable(sh, n, &r);
  for (uint64_t m = r.inputs; m; m &= m - 1) {
    int si = __builtin_ctzll(m), p = r.in_match[si];
    if (p < 0)
      continue;
    int vi = r.vc[si][p];
    n->swin[si].vc_ptr = (uint8_t)(((vi % sh->nvc) + sh->speedup) % sh->nvc);
    traverse(ctx, sh, n, p, vi, vc_shape_of(sh));
  }
}

/* The step, for one shape (struct vc_shape): inlined into each instance.
 * The separable and iSLIP switch allocators stay generic (one instance). */
static inline __attribute__((always_inline)) uint64_t step_shaped(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                                  struct vc_node *n, const struct vc_shape k)
{
  vc_receive(ctx, sh, n, 0, k);
  inject(ctx, sh, n, k);
  vc_route_and_allocate(ctx, sh, n, vc_mask_words(sh, k, 1));
  if (sh->va_allocator != FCSIM_ALLOC_GREEDY)
    fcsim__vc_allocate_matched(ctx, sh, n);
  if (sh->sa_allocator == FCSIM_ALLOC_GREEDY)
    switch_stage(ctx, sh, n, k);
  else
    switch_stage_matched(ctx, sh, n);
  return n->h->buffered || n->h->queued ? ctx->now + 1 : fcsim__vc_next_arrival(ctx, n);
}

/* The shapes of the presets on tori and meshes (examples/booksim-torus.ini:
 * 4 VCs, booksim-iq.ini 2, on 8x8x8; booksim-mesh88-lat.ini: 8 VCs on an
 * 8x8 mesh); any other shape takes the generic instance. */
static const struct vc_shape classic_shapes[3] = {VC_SHAPE(4, 6), VC_SHAPE(2, 6), VC_SHAPE(8, 4)};

static uint64_t classic_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct vc_shared *sh = shared;
  struct vc_node *n = state;
  (void)node;
  switch (sh->shape) {
  /* one case per entry of classic_shapes (vc_shape_pick's index + 1); a constant
   * index into the static const list folds to the shape's constants */
  case 1: return step_shaped(ctx, sh, n, classic_shapes[0]);
  case 2: return step_shaped(ctx, sh, n, classic_shapes[1]);
  case 3: return step_shaped(ctx, sh, n, classic_shapes[2]);
  default: return step_shaped(ctx, sh, n, vc_shape_of(sh));
  }
}

static int classic_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                          const struct fcsim_packet *pk)
{
  struct vc_node *n = state;
  if (fcsim_pktq_push(&n->srcq[0], pk))
    return FCSIM_ENOMEM;
  n->h->queued++;
  return 0;
}

static int classic_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  int rc = fcsim__vc_setup(env, 1, 0, shared, state_size, err);
  if (rc)
    return rc;
  struct vc_shared *sh = *shared;
  sh->shape = vc_shape_pick(sh, classic_shapes, (int)(sizeof classic_shapes / sizeof classic_shapes[0]));
  return 0;
}

static int classic_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                          struct fcsim_error *err)
{
  p->credit_threshold_flits = 1;
  if (switch_auto)
    p->switch_cycles = 1;
  /* a slot freed downstream is usable upstream one credit round trip later:
   * switch + 2 x link latency; full rate on one VC needs that many flits */
  if (depth_auto) {
    int rtt = (2 * p->link_latency_cycles + p->switch_cycles + 1) * p->link_bandwidth_flits;
    p->vc_depth_flits = rtt > 8 ? rtt : 8;
  }
  return 0;
}

const struct fcsim_router_ops fcsim_router_classic = {
    .name = "classic",
    .help = "NoC-style VC router: local port, per-flit credits, flit-by-flit switch allocation (BookSim2's IQ router)",
    .version = 1,
    .flow_control = "per-flit credits",
    .max_vcs = 16,
    .local_ports = 1,
    .tracks_arrivals = 1,
    .allocation = 1,
    .stamps_injection = 1,
    .escape_vcs = 1,
    .derive = classic_derive,
    .setup = classic_setup,
    .teardown = fcsim__vc_teardown,
    .node_state_size = fcsim__vc_node_state_size,
    .input_buffers = fcsim__vc_input_buffers,
    .init = fcsim__vc_init,
    .fini = fcsim__vc_fini,
    .accept = classic_accept,
    .step = classic_step,
    .prefetch = fcsim__vc_prefetch,
    .nbuffers = fcsim__vc_nbuffers,
    .buffer_busy = fcsim__vc_buffer_busy,
    .waits_for = fcsim__vc_waits_for,
    .describe_buffer = fcsim__vc_describe_buffer,
    .credit_capacity = fcsim__vc_credit_capacity,
    .zero_load_cycles = fcsim__vc_zero_load_cycles,
};
