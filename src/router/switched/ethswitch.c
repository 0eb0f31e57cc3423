/* SPDX-License-Identifier: BSD-3-Clause */
/* The store-and-forward Ethernet switch and FPGA Ethernet endpoint,
 * `router.model = ethswitch` (seed 001 §4.2, Table 4.2; seed 002 §3.2-3.4).
 *
 * One model serves both roles: a switch node (no endpoint) and the Ethernet
 * subsystem of an FPGA (an endpoint: a local injection input fed by the
 * source queue, and a local ejection output). A node has one input FIFO per
 * network port plus the local one, and one output buffer per network port
 * plus the ejection port.
 *
 * Store-and-forward. A frame (one packet) at the front of an input is
 * forwarded only when its tail has arrived, and then only `switch.latency`
 * (t_S; seed 001: 0.318 us on a 16-port SN2100 at 40 Gb/s) later. It is then
 * moved whole into the output buffer its destination's table entry names
 * (routing.algorithm = table gives the ports: a MAC table is a destination
 * -> port table). The move models a shared-memory switch fabric, which is
 * never the bottleneck; the links are.
 *
 * Finite output buffers (`switch.buffer`). When the frame does not fit:
 *   pause  the frame waits in its input; the input's credits stop flowing,
 *          so the upstream transmitter stops (link-level PAUSE). Counted as
 *          pause cycles (per waiting input per cycle);
 *   drop   the frame is discarded and its input slots freed. Counted as
 *          dropped packets and flits.
 * Both counts are reported (metrics.switch_*), never silent. A frame from
 * the local input is never dropped (the DMA engine is back-pressured).
 *
 * Line rate and framing. An output sends at most one flit per cycle (a flit
 * is network.flit_bits; network.clock x flit_bits is the line rate after the
 * line code). Framing overhead (switch.framing, from chan/framing.c:
 * Ethernet preamble, header, FCS and gap, or SL3+FC's header flit and burst
 * gap) is paid as idle time on the wire after each frame: the output owes
 * overhead bytes, and idles one cycle for every flit's worth it owes before
 * starting the next frame (the remainder carries over, so the long-run rate
 * is exact). So one output never exceeds payload/(payload + overhead) of
 * the line rate. `none` pays nothing and has no payload ceiling: for links
 * whose protocol frames the stream itself (link.protocol = fc: the DCN,
 * where the flow controller's header flit is on the line).
 *
 * An endpoint with several ports (the dual plane) sends a frame on the port
 * its routing table names, or with switch.port_select = message on port
 * (message index in the trace mod ports): VCSN's per-virtual-port MAC table choosing the
 * plane. Its ejection takes one flit per cycle per network port (one DMA
 * write engine per port, seed 002 §3.3).
 *
 * Flow control on the links is per-flit credits (the crossbar family): a
 * sender starts with the receiver's input depth and gets one credit back per
 * flit leaving that input (forwarded or dropped). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chan/framing.h"
#include "router/port.h"
#include "router/router.h"
#include "router/switched/params.h"

#define ES_MAX_PORTS 63 /* network ports (inputs and outputs incl. the local one fit a 64-bit mask) */
#define ES_NONE      (-1)

/* One input FIFO (a ring of `depth` flits in the node's buffer). */
struct es_in {
  uint32_t head;  /* oldest flit */
  uint32_t count; /* flits buffered */
  uint32_t tails; /* complete frames buffered (tails received) */
  int16_t out;    /* output of the frame at the front (routed), ES_NONE before routing */
  uint16_t pad;
};

/* One output buffer (network port, or the ejection port at index np). */
struct es_out {
  uint32_t head;       /* oldest flit */
  uint32_t count;      /* flits buffered */
  int32_t credits;     /* free slots known in the downstream input FIFO (unused for ejection) */
  uint32_t owed_bytes; /* framing overhead still to be paid as idle wire time */
  uint32_t in_frame;   /* 1 while a frame is partly sent */
  uint32_t pad;
};

