/* SPDX-License-Identifier: BSD-3-Clause */
/* Multicast trees on tori and meshes: OCR (seed 000 Algorithms 6 and 7) and
 * the RPM baseline extended to any number of dimensions.
 *
 * A sub-problem is (current node, box of the space still to cover, its
 * destinations, floor). Coordinates are offsets from the tree's root; on a
 * torus the root's space is [-(k-1)/2, k/2] per dimension, so a node exactly
 * k/2 away lies on the plus side (the tie rule, as fcsim_topo_offset).
 *
 * The turn rule of routing/turns.h is kept as a floor: after a hop in the
 * minus direction of dimension d, or across d's dateline, no later hop on
 * that path may use a dimension below d. Every choice OCR makes is filtered
 * by it: an option whose destinations would still need a dimension below
 * the floor it leaves is not offered. The lowest-dimension option is always
 * legal, so a tree always exists.
 *
 * RPM: the region partition with North priority and no load awareness; with
 * North/South the lower dimension of a plane, every corner region joins its
 * North/South side, which in n dimensions is "split across the lowest
 * dimension first: plus side, the plane, minus side". */
#include <stdlib.h>
#include <string.h>

#include "collective/collective.h"

/* A box of root offsets, inclusive. */
struct box {
  int lo[FCSIM_MAX_DIMS]; /* lowest offset per dimension */
  int hi[FCSIM_MAX_DIMS]; /* highest offset per dimension */
};

/* State of one tree's construction. */
struct build {
  struct fcsim_coll_router *r;  /* loads and round-robin pointer */
  const struct fcsim_topo *t;   /* network */
  struct fcsim_coll_tree *tree; /* output */
  int *off;                     /* [nodes * ndims] offset of each node from the root */
  struct fcsim_error *err;      /* where failures are described */
};

/* OCR2D decisions for one node: regions 0=NE 1=N 2=NW 3=W 4=SW 5=S 6=SE
 * 7=E, North/South along the plane's lower dimension a. */
struct plan2d {
  int has[8];     /* region holds destinations */
  int on[8];      /* side region's link enabled (indices 1, 3, 5, 7) */
  int to_side[8]; /* corner region: the side region (1, 3, 5 or 7) it merges with */
};

static inline int offset_of(const struct build *b, int64_t node, int d)
{
  return b->off[node * b->t->ndims + d];
}

static inline int sgn(int x)
{
  return (x > 0) - (x < 0);
}

static int internal(struct build *b, const char *what, int64_t node)
{
  return fcsim_error_set(b->err, FCSIM_EINTERNAL, "collective tree from node %lld: %s at node %lld",
                         (long long)b->tree->src, what, (long long)node);
}

static inline int64_t load_of(const struct build *b, int64_t node, int port)
{
  return b->r->load[node * b->t->nports + port];
}

/* Floor after leaving `cur` on `port`. */
static int floor_after(const struct build *b, int64_t cur, int port, int floor)
{
  if (b->r->free_turns)
    return floor; /* 0 throughout: any turn */
  int d = port >> 1;
  if (((port & 1) || fcsim_topo_crosses_dateline(b->t, cur, port)) && d > floor)
    return d;
  return floor;
}

/* 1 if destinations dst[0..n) may be sent over `port` from `cur` under the
 * floor: the hop's dimension is allowed and nothing below the new floor is
 * left to travel. */
static int side_ok(const struct build *b, int64_t cur, const int *co, int port, const int64_t *dst, int64_t n,
                   int floor)
{
  if ((port >> 1) < floor || b->t->neighbor[cur * b->t->nports + port] < 0)
    return 0;
  int f = floor_after(b, cur, port, floor);
  for (int64_t i = 0; i < n; i++)
    for (int e = 0; e < f; e++)
      if (offset_of(b, dst[i], e) != co[e])
        return 0;
  return 1;
}

static int route(struct build *b, int64_t cur, const int *co, const struct box *bx, int64_t *dst, int64_t n, int floor);

/* Places the edge cur -> neighbour over `port` and routes dst from there in
 * box `bx` (whose offsets already include the neighbour). */
