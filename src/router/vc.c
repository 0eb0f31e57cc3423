/* The cycle step of the VC wormhole routers (router.h describes the two
 * models). One call steps one router of a partition for cycle pt->now:
 *   1. take the flits and credits whose arrival cycle has come;
 *   2. routing computation and VC allocation for head flits at VC fronts;
 *   3. ejection (novog: per input port, right after RC);
 *   4. switch allocation and traversal onto the output links.
 * A router reads only its own state and the rings addressed to it, and
 * writes only its own state and the rings it feeds, with arrival cycles in
 * the future: stepping routers in any order gives the same result. */
#include <string.h>

#include "engine/net.h"

#define NO_CAND 0xffffu

static inline size_t vc_index(const struct fcsim_net *net, uint32_t node, int port, int v)
{
  return ((size_t)node * (size_t)net->np_in + (size_t)port) * (size_t)net->nvc + (size_t)v;
}

static inline struct fcsim_flit *vc_front(struct fcsim_net *net, size_t vi)
{
  return &net->vcbuf[vi * (size_t)net->depth + net->vcs[vi].head];
}

/* Appends a flit to an input VC. Returns 0, or -1 if the VC was full (the
 * credit rule failed: counted, never expected). */
static int vc_push(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, int port, size_t vi, const struct fcsim_flit *f,
                   uint64_t now)
{
  struct fcsim_vc *vc = &net->vcs[vi];
  if (vc->count >= (uint32_t)net->depth) {
    pt->acc.buffer_overflows++;
    return -1;
  }
  uint32_t tail = vc->head + vc->count;
  if (tail >= (uint32_t)net->depth)
    tail -= (uint32_t)net->depth;
  net->vcbuf[vi * (size_t)net->depth + tail] = *f;
  if (vc->count++ == 0) {
    struct fcsim_node *nd = &net->nodes[node];
    nd->busy_mask[port] |= (uint16_t)(1u << (vi % (size_t)net->nvc));
    unsigned busy = ++nd->busy_count[port];
    if (busy > pt->acc.max_busy_vcs && port < net->topo.nports)
      pt->acc.max_busy_vcs = busy;
    if (f->flags & FCSIM_FLIT_HEAD) {
      vc->stage = FCSIM_VC_RC;
      vc->ready_cycle = now + (uint64_t)net->p.rc_cycles;
      nd->heads_waiting++;
    }
  }
  net->nodes[node].buffered++;
  return 0;
}

/* Removes the front flit of an input VC; when it was a tail, the next packet
 * (if any) starts routing computation next cycle. */
static void vc_pop(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, int port, size_t vi, int was_tail, uint64_t now)
{
  struct fcsim_vc *vc = &net->vcs[vi];
  if (++vc->head == (uint32_t)net->depth)
    vc->head = 0;
  vc->count--;
  struct fcsim_node *nd = &net->nodes[node];
  nd->buffered--;
  if (vc->count == 0) {
    nd->busy_mask[port] &= (uint16_t)~(1u << (vi % (size_t)net->nvc));
    nd->busy_count[port]--;
  }
  if (was_tail) {
    vc->out_port = FCSIM_NO_PORT;
    vc->out_vc = -1;
    if (vc->count > 0) {
      /* the next head's RC starts as the tail leaves (it sits right behind
       * it), as for a head arriving into an empty VC */
      vc->stage = FCSIM_VC_RC;
      vc->ready_cycle = now + (uint64_t)net->p.rc_cycles;
      nd->heads_waiting++;
    } else {
      vc->stage = FCSIM_VC_IDLE;
    }
  }
}

