/* SPDX-License-Identifier: BSD-3-Clause */
/* The network as a graph of components: nodes (routers, switches, endpoint
 * hosts), each with its own model and number of ports, joined by channels —
 * one per direction of a link, each with its own latency, bandwidth and link
 * model. Every topology (a row of topo/topo.c: torus, mesh, a netlist
 * file, star, dual-plane, leaf-spine, fat tree, BEE3) is a generator that
 * fills one of these; the engine, the link layer and table routing read
 * only this.
 *
 * Ports of all nodes are numbered consecutively: node n owns the port slots
 * [port_base[n], port_base[n + 1]). A channel is named by the slot it leaves
 * from, so chan[] has one entry per slot (dst < 0 where a port is
 * unconnected) and "the channel leaving node n on port p" is
 * chan[port_base[n] + p]. On a torus slot = node * 2n + port, as before. */
#ifndef FCSIM_GRAPH_GRAPH_H
#define FCSIM_GRAPH_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "fcsim/error.h"

#define FCSIM_GRAPH_NONE      (-1)
#define FCSIM_NODE_NAME_MAX   32
#define FCSIM_GRAPH_MAX_KINDS 8

/* A kind of node: its model and the configuration keys it sets for itself
 * (applied over the run's configuration for the nodes of this kind only). */
struct fcsim_kind_spec {
  char model[24];  /* router.model of the nodes of this kind */
  char set[512];   /* overrides, "router.vcs=4 router.vc_depth=64", or "" */
  char origin[80]; /* where it was declared ("FILE:LINE"), for messages; "" = by the configuration */
};

/* One direction of a link. */
struct fcsim_chan {
  int32_t dst;                    /* receiving node, FCSIM_GRAPH_NONE if the port is unconnected */
  uint16_t dst_port;              /* port of dst it arrives on */
  uint16_t bandwidth_flits;       /* flits per cycle */
  uint32_t latency_cycles;        /* mean latency, in cycles of the network clock */
  uint32_t credit_latency_cycles; /* latency of flow-control information back to the sender (the reverse
                                   * channel's, or this one's when there is none) */
  int32_t reverse;                /* slot of the channel dst -> src between the same two ports, or NONE */
  uint32_t src;                   /* sending node */
  uint16_t src_port;              /* port of src it leaves from */
  uint8_t link_model;             /* index into the link model table (chan/link.h) */
  uint8_t dst_vcs;                /* buffers the receiver offers at dst_port: VCs (set by the engine) */
  uint32_t dst_depth_flits;       /* ... and flits per VC */
  double latency_sd_cycles;       /* jitter: standard deviation of the latency (0 = fixed) */
  /* the same in engine ticks (= cycles with a single clock; set by the engine) */
  uint32_t latency_ticks, credit_latency_ticks;
  double latency_sd_ticks;
};

struct fcsim_graph {
  int64_t nodes;
  int64_t nslots;          /* port slots over all nodes */
  uint32_t *port_base;     /* [nodes + 1] first slot of each node (from malloc) */
  struct fcsim_chan *chan; /* [nslots] channel leaving each slot (from malloc) */
  int32_t *in_chan;        /* [nslots] slot of the channel arriving at each slot, or NONE (from malloc) */
  uint8_t *kind;           /* [nodes] index into kinds[] (from malloc) */
  int nkinds;              /* kinds in use */
  struct fcsim_kind_spec kinds[FCSIM_GRAPH_MAX_KINDS];
  uint8_t *endpoint;                 /* [nodes] 1 if the node hosts a traffic endpoint (from malloc) */
  double *clock_hz;                  /* [nodes] nominal clock, or NULL: network.clock everywhere (from malloc) */
  double *clock_ppm;                 /* [nodes] offset from the nominal clock in ppm, or NULL (from malloc) */
  char (*name)[FCSIM_NODE_NAME_MAX]; /* [nodes] names (netlists), or NULL: nodes are named by number */
  int max_radix;                     /* most ports of any node */
  uint8_t *link_protocol; /* [nslots] protocol of the link leaving each slot (its row in link/proto/protocols.h,
                           * 255 = link.protocol), or NULL: link.protocol everywhere (a netlist's `protocol=`) */
  uint16_t *line_bandwidth_flits; /* [nodes] link adapters (link/proto/proto_links.c): flits per cycle of the physical
                                   * link on their line port; 0 for other nodes; NULL when there are none */
};

