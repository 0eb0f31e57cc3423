/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim sweep [CONFIG] --vary KEY=START:STOP:STEP [--vary ...]: one run per
 * point of the grid (the cross product of the --vary ranges, the first
 * --vary outermost), one table row, CSV row and JSON line per point. After a
 * saturated point the rest of the innermost range is skipped. --jobs N runs
 * N points at once and writes them in grid order: the same output. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "cli/reps.h"
#include "core/range.h"
#include "engine/report.h"
#include "fcsim/metrics.h"

#define SWEEP_MAX_POINTS 10000

/* One --vary range. */
struct vary {
  struct fcsim_range_spec spec; /* key and texts */
  double v[3];                  /* START, STOP, STEP */
  size_t n;                     /* number of points */
};

/* The grid being swept. */
struct grid {
  struct vary dim[CLI_MAX_VARY]; /* outermost first */
  int ndims;                     /* number of --vary */
  size_t npoints;                /* product of the dims' point counts */
};

static int parse_grid(const struct cli_opts *o, struct grid *g)
{
  struct fcsim_error err = {0};
  g->ndims = o->nvary;
  g->npoints = 1;
  for (int d = 0; d < o->nvary; d++) {
    struct vary *v = &g->dim[d];
    if (fcsim_range_split(o->vary[d], "--vary", &v->spec, &err) ||
        fcsim_range_numbers(&v->spec, "--vary", o->vary[d], v->v, &err) ||
        fcsim_range_count(v->v, SWEEP_MAX_POINTS, "--vary", o->vary[d], &v->n, &err)) {
      fcsim_cli_error("%s", err.msg);
      return -1;
    }
    if (!strcmp(v->spec.key, "sim.replications")) {
      fcsim_cli_error("--vary `%s`: give the number of replications with --replications N (every point has "
                      "the same)",
                      o->vary[d]);
      return -1;
    }
    for (int e = 0; e < d; e++)
      if (!strcmp(g->dim[e].spec.key, v->spec.key)) {
        fcsim_cli_error("--vary `%s`: key `%s` is already swept by `%s`", o->vary[d], v->spec.key, o->vary[e]);
        return -1;
      }
    if (g->npoints * v->n > SWEEP_MAX_POINTS) {
      fcsim_cli_error("--vary: the grid has more than %d points", SWEEP_MAX_POINTS);
      return -1;
    }
    g->npoints *= v->n;
  }
  return 0;
}

/* Which saturation criterion fired, in words, into buf. */
static void sweep_why(const struct fcsim_stats *s, char *buf, size_t size)
{
  const char *r = s->saturation_reason ? s->saturation_reason : "";
  if (!strcmp(r, "latency"))
    snprintf(buf, size,
             "latency: average %.1f cycles, zero-load %.1f, above sim.saturation_latency_factor or "
             "sim.saturation_latency",
             s->avg_latency, s->zero_load_latency);
  else if (!strcmp(r, "backlog"))
    snprintf(buf, size, "backlog: the source queues grew during the measurement window");
  else
    snprintf(buf, size, "drain: measured packets were still in flight at the end of the drain phase");
}

/* Index in dimension d of grid point p (the last dimension varies fastest). */
static size_t grid_index(const struct grid *g, size_t p, int d)
{
  size_t stride = 1;
  for (int e = g->ndims - 1; e > d; e--)
    stride *= g->dim[e].n;
  return (p / stride) % g->dim[d].n;
}

/* Applies point p to cfg; writes "k=v k=v" into label and the values into vals. */
static int apply_point(const struct grid *g, size_t p, struct fcsim_config *cfg, char *label, size_t size,
                       char vals[][32], struct fcsim_error *err)
{
  size_t len = 0;
  label[0] = '\0';
  for (int d = 0; d < g->ndims; d++) {
    snprintf(vals[d], 32, "%.10g", fcsim_range_value(g->dim[d].v, grid_index(g, p, d)));
    if (fcsim_config_set(cfg, g->dim[d].spec.key, vals[d], "--vary", err))
      return -1;
    if (len < size)
      len += (size_t)snprintf(label + len, size - len, "%s%s=%s", d ? " " : "", g->dim[d].spec.key, vals[d]);
  }
  return 0;
}

