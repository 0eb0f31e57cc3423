/* SPDX-License-Identifier: BSD-3-Clause */
/* The VC router base (vc.h): set-up and state layout, and the stages the
 * novog and classic models share — receiving flits and credits, routing
 * computation and VC allocation at VC fronts, buffer push and pop, credit
 * returns and the arbitration pick. */
#include <stdlib.h>
#include <string.h>

#include "arbiter/arbiter.h"
#include "router/vc/params.h"
#include "router/vc/vc.h"
#include "stats/verdict.h"

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

void fcsim__vc_chunk_layout(int depth, int *chunk_shift, uint32_t *chunks_per_vc)
{
  /* chunks of 16 flits (256 bytes, four cache lines) at depths of 32 and
   * more; at smaller depths the largest power of two up to depth / 2. A VC
   * reserves ceil((depth + C - 1) / C) chunks of C flits: 272 flits at depth
   * 250, 80 at 64, 12 at 8 (at most 1.5 x the depth). Smaller chunks cost
   * more than they save: the classic router at depth 8 takes 964 and 992
   * instructions per flit-hop with chunks of 2 and 1 flits, 953 with 4
   * (docs/PERFORMANCE.md) */
  int s = 0;
  while (s < 4 && (2 << s) <= depth / 2)
    s++;
  *chunk_shift = s;
  *chunks_per_vc = ((uint32_t)depth + 2 * ((1u << s) - 1)) >> s;
}

void fcsim__vc_chunks_init(struct vc_node *n, uint32_t chunks)
{
  for (uint32_t c = 0; c < chunks; c++)
    n->chunk_next[c] = c + 1 < chunks ? c + 1 : VC_NO_CHUNK;
  n->h->chunk_free = chunks ? 0 : VC_NO_CHUNK;
  n->h->chunks_used = 0;
}

/* The chunk pool's bytes per VC (vc.h, VC storage). */
static size_t vc_pool_bytes(const struct vc_shared *sh)
{
  return ((size_t)sh->chunks_per_vc << sh->chunk_shift) * sizeof(struct fcsim_flit);
}

void fcsim__vc_straight_outputs(struct vc_shared *sh, const struct fcsim_graph *g)
{
  for (int q = 0; q < sh->np; q++) {
    int out = -2;
    for (int64_t node = 0; node < g->nodes && out != -1; node++) {
      if (g->kind[node] != sh->kind || q >= fcsim_graph_radix(g, node))
        continue;
      const int32_t c = g->in_chan[g->port_base[node] + (uint32_t)q];
      if (c < 0)
        continue;
      const int sp = g->chan[c].src_port;
      out = out == -2 || out == sp ? sp : -1;
    }
    sh->straight_out[q] = (int8_t)(out >= 0 && out < sh->np ? out : -1);
  }
}

