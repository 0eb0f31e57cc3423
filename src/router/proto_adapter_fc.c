/* The flow-controller link adapter (`fc-link`): a two-port node that puts
 * one link of a network on Mondigo's credit-based flow controller (seed 001
 * ch. 2, link/proto_fc.h). topo/proto_links.c inserts two of them into every
 * link on `fc`: router A <-> adapter a == line == adapter b <-> router B.
 *
 * The FC is one FIFO stream with one credit counter, so it carries one VC:
 * config/resolve.c and ad_derive refuse routers that use more (their VCs
 * would merge into one queue and lose their deadlock avoidance). Port 0
 * speaks per-flit credits to the router: an input buffer of `vc_depth`
 * flits whose front the application side writes into the FC's TX buffer one
 * flit a cycle (a credit goes back per flit written); the flits the FC's RX
 * side lets the application read go to the router as its credits allow, one
 * a cycle. Port 1 runs fcsim_fc_* against the far adapter: FC flits are
 * network flits, one a cycle on the line at its rate; headers every D_CU
 * flits (or at force send), credits every D_CU reads, piggybacked or in CO
 * packets; D_CU = TX depth = link.fc_d_cu; RX depth link.fc_rx_depth (auto:
 * Eq. 2.4 with one flit of margin); write-forward 4 cycles. The link is up
 * at cycle 0 (the sync exchange after reset is taken to be over before
 * traffic starts). The FC has no CRC: link.ber does not apply to it.
 *
 * On the engine channel between the two adapters an FC flit is a
 * descriptor (kind, header word, flags) followed, for a data flit, by the
 * network flit it carries (router/proto_adapter.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "link/proto_fc.h"
#include "router/router.h"
#include "topo/proto_links.h"

#define FC_WRITE_FORWARD_CYCLES 4 /* seed 001 s2.3.3 */

enum { FA_PAYLOAD, FA_WIRE, FA_OVERFLOW, FA_NCTR };

/* A ring of flits in a node's state. */
struct fa_ring {
  uint32_t head, count; /* oldest entry, entries */
};

struct fa_hdr {
  struct fcsim_fc_end e;   /* the FC endpoint of this end */
  double busy_until;       /* cycle (real) the line's serialiser is free */
  uint64_t wire_bytes;     /* bytes launched on the line */
  uint64_t payload_flits;  /* flits handed to the router */
  uint64_t overflows;      /* flits that found a ring full (must stay 0) */
  int32_t credits;         /* free slots at the router's input */
  uint32_t slot0;          /* graph slot of port 0 */
  struct fa_ring in, tx, rx; /* router -> FC TX, FC TX buffer, FC RX buffer */
};

