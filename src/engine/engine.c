/* SPDX-License-Identifier: BSD-3-Clause */
/* The engine's run: the cycle loop over each partition's active set
 * (timing wheel of wake-ups, workload events), windows and their
 * publication, checkpoint decisions, threads (OpenMP) running partitions
 * between barriers, and the statistics at the end. Building the state is in
 * build.c. */
#include <math.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/mpi.h"
#include "engine/report_links.h"
#include "stats/verdict.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Hands a packet created at `node` to its router (the workload's emit). */
static int emit_packet(void *arg, struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_packet *pk)
{
  struct fcsim_net *net = arg;
  const struct fcsim_kind *k = fcsim_kind_of(net, node);
  return k->ops->accept(ctx, k->shared, node, fcsim_state(net, node), pk);
}

static inline void *wl_state(const struct fcsim_net *net, uint32_t node)
{
  return net->wl_states + (size_t)node * net->wl_state_size;
}

/* Points the context at node n, stepped at tick `tick` (one of its edges).
 * With one clock the context was set once for the whole tick. */
static inline void ctx_at(const struct fcsim_net *net, struct fcsim_part *pt, uint32_t n, uint64_t tick)
{
  if (!net->multiclock)
    return;
  const struct fcsim_clock *clk = &net->clocks[n];
  pt->ctx.clk = clk;
  pt->ctx.tick = tick;
  pt->ctx.now = fcsim_clock_cycle_at(clk, tick);
}

/* Records node n's next workload event (moved to its next clock edge). */
static void schedule_event(struct fcsim_net *net, struct fcsim_part *pt, uint32_t n, uint64_t next)
{
  struct fcsim_node *nd = &net->nodes[n];
  if (net->multiclock && next != FCSIM_NEVER)
    next = fcsim_clock_align(&net->clocks[n], next);
  if (next == FCSIM_NEVER || (nd->next_event != FCSIM_NEVER && nd->next_event <= next && nd->next_event > pt->now))
    return; /* an earlier (or the same) event is already in the heap */
  nd->next_event = next;
  if (fcsim_heap_push(pt->arrivals, next, n))
    pt->rc = FCSIM_ENOMEM;
}

/* Fires node n's workload at this cycle: its packets go to its router,
 * which is stepped this cycle. */
static int fire_node(struct fcsim_net *net, struct fcsim_part *pt, uint32_t n)
{
  struct fcsim_node *nd = &net->nodes[n];
  if (nd->fired_at == pt->now + 1)
    return 0;
  nd->fired_at = pt->now + 1;
  nd->next_event = FCSIM_NEVER;
  uint64_t next = FCSIM_NEVER;
  int rc = net->workload->fire(&pt->ctx, net->wl_shared, n, wl_state(net, n), emit_packet, net, &next);
  if (rc)
    return rc;
  schedule_event(net, pt, n, next);
  return fcsim_part_wake(net, pt, n, pt->now);
}

/* After a step: schedule the wake-ups it asked for and tell the workload of
 * the packets it delivered (which may release messages at once). */
static int after_step(struct fcsim_net *net, struct fcsim_part *pt, int *released)
{
  struct fcsim_ctx *ctx = &pt->ctx;
  int rc = 0;
  for (uint32_t i = 0; i < ctx->nwakes; i++)
    rc |= fcsim_part_wake(net, pt, ctx->wakes[i].node, ctx->wakes[i].cycle);
  ctx->nwakes = 0;
  for (uint32_t i = 0; i < ctx->ndeliveries; i++) {
    const struct fcsim_delivery *d = &ctx->deliveries[i];
    uint64_t next = FCSIM_NEVER;
    rc |= net->workload->delivered(ctx, net->wl_shared, d->node, wl_state(net, d->node), d, &next);
    if (next <= pt->now) { /* released now: created this cycle, sent from the next */
      net->nodes[d->node].fired_at = 0;
      rc |= fire_node(net, pt, d->node);
      *released = 1;
    } else {
      schedule_event(net, pt, d->node, next);
    }
  }
  ctx->ndeliveries = 0;
  return rc;
}

/* Node n, busy at cycle `now` and due again at w = now + 1, is stepped on
 * through the cycles before its horizon: the run-ahead (memory.h), the
 * window's end, its workload's next event and the measurement window's
 * edges. Nothing it could receive by then is still unsent, so each of those
 * steps is the one the engine would have made. Returns its next cycle. */
