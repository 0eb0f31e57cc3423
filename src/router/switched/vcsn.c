/* SPDX-License-Identifier: BSD-3-Clause */
/* VCSN's FPGA network subsystem (seed 002 §3.4, Fig. 4), `router.model =
 * vcsn`: an endpoint model for the FPGAs of a switched network (the
 * switches stay `ethswitch`; switch.endpoint = vcsn picks it on the switched
 * topologies, a netlist names it per node).
 *
 * Virtual ports. Each physical port has vcsn.vports virtual ports: the MUX
 * inputs (where the DMA writes) and the DMUX outputs. Virtual port v is on
 * physical port v / vcsn.vports. The MAC table of a virtual port names the
 * (node, virtual port) it reaches (router/switched/vcsn_table.h); an entry written
 * during the run takes effect vcsn.reconfig (t) later, and the encoder of a
 * frame reads the table in effect when the frame starts, so frames started
 * before the rewrite takes effect still go to the old destination.
 *
 * Traffic. A message (traffic.mode = trace) from node s to node d is written
 * into the virtual port of s whose latest written entry names d (the
 * software has written the table, so it addresses the new link at once);
 * the packets of one virtual port leave in order (one sender per virtual
 * port, and the table check allows one sender per destination virtual port).
 * A virtual port that starts a new message first waits the crossbar set-up
 * c (vcsn.crossbar). A frame that reaches a node other than its message's
 * destination (a stale MAC entry) is written there and lost to the message:
 * counted as misdelivered (metrics.vcsn_misdelivered_*), never delivered.
 *
 * MUX. Per physical port, one frame at a time (a packet of
 * traffic.packet_size is a frame); when the port is free it takes the
 * waiting virtual port of highest priority (the entry's `priority`), equal
 * priorities round-robin from the one after the last served, so a priority
 * input can stream continuously. The port sends one flit per cycle with
 * per-flit credits and pays the framing overhead of switch.framing as idle
 * wire time after each frame (as ethswitch does: exact long-run rate).
 *
 * Throttle. Each DMUX output (destination virtual port) counts the flits it
 * receives in windows of vcsn.window cycles; when a window exceeds
 * vcsn.threshold x window, the receiver sends one indication frame (one
 * flit, framed, ahead of data on its port) to the virtual port that sends to
 * it (found in the MAC tables). From its arrival the source limits that
 * virtual port to vcsn.threshold flits per cycle (a token bucket of one
 * frame) until the port's MAC entry changes. Nothing is retransmitted. The
 * seed gives no threshold value; 0 turns the throttle off.
 *
 * Reception: each arriving flit is written straight to memory (one DMA write
 * engine per port) and its credit returned at once. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chan/framing.h"
#include "router/port.h"
#include "router/router.h"
#include "router/switched/params.h"
#include "router/switched/vcsn_table.h"
#include "workload/trace.h"

#define VN_IND     0x80u /* flit.route: an indication frame (aux = the source virtual port) */
#define VN_MAX_VPS 127   /* virtual ports per node (flit.route carries the destination's) */
#define VN_IND_MAX 8     /* indication frames one port can hold */

/* One virtual port: MUX input, throttle state, DMUX output. */
struct vn_vport {
  struct fcsim_pktq q;   /* packets written into it, in order */
  uint32_t last_msg;     /* message it last set the crossbar up for (UINT32_MAX none) */
  uint32_t entry;        /* index of the MAC entry the throttle applies to */
  uint64_t ready_cycle;  /* the crossbar set-up ends */
  double rate;           /* throttled rate, flits per cycle (0: unlimited) */
  double tokens;         /* flits the throttle allows now */
  uint64_t tokens_cycle; /* when tokens was computed */
  uint64_t win_start;    /* receive window start */
  uint32_t win_flits;    /* flits received in it */
  uint32_t indicated;    /* an indication was sent for this window */
};

/* One physical port: the MUX output, encoder and wire. */
struct vn_port {
  int32_t credits;               /* free slots known downstream */
  uint32_t owed_bytes;           /* framing overhead still to be paid as idle wire time */
  int cur;                       /* virtual port of the frame being sent, -1 none, -2 an indication */
  uint32_t left;                 /* flits of it still to send */
  uint32_t sent;                 /* flits of it sent */
  struct fcsim_flit head;        /* the frame's header as encoded (dest, dest virtual port) */
  int rr;                        /* virtual port served last (local index on this port) */
  uint32_t nind;                 /* indication frames waiting */
  uint32_t ind_node[VN_IND_MAX]; /* their destinations */
  uint8_t ind_vport[VN_IND_MAX]; /* and the virtual port each throttles */
};

