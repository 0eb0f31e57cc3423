/* SPDX-License-Identifier: BSD-3-Clause */
/* The single-link simulation (link_sim.h): the application models on both
 * sides, the per-direction bookkeeping (latency, throughput, occupancy) and
 * one loop per protocol. */
#include "apps/link/link_sim.h"

#include <stdlib.h>
#include <string.h>

#include "link/proto/line.h"

/* Latency bookkeeping of one direction: write cycle of each unit in flight
 * and first-write cycle of each message in flight, in rings. */
struct track {
  int64_t *unit_written;       /* ring: write cycle per unit */
  int64_t unit_cap;            /* its size */
  int64_t *msg_first;          /* ring: first-write cycle per message */
  int64_t msg_cap;             /* its size */
  int64_t units_per_msg;       /* units per application message */
  int64_t total_units;         /* units in the stream */
  int64_t written, read;       /* units so far */
  int64_t half_cycle;          /* cycle the read count crossed half */
  double lat_sum, msg_lat_sum; /* sums */
  int64_t msgs_done;           /* messages completed */
};

static int track_init(struct track *t, int64_t total, int64_t in_flight, int64_t per_msg)
{
  *t = (struct track){0};
  t->total_units = total;
  t->unit_cap = in_flight + 1;
  t->units_per_msg = per_msg > 0 ? per_msg : 1;
  t->msg_cap = in_flight / t->units_per_msg + 3;
  t->unit_written = calloc((size_t)t->unit_cap, sizeof *t->unit_written);
  t->msg_first = calloc((size_t)t->msg_cap, sizeof *t->msg_first);
  t->half_cycle = -1;
  return t->unit_written && t->msg_first ? 0 : -1;
}

static void track_free(struct track *t)
{
  free(t->unit_written);
  free(t->msg_first);
}

static void track_write(struct track *t, struct fcsim_link_dir *d, int64_t now)
{
  int64_t i = t->written++;
  t->unit_written[i % t->unit_cap] = now;
  if (i % t->units_per_msg == 0)
    t->msg_first[(i / t->units_per_msg) % t->msg_cap] = now;
  if (d->first_write_cycle < 0)
    d->first_write_cycle = now;
}

static void track_read(struct track *t, struct fcsim_link_dir *d, int64_t now, int64_t unit_bytes)
{
  int64_t i = t->read++;
  int64_t lat = now - t->unit_written[i % t->unit_cap];
  t->lat_sum += (double)lat;
  if (lat > d->max_latency_cycles)
    d->max_latency_cycles = lat;
  if (d->min_latency_cycles < 0 || lat < d->min_latency_cycles)
    d->min_latency_cycles = lat;
  if ((i + 1) % t->units_per_msg == 0 || i + 1 == t->total_units) {
    int64_t ml = now - t->msg_first[(i / t->units_per_msg) % t->msg_cap];
    t->msg_lat_sum += (double)ml;
    t->msgs_done++;
    if (ml > d->max_msg_latency_cycles)
      d->max_msg_latency_cycles = ml;
  }
  if (t->read == t->total_units / 2)
    t->half_cycle = now;
  d->bytes += unit_bytes;
  d->last_read_cycle = now;
}

/* Throughputs and averages of a finished direction. */
static void finish_dir(struct fcsim_link_dir *d, const struct track *t, double clock_hz, int64_t unit_bytes)
{
  d->complete = t->read == t->total_units;
  if (t->read) {
    d->avg_latency_cycles = t->lat_sum / (double)t->read;
    d->avg_msg_latency_cycles = t->msgs_done ? t->msg_lat_sum / (double)t->msgs_done : 0;
  }
  if (d->last_read_cycle >= d->first_write_cycle && d->first_write_cycle >= 0)
    d->throughput_Bps = (double)d->bytes * clock_hz / (double)(d->last_read_cycle - d->first_write_cycle + 1);
  if (d->complete && t->half_cycle >= 0 && d->last_read_cycle > t->half_cycle)
    d->steady_Bps = (double)((t->total_units - t->total_units / 2) * unit_bytes) * clock_hz /
                    (double)(d->last_read_cycle - t->half_cycle);
}

