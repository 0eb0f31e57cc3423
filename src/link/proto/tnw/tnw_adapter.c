/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW link adapter (`tnw-link`): a two-port node that puts one
 * direction pair of a network link on the TNW link protocol (seed 004 s2.2,
 * link/proto/tnw/proto_tnw.h). link/proto/proto_links.c inserts two of them into every link
 * on `tnw`: router A <-> adapter a == physical line == adapter b <-> router B.
 *
 * Port 0 (local side) speaks the network's per-flit credits to its router:
 * it offers router.vcs VCs (at most 8) of `vc_depth` flits, returns a credit
 * for each flit once the flit has been cut into a TNW packet, and sends the
 * flits that came over the line to the router, keeping their VC, as the
 * router's per-VC credits allow. Port 1 (line side) runs the TNW link module
 * against the adapter at the other end: each router VC is a TNW VC with its
 * own reception FIFO and credits; flits are a byte stream per VC (flit bytes
 * = network.flit_bits / 8), cut into packets of at most `link.tnw_payload`
 * bytes as soon as the line is free (no waiting for a full packet: there is
 * no end-of-stream signal in a network); header, CRC and one control word per
 * ACK, NACK, RESTART or CREDIT go on the wire at the physical link's rate
 * (its bandwidth in flits/cycle x flit bytes); bit errors at `link.ber`
 * corrupt data packets, the receiver answers NACK and go-back-N resends from
 * the txBuffer. A flit is kept until the packet holding its last byte is
 * acknowledged (the resends need it).
 *
 * On the engine's channel between the two adapters a line item (data packet
 * or control word) is one descriptor flit (kind, sequence, fields, how many
 * flits follow) and, for a data packet, copies of the flits whose last byte
 * it carries; it is pushed when its serialisation ends, so it arrives at the
 * far adapter ceil(end) - 1 + latency (link/proto/line.h's convention).
 * Forwarding is in-port to the opposite out-port, always: adapters do no
 * routing, and the routers' ports and VCs are those of the link without
 * adapters. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcsim/model.h"
#include "link/proto/tnw/proto_tnw.h"
#include "link/proto/adapter_buffers.h"
#include "link/proto/ser_time.h"
#include "link/proto/protocols.h"
#include "router/port.h"
#include "router/router.h"
#include "link/proto/proto_links.h"

/* Counters kept per node in the shared set-up (stats/counters.h). */
enum { AD_RETRANS, AD_ERR_INJ, AD_ERR_DET, AD_PAYLOAD, AD_WIRE, AD_ORDER, AD_NCTR };

/* One VC's queues in one adapter. Indices are absolute flit counts. */
struct ad_vc {
  uint64_t tx_in;       /* flits received from the router */
  uint64_t tx_base;     /* oldest flit kept (every flit before it is acknowledged) */
  uint64_t tx_credited; /* flits whose credit went back to the router */
  int64_t tx_cut_bytes; /* bytes of this VC's stream cut into packets */
  uint64_t rx_in;       /* flits of accepted packets, from the line */
  uint64_t rx_ready;    /* flits of consumed packets (may go to the router) */
  uint64_t rx_out;      /* flits sent to the router */
  int32_t credits;      /* free slots of this VC at the router's input */
  int32_t pk_head;      /* oldest accepted packet's entry in pk_flits */
};

/* The fixed part of a node's state. */
struct ad_hdr {
  struct fcsim_tnw_end e;    /* the TNW link module of this end */
  struct fcsim_ser_time ser; /* when the line's serialiser is free, exactly (ser_time.h: ticks are bytes) */
  uint64_t wire_bytes;       /* bytes launched on the line */
  uint64_t payload_flits;    /* flits handed to the router */
  int rr_out;                /* round robin over VCs toward the router */
  uint32_t slot0;            /* graph slot of port 0 */
  struct ad_vc vc[FCSIM_TNW_MAX_VCS];
};

struct ad_shared {
  const struct fcsim_params *p;
  const struct fcsim_tnw_params *tp; /* link.tnw_* (tnw_params.h) */
  const struct fcsim_graph *g;
  int kind;                                 /* this model's kind index */
  int vcs;                                  /* VCs offered to the routers = TNW VCs */
  int depth;                                /* flits per VC at the local input */
  int flit_bytes;                           /* bytes per network flit */
  int packet_flits;                         /* most flits one packet completes */
  int max_window;                           /* largest txBuffer over the adapters */
  uint32_t tx_cap, rx_cap;                  /* per-VC flit rings (powers of two) */
  size_t off_txoff, off_pk, off_tx, off_rx; /* byte offsets in a node's state */
  double ticks_per_cycle;                   /* this kind's cycle in engine ticks */
  uint64_t *ctr[AD_NCTR];                   /* [nodes] counters */
};

/* Pointers into one node's state. */
struct ad_node {
  struct ad_hdr *h;
  int64_t *tx_off;       /* [max_window] stream offset of each packet in the txBuffer, by seq % window */
  uint16_t *pk_flits;    /* [vcs x rx_packets] flits of each accepted packet */
  struct fcsim_flit *tx; /* [vcs x tx_cap] */
  struct fcsim_flit *rx; /* [vcs x rx_cap] */
  uint32_t node;
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static void ad_view(const struct ad_shared *sh, uint32_t node, void *state, struct ad_node *n)
{
  char *b = state;
  n->h = (struct ad_hdr *)b;
  n->tx_off = (int64_t *)(b + sh->off_txoff);
  n->pk_flits = (uint16_t *)(b + sh->off_pk);
  n->tx = (struct fcsim_flit *)(b + sh->off_tx);
  n->rx = (struct fcsim_flit *)(b + sh->off_rx);
  n->node = node;
}

static struct fcsim_flit *tx_at(const struct ad_shared *sh, struct ad_node *n, int v, uint64_t i)
{
  return &n->tx[(size_t)v * sh->tx_cap + (i & (sh->tx_cap - 1))];
}

static struct fcsim_flit *rx_at(const struct ad_shared *sh, struct ad_node *n, int v, uint64_t i)
{
  return &n->rx[(size_t)v * sh->rx_cap + (i & (sh->rx_cap - 1))];
}

/* The line of adapter `node`: its bytes per cycle (a whole number: the
 * link's flits per cycle x flit bytes; the serialiser's ticks per cycle). */
static int64_t line_bytes_per_cycle(const struct ad_shared *sh, uint32_t node)
{
  return (int64_t)sh->g->line_bandwidth_flits[node] * sh->flit_bytes;
}

static int window_of(const struct ad_shared *sh, uint32_t node)
{
  if (sh->tp->window_packets > 0)
    return sh->tp->window_packets;
  const struct fcsim_chan *line = fcsim_graph_out(sh->g, node, 1);
  double packet_cycles =
      (sh->tp->payload_bytes + FCSIM_TNW_HEADER_BYTES + FCSIM_TNW_CRC_BYTES) / (double)line_bytes_per_cycle(sh, node);
  return fcsim_tnw_default_window(line->latency_cycles, packet_cycles);
}

/* ---- local side ---- */

/* The adapter a receive fills (the port kit's take argument). */
struct ad_rx {
  const struct ad_shared *sh;
  struct ad_node *n;
};

/* A router flit into its VC's store and the TNW injection buffer. */
static void ad_take(struct fcsim_ctx *ctx, void *arg, int port, const struct fcsim_flit *f)
{
  (void)port;
  struct ad_rx *rx = arg;
  const struct ad_shared *sh = rx->sh;
  struct ad_node *n = rx->n;
  int v = f->vc;
  struct ad_vc *q = &n->h->vc[v < sh->vcs ? v : 0];
  if (v >= sh->vcs || q->tx_in - q->tx_base >= sh->tx_cap) {
    ctx->acc->buffer_overflows++; /* sized so that this cannot happen */
  } else {
    *tx_at(sh, n, v, q->tx_in++) = *f;
    fcsim_tnw_send(&n->h->e, v, sh->flit_bytes);
  }
}

/* Flits from the router into the VC's store and the TNW injection buffer;
 * the router's credits for the flits sent to it. */
static void ad_take_local(struct fcsim_ctx *ctx, const struct ad_shared *sh, struct ad_node *n)
{
  struct ad_rx rx = {sh, n};
  fcsim_port_drain(ctx, n->node, n->h->slot0, 0, ad_take, &rx);
  fcsim_port_take_vc_credits(ctx, n->h->slot0, FCSIM_TNW_MAX_VCS, &n->h->vc[0].credits, sizeof n->h->vc[0]);
}

/* Flits of consumed packets to the router, one VC's flit per slot of the
 * local channel's bandwidth, VCs in round robin. */
static void ad_send_local(struct fcsim_ctx *ctx, const struct ad_shared *sh, struct ad_node *n)
{
  const struct fcsim_chan *out = &sh->g->chan[n->h->slot0];
  for (int k = 0; k < out->bandwidth_flits; k++) {
    int sent = 0;
    for (int i = 0; i < sh->vcs && !sent; i++) {
      int v = (n->h->rr_out + i) % sh->vcs;
      struct ad_vc *q = &n->h->vc[v];
      if (q->rx_out == q->rx_ready || q->credits <= 0)
        continue;
      struct fcsim_flit f = *rx_at(sh, n, v, q->rx_out++);
      f.vc = (uint8_t)v;
      q->credits--;
      n->h->payload_flits++;
      fcsim_ctx_send(ctx, n->h->slot0, &f, ctx->now);
      n->h->rr_out = (v + 1) % sh->vcs;
      sent = 1;
    }
    if (!sent)
      return;
  }
}

/* Packets the application side may take: one per VC whose previous packet
 * has gone to the router (the reception FIFO is the buffer). */
static void ad_consume(struct fcsim_ctx *ctx, const struct ad_shared *sh, struct ad_node *n)
{
  unsigned mask = 0;
  for (int v = 0; v < sh->vcs; v++)
    if (n->h->vc[v].rx_out == n->h->vc[v].rx_ready)
      mask |= 1u << v;
  int v;
  while (mask && fcsim_tnw_consume_masked(&n->h->e, (int64_t)ctx->now, mask, &v, NULL)) {
    struct ad_vc *q = &n->h->vc[v];
    int rxp = sh->tp->rx_packets;
    q->rx_ready += n->pk_flits[v * rxp + q->pk_head];
    q->pk_head = (q->pk_head + 1) % rxp;
    mask &= ~(1u << v);
  }
}

/* ---- line side ---- */

/* Encodes a line item as its descriptor flit. */
static struct fcsim_flit item_flit(const struct fcsim_pline_item *it, int nflits)
{
  struct fcsim_flit f = {0};
  f.gen = (uint32_t)it->seq;
  f.dest = it->a;
  f.aux = it->b;
  f.vc = (uint8_t)it->kind;
  f.flags = (uint8_t)it->flags;
  f.hops = (uint8_t)nflits;
  return f;
}

/* The flits a data packet completes: [*first, *first + return). */
static int packet_flit_range(const struct ad_shared *sh, int64_t off, int len, uint64_t *first)
{
  *first = (uint64_t)(off / sh->flit_bytes);
  return (int)((off + len) / sh->flit_bytes - off / sh->flit_bytes);
}

/* Cuts, records and credits a packet the module has just made new. */
static void on_new_packet(struct fcsim_ctx *ctx, const struct ad_shared *sh, struct ad_node *n,
                          const struct fcsim_pline_item *it)
{
  int v = (int)(it->a & 0xffu), len = (int)(it->a >> 8);
  struct ad_vc *q = &n->h->vc[v];
  n->tx_off[it->seq % n->h->e.cfg.window] = q->tx_cut_bytes;
  q->tx_cut_bytes += len;
  uint64_t cut = (uint64_t)(q->tx_cut_bytes / sh->flit_bytes);
  if (cut > q->tx_credited) {
    fcsim_port_return_credits(ctx, n->h->slot0, 0, (uint32_t)v, (int32_t)(cut - q->tx_credited));
    q->tx_credited = cut;
  }
}

/* One item from the TNW module onto the line, if the serialiser is free. */
static void ad_emit(struct fcsim_ctx *ctx, const struct ad_shared *sh, struct ad_node *n)
{
  struct ad_hdr *h = n->h;
  int64_t now = (int64_t)ctx->now;
  if (!fcsim_ser_free_by(&h->ser, now))
    return;
  struct fcsim_pline_item it;
  double wire;
  uint64_t fresh = h->e.st.packets_new;
  if (!fcsim_tnw_emit(&h->e, now, &it, &wire))
    return;
  if (it.kind == FCSIM_TNW_DATA && h->e.st.packets_new != fresh)
    on_new_packet(ctx, sh, n, &it);
  /* the cycle its last byte is on the wire (wire bytes are whole) */
  int64_t done = fcsim_ser_add(&h->ser, now, (int64_t)wire, line_bytes_per_cycle(sh, n->node));
  h->wire_bytes += (uint64_t)wire;
  struct fcsim_flit f[256]; /* a descriptor and at most 255 flits (ad_setup) */
  int nf = 0;
  if (it.kind == FCSIM_TNW_DATA) {
    int v = (int)(it.a & 0xffu), len = (int)(it.a >> 8);
    uint64_t first;
    nf = packet_flit_range(sh, n->tx_off[it.seq % h->e.cfg.window], len, &first);
    for (int i = 0; i < nf; i++)
      f[1 + i] = *tx_at(sh, n, v, first + (uint64_t)i);
  }
  f[0] = item_flit(&it, nf);
  fcsim_port_send_burst(ctx, h->slot0 + 1, f, nf + 1, fcsim_clock_tick(ctx->clk, (uint64_t)done));
}

/* Items that have arrived from the far adapter, into the TNW module; the
 * flits of an accepted data packet into its VC's reception queue. */
static void ad_take_line(struct fcsim_ctx *ctx, const struct ad_shared *sh, struct ad_node *n)
{
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[sh->g->in_chan[n->h->slot0 + 1]];
  const struct fcsim_flit *d;
  while ((d = fcsim_port_item_arrived(l, r, ctx->tick))) { /* else the item's last flit has not arrived */
    int nf = d->hops;
    struct fcsim_pline_item it = {
        .kind = d->vc, .a = d->dest, .b = d->aux, .flags = d->flags, .seq = (int64_t)(int32_t)d->gen};
    fcsim_ring_pop(r);
    int64_t expected = n->h->e.expected;
    fcsim_tnw_receive(&n->h->e, &it, (int64_t)ctx->now);
    int accepted = n->h->e.expected != expected;
    int v = (int)(it.a & 0xffu), rxp = sh->tp->rx_packets;
    struct ad_vc *q = &n->h->vc[v < sh->vcs ? v : 0];
    for (int i = 0; i < nf; i++) {
      const struct fcsim_link_slot *c = &l->chan_pool[r->base + (r->head & r->mask)];
      if (accepted)
        *rx_at(sh, n, v, q->rx_in++) = c->flit;
      fcsim_ring_pop(r);
    }
    if (accepted) {
      int fifo = n->h->e.fifo_count[v]; /* this packet is the newest of its VC */
      n->pk_flits[v * rxp + (q->pk_head + fifo - 1) % rxp] = (uint16_t)nf;
    }
  }
  if (!fcsim_ring_visible(r))
    l->pending[n->node] &= ~2ull;
}

/* Flits whose last byte is acknowledged leave the store. */
static void ad_release(const struct ad_shared *sh, struct ad_node *n)
{
  for (int v = 0; v < sh->vcs; v++) {
    uint64_t acked = (uint64_t)(n->h->e.acked_bytes[v] / sh->flit_bytes);
    if (acked > n->h->vc[v].tx_base)
      n->h->vc[v].tx_base = acked;
  }
}

static int ad_busy(const struct ad_shared *sh, const struct ad_node *n, uint64_t now)
{
  const struct fcsim_tnw_end *e = &n->h->e;
  if (!fcsim_tnw_idle(e) || e->acks_owed || e->nack_due || e->restart_due ||
      fcsim_ser_busy_past(&n->h->ser, (int64_t)now))
    return 1;
  for (int v = 0; v < sh->vcs; v++) {
    const struct ad_vc *q = &n->h->vc[v];
    if (q->tx_in != q->tx_base || q->rx_out != q->rx_in || e->credit_owed[v] || e->fifo_count[v])
      return 1;
  }
  return 0;
}

static void ad_count(const struct ad_shared *sh, const struct ad_node *n)
{
  const struct fcsim_tnw_stats *st = &n->h->e.st;
  sh->ctr[AD_RETRANS][n->node] = st->retransmissions;
  sh->ctr[AD_ERR_INJ][n->node] = st->errors_injected;
  sh->ctr[AD_ERR_DET][n->node] = st->errors_detected;
  sh->ctr[AD_PAYLOAD][n->node] = n->h->payload_flits * (uint64_t)sh->flit_bytes;
  sh->ctr[AD_WIRE][n->node] = n->h->wire_bytes;
  sh->ctr[AD_ORDER][n->node] = st->out_of_order + st->order_errors + st->rx_overflow;
}

static uint64_t ad_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct ad_shared *sh = shared;
  struct ad_node n;
  ad_view(sh, node, state, &n);
  ad_take_line(ctx, sh, &n);
  ad_take_local(ctx, sh, &n);
  ad_release(sh, &n);
  ad_consume(ctx, sh, &n);
  ad_send_local(ctx, sh, &n);
  ad_emit(ctx, sh, &n);
  ad_count(sh, &n);
  return ad_busy(sh, &n, ctx->now) ? ctx->now + 1 : UINT64_MAX;
}

static int ad_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  (void)ctx, (void)shared, (void)node, (void)state, (void)pk;
  return FCSIM_EINTERNAL; /* adapters are never endpoints (link/proto/proto_links.c) */
}