/* The node's state header. */
struct vn_hdr {
  uint32_t queued; /* packets in all virtual ports */
  uint32_t nvp;    /* virtual ports of this node */
  int radix;       /* physical ports */
};

/* Read-only set-up of every vcsn node; the counters are the only fields
 * written in a run: per-node arrays, element [node] written only by that
 * node's step, merged over MPI ranks by sum (stats/counters.h). */
struct vn_shared {
  const struct fcsim_params *p;     /* this kind's parameters */
  const struct fcsim_graph *g;      /* the network */
  struct vcsn_table tab;            /* the MAC tables */
  uint32_t *msg_dst;                /* [nmsg] each trace message's destination */
  uint32_t *trig_base;              /* [nmsg + 1] triggered entries message m writes: trig_ent[trig_base[m] ..) */
  uint32_t *trig_ent;               /* their indices in tab.ent (NULL: no triggered entry) */
  uint32_t nmsg;                    /* messages of the trace */
  int V;                            /* virtual ports per physical port */
  int np;                           /* largest radix */
  uint32_t overhead_bytes;          /* framing bytes per frame */
  uint32_t flit_bytes;              /* network.flit_bits / 8 */
  uint64_t crossbar;                /* c, cycles */
  uint64_t window;                  /* receive window, cycles */
  double threshold;                 /* flits per cycle (0 off) */
  uint64_t local;                   /* ejection delay, cycles */
  double ticks_per_cycle;           /* this kind's cycle in engine ticks */
  size_t off_vp, off_port;          /* byte offsets in a node's state */
  uint64_t *misdelivered;           /* [nodes] frames that reached this node, not their message's destination */
  uint64_t *misdelivered_fl;        /* [nodes] their flits */
  uint64_t *indications;            /* [nodes] indication frames this node received as a source */
};

static size_t align8(size_t n)
{
  return (n + 7) & ~(size_t)7;
}

static struct vn_vport *vps(const struct vn_shared *sh, void *state)
{
  return (struct vn_vport *)((char *)state + sh->off_vp);
}

static struct vn_port *ports(const struct vn_shared *sh, void *state)
{
  return (struct vn_port *)((char *)state + sh->off_port);
}

/* Tokens of a throttled virtual port at `now`, at most one frame. */
static double vn_tokens(const struct vn_shared *sh, struct vn_vport *v, uint64_t now)
{
  double cap = sh->p->packet_flits;
  v->tokens += v->rate * (double)(now - v->tokens_cycle);
  if (v->tokens > cap)
    v->tokens = cap;
  v->tokens_cycle = now;
  return v->tokens;
}

/* The receive side of one data flit for local virtual port dv: the window
 * count, and an indication to its sender when it goes over the threshold. */
static void vn_count(struct fcsim_ctx *ctx, const struct vn_shared *sh, uint32_t node, void *state, int dv)
{
  struct vn_hdr *h = state;
  if (sh->threshold <= 0 || dv >= (int)h->nvp)
    return;
  struct vn_vport *v = &vps(sh, state)[dv];
  if (ctx->now >= v->win_start + sh->window) {
    v->win_start = ctx->now;
    v->win_flits = 0;
    v->indicated = 0;
  }
  if (++v->win_flits <= sh->threshold * (double)sh->window || v->indicated)
    return;
  uint32_t src;
  int svp;
  struct vn_port *pt = &ports(sh, state)[dv / sh->V];
  if (fcsim__vcsn_sender(&sh->tab, node, dv, ctx->now, &src, &svp) || pt->nind == VN_IND_MAX)
    return;
  pt->ind_node[pt->nind] = src;
  pt->ind_vport[pt->nind] = (uint8_t)svp;
  pt->nind++;
  v->indicated = 1;
}

/* A flit that arrived: an indication for one of our virtual ports, a frame
 * of our messages (delivered), or a frame sent to us by a stale entry. */
