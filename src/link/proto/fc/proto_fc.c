/* SPDX-License-Identifier: BSD-3-Clause */
/* Mondigo's flow-controller endpoint (proto_fc.h): header packing, the TX
 * packetiser with credit counter and force send, and the RX buffer that
 * returns credits every D_CU reads. */
#include "link/proto/fc/proto_fc.h"

#include <stdlib.h>

uint32_t fcsim_fc_header_pack(const struct fcsim_fc_header *h)
{
  return ((uint32_t)(h->vc & 0xfu) << 28) | ((uint32_t)(h->len & 0xfffu) << 16) | ((uint32_t)(h->sop & 1u) << 15) |
         ((uint32_t)(h->eop & 1u) << 14) | ((uint32_t)(h->co & 1u) << 13) | (h->cu & 0xfffu);
}

void fcsim_fc_header_unpack(uint32_t w, struct fcsim_fc_header *h)
{
  h->vc = (w >> 28) & 0xfu;
  h->len = (w >> 16) & 0xfffu;
  h->sop = (w >> 15) & 1u;
  h->eop = (w >> 14) & 1u;
  h->co = (w >> 13) & 1u;
  h->cu = w & 0xfffu;
}

int fcsim_fc_cfg_check(const struct fcsim_fc_cfg *c, struct fcsim_error *err)
{
  if (c->d_cu < 1 || c->d_cu > (int)FCSIM_FC_FIELD_MAX)
    return fcsim_error_set(err, FCSIM_ERANGE, "D_CU is %d flits; expected 1 to %u (12-bit Len and CU fields)", c->d_cu,
                           FCSIM_FC_FIELD_MAX);
  if (c->d_cu > c->rx_depth)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "D_CU (%d flits) is larger than the RX depth (%d flits): the receiver could never "
                           "read D_CU flits to return a credit; expected D_CU <= rx_depth",
                           c->d_cu, c->rx_depth);
  if (c->tx_depth < c->d_cu)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "the TX buffer (%d flits) must hold one packet of D_CU = %d flits "
                           "(store and forward)",
                           c->tx_depth, c->d_cu);
  if (c->rx_write_forward_cycles < 0 || c->force_send_cycles < 1)
    return fcsim_error_set(err, FCSIM_ERANGE, "write-forward must be >= 0 and force send >= 1 cycle");
  return 0;
}

int fcsim_fc_init(struct fcsim_fc_end *e, const struct fcsim_fc_cfg *cfg, int64_t msg_flits, struct fcsim_error *err)
{
  *e = (struct fcsim_fc_end){0};
  int rc = fcsim_fc_cfg_check(cfg, err);
  if (rc)
    return rc;
  e->cfg = *cfg;
  e->up_cycle = -1;
  e->credits = cfg->rx_depth;
  e->msg_flits = msg_flits > 0 ? msg_flits : 1;
  e->st.credits_zero_cycle = -1;
  e->st.last_data_cycle = -1;
  e->rx_ready = calloc((size_t)cfg->rx_depth, sizeof *e->rx_ready);
  if (!e->rx_ready)
    return fcsim_error_set(err, FCSIM_ENOMEM, "flow controller: out of memory");
  return 0;
}

void fcsim_fc_free(struct fcsim_fc_end *e)
{
  free(e->rx_ready);
  e->rx_ready = NULL;
}

static void log_event(int64_t *log, int *n, int64_t v)
{
  if (*n < FCSIM_FC_LOG)
    log[*n] = v;
  (*n)++;
}

void fcsim_fc_receive(struct fcsim_fc_end *e, const struct fcsim_pline_item *it, int64_t now)
{
  if (!e->synced) {
    /* the peer's sync flit (or anything it sends after it) ends the handshake */
    e->synced = 1;
    e->up_cycle = now;
  }
  if (it->kind == FCSIM_FC_HEADER) {
    struct fcsim_fc_header h;
    fcsim_fc_header_unpack(it->a, &h);
    if (h.cu) {
      e->credits += h.cu;
      if (e->st.n_cu < FCSIM_FC_LOG)
        e->st.cu_value[e->st.n_cu] = h.cu;
      log_event(e->st.cu_arrive, &e->st.n_cu, now);
    }
  } else if (it->kind == FCSIM_FC_DATA) {
    e->st.data_recv++;
    if (e->rx_count == e->cfg.rx_depth) {
      e->st.rx_overflow++;
      return;
    }
    e->rx_ready[(e->rx_head + e->rx_count) % e->cfg.rx_depth] = now + e->cfg.rx_write_forward_cycles;
    e->rx_count++;
  }
}

int fcsim_fc_read(struct fcsim_fc_end *e, int64_t now)
{
  if (!e->rx_count || e->rx_ready[e->rx_head] > now)
    return 0;
  e->rx_head = (e->rx_head + 1) % e->cfg.rx_depth;
  e->rx_count--;
  e->st.reads++;
  if (++e->reads_since_cu == e->cfg.d_cu) {
    e->cu_pending += e->cfg.d_cu;
    e->reads_since_cu = 0;
  }
  return 1;
}

/* Takes up to 12 bits of owed credits for a header. */
static unsigned take_cu(struct fcsim_fc_end *e)
{
  int64_t cu = e->cu_pending > (int64_t)FCSIM_FC_FIELD_MAX ? (int64_t)FCSIM_FC_FIELD_MAX : e->cu_pending;
  e->cu_pending -= cu;
  return (unsigned)cu;
}