/* ---- set-up ---- */

static int ad_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  if (p->vcs > FCSIM_TNW_MAX_VCS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vcs = %d but the TNW link carries at most %d virtual channels (Pivanti 2010 s2.2)",
                           origin, p->vcs, FCSIM_TNW_MAX_VCS);
  if (switch_auto)
    p->switch_cycles = 1;
  /* a packet's worth and the local credit loop (router -> adapter -> router) */
  if (depth_auto)
    p->vc_depth_flits = fcsim_adapter_packet_flits(p) + 2 * FCSIM_ADAPTER_LOCAL_CYCLES + 4;
  p->credit_threshold_flits = 1;
  return 0;
}

static int ad_layout(struct ad_shared *sh, const struct fcsim_router_env *env, struct fcsim_error *err)
{
  const struct fcsim_graph *g = sh->g;
  sh->max_window = 1;
  for (int64_t n = 0; n < g->nodes; n++) {
    if (g->kind[n] != env->kind)
      continue;
    if (!g->line_bandwidth_flits || !g->line_bandwidth_flits[n])
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "router.model = %s is the link adapter that link.protocol = tnw inserts into a link; it "
                             "is not a router for a node",
                             FCSIM_TNW_ADAPTER_MODEL);
    int w = window_of(sh, (uint32_t)n);
    if (w > sh->max_window)
      sh->max_window = w;
  }
  const int rxp = sh->tp->rx_packets;
  int64_t tx = sh->depth + (int64_t)sh->max_window * sh->packet_flits + 2;
  sh->tx_cap = fcsim_pow2_at_least((uint64_t)tx);
  sh->rx_cap = fcsim_pow2_at_least((uint64_t)(rxp + 1) * (uint64_t)sh->packet_flits);
  size_t off = align8(sizeof(struct ad_hdr));
  sh->off_txoff = off;
  off = align8(off + (size_t)sh->max_window * sizeof(int64_t));
  sh->off_pk = off;
  off = align8(off + (size_t)sh->vcs * (size_t)rxp * sizeof(uint16_t));
  sh->off_tx = off;
  off += (size_t)sh->vcs * sh->tx_cap * sizeof(struct fcsim_flit);
  sh->off_rx = off;
  return 0;
}

