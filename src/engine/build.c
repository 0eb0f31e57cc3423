/* SPDX-License-Identifier: BSD-3-Clause */
/* Building a network's engine state (net.h) from parameters: the topology
 * and its graph, the node kinds and their states, the workload, the links
 * and their rings, and the partitions with their windows. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/memory.h"
#include "engine/mpi.h"
#include "fcsim/config.h"
#include "link/proto/protocols.h"
#include "link/proto/proto_links.h"

static void part_destroy(const struct fcsim_net *net, struct fcsim_part *pt)
{
  fcsim_wheel_free(&pt->wheel);
  fcsim_heap_free(pt->arrivals);
  free(pt->in_cross);
  free(pt->out_cross);
  free(pt->out_ccross);
  free(pt->ctx.wakes);
  free(pt->ctx.deliveries);
}

void fcsim_net_destroy(struct fcsim_net *net)
{
  if (!net)
    return;
  if (net->states && net->nodes)
    for (int64_t n = 0; n < net->topo.graph.nodes; n++) {
      const struct fcsim_kind *k = fcsim_kind_of(net, (uint32_t)n);
      if (k->ops && k->ops->fini && k->shared)
        k->ops->fini(k->shared, (uint32_t)n, fcsim_state(net, (uint32_t)n));
    }
  if (net->parts)
    for (int i = 0; i < net->nparts; i++)
      part_destroy(net, &net->parts[i]);
  fcsim_mpi_free(net);
  for (int i = 0; i < net->nkinds; i++)
    if (net->kinds[i].ops && net->kinds[i].shared)
      net->kinds[i].ops->teardown(net->kinds[i].shared);
  if (net->workload && net->wl_shared)
    net->workload->teardown(net->wl_shared);
  free(net->parts);
  free(net->part_of);
  free(net->nodes);
  free(net->clocks);
  free(net->states);
  free(net->gathered_states);
  free(net->state_off);
  free(net->wl_states);
  free(net->links.chan);
  free(net->links.chan_pool);
  free(net->links.cchan);
  free(net->links.cchan_pool);
  free(net->links.pending);
  free(net->links.cpending);
  free(net->links.in_due);
  free(net->links.credit_due);
  free(net->links.jitter_last);
  free(net->links.link_flits);
  free(net->links.link_flits_mark);
  free(net->links.dir_stats);
  fcsim_traffic_destroy(&net->traffic);
  fcsim_topo_destroy(&net->topo);
  free(net);
}

/* sim.prefetch: whether the partition's step loop prefetches, and for
 * which kind (all its nodes of one kind that offers it, at least
 * FCSIM_PREFETCH_MIN_NODES of them). */
static int plan_prefetch(struct fcsim_net *net, struct fcsim_part *pt)
{
  pt->prefetch = NULL;
  if (!net->p.prefetch || pt->last - pt->first < FCSIM_PREFETCH_MIN_NODES)
    return 0;
  const uint8_t *kind = net->topo.graph.kind;
  for (uint32_t n = pt->first + 1; n < pt->last; n++)
    if (kind[n] != kind[pt->first])
      return 0;
  const struct fcsim_kind *k = &net->kinds[kind[pt->first]];
  if (!k->ops->prefetch)
    return 0;
  pt->prefetch = k;
  return 1;
}

/* Splits the nodes into contiguous ranges, marks the rings that cross
 * partitions, and sizes the window: a flit or credit sent at cycle t on a
 * crossing channel arrives at t + its smallest latency or later, so
 * partitions can run that long alone. */