/* Allocates a graph of `nodes` nodes with radix[n] ports each; every port
 * unconnected, every node of kind 0 (no kind spec yet: nkinds = 0) and an
 * endpoint. Returns 0 or FCSIM_ENOMEM. */
int fcsim_graph_init(struct fcsim_graph *g, int64_t nodes, const int *radix, struct fcsim_error *err);
void fcsim_graph_destroy(struct fcsim_graph *g);

static inline int fcsim_graph_radix(const struct fcsim_graph *g, int64_t node)
{
  return (int)(g->port_base[node + 1] - g->port_base[node]);
}

static inline const struct fcsim_chan *fcsim_graph_out(const struct fcsim_graph *g, int64_t node, int port)
{
  return &g->chan[g->port_base[node] + (uint32_t)port];
}

/* Connects (src, src_port) -> (dst, dst_port) with the given properties.
 * Returns 0, or FCSIM_EINVAL (naming the element) when a port is out of
 * range or already used. */
int fcsim_graph_connect(struct fcsim_graph *g, uint32_t src, int src_port, uint32_t dst, int dst_port,
                        uint32_t latency_cycles, int bandwidth_flits, struct fcsim_error *err);

/* Fills in_chan, reverse and credit latencies once every channel is
 * connected, and max_radix. */
void fcsim_graph_finish(struct fcsim_graph *g);

/* Directed channels that exist. */
int64_t fcsim_graph_channels(const struct fcsim_graph *g);

/* Hop distances from `src` to every node (BFS over channels), -1 where
 * unreachable; `dist` has g->nodes entries. Returns 0 or FCSIM_ENOMEM. */
int fcsim_graph_bfs(const struct fcsim_graph *g, int64_t src, int32_t *dist, struct fcsim_error *err);
/* The same without allocating: from `src` along channels, or (backward)
 * from every node to `src`; `queue` has g->nodes entries. */
void fcsim_graph_bfs_into(const struct fcsim_graph *g, int64_t src, int backward, int32_t *dist, int64_t *queue);

/* Hop distances between every pair (BFS from each node): dist[a * nodes + b],
 * -1 where unreachable (from malloc, the caller frees). Refuses graphs of
 * more than FCSIM_GRAPH_MAX_APSP nodes (N^2 memory) with FCSIM_ERANGE.
 * Only a run whose arbitration reads distances needs them (a netlist's
 * t->dist, built by fcsim_topo_distances); `fcsim topo` never does. */
#define FCSIM_GRAPH_MAX_APSP 16384
int fcsim_graph_all_distances(const struct fcsim_graph *g, int16_t **dist, struct fcsim_error *err);

/* Name of a node into buf ("n12" or its netlist name). */
const char *fcsim_graph_node_name(const struct fcsim_graph *g, int64_t node, char *buf, size_t size);

/* A node as messages name it: its name, or for a link adapter (a node
 * the network did not declare, inserted in a link on a protocol) the link
 * the user wrote, "the a:0 end of link a:0 -- b:1". buf of at least
 * FCSIM_NODE_LABEL_MAX bytes. */
#define FCSIM_NODE_LABEL_MAX (3 * FCSIM_NODE_NAME_MAX + 64)
const char *fcsim_graph_node_label(const struct fcsim_graph *g, int64_t node, char *buf, size_t size);

/* The protocol of the link leaving slot c: the netlist's `protocol=`, or
 * `dflt` (link.protocol) when it names none. */
static inline int fcsim_graph_link_protocol(const struct fcsim_graph *g, int64_t c, int dflt)
{
  return g->link_protocol && g->link_protocol[c] != 255 ? g->link_protocol[c] : dflt;
}

#endif