static void vn_arrive(struct fcsim_ctx *ctx, const struct vn_shared *sh, uint32_t node, void *state,
                      const struct fcsim_flit *f)
{
  struct vn_hdr *h = state;
  struct vn_shared *cnt = (struct vn_shared *)sh; /* counters only */
  if (f->route & VN_IND) {
    ctx->flits_in_network--;
    if (f->aux < h->nvp) {
      struct vn_vport *v = &vps(sh, state)[f->aux];
      v->rate = sh->threshold;
      v->tokens = 0;
      v->tokens_cycle = ctx->now;
    }
    cnt->indications[node]++;
    return;
  }
  vn_count(ctx, sh, node, state, f->route);
  if (f->aux < sh->nmsg && sh->msg_dst[f->aux] != node) {
    ctx->flits_in_network--;
    ctx->last_progress = ctx->tick;
    cnt->misdelivered_fl[node]++;
    if (f->flags & FCSIM_FLIT_TAIL)
      cnt->misdelivered[node]++;
    return;
  }
  if (sh->trig_ent && f->aux < sh->nmsg && (f->flags & FCSIM_FLIT_TAIL)) {
    struct vcsn_table *tab = (struct vcsn_table *)&sh->tab; /* entries of this node only (fcsim__vcsn_fire) */
    for (uint32_t i = sh->trig_base[f->aux]; i < sh->trig_base[f->aux + 1]; i++)
      fcsim__vcsn_fire(tab, sh->trig_ent[i], ctx->now);
  }
  fcsim_ctx_ejected(ctx, node, f, ctx->now + sh->local);
}

/* The node a receive fills (the port kit's take argument). */
struct vn_rx {
  const struct vn_shared *sh;
  uint32_t node;
  void *state;
};

static void vn_take(struct fcsim_ctx *ctx, void *arg, int q, const struct fcsim_flit *f)
{
  (void)q;
  struct vn_rx *rx = arg;
  vn_arrive(ctx, rx->sh, rx->node, rx->state, f);
}

/* Every arrived flit straight to memory, its credit back at once (one
 * entry per input per cycle); the outputs' credits. */
static void vn_receive(struct fcsim_ctx *ctx, const struct vn_shared *sh, uint32_t node, void *state)
{
  uint32_t slot0 = sh->g->port_base[node];
  struct vn_rx rx = {sh, node, state};
  for (uint64_t m = ctx->links->pending[node]; m; m &= m - 1) {
    int q = __builtin_ctzll(m);
    int32_t got = fcsim_port_drain(ctx, node, slot0, q, vn_take, &rx);
    if (got)
      fcsim_port_return_credits(ctx, slot0, q, 0, got);
  }
  struct vn_port *pt = ports(sh, state);
  fcsim_port_take_credits(ctx, slot0, ((struct vn_hdr *)state)->radix, &pt[0].credits, sizeof pt[0]);
}

/* Whether virtual port v may start a frame now; fills its entry. */
static int vn_ready(struct fcsim_ctx *ctx, const struct vn_shared *sh, uint32_t node, struct vn_vport *v, uint32_t vp,
                    const struct vcsn_entry **e)
{
  if (v->q.count == 0)
    return 0;
  uint32_t k;
  *e = fcsim__vcsn_effective(&sh->tab, sh->tab.vp_base[node] + vp, ctx->now, &k);
  if (!*e)
    return 0; /* no virtual link yet: the encoder has no header */
  if (k != v->entry) {
    v->entry = k; /* a new entry: a new link, no throttle */
    v->rate = 0;
  }
  const struct fcsim_packet *pk = fcsim_pktq_front(&v->q);
  if (pk->gen_cycle > ctx->now)
    return 0;
  if (pk->aux != v->last_msg) {
    v->last_msg = pk->aux;
    v->ready_cycle = ctx->now + sh->crossbar;
  }
  if (ctx->now < v->ready_cycle)
    return 0;
  return v->rate <= 0 || vn_tokens(sh, v, ctx->now) >= (double)pk->flits;
}

