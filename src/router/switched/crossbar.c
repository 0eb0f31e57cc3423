/* SPDX-License-Identifier: BSD-3-Clause */
/* The full-crossbar router of seed 003 §III (Fig. 2), `router.model =
 * crossbar`: one input FIFO per port (the node's network ports plus a local
 * injection port; no VCs), a local ejection port, routing computation per
 * head flit, an iterative round-robin allocator where a granted input drops
 * to lowest priority, outputs held by one packet from head to tail
 * (wormhole), a one-flit-wide mux switch (one flit per input and per output
 * per cycle: the seed's 64-bit datapath when network.flit_bits = 64), and one
 * credit per flit returned upstream on the credit ring of the input channel.
 *
 * Timing. The seed's 64 ns through the router (16 cycles at 250 MHz) covers
 * the input flops, route computation, the request, allocation, the mux and
 * the output flops; fcsim models it as one delay S = router.switch_cycles
 * (`auto`: 64 ns rounded up to whole cycles of network.clock) between the
 * grant and the flit leaving on the output link. router.rc_cycles and
 * router.va_cycles are not read. A head at the front of its FIFO requests
 * its output in the cycle it arrives; the grant and the first flit go in the
 * same cycle. Zero-load latency over H links (creation to tail ejection):
 *
 *     T0 = 2 local + (H + 1) S + H L + (F - 1)
 *
 * (injection channel, S at every router including the destination's, the
 * links, the ejection channel, the tail one cycle per flit behind).
 *
 * Allocation. Every input FIFO holds packets for one output at a time and
 * requests only the output of its front packet, so each input sends exactly
 * one request. An iterative separable allocator (seed 003 ref. [14]) then
 * finds a maximal matching in its first iteration: outputs grant, each input
 * accepts its only grant, and no unmatched input has a request left for
 * another iteration. fcsim runs that one iteration. Each output keeps a
 * round-robin pointer; after granting input i it points just past i, so i
 * has the lowest priority until every other requester has been served
 * (strongly fair: a waiting head is granted within N - 1 packets of the
 * others, N the requesting inputs). The router.arbitration policies are not
 * read: the seed's allocator is round-robin.
 *
 * A network port requests an output only while the downstream FIFO has a
 * free slot (its credit count is positive); a held output sends a flit
 * whenever one is buffered and a credit is left. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "router/port.h"
#include "router/router.h"

#define XB_MAX_PORTS 63 /* network ports (inputs incl. the local one fit a 64-bit mask) */
#define XB_NONE      (-1)

/* The through-latency of the seed's crossbar: 64 ns (16 cycles at 250 MHz). */
#define XB_THROUGH_NS 64.0

/* One input FIFO (a ring of `depth` flits in the node's buffer). */
struct xb_in {
  uint32_t head;  /* oldest flit */
  uint32_t count; /* flits buffered */
  int16_t out;    /* output of the packet at the front (routed), XB_NONE before routing */
  uint16_t pad;
  uint32_t pad2;
};

/* One output (network port, or the ejection port at index np). */
struct xb_out {
  int16_t holder;  /* input holding it from head to tail, XB_NONE when free */
  uint16_t rr;     /* round-robin pointer: the input with the highest priority */
  int32_t credits; /* free slots known in the downstream FIFO (unused for ejection) */
};

/* The hot header of a node's state. */
struct xb_hdr {
  uint32_t buffered; /* flits in the input FIFOs */
  uint32_t queued;   /* packets in the source queue */
  uint32_t inj_sent; /* flits of the front packet moved into the local FIFO */
  uint32_t pad;
  struct fcsim_pktq srcq;   /* packets created here, waiting for the local FIFO */
  struct fcsim_rng hop_rng; /* per-hop routing choices */
};

