/* SPDX-License-Identifier: BSD-3-Clause */
/* The stream cascade of seed 001 ch. 3 on `fc` links (`fcsim app stream
 * --links fc`): M FPGAs on a ring, FPGA i joined to FPGA i+1 by one link of
 * two FC endpoints (link/proto/fc/proto_fc.h) over two lines (link/proto/line.h),
 * stepped cycle by cycle at the core clock F. Unlike the trace cascade of
 * stream_cascade.c (blocks over the router network) the stream moves
 * element by element, as in the seed's hardware:
 *
 * - FPGA 0 reads the stream from memory at min(1, B_mem / b_core) elements
 *   per cycle; FPGA i > 0 reads at most one flit per cycle from the RX end
 *   of its incoming link, and only while it has room for it (a flit and an
 *   element of input buffer).
 * - An element of n*W_pipe/r_comp bytes enters the pipelines when its bytes
 *   are in, at most one per cycle, and leaves m*D_pipe + D_comp pipeline
 *   cycles later. The pipelines stall (no element moves) on a cycle when
 *   the element leaving finds the output buffer full (a flit plus an
 *   element): back-pressure from the link, whose TX takes one flit per
 *   cycle and only while it has room and the credits let it drain.
 * - The last FPGA's link returns the results to FPGA 0; the pass ends when
 *   FPGA 0 has read the last byte. It starts once every link is up (sync).
 *
 * The link's delay and bandwidth are not parameters here: they follow from
 * the FC protocol (TX store-and-forward of D_CU flits or the force-send
 * timeout, credits every D_CU reads, RX write-forward) and the line rate of
 * the chosen `fcsim app link` preset (default sl3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcsim/model.h"
#include "apps/link/link_app.h"
#include "link/proto/fc/proto_fc.h"
#include "link/proto/line.h"
#include "apps/stream/stream_cascade.h"

/* One FPGA of the ring and the link that leaves it. */
struct fpga {
  struct fcsim_fc_end tx, rx; /* TX end of the outgoing link, RX end of the incoming one */
  struct fcsim_pline fwd;     /* outgoing link's data direction (to FPGA i+1) */
  struct fcsim_pline back;    /* its credit direction (from FPGA i+1) */
  double in_bytes;            /* input arrived, not yet taken by the pipelines */
  double got_bytes;           /* input arrived in total */
  int64_t entered, produced;  /* elements into and out of the pipelines */
  int64_t pc;                 /* pipeline clock: cycles the pipelines moved */
  int64_t *enter_pc;          /* ring of the pipeline clock each element entered at */
  int64_t head;               /* oldest element in the pipelines */
  double out_bytes;           /* results waiting for the TX buffer */
  int64_t flits_out;          /* flits written into the TX buffer */
};

struct cascade {
  int M;                    /* FPGAs */
  struct fpga *f;           /* [M] */
  struct fcsim_link_run lk; /* the link: clock, line rate, latency, flit, FC settings */
  int64_t C;                /* elements */
  double elem_bytes;        /* n W_pipe / r_comp */
  double total_bytes;       /* C elem_bytes */
  int64_t total_flits;      /* ceil(total_bytes / flit) per link */
  int64_t through;          /* m D_pipe + D_comp */
  double read_rate;         /* FPGA 0's memory, elements per cycle */
};

static double mparam(const struct fcsim_model_ops *mo, const double *v, const char *name)
{
  return v[fcsim_model_param_index(mo, name)];
}

static double mresult(const struct fcsim_model_ops *mo, const double *v, const char *name)
{
  return v[mo->n_params + fcsim_model_result_index(mo, name)];
}

