/* SPDX-License-Identifier: BSD-3-Clause */
/* The flow-controller link adapter (`fc-link`): a two-port node that puts
 * one link of a network on Mondigo's credit-based flow controller (seed 001
 * ch. 2, link/proto/fc/proto_fc.h). link/proto/proto_links.c inserts two of them into every
 * link on `fc`: router A <-> adapter a == line == adapter b <-> router B.
 *
 * One FC instance per router VC. The FC is one FIFO stream with one credit
 * counter; a single instance under VC routers would merge their VCs into one
 * queue, so that a blocked packet of one VC blocks all and the dateline
 * argument that keeps a torus deadlock-free fails. Each VC v therefore has
 * its own FC endpoint: its own input buffer, TX buffer (D_CU), credit
 * counter, RX FIFO (link.fc_rx_depth) and credit returns. The instances
 * share the line: an FC packet (header and its Len data flits) goes out
 * whole, and between packets a round-robin arbiter gives the line to the
 * next VC whose endpoint has a flit to send (a data packet, a CO packet, a
 * sync flit). A packet never stops half-way for credits (proto_fc.c), so no
 * VC holds the line while blocked. The header names its VC in bits 31:28
 * (the seed's header is 28 bits of a w-bit control flit; proto_fc.h); data
 * flits carry none: they follow their header, and the receiver keeps the VC
 * of the last header with Len > 0. With router.vcs = 1 this is exactly the
 * single FC of earlier versions.
 *
 * Port 0 speaks per-flit credits to the router: per VC an input buffer of
 * `vc_depth` flits whose front the application side writes into that VC's
 * FC TX buffer, one flit a cycle (a credit goes back per flit written); one
 * flit a cycle that an FC RX side lets the application read goes to the
 * router on its VC as the router's credits allow (round robin over VCs).
 * Port 1 runs fcsim_fc_* against the far adapter: FC flits are network
 * flits, one a cycle on the line at its rate; headers every D_CU flits (or
 * at force send), credits every D_CU reads, piggybacked or in CO packets;
 * D_CU = TX depth = link.fc_d_cu; RX depth link.fc_rx_depth (auto: Eq. 2.4
 * with one flit of margin, per VC); write-forward 4 cycles; after each FC
 * packet (the flit marked last) the line idles link.fc_gap_bytes (the SL3
 * burst gap; 0 by default); with link.fc_metaframe_words = L every line
 * time (flits and gaps) is stretched by L/(L-4), the SL3 metaframe's 4
 * control words per L on every lane (0 by default: none). After reset
 * (cycle 0) both ends send sync flits until they receive the peer's (seed
 * 001 s2.2.1). Both ends leave reset together and nothing but sync flits
 * is on the line until they are up, so the exchange is not stepped flit by
 * flit: each end is up when the peer's first sync flit arrives (its
 * serialisation and the line's latency: link_up_cycle), has sent one sync
 * flit a cycle until then (counted in the wire bytes), and writes no data
 * flit into a TX buffer before (the routers' flits wait in the input
 * buffers; an adapter woken early is stepped every cycle until up). The
 * sync is the link's, not a VC's: every VC's endpoint comes up with it. The FC has no CRC: link.ber does not apply to
 * it.
 *
 * On the engine channel between the two adapters an FC flit is a
 * descriptor (kind, header word, flags) followed, for a data flit, by the
 * network flit it carries (link/proto/tnw/tnw_adapter.c). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcsim/model.h"
#include "link/proto/fc/fc_params.h"
#include "link/proto/fc/proto_fc.h"
#include "link/proto/adapter_buffers.h"
#include "link/proto/ser_time.h"
#include "link/proto/protocols.h"
#include "router/port.h"
#include "router/router.h"
#include "link/proto/proto_links.h"

/* Per-node counters: bytes, overflows, credit-stall cycles (all VCs), the
 * largest RX FIFO occupancy of a VC, the cycles from reset to the first data flit
 * (+ 1; 0: none yet). */
enum { FA_PAYLOAD, FA_WIRE, FA_OVERFLOW, FA_STALL, FA_RX_PEAK, FA_FIRST_DATA, FA_NCTR };

/* A ring of flits in a node's state. */
struct fa_ring {
  uint32_t head, count; /* oldest entry, entries */
};

/* One VC's queues in one adapter. */
struct fa_vc {
  struct fa_ring in, tx, rx; /* router -> FC TX, FC TX buffer, FC RX buffer */
  int32_t credits;           /* free slots of this VC at the router's input */
};

/* The fixed part of a node's state; the VCs' FC endpoints, queues and
 * rings follow at the offsets in fa_shared. */
