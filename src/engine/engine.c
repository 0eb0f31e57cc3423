/* The engine: network construction, partitions and their windows, the cycle
 * loop with its active set, packet creation, run phases, the deadlock
 * watchdog, and threads (OpenMP) running partitions between barriers. */
#include <math.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/mpi.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Min-heap of (next arrival cycle, node): nodes due to create packets. */
struct fcsim_arrival_heap {
  uint64_t *key; /* cycle << 24 | node would overflow; keep pairs */
  uint32_t *node;
  size_t len, cap;
};

static int heap_less(const struct fcsim_arrival_heap *h, size_t a, size_t b)
{
  return h->key[a] < h->key[b] || (h->key[a] == h->key[b] && h->node[a] < h->node[b]);
}

static void heap_swap(struct fcsim_arrival_heap *h, size_t a, size_t b)
{
  uint64_t k = h->key[a];
  uint32_t n = h->node[a];
  h->key[a] = h->key[b];
  h->node[a] = h->node[b];
  h->key[b] = k;
  h->node[b] = n;
}

static void heap_push(struct fcsim_arrival_heap *h, uint64_t key, uint32_t node)
{
  size_t i = h->len++;
  h->key[i] = key;
  h->node[i] = node;
  while (i > 0 && heap_less(h, i, (i - 1) / 2)) {
    heap_swap(h, i, (i - 1) / 2);
    i = (i - 1) / 2;
  }
}

static void heap_pop(struct fcsim_arrival_heap *h)
{
  h->len--;
  if (h->len == 0)
    return;
  h->key[0] = h->key[h->len];
  h->node[0] = h->node[h->len];
  size_t i = 0;
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->len && heap_less(h, l, m))
      m = l;
    if (r < h->len && heap_less(h, r, m))
      m = r;
    if (m == i)
      break;
    heap_swap(h, i, m);
    i = m;
  }
}

int fcsim_pktq_push(struct fcsim_pktq *q, const struct fcsim_packet *pkt)
{
  if (q->count == q->cap) {
    uint32_t ncap = q->cap ? q->cap * 2 : 8;
    struct fcsim_packet *nb = malloc((size_t)ncap * sizeof *nb);
    if (!nb)
      return -1;
    for (uint32_t i = 0; i < q->count; i++)
      nb[i] = q->buf[(q->head + i) & (q->cap - 1)];
    free(q->buf);
    q->buf = nb;
    q->head = 0;
    q->cap = ncap;
  }
  q->buf[(q->head + q->count) & (q->cap - 1)] = *pkt;
  q->count++;
  return 0;
}

int fcsim_part_wake(const struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t cycle)
{
  uint32_t slot = (uint32_t)(cycle & net->wheel_mask);
  if (pt->wheel_len[slot] == pt->wheel_cap[slot]) {
    uint32_t ncap = pt->wheel_cap[slot] ? pt->wheel_cap[slot] * 2 : 64;
    uint32_t *nb = realloc(pt->wheel[slot], (size_t)ncap * sizeof *nb);
    if (!nb)
      return FCSIM_ENOMEM;
    pt->wheel[slot] = nb;
    pt->wheel_cap[slot] = ncap;
  }
  pt->wheel[slot][pt->wheel_len[slot]++] = node;
  return 0;
}

static void part_destroy(const struct fcsim_net *net, struct fcsim_part *pt)
{
  if (pt->wheel)
    for (uint32_t i = 0; i <= net->wheel_mask; i++)
      free(pt->wheel[i]);
  free(pt->wheel);
  free(pt->wheel_len);
  free(pt->wheel_cap);
  if (pt->arrivals) {
    free(pt->arrivals->key);
    free(pt->arrivals->node);
    free(pt->arrivals);
  }
  free(pt->in_cross);
  free(pt->out_cross);
  free(pt->out_ccross);
}

