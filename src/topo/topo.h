/* SPDX-License-Identifier: BSD-3-Clause */
/* A network's topology: the component graph the engine reads (every
 * topology), and for the direct networks (k-ary n-cube tori and meshes of
 * any size per dimension, torus.c) the neighbour table and the geometric
 * questions: coordinates, minimal directions, distances, whether a hop
 * crosses a torus dateline, diameter and bisection. The generators are
 * rows of the topology table (topo.c): torus and mesh (torus.c), a netlist
 * (netlist.c), the switched networks (switched.c) and BEE3 (bee3.c).
 *
 * Ports of a torus or mesh: a router has 2n network ports; port p leads
 * along dimension p/2 in the plus (p even) or minus (p odd) direction. A
 * link leaving on port p arrives on the neighbour's port p^1, the one
 * facing back. */
#ifndef FCSIM_TOPO_TOPO_H
#define FCSIM_TOPO_TOPO_H

#include <stdint.h>

#include "core/params.h"
#include "graph/graph.h"

#define FCSIM_MAX_PORTS (2 * FCSIM_MAX_DIMS)

struct fcsim_route_tables;

struct fcsim_topo {
  enum fcsim_topology_kind kind;
  int ndims;
  int dims[FCSIM_MAX_DIMS];
  int64_t stride[FCSIM_MAX_DIMS]; /* node id = sum coord[d] * stride[d] */
  int64_t nodes;
  int nports;                        /* 2 * ndims */
  int32_t *neighbor;                 /* [node * nports + port], -1 if no link (from malloc) */
  struct fcsim_graph graph;          /* the same network as a component graph (what the engine reads) */
  struct fcsim_route_tables *tables; /* table routing's next hops (routing/table.h; one malloc block,
                                      * freed by fcsim_topo_destroy), or NULL */
  int16_t *dist;                     /* FILE: hop distances dist[a * nodes + b], -1 unreachable (from malloc) once
                                      * fcsim_topo_distances built them, else NULL */
  struct fcsim_graph *base;          /* the graph before link adapters were inserted (link/proto/proto_links.c; table routing
                                      * is built on it), or NULL (from malloc) */
};

/* The graph routing tables are built on: the network without its link
 * adapters, whose routers keep their node numbers and port slots. */
static inline const struct fcsim_graph *fcsim_topo_routed_graph(const struct fcsim_topo *t)
{
  return t->base ? t->base : &t->graph;
}

/* One row of the topology table (topo.c). */
struct fcsim_topo_type {
  const char *name;  /* network.topology: "torus", "file", ... */
  const char *title; /* in reports: "netlist" for `file` */
  int has_geometry; /* nodes have coordinates (torus, mesh): patterns defined by them apply */
  /* fills a zeroed topology and its graph; on failure the caller frees it */
  int (*build)(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);
};

/* The row of a network.topology name (NULL if none) or of a kind. */
const struct fcsim_topo_type *fcsim_topo_type_find(const char *name);
const struct fcsim_topo_type *fcsim_topo_type_of(enum fcsim_topology_kind kind);
/* The title of a kind in reports ("netlist" for `file`). */
const char *fcsim_topology_name(enum fcsim_topology_kind kind);
/* network.topology's names, NULL-terminated (the key registry's choices). */
extern const char *const fcsim_topo_names[];
/* The kind of a row: its index, the value network.topology stores. */
enum fcsim_topology_kind fcsim_topo_kind_of(const struct fcsim_topo_type *type);
/* Start-up check: each row with a builder and title, names unique, and the
 * kinds enum fcsim_topology_kind names are the rows of those names. */
int fcsim_topo_check_registry(struct fcsim_error *err);

/* Builds the topology and its graph (every channel with network.link_latency
 * and network.link_bandwidth); returns 0 or FCSIM_ENOMEM/FCSIM_EINVAL, and
 * on failure leaves nothing allocated. Destroying twice is harmless. */
int fcsim_topo_init(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);
void fcsim_topo_destroy(struct fcsim_topo *t);
/* The torus and mesh builder (torus.c). */
int fcsim_torus_build(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);

static inline int fcsim_topo_coord(const struct fcsim_topo *t, int64_t node, int d)
{
  if (d >= t->ndims) /* a netlist has no coordinates */
    return 0;
  return (int)(((uint32_t)node / (uint32_t)t->stride[d]) % (uint32_t)t->dims[d]); /* node ids fit 32 bits */
}

/* Signed minimal offset from coordinate a to b (both in [0, dims[d])) in
 * dimension d: positive means the plus direction. On a torus ties (k/2
 * away) go plus. */
int fcsim_topo_offset(const struct fcsim_topo *t, int d, int a, int b);

/* A netlist's all-pairs hop distances (t->dist: N^2 memory), built on
 * first need: only a run whose arbitration reads fcsim_topo_distance on a
 * netlist needs them. Other topologies: nothing to do. Returns 0 or an
 * error. */
int fcsim_topo_distances(struct fcsim_topo *t, struct fcsim_error *err);

/* Minimal hop count between two nodes (a netlist: from the table
 * fcsim_topo_distances builds, else one BFS per call). */
int fcsim_topo_distance(const struct fcsim_topo *t, int64_t a, int64_t b);

/* 1 if leaving `node` on `port` uses a torus wraparound (dateline) link. */
static inline int fcsim_topo_crosses_dateline(const struct fcsim_topo *t, int64_t node, int port)
{
  if (t->kind != FCSIM_TOPO_TORUS)
    return 0;
  int d = port >> 1, c = fcsim_topo_coord(t, node, d);
  return (port & 1) ? c == 0 : c == t->dims[d] - 1;
}

/* Number of directed links (channels). */
int64_t fcsim_topo_channels(const struct fcsim_topo *t);
/* Diameter in hops. */
int fcsim_topo_diameter(const struct fcsim_topo *t);
/* Bidirectional links cut by the smallest bisection (halving the largest
 * even dimension, or the largest dimension when none is even). */
int64_t fcsim_topo_bisection_links(const struct fcsim_topo *t);
/* Port name: "x+", "y-", ... */
const char *fcsim_topo_port_name(int port);

#endif