static uint64_t run_ahead(struct fcsim_net *net, struct fcsim_part *pt, uint32_t n, const struct fcsim_kind *k,
                          void *st, uint64_t w, int *rc)
{
  const uint64_t now = pt->now;
  struct fcsim_node *nd = &net->nodes[n];
  uint64_t h = now + net->runahead_ticks;
  h = pt->to < h ? pt->to : h;
  h = nd->next_event > now && nd->next_event < h ? nd->next_event : h;
  h = net->window_start > now && net->window_start < h ? net->window_start : h;
  h = net->window_end > now && net->window_end < h ? net->window_end : h;
  while (w < h) {
    pt->ctx.now = pt->ctx.tick = w;
    w = k->ops->step(&pt->ctx, k->shared, n, st);
    pt->acc.node_steps++;
    if (pt->ctx.nwakes) {
      int released = 0; /* none: run-ahead is off for workloads that listen */
      *rc |= after_step(net, pt, &released);
    }
  }
  nd->processed_at = pt->ctx.now + 1; /* wake-ups for the cycles it went through are spent */
  if (pt->ctx.last_progress > pt->progress_max)
    pt->progress_max = pt->ctx.last_progress;
  pt->ctx.now = pt->ctx.tick = now;
  return w;
}

/* Steps every node of the partition due at this tick; reschedules those
 * with work left (`runahead`: net->runahead_ticks > 0, a constant of each
 * copy). */
/* The partition passes a measurement window edge at `now`, before any of its
 * steps at `now`: it marks its channels' counts (its nodes' output slots).
 * Every flit is counted when sent (fcsim_ctx_send_tick); a channel's window
 * count is its count at the window's end less its count at the start, and no
 * run-ahead step crosses an edge, so the marks fall between the same sends
 * as the in-window test at every send did. now = UINT64_MAX: the run ended. */
static void train_horizon(const struct fcsim_net *net, struct fcsim_part *pt, uint64_t from)
{
  const uint64_t check = (from / net->check_ticks + 1) * net->check_ticks;
  pt->ctx.train_horizon = pt->next_window_edge < check ? pt->next_window_edge : check;
}

static void window_edge(struct fcsim_net *net, struct fcsim_part *pt, uint64_t now)
{
  struct fcsim_links *l = &net->links;
  const uint32_t lo = l->g->port_base[pt->first], hi = l->g->port_base[pt->last];
  if (pt->window_phase == 0 && now >= net->window_start) {
    for (uint32_t c = lo; c < hi; c++)
      l->link_flits_mark[c] = l->chan[c].flits;
    pt->window_phase = 1;
    pt->next_window_edge = net->window_end;
  }
  if (pt->window_phase == 1 && now >= net->window_end) {
    for (uint32_t c = lo; c < hi; c++)
      l->link_flits_mark[c] = l->chan[c].flits - l->link_flits_mark[c];
    pt->window_phase = 2;
    pt->next_window_edge = UINT64_MAX;
  }
  if (now != UINT64_MAX)
    train_horizon(net, pt, now);
}

/* After the run: the partition's flit-hops are the sum of its channels'
 * counts, and link_flits becomes the window's counts. */
static void window_close(struct fcsim_net *net, struct fcsim_part *pt)
{
  struct fcsim_links *l = &net->links;
  const uint32_t lo = l->g->port_base[pt->first], hi = l->g->port_base[pt->last];
  window_edge(net, pt, UINT64_MAX);
  for (uint32_t c = lo; c < hi; c++) {
    pt->acc.flit_hops_total += l->chan[c].flits;
    l->link_flits[c] = l->link_flits_mark[c];
  }
}

/* Asks the memory system for what the nodes stepped next will read
 * (fcsim_router_ops.prefetch; sim.prefetch): three steps ahead the first
 * lines of their state (the model's stage 2), their input masks, arrival
 * caches and input channel numbers; two ahead the lines those point to; one
 * ahead the ring entries. A node the loop will pass over (stepped already
 * at this cycle) gets only the first. The lines of thousands of routers
 * outgrow the caches, so a node's first step after others ran starts cold;
 * the steps of one list are independent, so their misses overlap instead of
 * stalling each step in turn (docs/PERFORMANCE.md). Hints only: nothing
 * computed changes. */
