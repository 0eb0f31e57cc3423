/* SPDX-License-Identifier: BSD-3-Clause */
/* The bisection of a general graph by a stated heuristic (bisect.c), which
 * the topology descriptions (engine/describe.c) use on graphs without a
 * formula. */
#ifndef FCSIM_TOPO_BISECT_H
#define FCSIM_TOPO_BISECT_H

#include <stdint.h>

#include "fcsim/error.h"
#include "graph/graph.h"

/* The heuristic bisection of any graph: the fewest links cut by a balanced
 * halving of the nodes (sizes floor(N/2) and ceil(N/2)) found by greedy
 * improving pair swaps from seeded starts (bisector and ball orders around
 * seeded nodes, and random halvings). A two-way link counts once, a one-way
 * channel once. `dist` is the graph's all-pairs hop distances, or NULL
 * (computed here). Fills *links and *flits_per_cycle (the bandwidth of the
 * channels crossing, both directions). Returns 0 or an error. */
int fcsim_graph_bisection_heuristic(const struct fcsim_graph *g, const int16_t *dist, uint64_t seed, int64_t *links,
                                    double *flits_per_cycle, struct fcsim_error *err);

#endif