/* The MUX: the next frame for physical port p (an indication first). */
static void vn_pick(struct fcsim_ctx *ctx, const struct vn_shared *sh, uint32_t node, void *state, int p)
{
  struct vn_port *pt = &ports(sh, state)[p];
  if (pt->nind) {
    struct fcsim_flit f = {
        (uint32_t)ctx->tick, pt->ind_node[0], pt->ind_vport[0], 0, FCSIM_FLIT_HEAD | FCSIM_FLIT_TAIL, 0, VN_IND};
    pt->head = f;
    pt->cur = -2;
    pt->left = 1;
    pt->sent = 0;
    pt->nind--;
    memmove(pt->ind_node, pt->ind_node + 1, pt->nind * sizeof pt->ind_node[0]);
    memmove(pt->ind_vport, pt->ind_vport + 1, pt->nind * sizeof pt->ind_vport[0]);
    ctx->flits_in_network++;
    return;
  }
  struct vn_vport *v = vps(sh, state) + p * sh->V;
  int best = -1, best_prio = 0;
  const struct vcsn_entry *best_e = NULL;
  for (int j = 1; j <= sh->V; j++) {
    int i = (pt->rr + j) % sh->V;
    const struct vcsn_entry *e;
    if (vn_ready(ctx, sh, node, &v[i], (uint32_t)(p * sh->V + i), &e) && (best < 0 || e->priority > best_prio)) {
      best = i;
      best_prio = e->priority;
      best_e = e;
    }
  }
  if (best < 0)
    return;
  struct vn_vport *b = &v[best];
  const struct fcsim_packet *pk = fcsim_pktq_front(&b->q);
  if (b->rate > 0)
    b->tokens -= pk->flits;
  struct fcsim_flit f = {(uint32_t)pk->gen_tick, best_e->dest, pk->aux, 0, pk->flags, 0, (uint8_t)best_e->dest_vport};
  pt->head = f;
  pt->cur = p * sh->V + best;
  pt->left = pk->flits;
  pt->sent = 0;
  pt->rr = best;
}

/* One cycle of physical port p's wire. */
static void vn_transmit(struct fcsim_ctx *ctx, const struct vn_shared *sh, uint32_t node, void *state, int p)
{
  struct vn_port *pt = &ports(sh, state)[p];
  if (pt->cur == -1 && pt->owed_bytes >= sh->flit_bytes) {
    pt->owed_bytes -= sh->flit_bytes; /* the wire is busy with framing */
    return;
  }
  if (pt->cur == -1)
    vn_pick(ctx, sh, node, state, p);
  if (pt->cur == -1 || pt->credits <= 0)
    return;
  struct fcsim_flit f = pt->head;
  fcsim_port_mark_ends(&f, pt->sent, pt->sent + pt->left);
  f.hops = 1;
  if (pt->cur >= 0) {
    fcsim_ctx_injected(ctx);
    ctx->last_progress = ctx->tick;
  }
  fcsim_ctx_send(ctx, sh->g->port_base[node] + (uint32_t)p, &f, ctx->now + 1);
  pt->credits--;
  pt->sent++;
  if (--pt->left)
    return;
  pt->owed_bytes += sh->overhead_bytes;
  if (pt->cur >= 0) {
    struct vn_vport *v = &vps(sh, state)[pt->cur];
    fcsim_pktq_pop(&v->q);
    ((struct vn_hdr *)state)->queued--;
  }
  pt->cur = -1;
}

static uint64_t vn_step(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state)
{
  const struct vn_shared *sh = shared;
  struct vn_hdr *h = state;
  vn_receive(ctx, sh, node, state);
  int busy = h->queued > 0;
  for (int p = 0; p < h->radix; p++) {
    vn_transmit(ctx, sh, node, state, p);
    const struct vn_port *pt = &ports(sh, state)[p];
    busy |= pt->cur != -1 || pt->nind || pt->owed_bytes >= sh->flit_bytes;
  }
  return busy ? ctx->now + 1 : UINT64_MAX;
}

static int vn_accept(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state,
                     const struct fcsim_packet *pk)
{
  (void)ctx;
  const struct vn_shared *sh = shared;
  struct vn_hdr *h = state;
  int v = fcsim__vcsn_bind(&sh->tab, node, pk->dest, pk->gen_cycle);
  if (v < 0)
    v = 0; /* refused at set-up (vn_check_trace): cannot happen */
  return fcsim_port_accept(&vps(sh, state)[v].q, &h->queued, pk);
}

/* Index of trace message `id`, -1 if none. */
static int64_t vn_msg_index(const struct trace *tr, int64_t id)
{
  for (int64_t m = 0; m < tr->n; m++)
    if (tr->msg[m].id == id)
      return m;
  return -1;
}