/* Puts a flit on the link leaving `node` on `port`. */
static int link_send(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, int port, const struct fcsim_flit *f, uint64_t now)
{
  size_t c = (size_t)node * (size_t)net->topo.nports + (size_t)port;
  struct fcsim_ring *r = &net->chan[c];
  if (!fcsim_ring_has_room(r)) { /* sized so this cannot happen; never corrupt */
    pt->acc.buffer_overflows++;
    return 0;
  }
  uint64_t arrival = now + (uint64_t)net->p.switch_cycles + (uint64_t)net->p.link_latency_cycles;
  struct fcsim_link_slot *s = &net->chan_pool[r->base + (r->tail & r->mask)];
  s->flit = *f;
  s->arrival = arrival;
  fcsim_ring_commit(r);
  if (pt->in_window)
    net->link_flits[c]++;
  pt->acc.flit_hops_total++;
  pt->last_progress = now;
  /* a router of another partition is woken, and told which link to read, by
   * its own partition when the ring is published (engine.c) */
  if (r->cross)
    return 0;
  uint32_t to = (uint32_t)net->topo.neighbor[c];
  net->nodes[to].in_pending |= (uint16_t)(1u << (port ^ 1));
  return fcsim_part_wake(net, pt, to, arrival);
}

/* Sends a credit back to the router upstream of input `port` of `node`. */
static void credit_send(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, int port, uint32_t vc, int32_t value, uint64_t now)
{
  int32_t up = net->topo.neighbor[(size_t)node * net->topo.nports + port];
  struct fcsim_ring *r = &net->cchan[(size_t)up * net->topo.nports + (port ^ 1)];
  if (!fcsim_ring_has_room(r)) { /* sized so this cannot happen; never corrupt */
    pt->acc.buffer_overflows++;
    return;
  }
  struct fcsim_credit_slot *s = &net->cchan_pool[r->base + (r->tail & r->mask)];
  s->arrival = now + (uint64_t)net->p.link_latency_cycles;
  s->value = value;
  s->vc = vc;
  fcsim_ring_commit(r);
}

/* Novo-G#: input `port` changed; its free slots must be reported upstream for
 * a while (see credit_dirty_cycles), even if the router goes idle. */
static inline void mark_dirty(struct fcsim_net *net, struct fcsim_node *nd, int port, uint64_t now)
{
  uint64_t until = now + net->credit_dirty_cycles;
  nd->port_dirty_until[port] = until;
  nd->credit_dirty_until = until;
}

/* Counts a flit leaving the network at cycle `now`, arriving at its node at
 * cycle `at` (novog: the same; classic: after the switch and the ejection
 * channel). */
static void eject_flit(struct fcsim_net *net, struct fcsim_part *pt, const struct fcsim_flit *f, uint64_t now,
                       uint64_t at)
{
  struct fcsim_stats_acc *a = &pt->acc;
  a->flits_ejected_total++;
  if (pt->in_window)
    a->ejected_flits_window++;
  pt->flits_in_network--;
  pt->last_progress = now;
  if (f->flags & FCSIM_FLIT_TAIL) {
    if (at > a->last_eject)
      a->last_eject = at;
    if (f->flags & FCSIM_FLIT_MEASURED)
      fcsim_stats_record_packet(a, at - f->gen_cycle, f->hops);
  }
}

static void note_injected(struct fcsim_net *net, struct fcsim_part *pt, uint64_t now)
{
  if (pt->in_window)
    pt->acc.injected_flits_window++;
  if (now < pt->acc.first_inject)
    pt->acc.first_inject = now;
  pt->acc.flits_injected_total++;
  pt->flits_in_network++;
}