int fcsim__vc_setup(const struct fcsim_router_env *env, int local_port, int inband, void **shared, size_t *state_size,
                    struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  const struct fcsim_graph *g = &env->topo->graph;
  struct vc_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = p;
  sh->age_threshold_cycles = fcsim_arbiter_params(p)->age_threshold_cycles;
  sh->topo = env->topo;
  sh->g = g;
  sh->routing = env->routing;
  sh->arbiter = env->arbiter;
  sh->kind = env->kind;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  sh->np = g->max_radix;
  sh->local_port = local_port;
  sh->inband = inband;
  sh->np_in = sh->np + local_port;
  sh->np_out = sh->np + local_port;
  sh->nvc = p->vcs;
  sh->depth = p->vc_depth_flits;
  sh->nq = local_port ? 1 : sh->np;
  sh->dateline = env->topo->kind == FCSIM_TOPO_TORUS && p->dateline;
  /* routing.turn_rule = seed-escape: the routing check refused split
   * classes and fewer than 3 VCs */
  sh->escape =
      sh->dateline && p->turn_rule == FCSIM_TURN_SEED_ESCAPE && env->routing->turn_rule && !p->vc_split && p->vcs >= 3;
  const struct fcsim_vc_params *vp = fcsim_vc_params(p);
  sh->speculative = vp->speculative;
  sh->va_allocator = vp->va_allocator;
  sh->sa_allocator = vp->sa_allocator;
  sh->alloc_iters = vp->alloc_iters;
  sh->wait_tail_credit = vp->wait_tail_credit;
  sh->queued_head_cycles = vp->queued_head_cycles;
  sh->eject_cycles = vp->eject_cycles;
  sh->dateline_wrap = vp->dateline_wrap;
  sh->speedup = local_port ? vp->input_speedup : 1;
  sh->nswitch_in = sh->np_in * sh->speedup;
  sh->credit_delay_ticks = (uint64_t)llround(vp->credit_delay_cycles * sh->ticks_per_cycle);
  /* a port's counts are reported for 2P + 2L + S + 2 cycles after its
   * buffers change (L the longest link: netlists mix latencies) */
  uint64_t max_lat = 0;
  for (int64_t s = 0; s < g->nslots; s++)
    if (g->chan[s].dst >= 0) {
      uint64_t l = vc_own_cycles(sh, fcsim_link_max_latency(&g->chan[s]));
      if (l > max_lat)
        max_lat = l;
      l = vc_own_cycles(sh, g->chan[s].credit_latency_ticks);
      if (l > max_lat)
        max_lat = l;
    }
  sh->credit_dirty_cycles = 2 * (uint64_t)p->credit_period_cycles + 2 * max_lat + (uint64_t)p->switch_cycles + 2;
  if (local_port && sh->nswitch_in > 64) {
    int ports = sh->np_in;
    free(sh);
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.input_speedup = %d: %d ports x %d switch inputs exceed the 64 the allocators track",
                           vp->input_speedup, ports, vp->input_speedup);
  }
  if (sh->np > VC_MAX_PORTS) {
    free(sh);
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = %s: a node has %d ports; the VC routers have at most %d", p->router_model,
                           g->max_radix, VC_MAX_PORTS);
  }
  if (inband) {
    sh->threshold = malloc((size_t)(g->nslots ? g->nslots : 1) * sizeof *sh->threshold);
    if (!sh->threshold) {
      free(sh);
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    }
    for (int64_t s = 0; s < g->nslots; s++) {
      const struct fcsim_chan *c = &g->chan[s];
      /* a jittered link can hold flits as long as its longest latency */
      sh->threshold[s] = c->dst < 0 ? 0
                                    : fcsim_credit_threshold_flits((int)vc_own_cycles(sh, fcsim_link_max_latency(c)),
                                                                   p->credit_period_cycles, c->bandwidth_flits,
                                                                   p->switch_cycles, p->packet_flits);
      /* `auto` depth: full rate on one VC of every link, the longest included */
      int need = sh->threshold[s] + p->credit_period_cycles * c->bandwidth_flits;
      if (c->dst >= 0 && p->vc_depth_auto && need > sh->depth)
        sh->depth = need;
    }
  }
  fcsim__vc_straight_outputs(sh, g);
  const size_t nvcs = (size_t)sh->np_in * (size_t)sh->nvc;
  sh->mask_words = (int)((nvcs + 63) / 64);
  sh->vc_port = malloc(nvcs);
  if (!sh->vc_port) {
    free(sh->threshold);
    free(sh);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  for (size_t vi = 0; vi < nvcs; vi++)
    sh->vc_port[vi] = (uint8_t)(vi / (size_t)sh->nvc);
  sh->off_hdr = align8(sizeof(struct vc_node));
  size_t off = sh->off_hdr + align8(sizeof(struct vc_hdr));
  sh->off_masks = off;
  off += 3 * (size_t)sh->mask_words * sizeof(uint64_t);
  sh->off_busy_count = off;
  off = align8(off + (size_t)sh->np_in);
  sh->off_eject_vc = off; /* and in_bw_flits after it */
  off = align8(off + 2 * (size_t)sh->np);
  /* every region starts 8-byte aligned (an output record is out_bytes, below) */
  sh->off_dirty = off;
  off = align8(off + (size_t)sh->np * sizeof(uint64_t));
  sh->off_ej_train = off;
  off = align8(off + (sh->inband ? (size_t)sh->np * sizeof(struct vc_eject_train) : 0));
  sh->off_vcs = off;
  off = align8(off + nvcs * sizeof(struct fcsim_vc));
  /* output records hold credits for the VCs of the inputs they feed: this
   * kind's own where every node is of it, else as many as any kind may have */
  sh->out_vcs = g->nkinds <= 1 ? sh->nvc : FCSIM_MAX_VCS;
  /* 8-byte aligned: the records hold 64-bit fields (a train's cycles) */
  sh->out_bytes = align8(sizeof(struct fcsim_outport) + (size_t)sh->out_vcs * sizeof(int32_t));
  sh->off_outs = off;
  off = align8(off + (size_t)sh->np_out * sh->out_bytes);
  sh->off_srcq = off;
  off = align8(off + (size_t)sh->nq * sizeof(struct fcsim_pktq));
  /* classic: allocator pointers (switch inputs, downstream VCs) */
  sh->off_swin = off;
  off += local_port ? (size_t)sh->nswitch_in * sizeof(struct vc_swin) : 0;
  sh->off_va_grant = align8(off);
  off = sh->off_va_grant + (local_port ? (size_t)sh->np_out * FCSIM_MAX_VCS * sizeof(uint16_t) : 0);
  fcsim__vc_chunk_layout(sh->depth, &sh->chunk_shift, &sh->chunks_per_vc);
  sh->chunk_mask = (1u << sh->chunk_shift) - 1;
  sh->off_chunk_next = align8(off);
  off = sh->off_chunk_next + nvcs * sh->chunks_per_vc * sizeof(uint32_t);
  sh->off_buf = align8(off);
  off = sh->off_buf + nvcs * vc_pool_bytes(sh);
  sh->state_size = align8(off);
  *state_size = sh->state_size;
  *shared = sh;
  return 0;
}

