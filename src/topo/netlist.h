/* SPDX-License-Identifier: BSD-3-Clause */
/* Netlists: any network as a text file of node kinds, nodes and links
 * (docs/NETLIST.md), read into a topology's graph (topology `file`), and
 * written back from any topology's graph (export), or as Graphviz (dot).
 *
 * The line format, one element per line, `#` starts a comment:
 *   kind  NAME  model=MODEL [set="router.key=value ..."]
 *   node  NAME  ports=N [kind=KIND | model=MODEL] [endpoint=yes|no] [clock=FREQ] [clock_ppm=PPM]
 *   link  A:P  B:Q   [latency=L] [bandwidth=B] [jitter=SD] [model=LINKMODEL]   (both directions)
 *   link  A:P -> B:Q [latency=L] [bandwidth=B] [jitter=SD] [model=LINKMODEL]   (one direction) */
#ifndef FCSIM_TOPO_NETLIST_H
#define FCSIM_TOPO_NETLIST_H

#include <stdio.h>

#include "topo/topo.h"

/* Link models a netlist may name: index = fcsim_chan.link_model. */
enum fcsim_link_model_id { FCSIM_LINK_FIXED = 0, FCSIM_LINK_GAUSSIAN = 1, FCSIM_LINK_NMODELS };

/* Name of link model `id` ("fixed", "gaussian"), or NULL. */
const char *fcsim_link_model_name(int id);
/* The name of link protocol `proto` (link.protocol's stored value) as a
 * netlist's `protocol=` writes it, or NULL for `ideal` (the link without a
 * protocol, row 0 of link/proto/protocols.c) and unknown values. */
const char *fcsim_netlist_protocol_name(int proto);

/* Reads the netlist p->netlist into `t` (kind FCSIM_TOPO_FILE, ndims 0, no
 * neighbour table; the graph with kinds, names, endpoints and clocks; the
 * all-pairs hop distances in t->dist). Latencies with a time unit are
 * rounded up to whole cycles of network.clock, bandwidths given as a rate
 * are converted with network.flit_bits and network.clock and rounded down.
 * Returns 0, FCSIM_EIO (unreadable), FCSIM_EPARSE/EINVAL/ERANGE (one message
 * naming FILE:LINE and what was expected), or FCSIM_ENOMEM. */
int fcsim_netlist_load(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);

/* Writes the graph of `t` as a netlist to `out` (latencies in cycles of
 * network.clock, as p says); loading it back gives the same slots and
 * channels. */
void fcsim_netlist_write(const struct fcsim_topo *t, const struct fcsim_params *p, FILE *out);

/* Writes the graph as Graphviz: nodes labelled with name and model, edges
 * with latency (one undirected edge for a symmetric pair of channels). */
void fcsim_netlist_write_dot(const struct fcsim_topo *t, const struct fcsim_params *p, FILE *out);

/* Either writer into `path` via a temporary file renamed when complete.
 * Returns 0 or FCSIM_EIO naming the file. */
int fcsim_netlist_export(const struct fcsim_topo *t, const struct fcsim_params *p, const char *path, int dot,
                         struct fcsim_error *err);

#endif