/* Stage 1: flits and credits that have arrived. */
static void receive(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t now)
{
  const int np = net->topo.nports;
  const uint32_t *in = &net->in_chan[(size_t)node * np];
  const int inband = net->model->inband_credits;
  struct fcsim_node *nd = &net->nodes[node];
  for (unsigned m = nd->in_pending; m; m &= m - 1) {
    int q = __builtin_ctz(m);
    struct fcsim_ring *r = &net->chan[in[q]];
    while (fcsim_ring_visible(r)) {
      struct fcsim_link_slot *s = &net->chan_pool[r->base + (r->head & r->mask)];
      if (s->arrival > now)
        break;
      vc_push(net, pt, node, q, vc_index(net, node, q, s->flit.vc), &s->flit, now);
      fcsim_ring_pop(r);
      if (inband)
        mark_dirty(net, nd, q, now);
    }
    if (!fcsim_ring_visible(r))
      nd->in_pending &= (uint16_t)~(1u << q);
  }
  for (int q = 0; q < np; q++) {
    struct fcsim_ring *cr = &net->cchan[(size_t)node * np + q];
    if (!fcsim_ring_visible(cr))
      continue;
    struct fcsim_outport *o = &net->outs[(size_t)node * net->np_out + q];
    while (fcsim_ring_visible(cr)) {
      struct fcsim_credit_slot *s = &net->cchan_pool[cr->base + (cr->head & cr->mask)];
      if (s->arrival > now)
        break;
      if (inband)
        o->credits[s->vc] = s->value;
      else
        o->credits[s->vc] += s->value;
      fcsim_ring_pop(cr);
    }
  }
}

/* The dateline class a packet uses after leaving `node` on `out`, having
 * arrived on `in` (-1 or the local port at its source). Class is set by the
 * direction when the packet starts a dimension and toggled when it crosses
 * the dateline (seed 000 §4.2.2). */
static inline int next_class(const struct fcsim_net *net, uint32_t node, int in, int out, int cls)
{
  if (net->topo.kind != FCSIM_TOPO_TORUS || !net->p.dateline)
    return 0;
  int straight = in >= 0 && in < net->topo.nports && out == (in ^ 1);
  int c = straight ? cls : (out & 1);
  return c ^ fcsim_topo_crosses_dateline(&net->topo, node, out);
}

/* Allocates a free downstream VC of class `cls` on output `out`; -1 if none.
 * With overlapping classes (Fig. 4.9b) only the first and last VCs are
 * exclusive (fcsim_vc_class_range). An exclusive (escape) VC
 * is handed to a new packet as soon as the previous one's tail has left (its
 * packets are all of one class and follow an acyclic chain); a shared VC only
 * when it is known to be empty (all its credits back), or a packet of one
 * class could wait behind one of the other inside it and tie the two classes'
 * chains into a cycle — the escape-channel argument needs atomic allocation
 * of the shared VCs. */
static int alloc_vc(struct fcsim_net *net, struct fcsim_outport *o, int cls, int ejecting)
{
  int lo, hi, shared_lo, shared_hi;
  if (ejecting)
    return 0;
  fcsim_vc_class_range(net, cls, &lo, &hi, &shared_lo, &shared_hi);
  int n = hi - lo + 1;
  for (int i = 0; i < n; i++) {
    int v = lo + (o->va_ptr + i) % n;
    if (o->owned[v])
      continue;
    if (v >= shared_lo && v <= shared_hi && o->credits[v] < net->depth)
      continue; /* a shared VC still holding flits */
    o->owned[v] = 1;
    o->va_ptr = (uint16_t)((v - lo + 1) % n);
    return v;
  }
  return -1;
}