void fcsim__vc_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct vc_shared *sh = shared;
  *vcs = sh->nvc;
  *depth_flits = sh->depth;
}

void fcsim__vc_teardown(void *shared)
{
  struct vc_shared *sh = shared;
  if (!sh)
    return;
  free(sh->threshold);
  free(sh->vc_port);
  free(sh);
}

/* The channel into network port q of the node, or -1: a mesh's edge and a
 * netlist node with fewer ports than its kind's radix have ports without
 * one. */
static int32_t vc_in_chan(const struct vc_shared *sh, uint32_t node, int q)
{
  return q < fcsim_graph_radix(sh->g, node) ? sh->g->in_chan[sh->g->port_base[node] + (uint32_t)q] : -1;
}

/* Whether input port q has a link into it (the classic router's local port
 * always has): only those ports get buffers. */
static int vc_port_has_link(const struct vc_shared *sh, uint32_t node, int q)
{
  return q >= sh->np || vc_in_chan(sh, node, q) >= 0;
}

size_t fcsim__vc_node_state_size(const void *shared, uint32_t node)
{
  const struct vc_shared *sh = shared;
  size_t ports = 0;
  for (int q = 0; q < sh->np_in; q++)
    ports += (size_t)vc_port_has_link(sh, node, q);
  return align8(sh->off_buf + ports * (size_t)sh->nvc * vc_pool_bytes(sh));
}

