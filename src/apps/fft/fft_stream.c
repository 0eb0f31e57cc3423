/* SPDX-License-Identifier: BSD-3-Clause */
/* fft.consume = line | point (fft_sched.h): each round of a node's Y and Z
 * IPs is a local step of the trace, its "gate", completing at S_j + N, the
 * cycle the round's inputs are all in. A gate waits for
 *   - every message carrying a point of its lines, `need` cycles after it
 *     arrived: N (line: all points in before the round starts) or
 *     N - slot for its earliest slot (point: taken at S_j + slot);
 *   - the node's own points, produced at known cycles (X) or after the Y
 *     gate that produced them;
 *   - the gate of the previous round (the IPs take one round's inputs,
 *     N cycles, at a time), the first Y round N (R + 1) cycles (the X
 *     rounds' inputs) and the first Z round the last Y gate plus N.
 * A YZ message leaves `slot + 1` cycles after its round's gate. The points
 * are walked with the mapping of Fig. 6.1 (model/fft.c). */
#include <stdlib.h>
#include <string.h>

#include "apps/fft/fft_stream.h"
#include "model/fft.h"

struct edge {
  int64_t w, dep; /* message w waits for message dep */
  uint64_t delay; /* cycles after dep's arrival */
};

struct edges {
  struct edge *e;
  size_t n, cap;
  int64_t *last_w; /* [messages] the waiter of dep's latest edge, to merge repeats */
  size_t *last_e;  /* [messages] that edge */
};

static int edge_add(struct edges *E, int64_t w, int64_t dep, uint64_t delay)
{
  if (E->last_w[dep] == w) {
    struct edge *x = &E->e[E->last_e[dep]];
    if (delay > x->delay)
      x->delay = delay;
    return 0;
  }
  if (E->n == E->cap) {
    size_t cap = E->cap ? 2 * E->cap : 4096;
    struct edge *p = realloc(E->e, cap * sizeof *p);
    if (!p)
      return -1;
    E->e = p;
    E->cap = cap;
  }
  E->last_w[dep] = w;
  E->last_e[dep] = E->n;
  E->e[E->n++] = (struct edge){w, dep, delay};
  return 0;
}

static int64_t *gate_of(const struct fcsim_fft_sched *s, int dim, uint32_t v, unsigned j)
{
  return &s->gate[((size_t)dim * s->nodes + v) * s->rounds + j];
}

static uint32_t node_id(unsigned m, const struct fcsim_fft_loc *l)
{
  return l->node[0] + (l->node[1] << m) + (l->node[2] << (2 * m));
}

/* Cycles after the arrival of a point for lines taken at slot `slot`. */
static uint64_t need(const struct fcsim_fft_sched *s, unsigned slot)
{
  return s->consume == FCSIM_FFT_CONSUME_POINT ? s->fft_cycles - slot : s->fft_cycles;
}

/* One datum at (x, y, z): its XY and YZ hops as dependencies of gates. */
static int point_edges(struct fcsim_fft_sched *s, struct edges *E, unsigned x, unsigned y, unsigned z)
{
  struct fcsim_fft_loc a, b, c;
  struct fcsim_error err = {0};
  if (fcsim_fft_map(s->n, s->m, x, y, z, FCSIM_FFT_XFOLD, &a, &err) ||
      fcsim_fft_map(s->n, s->m, x, y, z, FCSIM_FFT_XY, &b, &err) ||
      fcsim_fft_map(s->n, s->m, x, y, z, FCSIM_FFT_YZ, &c, &err))
    return -1;
  uint32_t v = node_id(s->m, &a), d = node_id(s->m, &b), e = node_id(s->m, &c);
  unsigned jx = fcsim_fft_sched_round(s, a.ip), jy = fcsim_fft_sched_round(s, b.ip), jz = fcsim_fft_sched_round(s, c.ip);
  int64_t yg = *gate_of(s, 0, d, jy), zg = *gate_of(s, 1, e, jz);
  int64_t mxy = s->slot_msg[((size_t)v * s->rounds + jx) * s->fft_cycles + a.slot];
  int64_t myz = s->slot_msg[(((size_t)s->nodes + d) * s->rounds + jy) * s->fft_cycles + b.slot];
  if (mxy < 0) { /* produced on the node at a known cycle */
    uint64_t t = s->fft_cycles * (jx + 1) + a.slot + 1 + need(s, b.slot);
    if (t > s->msg[yg].start_cycles)
      s->msg[yg].start_cycles = t;
  } else if (edge_add(E, yg, mxy, need(s, b.slot))) {
    return -1;
  }
  if (myz < 0) /* produced on the node by Y round jy */
    return edge_add(E, zg, yg, b.slot + 1 + need(s, c.slot));
  return edge_add(E, zg, myz, need(s, c.slot));
}

