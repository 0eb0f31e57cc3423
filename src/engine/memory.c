/* SPDX-License-Identifier: BSD-3-Clause */
/* Estimating the memory of a run before allocating it (memory.h). The
 * figures follow what engine/build.c, topo/ and the node kinds allocate;
 * tests/unit/test_memory.c compares them with what a run really allocates. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/memory.h"

#define PERCENT_OF_PHYSICAL 80                                        /* sim.max_memory = auto */
#define ARRIVAL_HEAP_BYTES  (2 * sizeof(void *) + 2 * sizeof(size_t)) /* engine.c's heap header */
#define WHEEL_SLOT_MIN      64 /* entries a wheel slot holds once used (engine.c) */
#define QUEUED_PER_PORT     16 /* allowance: packets waiting at an endpoint per network port */

void fcsim_memory_advise_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
  const uintptr_t huge = (uintptr_t)2 << 20;
  uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1), hi = ((uintptr_t)p + bytes) & ~(huge - 1);
  if (hi <= lo)
    return;
  (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* advice only: a refusal changes nothing */
#else
  (void)p;
  (void)bytes;
#endif
}

uint64_t fcsim_memory_limit_bytes(const struct fcsim_params *p)
{
  if (p->max_memory_bytes)
    return p->max_memory_bytes;
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || size <= 0)
    return UINT64_MAX;
  return (uint64_t)pages * (uint64_t)size / 100 * PERCENT_OF_PHYSICAL;
}

