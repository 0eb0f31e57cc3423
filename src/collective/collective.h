/* Offline collective routing (seed 000 §4.3.1 and §5.2): destination
 * patterns, multicast trees built by OCR (Algorithms 6-7) or by the RPM
 * baseline, reduction trees (the multicast trees reversed), the node tables
 * in the bit layouts of Fig. 4.12 with their writers and reader, and a pure
 * table walk that follows the tables and returns what they deliver.
 *
 * Nothing here depends on the engine: the network is a `struct fcsim_topo`
 * (torus or mesh geometry, read only). docs/COLLECTIVES.md describes the
 * choices the seed leaves open (the 3D RPM, the k/2 tie, the turn rule). */
#ifndef FCSIM_COLLECTIVE_COLLECTIVE_H
#define FCSIM_COLLECTIVE_COLLECTIVE_H

#include <stdint.h>

#include "fcsim/error.h"
#include "topo/topo.h"

/* ---------------------------------------------------------------- patterns */

/* Destination lists, one per source node (CSR layout). */
struct fcsim_coll_pattern {
  int64_t nodes;    /* number of nodes of the network */
  int64_t *start;   /* [nodes + 1]: destinations of s are dst[start[s] .. start[s+1]) */
  int64_t *dst;     /* destination node ids, ascending per source, never the source */
  int32_t *line;    /* [nodes]: FILE line that named the source, 0 if none/built in */
  char origin[256]; /* pattern name or FILE path, for messages */
};

/* Builds the pattern `name`: "all-to-all", "cube-nn" (the surrounding cube
 * of radius max(1, k_min/4): 26 nodes on 4^3, 124 on 8^3), "bitrot" (every
 * distinct rotation of the source's index bits; power-of-two node count),
 * "random-subset" (`subset` distinct destinations per source drawn with
 * `seed`), or else a FILE of lines `src: dst dst ...` ('#' starts a comment).
 * Errors name the FILE:LINE. */
int fcsim_coll_pattern_build(struct fcsim_coll_pattern *pat, const struct fcsim_topo *t, const char *name,
                             int64_t subset, uint64_t seed, struct fcsim_error *err);
void fcsim_coll_pattern_destroy(struct fcsim_coll_pattern *pat);

/* ------------------------------------------------------------------- trees */

enum fcsim_coll_algorithm { FCSIM_COLL_OCR, FCSIM_COLL_RPM };

#define FCSIM_COLL_NOT_IN_TREE (-1)
#define FCSIM_COLL_ROOT        (-2)

/* One multicast tree. A node's children are the neighbours n reached over
 * port p with via[n] == p; the parent of n is its neighbour over via[n] ^ 1. */
struct fcsim_coll_tree {
  int64_t src;     /* root */
  int8_t *via;     /* [nodes]: port of the parent that leads here, or NOT_IN_TREE / ROOT */
  uint8_t *is_dst; /* [nodes]: 1 if the node is a destination (receives a copy) */
  int64_t ndst;    /* number of destinations */
};

/* The generator's state shared by all trees of one build: link loads and
 * OCR's global round-robin pointer. */
struct fcsim_coll_router {
  const struct fcsim_topo *topo; /* the network (not owned) */
  enum fcsim_coll_algorithm algorithm;
  int64_t *load; /* [nodes * nports]: tree edges placed on each link so far */
  int rr;        /* OCR: global round-robin pointer over partition dimensions */
};

int fcsim_coll_router_init(struct fcsim_coll_router *r, const struct fcsim_topo *t, enum fcsim_coll_algorithm alg,
                           struct fcsim_error *err);
void fcsim_coll_router_destroy(struct fcsim_coll_router *r);

/* Builds the tree from `src` to dst[0..n) (distinct, != src) and adds its
 * edges to the link loads. */
int fcsim_coll_tree_build(struct fcsim_coll_router *r, int64_t src, const int64_t *dst, int64_t n,
                          struct fcsim_coll_tree *tree, struct fcsim_error *err);
void fcsim_coll_tree_destroy(struct fcsim_coll_tree *tree);

/* Number of tree children of `node` over links (not counting delivery). */
int fcsim_coll_tree_children(const struct fcsim_topo *t, const struct fcsim_coll_tree *tree, int64_t node,
                             int ports[FCSIM_MAX_PORTS]);

/* Hops from the root to `node` following parents (-1 if not in the tree). */
int fcsim_coll_tree_depth(const struct fcsim_topo *t, const struct fcsim_coll_tree *tree, int64_t node);