static void init_dir(struct fcsim_link_dir *d, int active)
{
  *d = (struct fcsim_link_dir){
      .active = active, .first_write_cycle = -1, .last_read_cycle = -1, .min_latency_cycles = -1, .d_link_cycles = -1};
}

/* Cycles without any item sent, read or written after which a run has
 * stalled for good (a stopped reader, back-pressure that never clears):
 * longer than any wait the protocols have (a round trip, a force send, a
 * write or read period). */
static int64_t quiet_limit(const struct fcsim_link_run *r)
{
  int64_t host = r->host ? r->host_cfg.sw_cycles + 4 * r->host_cfg.transfer_cycles +
                               (int64_t)((double)(r->host_cfg.flush_bytes + r->host_cfg.read_bytes) /
                                         r->host_cfg.pcie_bytes_per_cycle)
                         : 0;
  return 2 * r->latency_cycles + r->fc.force_send_cycles + r->write_period + r->read_period + host + 256;
}

/* Watches progress; 1 when the run has been quiet for too long. */
static int stalled(const struct fcsim_link_run *r, const struct fcsim_pline *line, uint64_t moved, uint64_t *last_moved,
                   int64_t *last_cycle, int64_t now)
{
  moved += line[0].items_sent + line[1].items_sent;
  if (moved != *last_moved) {
    *last_moved = moved;
    *last_cycle = now;
    return 0;
  }
  return now - *last_cycle > quiet_limit(r);
}

static int reads_allowed(const struct fcsim_link_run *r, int64_t up, int64_t now)
{
  if (up < 0 || now < up)
    return 0;
  int64_t rel = now - up;
  if (r->read_stop >= 0 && rel >= r->read_stop)
    return 0;
  return rel % r->read_period == 0;
}

/* ---- fc ------------------------------------------------------------------ */

/* Flits the application of side s has offered by cycle `now`. */
static int64_t fc_offered(const struct fcsim_link_run *r, const struct fcsim_fc_end *e, int s, const struct track *t,
                          int64_t fwd)
{
  if (s == 1 && r->duplex == FCSIM_LD_LOOPBACK)
    return fwd;
  if (e->up_cycle < 0)
    return 0;
  return t->total_units;
}

static int fc_step_side(const struct fcsim_link_run *r, struct fcsim_fc_end *e, struct fcsim_pline *in,
                        struct fcsim_pline *out, int s, int64_t now, struct track *tr, struct fcsim_link_dir *dirs,
                        int64_t *fwd)
{
  struct fcsim_pline_item it;
  while (fcsim_pline_recv(in, now, &it)) {
    fcsim_fc_receive(&e[s], &it, now);
    struct fcsim_fc_header h;
    fcsim_fc_header_unpack(it.a, &h);
    if (it.kind == FCSIM_FC_HEADER && h.len && dirs[1 - s].d_link_cycles < 0)
      dirs[1 - s].d_link_cycles = now + r->fc.rx_write_forward_cycles - dirs[1 - s].first_write_cycle;
  }
  if (reads_allowed(r, e[s].up_cycle, now) && fcsim_fc_read(&e[s], now)) {
    track_read(&tr[1 - s], &dirs[1 - s], now, r->flit_bytes);
    if (s == 1 && r->duplex == FCSIM_LD_LOOPBACK)
      (*fwd)++;
  }
  if (fcsim_pline_can_send(out, now) && fcsim_fc_emit(&e[s], now, &it))
    fcsim_pline_send(out, now, r->flit_bytes + ((it.flags & FCSIM_FC_F_LAST) ? r->gap_bytes : 0), &it);
  if (!dirs[s].active)
    return 0;
  int64_t offered = fc_offered(r, &e[s], s, &tr[s], *fwd);
  if (r->write_period > 1 && !(s == 1 && r->duplex == FCSIM_LD_LOOPBACK) && e[s].up_cycle >= 0) {
    int64_t by_now = (now - e[s].up_cycle) / r->write_period + 1;
    if (by_now < offered)
      offered = by_now;
  }
  if (tr[s].written < offered && fcsim_fc_write(&e[s], now))
    track_write(&tr[s], &dirs[s], now);
  return 0;
}