struct fa_hdr {
  struct fcsim_ser_time ser; /* when the line's serialiser is free, exactly (line_ticks) */
  uint64_t wire_bytes;       /* bytes launched on the line */
  uint64_t payload_flits;    /* flits handed to the router */
  uint64_t overflows;        /* flits that found a ring full (must stay 0) */
  uint32_t slot0;            /* graph slot of port 0 */
  int tx_vc;                 /* VC whose packet holds the line (-1: none) */
  int rx_vc;                 /* VC of the last data header received */
  int rr_emit, rr_read;      /* round-robin pointers: line, router */
  uint64_t rx_peak;          /* largest RX FIFO occupancy of one VC, flits */
  int64_t first_data;        /* cycles from reset to the first data flit on the line (-1: none) */
};

struct fa_shared {
  const struct fcsim_params *p;
  const struct fcsim_fc_params *fp; /* link.fc_* (fc_params.h) */
  const struct fcsim_graph *g;
  int kind;                        /* this model's kind index */
  int vcs;                         /* router VCs = FC instances per link end */
  int depth;                       /* flits of a VC's local input buffer */
  int flit_bytes;                  /* bytes per network flit */
  uint32_t in_cap, tx_cap, rx_cap; /* per-VC ring sizes (tx: D_CU, rx: the largest RX depth) */
  size_t off_end, off_vc;          /* byte offsets of the endpoints and VC queues in a node's state */
  size_t off_in, off_tx, off_rx;   /* byte offsets of the rings (VC-major) */
  double ticks_per_cycle;          /* this kind's cycle in engine ticks */
  int64_t reset_cycle;             /* the run's first cycle: both ends leave reset (0 but in tests) */
  uint64_t *ctr[FA_NCTR];          /* [nodes] counters */
};

