/* SPDX-License-Identifier: BSD-3-Clause */
/* The link protocols' table: one row per protocol (link/proto/<name>/),
 * found by its index (link.protocol's stored value, enum
 * fcsim_link_protocol) or by its name. The graph transform
 * (topo/proto_links.c), the topology descriptions, netlists and the
 * protocol links' reports read a protocol's name, adapter model and
 * zero-load cost from here instead of switching on the protocol. */
#ifndef FCSIM_LINK_PROTO_PROTOCOLS_H
#define FCSIM_LINK_PROTO_PROTOCOLS_H

#include <stddef.h>

#include "core/params.h"
#include "fcsim/error.h"

struct fcsim_link_proto {
  const char *name;          /* as link.protocol and a netlist's `protocol=` write it */
  const char *adapter_model; /* router model of the two adapter nodes in each of its links; NULL: none (ideal) */
  /* Cycles a link on this protocol adds, at zero load, to a lone one-flit
   * packet over an ideal link of the same latency, beyond the two local hops
   * into and out of the adapters, when its line carries
   * `line_bandwidth_flits` flits per cycle; NULL: none. */
  int (*zero_load_cycles)(const struct fcsim_params *p, int line_bandwidth_flits);
  int max_vcs;                /* most virtual channels it carries on routers with several, 0: any */
  const char *max_vcs_source; /* where that limit is from */
};

/* The protocol stored as `index` (enum fcsim_link_protocol); the first
 * (ideal) for an index out of range. */
const struct fcsim_link_proto *fcsim_link_proto_of(int index);

/* The index of the protocol named `name`, or -1. */
int fcsim_link_proto_find(const char *name);

/* The table's names in index order, "a, b or c" (for messages), into buf. */
void fcsim_link_proto_list(char *buf, size_t size);

/* Refuses a table whose rows are out of order with enum
 * fcsim_link_protocol or with link.protocol's names (link/proto/keys.c). */
int fcsim_link_proto_check_registry(struct fcsim_error *err);

#endif
