/* SPDX-License-Identifier: BSD-3-Clause */
/* Gather schedules as trace messages (gather_sched.h): the plan (which node
 * sends which blocks to whom in which stage), its check, the seed's timing
 * constants (Eq. 6 barriers, c, t), the `gather` model's figures for the
 * same set-up, and the trace CSV; the allgather's plans (ring, ring1,
 * gather then broadcast), check and model. */
#include "apps/gather/gather_sched.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps/gather/gather_rows.h"
#include "fcsim/model.h"

#define NOTICE_BYTES          64
#define ROOT_AFTER_RELEASE_NS 10.0 /* a scatter's root starts its DMA this long after its releases */

static int add_xfer(struct fcsim_gather_plan *pl, int cap, int stage, int src, int dst, uint64_t blocks, int plane)
{
  if (pl->nxfers == cap)
    return -1;
  pl->xfer[pl->nxfers++] = (struct fcsim_gather_xfer){stage, src, dst, blocks, plane, 0};
  if (stage > pl->stages)
    pl->stages = stage;
  return 0;
}

/* A chain of `len` nodes node[1..len] hanging off node[0]: stage s moves the
 * block of distance i+s-1 from distance i to i-1, for i >= first (first = 1:
 * streams to node[0] in len stages; first = 2: gathers at node[1] in len-1
 * stages). */
static int chain(struct fcsim_gather_plan *pl, int cap, const int *node, int len, int first, int plane)
{
  for (int s = 1; s <= len; s++)
    for (int i = first; i + s - 1 <= len; i++)
      if (add_xfer(pl, cap, s, node[i], node[i - 1], 1ull << node[i + s - 1], plane))
        return -1;
  return 0;
}

static int plan_ring(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int cap)
{
  int n = sp->nodes, h1 = (n - 1 + 1) / 2, h2 = n - 1 - h1;
  int right[FCSIM_GATHER_MAX_NODES + 1], left[FCSIM_GATHER_MAX_NODES + 1];
  right[0] = left[0] = 0;
  for (int i = 1; i <= h1; i++)
    right[i] = i;
  for (int i = 1; i <= h2; i++)
    left[i] = n - i;
  return chain(pl, cap, right, h1, 1, 0) || chain(pl, cap, left, h2, 1, 1) ? -1 : 0;
}

/* Four chains off the root: 0 and 1 stream (one per physical port), 2 and 3
 * gather at their heads, which send everything after chain 0 (port 0) and
 * chain 1 (port 1) finished. */
static int plan_tree(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int cap)
{
  int m = sp->nodes - 1, next = 1, len[4], node[4][FCSIM_GATHER_MAX_NODES + 1];
  for (int k = 0; k < 4; k++) {
    len[k] = m / 4 + (k < m % 4);
    node[k][0] = 0;
    for (int i = 1; i <= len[k]; i++)
      node[k][i] = next++;
  }
  for (int k = 0; k < 2; k++)
    if (chain(pl, cap, node[k], len[k], 1, k))
      return -1;
  for (int k = 2; k < 4; k++) {
    if (!len[k])
      continue;
    if (chain(pl, cap, node[k], len[k], 2, k - 2))
      return -1;
    uint64_t all = 0;
    for (int i = 1; i <= len[k]; i++)
      all |= 1ull << node[k][i];
    int stage = len[k - 2] + 1 > len[k] ? len[k - 2] + 1 : len[k];
    if (add_xfer(pl, cap, stage, node[k][1], 0, all, k - 2))
      return -1;
  }
  return 0;
}

/* The allgather ring: in step s node i sends to i+1 the block of node
 * i-s+1 (steps 1..h1) and, both ways, to i-1 the block of node i+s-1
 * (steps 1..h2); h1 + h2 = n-1, so every node receives every other block
 * once. Plane: 0 rightward, 1 leftward (the receiving port). */
static int plan_allgather_ring(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int cap, int both)
{
  int n = sp->nodes, h1 = both ? n / 2 : n - 1, h2 = both ? (n - 1) / 2 : 0;
  for (int s = 1; s <= h1; s++)
    for (int i = 0; i < n; i++) {
      if (add_xfer(pl, cap, s, i, (i + 1) % n, 1ull << ((i - s + 1 + n) % n), 0))
        return -1;
      if (s <= h2 && add_xfer(pl, cap, s, i, (i + n - 1) % n, 1ull << ((i + s - 1) % n), 1))
        return -1;
    }
  return 0;
}

