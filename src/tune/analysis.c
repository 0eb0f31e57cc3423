/* SPDX-License-Identifier: BSD-3-Clause */
/* The arithmetic of `fcsim tune`: gains, best configurations, the smallest
 * VC count within a tolerance and successive-halving bookkeeping. See
 * analysis.h for the rules; everything here is a pure function. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/analysis.h"

/* Seed 000 Table 4.2: ALMs of the Novo-G# router on a Stratix V, by VCs per
 * physical channel. 5 and 6 VCs (and 7 and 8) use the same reduction tree
 * depth and the same area. */
static const int table_4_2_alms[10] = {0, 12980, 18980, 24860, 30980, 42470, 42470, 54980, 54980, 60500};

int fcsim__tune_area_alms(int vcs)
{
  return vcs >= 1 && vcs <= 9 ? table_4_2_alms[vcs] : 0;
}

int fcsim__tune_better(double a, double b, int hb)
{
  return hb ? a > b : a < b;
}

double fcsim__tune_geomean(const double *v, size_t n)
{
  if (n == 0)
    return NAN;
  double sum = 0;
  int zero = 0;
  for (size_t i = 0; i < n; i++) {
    if (!(v[i] >= 0))
      return NAN;
    if (v[i] == 0)
      zero = 1;
    else
      sum += log(v[i]);
  }
  return zero ? 0.0 : exp(sum / (double)n);
}

double fcsim__tune_gain(double opt, double avg)
{
  if (avg == 0)
    return opt == 0 ? 0.0 : NAN;
  return fabs(opt - avg) / fabs(avg);
}

long fcsim__tune_best(const double *score, const unsigned char *valid, size_t n, int hb)
{
  long best = -1;
  for (size_t i = 0; i < n; i++)
    if ((!valid || valid[i]) && !isnan(score[i]) && (best < 0 || fcsim__tune_better(score[i], score[best], hb)))
      best = (long)i;
  return best;
}

long fcsim__tune_workload_gain(const double *values, const unsigned char *valid, size_t nc, size_t ns, int hb,
                               struct fcsim__tune_wgain *out)
{
  memset(out, 0, sizeof *out);
  out->best = -1;
  out->best_score = out->avg_score = out->gain = out->oracle_gain = NAN;
  if (nc == 0 || ns == 0)
    return 0;
  unsigned char *ok = calloc(nc, 1);
  double *score = calloc(nc, sizeof *score);
  double *avg = calloc(ns, sizeof *avg), *opt = calloc(ns, sizeof *opt);
  if (!ok || !score || !avg || !opt)
    goto done;
  for (size_t c = 0; c < nc; c++) {
    ok[c] = 1;
    for (size_t s = 0; s < ns; s++)
      if (!valid[c * ns + s] || isnan(values[c * ns + s]))
        ok[c] = 0;
    if (ok[c]) {
      score[c] = fcsim__tune_geomean(values + c * ns, ns);
      if (isnan(score[c]))
        ok[c] = 0;
    }
    out->nvalid += ok[c];
  }
  out->best = fcsim__tune_best(score, ok, nc, hb);
  if (out->best < 0)
    goto done;
  for (size_t s = 0; s < ns; s++) {
    double sum = 0;
    long first = -1;
    for (size_t c = 0; c < nc; c++) {
      if (!ok[c])
        continue;
      double v = values[c * ns + s];
      sum += v;
      if (first < 0 || fcsim__tune_better(v, opt[s], hb))
        opt[s] = v;
      first = 0;
    }
    avg[s] = sum / (double)out->nvalid;
  }
  out->best_score = score[out->best];
  out->avg_score = fcsim__tune_geomean(avg, ns);
  out->gain = fcsim__tune_gain(out->best_score, out->avg_score);
  out->oracle_gain = fcsim__tune_gain(fcsim__tune_geomean(opt, ns), out->avg_score);
done:
  free(ok);
  free(score);
  free(avg);
  free(opt);
  return out->nvalid;
}