int fcsim__vc_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  const struct vc_shared *sh = shared;
  struct vc_node *n = state; /* the view of the node's arrays, kept at the start of its state */
  vc_node_view(sh, node, state, n);
  n->h->inj_vc = 0xff;
  fcsim_rng_init(&n->h->hop_rng, sh->p->seed, node, FCSIM_RNG_HOP);
  memset(n->eject_vc, -1, (size_t)sh->np);
  for (int d = 0; d < FCSIM_MAX_DIMS; d++)
    n->h->coord[d] = fcsim_topo_coord(sh->topo, node, d);
  for (int o = 0; o < sh->np_out; o++) /* every output routing may choose (at most 33) */
    if (fcsim_topo_crosses_dateline(sh->topo, node, o))
      n->h->dateline_out |= 1ull << o;
  for (int q = 0; q < sh->np; q++) {
    int32_t c = vc_in_chan(sh, node, q);
    n->in_bw_flits[q] = (uint8_t)(c >= 0 ? sh->g->chan[c].bandwidth_flits : 1);
  }
  /* the chunk pool: the worst case of the VCs of the ports with a link
   * (fcsim__vc_node_state_size), every chunk free, lowest first */
  uint32_t chunks = 0;
  for (int i = 0; i < sh->np_in * sh->nvc; i++) {
    if (vc_port_has_link(sh, node, sh->vc_port[i]))
      chunks += sh->chunks_per_vc;
    n->vcs[i].out_port = FCSIM_NO_PORT;
    n->vcs[i].out_vc = -1;
  }
  fcsim__vc_chunks_init(n, chunks);
  /* every downstream VC starts empty: credits = its depth (novog: the count
   * a credit flit would report); the downstream node may be of another kind */
  for (int o = 0; o < sh->np_out; o++) {
    const struct fcsim_chan *ch =
        o < sh->np && o < fcsim_graph_radix(sh->g, node) ? fcsim_graph_out(sh->g, node, o) : NULL;
    int nvc = ch && ch->dst >= 0 ? ch->dst_vcs : sh->nvc,
        depth = ch && ch->dst >= 0 ? (int)ch->dst_depth_flits : sh->depth;
    if (nvc > sh->out_vcs)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "an output feeds %d VCs; its record holds %d", nvc, sh->out_vcs);
    vc_out(n, o)->holder = -1;
    if (ch && ch->dst >= 0)
      n->h->out_linked |= 1u << o;
    vc_out(n, o)->nvc_out = (uint8_t)nvc;
    vc_out(n, o)->bw_flits = (uint8_t)(ch && ch->dst >= 0 ? ch->bandwidth_flits : 1);
    vc_out(n, o)->threshold = ch && sh->threshold ? sh->threshold[sh->g->port_base[node] + (uint32_t)o] : 0;
    vc_out(n, o)->depth_out = depth;
    for (int v = 0; v < nvc; v++)
      vc_out(n, o)->credits[v] = depth;
    /* novog trains (novog_train.h): to a novog router of this kind, one flit a cycle, no jitter */
    if (sh->trains && ch && ch->dst >= 0 && sh->g->kind[ch->dst] == sh->kind && ch->bandwidth_flits == 1 &&
        ch->latency_sd_cycles == 0)
      n->h->train_outs |= 1u << o;
  }
  n->h->train_next = UINT64_MAX;
  return 0;
}

void fcsim__vc_fini(const void *shared, uint32_t node, void *state)
{
  const struct vc_shared *sh = shared;
  struct vc_node n; /* made here: a build that failed may never have run init on this state */
  vc_node_view(sh, node, state, &n);
  for (int q = 0; q < sh->nq; q++) {
    free(n.srcq[q].buf);
    n.srcq[q].buf = NULL;
  }
}

uint64_t fcsim__vc_next_arrival(const struct fcsim_ctx *ctx, const struct vc_node *n)
{
  const struct fcsim_links *l = ctx->links;
  uint64_t next = UINT64_MAX;
  for (uint64_t m = l->pending[n->node]; m; m &= m - 1) {
    uint64_t due = l->in_due[n->slot0 + (uint32_t)__builtin_ctzll(m)];
    if (due && due < next) /* 0: a wake is asked for (the ring was empty when it was filled) */
      next = due;
  }
  return next == UINT64_MAX ? UINT64_MAX : fcsim_clock_cycle_at(ctx->clk, next);
}

int fcsim__vc_shapes = 1;