static int partition(struct fcsim_net *net, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  const int64_t nodes = g->nodes;
  const int nparts = net->nparts;
  net->parts = calloc((size_t)nparts, sizeof *net->parts);
  net->part_of = malloc((size_t)nodes * sizeof *net->part_of);
  if (!net->parts || !net->part_of)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (int i = 0; i < nparts; i++) {
    struct fcsim_part *pt = &net->parts[i];
    pt->first = (uint32_t)(nodes * i / nparts);
    pt->last = (uint32_t)(nodes * (i + 1) / nparts);
    for (uint32_t n = pt->first; n < pt->last; n++)
      net->part_of[n] = (uint32_t)i;
  }
  net->window_cycles = net->check_ticks;
  for (int i = 0; i < nparts; i++) {
    struct fcsim_part *pt = &net->parts[i];
    uint32_t nout = 0, nin = 0;
    for (int64_t c = 0; c < g->nslots; c++) {
      const struct fcsim_chan *ch = &g->chan[c];
      if (ch->dst < 0 || net->part_of[ch->src] == net->part_of[ch->dst])
        continue;
      nout += net->part_of[ch->src] == (uint32_t)i;
      nin += net->part_of[ch->dst] == (uint32_t)i;
    }
    pt->in_cross = malloc((nin + 1) * sizeof *pt->in_cross);
    pt->out_cross = malloc((nout + 1) * sizeof *pt->out_cross);
    pt->out_ccross = malloc((nin + 1) * sizeof *pt->out_ccross);
    if (!pt->in_cross || !pt->out_cross || !pt->out_ccross)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  /* in slot order: the same lists whatever the number of partitions */
  for (int64_t c = 0; c < g->nslots; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    if (ch->dst < 0 || net->part_of[ch->src] == net->part_of[ch->dst])
      continue;
    struct fcsim_part *w = &net->parts[net->part_of[ch->src]], *r = &net->parts[net->part_of[ch->dst]];
    net->links.chan[c].cross = 1;  /* written by src's partition, read by dst's */
    net->links.cchan[c].cross = 1; /* credits for c: written by dst's, read by src's */
    w->out_cross[w->n_out_cross++] = (uint32_t)c;
    r->in_cross[r->n_in_cross++] = (uint32_t)c;
    r->out_ccross[r->n_out_ccross++] = (uint32_t)c;
    uint64_t lat = fcsim_link_min_latency(ch);
    if (ch->credit_latency_ticks < lat)
      lat = ch->credit_latency_ticks;
    if (lat < net->window_cycles)
      net->window_cycles = lat;
  }
  return 0;
}

static int part_init(struct fcsim_net *net, struct fcsim_part *pt, struct fcsim_error *err)
{
  int wheel_rc = fcsim_wheel_init(&pt->wheel, net->wheel_mask + 1);
  pt->arrivals = fcsim_heap_new(pt->last - pt->first);
  pt->ctx.wakes = malloc(net->wakes_cap * sizeof *pt->ctx.wakes);
  pt->ctx.wakes_cap = net->wakes_cap;
  if (net->workload->listens) {
    pt->ctx.deliveries = malloc(net->deliveries_cap * sizeof *pt->ctx.deliveries);
    pt->ctx.deliveries_cap = net->deliveries_cap;
  }
  if (wheel_rc || !pt->arrivals || !pt->ctx.wakes || (net->workload->listens && !pt->ctx.deliveries))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  fcsim_stats_acc_init(&pt->acc);
  pt->ctx.acc = &pt->acc;
  pt->ctx.prefetch = pt->prefetch != NULL;
  pt->ctx.clk = &net->unit_clock;
  pt->ctx.age_div = net->multiclock ? (uint64_t)(net->ref_ticks + 0.5) : 1;
  pt->ctx.latency_from_injection = net->p.latency_from_injection;
  pt->ctx.links = &net->links;
  return 0;
}

/* Each kind's parameters (its key overrides resolved). */
static int kinds_params(struct fcsim_net *net, const struct fcsim_config *cfg, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  net->nkinds = g->nkinds;
  for (int i = 0; i < net->nkinds; i++) {
    struct fcsim_kind *k = &net->kinds[i];
    int rc = fcsim_config_resolve_kind(cfg, &net->p, &g->kinds[i], &k->p, err);
    if (rc)
      return rc;
    k->ops = fcsim_router_model_find(g->kinds[i].model); /* a known model: checked when resolved */
  }
  return 0;
}

/* Clocks: one (ticks are cycles) unless a node's clock differs from
 * network.clock — by its kind, its netlist entry, a ppm offset or
 * network.clock_spread_ppm — and then ticks are picoseconds, every node
 * has its own period, and channel latencies are converted. */
static int build_clocks(struct fcsim_net *net, struct fcsim_error *err)
{
  struct fcsim_graph *g = &net->topo.graph;
  int multi = g->clock_hz || g->clock_ppm || net->p.clock_spread_ppm > 0;
  for (int i = 0; i < net->nkinds; i++)
    multi |= net->kinds[i].p.router_clock_hz != net->p.clock_hz || net->kinds[i].p.router_clock_ppm != 0;
  net->unit_clock = (struct fcsim_clock){1.0, 1};
  net->multiclock = multi;
  net->ref_ticks = multi ? FCSIM_TICKS_PER_SECOND_MULTI / net->p.clock_hz : 1.0;
  net->check_ticks = multi ? (uint64_t)llround(FCSIM_CHECK_CYCLES * net->ref_ticks) : FCSIM_CHECK_CYCLES;
  if (!multi)
    return 0;
  net->clocks = malloc((size_t)g->nodes * sizeof *net->clocks);
  if (!net->clocks)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (int64_t n = 0; n < g->nodes; n++) {
    const struct fcsim_params *kp = &net->kinds[g->kind[n]].p;
    double hz = g->clock_hz ? g->clock_hz[n] : kp->router_clock_hz;
    double ppm = kp->router_clock_ppm + (g->clock_ppm ? g->clock_ppm[n] : 0);
    if (net->p.clock_spread_ppm > 0) {
      struct fcsim_rng rng;
      fcsim_rng_init(&rng, net->p.seed, (uint64_t)n, FCSIM_RNG_CLOCK);
      ppm += net->p.clock_spread_ppm * fcsim_rng_gaussian(&rng);
    }
    double f = hz * (1 + ppm * 1e-6);
    if (!(f > 0)) {
      char name[FCSIM_NODE_LABEL_MAX];
      return fcsim_error_set(err, FCSIM_ERANGE, "node %s: clock of %g Hz (%g Hz offset by %g ppm); expected > 0 Hz",
                             fcsim_graph_node_label(g, n, name, sizeof name), f, hz, ppm);
    }
    net->clocks[n] = (struct fcsim_clock){FCSIM_TICKS_PER_SECOND_MULTI / f, 0};
  }
  for (int64_t c = 0; c < g->nslots; c++) {
    struct fcsim_chan *ch = &g->chan[c];
    /* ring entries keep their arrival modulo 2^32 (chan/link.h) */
    const double ahead = FCSIM_STAMP_AHEAD_MAX_TICKS / net->ref_ticks; /* cycles */
    if (ch->latency_cycles + 4 * ch->latency_sd_cycles > ahead || ch->credit_latency_cycles > ahead)
      return fcsim_error_set(err, FCSIM_ERANGE,
                             "a link of %u cycles (jitter SD %g, credits %u cycles) may take more than %.0f cycles; "
                             "ring entries keep their arrival modulo 2^32, exact up to that far ahead",
                             ch->latency_cycles, ch->latency_sd_cycles, ch->credit_latency_cycles, ahead);
    ch->latency_ticks = (uint32_t)llround(ch->latency_cycles * net->ref_ticks);
    ch->credit_latency_ticks = (uint32_t)llround(ch->credit_latency_cycles * net->ref_ticks);
    ch->latency_sd_ticks = ch->latency_sd_cycles * net->ref_ticks;
  }
  net->links.lane_mean_sd_ticks *= net->ref_ticks;
  return 0;
}

/* The node kinds' set-ups (after the workload's: a model may route by its
 * messages) and every node's state block. */
static int build_kinds(struct fcsim_net *net, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  for (int i = 0; i < net->nkinds; i++) {
    struct fcsim_kind *k = &net->kinds[i];
    struct fcsim_router_env env = {&k->p,
                                   &net->topo,
                                   net->routing,
                                   net->arbiter,
                                   &net->links,
                                   i,
                                   net->multiclock ? FCSIM_TICKS_PER_SECOND_MULTI / k->p.router_clock_hz : 1.0,
                                   net->workload->message_list ? net->workload->message_list(net->wl_shared) : NULL,
                                   fcsim__engine_start_cycles};
    int rc = k->ops->setup(&env, &k->shared, &k->state_size, err);
    if (rc)
      return rc;
  }
  /* what each input offers its sender; both ends must agree on flow control */
  struct fcsim_graph *gw = &net->topo.graph;
  for (int64_t c = 0; c < gw->nslots; c++) {
    struct fcsim_chan *ch = &gw->chan[c];
    if (ch->dst < 0)
      continue;
    const struct fcsim_kind *rx = fcsim_kind_of(net, (uint32_t)ch->dst), *tx = fcsim_kind_of(net, ch->src);
    const char *rx_fc = rx->ops->flow_control_of ? rx->ops->flow_control_of(rx->shared) : rx->ops->flow_control;
    const char *tx_fc = tx->ops->flow_control_of ? tx->ops->flow_control_of(tx->shared) : tx->ops->flow_control;
    if (strcmp(rx_fc, tx_fc)) {
      char a[FCSIM_NODE_LABEL_MAX], b[FCSIM_NODE_LABEL_MAX];
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "the link from %s (%s router: %s) to %s (%s router: %s) joins two flow-control schemes; "
                             "a link's two ends must use the same (put them on one router model, or add a protocol "
                             "bridge node)",
                             fcsim_graph_node_label(gw, ch->src, a, sizeof a), tx->ops->name, tx_fc,
                             fcsim_graph_node_label(gw, ch->dst, b, sizeof b), rx->ops->name, rx_fc);
    }
    int vcs = 1, depth = 1;
    rx->ops->input_buffers(rx->shared, &vcs, &depth);
    ch->dst_vcs = (uint8_t)vcs;
    ch->dst_depth_flits = (uint32_t)depth;
  }
  net->state_off = malloc((size_t)(g->nodes + 1) * sizeof *net->state_off);
  if (!net->state_off)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  uint64_t off = 0;
  for (int64_t n = 0; n < g->nodes; n++) {
    net->state_off[n] = off;
    const struct fcsim_kind *k = &net->kinds[g->kind[n]];
    off += k->ops->node_state_size ? k->ops->node_state_size(k->shared, (uint32_t)n) : k->state_size;
  }
  net->state_off[g->nodes] = off;
  /* calloc: pages of nodes a rank never touches are never made resident */
  net->states = calloc(off ? off : 1, 1);
  if (!net->states)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the state of %lld nodes (%llu bytes)",
                           (long long)g->nodes, (unsigned long long)off);
  if (net->p.huge_pages)
    fcsim_memory_advise_huge(net->states, off);
  net->all_states.base = net->states;
  net->all_states.off = net->state_off;
  return 0;
}