static void ad_teardown(void *shared)
{
  struct ad_shared *sh = shared;
  if (sh)
    for (int k = 0; k < AD_NCTR; k++)
      free(sh->ctr[k]);
  free(sh);
}

static int ad_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  struct ad_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = p;
  sh->tp = fcsim_tnw_params(p);
  sh->g = &env->topo->graph;
  sh->kind = env->kind;
  sh->vcs = p->vcs < 1 ? 1 : p->vcs;
  sh->depth = p->vc_depth_flits;
  sh->flit_bytes = (p->flit_bits + 7) / 8;
  sh->packet_flits = fcsim_adapter_packet_flits(p);
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  if (sh->packet_flits > 255) {
    ad_teardown(sh);
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "link.tnw_payload = %d bytes is %d flits of %d bits; a TNW packet may hold at most 254",
                           fcsim_tnw_params(p)->payload_bytes, sh->packet_flits - 1, p->flit_bits);
  }
  int rc = ad_layout(sh, env, err);
  for (int k = 0; !rc && k < AD_NCTR; k++)
    if (!(sh->ctr[k] = calloc((size_t)sh->g->nodes, sizeof *sh->ctr[k])))
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (rc) {
    ad_teardown(sh);
    return rc;
  }
  *state_size = align8(sh->off_rx + (size_t)sh->vcs * sh->rx_cap * sizeof(struct fcsim_flit));
  *shared = sh;
  return 0;
}