const int32_t *fcsim__vc_port_credits(const struct vc_shared *sh, struct vc_node *n, int32_t *out)
{
  const int radix = fcsim_graph_radix(sh->g, n->node); /* a netlist node may have fewer ports than np */
  for (int port = 0; port < sh->np; port++) {
    const struct fcsim_outport *o = vc_out(n, port);
    int32_t sum = 0;
    for (int v = 0; v < sh->nvc; v++)
      sum += o->credits[v];
    out[port] = port >= radix || sh->g->chan[n->slot0 + (uint32_t)port].dst < 0 ? -1 : sum;
  }
  return out;
}

/* Routing computation for the head at the front of VC vi (input q). */
void fcsim__vc_route_head(const struct vc_shared *sh, struct vc_node *n, struct fcsim_vc *vc, int q, int vi)
{
  int32_t credits[VC_MAX_PORTS];
  const struct fcsim_flit *f = vc_front(sh, n, vi);
  int out = sh->escape ? fcsim__vc_escape_route(sh, n, vi, q, (f->flags & FCSIM_FLIT_CLASS1) != 0, f->dest) : -1;
  if (out < 0)
    out =
        fcsim_routing_route_at(sh->routing, sh->topo, sh->p, n->h->coord, n->node, f->dest, f->route, q, &n->h->hop_rng,
                               sh->routing->needs_credits ? fcsim__vc_port_credits(sh, n, credits) : NULL);
  vc->out_port = (int8_t)out;
  vc->class1 = (uint8_t)vc_next_class(sh, n, q, out, (f->flags & FCSIM_FLIT_CLASS1) != 0, f->dest);
  vc->dist = sh->arbiter->constant ? 0 : (uint16_t)fcsim_topo_distance(sh->topo, n->node, f->dest);
  vc->stage = FCSIM_VC_VA;
  if (sh->speculative) /* else VA now and SA va_cycles after it is won (vc_won) */
    vc->ready_cycle += (uint64_t)sh->p->va_cycles;
}

/* Priority of the packet at the front of input VC `vi` (its distance was
 * computed once, at routing computation); ages in network.clock cycles. */
uint64_t fcsim__vc_priority(const struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int vi)
{
  uint64_t age = fcsim_flit_age(vc_front(sh, n, vi), ctx->tick);
  return sh->arbiter->priority(ctx->age_div == 1 ? age : age / ctx->age_div, n->vcs[vi].dist, sh->age_threshold_cycles);
}

/* Credit rings hold what accumulates while their reader idles — novog: V
 * counts per period while the sender's buffers are active (the dirty
 * window); classic: one credit per flit, at most every slot of every VC —
 * plus one window of lag. */
uint64_t fcsim__vc_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct vc_shared *sh = shared;
  const struct fcsim_params *p = sh->p;
  /* in this kind's cycles; a clock offset by a few ppm adds a cycle or two */
  uint64_t lat = vc_own_cycles(sh, c->credit_latency_ticks), lag = vc_own_cycles(sh, lag_ticks);
  uint64_t margin = sh->ticks_per_cycle == 1.0 ? 0 : 8;
  if (sh->inband)
    return (uint64_t)sh->nvc *
           ((sh->credit_dirty_cycles + 2 * lat + (uint64_t)p->switch_cycles + lag) / (uint64_t)p->credit_period_cycles +
            4 + margin);
  return (uint64_t)sh->nvc * (uint64_t)sh->depth + (lat + 2 + lag + margin) * c->bandwidth_flits;
}

double fcsim__vc_zero_load_cycles(const void *shared, double hops)
{
  const struct vc_shared *sh = shared;
  const struct fcsim_params *p = sh->p;
  double extra = sh->local_port ? sh->eject_cycles - p->local_cycles : 0; /* router.eject_cycles */
  return extra + fcsim_zero_load_cycles(sh->local_port, hops, p->link_latency_cycles, p->rc_cycles, p->va_cycles,
                                        p->switch_cycles, p->local_cycles, p->packet_flits, p->link_bandwidth_flits);
}