/* Stage 2: routing computation and VC allocation at every VC front. */
static void route_and_allocate(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t now)
{
  struct fcsim_node *nd = &net->nodes[node];
  if (nd->heads_waiting == 0)
    return;
  int32_t credits[FCSIM_MAX_PORTS];
  const int nvc = net->nvc, np_in = net->np_in, np = net->topo.nports;
  const int classic = net->model->local_port;
  size_t base = vc_index(net, node, 0, 0);
  for (int q = 0; q < np_in; q++) {
    for (unsigned m = nd->busy_mask[q]; m; m &= m - 1) {
      int v = __builtin_ctz(m);
      size_t vi = base + (size_t)q * nvc + v;
      struct fcsim_vc *vc = &net->vcs[vi];
      if (vc->stage == FCSIM_VC_RC && vc->ready_cycle <= now) {
        const struct fcsim_flit *f = vc_front(net, vi);
        if (f->dest == node) {
          vc->dist = 0;
          if (classic) { /* the ejection port is an output like the others: VA, SA, ST */
            vc->out_port = (int8_t)np;
            vc->class1 = 0;
            vc->stage = FCSIM_VC_VA;
            vc->ready_cycle += (uint64_t)net->p.va_cycles;
          } else {
            nd->heads_waiting--;
            vc->stage = FCSIM_VC_EJECT;
            continue;
          }
        } else {
          int out = net->routing->route(&net->topo, &net->p, node, f->dest, f->route, q, &nd->hop_rng,
                                        net->routing->needs_credits ? fcsim_port_credits(net, node, credits) : NULL);
          vc->out_port = (int8_t)out;
          vc->class1 = (uint8_t)next_class(net, node, q, out, (f->flags & FCSIM_FLIT_CLASS1) != 0);
          vc->dist = net->arbiter->constant ? 0 : (uint16_t)fcsim_topo_distance(&net->topo, node, f->dest);
          vc->stage = FCSIM_VC_VA;
          vc->ready_cycle += (uint64_t)net->p.va_cycles;
        }
      }
      if (vc->stage == FCSIM_VC_VA && vc->ready_cycle <= now) {
        struct fcsim_outport *o = &net->outs[(size_t)node * net->np_out + vc->out_port];
        int v2 = alloc_vc(net, o, vc->class1, vc->out_port == np);
        if (v2 >= 0) {
          vc->out_vc = (int8_t)v2;
          vc->stage = FCSIM_VC_ACTIVE;
          nd->heads_waiting--;
        }
      }
    }
  }
}

/* Takes the front flit of input VC `vi`, retagged for the downstream VC. */
static struct fcsim_flit take_flit(struct fcsim_net *net, size_t vi, int *tail)
{
  struct fcsim_vc *vc = &net->vcs[vi];
  struct fcsim_flit f = *vc_front(net, vi);
  f.vc = (uint8_t)vc->out_vc;
  f.flags = (uint8_t)((f.flags & ~FCSIM_FLIT_CLASS1) | (vc->class1 ? FCSIM_FLIT_CLASS1 : 0));
  if (f.hops < 255)
    f.hops++;
  *tail = (f.flags & FCSIM_FLIT_TAIL) != 0;
  return f;
}

/* Priority of the packet at the front of input VC `vi` (its distance was
 * computed once, at routing computation). */
static inline uint64_t priority_of(struct fcsim_net *net, size_t vi, uint64_t now)
{
  return net->arbiter->priority(now - vc_front(net, vi)->gen_cycle, net->vcs[vi].dist, net->p.age_threshold_cycles);
}

/* Picks among candidates (input VC offsets within the router) the highest
 * priority, ties to the first at or after the round-robin pointer. */
static int pick(struct fcsim_net *net, const uint16_t *cand, int ncand, uint16_t rr, uint64_t now, size_t base)
{
  if (ncand == 1)
    return cand[0];
  int best = -1;
  uint64_t best_pri = 0;
  unsigned best_dist = 0;
  unsigned span = (unsigned)(net->np_in * net->nvc);
  const int constant = net->arbiter->constant;
  for (int i = 0; i < ncand; i++) {
    uint64_t pri = constant ? 0 : priority_of(net, base + cand[i], now);
    unsigned c = cand[i], dist = c >= rr ? c - rr : c + span - rr;
    if (best < 0 || pri > best_pri || (pri == best_pri && dist < best_dist)) {
      best = cand[i];
      best_pri = pri;
      best_dist = dist;
    }
  }
  return best;
}

