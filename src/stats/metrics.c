/* SPDX-License-Identifier: BSD-3-Clause */
/* The metric registry (include/fcsim/metrics.h): the tables of
 * stats/metrics_run.c and stats/metrics_cmds.c with the components' parts
 * listed in src/models.c joined in, then the applications' outputs listed
 * there (apps/NAME/metrics.c), their start-up check, and the declarations
 * that model tables (struct fcsim_model_result) give for
 * `fcsim model` and the table applications without a table of their own
 * (`fcsim app halo`). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcsim/error.h"
#include "core/keys.h"
#include "fcsim/model.h"
#include "stats/metrics_decl.h"

static const struct fcsim_metric_table *const own_tables[] = {
    &fcsim__metrics_run,
    &fcsim__metrics_topo,
    &fcsim__metrics_coll_build,
    &fcsim__metrics_coll_run,
    &fcsim__metrics_tune,
    &fcsim__metrics_tune_metric,
    NULL,
};
#define NTABLES     (sizeof own_tables / sizeof own_tables[0] - 1)
#define MAX_OUTPUTS 32 /* own tables and the components' (the applications') */

/* The tables with the components' parts (src/models.c) joined in, then the
 * components' own outputs in the list's order: built once, on first use,
 * read only afterwards. */
static const struct fcsim_metric_table *tables[MAX_OUTPUTS + 1];
static struct fcsim_metric_table joined[NTABLES];
static pthread_once_t joined_once = PTHREAD_ONCE_INIT;

/* The rows of the parts of `t->output` that follow `after`, in list order,
 * appended to rows[*n] (counted only when rows is NULL). */
static void append_parts(const struct fcsim_metric_table *t, const char *after, struct fcsim_metric *rows, size_t *n)
{
  for (const struct fcsim_metric_table *const *p = fcsim_models.metric_tables; p && *p; p++) {
    if (strcmp((*p)->output, t->output) || !(*p)->after || strcmp((*p)->after, after))
      continue;
    for (size_t i = 0; i < (*p)->n; i++, (*n)++)
      if (rows)
        rows[*n] = (*p)->rows[i];
  }
}

void fcsim_metric_parts_each(const char *output, const char *after,
                             void (*fn)(const struct fcsim_metric *row, void *ctx), void *ctx)
{
  for (const struct fcsim_metric_table *const *p = fcsim_models.metric_tables; p && *p; p++)
    if (!strcmp((*p)->output, output) && (*p)->after && !strcmp((*p)->after, after))
      for (size_t i = 0; i < (*p)->n; i++)
        fn(&(*p)->rows[i], ctx);
}

/* `t` with its parts joined in after their rows, or `t` itself when it has
 * none (or memory ran out: the check then reports the missing parts). */
static const struct fcsim_metric_table *join(const struct fcsim_metric_table *t, struct fcsim_metric_table *out)
{
  size_t n = 0;
  for (size_t i = 0; i < t->n; i++) {
    n++;
    append_parts(t, t->rows[i].path, NULL, &n);
  }
  struct fcsim_metric *rows = n == t->n ? NULL : malloc(n * sizeof *rows);
  if (!rows)
    return t;
  n = 0;
  for (size_t i = 0; i < t->n; i++) {
    rows[n++] = t->rows[i];
    append_parts(t, t->rows[i].path, rows, &n);
  }
  *out = (struct fcsim_metric_table){t->output, t->commands, rows, n, NULL};
  return out;
}

static void join_all(void)
{
  size_t n = 0;
  for (; n < NTABLES; n++)
    tables[n] = join(own_tables[n], &joined[n]);
  for (const struct fcsim_metric_table *const *p = fcsim_models.metric_tables; p && *p && n < MAX_OUTPUTS; p++)
    if (!(*p)->after) /* an output of its own (an application's) */
      tables[n++] = *p;
}

const struct fcsim_metric_table *const *fcsim_metric_tables(void)
{
  pthread_once(&joined_once, join_all);
  return tables;
}

const struct fcsim_metric_table *fcsim_metric_table_find(const char *output)
{
  for (const struct fcsim_metric_table *const *t = fcsim_metric_tables(); *t; t++)
    if (!strcmp((*t)->output, output))
      return *t;
  return NULL;
}