const char *fcsim_memory_text(uint64_t bytes, char *buf, size_t size)
{
  static const char *const units[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
  double v = (double)bytes;
  int u = 0;
  while (v >= 1000 && u < 6) {
    v /= 1000;
    u++;
  }
  snprintf(buf, size, u ? "%.2f %s" : "%.0f %s", v, units[u]);
  return buf;
}

static void sum(struct fcsim_memory *m)
{
  m->total_bytes = m->graph_bytes + m->links_bytes + m->rings_bytes + m->states_bytes + m->queues_bytes +
                   m->workload_bytes + m->engine_bytes;
}

/* Graph arrays of `nodes` nodes and `slots` port slots (topo/graph.c). */
static uint64_t graph_bytes(uint64_t nodes, uint64_t slots)
{
  return (nodes + 1) * sizeof(uint32_t) + 2 * nodes + slots * (sizeof(struct fcsim_chan) + sizeof(int32_t));
}

/* Ring headers, pending masks, per-channel counters and their window marks,
 * the readers' arrival caches in_due / credit_due and, with jitter, the last
 * arrival per channel (build.c). */
static uint64_t links_bytes(uint64_t nodes, uint64_t slots, int jitter)
{
  return 2 * slots * sizeof(struct fcsim_ring) + (4 + (jitter != 0)) * slots * sizeof(uint64_t) +
         2 * nodes * sizeof(uint64_t);
}

/* Per-node engine bookkeeping: nodes, state offsets, partition index. */
static uint64_t node_bytes(uint64_t nodes)
{
  return nodes * sizeof(struct fcsim_node) + (nodes + 1) * sizeof(uint64_t) + nodes * sizeof(uint32_t);
}

static int refuse(const struct fcsim_memory *m, struct fcsim_error *err)
{
  char t[32], lim[32], st[32], ri[32], gr[32];
  return fcsim_error_set(
      err, FCSIM_ERANGE,
      "the run needs %s%s of memory (router states %s, link rings %s, graph %s), more than sim.max_memory = %s%s; "
      "use a smaller network.dims, fewer router.vcs or a smaller router.vc_depth, or raise sim.max_memory",
      m->lower_bound ? "at least " : "an estimated ", fcsim_memory_text(m->total_bytes, t, sizeof t),
      fcsim_memory_text(m->states_bytes, st, sizeof st), fcsim_memory_text(m->rings_bytes, ri, sizeof ri),
      fcsim_memory_text(m->graph_bytes, gr, sizeof gr), fcsim_memory_text(m->limit_bytes, lim, sizeof lim),
      m->limit_is_auto ? " (auto: 80 % of physical memory)" : "");
}

int fcsim_memory_precheck(const struct fcsim_params *p, struct fcsim_memory *m, struct fcsim_error *err)
{
  memset(m, 0, sizeof *m);
  m->lower_bound = 1;
  m->limit_bytes = fcsim_memory_limit_bytes(p);
  m->limit_is_auto = !p->max_memory_bytes;
  if (p->topology == FCSIM_TOPO_FILE || p->nodes <= 0)
    return 0;
  const uint64_t nodes = (uint64_t)p->nodes, nports = 2 * (uint64_t)p->ndims, slots = nodes * nports;
  /* channels that exist at least: a mesh's (a torus adds its wraparounds) */
  uint64_t channels = 0;
  for (int d = 0; d < p->ndims; d++)
    channels += 2 * (uint64_t)(p->dims[d] - 1) * (nodes / (uint64_t)p->dims[d]);
  const struct fcsim_router_ops *ops = fcsim_router_model_find(p->router_model);
  uint64_t vcs = ops && (uint64_t)ops->max_vcs < (uint64_t)p->vcs ? (uint64_t)ops->max_vcs : (uint64_t)p->vcs;
  uint64_t span = (uint64_t)p->switch_cycles + 2 + (uint64_t)p->link_latency_cycles;
  uint64_t dcap = fcsim_pow2_at_least(span * (uint64_t)p->link_bandwidth_flits);
  m->graph_bytes = graph_bytes(nodes, slots) + slots * sizeof(int32_t);
  m->links_bytes = links_bytes(nodes, slots, p->link_jitter_cycles > 0);
  m->rings_bytes = slots * (sizeof(struct fcsim_link_slot) + sizeof(struct fcsim_credit_slot)) +
                   channels * (dcap - 1) * sizeof(struct fcsim_link_slot);
  /* every input port with a link offers its sender vcs x depth flits of buffer */
  m->states_bytes = channels * vcs * (uint64_t)p->vc_depth_flits * sizeof(struct fcsim_flit);
  m->engine_bytes = node_bytes(nodes);
  sum(m);
  m->per_router_bytes = m->total_bytes / nodes;
  return m->total_bytes > m->limit_bytes ? refuse(m, err) : 0;
}

/* Partition of node n when `nodes` nodes are split into `nparts` contiguous
 * ranges as build.c splits them. */
static uint64_t part_first(uint64_t nodes, uint64_t nparts, uint64_t i)
{
  return nodes * i / nparts;
}

static uint64_t part_of(uint64_t nodes, uint64_t nparts, uint64_t n)
{
  uint64_t i = n * nparts / nodes;
  while (i > 0 && part_first(nodes, nparts, i) > n)
    i--;
  while (i + 1 < nparts && part_first(nodes, nparts, i + 1) <= n)
    i++;
  return i;
}

/* The lookahead window (ticks): the smallest latency of a channel between
 * partitions, at most a checkpoint; and the channels that cross. */
static uint64_t window_ticks(const struct fcsim_net *net, uint64_t nparts, uint64_t *crossing)
{
  const struct fcsim_graph *g = &net->topo.graph;
  uint64_t w = net->check_ticks;
  *crossing = 0;
  for (int64_t c = 0; c < g->nslots && nparts > 1; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    if (ch->dst < 0)
      continue;
    const uint64_t nodes = (uint64_t)g->nodes;
    if (part_of(nodes, nparts, ch->src) == part_of(nodes, nparts, (uint64_t)ch->dst))
      continue;
    (*crossing)++;
    uint64_t lat = fcsim_link_min_latency(ch);
    if (ch->credit_latency_ticks < lat)
      lat = ch->credit_latency_ticks;
    if (lat < w)
      w = lat;
  }
  return w;
}

/* The kinds' set-ups, made here for the estimate (the engine makes its own):
 * state sizes and credit-ring capacities come from the models. */
struct kinds_setup {
  void *shared[FCSIM_MAX_KINDS];      /* each kind's set-up, or NULL */
  size_t state_size[FCSIM_MAX_KINDS]; /* bytes of state per node */
};

static void kinds_teardown(const struct fcsim_net *net, struct kinds_setup *ks)
{
  for (int i = 0; i < net->nkinds; i++)
    if (ks->shared[i])
      net->kinds[i].ops->teardown(ks->shared[i]);
}

static int kinds_setup(const struct fcsim_net *net, struct kinds_setup *ks, const struct trace *messages,
                       struct fcsim_error *err)
{
  memset(ks, 0, sizeof *ks);
  for (int i = 0; i < net->nkinds; i++) {
    const struct fcsim_kind *k = &net->kinds[i];
    struct fcsim_router_env env = {&k->p,
                                   &net->topo,
                                   net->routing,
                                   net->arbiter,
                                   (struct fcsim_links *)&net->links,
                                   i,
                                   net->multiclock ? FCSIM_TICKS_PER_SECOND_MULTI / k->p.router_clock_hz : 1.0,
                                   messages,
                                   fcsim__engine_start_cycles};
    int rc = k->ops->setup(&env, &ks->shared[i], &ks->state_size[i], err);
    if (rc) {
      kinds_teardown(net, ks);
      return rc;
    }
  }
  return 0;
}

uint64_t fcsim_data_ring_slots(const struct fcsim_net *net, const struct fcsim_chan *ch, uint64_t lag)
{
  double per = net->multiclock && net->clocks ? net->clocks[ch->src].period : 1.0;
  uint64_t span = (uint64_t)net->kinds[net->topo.graph.kind[ch->src]].p.switch_cycles + 2 +
                  (uint64_t)ceil((double)(fcsim_link_max_latency(ch) + lag) / per);
  return fcsim_pow2_at_least(span * ch->bandwidth_flits);
}

uint64_t fcsim_runahead_ticks(const struct fcsim_net *net, uint64_t lag)
{
  const struct fcsim_graph *g = &net->topo.graph;
  if (net->multiclock || net->workload->listens)
    return 0;
  uint64_t k = UINT64_MAX;
  for (int64_t c = 0; c < g->nslots; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    if (ch->dst < 0)
      continue;
    uint64_t a = fcsim_link_min_latency(ch);
    if (ch->credit_latency_ticks < a)
      a = ch->credit_latency_ticks;
    if (a < k)
      k = a;
  }
  for (int64_t c = 0; c < g->nslots && k > 1 && k != UINT64_MAX; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    if (ch->dst < 0)
      continue;
    const struct fcsim_kind *r = fcsim_kind_of(net, (uint32_t)ch->dst);
    uint64_t d = fcsim_data_ring_slots(net, ch, lag);
    uint64_t cr = fcsim_pow2_at_least(r->ops->credit_capacity(r->shared, ch, lag));
    while (k > 1 && (fcsim_data_ring_slots(net, ch, lag + k) != d ||
                     fcsim_pow2_at_least(r->ops->credit_capacity(r->shared, ch, lag + k)) != cr))
      k--;
  }
  return k > 1 && k != UINT64_MAX ? k : 0;
}

/* Data and credit ring pools, as build.c sizes them. */
static uint64_t rings_bytes(const struct fcsim_net *net, const struct kinds_setup *ks, uint64_t lag)
{
  const struct fcsim_graph *g = &net->topo.graph;
  uint64_t d = 0, c = 0;
  for (int64_t s = 0; s < g->nslots; s++) {
    const struct fcsim_chan *ch = &g->chan[s];
    uint64_t dcap = 1, ccap = 1;
    if (ch->dst >= 0) {
      int rk = g->kind[ch->dst];
      dcap = fcsim_data_ring_slots(net, ch, lag);
      ccap = fcsim_pow2_at_least(net->kinds[rk].ops->credit_capacity(ks->shared[rk], ch, lag));
    }
    d += dcap;
    c += ccap;
  }
  return d * sizeof(struct fcsim_link_slot) + c * sizeof(struct fcsim_credit_slot);
}

uint64_t fcsim_wheel_slots(const struct fcsim_net *net)
{
  const struct fcsim_graph *g = &net->topo.graph;
  uint64_t ahead = 0;
  double slowest = 1.0;
  for (int i = 0; i < net->nkinds; i++) {
    const struct fcsim_params *kp = &net->kinds[i].p;
    double per = net->multiclock ? 1e12 / kp->router_clock_hz * 1.11 : 1.0; /* offsets up to -10 % */
    if (per > slowest)
      slowest = per;
    uint64_t a = (uint64_t)ceil((double)kp->credit_period_cycles * per);
    if (a > ahead)
      ahead = a;
  }
  for (int64_t c = 0; c < g->nslots; c++)
    if (g->chan[c].dst >= 0) {
      uint64_t a = (uint64_t)ceil((double)net->kinds[g->kind[g->chan[c].src]].p.switch_cycles * slowest) +
                   fcsim_link_max_latency(&g->chan[c]);
      if (a > ahead)
        ahead = a;
      if (g->chan[c].credit_latency_ticks > ahead)
        ahead = g->chan[c].credit_latency_ticks;
    }
  ahead += (uint64_t)ceil(2 * slowest) + net->runahead_ticks;
  return fcsim_pow2_at_least(ahead + 2);
}

/* Partitions with their wheels (each slot grown to hold every node of the
 * partition, as under full load), heaps, step buffers and crossing lists. */
static uint64_t parts_bytes(const struct fcsim_net *net, uint64_t nparts, uint64_t crossing, int listens)
{
  const struct fcsim_graph *g = &net->topo.graph;
  const uint64_t nodes = (uint64_t)g->nodes, wheel = fcsim_wheel_slots(net);
  /* per-step request buffers: a step's output bandwidth and a wake per port */
  uint64_t most_out = 0, most_in = 0;
  for (int64_t n = 0; n < g->nodes; n++) {
    uint64_t out = 0, in = 0;
    for (uint32_t s = g->port_base[n]; s < g->port_base[n + 1]; s++) {
      if (g->chan[s].dst >= 0)
        out += g->chan[s].bandwidth_flits;
      if (g->in_chan[s] >= 0)
        in += g->chan[g->in_chan[s]].bandwidth_flits;
    }
    most_out = out > most_out ? out : most_out;
    most_in = in > most_in ? in : most_in;
  }
  const uint64_t wakes = (most_out + 2 * (uint64_t)g->max_radix + 16) * sizeof(struct fcsim_wake);
  const uint64_t deliveries = listens ? (most_in + 16) * sizeof(struct fcsim_delivery) : 0;
  uint64_t b = nparts * sizeof(struct fcsim_part) + 3 * (crossing + nparts) * sizeof(uint32_t);
  for (uint64_t i = 0; i < nparts; i++) {
    uint64_t n = part_first(nodes, nparts, i + 1) - part_first(nodes, nparts, i);
    uint64_t slot = n > WHEEL_SLOT_MIN ? fcsim_pow2_at_least(n) : WHEEL_SLOT_MIN;
    /* with one clock every slot is used within a wheel's turn; with clocks of
     * their own (picosecond ticks, a wheel of ~10^6 slots) only the ticks of
     * the nodes' edges are: at most nodes x cycles of a continuous run */
    uint64_t used = wheel;
    if (net->multiclock && !net->workload->finite) {
      /* a run below saturation drains in about its measurement window */
      uint64_t drain =
          (uint64_t)(net->p.drain_cycles < net->p.measure_cycles ? net->p.drain_cycles : net->p.measure_cycles);
      uint64_t edges = n * ((uint64_t)(net->p.warmup_cycles + net->p.measure_cycles) + drain);
      used = edges < wheel ? edges : wheel;
    }
    b += wheel * (sizeof(uint32_t *) + 2 * sizeof(uint32_t)) + used * slot * sizeof(uint32_t) + (wheel / 64 + 1) * 8;
    b += ARRIVAL_HEAP_BYTES + (n + 1) * (sizeof(uint64_t) + sizeof(uint32_t)) + wakes + deliveries;
  }
  return b;
}

/* Topology extras: the torus neighbour table, a permutation's table, table
 * routing's next hops (a byte per node pair) and dependency masks. */
static uint64_t topo_extra_bytes(const struct fcsim_net *net)
{
  const struct fcsim_graph *g = &net->topo.graph;
  const uint64_t n = (uint64_t)g->nodes, slots = (uint64_t)g->nslots;
  uint64_t b = 0;
  if (net->topo.neighbor)
    b += n * (uint64_t)net->topo.nports * sizeof(int32_t);
  if (net->traffic.perm)
    b += n * sizeof(int64_t);
  if (g->clock_hz)
    b += n * sizeof(double);
  if (g->clock_ppm)
    b += n * sizeof(double);
  if (g->name)
    b += n * FCSIM_NODE_NAME_MAX;
  if (net->routing && !strcmp(net->routing->name, "table"))
    b += n * n + n * (sizeof(int32_t) + sizeof(uint64_t)) + slots * sizeof(uint64_t);
  return b;
}

/* The workload's set-up (*shared: torn down by the caller) and state size. */
static int workload_setup(const struct fcsim_net *net, void **shared, size_t *size, struct fcsim_error *err)
{
  struct fcsim_workload_env env = {
      &net->p, &net->topo, &net->traffic, net->routing, net->kinds[0].ops->local_ports > 0, net->ref_ticks};
  *shared = NULL;
  *size = 0;
  return net->workload->setup(&env, shared, size, err);
}

/* The estimate, with the kinds and the workload set up for it. */
static int estimate(const struct fcsim_net *net, struct fcsim_memory *m, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  const uint64_t nodes = (uint64_t)g->nodes, slots = (uint64_t)g->nslots;
  memset(m, 0, sizeof *m);
  m->limit_bytes = fcsim_memory_limit_bytes(&net->p);
  m->limit_is_auto = !net->p.max_memory_bytes;
  struct kinds_setup ks;
  size_t wl_size = 0;
  void *wl_shared = NULL;
  int rc = workload_setup(net, &wl_shared, &wl_size, err);
  if (!rc)
    rc = kinds_setup(net, &ks, net->workload->message_list && wl_shared ? net->workload->message_list(wl_shared) : NULL,
                     err);
  if (wl_shared)
    net->workload->teardown(wl_shared); /* the kinds keep nothing of its messages */
  if (rc)
    return rc;
  const uint64_t nparts = (uint64_t)(net->nparts > 0 ? net->nparts : 1);
  uint64_t crossing = 0, window = window_ticks(net, nparts, &crossing);
  m->nkinds = net->nkinds;
  for (int i = 0; i < net->nkinds; i++)
    snprintf(m->kind_model[i], sizeof m->kind_model[i], "%s", net->kinds[i].ops->name);
  for (uint64_t n = 0; n < nodes; n++) {
    const int k = g->kind[n];
    const struct fcsim_router_ops *ops = net->kinds[k].ops;
    const uint64_t bytes = ops->node_state_size ? ops->node_state_size(ks.shared[k], (uint32_t)n) : ks.state_size[k];
    m->kind_nodes[k]++;
    m->kind_state_bytes[k] += bytes; /* the kind's total until divided below */
    m->states_bytes += bytes;
  }
  for (int i = 0; i < net->nkinds; i++)
    m->kind_state_bytes[i] = m->kind_nodes[i] ? m->kind_state_bytes[i] / (uint64_t)m->kind_nodes[i] : 0;
  m->graph_bytes = graph_bytes(nodes, slots) + topo_extra_bytes(net);
  m->links_bytes = links_bytes(nodes, slots, fcsim_links_have_jitter(g));
  m->rings_bytes = rings_bytes(net, &ks, nparts > 1 ? window : 0);
  m->workload_bytes = nodes * (wl_size ? wl_size : 1);
  for (uint64_t n = 0; n < nodes; n++)
    if (g->endpoint[n])
      m->queues_bytes += (uint64_t)fcsim_graph_radix(g, (int64_t)n) * QUEUED_PER_PORT * sizeof(struct fcsim_packet);
  m->engine_bytes = sizeof(struct fcsim_net) + node_bytes(nodes) +
                    (net->multiclock ? nodes * sizeof(struct fcsim_clock) : 0) +
                    parts_bytes(net, nparts, crossing, net->workload->listens);
  sum(m);
  m->per_router_bytes = nodes ? m->total_bytes / nodes : 0;
  kinds_teardown(net, &ks);
  return 0;
}

void fcsim_memory_of_net(const struct fcsim_net *net, struct fcsim_memory *m)
{
  struct fcsim_error err = {0};
  if (estimate(net, m, &err))
    memset(m, 0, sizeof *m);
}

int fcsim_memory_check(const struct fcsim_net *net, struct fcsim_error *err)
{
  struct fcsim_memory m;
  int rc = estimate(net, &m, err);
  if (rc)
    return rc;
  return m.total_bytes > m.limit_bytes ? refuse(&m, err) : 0;
}

int fcsim_memory_of_plan(const struct fcsim_net *net, struct fcsim_memory *m, struct fcsim_error *err)
{
  return estimate(net, m, err);
}
