/* SPDX-License-Identifier: BSD-3-Clause */
/* The halo exchange on a torus of TNW links (halo_sim.h): the torus wiring,
 * each node's step cycle (post, wait, compute) on the two-sided API, the
 * cycle loop with a fast-forward over quiet computation, and the sums. */
#include "apps/halo/halo_sim.h"

#include <stdlib.h>
#include <string.h>

#include "link/proto/line.h"
#include "link/proto/tnw/tnw_api.h"

#define DIRS 6 /* +x -x +y -y +z -z: direction d is dimension d / 2, sign d % 2 */

enum phase { PH_START, PH_WAIT, PH_COMPUTE, PH_DONE };

/* One node's application. */
struct node {
  enum phase phase;                    /* where the step is */
  int step;                            /* current step, 0-based */
  int64_t step_start;                  /* cycle the current step posted its requests */
  int64_t compute_end;                 /* first cycle after the computation */
  int recv_h[DIRS][FCSIM_TNW_MAX_VCS]; /* receive handles of the step (-1: no bytes) */
  int send_h[DIRS][FCSIM_TNW_MAX_VCS]; /* send handles of the step (-1: no bytes) */
  int64_t done_cycle;                  /* cycle it finished the last step */
};

/* The whole run. */
struct halo {
  const struct fcsim_halo_cfg *c;       /* configuration */
  int n_nodes;                          /* nodes of the torus */
  struct node *node;                    /* per node */
  struct fcsim_tnw_end *end;            /* link module m = node * 6 + direction */
  struct fcsim_tnw_api *api;            /* the API on each module */
  struct fcsim_pline *line;             /* line m carries module m's output */
  int *peer;                            /* the module at the far end of module m's link */
  int64_t msg[DIRS][FCSIM_TNW_MAX_VCS]; /* bytes per step, direction and VC */
  double comm_sum, step_sum;            /* communication and step cycles summed */
  int64_t comm_n;                       /* steps counted */
  struct fcsim_halo_result *res;        /* where results go */
};

int64_t fcsim_halo_face_bytes(const struct fcsim_halo_cfg *c, int dim)
{
  int64_t cells = 1;
  for (int k = 0; k < 3; k++)
    if (k != dim)
      cells *= c->lattice[k];
  return cells * c->halo_width * c->bytes_per_cell;
}

int fcsim_halo_check(const struct fcsim_halo_cfg *c, struct fcsim_error *err)
{
  static const char axis[] = "xyz";
  int64_t nodes = 1;
  for (int k = 0; k < 3; k++) {
    if (c->nodes[k] < 1)
      return fcsim_error_set(err, FCSIM_ERANGE, "halo: %d nodes along %c; expected at least 1", c->nodes[k], axis[k]);
    if (c->lattice[k] < 1)
      return fcsim_error_set(err, FCSIM_ERANGE, "halo: lattice of %lld cells along %c; expected at least 1",
                             (long long)c->lattice[k], axis[k]);
    nodes *= c->nodes[k];
  }
  if (nodes > FCSIM_HALO_MAX_NODES)
    return fcsim_error_set(err, FCSIM_ERANGE, "halo: %lld nodes; expected at most %d", (long long)nodes,
                           FCSIM_HALO_MAX_NODES);
  if (c->halo_width < 1 || c->bytes_per_cell < 1)
    return fcsim_error_set(err, FCSIM_ERANGE, "halo: width and bytes per cell must be at least 1");
  for (int k = 0; k < 3; k++) {
    /* in floating point: the product may not fit 64 bits */
    double face = (double)c->halo_width * (double)c->bytes_per_cell;
    for (int j = 0; j < 3; j++)
      face *= j == k ? 1.0 : (double)c->lattice[j];
    if (face > 1099511627776.0)
      return fcsim_error_set(err, FCSIM_ERANGE, "halo: a face of %g bytes; expected at most 1 TiB", face);
  }
  if (c->vcs < 1 || c->vcs > c->tnw.vcs)
    return fcsim_error_set(err, FCSIM_ERANGE, "halo: %d virtual channels per face; expected 1 to %d", c->vcs,
                           c->tnw.vcs);
  if (c->steps < 1 || c->compute_cycles < 0 || c->max_cycles < 1)
    return fcsim_error_set(err, FCSIM_ERANGE, "halo: steps and max cycles must be positive, compute not negative");
  return fcsim_tnw_cfg_check(&c->tnw, err);
}