struct fa_shared {
  const struct fcsim_params *p;
  const struct fcsim_graph *g;
  int kind;                       /* this model's kind index */
  int depth;                      /* flits of the local input buffer */
  int flit_bytes;                 /* bytes per network flit */
  uint32_t in_cap, tx_cap, rx_cap; /* ring sizes (tx: D_CU, rx: the largest RX depth) */
  size_t off_in, off_tx, off_rx;  /* byte offsets of the rings in a node's state */
  double ticks_per_cycle;         /* this kind's cycle in engine ticks */
  uint64_t *ctr[FA_NCTR];         /* [nodes] counters */
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static struct fcsim_flit *ring_at(void *state, size_t off, uint32_t cap, const struct fa_ring *r, uint32_t i)
{
  return (struct fcsim_flit *)((char *)state + off) + (r->head + i) % cap;
}

static int ring_push(void *state, size_t off, uint32_t cap, struct fa_ring *r, const struct fcsim_flit *f)
{
  if (r->count >= cap)
    return -1;
  *ring_at(state, off, cap, r, r->count) = *f;
  r->count++;
  return 0;
}

static struct fcsim_flit ring_pop(void *state, size_t off, uint32_t cap, struct fa_ring *r)
{
  struct fcsim_flit f = *ring_at(state, off, cap, r, 0);
  r->head = (r->head + 1) % cap;
  r->count--;
  return f;
}

static int rx_depth_of(const struct fa_shared *sh, uint32_t node)
{
  if (sh->p->link_fc_rx_depth > 0)
    return sh->p->link_fc_rx_depth;
  int64_t d_link = (int64_t)fcsim_graph_out(sh->g, node, 1)->latency_cycles + sh->p->link_fc_d_cu +
                   FC_WRITE_FORWARD_CYCLES;
  return (int)(2 * d_link + sh->p->link_fc_d_cu + 1);
}

/* Router flits into the input buffer; the router's credits. */
static void fa_take_local(struct fcsim_ctx *ctx, const struct fa_shared *sh, uint32_t node, void *state)
{
  struct fa_hdr *h = state;
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[sh->g->in_chan[h->slot0]];
  while (fcsim_ring_visible(r)) {
    struct fcsim_link_slot *s = &l->chan_pool[r->base + (r->head & r->mask)];
    if (s->arrival > ctx->tick)
      break;
    if (ring_push(state, sh->off_in, sh->in_cap, &h->in, &s->flit))
      h->overflows++;
    fcsim_ring_pop(r);
  }
  if (!fcsim_ring_visible(r))
    l->pending[node] &= ~1ull;
  h->credits += fcsim_link_take_credits(l, h->slot0, ctx->tick);
}

/* FC flits that have arrived from the far adapter. */
static void fa_take_line(struct fcsim_ctx *ctx, const struct fa_shared *sh, uint32_t node, void *state)
{
  struct fa_hdr *h = state;
  struct fcsim_links *l = ctx->links;
  struct fcsim_ring *r = &l->chan[sh->g->in_chan[h->slot0 + 1]];
  while (fcsim_ring_visible(r)) {
    const struct fcsim_link_slot *s = &l->chan_pool[r->base + (r->head & r->mask)];
    int nf = s->flit.hops;
    if (fcsim_ring_visible(r) < (uint32_t)nf + 1 ||
        l->chan_pool[r->base + ((r->head + (uint32_t)nf) & r->mask)].arrival > ctx->tick)
      break;
    struct fcsim_pline_item it = {.kind = s->flit.vc, .a = s->flit.dest, .flags = s->flit.flags};
    fcsim_ring_pop(r);
    if (nf) {
      const struct fcsim_link_slot *c = &l->chan_pool[r->base + (r->head & r->mask)];
      if (ring_push(state, sh->off_rx, sh->rx_cap, &h->rx, &c->flit))
        h->overflows++;
      fcsim_ring_pop(r);
    }
    fcsim_fc_receive(&h->e, &it, (int64_t)ctx->now);
  }
  if (!fcsim_ring_visible(r))
    l->pending[node] &= ~2ull;
}

/* One readable flit to the router, if it has room. */
static void fa_read(struct fcsim_ctx *ctx, const struct fa_shared *sh, void *state)
{
  struct fa_hdr *h = state;
  if (h->credits <= 0 || !h->rx.count || !fcsim_fc_read(&h->e, (int64_t)ctx->now))
    return;
  struct fcsim_flit f = ring_pop(state, sh->off_rx, sh->rx_cap, &h->rx);
  f.vc = 0;
  h->credits--;
  h->payload_flits++;
  fcsim_ctx_send(ctx, h->slot0, &f, ctx->now);
}

/* One FC flit onto the line when the serialiser is free. */
static void fa_emit(struct fcsim_ctx *ctx, const struct fa_shared *sh, uint32_t node, void *state)
{
  struct fa_hdr *h = state;
  int64_t now = (int64_t)ctx->now;
  if (h->busy_until >= (double)(now + 1))
    return;
  struct fcsim_pline_item it;
  if (!fcsim_fc_emit(&h->e, now, &it))
    return;
  struct fcsim_flit f[2] = {{0}};
  int nf = 0;
  if (it.kind == FCSIM_FC_DATA && h->tx.count) {
    f[1] = ring_pop(state, sh->off_tx, sh->tx_cap, &h->tx);
    nf = 1;
  } else if (it.kind == FCSIM_FC_DATA) {
    h->overflows++; /* the FC sent a flit it was never given */
  }
  double start = h->busy_until > (double)now ? h->busy_until : (double)now;
  h->busy_until = start + (double)sh->flit_bytes / ((double)sh->g->line_bandwidth_flits[node] * sh->flit_bytes);
  h->wire_bytes += (uint64_t)sh->flit_bytes;
  int64_t done = (int64_t)ceil(h->busy_until - 1e-9) - 1;
  if (done < now)
    done = now;
  f[0].dest = it.a;
  f[0].vc = (uint8_t)it.kind;
  f[0].flags = (uint8_t)it.flags;
  f[0].hops = (uint8_t)nf;
  struct fcsim_links *l = ctx->links;
  uint32_t c = h->slot0 + 1;
  uint64_t t = fcsim_clock_tick(ctx->clk, (uint64_t)done), arrival = 0;
  for (int i = 0; i <= nf; i++)
    if (!(arrival = fcsim_link_push(l, c, &f[i], t))) {
      ctx->acc->buffer_overflows++;
      return;
    }
  ctx->last_progress = ctx->tick;
  if (!l->chan[c].cross) {
    const struct fcsim_chan *ch = &l->g->chan[c];
    l->pending[ch->dst] |= 1ull << ch->dst_port;
    fcsim_ctx_wake(ctx, (uint32_t)ch->dst, arrival);
  }
}

/* The front of the input buffer into the FC's TX buffer; its credit back. */
static void fa_write(struct fcsim_ctx *ctx, const struct fa_shared *sh, void *state)
{
  struct fa_hdr *h = state;
  if (!h->in.count || !fcsim_fc_write(&h->e, (int64_t)ctx->now))
    return;
  struct fcsim_flit f = ring_pop(state, sh->off_in, sh->in_cap, &h->in);
  if (ring_push(state, sh->off_tx, sh->tx_cap, &h->tx, &f))
    h->overflows++;
  int32_t c = sh->g->in_chan[h->slot0];
  if (fcsim_link_credit(ctx->links, (uint32_t)c, 0, 1, ctx->tick + sh->g->chan[c].credit_latency_ticks, 0))
    ctx->acc->buffer_overflows++;
}

static uint64_t fa_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct fa_shared *sh = shared;
  struct fa_hdr *h = state;
  fa_take_line(ctx, sh, node, state);
  fa_take_local(ctx, sh, node, state);
  fa_read(ctx, sh, state);
  fa_emit(ctx, sh, node, state);
  fa_write(ctx, sh, state);
  sh->ctr[FA_PAYLOAD][node] = h->payload_flits * (uint64_t)sh->flit_bytes;
  sh->ctr[FA_WIRE][node] = h->wire_bytes;
  sh->ctr[FA_OVERFLOW][node] = h->overflows + h->e.st.rx_overflow;
  const struct fcsim_fc_end *e = &h->e;
  int busy = h->in.count || h->tx.count || h->rx.count || e->tx_count || e->rx_count || e->cu_pending ||
             e->pkt_left || h->busy_until > (double)ctx->now + 1;
  return busy ? ctx->now + 1 : UINT64_MAX;
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
  p->vcs = 1; /* one FIFO stream; config/resolve.c refuses routers that use more */
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

static int fa_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  struct fa_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = env->p;
  sh->g = &env->topo->graph;
  sh->kind = env->kind;
  sh->depth = env->p->vc_depth_flits;
  sh->flit_bytes = (env->p->flit_bits + 7) / 8;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
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
  sh->tx_cap = (uint32_t)env->p->link_fc_d_cu;
  sh->rx_cap = (uint32_t)rx;
  sh->off_in = align8(sizeof(struct fa_hdr));
  sh->off_tx = sh->off_in + sh->in_cap * sizeof(struct fcsim_flit);
  sh->off_rx = sh->off_tx + sh->tx_cap * sizeof(struct fcsim_flit);
  *state_size = align8(sh->off_rx + sh->rx_cap * sizeof(struct fcsim_flit));
  *shared = sh;
  return 0;
}

