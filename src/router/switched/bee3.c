/* SPDX-License-Identifier: BSD-3-Clause */
/* The routers of seed 003's BEE3 networks (`router.model = bee3`, on
 * network.topology = bee3; the port roles come from topo/bee3.h): the
 * full-crossbar router of Fig. 2 on every FPGA, the MGT router of Fig. 3 on
 * FPGAs with more than two serial channels (Four-x2, Eight-x1). The 10GbE
 * switches of §IV.A are `ethswitch` nodes (topo/bee3.c gives them that
 * kind); the switch role kept here serves only a graph that names bee3 for
 * them.
 *
 * Crossbar (as src/router/switched/crossbar.c): one input FIFO per graph port (an
 * on-board link is two ports, one per class: topo/bee3.c) plus a local
 * injection FIFO, a head at the front requests the output the routing
 * gives, an iterative round-robin allocator per output (the granted input
 * drops to lowest priority), outputs held head to tail, one credit per flit.
 * Added here, because the links of a graph carry whole flits per cycle and
 * the BEE3's do not:
 *  - pacing: every output sends its flits no faster than its link's payload
 *    rate (on-board 1.86 GB/s, Aurora lanes x 195 MB/s, 10GbE 10 Gb/s less
 *    Ethernet framing), the ejection port at the crossbar's 2 GB/s (64 bits
 *    at 250 MHz); a leaky bucket in thousandths of a cycle, no bursts;
 *  - delays from the seed: 64 ns through the crossbar at every FPGA; at an
 *    MGT router, 48 ns through the receive subrouter for a flit that came in
 *    on a serial port, 40 ns through the transmit subrouter; at a switch,
 *    450 ns; at an FPGA's 10GbE input, the MAC's checksum check: the rest of
 *    the seed's hop once links, switch and the switch's store-and-forward
 *    are simulated (fcsim_bee3_eth_mac_ns).
 *
 * MGT router. Receive subrouter: the serial inputs reach the crossbar through
 * one stream: a strongly fair round-robin pointer picks which serial input
 * may request (one at a time holds a crossbar output, head to tail).
 * Transmit subrouter: the crossbar's gateway output writes one packet at a
 * time (2 GB/s) into the outbound buffer of its serial port, without
 * arbitration; each outbound buffer (router.vc_depth flits, the seed's "large
 * buffers") drains onto its Aurora channel at the channel's rate.
 *
 * Zero load: a packet's head takes exactly Table I's sum (topo/bee3_table.c)
 * plus the two local channels (router.local_cycles each). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "router/port.h"
#include "router/router.h"
#include "router/switched/params.h"
#include "topo/bee3.h"

#define B3_NONE    (-1)
#define B3_MAX_NP  FCSIM_BEE3_MAX_PORTS
#define B3_MAX_SER 8 /* serial channels per FPGA */

struct b3_in {
  uint32_t head;  /* oldest flit */
  uint32_t count; /* flits buffered */
  int16_t out;    /* output of the front packet, B3_NONE before routing */
  uint16_t pad;
};

struct b3_out {
  int16_t holder;   /* input holding it head to tail, B3_NONE when free */
  uint16_t rr;      /* round-robin pointer: the input with the highest priority */
  int32_t credits;  /* free slots known downstream (unused for ejection and MGT ports) */
  uint64_t ready_m; /* pacing: thousandths of a cycle before which it may not send again */
  uint64_t hold_until; /* per-packet overhead: the holder's head may not leave before this cycle */
};

struct b3_obuf {
  uint32_t head, count; /* an MGT port's outbound buffer */
};

struct b3_hdr {
  uint32_t buffered;  /* flits in the input FIFOs */
  uint32_t queued;    /* packets in the source queue */
  uint32_t inj_sent;  /* flits of the front packet moved into the local FIFO */
  uint32_t obuffered; /* flits in outbound buffers */
  int16_t rx_holder;  /* MGT: the serial input streaming into the crossbar, or B3_NONE */
  int16_t tx_holder;  /* MGT: the serial output the gateway is writing, or B3_NONE */
  uint16_t rx_rr;     /* MGT: receive arbiter's pointer (a port) */
  uint16_t pad;
  uint64_t tx_ready_m;      /* MGT: pacing of the gateway (2 GB/s) */
  struct fcsim_pktq srcq;   /* packets created here */
  struct fcsim_rng hop_rng; /* per-hop routing choices */
};

