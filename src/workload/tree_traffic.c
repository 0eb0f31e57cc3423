/* SPDX-License-Identifier: BSD-3-Clause */
/* Collective workloads (seed 000 §5.2.2, "Latencies"): the traffic of the
 * multicast and reduction trees that src/collective/ builds, its packets
 * routed by the node tables of router.tables (written by `fcsim collective
 * build`), for the voq and ring routers.
 *
 *  collective-batch  every collective of the tables is done
 *                    traffic.batch_packets times. Multicast: each root sends
 *                    that many packets, one every packet_flits / traffic.rate
 *                    cycles (the seed: 64 packets, one per cycle). Reduction:
 *                    each contributor sends one packet per reduction it takes
 *                    part in per instance, round-robin over its reductions, at
 *                    the same rate; instance k of a reduction combines the
 *                    k-th packets of all its contributors. total_latency is
 *                    the batch latency (first send to last receive).
 *  collective        continuous multicast: each root sends packets at
 *                    traffic.rate (Bernoulli); avg_latency over the copies
 *                    delivered (Fig. 5.22). Reductions are batch only.
 *
 * Packets: `dest` = the unicast-table index at the sending node, `aux` = the
 * collective's number (multicast) or the payload (reduction: node id + 1 at
 * each contributor, so the root receives the sum), `route` = the instance
 * (mod 256). Multicast packets with a destination bit-vector header (tables
 * built by the online RPM baseline) are ceil(nodes / flit_bits) flits longer
 * than traffic.packet_size; index headers (OCR) fit in the head flit.
 *
 * The workload listens to deliveries: it counts, per node and collective,
 * the copies received (multicast) or results received with the exact sum
 * (reduction), and reports one "message" per collective whose completion
 * cycle is the last delivery, or never (UINT64_MAX) if any destination got a
 * wrong number of copies or a wrong sum. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "collective/collective.h"
#include "workload/tree_traffic.h"

/* Set-up shared by all nodes. The arrays indexed by [node * nstart + c] are
 * written only by deliveries at `node` (per-node, so partitions never share
 * an element). */
struct coll_shared {
  const struct fcsim_params *p;
  struct fcsim_coll_tables tab;
  int batch;     /* collective-batch */
  int reduction; /* the tables implement reductions */
  int counted;   /* packets count in the latency statistics (0 when mixed with background traffic) */
  int flits;     /* packet length */
  double lambda; /* packets per node per cycle */
  uint64_t gap;  /* batch: cycles between a node's packets */
  int64_t nodes, nstart;
  int64_t *root_of;    /* [nodes] reduction: the collective rooted there, -1 */
  int64_t *ndst;       /* [nstart] multicast: copies each packet delivers */
  uint32_t *want;      /* [nodes * nstart] multicast: copies per packet at each node */
  uint32_t *sum;       /* [nstart] reduction: the expected result */
  uint32_t *got;       /* [nodes * nstart] deliveries counted */
  uint32_t *bad;       /* [nodes] deliveries of a wrong collective or sum */
  uint64_t *last;      /* [nodes * nstart] last delivery tick */
  int64_t *mine_start; /* [nodes + 1] reduction: node v's contributions are mine[mine_start[v] ..) */
  int64_t *mine_c;     /* collective of each contribution */
  int32_t *mine_index; /* unicast index it is injected with */
  uint64_t *complete;  /* [nstart] report */
  int64_t *ids;        /* [nstart] report: collective numbers */
};

/* Per node. */
struct coll_node {
  int64_t mc;   /* multicast: the collective rooted here, -1 */
  int64_t sent; /* packets created */
  int64_t left; /* batch: packets still to send, -1 continuous */
  struct fcsim_rng arrival_rng;
};