/* Per-step request buffers: a step sends at most the bandwidth of its
 * outputs and asks for at most one credit wake per port. */
static void size_step_buffers(struct fcsim_net *net)
{
  const struct fcsim_graph *g = &net->topo.graph;
  uint64_t most_out = 0, most_in = 0;
  for (int64_t n = 0; n < g->nodes; n++) {
    uint64_t out = 0, in = 0;
    for (uint32_t s = g->port_base[n]; s < g->port_base[n + 1]; s++) {
      if (g->chan[s].dst >= 0)
        out += g->chan[s].bandwidth_flits;
      if (g->in_chan[s] >= 0)
        in += g->chan[g->in_chan[s]].bandwidth_flits;
    }
    if (out > most_out)
      most_out = out;
    if (in > most_in)
      most_in = in;
  }
  net->wakes_cap = (uint32_t)(most_out + 2 * (uint64_t)g->max_radix + 16);
  net->deliveries_cap = (uint32_t)(most_in + 16);
}

/* Link rings hold the flits in flight: (switch + latency + 1) cycles of
 * them, plus, when partitions run apart, one window during which the reader
 * may lag its writer; credit rings what their reader's model says. Each ring
 * has its own place in one pool. */
static int build_rings(struct fcsim_net *net, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  struct fcsim_links *l = &net->links;
  const uint64_t lag = net->nparts > 1 ? net->window_cycles : 0; /* ticks */
  uint64_t dtotal = 0, ctotal = 0;
  for (int64_t c = 0; c < g->nslots; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    uint32_t dcap = 1, ccap = 1;
    if (ch->dst >= 0) {
      const struct fcsim_kind *reader = fcsim_kind_of(net, (uint32_t)ch->dst);
      /* flits the sender can push in (switch + latency + 2 of its cycles + lag) */
      dcap = (uint32_t)fcsim_data_ring_slots(net, ch, lag);
      ccap = fcsim_pow2_at_least(reader->ops->credit_capacity(reader->shared, ch, lag));
    }
    /* one clock: a reader that tracks arrivals keeps them as ticks */
    l->chan[c].lazy_wake =
        ch->dst >= 0 && !net->multiclock && fcsim_kind_of(net, (uint32_t)ch->dst)->ops->tracks_arrivals;
    l->chan[c].mask = dcap - 1;
    l->chan[c].base = dtotal;
    l->cchan[c].mask = ccap - 1;
    l->cchan[c].base = ctotal;
    fcsim_ring_set_channel(&l->chan[c], &l->cchan[c], ch);
    dtotal += dcap;
    ctotal += ccap;
  }
  l->chan_pool = malloc((dtotal ? dtotal : 1) * sizeof *l->chan_pool);
  l->cchan_pool = malloc((ctotal ? ctotal : 1) * sizeof *l->cchan_pool);
  if (!l->chan_pool || !l->cchan_pool)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for link buffers (%llu flit slots)",
                           (unsigned long long)dtotal);
  if (net->p.huge_pages) {
    fcsim_memory_advise_huge(l->chan_pool, dtotal * sizeof *l->chan_pool);
    fcsim_memory_advise_huge(l->cchan_pool, ctotal * sizeof *l->cchan_pool);
  }
  return 0;
}