enum { PREFETCH_AHEAD = 3 };
static inline void prefetch_ahead(const struct fcsim_net *net, const struct fcsim_kind *k, const uint32_t *list,
                                  uint32_t len, uint32_t i, uint64_t now)
{
  if (i + PREFETCH_AHEAD + 1 < len) { /* where the state of the node after those is (read at its stage 2) */
    const uint32_t m = list[i + PREFETCH_AHEAD + 1];
    __builtin_prefetch(&net->state_off[m]);
    __builtin_prefetch(&net->topo.graph.kind[m]);
  }
  for (uint32_t d = PREFETCH_AHEAD; d >= 1; d--) {
    if (i + d >= len)
      continue;
    const uint32_t m = list[i + d];
    const char *st = fcsim_state(net, m);
    if (d < PREFETCH_AHEAD) {
      if (net->nodes[m].processed_at <= now) /* else the loop passes it over */
        k->ops->prefetch(k->shared, &net->links, st, (int)d - 1, now);
      continue;
    }
    const uint32_t slot0 = net->topo.graph.port_base[m], end = net->topo.graph.port_base[m + 1];
    const uint32_t last = end > slot0 ? end - 1 : slot0;
    k->ops->prefetch(k->shared, &net->links, st, PREFETCH_AHEAD - 1, now);
    __builtin_prefetch(&net->nodes[m]);
    __builtin_prefetch(&net->links.pending[m]);
    __builtin_prefetch(&net->links.cpending[m]);
    __builtin_prefetch(&net->links.in_due[slot0]);
    __builtin_prefetch(&net->links.in_due[last]);
    __builtin_prefetch(&net->links.credit_due[slot0]);
    __builtin_prefetch(&net->links.credit_due[last]);
    __builtin_prefetch(&net->topo.graph.in_chan[slot0]);
    __builtin_prefetch(&net->topo.graph.in_chan[last]);
  }
}

/* The same for the workload events of this cycle (fire_node): after a pop,
 * the next few come from the top of the heap; their nodes' records, their
 * workload state and what accepting a packet reads of their state by its
 * offsets (FCSIM_PREFETCH_ACCEPT_AHEAD; the lines those point to as the
 * event fires). */
static inline void prefetch_arrivals(const struct fcsim_net *net, const struct fcsim_part *pt, uint64_t now)
{
  const struct fcsim_arrival_heap *h = pt->arrivals;
  for (uint32_t i = 1; i < 3 && i < h->len; i++) {
    if (h->key[i] != now)
      continue;
    const uint32_t m = h->node[i];
    __builtin_prefetch(&net->nodes[m]);
    __builtin_prefetch(wl_state(net, m));
    pt->prefetch->ops->prefetch(pt->prefetch->shared, &net->links, fcsim_state(net, m), FCSIM_PREFETCH_ACCEPT_AHEAD,
                                now);
  }
}

static inline __attribute__((always_inline)) int step_cycle_with(struct fcsim_net *net, struct fcsim_part *pt,
                                                                 const int runahead)
{
  const uint64_t now = pt->now;
  int rc = 0;
  if (now >= pt->next_window_edge)
    window_edge(net, pt, now);
  pt->ctx.in_window = now >= net->window_start && now < net->window_end;
  pt->ctx.now = pt->ctx.tick = now; /* every node's cycle, with one clock */
  pt->ctx.clk = &net->unit_clock;
  while (pt->arrivals->len && pt->arrivals->key[0] == now) {
    uint32_t n = pt->arrivals->node[0];
    fcsim_heap_pop(pt->arrivals);
    if (pt->prefetch)
      prefetch_arrivals(net, pt, now);
    if (net->nodes[n].next_event != now)
      continue; /* outdated: the event moved */
    if (pt->prefetch)
      pt->prefetch->ops->prefetch(pt->prefetch->shared, &net->links, fcsim_state(net, n), FCSIM_PREFETCH_ACCEPT_NOW,
                                  now);
    ctx_at(net, pt, n, now);
    if ((rc = fire_node(net, pt, n)))
      return rc;
  }
  struct fcsim_wheel *wh = &pt->wheel;
  uint32_t slot = (uint32_t)(now & wh->mask);
  /* stepping adds wake-ups only for later cycles, which land in other slots;
   * only a workload releasing packets (after_step) wakes a node now */
  const uint32_t *list = wh->slot[slot];
  uint32_t len = wh->len[slot];
  for (uint32_t i = 0; i < len; i++) {
    uint32_t n = list[i];
    if (pt->prefetch)
      prefetch_ahead(net, pt->prefetch, list, len, i, now);
    struct fcsim_node *nd = &net->nodes[n];
    if (nd->processed_at > now)
      continue;
    nd->processed_at = now + 1;
    const struct fcsim_kind *k = fcsim_kind_of(net, n);
    void *st = fcsim_state(net, n);
    ctx_at(net, pt, n, now);
    uint64_t w = k->ops->step(&pt->ctx, k->shared, n, st);
    pt->acc.node_steps++;
    if (pt->ctx.nwakes | pt->ctx.ndeliveries) {
      int released = 0;
      rc |= after_step(net, pt, &released);
      if (released && w > pt->ctx.now + 1)
        w = pt->ctx.now + 1; /* the workload released packets there: step again */
      list = wh->slot[slot];
      len = wh->len[slot];
    }
    if (runahead && w == now + 1) {
      w = run_ahead(net, pt, n, k, st, w, &rc);
      list = wh->slot[slot];
      len = wh->len[slot];
    }
    if (w != UINT64_MAX)
      rc |= fcsim_part_wake(net, pt, n, fcsim_clock_tick(pt->ctx.clk, w));
  }
  fcsim_wheel_clear(wh, now);
  return rc | pt->ctx.rc;
}