/* The set-up shared by all crossbar nodes (read-only in a run). */
struct xb_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_graph *g;
  const struct fcsim_routing_ops *routing;
  int np;                          /* network ports (the largest radix in the graph); the local port is np */
  int nin;                         /* inputs and outputs: np + 1 */
  int depth;                       /* flits per input FIFO (router.vc_depth) */
  double ticks_per_cycle;          /* this kind's cycle in engine ticks (1 with one clock) */
  uint64_t S;                      /* through-latency, cycles (router.switch_cycles) */
  uint64_t local;                  /* injection / ejection channel, cycles (router.local_cycles) */
  size_t off_in, off_out, off_buf; /* byte offsets in a node's state */
};

/* Pointers into one node's state. */
struct xb_node {
  struct xb_hdr *h;
  struct xb_in *in;       /* [nin] */
  struct xb_out *out;     /* [nin] */
  struct fcsim_flit *buf; /* [nin * depth] */
  uint32_t node;
  uint32_t slot0; /* graph slot of port 0 */
  int radix;      /* this node's network ports */
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static void xb_view(const struct xb_shared *sh, uint32_t node, void *state, struct xb_node *n)
{
  char *b = state;
  n->h = (struct xb_hdr *)b;
  n->in = (struct xb_in *)(b + sh->off_in);
  n->out = (struct xb_out *)(b + sh->off_out);
  n->buf = (struct fcsim_flit *)(b + sh->off_buf);
  n->node = node;
  n->slot0 = sh->g->port_base[node];
  n->radix = (int)(sh->g->port_base[node + 1] - n->slot0);
}

static struct fcsim_flit *xb_front(const struct xb_shared *sh, struct xb_node *n, int i)
{
  return &n->buf[(size_t)i * (size_t)sh->depth + n->in[i].head];
}

static int xb_push(struct fcsim_ctx *ctx, const struct xb_shared *sh, struct xb_node *n, int i,
                   const struct fcsim_flit *f)
{
  struct xb_in *in = &n->in[i];
  if (in->count >= (uint32_t)sh->depth) {
    ctx->acc->buffer_overflows++;
    return -1;
  }
  uint32_t tail = in->head + in->count;
  if (tail >= (uint32_t)sh->depth)
    tail -= (uint32_t)sh->depth;
  n->buf[(size_t)i * (size_t)sh->depth + tail] = *f;
  in->count++;
  n->h->buffered++;
  if (i < sh->np && !ctx->acc->max_busy_vcs)
    ctx->acc->max_busy_vcs = 1;
  return 0;
}

/* Removes the front flit of input i; a tail frees the input for the next
 * packet's routing. */
static void xb_pop(struct xb_node *n, const struct xb_shared *sh, int i, int was_tail)
{
  struct xb_in *in = &n->in[i];
  if (++in->head == (uint32_t)sh->depth)
    in->head = 0;
  in->count--;
  n->h->buffered--;
  if (was_tail)
    in->out = XB_NONE;
}

/* The node a receive fills (the port kit's take argument). */
struct xb_rx {
  const struct xb_shared *sh;
  struct xb_node *n;
};

static void xb_take(struct fcsim_ctx *ctx, void *arg, int port, const struct fcsim_flit *f)
{
  struct xb_rx *rx = arg;
  xb_push(ctx, rx->sh, rx->n, port, f);
}

/* Flits whose arrival has come, into the input FIFOs; credits, into the
 * outputs' counts. */
static void xb_receive(struct fcsim_ctx *ctx, const struct xb_shared *sh, struct xb_node *n)
{
  struct xb_rx rx = {sh, n};
  fcsim_port_receive(ctx, n->node, n->slot0, xb_take, &rx);
  fcsim_port_take_credits(ctx, n->slot0, n->radix, &n->out[0].credits, sizeof n->out[0]);
}

/* Moves the front packet of the source queue into the local input FIFO, one
 * flit per cycle (the datapath), after the injection channel. */
static void xb_inject(struct fcsim_ctx *ctx, const struct xb_shared *sh, struct xb_node *n)
{
  struct fcsim_flit f;
  if (!fcsim_port_inject_next(ctx, &n->h->srcq, n->h->inj_sent, sh->local, &f) ||
      n->in[sh->np].count >= (uint32_t)sh->depth)
    return;
  xb_push(ctx, sh, n, sh->np, &f);
  if (fcsim_port_injected(ctx, &n->h->srcq, &n->h->inj_sent))
    n->h->queued--;
}

/* The output the head at the front of input i asks for: the ejection port
 * at its destination, else the routing algorithm's choice (asked once per
 * packet per router). */
static int xb_route(const struct xb_shared *sh, struct xb_node *n, int i)
{
  const struct fcsim_flit *f = xb_front(sh, n, i);
  if (f->dest == n->node)
    return sh->np;
  int32_t credits[XB_MAX_PORTS];
  if (sh->routing->needs_credits)
    for (int p = 0; p < sh->np; p++)
      credits[p] = p < n->radix && sh->g->chan[n->slot0 + (uint32_t)p].dst >= 0 ? n->out[p].credits : -1;
  return sh->routing->route(sh->topo, sh->p, n->node, f->dest, f->route, i == sh->np ? -1 : i, &n->h->hop_rng,
                            sh->routing->needs_credits ? credits : NULL);
}

/* The allocator's one iteration (see the file comment): every free output
 * grants the first requesting input at or after its pointer, which then
 * moves just past the winner. Returns nothing; sets holders. */
static void xb_allocate(const struct xb_shared *sh, struct xb_node *n)
{
  uint64_t req[XB_MAX_PORTS + 1];
  uint64_t outputs = 0;
  for (int i = 0; i < sh->nin; i++) {
    struct xb_in *in = &n->in[i];
    if (in->count == 0)
      continue;
    if (in->out == XB_NONE)
      in->out = (int16_t)xb_route(sh, n, i);
    int o = in->out;
    if (n->out[o].holder != XB_NONE || !fcsim_port_can_send(o, sh->np, n->out[o].credits))
      continue;
    if (!(outputs & (1ull << o))) {
      outputs |= 1ull << o;
      req[o] = 0;
    }
    req[o] |= 1ull << i;
  }
  for (; outputs; outputs &= outputs - 1) {
    int o = __builtin_ctzll(outputs);
    struct xb_out *out = &n->out[o];
    uint64_t r = req[o], at_or_after = r & (~0ull << out->rr);
    int w = __builtin_ctzll(at_or_after ? at_or_after : r);
    out->holder = (int16_t)w;
    out->rr = (uint16_t)((w + 1) % sh->nin);
  }
}

/* One flit through the switch on every held output that has a flit and,
 * toward a link, a credit. */
static void xb_traverse(struct fcsim_ctx *ctx, const struct xb_shared *sh, struct xb_node *n)
{
  const uint64_t at = ctx->now + sh->S;
  for (int o = 0; o < sh->nin; o++) {
    struct xb_out *out = &n->out[o];
    int i = out->holder;
    if (i == XB_NONE || n->in[i].count == 0 || !fcsim_port_can_send(o, sh->np, out->credits))
      continue;
    struct fcsim_flit f = *xb_front(sh, n, i);
    int tail = (f.flags & FCSIM_FLIT_TAIL) != 0;
    xb_pop(n, sh, i, tail);
    if (i < sh->np)
      fcsim_port_return_credits(ctx, n->slot0, i, 0, 1);
    if (o == sh->np)
      fcsim_ctx_ejected(ctx, n->node, &f, at + sh->local);
    else
      fcsim_port_send(ctx, n->slot0, o, &f, &out->credits, at);
    if (tail)
      out->holder = XB_NONE;
  }
}

static uint64_t xb_next_wake(const void *shared, const void *state, uint64_t now);

static uint64_t xb_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct xb_shared *sh = shared;
  struct xb_node n;
  xb_view(sh, node, state, &n);
  xb_receive(ctx, sh, &n);
  xb_inject(ctx, sh, &n);
  xb_allocate(sh, &n);
  xb_traverse(ctx, sh, &n);
  return xb_next_wake(sh, state, ctx->now);
}