/* Per node and port, what the port is (from the BEE3 description). */
struct b3_port_info {
  uint32_t ival_m;   /* pacing: thousandths of a cycle per flit on the output */
  uint32_t rx_delay; /* cycles a flit waits after arriving (MGT receive, 10GbE MAC) */
  uint8_t mgt;       /* a serial port of an MGT router (outbound buffer) */
  uint8_t serial;    /* an Aurora or 10GbE port */
  uint8_t pacer;     /* the output whose pacing it shares (both classes of an on-board link: the first) */
};

struct b3_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_graph *g;
  const struct fcsim_routing_ops *routing;
  struct fcsim_bee3 b;
  struct b3_port_info info[FCSIM_BEE3_MAX_NODES][B3_MAX_NP + 1]; /* [np]: the ejection port */
  int np, nin, depth, odepth;
  double ticks_per_cycle;
  uint64_t S_xbar, S_switch, tx, local; /* cycles */
  uint64_t pkt_overhead;                /* router.packet_overhead_cycles, at every FPGA's crossbar */
  uint32_t gate_ival_m;                 /* the crossbar datapath, thousandths of a cycle per flit */
  size_t off_in, off_out, off_buf, off_rdy, off_ob, off_obuf, off_ordy;
};

struct b3_node {
  struct b3_hdr *h;
  struct b3_in *in;
  struct b3_out *out;
  struct fcsim_flit *buf;  /* [nin * depth] */
  uint64_t *rdy;           /* [nin * depth] cycle from which each buffered flit may move */
  struct b3_obuf *ob;      /* [B3_MAX_SER] */
  struct fcsim_flit *obuf; /* [B3_MAX_SER * odepth] */
  uint64_t *ordy;          /* [B3_MAX_SER * odepth] */
  const struct b3_port_info *info;
  uint32_t node, slot0;
  int radix, fpga;
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static void b3_view(const struct b3_shared *sh, uint32_t node, void *state, struct b3_node *n)
{
  char *b = state;
  n->h = (struct b3_hdr *)b;
  n->in = (struct b3_in *)(b + sh->off_in);
  n->out = (struct b3_out *)(b + sh->off_out);
  n->buf = (struct fcsim_flit *)(b + sh->off_buf);
  n->rdy = (uint64_t *)(b + sh->off_rdy);
  n->ob = (struct b3_obuf *)(b + sh->off_ob);
  n->obuf = (struct fcsim_flit *)(b + sh->off_obuf);
  n->ordy = (uint64_t *)(b + sh->off_ordy);
  n->info = sh->info[node];
  n->node = node;
  n->slot0 = sh->g->port_base[node];
  n->radix = (int)(sh->g->port_base[node + 1] - n->slot0);
  n->fpga = fcsim_bee3_is_fpga(&sh->b, (int)node);
}

static size_t b3_front_at(const struct b3_shared *sh, const struct b3_node *n, int i)
{
  return (size_t)i * (size_t)sh->depth + n->in[i].head;
}

static inline void b3_push(struct fcsim_ctx *ctx, const struct b3_shared *sh, struct b3_node *n, int i,
                           const struct fcsim_flit *f, uint64_t ready)
{
  struct b3_in *in = &n->in[i];
  if (in->count >= (uint32_t)sh->depth) {
    ctx->acc->buffer_overflows++;
    return;
  }
  uint32_t tail = in->head + in->count;
  if (tail >= (uint32_t)sh->depth)
    tail -= (uint32_t)sh->depth;
  n->buf[(size_t)i * (size_t)sh->depth + tail] = *f;
  n->rdy[(size_t)i * (size_t)sh->depth + tail] = ready;
  in->count++;
  n->h->buffered++;
  if (i < sh->np && !ctx->acc->max_busy_vcs)
    ctx->acc->max_busy_vcs = 1;
}

static void b3_pop(struct b3_node *n, const struct b3_shared *sh, int i, int was_tail)
{
  struct b3_in *in = &n->in[i];
  if (++in->head == (uint32_t)sh->depth)
    in->head = 0;
  in->count--;
  n->h->buffered--;
  if (was_tail)
    in->out = B3_NONE;
}

/* The node a receive fills (the port kit's take argument). */
struct b3_rx {
  const struct b3_shared *sh;
  struct b3_node *n;
};

/* A flit off input q waits the port's receive delay (MGT, 10GbE MAC). */
static void b3_take(struct fcsim_ctx *ctx, void *arg, int q, const struct fcsim_flit *f)
{
  struct b3_rx *rx = arg;
  b3_push(ctx, rx->sh, rx->n, q, f, ctx->now + rx->n->info[q].rx_delay);
}

static void b3_receive(struct fcsim_ctx *ctx, const struct b3_shared *sh, struct b3_node *n)
{
  struct b3_rx rx = {sh, n};
  fcsim_port_receive(ctx, n->node, n->slot0, b3_take, &rx);
  fcsim_port_take_credits(ctx, n->slot0, n->radix, &n->out[0].credits, sizeof n->out[0]);
}

static void b3_inject(struct fcsim_ctx *ctx, const struct b3_shared *sh, struct b3_node *n)
{
  struct fcsim_flit f;
  if (!fcsim_port_inject_next(ctx, &n->h->srcq, n->h->inj_sent, sh->local, &f) ||
      n->in[sh->np].count >= (uint32_t)sh->depth)
    return;
  b3_push(ctx, sh, n, sh->np, &f, ctx->now);
  if (fcsim_port_injected(ctx, &n->h->srcq, &n->h->inj_sent))
    n->h->queued--;
}

static int b3_route(const struct b3_shared *sh, struct b3_node *n, int i)
{
  const struct fcsim_flit *f = &n->buf[b3_front_at(sh, n, i)];
  if (f->dest == n->node)
    return sh->np;
  return sh->routing->route(sh->topo, sh->p, n->node, f->dest, f->route, i == sh->np ? -1 : i, &n->h->hop_rng, NULL);
}

/* An MGT router's serial inputs share one stream into the crossbar: the
 * receive arbiter (round robin from rx_rr) picks the one that may request. */
static int b3_rx_pick(const struct b3_shared *sh, struct b3_node *n, uint64_t now)
{
  if (n->h->rx_holder != B3_NONE)
    return n->h->rx_holder;
  for (int k = 0; k < sh->np; k++) {
    int i = (n->h->rx_rr + k) % sh->np;
    if (i < n->radix && n->info[i].mgt && n->in[i].count && n->rdy[b3_front_at(sh, n, i)] <= now)
      return i;
  }
  return B3_NONE;
}

/* Whether output o can take a new packet now. */
static int b3_out_free(const struct b3_shared *sh, const struct b3_node *n, int o)
{
  if (n->out[o].holder != B3_NONE)
    return 0;
  if (o == sh->np)
    return 1;
  if (n->info[o].mgt)
    return n->h->tx_holder == B3_NONE && n->ob[o - FCSIM_BEE3_ONBOARD].count < (uint32_t)sh->odepth;
  return n->out[o].credits > 0;
}

static void b3_allocate(const struct b3_shared *sh, struct b3_node *n, uint64_t now)
{
  uint64_t req[B3_MAX_NP + 1], outputs = 0;
  int rx = n->fpga && sh->b.mgt ? b3_rx_pick(sh, n, now) : B3_NONE;
  for (int i = 0; i < sh->nin; i++) {
    struct b3_in *in = &n->in[i];
    if (in->count == 0 || n->rdy[b3_front_at(sh, n, i)] > now)
      continue;
    if (i < n->radix && n->info[i].mgt && i != rx)
      continue;
    if (in->out == B3_NONE)
      in->out = (int16_t)b3_route(sh, n, i);
    int o = in->out;
    if (!b3_out_free(sh, n, o))
      continue;
    if (!(outputs & (1ull << o))) {
      outputs |= 1ull << o;
      req[o] = 0;
    }
    req[o] |= 1ull << i;
  }
  for (; outputs; outputs &= outputs - 1) {
    int o = __builtin_ctzll(outputs);
    if (o < sh->np && n->info[o].mgt && n->h->tx_holder != B3_NONE)
      continue; /* the gateway took another serial output this cycle */
    struct b3_out *out = &n->out[o];
    uint64_t r = req[o], at_or_after = r & (~0ull << out->rr);
    int w = __builtin_ctzll(at_or_after ? at_or_after : r);
    out->holder = (int16_t)w;
    out->rr = (uint16_t)((w + 1) % sh->nin);
    out->hold_until = n->fpga ? now + sh->pkt_overhead : now;
    if (w == rx) {
      n->h->rx_holder = (int16_t)w;
      n->h->rx_rr = (uint16_t)((w + 1) % sh->np);
    }
    if (o < sh->np && n->info[o].mgt)
      n->h->tx_holder = (int16_t)o;
  }
}

/* Leaky bucket: may the pacer at *ready_m send at `now`? Then charge it.
 * Sends happen on whole cycles; the fraction of a cycle by which the pacer
 * was ready early is kept (so 5.128 cycles per flit averages 5.128, not 6),
 * but no more than one cycle of it (no bursts after idling). */
static int b3_pace(uint64_t *ready_m, uint64_t now, uint32_t ival_m)
{
  uint64_t now_m = now * 1000;
  if (*ready_m > now_m)
    return 0;
  *ready_m = (now_m - *ready_m < 1000 ? *ready_m : now_m) + ival_m;
  return 1;
}

static void b3_traverse(struct fcsim_ctx *ctx, const struct b3_shared *sh, struct b3_node *n)
{
  const uint64_t now = ctx->now, at = now + (n->fpga ? sh->S_xbar : sh->S_switch);
  for (int o = 0; o < sh->nin; o++) {
    struct b3_out *out = &n->out[o];
    int i = out->holder;
    if (i == B3_NONE || n->in[i].count == 0 || n->rdy[b3_front_at(sh, n, i)] > now || out->hold_until > now)
      continue;
    int mgt = o < sh->np && n->info[o].mgt;
    struct b3_obuf *ob = mgt ? &n->ob[o - FCSIM_BEE3_ONBOARD] : NULL;
    if (mgt ? ob->count >= (uint32_t)sh->odepth || !b3_pace(&n->h->tx_ready_m, now, sh->gate_ival_m)
            : !fcsim_port_can_send(o, sh->np, out->credits) ||
                  !b3_pace(&n->out[n->info[o].pacer].ready_m, now, n->info[o].ival_m))
      continue;
    struct fcsim_flit f = n->buf[b3_front_at(sh, n, i)];
    int tail = (f.flags & FCSIM_FLIT_TAIL) != 0;
    b3_pop(n, sh, i, tail);
    if (i < sh->np)
      fcsim_port_return_credits(ctx, n->slot0, i, 0, 1);
    if (o == sh->np) {
      fcsim_ctx_ejected(ctx, n->node, &f, at + sh->local);
    } else if (mgt) {
      size_t k = (size_t)(o - FCSIM_BEE3_ONBOARD) * (size_t)sh->odepth, pos = (ob->head + ob->count) % sh->odepth;
      n->obuf[k + pos] = f;
      n->ordy[k + pos] = at;
      ob->count++;
      n->h->obuffered++;
    } else {
      fcsim_port_send(ctx, n->slot0, o, &f, &out->credits, at);
    }
    if (tail) {
      out->holder = B3_NONE;
      if (n->h->rx_holder == i)
        n->h->rx_holder = B3_NONE;
      if (mgt)
        n->h->tx_holder = B3_NONE;
    }
  }
}

/* The MGT transmit subrouter's outbound buffers onto their channels. */
static void b3_drain(struct fcsim_ctx *ctx, const struct b3_shared *sh, struct b3_node *n)
{
  if (!n->h->obuffered)
    return;
  for (int c = 0; c < sh->b.channels && c < B3_MAX_SER; c++) {
    int o = FCSIM_BEE3_ONBOARD + c;
    struct b3_obuf *ob = &n->ob[c];
    size_t k = (size_t)c * (size_t)sh->odepth;
    if (!ob->count || n->ordy[k + ob->head] > ctx->now || n->out[o].credits <= 0 ||
        !b3_pace(&n->out[o].ready_m, ctx->now, n->info[o].ival_m))
      continue;
    struct fcsim_flit f = n->obuf[k + ob->head];
    ob->head = (ob->head + 1) % (uint32_t)sh->odepth;
    ob->count--;
    n->h->obuffered--;
    fcsim_port_send(ctx, n->slot0, o, &f, &n->out[o].credits, ctx->now + sh->tx);
  }
}

static uint64_t b3_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct b3_shared *sh = shared;
  struct b3_node n;
  b3_view(sh, node, state, &n);
  b3_receive(ctx, sh, &n);
  b3_inject(ctx, sh, &n);
  b3_allocate(sh, &n, ctx->now);
  b3_traverse(ctx, sh, &n);
  b3_drain(ctx, sh, &n);
  return n.h->buffered || n.h->queued || n.h->obuffered ? ctx->now + 1 : UINT64_MAX;
}

