/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune`, running a rung on a pool of worker threads (journal, cache, progress,
 * stop) and the scores that successive halving prunes by. */
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

/* --- running a rung --- */

/* Shared state of the workers of one rung. */
struct pool {
  struct fcsim_tune *t;
  struct rung *rg;
  int rung;
  size_t njobs, next, done, reused;
  fcsim_tune_progress_f progress;
  fcsim_tune_stop_f stop;
  void *user;
  FILE *journal;
  pthread_mutex_t lock;
  int stopping;
};

/* Progress callback of one simulation: only asks whether to stop. */
static int sim_progress(void *user, uint64_t cycle, uint64_t expected, const char *phase)
{
  (void)cycle;
  (void)expected;
  (void)phase;
  struct pool *p = user;
  return p->stopping || (p->stop && p->stop(p->user));
}

json_t *fcsim__tune_job_json(const struct fcsim_tune *t, int rung, const struct job *jb)
{
  char label[256], sw[512];
  config_label(t, jb->c, label, sizeof label);
  sweep_label(t, jb->s, sw, sizeof sw);
  json_t *o = json_object();
  json_object_set_new(o, "type", json_string("point"));
  json_object_set_new(o, "fcsim", json_string(fcsim_version()));
  json_object_set_new(o, "workload", json_string(t->wl[jb->w].name));
  json_object_set_new(o, "rung", json_integer(rung));
  json_object_set_new(o, "budget", json_real(t->rungs[rung].budget));
  json_object_set_new(o, "label", json_string(label));
  json_object_set_new(o, "sweep", json_string(sw));
  /* a finished job has let go of its configuration: build it again */
  struct fcsim_config *cfg = jb->cfg;
  struct fcsim_error sub = {0};
  if (!cfg && fcsim__tune_build_config(t, jb->w, jb->s, jb->c, t->rungs[rung].budget, &cfg, &sub))
    cfg = NULL;
  json_object_set_new(o, "config", cfg ? fcsim__tune_config_json(&t->cat, cfg) : json_null());
  if (cfg != jb->cfg)
    fcsim_config_destroy(cfg);
  if (jb->state == JOB_DONE)
    json_object_set_new(o, "results", fcsim__tune_raw_json(&jb->raw));
  else
    json_object_set_new(o, "error", json_string(jb->error ? jb->error : "not run"));
  return o;
}

/* Marks a finished job and tells the journal and the caller (under the
 * pool's lock). */
static void job_finished(struct pool *p, struct job *jb)
{
  p->done++;
  if (p->journal && jb->state == JOB_DONE && !jb->reused) {
    json_t *o = fcsim__tune_job_json(p->t, p->rung, jb);
    json_dumpf(o, p->journal, JSON_FLAGS);
    fputc('\n', p->journal);
    fflush(p->journal);
    json_decref(o);
  }
  if (p->progress) {
    size_t before = 0;
    for (int r = 0; r < p->rung; r++)
      before += p->t->rungs[r].nconf * p->t->nw * p->t->ns;
    struct fcsim_tune_progress pr = {p->rung,  p->t->nprune + 1, p->rg->budget,   p->done,
                                     p->njobs, p->reused,        before + p->done};
    p->progress(p->user, &pr);
  }
  /* keep memory proportional to the jobs in flight, not to the space */
  fcsim_config_destroy(jb->cfg);
  jb->cfg = NULL;
}

static void run_job(struct pool *p, struct job *jb)
{
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  struct fcsim__tune_raw raw;
  int rc = fcsim_sim_create(jb->cfg, &sim, &err);
  if (!rc) {
    rc = fcsim_sim_run(sim, sim_progress, p, &err);
    if (rc == 0 || rc == FCSIM_EDEADLOCK) {
      fcsim__tune_raw_from_stats(fcsim_sim_stats(sim), &raw);
      double alms; /* the router's area, which its model writes (0 without one) */
      if (!fcsim_sim_metric(sim, "area_alms", &alms))
        raw.v[TR_AREA_ALMS] = alms;
      rc = 0;
    }
  }
  fcsim_sim_destroy(sim);
  pthread_mutex_lock(&p->lock);
  if (rc == FCSIM_EINTERRUPTED) {
    p->stopping = 1; /* left pending: a re-run does it */
  } else {
    if (rc) {
      jb->state = JOB_FAILED;
      jb->error = xstrdup(err.msg[0] ? err.msg : fcsim_strerror(rc));
    } else {
      jb->raw = raw;
      jb->state = JOB_DONE;
    }
    job_finished(p, jb);
  }
  pthread_mutex_unlock(&p->lock);
}

static void *worker(void *arg)
{
  struct pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    while (p->next < p->njobs && p->rg->jobs[p->next].state != JOB_PENDING)
      p->next++;
    if (!p->stopping && p->stop && p->stop(p->user))
      p->stopping = 1;
    if (p->next >= p->njobs || p->stopping) {
      pthread_mutex_unlock(&p->lock);
      return NULL;
    }
    struct job *jb = &p->rg->jobs[p->next++];
    pthread_mutex_unlock(&p->lock);
    run_job(p, jb);
  }
}

static int workers_wanted(const struct fcsim_tune *t)
{
  if (t->opt.workers > 0)
    return t->opt.workers;
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

/* "sim.measure_cycles=370 sim.warmup_cycles=500" of a job's configuration. */
static void budget_text(const struct fcsim_config *cfg, char *buf, size_t size)
{
  const char *mode = fcsim_config_get(cfg, "traffic.mode");
  if (mode && !strcmp(mode, "batch"))
    snprintf(buf, size, "traffic.batch_packets=%s", fcsim_config_get(cfg, "traffic.batch_packets"));
  else
    snprintf(buf, size, "sim.measure_cycles=%s sim.warmup_cycles=%s", fcsim_config_get(cfg, "sim.measure_cycles"),
             fcsim_config_get(cfg, "sim.warmup_cycles"));
}

/* Builds the jobs of rung r (finding finished ones in the cache). */
static int build_rung(struct fcsim_tune *t, int r, struct fcsim_error *err)
{
  struct rung *rg = &t->rungs[r];
  if (rg->built)
    return 0;
  size_t nj = rg->nconf * t->nw * t->ns;
  if (!(rg->jobs = calloc(nj ? nj : 1, sizeof *rg->jobs)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  rg->built = 1; /* from here on free_rungs cleans up whatever is filled */
  for (size_t k = 0; k < rg->nconf; k++)
    for (size_t w = 0; w < t->nw; w++)
      for (size_t s = 0; s < t->ns; s++) {
        struct job *jb = &rg->jobs[(k * t->nw + w) * t->ns + s];
        jb->c = (uint32_t)rg->conf[k];
        jb->w = (uint32_t)w;
        jb->s = (uint32_t)s;
        struct fcsim_error sub = {0};
        int rc = fcsim__tune_build_config(t, w, s, jb->c, rg->budget, &jb->cfg, &sub);
        if (rc == FCSIM_ENOMEM)
          return fcsim_error_set(err, rc, "out of memory");
        if (rc) {
          jb->state = JOB_FAILED;
          jb->error = xstrdup(sub.msg);
          continue;
        }
        if (k == 0 && w == 0 && s == 0)
          budget_text(jb->cfg, rg->budget_text, sizeof rg->budget_text);
        if (!(jb->key = fcsim__tune_config_key(&t->cat, jb->cfg)))
          return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
        const struct fcsim__tune_raw *hit = fcsim__tune_cache_get(&t->cache, jb->key);
        if (hit) {
          jb->raw = *hit;
          jb->state = JOB_DONE;
          jb->reused = 1;
        }
      }
  return 0;
}

int fcsim__tune_run_rung(struct fcsim_tune *t, int r, FILE *journal, fcsim_tune_progress_f progress,
                         fcsim_tune_stop_f stop, void *user, struct fcsim_error *err)
{
  int rc = build_rung(t, r, err);
  if (rc)
    return rc;
  struct rung *rg = &t->rungs[r];
  struct pool p;
  memset(&p, 0, sizeof p);
  p.t = t;
  p.rg = rg;
  p.rung = r;
  p.njobs = rg->nconf * t->nw * t->ns;
  p.progress = progress;
  p.stop = stop;
  p.user = user;
  p.journal = journal;
  pthread_mutex_init(&p.lock, NULL);
  size_t pending = 0;
  pthread_mutex_lock(&p.lock);
  for (size_t j = 0; j < p.njobs; j++) {
    if (rg->jobs[j].state == JOB_PENDING) {
      pending++;
    } else {
      p.reused += rg->jobs[j].reused;
      job_finished(&p, &rg->jobs[j]);
    }
  }
  pthread_mutex_unlock(&p.lock);
  int nthreads = workers_wanted(t);
  if ((size_t)nthreads > pending)
    nthreads = pending ? (int)pending : 1;
  t->counts.workers = workers_wanted(t);
  pthread_t *tid = calloc((size_t)nthreads, sizeof *tid);
  int started = 0;
  /* the calling thread is one of the workers */
  for (int i = 1; tid && i < nthreads; i++) {
    if (pthread_create(&tid[started], NULL, worker, &p))
      break;
    started++;
  }
  worker(&p);
  for (int i = 0; i < started; i++)
    pthread_join(tid[i], NULL);
  free(tid);
  pthread_mutex_destroy(&p.lock);
  if (p.stopping)
    return FCSIM_EINTERRUPTED;
  rg->complete = 1;
  /* a later rung whose run length hits the floors of apply_budget builds
   * the same configuration again: let it find this one */
  for (size_t j = 0; j < p.njobs; j++) {
    const struct job *jb = &rg->jobs[j];
    if (jb->state != JOB_DONE || jb->reused || r == t->nprune)
      continue;
    char *key = xstrdup(jb->key);
    if (!key || fcsim__tune_cache_put(&t->cache, key, &jb->raw))
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  return 0;
}

/* --- scores --- */

/* Metric m of configuration k of rung r on workload w at every sweep point:
 * vals[s], ok[s]. Returns 1 if all are valid. */
int fcsim__tune_config_values(const struct fcsim_tune *t, int r, size_t k, size_t w, int m, double *vals,
                              unsigned char *ok)
{
  const struct rung *rg = &t->rungs[r];
  int all = 1;
  for (size_t s = 0, j = 0; s < t->ns; s++) {
    if (t->masked && !t->point_used[w * t->ns + s])
      continue;
    const struct job *jb = &rg->jobs[(k * t->nw + w) * t->ns + s];
    int v = 0;
    vals[j] = NAN;
    if (jb->state == JOB_DONE)
      vals[j] = fcsim__tune_metric_value(m, &jb->raw, t->min_vcs[w * t->nc + jb->c], &v);
    ok[j++] = (unsigned char)v;
    all &= v;
  }
  return all;
}

size_t fcsim__tune_npoints(const struct fcsim_tune *t, size_t w)
{
  if (!t->masked)
    return t->ns;
  size_t n = 0;
  for (size_t s = 0; s < t->ns; s++)
    n += t->point_used[w * t->ns + s];
  return n;
}

/* Whether any point of rung r on workload w gives metric m. */
int fcsim__tune_applicable(const struct fcsim_tune *t, int r, size_t w, int m)
{
  const struct rung *rg = &t->rungs[r];
  for (size_t k = 0; k < rg->nconf; k++)
    for (size_t s = 0; s < t->ns; s++) {
      const struct job *jb = &rg->jobs[(k * t->nw + w) * t->ns + s];
      int v = 0;
      if (jb->state == JOB_DONE)
        fcsim__tune_metric_value(m, &jb->raw, t->min_vcs[w * t->nc + jb->c], &v);
      if (v)
        return 1;
    }
  return 0;
}

/* Score of every configuration of rung r on workload w for metric m (the
 * geometric mean over the sweep): score[k], ok[k]. */
void fcsim__tune_workload_scores(const struct fcsim_tune *t, int r, size_t w, int m, double *score, unsigned char *ok,
                                 double *vals, unsigned char *vok)
{
  const struct rung *rg = &t->rungs[r];
  for (size_t k = 0; k < rg->nconf; k++) {
    ok[k] = (unsigned char)fcsim__tune_config_values(t, r, k, w, m, vals, vok);
    size_t np = fcsim__tune_npoints(t, w);
    score[k] = ok[k] && np ? fcsim__tune_geomean(vals, np) : NAN;
    if (isnan(score[k]))
      ok[k] = 0;
  }
}

/* Successive halving after rung r: keeps ceil(n / eta) configurations for
 * rung r + 1, scored per metric by the geometric mean over every workload
 * (that measures the metric) and sweep point. */
int fcsim__tune_prune(struct fcsim_tune *t, int r, struct fcsim_error *err)
{
  struct rung *rg = &t->rungs[r], *next = &t->rungs[r + 1];
  size_t n = rg->nconf, nm = t->nmetrics ? t->nmetrics : 1;
  double *scores = calloc(nm * n, sizeof *scores), *ws = calloc(n, sizeof *ws), *vals = calloc(t->ns, sizeof *vals);
  unsigned char *valid = calloc(nm * n, 1), *wok = calloc(n, 1), *vok = calloc(t->ns, 1);
  double *logsum = calloc(n, sizeof *logsum);
  size_t *keep = calloc(n, sizeof *keep);
  int hb[TUNE_MAX_METRICS];
  int rc = 0;
  if (!scores || !ws || !vals || !valid || !wok || !vok || !logsum || !keep) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto done;
  }
  for (size_t mi = 0; mi < t->nmetrics; mi++) {
    int m = t->metrics[mi];
    hb[mi] = fcsim__tune_metric_hb(m);
    size_t nwl = 0;
    memset(logsum, 0, n * sizeof *logsum);
    for (size_t k = 0; k < n; k++)
      valid[mi * n + k] = 1;
    for (size_t w = 0; w < t->nw; w++) {
      if (!fcsim__tune_applicable(t, r, w, m))
        continue;
      nwl++;
      fcsim__tune_workload_scores(t, r, w, m, ws, wok, vals, vok);
      for (size_t k = 0; k < n; k++) {
        if (!wok[k] || !(ws[k] > 0))
          valid[mi * n + k] = 0;
        else
          logsum[k] += log(ws[k]);
      }
    }
    for (size_t k = 0; k < n; k++) {
      if (!nwl)
        valid[mi * n + k] = 0;
      scores[mi * n + k] = valid[mi * n + k] ? exp(logsum[k] / (double)nwl) : NAN;
    }
  }
  size_t nkeep = fcsim__tune_survivors(scores, valid, hb, t->nmetrics, n, fcsim__tune_keep(n, t->opt.eta), keep);
  if (!(next->conf = malloc((nkeep ? nkeep : 1) * sizeof *next->conf))) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto done;
  }
  next->nconf = nkeep;
  for (size_t i = 0, k = 0; k < n; k++) {
    if (i < nkeep && keep[i] == k)
      next->conf[i++] = rg->conf[k];
    else
      t->pruned_at[rg->conf[k]] = r;
  }
done:
  free(scores);
  free(ws);
  free(vals);
  free(valid);
  free(wok);
  free(vok);
  free(logsum);
  free(keep);
  return rc;
}