static void eject_novog(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t now)
{
  struct fcsim_node *nd = &net->nodes[node];
  const int nvc = net->nvc, b = net->p.link_bandwidth_flits;
  for (int q = 0; q < net->topo.nports; q++) {
    if (nd->busy_mask[q] == 0)
      continue;
    if (nd->eject_vc[q] < 0) {
      for (int i = 0; i < nvc; i++) {
        int v = (int)((now + (uint64_t)i) % (uint64_t)nvc);
        struct fcsim_vc *vc = &net->vcs[vc_index(net, node, q, v)];
        if (vc->stage == FCSIM_VC_EJECT && vc->ready_cycle <= now && vc->count) {
          nd->eject_vc[q] = (int8_t)v;
          break;
        }
      }
      if (nd->eject_vc[q] < 0)
        continue;
    }
    size_t vi = vc_index(net, node, q, nd->eject_vc[q]);
    for (int k = 0; k < b && net->vcs[vi].count; k++) {
      struct fcsim_flit f = *vc_front(net, vi);
      int tail = (f.flags & FCSIM_FLIT_TAIL) != 0;
      vc_pop(net, pt, node, q, vi, tail, now);
      eject_flit(net, pt, &f, now, now);
      mark_dirty(net, nd, q, now);
      if (tail) {
        nd->eject_vc[q] = -1;
        break;
      }
    }
  }
}

/* Novo-G# credit flit: free slots of every VC of input `port`, sent on the
 * output link of the same port (it takes that cycle's slot). A port whose
 * buffers have not changed for a while reports what it reported last time,
 * which the upstream router already holds: that report is not queued, so an
 * idle upstream router's credit ring does not fill up. */
static int send_credit_flit(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, int port, uint64_t now)
{
  if (net->nodes[node].port_dirty_until[port] < now)
    return 0;
  for (int v = 0; v < net->nvc; v++)
    credit_send(net, pt, node, port, (uint32_t)v,
                net->depth - (int32_t)net->vcs[vc_index(net, node, port, v)].count, now);
  /* the upstream router reads its credits only when stepped: wake it when
   * the report arrives, or reports pile up while it idles (a router of
   * another partition is woken by the window scan, engine.c) */
  size_t up = (size_t)net->topo.neighbor[(size_t)node * net->topo.nports + port];
  if (net->cchan[up * net->topo.nports + (port ^ 1)].cross)
    return 0;
  return fcsim_part_wake(net, pt, (uint32_t)up, now + (uint64_t)net->p.link_latency_cycles);
}