static int b3_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  (void)ctx, (void)shared, (void)node;
  struct b3_hdr *h = state;
  return fcsim_port_accept(&h->srcq, &h->queued, pk);
}

static uint64_t cycles_of(double ns, double clock_hz)
{
  return (uint64_t)ceil(ns * 1e-9 * clock_hz - 1e-6);
}

static uint32_t ival_of(double gbps, const struct fcsim_params *p)
{
  double ns_per_flit = p->flit_bits / 8.0 / gbps;
  return (uint32_t)llround(ns_per_flit * 1e-9 * p->clock_hz * 1000.0);
}

/* ns per flit an FPGA sends to its switch at (its paced 10GbE rate). */
static double eth_sender_ns(const struct fcsim_bee3 *b, const struct fcsim_params *p)
{
  int bytes = p->packet_flits * p->flit_bits / 8;
  return ival_of(fcsim_bee3_port_gbps(b, 0, FCSIM_BEE3_ONBOARD, bytes), p) / 1000.0 * 1e9 / p->clock_hz;
}

static void b3_fill_info(struct b3_shared *sh)
{
  const struct fcsim_params *p = sh->p;
  const struct fcsim_bee3 *b = &sh->b;
  int bytes = p->packet_flits * p->flit_bits / 8;
  sh->gate_ival_m = ival_of(FCSIM_BEE3_XBAR_GBPS, p);
  for (int n = 0; n < b->nodes; n++) {
    for (int q = 0; q < b->radix[n]; q++) {
      struct b3_port_info *in = &sh->info[n][q];
      const struct fcsim_bee3_port *bp = &b->port[n][q];
      double gbps = fcsim_bee3_port_gbps(b, n, q, bytes);
      in->ival_m = gbps > 0 ? ival_of(gbps, p) : 0;
      in->serial = bp->cls == FCSIM_BEE3_AURORA || bp->cls == FCSIM_BEE3_ETH;
      in->pacer =
          (uint8_t)(fcsim_bee3_is_fpga(b, n) && q >= FCSIM_BEE3_FINAL && q < FCSIM_BEE3_ONBOARD ? q - FCSIM_BEE3_FINAL
                                                                                                : q);
      in->mgt = b->mgt && fcsim_bee3_is_fpga(b, n) && bp->cls == FCSIM_BEE3_AURORA;
      if (in->mgt)
        in->rx_delay = (uint32_t)cycles_of(FCSIM_BEE3_MGT_RX_NS, p->clock_hz);
      else if (bp->cls == FCSIM_BEE3_ETH && fcsim_bee3_is_fpga(b, n))
        in->rx_delay =
            (uint32_t)cycles_of(fcsim_bee3_eth_mac_ns(bytes, p->flit_bits, eth_sender_ns(b, p)), p->clock_hz);
    }
    sh->info[n][sh->np].ival_m = sh->gate_ival_m; /* ejection: the crossbar datapath */
    sh->info[n][sh->np].pacer = (uint8_t)sh->np;
  }
}