static void coll_teardown(void *shared)
{
  struct coll_shared *sh = shared;
  if (!sh)
    return;
  fcsim_coll_tables_destroy(&sh->tab);
  free(sh->root_of), free(sh->ndst), free(sh->want), free(sh->sum), free(sh->got), free(sh->bad), free(sh->last);
  free(sh->mine_start), free(sh->mine_c), free(sh->mine_index), free(sh->complete), free(sh->ids);
  free(sh);
}

/* Multicast: the copies each node receives per packet of each collective. */
static int setup_multicast(struct coll_shared *sh, struct fcsim_error *err)
{
  int64_t *d = malloc((size_t)sh->nodes * sizeof *d);
  if (!d)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = 0;
  for (int64_t c = 0; c < sh->nstart && !rc; c++) {
    rc = fcsim_coll_walk_multicast(&sh->tab, sh->tab.start[c].root, sh->tab.start[c].index, d, err);
    for (int64_t v = 0; v < sh->nodes && !rc; v++) {
      sh->want[v * sh->nstart + c] = (uint32_t)d[v];
      sh->ndst[c] += d[v];
    }
  }
  free(d);
  return rc;
}

/* Reduction: each node's contributions and each root's expected sum. */
static int setup_reduction(struct coll_shared *sh, struct fcsim_error *err)
{
  int64_t total = 0;
  for (int64_t c = 0; c < sh->nstart; c++) {
    const struct fcsim_coll_start *s = &sh->tab.start[c];
    sh->root_of[s->root] = c;
    for (int64_t i = 0; i < s->ncontrib; i++) {
      sh->mine_start[s->contrib[i] + 1]++;
      sh->sum[c] += (uint32_t)(s->contrib[i] + 1);
    }
    total += s->ncontrib;
  }
  for (int64_t v = 0; v < sh->nodes; v++)
    sh->mine_start[v + 1] += sh->mine_start[v];
  sh->mine_c = malloc((size_t)(total + 1) * sizeof *sh->mine_c);
  sh->mine_index = malloc((size_t)(total + 1) * sizeof *sh->mine_index);
  int64_t *fill = calloc((size_t)sh->nodes, sizeof *fill);
  if (!sh->mine_c || !sh->mine_index || !fill) {
    free(fill);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  for (int64_t c = 0; c < sh->nstart; c++) {
    const struct fcsim_coll_start *s = &sh->tab.start[c];
    for (int64_t i = 0; i < s->ncontrib; i++) {
      int64_t v = s->contrib[i], k = sh->mine_start[v] + fill[v]++;
      sh->mine_c[k] = c;
      sh->mine_index[k] = s->cindex[i];
    }
  }
  free(fill);
  return 0;
}

static int coll_setup_mode(const struct fcsim_workload_env *env, int batch, void **shared, size_t *state_size,
                           struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  if (!p->router_tables[0])
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "traffic.mode = %s needs router.tables = DIR, the node tables written by `fcsim collective "
                           "build --out DIR`",
                           p->mode_name);
  struct coll_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int loaded, rc = fcsim_coll_tables_load_for(p->router_tables, &env->topo->graph, p->max_input_bytes, &sh->tab, &loaded, err);
  sh->p = p;
  sh->batch = batch;
  sh->counted = 1;
  sh->nodes = env->topo->graph.nodes;
  sh->nstart = sh->tab.nstart;
  sh->reduction = sh->tab.op == FCSIM_COLL_REDUCTION;
  if (!rc && sh->reduction && !batch)
    rc = fcsim_error_set(err, FCSIM_ECOMBINATION,
                         "router.tables = %s holds reduction tables: traffic.mode = collective (continuous) runs "
                         "multicasts only; use traffic.mode = collective-batch",
                         p->router_tables);
  if (!rc && sh->reduction && p->batch_packets > 256)
    rc = fcsim_error_set(err, FCSIM_ERANGE,
                         "traffic.batch_packets = %lld: a reduction batch has at most 256 instances (the instance "
                         "travels in 8 header bits)",
                         (long long)p->batch_packets);
  if (!rc && sh->nstart == 0)
    rc = fcsim_error_set(err, FCSIM_ECOMBINATION, "router.tables = %s holds no collective", p->router_tables);
  if (rc) {
    coll_teardown(sh);
    return rc;
  }
  size_t cells = (size_t)(sh->nodes * sh->nstart);
  sh->flits = p->packet_flits;
  int header = ((const struct fcsim_collective_params *)fcsim_params_block(p, &fcsim_collective_block))->header;
  int bitvector = header ? header == 2 : fcsim_coll_tables_built_by_rpm(p->router_tables);
  if (!sh->reduction && bitvector)
    sh->flits += (int)((sh->nodes + p->flit_bits - 1) / p->flit_bits);
  sh->lambda = p->rate_flits / p->packet_flits; /* packets: a longer header does not slow the source */
  sh->gap = sh->lambda >= 1 ? 1 : (uint64_t)(1.0 / sh->lambda + 0.5);
  sh->root_of = malloc((size_t)sh->nodes * sizeof *sh->root_of);
  sh->ndst = calloc((size_t)sh->nstart, sizeof *sh->ndst);
  sh->want = calloc(cells, sizeof *sh->want);
  sh->sum = calloc((size_t)sh->nstart, sizeof *sh->sum);
  sh->got = calloc(cells, sizeof *sh->got);
  sh->bad = calloc((size_t)sh->nodes, sizeof *sh->bad);
  sh->last = calloc(cells, sizeof *sh->last);
  sh->mine_start = calloc((size_t)sh->nodes + 1, sizeof *sh->mine_start);
  sh->complete = calloc((size_t)sh->nstart, sizeof *sh->complete);
  sh->ids = calloc((size_t)sh->nstart, sizeof *sh->ids);
  if (!sh->root_of || !sh->ndst || !sh->want || !sh->sum || !sh->got || !sh->bad || !sh->last || !sh->mine_start ||
      !sh->complete || !sh->ids)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (int64_t v = 0; !rc && v < sh->nodes; v++)
    sh->root_of[v] = -1;
  if (!rc)
    rc = sh->reduction ? setup_reduction(sh, err) : setup_multicast(sh, err);
  if (rc) {
    coll_teardown(sh);
    return rc;
  }
  *shared = sh;
  *state_size = sizeof(struct coll_node);
  return 0;
}

