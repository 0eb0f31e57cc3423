/* SPDX-License-Identifier: BSD-3-Clause */
/* A description of any topology's graph (torus, mesh, netlist): nodes by
 * kind, links by class, diameter in hops and in latency with the hops of the
 * longest path, and bisection (exact formula on tori and meshes, a seeded
 * local-search heuristic, an upper bound, on other graphs). `fcsim topo`
 * prints it and writes it as JSON. A link on a protocol (link.protocol,
 * link/proto/proto_links.h) is described as one link with the protocol's cost at
 * zero load; its two adapters are counted, not listed as routers. It reads
 * the link protocols' costs, so it sits above link/ (topo/ does not). */
#ifndef FCSIM_ENGINE_DESCRIBE_H
#define FCSIM_ENGINE_DESCRIBE_H

#include "topo/topo.h"

/* Nodes of one kind. */
struct fcsim_desc_kind {
  struct fcsim_kind_spec spec; /* model and overrides */
  int64_t nodes;               /* nodes of this kind */
  int64_t endpoints;           /* of which host endpoints */
  int router_cycles;           /* head delay through one such router (rc + va + switch) */
};

/* Links of one class: the same latency, bandwidth, jitter, link model and
 * protocol. */
struct fcsim_desc_link_class {
  uint32_t latency_cycles; /* latency of each direction */
  int bandwidth_flits;     /* flits per cycle of each direction (on a protocol: the line's) */
  double sd_cycles;        /* jitter standard deviation */
  int model;               /* link model index (netlist.h) */
  int protocol;            /* its row in the link protocols' table (link/proto/protocols.h) */
  int protocol_cycles;     /* what the protocol adds to a lone one-flit packet at zero load (proto_links.h) */
  int64_t two_way;         /* links carrying both directions (a channel pair) */
  int64_t one_way;         /* single channels */
};

/* One hop of the longest path. */
struct fcsim_desc_hop {
  int64_t from, to;     /* nodes */
  int port;             /* port of `from` it leaves on */
  int router_cycles;    /* delay of the router at `from` */
  uint32_t link_cycles; /* latency of the channel */
  int protocol_cycles;  /* the link's protocol cost at zero load (0: ideal) */
};

struct fcsim_topo_desc {
  int64_t nodes;     /* routers, switches and endpoints (not link adapters) */
  int64_t adapters;  /* link adapter nodes a run inserts: two per link on a protocol */
  int64_t endpoints; /* nodes hosting traffic */
  int64_t links;     /* two-way links + one-way channels */
  int64_t channels;  /* directed channels */
  int nkinds;        /* entries of kinds[] */
  struct fcsim_desc_kind kinds[FCSIM_GRAPH_MAX_KINDS];
  int nclasses;                          /* entries of classes[] */
  struct fcsim_desc_link_class *classes; /* (from malloc) */
  int diameter_hops;                     /* most hops of a shortest path between endpoints */
  uint64_t diameter_cycles;         /* most cycles (router + link + protocol per hop) of a lowest-latency path between endpoints */
  double diameter_ns;               /* the same in ns at network.clock */
  int path_hops;                    /* hops of that path */
  struct fcsim_desc_hop *path;      /* its hops (from malloc) */
  int64_t bisection_links;          /* links cut by the best balanced halving found */
  double bisection_flits_per_cycle; /* bandwidth across it, both directions */
  int bisection_exact;              /* 1: the torus/mesh formula; 0: heuristic (an upper bound) */
};

/* Describes `t`; `kinds` holds each kind's resolved parameters
 * (fcsim_config_resolve_kinds), or is NULL: the run's router delay for
 * every kind. Returns 0 or an error. */
int fcsim_topo_desc_build(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_params *kinds,
                          struct fcsim_topo_desc *d, struct fcsim_error *err);
void fcsim_topo_desc_free(struct fcsim_topo_desc *d);

#endif
