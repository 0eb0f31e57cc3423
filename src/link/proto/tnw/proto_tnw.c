/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW link module (proto_tnw.h): packetiser with txBuffer and go-back-N
 * resend, CRC check with ACK/NACK/RESTART, per-VC reception FIFOs with
 * credits, and bit-error injection from a counter-based stream. */
#include "link/proto/tnw/proto_tnw.h"

#include <math.h>
#include <stdlib.h>

int fcsim_tnw_cfg_check(const struct fcsim_tnw_cfg *c, struct fcsim_error *err)
{
  if (c->vcs < 1 || c->vcs > FCSIM_TNW_MAX_VCS)
    return fcsim_error_set(err, FCSIM_ERANGE, "TNW: %d virtual channels; expected 1 to %d", c->vcs, FCSIM_TNW_MAX_VCS);
  if (!(c->ber >= 0.0 && c->ber < 1.0))
    return fcsim_error_set(err, FCSIM_ERANGE, "BER %g is outside [0, 1)", c->ber);
  if (c->window < 1 || c->window > 32767)
    return fcsim_error_set(err, FCSIM_ERANGE, "TNW window %d; expected 1 to 32767 (16-bit sequence numbers)",
                           c->window);
  if (c->rx_vc_packets < 1 || c->payload_bytes < 1)
    return fcsim_error_set(err, FCSIM_ERANGE, "TNW: reception FIFO and payload must be at least 1");
  return 0;
}

int fcsim_tnw_default_window(int64_t latency_cycles, double packet_cycles)
{
  double w = ceil((2.0 * (double)latency_cycles + 2.0 * packet_cycles + 4.0) / packet_cycles) + 2.0;
  return w > 32767 ? 32767 : (int)w;
}

int fcsim_tnw_packet_bytes(const struct fcsim_tnw_cfg *c)
{
  return c->header_bytes + c->payload_bytes + c->crc_bytes;
}

int fcsim_tnw_init(struct fcsim_tnw_end *e, const struct fcsim_tnw_cfg *cfg, struct fcsim_error *err)
{
  *e = (struct fcsim_tnw_end){0};
  int rc = fcsim_tnw_cfg_check(cfg, err);
  if (rc)
    return rc;
  e->cfg = *cfg;
  fcsim_rng_init(&e->rng, cfg->seed, cfg->link_id, FCSIM_RNG_BER);
  /* a packet is corrupted when at least one of its bits is */
  double bits = 8.0 * fcsim_tnw_packet_bytes(cfg);
  e->p_packet_error = -expm1(bits * log1p(-cfg->ber));
  for (int v = 0; v < cfg->vcs; v++)
    e->vc_credits[v] = cfg->rx_vc_packets;
  e->txbuf = calloc((size_t)cfg->window, sizeof *e->txbuf);
  e->fifo = calloc((size_t)cfg->vcs * (size_t)cfg->rx_vc_packets, sizeof *e->fifo);
  if (!e->txbuf || !e->fifo) {
    fcsim_tnw_free(e);
    return fcsim_error_set(err, FCSIM_ENOMEM, "TNW: out of memory");
  }
  return 0;
}

void fcsim_tnw_free(struct fcsim_tnw_end *e)
{
  free(e->txbuf);
  free(e->fifo);
  e->txbuf = NULL;
  e->fifo = NULL;
}

void fcsim_tnw_send(struct fcsim_tnw_end *e, int vc, int64_t bytes)
{
  e->backlog[vc] += bytes;
}

/* Moves the oldest unacknowledged packet up to `upto` (exclusive),
 * counting acknowledged payload per VC (send completion). */
static void advance_base(struct fcsim_tnw_end *e, int64_t upto)
{
  for (; e->base < upto; e->base++) {
    const struct fcsim_tnw_slot *s = &e->txbuf[e->base % e->cfg.window];
    e->acked_bytes[s->vc] += s->len;
  }
}

static void take_credits(struct fcsim_tnw_end *e, const struct fcsim_pline_item *it)
{
  if (it->b)
    e->vc_credits[it->a] += it->b;
}

static void accept(struct fcsim_tnw_end *e, const struct fcsim_pline_item *it)
{
  int vc = (int)(it->a & 0xffu), len = (int)(it->a >> 8);
  if (e->fifo_count[vc] == e->cfg.rx_vc_packets) {
    e->st.rx_overflow++;
    return;
  }
  int slot = (e->fifo_head[vc] + e->fifo_count[vc]) % e->cfg.rx_vc_packets;
  e->fifo[vc * e->cfg.rx_vc_packets + slot] = (struct fcsim_tnw_rx){.len = len, .vc_idx = it->b, .born = it->born};
  e->fifo_count[vc]++;
  e->expected++;
  e->acks_owed++;
}

