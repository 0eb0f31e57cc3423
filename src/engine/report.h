/* The JSON of one run as a tree (engine/report.c), for the writers that
 * combine runs (engine/replicas.c). */
#ifndef FCSIM_ENGINE_REPORT_H
#define FCSIM_ENGINE_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "fcsim/sim.h"

/* The object fcsim_sim_write_json writes (flags FCSIM_JSON_*); new reference. */
json_t *fcsim_report_json(const struct fcsim_sim *sim, unsigned flags);
/* Writes `root` (compact with FCSIM_JSON_COMPACT) and a newline. */
int fcsim_report_dump(json_t *root, FILE *out, unsigned flags, struct fcsim_error *err);
/* The table's first two lines: what ran (network, router, traffic, links). */
void fcsim_report_table_header(const struct fcsim_sim *sim, FILE *out);
/* The metric columns of the run CSV after the key columns, NULL-terminated. */
extern const char *const fcsim_report_csv_metrics[];

#endif
