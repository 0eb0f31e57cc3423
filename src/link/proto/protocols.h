/* SPDX-License-Identifier: BSD-3-Clause */
/* The link protocols' table: one row per protocol, each declared in its
 * folder (link/proto/<name>/<name>_protocol.c) and listed once in
 * protocols.c, found by its index (link.protocol's stored value, the row's
 * position; 0 is `ideal`, the link without a protocol) or by its name. The
 * graph transform (link/proto/proto_links.c), the topology descriptions,
 * netlists and the protocol links' reports read a protocol's name, adapter
 * model, zero-load cost and per-direction figures from here instead of
 * switching on the protocol; no other layer names a protocol. */
#ifndef FCSIM_LINK_PROTO_PROTOCOLS_H
#define FCSIM_LINK_PROTO_PROTOCOLS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/params.h"
#include "fcsim/error.h"

/* One direction of a link on a protocol (link.protocol): from the adapter
 * that sends on the line to the one that receives (link/proto/proto_links.h):
 * the figures of metrics.protocol_links (engine/report_links.c), filled by
 * the adapters' line_stats at report time (router/router.h). */
struct fcsim_link_dir_stats {
  int protocol;                 /* 0: no protocol line at this channel; else the protocol's row in the link
                                 * protocols' table (1 tnw, 2 fc; src/link/proto/protocols.c) */
  uint64_t payload_bytes;       /* payload handed to the far router */
  uint64_t wire_bytes;          /* bytes launched on the line (framing, control words, resends) */
  uint64_t retransmissions;     /* tnw: data packets sent again */
  uint64_t errors_injected;     /* tnw: data packets sent with a bit error */
  uint64_t errors_detected;     /* tnw: bad CRCs found by the far end */
  uint64_t credit_stall_cycles; /* fc: cycles a ready FC packet waited for credits, summed over VCs */
  uint64_t rx_peak_flits;       /* fc: largest RX FIFO occupancy of one VC at the far end, flits */
};

/* One figure a protocol reports per line direction, in this order after the
 * figures every direction has (metrics.protocol_links.*.NAME): a uint64_t
 * field of struct fcsim_link_dir_stats, which the protocol's adapter fills. */
struct fcsim_link_proto_field {
  const char *name; /* its JSON name */
  size_t offset;    /* offsetof(struct fcsim_link_dir_stats, ...) */
};

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
  const struct fcsim_link_proto_field *dir_fields; /* its per-direction figures, ended by a NULL name; NULL: none */
  /* The busiest direction's figures in the text report, after "(" (e.g.
   * "tnw: 3 packets resent"); NULL: none. */
  void (*dir_line)(const struct fcsim_link_dir_stats *d, FILE *out);
};

/* The value of figure `f` of direction `d`. */
static inline uint64_t fcsim_link_proto_field_value(const struct fcsim_link_dir_stats *d,
                                                    const struct fcsim_link_proto_field *f)
{
  return *(const uint64_t *)(const void *)((const char *)d + f->offset);
}

/* The rows, each in its protocol's folder. */
extern const struct fcsim_link_proto fcsim_link_proto_ideal;
extern const struct fcsim_link_proto fcsim_link_proto_tnw;
extern const struct fcsim_link_proto fcsim_link_proto_fc;

/* link.protocol's names, in the table's order, NULL-terminated. */
extern const char *const fcsim_link_proto_names[];

/* The protocol stored as `index` (its row); the first (ideal) for an index
 * out of range. */
const struct fcsim_link_proto *fcsim_link_proto_of(int index);

/* The index of the protocol named `name`, or -1. */
int fcsim_link_proto_find(const char *name);

/* The table's names in index order, "a, b or c" (for messages), into buf. */
void fcsim_link_proto_list(char *buf, size_t size);

/* Refuses a table whose names are not the ones link.protocol offers
 * (link/proto/keys.c), whose first row has adapters or whose other rows
 * have none. */
int fcsim_link_proto_check_registry(struct fcsim_error *err);

#endif