static int coll_batch_setup(const struct fcsim_workload_env *env, void **shared, size_t *state_size,
                            struct fcsim_error *err)
{
  return coll_setup_mode(env, 1, shared, state_size, err);
}

static int coll_cont_setup(const struct fcsim_workload_env *env, void **shared, size_t *state_size,
                           struct fcsim_error *err)
{
  return coll_setup_mode(env, 0, shared, state_size, err);
}

/* The multicast rooted at `node`, or -1. */
static int64_t multicast_of(const struct coll_shared *sh, uint32_t node)
{
  for (int64_t c = 0; c < sh->nstart; c++)
    if (sh->tab.start[c].root == node)
      return c;
  return -1;
}

static int64_t packets_of(const struct coll_shared *sh, uint32_t node)
{
  if (sh->reduction)
    return (sh->mine_start[node + 1] - sh->mine_start[node]) * sh->p->batch_packets;
  return multicast_of(sh, node) >= 0 ? sh->p->batch_packets : 0;
}

static uint64_t next_gap(const struct coll_shared *sh, struct coll_node *st)
{
  if (sh->batch)
    return sh->gap;
  return sh->lambda >= 1 ? 1 : fcsim_traffic_gap(sh->lambda, &st->arrival_rng);
}

static int coll_init(void *shared, uint32_t node, void *state, const struct fcsim_clock *clk, uint64_t *first,
                     struct fcsim_error *err)
{
  (void)err;
  const struct coll_shared *sh = shared;
  struct coll_node *st = state;
  fcsim_rng_init(&st->arrival_rng, sh->p->seed, node, FCSIM_RNG_ARRIVAL);
  st->mc = sh->reduction ? -1 : multicast_of(sh, node);
  st->left = sh->batch ? packets_of(sh, node) : (st->mc >= 0 ? -1 : 0);
  *first = FCSIM_NEVER;
  if (st->left != 0 && sh->lambda > 0) {
    uint64_t gap = next_gap(sh, st);
    if (gap != UINT64_MAX)
      *first = fcsim_clock_tick(clk, gap - 1);
  }
  return 0;
}

