/* SPDX-License-Identifier: BSD-3-Clause */
/* `traffic.mode = collective-unicast`: a collective batch (the
 * collective-batch workload of tree_traffic.c, run through its ops) and
 * Bernoulli unicast background traffic (the continuous workload of
 * bernoulli.c, run through its ops at traffic.background_rate to
 * traffic.pattern) on the same routers (seed 000 §5.2.2 runs collectives
 * alone; issue 11 asks for both at once).
 *
 * `traffic.mode = collective-cont-unicast`: the same with the
 * continuous collective (`collective`, Fig. 5.22) instead of the batch.
 * Both sources run from cycle 0 to the end of the measurement window
 * (sim.warmup_cycles + sim.measure_cycles; the background until
 * traffic.background_cycles when given), then the run drains completely, so
 * every packet of both can be checked. Here the collective's copies created
 * in the window are measured (avg/p50/p99_latency are the collective's
 * latency, as with `collective`), the background's are not; each multicast
 * message is complete only if its copies delivered equal its root's packets
 * x its destinations.
 *
 * Every endpoint creates background packets from cycle 0 until
 * traffic.background_cycles (`auto`: while the collective's sources send,
 * the batch's send time: its busiest source's packets x the gap between
 * them); then the run drains.
 * Only background packets are measured, so the latency statistics
 * (avg/p50/p99_latency) are the unicast latency; the collective's latency
 * is its completion: `makespan` is the cycle the last collective completes
 * (the batch latency) and `messages` lists each collective by root, as in
 * collective-batch, plus one message with id -1 for the background, complete
 * at its last delivery only if every background packet was delivered
 * exactly once.
 *
 * Exactly once: a background packet carries in `aux` bit 31 set (collective
 * numbers and reduction sums stay below 2^31, checked at set-up) and a
 * 31-bit hash of (source, sequence number). Each source adds the hashes it
 * sends, each destination the hashes it receives, with their counts; a lost
 * or duplicated packet changes the totals. All four are per-node counters
 * merged over MPI ranks by sum (stats/counters.h). */
#include <stdlib.h>

#include "workload/tree_traffic.h"

#define BG_TAG  0x80000000u /* aux bit of a background packet */
#define BG_HASH 0x7fffffffu /* aux bits of its hash */

/* The set-up shared by all nodes. The per-node arrays are written only by
 * the node's own fires and deliveries. */
struct mix_shared {
  const struct fcsim_workload_ops *coll_ops, *bg_ops;
  void *coll, *bg;           /* the two workloads' shared set-ups */
  size_t off_coll, off_bg;   /* byte offsets of their states in a node's state */
  struct fcsim_params bg_p;  /* the parameters with traffic.rate = traffic.background_rate */
  uint64_t bg_end_cycles;    /* background packets are created before this cycle */
  int continuous;            /* collective-cont-unicast: the continuous collective, measured in the window */
  uint64_t win_start_cycles; /* continuous: the measurement window [start, end); */
  uint64_t win_end_cycles;   /* the collective's sources stop at its end */
  double ref_ticks;          /* engine ticks per network.clock cycle */
  int64_t nodes;             /* graph nodes */
  uint64_t *sent, *sent_sum; /* [nodes] background packets created at the node, sum of their hashes */
  uint64_t *recv, *recv_sum; /* [nodes] background packets delivered at the node, sum of their hashes */
  uint64_t *bg_last;         /* [nodes] tick of the node's last background delivery */
  uint64_t *coll_sent;       /* [nodes] collective packets created at the node */
  uint64_t *complete;        /* [collectives + 1] report */
  int64_t *ids;              /* [collectives + 1] report: roots, then -1 */
};

/* Per node: the two events and the background's sequence, then the two
 * workloads' states. */