static int emit_data(struct fcsim_fc_end *e, int64_t now, struct fcsim_pline_item *out)
{
  e->credits--;
  e->pkt_left--;
  e->tx_count--;
  e->st.data_sent++;
  e->st.last_data_cycle = now;
  if (!e->credits && e->st.credits_zero_cycle < 0)
    e->st.credits_zero_cycle = now;
  *out = (struct fcsim_pline_item){.kind = FCSIM_FC_DATA, .flags = e->pkt_left ? 0 : FCSIM_FC_F_LAST};
  return 1;
}

/* A message starts (or ends) inside flits [first, last] of the stream. */
static unsigned msg_start_in(int64_t first, int64_t last, int64_t m)
{
  return ((first + m - 1) / m) * m <= last;
}

static unsigned msg_end_in(int64_t first, int64_t last, int64_t m)
{
  return ((first + 1 + m - 1) / m) * m - 1 <= last;
}

static int emit_header(struct fcsim_fc_end *e, int64_t now, int len, struct fcsim_pline_item *out)
{
  struct fcsim_fc_header h = {.len = (unsigned)len, .co = len == 0};
  if (len) {
    int64_t first = e->launched_total, last = first + len - 1;
    h.sop = msg_start_in(first, last, e->msg_flits);
    h.eop = msg_end_in(first, last, e->msg_flits);
    e->launched_total += len;
    e->tx_unlaunched -= len;
    e->pkt_left = len;
    if (e->tx_unlaunched)
      e->fill_start = now;
    log_event(e->st.hdr_cycle, &e->st.n_hdr, now);
    e->st.headers_sent++;
  } else {
    log_event(e->st.co_cycle, &e->st.n_co, now);
    e->st.co_sent++;
  }
  h.cu = take_cu(e);
  *out = (struct fcsim_pline_item){
      .kind = FCSIM_FC_HEADER, .a = fcsim_fc_header_pack(&h), .flags = len ? 0 : FCSIM_FC_F_LAST};
  return 1;
}

int fcsim_fc_emit(struct fcsim_fc_end *e, int64_t now, struct fcsim_pline_item *out)
{
  if (!e->synced) {
    e->st.sync_sent++;
    *out = (struct fcsim_pline_item){.kind = FCSIM_FC_SYNC};
    return 1;
  }
  if (e->pkt_left > 0)
    return emit_data(e, now, out);
  int full = e->tx_unlaunched >= e->cfg.d_cu;
  int timed_out = e->tx_unlaunched > 0 && now - e->fill_start >= e->cfg.force_send_cycles;
  if ((full || timed_out) && e->credits > 0) {
    /* a packet never waits for credits half-way (the receiver counts Len
     * flits after the header): it carries no more flits than credits */
    int len = full ? e->cfg.d_cu : e->tx_unlaunched;
    if (len > e->credits)
      len = (int)e->credits;
    if (!full) {
      e->st.force_sends++;
      log_event(e->st.force_cycle, &e->st.n_force, now);
    }
    return emit_header(e, now, len, out);
  }
  if (full || timed_out)
    e->st.credit_stall_cycles++;
  /* owed credits ride the next data header; they go alone (CO) when no
   * data wait in the TX buffer, or when the data cannot leave for want of
   * credits (both sides waiting on each other's headers would deadlock) */
  if (e->cu_pending > 0 && (e->tx_unlaunched == 0 || e->credits <= 0))
    return emit_header(e, now, 0, out);
  return 0;
}

int fcsim_fc_wants_line(const struct fcsim_fc_end *e, int64_t now)
{
  if (!e->synced || e->pkt_left > 0)
    return 1;
  int full = e->tx_unlaunched >= e->cfg.d_cu;
  int timed_out = e->tx_unlaunched > 0 && now - e->fill_start >= e->cfg.force_send_cycles;
  if ((full || timed_out) && e->credits > 0)
    return 1;
  return e->cu_pending > 0 && (e->tx_unlaunched == 0 || e->credits <= 0);
}

void fcsim_fc_note_stall(struct fcsim_fc_end *e, int64_t now)
{
  int full = e->tx_unlaunched >= e->cfg.d_cu;
  int timed_out = e->tx_unlaunched > 0 && now - e->fill_start >= e->cfg.force_send_cycles;
  if (e->synced && !e->pkt_left && (full || timed_out) && e->credits <= 0)
    e->st.credit_stall_cycles++;
}

int fcsim_fc_write(struct fcsim_fc_end *e, int64_t now)
{
  if (!e->synced || e->tx_count >= e->cfg.tx_depth)
    return 0;
  /* the blocking reading of the store-and-forward buffer: no write until
   * the packet being sent has left whole (Mondigo 2020 L421) */
  if (e->cfg.tx_blocking && e->pkt_left > 0)
    return 0;
  e->tx_count++;
  if (e->tx_unlaunched++ == 0)
    e->fill_start = now;
  return 1;
}

void fcsim_fc_sample(struct fcsim_fc_end *e)
{
  if (e->rx_count > e->st.rx_max)
    e->st.rx_max = e->rx_count;
  if (e->tx_count > e->st.tx_max)
    e->st.tx_max = e->tx_count;
  e->st.rx_sum += e->rx_count;
  e->st.tx_sum += e->tx_count;
  e->st.samples++;
}
