/* Results of a simulation as CSV rows for the CLI's writers (the public
 * calls are in include/fcsim/sim.h). */
#ifndef FCSIM_ENGINE_REPORT_H
#define FCSIM_ENGINE_REPORT_H

#include "core/csv.h"
#include "fcsim/sim.h"

/* A CSV table for simulation results: columns are the JSON's fields with
 * `config.` and `metrics.` left out (`traffic.rate`, `avg_latency`). */
struct fcsim_csv *fcsim__sim_csv_new(void);

/* Adds the result of `sim` (JSON flags FCSIM_JSON_*) as one row. */
int fcsim__sim_csv_add(struct fcsim_csv *c, const struct fcsim_sim *sim, unsigned flags, struct fcsim_error *err);

#endif
