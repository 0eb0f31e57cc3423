/* SPDX-License-Identifier: BSD-3-Clause */
/* The FFT's offline router (fft_route.h): flows of the schedule, their
 * candidate routes (dimension order x tie directions, turn-model legal),
 * and a greedy min-max assignment of the bytes to the torus's directed
 * links, refined by re-routing each flow against the others until a pass
 * changes no route (at most ROUTE_PASSES passes). */
#include <stdlib.h>
#include <string.h>

#include "apps/fft/fft_route.h"
#include "routing/offline.h"

#define ROUTE_PASSES   64 /* most re-routing passes after the greedy one (they stop when no route changes) */
#define ROUTE_MAX_HOPS (3 * 128)                 /* more than any minimal route of a 3D torus here */
#define ROUTE_STATES   (FCSIM_OFFLINE_ORDERS * 8) /* order x the tie bits of 3 dimensions */
#define PORTS          6

/* A unit of routing: one message (the tables may route the packets of one
 * flow over several routes, as dor's random ties do). */
struct flow {
  uint64_t bytes;
  uint32_t src, dst;
  uint32_t slice; /* load slice of its release window: 2 + turn * windows + window */
  int64_t msg;    /* message index */
  uint8_t turn;   /* 0: XY, 1: YZ */
  uint8_t state;  /* chosen route byte */
};

struct router {
  int k;            /* nodes per side */
  uint32_t nodes;   /* k^3 */
  uint32_t slices;  /* the 2 turns, then 2 turns x release windows */
  uint64_t *load;   /* [slices][nodes * PORTS] bytes per directed link per slice */
  uint8_t cand[ROUTE_STATES];
  int ncand;
};

static void coords(int k, uint32_t v, int c[3])
{
  c[0] = (int)(v % (uint32_t)k);
  c[1] = (int)(v / (uint32_t)k % (uint32_t)k);
  c[2] = (int)(v / ((uint32_t)k * (uint32_t)k));
}

/* The links (node * PORTS + port) of the route of `state` from src to dst,
 * as routing.algorithm = offline walks it; returns the hops. */
static int walk(int k, uint32_t src, uint32_t dst, uint8_t state, uint32_t *links)
{
  int a[3], b[3], dims[3] = {k, k, k}, hops = 0;
  coords(k, src, a);
  coords(k, dst, b);
  for (;;) {
    int off[3];
    for (int d = 0; d < 3; d++)
      off[d] = fcsim_offline_offset(k, 1, a[d], b[d]);
    int port = fcsim_offline_port(3, dims, 1, off, state);
    if (port < 0 || hops >= ROUTE_MAX_HOPS)
      return hops;
    links[hops++] = (uint32_t)(a[0] + k * (a[1] + k * a[2])) * PORTS + (uint32_t)port;
    int d = port / 2;
    a[d] = (a[d] + (port & 1 ? k - 1 : 1)) % k;
  }
}

/* The distinct legal route bytes of a flow: one per order of the dimensions
 * it travels and per direction of its ties. */
static void candidates(struct router *rt, uint32_t src, uint32_t dst)
{
  int a[3], b[3], dims[3] = {rt->k, rt->k, rt->k}, tie = 0;
  coords(rt->k, src, a);
  coords(rt->k, dst, b);
  for (int d = 0; d < 3; d++)
    if (rt->k % 2 == 0 && rt->k > 2 && 2 * fcsim_offline_offset(rt->k, 1, a[d], b[d]) == rt->k)
      tie |= 1 << d;
  rt->ncand = 0;
  uint32_t seen[ROUTE_STATES][2];
  for (int s = 0; s < ROUTE_STATES; s++) {
    uint8_t st = (uint8_t)((s % FCSIM_OFFLINE_ORDERS) | (s / FCSIM_OFFLINE_ORDERS) << FCSIM_OFFLINE_TIE_BIT);
    if ((st >> FCSIM_OFFLINE_TIE_BIT) & ~tie)
      continue; /* a tie bit of a dimension without a tie: the same route */
    if (!fcsim_offline_legal(3, dims, 1, a, b, st))
      continue;
    int order[3], key = 0;
    fcsim_offline_order(st, order);
    for (int i = 0; i < 3; i++) /* the travelled dimensions in order */
      if (a[order[i]] != b[order[i]])
        key = key * 4 + order[i] + 1;
    int dup = 0;
    for (int c = 0; c < rt->ncand && !dup; c++)
      dup = seen[c][0] == (uint32_t)key && seen[c][1] == (uint32_t)(st >> FCSIM_OFFLINE_TIE_BIT);
    if (dup)
      continue;
    seen[rt->ncand][0] = (uint32_t)key;
    seen[rt->ncand][1] = (uint32_t)(st >> FCSIM_OFFLINE_TIE_BIT);
    rt->cand[rt->ncand++] = st;
  }
}

/* Adds (sign 1) or removes (-1) a flow's bytes on its route: in its turn's
 * slice and in its release window's. */