/* The triggered MAC entries (`after`) by the message that writes them: it
 * must exist, be one frame (its tail is its arrival) and arrive at the
 * entry's own node; the throttle is refused with them (it reads other
 * nodes' entries, which a triggered write changes during the run). */
static int vn_triggers(const struct fcsim_router_env *env, struct vn_shared *sh, const struct trace *tr,
                       struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  const struct vcsn_table *t = &sh->tab;
  if (sh->threshold > 0)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "vcsn.table = %s: entries with `after` (written when a message arrives) cannot be used "
                           "with vcsn.threshold > 0; set vcsn.threshold = 0",
                           t->path);
  sh->trig_base = calloc((size_t)sh->nmsg + 2, sizeof *sh->trig_base);
  sh->trig_ent = malloc((size_t)t->ntriggered * sizeof *sh->trig_ent);
  int64_t *idx = malloc((size_t)t->ntriggered * sizeof *idx);
  int rc = !sh->trig_base || !sh->trig_ent || !idx ? fcsim_error_set(err, FCSIM_ENOMEM, "out of memory") : 0;
  uint32_t j = 0;
  uint64_t frame_bytes = (uint64_t)p->packet_flits * (uint64_t)sh->flit_bytes;
  for (int64_t n = 0; !rc && n < t->nodes; n++)
    for (uint32_t k = t->ent_base[t->vp_base[n]]; !rc && k < t->ent_base[t->vp_base[n + 1]]; k++) {
      const struct vcsn_entry *e = &t->ent[k];
      if (e->after < 0)
        continue;
      int64_t m = vn_msg_index(tr, e->after);
      if (m < 0 || tr->msg[m].dst != (uint32_t)n || tr->msg[m].bytes > frame_bytes) {
        rc = fcsim_error_set(err, FCSIM_EINVAL,
                               "vcsn.table = %s:%d: after = %lld: %s; a triggered entry is written when a one-frame "
                               "message to its own node arrives",
                               t->path, e->line, (long long)e->after,
                               m < 0                              ? "no such message in traffic.trace"
                               : tr->msg[m].dst != (uint32_t)n    ? "that message goes to another node"
                                                                  : "that message is longer than one frame");
        break;
      }
      idx[j] = m;
      sh->trig_ent[j++] = k;
      sh->trig_base[m + 1]++;
    }
  for (uint32_t m = 0; !rc && m < sh->nmsg; m++)
    sh->trig_base[m + 1] += sh->trig_base[m];
  if (!rc) { /* order by message: a counting sort */
    uint32_t *pos = calloc((size_t)sh->nmsg + 1, sizeof *pos), *ent = malloc((size_t)j * sizeof *ent);
    if (!pos || !ent)
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    for (uint32_t i = 0; !rc && i < j; i++)
      ent[sh->trig_base[idx[i]] + pos[idx[i]]++] = sh->trig_ent[i];
    if (!rc)
      memcpy(sh->trig_ent, ent, (size_t)j * sizeof *ent);
    free(pos);
    free(ent);
  }
  free(idx);
  return rc;
}

/* Every message sent by a vcsn node must find a virtual port whose MAC
 * entry names its destination: the workload's messages (env->messages),
 * read once, by the workload. */
static int vn_check_trace(const struct fcsim_router_env *env, struct vn_shared *sh, struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  const struct trace *tr = env->messages;
  if (!tr)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = vcsn: traffic.mode = %s; a virtual-circuit network carries messages "
                           "between the virtual ports its MAC tables join, so use traffic.mode = trace",
                           p->mode_name);
  int rc = 0;
  sh->msg_dst = malloc(((size_t)tr->n ? (size_t)tr->n : 1) * sizeof *sh->msg_dst);
  if (!sh->msg_dst)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (int64_t m = 0; !rc && m < tr->n; m++) {
    const struct trace_msg *msg = &tr->msg[m];
    sh->msg_dst[m] = msg->dst;
    if (sh->g->kind[msg->src] != env->kind || fcsim__vcsn_bind(&sh->tab, msg->src, msg->dst, 0) >= 0)
      continue;
    char a[64], b[64];
    snprintf(a, sizeof a, "%s", sh->g->name ? sh->g->name[msg->src] : "");
    snprintf(b, sizeof b, "%s", sh->g->name ? sh->g->name[msg->dst] : "");
    char where[FCSIM_PATH_MAX + 32] = "";
    if (!p->messages)
      snprintf(where, sizeof where, "traffic.trace = %s:%d: ", p->trace, msg->line);
    rc = fcsim_error_set(err, FCSIM_EINVAL,
                         "%smessage %lld from node %u (%s) to node %u (%s) uses a virtual port "
                         "with no MAC entry: no virtual port of node %u reaches node %u in vcsn.table = %s; add an "
                         "entry `%u,VPORT,%u,DEST_VPORT`",
                         where, (long long)msg->id, msg->src, a, msg->dst, b, msg->src, msg->dst,
                         ((const struct fcsim_vcsn_params *)fcsim_params_block(p, &fcsim_vcsn_block))->table,
                         msg->src, msg->dst);
  }
  sh->nmsg = (uint32_t)tr->n;
  if (!rc && sh->tab.ntriggered)
    rc = vn_triggers(env, sh, tr, err);
  return rc;
}