static int fa_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  const struct fa_shared *sh = shared;
  struct fa_hdr *h = state;
  const int d_cu = sh->p->link_fc_d_cu;
  struct fcsim_fc_cfg cfg = {.d_cu = d_cu,
                             .tx_depth = d_cu,
                             .rx_depth = rx_depth_of(sh, node),
                             .rx_write_forward_cycles = FC_WRITE_FORWARD_CYCLES,
                             .force_send_cycles = d_cu};
  int rc = fcsim_fc_init(&h->e, &cfg, 0, err);
  if (rc)
    return rc;
  h->e.synced = 1; /* up before the run starts */
  h->e.up_cycle = 0;
  h->slot0 = sh->g->port_base[node];
  const struct fcsim_chan *out = &sh->g->chan[h->slot0];
  h->credits = (int32_t)out->dst_depth_flits;
  return 0;
}

static void fa_fini(const void *shared, uint32_t node, void *state)
{
  (void)shared, (void)node;
  fcsim_fc_free(&((struct fa_hdr *)state)->e);
}

static void fa_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct fa_shared *sh = shared;
  *vcs = 1;
  *depth_flits = sh->depth;
}

static uint64_t fa_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct fa_shared *sh = shared;
  if (c->dst_port == 1)
    return 1;
  uint64_t lat = (uint64_t)ceil((double)c->credit_latency_ticks / sh->ticks_per_cycle),
           lag = (uint64_t)ceil((double)lag_ticks / sh->ticks_per_cycle);
  return (uint64_t)sh->depth + (lat + 2 + lag + 8) * c->bandwidth_flits;
}

