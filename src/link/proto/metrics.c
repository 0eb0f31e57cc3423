/* SPDX-License-Identifier: BSD-3-Clause */
/* The fields of a run's result every link protocol's lines have
 * (include/fcsim/metrics.h, parts of the "run" table joined by
 * src/models.c's list, around each protocol's own in its folder): the
 * directions on a protocol, the payload, wire and order counters both
 * adapters keep (stats/counters.h), and the per-direction figures of
 * `--links` (metrics.protocol_links, engine/report_links.c). */
#include "stats/metrics_decl.h"

#define PROTO "some link is on a protocol (link.protocol or a netlist's protocol links)"

static const struct fcsim_metric directions_rows[] = {
    MV("metrics.link_directions", "directions", NONE, SAME, PROTO, "link directions on a protocol", "protocol links", NULL, NULL, 0),
};

static const struct fcsim_metric bytes_rows[] = {
    MVC("metrics.link_payload_bytes", "bytes", HIGHER, SUM, PROTO, "payload delivered (flits x network.flit_bits / 8)", "protocol links", NULL, NULL, 0, LINKS),
    MVC("metrics.link_wire_bytes", "bytes", NONE, SUM, PROTO, "bytes on the wire (framing, control words, resends)", "protocol links", NULL, NULL, 0, LINKS),
    MC("metrics.link_order_errors", "packets", LOWER, SUM, PROTO,
      "packets out of sequence or overflowing a FIFO: always 0 (a check)", LINKS),
    MV("metrics.link_payload_bytes_per_cycle", "bytes/cycle", HIGHER, DERIVED, PROTO,
      "link_payload_bytes per cycle per protocol direction", "protocol links", NULL, "%.3f", 0),
};

static const struct fcsim_metric dir_rows[] = {
    MR(SAME, "metrics.protocol_links.*.from", "", NONE, SAME, PROTO " and --links", "sending router:port of a direction"),
    MR(SAME, "metrics.protocol_links.*.to", "", NONE, SAME, PROTO " and --links", "receiving router:port"),
    MR(SAME, "metrics.protocol_links.*.protocol", "", NONE, SAME, PROTO " and --links", "fc or tnw"),
    M("metrics.protocol_links.*.payload_bytes", "bytes", HIGHER, SUM, PROTO " and --links", "payload handed on"),
    M("metrics.protocol_links.*.payload_bytes_per_cycle", "bytes/cycle", HIGHER, DERIVED, PROTO " and --links",
      "payload_bytes per cycle of the run"),
    M("metrics.protocol_links.*.wire_bytes", "bytes", NONE, SUM, PROTO " and --links", "bytes launched on the line"),
};

#define AFTER "metrics.latency_histogram.packets.*"
const struct fcsim_metric_table fcsim_link_directions_metrics = FCSIM_METRIC_PART("run", directions_rows, AFTER);
const struct fcsim_metric_table fcsim_link_bytes_metrics = FCSIM_METRIC_PART("run", bytes_rows, AFTER);
const struct fcsim_metric_table fcsim_link_dir_metrics = FCSIM_METRIC_PART("run", dir_rows, AFTER);
