/* `fcsim tune`: the search engine (include/fcsim/tune.h). It builds the
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

#define TUNE_MAX_DIMS 16
#define TUNE_MAX_METRICS 16
#define TUNE_MAX_RUNGS 8
#define TUNE_MAX_CONFIGS 1000000
#define TUNE_MAX_VALUES 10000

/* One dimension of the space or of the sweep. */
struct dim {
  char *key;      /* "section.name", from malloc */
  size_t n;       /* number of values */
  char **values;  /* from malloc */
};

struct workload {
  char *name;                /* from malloc */
  struct fcsim_config *cfg;  /* owned copy */
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
  double budget;     /* fraction of the full run length */
  size_t nconf;      /* configurations run here */
  size_t *conf;      /* their indices, ascending, from malloc */
  struct job *jobs;  /* nconf * nw * ns, index (k * nw + w) * ns + s */
  int built, complete;
  char budget_text[160]; /* the run-length keys at this budget (first workload) */
};

/* Analysis of one metric on one workload. */
struct wres {
  int applicable;     /* some point gave a valid value */
  long best;          /* configuration index, -1: none */
  double best_score;  /* G over the sweep of the best configuration (full budget) */
  double avg_score;   /* G over the sweep of the average over configurations */
  double gain, oracle_gain;
  long nvalid;
  int best_vcs;       /* router.vcs of the best configuration */
  int fewest_vcs;     /* smallest router.vcs within the tolerance, -1: n/a */
  long fewest_at;     /* the configuration reaching it */
  int busy_vcs;       /* most VCs the best configuration ever used (over the sweep) */
  int gain_rung;      /* rung whose data gave the gain (0 when pruned) */
};

/* Analysis of one metric across workloads (Table 5.5). */
struct gres {
  int applicable;     /* at least two workloads measure it */
  long best;
  double score, gain;
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
  size_t nc, ns;             /* configurations, sweep points */
  unsigned char *feasible;   /* [nc] */
  char **infeasible_msg;     /* [nc], from malloc */
  size_t nfeasible;
  int *vcs, *min_vcs;        /* [w * nc + c]: router.vcs, the floor of `area` */
  int vcs_vary;              /* feasible configurations differ in router.vcs */
  int nprune;                /* pruning rungs R; rungs 0..R are run */
  struct rung rungs[TUNE_MAX_RUNGS];
  int *pruned_at;            /* [nc]: rung that dropped it, -1 */

  int analysed;
  struct wres *wres;         /* [w * nmetrics + m] */
  struct gres gres[TUNE_MAX_METRICS];
  struct fcsim_tune_counts counts;
  int interrupted;
};

/* --- small helpers --- */

static char *xstrdup(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

static void dim_free(struct dim *d)
{
  free(d->key);
  for (size_t i = 0; i < d->n; i++)
    free(d->values[i]);
  free(d->values);
  memset(d, 0, sizeof *d);
}

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Value index of dimension d for configuration c (last dimension fastest). */
static size_t space_index(const struct fcsim_tune *t, size_t c, size_t d)
{
  size_t stride = 1;
  for (size_t e = t->nspace; e-- > d + 1;)
    stride *= t->space[e].n;
  return (c / stride) % t->space[d].n;
}

static size_t vary_index(const struct fcsim_tune *t, size_t s, size_t d)
{
  size_t stride = 1;
  for (size_t e = t->nvary; e-- > d + 1;)
    stride *= t->vary[e].n;
  return (s / stride) % t->vary[d].n;
}

/* "romm/of/9": the space values of c joined by '/'. */
static void config_label(const struct fcsim_tune *t, size_t c, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t d = 0; d < t->nspace && len < size; d++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s", d ? "/" : "", t->space[d].values[space_index(t, c, d)]);
}

/* "traffic.rate=0.5 traffic.packet_size=2kb", or "" without a sweep. */
static void sweep_label(const struct fcsim_tune *t, size_t s, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t d = 0; d < t->nvary && len < size; d++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s=%s", d ? " " : "", t->vary[d].key,
                            t->vary[d].values[vary_index(t, s, d)]);
}

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

/* Appends a value to a dimension. */
static int dim_push(struct dim *d, const char *s, size_t n)
{
  if (d->n >= TUNE_MAX_VALUES)
    return FCSIM_ERANGE;
  char **v = realloc(d->values, (d->n + 1) * sizeof *v);
  if (!v)
    return FCSIM_ENOMEM;
  d->values = v;
  if (!(d->values[d->n] = malloc(n + 1)))
    return FCSIM_ENOMEM;
  memcpy(d->values[d->n], s, n);
  d->values[d->n][n] = '\0';
  d->n++;
  return 0;
}

/* Parses "key=..." into d: a list "v1,v2" or, when `ranges` and the text is
 * three numbers START:STOP:STEP, the values of that range. Checks the key
 * and every value against the registry. `what` names the option. */
