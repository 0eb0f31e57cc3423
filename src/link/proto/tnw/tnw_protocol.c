/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW link protocol's row in the link protocols' table
 * (link/proto/protocols.h): its adapter model, zero-load cost, VC limit
 * and the figures its adapters report per line direction (tnw_adapter.c). */
#include <stddef.h>
#include <stdint.h>

#include "link/proto/protocols.h"
#include "link/proto/tnw/proto_tnw.h"
#include "link/proto/proto_links.h"
#include "stats/metrics_decl.h"

/* The whole packet's serialisation (header, padded payload, CRC) beyond
 * the one cycle an ideal link spends on the flit. */
static int tnw_zero_load_cycles(const struct fcsim_params *p, int line_bandwidth_flits)
{
  int64_t line_bytes = (int64_t)line_bandwidth_flits * ((p->flit_bits + 7) / 8);
  int64_t wire_bytes = FCSIM_TNW_HEADER_BYTES + FCSIM_TNW_CRC_BYTES + fcsim_tnw_params(p)->payload_bytes;
  return (int)((wire_bytes + line_bytes - 1) / line_bytes) - 1;
}

static const struct fcsim_link_proto_field tnw_dir_fields[] = {
    {"retransmissions", offsetof(struct fcsim_link_dir_stats, retransmissions)},
    {"errors_injected", offsetof(struct fcsim_link_dir_stats, errors_injected)},
    {"errors_detected", offsetof(struct fcsim_link_dir_stats, errors_detected)},
    {NULL, 0},
};

static void tnw_dir_line(const struct fcsim_link_dir_stats *d, FILE *out)
{
  fprintf(out, "tnw: %llu packets resent", (unsigned long long)d->retransmissions);
}

const struct fcsim_link_proto fcsim_link_proto_tnw = {
    .name = "tnw",
    .adapter_model = FCSIM_TNW_ADAPTER_MODEL,
    .zero_load_cycles = tnw_zero_load_cycles,
    .max_vcs = 8,
    .max_vcs_source = "Pivanti 2010 s2.2",
    .dir_fields = tnw_dir_fields,
    .dir_line = tnw_dir_line,
};

/* tnw's fields of a run's result (include/fcsim/metrics.h, parts of the
 * "run" table joined by src/models.c's list among the protocol lines' of
 * link/proto/metrics.c): its adapters' resend and bit-error counters, the
 * `linkbw` model beside the run (tnw_adapter.c's figures) and its
 * per-direction figures above. */
#define TNW_PROTO "some link is on a protocol (link.protocol or a netlist's protocol links)"

static const struct fcsim_metric tnw_error_rows[] = {
    MVC("metrics.retransmissions", "packets", LOWER, SUM, TNW_PROTO, "tnw: data packets sent again (go-back-N)", "protocol links", NULL, NULL, 0, LINKS),
    MVC("metrics.link_errors_injected", "packets", NONE, SUM, TNW_PROTO, "data packets sent with a bit error", "protocol links", NULL, NULL, 0, LINKS),
    MVC("metrics.link_errors_detected", "packets", NONE, SUM, TNW_PROTO, "bad CRCs found by the receivers", "protocol links", NULL, NULL, 0, LINKS),
};

static const struct fcsim_metric tnw_model_rows[] = {
    MVR(SAME, "metrics.tnw_model.line_bytes_per_cycle", "bytes/cycle", NONE, SAME, "some link is on tnw",
      "the `linkbw` model (framing tnw) for the slowest tnw line: its raw rate", "tnw model on the slowest tnw line", NULL, "%.3f", 0),
    MVR(SAME, "metrics.tnw_model.payload_bytes_per_cycle", "bytes/cycle", NONE, SAME, "some link is on tnw",
      "the model's payload ceiling per direction", "tnw model on the slowest tnw line", NULL, "%.3f", 0),
};

static const struct fcsim_metric tnw_dir_rows[] = {
    M("metrics.protocol_links.*.retransmissions", "packets", LOWER, SUM, "tnw directions, --links",
      "data packets sent again"),
    M("metrics.protocol_links.*.errors_injected", "packets", NONE, SUM, "tnw directions, --links",
      "data packets sent with a bit error"),
    M("metrics.protocol_links.*.errors_detected", "packets", NONE, SUM, "tnw directions, --links",
      "bad CRCs found by the far end"),
};

#define TNW_AFTER "metrics.latency_histogram.packets.*"
const struct fcsim_metric_table fcsim_tnw_error_metrics = FCSIM_METRIC_PART("run", tnw_error_rows, TNW_AFTER);
const struct fcsim_metric_table fcsim_tnw_model_metrics = FCSIM_METRIC_PART("run", tnw_model_rows, TNW_AFTER);
const struct fcsim_metric_table fcsim_tnw_dir_metrics = FCSIM_METRIC_PART("run", tnw_dir_rows, TNW_AFTER);