/* Checks the union of the trees' paths against the turn rule of
 * routing/turns.h (dateline classes on) and the channel dependencies they
 * create for a cycle. Returns 0, or FCSIM_ECOMBINATION with the first
 * forbidden turn or the cycle described in `err`. */
int fcsim_coll_trees_check(const struct fcsim_topo *t, const struct fcsim_coll_tree *trees, int64_t ntrees,
                           struct fcsim_error *err);

/* ------------------------------------------------------------------ tables */

enum fcsim_coll_op { FCSIM_COLL_MULTICAST, FCSIM_COLL_REDUCTION };

/* Packet types of the unicast (routing-lookup) entry, Fig. 4.12a [31:28]. */
enum fcsim_coll_type {
  FCSIM_COLL_T_EMPTY = 0,
  FCSIM_COLL_T_UNICAST = 1,
  FCSIM_COLL_T_MULTICAST = 2,
  FCSIM_COLL_T_REDUCTION = 3
};

#define FCSIM_COLL_PORT_LOCAL     15 /* exit port code of the local unit (eject) */
#define FCSIM_COLL_SLOTS          6  /* child slots of a multicast entry */
#define FCSIM_COLL_UNICAST_BITS   32
#define FCSIM_COLL_MULTICAST_BITS 123
#define FCSIM_COLL_REDUCTION_BITS 19
#define FCSIM_COLL_MAX_INDEX      65535 /* 16-bit table index */
/* On-chip memory of the seed's Stratix V 5SGSD8: 2567 M20K blocks of 20 Kbit. */
#define FCSIM_COLL_ONCHIP_BITS 52572160.0

/* Fig. 4.12a: [31:28] type, [27:24] exit port, [23:8] next index, [7:0] priority. */
struct fcsim_coll_uentry {
  int type;     /* enum fcsim_coll_type */
  int port;     /* exit port, FCSIM_COLL_PORT_LOCAL to eject (unused for multicast) */
  int next;     /* unicast: index at the next node; multicast/reduction: local M/R index */
  int priority; /* farthest-first: hops to the farthest destination below, capped at 255 */
};

/* Fig. 4.12b: [122:120] child count, slot i at [20i+19 : 20i] = (port:4, next index:16). */
struct fcsim_coll_mentry {
  int count;                  /* children used, 1..6 */
  int port[FCSIM_COLL_SLOTS]; /* exit port of each child (LOCAL = deliver here) */
  int next[FCSIM_COLL_SLOTS]; /* unicast index of each child at its next node */
};

/* Fig. 4.12c: [18:16] expected child packets, [15:0] index at the next node. */
struct fcsim_coll_rentry {
  int expected; /* packets to combine: tree children + 1 if the node contributes */
  int next;     /* unicast index of the combined packet at the parent (0 at the root) */
};

uint32_t fcsim_coll_uentry_pack(const struct fcsim_coll_uentry *e);
void fcsim_coll_uentry_unpack(uint32_t w, struct fcsim_coll_uentry *e);
/* 123-bit entry as two words: bits 0-63 in w[0], bits 64-122 in w[1]. */
void fcsim_coll_mentry_pack(const struct fcsim_coll_mentry *e, uint64_t w[2]);
void fcsim_coll_mentry_unpack(const uint64_t w[2], struct fcsim_coll_mentry *e);
uint32_t fcsim_coll_rentry_pack(const struct fcsim_coll_rentry *e);
void fcsim_coll_rentry_unpack(uint32_t w, struct fcsim_coll_rentry *e);

/* The tables of one node. */
struct fcsim_coll_node_tables {
  struct fcsim_coll_uentry *u; /* unicast (routing lookup) table */
  int64_t nu, capu;            /* entries, capacity */
  struct fcsim_coll_mentry *m; /* multicast table */
  int64_t nm, capm;
  struct fcsim_coll_rentry *r; /* reduction table */
  int64_t nr, capr;
  int64_t tree_u, tree_m; /* multicast: entries before sharing (one per tree per node) */
};

/* Where one collective starts. */
struct fcsim_coll_start {
  int64_t root;     /* multicast source = reduction root */
  int32_t index;    /* multicast: unicast index at the root the packet is injected with */
  int64_t ncontrib; /* reduction: contributing nodes */
  int64_t *contrib; /* reduction: contributing nodes (the multicast destinations) */
  int32_t *cindex;  /* reduction: unicast index each contributor injects with */
};