static int switch_novog(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t now)
{
  const int np = net->topo.nports, nvc = net->nvc, b = net->p.link_bandwidth_flits;
  const int32_t thr = net->p.credit_threshold_flits;
  const int credit_cycle = now % (uint64_t)net->p.credit_period_cycles == 0;
  struct fcsim_node *nd = &net->nodes[node];
  size_t base = vc_index(net, node, 0, 0);
  uint16_t cand[FCSIM_MAX_PORTS][FCSIM_MAX_PORTS * FCSIM_MAX_VCS];
  int ncand[FCSIM_MAX_PORTS] = {0};
  int rc = 0;

  /* head flits ready to win an output: bucket them by output */
  for (int q = 0; q < np; q++) {
    for (unsigned m = nd->busy_mask[q]; m; m &= m - 1) {
      size_t off = (size_t)q * nvc + (size_t)__builtin_ctz(m);
      struct fcsim_vc *vc = &net->vcs[base + off];
      if (vc->stage != FCSIM_VC_ACTIVE)
        continue;
      struct fcsim_outport *o = &net->outs[(size_t)node * np + vc->out_port];
      if (o->holder == -1 && o->credits[vc->out_vc] >= thr)
        cand[vc->out_port][ncand[vc->out_port]++] = (uint16_t)off;
    }
  }

  for (int p = 0; p < np; p++) {
    if (net->topo.neighbor[(size_t)node * np + p] < 0)
      continue;
    if (credit_cycle) {
      rc |= send_credit_flit(net, pt, node, p, now);
      continue;
    }
    struct fcsim_outport *o = &net->outs[(size_t)node * np + p];
    if (o->holder == -1) {
      if (ncand[p]) {
        int w = pick(net, cand[p], ncand[p], o->rr_ptr, now, base);
        o->holder = (int16_t)w;
        o->rr_ptr = (uint16_t)((w + 1) % (np * nvc));
      } else if (net->srcq[(size_t)node * np + p].count) {
        struct fcsim_pktq *q = &net->srcq[(size_t)node * np + p];
        struct fcsim_packet *pk = fcsim_pktq_front(q);
        if (pk->gen_cycle + (uint64_t)(net->p.rc_cycles + net->p.va_cycles) <= now) {
          int cls = next_class(net, node, -1, p, 0);
          int v = alloc_vc(net, o, cls, 0);
          if (v >= 0 && o->credits[v] < thr) {
            o->owned[v] = 0;
            v = -1;
          }
          if (v >= 0) {
            o->holder = FCSIM_HOLD_INJECT;
            o->inj_vc = (int8_t)v;
            o->inj_sent = 0;
          }
        }
      }
    }
    if (o->holder >= 0) {
      size_t vi = base + (size_t)o->holder;
      struct fcsim_vc *vc = &net->vcs[vi];
      int q = o->holder / nvc;
      /* started packets always have room downstream: no credit check */
      for (int k = 0; k < b && vc->count; k++) {
        int tail, ovc = vc->out_vc;
        struct fcsim_flit f = take_flit(net, vi, &tail);
        vc_pop(net, pt, node, q, vi, tail, now);
        mark_dirty(net, nd, q, now);
        o->credits[ovc]--;
        rc |= link_send(net, pt, node, p, &f, now);
        if (tail) {
          o->owned[ovc] = 0;
          o->holder = -1;
          break;
        }
      }
    } else if (o->holder == FCSIM_HOLD_INJECT) {
      struct fcsim_pktq *q = &net->srcq[(size_t)node * np + p];
      struct fcsim_packet *pk = fcsim_pktq_front(q);
      int cls = next_class(net, node, -1, p, 0);
      for (int k = 0; k < b; k++) {
        struct fcsim_flit f = {pk->gen_cycle, pk->dest, (uint8_t)o->inj_vc, pk->flags, 1, pk->route};
        if (o->inj_sent == 0)
          f.flags |= FCSIM_FLIT_HEAD;
        if (o->inj_sent + 1 == net->p.packet_flits)
          f.flags |= FCSIM_FLIT_TAIL;
        if (cls)
          f.flags |= FCSIM_FLIT_CLASS1;
        o->credits[o->inj_vc]--;
        note_injected(net, pt, now);
        rc |= link_send(net, pt, node, p, &f, now);
        if (++o->inj_sent == net->p.packet_flits) {
          o->owned[o->inj_vc] = 0;
          o->holder = -1;
          fcsim_pktq_pop(q);
          nd->queued--;
          break;
        }
      }
    }
  }
  return rc;
}

/* Classic: move the next waiting packet into a free VC of the local port. */
static void inject_classic(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t now)
{
  struct fcsim_node *nd = &net->nodes[node];
  struct fcsim_pktq *q = &net->srcq[node];
  const int lp = net->topo.nports, b = net->p.link_bandwidth_flits;
  if (q->count == 0)
    return;
  struct fcsim_packet *pk = fcsim_pktq_front(q);
  if (pk->gen_cycle + (uint64_t)net->p.local_cycles > now) /* the injection channel */
    return;
  if (nd->classic_inj_vc == 0xff) {
    for (int v = 0; v < net->nvc; v++) {
      struct fcsim_vc *vc = &net->vcs[vc_index(net, node, lp, v)];
      if (vc->count == 0 && vc->stage == FCSIM_VC_IDLE) {
        nd->classic_inj_vc = (uint8_t)v;
        nd->classic_inj_sent = 0;
        break;
      }
    }
    if (nd->classic_inj_vc == 0xff)
      return;
  }
  size_t vi = vc_index(net, node, lp, nd->classic_inj_vc);
  for (int k = 0; k < b && net->vcs[vi].count < (uint32_t)net->depth; k++) {
    struct fcsim_flit f = {pk->gen_cycle, pk->dest, nd->classic_inj_vc, pk->flags, 0, pk->route};
    if (nd->classic_inj_sent == 0)
      f.flags |= FCSIM_FLIT_HEAD;
    if (nd->classic_inj_sent + 1 == net->p.packet_flits)
      f.flags |= FCSIM_FLIT_TAIL;
    vc_push(net, pt, node, lp, vi, &f, now);
    note_injected(net, pt, now);
    pt->last_progress = now;
    if (++nd->classic_inj_sent == net->p.packet_flits) {
      fcsim_pktq_pop(q);
      nd->queued--;
      nd->classic_inj_vc = 0xff;
      break;
    }
  }
}

