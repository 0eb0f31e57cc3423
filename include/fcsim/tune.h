/* SPDX-License-Identifier: BSD-3-Clause */
/* Application-aware router configuration search (seed 000 §5.1.3-5.1.5):
 * evaluate every configuration of a space (routing x arbitration x VC count
 * x ...) on one or more workloads, each possibly sweeping the offered load,
 * and report per metric the best configuration, its gain over the average
 * of all configurations (Tables 5.3/5.4), the globally best configuration
 * across workloads and the gain of the per-workload choice over it (Table
 * 5.5), and the smallest VC count within a tolerance of the best (Table 4.2
 * area). Large spaces are pruned by successive halving on shorter runs.
 *
 * Points run on worker threads; each point's simulation is deterministic
 * from its configuration (and seed), and the analysis reads results in point
 * order, so every reported number is independent of the number of workers.
 * Finished points can be reloaded from a previous JSON output and are then
 * not run again. See docs/TUNE.md. */
#ifndef FCSIM_TUNE_H
#define FCSIM_TUNE_H

#include <stddef.h>
#include <stdio.h>

#include "fcsim/config.h"
#include "fcsim/error.h"

struct fcsim_tune;

/* Settings of a search; fcsim_tune_options_init fills the defaults. */
struct fcsim_tune_options {
  int workers;         /* threads running points; 0: every online core */
  double tolerance;    /* relative slack of "matches the best" for the fewest VCs (0.02) */
  size_t max_points;   /* more configurations than this are pruned (256) */
  int eta;             /* successive halving keeps 1/eta of the points per rung (3) */
  int max_rungs;       /* at most this many pruning rungs (3): the shortest run is eta^-max_rungs */
  size_t final_points; /* prune until at most this many reach the full budget (8) */
  const char *journal; /* if set, each finished point is appended here as it completes */
  int replications;    /* runs of every point with seeds derived from sim.seed (sim.replications); 0: the largest
                        * sim.replications of the workloads */
  int exclude_saturated; /* the analysis drops, per workload, every sweep point where some
                            configuration's run was saturated (all configurations are compared
                            on the points that remain) */
};

void fcsim_tune_options_init(struct fcsim_tune_options *opt);

/* Creates an empty search. It reads the key registry once (through
 * fcsim_config_print_help) for the key names and the routing and
 * arbitration names. Free with fcsim_tune_destroy. */
int fcsim_tune_create(const struct fcsim_tune_options *opt, struct fcsim_tune **out, struct fcsim_error *err);
void fcsim_tune_destroy(struct fcsim_tune *t);

/* Adds a workload: a validated configuration (copied) and a short name for
 * the report. */
int fcsim_tune_add_workload(struct fcsim_tune *t, const char *name, const struct fcsim_config *cfg,
                            struct fcsim_error *err);

/* Adds a dimension of the space, "section.key=v1,v2,...". Each value is
 * checked against the key registry (unknown key, bad value: FCSIM_EUNKNOWN_KEY,
 * FCSIM_EINVAL, FCSIM_ERANGE). A key given twice is refused. */
int fcsim_tune_add_space(struct fcsim_tune *t, const char *spec, struct fcsim_error *err);

/* Adds a sweep of every workload (the points a gain is a geometric mean
 * over): "section.key=START:STOP:STEP" or "section.key=v1,v2,...". Several
 * sweeps form their cross product. */
int fcsim_tune_add_vary(struct fcsim_tune *t, const char *spec, struct fcsim_error *err);

/* Metrics to report, comma-separated names (fcsim_tune_metric_names). The
 * default is total_latency (when a workload runs in batch mode),
 * avg_latency, worst_latency, recv_throughput and area. */
int fcsim_tune_set_metrics(struct fcsim_tune *t, const char *list, struct fcsim_error *err);

/* "name (min|max): meaning" lines of every metric, for --help. */
void fcsim_tune_print_metrics(FILE *out);

