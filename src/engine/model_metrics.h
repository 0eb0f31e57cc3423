/* SPDX-License-Identifier: BSD-3-Clause */
/* What the run's report reads of the models' own results
 * (engine/model_metrics.c): their counters and figures, by name and by the
 * declarations beside their code. */
#ifndef FCSIM_ENGINE_MODEL_METRICS_H
#define FCSIM_ENGINE_MODEL_METRICS_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

struct fcsim_sim;
struct fcsim_net;
struct fcsim_counter;

/* The results models keep in their own state (engine/model_metrics.c): each
 * node kind's metric counters written into `metrics` by name, all of a kind
 * when any is non-zero. */
void fcsim__model_metrics_json(const struct fcsim_net *net, json_t *metrics);
/* The model counters declared in the parts of the run's metrics that
 * follow its own row `after` (enum fcsim_metric_counter, stats/counters.h's
 * fcsim_counter_placed_*), in their order, each written by its rule: with
 * `links` the rules of protocol links (LINKS, LINKS_DECLARED; called when
 * the network has some), without it the others. A counter's value is its
 * total over the kinds that declare it. */
void fcsim__model_counters_json(const struct fcsim_net *net, json_t *metrics, const char *after, int links);
/* The total of the metric counter `name` over the kinds of `net` that
 * declare it; 0 when none does. */
uint64_t fcsim__net_model_metric(const struct fcsim_net *net, const char *name);
/* Every node kind's own figures at `place` (enum fcsim_figures_place,
 * router/router.h), in the order of the kinds: into `metrics`, or as lines
 * of the text report. */
void fcsim__model_figures_json(const struct fcsim_net *net, int place, json_t *metrics);
void fcsim__model_figures_text(const struct fcsim_net *net, int place, FILE *out);
/* The metric counters of every node kind of `sim` (at most `max`); returns how many. */
int fcsim__sim_metric_counters(const struct fcsim_sim *sim, struct fcsim_counter *out, int max);

#endif