/* After the tree's gather (pl->stages so far): the broadcast down the same
 * four chains (plan_tree's numbering), the root sending to the heads of
 * chains 0 and 1 in the first broadcast stage and of chains 2 and 3 in the
 * second, every node to its child in the stage after it received; each
 * transfer carries every block the receiver does not hold yet (its own
 * and those that passed through it in the gather stay). */
static int plan_broadcast(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int cap)
{
  int m = sp->nodes - 1, next = 1, g = pl->stages;
  uint64_t all = sp->nodes == 64 ? ~0ull : (1ull << sp->nodes) - 1, held[FCSIM_GATHER_MAX_NODES];
  for (int v = 0; v < sp->nodes; v++)
    held[v] = 1ull << v;
  for (int x = 0; x < pl->nxfers; x++)
    held[pl->xfer[x].dst] |= pl->xfer[x].blocks;
  for (int k = 0; k < 4; k++) {
    int len = m / 4 + (k < m % 4), prev = 0;
    for (int i = 1; i <= len; i++, next++) {
      if (add_xfer(pl, cap, g + (k < 2 ? 0 : 1) + i, prev, next, all & ~held[next], k % 2))
        return -1;
      prev = next;
    }
  }
  return 0;
}

/* Eq. 6 barrier among N servers plus the §6.3 correction after a process
 * of length x. */
static double barrier_s(const struct fcsim_gather_spec *sp, double x)
{
  double servers = ceil((double)sp->nodes / sp->nodes_per_server);
  return 3.34e-5 * ceil(log2(servers)) + 5.84e-6 + (x > 500e-6 ? 210e-6 : 52e-6);
}

/* The `gather` model on the same constants: its stages, time and the
 * barrier it charges after a transfer stage. */
static int model_figures(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, struct fcsim_error *err)
{
  const struct fcsim_model_ops *m = fcsim_model_find("gather");
  if (!m || m->n_params > FCSIM_MODEL_MAX_PARAMS || m->n_results > FCSIM_MODEL_MAX_RESULTS)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "the gather model is missing");
  double p[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  for (size_t i = 0; i < m->n_params; i++)
    p[i] = m->params[i].flags & FCSIM_MP_AUTO ? NAN : m->params[i].def;
  const struct {
    const char *name;
    double v;
  } set[] = {{"n", sp->nodes},
             {"d", (double)sp->bytes},
             {"schedule", sp->schedule == FCSIM_GATHER_RING || sp->schedule == FCSIM_GATHER_RING1 ? 0
                          : sp->schedule == FCSIM_GATHER_TREE                                     ? 1
                                                                                                  : 2},
             {"t", sp->t_s},
             {"c", sp->c_s},
             {"l", sp->l_s},
             {"b", sp->b_bytes_s},
             {"f", sp->levels},
             {"nodes_per_server", sp->nodes_per_server}};
  for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
    int k = fcsim_model_param_index(m, set[i].name);
    if (k < 0)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "the gather model has no parameter %s", set[i].name);
    p[k] = set[i].v;
  }
  int rc = m->compute(p, r, err);
  if (rc)
    return rc;
  for (size_t i = 0; i < m->n_results; i++) {
    if (!strcmp(m->results[i].name, "stages"))
      pl->model_stages = (int)r[i];
    else if (!strcmp(m->results[i].name, "time_s"))
      pl->model_time_s = r[i];
    else if (!strcmp(m->results[i].name, "stage_barrier_s"))
      pl->stage_barrier_s = r[i];
  }
  return 0;
}

/* The busiest node's bytes in stage s: what one FPGA sends (one DMA read
 * stream) or receives on one port (plane). */
static double busiest_bytes(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl, int s)
{
  double out[FCSIM_GATHER_MAX_NODES] = {0}, in[FCSIM_GATHER_MAX_NODES][2] = {{0}}, most = 0;
  for (int x = 0; x < pl->nxfers; x++) {
    const struct fcsim_gather_xfer *t = &pl->xfer[x];
    if (t->stage != s)
      continue;
    double bytes = (double)sp->bytes * __builtin_popcountll(t->blocks);
    out[t->src] += bytes;
    in[t->dst][t->plane & 1] += bytes;
    most = fmax(most, fmax(out[t->src], in[t->dst][t->plane & 1]));
  }
  return most;
}

/* The allgather's model (docs/SWITCHED.md): start + sum over stages of
 * (f l + busiest bytes / b) + (S-1) (barrier + c) + the final barrier, the
 * barrier Eq. 6's after the longest stage. Sets start_s too. */
