/* SPDX-License-Identifier: BSD-3-Clause */
/* The fields `fcsim app gather|scatter|allgather --json` writes
 * (include/fcsim/metrics.h), its output "app-gather", listed in
 * src/models.c. */
#include "stats/metrics_decl.h"

static const struct fcsim_metric rows[] = {
    M("collective", "", NONE, SAME, NULL, "gather, scatter or allgather"),
    M("schedule", "", NONE, SAME, NULL, "ring, tree, reconfig (allgather: also ring1)"),
    M("nodes", "nodes", NONE, SAME, NULL, "nodes (VCSN 2023)"),
    M("bytes", "bytes", NONE, SAME, NULL, "block per node"),
    M("stages", "stages", NONE, SAME, NULL, "stages of the schedule"),
    M("model_stages", "stages", NONE, SAME, NULL, "stages of the gather model"),
    M("time_s", "s", LOWER, MAX, NULL, "simulated completion time"),
    M("model_time_s", "s", LOWER, SAME, NULL, "the gather model's time"),
    M("root_bytes", "bytes", NONE, SUM, "gather", "bytes that reached the root"),
    M("delivered_bytes", "bytes", NONE, SUM, "scatter and allgather", "bytes delivered to the nodes"),
    M("gather_phase_model_s", "s", NONE, SAME, "allgather on the tree", "the model's time of its gather phase"),
    M("start_s", "s", NONE, SAME, NULL, "start-up time before the first transfer"),
    M("final_barrier_s", "s", NONE, SAME, NULL, "the closing barrier's time"),
    M("stage_end_s.*", "s", NONE, MAX, NULL, "time each stage ended"),
};

const struct fcsim_metric_table fcsim_app_gather_metrics = {"app-gather", "`fcsim app gather|scatter|allgather --json`",
                                                            rows, sizeof rows / sizeof rows[0], NULL};