static int b3_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  if (p->topology != FCSIM_TOPO_BEE3)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = bee3 models the FPGAs and switches of Bunker & Swanson's BEE3 networks: it needs "
                           "network.topology = bee3 (the crossbar alone: router.model = crossbar)");
  struct b3_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = fcsim_bee3_describe(p, &sh->b, err);
  if (rc) {
    free(sh);
    return rc;
  }
  sh->p = p;
  sh->topo = env->topo;
  sh->g = &env->topo->graph;
  sh->routing = env->routing;
  sh->np = sh->g->max_radix;
  sh->nin = sh->np + 1;
  sh->depth = p->vc_depth_flits;
  sh->odepth = p->vc_depth_flits;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  sh->S_xbar = cycles_of(FCSIM_BEE3_XBAR_NS, p->clock_hz);
  sh->S_switch = cycles_of(FCSIM_BEE3_SWITCH_NS, p->clock_hz);
  sh->tx = cycles_of(FCSIM_BEE3_MGT_TX_NS, p->clock_hz);
  sh->local = (uint64_t)p->local_cycles;
  sh->pkt_overhead =
      (uint64_t)((const struct fcsim_bee3_router_params *)fcsim_params_block(p, &fcsim_bee3_router_block))
          ->packet_overhead_cycles;
  b3_fill_info(sh);
  size_t off = align8(sizeof(struct b3_hdr)), nbuf = (size_t)sh->nin * (size_t)sh->depth,
         nob = (size_t)B3_MAX_SER * (size_t)sh->odepth;
  sh->off_in = off;
  off = align8(off + (size_t)sh->nin * sizeof(struct b3_in));
  sh->off_out = off;
  off = align8(off + (size_t)sh->nin * sizeof(struct b3_out));
  sh->off_buf = off;
  off = align8(off + nbuf * sizeof(struct fcsim_flit));
  sh->off_rdy = off;
  off = align8(off + nbuf * sizeof(uint64_t));
  sh->off_ob = off;
  off = align8(off + B3_MAX_SER * sizeof(struct b3_obuf));
  sh->off_obuf = off;
  off = align8(off + nob * sizeof(struct fcsim_flit));
  sh->off_ordy = off;
  off += nob * sizeof(uint64_t);
  *state_size = align8(off);
  *shared = sh;
  return 0;
}

