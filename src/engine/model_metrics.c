/* SPDX-License-Identifier: BSD-3-Clause */
/* Results that models keep in their own state (stats/counters.h, counters
 * declared with fcsim_counter_metric_u64): read by name for callers
 * (fcsim_sim_model_metric, include/fcsim/sim.h) and written into the run's
 * "metrics" (engine/report.c): a kind's fcsim_counter_metric_u64 ones
 * together, the fcsim_counter_placed_* ones where and when their metric
 * declaration says (enum fcsim_metric_counter); and the figures a model computes from them
 * at report time (figures_json, router/router.h), written at their place
 * (any number of a run's "metrics" by name: fcsim_sim_metric, json_api.c). With MPI the engine has already reduced them
 * over the ranks by their rule (engine/mpi.c), and threads share one copy,
 * so the totals are those of a one-partition run. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "engine/model_metrics.h"
#include "fcsim/metrics.h"
#include "engine/sim_priv.h"
#include "stats/counters.h"

/* The metric counters of node kind `k`; returns how many. */
static int kind_metrics(const struct fcsim_net *net, int k, struct fcsim_counter *out)
{
  struct fcsim_counter c[FCSIM_MAX_COUNTERS];
  int n = 0, nc = net->kinds[k].ops->counters ? net->kinds[k].ops->counters(net->kinds[k].shared, c) : 0;
  for (int i = 0; i < nc; i++)
    if (c[i].metric)
      out[n++] = c[i];
  return n;
}

void fcsim__model_metrics_json(const struct fcsim_net *net, json_t *metrics)
{
  for (int k = 0; k < net->nkinds; k++) {
    struct fcsim_counter c[FCSIM_MAX_COUNTERS];
    int n = kind_metrics(net, k, c), any = 0;
    for (int i = 0; i < n; i++)
      any |= c[i].metric == FCSIM_METRIC_KIND && fcsim_counter_total(&c[i]) != 0;
    for (int i = 0; any && i < n; i++) /* a kind's metrics together, when any is non-zero */
      if (c[i].metric == FCSIM_METRIC_KIND)
        json_object_set_new(metrics, c[i].name, json_integer((json_int_t)fcsim_counter_total(&c[i])));
  }
}

int fcsim__sim_metric_counters(const struct fcsim_sim *sim, struct fcsim_counter *out, int max)
{
  int n = 0;
  for (int k = 0; k < sim->net->nkinds; k++) {
    struct fcsim_counter c[FCSIM_MAX_COUNTERS];
    int nk = kind_metrics(sim->net, k, c);
    for (int i = 0; i < nk && n < max; i++)
      out[n++] = c[i];
  }
  return n;
}

/* The total of the metric counter `name` over the node kinds of `net`;
 * returns 0, or FCSIM_EINVAL when no kind declares it. */
static int net_model_metric(const struct fcsim_net *net, const char *name, uint64_t *total)
{
  int found = 0;
  *total = 0;
  for (int k = 0; k < net->nkinds; k++) {
    struct fcsim_counter c[FCSIM_MAX_COUNTERS];
    int n = kind_metrics(net, k, c);
    for (int i = 0; i < n; i++)
      if (!strcmp(c[i].name, name)) {
        uint64_t t = fcsim_counter_total(&c[i]);
        fcsim_counters_combine(c[i].rule, total, &t, 1); /* the same counter in two kinds: merged by its rule */
        found = 1;
      }
  }
  return found ? 0 : FCSIM_EINVAL;
}

uint64_t fcsim__net_model_metric(const struct fcsim_net *net, const char *name)
{
  uint64_t t;
  return net_model_metric(net, name, &t) ? 0 : t;
}

/* One declared model counter row (enum fcsim_metric_counter) written by its rule. */
struct counters_walk {
  const struct fcsim_net *net;
  json_t *metrics;
  int links; /* the protocol-link rows (the network has protocol links), or the others */
};

static void counter_row_json(const struct fcsim_metric *row, void *ctx)
{
  const struct counters_walk *w = ctx;
  const enum fcsim_metric_counter when = row->counter;
  if (when == FCSIM_COUNTER_NONE || w->links != (when == FCSIM_COUNTER_LINKS || when == FCSIM_COUNTER_LINKS_DECLARED))
    return;
  const char *name = row->path + strlen("metrics."); /* checked at start-up (stats/metrics.c) */
  uint64_t t;
  int declared = !net_model_metric(w->net, name, &t);
  if (!declared)
    t = 0; /* no model of this network declares it */
  if (t || when == FCSIM_COUNTER_ALWAYS || when == FCSIM_COUNTER_LINKS ||
      (declared && when == FCSIM_COUNTER_LINKS_DECLARED))
    json_object_set_new(w->metrics, name, json_integer((json_int_t)t));
}

void fcsim__model_counters_json(const struct fcsim_net *net, json_t *metrics, const char *after, int links)
{
  struct counters_walk w = {net, metrics, links};
  fcsim_metric_parts_each("run", after, counter_row_json, &w);
}

int fcsim_sim_model_metric(const struct fcsim_sim *sim, const char *name, uint64_t *total)
{
  return net_model_metric(sim->net, name, total);
}

void fcsim__model_figures_json(const struct fcsim_net *net, int place, json_t *metrics)
{
  for (int k = 0; k < net->nkinds; k++)
    if (net->kinds[k].ops->figures_json)
      net->kinds[k].ops->figures_json(net->kinds[k].shared, place, metrics);
}

void fcsim__model_figures_text(const struct fcsim_net *net, int place, FILE *out)
{
  for (int k = 0; k < net->nkinds; k++)
    if (net->kinds[k].ops->figures_text)
      net->kinds[k].ops->figures_text(net->kinds[k].shared, place, out);
}