/* The hot header of a node's state. */
struct es_hdr {
  uint32_t buffered;        /* flits in inputs and outputs */
  uint32_t queued;          /* packets in the source queue */
  uint32_t inj_sent;        /* flits of the front packet moved into the local input */
  uint32_t rr;              /* input served first by the next forwarding pass */
  struct fcsim_pktq srcq;   /* packets created here, waiting for the local input */
  struct fcsim_rng hop_rng; /* routing choices */
};

/* The set-up shared by all nodes of this kind; the counters are the only
 * fields written in a run, each node's element by that node's steps only
 * (so threads never share one, and MPI ranks merge them by sum:
 * stats/counters.h). */
struct es_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_graph *g;
  const struct fcsim_routing_ops *routing;
  int np;                                                   /* network ports (largest radix); the local port is np */
  int nin;                                                  /* np + 1 */
  int depth;                                                /* flits per input FIFO (router.vc_depth) */
  int out_depth;                                            /* flits per output buffer (switch.buffer) */
  int drop;                                                 /* 1: drop on a full output buffer, 0: pause */
  int port_by_message;                                      /* local frames leave on port (message index mod radix) */
  uint32_t overhead_bytes;                                  /* framing bytes per frame (wire time) */
  uint32_t flit_bytes;                                      /* network.flit_bits / 8 */
  uint64_t tS;                                              /* store-and-forward latency, cycles (switch.latency) */
  uint64_t local;                                           /* ejection channel, cycles (router.local_cycles) */
  double ticks_per_cycle;                                   /* this kind's cycle in engine ticks */
  size_t off_in, off_out, off_inbuf, off_stamp, off_outbuf; /* byte offsets in a node's state */
  uint64_t *dropped_packets;                                /* [nodes] frames dropped on full output buffers */
  uint64_t *dropped_flits;                                  /* [nodes] their flits */
  uint64_t *pause_cycles;                                   /* [nodes] input-cycles a complete frame waited for space */
};

