/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune`, building points: a configuration of the space on a workload at a sweep
 * point and run length, and fcsim_tune_prepare (feasibility, VC floors, rungs). */
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
int fcsim__tune_build_config(const struct fcsim_tune *t, size_t w, size_t s, size_t c, double budget,
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
  if (!rc && t->nr > 1) { /* one run of replication s % nr (engine/replicas.c's seeds) */
    struct fcsim_config *rep = NULL;
    if (!(rc = fcsim_config_set(cfg, "sim.replications", "1", "--replications", err)) &&
        !(rc = fcsim_config_replicate(cfg, (int)(s % (size_t)t->nr), &rep, err))) {
      fcsim_config_destroy(cfg);
      cfg = rep;
    }
  }
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

/* The routing algorithms worth comparing: on a netlist only table routing
 * applies, on the BEE3 topology its own protocols; on tori and meshes the seed's five geometric algorithms (table
 * routing there is up*\/down*, a baseline rather than a candidate; offline
 * routing follows routes an application computed per message, and without them
 * it is x-y-z, i.e. DOR again). */
static void routing_space(const struct fcsim_tune *t, char *list, size_t size)
{
  const char *topo = t->nw ? fcsim_config_get(t->wl[0].cfg, "network.topology") : NULL;
  if (topo && (!strcmp(topo, "file") || !strcmp(topo, "bee3"))) { /* bee3: the seed's protocols */
    snprintf(list, size, "%s", !strcmp(topo, "file") ? "table" : "bee3");
    return;
  }
  char all[900];
  squeeze_list(t->cat.routing, all, sizeof all);
  size_t n = 0;
  list[0] = '\0';
  for (char *save = NULL, *a = strtok_r(all, ",", &save); a; a = strtok_r(NULL, ",", &save))
    if (strcmp(a, "table") && strcmp(a, "bee3") && strcmp(a, "offline") && n + strlen(a) + 2 < size)
      n += (size_t)snprintf(list + n, size - n, "%s%s", n ? "," : "", a);
}

static int default_space(struct fcsim_tune *t, struct fcsim_error *err)
{
  char spec[1024], list[900];
  routing_space(t, list, sizeof list);
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
  t->npts = 1;
  for (size_t d = 0; d < t->nvary; d++) {
    if (t->npts * t->vary[d].n > TUNE_MAX_VALUES)
      return fcsim_error_set(err, FCSIM_ERANGE, "tune: the sweep has more than %d points", TUNE_MAX_VALUES);
    t->npts *= t->vary[d].n;
  }
  t->nr = t->opt.replications;
  for (size_t w = 0; w < t->nw && t->opt.replications <= 0; w++)
    if (fcsim_config_replications(t->wl[w].cfg) > t->nr)
      t->nr = fcsim_config_replications(t->wl[w].cfg);
  if (t->nr < 1)
    t->nr = 1;
  if (t->npts * (size_t)t->nr > TUNE_MAX_VALUES)
    return fcsim_error_set(err, FCSIM_ERANGE, "tune: the sweep points x replications are more than %d",
                           TUNE_MAX_VALUES);
  t->ns = t->npts * (size_t)t->nr;
  t->feasible = calloc(t->nc, 1);
  t->infeasible_msg = calloc(t->nc, sizeof *t->infeasible_msg);
  t->vcs = calloc(t->nc * t->nw, sizeof *t->vcs);
  t->min_vcs = calloc(t->nc * t->nw, sizeof *t->min_vcs);
  t->pruned_at = malloc(t->nc * sizeof *t->pruned_at);
  t->wres = calloc(t->nw * (t->nmetrics ? t->nmetrics : 1), sizeof *t->wres);
  size_t nwm = t->nw * (t->nmetrics ? t->nmetrics : 1);
  t->times_optimal = calloc(nwm * t->nc, sizeof *t->times_optimal);
  t->saturated_points = calloc(nwm * t->nc, sizeof *t->saturated_points);
  t->point_used = calloc(t->nw * t->ns, 1);
  t->unarrived_points = calloc(t->nw, sizeof *t->unarrived_points);
  t->global_per_workload = calloc(nwm, sizeof *t->global_per_workload);
  if (!t->feasible || !t->infeasible_msg || !t->vcs || !t->min_vcs || !t->pruned_at || !t->wres || !t->times_optimal ||
      !t->saturated_points || !t->point_used || !t->unarrived_points || !t->global_per_workload)
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
        if ((rc = fcsim__tune_build_config(t, w, s, c, 1.0, &cfg, &sub))) {
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
  t->counts.sweep_points = t->npts;
  t->counts.workloads = t->nw;
  t->counts.nrungs = t->nprune + 1;
  t->prepared = 1;
  return 0;
}
