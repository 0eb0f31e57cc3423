/* SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (tune_search.h) */
/* `fcsim tune --replications N`: each configuration's score (the geometric
 * mean over the sweep) once per replication, so that the best configuration
 * can be compared with the next with intervals. Replication r of every
 * configuration ran with the same seed, so the comparison is paired: the
 * interval of the per-replication differences best - next decides whether
 * the best is distinguishable from the next (it is when the interval
 * excludes 0). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/summary.h"
#include "tune/analysis.h"
#include "tune/tune_search.h"

/* Scores of configuration k (rung position) per replication: out[r], NAN
 * where a point of that replication gave no valid value. Returns the
 * number of valid replications. */
static int rep_scores(const struct fcsim_tune *t, int F, size_t k, size_t w, int m, double *vals, unsigned char *ok,
                      double *out)
{
  fcsim__tune_config_values(t, F, k, w, m, vals, ok);
  /* the values are packed over the analysed points (--exclude-saturated drops
   * a sweep point in all its replications), replication fastest */
  const size_t np = fcsim__tune_npoints(t, w) / (size_t)t->nr;
  double *pt = malloc((np ? np : 1) * sizeof *pt);
  int n = 0;
  for (int r = 0; pt && r < t->nr; r++) {
    int all = np > 0;
    for (size_t p = 0; p < np; p++) {
      size_t s = p * (size_t)t->nr + (size_t)r;
      pt[p] = vals[s];
      all &= ok[s] && vals[s] > 0;
    }
    out[r] = all ? fcsim__tune_geomean(pt, np) : NAN;
    n += all;
  }
  free(pt);
  return n;
}

/* The valid values of v[0..n) in order, into dst; returns their count. */
static int valid_of(const double *v, int n, double *dst)
{
  int k = 0;
  for (int i = 0; i < n; i++)
    if (!isnan(v[i]))
      dst[k++] = v[i];
  return k;
}

void fcsim__tune_intervals(const struct fcsim_tune *t, size_t w, int m, long bpos, struct wres *res)
{
  res->next = -1;
  res->distinct = 0;
  if (t->nr < 2 || bpos < 0)
    return;
  const int F = t->nprune, hb = fcsim__tune_metric_hb(m);
  const struct rung *rf = &t->rungs[F];
  double *vals = calloc(t->ns, sizeof *vals), *best = calloc((size_t)t->nr, sizeof *best),
         *cand = calloc((size_t)t->nr, sizeof *cand), *next = calloc((size_t)t->nr, sizeof *next),
         *tmp = calloc((size_t)t->nr, sizeof *tmp);
  unsigned char *ok = calloc(t->ns, 1);
  if (!vals || !best || !cand || !next || !tmp || !ok)
    goto done;
  rep_scores(t, F, (size_t)bpos, w, m, vals, ok, best);
  fcsim_summary_of(tmp, valid_of(best, t->nr, tmp), &res->best_ci);
  double next_mean = NAN;
  for (size_t k = 0; k < rf->nconf; k++) {
    if ((long)k == bpos || rep_scores(t, F, k, w, m, vals, ok, cand) < t->nr)
      continue; /* the next best must be valid in every replication, as the best is */
    struct fcsim_summary s;
    fcsim_summary_of(cand, t->nr, &s);
    if (isnan(next_mean) || fcsim__tune_better(s.mean, next_mean, hb)) {
      next_mean = s.mean;
      res->next = (long)rf->conf[k];
      res->next_ci = s;
      for (int r = 0; r < t->nr; r++)
        next[r] = cand[r];
    }
  }
  if (res->next < 0)
    goto done;
  int n = 0;
  for (int r = 0; r < t->nr; r++)
    if (!isnan(best[r]))
      tmp[n++] = best[r] - next[r];
  fcsim_summary_of(tmp, n, &res->diff_ci);
  res->distinct = n >= 2 && (res->diff_ci.ci95_low > 0 || res->diff_ci.ci95_high < 0);
done:
  free(vals), free(best), free(cand), free(next), free(tmp), free(ok);
}