/* Checks every key and the first and last value of each before running anything. */
static int probe_grid(const struct grid *g, const struct fcsim_config *base)
{
  struct fcsim_error err = {0};
  char label[512], vals[CLI_MAX_VARY][32];
  size_t corners[2] = {0, g->npoints - 1};
  for (int c = 0; c < 2; c++) {
    struct fcsim_config *probe = fcsim_config_clone(base);
    int bad = !probe || apply_point(g, corners[c], probe, label, sizeof label, vals, &err) ||
              fcsim_config_validate(probe, &err);
    fcsim_config_destroy(probe);
    if (bad) {
      fcsim_cli_error("%s", err.msg[0] ? err.msg : "out of memory");
      return -1;
    }
  }
  return 0;
}

/* The sweep table's columns: the run's metrics whose view names a column
 * (include/fcsim/metrics.h), in the order declared. */
static int column_width(const struct fcsim_metric *m, int reps)
{
  int len = (int)strlen(m->view.column);
  return reps > 1 ? (len + 4 > 15 ? len + 4 : 15) : (len + 1 > 10 ? len + 1 : 10);
}

static void print_header(const struct grid *g, int reps)
{
  const struct fcsim_metric_table *t = fcsim_metric_table_find("run");
  for (int d = 0; d < g->ndims; d++)
    printf("%-14s ", g->dim[d].spec.key);
  for (size_t i = 0; i < t->n; i++)
    if (t->rows[i].view.column)
      printf("%*s ", column_width(&t->rows[i], reps), t->rows[i].view.column);
  printf(" %s\n", reps > 1 ? "state (mean +- 95 % CI half-width)" : "state");
}

/* A point's row: each column's value, or with replications its mean and the
 * half-width of its 95 % interval; `-` where it does not apply. */
static void print_row(const struct grid *g, char vals[][32], const struct fcsim_replicas *c, int n)
{
  const struct fcsim_metric_table *t = fcsim_metric_table_find("run");
  for (int d = 0; d < g->ndims; d++)
    printf("%-14s ", vals[d]);
  for (size_t i = 0; i < t->n; i++) {
    const struct fcsim_metric *m = &t->rows[i];
    if (!m->view.column)
      continue;
    struct fcsim_summary st;
    char cell[80] = "-";
    if (!strncmp(m->path, "metrics.", 8) && fcsim_replicas_metric(c, m->path + 8, &st))
      fcsim_metric_format(m, st.mean, n > 1 ? (st.ci95_high - st.ci95_low) / 2 : -1, cell, sizeof cell);
    printf("%*s ", column_width(m, n), cell);
  }
}

/* The state of a single run. */
static void print_state(const struct fcsim_stats *s)
{
  if (s->packets_measured == 0)
    printf(" %s\n", s->deadlock ? "DEADLOCK" : "no packet measured");
  else
    printf(" %s%s%s\n", s->deadlock ? "DEADLOCK" : s->saturated ? "saturated (" : "ok",
           s->saturated && !s->deadlock && s->saturation_reason ? s->saturation_reason : "",
           s->saturated && !s->deadlock ? ")" : "");
  fflush(stdout);
}

/* The state of replicated runs. */
static void print_state_reps(const struct fcsim_replicas *c, int n)
{
  int sat = fcsim_replicas_saturated(c), dl = fcsim_replicas_deadlocked(c);
  if (dl)
    printf(" DEADLOCK in %d of %d\n", dl, n);
  else if (sat)
    printf(" saturated in %d of %d\n", sat, n);
  else
    printf(" ok (%d runs)\n", n);
  fflush(stdout);
}

/* One point's run: made by a worker (or the main thread), written in grid
 * order by the main thread. */