/* Pointers into one node's state. */
struct fa_node {
  struct fa_hdr *h;
  struct fcsim_fc_end *e; /* [vcs] */
  struct fa_vc *q;        /* [vcs] */
  char *base;             /* the state */
  uint32_t node;
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static void fa_view(const struct fa_shared *sh, uint32_t node, void *state, struct fa_node *n)
{
  n->base = state;
  n->h = state;
  n->e = (struct fcsim_fc_end *)(n->base + sh->off_end);
  n->q = (struct fa_vc *)(n->base + sh->off_vc);
  n->node = node;
}

/* Ring `r` of VC v: its storage (off, cap) in the node's state. */
static struct fcsim_flit *ring_at(const struct fa_node *n, size_t off, uint32_t cap, int v, const struct fa_ring *r,
                                  uint32_t i)
{
  return (struct fcsim_flit *)(n->base + off) + (size_t)v * cap + (r->head + i) % cap;
}

static int ring_push(const struct fa_node *n, size_t off, uint32_t cap, int v, struct fa_ring *r,
                     const struct fcsim_flit *f)
{
  if (r->count >= cap)
    return -1;
  *ring_at(n, off, cap, v, r, r->count) = *f;
  r->count++;
  return 0;
}

static struct fcsim_flit ring_pop(const struct fa_node *n, size_t off, uint32_t cap, int v, struct fa_ring *r)
{
  struct fcsim_flit f = *ring_at(n, off, cap, v, r, 0);
  r->head = (r->head + 1) % cap;
  r->count--;
  return f;
}

static int rx_depth_of(const struct fa_shared *sh, uint32_t node)
{
  if (sh->fp->rx_depth_flits > 0)
    return sh->fp->rx_depth_flits;
  int64_t d_link =
      (int64_t)fcsim_graph_out(sh->g, node, 1)->latency_cycles + sh->fp->d_cu_flits + FCSIM_FC_WRITE_FORWARD_CYCLES;
  return (int)(2 * d_link + sh->fp->d_cu_flits + 1);
}

/* The cycle both ends of the link are up: the peer's first sync flit,
 * launched at cycle 0, has been serialised and crossed the line
 * (link/proto/line.h's arrival rule). */
static int64_t link_up_cycle(const struct fa_shared *sh, uint32_t node)
{
  int64_t ser = (int64_t)ceil(1.0 / (double)sh->g->line_bandwidth_flits[node] - 1e-9);
  return ser - 1 + (int64_t)fcsim_graph_out(sh->g, node, 1)->latency_cycles;
}

/* Ends the sync exchange once its cycle (after the reset at the run's
 * first cycle) has come. */
static void fa_sync(const struct fa_shared *sh, struct fa_node *n, int64_t now)
{
  int64_t up = link_up_cycle(sh, n->node);
  if (n->e[0].synced || now < sh->reset_cycle + up)
    return;
  for (int v = 0; v < sh->vcs; v++) {
    n->e[v].synced = 1;
    n->e[v].up_cycle = sh->reset_cycle + up;
  }
  n->e[0].st.sync_sent += (uint64_t)up; /* one a cycle in [0, up) */
  n->h->wire_bytes += (uint64_t)up * (uint64_t)sh->flit_bytes;
}

/* The adapter a receive fills (the port kit's take argument). */
struct fa_rx {
  const struct fa_shared *sh;
  struct fa_node *n;
};

/* A router flit into its VC's input buffer. */
static void fa_take(struct fcsim_ctx *ctx, void *arg, int port, const struct fcsim_flit *f)
{
  (void)ctx, (void)port;
  struct fa_rx *rx = arg;
  const struct fa_shared *sh = rx->sh;
  struct fa_node *n = rx->n;
  int v = f->vc < sh->vcs ? f->vc : 0;
  if (f->vc >= sh->vcs || ring_push(n, sh->off_in, sh->in_cap, v, &n->q[v].in, f))
    n->h->overflows++;
}

/* Router flits into their VC's input buffer; the router's credits. */
static void fa_take_local(struct fcsim_ctx *ctx, const struct fa_shared *sh, struct fa_node *n)
{
  struct fa_rx rx = {sh, n};
  fcsim_port_drain(ctx, n->node, n->h->slot0, 0, fa_take, &rx);
  fcsim_port_take_vc_credits(ctx, n->h->slot0, sh->vcs, &n->q[0].credits, sizeof n->q[0]);
}

/* One FC flit from the line, to the endpoint of its VC. */
static void fa_receive(const struct fa_shared *sh, struct fa_node *n, const struct fcsim_pline_item *it,
                       const struct fcsim_flit *data, int64_t now)
{
  int v = n->h->rx_vc;
  if (it->kind == FCSIM_FC_HEADER) {
    struct fcsim_fc_header hd;
    fcsim_fc_header_unpack(it->a, &hd);
    v = hd.vc < (unsigned)sh->vcs ? (int)hd.vc : 0;
    if (hd.vc >= (unsigned)sh->vcs)
      n->h->overflows++; /* a VC this end does not have */
    if (hd.len)
      n->h->rx_vc = v;
  } else if (it->kind == FCSIM_FC_SYNC) {
    for (int k = 0; k < sh->vcs; k++)
      fcsim_fc_receive(&n->e[k], it, now);
    return;
  }
  if (data && ring_push(n, sh->off_rx, sh->rx_cap, v, &n->q[v].rx, data))
    n->h->overflows++;
  fcsim_fc_receive(&n->e[v], it, now);
}

/* FC flits that have arrived from the far adapter. */
static void fa_take_line(struct fcsim_ctx *ctx, const struct fa_shared *sh, struct fa_node *n)
{
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[sh->g->in_chan[n->h->slot0 + 1]];
  const struct fcsim_flit *d;
  while ((d = fcsim_port_item_arrived(l, r, ctx->tick))) {
    int nf = d->hops;
    struct fcsim_pline_item it = {.kind = d->vc, .a = d->dest, .flags = d->flags};
    fcsim_ring_pop(r);
    struct fcsim_flit data;
    if (nf) {
      data = l->chan_pool[r->base + (r->head & r->mask)].flit;
      fcsim_ring_pop(r);
    }
    fa_receive(sh, n, &it, nf ? &data : NULL, (int64_t)ctx->now);
  }
  if (!fcsim_ring_visible(r))
    l->pending[n->node] &= ~2ull;
}

/* One readable flit to the router on its VC, VCs in round robin. */
static void fa_read(struct fcsim_ctx *ctx, const struct fa_shared *sh, struct fa_node *n)
{
  for (int i = 0; i < sh->vcs; i++) {
    int v = (n->h->rr_read + i) % sh->vcs;
    struct fa_vc *q = &n->q[v];
    if (q->credits <= 0 || !q->rx.count || !fcsim_fc_read(&n->e[v], (int64_t)ctx->now))
      continue;
    struct fcsim_flit f = ring_pop(n, sh->off_rx, sh->rx_cap, v, &q->rx);
    f.vc = (uint8_t)v;
    q->credits--;
    n->h->payload_flits++;
    fcsim_ctx_send(ctx, n->h->slot0, &f, ctx->now);
    n->h->rr_read = (v + 1) % sh->vcs;
    return;
  }
}

/* The VC that gets the line this cycle: the one whose packet is under way,
 * else the next in round robin with a flit to send; -1 if none. */
static int fa_arbitrate(const struct fa_shared *sh, struct fa_node *n, int64_t now)
{
  int t = n->h->tx_vc;
  if (t >= 0 && n->e[t].pkt_left > 0)
    return t;
  n->h->tx_vc = -1;
  for (int i = 0; i < sh->vcs; i++) {
    int v = (n->h->rr_emit + i) % sh->vcs;
    if (fcsim_fc_wants_line(&n->e[v], now))
      return v;
  }
  return sh->vcs == 1 ? 0 : -1; /* one VC: its endpoint counts its own stalls */
}

/* Line time in ticks of 1/per_cycle cycle. A line carries L flits of
 * `flit_bytes` a cycle (L = the link's bandwidth), and with metaframes of M
 * words each byte takes M/(M-4) of its raw time (fcsim_fc_metaframe_scale):
 * a byte is M/((M-4) L flit_bytes) cycles, so with per_cycle = (M-4) L
 * flit_bytes ticks a cycle a byte is M ticks (without metaframes: L
 * flit_bytes and 1). Flits and burst gaps are whole bytes, so every line
 * time is a whole number of ticks (ser_time.h); at most 8,187 x 65,535 x
 * flit bytes ticks a cycle. */
struct line_ticks {
  int64_t per_cycle, per_byte;
};

static struct line_ticks line_ticks(const struct fa_shared *sh, uint32_t node)
{
  int m = sh->fp->metaframe_words;
  int mf = m > FCSIM_FC_METAFRAME_CONTROL_WORDS; /* as fcsim_fc_metaframe_scale */
  int64_t raw = (int64_t)sh->g->line_bandwidth_flits[node] * sh->flit_bytes;
  return (struct line_ticks){mf ? raw * (m - FCSIM_FC_METAFRAME_CONTROL_WORDS) : raw, mf ? m : 1};
}

/* Puts one FC flit (and the network flit it carries) on the line. */
static void fa_launch(struct fcsim_ctx *ctx, const struct fa_shared *sh, struct fa_node *n,
                      const struct fcsim_pline_item *it, int v)
{
  struct fa_hdr *h = n->h;
  int64_t now = (int64_t)ctx->now;
  struct fcsim_flit f[2] = {{0}};
  int nf = 0;
  if (it->kind == FCSIM_FC_DATA && n->q[v].tx.count) {
    f[1] = ring_pop(n, sh->off_tx, sh->tx_cap, v, &n->q[v].tx);
    nf = 1;
  } else if (it->kind == FCSIM_FC_DATA) {
    h->overflows++; /* the FC sent a flit it was never given */
  }
  struct line_ticks lt = line_ticks(sh, n->node);
  int64_t done = fcsim_ser_add(&h->ser, now, lt.per_byte * sh->flit_bytes, lt.per_cycle);
  h->wire_bytes += (uint64_t)sh->flit_bytes;
  if ((it->flags & FCSIM_FC_F_LAST) && sh->fp->gap_bytes) { /* the burst gap: idle line after the packet */
    fcsim_ser_add(&h->ser, now, lt.per_byte * sh->fp->gap_bytes, lt.per_cycle);
    h->wire_bytes += (uint64_t)sh->fp->gap_bytes;
  }
  f[0].dest = it->a;
  f[0].vc = (uint8_t)it->kind;
  f[0].flags = (uint8_t)it->flags;
  f[0].hops = (uint8_t)nf;
  fcsim_port_send_burst(ctx, h->slot0 + 1, f, nf + 1, fcsim_clock_tick(ctx->clk, (uint64_t)done));
}

/* One FC flit onto the line when the serialiser is free. */
static void fa_emit(struct fcsim_ctx *ctx, const struct fa_shared *sh, struct fa_node *n)
{
  struct fa_hdr *h = n->h;
  int64_t now = (int64_t)ctx->now;
  if (!fcsim_ser_free_by(&h->ser, now) || !n->e[0].synced)
    return; /* sync flits are implicit (fa_sync) */
  int v = fa_arbitrate(sh, n, now);
  for (int k = 0; k < sh->vcs; k++)
    if (k != v)
      fcsim_fc_note_stall(&n->e[k], now);
  struct fcsim_pline_item it;
  if (v < 0 || !fcsim_fc_emit(&n->e[v], now, &it))
    return;
  if (it.kind == FCSIM_FC_DATA && h->first_data < 0)
    h->first_data = now - sh->reset_cycle;
  if (it.kind == FCSIM_FC_HEADER) { /* a data or CO packet: the VC's turn */
    struct fcsim_fc_header hd;
    fcsim_fc_header_unpack(it.a, &hd);
    hd.vc = (unsigned)v;
    it.a = fcsim_fc_header_pack(&hd);
    h->tx_vc = hd.len ? v : -1;
    h->rr_emit = (v + 1) % sh->vcs;
  }
  fa_launch(ctx, sh, n, &it, v);
}

/* The front of each VC's input buffer into its FC's TX buffer; a credit
 * back per flit. */
static void fa_write(struct fcsim_ctx *ctx, const struct fa_shared *sh, struct fa_node *n)
{
  for (int v = 0; v < sh->vcs; v++) {
    struct fa_vc *q = &n->q[v];
    if (!q->in.count || !fcsim_fc_write(&n->e[v], (int64_t)ctx->now))
      continue;
    struct fcsim_flit f = ring_pop(n, sh->off_in, sh->in_cap, v, &q->in);
    if (ring_push(n, sh->off_tx, sh->tx_cap, v, &q->tx, &f))
      n->h->overflows++;
    fcsim_port_return_credits(ctx, n->h->slot0, 0, (uint32_t)v, 1);
  }
}

static int fa_busy(const struct fa_shared *sh, const struct fa_node *n, uint64_t now)
{
  if (fcsim_ser_busy_past(&n->h->ser, (int64_t)now))
    return 1;
  for (int v = 0; v < sh->vcs; v++) {
    const struct fa_vc *q = &n->q[v];
    const struct fcsim_fc_end *e = &n->e[v];
    if (q->in.count || q->tx.count || q->rx.count || e->tx_count || e->rx_count || e->cu_pending || e->pkt_left ||
        !e->synced)
      return 1;
  }
  return 0;
}

static uint64_t fa_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct fa_shared *sh = shared;
  struct fa_node n;
  fa_view(sh, node, state, &n);
  fa_sync(sh, &n, (int64_t)ctx->now);
  fa_take_line(ctx, sh, &n);
  fa_take_local(ctx, sh, &n);
  fa_read(ctx, sh, &n);
  fa_emit(ctx, sh, &n);
  fa_write(ctx, sh, &n);
  uint64_t rx_overflow = 0, stall = 0;
  for (int v = 0; v < sh->vcs; v++) {
    rx_overflow += n.e[v].st.rx_overflow;
    stall += n.e[v].st.credit_stall_cycles;
    if ((uint64_t)n.e[v].rx_count > n.h->rx_peak)
      n.h->rx_peak = (uint64_t)n.e[v].rx_count;
  }
  sh->ctr[FA_STALL][node] = stall;
  sh->ctr[FA_RX_PEAK][node] = n.h->rx_peak;
  sh->ctr[FA_FIRST_DATA][node] = (uint64_t)(n.h->first_data + 1);
  sh->ctr[FA_PAYLOAD][node] = n.h->payload_flits * (uint64_t)sh->flit_bytes;
  sh->ctr[FA_WIRE][node] = n.h->wire_bytes;
  sh->ctr[FA_OVERFLOW][node] = n.h->overflows + rx_overflow;
  return fa_busy(sh, &n, ctx->now) ? ctx->now + 1 : UINT64_MAX;
}