static void allgather_model(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl)
{
  double sum = 0, longest = 0;
  for (int s = 1; s <= pl->stages; s++) {
    double x = busiest_bytes(sp, pl, s) / sp->b_bytes_s;
    longest = fmax(longest, x);
    sum += sp->levels * sp->l_s + x;
  }
  pl->stage_barrier_s = barrier_s(sp, longest);
  pl->model_stages = pl->stages;
  pl->model_time_s = pl->start_s + sum + (pl->stages - 1) * (pl->stage_barrier_s + sp->c_s) + pl->stage_barrier_s;
}

static int plan_schedule(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int cap)
{
  if (sp->allgather)
    return sp->schedule == FCSIM_GATHER_TREE ? plan_tree(sp, pl, cap) || plan_broadcast(sp, pl, cap)
                                             : plan_allgather_ring(sp, pl, cap, sp->schedule == FCSIM_GATHER_RING);
  return sp->schedule == FCSIM_GATHER_RING ? plan_ring(sp, pl, cap) : plan_tree(sp, pl, cap);
}

int fcsim_gather_plan(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, struct fcsim_error *err)
{
  memset(pl, 0, sizeof *pl);
  if (sp->nodes < 2 || sp->nodes > FCSIM_GATHER_MAX_NODES)
    return fcsim_error_set(err, FCSIM_EINVAL, "app.nodes = %d: %s needs 2..%d nodes", sp->nodes,
                           sp->allgather ? "an allgather" : sp->scatter ? "a scatter" : "a gather",
                           FCSIM_GATHER_MAX_NODES);
  if (sp->allgather ? sp->schedule == FCSIM_GATHER_RECONFIG : sp->schedule == FCSIM_GATHER_RING1)
    return fcsim_error_set(err, FCSIM_EINVAL, "--schedule %s: expected %s", sp->allgather ? "reconfig" : "ring1",
                           sp->allgather ? "ring, ring1 or tree for an allgather" : "ring, tree or reconfig");
  if (sp->allgather && sp->b_bytes_s <= 0)
    return fcsim_error_set(err, FCSIM_EINVAL, "app.bandwidth = %g: expected a bandwidth > 0 (bytes/s)", sp->b_bytes_s);
  int cap = 2 * sp->nodes * sp->nodes + 4;
  pl->xfer = calloc((size_t)cap, sizeof *pl->xfer);
  if (!pl->xfer)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = plan_schedule(sp, pl, cap);
  for (int x = 0; !rc && sp->scatter && x < pl->nxfers; x++) { /* played backwards */
    struct fcsim_gather_xfer *t = &pl->xfer[x];
    int src = t->src;
    t->stage = pl->stages + 1 - t->stage;
    t->src = t->dst;
    t->dst = src;
  }
  if (rc) {
    fcsim_gather_plan_free(pl);
    return fcsim_error_set(err, FCSIM_EINTERNAL, "gather plan overflow");
  }
  if ((rc = model_figures(sp, pl, err))) {
    fcsim_gather_plan_free(pl);
    return rc;
  }
  double setup = sp->t_s > 0 ? sp->t_s + barrier_s(sp, sp->t_s) : 0;
  pl->start_s = setup + barrier_s(sp, sp->c_s) + sp->c_s;
  pl->final_barrier_s = pl->stage_barrier_s;
  pl->reconfig_barrier_s = sp->t_s > 0 ? barrier_s(sp, sp->t_s) : 0;
  if (sp->allgather) {
    pl->gather_phase_model_s = sp->schedule == FCSIM_GATHER_TREE ? pl->model_time_s : 0;
    allgather_model(sp, pl);
    pl->final_barrier_s = pl->stage_barrier_s;
  }
  return 0;
}

void fcsim_gather_plan_free(struct fcsim_gather_plan *pl)
{
  free(pl->xfer);
  pl->xfer = NULL;
  pl->nxfers = 0;
}

/* Plays a plan stage by stage from `held` (the blocks each node holds
 * first; on return, last): every transfer must carry blocks its source
 * holds; a transfer moves them (`copies`: leaves them at the source too).
 * got[v][b] counts the arrivals of block b at node v (at most 255). */