struct point_run {
  struct fcsim_config *cfg;
  struct cli_reps reps; /* its replications (one run unless sim.replications > 1) */
  int setup_failed;     /* the point's configuration or network could not be made: err says why */
  int run_rc;           /* fcsim_sim_run's return (of the first replication that failed) */
  struct fcsim_error err;
  char label[512];
  char vals[CLI_MAX_VARY][32];
};

/* How a point runs: its replications' threads and JSON flags, and from a
 * pool worker (draw 0) the worker's stop test. */
struct point_how {
  int rep_jobs;
  unsigned json_flags;
  int draw;
  cli_reps_stop_f stop;
  void *stop_user;
};

/* Builds and runs point p into pr. */
static void point_produce(const struct grid *g, const struct fcsim_config *base, size_t p, struct point_run *pr,
                          const struct point_how *how)
{
  memset(pr, 0, sizeof *pr);
  pr->cfg = fcsim_config_clone(base);
  if (!pr->cfg || apply_point(g, p, pr->cfg, pr->label, sizeof pr->label, pr->vals, &pr->err)) {
    pr->setup_failed = 1;
    return;
  }
  if (cli_reps_run(&pr->reps, pr->cfg, how->rep_jobs, pr->label, how->draw, how->json_flags, how->stop,
                   how->stop_user)) {
    pr->setup_failed = pr->reps.setup_failed;
    pr->run_rc = pr->reps.setup_failed ? 0 : pr->reps.run_rc[pr->reps.failed];
    pr->err = pr->reps.err;
  } else if (pr->reps.n == 1 && pr->reps.run_rc[0] == FCSIM_EDEADLOCK) {
    pr->run_rc = FCSIM_EDEADLOCK;
    pr->err = pr->reps.err;
  }
}

static void point_release(struct point_run *pr)
{
  cli_reps_release(&pr->reps);
  fcsim_config_destroy(pr->cfg);
  pr->cfg = NULL;
}

/* The point's stats (of its first replication) when its runs completed (or
 * deadlocked), else NULL. */
static const struct fcsim_stats *point_stats(const struct point_run *pr)
{
  if (pr->setup_failed || (pr->run_rc && pr->run_rc != FCSIM_EDEADLOCK) || !pr->reps.comb)
    return NULL;
  return fcsim_sim_stats(pr->reps.sims[0]);
}

/* Saturated or deadlocked in any replication. */
static int point_stopped(const struct point_run *pr)
{
  return pr->reps.comb && (fcsim_replicas_saturated(pr->reps.comb) || fcsim_replicas_deadlocked(pr->reps.comb));
}

/* The writing side of a sweep. */
struct sweep_out {
  const struct cli_opts *o;
  const struct grid *g;
  struct cli_out *jo, *co;
  int show;              /* the table goes to stdout */
  struct fcsim_csv *csv; /* the CSV rows, written at the end with one header for all */
  int points;            /* points written */
  int exit_code;
  size_t skip_until; /* after saturation: first point of the next innermost range */
};

/* Writes point p (table row, JSON line, CSV row). Returns 0 to go on, or the
 * exit status that ends the sweep. */