/* The link's settings: an `fcsim app link` preset and link sets, clocked at F. */
static int link_setup(const char *link_preset, const char *const *link_sets, double F, struct fcsim_link_run *lk,
                      struct fcsim_error *err)
{
  const struct fcsim_model_ops *lo = &fcsim_link_app;
  double *p = calloc(lo->n_params, sizeof *p);
  if (!p)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  fcsim_model_defaults(lo, p);
  char clk[64];
  snprintf(clk, sizeof clk, "clock=%.17gHz", F);
  int rc = fcsim_model_apply_preset(lo, p, link_preset ? link_preset : "sl3", err);
  for (int i = 0; !rc && link_sets && link_sets[i]; i++)
    rc = fcsim_model_set_kv(lo, p, link_sets[i], err);
  if (!rc)
    rc = fcsim_model_set_kv(lo, p, clk, err);
  if (!rc)
    rc = fcsim_link_app_resolve(p, lk, err);
  if (!rc && lk->protocol != FCSIM_LP_FC)
    rc = fcsim_error_set(err, FCSIM_ECOMBINATION, "link.protocol: the stream cascade's links must be `fc`");
  free(p);
  return rc;
}

static void cascade_free(struct cascade *c)
{
  for (int i = 0; c->f && i < c->M; i++) {
    fcsim_fc_free(&c->f[i].tx);
    fcsim_fc_free(&c->f[i].rx);
    fcsim_pline_free(&c->f[i].fwd);
    fcsim_pline_free(&c->f[i].back);
    free(c->f[i].enter_pc);
  }
  free(c->f);
  c->f = NULL;
}

static int cascade_init(struct cascade *c, struct fcsim_error *err)
{
  c->f = calloc((size_t)c->M, sizeof *c->f);
  if (!c->f)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int64_t in_flight = 2 * c->lk.latency_cycles + 1024;
  for (int i = 0; i < c->M; i++) {
    struct fpga *f = &c->f[i];
    int rc = fcsim_fc_init(&f->tx, &c->lk.fc, c->total_flits, err);
    if (!rc)
      rc = fcsim_fc_init(&f->rx, &c->lk.fc, c->total_flits, err);
    if (!rc)
      rc = fcsim_pline_init(&f->fwd, c->lk.line_bytes_per_cycle, c->lk.latency_cycles, in_flight, err);
    if (!rc)
      rc = fcsim_pline_init(&f->back, c->lk.line_bytes_per_cycle, c->lk.latency_cycles, in_flight, err);
    if (!rc && !(f->enter_pc = malloc((size_t)(c->through + 2) * sizeof *f->enter_pc)))
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    if (rc) {
      c->M = i + 1;
      cascade_free(c);
      return rc;
    }
  }
  return 0;
}

/* One endpoint's cycle: take what arrived, then send a flit if the line can. */
static void endpoint(const struct cascade *c, struct fcsim_fc_end *e, struct fcsim_pline *in, struct fcsim_pline *out,
                     int64_t now)
{
  struct fcsim_pline_item it;
  while (fcsim_pline_recv(in, now, &it))
    fcsim_fc_receive(e, &it, now);
  if (fcsim_pline_can_send(out, now) && fcsim_fc_emit(e, now, &it))
    fcsim_pline_send(out, now, c->lk.flit_bytes + ((it.flags & FCSIM_FC_F_LAST) ? c->lk.gap_bytes : 0), &it);
}

/* Input of FPGA i this cycle (`rel` cycles into the pass): memory for
 * FPGA 0, its incoming link else. */
static void take_input(const struct cascade *c, int i, int64_t now, int64_t rel)
{
  struct fpga *f = &c->f[i];
  if (i == 0) {
    double want = fmin(c->total_bytes, (double)(rel + 1) * c->read_rate * c->elem_bytes);
    f->in_bytes += want - f->got_bytes;
    f->got_bytes = want;
    return;
  }
  if (f->got_bytes >= c->total_bytes || f->in_bytes >= c->elem_bytes + c->lk.flit_bytes)
    return;
  if (!fcsim_fc_read(&f->rx, now))
    return;
  double b = fmin((double)c->lk.flit_bytes, c->total_bytes - f->got_bytes);
  f->in_bytes += b;
  f->got_bytes += b;
}
/* The pipelines of FPGA i: move one cycle unless the leaving element finds
 * the output buffer full; then the TX buffer takes a flit if one is ready. */