static int parse_dim(struct fcsim_tune *t, const char *spec, int ranges, const char *what, struct dim *d,
                     struct fcsim_error *err)
{
  memset(d, 0, sizeof *d);
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec || !eq[1])
    return fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: expected section.key=%s", what, spec,
                           ranges ? "START:STOP:STEP or section.key=v1,v2,..." : "v1,v2,...");
  if (!(d->key = malloc((size_t)(eq - spec) + 1)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  memcpy(d->key, spec, (size_t)(eq - spec));
  d->key[eq - spec] = '\0';
  int rc = 0;
  const char *v = eq + 1;
  if (ranges && fcsim_range_is_range(spec)) {
    struct fcsim_range_spec r;
    double rv[3];
    size_t n;
    if ((rc = fcsim_range_split(spec, what, &r, err)) || (rc = fcsim_range_numbers(&r, what, spec, rv, err)) ||
        (rc = fcsim_range_count(rv, TUNE_MAX_VALUES, what, spec, &n, err)))
      goto fail;
    for (size_t i = 0; i < n; i++) {
      char num[64];
      int len = snprintf(num, sizeof num, "%.10g", fcsim_range_value(rv, i));
      if ((rc = dim_push(d, num, (size_t)len)))
        goto nomem;
    }
  } else {
    for (const char *p = v;;) {
      const char *comma = strchr(p, ',');
      const char *e = comma ? comma : p + strlen(p);
      const char *s0 = p;
      while (s0 < e && *s0 == ' ')
        s0++;
      while (e > s0 && e[-1] == ' ')
        e--;
      if (e == s0) {
        rc = fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: empty value in the list", what, spec);
        goto fail;
      }
      if ((rc = dim_push(d, s0, (size_t)(e - s0)))) {
        if (rc == FCSIM_ERANGE) {
          rc = fcsim_error_set(err, rc, "%s `%s`: more than %d values", what, spec, TUNE_MAX_VALUES);
          goto fail;
        }
        goto nomem;
      }
      if (!comma)
        break;
      p = comma + 1;
    }
  }
  /* every value must be a valid value of a known key */
  struct fcsim_config *probe = fcsim_config_create();
  if (!probe)
    goto nomem;
  for (size_t i = 0; i < d->n; i++) {
    if ((rc = fcsim_config_set(probe, d->key, d->values[i], what, err))) {
      fcsim_config_destroy(probe);
      goto fail;
    }
  }
  fcsim_config_destroy(probe);
  for (size_t i = 0; i < d->n; i++)
    for (size_t j = 0; j < i; j++)
      if (!strcmp(d->values[i], d->values[j])) {
        rc = fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: value `%s` given twice", what, spec, d->values[i]);
        goto fail;
      }
  (void)t;
  return 0;
nomem:
  rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
fail:
  dim_free(d);
  return rc;
}

static int key_used(const struct fcsim_tune *t, const char *key)
{
  for (size_t d = 0; d < t->nspace; d++)
    if (!strcmp(t->space[d].key, key))
      return 1;
  for (size_t d = 0; d < t->nvary; d++)
    if (!strcmp(t->vary[d].key, key))
      return 1;
  return 0;
}

static int add_dim(struct fcsim_tune *t, const char *spec, int is_vary, struct fcsim_error *err)
{
  const char *what = is_vary ? "--vary" : "--space";
  if (t->prepared)
    return fcsim_error_set(err, FCSIM_EINVAL, "tune: %s must be given before the run", what);
  size_t *n = is_vary ? &t->nvary : &t->nspace;
  if (*n >= TUNE_MAX_DIMS)
    return fcsim_error_set(err, FCSIM_ERANGE, "%s: at most %d dimensions", what, TUNE_MAX_DIMS);
  struct dim d;
  int rc = parse_dim(t, spec, is_vary, what, &d, err);
  if (rc)
    return rc;
  if (key_used(t, d.key)) {
    rc = fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: key `%s` is already in --space or --vary", what, spec, d.key);
    dim_free(&d);
    return rc;
  }
  (is_vary ? t->vary : t->space)[(*n)++] = d;
  return 0;
}

int fcsim_tune_add_space(struct fcsim_tune *t, const char *spec, struct fcsim_error *err)
{
  return add_dim(t, spec, 0, err);
}

int fcsim_tune_add_vary(struct fcsim_tune *t, const char *spec, struct fcsim_error *err)
{
  return add_dim(t, spec, 1, err);
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
                 fcsim__tune_metrics[i].name);
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
    fprintf(out, "  %-16s (%s) %s\n", fcsim__tune_metrics[i].name, fcsim__tune_metrics[i].hb ? "max" : "min",
            fcsim__tune_metrics[i].help);
}

int fcsim_tune_load_previous(struct fcsim_tune *t, const char *path, long *nrecords, struct fcsim_error *err)
{
  return fcsim__tune_cache_load(&t->cache, &t->cat, path, nrecords, err);
}

/* --- building points --- */

static int set_number(struct fcsim_config *cfg, const char *key, long long v, struct fcsim_error *err)
{
  char num[32];
  snprintf(num, sizeof num, "%lld", v);
  return fcsim_config_set(cfg, key, num, "tune budget", err);
}

static double get_number(const struct fcsim_config *cfg, const char *key)
{
  const char *s = fcsim_config_get(cfg, key);
  return s ? strtod(s, NULL) : 0;
}

/* Shortens a run to `budget` of its length: batch workloads send fewer
 * packets per node, continuous ones measure (and warm up) for fewer cycles,
 * with floors that keep a short run meaningful. */
static int apply_budget(struct fcsim_config *cfg, double budget, struct fcsim_error *err)
{
  if (budget >= 1.0)
    return 0;
  const char *mode = fcsim_config_get(cfg, "traffic.mode");
  if (mode && !strcmp(mode, "batch")) {
    double bp = get_number(cfg, "traffic.batch_packets");
    long long n = llround(bp * budget);
    return set_number(cfg, "traffic.batch_packets", n < 1 ? 1 : n, err);
  }
  double measure = get_number(cfg, "sim.measure_cycles"), warm = get_number(cfg, "sim.warmup_cycles");
  long long m = llround(measure * budget), wu = llround(warm * budget);
  long long mfloor = measure < 1000 ? (long long)measure : 1000, wfloor = warm < 500 ? (long long)warm : 500;
  int rc = set_number(cfg, "sim.measure_cycles", m < mfloor ? mfloor : m, err);
  if (!rc)
    rc = set_number(cfg, "sim.warmup_cycles", wu < wfloor ? wfloor : wu, err);
  return rc;
}

/* Builds (and validates) the configuration of configuration c on workload
 * w at sweep point s and run length `budget`. */
static int build_config(const struct fcsim_tune *t, size_t w, size_t s, size_t c, double budget,
                        struct fcsim_config **out, struct fcsim_error *err)
{
  *out = NULL;
  struct fcsim_config *cfg = fcsim_config_clone(t->wl[w].cfg);
  if (!cfg)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = 0;
  for (size_t d = 0; d < t->nvary && !rc; d++)
    rc = fcsim_config_set(cfg, t->vary[d].key, t->vary[d].values[vary_index(t, s, d)], "--vary", err);
  for (size_t d = 0; d < t->nspace && !rc; d++)
    rc = fcsim_config_set(cfg, t->space[d].key, t->space[d].values[space_index(t, c, d)], "--space", err);
  if (!rc)
    rc = apply_budget(cfg, budget, err);
  if (!rc)
    rc = fcsim_config_validate(cfg, err);
  if (rc) {
    fcsim_config_destroy(cfg);
    return rc;
  }
  *out = cfg;
  return 0;
}

