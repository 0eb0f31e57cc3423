/* SPDX-License-Identifier: BSD-3-Clause */
/* Exact diameters between endpoints without all-pairs distances: time and
 * memory near-linear in the graph on the networks fcsim describes.
 *
 * A channel costs w[slot] (any non-negative weight: router + link +
 * protocol cycles), or 1 when w is NULL (hops). The eccentricity of an endpoint is the largest
 * cost of its lowest-cost paths to the endpoints it reaches; the diameter
 * is the largest eccentricity. Two ideas keep the searches few, and both
 * are exact:
 *  - Symmetry: automorphisms that keep port numbers, node kinds, endpoint
 *    flags and channel costs are found from node 0 to each of its
 *    neighbours (one pass over the graph each); nodes one of them maps onto
 *    another have the same eccentricity, so one search serves the whole
 *    orbit (a torus or ring netlist: one search in all).
 *  - Bounds (directed BoundingDiameters): a search from v and one towards v
 *    bound every other endpoint u by ecc(v) - d(v,u) <= ecc(u) <=
 *    d(u,v) + ecc(v); endpoints whose upper bound cannot beat the diameter
 *    found are never searched from.
 * The worst case (no symmetry found, bounds that never close) is one search
 * from each endpoint, as before, with memory still linear. */
#ifndef FCSIM_TOPO_DIAMETER_H
#define FCSIM_TOPO_DIAMETER_H

#include <stdint.h>

#include "graph/graph.h"

#define FCSIM_DIAM_UNREACHED UINT64_MAX

/* Lowest costs (w NULL: hops, by BFS) from `src` to every node (forward, along channels) or from
 * every node to `src` (backward); FCSIM_DIAM_UNREACHED where none. With
 * `pred` (forward only), pred[v] is the slot of the channel the path
 * arrives at v on (-1 for src and unreached). Ties are settled by node
 * number, so the paths are the same on every run. */
struct fcsim_diam_search;
int fcsim_diam_search_new(const struct fcsim_graph *g, struct fcsim_diam_search **out, struct fcsim_error *err);
void fcsim_diam_search_free(struct fcsim_diam_search *s);
void fcsim_diam_costs(struct fcsim_diam_search *s, const uint64_t *w, int64_t src, int backward, uint64_t *cost,
                      int64_t *pred);

/* Orbit representatives under the symmetries above: orbit[v] is the
 * smallest node of v's orbit (v itself when none was found). Returns 0 or
 * FCSIM_ENOMEM. */
int fcsim_diam_orbits(const struct fcsim_graph *g, const uint64_t *w, int32_t *orbit, struct fcsim_error *err);

struct fcsim_diam {
  uint64_t cost;    /* the diameter between endpoints (0 when none reach another) */
  int64_t src, dst; /* the first pair (by source, then destination number) at that cost, -1 without endpoints */
  int64_t searches; /* single-source searches run (forward and backward) */
};

/* The exact endpoint diameter under costs w (see above). With want_pair,
 * d->src and d->dst are the first pair at the diameter, the pair an
 * all-sources search in node order finds. Returns 0 or FCSIM_ENOMEM. */
int fcsim_diam_endpoints(const struct fcsim_graph *g, const uint64_t *w, const int32_t *orbit, int want_pair,
                         struct fcsim_diam *d, struct fcsim_error *err);

#endif