static int ad_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  const struct ad_shared *sh = shared;
  struct ad_node n;
  ad_view(sh, node, state, &n);
  const struct fcsim_params *p = sh->p;
  struct fcsim_tnw_cfg cfg = {.vcs = sh->vcs,
                              .payload_bytes = fcsim_tnw_params(p)->payload_bytes,
                              .header_bytes = FCSIM_TNW_HEADER_BYTES,
                              .crc_bytes = FCSIM_TNW_CRC_BYTES,
                              .ctrl_bytes = FCSIM_TNW_CTRL_BYTES,
                              .window = window_of(sh, node),
                              .rx_vc_packets = fcsim_tnw_params(p)->rx_packets,
                              .ber = p->link_ber,
                              .seed = p->seed,
                              .link_id = node};
  int rc = fcsim_tnw_init(&n.h->e, &cfg, err);
  if (rc)
    return rc;
  n.h->slot0 = sh->g->port_base[node];
  const struct fcsim_chan *out = &sh->g->chan[n.h->slot0];
  for (int v = 0; v < sh->vcs; v++)
    n.h->vc[v].credits = v < out->dst_vcs ? (int32_t)out->dst_depth_flits : 0;
  return 0;
}

static void ad_fini(const void *shared, uint32_t node, void *state)
{
  (void)shared, (void)node;
  fcsim_tnw_free(&((struct ad_hdr *)state)->e);
}

