/* SPDX-License-Identifier: BSD-3-Clause */
/* Destination patterns. Coordinates are per dimension; "x" is dimension 0. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "traffic/traffic.h"

static int64_t node_of(const struct fcsim_topo *t, const int *c)
{
  int64_t n = 0;
  for (int d = 0; d < t->ndims; d++)
    n += (int64_t)c[d] * t->stride[d];
  return n;
}

static void coords_of(const struct fcsim_topo *t, int64_t n, int *c)
{
  for (int d = 0; d < t->ndims; d++)
    c[d] = fcsim_topo_coord(t, n, d);
}

static int wrap(const struct fcsim_topo *t, int d, int c)
{
  int k = t->dims[d];
  if (t->kind == FCSIM_TOPO_TORUS)
    return ((c % k) + k) % k;
  return c < 0 || c >= k ? -1 : c;
}

static int64_t uniform_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int64_t n = tr->topo->nodes;
  if (n < 2)
    return src;
  int64_t d = fcsim_rng_below(rng, (uint32_t)(n - 1));
  d = d >= src ? d + 1 : d;
  /* a node without an endpoint (a switch) is no destination: draw again */
  for (int tries = 0; !tr->topo->graph.endpoint[d] && tries < 1000; tries++) {
    d = fcsim_rng_below(rng, (uint32_t)(n - 1));
    d = d >= src ? d + 1 : d;
  }
  return d;
}

static int64_t nn_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  const struct fcsim_topo *t = tr->topo;
  int64_t cand[FCSIM_MAX_PORTS];
  int n = 0;
  for (int p = 0; p < t->nports; p++)
    if (t->neighbor[src * t->nports + p] >= 0)
      cand[n++] = t->neighbor[src * t->nports + p];
  return n ? cand[fcsim_rng_below(rng, (uint32_t)n)] : src;
}

/* Random node among offsets in {-1,0,1}^n; `diag` keeps only offsets that are
 * nonzero in every dimension of size > 1 (3H-NN), otherwise any nonzero
 * offset (CUBE-NN). Offsets that fall off a mesh are skipped. */
static int64_t box_dest(const struct fcsim_traffic *tr, int64_t src, struct fcsim_rng *rng, int diag)
{
  const struct fcsim_topo *t = tr->topo;
  int c[FCSIM_MAX_DIMS], o[FCSIM_MAX_DIMS];
  coords_of(t, src, c);
  int total = 1;
  for (int d = 0; d < t->ndims; d++)
    total *= 3;
  /* count valid candidates, then pick the r-th: two passes, no storage */
  for (int pass = 0, chosen = -1, count = 0; pass < 2; pass++) {
    if (pass == 1) {
      if (count == 0)
        return src;
      chosen = (int)fcsim_rng_below(rng, (uint32_t)count);
      count = 0;
    }
    for (int code = 0; code < total; code++) {
      int x = code, valid = 1, nonzero = 0;
      for (int d = 0; d < t->ndims; d++) {
        int off = x % 3 - 1;
        x /= 3;
        if (t->dims[d] == 1 && off != 0)
          valid = 0;
        if (diag && t->dims[d] > 1 && off == 0)
          valid = 0;
        nonzero |= off != 0;
        o[d] = wrap(t, d, c[d] + off);
        if (o[d] < 0)
          valid = 0;
      }
      if (!valid || !nonzero)
        continue;
      if (pass == 1 && count == chosen)
        return node_of(t, o);
      count++;
    }
  }
  return src;
}

static int64_t hnn_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  return box_dest(tr, src, rng, 1);
}

static int64_t cube_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  return box_dest(tr, src, rng, 0);
}

static int64_t bitcomp_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int c[FCSIM_MAX_DIMS];
  coords_of(tr->topo, src, c);
  for (int d = 0; d < tr->topo->ndims; d++)
    c[d] = tr->topo->dims[d] - 1 - c[d];
  return node_of(tr->topo, c);
}

static int transpose_check(const struct fcsim_params *p, struct fcsim_error *err)
{
  for (int d = 1; d < p->ndims; d++)
    if (p->dims[d] != p->dims[0])
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "traffic.pattern = transpose needs the same size in every dimension (network.dims)");
  if (p->ndims < 2)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "traffic.pattern = transpose needs at least 2 dimensions");
  return 0;
}

