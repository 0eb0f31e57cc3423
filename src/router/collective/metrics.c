/* SPDX-License-Identifier: BSD-3-Clause */
/* The collective routers' fields of a run's result (include/fcsim/metrics.h,
 * a part of the "run" table joined by src/models.c's list): the largest
 * occupancies voq.c and ring.c keep as metric counters (stats/counters.h). */
#include "stats/metrics_decl.h"

static const struct fcsim_metric rows[] = {
    MVC("metrics.max_buffer_flits", "flits", LOWER, MAX, "voq or ring routers, when non-zero",
      "most flits ever in one input buffer (Novo-G# thesis Table 5.8)", "hardware", NULL, NULL, 0, NONZERO),
    MVC("metrics.max_reduction_entries", "entries", LOWER, MAX, "voq or ring routers, when non-zero",
      "most partial reductions one node held at once", "hardware", NULL, NULL, 0, NONZERO),
    MVC("metrics.va_stall_cycles", "input-cycles", LOWER, SUM, "voq router, when non-zero",
      "cycles a packet's head waited at VA, summed over the inputs of every node: a VOQ it is routed to lacked room "
      "for a packet (router.vc_depth), so its input buffer and the packets behind the head waited too",
      "hardware", NULL, NULL, 0, NONZERO),
};

const struct fcsim_metric_table fcsim_collective_router_metrics =
    FCSIM_METRIC_PART("run", rows, "metrics.link_util.*");