static void ad_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct ad_shared *sh = shared;
  *vcs = sh->vcs;
  *depth_flits = sh->depth;
}

/* Per-flit credits into the local port (at most one entry per cycle); none
 * on the line, whose credits travel inside the protocol. */
static uint64_t ad_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct ad_shared *sh = shared;
  if (c->dst_port == 1)
    return 1;
  uint64_t lat = (uint64_t)ceil((double)c->credit_latency_ticks / sh->ticks_per_cycle),
           lag = (uint64_t)ceil((double)lag_ticks / sh->ticks_per_cycle);
  return (uint64_t)sh->depth * (uint64_t)sh->vcs + (lat + 2 + lag + 8) * c->bandwidth_flits;
}

/* The `linkbw` model's payload ceiling (framing tnw: header, padded
 * payload, CRC and the ACK word of the reverse direction) for line `node`,
 * beside what the run simulated: the same line rate and payload size. */
static void tnw_model_figures(const struct ad_shared *sh, uint32_t node, json_t *metrics)
{
  const struct fcsim_params *p = sh->p;
  double line = line_bytes_per_cycle(sh, node);
  char a[4][64];
  snprintf(a[0], sizeof a[0], "rate=%.17gbps", line * 8.0 * p->clock_hz);
  snprintf(a[1], sizeof a[1], "max_payload=%d", fcsim_tnw_params(p)->payload_bytes);
  snprintf(a[2], sizeof a[2], "unit=%d", fcsim_tnw_params(p)->payload_bytes);
  snprintf(a[3], sizeof a[3], "size=%d", fcsim_tnw_params(p)->payload_bytes);
  const char *sets[] = {"lanes=1", "code=none", "framing=tnw", a[0], a[1], a[2], a[3], NULL};
  double v[FCSIM_MODEL_MAX_PARAMS], res[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err = {0};
  const struct fcsim_model_ops *m = fcsim_model_find("linkbw");
  double payload = m && !fcsim_model_run("linkbw", NULL, sets, v, res, &err)
                       ? res[fcsim_model_result_index(m, "peak_bytes_per_s")] / p->clock_hz
                       : NAN;
  if (!(line > 0) || !isfinite(payload))
    return;
  json_t *tm = json_object();
  json_object_set_new(tm, "line_bytes_per_cycle", json_real(line));
  json_object_set_new(tm, "payload_bytes_per_cycle", json_real(payload));
  json_object_set_new(metrics, "tnw_model", tm);
}

/* Each tnw line direction's figures (metrics.protocol_links, declared in
 * tnw_protocol.c and link/proto/metrics.c). */
static void ad_line_stats(const void *shared, struct fcsim_link_dir_stats *by_slot)
{
  const int proto = fcsim_link_proto_find(fcsim_link_proto_tnw.name); /* its row */
  const struct ad_shared *sh = shared;
  for (int64_t n = 0; n < sh->g->nodes; n++) {
    if (sh->g->kind[n] != sh->kind)
      continue;
    uint32_t peer;
    struct fcsim_link_dir_stats *d = fcsim_adapter_dir_stats(sh->g, by_slot, (uint32_t)n, &peer);
    if (d)
      *d = (struct fcsim_link_dir_stats){.protocol = proto,
                                         .payload_bytes = sh->ctr[AD_PAYLOAD][peer],
                                         .wire_bytes = sh->ctr[AD_WIRE][n],
                                         .retransmissions = sh->ctr[AD_RETRANS][n],
                                         .errors_injected = sh->ctr[AD_ERR_INJ][n],
                                         .errors_detected = sh->ctr[AD_ERR_DET][peer]};
  }
}

/* tnw's figure after the protocol links' (FCSIM_FIGURES_LINK_MODELS,
 * declared in tnw_protocol.c): the `linkbw` model (framing tnw) for
 * the slowest tnw line, from the run's line rate and link.tnw_payload. */
static void ad_figures_json(const void *shared, int place, json_t *metrics)
{
  const struct ad_shared *sh = shared;
  if (place != FCSIM_FIGURES_LINK_MODELS)
    return;
  int64_t slowest = -1;
  for (int64_t n = 0; n < sh->g->nodes; n++)
    if (sh->g->kind[n] == sh->kind &&
        (slowest < 0 || sh->g->line_bandwidth_flits[n] < sh->g->line_bandwidth_flits[slowest]))
      slowest = n;
  if (slowest >= 0)
    tnw_model_figures(sh, (uint32_t)slowest, metrics);
}

static int ad_counters(const void *shared, struct fcsim_counter *out)
{
  const struct ad_shared *sh = shared;
  /* the run's metrics of the same names (declared in tnw_protocol.c and
   * link/proto/metrics.c), read from here when the results are written;
   * the payload, wire and order counts add up with fc's of the same names */
  static const char *const names[AD_NCTR] = {"retransmissions",    "link_errors_injected", "link_errors_detected",
                                             "link_payload_bytes", "link_wire_bytes",      "link_order_errors"};
  for (int k = 0; k < AD_NCTR; k++)
    out[k] = fcsim_counter_placed_u64(names[k], FCSIM_MERGE_SUM, sh->ctr[k], (size_t)sh->g->nodes);
  return AD_NCTR;
}

/* ---- deadlock reports (link/proto/adapter_buffers.h): VC v's way to the line holds
 * the flits kept until acknowledged, its way from the line the accepted
 * packets' flits. ---- */

static int ad_nbuffers(const void *shared)
{
  return 2 * ((const struct ad_shared *)shared)->vcs;
}

static int ad_buffer_busy(const void *shared, const void *state, int buf)
{
  const struct ad_shared *sh = shared;
  const struct ad_vc *q = &((const struct ad_hdr *)state)->vc[buf % sh->vcs];
  return buf < sh->vcs ? q->tx_in != q->tx_base : q->rx_in != q->rx_out;
}

static int ad_waits_for(const void *shared, const struct fcsim_states *all, struct fcsim_buf_ref at,
                        struct fcsim_buf_ref *next)
{
  const struct ad_shared *sh = shared;
  int busy = ad_buffer_busy(shared, fcsim_state_of(all, at.node), at.buf);
  return fcsim_adapter_waits_for(sh->g, sh->vcs, busy, at, next);
}

static void ad_describe_buffer(const void *shared, struct fcsim_buf_ref at, char *buf, size_t size)
{
  const struct ad_shared *sh = shared;
  fcsim_adapter_describe_buffer(sh->g, FCSIM_TNW_ADAPTER_MODEL, sh->vcs, at, buf, size);
}

const struct fcsim_router_ops fcsim_router_tnw_link = {
    .name = FCSIM_TNW_ADAPTER_MODEL,
    .help = "TNW link adapter, inserted two per link by link.protocol = tnw (not a router for a node; docs/LINKS.md)",
    .version = 1,
    .max_vcs = FCSIM_TNW_MAX_VCS,
    .flow_control = "per-flit credits",
    .derive = ad_derive,
    .setup = ad_setup,
    .teardown = ad_teardown,
    .input_buffers = ad_input_buffers,
    .init = ad_init,
    .fini = ad_fini,
    .accept = ad_accept,
    .step = ad_step,
    .nbuffers = ad_nbuffers,
    .buffer_busy = ad_buffer_busy,
    .waits_for = ad_waits_for,
    .describe_buffer = ad_describe_buffer,
    .credit_capacity = ad_credit_capacity,
    .line_stats = ad_line_stats,
    .figures_json = ad_figures_json,
    .counters = ad_counters,
};