/* The rows of one table: a path, a unit and a meaning each, no path twice. */
static int check_rows(const struct fcsim_metric_table *t, struct fcsim_error *err)
{
  for (size_t i = 0; i < t->n; i++) {
    const struct fcsim_metric *m = &t->rows[i];
    if (!m->path || !*m->path || !m->unit || !m->meaning || !*m->meaning)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "metric table %s: row %zu (`%s`) lacks a path, unit or meaning",
                             t->output, i, m->path ? m->path : "");
    for (size_t j = 0; j < i; j++)
      if (!strcmp(t->rows[j].path, m->path))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "metric table %s: `%s` is declared twice", t->output, m->path);
  }
  return 0;
}

/* A model counter's row: in a part of "run", named "metrics.NAME" (one
 * component, the counter's name), with a rule the writer knows. */
static int check_counter_rows(const struct fcsim_metric_table *p, struct fcsim_error *err)
{
  for (size_t i = 0; i < p->n; i++) {
    const struct fcsim_metric *m = &p->rows[i];
    if (m->counter == FCSIM_COUNTER_NONE)
      continue;
    const char *name = m->path && !strncmp(m->path, "metrics.", 8) ? m->path + 8 : NULL;
    if ((unsigned)m->counter >= FCSIM_COUNTER_RULES || !p->after || !p->output || strcmp(p->output, "run") || !name ||
        !*name || strpbrk(name, ".*"))
      return fcsim_error_set(err, FCSIM_EINTERNAL,
                             "metric part of %s: `%s` is a model counter but not a run's metrics.NAME with a known "
                             "rule",
                             p->output ? p->output : "(none)", m->path ? m->path : "");
  }
  return 0;
}

/* A part's output exists and has the row it follows. */
static int check_part(const struct fcsim_metric_table *p, struct fcsim_error *err)
{
  const struct fcsim_metric_table *own = NULL;
  for (size_t i = 0; i < NTABLES; i++)
    if (p->output && !strcmp(own_tables[i]->output, p->output))
      own = own_tables[i];
  for (size_t i = 0; own && p->after && i < own->n; i++)
    if (!strcmp(own->rows[i].path, p->after))
      return 0;
  return fcsim_error_set(err, FCSIM_EINTERNAL, "metric part of %s (first row `%s`): %s",
                         p->output ? p->output : "(none)", p->n ? p->rows[0].path : "",
                         own ? "follows no row of its output" : "joins no output");
}

int fcsim__metric_check_component(const struct fcsim_metric_table *t, struct fcsim_error *err)
{
  int rc;
  if (!t->after && (!t->output || !t->commands))
    return fcsim_error_set(err, FCSIM_EINTERNAL, "metric table %s: an output of its own without commands",
                           t->output ? t->output : "(none)");
  if ((rc = check_rows(t, err)) || (rc = check_counter_rows(t, err)))
    return rc;
  return t->after ? check_part(t, err) : 0;
}

int fcsim_metric_check_registry(struct fcsim_error *err)
{
  int rc;
  size_t parts = 0, joined_rows = 0, outputs = NTABLES;
  for (const struct fcsim_metric_table *const *p = fcsim_models.metric_tables; p && *p; p++) {
    if ((rc = fcsim__metric_check_component(*p, err)))
      return rc;
    if ((*p)->after)
      parts += (*p)->n;
    else if (outputs++ >= MAX_OUTPUTS)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "metric table %s: more than %d outputs", (*p)->output, MAX_OUTPUTS);
  }
  const struct fcsim_metric_table *const *all = fcsim_metric_tables();
  for (size_t i = 0; all[i]; i++) {
    for (size_t j = 0; j < i; j++)
      if (!strcmp(all[i]->output, all[j]->output))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "metric tables: output %s declared twice", all[i]->output);
  }
  for (size_t i = 0; i < NTABLES; i++) {
    const struct fcsim_metric_table *t = fcsim_metric_tables()[i];
    if ((rc = check_rows(t, err)))
      return rc;
    joined_rows += t->n - own_tables[i]->n;
  }
  if (joined_rows != parts)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "metric tables: %zu rows of the parts joined, %zu declared",
                           joined_rows, parts);
  return 0;
}

/* 1 when the dotted `path` matches `pattern` (`*`: one component). */
static int path_matches(const char *pattern, const char *path)
{
  while (*pattern && *path) {
    size_t pl = strcspn(pattern, "."), sl = strcspn(path, ".");
    if (!(pl == 1 && *pattern == '*') && (pl != sl || strncmp(pattern, path, pl)))
      return 0;
    pattern += pl, path += sl;
    if (*pattern != *path)
      return 0;
    if (*pattern)
      pattern++, path++;
  }
  return !*pattern && !*path;
}