/* The next packet of `node`: its header index, aux, instance; counts the
 * deliveries it will make as measured. */
static void next_packet(struct fcsim_ctx *ctx, const struct coll_shared *sh, uint32_t node, struct coll_node *st,
                        struct fcsim_packet *pk, int measured)
{
  if (sh->reduction) {
    int64_t n = sh->mine_start[node + 1] - sh->mine_start[node], k = sh->mine_start[node] + st->sent % n;
    int64_t c = sh->mine_c[k];
    pk->dest = (uint32_t)sh->mine_index[k];
    pk->aux = node + 1;
    pk->route = (uint8_t)(st->sent / n);
    pk->flags = FCSIM_PKT_REDUCTION | (sh->counted ? FCSIM_FLIT_MEASURED : 0);
    if (sh->counted && sh->tab.start[c].contrib[0] == node) /* one contributor counts the instance's result */
      ctx->acc->measured_created++;
    return;
  }
  measured = measured && sh->counted;
  int64_t c = st->mc;
  pk->dest = (uint32_t)sh->tab.start[c].index;
  pk->aux = (uint32_t)c;
  pk->route = (uint8_t)st->sent;
  pk->flags = FCSIM_PKT_MULTICAST | (measured ? FCSIM_FLIT_MEASURED : 0);
  if (measured)
    ctx->acc->measured_created += (uint64_t)sh->ndst[c];
}

static int coll_fire(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state, fcsim_emit_f emit, void *arg,
                     uint64_t *next)
{
  const struct coll_shared *sh = shared;
  struct coll_node *st = state;
  int count = !sh->batch && sh->lambda >= 1 ? fcsim_traffic_burst(sh->lambda, &st->arrival_rng) : 1;
  int measured = sh->batch || ctx->in_window;
  for (int i = 0; i < count && st->left != 0; i++) {
    struct fcsim_packet pk = {ctx->now, ctx->tick, 0, 0, (uint16_t)sh->flits, 0, 0};
    next_packet(ctx, sh, node, st, &pk, measured);
    st->sent++;
    if (st->left > 0)
      st->left--;
    if (ctx->in_window)
      ctx->acc->created_flits_window += (uint64_t)sh->flits;
    int rc = emit(arg, ctx, node, &pk);
    if (rc)
      return rc;
  }
  *next = FCSIM_NEVER;
  if (st->left != 0) {
    uint64_t gap = next_gap(sh, st);
    if (gap != UINT64_MAX)
      *next = fcsim_clock_tick(ctx->clk, ctx->now + gap);
  }
  return 0;
}

static int coll_delivered(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state,
                          const struct fcsim_delivery *d, uint64_t *next)
{
  (void)ctx, (void)state;
  struct coll_shared *sh = shared;
  *next = FCSIM_NEVER;
  int64_t c = sh->reduction ? sh->root_of[node] : (int64_t)d->aux;
  if (c < 0 || c >= sh->nstart || (sh->reduction && d->aux != sh->sum[c])) {
    sh->bad[node]++;
    return 0;
  }
  size_t i = (size_t)(node * sh->nstart + c);
  sh->got[i]++;
  if (d->cycle > sh->last[i])
    sh->last[i] = d->cycle;
  return 0;
}

/* One message per collective: done when every node got exactly its copies
 * (multicast: per packet sent; reduction: one result per instance), at the
 * last delivery. */