static int run_fc(const struct fcsim_link_run *r, struct fcsim_link_result *res, struct track *tr,
                  struct fcsim_pline *line, struct fcsim_error *err)
{
  struct fcsim_fc_end e[2];
  int64_t msg_flits = (r->message_bytes + r->flit_bytes - 1) / r->flit_bytes;
  int rc = fcsim_fc_init(&e[0], &r->fc, msg_flits, err);
  if (!rc && (rc = fcsim_fc_init(&e[1], &r->fc, msg_flits, err)))
    fcsim_fc_free(&e[0]);
  if (rc)
    return rc;
  int64_t fwd = 0, now = 0, quiet_since = 0;
  uint64_t moved = 0;
  for (; now < r->max_cycles; now++) {
    for (int s = 0; s < 2; s++)
      fc_step_side(r, e, &line[1 - s], &line[s], s, now, tr, res->dir, &fwd);
    for (int s = 0; s < 2; s++)
      fcsim_fc_sample(&e[s]);
    if (stalled(r, line, (uint64_t)(tr[0].written + tr[0].read + tr[1].written + tr[1].read), &moved, &quiet_since,
                now)) {
      res->stalled = 1;
      break;
    }
    int done = 1;
    for (int d = 0; d < 2; d++)
      if (res->dir[d].active && tr[d].read < tr[d].total_units)
        done = 0;
    if (done)
      break;
  }
  res->cycles = now + 1;
  for (int s = 0; s < 2; s++) {
    res->fc[s] = e[s].st;
    res->up_cycle[s] = e[s].up_cycle;
    struct fcsim_link_dir *d = &res->dir[s];
    d->tx_max = e[s].st.tx_max;
    d->tx_avg = e[s].st.samples ? e[s].st.tx_sum / (double)e[s].st.samples : 0;
    d->rx_max = e[1 - s].st.rx_max;
    d->rx_avg = e[1 - s].st.samples ? e[1 - s].st.rx_sum / (double)e[1 - s].st.samples : 0;
    fcsim_fc_free(&e[s]);
  }
  return 0;
}

/* ---- tnw ----------------------------------------------------------------- */

/* Messages of one direction: `message` bytes of one VC's stream each, from
 * the first transmission of their first packet to the consumption of their
 * last. */
struct tnw_msgs {
  int64_t pkts_per_msg;                  /* packets per message */
  int64_t vc_packets[FCSIM_TNW_MAX_VCS]; /* packets in each VC's stream */
  int64_t start[FCSIM_TNW_MAX_VCS];      /* first transmission of the current message */
  double sum;                            /* message latencies summed */
  int64_t n;                             /* messages completed */
};

static void tnw_message(struct tnw_msgs *m, struct fcsim_link_dir *d, int vc, const struct fcsim_tnw_rx *p, int64_t now,
                        const struct fcsim_host_tx *host)
{
  int64_t i = p->vc_idx;
  if (i % m->pkts_per_msg == 0)
    m->start[vc] = host ? fcsim_host_msg_start(host, vc, i / m->pkts_per_msg) : p->born;
  if (host) /* the NWP's delivery write into the receiver's memory */
    now += host->cfg.transfer_cycles;
  if ((i + 1) % m->pkts_per_msg == 0 || i + 1 == m->vc_packets[vc]) {
    int64_t lat = now - m->start[vc];
    m->sum += (double)lat;
    m->n++;
    if (lat > d->max_msg_latency_cycles)
      d->max_msg_latency_cycles = lat;
  }
}