static void apply(struct router *rt, const struct flow *f, int sign)
{
  uint32_t links[ROUTE_MAX_HOPS];
  uint64_t *turn = rt->load + (size_t)f->turn * rt->nodes * PORTS;
  uint64_t *win = rt->load + (size_t)f->slice * rt->nodes * PORTS;
  int h = walk(rt->k, f->src, f->dst, f->state, links);
  for (int i = 0; i < h; i++) {
    turn[links[i]] = sign > 0 ? turn[links[i]] + f->bytes : turn[links[i]] - f->bytes;
    win[links[i]] = sign > 0 ? win[links[i]] + f->bytes : win[links[i]] - f->bytes;
  }
}

/* The candidate with the least maximum load along it, in its turn, once the
 * flow is on it; then the least in its release window; then the least
 * increase of the window's sum of squared loads. */
static uint8_t choose(struct router *rt, const struct flow *f)
{
  uint32_t links[ROUTE_MAX_HOPS];
  const uint64_t *turn = rt->load + (size_t)f->turn * rt->nodes * PORTS;
  const uint64_t *win = rt->load + (size_t)f->slice * rt->nodes * PORTS;
  candidates(rt, f->src, f->dst);
  uint8_t best = rt->cand[0];
  uint64_t best_turn = UINT64_MAX, best_win = UINT64_MAX;
  double best_sq = 0;
  for (int c = 0; c < rt->ncand; c++) {
    int h = walk(rt->k, f->src, f->dst, rt->cand[c], links);
    uint64_t mt = 0, mw = 0;
    double sq = 0;
    for (int i = 0; i < h; i++) {
      uint64_t lt = turn[links[i]] + f->bytes, lw = win[links[i]] + f->bytes;
      mt = lt > mt ? lt : mt;
      mw = lw > mw ? lw : mw;
      sq += (double)f->bytes * (double)(2 * win[links[i]] + f->bytes);
    }
    if (mt < best_turn || (mt == best_turn && (mw < best_win || (mw == best_win && sq < best_sq)))) {
      best = rt->cand[c];
      best_turn = mt;
      best_win = mw;
      best_sq = sq;
    }
  }
  return best;
}

static int cmp_flow_size(const void *pa, const void *pb)
{
  const struct flow *a = pa, *b = pb;
  if (a->bytes != b->bytes)
    return a->bytes > b->bytes ? -1 : 1;
  return a->msg < b->msg ? -1 : a->msg > b->msg;
}

/* The cycle a network message is released at, counted from its turn's
 * start (X compute, Y compute) as the IPs produce it. */
static uint64_t release_cycle(const struct fcsim_fft_sched *s, const struct fcsim_fft_msg *g)
{
  if (g->turn == 1)
    return g->start_cycles;
  if (s->consume == FCSIM_FFT_CONSUME_ROUND)
    return g->delay_cycles;
  return s->fft_cycles * (g->round + 1u) + g->delay_cycles; /* after its round's gate */
}

/* The units: every network message, in the slice of its turn and of the
 * window of fft_cycles (one FFT's output) it is released in. */
static struct flow *gather(const struct fcsim_fft_sched *s, uint32_t *windows, int64_t *nunits)
{
  struct flow *f = malloc((size_t)(s->nmsg ? s->nmsg : 1) * sizeof *f);
  int64_t n = 0;
  uint64_t last = 0;
  if (!f)
    return NULL;
  for (int64_t i = 0; i < s->nmsg; i++)
    if ((s->msg[i].turn == 1 || s->msg[i].turn == 2) && s->msg[i].src != s->msg[i].dst) {
      uint64_t w = release_cycle(s, &s->msg[i]) / s->fft_cycles;
      last = w > last ? w : last;
      f[n++] = (struct flow){s->msg[i].bytes, s->msg[i].src, s->msg[i].dst, (uint32_t)w, i,
                             (uint8_t)(s->msg[i].turn - 1), 0};
    }
  *windows = (uint32_t)last + 1;
  for (int64_t i = 0; i < n; i++)
    f[i].slice += 2 + f[i].turn * *windows; /* slices 0 and 1: the turns */
  *nunits = n;
  return f;
}

/* DOR's expected load (x y z; a tie half each way) and the tables' load:
 * the most bytes on one link per turn, and the (turn, source, destination)
 * flows and those routed off x y z. */