/* The node one step along direction d. */
static int neighbour(const struct fcsim_halo_cfg *c, int n, int d)
{
  int xyz[3] = {n % c->nodes[0], n / c->nodes[0] % c->nodes[1], n / (c->nodes[0] * c->nodes[1])};
  int k = d / 2, size = c->nodes[k];
  xyz[k] = (xyz[k] + (d % 2 ? size - 1 : 1)) % size;
  return xyz[0] + c->nodes[0] * (xyz[1] + c->nodes[1] * xyz[2]);
}

static void halo_free(struct halo *h)
{
  int mods = h->n_nodes * DIRS;
  for (int m = 0; h->end && m < mods; m++)
    fcsim_tnw_free(&h->end[m]);
  for (int m = 0; h->line && m < mods; m++)
    fcsim_pline_free(&h->line[m]);
  free(h->node);
  free(h->end);
  free(h->api);
  free(h->line);
  free(h->peer);
}

static void split_messages(struct halo *h)
{
  const struct fcsim_halo_cfg *c = h->c;
  for (int d = 0; d < DIRS; d++) {
    int64_t bytes = fcsim_halo_face_bytes(c, d / 2), share = bytes / c->vcs;
    for (int v = 0; v < c->vcs; v++)
      h->msg[d][v] = v == c->vcs - 1 ? bytes - share * (c->vcs - 1) : share;
  }
}

static int halo_init(struct halo *h, const struct fcsim_halo_cfg *c, struct fcsim_error *err)
{
  memset(h, 0, sizeof *h);
  h->c = c;
  h->n_nodes = c->nodes[0] * c->nodes[1] * c->nodes[2];
  size_t mods = (size_t)h->n_nodes * DIRS;
  h->node = calloc((size_t)h->n_nodes, sizeof *h->node);
  h->end = calloc(mods, sizeof *h->end);
  h->api = calloc(mods, sizeof *h->api);
  h->line = calloc(mods, sizeof *h->line);
  h->peer = calloc(mods, sizeof *h->peer);
  if (!h->node || !h->end || !h->api || !h->line || !h->peer) {
    halo_free(h);
    return fcsim_error_set(err, FCSIM_ENOMEM, "halo: out of memory");
  }
  for (size_t m = 0; m < mods; m++) {
    struct fcsim_tnw_cfg t = c->tnw;
    t.link_id = (uint64_t)m;
    int rc = fcsim_tnw_init(&h->end[m], &t, err);
    if (!rc)
      rc = fcsim_pline_init(&h->line[m], c->line_bytes_per_cycle, c->latency_cycles, c->latency_cycles + 64, err);
    if (rc) {
      halo_free(h);
      return rc;
    }
    fcsim_tnw_api_init(&h->api[m], &h->end[m]);
    int n = (int)m / DIRS, d = (int)m % DIRS;
    h->peer[m] = neighbour(c, n, d) * DIRS + (d ^ 1);
  }
  split_messages(h);
  return 0;
}