static int fa_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  (void)ctx, (void)shared, (void)node, (void)state, (void)pk;
  return FCSIM_EINTERNAL; /* adapters are never endpoints */
}

static int fa_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  (void)origin, (void)err;
  if (switch_auto)
    p->switch_cycles = 1;
  if (depth_auto) /* the local credit loop (router -> adapter -> router) and a little slack */
    p->vc_depth_flits = 2 * FCSIM_ADAPTER_LOCAL_CYCLES + 6;
  p->credit_threshold_flits = 1;
  return 0;
}

static void fa_teardown(void *shared)
{
  struct fa_shared *sh = shared;
  if (sh)
    for (int k = 0; k < FA_NCTR; k++)
      free(sh->ctr[k]);
  free(sh);
}

static void fa_layout(struct fa_shared *sh, size_t *state_size)
{
  size_t vcs = (size_t)sh->vcs, flit = sizeof(struct fcsim_flit);
  sh->off_end = align8(sizeof(struct fa_hdr));
  sh->off_vc = align8(sh->off_end + vcs * sizeof(struct fcsim_fc_end));
  sh->off_in = align8(sh->off_vc + vcs * sizeof(struct fa_vc));
  sh->off_tx = sh->off_in + vcs * sh->in_cap * flit;
  sh->off_rx = sh->off_tx + vcs * sh->tx_cap * flit;
  *state_size = align8(sh->off_rx + vcs * sh->rx_cap * flit);
}