static void coll_report(void *shared, struct fcsim_workload_report *r)
{
  struct coll_shared *sh = shared;
  uint64_t span = 0;
  int64_t bad = 0;
  for (int64_t v = 0; v < sh->nodes; v++)
    bad += sh->bad[v];
  for (int64_t c = 0; c < sh->nstart; c++) {
    uint64_t last = 0;
    int ok = !bad;
    int64_t root = sh->tab.start[c].root;
    for (int64_t v = 0; v < sh->nodes && ok; v++) {
      size_t i = (size_t)(v * sh->nstart + c);
      if (sh->batch)
        ok = sh->got[i] == (sh->reduction ? (v == root ? (uint64_t)sh->p->batch_packets : 0)
                                          : (uint64_t)sh->want[i] * (uint64_t)sh->p->batch_packets);
      else /* continuous: whole packets' worth of copies, none where none belong */
        ok = sh->want[i] ? sh->got[i] % sh->want[i] == 0 : sh->got[i] == 0;
      last = sh->last[i] > last ? sh->last[i] : last;
    }
    sh->complete[c] = ok ? last : UINT64_MAX;
    sh->ids[c] = root;
    if (ok && last > span)
      span = last;
  }
  r->makespan_cycles = span;
  r->nmessages = sh->nstart;
  r->complete_cycle = sh->complete;
  r->message_id = sh->ids;
}

void fcsim_tree_traffic_uncounted(void *shared)
{
  ((struct coll_shared *)shared)->counted = 0;
}

uint64_t fcsim_tree_traffic_send_cycles(const void *shared)
{
  const struct coll_shared *sh = shared;
  uint64_t most = 0;
  for (int64_t v = 0; v < sh->nodes; v++) {
    int64_t n = packets_of(sh, (uint32_t)v);
    if (n > 0 && (uint64_t)n * sh->gap > most)
      most = (uint64_t)n * sh->gap;
  }
  return most;
}

int64_t fcsim_tree_traffic_copies(const void *shared, int64_t c, int64_t *root, uint64_t *received)
{
  const struct coll_shared *sh = shared;
  *root = sh->tab.start[c].root;
  *received = 0;
  for (int64_t v = 0; v < sh->nodes; v++)
    *received += sh->got[v * sh->nstart + c];
  return sh->ndst[c];
}

/* The per-node delivery records (each written by its node's deliveries
 * only): ranks sum the counts and take the latest delivery. */
static int coll_counters(void *shared, struct fcsim_counter *out)
{
  struct coll_shared *sh = shared;
  size_t cells = (size_t)(sh->nodes * sh->nstart);
  out[0] = fcsim_counter_u32("copies_received", FCSIM_MERGE_SUM, sh->got, cells);
  out[1] = fcsim_counter_u32("wrong_deliveries", FCSIM_MERGE_SUM, sh->bad, (size_t)sh->nodes);
  out[2] = fcsim_counter_u64("last_delivery", FCSIM_MERGE_MAX, sh->last, cells);
  return 3;
}

const struct fcsim_workload_ops fcsim_workload_collective_batch = {
    .name = "collective-batch",
    .help = "every collective of router.tables done traffic.batch_packets times (Novo-G# thesis Fig. 5.21); reports the "
            "batch latency and each collective's completion (by root)",
    .version = 1,
    .listens = 1,
    .collective = 1,
    .finite = 1,
    .setup = coll_batch_setup,
    .teardown = coll_teardown,
    .init = coll_init,
    .fire = coll_fire,
    .delivered = coll_delivered,
    .report = coll_report,
    .counters = coll_counters,
};

const struct fcsim_workload_ops fcsim_workload_collective = {
    .name = "collective",
    .continuous = 1,
    .help = "continuous multicast at traffic.rate from every root of router.tables (Novo-G# thesis Fig. 5.22)",
    .version = 1,
    .listens = 1,
    .collective = 1,
    .setup = coll_cont_setup,
    .teardown = coll_teardown,
    .init = coll_init,
    .fire = coll_fire,
    .delivered = coll_delivered,
    .report = coll_report,
    .counters = coll_counters,
};
