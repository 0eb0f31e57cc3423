/* SPDX-License-Identifier: BSD-3-Clause */
/* Link protocols on the links of a network: the graph transform that puts
 * two link adapters (link/proto/tnw/tnw_adapter.c) into every link whose protocol
 * is not `ideal` (link.protocol, or a netlist's per-link `protocol=`). */
#ifndef FCSIM_LINK_PROTO_PROTO_LINKS_H
#define FCSIM_LINK_PROTO_PROTO_LINKS_H

#include <stddef.h>

#include "core/params.h"
#include "link/proto/tnw/tnw_params.h"
#include "fcsim/error.h"

struct fcsim_topo;

/* Latency of the on-chip channel between a router and its adapter, cycles. */
#define FCSIM_ADAPTER_LOCAL_CYCLES 1

/* Most network flits whose last byte one TNW packet carries (a flit may
 * straddle two packets), and the engine flits one line item takes on the
 * channel between two adapters: a word describing the item, then those
 * flits (link/proto/tnw/tnw_adapter.c). */
static inline int fcsim_adapter_packet_flits(const struct fcsim_params *p)
{
  int flit_bytes = (p->flit_bits + 7) / 8;
  return (fcsim_tnw_params(p)->payload_bytes + flit_bytes - 1) / flit_bytes + 1;
}

/* The line channel's ring is sized as for this many flits per cycle: two
 * items, each a descriptor and its flits, may leave the serialiser in one
 * cycle. */
static inline int fcsim_adapter_line_ring_flits(const struct fcsim_params *p)
{
  int n = 2 * (fcsim_adapter_packet_flits(p) + 1);
  return n > 65535 ? 65535 : n;
}

/* The network's link A:P <-> B:Q on a protocol becomes
 *   A:P <-> adapter a:0,  a:1 <-> b:1 (the physical link: its latency, its
 *   jitter; its bandwidth is the line's rate, kept in line_bandwidth_flits),
 *   b:0 <-> B:Q,
 * with FCSIM_ADAPTER_LOCAL_CYCLES on the local channels. Routers keep their
 * node numbers and port slots (adapters are numbered after them, two per
 * link in slot order), so geometric routing is unchanged and table routing
 * is built on the graph before the transform (t->base). Adapters are never
 * traffic endpoints. Refuses a protocol on a one-way link or with different
 * protocols in its two directions.
 * Returns 0 (nothing to do when every link is ideal) or a negative error. */
int fcsim_proto_links_insert(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);

/* The network as it is simulated and described: the topology
 * (fcsim_topo_init), then the adapters above. Returns 0 or a negative
 * error, leaving nothing allocated. */
int fcsim_proto_links_topo_init(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);

/* Cycles a link on protocol `proto` adds, at zero load, to a lone
 * one-flit packet over an ideal link of the same latency, when the line
 * carries `line_bandwidth_flits` flits per cycle: the local hops into and
 * out of the adapters, and
 *   fc:  the force send of a partly filled TX buffer (D_CU cycles), the
 *        header flit's cycle and the RX write-forward;
 *   tnw: the whole packet's serialisation (header, padded payload, CRC)
 *        beyond the one cycle an ideal link spends on the flit.
 * 0 for `ideal`. tests/sim/test_link_protocols.c checks it against runs. */
int fcsim_proto_link_zero_load_cycles(const struct fcsim_params *p, int proto, int line_bandwidth_flits);

/* The protocol of the channel leaving slot c (its row in link/proto/protocols.h). */
struct fcsim_graph;
int fcsim_proto_link_of(const struct fcsim_graph *g, const struct fcsim_params *p, int64_t c);
/* Its name as link.protocol and a netlist's `protocol=` write it. */
const char *fcsim_proto_link_name(int proto);
/* 1 when links on protocol `proto` get adapter nodes (every protocol of
 * link/proto/protocols.c but `ideal`). */
int fcsim_proto_link_has_adapters(int proto);
/* The protocol named `name` (a netlist's `protocol=`), or -1; the names
 * "a, b or c" into buf. The link protocols' table (link/proto/protocols.c)
 * is read only through these and the functions above, all in
 * link/proto/proto_links.c. */
int fcsim_proto_link_find(const char *name);
void fcsim_proto_link_list(char *buf, size_t size);

#endif