static int hop_and_route(struct build *b, int64_t cur, const int *co, int port, const struct box *bx, int64_t *dst,
                         int64_t n, int floor)
{
  const struct fcsim_topo *t = b->t;
  int64_t nb = t->neighbor[cur * t->nports + port];
  if (nb < 0 || nb == cur)
    return internal(b, "hop over a missing link", cur);
  if (b->tree->via[nb] != FCSIM_COLL_NOT_IN_TREE)
    return internal(b, "node reached twice", nb);
  b->tree->via[nb] = (int8_t)port;
  b->r->load[cur * t->nports + port]++;
  int co2[FCSIM_MAX_DIMS];
  memcpy(co2, co, sizeof co2);
  co2[port >> 1] += (port & 1) ? -1 : 1;
  return route(b, nb, co2, bx, dst, n, floor_after(b, cur, port, floor));
}

/* Splits across dimension d: plus side, the plane through cur, minus side. */
static int split_dim(struct build *b, int64_t cur, const int *co, const struct box *bx, const int64_t *dst, int64_t n,
                     int floor, int d)
{
  int64_t *buf = malloc((size_t)n * sizeof *buf), nup = 0, npl = 0, ndn = 0;
  if (!buf)
    return fcsim_error_set(b->err, FCSIM_ENOMEM, "out of memory building a collective tree");
  for (int64_t i = 0; i < n; i++)
    nup += offset_of(b, dst[i], d) > co[d], npl += offset_of(b, dst[i], d) == co[d];
  int64_t iu = 0, ip = nup, id = nup + npl;
  for (int64_t i = 0; i < n; i++) {
    int s = sgn(offset_of(b, dst[i], d) - co[d]);
    buf[s > 0 ? iu++ : s == 0 ? ip++ : id++] = dst[i];
  }
  ndn = n - nup - npl;
  int rc = 0;
  struct box sub = *bx;
  if (nup) {
    sub.lo[d] = co[d] + 1;
    rc = hop_and_route(b, cur, co, 2 * d, &sub, buf, nup, floor);
  }
  if (!rc && npl) {
    sub = *bx;
    sub.lo[d] = sub.hi[d] = co[d];
    rc = route(b, cur, co, &sub, buf + nup, npl, floor);
  }
  if (!rc && ndn) {
    sub = *bx;
    sub.hi[d] = co[d] - 1;
    rc = hop_and_route(b, cur, co, 2 * d + 1, &sub, buf + nup + npl, ndn, floor);
  }
  free(buf);
  return rc;
}

static int region_of(const struct build *b, int64_t node, const int *co, int a, int bd)
{
  int sa = sgn(offset_of(b, node, a) - co[a]), sb = sgn(offset_of(b, node, bd) - co[bd]);
  static const int map[3][3] = {/* sa = -1 */ {4, 5, 6}, /* sa = 0 */ {3, -1, 7}, /* sa = +1 */ {2, 1, 0}};
  return map[sa + 1][sb + 1];
}

/* Port of a side region in the plane (a, bd): N = a+, S = a-, E = bd+, W = bd-. */
static int side_port(int side, int a, int bd)
{
  switch (side) {
  case 1: return 2 * a;
  case 5: return 2 * a + 1;
  case 7: return 2 * bd;
  default: return 2 * bd + 1;
  }
}

/* Algorithm 7, rotated to every corner (NE, NW, SW, SE in that order). */
static void plan_2d(const struct build *b, int64_t cur, const int *co, const int64_t *dst, int64_t n, int floor, int a,
                    int bd, struct plan2d *pl)
{
  memset(pl, 0, sizeof *pl);
  for (int64_t i = 0; i < n; i++) {
    int r = region_of(b, dst[i], co, a, bd);
    if (r >= 0)
      pl->has[r] = 1;
  }
  for (int s = 1; s < 8; s += 2)
    pl->on[s] = pl->has[s];
  static const int vside[8] = {1, 0, 1, 0, 5, 0, 5, 0}, hside[8] = {7, 0, 3, 0, 3, 0, 7, 0};
  static const int vmate[8] = {2, 0, 0, 0, 6, 0, 4, 0}, hmate[8] = {6, 0, 4, 0, 2, 0, 0, 0};
  int64_t *cdst = malloc((size_t)(n ? n : 1) * sizeof *cdst);
  for (int c = 0; c < 8; c += 2) {
    if (!pl->has[c])
      continue;
    int v = vside[c], h = hside[c], vp = side_port(v, a, bd), hp = side_port(h, a, bd);
    int to_h;
    int64_t lv = load_of(b, cur, vp), lh = load_of(b, cur, hp);
    if (pl->on[v] && !pl->on[h])
      to_h = 0;
    else if (!pl->on[v] && pl->on[h])
      to_h = 1;
    else if (pl->on[v] && pl->on[h])
      to_h = lv > lh;
    else if (pl->has[vmate[c]] && !pl->has[hmate[c]])
      to_h = 0;
    else if (!pl->has[vmate[c]] && pl->has[hmate[c]])
      to_h = 1;
    else
      to_h = lv > lh;
    if (to_h) { /* the turn rule may forbid reaching the corner over East/West first */
      int64_t m = 0;
      for (int64_t i = 0; cdst && i < n; i++)
        if (region_of(b, dst[i], co, a, bd) == c)
          cdst[m++] = dst[i];
      if (!cdst || !side_ok(b, cur, co, hp, cdst, m, floor))
        to_h = 0;
    }
    pl->to_side[c] = to_h ? h : v;
    pl->on[pl->to_side[c]] = 1;
  }
  free(cdst);
}

