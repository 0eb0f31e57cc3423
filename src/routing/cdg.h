/* SPDX-License-Identifier: BSD-3-Clause */
/* The channel-dependency-graph checker: proves a routing algorithm
 * deadlock-free on a topology (Dally and Seitz: acyclic channel dependencies)
 * or prints a cycle of channels.
 *
 * A channel is a directed link together with the dateline class a packet
 * holds on it. The graph is built from the algorithm's local rule
 * (`ops->outputs`), not from source/destination pairs: from every injection
 * and from every channel reached, each output the algorithm may choose at
 * the downstream router gives an edge to that output's channel, in the class
 * the router would assign (routing/turns.h fcsim_turns_next_class). Only
 * channels reachable from an injection are explored. The cost is linear in
 * channels x ports (a 32x32x32 torus checks in a few milliseconds).
 *
 * The classes share all VCs but the first and the last (Fig. 4.9b); the
 * exclusive pair forms the escape network whose dependencies are exactly
 * this graph, so an acyclic graph makes the overlapping buffers safe too
 * (docs/ROUTING.md). */
#ifndef FCSIM_ROUTING_CDG_H
#define FCSIM_ROUTING_CDG_H

#include <stddef.h>
#include <stdint.h>

#include "routing/routing.h"

/* What one check found. */
struct fcsim_cdg_result {
  int64_t channels; /* (link, class) channels reachable from injection */
  int64_t edges;    /* dependencies among them */
  int cycle_length; /* channels in the cycle found, 0 if acyclic */
};

/* Checks `ops` on `t` with the settings `p` (router.dateline matters).
 * Returns 0 if the dependency graph is acyclic; FCSIM_ECOMBINATION if it has
 * a cycle, written to cycle_text as "(x,y,z) port cN -> ..." (truncated to
 * `size`); FCSIM_EINVAL if the algorithm has no local rule; FCSIM_ENOMEM.
 * `res` (may be NULL) receives the sizes. */
int fcsim_cdg_analyse(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                      struct fcsim_cdg_result *res, char *cycle_text, size_t size);

/* The same with every channel, in both classes, as a root instead of the
 * injections: the graph a packet entering anywhere may use (the escape
 * network of routing.turn_rule = seed-escape). */
int fcsim_cdg_analyse_all(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                          struct fcsim_cdg_result *res, char *cycle_text, size_t size);

/* fcsim_cdg_analyse without the sizes. */
int fcsim_cdg_check(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                    char *cycle_text, size_t size);

#endif