static int point_emit(struct sweep_out *w, size_t p, struct point_run *pr)
{
  const struct grid *g = w->g;
  if (pr->setup_failed) {
    fcsim_cli_error("%s: %s", pr->label, pr->err.msg[0] ? pr->err.msg : "out of memory");
    return FCSIM_EXIT_USAGE;
  }
  if (pr->run_rc && pr->run_rc != FCSIM_EDEADLOCK) {
    if (pr->run_rc == FCSIM_EIO) {
      fcsim_cli_rank_error("%s: %s", pr->label, pr->err.msg);
      fcsim_cli_abort_job();
    } else {
      fcsim_cli_error("%s: %s", pr->label, pr->err.msg);
    }
    return cli_exit_for(pr->run_rc);
  }
  const struct fcsim_replicas *c = pr->reps.comb;
  const struct fcsim_stats *s = fcsim_sim_stats(pr->reps.sims[0]);
  for (int i = 0; i < pr->reps.n && !(s->saturated || s->deadlock); i++) /* the first that stopped, for why */
    s = fcsim_sim_stats(pr->reps.sims[i]);
  w->points++;
  if (w->show) {
    print_row(g, pr->vals, c, pr->reps.n);
    if (pr->reps.n == 1)
      print_state(s);
    else
      print_state_reps(c, pr->reps.n);
  }
  if (w->jo->f && fcsim_replicas_write_json(c, w->jo->f, FCSIM_JSON_COMPACT, &pr->err))
    w->exit_code = FCSIM_EXIT_FAIL;
  if (w->csv && fcsim__replicas_csv_add(w->csv, c, &pr->err))
    w->exit_code = FCSIM_EXIT_FAIL;
  if (fcsim_replicas_deadlocked(c)) {
    if (pr->reps.n == 1)
      fcsim_cli_error("%s: %s", pr->label, pr->err.msg);
    else
      fcsim_cli_error("%s: %d of %d replications deadlocked", pr->label, fcsim_replicas_deadlocked(c), pr->reps.n);
    w->exit_code = FCSIM_EXIT_FAIL;
  }
  if (point_stopped(pr)) {
    size_t inner = g->dim[g->ndims - 1].n;
    w->skip_until = (p / inner + 1) * inner;
    char why[192] = "";
    if (s->saturated && !s->deadlock)
      sweep_why(s, why, sizeof why);
    if (w->show)
      printf("(stopped: the network saturated at %s%s%s%s)\n", pr->label, why[0] ? ": " : "", why,
             w->skip_until > p + 1 ? "; the rest of its range is skipped" : "");
  }
  return 0;
}

/* After a point is written: 130 when Ctrl-C asked the sweep to stop, else 0. */
static int after_point(void)
{
  if (!cli_interrupted())
    return 0;
  fcsim_cli_error("interrupted; the points above are complete and written");
  return 130;
}

/* Runs the grid one point after the other, writing every point; returns the
 * exit status. */
static int run_grid(struct sweep_out *w, const struct fcsim_config *base, const struct point_how *how)
{
  const struct grid *g = w->g;
  for (size_t p = 0; p < g->npoints; p++) {
    if (p < w->skip_until)
      continue;
    struct point_run pr;
    cli_progress_points((long)p, (long)g->npoints);
    point_produce(g, base, p, &pr, how);
    cli_progress_done();
    int stop = point_emit(w, p, &pr);
    point_release(&pr);
    if ((stop = stop ? stop : after_point()))
      return stop;
  }
  return w->exit_code;
}

/* --jobs N: points run on N threads at once and are written in grid order,
 * so the output is the same bytes as one point after the other (apart from
 * each JSON line's execution block). A point is not started when an earlier
 * point of its innermost range is known to have saturated (the writer would
 * skip it); one started before that is known is run and dropped. At most
 * 2 x N points are held, finished or running, ahead of the writer. */
enum { POINT_WAITING, POINT_RUNNING, POINT_DONE, POINT_DROPPED };

struct sweep_pool {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  const struct grid *g;
  const struct fcsim_config *base;
  struct point_how how;    /* json flags */
  struct point_run *runs;  /* [npoints] */
  unsigned char *state;    /* [npoints] POINT_* */
  size_t *saturated_first; /* [innermost ranges] first point known to saturate or deadlock, or SIZE_MAX */
  size_t next;             /* first point no worker has taken */
  size_t written;          /* points before it are written or skipped */
  size_t window;           /* points taken may run at most this far ahead of `written` */
  size_t finished;         /* points finished or dropped (progress) */
  int stop;                /* the writer stopped: run no more (read unlocked by runs in progress) */
};

/* One worker: the pool and the point it runs. */
struct pool_worker {
  struct sweep_pool *sp;
  size_t p;
};