static int step_cycle(struct fcsim_net *net, struct fcsim_part *pt)
{
  return net->runahead_ticks ? step_cycle_with(net, pt, 1) : step_cycle_with(net, pt, 0);
}

/* The first tick in [from, to) at which the partition has a node to step
 * or a workload event, or `to`. */
static uint64_t next_busy(const struct fcsim_part *pt, uint64_t from, uint64_t to)
{
  uint64_t best = to;
  if (pt->arrivals->len && pt->arrivals->key[0] < best)
    best = pt->arrivals->key[0] < from ? from : pt->arrivals->key[0];
  return fcsim_wheel_next_busy(&pt->wheel, from, best);
}

/* Runs one partition through ticks [from, to), skipping ticks with nothing
 * due. */
static void run_window(struct fcsim_net *net, struct fcsim_part *pt, uint64_t from, uint64_t to)
{
  pt->to = to;
  train_horizon(net, pt, from); /* windows never pass a checkpoint: it holds for the window */
  for (uint64_t t = next_busy(pt, from, to); t < to && !pt->rc; t = next_busy(pt, t + 1, to)) {
    pt->now = t;
    pt->rc = step_cycle(net, pt);
  }
}

/* Publishes what a partition wrote on rings that other partitions read.
 * Called between the window's barriers, when no partition runs: readers
 * never see `pub` move while they step. */
static void publish(struct fcsim_net *net, struct fcsim_part *pt)
{
  for (uint32_t i = 0; i < pt->n_out_cross; i++) {
    struct fcsim_ring *r = &net->links.chan[pt->out_cross[i]];
    if (!r->remote) /* a remote ring's new entries are sent by the exchange */
      r->pub = r->tail;
  }
  for (uint32_t i = 0; i < pt->n_out_ccross; i++) {
    struct fcsim_ring *r = &net->links.cchan[pt->out_ccross[i]];
    if (!r->remote)
      r->pub = r->tail;
  }
}

/* After a window ending at tick `to`: wake the nodes of this partition that
 * flits published by other partitions will reach, and those that must read a
 * credit entry flagged `wake` when it arrives (stamps read against `to`). */
static void scan_incoming(struct fcsim_net *net, struct fcsim_part *pt, uint64_t to)
{
  struct fcsim_links *l = &net->links;
  const struct fcsim_graph *g = &net->topo.graph;
  for (uint32_t i = 0; i < pt->n_in_cross && !pt->rc; i++) {
    uint32_t c = pt->in_cross[i];
    struct fcsim_ring *r = &l->chan[c];
    uint32_t dst = (uint32_t)g->chan[c].dst;
    if (r->scan != r->pub)
      l->pending[dst] |= 1ull << g->chan[c].dst_port;
    if (r->lazy_wake) { /* the reader wakes itself after the oldest entry */
      if (r->scan != r->pub && r->head == r->scan)
        pt->rc |= fcsim_part_wake(net, pt, dst,
                                  fcsim_stamp_tick(l->chan_pool[r->base + (r->scan & r->mask)].arrival_stamp, to));
      r->scan = r->pub;
      continue;
    }
    for (; r->scan != r->pub; r->scan++)
      pt->rc |= fcsim_part_wake(net, pt, dst,
                                fcsim_stamp_tick(l->chan_pool[r->base + (r->scan & r->mask)].arrival_stamp, to));
  }
  for (uint32_t i = 0; i < pt->n_out_cross && !pt->rc; i++) {
    uint32_t c = pt->out_cross[i];
    struct fcsim_ring *r = &l->cchan[c];
    if (r->scan != r->pub)
      l->cpending[g->chan[c].src] |= 1ull << g->chan[c].src_port;
    for (; r->scan != r->pub; r->scan++) {
      const struct fcsim_credit_slot *e = &l->cchan_pool[r->base + (r->scan & r->mask)];
      if (e->wake)
        pt->rc |= fcsim_part_wake(net, pt, g->chan[c].src, fcsim_stamp_tick(e->arrival_stamp, to));
    }
  }
}

/* Every 2^FCSIM_STAMP_REFRESH_LOG2 ticks, between windows (no partition
 * runs): the stamps of the entries in every ring that have arrived by `to`
 * become `to`'s, so that an entry left in its ring by a reader that is not
 * stepped (a credit without a wake) still reads as arrived 2^31 ticks later
 * (chan/link.h); a train entry's are kept, its flits being taken a tick
 * apart from its head's arrival. Only stamps of arrived entries change, and they stay
 * arrived: no reader can tell. Only the rings this rank reads: a writer's
 * copy of a ring read on another rank is never popped, its [head, pub) is
 * every entry it ever sent. */