/* Reads the point records of a previous JSON output (or journal); a missing
 * file is not an error. Points whose full configuration matches a point of
 * this search are reused instead of run. *nrecords receives the number of
 * point records read (may be NULL). */
int fcsim_tune_load_previous(struct fcsim_tune *t, const char *path, long *nrecords, struct fcsim_error *err);

/* Completes the search: the default space when none was added
 * (routing.algorithm x router.arbitration x router.vcs), every point's
 * configuration checked (an impossible combination is skipped and listed;
 * none possible is FCSIM_ECOMBINATION), the pruning plan. Called by
 * fcsim_tune_run if not before. */
int fcsim_tune_prepare(struct fcsim_tune *t, struct fcsim_error *err);

/* Progress of a run, passed to the progress callback after each point. */
struct fcsim_tune_progress {
  int rung, nrungs;       /* current rung (0-based) of nrungs (1: exhaustive) */
  double budget;          /* fraction of the full run length in this rung */
  size_t done, total;     /* points finished / planned in this rung */
  size_t reused;          /* of `done`, taken from a previous output */
  size_t runs_done_total; /* points finished over all rungs so far */
};
typedef void (*fcsim_tune_progress_f)(void *user, const struct fcsim_tune_progress *p);
/* Polled by the workers; return nonzero to stop (running points are
 * abandoned, finished ones kept). */
typedef int (*fcsim_tune_stop_f)(void *user);

/* Runs every point (and the pruning rungs), then analyses the results.
 * `progress` is called from worker threads one at a time. Returns 0,
 * FCSIM_EINTERRUPTED (finished points are kept and can be written), or an
 * error. A point that deadlocks or fails is recorded, not fatal. */
int fcsim_tune_run(struct fcsim_tune *t, fcsim_tune_progress_f progress, fcsim_tune_stop_f stop, void *user,
                   struct fcsim_error *err);

/* The readable report: per workload and metric the best configuration, its
 * value, the average, the gain, the fewest VCs within the tolerance; across
 * workloads the global best (Table 5.5) and the Table 5.3 gain table. */
void fcsim_tune_write_report(const struct fcsim_tune *t, FILE *out);

/* JSON Lines: a header object, one object per finished point (in point
 * order: the full configuration, the results) and, after a completed run, a
 * summary object. This is the file fcsim_tune_load_previous reads. */
int fcsim_tune_write_json(const struct fcsim_tune *t, FILE *out, struct fcsim_error *err);

/* CSV: a header and one row per finished point, the fields of its JSON line
 * (type "point") flattened (docs/OUTPUT.md), `config.` and `results.` left
 * out of the column names, configuration values in their keys' units. */
int fcsim_tune_write_csv(const struct fcsim_tune *t, FILE *out, struct fcsim_error *err);

/* Counts of the last run. */
struct fcsim_tune_counts {
  size_t configs;    /* configurations in the space */
  size_t infeasible; /* skipped: impossible combinations */
  size_t sweep_points, workloads;
  size_t runs; /* points planned over all rungs */
  size_t run_new, reused, failed, deadlocked, saturated;
  size_t overflowed; /* runs whose flits found a full buffer (model error; excluded like deadlocks) */
  int nrungs;        /* 1: exhaustive */
  size_t pruned;     /* configurations dropped by successive halving */
  double wall_seconds;
  int workers;
};
void fcsim_tune_get_counts(const struct fcsim_tune *t, struct fcsim_tune_counts *c);

/* The best configuration for a metric on workload `w` (or across workloads
 * with w = -1), after a completed run: its label ("romm/of/9", the space
 * values joined by '/'), score and gain. Returns 0, or FCSIM_EINVAL when
 * there is no such result. */
int fcsim_tune_best(const struct fcsim_tune *t, int w, const char *metric, char *label, size_t label_size,
                    double *score, double *gain);

#endif