static void b3_teardown(void *shared)
{
  free(shared);
}

static int b3_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  (void)err;
  const struct b3_shared *sh = shared;
  struct b3_node n;
  b3_view(sh, node, state, &n);
  fcsim_rng_init(&n.h->hop_rng, sh->p->seed, node, FCSIM_RNG_HOP);
  n.h->rx_holder = n.h->tx_holder = B3_NONE;
  for (int i = 0; i < sh->nin; i++) {
    n.in[i].out = B3_NONE;
    n.out[i].holder = B3_NONE;
    n.out[i].hold_until = 0;
    const struct fcsim_chan *ch = i < n.radix ? fcsim_graph_out(sh->g, node, i) : NULL;
    n.out[i].credits = ch && ch->dst >= 0 ? (int32_t)ch->dst_depth_flits : 0;
  }
  return 0;
}

static void b3_fini(const void *shared, uint32_t node, void *state)
{
  (void)shared, (void)node;
  struct b3_hdr *h = state;
  free(h->srcq.buf);
  h->srcq.buf = NULL;
}

/* One FIFO per port (no VCs); the largest delay before a flit's link stamp
 * (the switch's 450 ns) sizes the link rings, so it is switch_cycles; the
 * FIFOs default to 512 flits (4 KiB at 64-bit flits, one largest packet of
 * Fig. 6), the seed's "large buffers". */