static int xb_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  (void)ctx;
  (void)shared;
  (void)node;
  struct xb_hdr *h = state;
  return fcsim_port_accept(&h->srcq, &h->queued, pk);
}

static uint64_t xb_next_wake(const void *shared, const void *state, uint64_t now)
{
  (void)shared;
  const struct xb_hdr *h = state;
  return h->buffered || h->queued ? now + 1 : UINT64_MAX;
}

static int xb_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  const struct fcsim_graph *g = &env->topo->graph;
  if (g->max_radix > XB_MAX_PORTS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "router.model = crossbar: a node has %d ports; at most %d",
                           g->max_radix, XB_MAX_PORTS);
  struct xb_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = p;
  sh->topo = env->topo;
  sh->g = g;
  sh->routing = env->routing;
  sh->np = g->max_radix;
  sh->nin = sh->np + 1;
  sh->depth = p->vc_depth_flits;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  sh->S = (uint64_t)p->switch_cycles;
  sh->local = (uint64_t)p->local_cycles;
  size_t off = align8(sizeof(struct xb_hdr));
  sh->off_in = off;
  off = align8(off + (size_t)sh->nin * sizeof(struct xb_in));
  sh->off_out = off;
  off = align8(off + (size_t)sh->nin * sizeof(struct xb_out));
  sh->off_buf = off;
  off += (size_t)sh->nin * (size_t)sh->depth * sizeof(struct fcsim_flit);
  *state_size = align8(off);
  *shared = sh;
  return 0;
}

