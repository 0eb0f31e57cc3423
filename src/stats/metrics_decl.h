/* SPDX-License-Identifier: BSD-3-Clause */
/* Writing metric declarations (include/fcsim/metrics.h): the row macros,
 * the tables of stats/metrics_*.c; the components' tables beside their code
 * (parts, and the applications' outputs) are listed in src/models.c. */
#ifndef FCSIM_STATS_METRICS_DECL_H
#define FCSIM_STATS_METRICS_DECL_H

#include "fcsim/metrics.h"

/* M(path, unit, LOWER|HIGHER|NONE, SAME|SUM|MAX|MIN|DERIVED|PROCESS, applies or NULL, meaning) */
#define M(path, unit, better, merge, applies, meaning)                                                                 \
  {                                                                                                                    \
    path, unit, FCSIM_BETTER_##better, FCSIM_METRIC_##merge, applies, meaning                                          \
  }

extern const struct fcsim_metric_table fcsim__metrics_run, fcsim__metrics_topo, fcsim__metrics_coll_build,
    fcsim__metrics_coll_run, fcsim__metrics_tune, fcsim__metrics_tune_metric;

/* A field that the readable tables show: M's arguments, then its view:
 * MV(path, ..., meaning, group or NULL, sweep column or NULL, format or NULL, flags). */
#define MV(path, unit, better, merge, applies, meaning, group, column, format, flags)                                  \
  {                                                                                                                    \
    path, unit, FCSIM_BETTER_##better, FCSIM_METRIC_##merge, applies, meaning, { group, column, format, flags }        \
  }

/* M and MV with how replications combine the field inside an array or
 * object (MEAN when not given): MR(rule, M's arguments), MVR(rule, MV's arguments). */
#define MR(rule, path, unit, better, merge, applies, meaning)                                                          \
  {                                                                                                                    \
    path, unit, FCSIM_BETTER_##better, FCSIM_METRIC_##merge, applies, meaning, {NULL, NULL, NULL, 0},                 \
        FCSIM_REPLICATE_##rule                                                                                         \
  }
#define MVR(rule, path, unit, better, merge, applies, meaning, group, column, format, flags)                           \
  {                                                                                                                    \
    path, unit, FCSIM_BETTER_##better, FCSIM_METRIC_##merge, applies, meaning, {group, column, format, flags},        \
        FCSIM_REPLICATE_##rule                                                                                         \
  }

/* A model counter's row (enum fcsim_metric_counter): MV's arguments, then
 * when the run writes it: MVC(path, ..., flags, NONZERO|ALWAYS|LINKS|LINKS_DECLARED).
 * Its path is "metrics." and the counter's name. */
#define MVC(path, unit, better, merge, applies, meaning, group, column, format, flags, when)                          \
  {                                                                                                                    \
    path, unit, FCSIM_BETTER_##better, FCSIM_METRIC_##merge, applies, meaning, {group, column, format, flags},        \
        FCSIM_REPLICATE_MEAN, FCSIM_COUNTER_##when                                                                     \
  }
#define MC(path, unit, better, merge, applies, meaning, when)                                                          \
  MVC(path, unit, better, merge, applies, meaning, NULL, NULL, NULL, 0, when)

/* The start-up check of one table src/models.c lists (a part, or an
 * application's output of its own): each row with a path, unit and meaning,
 * no path twice; a model counter's row a run's `metrics.NAME` with a known
 * rule; a part after a row its output has; an output with its commands.
 * Returns 0 or FCSIM_EINTERNAL with a message. */
int fcsim__metric_check_component(const struct fcsim_metric_table *t, struct fcsim_error *err);

/* A component's part of output `output` (include/fcsim/metrics.h): the rows
 * of the array `rows`, after the output's own row `after`; listed in
 * src/models.c. */
#define FCSIM_METRIC_PART(output, rows, after)                                                                         \
  {                                                                                                                    \
    output, NULL, rows, sizeof rows / sizeof rows[0], after                                                            \
  }

#endif