void fcsim_net_destroy(struct fcsim_net *net)
{
  if (!net)
    return;
  if (net->srcq) {
    size_t nq = net->model->local_port ? (size_t)net->topo.nodes : (size_t)net->topo.nodes * net->topo.nports;
    for (size_t i = 0; i < nq; i++)
      free(net->srcq[i].buf);
  }
  if (net->parts)
    for (int i = 0; i < net->nparts; i++)
      part_destroy(net, &net->parts[i]);
  fcsim_mpi_free(net);
  free(net->parts);
  free(net->part_of);
  free(net->srcq);
  free(net->nodes);
  free(net->vcs);
  free(net->vcbuf);
  free(net->outs);
  free(net->chan);
  free(net->chan_pool);
  free(net->cchan);
  free(net->cchan_pool);
  free(net->link_flits);
  free(net->in_chan);
  fcsim_traffic_destroy(&net->traffic);
  fcsim_topo_destroy(&net->topo);
  free(net);
}

/* Splits the routers into contiguous ranges (slabs across the last
 * dimension), marks the rings that cross partitions, and sizes the window:
 * a flit or credit sent at cycle t on a crossing link arrives at t + L or
 * later, so partitions can run L cycles alone. */
static int partition(struct fcsim_net *net, struct fcsim_error *err)
{
  const int64_t nodes = net->topo.nodes;
  const int np = net->topo.nports;
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
  net->window_cycles = FCSIM_CHECK_CYCLES;
  for (int i = 0; i < nparts; i++) {
    struct fcsim_part *pt = &net->parts[i];
    uint32_t nin = 0, nout = 0;
    for (uint32_t n = pt->first; n < pt->last; n++)
      for (int port = 0; port < np; port++) {
        int32_t m = net->topo.neighbor[(size_t)n * np + port];
        if (m >= 0 && net->part_of[m] != (uint32_t)i)
          nout++;
      }
    nin = nout; /* links are bidirectional: as many come in as go out */
    pt->in_cross = malloc((nin + 1) * sizeof *pt->in_cross);
    pt->out_cross = malloc((nout + 1) * sizeof *pt->out_cross);
    pt->out_ccross = malloc((nin + 1) * sizeof *pt->out_ccross);
    if (!pt->in_cross || !pt->out_cross || !pt->out_ccross)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    for (uint32_t n = pt->first; n < pt->last; n++)
      for (int port = 0; port < np; port++) {
        size_t c = (size_t)n * np + port;
        int32_t m = net->topo.neighbor[c];
        if (m < 0 || net->part_of[m] == (uint32_t)i)
          continue;
        size_t back = (size_t)m * np + (port ^ 1); /* the link m -> n */
        net->chan[c].cross = 1;                    /* written here, read by m */
        net->cchan[c].cross = 1;                   /* credits for c: written by m, read here */
        pt->out_cross[pt->n_out_cross++] = (uint32_t)c;
        pt->in_cross[pt->n_in_cross++] = (uint32_t)back;
        pt->out_ccross[pt->n_out_ccross++] = (uint32_t)back; /* credits for m -> n are written here */
        uint64_t w = (uint64_t)net->p.link_latency_cycles;
        if (w < net->window_cycles)
          net->window_cycles = w;
      }
  }
  return 0;
}

static int part_init(struct fcsim_net *net, struct fcsim_part *pt, struct fcsim_error *err)
{
  uint32_t wheel = net->wheel_mask + 1;
  pt->wheel = calloc(wheel, sizeof *pt->wheel);
  pt->wheel_len = calloc(wheel, sizeof *pt->wheel_len);
  pt->wheel_cap = calloc(wheel, sizeof *pt->wheel_cap);
  pt->arrivals = calloc(1, sizeof *pt->arrivals);
  size_t n = pt->last - pt->first;
  if (pt->arrivals) {
    pt->arrivals->cap = n;
    pt->arrivals->key = malloc((n + 1) * sizeof(uint64_t));
    pt->arrivals->node = malloc((n + 1) * sizeof(uint32_t));
  }
  if (!pt->wheel || !pt->wheel_len || !pt->wheel_cap || !pt->arrivals || !pt->arrivals->key || !pt->arrivals->node)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  fcsim_stats_acc_init(&pt->acc);
  return 0;
}