static void xb_teardown(void *shared)
{
  free(shared);
}

static int xb_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  (void)err;
  const struct xb_shared *sh = shared;
  struct xb_node n;
  xb_view(sh, node, state, &n);
  fcsim_rng_init(&n.h->hop_rng, sh->p->seed, node, FCSIM_RNG_HOP);
  for (int i = 0; i < sh->nin; i++) {
    n.in[i].out = XB_NONE;
    n.out[i].holder = XB_NONE;
    /* every downstream buffer starts empty (its depth: the neighbour may be of another kind) */
    const struct fcsim_chan *ch = i < fcsim_graph_radix(sh->g, node) ? fcsim_graph_out(sh->g, node, i) : NULL;
    n.out[i].credits = ch && ch->dst >= 0 ? (int32_t)ch->dst_depth_flits : sh->depth;
  }
  return 0;
}

static void xb_fini(const void *shared, uint32_t node, void *state)
{
  (void)shared;
  (void)node;
  struct xb_hdr *h = state;
  free(h->srcq.buf);
  h->srcq.buf = NULL;
}

/* `auto` values and refusals. The crossbar has one FIFO per port: it runs
 * as one VC whatever router.vcs says, so a torus would need its dateline
 * classes and is refused unless router.dateline = off (deadlock studies). */
static int xb_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  (void)origin;
  if (p->topology == FCSIM_TOPO_TORUS && p->dateline) {
    for (int d = 0; d < p->ndims; d++)
      if (p->dims[d] > 1)
        return fcsim_error_set(err, FCSIM_ECOMBINATION,
                               "router.model = crossbar on a torus: the crossbar has one FIFO per input port and no "
                               "VCs, so it cannot break the rings' cyclic channel dependencies with dateline "
                               "classes; use network.topology = mesh (or router.dateline = off to study deadlock)");
  }
  p->vcs = 1;
  p->credit_threshold_flits = 1;
  if (switch_auto)
    p->switch_cycles = (int)ceil(XB_THROUGH_NS * 1e-9 * p->clock_hz - 1e-6);
  /* a slot freed downstream is usable upstream S + 2L cycles after the flit
   * that filled it left: full rate on one port needs that many flits */
  if (depth_auto) {
    int rtt = 2 * p->link_latency_cycles + p->switch_cycles + 1;
    p->vc_depth_flits = rtt > 8 ? rtt : 8;
  }
  return 0;
}

/* Per-flit credits: at most a FIFO's worth is outstanding, plus what
 * arrives in the lag between partitions (ticks, in this kind's cycles). */
