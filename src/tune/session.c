/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune`: the search session (include/fcsim/tune.h). It builds the
 * points (workload x sweep point x configuration of the space), runs them
 * on a pool of threads through the public simulation API, prunes large
 * spaces by successive halving, and analyses the results with the pure
 * functions of analysis.c.
 *
 * Threads, not processes: the library's only mutable globals are the name
 * buffers of the registries (routing, arbitration, traffic patterns, unit
 * examples), written only when names are listed — by the help printer and by
 * error messages. The search lists them once (the catalogue, before any
 * thread starts) and checks every point's configuration in the calling
 * thread before the workers start, so a worker only builds and runs
 * simulations that are known to be valid, touching nothing shared.
 * Each worker owns its simulation; results land in per-point slots and the
 * analysis reads them in point order, so nothing depends on the number of
 * workers or on the order in which points finish. */
/* This file: the search object: creation, workloads, metrics, previous results, and the
 * run that goes rung by rung (successive halving) and then analyses; tune_search.h lists the others. */
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

/* --- creation and inputs --- */

void fcsim_tune_options_init(struct fcsim_tune_options *opt)
{
  memset(opt, 0, sizeof *opt);
  opt->workers = 0;
  opt->tolerance = 0.02;
  opt->max_points = 256;
  opt->eta = 3;
  opt->max_rungs = 3;
  opt->final_points = 8;
  opt->journal = NULL;
}

int fcsim_tune_create(const struct fcsim_tune_options *opt, struct fcsim_tune **out, struct fcsim_error *err)
{
  *out = NULL;
  struct fcsim_tune *t = calloc(1, sizeof *t);
  if (!t)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (opt)
    t->opt = *opt;
  else
    fcsim_tune_options_init(&t->opt);
  if (t->opt.eta < 2)
    t->opt.eta = 2;
  if (t->opt.max_rungs < 0)
    t->opt.max_rungs = 0;
  if (t->opt.max_rungs > TUNE_MAX_RUNGS - 1)
    t->opt.max_rungs = TUNE_MAX_RUNGS - 1;
  if (!(t->opt.tolerance >= 0))
    t->opt.tolerance = 0;
  int rc = fcsim__tune_catalog_load(&t->cat, err);
  if (rc) {
    free(t);
    return rc;
  }
  *out = t;
  return 0;
}

static void free_rungs(struct fcsim_tune *t)
{
  for (int r = 0; r < TUNE_MAX_RUNGS; r++) {
    struct rung *rg = &t->rungs[r];
    size_t nj = rg->nconf * t->nw * t->ns;
    for (size_t j = 0; rg->jobs && j < nj; j++) {
      fcsim_config_destroy(rg->jobs[j].cfg);
      free(rg->jobs[j].key);
      free(rg->jobs[j].error);
    }
    free(rg->jobs);
    free(rg->conf);
    memset(rg, 0, sizeof *rg);
  }
}

void fcsim_tune_destroy(struct fcsim_tune *t)
{
  if (!t)
    return;
  free_rungs(t);
  for (size_t w = 0; w < t->nw; w++) {
    free(t->wl[w].name);
    fcsim_config_destroy(t->wl[w].cfg);
  }
  free(t->wl);
  for (size_t d = 0; d < t->nspace; d++)
    dim_free(&t->space[d]);
  for (size_t d = 0; d < t->nvary; d++)
    dim_free(&t->vary[d]);
  if (t->infeasible_msg)
    for (size_t c = 0; c < t->nc; c++)
      free(t->infeasible_msg[c]);
  free(t->infeasible_msg);
  free(t->feasible);
  free(t->vcs);
  free(t->min_vcs);
  free(t->pruned_at);
  free(t->wres);
  free(t->times_optimal);
  free(t->saturated_points);
  free(t->point_used);
  free(t->unarrived_points);
  free(t->global_per_workload);
  fcsim__tune_cache_free(&t->cache);
  fcsim__tune_catalog_free(&t->cat);
  free(t);
}

int fcsim_tune_add_workload(struct fcsim_tune *t, const char *name, const struct fcsim_config *cfg,
                            struct fcsim_error *err)
{
  if (t->prepared)
    return fcsim_error_set(err, FCSIM_EINVAL, "tune: workloads must be added before the run");
  for (size_t w = 0; w < t->nw; w++)
    if (!strcmp(t->wl[w].name, name))
      return fcsim_error_set(err, FCSIM_EINVAL, "tune: two workloads named `%s`", name);
  struct workload *nwl = realloc(t->wl, (t->nw + 1) * sizeof *nwl);
  if (!nwl)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  t->wl = nwl;
  t->wl[t->nw].name = xstrdup(name);
  t->wl[t->nw].cfg = fcsim_config_clone(cfg);
  if (!t->wl[t->nw].name || !t->wl[t->nw].cfg) {
    free(t->wl[t->nw].name);
    fcsim_config_destroy(t->wl[t->nw].cfg);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  t->nw++;
  return 0;
}

int fcsim_tune_set_metrics(struct fcsim_tune *t, const char *list, struct fcsim_error *err)
{
  t->nmetrics = 0;
  t->metrics_set = 1;
  for (const char *p = list;;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    char name[64];
    if (len == 0 || len >= sizeof name)
      return fcsim_error_set(err, FCSIM_EINVAL, "--metric `%s`: expected names separated by commas", list);
    memcpy(name, p, len);
    name[len] = '\0';
    int m = fcsim__tune_metric_find(name);
    if (m < 0) {
      char names[512] = "";
      for (size_t i = 0; i < fcsim__tune_nmetrics; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                 fcsim__tune_metrics[i].path);
      return fcsim_error_set(err, FCSIM_EINVAL, "--metric: unknown metric `%s` (expected one of: %s)", name, names);
    }
    for (size_t i = 0; i < t->nmetrics; i++)
      if (t->metrics[i] == m)
        return fcsim_error_set(err, FCSIM_EINVAL, "--metric: `%s` named twice", name);
    if (t->nmetrics == TUNE_MAX_METRICS)
      return fcsim_error_set(err, FCSIM_ERANGE, "--metric: at most %d metrics", TUNE_MAX_METRICS);
    t->metrics[t->nmetrics++] = m;
    if (!comma)
      break;
    p = comma + 1;
  }
  return 0;
}

void fcsim_tune_print_metrics(FILE *out)
{
  for (size_t i = 0; i < fcsim__tune_nmetrics; i++)
    fprintf(out, "  %-16s (%s) %s\n", fcsim__tune_metrics[i].path, fcsim__tune_metric_hb(i) ? "max" : "min",
            fcsim__tune_metrics[i].meaning);
}

int fcsim_tune_load_previous(struct fcsim_tune *t, const char *path, long *nrecords, struct fcsim_error *err)
{
  return fcsim__tune_cache_load(&t->cache, &t->cat, path, nrecords, err);
}

int fcsim_tune_run(struct fcsim_tune *t, fcsim_tune_progress_f progress, fcsim_tune_stop_f stop, void *user,
                   struct fcsim_error *err)
{
  int rc = fcsim_tune_prepare(t, err);
  if (rc)
    return rc;
  double t0 = now_seconds();
  FILE *journal = NULL;
  if (t->opt.journal && !(journal = fopen(t->opt.journal, "a")))
    return fcsim_error_set(err, FCSIM_EIO, "%s: cannot write (%s)", t->opt.journal, strerror(errno));
  t->interrupted = 0;
  for (int r = 0; r <= t->nprune; r++) {
    if (r > 0 && !t->rungs[r].conf && (rc = fcsim__tune_prune(t, r - 1, err)))
      break;
    t->rungs[r].budget = fcsim__tune_budget_fraction(r, t->nprune, t->opt.eta);
    if ((rc = fcsim__tune_run_rung(t, r, journal, progress, stop, user, err))) {
      if (rc == FCSIM_EINTERRUPTED) {
        t->interrupted = 1;
        fcsim_error_set(err, rc, "interrupted");
      }
      break;
    }
  }
  if (journal)
    fclose(journal);
  if (!rc)
    rc = fcsim__tune_analyse(t, err);
  fcsim__tune_count_jobs(t);
  t->counts.wall_seconds = now_seconds() - t0;
  return rc;
}

void fcsim_tune_get_counts(const struct fcsim_tune *t, struct fcsim_tune_counts *c)
{
  *c = t->counts;
}

int fcsim_tune_best(const struct fcsim_tune *t, int w, const char *metric, char *label, size_t label_size,
                    double *score, double *gain)
{
  int m = fcsim__tune_metric_find(metric);
  if (!t->analysed || m < 0 || w >= (int)t->nw || w < -1)
    return FCSIM_EINVAL;
  for (size_t mi = 0; mi < t->nmetrics; mi++) {
    if (t->metrics[mi] != m)
      continue;
    long best;
    double sc, gn;
    if (w < 0) {
      best = t->gres[mi].best;
      sc = t->gres[mi].score;
      gn = t->gres[mi].gain;
    } else {
      const struct wres *res = &t->wres[(size_t)w * t->nmetrics + mi];
      best = res->best;
      sc = res->best_score;
      gn = res->gain;
    }
    if (best < 0)
      return FCSIM_EINVAL;
    if (label)
      config_label(t, (size_t)best, label, label_size);
    if (score)
      *score = sc;
    if (gain)
      *gain = gn;
    return 0;
  }
  return FCSIM_EINVAL;
}