static void pipelines(const struct cascade *c, int i, int64_t now)
{
  struct fpga *f = &c->f[i];
  double room = c->lk.flit_bytes + c->elem_bytes;
  int64_t inside = f->entered - f->produced;
  int leaving = inside > 0 && f->enter_pc[f->head] + c->through <= f->pc + 1;
  if (!leaving || f->out_bytes + c->elem_bytes <= room + 1e-9) {
    f->pc++;
    if (leaving) {
      f->head = (f->head + 1) % (c->through + 2);
      f->produced++;
      f->out_bytes += c->elem_bytes;
    }
    int last = f->entered == c->C - 1;
    if (f->entered < c->C && (f->in_bytes >= c->elem_bytes - 1e-9 || (last && f->got_bytes >= c->total_bytes))) {
      f->enter_pc[(f->head + (f->entered - f->produced)) % (c->through + 2)] = f->pc;
      f->entered++;
      f->in_bytes = fmax(0.0, f->in_bytes - c->elem_bytes);
    }
  }
  double sent = (double)f->flits_out * c->lk.flit_bytes;
  int all_out = f->produced == c->C;
  if (f->flits_out < c->total_flits && (f->out_bytes >= c->lk.flit_bytes - 1e-9 || (all_out && f->out_bytes > 0)) &&
      fcsim_fc_write(&f->tx, now)) {
    f->flits_out++;
    f->out_bytes = fmax(0.0, f->out_bytes - fmin((double)c->lk.flit_bytes, c->total_bytes - sent));
  }
}

/* The links' cycle: every endpoint takes what arrived and sends a flit.
 * Returns 1 when every link is up. */
static int links(const struct cascade *c, int64_t now)
{
  int up = 1;
  for (int i = 0; i < c->M; i++) {
    struct fpga *f = &c->f[i], *g = &c->f[(i + 1) % c->M];
    endpoint(c, &f->tx, &f->back, &f->fwd, now);
    endpoint(c, &g->rx, &f->fwd, &f->back, now); /* the RX end sits on FPGA i+1 */
    up = up && f->tx.up_cycle >= 0 && g->rx.up_cycle >= 0;
  }
  return up;
}

/* Runs the pass; *start and *end are the first memory read and the cycle
 * FPGA 0 read the last result. */
static int run_cascade(struct cascade *c, int64_t *start, int64_t *end, struct fcsim_error *err)
{
  int64_t started = -1, back = 0;
  int64_t limit = 64 * (c->C + (int64_t)c->M * (c->through + 4 * c->lk.latency_cycles + 4096));
  for (int64_t now = 0; now < limit; now++) {
    if (links(c, now) && started < 0)
      started = now;
    if (started < 0)
      continue;
    for (int i = 0; i < c->M; i++) {
      take_input(c, i, now, now - started);
      pipelines(c, i, now);
    }
    back += fcsim_fc_read(&c->f[0].rx, now); /* the results, back at FPGA 0 */
    if (back == c->total_flits) {
      *start = started;
      *end = now;
      return 0;
    }
  }
  return fcsim_error_set(err, FCSIM_EINVAL, "stream cascade on fc links: the pass did not finish in %lld cycles",
                         (long long)limit);
}

/* The `stream` model's figures for the same parameters. */
static int model(const char *preset, const char *const *sets, double **v, struct fcsim_error *err)
{
  const struct fcsim_model_ops *mo = fcsim_model_find("stream");
  *v = mo ? calloc(mo->n_params + mo->n_results, sizeof **v) : NULL;
  if (!*v)
    return fcsim_error_set(err, FCSIM_ENOMEM, "model `stream` unavailable");
  return fcsim_model_run("stream", preset, sets, *v, *v + mo->n_params, err);
}