static void vn_teardown(void *shared)
{
  struct vn_shared *sh = shared;
  if (!sh)
    return;
  fcsim__vcsn_table_free(&sh->tab);
  free(sh->msg_dst);
  free(sh->trig_base);
  free(sh->trig_ent);
  free(sh->misdelivered);
  free(sh->misdelivered_fl);
  free(sh->indications);
  free(sh);
}

static int vn_setup(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  const struct fcsim_params *p = env->p;
  const struct fcsim_vcsn_params *vp = fcsim_params_block(p, &fcsim_vcsn_block);
  const struct fcsim_graph *g = &env->topo->graph;
  const struct fcsim_framing *fr = fcsim_framing_find(fcsim_ethswitch_params(p)->framing);
  if (!fr)
    return fcsim_error_set(err, FCSIM_EINVAL, "unknown switch.framing");
  int np = 0; /* the largest radix of a vcsn node (the switches may have more ports) */
  for (int64_t n = 0; n < g->nodes; n++)
    if (g->kind[n] == env->kind && g->port_base[n + 1] - g->port_base[n] > (uint32_t)np)
      np = (int)(g->port_base[n + 1] - g->port_base[n]);
  if (np > 63 || np * vp->vports > VN_MAX_VPS)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = vcsn: %d ports x vcsn.vports = %d is more than %d virtual ports per node",
                           np, vp->vports, VN_MAX_VPS);
  struct vn_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = p;
  sh->g = g;
  sh->V = vp->vports;
  sh->np = np;
  sh->overhead_bytes = (uint32_t)fr->overhead_bytes;
  sh->flit_bytes = (uint32_t)(p->flit_bits / 8);
  sh->crossbar = (uint64_t)vp->crossbar_cycles;
  sh->window = (uint64_t)vp->window_cycles;
  sh->threshold = vp->threshold;
  sh->local = (uint64_t)p->local_cycles;
  sh->ticks_per_cycle = env->ticks_per_cycle > 0 ? env->ticks_per_cycle : 1.0;
  size_t nn = (size_t)g->nodes ? (size_t)g->nodes : 1;
  sh->misdelivered = calloc(nn, sizeof *sh->misdelivered);
  sh->misdelivered_fl = calloc(nn, sizeof *sh->misdelivered_fl);
  sh->indications = calloc(nn, sizeof *sh->indications);
  if (!sh->misdelivered || !sh->misdelivered_fl || !sh->indications) {
    vn_teardown(sh);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  int rc = fcsim__vcsn_table_read(vp->table, g, sh->V, (uint64_t)vp->reconfig_cycles, p->clock_hz, &sh->tab, err);
  if (!rc)
    rc = vn_check_trace(env, sh, err);
  if (rc) {
    vn_teardown(sh);
    return rc;
  }
  sh->off_vp = align8(sizeof(struct vn_hdr));
  sh->off_port = align8(sh->off_vp + (size_t)(sh->np * sh->V) * sizeof(struct vn_vport));
  *state_size = align8(sh->off_port + (size_t)sh->np * sizeof(struct vn_port));
  *shared = sh;
  return 0;
}