static int fa_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  struct fa_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = env->p;
  sh->fp = fcsim_fc_params(env->p);
  sh->g = &env->topo->graph;
  sh->kind = env->kind;
  sh->vcs = env->p->vcs < 1 ? 1 : env->p->vcs > FCSIM_FC_MAX_VCS ? FCSIM_FC_MAX_VCS : env->p->vcs;
  sh->depth = env->p->vc_depth_flits;
  sh->flit_bytes = (env->p->flit_bits + 7) / 8;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  sh->reset_cycle = (int64_t)env->start_cycles;
  int rx = 1, rc = 0;
  for (int64_t n = 0; n < sh->g->nodes && !rc; n++) {
    if (sh->g->kind[n] != env->kind)
      continue;
    if (!sh->g->line_bandwidth_flits || !sh->g->line_bandwidth_flits[n])
      rc = fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = %s is the link adapter that link.protocol = fc inserts into a link; it is "
                           "not a router for a node",
                           FCSIM_FC_ADAPTER_MODEL);
    else if (rx_depth_of(sh, (uint32_t)n) > rx)
      rx = rx_depth_of(sh, (uint32_t)n);
  }
  for (int k = 0; !rc && k < FA_NCTR; k++)
    if (!(sh->ctr[k] = calloc((size_t)sh->g->nodes, sizeof *sh->ctr[k])))
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (rc) {
    fa_teardown(sh);
    return rc;
  }
  sh->in_cap = (uint32_t)sh->depth;
  sh->tx_cap = (uint32_t)fcsim_fc_params(env->p)->d_cu_flits;
  sh->rx_cap = (uint32_t)rx;
  fa_layout(sh, state_size);
  *shared = sh;
  return 0;
}