int fcsim_net_create(struct fcsim_net **out, const struct fcsim_params *p, struct fcsim_error *err)
{
  int rc;
  struct fcsim_net *net = calloc(1, sizeof *net);
  if (!net)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  net->p = *p;
  net->model = fcsim_router_model_find(p->router_model);
  net->routing = fcsim_routing_find(p->routing);
  net->arbiter = fcsim_arbiter_find(p->arbitration);
  if (!net->model || !net->routing || !net->arbiter) {
    rc = fcsim_error_set(err, FCSIM_EINVAL, "unknown router model, routing algorithm or arbitration policy");
    goto fail;
  }
  if ((rc = fcsim_topo_init(&net->topo, &net->p, err)))
    goto fail;
  if ((rc = fcsim_traffic_init(&net->traffic, &net->topo, &net->p, err)))
    goto fail;
  if (net->routing->check && (rc = net->routing->check(&net->topo, &net->p, err)))
    goto fail;

  const size_t nodes = (size_t)net->topo.nodes, np = (size_t)net->topo.nports;
  const int classic = net->model->local_port;
  net->np_in = (int)np + classic;
  net->np_out = (int)np + classic;
  net->nvc = p->vcs;
  net->depth = p->vc_depth_flits;
  net->lambda = p->rate_flits / p->packet_flits;
  net->credit_dirty_cycles = 2 * (uint64_t)p->credit_period_cycles + 2 * (uint64_t)p->link_latency_cycles +
                             (uint64_t)p->switch_cycles + 2;
  fcsim_mpi_world(&net->rank, &net->nranks);
  net->nparts = p->threads * net->nranks;
  net->part_first = net->rank * p->threads;
  net->part_last = net->part_first + p->threads;
  if (net->nparts > net->topo.nodes) {
    rc = fcsim_error_set(err, FCSIM_ECOMBINATION,
                         "%d ranks x sim.threads = %d partitions, more than the %lld routers of network.dims",
                         net->nranks, net->nparts, (long long)net->topo.nodes);
    goto fail;
  }

  const size_t nvcs = nodes * (size_t)net->np_in * (size_t)net->nvc;
  const size_t nchan = nodes * np;
  /* calloc: pages of routers a rank never touches are never made resident */
  net->nodes = calloc(nodes, sizeof *net->nodes);
  net->vcs = calloc(nvcs, sizeof *net->vcs);
  net->vcbuf = calloc(nvcs * (size_t)net->depth, sizeof *net->vcbuf);
  net->outs = calloc(nodes * (size_t)net->np_out, sizeof *net->outs);
  net->srcq = calloc(classic ? nodes : nchan, sizeof *net->srcq);
  net->chan = calloc(nchan, sizeof *net->chan);
  net->cchan = calloc(nchan, sizeof *net->cchan);
  net->link_flits = calloc(nchan, sizeof *net->link_flits);
  net->in_chan = malloc(nchan * sizeof *net->in_chan);
  if (!net->nodes || !net->vcs || !net->vcbuf || !net->outs || !net->srcq || !net->chan || !net->cchan ||
      !net->link_flits || !net->in_chan) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for a %zu-router network (%zu VCs of %d flits)", nodes,
                         nvcs, net->depth);
    goto fail;
  }

  for (size_t c = 0; c < nchan; c++) {
    int32_t m = net->topo.neighbor[c];
    net->in_chan[c] = m < 0 ? UINT32_MAX : (uint32_t)((size_t)m * np + ((c % np) ^ 1));
  }
  for (size_t i = 0; i < nvcs; i++) {
    net->vcs[i].out_port = FCSIM_NO_PORT;
    net->vcs[i].out_vc = -1;
  }
  /* every downstream VC starts empty: credits = depth (novog: the count a
   * credit flit would report) */
  for (size_t i = 0; i < nodes * (size_t)net->np_out; i++) {
    net->outs[i].holder = -1;
    for (int v = 0; v < net->nvc; v++)
      net->outs[i].credits[v] = net->depth;
  }

  /* wheel: wake-ups are scheduled at most max(switch + latency, period) ahead */
  uint64_t ahead = (uint64_t)p->switch_cycles + (uint64_t)p->link_latency_cycles;
  if (net->model->inband_credits && (uint64_t)p->credit_period_cycles > ahead)
    ahead = (uint64_t)p->credit_period_cycles;
  net->wheel_mask = fcsim_pow2_at_least(ahead + 2) - 1;
  if ((rc = partition(net, err)))
    goto fail;
  for (int i = net->part_first; i < net->part_last; i++)
    if ((rc = part_init(net, &net->parts[i], err)))
      goto fail;

  /* Link rings hold the flits in flight: (switch + latency + 1) cycles of
   * them, plus, when partitions run apart, one window during which the
   * reader may lag its writer. Credit rings: a router reads its credits only
   * when it is stepped, so a ring holds what accumulates while its reader
   * idles — novog: V counts per period while the sender's buffers are active
   * (the dirty window); classic: one credit per flit, at most every slot of
   * every VC — plus one window. */
  const uint64_t bw = (uint64_t)p->link_bandwidth_flits;
  const uint64_t lag = net->nparts > 1 ? net->window_cycles : 0;
  const uint32_t chan_cap =
      fcsim_pow2_at_least(((uint64_t)p->switch_cycles + p->link_latency_cycles + 2 + lag) * bw);
  uint64_t credits_in_flight =
      net->model->inband_credits
          ? (uint64_t)net->nvc * ((net->credit_dirty_cycles + 2 * (uint64_t)p->link_latency_cycles +
                                   (uint64_t)p->switch_cycles + lag) / p->credit_period_cycles + 4)
          : (uint64_t)net->nvc * (uint64_t)net->depth + ((uint64_t)p->link_latency_cycles + 2 + lag) * bw;
  const uint32_t cchan_cap = fcsim_pow2_at_least(credits_in_flight);
  net->chan_pool = malloc(nchan * chan_cap * sizeof *net->chan_pool);
  net->cchan_pool = malloc(nchan * cchan_cap * sizeof *net->cchan_pool);
  if (!net->chan_pool || !net->cchan_pool) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for link buffers");
    goto fail;
  }
  for (size_t c = 0; c < nchan; c++) {
    net->chan[c].mask = chan_cap - 1;
    net->chan[c].base = (uint64_t)c * chan_cap;
    net->cchan[c].mask = cchan_cap - 1;
    net->cchan[c].base = (uint64_t)c * cchan_cap;
  }
  if ((rc = fcsim_mpi_plan(net, err)))
    goto fail;

  /* per-node random streams and first arrivals */
  for (size_t n = 0; n < nodes; n++) {
    int owner = (int)net->part_of[n];
    if (owner < net->part_first || owner >= net->part_last)
      continue; /* stepped by another rank: leave its pages untouched */
    struct fcsim_node *nd = &net->nodes[n];
    struct fcsim_part *pt = &net->parts[owner];
    fcsim_rng_init(&nd->arrival_rng, p->seed, n, FCSIM_RNG_ARRIVAL);
    fcsim_rng_init(&nd->dest_rng, p->seed, n, FCSIM_RNG_DEST);
    fcsim_rng_init(&nd->route_rng, p->seed, n, FCSIM_RNG_ROUTE);
    fcsim_rng_init(&nd->hop_rng, p->seed, n, FCSIM_RNG_HOP);
    nd->classic_inj_vc = 0xff;
    memset(nd->eject_vc, -1, sizeof nd->eject_vc);
    nd->batch_left = p->mode == FCSIM_MODE_BATCH ? p->batch_packets : -1;
    nd->next_arrival = UINT64_MAX;
    if (net->lambda > 0 && net->topo.nodes > 1) {
      uint64_t gap = net->lambda >= 1 ? 1 : fcsim_traffic_gap(net->lambda, &nd->arrival_rng);
      if (gap != UINT64_MAX) {
        nd->next_arrival = gap - 1;
        heap_push(pt->arrivals, nd->next_arrival, (uint32_t)n);
      }
    }
  }
  *out = net;
  return 0;
