/* SPDX-License-Identifier: BSD-3-Clause */
/* The switched routers' fields of a run's result (include/fcsim/metrics.h,
 * parts of the "run" table joined by src/models.c's list): bee3's resources
 * (its figures_json), ethswitch's drops and pauses and vcsn's stale-table
 * counts (their metric counters, stats/counters.h). */
#include "stats/metrics_decl.h"

static const struct fcsim_metric bee3_rows[] = {
    MV("metrics.fpga_luts", "LUTs", LOWER, SAME, "bee3 topology",
      "network resources per FPGA (Bunker & Swanson Fig. 7, measured): LUTs", "hardware", NULL, NULL, 0),
    MV("metrics.fpga_ffs", "flip-flops", LOWER, SAME, "bee3 topology", "... flip-flops", "hardware", NULL, NULL, 0),
    MV("metrics.fpga_brams", "BRAMs", LOWER, SAME, "bee3 topology", "... block RAMs", "hardware", NULL, NULL, 0),
};

static const struct fcsim_metric ethswitch_rows[] = {
    MVC("metrics.switch_dropped_packets", "packets", LOWER, SUM, NULL,
      "ethswitch: frames dropped on a full output buffer (switch.overflow = drop); 0 otherwise", "switched network", NULL, NULL, FCSIM_VIEW_NONZERO, ALWAYS),
    MVC("metrics.switch_dropped_flits", "flits", LOWER, SUM, NULL, "ethswitch: their flits", "switched network", NULL, NULL, FCSIM_VIEW_NONZERO, ALWAYS),
    MVC("metrics.switch_pause_cycles", "cycles", LOWER, SUM, NULL,
      "ethswitch: input-cycles a complete frame waited for output space (switch.overflow = pause)", "switched network", NULL, NULL, FCSIM_VIEW_NONZERO, ALWAYS),
};

static const struct fcsim_metric vcsn_rows[] = {
    MV("metrics.vcsn_misdelivered_frames", "frames", LOWER, SUM, "vcsn, when non-zero",
      "frames a stale MAC entry sent to a node not their destination", "switched network", NULL, NULL, 0),
    MV("metrics.vcsn_misdelivered_flits", "flits", LOWER, SUM, "vcsn, when non-zero", "their flits", "switched network", NULL, NULL, 0),
    MV("metrics.vcsn_indication_frames", "frames", NONE, SUM, "vcsn, when non-zero",
      "throttle indication frames received by sources", "switched network", NULL, NULL, 0),
};

const struct fcsim_metric_table fcsim_bee3_metrics = FCSIM_METRIC_PART("run", bee3_rows, "metrics.link_util.*");
const struct fcsim_metric_table fcsim_ethswitch_metrics =
    FCSIM_METRIC_PART("run", ethswitch_rows, "metrics.latency_histogram.packets.*");
const struct fcsim_metric_table fcsim_vcsn_metrics =
    FCSIM_METRIC_PART("run", vcsn_rows, "metrics.latency_histogram.packets.*");