static int fa_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  const struct fa_shared *sh = shared;
  struct fa_node n;
  fa_view(sh, node, state, &n);
  const int d_cu = sh->fp->d_cu_flits;
  struct fcsim_fc_cfg cfg = {.d_cu = d_cu,
                             .tx_depth = d_cu,
                             .rx_depth = rx_depth_of(sh, node),
                             .rx_write_forward_cycles = FCSIM_FC_WRITE_FORWARD_CYCLES,
                             .force_send_cycles = d_cu,
                             .tx_blocking = sh->fp->tx_blocking};
  n.h->slot0 = sh->g->port_base[node];
  n.h->tx_vc = -1;
  n.h->first_data = -1;
  const struct fcsim_chan *out = &sh->g->chan[n.h->slot0];
  for (int v = 0; v < sh->vcs; v++) {
    int rc = fcsim_fc_init(&n.e[v], &cfg, 0, err);
    if (rc)
      return rc;
    n.q[v].credits = v < out->dst_vcs ? (int32_t)out->dst_depth_flits : 0;
  }
  return 0;
}

static void fa_fini(const void *shared, uint32_t node, void *state)
{
  const struct fa_shared *sh = shared;
  struct fa_node n;
  fa_view(sh, node, state, &n);
  for (int v = 0; v < sh->vcs; v++)
    fcsim_fc_free(&n.e[v]);
}

static void fa_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct fa_shared *sh = shared;
  *vcs = sh->vcs;
  *depth_flits = sh->depth;
}

static uint64_t fa_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct fa_shared *sh = shared;
  if (c->dst_port == 1)
    return 1;
  uint64_t lat = (uint64_t)ceil((double)c->credit_latency_ticks / sh->ticks_per_cycle),
           lag = (uint64_t)ceil((double)lag_ticks / sh->ticks_per_cycle);
  return (uint64_t)sh->depth * (uint64_t)sh->vcs + (lat + 2 + lag + 8) * c->bandwidth_flits;
}

/* The `fc` model's figures for line `node` (an adapter's port 1), beside
 * what the run simulated: the same latency, clock, flit width, D_CU
 * (= TX depth), write-forward and RX depth, and the line's raw rate. The
 * model has no burst gap: with link.fc_gap_bytes its payload rate is scaled
 * by a full packet's share of the line, (D_CU+1) w/8 / ((D_CU+1) w/8 + gap),
 * and with link.fc_metaframe_words = L by the metaframe's data share (L-4)/L. */
struct fc_figures {
  int64_t line_cycles;                /* that line's latency, cycles */
  double d_link_cycles;               /* Eq. 2.2 */
  double rx_depth_min_flits;          /* Eq. 2.4: the RX depth must exceed this */
  int64_t rx_depth_flits;             /* the RX depth the run used on that line */
  double payload_bytes_per_cycle;     /* the model's payload ceiling per direction */
};

