/* SPDX-License-Identifier: BSD-3-Clause */
/* The arithmetic of `fcsim tune` (seed 000 §5.1.4): pure functions over
 * arrays of metric values, with no simulation and no I/O, so that the unit
 * tests can check each rule by hand.
 *
 *  - gain of the chosen configuration over the average of all configurations
 *    (Tables 5.3/5.4): |opt - avg| / avg, taken over the points of a sweep as
 *    |G(opt_s) / G(avg_s) - 1| with G the geometric mean over the points s;
 *  - the globally best configuration across workloads and the gain of the
 *    per-workload choice over it (Table 5.5);
 *  - the smallest VC count within a tolerance of the best (Table 4.2 area);
 *  - the bookkeeping of successive halving (which points survive a rung).
 *
 * Conventions: `hb` (higher is better) is 1 for throughputs, 0 for latencies
 * and areas; `valid` arrays hold 1 for a usable value, 0 otherwise (a
 * deadlocked run, a metric the run cannot measure). Ties always go to the
 * lower index, so every result is a function of the inputs alone. */
#ifndef FCSIM_TUNE_ANALYSIS_H
#define FCSIM_TUNE_ANALYSIS_H

#include <stddef.h>

/* Router area in ALMs for 1..9 VCs per port, seed 000 Table 4.2 (Stratix V).
 * Returns 0 outside 1..9 (the Novo-G# router stops at 9 VCs). */
int fcsim__tune_area_alms(int vcs);

/* 1 when value `a` is strictly better than `b` in direction `hb`. */
int fcsim__tune_better(double a, double b, int hb);

/* Geometric mean of n values. Any value equal to 0 gives 0; a negative value
 * or n == 0 gives NAN. Computed as exp(mean(log v)) in index order. */
double fcsim__tune_geomean(const double *v, size_t n);

/* |opt - avg| / avg; 0 when both are 0, NAN when only avg is 0. */
double fcsim__tune_gain(double opt, double avg);

/* Index of the best valid score (ties: lowest index), or -1 if none. */
long fcsim__tune_best(const double *score, const unsigned char *valid, size_t n, int hb);

/* Result of fcsim__tune_workload_gain. */
struct fcsim__tune_wgain {
  long best;          /* configuration with the best geometric mean over the sweep; -1: none */
  long nvalid;        /* configurations valid at every sweep point */
  double best_score;  /* G over s of the best configuration's values */
  double avg_score;   /* G over s of the arithmetic mean over valid configurations */
  double gain;        /* |best_score / avg_score - 1| */
  double oracle_gain; /* the same with the best configuration chosen per point */
};

/* One workload: values[c * ns + s] of configuration c at sweep point s,
 * valid[c * ns + s] likewise. A configuration counts only when valid at every
 * point. Fills `out`; returns the number of valid configurations. */
long fcsim__tune_workload_gain(const double *values, const unsigned char *valid, size_t nc, size_t ns, int hb,
                               struct fcsim__tune_wgain *out);

/* Result of fcsim__tune_global_gain. */
struct fcsim__tune_ggain {
  long global_best;    /* best geometric mean of the workload scores; -1: none */
  long nvalid;         /* configurations valid in every workload */
  double global_score; /* that geometric mean */
  double gain;         /* |G over w of (app_w / global_w) - 1| (Table 5.5) */
};

/* Several workloads: scores[w * nc + c] is configuration c's score on
 * workload w (its geometric mean over the sweep), valid likewise. Only
 * configurations valid in every workload take part. app_best[w] receives the
 * per-workload best among them (may be NULL). Returns nvalid. */
long fcsim__tune_global_gain(const double *scores, const unsigned char *valid, size_t nw, size_t nc, int hb,
                             long *app_best, struct fcsim__tune_ggain *out);

/* "Times optimal" (seed 000 Figs. 5.12-5.16): at each point s the best valid
 * configuration (ties: lowest index) gets counts[c] += 1. values/valid as for
 * fcsim__tune_workload_gain. Returns the number of points that had a valid
 * configuration; *tied (may be NULL) receives how many of them had another
 * valid configuration with exactly the winner's value. */
size_t fcsim__tune_times_optimal(const double *values, const unsigned char *valid, size_t nc, size_t ns, int hb,
                                 unsigned *counts, size_t *tied);

/* Table 5.5 read term by term (seed 000 L4355-4357, the term-wise reading):
 * geomean over w of |app_w - global_w| / global_w, with app_w a workload's
 * own best score and global_w the global best's score on it. One workload
 * whose own best is the global best makes it 0 (a geometric mean with a zero
 * term). per_w (may be NULL) receives the nw terms, mean (may be NULL) their
 * arithmetic mean. NAN for nw == 0. The seed's reading (gain_seed) is the
 * ratio form of fcsim__tune_global_gain; docs/TUNE.md compares the readings. */
double fcsim__tune_terms_global_gain(const double *app, const double *global, size_t nw, double *per_w,
                                     double *mean);

/* 1 when `v` is within relative tolerance `tol` of `best` in direction hb:
 * v <= best * (1 + tol) for lower-is-better, v >= best * (1 - tol) otherwise. */
int fcsim__tune_within(double v, double best, int hb, double tol);

/* The smallest VC count whose best valid configuration scores within `tol`
 * of score[best]. vcs[c] is configuration c's router.vcs. *at receives the
 * configuration reaching it (the best among those with that VC count; may be
 * NULL). Returns the VC count, or -1 if `best` is not valid. */
int fcsim__tune_smallest_vcs(const double *score, const unsigned char *valid, const int *vcs, size_t nc, int hb,
                             double tol, long best, long *at);

/* Successive halving. Number of pruning rungs for n points: 0 when
 * n <= max_points, else the fewest rungs r (at most max_rungs) that bring
 * n down to at most max(final, 1) points by keeping ceil(k / eta) of k per
 * rung. Rung r of R runs at fraction eta^(r - R) of the full budget. */
int fcsim__tune_rungs(size_t n, size_t max_points, int eta, int max_rungs, size_t final);
size_t fcsim__tune_keep(size_t n, int eta);
double fcsim__tune_budget_fraction(int rung, int nrungs_pruning, int eta);

/* Picks the `keep` survivors of a rung among n points scored on nm metrics:
 * scores[m * n + i], valid[m * n + i], hb[m]. Each metric first contributes
 * its top floor(keep / nm) points (at least 1) in metric order, skipping
 * points already chosen; the rest are filled by the best mean rank over the
 * metrics (an invalid value ranks last). Writes the chosen indices in
 * ascending order to out (room for `keep`); returns how many (min(keep, n)). */
size_t fcsim__tune_survivors(const double *scores, const unsigned char *valid, const int *hb, size_t nm, size_t n,
                             size_t keep, size_t *out);

#endif
