/* SPDX-License-Identifier: BSD-3-Clause */
/* The fields `fcsim app link --json` writes (include/fcsim/metrics.h), its
 * output "app-link", listed in src/models.c. */
#include "stats/metrics_decl.h"

/* `fcsim app link` (apps/link/link_app.c): its results, one per row of the
 * link table's results (a test keeps the two in step). */
#define LFC  "protocol fc"
#define LTNW "protocol tnw"
static const struct fcsim_metric rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("app", "", NONE, SAME, NULL, "\"link\""),
    M("config.*", "as in `fcsim app link --help`", NONE, SAME, NULL,
      "every parameter of the link table as given or defaulted, in its base unit (null: auto never resolved)"),
    M("metrics.complete", "", HIGHER, DERIVED, NULL, "1 if every byte of every stream was read"),
    M("metrics.stalled", "", LOWER, DERIVED, NULL,
      "1 if the run stopped because nothing moved for longer than a round trip (e.g. reads stopped)"),
    M("metrics.cycles", "cycles", NONE, MAX, NULL, "cycles simulated (of `clock`)"),
    M("metrics.link_up_cycle", "cycles", LOWER, MAX, LFC, "cycle side 1 saw side 0's sync flits"),
    M("metrics.payload_bytes", "bytes", NONE, SUM, NULL, "payload read at side 1"),
    M("metrics.throughput", "bytes/s", HIGHER, DERIVED, NULL, "payload / (last read - first write), side 0 to 1"),
    M("metrics.steady_throughput", "bytes/s", HIGHER, DERIVED, "the stream lasted long enough",
      "payload rate over the second half of the stream"),
    M("metrics.model_linkbw", "bytes/s", NONE, SAME, NULL,
      "the `linkbw` model's payload ceiling for the same rate, code and framing"),
    M("metrics.model_fc_throughput", "bytes/s", NONE, SAME, LFC,
      "the `fc` model's link_throughput (Mondigo 2020 Eq. 2.3) with B_raw = min(line payload rate, F*w/8); no "
      "burst gap"),
    M("metrics.D_link", "cycles", LOWER, DERIVED, LFC,
      "first write to first header readable at RX (Mondigo 2020 Eq. 2.2, simulated)"),
    M("metrics.model_D_link", "cycles", NONE, SAME, LFC, "the `fc` model's D_link, Eq. 2.2"),
    M("metrics.model_rx_depth_min", "flits", NONE, SAME, LFC, "the `fc` model's 2*D_link + D_CU, Eq. 2.4"),
    M("metrics.avg_latency", "cycles", LOWER, DERIVED, NULL,
      "per flit (fc), packet (tnw) or frame (ideal): handed to the sender to read"),
    M("metrics.min_latency", "cycles", LOWER, MIN, NULL, "the smallest"),
    M("metrics.max_latency", "cycles", LOWER, MAX, NULL, "the largest"),
    M("metrics.avg_message_latency", "cycles", LOWER, DERIVED, NULL,
      "per message (`message` bytes; tnw: of one VC's stream): first byte written (tnw: first sent) to last "
      "byte read"),
    M("metrics.max_message_latency", "cycles", LOWER, MAX, NULL, "the largest"),
    M("metrics.tx_occupancy_max", "flits or packets", NONE, MAX, NULL,
      "side 0's TX buffer (fc flits) or txBuffer (tnw packets), largest"),
    M("metrics.tx_occupancy_avg", "flits or packets", NONE, DERIVED, NULL, "... averaged over the run"),
    M("metrics.rx_occupancy_max", "flits or packets", NONE, MAX, NULL,
      "side 1's RX buffer (fc flits) or reception FIFOs (tnw packets), largest"),
    M("metrics.rx_occupancy_avg", "flits or packets", NONE, DERIVED, NULL, "... averaged over the run"),
    M("metrics.reverse_payload_bytes", "bytes", NONE, SUM, "full duplex", "payload read at side 0 (loopback)"),
    M("metrics.reverse_steady_throughput", "bytes/s", HIGHER, DERIVED, "full duplex", "its rate over the second half"),
    M("metrics.retransmissions", "packets", LOWER, SUM, LTNW, "packets sent again, both directions"),
    M("metrics.resend_episodes", "NACKs", LOWER, SUM, LTNW, "NACKs acted on (go-back-N restarts)"),
    M("metrics.errors_injected", "packets", NONE, SUM, LTNW, "data packets sent corrupted"),
    M("metrics.errors_detected", "packets", NONE, SUM, LTNW, "bad CRCs found (the others were discarded anyway)"),
    M("metrics.fc_packets", "packets", NONE, SUM, LFC, "data packets sent by side 0"),
    M("metrics.co_packets", "packets", NONE, SUM, LFC, "credit-only packets sent by side 1"),
    M("metrics.force_sends", "packets", NONE, SUM, LFC, "packets sent before the TX buffer was full, both sides"),
    M("metrics.credit_stall_cycles", "cycles", LOWER, SUM, LFC, "cycles side 0 had data but no credits"),
    M("metrics.rx_overflow", "flits or packets", LOWER, SUM, "protocol fc or tnw",
      "data that found a receive buffer full: always 0 (a check)"),
    M("metrics.order_errors", "packets", LOWER, SUM, LTNW,
      "packets delivered out of order or twice: always 0 (a check)"),
};

const struct fcsim_metric_table fcsim_app_link_metrics = {"app-link", "`fcsim app link --json`", rows,
                                                          sizeof rows / sizeof rows[0], NULL};