/* A running point stops when the sweep stops, or when an earlier point of
 * its range saturated (the writer skips it). */
static int pool_progress(void *user, uint64_t cycle, uint64_t expected, const char *phase)
{
  const struct pool_worker *wk = user;
  const struct sweep_pool *sp = wk->sp;
  size_t range = wk->p / sp->g->dim[sp->g->ndims - 1].n;
  return cli_interrupted() || __atomic_load_n(&sp->stop, __ATOMIC_RELAXED) ||
         __atomic_load_n(&sp->saturated_first[range], __ATOMIC_RELAXED) < wk->p;
}

static int pool_stop(void *user)
{
  return pool_progress(user, 0, 0, NULL);
}

static void *pool_worker(void *arg)
{
  struct pool_worker *wk = arg;
  struct sweep_pool *sp = wk->sp;
  const size_t inner = sp->g->dim[sp->g->ndims - 1].n;
  pthread_mutex_lock(&sp->lock);
  for (;;) {
    while (!sp->stop && sp->next < sp->g->npoints && sp->next >= sp->written + sp->window)
      pthread_cond_wait(&sp->cond, &sp->lock);
    if (sp->stop || sp->next >= sp->g->npoints)
      break;
    size_t p = sp->next++, range = p / inner;
    if (sp->saturated_first[range] < p) {
      sp->state[p] = POINT_DROPPED;
      sp->finished++;
      pthread_cond_broadcast(&sp->cond);
      continue;
    }
    sp->state[p] = POINT_RUNNING;
    wk->p = p;
    pthread_mutex_unlock(&sp->lock);
    struct point_how how = sp->how;
    how.draw = 0, how.stop = pool_stop, how.stop_user = wk; /* rep_jobs: 1, or the shared cores */
    point_produce(sp->g, sp->base, p, &sp->runs[p], &how);
    const struct fcsim_stats *s = point_stats(&sp->runs[p]);
    pthread_mutex_lock(&sp->lock);
    if (s && point_stopped(&sp->runs[p]) && p < sp->saturated_first[range])
      __atomic_store_n(&sp->saturated_first[range], p, __ATOMIC_RELAXED);
    sp->state[p] = POINT_DONE;
    sp->finished++;
    pthread_cond_broadcast(&sp->cond);
  }
  pthread_mutex_unlock(&sp->lock);
  return NULL;
}

/* Waits (lock held) until point p is finished, drawing the sweep's progress. */
static void pool_wait(struct sweep_pool *sp, size_t p)
{
  while (sp->state[p] == POINT_WAITING || sp->state[p] == POINT_RUNNING) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 200 * 1000 * 1000;
    if (until.tv_nsec >= 1000 * 1000 * 1000) {
      until.tv_sec++;
      until.tv_nsec -= 1000 * 1000 * 1000;
    }
    pthread_cond_timedwait(&sp->cond, &sp->lock, &until);
    cli_progress_steps("sweep: ", (double)sp->finished, (double)sp->g->npoints, "points", 0);
  }
}

/* The writer: takes the points in grid order as the workers finish them. */
static int pool_write(struct sweep_pool *sp, struct sweep_out *w)
{
  for (size_t p = 0; p < sp->g->npoints; p++) {
    int stop = 0;
    pthread_mutex_lock(&sp->lock);
    if (p < w->skip_until) { /* not written: a run still going is stopped, and freed at the end */
      if (sp->state[p] == POINT_DONE)
        point_release(&sp->runs[p]);
    } else {
      pool_wait(sp, p);
      pthread_mutex_unlock(&sp->lock);
      if (sp->state[p] != POINT_DONE) { /* dropped: only after a saturated point of its range */
        fcsim_cli_error("internal error: sweep point %zu was dropped but is needed", p + 1);
        stop = FCSIM_EXIT_FAIL;
      } else {
        cli_progress_done();
        stop = point_emit(w, p, &sp->runs[p]);
      }
      point_release(&sp->runs[p]);
      pthread_mutex_lock(&sp->lock);
    }
    sp->written = p + 1;
    pthread_cond_broadcast(&sp->cond);
    pthread_mutex_unlock(&sp->lock);
    if ((stop = stop ? stop : after_point()))
      return stop;
  }
  return w->exit_code;
}