/* Pointers into one node's state. */
struct es_node {
  struct es_hdr *h;
  struct es_in *in;          /* [nin] */
  struct es_out *out;        /* [nin] */
  struct fcsim_flit *inbuf;  /* [nin * depth] */
  uint64_t *stamp;           /* [nin * depth] cycle each flit arrived */
  struct fcsim_flit *outbuf; /* [nin * out_depth] */
  uint32_t node;
  uint32_t slot0; /* graph slot of port 0 */
  int radix;      /* this node's network ports */
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static void es_view(const struct es_shared *sh, uint32_t node, void *state, struct es_node *n)
{
  char *b = state;
  n->h = (struct es_hdr *)b;
  n->in = (struct es_in *)(b + sh->off_in);
  n->out = (struct es_out *)(b + sh->off_out);
  n->inbuf = (struct fcsim_flit *)(b + sh->off_inbuf);
  n->stamp = (uint64_t *)(b + sh->off_stamp);
  n->outbuf = (struct fcsim_flit *)(b + sh->off_outbuf);
  n->node = node;
  n->slot0 = sh->g->port_base[node];
  n->radix = (int)(sh->g->port_base[node + 1] - n->slot0);
}

static size_t es_in_slot(const struct es_shared *sh, int i, uint32_t k)
{
  return (size_t)i * (size_t)sh->depth + (k % (uint32_t)sh->depth);
}

/* A flit into input i at cycle `now`. */
static inline void es_in_push(struct fcsim_ctx *ctx, const struct es_shared *sh, struct es_node *n, int i,
                              const struct fcsim_flit *f, uint64_t now)
{
  struct es_in *in = &n->in[i];
  if (in->count >= (uint32_t)sh->depth) { /* credits make this impossible */
    ctx->acc->buffer_overflows++;
    return;
  }
  size_t s = es_in_slot(sh, i, in->head + in->count);
  n->inbuf[s] = *f;
  n->stamp[s] = now;
  in->count++;
  if (f->flags & FCSIM_FLIT_TAIL)
    in->tails++;
  n->h->buffered++;
  if (!ctx->acc->max_busy_vcs)
    ctx->acc->max_busy_vcs = 1;
}

/* Returns `k` freed input slots of network input i to its sender. */
static void es_credit(struct fcsim_ctx *ctx, const struct es_shared *sh, struct es_node *n, int i, int32_t k)
{
  if (i < sh->np && k > 0)
    fcsim_port_return_credits(ctx, n->slot0, i, 0, k);
}

/* The node a receive fills (the port kit's take argument). */
struct es_rx {
  const struct es_shared *sh;
  struct es_node *n;
};

static void es_take(struct fcsim_ctx *ctx, void *arg, int q, const struct fcsim_flit *f)
{
  struct es_rx *rx = arg;
  es_in_push(ctx, rx->sh, rx->n, q, f, ctx->now);
}

/* Flits whose arrival has come, into the input FIFOs; credits, into the
 * outputs' counts. */
static void es_receive(struct fcsim_ctx *ctx, const struct es_shared *sh, struct es_node *n)
{
  struct es_rx rx = {sh, n};
  fcsim_port_receive(ctx, n->node, n->slot0, es_take, &rx);
  fcsim_port_take_credits(ctx, n->slot0, n->radix, &n->out[0].credits, sizeof n->out[0]);
}

/* Moves the front packet of the source queue into the local input, one flit
 * per cycle (the DMA datapath). */
static void es_inject(struct fcsim_ctx *ctx, const struct es_shared *sh, struct es_node *n)
{
  struct fcsim_flit f;
  if (!fcsim_port_inject_next(ctx, &n->h->srcq, n->h->inj_sent, 0, &f) || n->in[sh->np].count >= (uint32_t)sh->depth)
    return;
  es_in_push(ctx, sh, n, sh->np, &f, ctx->now);
  if (fcsim_port_injected(ctx, &n->h->srcq, &n->h->inj_sent))
    n->h->queued--;
}

/* Length in flits of the frame at the front of input i (its tail is in). */
static uint32_t es_front_len(const struct es_shared *sh, const struct es_node *n, int i)
{
  const struct es_in *in = &n->in[i];
  for (uint32_t k = 0; k < in->count; k++)
    if (n->inbuf[es_in_slot(sh, i, in->head + k)].flags & FCSIM_FLIT_TAIL)
      return k + 1;
  return 0;
}

/* The output the frame at the front of input i goes to. */
static int es_route(const struct es_shared *sh, struct es_node *n, int i)
{
  const struct fcsim_flit *f = &n->inbuf[es_in_slot(sh, i, n->in[i].head)];
  if (f->dest == n->node)
    return sh->np;
  if (i == sh->np && sh->port_by_message && n->radix > 1)
    return (int)(f->aux % (uint32_t)n->radix);
  return sh->routing->route(sh->topo, sh->p, n->node, f->dest, f->route, i == sh->np ? -1 : i, &n->h->hop_rng, NULL);
}

/* Removes the front frame (len flits) of input i, copying it into output o
 * unless o < 0 (dropped). */
static void es_move(struct fcsim_ctx *ctx, const struct es_shared *sh, struct es_node *n, int i, uint32_t len, int o)
{
  struct es_in *in = &n->in[i];
  for (uint32_t k = 0; k < len; k++) {
    struct fcsim_flit f = n->inbuf[es_in_slot(sh, i, in->head + k)];
    if (o >= 0) {
      struct es_out *out = &n->out[o];
      n->outbuf[(size_t)o * (size_t)sh->out_depth + (out->head + out->count) % (uint32_t)sh->out_depth] = f;
      out->count++;
    } else {
      n->h->buffered--;
      ctx->flits_in_network--;
    }
  }
  in->head = (in->head + len) % (uint32_t)sh->depth;
  in->count -= len;
  in->tails--;
  in->out = ES_NONE;
  es_credit(ctx, sh, n, i, (int32_t)len);
}

/* Store-and-forward: every input whose front frame is complete and has
 * waited t_S since its tail arrived moves it to its output buffer (or waits,
 * or is dropped), inputs served round-robin. */
static void es_forward(struct fcsim_ctx *ctx, const struct es_shared *sh, struct es_node *n)
{
  for (int j = 0; j < sh->nin; j++) {
    int i = (int)((n->h->rr + (uint32_t)j) % (uint32_t)sh->nin);
    struct es_in *in = &n->in[i];
    if (in->tails == 0)
      continue;
    uint32_t len = es_front_len(sh, n, i);
    if (n->stamp[es_in_slot(sh, i, in->head + len - 1)] + sh->tS > ctx->now)
      continue;
    if (in->out == ES_NONE)
      in->out = (int16_t)es_route(sh, n, i);
    int o = in->out;
    if (n->out[o].count + len <= (uint32_t)sh->out_depth) {
      es_move(ctx, sh, n, i, len, o);
    } else if (sh->drop && i < sh->np && o < sh->np) {
      sh->dropped_packets[n->node]++;
      sh->dropped_flits[n->node] += len;
      es_move(ctx, sh, n, i, len, -1);
    } else {
      sh->pause_cycles[n->node]++;
    }
  }
  n->h->rr = (n->h->rr + 1) % (uint32_t)sh->nin;
}

/* One flit per cycle from every output buffer onto its link (with a credit
 * and no framing debt), or to the endpoint. */
static void es_transmit(struct fcsim_ctx *ctx, const struct es_shared *sh, struct es_node *n)
{
  for (int o = 0; o < sh->nin; o++) {
    struct es_out *out = &n->out[o];
    if (o < sh->np && !out->in_frame && out->owed_bytes >= sh->flit_bytes) {
      out->owed_bytes -= sh->flit_bytes; /* the wire is busy with framing */
      continue;
    }
    if (out->count == 0 || !fcsim_port_can_send(o, sh->np, out->credits))
      continue;
    struct fcsim_flit f = n->outbuf[(size_t)o * (size_t)sh->out_depth + out->head];
    out->head = (out->head + 1) % (uint32_t)sh->out_depth;
    out->count--;
    n->h->buffered--;
    int tail = (f.flags & FCSIM_FLIT_TAIL) != 0;
    if (o == sh->np) {
      fcsim_ctx_ejected(ctx, n->node, &f, ctx->now + sh->local);
      for (int k = 1; k < n->radix && out->count; k++) { /* one DMA write engine per port */
        f = n->outbuf[(size_t)o * (size_t)sh->out_depth + out->head];
        out->head = (out->head + 1) % (uint32_t)sh->out_depth;
        out->count--;
        n->h->buffered--;
        fcsim_ctx_ejected(ctx, n->node, &f, ctx->now + sh->local);
      }
      continue;
    }
    out->in_frame = !tail;
    if (tail)
      out->owed_bytes += sh->overhead_bytes;
    fcsim_port_send(ctx, n->slot0, o, &f, &out->credits, ctx->now + 1);
  }
}

static uint64_t es_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct es_shared *sh = shared;
  struct es_node n;
  es_view(sh, node, state, &n);
  es_receive(ctx, sh, &n);
  es_inject(ctx, sh, &n);
  es_forward(ctx, sh, &n);
  es_transmit(ctx, sh, &n);
  int owes = 0;
  for (int o = 0; o < n.radix && !owes; o++)
    owes = n.out[o].owed_bytes >= sh->flit_bytes;
  return n.h->buffered || n.h->queued || owes ? ctx->now + 1 : UINT64_MAX;
}