fail:
  fcsim_net_destroy(net);
  return rc;
}

/* Creates the packets of node `n` due this cycle and schedules its next
 * arrival. */
static int create_packets(struct fcsim_net *net, struct fcsim_part *pt, uint32_t n)
{
  struct fcsim_node *nd = &net->nodes[n];
  const uint64_t now = pt->now;
  const struct fcsim_params *p = &net->p;
  int count = net->lambda >= 1 ? fcsim_traffic_burst(net->lambda, &nd->arrival_rng) : 1;
  int measured_window = p->mode == FCSIM_MODE_BATCH || pt->in_window;
  for (int i = 0; i < count; i++) {
    if (nd->batch_left == 0)
      break;
    if (nd->batch_left > 0)
      nd->batch_left--;
    uint64_t seq = nd->created++;
    int64_t dest = net->traffic.ops->dest(&net->traffic, n, seq, &nd->dest_rng);
    if (dest == (int64_t)n)
      continue; /* the pattern maps this node to itself: silent */
    struct fcsim_packet pk = {now, (uint32_t)dest, 0, 0, 0};
    if (net->routing->packet_init)
      pk.route = net->routing->packet_init(&net->topo, p, n, dest, &nd->route_rng);
    if (measured_window) {
      pk.flags = FCSIM_FLIT_MEASURED;
      pt->acc.measured_created++;
    }
    if (pt->in_window)
      pt->acc.created_flits_window += (uint64_t)p->packet_flits;
    struct fcsim_pktq *q;
    if (net->model->local_port) {
      q = &net->srcq[n];
    } else {
      int32_t credits[FCSIM_MAX_PORTS];
      int port = net->routing->route(&net->topo, p, n, dest, pk.route, -1, &nd->hop_rng,
                                     net->routing->needs_credits ? fcsim_port_credits(net, n, credits) : NULL);
      q = &net->srcq[(size_t)n * net->topo.nports + port];
    }
    if (fcsim_pktq_push(q, &pk))
      return FCSIM_ENOMEM;
    nd->queued++;
  }
  if (nd->batch_left != 0) {
    uint64_t gap = net->lambda >= 1 ? 1 : fcsim_traffic_gap(net->lambda, &nd->arrival_rng);
    if (gap != UINT64_MAX) {
      nd->next_arrival = now + gap;
      heap_push(pt->arrivals, nd->next_arrival, n);
    }
  }
  return fcsim_part_wake(net, pt, n, now);
}