#define FCSIM_STAMP_REFRESH_LOG2 29
static int reads_here(const struct fcsim_net *net, int64_t node)
{
  return node >= 0 && (int)net->part_of[node] >= net->part_first && (int)net->part_of[node] < net->part_last;
}

static void stamps_refresh(struct fcsim_net *net, uint64_t to)
{
  struct fcsim_links *l = &net->links;
  const uint32_t now = fcsim_stamp_of(to);
  for (int64_t c = 0; c < l->g->nslots; c++) {
    const struct fcsim_ring *r = &l->chan[c], *cr = &l->cchan[c];
    for (uint32_t i = r->head; reads_here(net, l->g->chan[c].dst) && i != r->pub; i++) {
      struct fcsim_link_slot *e = &l->chan_pool[r->base + (i & r->mask)];
      if (e->flit.flags & FCSIM_FLIT_TRAIN) { /* a train entry's two slots, kept */
        i++;
        continue;
      }
      if (!fcsim_stamp_after(e->arrival_stamp, to))
        e->arrival_stamp = now;
    }
    for (uint32_t i = cr->head; reads_here(net, l->g->chan[c].src) && i != cr->pub; i++) {
      uint32_t *s = &l->cchan_pool[cr->base + (i & cr->mask)].arrival_stamp;
      if (!fcsim_stamp_after(*s, to))
        *s = now;
    }
  }
}

/* The run-level decision taken at a checkpoint from all partitions. */
enum run_state { RUN_GO, RUN_DONE, RUN_LIMIT, RUN_CUT, RUN_DEADLOCK, RUN_INTERRUPTED, RUN_ERROR };

static double endpoints(const struct fcsim_graph *g);

/* The source-queue growth over the window a run may show and still not be
 * saturated (src/stats/verdict.c's backlog criterion): 5 % of what was
 * offered, plus two packets per endpoint. */
static double backlog_allowed_flits(const struct fcsim_net *net, uint64_t created_flits_window)
{
  return 0.05 * (double)created_flits_window + 2.0 * net->p.packet_flits * endpoints(&net->topo.graph);
}

struct run_ctl {
  fcsim_progress_f progress;
  void *user;
  uint64_t limit, expected;
  uint64_t cut_from; /* continuous: from this tick a drain whose saturation is certain is cut */
  enum run_state state;
  uint64_t end;
  int rc;                  /* error of an MPI exchange or reduction */
  struct fcsim_error *err; /* its message */
};

static enum run_state decide(struct fcsim_net *net, struct run_ctl *ctl, uint64_t end)
{
  const struct fcsim_params *p = &net->p;
  /* sums: created, delivered, flits in network, pending arrivals, errors;
   * created and injected in the window; maxima: last progress, interrupted */
  uint64_t sum[7] = {0}, max[2] = {0};
  for (int i = net->part_first; i < net->part_last; i++) {
    const struct fcsim_part *pt = &net->parts[i];
    sum[0] += pt->acc.measured_created;
    sum[1] += pt->acc.measured_delivered;
    sum[2] += (uint64_t)pt->ctx.flits_in_network;
    sum[3] += pt->arrivals->len;
    sum[4] += pt->rc != 0;
    sum[5] += pt->acc.created_flits_window;
    sum[6] += pt->acc.injected_flits_window;
    if (pt->ctx.last_progress > max[0])
      max[0] = pt->ctx.last_progress;
    if (pt->progress_max > max[0])
      max[0] = pt->progress_max;
  }
  if (ctl->progress && net->rank == 0) {
    const char *phase = net->workload->finite      ? net->workload->name
                        : end <= net->window_start ? "warmup"
                        : end <= net->window_end   ? "measure"
                                                   : "drain";
    max[1] = ctl->progress(ctl->user, (uint64_t)((double)(end - net->start_ticks) / net->ref_ticks), ctl->expected,
                           phase) != 0;
  }
  if ((ctl->rc = fcsim_mpi_allreduce(net, sum, 7, max, 2, ctl->err)))
    return RUN_ERROR;
  uint64_t created = sum[0], delivered = sum[1], pending_arrivals = sum[3], last_progress = max[0];
  int64_t in_net = (int64_t)sum[2];
  if (sum[4])
    return RUN_ERROR;
  if (net->workload->finite) {
    if (pending_arrivals == 0 && delivered == created && in_net == 0)
      return RUN_DONE;
  } else if (end >= net->window_end && delivered == created) {
    return RUN_DONE;
  }
  if (end >= ctl->limit)
    return RUN_LIMIT;
  if (in_net > 0 && end - 1 - last_progress > fcsim_ref_ticks(net, (uint64_t)p->deadlock_cycles))
    return RUN_DEADLOCK;
  /* the source queues grew past the backlog limit over the window: the run
   * is saturated whatever the drain shows, and a drain behind growing queues
   * may never end. Cut once the watchdog has had its full period after the
   * window (a deadlock is still reported as one). */
  if (p->drain_cut && !net->workload->finite && end >= ctl->cut_from &&
      (double)sum[5] - (double)sum[6] > backlog_allowed_flits(net, sum[5]))
    return RUN_CUT;
  if (max[1])
    return RUN_INTERRUPTED;
  return RUN_GO;
}

