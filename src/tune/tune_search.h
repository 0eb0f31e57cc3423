/* SPDX-License-Identifier: BSD-3-Clause */
/* The state of a `fcsim tune` search, shared by the files that implement
 * it (private to src/tune/):
 *   session.c  the search object (a tuning session), workloads, metrics, the run by rungs
 *   space.c    --space and --vary dimensions (one range parser: core/range.c)
 *   points.c   building points, fcsim_tune_prepare
 *   pool.c     the worker pool that runs a rung, scores and successive halving
 *   summary.c  analysis of the results, run counts
 *   report.c   the text report
 *   write.c    JSON Lines and CSV
 * analysis.c holds the pure arithmetic, store.c the finished points. */
#ifndef FCSIM_TUNE_SEARCH_H
#define FCSIM_TUNE_SEARCH_H

#include <jansson.h>
#include <stdio.h>
#include <time.h>

#include "fcsim/fcsim.h"
#include "fcsim/tune.h"
#include "tune/tune_internal.h"

#define TUNE_MAX_DIMS    16
#define TUNE_MAX_METRICS 16
#define TUNE_MAX_RUNGS   8
#define TUNE_MAX_CONFIGS 1000000
#define TUNE_MAX_VALUES  10000
/* JSON Lines records: compact, exact reals */
#define JSON_FLAGS (JSON_PRESERVE_ORDER | JSON_COMPACT | JSON_REAL_PRECISION(17))

/* One dimension of the space or of the sweep. */
struct dim {
  char *key;     /* "section.name", from malloc */
  size_t n;      /* number of values */
  char **values; /* from malloc */
};

struct workload {
  char *name;               /* from malloc */
  struct fcsim_config *cfg; /* owned copy */
};

enum job_state { JOB_PENDING, JOB_DONE, JOB_FAILED };

/* One simulation: configuration c of the space on workload w at sweep point s. */
struct job {
  uint32_t c, w, s;
  struct fcsim_config *cfg;   /* built before the rung runs; freed once the job is finished */
  char *key;                  /* identity (fcsim__tune_config_key), from malloc */
  struct fcsim__tune_raw raw; /* valid when state == JOB_DONE */
  int state;                  /* enum job_state */
  int reused;                 /* taken from a previous output */
  char *error;                /* JOB_FAILED: the library's message, from malloc */
};

/* A rung of successive halving (the only one when the space is exhausted). */
struct rung {
  double budget;    /* fraction of the full run length */
  size_t nconf;     /* configurations run here */
  size_t *conf;     /* their indices, ascending, from malloc */
  struct job *jobs; /* nconf * nw * ns, index (k * nw + w) * ns + s */
  int built, complete;
  char budget_text[160]; /* the run-length keys at this budget (first workload) */
};

/* Analysis of one metric on one workload. */
struct wres {
  int applicable;    /* some point gave a valid value */
  long best;         /* configuration index, -1: none */
  double best_score; /* G over the sweep of the best configuration (full budget) */
  double avg_score;  /* G over the sweep of the average over configurations */
  double gain, oracle_gain;
  long nvalid;
  int best_vcs;   /* router.vcs of the best configuration */
  int fewest_vcs; /* smallest router.vcs within the tolerance, -1: n/a */
  long fewest_at; /* the configuration reaching it */
  int busy_vcs;   /* most VCs the best configuration ever used (over the sweep) */
  int gain_rung;  /* rung whose data gave the gain (0 when pruned) */
  /* replications (nr > 1): each configuration's score per replication (G over the sweep), summarised */
  long next;                             /* the configuration with the next best mean score, -1: none */
  struct fcsim_summary best_ci, next_ci; /* their scores' means and 95 % intervals */
  struct fcsim_summary diff_ci;          /* best - next, paired by replication (same seeds) */
  int distinct;                          /* diff_ci excludes 0: the best is distinguishable from the next */
  size_t points;                      /* sweep points analysed (all, or the unsaturated ones with exclude_saturated) */
  size_t optimal_points, tied_points; /* points with a per-point winner; of them, with a tie */
  unsigned best_saturated;            /* the best configuration's analysed points whose run saturated */
};

/* Analysis of one metric across workloads (Table 5.5). */
struct gres {
  int applicable; /* at least two workloads measure it */
  long best;
  double score, gain;
  double seed_gain;   /* Table 5.5 as the seed computes it: |G_w(app / global) - 1| (= gain, docs/TUNE.md) */
  double terms_gain;  /* the term-wise reading: geomean over w of |app_w - global_w| / global_w */
  double terms_mean;  /* the arithmetic mean of the same terms */
  long nvalid;
  int fewest_vcs;
  long fewest_at;
};

struct fcsim_tune {
  struct fcsim_tune_options opt;
  struct fcsim__tune_catalog cat;
  struct fcsim__tune_cache cache;
  struct workload *wl;
  size_t nw;
  struct dim space[TUNE_MAX_DIMS], vary[TUNE_MAX_DIMS];
  size_t nspace, nvary;
  int metrics[TUNE_MAX_METRICS];
  size_t nmetrics;
  int metrics_set;