static void on_data(struct fcsim_tnw_end *e, const struct fcsim_pline_item *it)
{
  if (e->discard) {
    e->st.discarded++;
  } else if (it->flags & FCSIM_TNW_F_CORRUPT) {
    e->st.errors_detected++;
    e->nack_due = 1;
    e->discard = 1;
  } else if (it->seq != e->expected) {
    e->st.out_of_order++;
  } else {
    accept(e, it);
  }
}

void fcsim_tnw_receive(struct fcsim_tnw_end *e, const struct fcsim_pline_item *it, int64_t now)
{
  switch (it->kind) {
  case FCSIM_TNW_DATA: on_data(e, it); return;
  case FCSIM_TNW_ACK:
    take_credits(e, it);
    advance_base(e, it->seq + 1);
    return;
  case FCSIM_TNW_NACK:
    take_credits(e, it);
    /* everything before the NACKed packet arrived; resend from it on */
    advance_base(e, it->seq);
    e->resend = 1;
    e->restart_due = 1;
    e->resend_ptr = e->base;
    e->st.resend_episodes++;
    return;
  case FCSIM_TNW_RESTART:
    take_credits(e, it);
    e->discard = 0;
    return;
  case FCSIM_TNW_CREDIT: take_credits(e, it); return;
  }
}

int fcsim_tnw_consume(struct fcsim_tnw_end *e, int64_t now, int *vc_out, struct fcsim_tnw_rx *got)
{
  return fcsim_tnw_consume_masked(e, now, ~0u, vc_out, got);
}

int fcsim_tnw_consume_masked(struct fcsim_tnw_end *e, int64_t now, unsigned vc_mask, int *vc_out,
                             struct fcsim_tnw_rx *got)
{
  for (int k = 0; k < e->cfg.vcs; k++) {
    int vc = (e->rr_rx + k) % e->cfg.vcs;
    if (!e->fifo_count[vc] || !(vc_mask & (1u << vc)))
      continue;
    struct fcsim_tnw_rx *p = &e->fifo[vc * e->cfg.rx_vc_packets + e->fifo_head[vc]];
    if (p->vc_idx != e->vc_consumed[vc])
      e->st.order_errors++;
    e->vc_consumed[vc]++;
    e->st.delivered++;
    e->st.delivered_bytes += (uint64_t)p->len;
    int64_t lat = now - p->born;
    e->st.latency_sum += (double)lat;
    if (lat > e->st.latency_max)
      e->st.latency_max = lat;
    if (vc_out)
      *vc_out = vc;
    if (got)
      *got = *p;
    e->fifo_head[vc] = (e->fifo_head[vc] + 1) % e->cfg.rx_vc_packets;
    e->fifo_count[vc]--;
    e->credit_owed[vc]++;
    e->rr_rx = (vc + 1) % e->cfg.vcs;
    return 1;
  }
  return 0;
}

/* A control word of `kind`, carrying the largest owed credit (8 bits). */
static void control(struct fcsim_tnw_end *e, uint32_t kind, int64_t seq, struct fcsim_pline_item *out, double *wire)
{
  int best = 0;
  for (int v = 1; v < e->cfg.vcs; v++)
    if (e->credit_owed[v] > e->credit_owed[best])
      best = v;
  int64_t n = e->credit_owed[best] > 255 ? 255 : e->credit_owed[best];
  e->credit_owed[best] -= n;
  *out = (struct fcsim_pline_item){.kind = kind, .seq = seq, .a = (uint32_t)best, .b = (uint32_t)n};
  *wire = e->cfg.ctrl_bytes;
}

static void data(struct fcsim_tnw_end *e, int64_t seq, int64_t now, struct fcsim_pline_item *out, double *wire)
{
  struct fcsim_tnw_slot *s = &e->txbuf[seq % e->cfg.window];
  /* the error draw is a pure function of (seed, link, packet, attempt) */
  e->rng.counter = ((uint64_t)seq << 20) | (uint64_t)(s->attempts & 0xfffff);
  int bad = e->p_packet_error > 0 && fcsim_rng_uniform(&e->rng) < e->p_packet_error;
  s->attempts++;
  if (bad)
    e->st.errors_injected++;
  *out = (struct fcsim_pline_item){.kind = FCSIM_TNW_DATA,
                                   .seq = seq,
                                   .a = (uint32_t)s->vc | ((uint32_t)s->len << 8),
                                   .b = s->vc_idx,
                                   .flags = bad ? FCSIM_TNW_F_CORRUPT : 0,
                                   .born = s->born};
  *wire = fcsim_tnw_packet_bytes(&e->cfg);
}