/* Next window end: lookahead-limited, never past a checkpoint. */
static inline uint64_t window_end_after(const struct fcsim_net *net, uint64_t from)
{
  uint64_t check = (from / net->check_ticks + 1) * net->check_ticks;
  uint64_t e = from + net->window_cycles;
  return e < check ? e : check;
}

/* A sense-reversing barrier that spins briefly, then yields: windows can be
 * a few cycles long, and on a loaded machine a spinning thread must not keep
 * its partner off the processor. */
struct window_barrier {
  atomic_uint arrived;
  atomic_uint sense;
  unsigned n;
};

static void barrier_wait(struct window_barrier *b, unsigned *local_sense)
{
  unsigned s = !*local_sense;
  *local_sense = s;
  if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) == __atomic_load_n(&b->n, __ATOMIC_RELAXED) - 1) {
    atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
    atomic_store_explicit(&b->sense, s, memory_order_release);
    return;
  }
  for (unsigned spins = 0; atomic_load_explicit(&b->sense, memory_order_acquire) != s; spins++) {
    if (spins < 2000)
      __builtin_ia32_pause();
    else
      sched_yield();
  }
}

static void run_partitions(struct fcsim_net *net, struct run_ctl *ctl)
{
  volatile enum run_state state = RUN_GO;
  /* partitions fix the result; threads only execute them */
  int nthreads_wanted = net->part_last - net->part_first;
#ifdef _OPENMP
  if (nthreads_wanted > omp_get_num_procs())
    nthreads_wanted = omp_get_num_procs();
#else
  nthreads_wanted = 1;
#endif
  struct window_barrier bar = {0, 0, (unsigned)nthreads_wanted};
#ifdef _OPENMP
#pragma omp parallel num_threads(nthreads_wanted) if (nthreads_wanted > 1)
#endif
  {
#ifdef _OPENMP
    int nthreads = omp_get_num_threads(), tid = omp_get_thread_num();
#else
    int nthreads = 1, tid = 0;
#endif
    unsigned sense = 0;
    __atomic_store_n(&bar.n, (unsigned)nthreads, __ATOMIC_RELAXED); /* every thread stores the same value */
    uint64_t from = net->start_ticks;
    for (;;) {
      uint64_t to = window_end_after(net, from);
      for (int i = net->part_first + tid; i < net->part_last; i += nthreads)
        run_window(net, &net->parts[i], from, to);
      if (nthreads > 1)
        barrier_wait(&bar, &sense);
      if (tid == 0) {
        /* one thread, all others waiting: no ring is being written now */
        for (int i = net->part_first; i < net->part_last; i++)
          publish(net, &net->parts[i]);
        if ((ctl->rc = fcsim_mpi_exchange(net, ctl->err)))
          state = RUN_ERROR;
        else if (to % net->check_ticks == 0)
          state = decide(net, ctl, to);
        ctl->end = to;
        if (state == RUN_GO)
          for (int i = net->part_first; i < net->part_last; i++)
            scan_incoming(net, &net->parts[i], to);
        if (state == RUN_GO && (from ^ to) >> FCSIM_STAMP_REFRESH_LOG2)
          stamps_refresh(net, to);
      }
      if (nthreads > 1)
        barrier_wait(&bar, &sense);
      if (state != RUN_GO)
        break;
      from = to;
    }
  }
  ctl->state = state;
}