/* Steps every router of the partition due this cycle; reschedules those with
 * work left. */
static int step_cycle(struct fcsim_net *net, struct fcsim_part *pt)
{
  const uint64_t now = pt->now;
  int rc = 0;
  pt->in_window = now >= net->window_start && now < net->window_end;
  while (pt->arrivals->len && pt->arrivals->key[0] == now) {
    uint32_t n = pt->arrivals->node[0];
    heap_pop(pt->arrivals);
    if ((rc = create_packets(net, pt, n)))
      return rc;
  }
  uint32_t slot = (uint32_t)(now & net->wheel_mask);
  const int inband = net->model->inband_credits;
  const uint64_t period = (uint64_t)net->p.credit_period_cycles;
  /* stepping adds wake-ups only for later cycles, which land in other slots */
  for (uint32_t i = 0; i < pt->wheel_len[slot]; i++) {
    uint32_t n = pt->wheel[slot][i];
    struct fcsim_node *nd = &net->nodes[n];
    if (nd->processed_at == now + 1)
      continue;
    nd->processed_at = now + 1;
    rc |= fcsim_router_step(net, pt, n);
    if (nd->buffered || nd->queued)
      rc |= fcsim_part_wake(net, pt, n, now + 1);
    else if (inband && nd->credit_dirty_until > now)
      rc |= fcsim_part_wake(net, pt, n, (now / period + 1) * period);
  }
  pt->wheel_len[slot] = 0;
  return rc;
}