/* (x, y, z) -> (z, x, y): destination coordinate d is source coordinate d-1. */
static int64_t transpose_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int c[FCSIM_MAX_DIMS], o[FCSIM_MAX_DIMS];
  int n = tr->topo->ndims;
  coords_of(tr->topo, src, c);
  for (int d = 0; d < n; d++)
    o[d] = c[(d + n - 1) % n];
  return node_of(tr->topo, o);
}

/* (x, y, z) -> (x + XSIZE/2 - 1, y, z), Table 5.1. */
static int64_t tornado_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int c[FCSIM_MAX_DIMS];
  coords_of(tr->topo, src, c);
  int k = tr->topo->dims[0];
  c[0] = (c[0] + k / 2 - 1 + k) % k;
  return node_of(tr->topo, c);
}

/* Each node sends to every other node in turn, starting with its successor. */
static int64_t all_to_all_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int64_t n = tr->topo->nodes;
  if (n < 2)
    return src;
  int64_t d = (src + 1 + (int64_t)(seq % (uint64_t)(n - 1))) % n;
  return tr->topo->graph.endpoint[d] ? d : src; /* a switch: no packet (counted as excluded) */
}

static int pow2_check(const struct fcsim_params *p, struct fcsim_error *err)
{
  if (p->nodes & (p->nodes - 1))
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "traffic.pattern = bitrot needs a power-of-two number of nodes (network.dims gives %lld)",
                           (long long)p->nodes);
  return 0;
}

/* Node index bits rotated right by one. */
static int64_t bitrot_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int64_t n = tr->topo->nodes;
  int bits = 0;
  while ((1LL << bits) < n)
    bits++;
  if (bits == 0)
    return src;
  return (src >> 1) | ((src & 1) << (bits - 1));
}

static int64_t randperm_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  return tr->perm[src];
}

static int hotspot_check(const struct fcsim_params *p, struct fcsim_error *err)
{
  const struct fcsim_hotspot_params *h = fcsim_params_block(p, &fcsim_hotspot_block);
  if (h->node >= p->nodes)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "traffic.hotspot_node = %lld but the network has %lld nodes",
                           (long long)h->node, (long long)p->nodes);
  return 0;
}

static int64_t hotspot_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  if (src != tr->hotspot.node && fcsim_rng_uniform(rng) < tr->hotspot.fraction)
    return tr->hotspot.node;
  return uniform_dest(tr, src, seq, rng);
}

/* --- BookSim2-compatible patterns (its traffic.cpp). BookSim numbers nodes
 * as fcsim does (dimension 0 is the lowest digit), defines its digit patterns
 * on k-ary n-cubes; fcsim applies them with each dimension's own k. --- */

/* BookSim `tornado`: every coordinate c -> (c + ceil(k/2) - 1) mod k, written
 * there as (k + 1) / 2 - 1 (k = 8: +3; k = 4: +1; k = 5: +2; k <= 2: itself). */
static int64_t booksim_tornado_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int c[FCSIM_MAX_DIMS];
  coords_of(tr->topo, src, c);
  for (int d = 0; d < tr->topo->ndims; d++) {
    int k = tr->topo->dims[d];
    c[d] = (c[d] + (k + 1) / 2 - 1) % k;
  }
  return node_of(tr->topo, c);
}

/* BookSim `neighbor`: every coordinate c -> (c + 1) mod k (also on a mesh,
 * where the last node of a row sends back to the first). */
static int64_t neighbor_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int c[FCSIM_MAX_DIMS];
  coords_of(tr->topo, src, c);
  for (int d = 0; d < tr->topo->ndims; d++)
    c[d] = (c[d] + 1) % tr->topo->dims[d];
  return node_of(tr->topo, c);
}

static int booksim_transpose_check(const struct fcsim_params *p, struct fcsim_error *err)
{
  int bits = 0;
  while ((1LL << bits) < p->nodes)
    bits++;
  if ((1LL << bits) != p->nodes || bits % 2)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "traffic.pattern = booksim-transpose needs a number of nodes that is an even power of two "
                           "(4x4x4, 8x8, 16x16x16; network.dims gives %lld), as BookSim2's transpose does",
                           (long long)p->nodes);
  return 0;
}

/* BookSim `transpose`: the node index's bit halves swapped (2^2b nodes: the
 * low b bits become the high b bits and back). On 8x8 this is (x,y) -> (y,x);
 * on 4x4x4 it mixes coordinates: x + 4y + 16z with y = y0 + 2 y1 maps to
 * y1 + 2z + 8(x + 4 y0). */
