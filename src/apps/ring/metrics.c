/* SPDX-License-Identifier: BSD-3-Clause */
/* The fields `fcsim app ring --json` writes (include/fcsim/metrics.h), its
 * output "app-ring", listed in src/models.c. */
#include "stats/metrics_decl.h"

static const struct fcsim_metric rows[] = {
    M("nodes", "FPGAs", NONE, SAME, NULL, "FPGAs on the ring (Mondigo 2020 Fig. 4.9)"),
    M("bytes", "bytes", NONE, SAME, NULL, "bytes streamed"),
    M("frames", "frames", NONE, SAME, NULL, "frames they took"),
    M("time_s", "s", LOWER, MAX, NULL, "simulated time of the stream"),
};

const struct fcsim_metric_table fcsim_app_ring_metrics = {"app-ring", "`fcsim app ring --json`", rows,
                                                          sizeof rows / sizeof rows[0], NULL};