/* A new packet from the injection buffer, VCs in round robin. */
static int new_packet(struct fcsim_tnw_end *e, int64_t now)
{
  if (e->next_seq - e->base >= e->cfg.window)
    return 0;
  for (int k = 0; k < e->cfg.vcs; k++) {
    int vc = (e->rr_vc + k) % e->cfg.vcs;
    if (e->backlog[vc] <= 0 || e->vc_credits[vc] <= 0)
      continue;
    int len = e->backlog[vc] < e->cfg.payload_bytes ? (int)e->backlog[vc] : e->cfg.payload_bytes;
    e->backlog[vc] -= len;
    e->vc_credits[vc]--;
    e->txbuf[e->next_seq % e->cfg.window] =
        (struct fcsim_tnw_slot){.vc = vc, .len = len, .vc_idx = e->vc_next_idx[vc]++, .born = now};
    e->rr_vc = (vc + 1) % e->cfg.vcs;
    e->st.packets_new++;
    return 1;
  }
  return 0;
}

static int64_t owed_credits(const struct fcsim_tnw_end *e)
{
  int64_t n = 0;
  for (int v = 0; v < e->cfg.vcs; v++)
    n += e->credit_owed[v];
  return n;
}

/* 1 when a VC owes half its reception FIFO or more: its credits then go
 * ahead of data, since a module whose line is busy with its own data and
 * receives none (so sends no ACKs to carry them) would otherwise starve its
 * peer until its own stream ends. */
static int credit_urgent(const struct fcsim_tnw_end *e)
{
  for (int v = 0; v < e->cfg.vcs; v++)
    if (e->credit_owed[v] && 2 * e->credit_owed[v] >= e->cfg.rx_vc_packets)
      return 1;
  return 0;
}

int fcsim_tnw_emit(struct fcsim_tnw_end *e, int64_t now, struct fcsim_pline_item *out, double *wire)
{
  if (e->restart_due) {
    e->restart_due = 0;
    e->st.restarts_sent++;
    control(e, FCSIM_TNW_RESTART, e->base, out, wire);
    return 1;
  }
  if (e->nack_due) {
    e->nack_due = 0;
    e->st.nacks_sent++;
    control(e, FCSIM_TNW_NACK, e->expected, out, wire);
    return 1;
  }
  if (e->acks_owed) {
    e->acks_owed--;
    e->st.acks_sent++;
    control(e, FCSIM_TNW_ACK, e->expected - 1, out, wire);
    return 1;
  }
  if (credit_urgent(e)) {
    e->st.credit_words++;
    control(e, FCSIM_TNW_CREDIT, e->expected - 1, out, wire);
    return 1;
  }
  if (e->resend && e->resend_ptr < e->next_seq) {
    e->st.retransmissions++;
    data(e, e->resend_ptr++, now, out, wire);
    return 1;
  }
  if (e->resend && e->base == e->next_seq)
    e->resend = 0;
  if (!e->resend && new_packet(e, now)) {
    data(e, e->next_seq++, now, out, wire);
    return 1;
  }
  if (owed_credits(e)) {
    e->st.credit_words++;
    control(e, FCSIM_TNW_CREDIT, e->expected - 1, out, wire);
    return 1;
  }
  return 0;
}

void fcsim_tnw_sample(struct fcsim_tnw_end *e)
{
  int rx = 0;
  for (int v = 0; v < e->cfg.vcs; v++)
    rx += e->fifo_count[v];
  int tx = (int)(e->next_seq - e->base);
  if (rx > e->st.rx_max)
    e->st.rx_max = rx;
  if (tx > e->st.tx_max)
    e->st.tx_max = tx;
  e->st.rx_sum += rx;
  e->st.tx_sum += tx;
  e->st.samples++;
}

int fcsim_tnw_idle(const struct fcsim_tnw_end *e)
{
  for (int v = 0; v < e->cfg.vcs; v++)
    if (e->backlog[v] > 0)
      return 0;
  return e->base == e->next_seq && !e->resend;
}