static int es_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  (void)ctx;
  (void)shared;
  (void)node;
  struct es_hdr *h = state;
  return fcsim_port_accept(&h->srcq, &h->queued, pk);
}

/* switch.framing's overhead and payload ceiling in bytes; -1 if unknown.
 * `none` (no endpoint framing) is not a framing of chan/framing.c. */
static int es_framing(const char *name, uint32_t *overhead_bytes, uint64_t *max_payload_bytes)
{
  if (!strcmp(name, "none")) {
    *overhead_bytes = 0;
    *max_payload_bytes = UINT64_MAX;
    return 0;
  }
  const struct fcsim_framing *fr = fcsim_framing_find(name);
  if (!fr)
    return -1;
  *overhead_bytes = (uint32_t)fr->overhead_bytes;
  *max_payload_bytes = (uint64_t)fr->max_payload_bytes;
  return 0;
}

static int es_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  const struct fcsim_graph *g = &env->topo->graph;
  if (g->max_radix > ES_MAX_PORTS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "router.model = ethswitch: a node has %d ports; at most %d",
                           g->max_radix, ES_MAX_PORTS);
  uint32_t overhead_bytes;
  uint64_t max_payload_bytes;
  int known = !es_framing(fcsim_ethswitch_params(p)->framing, &overhead_bytes, &max_payload_bytes);
  struct es_shared *sh = calloc(1, sizeof *sh);
  uint64_t *counts = calloc(3 * (size_t)g->nodes + 1, sizeof *counts);
  if (!sh || !known || !counts) {
    free(sh);
    free(counts);
    return fcsim_error_set(err, known ? FCSIM_ENOMEM : FCSIM_EINVAL,
                           known ? "out of memory" : "unknown switch.framing");
  }
  sh->p = p;
  sh->topo = env->topo;
  sh->g = g;
  sh->routing = env->routing;
  sh->dropped_packets = counts;
  sh->dropped_flits = counts + g->nodes;
  sh->pause_cycles = counts + 2 * g->nodes;
  sh->np = g->max_radix;
  sh->nin = sh->np + 1;
  sh->depth = p->vc_depth_flits;
  sh->out_depth = fcsim_ethswitch_params(p)->buffer_flits;
  sh->drop = fcsim_ethswitch_params(p)->drop;
  sh->port_by_message = fcsim_ethswitch_params(p)->port_by_message;
  sh->overhead_bytes = overhead_bytes;
  sh->flit_bytes = (uint32_t)(p->flit_bits / 8);
  sh->tS = (uint64_t)fcsim_ethswitch_params(p)->latency_cycles;
  sh->local = (uint64_t)p->local_cycles;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  size_t off = align8(sizeof(struct es_hdr));
  sh->off_in = off;
  off = align8(off + (size_t)sh->nin * sizeof(struct es_in));
  sh->off_out = off;
  off = align8(off + (size_t)sh->nin * sizeof(struct es_out));
  sh->off_inbuf = off;
  off += (size_t)sh->nin * (size_t)sh->depth * sizeof(struct fcsim_flit);
  sh->off_stamp = off;
  off += (size_t)sh->nin * (size_t)sh->depth * sizeof(uint64_t);
  sh->off_outbuf = off;
  off += (size_t)sh->nin * (size_t)sh->out_depth * sizeof(struct fcsim_flit);
  *state_size = align8(off);
  *shared = sh;
  return 0;
}