static int plan_mask(const struct plan2d *pl, int a, int bd)
{
  int m = 0;
  for (int s = 1; s < 8; s += 2)
    if (pl->on[s])
      m |= 1 << side_port(s, a, bd);
  return m;
}

/* Executes OCR2D at cur: up to four parts, each a side and its corners. */
static int ocr_2d(struct build *b, int64_t cur, const int *co, const struct box *bx, const int64_t *dst, int64_t n,
                  int floor, int a, int bd)
{
  struct plan2d pl;
  plan_2d(b, cur, co, dst, n, floor, a, bd, &pl);
  int64_t *buf = malloc((size_t)n * sizeof *buf);
  if (!buf)
    return fcsim_error_set(b->err, FCSIM_ENOMEM, "out of memory building a collective tree");
  int rc = 0;
  static const int sides[4] = {1, 5, 7, 3}; /* N, S, E, W: port order */
  for (int k = 0; k < 4 && !rc; k++) {
    int s = sides[k];
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++) {
      int r = region_of(b, dst[i], co, a, bd);
      if (r == s || (r >= 0 && !(r & 1) && pl.to_side[r] == s))
        buf[m++] = dst[i];
    }
    if (!m)
      continue;
    struct box sub = *bx;
    int along = (s == 1 || s == 5) ? a : bd, across = along == a ? bd : a;
    if (s == 1 || s == 7)
      sub.lo[along] = co[along] + 1;
    else
      sub.hi[along] = co[along] - 1;
    /* the corners on each side of the line, if merged here */
    int c_plus = s == 1 ? 0 : s == 5 ? 6 : s == 7 ? 0 : 2; /* corner on the + side of `across` */
    int c_minus = s == 1 ? 2 : s == 5 ? 4 : s == 7 ? 6 : 4;
    sub.hi[across] = pl.has[c_plus] && pl.to_side[c_plus] == s ? bx->hi[across] : co[across];
    sub.lo[across] = pl.has[c_minus] && pl.to_side[c_minus] == s ? bx->lo[across] : co[across];
    rc = hop_and_route(b, cur, co, side_port(s, a, bd), &sub, buf, m, floor);
  }
  free(buf);
  return rc;
}

static int first_hops(const struct build *b, int64_t cur, const int *co, const struct box *bx, const int64_t *dst,
                      int64_t n, int floor);

/* n * variance of the loads on cur's links after adding one on `mask`, times n. */
static int64_t load_spread(const struct build *b, int64_t cur, int mask)
{
  int64_t s = 0, s2 = 0, cnt = 0;
  for (int p = 0; p < b->t->nports; p++) {
    if (b->t->neighbor[cur * b->t->nports + p] < 0)
      continue;
    int64_t x = load_of(b, cur, p) + ((mask >> p) & 1);
    s += x, s2 += x * x, cnt++;
  }
  return cnt * s2 - s * s;
}

/* EvalPartition of Algorithm 6: the dimension whose plane through cur needs
 * the fewest outbound links, then the least load variance, then the global
 * round-robin pointer (advanced only when `commit`). */