/* The state of a TNW run besides the lines. */
struct tnw_run {
  struct fcsim_tnw_end e[2]; /* the two link modules */
  struct tnw_msgs msg[2];    /* messages per direction */
  uint64_t last[2];          /* payload delivered so far at each side */
  int64_t half_cycle[2];     /* cycle each side had half the stream */
  struct fcsim_host_tx host[2]; /* each side's host interface (run->host) */
  int has_host[2];              /* host[s] is in use */
};

static int tnw_setup(const struct fcsim_link_run *r, struct fcsim_link_result *res, struct tnw_run *t,
                     struct fcsim_error *err)
{
  int64_t share = r->stream_bytes / r->tnw.vcs;
  for (int s = 0; s < 2; s++) {
    struct fcsim_tnw_cfg c = r->tnw;
    c.link_id = r->tnw.link_id * 2 + (uint64_t)s;
    int rc = fcsim_tnw_init(&t->e[s], &c, err);
    if (rc) {
      if (s)
        fcsim_tnw_free(&t->e[0]);
      return rc;
    }
    t->half_cycle[s] = -1;
    t->msg[s].pkts_per_msg = (r->message_bytes + c.payload_bytes - 1) / c.payload_bytes;
    int64_t vc_bytes[FCSIM_TNW_MAX_VCS];
    for (int v = 0; v < c.vcs; v++) {
      int64_t b = v == c.vcs - 1 ? r->stream_bytes - share * (c.vcs - 1) : share;
      vc_bytes[v] = b;
      t->msg[s].vc_packets[v] = (b + c.payload_bytes - 1) / c.payload_bytes;
      if (res->dir[s].active && !r->host)
        fcsim_tnw_send(&t->e[s], v, b);
    }
    if (res->dir[s].active && r->host) {
      if ((rc = fcsim_host_tx_init(&t->host[s], &r->host_cfg, c.vcs, vc_bytes, err))) {
        for (int k = 0; k <= s; k++)
          fcsim_tnw_free(&t->e[k]);
        if (s && t->has_host[0])
          fcsim_host_tx_free(&t->host[0]);
        return rc;
      }
      t->has_host[s] = 1;
    }
    if (res->dir[s].active)
      res->dir[s].first_write_cycle = 0;
  }
  return 0;
}

/* One cycle of side s; returns 1 while the stream it receives is incomplete. */
static int tnw_side(const struct fcsim_link_run *r, struct fcsim_link_result *res, struct tnw_run *t,
                    struct fcsim_pline *line, int s, int64_t now)
{
  struct fcsim_tnw_end *e = &t->e[s];
  struct fcsim_pline_item it;
  double wire;
  while (fcsim_pline_recv(&line[1 - s], now, &it))
    fcsim_tnw_receive(e, &it, now);
  int vc;
  struct fcsim_tnw_rx got;
  if (reads_allowed(r, 0, now) && fcsim_tnw_consume(e, now, &vc, &got))
    tnw_message(&t->msg[1 - s], &res->dir[1 - s], vc, &got, now, t->has_host[1 - s] ? &t->host[1 - s] : NULL);
  if (t->has_host[s])
    fcsim_host_tx_step(&t->host[s], e, now);
  if (fcsim_pline_can_send(&line[s], now) && fcsim_tnw_emit(e, now, &it, &wire))
    fcsim_pline_send(&line[s], now, wire, &it);
  fcsim_tnw_sample(e);
  struct fcsim_link_dir *d = &res->dir[1 - s];
  if (e->st.delivered_bytes != t->last[s]) {
    t->last[s] = e->st.delivered_bytes;
    d->last_read_cycle = now;
    if (t->half_cycle[s] < 0 && (int64_t)t->last[s] * 2 >= r->stream_bytes)
      t->half_cycle[s] = now;
  }
  return d->active && (int64_t)e->st.delivered_bytes < r->stream_bytes;
}

