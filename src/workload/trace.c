/* SPDX-License-Identifier: BSD-3-Clause */
/* The trace workload (traffic.mode = trace): messages read from
 * traffic.trace (trace_csv.c) or handed in memory (trace_mem.c), released when their start time has come and
 * every message they wait for has been delivered at their source (plus
 * their delay), split by the source endpoint into packets of
 * traffic.packet_size flits (the last one shorter). A local step (a
 * message to its own source without bytes) uses no network: it completes
 * when released. It records each message's completion (its last packet
 * delivered) and the makespan.
 *
 * The per-message arrays are shared, but each element has one owner: the
 * fields of a message's release (deps_left, ready, the source's heap) are
 * written only by its source node, those of its delivery (pkts_left,
 * complete) only by its destination node — so partitions never write the
 * same element, and results do not depend on the split. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload/trace.h"
#include "workload/workload.h"

struct trace_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_routing_ops *routing;
  struct trace t;
  uint64_t flit_bits;
  double ref_ticks;       /* ticks per network.clock cycle: trace times are in those cycles */
  uint32_t *src_base;     /* [nodes + 1] heap slots (and by_src entries) of each source node */
  uint32_t *by_src;       /* [messages] message indices grouped by source node, in file order */
  uint32_t *heap_len;     /* [nodes] messages in the node's release heap (owner: the node) */
  uint32_t *heap;         /* [messages] message indices, a min-heap per node by (release, index) */
  uint64_t *release;      /* [messages] cycle it is released (owner: source) */
  uint32_t *deps_left;    /* [messages] dependencies not yet delivered (owner: source) */
  uint64_t *pkts_left;    /* [messages] packets not yet delivered (owner: destination) */
  uint64_t *complete;     /* [messages] completion cycle + 1, 0 while incomplete (owner: destination) */
  uint64_t *complete_out; /* [messages] for the report: cycle, or UINT64_MAX */
  int64_t *ids;           /* [messages] ids for the report */
};

struct trace_node {
  struct fcsim_rng route_rng; /* per-packet routing state at the source */
};

static uint64_t to_ticks(const struct trace_shared *sh, uint64_t cycles)
{
  return sh->ref_ticks == 1.0 ? cycles : (uint64_t)floor((double)cycles * sh->ref_ticks + 0.5);
}

static uint64_t to_cycles(const struct trace_shared *sh, uint64_t ticks)
{
  return sh->ref_ticks == 1.0 ? ticks : (uint64_t)floor((double)ticks / sh->ref_ticks + 0.5);
}

static uint64_t packets_of(const struct trace_shared *sh, uint64_t bytes)
{
  uint64_t flits = (bytes * 8 + sh->flit_bits - 1) / sh->flit_bits;
  return (flits + (uint64_t)sh->p->packet_flits - 1) / (uint64_t)sh->p->packet_flits;
}

static int less(const struct trace_shared *sh, uint32_t a, uint32_t b)
{
  return sh->release[a] < sh->release[b] || (sh->release[a] == sh->release[b] && a < b);
}

static void heap_push(struct trace_shared *sh, uint32_t node, uint32_t m)
{
  uint32_t *h = sh->heap + sh->src_base[node];
  uint32_t i = sh->heap_len[node]++;
  h[i] = m;
  while (i > 0 && less(sh, h[i], h[(i - 1) / 2])) {
    uint32_t p = (i - 1) / 2, x = h[i];
    h[i] = h[p];
    h[p] = x;
    i = p;
  }
}

static uint32_t heap_pop(struct trace_shared *sh, uint32_t node)
{
  uint32_t *h = sh->heap + sh->src_base[node];
  uint32_t top = h[0], n = --sh->heap_len[node];
  h[0] = h[n];
  for (uint32_t i = 0;;) {
    uint32_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < n && less(sh, h[l], h[m]))
      m = l;
    if (r < n && less(sh, h[r], h[m]))
      m = r;
    if (m == i)
      break;
    uint32_t x = h[i];
    h[i] = h[m];
    h[m] = x;
    i = m;
  }
  return top;
}

static uint64_t heap_next(const struct trace_shared *sh, uint32_t node)
{
  return sh->heap_len[node] ? sh->release[sh->heap[sh->src_base[node]]] : FCSIM_NEVER;
}