static int64_t booksim_transpose_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  int bits = 0;
  while ((1LL << bits) < tr->topo->nodes)
    bits++;
  int half = bits / 2;
  int64_t lo_mask = ((int64_t)1 << half) - 1;
  return ((src >> half) & lo_mask) | ((src & lo_mask) << half);
}

/* BookSim `uniform`: any node including the source itself. */
static int64_t uniform_self_dest(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng)
{
  return fcsim_rng_below(rng, (uint32_t)tr->topo->nodes);
}

static const struct fcsim_traffic_ops patterns[] = {
    {"uniform", "uniform random over all other nodes (BookSim2's `uniform` includes the source: `uniform-self`)", 1,
     NULL, uniform_dest},
    {"nn", "nearest neighbour: a random one of the 2n neighbours (NN)", 1, NULL, nn_dest, FCSIM_SELF_EXCLUDE, 1},
    {"3h-nn", "3-hop diagonal neighbour: offsets of +-1 in every dimension (3H-NN)", 1, NULL, hnn_dest,
     FCSIM_SELF_EXCLUDE, 1},
    {"cube-nn", "any node of the surrounding 3x3x3 cube (CUBE-NN)", 1, NULL, cube_dest, FCSIM_SELF_EXCLUDE, 1},
    {"bitcomp",
     "bit complement: every coordinate c -> k-1-c (BC); the same map as BookSim2's `bitcomp` wherever that is defined "
     "(power-of-two sizes)",
     1, NULL, bitcomp_dest, FCSIM_SELF_EXCLUDE, 1},
    {"transpose", "(x,y,z) -> (z,x,y) (TRAN; BookSim2's `transpose` is `booksim-transpose`)", 1, transpose_check,
     transpose_dest, FCSIM_SELF_EXCLUDE, 1},
    {"tornado", "(x,y,z) -> (x+XSIZE/2-1, y, z) (TORN; BookSim2's `tornado` is `booksim-tornado`)", 1, NULL,
     tornado_dest, FCSIM_SELF_EXCLUDE, 1},
    {"all-to-all", "every other node in turn (ATA)", 1, NULL, all_to_all_dest},
    {"bitrot", "node index rotated right by one bit", 1, pow2_check, bitrot_dest, FCSIM_SELF_EXCLUDE, 1},
    {"randperm",
     "a fixed random permutation drawn from sim.seed, without fixed points (BookSim2's `randperm` draws another one, "
     "from its own generator and perm_seed, and may have fixed points)",
     1, NULL, randperm_dest},
    {"hotspot",
     "traffic.hotspot_fraction to traffic.hotspot_node, the rest uniform (BookSim2's `hotspot` sends everything to its "
     "hotspots)",
     1, hotspot_check, hotspot_dest},
    {"uniform-self",
     "BookSim2's `uniform`: any node including the source; a packet to itself is a 0-hop packet through the "
     "router's local ports (classic), counted as self_packets_sent; Novo-G# has no local port, so there it is "
     "not sent and counted as self_packets_excluded",
     1, NULL, uniform_self_dest, FCSIM_SELF_SEND},
    {"booksim-tornado",
     "BookSim2's `tornado`: every coordinate c -> c + ceil(k/2) - 1 mod k (k = 8: +3); nodes mapped to themselves "
     "(k <= 2) send 0-hop packets as in BookSim2 (classic; excluded on Novo-G#)",
     1, NULL, booksim_tornado_dest, FCSIM_SELF_SEND, 1},
    {"booksim-transpose",
     "BookSim2's `transpose`: node index bit halves swapped (even power-of-two node counts; 8x8: (x,y) -> (y,x)); "
     "nodes mapped to themselves send 0-hop packets as in BookSim2 (classic; excluded on Novo-G#)",
     1, booksim_transpose_check, booksim_transpose_dest, FCSIM_SELF_SEND, 1},
    {"neighbor",
     "BookSim2's `neighbor`: every coordinate c -> c + 1 mod k (mesh too); nodes mapped to themselves (k = 1 "
     "everywhere) send 0-hop packets (classic; excluded on Novo-G#)",
     1, NULL, neighbor_dest, FCSIM_SELF_SEND, 1},
};
#define NPATTERNS (sizeof patterns / sizeof patterns[0])

static const void *pattern_at(size_t i)
{
  return i < NPATTERNS ? &patterns[i] : NULL;
}