static void fc_model_figures(const struct fa_shared *sh, uint32_t node, struct fc_figures *s)
{
  const struct fcsim_params *p = sh->p;
  int64_t lat = fcsim_graph_out(sh->g, node, 1)->latency_cycles;
  char a[6][64];
  snprintf(a[0], sizeof a[0], "latency=%.17gs", (double)lat / p->clock_hz);
  snprintf(a[1], sizeof a[1], "F=%.17gHz", p->clock_hz);
  snprintf(a[2], sizeof a[2], "tx_depth=%d", fcsim_fc_params(p)->d_cu_flits);
  snprintf(a[3], sizeof a[3], "rx_write_forward=%d", FCSIM_FC_WRITE_FORWARD_CYCLES);
  snprintf(a[4], sizeof a[4], "w=%d", p->flit_bits);
  snprintf(a[5], sizeof a[5], "B_raw=%.17gB/s",
           (double)sh->g->line_bandwidth_flits[node] * (double)sh->flit_bytes * p->clock_hz);
  const char *sets[] = {a[0], a[1], a[2], a[3], a[4], a[5], NULL};
  double v[FCSIM_MODEL_MAX_PARAMS], res[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err = {0};
  const struct fcsim_model_ops *m = fcsim_model_find("fc");
  s->line_cycles = lat;
  s->rx_depth_flits = rx_depth_of(sh, node);
  if (!m || fcsim_model_run("fc", NULL, sets, v, res, &err)) { /* parameters outside the model's ranges */
    s->d_link_cycles = s->rx_depth_min_flits = s->payload_bytes_per_cycle = NAN;
    return;
  }
  s->d_link_cycles = res[fcsim_model_result_index(m, "D_link")];
  s->rx_depth_min_flits = res[fcsim_model_result_index(m, "rx_depth_min")];
  s->payload_bytes_per_cycle = res[fcsim_model_result_index(m, "link_throughput")] / p->clock_hz;
  if (fcsim_fc_params(p)->gap_bytes) {
    double pkt = (double)(fcsim_fc_params(p)->d_cu_flits + 1) * sh->flit_bytes;
    s->payload_bytes_per_cycle *= pkt / (pkt + fcsim_fc_params(p)->gap_bytes);
  }
  s->payload_bytes_per_cycle /= fcsim_fc_metaframe_scale(fcsim_fc_params(p)->metaframe_words);
}

/* Each fc line direction's figures (metrics.protocol_links, declared in
 * fc_protocol.c and link/proto/metrics.c). */
static void fa_line_stats(const void *shared, struct fcsim_link_dir_stats *by_slot)
{
  const int proto = fcsim_link_proto_find(fcsim_link_proto_fc.name); /* its row */
  const struct fa_shared *sh = shared;
  for (int64_t n = 0; n < sh->g->nodes; n++) {
    if (sh->g->kind[n] != sh->kind)
      continue;
    uint32_t peer;
    struct fcsim_link_dir_stats *d = fcsim_adapter_dir_stats(sh->g, by_slot, (uint32_t)n, &peer);
    if (d)
      *d = (struct fcsim_link_dir_stats){.protocol = proto,
                                         .payload_bytes = sh->ctr[FA_PAYLOAD][peer],
                                         .wire_bytes = sh->ctr[FA_WIRE][n],
                                         .credit_stall_cycles = sh->ctr[FA_STALL][n],
                                         .rx_peak_flits = sh->ctr[FA_RX_PEAK][peer]};
  }
}

/* fc's figures among the protocol links' (FCSIM_FIGURES_LINKS, declared in
 * fc_protocol.c): the cycle the last link's sync handshake ended, the
 * cycle the first data flit went on a line (-1: none), and the `fc` model
 * (seed 001 Eqs. 2.1-2.5) for the longest line, from the run's latency,
 * clock, flit width, D_CU and RX depth. */
static void fa_figures_json(const void *shared, int place, json_t *m)
{
  const struct fa_shared *sh = shared;
  if (place != FCSIM_FIGURES_LINKS)
    return;
  int64_t longest = -1, link_up = 0, first_data = -1;
  for (int64_t n = 0; n < sh->g->nodes; n++) {
    if (sh->g->kind[n] != sh->kind)
      continue;
    int64_t up = link_up_cycle(sh, (uint32_t)n), first = (int64_t)sh->ctr[FA_FIRST_DATA][n] - 1;
    if (up > link_up)
      link_up = up; /* the last link to come up */
    if (first >= 0 && (first_data < 0 || first < first_data))
      first_data = first;
    if (longest < 0 ||
        fcsim_graph_out(sh->g, n, 1)->latency_cycles > fcsim_graph_out(sh->g, longest, 1)->latency_cycles)
      longest = n;
  }
  if (longest < 0)
    return; /* no fc line */
  json_object_set_new(m, "fc_link_up_cycle", json_integer((json_int_t)link_up));
  json_object_set_new(m, "fc_first_data_cycle", json_integer((json_int_t)first_data));
  struct fc_figures f;
  fc_model_figures(sh, (uint32_t)longest, &f);
  if (!isfinite(f.d_link_cycles))
    return;
  json_t *fm = json_object(); /* the fc model beside the run */
  json_object_set_new(fm, "line_cycles", json_integer((json_int_t)f.line_cycles));
  json_object_set_new(fm, "d_link_cycles", json_real(f.d_link_cycles));
  json_object_set_new(fm, "rx_depth_min_flits", json_real(f.rx_depth_min_flits));
  json_object_set_new(fm, "rx_depth_flits", json_integer((json_int_t)f.rx_depth_flits));
  json_object_set_new(fm, "payload_bytes_per_cycle", json_real(f.payload_bytes_per_cycle));
  json_object_set_new(m, "fc_model", fm);
}

static int fa_counters(const void *shared, struct fcsim_counter *out)
{
  const struct fa_shared *sh = shared;
  /* per-node arrays, each element written by its node's partition only:
   * the sum (or largest) over ranks is the single-process value
   * (stats/counters.h). All but the first data cycle are the run's metrics
   * of the same names (declared in fc_protocol.c and link/proto/metrics.c),
   * read from here when the results are written; the payload, wire and
   * order counts add up with tnw's of the same names. */
  static const char *const names[FA_NCTR] = {"link_payload_bytes",     "link_wire_bytes",  "link_order_errors",
                                             "fc_credit_stall_cycles", "fc_rx_peak_flits", "fc first data cycle"};
  const size_t n = (size_t)sh->g->nodes;
  for (int k = 0; k < FA_NCTR; k++)
    out[k] = fcsim_counter_placed_u64(names[k], k == FA_RX_PEAK ? FCSIM_MERGE_MAX : FCSIM_MERGE_SUM, sh->ctr[k], n);
  out[FA_FIRST_DATA].metric = 0;
  return FA_NCTR;
}

/* ---- deadlock reports (link/proto/adapter_buffers.h): VC v's way to the line is its
 * input buffer and FC TX buffer, its way from the line its RX FIFO. ---- */

static int fa_nbuffers(const void *shared)
{
  return 2 * ((const struct fa_shared *)shared)->vcs;
}

static int fa_buffer_busy(const void *shared, const void *state, int buf)
{
  const struct fa_shared *sh = shared;
  struct fa_node n;
  fa_view(sh, 0, (void *)state, &n);
  int v = buf % sh->vcs;
  if (buf < sh->vcs)
    return n.q[v].in.count || n.q[v].tx.count;
  return n.q[v].rx.count != 0;
}

static int fa_waits_for(const void *shared, const struct fcsim_states *all, struct fcsim_buf_ref at,
                        struct fcsim_buf_ref *next)
{
  const struct fa_shared *sh = shared;
  int busy = fa_buffer_busy(shared, fcsim_state_of(all, at.node), at.buf);
  return fcsim_adapter_waits_for(sh->g, sh->vcs, busy, at, next);
}

static void fa_describe_buffer(const void *shared, struct fcsim_buf_ref at, char *buf, size_t size)
{
  const struct fa_shared *sh = shared;
  fcsim_adapter_describe_buffer(sh->g, FCSIM_FC_ADAPTER_MODEL, sh->vcs, at, buf, size);
}

const struct fcsim_router_ops fcsim_router_fc_link = {
    .name = FCSIM_FC_ADAPTER_MODEL,
    .help = "Mondigo flow-controller link adapter, inserted two per link by link.protocol = fc (one FC instance per "
            "VC; not a router for a node; docs/LINKS.md)",
    .version = 1,
    .max_vcs = FCSIM_FC_MAX_VCS,
    .flow_control = "per-flit credits",
    .derive = fa_derive,
    .setup = fa_setup,
    .teardown = fa_teardown,
    .input_buffers = fa_input_buffers,
    .init = fa_init,
    .fini = fa_fini,
    .accept = fa_accept,
    .step = fa_step,
    .nbuffers = fa_nbuffers,
    .buffer_busy = fa_buffer_busy,
    .waits_for = fa_waits_for,
    .describe_buffer = fa_describe_buffer,
    .credit_capacity = fa_credit_capacity,
    .line_stats = fa_line_stats,
    .figures_json = fa_figures_json,
    .counters = fa_counters,
};