static void es_teardown(void *shared)
{
  struct es_shared *sh = shared;
  if (sh)
    free(sh->dropped_packets); /* the block of all three counter arrays */
  free(sh);
}

static int es_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  (void)err;
  const struct es_shared *sh = shared;
  struct es_node n;
  es_view(sh, node, state, &n);
  fcsim_rng_init(&n.h->hop_rng, sh->p->seed, node, FCSIM_RNG_HOP);
  for (int i = 0; i < sh->nin; i++) {
    n.in[i].out = ES_NONE;
    const struct fcsim_chan *ch = i < n.radix ? fcsim_graph_out(sh->g, node, i) : NULL;
    n.out[i].credits = ch && ch->dst >= 0 ? (int32_t)ch->dst_depth_flits : 0;
  }
  return 0;
}

static void es_fini(const void *shared, uint32_t node, void *state)
{
  (void)shared;
  (void)node;
  struct es_hdr *h = state;
  free(h->srcq.buf);
  h->srcq.buf = NULL;
}

/* `auto` depth and refusals: a frame must fit the input FIFO and the output
 * buffer (store-and-forward holds it whole) and the framing's payload. */
static int es_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  (void)switch_auto;
  const struct fcsim_framing *fr = fcsim_framing_find(fcsim_ethswitch_params(p)->framing);
  uint64_t frame_bytes = (uint64_t)p->packet_flits * (uint64_t)p->flit_bits / 8;
  if (p->flit_bits % 8)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = ethswitch: network.flit_bits = %d is not whole bytes", p->flit_bits);
  if (fr && frame_bytes > fr->max_payload_bytes)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = ethswitch: traffic.packet_size = %d flits is %llu bytes, more than the "
                           "%llu-byte payload of a `%s` frame (switch.framing); use at most %llu flits",
                           p->packet_flits, (unsigned long long)frame_bytes, (unsigned long long)fr->max_payload_bytes,
                           fr->name, (unsigned long long)(fr->max_payload_bytes * 8 / (uint64_t)p->flit_bits));
  if (fcsim_ethswitch_params(p)->buffer_flits < p->packet_flits)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = ethswitch: switch.buffer = %d flits cannot hold one %d-flit frame",
                           fcsim_ethswitch_params(p)->buffer_flits, p->packet_flits);
  p->vcs = 1;
  p->credit_threshold_flits = 1;
  p->switch_cycles = 1;
  /* `auto`: the input streams at line rate while its front frame waits
   * t_S and the credit round trip: two frames, t_S and the round trip */
  int rtt = 2 * p->link_latency_cycles + 2;
  if (depth_auto)
    p->vc_depth_flits = 2 * p->packet_flits + fcsim_ethswitch_params(p)->latency_cycles + rtt;
  else if (p->vc_depth_flits < p->packet_flits)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vc_depth = %d flits cannot hold one %d-flit frame, which a store-and-forward "
                           "switch must buffer whole",
                           origin, p->vc_depth_flits, p->packet_flits);
  return 0;
}