static const struct fcsim_metric *table_lookup(const struct fcsim_metric_table *t, const char *path)
{
  for (size_t i = 0; t && i < t->n; i++)
    if (path_matches(t->rows[i].path, path))
      return &t->rows[i];
  return NULL;
}

static const char *const model_unit_names[] = {
    [FCSIM_MU_NONE] = "",
    [FCSIM_MU_COUNT] = "",
    [FCSIM_MU_RATIO] = "ratio",
    [FCSIM_MU_TIME] = "s",
    [FCSIM_MU_FREQ] = "Hz",
    [FCSIM_MU_BYTES] = "bytes",
    [FCSIM_MU_BYTES_PER_S] = "bytes/s",
    [FCSIM_MU_BITS_PER_S] = "bits/s",
    [FCSIM_MU_FLOPS] = "flop/s",
    [FCSIM_MU_CYCLES] = "cycles",
    [FCSIM_MU_ENUM] = "",
};

static _Thread_local struct fcsim_metric from_model;

static const struct fcsim_metric *model_row(const char *path, const char *name, enum fcsim_model_unit unit,
                                            const char *help)
{
  from_model = (struct fcsim_metric){path, model_unit_names[unit], FCSIM_BETTER_NONE, FCSIM_METRIC_SAME, NULL, help};
  return &from_model;
}

/* `fcsim model NAME --json`: {model, params, results}; the table
 * applications' --json: {fcsim, app, config, metrics}. */
static const struct fcsim_metric *model_lookup(const struct fcsim_model_ops *m, const char *path, int app)
{
  static const struct fcsim_metric fixed[] = {
      M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
      M("model", "", NONE, SAME, NULL, "the model's name"),
      M("app", "", NONE, SAME, NULL, "the application's name"),
  };
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    if (!strcmp(fixed[i].path, path) && (app ? i != 1 : i == 1))
      return &fixed[i];
  const char *pp = app ? "config." : "params.", *rp = app ? "metrics." : "results.";
  if (!m)
    return NULL;
  if (!strncmp(path, pp, strlen(pp)))
    for (size_t i = 0; i < m->n_params; i++)
      if (!strcmp(path + strlen(pp), m->params[i].name))
        return model_row(path, m->params[i].name, m->params[i].unit, m->params[i].help);
  if (!strncmp(path, rp, strlen(rp)))
    for (size_t i = 0; i < m->n_results; i++)
      if (!strcmp(path + strlen(rp), m->results[i].name))
        return model_row(path, m->results[i].name, m->results[i].unit, m->results[i].help);
  return NULL;
}

const struct fcsim_metric *fcsim_metric_lookup(const char *output, const struct fcsim_model_ops *model,
                                               const char *path)
{
  char name[64];
  const struct fcsim_metric_table *own = NULL;
  if (!strcmp(output, "app") && model) { /* an application with its own declarations ("app-link") */
    snprintf(name, sizeof name, "app-%s", model->name);
    own = fcsim_metric_table_find(name);
  }
  if (own)
    return table_lookup(own, path);
  if (!strcmp(output, "model") || !strcmp(output, "app"))
    return model_lookup(model, path, !strcmp(output, "app"));
  return table_lookup(fcsim_metric_table_find(output), path);
}

const char *fcsim_metric_better_name(enum fcsim_metric_better b)
{
  return b == FCSIM_BETTER_LOWER ? "lower" : b == FCSIM_BETTER_HIGHER ? "higher" : "";
}

const char *fcsim_metric_replicate_name(enum fcsim_metric_replicate r)
{
  static const char *const names[FCSIM_REPLICATE_RULES] = {"mean", "sum", "same", "key"};
  return (unsigned)r < FCSIM_REPLICATE_RULES ? names[r] : "?";
}

const char *fcsim_metric_merge_name(enum fcsim_metric_merge m)
{
  static const char *const names[FCSIM_METRIC_MERGE_RULES] = {"same", "sum", "max", "min", "derived", "process"};
  return (unsigned)m < FCSIM_METRIC_MERGE_RULES ? names[m] : "?";
}

void fcsim_metric_format(const struct fcsim_metric *m, double v, double half, char *buf, size_t size)
{
  int n = snprintf(buf, size, m && m->view.format ? m->view.format : "%.5g", v);
  if (half >= 0 && n >= 0 && (size_t)n < size)
    snprintf(buf + n, size - (size_t)n, half >= 10 ? "+-%.0f" : "+-%.2g", half);
}