static int eval_partition(struct build *b, int64_t cur, const int *co, const struct box *bx, const int64_t *dst,
                          int64_t n, int floor, int commit, int *mask_out)
{
  const struct fcsim_topo *t = b->t;
  int best_cnt = 1 << 30, nt = 0, tied[FCSIM_MAX_DIMS], tmask[FCSIM_MAX_DIMS];
  int64_t best_var = 0;
  int64_t *buf = malloc((size_t)n * sizeof *buf);
  if (!buf)
    return -1;
  for (int d = 0; d < t->ndims; d++) {
    if (bx->hi[d] == bx->lo[d])
      continue;
    int64_t nup = 0, npl = 0, ndn = 0;
    for (int64_t i = 0; i < n; i++) {
      int s = sgn(offset_of(b, dst[i], d) - co[d]);
      if (s > 0)
        buf[nup++] = dst[i];
    }
    if (nup && !side_ok(b, cur, co, 2 * d, buf, nup, floor))
      continue;
    for (int64_t i = 0; i < n; i++)
      if (offset_of(b, dst[i], d) < co[d])
        buf[ndn++] = dst[i];
    if (ndn && !side_ok(b, cur, co, 2 * d + 1, buf, ndn, floor))
      continue;
    for (int64_t i = 0; i < n; i++)
      if (offset_of(b, dst[i], d) == co[d])
        buf[npl++] = dst[i];
    struct box pbx = *bx;
    pbx.lo[d] = pbx.hi[d] = co[d];
    int m = (nup ? 1 << (2 * d) : 0) | (ndn ? 1 << (2 * d + 1) : 0) | first_hops(b, cur, co, &pbx, buf, npl, floor);
    int cnt = __builtin_popcount((unsigned)m);
    int64_t var = load_spread(b, cur, m);
    if (cnt < best_cnt || (cnt == best_cnt && var < best_var)) {
      best_cnt = cnt, best_var = var, nt = 0;
    } else if (cnt != best_cnt || var != best_var) {
      continue;
    }
    tied[nt] = d, tmask[nt++] = m;
  }
  free(buf);
  if (!nt)
    return -1;
  int pick = 0;
  for (int i = 1; i < nt; i++) /* first at or after the pointer, cyclically */
    if ((tied[i] - b->r->rr + t->ndims) % t->ndims < (tied[pick] - b->r->rr + t->ndims) % t->ndims)
      pick = i;
  if (commit && nt > 1)
    b->r->rr = (tied[pick] + 1) % t->ndims;
  *mask_out = tmask[pick];
  return tied[pick];
}

static int box_dims(const struct fcsim_topo *t, const struct box *bx, int *dims)
{
  int nd = 0;
  for (int d = 0; d < t->ndims; d++)
    if (bx->hi[d] > bx->lo[d])
      dims[nd++] = d;
  return nd;
}

/* The outbound links of cur that OCR would use for dst (no side effects). */
static int first_hops(const struct build *b, int64_t cur, const int *co, const struct box *bx, const int64_t *dst,
                      int64_t n, int floor)
{
  int dims[FCSIM_MAX_DIMS], nd = box_dims(b->t, bx, dims), m = 0;
  if (nd == 1 || nd == 0) {
    for (int64_t i = 0; nd && i < n; i++) {
      int s = sgn(offset_of(b, dst[i], dims[0]) - co[dims[0]]);
      if (s)
        m |= 1 << (2 * dims[0] + (s < 0));
    }
    return m;
  }
  if (nd == 2) {
    struct plan2d pl;
    plan_2d(b, cur, co, dst, n, floor, dims[0], dims[1], &pl);
    return plan_mask(&pl, dims[0], dims[1]);
  }
  eval_partition((struct build *)b, cur, co, bx, dst, n, floor, 0, &m);
  return m;
}

static int route(struct build *b, int64_t cur, const int *co, const struct box *bx, int64_t *dst, int64_t n, int floor)
{
  int64_t m = 0;
  for (int64_t i = 0; i < n; i++) {
    if (dst[i] != cur) {
      dst[m++] = dst[i];
    } else if (!b->tree->is_dst[cur]) {
      b->tree->is_dst[cur] = 1;
      b->tree->ndst++;
    }
  }
  if (!m)
    return 0;
  int dims[FCSIM_MAX_DIMS], nd = box_dims(b->t, bx, dims);
  if (nd == 0)
    return internal(b, "destination outside the space", dst[0]);
  if (nd == 1 || b->r->algorithm == FCSIM_COLL_RPM)
    return split_dim(b, cur, co, bx, dst, m, floor, dims[0]);
  if (nd == 2)
    return ocr_2d(b, cur, co, bx, dst, m, floor, dims[0], dims[1]);
  int mask, d = eval_partition(b, cur, co, bx, dst, m, floor, 1, &mask);
  if (d < 0)
    return internal(b, "no legal partition", cur);
  return split_dim(b, cur, co, bx, dst, m, floor, d);
}