/* Runs the grid on `jobs` threads; returns the exit status. */
static int run_grid_parallel(struct sweep_out *w, const struct fcsim_config *base, int jobs,
                             const struct point_how *how)
{
  const struct grid *g = w->g;
  const size_t inner = g->dim[g->ndims - 1].n;
  /* points held ahead of the writer: 2 x jobs runs' worth (with replications
   * sharing the cores, 2 x jobs / replications points, at least 2) */
  size_t reps = (size_t)fcsim_config_replications(base), window = 2 * (size_t)jobs;
  if (how->rep_jobs > 1)
    window = 2 * (((size_t)jobs + reps - 1) / reps) > 2 ? 2 * (((size_t)jobs + reps - 1) / reps) : 2;
  struct sweep_pool sp = {.g = g, .base = base, .how = *how, .window = window};
  sp.runs = calloc(g->npoints, sizeof *sp.runs);
  sp.state = calloc(g->npoints, 1);
  sp.saturated_first = malloc(g->npoints / inner * sizeof *sp.saturated_first);
  pthread_t *tid = calloc((size_t)jobs, sizeof *tid);
  struct pool_worker *wk = calloc((size_t)jobs, sizeof *wk);
  if (!sp.runs || !sp.state || !sp.saturated_first || !tid || !wk) {
    free(sp.runs), free(sp.state), free(sp.saturated_first), free(tid), free(wk);
    fcsim_cli_error("out of memory");
    return FCSIM_EXIT_FAIL;
  }
  for (size_t r = 0; r < g->npoints / inner; r++)
    sp.saturated_first[r] = SIZE_MAX;
  pthread_mutex_init(&sp.lock, NULL);
  pthread_cond_init(&sp.cond, NULL);
  int started = 0;
  for (; started < jobs; started++) {
    wk[started].sp = &sp;
    if (pthread_create(&tid[started], NULL, pool_worker, &wk[started]))
      break;
  }
  int exit_code;
  if (started == 0) {
    fcsim_cli_error("could not start a thread for --jobs");
    exit_code = FCSIM_EXIT_FAIL;
  } else {
    exit_code = pool_write(&sp, w);
  }
  pthread_mutex_lock(&sp.lock);
  __atomic_store_n(&sp.stop, 1, __ATOMIC_RELAXED);
  pthread_cond_broadcast(&sp.cond);
  pthread_mutex_unlock(&sp.lock);
  for (int i = 0; i < started; i++)
    pthread_join(tid[i], NULL);
  cli_progress_done();
  for (size_t p = 0; p < g->npoints; p++)
    point_release(&sp.runs[p]);
  pthread_cond_destroy(&sp.cond);
  pthread_mutex_destroy(&sp.lock);
  free(sp.runs), free(sp.state), free(sp.saturated_first), free(tid), free(wk);
  return exit_code;
}