static int walk_plan(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl, uint64_t *held,
                     int copies, unsigned char (*got)[FCSIM_GATHER_MAX_NODES], struct fcsim_error *err)
{
  uint64_t next[FCSIM_GATHER_MAX_NODES];
  for (int s = 1; s <= pl->stages; s++) {
    memcpy(next, held, (size_t)sp->nodes * sizeof *held);
    for (int x = 0; x < pl->nxfers; x++) {
      const struct fcsim_gather_xfer *t = &pl->xfer[x];
      if (t->stage != s)
        continue;
      if ((t->blocks & held[t->src]) != t->blocks)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "stage %d: node %d sends blocks it does not hold", s, t->src);
      if (!copies)
        next[t->src] &= ~t->blocks;
      next[t->dst] |= t->blocks;
      for (int b = 0; b < sp->nodes; b++)
        if (((t->blocks >> b) & 1) && got[t->dst][b] < 255)
          got[t->dst][b]++;
    }
    memcpy(held, next, (size_t)sp->nodes * sizeof *held);
  }
  return 0;
}

/* The allgather's check: every node receives every other block exactly
 * once and never its own. */
static int check_allgather(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl,
                           struct fcsim_error *err)
{
  uint64_t held[FCSIM_GATHER_MAX_NODES];
  unsigned char got[FCSIM_GATHER_MAX_NODES][FCSIM_GATHER_MAX_NODES] = {{0}}; /* [node][block] arrivals */
  for (int v = 0; v < sp->nodes; v++)
    held[v] = 1ull << v;
  int rc = walk_plan(sp, pl, held, 1, got, err);
  for (int v = 0; !rc && v < sp->nodes; v++)
    for (int b = 0; b < sp->nodes; b++)
      if (got[v][b] != (b != v))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "node %d receives node %d's block %d times", v, b, got[v][b]);
  return rc;
}

int fcsim_gather_check(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl, struct fcsim_error *err)
{
  if (sp->allgather)
    return check_allgather(sp, pl, err);
  uint64_t held[FCSIM_GATHER_MAX_NODES];
  unsigned char got[FCSIM_GATHER_MAX_NODES][FCSIM_GATHER_MAX_NODES] = {{0}}; /* [node][block] arrivals */
  for (int v = 0; v < sp->nodes; v++)
    held[v] = sp->scatter ? 0 : v ? 1ull << v : 0;
  for (int v = 1; sp->scatter && v < sp->nodes; v++)
    held[0] |= 1ull << v;
  int rc = walk_plan(sp, pl, held, 0, got, err);
  for (int b = 1; !rc && b < sp->nodes; b++) {
    int arrivals = got[sp->scatter ? b : 0][b]; /* at its destination */
    if (arrivals != 1)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "node %d's block reaches %s %d times", b,
                             sp->scatter ? "its node" : "the root", arrivals);
    if (sp->scatter && !((held[b] >> b) & 1))
      return fcsim_error_set(err, FCSIM_EINTERNAL, "node %d's block does not stay at its node", b);
  }
  return rc;
}

/* ids of the transfers of stage s arriving at node v, as dependencies of
 * the last row. */
static void xfers_into(struct gather_rows *rows, const struct fcsim_gather_plan *pl, int s, int v)
{
  for (int x = 0; x < pl->nxfers; x++)
    if (pl->xfer[x].stage == s && pl->xfer[x].dst == v)
      fcsim_gather_row_after(rows, pl->xfer[x].id);
}

static void ns_delay(struct gather_row *r, double ns)
{
  if (r) {
    r->delay_kind = GATHER_TIME_NS;
    r->delay = ns;
  }
}

static void ns_start(struct gather_row *r, double ns)
{
  if (r) {
    r->start_kind = GATHER_TIME_NS;
    r->start = ns;
  }
}

/* Fills the rows: transfers, then per stage but the last the notices and
 * the root's releases. */