/* All tables of a build. */
struct fcsim_coll_tables {
  int64_t nodes;                       /* network nodes */
  int nports;                          /* link ports per node */
  enum fcsim_coll_op op;               /* what the tables implement */
  struct fcsim_coll_node_tables *node; /* [nodes] */
  struct fcsim_coll_start *start;      /* [nstart] one per collective */
  int64_t nstart;
  int32_t *neighbor; /* [nodes * nports] copy of the topology's links */
};

/* Builds the tables of every tree (multicast: identical entries are shared;
 * reduction: one R entry per reduction per node). Fails with FCSIM_ERANGE
 * when an entry needs more than six children, an index exceeds 16 bits, or
 * a reduction has no contributor. */
int fcsim_coll_tables_build(const struct fcsim_topo *t, const struct fcsim_coll_tree *trees, int64_t ntrees,
                            enum fcsim_coll_op op, struct fcsim_coll_tables *tab, struct fcsim_error *err);
void fcsim_coll_tables_destroy(struct fcsim_coll_tables *tab);

/* Table 5.7 counting, per node: multicast trees use unicast (32-bit) and
 * multicast (123-bit) entries; reductions use reduction (19-bit) entries and
 * the unicast entries that carry their exit ports (counted apart). */
int64_t fcsim_coll_multicast_table_bits(const struct fcsim_coll_tables *tab, int64_t node);
int64_t fcsim_coll_reduction_table_bits(const struct fcsim_coll_tables *tab, int64_t node);
/* Multicast bits if no entry were shared (one per tree passing the node). */
int64_t fcsim_coll_unshared_table_bits(const struct fcsim_coll_tables *tab, int64_t node);

/* Writes DIR/node<ID>.{unicast,multicast,reduction}.{hex,bin} for every
 * node and DIR/tables.json (each file via a temporary and a rename). */
int fcsim_coll_tables_write(const struct fcsim_coll_tables *tab, const struct fcsim_topo *t, const char *dir,
                            const char *description, struct fcsim_error *err);
/* Reads back what fcsim_coll_tables_write wrote (binary files + JSON). A
 * multicast start holds its root and index only (no destination list). */
int fcsim_coll_tables_read(struct fcsim_coll_tables *tab, const char *dir, struct fcsim_error *err);

/* ------------------------------------------------------------------- walks */

/* Follows the multicast tables from `root`, unicast index `index`:
 * delivered[n] counts the copies node n receives. Returns 0, or
 * FCSIM_EINVAL when an index or port is out of range or the walk loops. */
int fcsim_coll_walk_multicast(const struct fcsim_coll_tables *tab, int64_t root, int index, int64_t *delivered,
                              struct fcsim_error *err);

/* Follows the reduction tables: each contributor injects the value
 * (its node id + 1) at its index; entries combine (sum)
 * their expected packets and send one upstream. *root_out receives the
 * node that ejected the result, *sum_out the sum. Fails when an entry would
 * receive more packets than it expects or one never completes. */
int fcsim_coll_walk_reduction(const struct fcsim_coll_tables *tab, const struct fcsim_coll_start *s, int64_t *root_out,
                              int64_t *sum_out, struct fcsim_error *err);

/* Running a network on its tables (lookup.c); a table packet carries its
 * unicast-table index in the flit's `dest`.
 * Reads the node tables in folder `dir` (router.tables) into *tab and checks
 * that its nodes and links are the graph's; *loaded = 0 when `dir` is empty.
 * Errors name the folder and what does not match. */
/* Whether the tables in dir were built by the online baseline RPM (their
 * tables.json description says so); 0 when there are none. */
int fcsim_coll_tables_built_by_rpm(const char *dir);

int fcsim_coll_tables_load_for(const char *dir, const struct fcsim_graph *g, struct fcsim_coll_tables *tab, int *loaded,
                               struct fcsim_error *err);

/* What the tables say about a packet with unicast index `idx` at `node`. */
struct fcsim_coll_hop {
  int type;                   /* FCSIM_COLL_T_UNICAST / _MULTICAST / _REDUCTION, 0 = bad index */
  int n;                      /* children (unicast: 1; reduction: 1, the exit port) */
  int port[FCSIM_COLL_SLOTS]; /* exit port of each child, FCSIM_COLL_PORT_LOCAL = deliver here */
  int next[FCSIM_COLL_SLOTS]; /* its index at the next node (reduction: the local R index) */
  int priority;               /* farthest-first priority of the RL entry */
};

/* Fills *h; returns 0, or -1 when the index or a multicast/reduction entry is
 * missing (a packet the tables cannot route). */
int fcsim_coll_lookup(const struct fcsim_coll_tables *tab, int64_t node, uint32_t idx, struct fcsim_coll_hop *h);

#endif