/* core/registry.c does lookup, names and the start-up check */
static const struct fcsim_registry pattern_registry = {
    .what = "traffic pattern",
    .at = pattern_at,
    .name_offset = offsetof(struct fcsim_traffic_ops, name),
    .required = {offsetof(struct fcsim_traffic_ops, dest), offsetof(struct fcsim_traffic_ops, help)},
    .required_names = {"dest", "help"},
    .nrequired = 2,
};

const struct fcsim_traffic_ops *fcsim_traffic_pattern_find(const char *name)
{
  return fcsim_registry_find(&pattern_registry, name);
}

const struct fcsim_traffic_ops *fcsim_traffic_pattern_at(size_t i)
{
  return pattern_at(i);
}

int fcsim_traffic_pattern_valid(const char *name)
{
  return fcsim_traffic_pattern_find(name) != NULL;
}

size_t fcsim_traffic_pattern_list_names(char *buf, size_t size)
{
  return fcsim_registry_names(&pattern_registry, buf, size);
}

const char *fcsim_traffic_pattern_names(void)
{
  /* the key registry's choice_list(void) interface (core/keys.h) */
  static char buf[512];
  fcsim_traffic_pattern_list_names(buf, sizeof buf);
  return buf;
}

int fcsim_traffic_check_registry(struct fcsim_error *err)
{
  return fcsim_registry_check(&pattern_registry, err);
}

int fcsim_traffic_init(struct fcsim_traffic *tr, const struct fcsim_topo *t, const struct fcsim_params *p,
                       struct fcsim_error *err)
{
  memset(tr, 0, sizeof *tr);
  tr->ops = fcsim_traffic_pattern_find(p->pattern);
  tr->topo = t;
  tr->params = p;
  tr->hotspot = *(const struct fcsim_hotspot_params *)fcsim_params_block(p, &fcsim_hotspot_block);
  if (!tr->ops)
    return fcsim_error_set(err, FCSIM_EINVAL, "unknown traffic.pattern `%s`", p->pattern);
  if (tr->ops->needs_dims && !fcsim_topo_type_of(t->kind)->has_geometry)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "traffic.pattern = %s is defined by coordinates on a torus or mesh; a netlist has none "
                           "(use uniform, all-to-all, randperm, hotspot or uniform-self, or a trace)",
                           p->pattern);
  if (tr->ops->check) {
    int rc = tr->ops->check(p, err);
    if (rc)
      return rc;
  }
  if (tr->ops->dest == randperm_dest) {
    tr->perm = malloc((size_t)t->nodes * sizeof *tr->perm);
    if (!tr->perm)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the permutation");
    struct fcsim_rng rng;
    fcsim_rng_init(&rng, p->seed, 0, FCSIM_RNG_SETUP);
    for (int64_t i = 0; i < t->nodes; i++)
      tr->perm[i] = i;
    for (int64_t i = t->nodes - 1; i > 0; i--) {
      int64_t j = fcsim_rng_below(&rng, (uint32_t)(i + 1));
      int64_t x = tr->perm[i];
      tr->perm[i] = tr->perm[j];
      tr->perm[j] = x;
    }
    /* no node sends to itself: swap fixed points with their successor */
    for (int64_t i = 0; i < t->nodes && t->nodes > 1; i++)
      if (tr->perm[i] == i) {
        int64_t j = (i + 1) % t->nodes;
        int64_t x = tr->perm[i];
        tr->perm[i] = tr->perm[j];
        tr->perm[j] = x;
      }
  }
  return 0;
}

void fcsim_traffic_destroy(struct fcsim_traffic *tr)
{
  free(tr->perm);
  tr->perm = NULL;
}

uint64_t fcsim_traffic_gap(double lambda, struct fcsim_rng *rng)
{
  if (lambda <= 0)
    return UINT64_MAX;
  /* failures before the first success of a Bernoulli(lambda) per cycle */
  double u = 1.0 - fcsim_rng_uniform(rng); /* (0, 1] */
  double g = floor(log(u) / log1p(-lambda));
  if (!(g < 1e15))
    return UINT64_MAX;
  return 1 + (uint64_t)g;
}

int fcsim_traffic_burst(double lambda, struct fcsim_rng *rng)
{
  int n = (int)floor(lambda);
  double frac = lambda - n;
  if (frac > 0 && fcsim_rng_uniform(rng) < frac)
    n++;
  return n;
}