static uint64_t es_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct es_shared *sh = shared;
  return fcsim_port_credit_capacity(sh->depth, sh->ticks_per_cycle, c, lag_ticks);
}

static void es_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct es_shared *sh = shared;
  *vcs = 1;
  *depth_flits = sh->depth;
}

/* Zero-load: per hop the whole frame is received (F cycles) before t_S
 * starts; the last hop's frame ejects one flit per cycle. */
static double es_zero_load_cycles(const void *shared, double hops)
{
  const struct es_shared *sh = shared;
  const struct fcsim_params *p = sh->p;
  double F = p->packet_flits;
  return (hops + 1) * (F + 1 + (double)sh->tS) + hops * p->link_latency_cycles + (double)sh->local;
}

/* Drops and pauses per node (each node's own): ranks merge them by sum.
 * They are the run's metrics switch_* (declared in router/switched/metrics.c), read from here
 * when the results are written. */
static int es_counters(const void *shared, struct fcsim_counter *out)
{
  const struct es_shared *sh = shared;
  size_t n = (size_t)sh->g->nodes;
  out[0] = fcsim_counter_placed_u64("switch_dropped_packets", FCSIM_MERGE_SUM, sh->dropped_packets, n);
  out[1] = fcsim_counter_placed_u64("switch_dropped_flits", FCSIM_MERGE_SUM, sh->dropped_flits, n);
  out[2] = fcsim_counter_placed_u64("switch_pause_cycles", FCSIM_MERGE_SUM, sh->pause_cycles, n);
  return 3;
}

const struct fcsim_router_ops fcsim_router_ethswitch = {
    .name = "ethswitch",
    .help = "store-and-forward Ethernet switch / FPGA Ethernet endpoint (Mondigo 2020 §4.2, VCSN 2023 §3): frames "
            "forwarded after their tail plus switch.latency, finite output buffers that pause or drop, framing "
            "overhead as wire idle time, per-flit credits",
    .version = 1,
    .flow_control = "per-flit credits",
    .max_vcs = 1,
    .local_ports = 1,
    .derive = es_derive,
    .setup = es_setup,
    .teardown = es_teardown,
    .input_buffers = es_input_buffers,
    .init = es_init,
    .fini = es_fini,
    .accept = es_accept,
    .step = es_step,
    .credit_capacity = es_credit_capacity,
    .zero_load_cycles = es_zero_load_cycles,
    .counters = es_counters,
};
