/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune`, analysis of the finished rungs: per workload and across workloads (best
 * configuration, gains, fewest VCs within the tolerance) and the run counts. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fcsim/fcsim.h"
#include "fcsim/tune.h"
#include "core/range.h"
#include "tune/analysis.h"
#include "tune/tune_internal.h"
#include "tune/tune_json.h"
#include "tune/tune_search.h"

/* --- analysis --- */

/* Position of configuration c in rung r, or -1. */
static long rung_pos(const struct fcsim_tune *t, int r, size_t c)
{
  const struct rung *rg = &t->rungs[r];
  for (size_t k = 0; k < rg->nconf; k++)
    if (rg->conf[k] == c)
      return (long)k;
  return -1;
}

/* A run far past saturation may deliver none of its measured packets (they
 * wait behind the warm-up's in the source queues until the run stops): its
 * latencies are undefined, so no configuration can be ranked on them there. */
static int run_unarrived(const struct job *jb)
{
  const struct fcsim__tune_raw *r = &jb->raw;
  return jb->state == JOB_DONE && !r->deadlock && r->v[TR_PACKETS_MEASURED] > 0 && !(r->v[TR_AVG_LATENCY] > 0);
}

/* The study ranks on a latency of measured packets (not the batch's total). */
static int ranks_on_latency(const struct fcsim_tune *t)
{
  for (size_t mi = 0; mi < t->nmetrics; mi++) {
    const char *name = fcsim__tune_metrics[t->metrics[mi]].path;
    if (strstr(name, "latency") && strcmp(name, "total_latency"))
      return 1;
  }
  return 0;
}

/* The sweep points the analysis uses, per workload: every one, less those
 * where some configuration of the final rung delivered none of its measured
 * packets when a latency is ranked (counted in unarrived_points), and with
 * exclude_saturated less those where some configuration saturated. */
static void mark_points(struct fcsim_tune *t)
{
  const struct rung *rf = &t->rungs[t->nprune];
  const int lat = ranks_on_latency(t);
  int dropped = 0;
  t->masked = 0;
  for (size_t w = 0; w < t->nw; w++) {
    t->unarrived_points[w] = 0;
    for (size_t s = 0; s < t->ns; s++) {
      int used = 1, unarrived = 0;
      for (size_t k = 0; k < rf->nconf; k++) {
        const struct job *jb = &rf->jobs[(k * t->nw + w) * t->ns + s];
        if (t->opt.exclude_saturated && jb->state == JOB_DONE && jb->raw.saturated)
          used = 0;
        if (lat && run_unarrived(jb))
          unarrived = 1;
      }
      t->unarrived_points[w] += (unsigned)unarrived;
      dropped |= unarrived;
      t->point_used[w * t->ns + s] = (unsigned char)(used && !unarrived);
    }
  }
  /* with replications a sweep point is kept or dropped in all its replications
   * together, so that every replication's score covers the same points */
  for (size_t w = 0; w < t->nw && t->nr > 1; w++)
    for (size_t p = 0; p < t->npts; p++) {
      unsigned char *u = &t->point_used[w * t->ns + p * (size_t)t->nr];
      int all = 1;
      for (int r = 0; r < t->nr; r++)
        all &= u[r];
      memset(u, all, (size_t)t->nr);
    }
  t->masked = t->opt.exclude_saturated || dropped;
}

/* Times optimal and saturated points of every configuration of the final
 * rung on workload w, metric mi: vals/ok packed as fcsim__tune_config_values
 * gives them (np points per configuration); won has room for rf->nconf. */
static void count_optimal(struct fcsim_tune *t, size_t w, size_t mi, const double *vals, const unsigned char *ok,
                          size_t np, unsigned *won)
{
  const struct rung *rf = &t->rungs[t->nprune];
  const int m = t->metrics[mi];
  struct wres *res = &t->wres[w * t->nmetrics + mi];
  unsigned *opt = t->times_optimal + (w * t->nmetrics + mi) * t->nc;
  unsigned *sat = t->saturated_points + (w * t->nmetrics + mi) * t->nc;
  memset(opt, 0, t->nc * sizeof *opt);
  memset(sat, 0, t->nc * sizeof *sat);
  memset(won, 0, rf->nconf * sizeof *won);
  res->optimal_points =
      fcsim__tune_times_optimal(vals, ok, rf->nconf, np, fcsim__tune_metric_hb(m), won, &res->tied_points);
  for (size_t k = 0; k < rf->nconf; k++) {
    opt[rf->conf[k]] = won[k];
    for (size_t s = 0; s < t->ns; s++) {
      const struct job *jb = &rf->jobs[(k * t->nw + w) * t->ns + s];
      int v = 0;
      if ((t->masked && !t->point_used[w * t->ns + s]) || jb->state != JOB_DONE || !jb->raw.saturated)
        continue;
      fcsim__tune_metric_value(m, &jb->raw, t->min_vcs[w * t->nc + jb->c], &v);
      sat[rf->conf[k]] += (unsigned)v;
    }
  }
}

int fcsim__tune_analyse(struct fcsim_tune *t, struct fcsim_error *err)
{
  const int F = t->nprune;
  const struct rung *rf = &t->rungs[F];
  const size_t nf = rf->nconf, n0 = t->rungs[0].nconf, ns = t->ns;
  size_t nmax = n0 > nf ? n0 : nf;
  double *vals = calloc(nmax * ns, sizeof *vals), *score = calloc(nmax, sizeof *score);
  double *gscores = calloc(t->nw * nmax, sizeof *gscores), *svals = calloc(ns, sizeof *svals);
  unsigned char *ok = calloc(nmax * ns, 1), *sok = calloc(nmax, 1), *gok = calloc(t->nw * nmax, 1),
                *tmp = calloc(ns, 1);
  int *vcs = calloc(nmax, sizeof *vcs);
  unsigned *won = calloc(nmax, sizeof *won);
  long *app_best = calloc(t->nw, sizeof *app_best);
  size_t *wl_idx = calloc(t->nw, sizeof *wl_idx);
  double *app = calloc(t->nw, sizeof *app), *glob = calloc(t->nw, sizeof *glob), *per_w = calloc(t->nw, sizeof *per_w);
  int rc = 0;
  if (!vals || !score || !gscores || !svals || !ok || !sok || !gok || !tmp || !vcs || !won || !app_best || !wl_idx ||
      !app || !glob || !per_w) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto done;
  }
  mark_points(t);
  for (size_t w = 0; w < t->nw; w++)
    for (size_t mi = 0; mi < t->nmetrics; mi++) {
      const int m = t->metrics[mi], hb = fcsim__tune_metric_hb(m);
      struct wres *res = &t->wres[w * t->nmetrics + mi];
      const size_t np = fcsim__tune_npoints(t, w);
      memset(res, 0, sizeof *res);
      res->best = res->fewest_at = res->next = -1;
      res->fewest_vcs = -1;
      res->best_score = res->avg_score = res->gain = res->oracle_gain = NAN;
      res->points = np;
      if (!(res->applicable = fcsim__tune_applicable(t, F, w, m)) || np == 0)
        continue;
      for (size_t k = 0; k < nf; k++)
        fcsim__tune_config_values(t, F, k, w, m, vals + k * np, ok + k * np);
      struct fcsim__tune_wgain wg;
      fcsim__tune_workload_gain(vals, ok, nf, np, hb, &wg);
      count_optimal(t, w, mi, vals, ok, np, won);
      if (wg.best < 0)
        continue;
      res->best = (long)rf->conf[wg.best];
      res->best_score = wg.best_score;
      res->avg_score = wg.avg_score;
      res->gain = wg.gain;
      res->oracle_gain = wg.oracle_gain;
      res->nvalid = wg.nvalid;
      res->best_vcs = t->vcs[w * t->nc + (size_t)res->best];
      fcsim__tune_intervals(t, w, m, wg.best, res);
      res->best_saturated = t->saturated_points[(w * t->nmetrics + mi) * t->nc + (size_t)res->best];
      for (size_t s = 0; s < ns; s++) {
        const struct job *jb = &rf->jobs[((size_t)wg.best * t->nw + w) * ns + s];
        if (t->masked && !t->point_used[w * ns + s])
          continue;
        if (jb->state == JOB_DONE && jb->raw.v[TR_MAX_BUSY_VCS] > res->busy_vcs)
          res->busy_vcs = (int)jb->raw.v[TR_MAX_BUSY_VCS];
      }
      /* fewest VCs within the tolerance, at full budget */
      fcsim__tune_workload_scores(t, F, w, m, score, sok, svals, tmp);
      for (size_t k = 0; k < nf; k++)
        vcs[k] = t->vcs[w * t->nc + rf->conf[k]];
      long at;
      res->fewest_vcs = fcsim__tune_smallest_vcs(score, sok, vcs, nf, hb, t->opt.tolerance, wg.best, &at);
      res->fewest_at = at >= 0 ? (long)rf->conf[at] : -1;
      /* with pruning, the average of all configurations exists only at
       * rung 0: compare the chosen configuration with it there */
      if (F > 0) {
        for (size_t k = 0; k < n0; k++)
          fcsim__tune_config_values(t, 0, k, w, m, vals + k * np, ok + k * np);
        struct fcsim__tune_wgain w0;
        fcsim__tune_workload_gain(vals, ok, n0, np, hb, &w0);
        long k0 = rung_pos(t, 0, (size_t)res->best);
        double b0 = NAN;
        if (k0 >= 0 && fcsim__tune_config_values(t, 0, (size_t)k0, w, m, svals, tmp))
          b0 = fcsim__tune_geomean(svals, np);
        res->avg_score = w0.avg_score;
        res->gain = fcsim__tune_gain(b0, w0.avg_score);
        res->oracle_gain = w0.oracle_gain;
        res->nvalid = w0.nvalid;
        res->gain_rung = 0;
      }
    }
  /* across workloads (Table 5.5) */
  for (size_t mi = 0; mi < t->nmetrics; mi++) {
    const int m = t->metrics[mi], hb = fcsim__tune_metric_hb(m);
    struct gres *g = &t->gres[mi];
    memset(g, 0, sizeof *g);
    g->best = g->fewest_at = -1;
    g->fewest_vcs = -1;
    g->score = g->gain = g->seed_gain = g->terms_gain = g->terms_mean = NAN;
    size_t nwl = 0, w0 = 0;
    for (size_t w = 0; w < t->nw; w++) {
      t->global_per_workload[mi * t->nw + w] = NAN;
      /* a workload with no configuration valid at every point has no score */
      if (!t->wres[w * t->nmetrics + mi].applicable || t->wres[w * t->nmetrics + mi].best < 0)
        continue;
      if (!nwl)
        w0 = w;
      fcsim__tune_workload_scores(t, F, w, m, gscores + nwl * nf, gok + nwl * nf, svals, tmp);
      wl_idx[nwl++] = w;
    }
    if (nwl < 2 || t->nw < 2)
      continue;
    g->applicable = 1;
    struct fcsim__tune_ggain gg;
    fcsim__tune_global_gain(gscores, gok, nwl, nf, hb, app_best, &gg);
    g->nvalid = gg.nvalid;
    if (gg.global_best < 0)
      continue;
    g->best = (long)rf->conf[gg.global_best];
    g->score = gg.global_score;
    g->gain = g->seed_gain = gg.gain;
    for (size_t i = 0; i < nwl; i++) {
      app[i] = gscores[i * nf + (size_t)app_best[i]];
      glob[i] = gscores[i * nf + (size_t)gg.global_best];
    }
    g->terms_gain = fcsim__tune_terms_global_gain(app, glob, nwl, per_w, &g->terms_mean);
    for (size_t i = 0; i < nwl; i++)
      t->global_per_workload[mi * t->nw + wl_idx[i]] = per_w[i];
    for (size_t k = 0; k < nf; k++) {
      int all = 1;
      double ls = 0;
      for (size_t i = 0; i < nwl; i++) {
        all &= gok[i * nf + k] && gscores[i * nf + k] > 0;
        if (all)
          ls += log(gscores[i * nf + k]);
      }
      sok[k] = (unsigned char)all;
      score[k] = all ? exp(ls / (double)nwl) : NAN;
      vcs[k] = t->vcs[w0 * t->nc + rf->conf[k]];
    }
    long at;
    g->fewest_vcs = fcsim__tune_smallest_vcs(score, sok, vcs, nf, hb, t->opt.tolerance, gg.global_best, &at);
    g->fewest_at = at >= 0 ? (long)rf->conf[at] : -1;
  }
  t->analysed = 1;
done:
  free(vals);
  free(score);
  free(gscores);
  free(svals);
  free(ok);
  free(sok);
  free(gok);
  free(tmp);
  free(vcs);
  free(won);
  free(app_best);
  free(wl_idx);
  free(app);
  free(glob);
  free(per_w);
  return rc;
}

/* Fills the counts from the jobs (so they do not depend on timing). */
void fcsim__tune_count_jobs(struct fcsim_tune *t)
{
  struct fcsim_tune_counts *c = &t->counts;
  c->runs = c->run_new = c->reused = c->failed = c->deadlocked = c->saturated = c->pruned = c->overflowed = 0;
  for (int r = 0; r <= t->nprune; r++) {
    const struct rung *rg = &t->rungs[r];
    size_t nj = rg->nconf * t->nw * t->ns;
    c->runs += nj;
    for (size_t j = 0; rg->jobs && j < nj; j++) {
      const struct job *jb = &rg->jobs[j];
      if (jb->state == JOB_FAILED)
        c->failed++;
      if (jb->state != JOB_DONE)
        continue;
      if (jb->reused)
        c->reused++;
      else
        c->run_new++;
      c->deadlocked += jb->raw.deadlock != 0;
      c->overflowed += jb->raw.v[TR_BUFFER_OVERFLOWS] > 0;
      c->saturated += jb->raw.saturated != 0;
    }
  }
  for (size_t k = 0; t->pruned_at && k < t->nc; k++)
    c->pruned += t->pruned_at[k] >= 0;
}