static void fa_report(const void *shared, struct fcsim_stats *s)
{
  const struct fa_shared *sh = shared;
  for (int64_t n = 0; n < sh->g->nodes; n++) {
    if (sh->g->kind[n] != sh->kind)
      continue;
    s->link_directions++;
    s->link_payload_bytes += sh->ctr[FA_PAYLOAD][n];
    s->link_wire_bytes += sh->ctr[FA_WIRE][n];
    s->link_order_errors += sh->ctr[FA_OVERFLOW][n];
  }
}

static int fa_counters(const void *shared, struct fcsim_counter *out)
{
  const struct fa_shared *sh = shared;
  static const char *const names[FA_NCTR] = {"fc payload bytes", "fc wire bytes", "fc overflows"};
  for (int k = 0; k < FA_NCTR; k++)
    out[k] = fcsim_counter_u64(names[k], FCSIM_MERGE_SUM, sh->ctr[k], (size_t)sh->g->nodes);
  return FA_NCTR;
}

const struct fcsim_router_ops fcsim_router_fc_link = {
    .name = FCSIM_FC_ADAPTER_MODEL,
    .help = "Mondigo flow-controller link adapter, inserted two per link by link.protocol = fc (one VC; not a router "
            "for a node; docs/LINKS.md)",
    .version = 1,
    .max_vcs = 1,
    .flow_control = "per-flit credits",
    .derive = fa_derive,
    .setup = fa_setup,
    .teardown = fa_teardown,
    .input_buffers = fa_input_buffers,
    .init = fa_init,
    .fini = fa_fini,
    .accept = fa_accept,
    .step = fa_step,
    .credit_capacity = fa_credit_capacity,
    .report = fa_report,
    .counters = fa_counters,
};