static int switch_classic(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t now)
{
  const int np = net->topo.nports, np_in = net->np_in, np_out = net->np_out, nvc = net->nvc;
  struct fcsim_node *nd = &net->nodes[node];
  size_t base = vc_index(net, node, 0, 0);
  uint16_t cand[FCSIM_MAX_PORTS + 1][(FCSIM_MAX_PORTS + 1) * FCSIM_MAX_VCS];
  int ncand[FCSIM_MAX_PORTS + 1];
  unsigned input_used = 0, outputs = 0;
  int rc = 0;

  for (int q = 0; q < np_in; q++) {
    for (unsigned m = nd->busy_mask[q]; m; m &= m - 1) {
      size_t off = (size_t)q * nvc + (size_t)__builtin_ctz(m);
      struct fcsim_vc *vc = &net->vcs[base + off];
      if (vc->stage != FCSIM_VC_ACTIVE)
        continue;
      int p = vc->out_port;
      if (p < np && net->outs[(size_t)node * np_out + p].credits[vc->out_vc] <= 0)
        continue;
      if (!(outputs & (1u << p))) {
        outputs |= 1u << p;
        ncand[p] = 0;
      }
      cand[p][ncand[p]++] = (uint16_t)off;
    }
  }
  /* outputs with candidates, starting from a rotating one */
  unsigned first = (unsigned)(now % (uint64_t)np_out);
  unsigned rotated = ((outputs >> first) | (outputs << (np_out - first))) & ((1u << np_out) - 1);
  for (; rotated; rotated &= rotated - 1) {
    int p = (int)((first + (unsigned)__builtin_ctz(rotated)) % (unsigned)np_out);
    /* drop candidates whose input already sent this cycle */
    int n = 0;
    for (int j = 0; j < ncand[p]; j++)
      if (!(input_used & (1u << (cand[p][j] / nvc))))
        cand[p][n++] = cand[p][j];
    if (!n)
      continue;
    struct fcsim_outport *o = &net->outs[(size_t)node * np_out + p];
    int w = pick(net, cand[p], n, o->rr_ptr, now, base);
    o->rr_ptr = (uint16_t)((w + 1) % (np_in * nvc));
    int q = w / nvc;
    input_used |= 1u << q;
    size_t vi = base + (size_t)w;
    int tail, ovc = net->vcs[vi].out_vc;
    struct fcsim_flit f = take_flit(net, vi, &tail);
    vc_pop(net, pt, node, q, vi, tail, now);
    if (q < np)
      credit_send(net, pt, node, q, (uint32_t)(w % nvc), 1, now);
    if (p == np) {
      f.hops--; /* the ejection port is not a link */
      /* the flit reaches its node after the switch and the ejection channel */
      eject_flit(net, pt, &f, now, now + (uint64_t)net->p.switch_cycles + (uint64_t)net->p.local_cycles);
    } else {
      o->credits[ovc]--;
      rc |= link_send(net, pt, node, p, &f, now);
      if (tail)
        o->owned[ovc] = 0;
    }
  }
  return rc;
}

int fcsim_router_step(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node)
{
  const uint64_t now = pt->now;
  receive(net, pt, node, now);
  if (net->model->local_port)
    inject_classic(net, pt, node, now);
  route_and_allocate(net, pt, node, now);
  if (net->model->local_port)
    return switch_classic(net, pt, node, now);
  eject_novog(net, pt, node, now);
  return switch_novog(net, pt, node, now);
}