/* The prefetch op asks for the input and credit rings due within this many
 * cycles of the step: the step and the steps run ahead of it read them. */
enum { VC_PREFETCH_CYCLES = 8 };

/* novog: the ports that send a credit flit at the node's next credit cycle
 * if it falls within VC_PREFETCH_CYCLES of tick (those with buffer activity
 * then: novog.c, send_credit_flit); 0 otherwise and for classic. Once a
 * period, so their lines have left the caches of a large network. */
static inline uint32_t vc_credit_ports_due(const struct vc_shared *sh, const struct vc_node *n, const int32_t *in_chan,
                                           uint64_t tick)
{
  const uint64_t cycle = n->h->credit_cycle;
  if (!sh->inband || cycle < tick || cycle > tick + VC_PREFETCH_CYCLES || n->h->credit_dirty_until < cycle)
    return 0;
  uint32_t ports = 0;
  for (uint32_t m = n->h->out_linked; m; m &= m - 1)
    if (n->dirty_until[__builtin_ctz(m)] >= cycle && in_chan[__builtin_ctz(m)] >= 0)
      ports |= m & -m;
  return ports;
}

void fcsim__vc_prefetch(const void *shared, const struct fcsim_links *l, const void *state, int stage, uint64_t tick)
{
  const struct vc_shared *sh = shared;
  if (stage == 2 || stage == FCSIM_PREFETCH_ACCEPT_AHEAD) { /* nothing of the state is read yet: its view,
                                                             * header and masks by their offsets */
    vc_prefetch_range(state, sh->off_ej_train);
    if (stage == FCSIM_PREFETCH_ACCEPT_AHEAD) /* and the source queues a packet joins */
      vc_prefetch_range((const char *)state + sh->off_srcq, (size_t)sh->nq * sizeof(struct fcsim_pktq));
    return;
  }
  const struct vc_node *n = state;
  if (stage == FCSIM_PREFETCH_ACCEPT_NOW) { /* the slot each source queue writes next, for writing */
    for (int q = 0; q < sh->nq; q++)
      if (n->srcq[q].count < n->srcq[q].cap) /* a full queue grows at the push */
        __builtin_prefetch(fcsim_pktq_back(&n->srcq[q]), 1);
    return;
  }
  const int32_t *in_chan = sh->g->in_chan + n->slot0;
  const uint64_t *in_due = l->in_due + n->slot0, *credit_due = l->credit_due + n->slot0;
  /* the rings the step and the steps run ahead of it will read: those due
   * within a few cycles (0: look now) */
  uint64_t in = 0, cr = 0;
  for (uint64_t m = l->pending[n->node]; m; m &= m - 1)
    if (in_due[__builtin_ctzll(m)] <= tick + VC_PREFETCH_CYCLES)
      in |= m & -m;
  for (uint64_t m = l->cpending[n->node]; m; m &= m - 1)
    if (credit_due[__builtin_ctzll(m)] <= tick + VC_PREFETCH_CYCLES)
      cr |= m & -m;
  const uint32_t credits = vc_credit_ports_due(sh, n, in_chan, tick);
  if (stage) {
    for (uint64_t m = in; m; m &= m - 1) {
      int q = __builtin_ctzll(m);
      __builtin_prefetch(&l->chan[in_chan[q]]);
      vc_prefetch_range(&n->vcs[q * sh->nvc], (size_t)sh->nvc * sizeof(struct fcsim_vc));
      if (sh->straight_out[q] >= 0) /* a head arriving is routed, allocated and sent on here, most likely */
        vc_prefetch_output(l, sh, n, sh->straight_out[q]);
    }
    for (uint64_t m = cr; m; m &= m - 1) {
      int q = __builtin_ctzll(m);
      __builtin_prefetch(&l->cchan[n->slot0 + (uint32_t)q]);
      vc_prefetch_range(vc_out(n, q), n->out_bytes);
    }
    if (n->h->train_next <= tick) /* a train's release reads its output and VC */
      for (uint32_t m = n->h->train_held; m; m &= m - 1)
        vc_prefetch_range(vc_out(n, __builtin_ctz(m)), n->out_bytes);
    if (n->h->heads_waiting) /* heads in RC or VA */
      for (int w = 0; w < sh->mask_words; w++)
        for (uint64_t m = n->wait_mask[w]; m; m &= m - 1)
          __builtin_prefetch(&n->vcs[w * 64 + __builtin_ctzll(m)]);
    if (in && n->h->chunk_free != VC_NO_CHUNK) /* a head arriving into an empty VC takes a chunk */
      __builtin_prefetch(&n->chunk_next[n->h->chunk_free]);
    for (uint32_t m = n->h->srcq_mask & ~n->h->out_held; m; m &= m - 1) { /* an injection may start */
      __builtin_prefetch(&n->srcq[__builtin_ctz(m)]);
      vc_prefetch_range(vc_out(n, __builtin_ctz(m)), n->out_bytes);
    }
    for (uint32_t m = credits; m; m &= m - 1) { /* a credit flit reads its port's VCs, input and credit rings */
      int q = __builtin_ctz(m);
      __builtin_prefetch(&l->chan[in_chan[q]]);
      __builtin_prefetch(&l->cchan[in_chan[q]]);
      vc_prefetch_range(&n->vcs[q * sh->nvc], (size_t)sh->nvc * sizeof(struct fcsim_vc));
    }
    return;
  }
  if (in && n->h->chunk_free != VC_NO_CHUNK) /* a head arriving into an empty VC is written to a free chunk */
    __builtin_prefetch(&n->buf[(size_t)n->h->chunk_free << sh->chunk_shift], 1);
  for (uint64_t m = in; m; m &= m - 1) { /* the entry at the head, and the second slot of a train entry */
    const struct fcsim_ring *r = &l->chan[in_chan[__builtin_ctzll(m)]];
    __builtin_prefetch(&l->chan_pool[r->base + (r->head & r->mask)]);
    __builtin_prefetch(&l->chan_pool[r->base + ((r->head + 1) & r->mask)].arrival_stamp);
    __builtin_prefetch(&l->chan_pool[r->base + ((r->head + 2) & r->mask)].arrival_stamp);
  }
  for (uint32_t m = credits; m; m &= m - 1) { /* the credit flits' slots, written */
    const int32_t c = in_chan[__builtin_ctz(m)];
    const struct fcsim_ring *d = &l->chan[c], *r = &l->cchan[c];
    __builtin_prefetch(&l->chan_pool[d->base + (d->head & d->mask)]); /* a train entry partly taken */
    __builtin_prefetch(&l->cchan_pool[r->base + (r->tail & r->mask)], 1);
    __builtin_prefetch(&l->cchan_pool[r->base + ((r->tail + (uint32_t)sh->nvc - 1) & r->mask)], 1);
  }
  for (uint64_t m = cr; m; m &= m - 1) {
    const struct fcsim_ring *r = &l->cchan[n->slot0 + (uint32_t)__builtin_ctzll(m)];
    __builtin_prefetch(&l->cchan_pool[r->base + (r->head & r->mask)]);
  }
  if (n->h->train_next <= tick)
    for (uint32_t m = n->h->train_held; m; m &= m - 1) {
      const struct fcsim_outport *o = vc_out(n, __builtin_ctz(m));
      if (o->train_vc >= 0)
        __builtin_prefetch(&n->vcs[o->train_vc]);
    }
  for (uint32_t m = n->h->srcq_mask & ~n->h->out_held; m; m &= m - 1)
    __builtin_prefetch(fcsim_pktq_front(&n->srcq[__builtin_ctz(m)]));
  if (n->h->heads_waiting) /* the flits routing computation reads */
    for (int w = 0; w < sh->mask_words; w++)
      for (uint64_t m = n->wait_mask[w]; m; m &= m - 1)
        __builtin_prefetch(&n->buf[n->vcs[w * 64 + __builtin_ctzll(m)].head]);
}