static int b3_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  (void)origin, (void)switch_auto, (void)err;
  p->vcs = 1;
  p->credit_threshold_flits = 1;
  p->switch_cycles = (int)cycles_of(FCSIM_BEE3_SWITCH_NS, p->clock_hz);
  if (depth_auto)
    p->vc_depth_flits = 512;
  return 0;
}

static uint64_t b3_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct b3_shared *sh = shared;
  return fcsim_port_credit_capacity(sh->depth, sh->ticks_per_cycle, c, lag_ticks);
}

static void b3_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct b3_shared *sh = shared;
  *vcs = 1;
  *depth_flits = sh->depth;
}

static int b3_nbuffers(const void *shared)
{
  return ((const struct b3_shared *)shared)->nin;
}

static int b3_buffer_busy(const void *shared, const void *state, int buf)
{
  const struct b3_shared *sh = shared;
  return ((const struct b3_in *)((const char *)state + sh->off_in))[buf].count != 0;
}

static int b3_waits_for(const void *shared, const struct fcsim_states *all, struct fcsim_buf_ref at,
                        struct fcsim_buf_ref *next)
{
  const struct b3_shared *sh = shared;
  const char *st = fcsim_state_of(all, at.node);
  const struct b3_in *in = (const struct b3_in *)(st + sh->off_in) + at.buf;
  const struct b3_out *out = (const struct b3_out *)(st + sh->off_out);
  int o = in->out; /* B3_NONE (-1) before routing; out[] has the ejection port too */
  return fcsim_port_fifo_waits_for(sh->g, sh->np, at, in->count != 0, o, o >= 0 ? out[o].holder : B3_NONE, next);
}