static void make_rows(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int plane_ids,
                      struct gather_rows *r)
{
  int n = sp->nodes, S = pl->stages;
  const int64_t notice0 = (int64_t)pl->nxfers + 2, release0 = notice0 + (int64_t)S * n;
#define NOTICE(s, v)  (notice0 + (int64_t)((s)-1) * n + (v))
#define RELEASE(s, v) (release0 + (int64_t)((s)-1) * n + (v))
  double rel = pl->stage_barrier_s + sp->c_s;
  if (sp->schedule == FCSIM_GATHER_RECONFIG)
    rel += sp->t_s + barrier_s(sp, sp->t_s);
  for (int x = 0; x < pl->nxfers; x++)
    pl->xfer[x].id = x;
  for (int x = 0; x < pl->nxfers; x++) {
    const struct fcsim_gather_xfer *t = &pl->xfer[x];
    uint64_t bytes = sp->bytes * (uint64_t)__builtin_popcountll(t->blocks);
    struct gather_row *row = fcsim_gather_row_add(r, t->id, t->src, t->dst, bytes);
    if (row)
      row->plane = plane_ids ? t->plane : -1;
    if (t->stage == 1)
      ns_start(row, pl->start_s * 1e9);
    else if (t->src) /* after its release */
      fcsim_gather_row_after(r, RELEASE(t->stage - 1, t->src));
    else { /* the root (a scatter): after the stage's notices and the barrier, just after its releases
              (ROOT_AFTER_RELEASE_NS later, so that they do not queue behind its data) */
      for (int u = 1; u < n; u++)
        fcsim_gather_row_after(r, NOTICE(t->stage - 1, u));
      xfers_into(r, pl, t->stage - 1, 0); /* and the blocks it receives in the stage before (an allgather) */
      ns_delay(row, rel * 1e9 + ROOT_AFTER_RELEASE_NS);
    }
  }
  for (int s = 1; s < S; s++) {
    for (int v = 1; v < n; v++) {
      ns_start(fcsim_gather_row_add(r, NOTICE(s, v), v, 0, NOTICE_BYTES), s == 1 ? pl->start_s * 1e9 : 0.0);
      if (s > 1)
        fcsim_gather_row_after(r, RELEASE(s - 1, v));
      xfers_into(r, pl, s, v);
    }
    for (int v = 1; v < n; v++) {
      struct gather_row *row = fcsim_gather_row_add(r, RELEASE(s, v), 0, v, NOTICE_BYTES);
      for (int u = 1; u < n; u++)
        fcsim_gather_row_after(r, NOTICE(s, u));
      xfers_into(r, pl, s, 0);
      ns_delay(row, rel * 1e9);
    }
  }
#undef NOTICE
#undef RELEASE
}

/* The order of the rows so that a row with a plane sits at a message index
 * of that parity: switch.port_select = message sends message k on port
 * k mod 2. Returns -1 when the rows cannot be placed. */
static int place_rows(const struct gather_rows *r, int *order)
{
  int *used = calloc((size_t)r->n + 1, sizeof *used), rc = 0;
  if (!used)
    return -1;
  for (int k = 0; k < r->n && !rc; k++) {
    int pick = -1;
    for (int j = 0; j < r->n && pick < 0; j++) /* the first unused row of this parity */
      if (!used[j] && r->row[j].plane == k % 2)
        pick = j;
    for (int j = 0; j < r->n && pick < 0; j++) /* else a row of any plane */
      if (!used[j] && r->row[j].plane < 0)
        pick = j;
    if (pick < 0) {
      rc = -1;
      break;
    }
    used[pick] = 1;
    order[k] = pick;
  }
  free(used);
  return rc;
}

/* The rows of the plan and their order (*order from malloc). */
static int plan_rows(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int plane_ids,
                     struct gather_rows *r, int **order, struct fcsim_error *err)
{
  memset(r, 0, sizeof *r);
  make_rows(sp, pl, plane_ids, r);
  *order = r->nomem ? NULL : malloc(((size_t)r->n + 1) * sizeof **order);
  if (!*order) {
    fcsim_gather_rows_free(r);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  if (place_rows(r, *order)) {
    fcsim_gather_rows_free(r);
    free(*order);
    *order = NULL;
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "the gather's transfers cannot be placed on their planes by message index");
  }
  return 0;
}

int fcsim_gather_write_trace(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int plane_ids, FILE *out,
                             struct fcsim_error *err)
{
  struct gather_rows r;
  int *order = NULL;
  int rc = plan_rows(sp, pl, plane_ids, &r, &order, err);
  if (rc)
    return rc;
  fprintf(out, "# gather: %d nodes, %llu bytes each, %d stages\nid,src,dst,bytes,start,after,delay\n", sp->nodes,
          (unsigned long long)sp->bytes, pl->stages);
  rc = fcsim_gather_rows_write_csv(&r, order, out, err);
  fcsim_gather_rows_free(&r);
  free(order);
  return rc;
}

int fcsim_gather_messages(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl, int plane_ids,
                          double clock_hz, struct fcsim_message_list *l, struct fcsim_error *err)
{
  struct gather_rows r;
  int *order = NULL;
  int rc = plan_rows(sp, pl, plane_ids, &r, &order, err);
  if (rc)
    return rc;
  rc = fcsim_gather_rows_messages(&r, order, clock_hz, l, err);
  fcsim_gather_rows_free(&r);
  free(order);
  return rc;
}