int fcsim_net_run(struct fcsim_net *net, fcsim_progress_f progress, void *user, char **deadlock_report,
                  struct fcsim_error *err)
{
  const struct fcsim_params *p = &net->p;
  const int batch = net->workload->finite;
  const uint64_t start = net->start_ticks;
  net->window_start = batch ? start : start + fcsim_ref_ticks(net, (uint64_t)p->warmup_cycles);
  net->window_end = batch ? UINT64_MAX : start + fcsim_ref_ticks(net, (uint64_t)(p->warmup_cycles + p->measure_cycles));
  /* the planned length includes the longest drain: the progress line's
   * total, so its time left never reaches 0 while the run goes on */
  struct run_ctl ctl = {progress,
                        user,
                        batch ? start + fcsim_ref_ticks(net, (uint64_t)p->max_cycles)
                              : net->window_end + fcsim_ref_ticks(net, (uint64_t)p->drain_cycles),
                        batch ? 0 : (uint64_t)(p->warmup_cycles + p->measure_cycles + p->drain_cycles),
                        batch ? UINT64_MAX : net->window_end + fcsim_ref_ticks(net, (uint64_t)p->deadlock_cycles),
                        RUN_GO,
                        0,
                        0,
                        err};
  *deadlock_report = NULL;
  for (int i = net->part_first; i < net->part_last; i++) {
    net->parts[i].window_phase = 0;
    net->parts[i].next_window_edge = net->window_start;
    if (start) /* the watchdog counts from the start */
      net->parts[i].ctx.last_progress = net->parts[i].progress_max = start;
  }
  run_partitions(net, &ctl);
  for (int i = net->part_first; i < net->part_last; i++)
    window_close(net, &net->parts[i]);

  /* merge the partitions' statistics (integer sums: order does not matter) */
  net->now = ctl.end - start;
  net->drain_cut = ctl.state == RUN_CUT;
  fcsim_stats_acc_init(&net->acc);
  net->flits_in_network = 0;
  uint64_t last_progress = 0;
  for (int i = net->part_first; i < net->part_last; i++) {
    fcsim_stats_acc_merge(&net->acc, &net->parts[i].acc);
    net->flits_in_network += net->parts[i].ctx.flits_in_network;
    if (net->parts[i].ctx.last_progress > last_progress)
      last_progress = net->parts[i].ctx.last_progress;
    if (net->parts[i].progress_max > last_progress)
      last_progress = net->parts[i].progress_max;
  }
  if (ctl.state == RUN_ERROR && ctl.rc)
    return ctl.rc; /* a peer rank failed: the message is in err */
  int rc = fcsim_mpi_gather_stats(net, err);
  if (rc)
    return rc;
  switch (ctl.state) {
  case RUN_ERROR:
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory near cycle %llu", (unsigned long long)ctl.end);
  case RUN_INTERRUPTED:
    return fcsim_error_set(err, FCSIM_EINTERRUPTED, "interrupted at cycle %llu", (unsigned long long)ctl.end);
  case RUN_DEADLOCK:
    /* the message names the whole network's last move, not this rank's */
    if ((rc = fcsim_mpi_allreduce(net, NULL, 0, &last_progress, 1, err)) || (rc = fcsim_mpi_gather_routers(net, err)))
      return rc;
    *deadlock_report = fcsim_deadlock_describe(net);
    return fcsim_error_set(
        err, FCSIM_EDEADLOCK, "deadlock by cycle %llu: %lld flits in the network and none moved since cycle %llu; %s",
        (unsigned long long)ctl.end, (long long)net->flits_in_network, (unsigned long long)last_progress,
        *deadlock_report ? *deadlock_report : "no cycle of waiting channels found");
  default: return 0; /* RUN_LIMIT: not drained, reported as saturated */
  }
}

/* Endpoints (nodes that host traffic): throughput is per endpoint. */
static double endpoints(const struct fcsim_graph *g)
{
  int64_t n = 0;
  for (int64_t i = 0; i < g->nodes; i++)
    n += g->endpoint[i] != 0;
  return (double)(n ? n : 1);
}

/* Link utilisation over the window: the mean and the busiest channel. */
static void link_utilisation(const struct fcsim_net *net, struct fcsim_stats *s, uint64_t window)
{
  const struct fcsim_graph *g = &net->topo.graph;
  s->nchannels = g->nslots;
  s->link_flits = net->links.link_flits;
  int64_t links = 0;
  uint64_t maxf = 0, sumf = 0;
  for (int64_t c = 0; c < s->nchannels; c++) {
    if (g->chan[c].dst < 0)
      continue;
    links++;
    sumf += s->link_flits[c];
    if (s->link_flits[c] > maxf)
      maxf = s->link_flits[c];
  }
  if (links && !net->workload->finite) {
    s->link_util_avg = (double)sumf / ((double)links * (double)window);
    s->link_util_max = (double)maxf / (double)window;
  }
}

/* Self-packet counts, the offered rate net of excluded self packets, the
 * zero-load latency at the measured hop count, and the saturation verdict
 * (src/stats/verdict.c). Batch runs are judged by draining only. */