static void add_gate(struct fcsim_fft_sched *s, uint32_t v, int dim, unsigned j)
{
  struct fcsim_fft_msg *g = &s->msg[s->nmsg];
  memset(g, 0, sizeof *g);
  g->src = g->dst = v;
  g->turn = (uint8_t)(3 + dim);
  g->round = (uint16_t)j;
  if (dim == 0 && j == 0) /* the IPs took the X rounds' inputs first */
    g->start_cycles = s->fft_cycles * (s->rounds + 1);
  *gate_of(s, dim, v, j) = s->nmsg++;
}

/* The rounds' order on the IPs and the YZ messages' waits for their gate. */
static int chain_edges(struct fcsim_fft_sched *s, struct edges *E)
{
  uint64_t N = s->fft_cycles;
  for (uint32_t v = 0; v < s->nodes; v++) {
    for (unsigned j = 1; j < s->rounds; j++)
      if (edge_add(E, *gate_of(s, 0, v, j), *gate_of(s, 0, v, j - 1), N))
        return -1;
    if (edge_add(E, *gate_of(s, 1, v, 0), *gate_of(s, 0, v, s->rounds - 1), N))
      return -1;
    for (unsigned j = 1; j < s->rounds; j++)
      if (edge_add(E, *gate_of(s, 1, v, j), *gate_of(s, 1, v, j - 1), N))
        return -1;
  }
  for (int64_t i = 0; i < s->nmsg; i++)
    if (s->msg[i].turn == 2 && edge_add(E, i, *gate_of(s, 0, s->msg[i].src, s->msg[i].round), s->msg[i].delay_cycles))
      return -1;
  return 0;
}

static int cmp_edge(const void *pa, const void *pb)
{
  const struct edge *a = pa, *b = pb;
  if (a->w != b->w)
    return a->w < b->w ? -1 : 1;
  return a->dep < b->dep ? -1 : a->dep > b->dep;
}

/* Sorted by waiter, repeats merged at their largest delay, into deps. */
static int to_deps(struct fcsim_fft_sched *s, struct edges *E)
{
  qsort(E->e, E->n, sizeof *E->e, cmp_edge);
  size_t k = 0;
  for (size_t i = 0; i < E->n; i++) {
    if (k && E->e[k - 1].w == E->e[i].w && E->e[k - 1].dep == E->e[i].dep) {
      if (E->e[i].delay > E->e[k - 1].delay)
        E->e[k - 1].delay = E->e[i].delay;
      continue;
    }
    E->e[k++] = E->e[i];
  }
  free(s->deps);
  s->deps = malloc((k ? k : 1) * sizeof *s->deps);
  s->dep_delay = malloc((k ? k : 1) * sizeof *s->dep_delay);
  if (!s->deps || !s->dep_delay)
    return -1;
  for (int64_t i = 0; i < s->nmsg; i++)
    s->msg[i].ndeps = 0;
  for (size_t i = 0; i < k; i++) {
    struct fcsim_fft_msg *w = &s->msg[E->e[i].w];
    if (!w->ndeps)
      w->dep_first = (uint32_t)i;
    w->ndeps++;
    s->deps[i] = (uint32_t)E->e[i].dep;
    s->dep_delay[i] = E->e[i].delay;
  }
  return 0;
}

int fcsim_fft_stream_gates(struct fcsim_fft_sched *s)
{
  s->gate = malloc(2 * (size_t)s->nodes * s->rounds * sizeof *s->gate);
  if (!s->gate)
    return -1;
  for (int dim = 0; dim < 2; dim++)
    for (uint32_t v = 0; v < s->nodes; v++)
      for (unsigned j = 0; j < s->rounds; j++)
        add_gate(s, v, dim, j);
  struct edges E = {.last_w = malloc((size_t)s->nmsg * sizeof *E.last_w),
                    .last_e = malloc((size_t)s->nmsg * sizeof *E.last_e)};
  int rc = !E.last_w || !E.last_e ? -1 : 0;
  for (int64_t i = 0; !rc && i < s->nmsg; i++)
    E.last_w[i] = -1;
  unsigned side = 1u << s->n;
  for (unsigned z = 0; !rc && z < side; z++)
    for (unsigned y = 0; !rc && y < side; y++)
      for (unsigned x = 0; !rc && x < side; x++)
        rc = point_edges(s, &E, x, y, z);
  if (!rc)
    rc = chain_edges(s, &E);
  if (!rc)
    rc = to_deps(s, &E);
  free(E.e);
  free(E.last_w);
  free(E.last_e);
  return rc;
}