  int prepared;
  size_t nc, ns;           /* configurations, sweep slots: sweep points x replications */
  size_t npts;             /* sweep points */
  int nr;                  /* replications of every point: slot s is point s / nr, replication s % nr */
  unsigned char *feasible; /* [nc] */
  char **infeasible_msg;   /* [nc], from malloc */
  size_t nfeasible;
  int *vcs, *min_vcs; /* [w * nc + c]: router.vcs, the floor of `area` */
  int vcs_vary;       /* feasible configurations differ in router.vcs */
  int nprune;         /* pruning rungs R; rungs 0..R are run */
  struct rung rungs[TUNE_MAX_RUNGS];
  int *pruned_at; /* [nc]: rung that dropped it, -1 */

  int analysed;
  struct wres *wres; /* [w * nmetrics + m] */
  unsigned *times_optimal;     /* [(w * nmetrics + m) * nc + c]: points where c was the best */
  unsigned *saturated_points;  /* [(w * nmetrics + m) * nc + c]: c's analysed points whose run saturated */
  unsigned char *point_used;   /* [w * ns + s]: the analysis uses point s of workload w */
  int masked;                  /* point_used applies (exclude_saturated or dropped points, set by the analysis) */
  unsigned *unarrived_points;  /* [w]: points left out because a run there delivered none of its measured packets */
  double *global_per_workload; /* [m * nw + w]: |app_w - global_w| / global_w, NAN where not computed */
  struct gres gres[TUNE_MAX_METRICS];
  struct fcsim_tune_counts counts;
  int interrupted;
};

/* --- small helpers (inline: every file uses some) --- */

static inline char *xstrdup(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

static inline void dim_free(struct dim *d)
{
  free(d->key);
  for (size_t i = 0; i < d->n; i++)
    free(d->values[i]);
  free(d->values);
  memset(d, 0, sizeof *d);
}

static inline double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Value index of dimension d for configuration c (last dimension fastest). */
static inline size_t space_index(const struct fcsim_tune *t, size_t c, size_t d)
{
  size_t stride = 1;
  for (size_t e = t->nspace; e-- > d + 1;)
    stride *= t->space[e].n;
  return (c / stride) % t->space[d].n;
}

static inline size_t vary_index(const struct fcsim_tune *t, size_t s, size_t d)
{
  size_t stride = 1;
  for (size_t e = t->nvary; e-- > d + 1;)
    stride *= t->vary[e].n;
  return (s / (size_t)(t->nr > 1 ? t->nr : 1) / stride) % t->vary[d].n;
}

/* "romm/of/9": the space values of c joined by '/'. */
static inline void config_label(const struct fcsim_tune *t, size_t c, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t d = 0; d < t->nspace && len < size; d++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s", d ? "/" : "", t->space[d].values[space_index(t, c, d)]);
}

/* "traffic.rate=0.5 traffic.packet_size=2kb", or "" without a sweep. */
static inline void sweep_label(const struct fcsim_tune *t, size_t s, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t d = 0; d < t->nvary && len < size; d++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s=%s", d ? " " : "", t->vary[d].key,
                            t->vary[d].values[vary_index(t, s, d)]);
}

/* --- points.c --- */

int fcsim__tune_build_config(const struct fcsim_tune *t, size_t w, size_t s, size_t c, double budget,
                             struct fcsim_config **out, struct fcsim_error *err);

/* --- intervals.c --- */

/* With replications (nr > 1): the scores of configuration `best` (rung F
 * position bpos) and of the next best on workload w, metric m, per
 * replication, their 95 % intervals and whether they differ (res->next,
 * best_ci, next_ci, diff_ci, distinct). */
void fcsim__tune_intervals(const struct fcsim_tune *t, size_t w, int m, long bpos, struct wres *res);

/* --- pool.c --- */

int fcsim__tune_applicable(const struct fcsim_tune *t, int r, size_t w, int m);
/* Metric m of configuration k of rung r on workload w at the analysed sweep
 * points (all of them, or with exclude_saturated once the analysis has set
 * the mask, the unsaturated ones, packed): vals[j], ok[j] for j <
 * fcsim__tune_npoints(t, w). Returns 1 when every one is valid. */
int fcsim__tune_config_values(const struct fcsim_tune *t, int r, size_t k, size_t w, int m, double *vals,
                              unsigned char *ok);
size_t fcsim__tune_npoints(const struct fcsim_tune *t, size_t w);
json_t *fcsim__tune_job_json(const struct fcsim_tune *t, int rung, const struct job *jb);
int fcsim__tune_prune(struct fcsim_tune *t, int r, struct fcsim_error *err);
int fcsim__tune_run_rung(struct fcsim_tune *t, int r, FILE *journal, fcsim_tune_progress_f progress,
                         fcsim_tune_stop_f stop, void *user, struct fcsim_error *err);
void fcsim__tune_workload_scores(const struct fcsim_tune *t, int r, size_t w, int m, double *score, unsigned char *ok,
                                 double *vals, unsigned char *vok);

/* --- summary.c --- */

int fcsim__tune_analyse(struct fcsim_tune *t, struct fcsim_error *err);
void fcsim__tune_count_jobs(struct fcsim_tune *t);

#endif