/* Runs one partition through cycles [from, to), then publishes what it wrote
 * on rings that other partitions read. */
static void run_window(struct fcsim_net *net, struct fcsim_part *pt, uint64_t from, uint64_t to)
{
  for (uint64_t t = from; t < to && !pt->rc; t++) {
    pt->now = t;
    pt->rc = step_cycle(net, pt);
  }
  for (uint32_t i = 0; i < pt->n_out_cross; i++) {
    struct fcsim_ring *r = &net->chan[pt->out_cross[i]];
    if (!r->remote) /* a remote ring's new entries are sent by the exchange */
      __atomic_store_n(&r->pub, r->tail, __ATOMIC_RELEASE); /* the reader may be mid-window */
  }
  for (uint32_t i = 0; i < pt->n_out_ccross; i++) {
    struct fcsim_ring *r = &net->cchan[pt->out_ccross[i]];
    if (!r->remote)
      __atomic_store_n(&r->pub, r->tail, __ATOMIC_RELEASE);
  }
}

/* After a window: wake the routers of this partition that flits published by
 * other partitions will reach. */
static void scan_incoming(struct fcsim_net *net, struct fcsim_part *pt)
{
  for (uint32_t i = 0; i < pt->n_in_cross && !pt->rc; i++) {
    uint32_t c = pt->in_cross[i];
    struct fcsim_ring *r = &net->chan[c];
    uint32_t dst = (uint32_t)net->topo.neighbor[c];
    if (r->scan != r->pub)
      net->nodes[dst].in_pending |= (uint16_t)(1u << ((c % (uint32_t)net->topo.nports) ^ 1));
    for (; r->scan != r->pub; r->scan++)
      pt->rc |= fcsim_part_wake(net, pt, dst, net->chan_pool[r->base + (r->scan & r->mask)].arrival);
  }
  /* Novo-G# credit reports on links leaving this partition: wake the router
   * that reads them when each report (one entry per VC) arrives */
  if (!net->model->inband_credits)
    return;
  for (uint32_t i = 0; i < pt->n_out_cross && !pt->rc; i++) {
    uint32_t c = pt->out_cross[i];
    struct fcsim_ring *r = &net->cchan[c];
    uint32_t reader = c / (uint32_t)net->topo.nports;
    for (; r->scan != r->pub; r->scan++) {
      const struct fcsim_credit_slot *e = &net->cchan_pool[r->base + (r->scan & r->mask)];
      if (e->vc == 0)
        pt->rc |= fcsim_part_wake(net, pt, reader, e->arrival);
    }
  }
}

/* The run-level decision taken at a checkpoint from all partitions. */
enum run_state { RUN_GO, RUN_DONE, RUN_LIMIT, RUN_DEADLOCK, RUN_INTERRUPTED, RUN_ERROR };

struct run_ctl {
  fcsim_progress_f progress;
  void *user;
  uint64_t limit, expected;
  enum run_state state;
  uint64_t end;
  int rc;                  /* error of an MPI exchange or reduction */
  struct fcsim_error *err; /* its message */
};