/* Fewest VCs a configuration could be built with: a torus with dateline
 * classes needs two. */
static int min_vcs_of(const struct fcsim_config *cfg)
{
  const char *topo = fcsim_config_get(cfg, "network.topology");
  const char *dl = fcsim_config_get(cfg, "router.dateline");
  return topo && !strcmp(topo, "torus") && (!dl || strcmp(dl, "off")) ? 2 : 1;
}

/* A comma list "a, b" as "a,b" for a space spec. */
static void squeeze_list(const char *in, char *out, size_t size)
{
  size_t n = 0;
  for (; *in && n + 1 < size; in++)
    if (*in != ' ')
      out[n++] = *in;
  out[n] = '\0';
}

static int default_space(struct fcsim_tune *t, struct fcsim_error *err)
{
  char spec[1024], list[900];
  squeeze_list(t->cat.routing, list, sizeof list);
  snprintf(spec, sizeof spec, "routing.algorithm=%s", list);
  int rc = fcsim_tune_add_space(t, spec, err);
  squeeze_list(t->cat.arbitration, list, sizeof list);
  snprintf(spec, sizeof spec, "router.arbitration=%s", list);
  if (!rc)
    rc = fcsim_tune_add_space(t, spec, err);
  /* 5 and 7 VCs cost the area of 6 and 8 (Table 4.2: same reduction tree),
   * so the VC counts worth building are those where the area steps up. */
  if (!rc)
    rc = fcsim_tune_add_space(t, "router.vcs=2,3,4,6,8,9", err);
  return rc;
}

static int workload_is_batch(const struct fcsim_tune *t, size_t w)
{
  for (size_t d = 0; d < t->nvary; d++)
    if (!strcmp(t->vary[d].key, "traffic.mode"))
      for (size_t i = 0; i < t->vary[d].n; i++)
        if (!strcmp(t->vary[d].values[i], "batch"))
          return 1;
  for (size_t d = 0; d < t->nspace; d++)
    if (!strcmp(t->space[d].key, "traffic.mode"))
      for (size_t i = 0; i < t->space[d].n; i++)
        if (!strcmp(t->space[d].values[i], "batch"))
          return 1;
  const char *mode = fcsim_config_get(t->wl[w].cfg, "traffic.mode");
  return mode && !strcmp(mode, "batch");
}

