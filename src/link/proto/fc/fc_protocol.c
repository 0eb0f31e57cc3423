/* SPDX-License-Identifier: BSD-3-Clause */
/* The fc link protocol's row in the link protocols' table
 * (link/proto/protocols.h): its adapter model, zero-load cost and the
 * figures its adapters report per line direction (fc_adapter.c). */
#include <stddef.h>

#include "link/proto/fc/fc_params.h"
#include "link/proto/fc/proto_fc.h"
#include "link/proto/protocols.h"
#include "link/proto/proto_links.h"
#include "stats/metrics_decl.h"

/* The force send of a partly filled TX buffer (D_CU cycles), the header
 * flit's cycle and the RX write-forward (seed 001 Eqs. 2.1-2.2). */
static int fc_zero_load_cycles(const struct fcsim_params *p, int line_bandwidth_flits)
{
  (void)line_bandwidth_flits;
  return fcsim_fc_params(p)->d_cu_flits + 1 + FCSIM_FC_WRITE_FORWARD_CYCLES;
}

static const struct fcsim_link_proto_field fc_dir_fields[] = {
    {"credit_stall_cycles", offsetof(struct fcsim_link_dir_stats, credit_stall_cycles)},
    {"rx_peak_flits", offsetof(struct fcsim_link_dir_stats, rx_peak_flits)},
    {NULL, 0},
};

static void fc_dir_line(const struct fcsim_link_dir_stats *d, FILE *out)
{
  fprintf(out, "fc: %llu cycles of credit stall, RX peak %llu flits", (unsigned long long)d->credit_stall_cycles,
          (unsigned long long)d->rx_peak_flits);
}

const struct fcsim_link_proto fcsim_link_proto_fc = {
    .name = "fc",
    .adapter_model = FCSIM_FC_ADAPTER_MODEL,
    .zero_load_cycles = fc_zero_load_cycles,
    .dir_fields = fc_dir_fields,
    .dir_line = fc_dir_line,
};

/* fc's fields of a run's result (include/fcsim/metrics.h, parts of the
 * "run" table joined by src/models.c's list among the protocol lines' of
 * link/proto/metrics.c): its adapters' credit-stall and RX counters, the
 * link-up and first-data cycles and the `fc` model beside the run
 * (fc_adapter.c's figures), and its per-direction figures above. */
#define FC "some link is on fc"

static const struct fcsim_metric fc_rows[] = {
    MVC("metrics.fc_credit_stall_cycles", "cycles", LOWER, SUM, FC,
      "cycles a ready FC packet waited for credits, summed over ends and VCs", "protocol links", NULL, NULL, 0, LINKS_DECLARED),
    MVC("metrics.fc_rx_peak_flits", "flits", NONE, MAX, FC, "largest RX FIFO occupancy of one VC of one end", "protocol links", NULL, NULL, 0, LINKS_DECLARED),
    MV("metrics.fc_link_up_cycle", "cycles", LOWER, MAX, FC, "cycle the last link's sync handshake ended", "protocol links", NULL, NULL, 0),
    MV("metrics.fc_first_data_cycle", "cycles", NONE, MIN, FC, "cycle the first data flit went on a line (-1: none)", "protocol links", NULL, NULL, 0),
    MVR(SAME, "metrics.fc_model.line_cycles", "cycles", NONE, SAME, FC,
      "the `fc` model (Mondigo 2020 Eqs. 2.1-2.5) for the longest fc line: that line's latency", "fc model on the longest fc line", NULL, NULL, 0),
    MVR(SAME, "metrics.fc_model.d_link_cycles", "cycles", NONE, SAME, FC, "its D_link (Eq. 2.2)", "fc model on the longest fc line", NULL, "%.0f", 0),
    MVR(SAME, "metrics.fc_model.rx_depth_min_flits", "flits", NONE, SAME, FC, "the RX depth must exceed this (Eq. 2.4)", "fc model on the longest fc line", NULL, "%.0f", 0),
    MVR(SAME, "metrics.fc_model.rx_depth_flits", "flits", NONE, SAME, FC, "the RX depth the run used on that line", "fc model on the longest fc line", NULL, NULL, 0),
    MVR(SAME, "metrics.fc_model.payload_bytes_per_cycle", "bytes/cycle", NONE, SAME, FC,
      "the model's payload ceiling per direction", "fc model on the longest fc line", NULL, "%.3f", 0),
};

static const struct fcsim_metric fc_dir_rows[] = {
    M("metrics.protocol_links.*.credit_stall_cycles", "cycles", LOWER, SUM, "fc directions, --links",
      "cycles a ready packet waited for credits, summed over VCs"),
    M("metrics.protocol_links.*.rx_peak_flits", "flits", NONE, MAX, "fc directions, --links",
      "largest RX FIFO occupancy of one VC at the far end"),
};

#define FC_AFTER "metrics.latency_histogram.packets.*"
const struct fcsim_metric_table fcsim_fc_metrics = FCSIM_METRIC_PART("run", fc_rows, FC_AFTER);
const struct fcsim_metric_table fcsim_fc_dir_metrics = FCSIM_METRIC_PART("run", fc_dir_rows, FC_AFTER);
