/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune`, the JSON Lines and CSV outputs of `fcsim tune`. */
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
#include "config/config.h"
#include "core/csv.h"
#include "core/range.h"
#include "tune/analysis.h"
#include "tune/tune_internal.h"
#include "tune/tune_json.h"
#include "tune/tune_search.h"

static json_t *num_json(double x)
{
  return isfinite(x) ? json_real(x) : json_null();
}

/* [ci95_low, ci95_high] */
static json_t *ci_json(const struct fcsim_summary *s)
{
  json_t *a = json_array();
  json_array_append_new(a, num_json(s->ci95_low));
  json_array_append_new(a, num_json(s->ci95_high));
  return a;
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
    json_array_append_new(ms, json_string(fcsim__tune_metrics[t->metrics[mi]].path));
  json_object_set_new(o, "metrics", ms);
  json_object_set_new(o, "tolerance", json_real(t->opt.tolerance));
  json_object_set_new(o, "exclude_saturated", json_boolean(t->opt.exclude_saturated));
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

/* {label: count} over the configurations of the final rung, in space order. */
static json_t *counts_json(const struct fcsim_tune *t, const unsigned *counts)
{
  const struct rung *rf = &t->rungs[t->nprune];
  json_t *o = json_object();
  char label[256];
  for (size_t k = 0; k < rf->nconf; k++) {
    config_label(t, rf->conf[k], label, sizeof label);
    json_object_set_new(o, label, json_integer(counts[rf->conf[k]]));
  }
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
      if (t->nr > 1 && res->next >= 0) { /* replications: the best against the next, with intervals */
        json_object_set_new(mo, "replications", json_integer(t->nr));
        json_object_set_new(mo, "value_ci95", ci_json(&res->best_ci));
        json_object_set_new(mo, "next", label_json(t, res->next));
        json_object_set_new(mo, "next_value", num_json(res->next_ci.mean));
        json_object_set_new(mo, "next_ci95", ci_json(&res->next_ci));
        json_object_set_new(mo, "difference_ci95", ci_json(&res->diff_ci));
        json_object_set_new(mo, "distinguishable", json_boolean(res->distinct));
      }
      const size_t off = (w * t->nmetrics + mi) * t->nc;
      json_object_set_new(mo, "points", json_integer((json_int_t)res->points));
      json_object_set_new(mo, "points_unarrived", json_integer((json_int_t)t->unarrived_points[w]));
      json_object_set_new(mo, "optimal_points", json_integer((json_int_t)res->optimal_points));
      json_object_set_new(mo, "tied_points", json_integer((json_int_t)res->tied_points));
      json_object_set_new(mo, "times_optimal", counts_json(t, t->times_optimal + off));
      json_object_set_new(mo, "saturated_points", counts_json(t, t->saturated_points + off));
      json_object_set_new(mo, "best_saturated_points", json_integer(res->best >= 0 ? res->best_saturated : 0));
      json_object_set_new(mo, "best_on_saturated", json_boolean(res->best >= 0 && res->best_saturated > 0));
      json_object_set_new(wo, fcsim__tune_metrics[t->metrics[mi]].path, mo);
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
    json_object_set_new(mo, "gain_seed", num_json(g->seed_gain));
    json_object_set_new(mo, "gain_terms_geomean", num_json(g->terms_gain));
    json_object_set_new(mo, "gain_terms_mean", num_json(g->terms_mean));
    json_t *pw = json_object();
    for (size_t w = 0; w < t->nw; w++)
      if (!isnan(t->global_per_workload[mi * t->nw + w]))
        json_object_set_new(pw, t->wl[w].name, num_json(t->global_per_workload[mi * t->nw + w]));
    json_object_set_new(mo, "per_workload_gain", pw);
    json_object_set_new(mo, "fewest_vcs", g->fewest_vcs >= 0 ? json_integer(g->fewest_vcs) : json_null());
    json_object_set_new(mo, "fewest_vcs_config", label_json(t, g->fewest_at));
    json_object_set_new(gl, fcsim__tune_metrics[t->metrics[mi]].path, mo);
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
      json_t *o = fcsim__tune_job_json(t, r, &rg->jobs[j]);
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

/* One row per run: the fields of its JSON line (type "point") flattened by
 * the one CSV writer (core/csv.h), `config.` and `results.` left out of the
 * column names, configuration values as numbers in their keys' units. */
int fcsim_tune_write_csv(const struct fcsim_tune *t, FILE *out, struct fcsim_error *err)
{
  static const char *const drop[] = {"config", "results", NULL};
  struct fcsim_csv *c = fcsim_csv_new(drop, 17); /* the JSON's precision */
  if (!c)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV output");
  int rc = 0;
  for (int r = 0; !rc && t->prepared && r <= t->nprune; r++) {
    const struct rung *rg = &t->rungs[r];
    size_t nj = rg->nconf * t->nw * t->ns;
    for (size_t j = 0; !rc && rg->jobs && j < nj; j++) {
      if (rg->jobs[j].state == JOB_PENDING)
        continue;
      json_t *o = fcsim__tune_job_json(t, r, &rg->jobs[j]);
      if (!o) {
        rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV output");
        break;
      }
      json_t *cfg = json_object_get(o, "config");
      if (json_is_object(cfg))
        fcsim_config_json_to_base(cfg);
      rc = fcsim_csv_add(c, o, err);
      json_decref(o);
    }
  }
  if (!rc)
    rc = fcsim_csv_write(c, out, err);
  fcsim_csv_free(c);
  return rc;
}