struct mix_node {
  uint64_t next_coll, next_bg; /* each workload's next event tick */
  uint64_t bg_seq;             /* background packets created here */
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static void mix_teardown(void *shared)
{
  struct mix_shared *sh = shared;
  if (!sh)
    return;
  if (sh->coll)
    sh->coll_ops->teardown(sh->coll);
  if (sh->bg)
    sh->bg_ops->teardown(sh->bg);
  free(sh->sent), free(sh->complete), free(sh->ids);
  free(sh);
}

static int mix_setup(const struct fcsim_workload_env *env, int continuous, void **shared, size_t *state_size,
                     struct fcsim_error *err)
{
  if (env->topo->graph.nodes > 46000) /* reduction sums (node ids + 1) must stay below 2^31 */
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "traffic.mode = %s: %lld nodes; at most 46000 (the payload of a collective and the "
                           "background's tag share one 32-bit word)",
                           env->p->mode_name, (long long)env->topo->graph.nodes);
  struct mix_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->continuous = continuous;
  sh->coll_ops = continuous ? &fcsim_workload_collective : &fcsim_workload_collective_batch;
  sh->bg_ops = &fcsim_workload_continuous;
  sh->nodes = env->topo->graph.nodes;
  sh->ref_ticks = env->ref_ticks > 0 ? env->ref_ticks : 1.0;
  sh->bg_p = *env->p;
  const struct fcsim_collective_params *cp = fcsim_params_block(env->p, &fcsim_collective_block);
  sh->bg_p.rate_flits = cp->background_rate_flits;
  struct fcsim_workload_env bg_env = *env;
  bg_env.p = &sh->bg_p;
  size_t coll_size = 0, bg_size = 0;
  int rc = sh->coll_ops->setup(env, &sh->coll, &coll_size, err);
  if (!rc)
    rc = sh->bg_ops->setup(&bg_env, &sh->bg, &bg_size, err);
  if (rc) {
    mix_teardown(sh);
    return rc;
  }
  sh->win_start_cycles = (uint64_t)env->p->warmup_cycles;
  sh->win_end_cycles = (uint64_t)(env->p->warmup_cycles + env->p->measure_cycles);
  if (!continuous)
    fcsim_tree_traffic_uncounted(sh->coll);
  sh->bg_end_cycles = cp->background_cycles >= 0 ? (uint64_t)cp->background_cycles
                      : continuous                   ? sh->win_end_cycles
                                                     : fcsim_tree_traffic_send_cycles(sh->coll);
  size_t n = (size_t)sh->nodes;
  sh->sent = calloc(6 * n + 1, sizeof *sh->sent); /* one block for the six per-node arrays */
  struct fcsim_workload_report r = {0};
  sh->coll_ops->report(sh->coll, &r); /* only for the number of collectives */
  sh->complete = calloc((size_t)r.nmessages + 1, sizeof *sh->complete);
  sh->ids = calloc((size_t)r.nmessages + 1, sizeof *sh->ids);
  if (!sh->sent || !sh->complete || !sh->ids) {
    mix_teardown(sh);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  sh->sent_sum = sh->sent + n;
  sh->recv = sh->sent + 2 * n;
  sh->recv_sum = sh->sent + 3 * n;
  sh->bg_last = sh->sent + 4 * n;
  sh->coll_sent = sh->sent + 5 * n;
  sh->off_coll = align8(sizeof(struct mix_node));
  sh->off_bg = sh->off_coll + align8(coll_size);
  *state_size = sh->off_bg + align8(bg_size);
  *shared = sh;
  return 0;
}

static int mix_batch_setup(const struct fcsim_workload_env *env, void **shared, size_t *state_size,
                           struct fcsim_error *err)
{
  return mix_setup(env, 0, shared, state_size, err);
}

static int mix_cont_setup(const struct fcsim_workload_env *env, void **shared, size_t *state_size,
                          struct fcsim_error *err)
{
  return mix_setup(env, 1, shared, state_size, err);
}

static uint64_t earliest(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* A source's next event, or never from the end of its span (`end` cycles). */
static uint64_t until_end(uint64_t end, const struct fcsim_clock *clk, uint64_t next)
{
  return next != FCSIM_NEVER && next >= fcsim_clock_tick(clk, end) ? FCSIM_NEVER : next;
}

/* The collective's next event: continuous collectives stop at the window's end. */
static uint64_t coll_until_end(const struct mix_shared *sh, const struct fcsim_clock *clk, uint64_t next)
{
  return sh->continuous ? until_end(sh->win_end_cycles, clk, next) : next;
}

static int mix_init(void *shared, uint32_t node, void *state, const struct fcsim_clock *clk, uint64_t *first,
                    struct fcsim_error *err)
{
  struct mix_shared *sh = shared;
  struct mix_node *st = state;
  int rc = sh->coll_ops->init(sh->coll, node, (char *)state + sh->off_coll, clk, &st->next_coll, err);
  if (!rc)
    rc = sh->bg_ops->init(sh->bg, node, (char *)state + sh->off_bg, clk, &st->next_bg, err);
  st->next_coll = coll_until_end(sh, clk, st->next_coll);
  st->next_bg = until_end(sh->bg_end_cycles, clk, st->next_bg);
  *first = earliest(st->next_coll, st->next_bg);
  return rc;
}

/* A 31-bit hash of (source, sequence): splitmix64's finaliser. */
static uint32_t bg_hash(uint32_t node, uint64_t seq)
{
  uint64_t z = ((uint64_t)node << 40) ^ seq ^ 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)(z ^ (z >> 31)) & BG_HASH;
}

/* What the background's emit needs to tag a packet and pass it on. */
struct bg_emit_arg {
  fcsim_emit_f emit;
  void *arg;
  struct mix_shared *sh;
  struct mix_node *st;
};

static int bg_emit(void *arg, struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_packet *pk)
{
  struct bg_emit_arg *a = arg;
  struct fcsim_packet tagged = *pk;
  uint32_t h = bg_hash(node, a->st->bg_seq++);
  tagged.aux = BG_TAG | h;
  a->sh->sent[node]++;
  a->sh->sent_sum[node] += h;
  return a->emit(a->arg, ctx, node, &tagged);
}

/* The collective's packets pass unchanged, counted per source. */
static int coll_emit(void *arg, struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_packet *pk)
{
  struct bg_emit_arg *a = arg;
  a->sh->coll_sent[node]++;
  return a->emit(a->arg, ctx, node, pk);
}

static int mix_fire(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state, fcsim_emit_f emit, void *arg,
                    uint64_t *next)
{
  struct mix_shared *sh = shared;
  struct mix_node *st = state;
  int rc = 0, window = ctx->in_window; /* the run is finite: the engine's window is the whole run */
  struct bg_emit_arg a = {emit, arg, sh, st};
  if (st->next_coll <= ctx->tick) {
    if (sh->continuous) /* the collective measures what it creates in the window */
      ctx->in_window = ctx->now >= sh->win_start_cycles && ctx->now < sh->win_end_cycles;
    rc = sh->coll_ops->fire(ctx, sh->coll, node, (char *)state + sh->off_coll, coll_emit, &a, &st->next_coll);
    st->next_coll = coll_until_end(sh, ctx->clk, st->next_coll);
  }
  if (!rc && st->next_bg <= ctx->tick) {
    ctx->in_window = sh->continuous ? 0 : window; /* continuous: the background is never measured */
    rc = sh->bg_ops->fire(ctx, sh->bg, node, (char *)state + sh->off_bg, bg_emit, &a, &st->next_bg);
    st->next_bg = until_end(sh->bg_end_cycles, ctx->clk, st->next_bg);
  }
  ctx->in_window = window;
  *next = earliest(st->next_coll, st->next_bg);
  return rc;
}

static int mix_delivered(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state,
                         const struct fcsim_delivery *d, uint64_t *next)
{
  struct mix_shared *sh = shared;
  struct mix_node *st = state;
  *next = FCSIM_NEVER;
  if (d->aux & BG_TAG) {
    sh->recv[node]++;
    sh->recv_sum[node] += d->aux & BG_HASH;
    if (d->cycle > sh->bg_last[node])
      sh->bg_last[node] = d->cycle;
    return 0;
  }
  uint64_t t = FCSIM_NEVER;
  int rc = sh->coll_ops->delivered(ctx, sh->coll, node, (char *)state + sh->off_coll, d, &t);
  if (t != FCSIM_NEVER) {
    st->next_coll = earliest(st->next_coll, t);
    *next = t;
  }
  return rc;
}

/* The collectives as collective-batch reports them (makespan: the last
 * collective's completion), then the background (id -1). */
static void mix_report(void *shared, struct fcsim_workload_report *r)
{
  struct mix_shared *sh = shared;
  struct fcsim_workload_report c = {0};
  sh->coll_ops->report(sh->coll, &c);
  for (int64_t i = 0; i < c.nmessages; i++) {
    sh->complete[i] = c.complete_cycle[i];
    sh->ids[i] = c.message_id[i];
    int64_t root;
    uint64_t received;
    int64_t per_packet = sh->continuous ? fcsim_tree_traffic_copies(sh->coll, i, &root, &received) : 0;
    if (sh->continuous && received != (uint64_t)per_packet * sh->coll_sent[root])
      sh->complete[i] = UINT64_MAX; /* a copy lost or delivered twice */
  }
  uint64_t sent = 0, sent_sum = 0, recv = 0, recv_sum = 0, last = 0;
  for (int64_t v = 0; v < sh->nodes; v++) {
    sent += sh->sent[v], sent_sum += sh->sent_sum[v];
    recv += sh->recv[v], recv_sum += sh->recv_sum[v];
    last = sh->bg_last[v] > last ? sh->bg_last[v] : last;
  }
  int once = sent == recv && sent_sum == recv_sum;
  sh->complete[c.nmessages] = once ? (uint64_t)((double)last / sh->ref_ticks + 0.5) : UINT64_MAX;
  sh->ids[c.nmessages] = -1;
  r->makespan_cycles = c.makespan_cycles;
  r->nmessages = c.nmessages + 1;
  r->complete_cycle = sh->complete;
  r->message_id = sh->ids;
}

/* The collective's counters, then the background's per-node counts. */
static int mix_counters(void *shared, struct fcsim_counter *out)
{
  struct mix_shared *sh = shared;
  int n = sh->coll_ops->counters ? sh->coll_ops->counters(sh->coll, out) : 0;
  size_t nodes = (size_t)sh->nodes;
  if (n + 6 > FCSIM_MAX_COUNTERS)
    return n; /* cannot happen: the collective declares 3 */
  out[n++] = fcsim_counter_u64("background_sent", FCSIM_MERGE_SUM, sh->sent, nodes);
  out[n++] = fcsim_counter_u64("background_sent_hash", FCSIM_MERGE_SUM, sh->sent_sum, nodes);
  out[n++] = fcsim_counter_u64("background_received", FCSIM_MERGE_SUM, sh->recv, nodes);
  out[n++] = fcsim_counter_u64("background_received_hash", FCSIM_MERGE_SUM, sh->recv_sum, nodes);
  out[n++] = fcsim_counter_u64("background_last", FCSIM_MERGE_MAX, sh->bg_last, nodes);
  out[n++] = fcsim_counter_u64("collective_sent", FCSIM_MERGE_SUM, sh->coll_sent, nodes);
  return n;
}

const struct fcsim_workload_ops fcsim_workload_collective_unicast = {
    .name = "collective-unicast",
    .help = "a collective-batch of router.tables plus Bernoulli unicast background at traffic.background_rate to "
            "traffic.pattern while the collective's sources send; latencies are the background's, makespan the "
            "collectives'",
    .version = 1,
    .listens = 1,
    .collective = 1,
    .finite = 1,
    .setup = mix_batch_setup,
    .teardown = mix_teardown,
    .init = mix_init,
    .fire = mix_fire,
    .delivered = mix_delivered,
    .report = mix_report,
    .counters = mix_counters,
};

const struct fcsim_workload_ops fcsim_workload_collective_continuous_unicast = {
    .name = "collective-cont-unicast",
    .continuous = 1,
    .help = "continuous multicast of router.tables at traffic.rate plus Bernoulli unicast background at "
            "traffic.background_rate to traffic.pattern, both until the window ends, then a full drain; latencies are "
            "the collective's",
    .version = 1,
    .listens = 1,
    .collective = 1,
    .finite = 1,
    .setup = mix_cont_setup,
    .teardown = mix_teardown,
    .init = mix_init,
    .fire = mix_fire,
    .delivered = mix_delivered,
    .report = mix_report,
    .counters = mix_counters,
};
