/* SPDX-License-Identifier: BSD-3-Clause */
/* The replications of one configuration, run on threads; see reps.h. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/common.h"
#include "cli/reps.h"

int cli_reps_default_jobs(void)
{
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)(n < 256 ? n : 256) : 1;
}

/* The cores that runs may use at once across every set of replications in
 * flight (a sweep's points): 0 while not shared (`fcsim run`). */
static struct {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  int cores, busy;
} budget = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};

void cli_reps_share_cores(int cores)
{
  pthread_mutex_lock(&budget.lock);
  budget.cores = cores > 0 ? cores : 0;
  pthread_mutex_unlock(&budget.lock);
}

static void core_take(void)
{
  pthread_mutex_lock(&budget.lock);
  while (budget.cores && budget.busy >= budget.cores)
    pthread_cond_wait(&budget.cond, &budget.lock);
  budget.busy++;
  pthread_mutex_unlock(&budget.lock);
}

static void core_give(void)
{
  pthread_mutex_lock(&budget.lock);
  budget.busy--;
  pthread_cond_signal(&budget.cond);
  pthread_mutex_unlock(&budget.lock);
}

/* Shared by the threads of one set of replications. */
struct reps_pool {
  struct cli_reps *r;
  pthread_mutex_t lock;
  int next, done;
  const struct fcsim_config *base;
  cli_reps_stop_f stop;
  void *stop_user;
};

static int quiet_progress(void *user, uint64_t cycle, uint64_t expected, const char *phase)
{
  const struct reps_pool *pool = user;
  (void)cycle, (void)expected, (void)phase;
  return cli_interrupted() || (pool->stop && pool->stop(pool->stop_user));
}

/* Builds and runs replication i (on one of the shared cores, if shared). */
static void rep_produce(struct cli_reps *r, const struct fcsim_config *base, int i, fcsim_progress_f progress,
                        void *user, struct fcsim_error *err)
{
  core_take();
  if (fcsim_config_replicate(base, i, &r->cfgs[i], err) || fcsim_sim_create(r->cfgs[i], &r->sims[i], err))
    r->run_rc[i] = -1;
  else
    r->run_rc[i] = fcsim_sim_run(r->sims[i], progress, user, err);
  core_give();
}

static void *rep_worker(void *arg)
{
  struct reps_pool *pool = arg;
  struct cli_reps *r = pool->r;
  for (;;) {
    pthread_mutex_lock(&pool->lock);
    int i = pool->next < r->n ? pool->next++ : -1;
    pthread_mutex_unlock(&pool->lock);
    if (i < 0)
      break;
    struct fcsim_error err = {0};
    rep_produce(r, pool->base, i, quiet_progress, pool, &err);
    pthread_mutex_lock(&pool->lock);
    if ((r->run_rc[i] && r->run_rc[i] != FCSIM_EDEADLOCK) && (r->failed < 0 || i < r->failed)) {
      r->failed = i;
      r->setup_failed = r->sims[i] == NULL;
      r->err = err;
    }
    pool->done++;
    pthread_mutex_unlock(&pool->lock);
  }
  return NULL;
}

/* The replications on `jobs` threads; the calling thread draws their count
 * when `draw`. */
static void run_threads(struct cli_reps *r, const struct fcsim_config *base, int jobs, int draw, cli_reps_stop_f stop,
                        void *stop_user)
{
  struct reps_pool pool = {.r = r, .base = base, .stop = stop, .stop_user = stop_user};
  pthread_mutex_init(&pool.lock, NULL);
  int nt = jobs < r->n ? jobs : r->n, started = 0;
  pthread_t *tid = calloc((size_t)nt, sizeof *tid);
  for (; tid && started < nt; started++)
    if (pthread_create(&tid[started], NULL, rep_worker, &pool))
      break;
  if (started == 0) /* no thread: this one does the work */
    rep_worker(&pool);
  while (draw && started) {
    pthread_mutex_lock(&pool.lock);
    int done = pool.done;
    pthread_mutex_unlock(&pool.lock);
    if (done >= r->n)
      break;
    cli_progress_steps("replications: ", done, r->n, "runs", 0);
    nanosleep(&(struct timespec){.tv_nsec = 200 * 1000 * 1000}, NULL);
  }
  for (int t = 0; t < started; t++)
    pthread_join(tid[t], NULL);
  free(tid);
  pthread_mutex_destroy(&pool.lock);
  if (draw)
    cli_progress_done();
}

int cli_reps_run(struct cli_reps *r, const struct fcsim_config *base, int jobs, const char *label, int draw,
                 unsigned json_flags, cli_reps_stop_f stop, void *stop_user)
{
  memset(r, 0, sizeof *r);
  r->failed = -1;
  r->n = fcsim_config_replications(base);
  r->cfgs = calloc((size_t)r->n, sizeof *r->cfgs);
  r->sims = calloc((size_t)r->n, sizeof *r->sims);
  r->run_rc = calloc((size_t)r->n, sizeof *r->run_rc);
  if (!r->cfgs || !r->sims || !r->run_rc) {
    r->failed = 0;
    r->setup_failed = 1;
    fcsim_error_set(&r->err, FCSIM_ENOMEM, "out of memory");
    return -1;
  }
  if (r->n > 1 && jobs > 1) {
    run_threads(r, base, jobs, draw, stop, stop_user);
  } else if (r->n > 1) { /* one at a time on this thread (MPI: only the main thread communicates) */
    struct reps_pool one = {.r = r, .base = base, .stop = stop, .stop_user = stop_user};
    for (int i = 0; i < r->n && r->failed < 0; i++) {
      char lab[64];
      snprintf(lab, sizeof lab, "replication %d/%d", i + 1, r->n);
      struct fcsim_error err = {0};
      if (draw)
        rep_produce(r, base, i, cli_progress, lab, &err);
      else
        rep_produce(r, base, i, quiet_progress, &one, &err);
      if (r->run_rc[i] && r->run_rc[i] != FCSIM_EDEADLOCK) {
        r->failed = i;
        r->setup_failed = r->sims[i] == NULL;
        r->err = err;
      }
    }
    if (draw)
      cli_progress_done();
  } else { /* one run: on this thread, with the usual progress line */
    struct reps_pool one = {.r = r, .base = base, .stop = stop, .stop_user = stop_user};
    if (draw)
      rep_produce(r, base, 0, cli_progress, (void *)label, &r->err);
    else
      rep_produce(r, base, 0, quiet_progress, &one, &r->err);
    if (draw)
      cli_progress_done();
    if (r->run_rc[0] && r->run_rc[0] != FCSIM_EDEADLOCK) {
      r->failed = 0;
      r->setup_failed = r->sims[0] == NULL;
    }
  }
  if (r->failed >= 0)
    return -1;
  if (fcsim_replicas_create(r->sims, r->n, json_flags, &r->comb, &r->err)) {
    r->failed = 0;
    return -1;
  }
  return 0;
}

void cli_reps_release(struct cli_reps *r)
{
  fcsim_replicas_destroy(r->comb);
  for (int i = 0; r->sims && i < r->n; i++)
    fcsim_sim_destroy(r->sims[i]);
  for (int i = 0; r->cfgs && i < r->n; i++)
    fcsim_config_destroy(r->cfgs[i]);
  free(r->sims), free(r->cfgs), free(r->run_rc);
  memset(r, 0, sizeof *r);
}