static int vn_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err)
{
  (void)err;
  const struct vn_shared *sh = shared;
  struct vn_hdr *h = state;
  h->radix = (int)(sh->g->port_base[node + 1] - sh->g->port_base[node]);
  h->nvp = (uint32_t)(h->radix * sh->V);
  struct vn_vport *v = vps(sh, state);
  for (uint32_t i = 0; i < h->nvp; i++) {
    v[i].last_msg = UINT32_MAX;
    v[i].entry = UINT32_MAX;
  }
  struct vn_port *pt = ports(sh, state);
  for (int q = 0; q < h->radix; q++) {
    const struct fcsim_chan *ch = fcsim_graph_out(sh->g, node, q);
    pt[q].credits = ch->dst >= 0 ? (int32_t)ch->dst_depth_flits : 0;
    pt[q].cur = -1;
    pt[q].rr = sh->V - 1;
  }
  return 0;
}

static void vn_fini(const void *shared, uint32_t node, void *state)
{
  (void)node;
  const struct vn_shared *sh = shared;
  struct vn_vport *v = vps(sh, state);
  for (int i = 0; i < sh->np * sh->V; i++) {
    free(v[i].q.buf);
    v[i].q.buf = NULL;
  }
}

/* A frame must fit the framing's payload; the input only needs the credit
 * round trip (flits are written to memory as they arrive). */
static int vn_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                     struct fcsim_error *err)
{
  (void)switch_auto;
  (void)origin;
  const struct fcsim_framing *fr = fcsim_framing_find(fcsim_ethswitch_params(p)->framing);
  uint64_t frame_bytes = (uint64_t)p->packet_flits * (uint64_t)p->flit_bits / 8;
  if (p->flit_bits % 8)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "router.model = vcsn: network.flit_bits = %d is not whole bytes",
                           p->flit_bits);
  if (fr && frame_bytes > fr->max_payload_bytes)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = vcsn: traffic.packet_size = %d flits is %llu bytes, more than the "
                           "%llu-byte payload of a `%s` frame (switch.framing)",
                           p->packet_flits, (unsigned long long)frame_bytes, (unsigned long long)fr->max_payload_bytes,
                           fr->name);
  p->vcs = 1;
  p->credit_threshold_flits = 1;
  p->switch_cycles = 1;
  if (depth_auto)
    p->vc_depth_flits = 2 * p->link_latency_cycles + 4;
  return 0;
}

static uint64_t vn_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks)
{
  const struct vn_shared *sh = shared;
  return fcsim_port_credit_capacity(sh->p->vc_depth_flits, sh->ticks_per_cycle, c, lag_ticks);
}

static void vn_input_buffers(const void *shared, int *vcs, int *depth_flits)
{
  const struct vn_shared *sh = shared;
  *vcs = 1;
  *depth_flits = sh->p->vc_depth_flits;
}

/* Misdeliveries and indications per node (each node's own): ranks merge
 * them by sum. They are the run's metrics vcsn_misdelivered_frames,
 * vcsn_misdelivered_flits and vcsn_indication_frames (declared in router/switched/metrics.c),
 * read from here when the results are written. */
static int vn_counters(const void *shared, struct fcsim_counter *out)
{
  const struct vn_shared *sh = shared;
  size_t n = (size_t)sh->g->nodes;
  out[0] = fcsim_counter_metric_u64("vcsn_misdelivered_frames", FCSIM_MERGE_SUM, sh->misdelivered, n);
  out[1] = fcsim_counter_metric_u64("vcsn_misdelivered_flits", FCSIM_MERGE_SUM, sh->misdelivered_fl, n);
  out[2] = fcsim_counter_metric_u64("vcsn_indication_frames", FCSIM_MERGE_SUM, sh->indications, n);
  return 3;
}

const struct fcsim_router_ops fcsim_router_vcsn = {
    .name = "vcsn",
    .help = "VCSN FPGA endpoint (VCSN 2023 §3.4): vcsn.vports virtual ports per port, MAC tables from vcsn.table "
            "rewritten at a cost (vcsn.reconfig), a round-robin MUX with priorities, crossbar set-up, and the "
            "receive-bandwidth throttle (vcsn.threshold); switches stay ethswitch",
    .version = 1,
    .flow_control = "per-flit credits",
    .max_vcs = 1,
    .local_ports = 1,
    .derive = vn_derive,
    .setup = vn_setup,
    .teardown = vn_teardown,
    .input_buffers = vn_input_buffers,
    .init = vn_init,
    .fini = vn_fini,
    .accept = vn_accept,
    .step = vn_step,
    .credit_capacity = vn_credit_capacity,
    .counters = vn_counters,
};