long fcsim__tune_global_gain(const double *scores, const unsigned char *valid, size_t nw, size_t nc, int hb,
                             long *app_best, struct fcsim__tune_ggain *out)
{
  memset(out, 0, sizeof *out);
  out->global_best = -1;
  out->global_score = out->gain = NAN;
  if (app_best)
    for (size_t w = 0; w < nw; w++)
      app_best[w] = -1;
  if (nw == 0 || nc == 0)
    return 0;
  unsigned char *ok = calloc(nc, 1);
  double *g = calloc(nc, sizeof *g), *col = calloc(nw, sizeof *col), *ratio = calloc(nw, sizeof *ratio);
  if (!ok || !g || !col || !ratio)
    goto done;
  for (size_t c = 0; c < nc; c++) {
    ok[c] = 1;
    for (size_t w = 0; w < nw; w++) {
      if (!valid[w * nc + c] || isnan(scores[w * nc + c]))
        ok[c] = 0;
      col[w] = scores[w * nc + c];
    }
    if (ok[c]) {
      g[c] = fcsim__tune_geomean(col, nw);
      ok[c] = !isnan(g[c]);
    }
    out->nvalid += ok[c];
  }
  out->global_best = fcsim__tune_best(g, ok, nc, hb);
  if (out->global_best < 0)
    goto done;
  out->global_score = g[out->global_best];
  for (size_t w = 0; w < nw; w++) {
    long a = fcsim__tune_best(scores + w * nc, ok, nc, hb);
    if (app_best)
      app_best[w] = a;
    double glob = scores[w * nc + (size_t)out->global_best];
    ratio[w] = glob == 0 ? 1.0 : scores[w * nc + (size_t)a] / glob;
  }
  out->gain = fabs(fcsim__tune_geomean(ratio, nw) - 1.0);
done:
  free(ok);
  free(g);
  free(col);
  free(ratio);
  return out->nvalid;
}

int fcsim__tune_within(double v, double best, int hb, double tol)
{
  /* a small absolute slack keeps "equal" equal despite rounding */
  const double eps = 1e-12 * fabs(best);
  return hb ? v >= best * (1.0 - tol) - eps : v <= best * (1.0 + tol) + eps;
}

int fcsim__tune_smallest_vcs(const double *score, const unsigned char *valid, const int *vcs, size_t nc, int hb,
                             double tol, long best, long *at)
{
  if (at)
    *at = -1;
  if (best < 0 || (size_t)best >= nc || (valid && !valid[best]))
    return -1;
  int found = vcs[best];
  long found_at = best;
  for (size_t c = 0; c < nc; c++) {
    if ((valid && !valid[c]) || isnan(score[c]))
      continue;
    if (!fcsim__tune_within(score[c], score[best], hb, tol))
      continue;
    /* fewer VCs wins; among equal VC counts, the better score (then lower index) */
    if (vcs[c] < found || (vcs[c] == found && fcsim__tune_better(score[c], score[found_at], hb))) {
      found = vcs[c];
      found_at = (long)c;
    }
  }
  if (at)
    *at = found_at;
  return found;
}

size_t fcsim__tune_keep(size_t n, int eta)
{
  if (eta < 2)
    eta = 2;
  return (n + (size_t)eta - 1) / (size_t)eta;
}

int fcsim__tune_rungs(size_t n, size_t max_points, int eta, int max_rungs, size_t final)
{
  if (n <= max_points)
    return 0;
  if (final < 1)
    final = 1;
  int r = 0;
  while (n > final && r < max_rungs) {
    n = fcsim__tune_keep(n, eta);
    r++;
  }
  return r;
}

double fcsim__tune_budget_fraction(int rung, int nrungs_pruning, int eta)
{
  if (rung >= nrungs_pruning)
    return 1.0;
  return pow((double)(eta < 2 ? 2 : eta), (double)(rung - nrungs_pruning));
}

/* qsort context for ranking one metric (qsort has none: a file-scope
 * pointer would be a mutable global, so the key travels in the array). */
struct rank_item {
  double v;
  int ok;
  size_t i;
  int hb;
};