static enum run_state decide(struct fcsim_net *net, struct run_ctl *ctl, uint64_t end)
{
  const struct fcsim_params *p = &net->p;
  /* sums: created, delivered, flits in network, pending arrivals, errors;
   * maxima: last progress, interrupted */
  uint64_t sum[5] = {0}, max[2] = {0};
  for (int i = net->part_first; i < net->part_last; i++) {
    const struct fcsim_part *pt = &net->parts[i];
    sum[0] += pt->acc.measured_created;
    sum[1] += pt->acc.measured_delivered;
    sum[2] += (uint64_t)pt->flits_in_network;
    sum[3] += pt->arrivals->len;
    sum[4] += pt->rc != 0;
    if (pt->last_progress > max[0])
      max[0] = pt->last_progress;
  }
  if (ctl->progress && net->rank == 0) {
    const char *phase = p->mode == FCSIM_MODE_BATCH ? "batch"
                        : end <= net->window_start ? "warmup"
                        : end <= net->window_end   ? "measure"
                                                   : "drain";
    max[1] = ctl->progress(ctl->user, end, ctl->expected, phase) != 0;
  }
  if ((ctl->rc = fcsim_mpi_allreduce(net, sum, 5, max, 2, ctl->err)))
    return RUN_ERROR;
  uint64_t created = sum[0], delivered = sum[1], pending_arrivals = sum[3], last_progress = max[0];
  int64_t in_net = (int64_t)sum[2];
  if (sum[4])
    return RUN_ERROR;
  if (p->mode == FCSIM_MODE_BATCH) {
    if (pending_arrivals == 0 && delivered == created && in_net == 0)
      return RUN_DONE;
  } else if (end >= net->window_end && delivered == created) {
    return RUN_DONE;
  }
  if (end >= ctl->limit)
    return RUN_LIMIT;
  if (in_net > 0 && end - 1 - last_progress > (uint64_t)p->deadlock_cycles)
    return RUN_DEADLOCK;
  if (max[1])
    return RUN_INTERRUPTED;
  return RUN_GO;
}