static int setup(const struct fcsim_model_ops *mo, const double *v, const char *link_preset,
                 const char *const *link_sets, struct cascade *c, struct fcsim_stream_result *r,
                 struct fcsim_error *err)
{
  r->n = mparam(mo, v, "n");
  r->m = mparam(mo, v, "m");
  r->M = mparam(mo, v, "M");
  r->c_stream = mresult(mo, v, "C_stream");
  if (!(r->c_stream >= 1))
    return fcsim_error_set(err, FCSIM_ERANGE, "stream.N_grid: the stream has no elements (need at least 1)");
  if (r->M < 2 || r->M > 4096)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "stream.M = %.0f: the simulated cascade is a ring of 2 to 4096 FPGAs "
                           "(one FPGA has no link; `fcsim model stream` evaluates it)",
                           r->M);
  double F = mparam(mo, v, "F");
  int rc = link_setup(link_preset, link_sets, F, &c->lk, err);
  if (rc)
    return rc;
  c->M = (int)r->M;
  c->C = (int64_t)r->c_stream;
  c->elem_bytes = r->n * mparam(mo, v, "W_pipe") / mparam(mo, v, "r_comp");
  c->total_bytes = (double)c->C * c->elem_bytes;
  c->total_flits = (int64_t)ceil(c->total_bytes / c->lk.flit_bytes - 1e-9);
  c->through = (int64_t)llround(r->m * mparam(mo, v, "D_pipe") + mparam(mo, v, "D_comp"));
  c->read_rate = fmin(1.0, mparam(mo, v, "B_mem") / mresult(mo, v, "b_core"));
  r->block_elements = 1;
  r->flit_bits = c->lk.flit_bytes * 8;
  r->link_latency_cycles = (int)c->lk.latency_cycles;
  r->flits_expected = (uint64_t)c->total_flits * (uint64_t)c->M;
  r->peak_flops = mresult(mo, v, "peak_flops");
  r->model_flops = mresult(mo, v, "sustained_flops");
  r->model_efficiency = mresult(mo, v, "efficiency");
  r->model_stall = mresult(mo, v, "stall_ratio");
  r->model_speedup = mresult(mo, v, "speedup");
  r->model_parallel_efficiency = mresult(mo, v, "parallel_efficiency");
  r->model_cycles = mresult(mo, v, "C_total");
  return 0;
}

int fcsim_stream_fc_run(const char *preset, const char *const *sets, const char *link_preset,
                        const char *const *link_sets, struct fcsim_stream_result *r, struct fcsim_error *err)
{
  memset(r, 0, sizeof *r);
  double *v = NULL;
  struct cascade c = {0};
  const struct fcsim_model_ops *mo = fcsim_model_find("stream");
  int rc = model(preset, sets, &v, err);
  if (!rc)
    rc = setup(mo, v, link_preset, link_sets, &c, r, err);
  if (!rc)
    rc = cascade_init(&c, err);
  int64_t start = 0, end = 0;
  if (!rc && !(rc = run_cascade(&c, &start, &end, err))) {
    r->fc_links = 1;
    r->pass_cycles = (double)(end - start + 1);
    for (int i = 0; i < c.M; i++)
      r->flits_delivered += c.f[i].rx.st.reads;
    double F = mparam(mo, v, "F");
    r->sim_flops = mresult(mo, v, "O_total") / (r->pass_cycles / F);
    r->sim_efficiency = r->sim_flops / r->peak_flops;
    double fill = mresult(mo, v, "D_total");
    r->sim_stall = r->pass_cycles > fill ? fmax(0.0, 1.0 - r->c_stream / (r->pass_cycles - fill)) : 0.0;
    r->sim_speedup = r->sim_flops / mresult(mo, v, "reference_flops");
    r->sim_parallel_efficiency = r->sim_speedup / (r->n * r->m * r->M);
  }
  cascade_free(&c);
  free(v);
  return rc;
}