static int loads(struct router *rt, const struct flow *f, int64_t n, struct fcsim_fft_routes *r)
{
  size_t per = (size_t)rt->nodes * PORTS;
  double *dor = calloc(2 * per, sizeof *dor), *tab = calloc(2 * per, sizeof *tab);
  uint8_t *pair = calloc(2 * (size_t)rt->nodes * rt->nodes, 1); /* bit 0 seen, bit 1 off x y z */
  uint32_t links[ROUTE_MAX_HOPS];
  if (!dor || !tab || !pair) {
    free(dor), free(tab), free(pair);
    return -1;
  }
  for (int64_t i = 0; i < n; i++) {
    int a[3], b[3], tie = 0, ways = 0;
    coords(rt->k, f[i].src, a);
    coords(rt->k, f[i].dst, b);
    for (int d = 0; d < 3; d++)
      if (rt->k % 2 == 0 && rt->k > 2 && 2 * fcsim_offline_offset(rt->k, 1, a[d], b[d]) == rt->k)
        tie |= 1 << d;
    for (int t = 0; t < 8; t++) /* every tie pattern with the same weight */
      ways += !(t & ~tie);
    for (int t = 0; t < 8; t++) {
      if (t & ~tie)
        continue;
      int h = walk(rt->k, f[i].src, f[i].dst, (uint8_t)(t << FCSIM_OFFLINE_TIE_BIT), links);
      for (int j = 0; j < h; j++)
        dor[f[i].turn * per + links[j]] += (double)f[i].bytes / ways;
    }
    int h = walk(rt->k, f[i].src, f[i].dst, f[i].state, links);
    for (int j = 0; j < h; j++)
      tab[f[i].turn * per + links[j]] += (double)f[i].bytes;
    pair[((size_t)f[i].turn * rt->nodes + f[i].src) * rt->nodes + f[i].dst] |= (uint8_t)(1 | (f[i].state != 0) << 1);
  }
  for (int t = 0; t < 2; t++) {
    r->max_link_bytes_dor[t] = r->max_link_bytes_table[t] = 0;
    for (size_t l = 0; l < per; l++) {
      r->max_link_bytes_dor[t] = dor[t * per + l] > r->max_link_bytes_dor[t] ? dor[t * per + l] : r->max_link_bytes_dor[t];
      r->max_link_bytes_table[t] =
          tab[t * per + l] > r->max_link_bytes_table[t] ? tab[t * per + l] : r->max_link_bytes_table[t];
    }
  }
  for (size_t i = 0; i < 2 * (size_t)rt->nodes * rt->nodes; i++) {
    r->flows += pair[i] & 1;
    r->flows_moved += pair[i] >> 1 & 1;
  }
  free(dor), free(tab), free(pair);
  return 0;
}

/* Each message's route byte, checked against the turn model. */
static int assign(const struct fcsim_fft_sched *s, const struct flow *f, int64_t n, int k,
                  struct fcsim_fft_routes *r, struct fcsim_error *err)
{
  int dims[3] = {k, k, k};
  for (int64_t i = 0; i < n; i++) {
    const struct fcsim_fft_msg *g = &s->msg[f[i].msg];
    int a[3], b[3];
    coords(k, g->src, a);
    coords(k, g->dst, b);
    if (!fcsim_offline_legal(3, dims, 1, a, b, f[i].state))
      return fcsim_error_set(err, FCSIM_EINTERNAL, "fft.routing = table: message %lld has a route off the turn model",
                             (long long)f[i].msg + 1);
    r->route[f[i].msg] = f[i].state;
  }
  return 0;
}

int fcsim_fft_route_build(const struct fcsim_fft_sched *s, struct fcsim_fft_routes *r, struct fcsim_error *err)
{
  memset(r, 0, sizeof *r);
  struct router rt = {.k = 1 << s->m};
  rt.nodes = (uint32_t)rt.k * (uint32_t)rt.k * (uint32_t)rt.k;
  int64_t n = 0;
  uint32_t windows = 1;
  struct flow *f = gather(s, &windows, &n);
  rt.slices = 2 + 2 * windows;
  rt.load = calloc((size_t)rt.slices * rt.nodes * PORTS, sizeof *rt.load);
  r->route = calloc((size_t)(s->nmsg ? s->nmsg : 1), 1);
  int rc = 0;
  if (!f || !rt.load || !r->route) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the FFT's offline routes");
    goto done;
  }
  qsort(f, (size_t)n, sizeof *f, cmp_flow_size);
  for (int64_t i = 0; i < n; i++) {
    f[i].state = choose(&rt, &f[i]);
    apply(&rt, &f[i], 1);
  }
  int64_t changed = 1;
  for (int pass = 0; pass < ROUTE_PASSES && changed; pass++) {
    changed = 0;
    for (int64_t i = 0; i < n; i++) {
      uint8_t was = f[i].state;
      apply(&rt, &f[i], -1);
      f[i].state = choose(&rt, &f[i]);
      apply(&rt, &f[i], 1);
      changed += f[i].state != was;
    }
  }
  if (loads(&rt, f, n, r))
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the FFT's offline routes");
  else
    rc = assign(s, f, n, rt.k, r, err);
done:
  free(f);
  free(rt.load);
  if (rc)
    fcsim_fft_routes_free(r);
  return rc;
}

void fcsim_fft_routes_free(struct fcsim_fft_routes *r)
{
  free(r->route);
  r->route = NULL;
}
