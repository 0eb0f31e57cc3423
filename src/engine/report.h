/* SPDX-License-Identifier: BSD-3-Clause */
/* The JSON of one run as a tree (engine/report.c), for the writers that
 * combine runs (engine/replicas.c), and results as CSV rows for the CLI's
 * writers (the public calls are in include/fcsim/sim.h). */
#ifndef FCSIM_ENGINE_REPORT_H
#define FCSIM_ENGINE_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "core/csv.h"
#include "fcsim/sim.h"

/* The object fcsim_sim_write_json writes (flags FCSIM_JSON_*); new reference. */
json_t *fcsim_report_json(const struct fcsim_sim *sim, unsigned flags);
/* Writes `root` (compact with FCSIM_JSON_COMPACT) and a newline. */
int fcsim_report_dump(json_t *root, FILE *out, unsigned flags, struct fcsim_error *err);
/* The table's first two lines: what ran (network, router, traffic, links). */
void fcsim_report_table_header(const struct fcsim_sim *sim, FILE *out);

/* The metric lines of the run table for `root`, a run's JSON record (one
 * run's, or replications combined: then mean +- the 95 % half-width), from
 * the metric registry's view of each field (engine/report_table.c). */
void fcsim__report_table_metrics(json_t *root, FILE *out);

/* A CSV table for simulation results: columns are the JSON's fields with
 * `config.` and `metrics.` left out (`traffic.rate`, `avg_latency`). */
struct fcsim_csv *fcsim__sim_csv_new(void);

/* Adds the result of `sim` (JSON flags FCSIM_JSON_*) as one row. */
int fcsim__sim_csv_add(struct fcsim_csv *c, const struct fcsim_sim *sim, unsigned flags, struct fcsim_error *err);

/* Adds a run's JSON record (as fcsim_report_json builds it, or replications
 * combined) as one row: the same record with its configuration values as
 * numbers in their keys' units. */
int fcsim__report_csv_add(struct fcsim_csv *c, const json_t *record, struct fcsim_error *err);

/* Adds combined replications (their JSON, engine/replicas.c) as one row:
 * `replications.X.mean`, `.sd`, `.ci95_low`, ... are its flattened fields. */
int fcsim__replicas_csv_add(struct fcsim_csv *c, const struct fcsim_replicas *r, struct fcsim_error *err);

#endif