/* Posts the step's receives, then its sends, on every link. */
static int post_step(struct halo *h, int n, int64_t now, struct fcsim_error *err)
{
  struct node *nd = &h->node[n];
  for (int d = 0; d < DIRS; d++) {
    struct fcsim_tnw_api *a = &h->api[n * DIRS + d];
    for (int v = 0; v < h->c->vcs; v++) {
      int64_t b = h->msg[d][v];
      nd->recv_h[d][v] = b ? fcsim_tnw_api_credit(a, v, b, err) : -1;
      nd->send_h[d][v] = b ? fcsim_tnw_api_send(a, v, b, err) : -1;
      if (nd->recv_h[d][v] < -1 || nd->send_h[d][v] < -1)
        return nd->recv_h[d][v] < -1 ? nd->recv_h[d][v] : nd->send_h[d][v];
    }
  }
  nd->step_start = now;
  nd->phase = PH_WAIT;
  return 0;
}

/* The last completion cycle of the step's receives (or sends); -1 while
 * one is pending. */
static int64_t all_done(const struct halo *h, int n, int sends)
{
  const struct node *nd = &h->node[n];
  int64_t last = 0;
  for (int d = 0; d < DIRS; d++)
    for (int v = 0; v < h->c->vcs; v++) {
      int hd = sends ? nd->send_h[d][v] : nd->recv_h[d][v];
      if (hd < 0)
        continue;
      const struct fcsim_tnw_api *a = &h->api[n * DIRS + d];
      if (!fcsim_tnw_api_test(a, hd))
        return -1;
      int64_t at = fcsim_tnw_api_done_at(a, hd);
      if (at > last)
        last = at;
    }
  return last;
}

/* Advances node n's application as far as it can in cycle `now`. */
static int node_update(struct halo *h, int n, int64_t now, struct fcsim_error *err)
{
  struct node *nd = &h->node[n];
  for (;;) {
    if (nd->phase == PH_START)
      return post_step(h, n, now, err);
    if (nd->phase == PH_WAIT) {
      int64_t r = all_done(h, n, 0);
      if (r < 0)
        return 0;
      int64_t comm = r - nd->step_start + 1;
      h->comm_sum += (double)comm;
      h->comm_n++;
      if (h->res->comm_cycles_min < 0 || comm < h->res->comm_cycles_min)
        h->res->comm_cycles_min = comm;
      if (comm > h->res->comm_cycles_max)
        h->res->comm_cycles_max = comm;
      nd->compute_end = r + 1 + h->c->compute_cycles;
      nd->phase = PH_COMPUTE;
      continue;
    }
    if (nd->phase != PH_COMPUTE || now < nd->compute_end || all_done(h, n, 1) < 0)
      return 0;
    /* computed, and the send buffers are free again */
    h->res->send_wait_cycles += now - nd->compute_end;
    h->step_sum += (double)(now - nd->step_start);
    if (++nd->step == h->c->steps) {
      nd->phase = PH_DONE;
      nd->done_cycle = now;
      return 0;
    }
    nd->phase = PH_START;
  }
}

static void module_step(struct halo *h, int m, int64_t now)
{
  struct fcsim_pline_item it;
  double wire;
  while (fcsim_pline_recv(&h->line[h->peer[m]], now, &it))
    fcsim_tnw_receive(&h->end[m], &it, now);
  fcsim_tnw_api_step(&h->api[m], now);
  if (fcsim_pline_can_send(&h->line[m], now) && fcsim_tnw_emit(&h->end[m], now, &it, &wire))
    fcsim_pline_send(&h->line[m], now, wire, &it);
}

/* 1 when a module has nothing to send and nothing unacknowledged. */
static int module_quiet(const struct halo *h, int m)
{
  const struct fcsim_tnw_end *e = &h->end[m];
  if (!fcsim_tnw_idle(e) || e->restart_due || e->nack_due || e->acks_owed || h->line[m].count)
    return 0;
  for (int v = 0; v < e->cfg.vcs; v++)
    if (e->credit_owed[v])
      return 0;
  return 1;
}

/* The next cycle anything can happen when every node computes and every
 * link is quiet; `now` + 1 otherwise. */