int fcsim_coll_router_init(struct fcsim_coll_router *r, const struct fcsim_topo *t, enum fcsim_coll_algorithm alg,
                           struct fcsim_error *err)
{
  memset(r, 0, sizeof *r);
  r->topo = t;
  r->algorithm = alg;
  r->load = calloc((size_t)(t->nodes * t->nports), sizeof *r->load);
  if (!r->load)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for link loads");
  return 0;
}

void fcsim_coll_router_destroy(struct fcsim_coll_router *r)
{
  free(r->load);
  r->load = NULL;
}

int fcsim_coll_tree_build(struct fcsim_coll_router *r, int64_t src, const int64_t *dst, int64_t n,
                          struct fcsim_coll_tree *tree, struct fcsim_error *err)
{
  const struct fcsim_topo *t = r->topo;
  memset(tree, 0, sizeof *tree);
  tree->src = src;
  tree->via = malloc((size_t)t->nodes);
  tree->is_dst = calloc((size_t)t->nodes, 1);
  int *off = malloc((size_t)(t->nodes * t->ndims) * sizeof *off);
  int64_t *work = malloc((size_t)(n ? n : 1) * sizeof *work);
  if (!tree->via || !tree->is_dst || !off || !work) {
    free(off), free(work), fcsim_coll_tree_destroy(tree);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory building a collective tree");
  }
  memset(tree->via, FCSIM_COLL_NOT_IN_TREE, (size_t)t->nodes);
  tree->via[src] = FCSIM_COLL_ROOT;
  struct box bx;
  int co[FCSIM_MAX_DIMS] = {0};
  for (int d = 0; d < t->ndims; d++) {
    int c = fcsim_topo_coord(t, src, d), k = t->dims[d];
    bx.lo[d] = t->kind == FCSIM_TOPO_TORUS ? -((k - 1) / 2) : -c;
    bx.hi[d] = t->kind == FCSIM_TOPO_TORUS ? k / 2 : k - 1 - c;
    for (int64_t v = 0; v < t->nodes; v++)
      off[v * t->ndims + d] = fcsim_topo_offset(t, d, c, fcsim_topo_coord(t, v, d));
  }
  int rc = 0;
  for (int64_t i = 0; i < n && !rc; i++) {
    if (dst[i] < 0 || dst[i] >= t->nodes || dst[i] == src)
      rc = fcsim_error_set(err, FCSIM_EINVAL, "collective from node %lld: bad destination %lld", (long long)src,
                           (long long)dst[i]);
    work[i] = dst[i];
  }
  struct build b = {r, t, tree, off, err};
  if (!rc)
    rc = route(&b, src, co, &bx, work, n, 0);
  for (int64_t i = 0; i < n && !rc; i++)
    if (!tree->is_dst[dst[i]])
      rc = internal(&b, "destination not reached", dst[i]);
  free(off);
  free(work);
  if (rc)
    fcsim_coll_tree_destroy(tree);
  return rc;
}

void fcsim_coll_tree_destroy(struct fcsim_coll_tree *tree)
{
  free(tree->via);
  free(tree->is_dst);
  tree->via = NULL;
  tree->is_dst = NULL;
}

int fcsim_coll_tree_children(const struct fcsim_topo *t, const struct fcsim_coll_tree *tree, int64_t node,
                             int ports[FCSIM_MAX_PORTS])
{
  int n = 0;
  for (int p = 0; p < t->nports; p++) {
    int64_t nb = t->neighbor[node * t->nports + p];
    if (nb >= 0 && nb != node && tree->via[nb] == p && t->neighbor[nb * t->nports + (p ^ 1)] == node)
      ports[n++] = p;
  }
  return n;
}

int fcsim_coll_tree_depth(const struct fcsim_topo *t, const struct fcsim_coll_tree *tree, int64_t node)
{
  int h = 0;
  while (tree->via[node] >= 0 && h <= t->nodes) {
    node = t->neighbor[node * t->nports + (tree->via[node] ^ 1)];
    h++;
  }
  return tree->via[node] == FCSIM_COLL_ROOT ? h : -1;
}