static void tnw_finish(const struct fcsim_link_run *r, struct fcsim_link_result *res, struct tnw_run *t)
{
  for (int s = 0; s < 2; s++) {
    struct fcsim_link_dir *d = &res->dir[1 - s];
    const struct fcsim_tnw_stats *st = &t->e[s].st;
    const struct tnw_msgs *m = &t->msg[1 - s];
    res->tnw[s] = *st;
    d->bytes = (int64_t)st->delivered_bytes;
    d->complete = d->active && d->bytes == r->stream_bytes;
    d->avg_latency_cycles = st->delivered ? st->latency_sum / (double)st->delivered : 0;
    d->max_latency_cycles = st->latency_max;
    d->avg_msg_latency_cycles = m->n ? m->sum / (double)m->n : 0;
    if (d->last_read_cycle >= 0 && d->bytes)
      d->throughput_Bps = (double)d->bytes * r->clock_hz / (double)(d->last_read_cycle + 1);
    if (d->complete && t->half_cycle[s] >= 0 && d->last_read_cycle > t->half_cycle[s])
      d->steady_Bps = (double)(r->stream_bytes / 2) * r->clock_hz / (double)(d->last_read_cycle - t->half_cycle[s]);
    d->rx_max = st->rx_max;
    d->rx_avg = st->samples ? st->rx_sum / (double)st->samples : 0;
    res->dir[s].tx_max = st->tx_max;
    res->dir[s].tx_avg = st->samples ? st->tx_sum / (double)st->samples : 0;
  }
}

static int run_tnw(const struct fcsim_link_run *r, struct fcsim_link_result *res, struct track *tr,
                   struct fcsim_pline *line, struct fcsim_error *err)
{
  struct tnw_run t = {0};
  int rc = tnw_setup(r, res, &t, err);
  if (rc)
    return rc;
  int64_t now = 0, quiet_since = 0;
  uint64_t moved = 0;
  for (; now < r->max_cycles; now++) {
    if (stalled(r, line, t.e[0].st.delivered + t.e[1].st.delivered, &moved, &quiet_since, now)) {
      res->stalled = 1;
      break;
    }
    int busy = 0;
    for (int s = 0; s < 2; s++)
      busy |= tnw_side(r, res, &t, line, s, now);
    if (!busy)
      break;
  }
  res->cycles = now + 1;
  tnw_finish(r, res, &t);
  for (int s = 0; s < 2; s++) {
    fcsim_tnw_free(&t.e[s]);
    if (t.has_host[s])
      fcsim_host_tx_free(&t.host[s]);
  }
  (void)tr;
  return 0;
}

/* ---- ideal --------------------------------------------------------------- */

/* Frames of the framing, no flow control: the receiver takes every frame as
 * it arrives. Steady throughput is measured on the exact end-of-serialisation
 * times, so it equals the framing's payload rate to double precision. */
static int run_ideal(const struct fcsim_link_run *r, struct fcsim_link_result *res, struct track *tr,
                     struct fcsim_pline *line, struct fcsim_error *err)
{
  int64_t left[2], sent[2] = {0, 0};
  double half_end[2] = {-1, -1};
  int64_t half_bytes[2] = {0, 0};
  for (int s = 0; s < 2; s++)
    left[s] = res->dir[s].active ? r->stream_bytes : 0;
  int64_t now = 0;
  for (; now < r->max_cycles; now++) {
    int done = 1;
    for (int s = 0; s < 2; s++) {
      struct fcsim_pline_item it;
      struct fcsim_link_dir *d = &res->dir[1 - s];
      while (fcsim_pline_recv(&line[1 - s], now, &it)) {
        track_read(&tr[1 - s], d, now, 0);
        d->bytes += it.b;
        if (half_end[1 - s] < 0 && d->bytes * 2 >= r->stream_bytes) {
          half_end[1 - s] = it.end_cycle;
          half_bytes[1 - s] = d->bytes;
        } else if (d->bytes == r->stream_bytes && half_end[1 - s] >= 0 && it.end_cycle > half_end[1 - s]) {
          d->steady_Bps = (double)(d->bytes - half_bytes[1 - s]) * r->clock_hz / (it.end_cycle - half_end[1 - s]);
        }
      }
      if (left[s] > 0 && fcsim_pline_can_send(&line[s], now)) {
        int64_t pay = left[s] < r->frame_payload ? left[s] : r->frame_payload;
        int64_t padded = (pay + r->frame_unit - 1) / r->frame_unit * r->frame_unit;
        it = (struct fcsim_pline_item){.kind = 1, .b = (uint32_t)pay, .seq = sent[s]++};
        fcsim_pline_send(&line[s], now, (double)(padded + r->frame_overhead), &it);
        track_write(&tr[s], &res->dir[s], now);
        left[s] -= pay;
      }
      if (res->dir[1 - s].active && res->dir[1 - s].bytes < r->stream_bytes)
        done = 0;
    }
    if (done)
      break;
  }
  res->cycles = now + 1;
  (void)err;
  return 0;
}