static int64_t next_event(const struct halo *h, int64_t now)
{
  int64_t next = -1;
  for (int n = 0; n < h->n_nodes; n++) {
    const struct node *nd = &h->node[n];
    if (nd->phase == PH_DONE)
      continue;
    if (nd->phase != PH_COMPUTE)
      return now + 1;
    if (next < 0 || nd->compute_end < next)
      next = nd->compute_end;
  }
  for (int m = 0; m < h->n_nodes * DIRS; m++)
    if (!module_quiet(h, m))
      return now + 1;
  return next > now + 1 ? next : now + 1;
}

static void add_stats(struct fcsim_tnw_stats *s, const struct fcsim_tnw_stats *t)
{
  s->packets_new += t->packets_new;
  s->retransmissions += t->retransmissions;
  s->resend_episodes += t->resend_episodes;
  s->errors_injected += t->errors_injected;
  s->errors_detected += t->errors_detected;
  s->discarded += t->discarded;
  s->out_of_order += t->out_of_order;
  s->rx_overflow += t->rx_overflow;
  s->acks_sent += t->acks_sent;
  s->nacks_sent += t->nacks_sent;
  s->restarts_sent += t->restarts_sent;
  s->credit_words += t->credit_words;
  s->delivered += t->delivered;
  s->delivered_bytes += t->delivered_bytes;
  s->order_errors += t->order_errors;
  if (t->latency_max > s->latency_max)
    s->latency_max = t->latency_max;
}

static void finish(struct halo *h, struct fcsim_halo_result *r)
{
  const struct fcsim_halo_cfg *c = h->c;
  r->complete = 1;
  for (int n = 0; n < h->n_nodes; n++) {
    if (h->node[n].phase != PH_DONE)
      r->complete = 0;
    else if (h->node[n].done_cycle > r->cycles)
      r->cycles = h->node[n].done_cycle;
  }
  for (int m = 0; m < h->n_nodes * DIRS; m++) {
    add_stats(&r->tnw, &h->end[m].st);
    int64_t moved = 0, bad = 0;
    for (int v = 0; v < c->vcs; v++) {
      int64_t want = h->msg[m % DIRS][v] * c->steps;
      moved += h->api[m].moved[v];
      bad |= h->api[m].moved[v] != want;
      r->bytes_expected += want;
    }
    r->bytes_received += moved;
    r->module_bytes_mismatch += bad || (uint64_t)moved != h->end[m].st.delivered_bytes;
  }
  r->order_errors = r->tnw.order_errors + r->tnw.out_of_order + r->tnw.rx_overflow;
  r->comm_cycles_avg = h->comm_n ? h->comm_sum / (double)h->comm_n : 0;
  r->step_cycles_avg = h->comm_n ? h->step_sum / (double)h->comm_n : 0;
}

int fcsim_halo_sim(const struct fcsim_halo_cfg *c, struct fcsim_halo_result *res, struct fcsim_error *err)
{
  memset(res, 0, sizeof *res);
  res->comm_cycles_min = -1;
  int rc = fcsim_halo_check(c, err);
  if (rc)
    return rc;
  for (int k = 0; k < 3; k++)
    res->face_bytes[k] = fcsim_halo_face_bytes(c, k);
  struct halo h;
  if ((rc = halo_init(&h, c, err)))
    return rc;
  h.res = res;
  int64_t now = 0;
  for (; now < c->max_cycles; now = next_event(&h, now)) {
    int done = 1;
    for (int n = 0; n < h.n_nodes && !rc; n++) {
      rc = node_update(&h, n, now, err);
      done &= h.node[n].phase == PH_DONE;
    }
    if (rc || done)
      break;
    for (int m = 0; m < h.n_nodes * DIRS; m++)
      module_step(&h, m, now);
  }
  if (!rc)
    finish(&h, res);
  if (!rc && !res->complete)
    res->cycles = now;
  halo_free(&h);
  return rc;
}