int fcsim_tune_prepare(struct fcsim_tune *t, struct fcsim_error *err)
{
  if (t->prepared)
    return 0;
  if (t->nw == 0)
    return fcsim_error_set(err, FCSIM_EINVAL, "tune: no workload (give at least one CONFIG)");
  int rc;
  if (t->nspace == 0 && (rc = default_space(t, err)))
    return rc;
  if (!t->metrics_set) {
    int batch = 0;
    for (size_t w = 0; w < t->nw; w++)
      batch |= workload_is_batch(t, w);
    static const char *const defaults[] = {"total_latency", "avg_latency", "worst_latency", "recv_throughput", "area"};
    for (size_t i = batch ? 0 : 1; i < sizeof defaults / sizeof defaults[0]; i++)
      t->metrics[t->nmetrics++] = fcsim__tune_metric_find(defaults[i]);
  }
  t->nc = 1;
  for (size_t d = 0; d < t->nspace; d++) {
    if (t->nc * t->space[d].n > TUNE_MAX_CONFIGS)
      return fcsim_error_set(err, FCSIM_ERANGE, "tune: the space has more than %d configurations", TUNE_MAX_CONFIGS);
    t->nc *= t->space[d].n;
  }
  t->ns = 1;
  for (size_t d = 0; d < t->nvary; d++) {
    if (t->ns * t->vary[d].n > TUNE_MAX_VALUES)
      return fcsim_error_set(err, FCSIM_ERANGE, "tune: the sweep has more than %d points", TUNE_MAX_VALUES);
    t->ns *= t->vary[d].n;
  }
  t->feasible = calloc(t->nc, 1);
  t->infeasible_msg = calloc(t->nc, sizeof *t->infeasible_msg);
  t->vcs = calloc(t->nc * t->nw, sizeof *t->vcs);
  t->min_vcs = calloc(t->nc * t->nw, sizeof *t->min_vcs);
  t->pruned_at = malloc(t->nc * sizeof *t->pruned_at);
  t->wres = calloc(t->nw * (t->nmetrics ? t->nmetrics : 1), sizeof *t->wres);
  if (!t->feasible || !t->infeasible_msg || !t->vcs || !t->min_vcs || !t->pruned_at || !t->wres)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  /* every point is checked here, in the calling thread (see the file header) */
  struct fcsim_error sub;
  for (size_t c = 0; c < t->nc; c++) {
    t->pruned_at[c] = -1;
    t->feasible[c] = 1;
    for (size_t w = 0; w < t->nw && t->feasible[c]; w++)
      for (size_t s = 0; s < t->ns && t->feasible[c]; s++) {
        struct fcsim_config *cfg;
        memset(&sub, 0, sizeof sub);
        if ((rc = build_config(t, w, s, c, 1.0, &cfg, &sub))) {
          if (rc == FCSIM_ENOMEM)
            return fcsim_error_set(err, rc, "out of memory");
          char label[256], sw[512];
          config_label(t, c, label, sizeof label);
          sweep_label(t, s, sw, sizeof sw);
          size_t need = strlen(label) + strlen(sw) + strlen(t->wl[w].name) + strlen(sub.msg) + 16;
          char *msg = malloc(need);
          if (msg)
            snprintf(msg, need, "%s (%s%s%s): %s", label, t->wl[w].name, sw[0] ? ", " : "", sw, sub.msg);
          t->infeasible_msg[c] = msg;
          t->feasible[c] = 0;
          break;
        }
        if (s == 0) {
          t->vcs[w * t->nc + c] = (int)get_number(cfg, "router.vcs");
          t->min_vcs[w * t->nc + c] = min_vcs_of(cfg);
        }
        fcsim_config_destroy(cfg);
      }
    t->nfeasible += t->feasible[c];
  }
  for (size_t w = 0; w < t->nw; w++) {
    long first = -1;
    for (size_t c = 0; c < t->nc; c++) {
      if (!t->feasible[c])
        continue;
      if (first < 0)
        first = (long)c;
      else if (t->vcs[w * t->nc + c] != t->vcs[w * t->nc + (size_t)first])
        t->vcs_vary = 1;
    }
  }
  if (t->nfeasible == 0) {
    for (size_t c = 0; c < t->nc; c++)
      if (t->infeasible_msg[c])
        return fcsim_error_set(err, FCSIM_ECOMBINATION, "tune: no configuration of the space can run; first: %s",
                               t->infeasible_msg[c]);
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "tune: no configuration of the space can run");
  }
  t->nprune = fcsim__tune_rungs(t->nfeasible, t->opt.max_points, t->opt.eta, t->opt.max_rungs, t->opt.final_points);
  t->rungs[0].nconf = t->nfeasible;
  if (!(t->rungs[0].conf = malloc(t->nfeasible * sizeof *t->rungs[0].conf)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (size_t c = 0, k = 0; c < t->nc; c++)
    if (t->feasible[c])
      t->rungs[0].conf[k++] = c;
  t->counts.configs = t->nc;
  t->counts.infeasible = t->nc - t->nfeasible;
  t->counts.sweep_points = t->ns;
  t->counts.workloads = t->nw;
  t->counts.nrungs = t->nprune + 1;
  t->prepared = 1;
  return 0;
}

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

static json_t *job_json(const struct fcsim_tune *t, int rung, const struct job *jb)
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
  if (!cfg && build_config(t, jb->w, jb->s, jb->c, t->rungs[rung].budget, &cfg, &sub))
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

#define JSON_FLAGS (JSON_PRESERVE_ORDER | JSON_COMPACT | JSON_REAL_PRECISION(17))


/* Marks a finished job and tells the journal and the caller (under the
 * pool's lock). */
static void job_finished(struct pool *p, struct job *jb)
{
  p->done++;
  if (p->journal && jb->state == JOB_DONE && !jb->reused) {
    json_t *o = job_json(p->t, p->rung, jb);
    json_dumpf(o, p->journal, JSON_FLAGS);
    fputc('\n', p->journal);
    fflush(p->journal);
    json_decref(o);
  }
  if (p->progress) {
    size_t before = 0;
    for (int r = 0; r < p->rung; r++)
      before += p->t->rungs[r].nconf * p->t->nw * p->t->ns;
    struct fcsim_tune_progress pr = {p->rung, p->t->nprune + 1, p->rg->budget, p->done, p->njobs, p->reused,
                                     before + p->done};
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
        int rc = build_config(t, w, s, jb->c, rg->budget, &jb->cfg, &sub);
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

static int run_rung(struct fcsim_tune *t, int r, FILE *journal, fcsim_tune_progress_f progress,
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
static int config_values(const struct fcsim_tune *t, int r, size_t k, size_t w, int m, double *vals,
                         unsigned char *ok)
{
  const struct rung *rg = &t->rungs[r];
  int all = 1;
  for (size_t s = 0; s < t->ns; s++) {
    const struct job *jb = &rg->jobs[(k * t->nw + w) * t->ns + s];
    int v = 0;
    vals[s] = NAN;
    if (jb->state == JOB_DONE)
      vals[s] = fcsim__tune_metric_value(m, &jb->raw, t->min_vcs[w * t->nc + jb->c], &v);
    ok[s] = (unsigned char)v;
    all &= v;
  }
  return all;
}

/* Whether any point of rung r on workload w gives metric m. */
static int applicable(const struct fcsim_tune *t, int r, size_t w, int m)
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
static void workload_scores(const struct fcsim_tune *t, int r, size_t w, int m, double *score, unsigned char *ok,
                            double *vals, unsigned char *vok)
{
  const struct rung *rg = &t->rungs[r];
  for (size_t k = 0; k < rg->nconf; k++) {
    ok[k] = (unsigned char)config_values(t, r, k, w, m, vals, vok);
    score[k] = ok[k] ? fcsim__tune_geomean(vals, t->ns) : NAN;
    if (isnan(score[k]))
      ok[k] = 0;
  }
}

/* Successive halving after rung r: keeps ceil(n / eta) configurations for
 * rung r + 1, scored per metric by the geometric mean over every workload
 * (that measures the metric) and sweep point. */
static int prune(struct fcsim_tune *t, int r, struct fcsim_error *err)
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
    hb[mi] = fcsim__tune_metrics[m].hb;
    size_t nwl = 0;
    memset(logsum, 0, n * sizeof *logsum);
    for (size_t k = 0; k < n; k++)
      valid[mi * n + k] = 1;
    for (size_t w = 0; w < t->nw; w++) {
      if (!applicable(t, r, w, m))
        continue;
      nwl++;
      workload_scores(t, r, w, m, ws, wok, vals, vok);
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

static int analyse(struct fcsim_tune *t, struct fcsim_error *err)
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
  int rc = 0;
  if (!vals || !score || !gscores || !svals || !ok || !sok || !gok || !tmp || !vcs) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto done;
  }
  for (size_t w = 0; w < t->nw; w++)
    for (size_t mi = 0; mi < t->nmetrics; mi++) {
      const int m = t->metrics[mi], hb = fcsim__tune_metrics[m].hb;
      struct wres *res = &t->wres[w * t->nmetrics + mi];
      memset(res, 0, sizeof *res);
      res->best = res->fewest_at = -1;
      res->fewest_vcs = -1;
      res->best_score = res->avg_score = res->gain = res->oracle_gain = NAN;
      if (!(res->applicable = applicable(t, F, w, m)))
        continue;
      for (size_t k = 0; k < nf; k++)
        config_values(t, F, k, w, m, vals + k * ns, ok + k * ns);
      struct fcsim__tune_wgain wg;
      fcsim__tune_workload_gain(vals, ok, nf, ns, hb, &wg);
      if (wg.best < 0)
        continue;
      res->best = (long)rf->conf[wg.best];
      res->best_score = wg.best_score;
      res->avg_score = wg.avg_score;
      res->gain = wg.gain;
      res->oracle_gain = wg.oracle_gain;
      res->nvalid = wg.nvalid;
      res->best_vcs = t->vcs[w * t->nc + (size_t)res->best];
      for (size_t s = 0; s < ns; s++) {
        const struct job *jb = &rf->jobs[((size_t)wg.best * t->nw + w) * ns + s];
        if (jb->state == JOB_DONE && jb->raw.v[TR_MAX_BUSY_VCS] > res->busy_vcs)
          res->busy_vcs = (int)jb->raw.v[TR_MAX_BUSY_VCS];
      }
      /* fewest VCs within the tolerance, at full budget */
      workload_scores(t, F, w, m, score, sok, svals, tmp);
      for (size_t k = 0; k < nf; k++)
        vcs[k] = t->vcs[w * t->nc + rf->conf[k]];
      long at;
      res->fewest_vcs = fcsim__tune_smallest_vcs(score, sok, vcs, nf, hb, t->opt.tolerance, wg.best, &at);
      res->fewest_at = at >= 0 ? (long)rf->conf[at] : -1;
      /* with pruning, the average of all configurations exists only at
       * rung 0: compare the chosen configuration with it there */
      if (F > 0) {
        for (size_t k = 0; k < n0; k++)
          config_values(t, 0, k, w, m, vals + k * ns, ok + k * ns);
        struct fcsim__tune_wgain w0;
        fcsim__tune_workload_gain(vals, ok, n0, ns, hb, &w0);
        long k0 = rung_pos(t, 0, (size_t)res->best);
        double b0 = NAN;
        if (k0 >= 0 && config_values(t, 0, (size_t)k0, w, m, svals, tmp))
          b0 = fcsim__tune_geomean(svals, ns);
        res->avg_score = w0.avg_score;
        res->gain = fcsim__tune_gain(b0, w0.avg_score);
        res->oracle_gain = w0.oracle_gain;
        res->nvalid = w0.nvalid;
        res->gain_rung = 0;
      }
    }
  /* across workloads (Table 5.5) */
  for (size_t mi = 0; mi < t->nmetrics; mi++) {
    const int m = t->metrics[mi], hb = fcsim__tune_metrics[m].hb;
    struct gres *g = &t->gres[mi];
    memset(g, 0, sizeof *g);
    g->best = g->fewest_at = -1;
    g->fewest_vcs = -1;
    g->score = g->gain = NAN;
    size_t nwl = 0, w0 = 0;
    for (size_t w = 0; w < t->nw; w++) {
      /* a workload with no configuration valid at every point has no score */
      if (!t->wres[w * t->nmetrics + mi].applicable || t->wres[w * t->nmetrics + mi].best < 0)
        continue;
      if (!nwl)
        w0 = w;
      workload_scores(t, F, w, m, gscores + nwl * nf, gok + nwl * nf, svals, tmp);
      nwl++;
    }
    if (nwl < 2 || t->nw < 2)
      continue;
    g->applicable = 1;
    struct fcsim__tune_ggain gg;
    fcsim__tune_global_gain(gscores, gok, nwl, nf, hb, NULL, &gg);
    g->nvalid = gg.nvalid;
    if (gg.global_best < 0)
      continue;
    g->best = (long)rf->conf[gg.global_best];
    g->score = gg.global_score;
    g->gain = gg.gain;
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
  return rc;
}

/* Fills the counts from the jobs (so they do not depend on timing). */
static void count_jobs(struct fcsim_tune *t)
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
    if (r > 0 && !t->rungs[r].conf && (rc = prune(t, r - 1, err)))
      break;
    t->rungs[r].budget = fcsim__tune_budget_fraction(r, t->nprune, t->opt.eta);
    if ((rc = run_rung(t, r, journal, progress, stop, user, err))) {
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
    rc = analyse(t, err);
  count_jobs(t);
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

/* --- output --- */

static void print_pct(FILE *out, int width, double x)
{
  if (isnan(x))
    fprintf(out, "%*s", width, "n/a");
  else
    fprintf(out, "%*.1f%%", width - 1, 100.0 * x);
}

static void fraction_text(double f, char *buf, size_t size)
{
  if (f >= 1.0)
    snprintf(buf, size, "full length");
  else
    snprintf(buf, size, "1/%.0f of the length", 1.0 / f);
}

/* Writes a list of labels wrapped at about 100 columns, indented. */
static void print_wrapped(FILE *out, const char *indent, const char *const *items, size_t n)
{
  size_t col = 0;
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(items[i]) + 1;
    if (col == 0 || col + len > 100) {
      fprintf(out, "%s%s", col ? "\n" : "", indent);
      col = strlen(indent);
    }
    fprintf(out, " %s", items[i]);
    col += len;
  }
  if (col)
    fputc('\n', out);
}

static void report_header(const struct fcsim_tune *t, FILE *out)
{
  const struct fcsim_tune_counts *c = &t->counts;
  fprintf(out, "fcsim tune: %zu workload%s x %zu sweep point%s x %zu configuration%s", t->nw, t->nw == 1 ? "" : "s",
          t->ns, t->ns == 1 ? "" : "s", t->nc, t->nc == 1 ? "" : "s");
  if (c->infeasible)
    fprintf(out, " (%zu impossible)", c->infeasible);
  fprintf(out, ": %zu runs, %zu new, %zu reused", c->runs, c->run_new, c->reused);
  if (c->failed)
    fprintf(out, ", %zu failed", c->failed);
  if (c->deadlocked)
    fprintf(out, ", %zu deadlocked", c->deadlocked);
  if (c->overflowed)
    fprintf(out, ", %zu with flits that found a full buffer (internal error of the model; excluded)", c->overflowed);
  if (c->saturated)
    fprintf(out, ", %zu saturated", c->saturated);
  fputc('\n', out);
  for (size_t d = 0; d < t->nspace; d++) {
    fprintf(out, "%s %s =", d ? "      " : "space:", t->space[d].key);
    for (size_t i = 0; i < t->space[d].n; i++)
      fprintf(out, "%s %s", i ? "," : "", t->space[d].values[i]);
    fputc('\n', out);
  }
  for (size_t d = 0; d < t->nvary; d++) {
    fprintf(out, "%s %s =", d ? "      " : "sweep:", t->vary[d].key);
    for (size_t i = 0; i < t->vary[d].n; i++)
      fprintf(out, "%s %s", i ? "," : "", t->vary[d].values[i]);
    fputc('\n', out);
  }
  for (size_t w = 0; w < t->nw; w++)
    fprintf(out, "%s %s\n", w ? "         " : "workload:", t->wl[w].name);
  if (c->infeasible) {
    fprintf(out, "skipped %zu impossible configuration%s:\n", c->infeasible, c->infeasible == 1 ? "" : "s");
    size_t shown = 0;
    for (size_t k = 0; k < t->nc; k++)
      if (!t->feasible[k] && shown++ < 10)
        fprintf(out, "  %s\n", t->infeasible_msg[k] ? t->infeasible_msg[k] : "(out of memory)");
    if (shown > 10)
      fprintf(out, "  ... and %zu more\n", shown - 10);
  }
  if (t->nprune > 0) {
    fprintf(out, "pruning: %zu configurations > %zu: successive halving, keeping 1/%d per rung\n", t->nfeasible,
            t->opt.max_points, t->opt.eta);
    for (int r = 0; r <= t->nprune; r++) {
      const struct rung *rg = &t->rungs[r];
      char ft[64];
      fraction_text(rg->budget, ft, sizeof ft);
      size_t npr = 0;
      for (size_t k = 0; k < rg->nconf; k++)
        npr += t->pruned_at[rg->conf[k]] == r;
      fprintf(out, "  rung %d at %s (%s): %zu configurations", r, ft, rg->budget_text, rg->nconf);
      if (!npr) {
        fputc('\n', out);
        continue;
      }
      fprintf(out, ", pruned %zu:\n", npr);
      const char **items = calloc(npr, sizeof *items);
      char *labels = calloc(npr, 128);
      if (!items || !labels) {
        free(items);
        free(labels);
        continue;
      }
      for (size_t k = 0, i = 0; k < rg->nconf; k++)
        if (t->pruned_at[rg->conf[k]] == r) {
          config_label(t, rg->conf[k], labels + i * 128, 128);
          items[i] = labels + i * 128;
          i++;
        }
      print_wrapped(out, "   ", items, npr);
      free(items);
      free(labels);
    }
  }
}

static void config_names(const struct fcsim_tune *t, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t d = 0; d < t->nspace && len < size; d++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s", d ? "/" : "", t->space[d].key);
}

static void report_fewest(const struct fcsim_tune *t, FILE *out, int fewest, long at, int best_vcs)
{
  char label[256];
  if (!t->vcs_vary) {
    fprintf(out, "n/a (router.vcs is %d everywhere; see busy)", best_vcs);
    return;
  }
  if (fewest < 0 || at < 0) {
    fprintf(out, "n/a");
    return;
  }
  config_label(t, (size_t)at, label, sizeof label);
  int a = fcsim__tune_area_alms(fewest), b = fcsim__tune_area_alms(best_vcs);
  fprintf(out, "%d (%s)", fewest, label);
  if (a > 0 && b > 0 && fewest < best_vcs)
    fprintf(out, ", area %d -> %d ALMs (-%.1f%%)", b, a, 100.0 * (b - a) / b);
  else if (fewest == best_vcs)
    fprintf(out, ", no saving");
}

void fcsim_tune_write_report(const struct fcsim_tune *t, FILE *out)
{
  if (!t->prepared)
    return;
  report_header(t, out);
  if (!t->analysed) {
    fprintf(out, "no analysis: the run did not complete\n");
    return;
  }
  char names[512], label[256];
  config_names(t, names, sizeof names);
  for (size_t w = 0; w < t->nw; w++) {
    fprintf(out, "\nworkload %s (configuration = %s)\n", t->wl[w].name, names);
    fprintf(out, "  %-22s %-22s %12s %12s %8s %9s  %-6s %s\n", "metric", "best", "value", "average", "gain",
            "per-point", "busy", "fewest VCs within tolerance");
    for (size_t mi = 0; mi < t->nmetrics; mi++) {
      const int m = t->metrics[mi];
      const struct wres *res = &t->wres[w * t->nmetrics + mi];
      char mname[64];
      snprintf(mname, sizeof mname, "%s (%s)", fcsim__tune_metrics[m].name, fcsim__tune_metrics[m].hb ? "max" : "min");
      if (!res->applicable || res->best < 0) {
        fprintf(out, "  %-22s %s\n", mname, res->applicable ? "no configuration valid at every point" : "n/a");
        continue;
      }
      config_label(t, (size_t)res->best, label, sizeof label);
      char busy[32];
      snprintf(busy, sizeof busy, "%d/%d", res->busy_vcs, res->best_vcs);
      fprintf(out, "  %-22s %-22s %12.5g %12.5g ", mname, label, res->best_score, res->avg_score);
      print_pct(out, 8, res->gain);
      fputc(' ', out);
      print_pct(out, 9, res->oracle_gain);
      fprintf(out, "  %-6s ", busy);
      report_fewest(t, out, res->fewest_vcs, res->fewest_at, res->best_vcs);
      fputc('\n', out);
    }
  }
  fprintf(out, "\n(value and average: geometric mean over the sweep; gain = |value/average - 1| over the "
               "configurations valid at every point; per-point: the best configuration chosen at each point;"
               " busy: most VCs the best configuration used / configured; tolerance %.1f%%",
          100.0 * t->opt.tolerance);
  if (t->nprune > 0)
    fprintf(out, "; pruned search: average and gain at rung 0, where every configuration ran at the same length");
  fprintf(out, ")\n");
  if (t->nw >= 2) {
    fprintf(out, "\nacross workloads (global best: geometric mean over the workloads; gain: of each workload's own "
                 "best over the global best, Table 5.5)\n");
    fprintf(out, "  %-22s %-22s %12s %8s  %s\n", "metric", "global best", "value", "gain", "fewest VCs within tolerance");
    for (size_t mi = 0; mi < t->nmetrics; mi++) {
      const int m = t->metrics[mi];
      const struct gres *g = &t->gres[mi];
      char mname[64];
      snprintf(mname, sizeof mname, "%s (%s)", fcsim__tune_metrics[m].name, fcsim__tune_metrics[m].hb ? "max" : "min");
      if (!g->applicable || g->best < 0) {
        fprintf(out, "  %-22s n/a (%s)\n", mname,
                g->applicable ? "no configuration valid in every workload"
                              : "fewer than two workloads have a configuration valid at every point");
        continue;
      }
      config_label(t, (size_t)g->best, label, sizeof label);
      fprintf(out, "  %-22s %-22s %12.5g ", mname, label, g->score);
      print_pct(out, 8, g->gain);
      fprintf(out, "  ");
      size_t w0 = 0;
      while (w0 < t->nw && (!t->wres[w0 * t->nmetrics + mi].applicable || t->wres[w0 * t->nmetrics + mi].best < 0))
        w0++;
      report_fewest(t, out, g->fewest_vcs, g->fewest_at, w0 < t->nw ? t->vcs[w0 * t->nc + (size_t)g->best] : 0);
      fputc('\n', out);
    }
    fprintf(out, "\ngain of the best configuration over the average of all configurations (Table 5.3 layout)\n");
    fprintf(out, "  %-20s", "workload");
    for (size_t mi = 0; mi < t->nmetrics; mi++)
      fprintf(out, " %16s", fcsim__tune_metrics[t->metrics[mi]].name);
    fputc('\n', out);
    double sum[TUNE_MAX_METRICS] = {0};
    int cnt[TUNE_MAX_METRICS] = {0};
    for (size_t w = 0; w < t->nw; w++) {
      fprintf(out, "  %-20s", t->wl[w].name);
      for (size_t mi = 0; mi < t->nmetrics; mi++) {
        const struct wres *res = &t->wres[w * t->nmetrics + mi];
        double g = res->applicable && res->best >= 0 ? res->gain : NAN;
        print_pct(out, 17, g);
        if (!isnan(g)) {
          sum[mi] += g;
          cnt[mi]++;
        }
      }
      fputc('\n', out);
    }
    fprintf(out, "  %-20s", "average");
    for (size_t mi = 0; mi < t->nmetrics; mi++)
      print_pct(out, 17, cnt[mi] ? sum[mi] / cnt[mi] : NAN);
    fputc('\n', out);
  }
}

static json_t *num_json(double x)
{
  return isfinite(x) ? json_real(x) : json_null();
}

static json_t *label_json(const struct fcsim_tune *t, long c)
{
  if (c < 0)
    return json_null();
  char label[256];
  config_label(t, (size_t)c, label, sizeof label);
  return json_string(label);
}

static json_t *header_json(const struct fcsim_tune *t)
{
  json_t *o = json_object();
  json_object_set_new(o, "type", json_string("tune"));
  json_object_set_new(o, "fcsim", json_string(fcsim_version()));
  json_t *wl = json_array();
  for (size_t w = 0; w < t->nw; w++)
    json_array_append_new(wl, json_string(t->wl[w].name));
  json_object_set_new(o, "workloads", wl);
  for (int v = 0; v < 2; v++) {
    const struct dim *dims = v ? t->vary : t->space;
    size_t n = v ? t->nvary : t->nspace;
    json_t *d = json_object();
    for (size_t i = 0; i < n; i++) {
      json_t *a = json_array();
      for (size_t j = 0; j < dims[i].n; j++)
        json_array_append_new(a, json_string(dims[i].values[j]));
      json_object_set_new(d, dims[i].key, a);
    }
    json_object_set_new(o, v ? "vary" : "space", d);
  }
  json_t *ms = json_array();
  for (size_t mi = 0; mi < t->nmetrics; mi++)
    json_array_append_new(ms, json_string(fcsim__tune_metrics[t->metrics[mi]].name));
  json_object_set_new(o, "metrics", ms);
  json_object_set_new(o, "tolerance", json_real(t->opt.tolerance));
  json_t *rungs = json_array();
  for (int r = 0; r <= t->nprune && t->prepared; r++) {
    const struct rung *rg = &t->rungs[r];
    json_t *ro = json_object();
    json_object_set_new(ro, "budget", json_real(rg->budget));
    json_object_set_new(ro, "run_length", json_string(rg->budget_text));
    json_object_set_new(ro, "configurations", json_integer((json_int_t)rg->nconf));
    json_t *pr = json_array();
    for (size_t k = 0; k < rg->nconf; k++)
      if (t->pruned_at[rg->conf[k]] == r)
        json_array_append_new(pr, label_json(t, (long)rg->conf[k]));
    json_object_set_new(ro, "pruned", pr);
    json_array_append_new(rungs, ro);
  }
  json_object_set_new(o, "rungs", rungs);
  return o;
}

static json_t *summary_json(const struct fcsim_tune *t)
{
  const struct fcsim_tune_counts *c = &t->counts;
  json_t *o = json_object();
  json_object_set_new(o, "type", json_string("summary"));
  json_t *co = json_object();
  json_object_set_new(co, "configurations", json_integer((json_int_t)c->configs));
  json_object_set_new(co, "impossible", json_integer((json_int_t)c->infeasible));
  json_object_set_new(co, "runs", json_integer((json_int_t)c->runs));
  json_object_set_new(co, "new", json_integer((json_int_t)c->run_new));
  json_object_set_new(co, "reused", json_integer((json_int_t)c->reused));
  json_object_set_new(co, "failed", json_integer((json_int_t)c->failed));
  json_object_set_new(co, "deadlocked", json_integer((json_int_t)c->deadlocked));
  json_object_set_new(co, "buffer_overflow_runs", json_integer((json_int_t)c->overflowed));
  json_object_set_new(co, "saturated", json_integer((json_int_t)c->saturated));
  json_object_set_new(co, "pruned", json_integer((json_int_t)c->pruned));
  json_object_set_new(o, "counts", co);
  json_t *ws = json_object();
  for (size_t w = 0; w < t->nw; w++) {
    json_t *wo = json_object();
    for (size_t mi = 0; mi < t->nmetrics; mi++) {
      const struct wres *res = &t->wres[w * t->nmetrics + mi];
      if (!res->applicable)
        continue;
      json_t *mo = json_object();
      json_object_set_new(mo, "best", label_json(t, res->best));
      json_object_set_new(mo, "value", num_json(res->best_score));
      json_object_set_new(mo, "average", num_json(res->avg_score));
      json_object_set_new(mo, "gain", num_json(res->gain));
      json_object_set_new(mo, "per_point_gain", num_json(res->oracle_gain));
      json_object_set_new(mo, "valid_configurations", json_integer(res->nvalid));
      json_object_set_new(mo, "best_vcs", json_integer(res->best_vcs));
      json_object_set_new(mo, "busy_vcs", json_integer(res->busy_vcs));
      json_object_set_new(mo, "fewest_vcs", res->fewest_vcs >= 0 ? json_integer(res->fewest_vcs) : json_null());
      json_object_set_new(mo, "fewest_vcs_config", label_json(t, res->fewest_at));
      int a = fcsim__tune_area_alms(res->fewest_vcs), b = fcsim__tune_area_alms(res->best_vcs);
      json_object_set_new(mo, "area_saved_alms", a > 0 && b > 0 ? json_integer(b - a) : json_null());
      json_object_set_new(wo, fcsim__tune_metrics[t->metrics[mi]].name, mo);
    }
    json_object_set_new(ws, t->wl[w].name, wo);
  }
  json_object_set_new(o, "workloads", ws);
  json_t *gl = json_object();
  for (size_t mi = 0; mi < t->nmetrics && t->nw >= 2; mi++) {
    const struct gres *g = &t->gres[mi];
    if (!g->applicable)
      continue;
    json_t *mo = json_object();
    json_object_set_new(mo, "best", label_json(t, g->best));
    json_object_set_new(mo, "value", num_json(g->score));
    json_object_set_new(mo, "gain", num_json(g->gain));
    json_object_set_new(mo, "fewest_vcs", g->fewest_vcs >= 0 ? json_integer(g->fewest_vcs) : json_null());
    json_object_set_new(mo, "fewest_vcs_config", label_json(t, g->fewest_at));
    json_object_set_new(gl, fcsim__tune_metrics[t->metrics[mi]].name, mo);
  }
  json_object_set_new(o, "global", gl);
  return o;
}

int fcsim_tune_write_json(const struct fcsim_tune *t, FILE *out, struct fcsim_error *err)
{
  int rc = 0;
  json_t *h = header_json(t);
  rc |= json_dumpf(h, out, JSON_FLAGS);
  rc |= fputc('\n', out) == EOF;
  json_decref(h);
  for (int r = 0; t->prepared && r <= t->nprune; r++) {
    const struct rung *rg = &t->rungs[r];
    size_t nj = rg->nconf * t->nw * t->ns;
    for (size_t j = 0; rg->jobs && j < nj; j++) {
      if (rg->jobs[j].state == JOB_PENDING)
        continue;
      json_t *o = job_json(t, r, &rg->jobs[j]);
      rc |= json_dumpf(o, out, JSON_FLAGS);
      rc |= fputc('\n', out) == EOF;
      json_decref(o);
    }
  }
  if (t->analysed) {
    json_t *s = summary_json(t);
    rc |= json_dumpf(s, out, JSON_FLAGS);
    rc |= fputc('\n', out) == EOF;
    json_decref(s);
  }
  return rc ? fcsim_error_set(err, FCSIM_EIO, "cannot write the JSON output") : 0;
}

/* A CSV field, quoted when it holds a comma, quote or newline. */
static void csv_field(FILE *out, const char *s)
{
  if (!strpbrk(s, ",\"\n")) {
    fputs(s, out);
    return;
  }
  fputc('"', out);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', out);
    fputc(*s, out);
  }
  fputc('"', out);
}

int fcsim_tune_write_csv(const struct fcsim_tune *t, FILE *out, struct fcsim_error *err)
{
  fprintf(out, "workload,rung,budget");
  for (size_t d = 0; d < t->nspace; d++)
    fprintf(out, ",%s", t->space[d].key);
  for (size_t d = 0; d < t->nvary; d++)
    fprintf(out, ",%s", t->vary[d].key);
  for (int i = 0; i < TR_NRAW; i++)
    fprintf(out, ",%s", fcsim__tune_raw_names[i]);
  fprintf(out, ",saturated,drained,deadlock,error\n");
  for (int r = 0; t->prepared && r <= t->nprune; r++) {
    const struct rung *rg = &t->rungs[r];
    size_t nj = rg->nconf * t->nw * t->ns;
    for (size_t j = 0; rg->jobs && j < nj; j++) {
      const struct job *jb = &rg->jobs[j];
      if (jb->state == JOB_PENDING)
        continue;
      csv_field(out, t->wl[jb->w].name);
      fprintf(out, ",%d,%.10g", r, rg->budget);
      for (size_t d = 0; d < t->nspace; d++) {
        fputc(',', out);
        csv_field(out, t->space[d].values[space_index(t, jb->c, d)]);
      }
      for (size_t d = 0; d < t->nvary; d++) {
        fputc(',', out);
        csv_field(out, t->vary[d].values[vary_index(t, jb->s, d)]);
      }
      if (jb->state == JOB_DONE) {
        for (int i = 0; i < TR_NRAW; i++)
          fprintf(out, ",%.10g", jb->raw.v[i]);
        fprintf(out, ",%d,%d,%d,\n", jb->raw.saturated, jb->raw.drained, jb->raw.deadlock);
      } else {
        for (int i = 0; i < TR_NRAW + 3; i++)
          fputc(',', out);
        fputc(',', out);
        csv_field(out, jb->error ? jb->error : "");
        fputc('\n', out);
      }
    }
  }
  return ferror(out) ? fcsim_error_set(err, FCSIM_EIO, "cannot write the CSV output") : 0;
}