static void trace_teardown(void *shared)
{
  struct trace_shared *sh = shared;
  if (!sh)
    return;
  fcsim__trace_free(&sh->t);
  free(sh->src_base);
  free(sh->by_src);
  free(sh->heap_len);
  free(sh->heap);
  free(sh->release);
  free(sh->deps_left);
  free(sh->pkts_left);
  free(sh->complete);
  free(sh->complete_out);
  free(sh->ids);
  free(sh);
}

static int trace_setup(const struct fcsim_workload_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &env->topo->graph;
  struct trace_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = env->p;
  sh->topo = env->topo;
  sh->routing = env->routing;
  sh->flit_bits = (uint64_t)env->p->flit_bits;
  sh->ref_ticks = env->ref_ticks;
  int rc = env->p->messages ? fcsim_trace_from_messages(env->p->messages, g, &sh->t, err)
                             : fcsim__trace_read(env->p->trace, g, env->p->clock_hz, env->p->max_input_bytes, &sh->t, err);
  if (rc) {
    free(sh);
    return rc;
  }
  const size_t n = (size_t)sh->t.n ? (size_t)sh->t.n : 1;
  sh->src_base = calloc((size_t)g->nodes + 1, sizeof *sh->src_base);
  sh->heap_len = calloc((size_t)g->nodes ? (size_t)g->nodes : 1, sizeof *sh->heap_len);
  sh->heap = malloc(n * sizeof *sh->heap);
  sh->by_src = malloc(n * sizeof *sh->by_src);
  sh->release = malloc(n * sizeof *sh->release);
  sh->deps_left = malloc(n * sizeof *sh->deps_left);
  sh->pkts_left = malloc(n * sizeof *sh->pkts_left);
  sh->complete = calloc(n, sizeof *sh->complete);
  sh->complete_out = malloc(n * sizeof *sh->complete_out);
  sh->ids = malloc(n * sizeof *sh->ids);
  if (!sh->src_base || !sh->heap_len || !sh->heap || !sh->release || !sh->deps_left || !sh->pkts_left ||
      !sh->complete || !sh->complete_out || !sh->ids || !sh->by_src) {
    long long n_msgs = (long long)sh->t.n;
    trace_teardown(sh);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for a trace of %lld messages", n_msgs);
  }
  for (int64_t m = 0; m < sh->t.n; m++) {
    const struct trace_msg *msg = &sh->t.msg[m];
    sh->src_base[msg->src + 1]++;
    sh->release[m] = to_ticks(sh, msg->start);
    sh->deps_left[m] = msg->ndeps;
    sh->pkts_left[m] = packets_of(sh, msg->bytes);
    sh->ids[m] = msg->id;
  }
  for (int64_t v = 0; v < g->nodes; v++)
    sh->src_base[v + 1] += sh->src_base[v];
  for (int64_t m = 0; m < sh->t.n; m++) /* heap_len counts as a cursor here, reset below */
    sh->by_src[sh->src_base[sh->t.msg[m].src] + sh->heap_len[sh->t.msg[m].src]++] = (uint32_t)m;
  memset(sh->heap_len, 0, (size_t)g->nodes * sizeof *sh->heap_len);
  *shared = sh;
  *state_size = sizeof(struct trace_node);
  return 0;
}

/* Messages of `node` with no dependencies wait only for their start. */
static int trace_init(void *shared, uint32_t node, void *state, const struct fcsim_clock *clk, uint64_t *first,
                      struct fcsim_error *err)
{
  struct trace_shared *sh = shared;
  struct trace_node *st = state;
  fcsim_rng_init(&st->route_rng, sh->p->seed, node, FCSIM_RNG_ROUTE);
  for (uint32_t i = sh->src_base[node]; i < sh->src_base[node + 1]; i++)
    if (sh->t.msg[sh->by_src[i]].ndeps == 0)
      heap_push(sh, node, sh->by_src[i]);
  *first = heap_next(sh, node);
  return 0;
}

static int emit_message(struct fcsim_ctx *ctx, struct trace_shared *sh, uint32_t node, struct trace_node *st,
                        uint32_t m, fcsim_emit_f emit, void *arg)
{
  const struct trace_msg *msg = &sh->t.msg[m];
  uint64_t flits = (msg->bytes * 8 + sh->flit_bits - 1) / sh->flit_bits;
  const uint64_t size = (uint64_t)sh->p->packet_flits;
  for (uint64_t sent = 0; sent < flits; sent += size) {
    uint64_t len = flits - sent < size ? flits - sent : size;
    struct fcsim_packet pk = {ctx->now, ctx->tick, msg->dst, m, (uint16_t)len, 0, FCSIM_FLIT_MEASURED};
    if (msg->has_route)
      pk.route = msg->route;
    else if (sh->routing->packet_init)
      pk.route = sh->routing->packet_init(sh->topo, sh->p, node, msg->dst, &st->route_rng);
    ctx->acc->measured_created++;
    int rc = emit(arg, ctx, node, &pk);
    if (rc)
      return rc;
  }
  return 0;
}