static void b3_describe_buffer(const void *shared, struct fcsim_buf_ref at, char *buf, size_t size)
{
  const struct b3_shared *sh = shared;
  char name[FCSIM_NODE_NAME_MAX + 8];
  fcsim_graph_node_name(sh->g, at.node, name, sizeof name);
  if (at.buf >= sh->np)
    snprintf(buf, size, "node %s in the local input fifo", name);
  else
    snprintf(buf, size, "node %s in port %d fifo", name, at.buf);
}

/* The layout's network resources per FPGA, as other models report their
 * area: seed 003 Fig. 7's measured figures (topo/bee3_table.c), after the
 * area (FCSIM_FIGURES_AREA; declared in router/switched/metrics.c) when known. */
static void b3_figures_json(const void *shared, int place, json_t *metrics)
{
  const struct b3_shared *sh = shared;
  struct fcsim_bee3_resources r = fcsim_bee3_fig7(sh->b.layout);
  if (place != FCSIM_FIGURES_AREA || !r.luts)
    return;
  json_object_set_new(metrics, "fpga_luts", json_integer(r.luts));
  json_object_set_new(metrics, "fpga_ffs", json_integer(r.ffs));
  json_object_set_new(metrics, "fpga_brams", json_integer(r.brams));
}

/* The same in the text report: a Virtex-5 XC5VLX155T has 97,280 LUTs and
 * flip-flops, 212 BRAMs. */
static void b3_figures_text(const void *shared, int place, FILE *out)
{
  const struct b3_shared *sh = shared;
  struct fcsim_bee3_resources r = fcsim_bee3_fig7(sh->b.layout);
  if (place != FCSIM_FIGURES_AREA || !r.luts)
    return;
  fprintf(out, "  fpga_resources: %d LUTs (%.1f%%), %d FFs (%.1f%%), %d BRAMs (%.1f%%) of an XC5VLX155T (Bunker & "
               "Swanson Fig. 7)\n",
          r.luts, 100.0 * r.luts / 97280, r.ffs, 100.0 * r.ffs / 97280, r.brams, 100.0 * r.brams / 212);
}

const struct fcsim_router_ops fcsim_router_bee3 = {
    .name = "bee3",
    .help = "Bunker & Swanson's BEE3 routers (network.topology = bee3): full crossbar with links paced at their rates, the "
            "MGT router (48 ns receive, 40 ns transmit subrouters) with more than two serial channels, the 10GbE "
            "switch",
    .version = 1,
    .flow_control = "per-flit credits",
    .max_vcs = 1,
    .local_ports = 1,
    .derive = b3_derive,
    .setup = b3_setup,
    .teardown = b3_teardown,
    .input_buffers = b3_input_buffers,
    .init = b3_init,
    .fini = b3_fini,
    .accept = b3_accept,
    .step = b3_step,
    .nbuffers = b3_nbuffers,
    .buffer_busy = b3_buffer_busy,
    .waits_for = b3_waits_for,
    .describe_buffer = b3_describe_buffer,
    .credit_capacity = b3_credit_capacity,
    .figures_json = b3_figures_json,
    .figures_text = b3_figures_text,
};