/* n ring records, zeroed, each in one cache line. */
static struct fcsim_ring *rings_new(size_t n)
{
  struct fcsim_ring *r = aligned_alloc(64, n * sizeof *r);
  if (r)
    memset(r, 0, n * sizeof *r);
  return r;
}

static int build_links(struct fcsim_net *net, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  struct fcsim_links *l = &net->links;
  const size_t slots = (size_t)(g->nslots ? g->nslots : 1);
  l->g = g;
  l->seed = net->p.seed;
  l->lanes = net->p.link_lanes > 1 ? (uint32_t)net->p.link_lanes : 1;
  l->lane_mean_sd_ticks = net->p.link_lane_spread_cycles; /* cycles; ticks once the clocks are built */
  l->chan = rings_new(slots);
  l->cchan = rings_new(slots);
  l->link_flits = calloc(slots, sizeof *l->link_flits);
  l->link_flits_mark = calloc(slots, sizeof *l->link_flits_mark);
  l->in_due = calloc(slots, sizeof *l->in_due);
  l->credit_due = calloc(slots, sizeof *l->credit_due);
  if (fcsim_links_have_jitter(g) && !(l->jitter_last = calloc(slots, sizeof *l->jitter_last)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for %lld links", (long long)g->nslots);
  if (g->line_bandwidth_flits && !(l->dir_stats = calloc(slots, sizeof *l->dir_stats)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for %lld links", (long long)g->nslots);
  l->pending = calloc((size_t)g->nodes ? (size_t)g->nodes : 1, sizeof *l->pending);
  l->cpending = calloc((size_t)g->nodes ? (size_t)g->nodes : 1, sizeof *l->cpending);
  if (!l->chan || !l->cchan || !l->link_flits || !l->link_flits_mark || !l->in_due || !l->credit_due || !l->pending ||
      !l->cpending)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for %lld links", (long long)g->nslots);
  if (g->max_radix > 64)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "a node has %d ports; at most 64 are supported", g->max_radix);
  return 0;
}

/* The workload and each endpoint's first event. */
static int build_workload(struct fcsim_net *net, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  struct fcsim_workload_env env = {
      &net->p, &net->topo, &net->traffic, net->routing, net->kinds[0].ops->local_ports > 0, net->ref_ticks};
  for (int k = 0; k < net->nkinds && net->workload->collective; k++)
    if (!net->kinds[k].ops->collective)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "traffic.mode = %s needs collective routers (router.model = voq or ring: they route "
                             "multicast and reduction packets by router.tables); router.model = %s does not",
                             net->workload->name, net->kinds[k].ops->name);
  int rc = net->workload->setup(&env, &net->wl_shared, &net->wl_state_size, err);
  if (rc)
    return rc;
  net->wl_states = calloc((size_t)g->nodes * (net->wl_state_size ? net->wl_state_size : 1), 1);
  if (!net->wl_states)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  return 0;
}

/* Initialises the nodes this rank steps: their states and first events. */
static int init_nodes(struct fcsim_net *net, struct fcsim_error *err)
{
  const struct fcsim_graph *g = &net->topo.graph;
  for (int64_t n = 0; n < g->nodes; n++) {
    int owner = (int)net->part_of[n];
    struct fcsim_node *nd = &net->nodes[n];
    nd->next_event = FCSIM_NEVER;
    if (owner < net->part_first || owner >= net->part_last)
      continue; /* stepped by another rank: leave its pages untouched */
    const struct fcsim_kind *k = fcsim_kind_of(net, (uint32_t)n);
    int rc = k->ops->init(k->shared, (uint32_t)n, fcsim_state(net, (uint32_t)n), err);
    if (rc)
      return rc;
    if (!g->endpoint[n])
      continue;
    uint64_t first = FCSIM_NEVER;
    rc = net->workload->init(net->wl_shared, (uint32_t)n, net->wl_states + (size_t)n * net->wl_state_size,
                             fcsim_clock_of(net, (uint32_t)n), &first, err);
    if (rc)
      return rc;
    if (first != FCSIM_NEVER)
      first += net->start_ticks;
    nd->next_event = first;
    if (first != FCSIM_NEVER && fcsim_heap_push(net->parts[owner].arrivals, first, (uint32_t)n))
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  return 0;
}

uint64_t fcsim__engine_start_cycles = 0;

int fcsim_net_plan(struct fcsim_net **out, const struct fcsim_params *p, const struct fcsim_config *cfg,
                   struct fcsim_error *err)
{
  int rc;
  struct fcsim_net *net = calloc(1, sizeof *net);
  if (!net)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  net->p = *p;
  net->routing = fcsim_routing_find(p->routing);
  net->arbiter = fcsim_arbiter_find(p->arbitration);
  net->workload = fcsim_workload_find(p->mode_name);
  if (!net->routing || !net->arbiter || !net->workload) {
    rc = fcsim_error_set(err, FCSIM_EINVAL, "unknown routing algorithm, arbitration policy or traffic mode");
    goto fail;
  }
  if ((rc = fcsim_proto_links_topo_init(&net->topo, &net->p, err)) ||
      (rc = fcsim_traffic_init(&net->traffic, &net->topo, &net->p, err)))
    goto fail;
  if (net->routing->setup && (rc = net->routing->setup(&net->topo, &net->p, err)))
    goto fail;
  if (net->routing->check && (rc = net->routing->check(&net->topo, &net->p, err)))
    goto fail;
  const struct fcsim_graph *g = &net->topo.graph;
  net->p.nodes = g->nodes; /* a netlist's count, not network.dims' */
  fcsim_mpi_world(&net->rank, &net->nranks);
  net->nparts = p->threads * net->nranks;
  net->part_first = net->rank * p->threads;
  net->part_last = net->part_first + p->threads;
  if (net->nparts > g->nodes) {
    rc = fcsim_error_set(err, FCSIM_ECOMBINATION, "%d ranks x sim.threads = %d partitions, more than the %lld nodes",
                         net->nranks, net->nparts, (long long)g->nodes);
    goto fail;
  }
  net->nodes = calloc((size_t)g->nodes, sizeof *net->nodes);
  if (!net->nodes) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for a %lld-node network", (long long)g->nodes);
    goto fail;
  }
  if ((rc = build_links(net, err)) || (rc = kinds_params(net, cfg, err)) || (rc = build_clocks(net, err)))
    goto fail;
  *out = net;
  return 0;
fail:
  fcsim_net_destroy(net);
  return rc;
}

int fcsim_net_build(struct fcsim_net *net, struct fcsim_error *err)
{
  int rc;
  if ((rc = fcsim_topo_distances(&net->topo, err)))
    return rc; /* a netlist's distances, for the arbitrations' priorities */
  if ((rc = build_workload(net, err)) || (rc = build_kinds(net, err)))
    return rc;
  size_step_buffers(net);
  if ((rc = partition(net, err)))
    return rc;
  net->runahead_ticks = net->p.run_ahead ? fcsim_runahead_ticks(net, net->nparts > 1 ? net->window_cycles : 0) : 0;
  for (int i = 0; i < net->nparts; i++)
    net->prefetch_parts += plan_prefetch(net, &net->parts[i]);
  net->wheel_mask = (uint32_t)(fcsim_wheel_slots(net) - 1);
  for (int i = net->part_first; i < net->part_last; i++)
    if ((rc = part_init(net, &net->parts[i], err)))
      return rc;
  if ((rc = build_rings(net, err)) || (rc = fcsim_mpi_plan(net, err)))
    return rc;
  net->start_ticks = fcsim__engine_start_cycles;
  if (net->start_ticks && (net->multiclock || net->start_ticks % FCSIM_CHECK_CYCLES))
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "a run may start at cycle %llu only with one clock and at a multiple of %u",
                           (unsigned long long)net->start_ticks, FCSIM_CHECK_CYCLES);
  return init_nodes(net, err);
}

int fcsim_net_create(struct fcsim_net **out, const struct fcsim_params *p, const struct fcsim_config *cfg,
                     struct fcsim_error *err)
{
  struct fcsim_net *net = NULL;
  int rc = fcsim_net_plan(&net, p, cfg, err);
  if (rc)
    return rc;
  if ((rc = fcsim_memory_check(net, err)) || (rc = fcsim_net_build(net, err))) {
    fcsim_net_destroy(net);
    return rc;
  }
  *out = net;
  return 0;
}

/* The memory estimate of a configuration (memory.h): here, beside the plan
 * it runs, so that memory.c only reads a planned network. */
int fcsim_memory_estimate(const struct fcsim_config *cfg, struct fcsim_memory *m, struct fcsim_error *err)
{
  struct fcsim_params p;
  int rc = fcsim_config_resolve(cfg, &p, err);
  if (rc)
    return rc;
  struct fcsim_error pre = {0};
  if (fcsim_memory_precheck(&p, m, &pre))
    return 0; /* above the limit from the parameters alone: report the lower bound */
  struct fcsim_net *net = NULL;
  if ((rc = fcsim_net_plan(&net, &p, cfg, err)))
    return rc;
  rc = fcsim_memory_of_plan(net, m, err);
  fcsim_net_destroy(net);
  return rc;
}