/* ---- driver -------------------------------------------------------------- */

static int64_t unit_count(const struct fcsim_link_run *r)
{
  if (r->protocol == FCSIM_LP_FC)
    return (r->stream_bytes + r->flit_bytes - 1) / r->flit_bytes;
  if (r->protocol == FCSIM_LP_IDEAL)
    return (r->stream_bytes + r->frame_payload - 1) / r->frame_payload;
  return 0;
}

static int64_t unit_bytes(const struct fcsim_link_run *r)
{
  return r->protocol == FCSIM_LP_FC ? r->flit_bytes : r->frame_payload;
}

int fcsim_link_sim(const struct fcsim_link_run *r, struct fcsim_link_result *res, struct fcsim_error *err)
{
  memset(res, 0, sizeof *res);
  if (r->stream_bytes < 1 || r->read_period < 1 || r->write_period < 1 || r->max_cycles < 1)
    return fcsim_error_set(err, FCSIM_ERANGE, "link: stream, periods and max cycles must be positive");
  init_dir(&res->dir[0], 1);
  init_dir(&res->dir[1], r->duplex != FCSIM_LD_HALF);
  int64_t in_flight = r->latency_cycles + 64;
  struct fcsim_pline line[2];
  int rc = fcsim_pline_init(&line[0], r->line_bytes_per_cycle, r->latency_cycles, in_flight, err);
  if (rc)
    return rc;
  if ((rc = fcsim_pline_init(&line[1], r->line_bytes_per_cycle, r->latency_cycles, in_flight, err))) {
    fcsim_pline_free(&line[0]);
    return rc;
  }
  int64_t units = unit_count(r);
  int64_t ub = unit_bytes(r);
  int64_t units_in_flight = r->fc.tx_depth + r->fc.rx_depth + in_flight + 2;
  struct track tr[2];
  int bad = 0;
  for (int d = 0; d < 2; d++)
    bad |= track_init(&tr[d], units, units_in_flight, (r->message_bytes + ub - 1) / (ub ? ub : 1));
  if (bad)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "link: out of memory");
  else if (r->protocol == FCSIM_LP_FC)
    rc = run_fc(r, res, tr, line, err);
  else if (r->protocol == FCSIM_LP_TNW)
    rc = run_tnw(r, res, tr, line, err);
  else
    rc = run_ideal(r, res, tr, line, err);
  if (!rc && r->protocol != FCSIM_LP_TNW)
    for (int d = 0; d < 2; d++) {
      double steady = res->dir[d].steady_Bps;
      finish_dir(&res->dir[d], &tr[d], r->clock_hz, ub);
      if (res->dir[d].bytes > r->stream_bytes) /* the last flit was not full */
        res->dir[d].bytes = r->stream_bytes;
      if (r->protocol == FCSIM_LP_IDEAL)
        res->dir[d].steady_Bps = steady;
    }
  for (int d = 0; d < 2; d++) {
    track_free(&tr[d]);
    fcsim_pline_free(&line[d]);
  }
  return rc;
}