/* Message m is complete at `node` (its destination) at tick `tick`: the
 * messages waiting for it there count it, each from its delay on. Returns
 * the earliest release among those it made ready, or FCSIM_NEVER. */
static uint64_t complete_message(struct trace_shared *sh, uint32_t node, uint32_t m, uint64_t tick)
{
  uint64_t next = FCSIM_NEVER;
  sh->complete[m] = tick + 1;
  for (uint32_t k = sh->t.dep_base[m]; k < sh->t.dep_base[m + 1]; k++) {
    uint32_t w = sh->t.dep_list[k];
    uint64_t ready = tick + to_ticks(sh, sh->t.dep_delay ? sh->t.dep_delay[k] : sh->t.msg[w].delay);
    if (ready > sh->release[w])
      sh->release[w] = ready;
    if (--sh->deps_left[w] == 0) {
      heap_push(sh, node, w);
      if (sh->release[w] < next)
        next = sh->release[w];
    }
  }
  return next;
}

/* Releases the node's due messages; a local step completes at once, and
 * what it made ready is released in the same pass when due. */
static int trace_fire(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state, fcsim_emit_f emit, void *arg,
                      uint64_t *next)
{
  struct trace_shared *sh = shared;
  int rc = 0;
  while (!rc && sh->heap_len[node] && heap_next(sh, node) <= ctx->tick) {
    uint32_t m = heap_pop(sh, node);
    if (sh->t.msg[m].src == sh->t.msg[m].dst)
      complete_message(sh, node, m, ctx->tick);
    else
      rc = emit_message(ctx, sh, node, state, m, emit, arg);
  }
  *next = heap_next(sh, node);
  return rc;
}

/* A packet of message m arrived at its destination `node`; when it was the
 * last, the message is complete and the messages waiting for it at this
 * node may be released. */
static int trace_delivered(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state,
                           const struct fcsim_delivery *d, uint64_t *next)
{
  (void)ctx;
  (void)state;
  struct trace_shared *sh = shared;
  uint32_t m = d->aux;
  *next = FCSIM_NEVER;
  if (m >= (uint64_t)sh->t.n || --sh->pkts_left[m] != 0)
    return 0;
  *next = complete_message(sh, node, m, d->cycle);
  return 0;
}

static void trace_report(void *shared, struct fcsim_workload_report *r)
{
  struct trace_shared *sh = shared;
  uint64_t makespan = 0;
  for (int64_t m = 0; m < sh->t.n; m++) {
    sh->complete_out[m] = sh->complete[m] ? to_cycles(sh, sh->complete[m] - 1) : UINT64_MAX;
    if (sh->complete[m] && sh->complete_out[m] > makespan)
      makespan = sh->complete_out[m];
  }
  r->makespan_cycles = makespan;
  r->nmessages = sh->t.n;
  r->message_bytes = 0;
  for (int64_t m = 0; m < sh->t.n; m++)
    r->message_bytes += sh->t.msg[m].bytes;
  r->complete_cycle = sh->complete_out;
  r->message_id = sh->ids;
}

/* Completion cycles, written by the deliveries at each message's
 * destination (0 until then): ranks take the maximum. */
static int trace_counters(void *shared, struct fcsim_counter *out)
{
  struct trace_shared *sh = shared;
  out[0] = fcsim_counter_u64("message_complete", FCSIM_MERGE_MAX, sh->complete, (size_t)sh->t.n);
  return 1;
}

static const struct trace *trace_message_list(const void *shared)
{
  const struct trace_shared *sh = shared;
  return &sh->t;
}

const struct fcsim_workload_ops fcsim_workload_trace = {
    .name = "trace",
    .help = "the messages of traffic.trace (CSV: id, src, dst, bytes, start, after, delay); reports completion times "
            "and the makespan",
    .version = 1,
    .listens = 1,
    .finite = 1,
    .messages = 1,
    .setup = trace_setup,
    .teardown = trace_teardown,
    .init = trace_init,
    .fire = trace_fire,
    .delivered = trace_delivered,
    .report = trace_report,
    .counters = trace_counters,
    .message_list = trace_message_list,
};