static int rank_cmp(const void *pa, const void *pb)
{
  const struct rank_item *a = pa, *b = pb;
  if (a->ok != b->ok)
    return a->ok ? -1 : 1;
  if (a->ok && a->v != b->v)
    return fcsim__tune_better(a->v, b->v, a->hb) ? -1 : 1;
  return a->i < b->i ? -1 : a->i > b->i;
}

static int size_cmp(const void *pa, const void *pb)
{
  size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
  return a < b ? -1 : a > b;
}

size_t fcsim__tune_survivors(const double *scores, const unsigned char *valid, const int *hb, size_t nm, size_t n,
                             size_t keep, size_t *out)
{
  if (keep > n)
    keep = n;
  if (keep == 0 || nm == 0)
    return 0;
  struct rank_item *items = malloc(n * sizeof *items);
  double *rank_sum = calloc(n, sizeof *rank_sum);
  unsigned char *chosen = calloc(n, 1);
  size_t *order = malloc(n * sizeof *order);
  size_t nout = 0;
  if (!items || !rank_sum || !chosen || !order)
    goto done;
  size_t quota = keep / nm ? keep / nm : 1;
  for (size_t m = 0; m < nm; m++) {
    for (size_t i = 0; i < n; i++) {
      double v = scores[m * n + i];
      items[i] = (struct rank_item){v, valid[m * n + i] && !isnan(v), i, hb[m]};
    }
    qsort(items, n, sizeof *items, rank_cmp);
    size_t took = 0;
    for (size_t k = 0; k < n; k++) {
      rank_sum[items[k].i] += (double)k;
      if (took < quota && nout < keep && items[k].ok && !chosen[items[k].i]) {
        chosen[items[k].i] = 1;
        out[nout++] = items[k].i;
        took++;
      }
    }
  }
  /* fill by mean rank (equivalently rank sum), lowest index first on ties */
  for (size_t i = 0; i < n; i++)
    items[i] = (struct rank_item){rank_sum[i], 1, i, 0};
  qsort(items, n, sizeof *items, rank_cmp);
  for (size_t k = 0; k < n && nout < keep; k++)
    if (!chosen[items[k].i]) {
      chosen[items[k].i] = 1;
      out[nout++] = items[k].i;
    }
  for (size_t k = 0; k < nout; k++)
    order[k] = out[k];
  qsort(order, nout, sizeof *order, size_cmp);
  memcpy(out, order, nout * sizeof *out);
done:
  free(items);
  free(rank_sum);
  free(chosen);
  free(order);
  return nout;
}

size_t fcsim__tune_times_optimal(const double *values, const unsigned char *valid, size_t nc, size_t ns, int hb,
                                 unsigned *counts, size_t *tied)
{
  size_t won = 0, ties = 0;
  for (size_t s = 0; s < ns; s++) {
    long best = -1;
    for (size_t c = 0; c < nc; c++)
      if (valid[c * ns + s] && !isnan(values[c * ns + s]) &&
          (best < 0 || fcsim__tune_better(values[c * ns + s], values[(size_t)best * ns + s], hb)))
        best = (long)c;
    if (best < 0)
      continue;
    won++;
    counts[best]++;
    for (size_t c = 0; c < nc; c++)
      if ((long)c != best && valid[c * ns + s] && values[c * ns + s] == values[(size_t)best * ns + s]) {
        ties++;
        break;
      }
  }
  if (tied)
    *tied = ties;
  return won;
}

double fcsim__tune_terms_global_gain(const double *app, const double *global, size_t nw, double *per_w,
                                     double *mean)
{
  if (mean)
    *mean = NAN;
  double *d = calloc(nw ? nw : 1, sizeof *d);
  if (!d || nw == 0) {
    free(d);
    return NAN;
  }
  double sum = 0;
  for (size_t w = 0; w < nw; w++) {
    d[w] = global[w] == 0 ? (app[w] == 0 ? 0 : NAN) : fabs(app[w] - global[w]) / global[w];
    sum += d[w];
    if (per_w)
      per_w[w] = d[w];
  }
  if (mean)
    *mean = sum / (double)nw;
  double g = fcsim__tune_geomean(d, nw);
  free(d);
  return g;
}
