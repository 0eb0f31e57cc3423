/* SPDX-License-Identifier: BSD-3-Clause */
/* Table routing on any graph (routing.algorithm = table): next-hop tables
 * computed at build time under the up/down rule, and the channel-dependency
 * checker for next-hop tables.
 *
 * Up/down routing (Autonet's up*-down*): a breadth-first spanning tree from a root (the node of
 * least eccentricity, lowest id at ties) gives every node a rank (level,
 * id); a channel is "up" when it goes to a lower rank, "down" otherwise. A
 * legal route never takes an up channel after a down one. Any cycle of
 * channels would need such a down -> up turn (a cycle cannot only descend
 * or only ascend in a total order), so the channel dependencies of legal
 * routes are acyclic with no virtual-channel classes at all.
 *
 * The tables are destination-based: one output port per (node, destination)
 * pair, a byte each. For each destination a level-by-level search backwards
 * from it assigns every node the fewest hops of a legal route whose rest is
 * already in the table, preferring, at equal hops, a route that is all down
 * (such a node may be entered by a down channel as well as an up one).
 * Equal next hops are spread by destination: the (dest mod n)-th of the n
 * candidates in port order. The tables count the pairs whose route is longer
 * than a shortest path (the price of up/down) and longer than the shortest
 * legal up/down path (the price of one port per destination). */
#ifndef FCSIM_ROUTING_TABLE_H
#define FCSIM_ROUTING_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "routing/cdg.h"
#include "graph/graph.h"

#define FCSIM_TABLE_NONE      0xffu /* no next hop: node == destination, or no legal route */
#define FCSIM_TABLE_MAX_NODES FCSIM_GRAPH_MAX_APSP
#define FCSIM_TABLE_MAX_PORTS 64 /* ports per node (dependency masks are 64-bit) */

/* The tables of a network: one malloc block (this header, then the arrays
 * it points into), so fcsim_topo_destroy frees it with free(). */
struct fcsim_route_tables {
  int64_t nodes;            /* N: the graph's nodes */
  int64_t nslots;           /* the graph's port slots */
  int64_t root;             /* root of the up/down spanning tree */
  int64_t pairs;            /* (endpoint, endpoint) pairs routed, source != destination */
  int64_t pairs_nonminimal; /* pairs routed over more hops than a shortest path */
  int64_t extra_hops;       /* hops beyond the shortest paths, summed over those pairs */
  int64_t pairs_over_legal; /* pairs routed over more hops than the shortest up/down path */
  int max_hops;             /* longest route in hops */
  int32_t *level;           /* [N] hops from the root in the spanning tree (rank = level, id) */
  uint8_t *next;            /* [N * N] next[node * N + dest]: output port, FCSIM_TABLE_NONE */
  uint64_t *dep_mask;       /* [nslots] ports the downstream node may route a packet arriving on the
                             * channel leaving this slot to (the dependencies of that channel) */
  uint64_t *inj_mask;       /* [N] ports the node routes its own packets to */
};

/* Builds the up/down tables of `g`. Refuses more than
 * FCSIM_TABLE_MAX_NODES nodes or more than FCSIM_TABLE_MAX_PORTS ports per node
 * (FCSIM_ERANGE), and a pair of endpoints with no legal route between them
 * (FCSIM_EINVAL, naming both). *out is from malloc (free it with free()). */
int fcsim_table_build(const struct fcsim_graph *g, struct fcsim_route_tables **out, struct fcsim_error *err);

/* 1 if the channel leaving `node` on `port` is an up channel of `tb`. */
int fcsim_table_is_up(const struct fcsim_route_tables *tb, const struct fcsim_graph *g, int64_t node, int port);

/* Hops of the table route from src to dest (0 when equal), -1 if it does
 * not arrive within N hops. */
int fcsim_table_hops(const struct fcsim_graph *g, const uint8_t *next, int64_t src, int64_t dest);

/* The checker of any next-hop table `next` (N * N bytes as above) on `g`:
 * first every route between two endpoints must arrive (no missing entry, no
 * port without a link, no loop: FCSIM_EINVAL, described in `text`); then the
 * channel dependencies — (channel in, destination) -> channel out, over the
 * channels that routes between endpoints use — must be acyclic, else
 * FCSIM_ECOMBINATION with the cycle written to `text` as
 * "A port 1 -> B port 0 -> ... -> A port 1" (truncated to `size`). Returns 0,
 * or FCSIM_ENOMEM. `res` (may be NULL) receives the sizes. If dep_mask is
 * not NULL it receives, per slot, the dependency mask of that channel. */
int fcsim_table_check(const struct fcsim_graph *g, const uint8_t *next, struct fcsim_cdg_result *res,
                      uint64_t *dep_mask, char *text, size_t size);

#endif