/* Next window end: lookahead-limited, never past a checkpoint. */
static inline uint64_t window_end_after(const struct fcsim_net *net, uint64_t from)
{
  uint64_t check = (from / FCSIM_CHECK_CYCLES + 1) * FCSIM_CHECK_CYCLES;
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
    uint64_t from = 0;
    for (;;) {
      uint64_t to = window_end_after(net, from);
      for (int i = net->part_first + tid; i < net->part_last; i += nthreads)
        run_window(net, &net->parts[i], from, to);
      if (nthreads > 1)
        barrier_wait(&bar, &sense);
      if (tid == 0) {
        /* one thread, all others waiting: no ring is being written now */
        if ((ctl->rc = fcsim_mpi_exchange(net, ctl->err)))
          state = RUN_ERROR;
        else if (to % FCSIM_CHECK_CYCLES == 0)
          state = decide(net, ctl, to);
        ctl->end = to;
        if (state == RUN_GO)
          for (int i = net->part_first; i < net->part_last; i++)
            scan_incoming(net, &net->parts[i]);
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
  const int batch = p->mode == FCSIM_MODE_BATCH;
  net->window_start = batch ? 0 : (uint64_t)p->warmup_cycles;
  net->window_end = batch ? UINT64_MAX : (uint64_t)(p->warmup_cycles + p->measure_cycles);
  struct run_ctl ctl = {progress, user, batch ? (uint64_t)p->max_cycles : net->window_end + (uint64_t)p->drain_cycles,
                        batch ? 0 : net->window_end, RUN_GO, 0, 0, err};
  *deadlock_report = NULL;
  run_partitions(net, &ctl);

  /* merge the partitions' statistics (integer sums: order does not matter) */
  net->now = ctl.end;
  fcsim_stats_acc_init(&net->acc);
  net->flits_in_network = 0;
  uint64_t last_progress = 0;
  for (int i = net->part_first; i < net->part_last; i++) {
    fcsim_stats_acc_merge(&net->acc, &net->parts[i].acc);
    net->flits_in_network += net->parts[i].flits_in_network;
    if (net->parts[i].last_progress > last_progress)
      last_progress = net->parts[i].last_progress;
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
    if ((rc = fcsim_mpi_gather_routers(net, err)))
      return rc;
    *deadlock_report = fcsim_deadlock_describe(net);
    return fcsim_error_set(err, FCSIM_EDEADLOCK,
                           "deadlock by cycle %llu: %lld flits in the network and none moved since cycle %llu; %s",
                           (unsigned long long)ctl.end, (long long)net->flits_in_network,
                           (unsigned long long)last_progress,
                           *deadlock_report ? *deadlock_report : "no cycle of waiting channels found");
  default:
    return 0; /* RUN_LIMIT: not drained, reported as saturated */
  }
}

void fcsim_net_stats(const struct fcsim_net *net, struct fcsim_stats *s)
{
  const struct fcsim_stats_acc *a = &net->acc;
  const struct fcsim_params *p = &net->p;
  const double nodes = (double)net->topo.nodes;
  memset(s, 0, sizeof *s);
  s->offered_rate = p->rate_flits;
  s->cycles = net->now;
  s->ns_per_cycle = 1e9 / p->clock_hz;
  s->packets_measured = a->measured_created;
  s->packets_delivered = a->measured_delivered;
  s->flits_injected_total = a->flits_injected_total;
  s->flits_delivered_total = a->flits_ejected_total;
  s->flits_in_network = (uint64_t)net->flits_in_network;
  s->flit_hops_total = a->flit_hops_total;
  s->buffer_overflows = a->buffer_overflows;
  s->max_busy_vcs = (int)a->max_busy_vcs;
  if (a->measured_delivered) {
    s->avg_latency = (double)a->lat_sum / (double)a->measured_delivered;
    s->worst_latency = (double)a->lat_max;
    s->avg_hops = (double)a->hops_sum / (double)a->measured_delivered;
    s->p50_latency = (double)fcsim_hist_quantile(a->hist, a->measured_delivered, 0.50);
    s->p99_latency = (double)fcsim_hist_quantile(a->hist, a->measured_delivered, 0.99);
    s->p999_latency = (double)fcsim_hist_quantile(a->hist, a->measured_delivered, 0.999);
  }
  s->drained = a->measured_delivered == a->measured_created;
  uint64_t window;
  if (p->mode == FCSIM_MODE_BATCH) {
    if (a->first_inject != UINT64_MAX && a->last_eject >= a->first_inject)
      s->total_latency = (double)(a->last_eject - a->first_inject);
    window = a->first_inject != UINT64_MAX && a->last_eject >= a->first_inject ? a->last_eject - a->first_inject + 1 : 1;
    s->send_throughput = (double)a->flits_ejected_total / (nodes * (double)window);
    s->recv_throughput = s->send_throughput;
    s->saturated = !s->drained;
  } else {
    window = (uint64_t)p->measure_cycles;
    s->send_throughput = (double)a->injected_flits_window / (nodes * (double)window);
    s->recv_throughput = (double)a->ejected_flits_window / (nodes * (double)window);
    /* saturated: measured packets never all arrived, or the source queues
     * grew during the window by more than 5 % of what was offered */
    double backlog = (double)a->created_flits_window - (double)a->injected_flits_window;
    s->saturated = !s->drained || backlog > 0.05 * (double)a->created_flits_window + 2.0 * p->packet_flits * nodes;
  }
  s->window_cycles = window;
  s->nchannels = net->topo.nodes * net->topo.nports;
  s->link_flits = net->link_flits;
  int64_t links = 0;
  uint64_t maxf = 0, sumf = 0;
  for (int64_t c = 0; c < s->nchannels; c++) {
    if (net->topo.neighbor[c] < 0)
      continue;
    links++;
    sumf += net->link_flits[c];
    if (net->link_flits[c] > maxf)
      maxf = net->link_flits[c];
  }
  if (links && p->mode == FCSIM_MODE_CONTINUOUS) {
    s->link_util_avg = (double)sumf / ((double)links * (double)window);
    s->link_util_max = (double)maxf / (double)window;
  }
  if (!net->model->local_port) {
    s->area_alms = fcsim_novog_area_alms(p->vcs);
    s->area_percent = fcsim_novog_area_percent(p->vcs);
  }
}