static void fcsim_net_verdict(const struct fcsim_net *net, struct fcsim_stats *s)
{
  const struct fcsim_stats_acc *a = &net->acc;
  const struct fcsim_params *p = &net->p;
  s->self_packets_sent = a->self_sent_window;
  s->self_packets_excluded = a->self_excluded_window;
  double excluded_flits = (double)a->self_excluded_window * p->packet_flits;
  double offered_flits = (double)a->created_flits_window + excluded_flits;
  s->offered_rate_net = !net->workload->finite && offered_flits > 0
                            ? s->offered_rate * (double)a->created_flits_window / offered_flits
                            : s->offered_rate;
  const struct fcsim_kind *k = &net->kinds[0];
  if (s->packets_delivered && k->ops->zero_load_cycles)
    s->zero_load_latency = k->ops->zero_load_cycles(k->shared, s->avg_hops);
  int batch = net->workload->finite;
  struct fcsim_saturation_limits lim = {
      batch ? 0 : p->saturation_latency_factor, batch ? 0 : (double)p->saturation_latency_cycles,
      /* the source queues may grow by 5 % of what was offered, plus two packets per node */
      batch ? INFINITY : backlog_allowed_flits(net, a->created_flits_window)};
  enum fcsim_saturation v = fcsim_saturation_verdict(s, s->zero_load_latency, &lim);
  if (net->drain_cut) /* the criterion that was certain when the drain was cut */
    v = FCSIM_SAT_BACKLOG;
  s->saturated = v != FCSIM_SAT_NONE;
  s->saturation_reason = fcsim_saturation_name(v);
}

void fcsim_net_stats(const struct fcsim_net *net, struct fcsim_stats *s)
{
  const struct fcsim_stats_acc *a = &net->acc;
  const struct fcsim_params *p = &net->p;
  const double nodes = endpoints(&net->topo.graph);
  const double ref = net->ref_ticks; /* the accumulators count ticks; results are in network.clock cycles */
  memset(s, 0, sizeof *s);
  s->offered_rate = p->rate_flits;
  s->cycles = (uint64_t)((double)net->now / ref + 0.5);
  s->ns_per_cycle = 1e9 / p->clock_hz;
  s->packets_measured = a->measured_created;
  s->packets_delivered = a->measured_delivered;
  s->flits_injected_total = a->flits_injected_total;
  s->flits_delivered_total = a->flits_ejected_total;
  s->flits_in_network = (uint64_t)net->flits_in_network;
  s->flit_hops_total = a->flit_hops_total;
  s->node_steps = a->node_steps;
  s->train_packets = a->train_packets;
  s->vc_buffer_peak_bytes = a->vc_buffer_peak_bytes;
  s->buffer_overflows = a->buffer_overflows;
  s->max_busy_vcs = (int)a->max_busy_vcs;
  if (a->measured_delivered) {
    s->avg_latency = (double)a->lat_sum / (double)a->measured_delivered / ref;
    s->worst_latency = (double)a->lat_max / ref;
    s->avg_hops = (double)a->hops_sum / (double)a->measured_delivered;
    s->p50_latency = (double)fcsim_hist_quantile(a->hist, a->measured_delivered, 0.50) / ref;
    s->p99_latency = (double)fcsim_hist_quantile(a->hist, a->measured_delivered, 0.99) / ref;
    s->p999_latency = (double)fcsim_hist_quantile(a->hist, a->measured_delivered, 0.999) / ref;
  }
  s->drained = a->measured_delivered == a->measured_created;
  s->drain_cut = net->drain_cut;
  uint64_t window;
  if (net->workload->finite) {
    if (a->first_inject != UINT64_MAX && a->last_eject >= a->first_inject)
      s->total_latency = (double)(a->last_eject - a->first_inject) / ref;
    window = a->first_inject != UINT64_MAX && a->last_eject >= a->first_inject
                 ? (uint64_t)((double)(a->last_eject - a->first_inject) / ref + 0.5) + 1
                 : 1;
    s->send_throughput = (double)a->flits_ejected_total / (nodes * (double)window);
    s->recv_throughput = s->send_throughput;
  } else {
    window = (uint64_t)p->measure_cycles;
    s->send_throughput = (double)a->injected_flits_window / (nodes * (double)window);
    s->recv_throughput = (double)a->ejected_flits_window / (nodes * (double)window);
    /* saturated: measured packets never all arrived, or the source queues
     * grew during the window by more than 5 % of what was offered */
    s->backlog_flits = (double)a->created_flits_window - (double)a->injected_flits_window;
  }
  fcsim_net_verdict(net, s);
  s->window_cycles = window;
  link_utilisation(net, s, window);
  fcsim__report_line_stats(net); /* the protocol lines' figures, from the adapters' counters */
  if (net->workload->report) {
    struct fcsim_workload_report r = {0};
    net->workload->report(net->wl_shared, &r);
    s->makespan = (double)r.makespan_cycles;
    s->nmessages = r.nmessages;
    s->message_complete = r.complete_cycle;
    s->message_id = r.message_id;
    s->message_bytes = r.message_bytes;
  }
}