int fcsim_cmd_sweep(int argc, char **argv)
{
  struct cli_opts o;
  struct grid g;
  int rc = cli_parse(argc, argv, &o, CLI_ALLOW_VARY | CLI_ALLOW_REPS, cli_usage("sweep"));
  if (rc)
    return rc;
  if (o.help) {
    fputs(cli_usage("sweep"), stdout);
    return FCSIM_EXIT_OK;
  }
  if (o.quiet && !o.json_path && !o.csv_path) {
    fcsim_cli_error("--quiet without --json or --csv would discard every result; give an output file or drop --quiet");
    return FCSIM_EXIT_USAGE;
  }
  if (!o.nvary) {
    fcsim_cli_error("sweep needs --vary KEY=START:STOP:STEP\n%s", cli_usage("sweep"));
    return FCSIM_EXIT_USAGE;
  }
  if (parse_grid(&o, &g))
    return FCSIM_EXIT_USAGE;
  if (o.jobs > 1 && fcsim_cli_nranks() > 1) {
    fcsim_cli_error("--jobs %d: with MPI ranks each point is already split over the ranks; use --jobs 1", o.jobs);
    return FCSIM_EXIT_USAGE;
  }
  if (fcsim_cli_rank() != 0) /* rank 0 writes the results */
    o.json_path = o.csv_path = NULL;
  const char *outs[] = {o.json_path, o.csv_path}, *ins[] = {o.config_path};
  if (!fcsim_cli_agree(!cli_out_check_paths(outs, 2, ins, 1)))
    return FCSIM_EXIT_USAGE;
  struct fcsim_config *base = cli_load_config(&o);
  if (!base)
    return FCSIM_EXIT_USAGE;
  if (!fcsim_cli_agree(!cli_out_check_config_inputs(outs, 2, base) &&
                       !cli_json_may_replace(o.json_path, "sweep", o.force)) ||
      probe_grid(&g, base)) {
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  struct cli_out jo, co;
  cli_out_install_signals();
  if (cli_out_open(&jo, o.json_path) || cli_out_open(&co, o.csv_path)) {
    fcsim_cli_agree(0);
    cli_out_abort(&jo);
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  if (!fcsim_cli_agree(1)) { /* another rank (rank 0: a bad output path) refused */
    cli_out_abort(&jo);
    cli_out_abort(&co);
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  cli_progress_install_all();
  struct sweep_out w = {.o = &o, .g = &g, .jo = &jo, .co = &co, .exit_code = FCSIM_EXIT_OK};
  if (co.f && !(w.csv = fcsim__sim_csv_new())) {
    fcsim_cli_error("out of memory");
    cli_out_abort(&jo);
    cli_out_abort(&co);
    fcsim_config_destroy(base);
    return FCSIM_EXIT_FAIL;
  }
  w.show = !o.quiet && jo.f != stdout && co.f != stdout;
  if (w.show)
    print_header(&g, fcsim_config_replications(base));
  int jobs = o.jobs ? o.jobs : 1;
  struct point_how how = {.rep_jobs = 1,
                          .draw = 1,
                          .json_flags =
                              (o.with_links ? FCSIM_JSON_LINKS : 0) | (o.with_histogram ? FCSIM_JSON_HISTOGRAM : 0)};
  if (fcsim_config_replications(base) > 1) { /* (point x replication) runs spread over the cores */
    how.rep_jobs = fcsim_cli_nranks() > 1 ? 1 : o.jobs ? o.jobs : cli_reps_default_jobs();
    jobs = how.rep_jobs;
    if (jobs > 1 && g.npoints > 1)
      cli_reps_share_cores(jobs);
  }
  int exit_code = jobs > 1 && g.npoints > 1 ? run_grid_parallel(&w, base, jobs, &how) : run_grid(&w, base, &how);
  /* complete points are kept, also after Ctrl-C, SIGTERM or SIGHUP; a bad
   * point writes nothing, and a sweep stopped before its first point leaves
   * the old files as they were */
  if (exit_code == FCSIM_EXIT_USAGE || (exit_code == 130 && w.points == 0)) {
    cli_out_abort(&jo);
    cli_out_abort(&co);
  } else {
    struct fcsim_error err;
    if (w.csv && fcsim_csv_write(w.csv, co.f, &err)) {
      fcsim_cli_error("%s: %s", o.csv_path, err.msg);
      exit_code = FCSIM_EXIT_FAIL;
    }
    if (cli_out_commit(&jo))
      exit_code = FCSIM_EXIT_FAIL;
    if (cli_out_commit(&co))
      exit_code = FCSIM_EXIT_FAIL;
  }
  fcsim_csv_free(w.csv);
  fcsim_config_destroy(base);
  return exit_code;
}