static uint64_t xb_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct xb_shared *sh = shared;
  return fcsim_port_credit_capacity(sh->depth, sh->ticks_per_cycle, c, lag_ticks);
}

static void xb_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct xb_shared *sh = shared;
  *vcs = 1;
  *depth_flits = sh->depth;
}

static double xb_zero_load_cycles(const void *shared, double hops)
{
  const struct xb_shared *sh = shared;
  const struct fcsim_params *p = sh->p;
  return 2.0 * (double)sh->local + (hops + 1) * (double)sh->S + hops * p->link_latency_cycles + (p->packet_flits - 1);
}

/* Deadlock reports: a buffer is an input FIFO (port, the local one last).
 * Its front packet waits for the input holding its output, else for the
 * downstream FIFO the output feeds. */
static int xb_nbuffers(const void *shared)
{
  const struct xb_shared *sh = shared;
  return sh->nin;
}

static int xb_buffer_busy(const void *shared, const void *state, int buf)
{
  const struct xb_shared *sh = shared;
  const struct xb_in *in = (const struct xb_in *)((const char *)state + sh->off_in);
  return in[buf].count != 0;
}

static int xb_waits_for(const void *shared, const struct fcsim_states *all, struct fcsim_buf_ref at,
                        struct fcsim_buf_ref *next)
{
  const struct xb_shared *sh = shared;
  const char *st = fcsim_state_of(all, at.node);
  const struct xb_in *in = (const struct xb_in *)(st + sh->off_in) + at.buf;
  const struct xb_out *out = (const struct xb_out *)(st + sh->off_out);
  int o = in->out; /* XB_NONE (-1) before routing; out[] has the ejection port too */
  return fcsim_port_fifo_waits_for(sh->g, sh->np, at, in->count != 0, o, o >= 0 ? out[o].holder : XB_NONE, next);
}

static void xb_describe_buffer(const void *shared, struct fcsim_buf_ref at, char *buf, size_t size)
{
  const struct xb_shared *sh = shared;
  const struct fcsim_topo *t = sh->topo;
  int len;
  if (t->ndims) {
    len = snprintf(buf, size, "node %u (", at.node);
    for (int d = 0; d < t->ndims && len < (int)size; d++)
      len += snprintf(buf + len, size - len, "%s%d", d ? "," : "", fcsim_topo_coord(t, at.node, d));
    if (len < (int)size)
      len += snprintf(buf + len, size - len, ")");
  } else {
    char name[FCSIM_NODE_NAME_MAX + 8];
    len = snprintf(buf, size, "node %s", fcsim_graph_node_name(sh->g, at.node, name, sizeof name));
  }
  if (len >= (int)size)
    return;
  if (at.buf >= sh->np)
    snprintf(buf + len, size - len, " in the local input fifo");
  else if (t->ndims)
    snprintf(buf + len, size - len, " in %s fifo", fcsim_topo_port_name(at.buf));
  else
    snprintf(buf + len, size - len, " in port %d fifo", at.buf);
}

const struct fcsim_router_ops fcsim_router_crossbar = {
    .name = "crossbar",
    .help = "full-crossbar router (Bunker & Swanson §III): input FIFOs, no VCs, round-robin allocation, 64 ns through, "
            "per-flit credits",
    .version = 1,
    .flow_control = "per-flit credits",
    .max_vcs = 1,
    .local_ports = 1,
    .derive = xb_derive,
    .setup = xb_setup,
    .teardown = xb_teardown,
    .input_buffers = xb_input_buffers,
    .init = xb_init,
    .fini = xb_fini,
    .accept = xb_accept,
    .step = xb_step,
    .nbuffers = xb_nbuffers,
    .buffer_busy = xb_buffer_busy,
    .waits_for = xb_waits_for,
    .describe_buffer = xb_describe_buffer,
    .credit_capacity = xb_credit_capacity,
    .zero_load_cycles = xb_zero_load_cycles,
};
