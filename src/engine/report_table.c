/* SPDX-License-Identifier: BSD-3-Clause */
/* The metric lines of `fcsim run`'s table, from the metric registry
 * (include/fcsim/metrics.h): every field of the run's declarations with a
 * view group, under its group's heading, in the order declared; the value
 * read from the result's JSON record, so the table shows what the JSON
 * holds. A field absent from the record is left out (it does not apply to
 * the run), a null one is `-`. Under replications a field with statistics
 * shows its mean +- the half-width of its 95 % interval. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/report.h"
#include "fcsim/metrics.h"

#define LABEL_WIDTH 24

/* The member of `root` at the dotted `path` (array indices as numbers), or NULL. */
static json_t *json_at(json_t *root, const char *path)
{
  char part[128];
  while (root && *path) {
    size_t n = strcspn(path, ".");
    if (n >= sizeof part)
      return NULL;
    memcpy(part, path, n);
    part[n] = '\0';
    root = json_is_array(root) ? json_array_get(root, (size_t)strtoul(part, NULL, 10)) : json_object_get(root, part);
    path += n + (path[n] == '.');
  }
  return root;
}

/* The key of a metric's statistics under "replications": its path below "metrics.". */
static const char *stats_key(const char *path)
{
  return strncmp(path, "metrics.", 8) ? NULL : path + 8;
}

/* A field's value in a record: absent, null, a number, statistics over
 * replications, or another JSON value. */
struct value {
  enum { V_ABSENT, V_NULL, V_NUMBER, V_STATS, V_OTHER } kind;
  double v, half;  /* the number or the mean; the interval's half-width */
  int integer;     /* a JSON integer: printed as one */
  long long n;     /* replications it applies to */
  size_t runs;     /* replications */
  const char *text;
};

static struct value value_of(json_t *root, const struct fcsim_metric *m)
{
  const char *key = stats_key(m->path);
  json_t *st = key ? json_object_get(json_object_get(root, "replications"), key) : NULL;
  json_t *v = json_at(root, m->path);
  struct value r = {.kind = V_ABSENT};
  if (st) {
    r.kind = V_STATS;
    r.v = json_number_value(json_object_get(st, "mean"));
    r.half = (json_number_value(json_object_get(st, "ci95_high")) - json_number_value(json_object_get(st, "ci95_low"))) / 2;
    r.n = (long long)json_integer_value(json_object_get(st, "n"));
    r.runs = json_array_size(json_object_get(st, "values"));
  } else if (json_is_number(v)) {
    r.kind = V_NUMBER;
    r.v = json_number_value(v);
    r.integer = json_is_integer(v);
  } else if (json_is_null(v)) {
    r.kind = V_NULL;
  } else if (v) {
    r.kind = V_OTHER;
    r.text = json_is_true(v) ? "true" : json_is_false(v) ? "false" : "?";
  }
  return r;
}

/* The cell of `x` with the printf conversion `format` (NULL: "%.5g"), its
 * numbers multiplied by `scale` (1, or ns per cycle). */
static void format_cell(const struct value *x, const char *format, double scale, char *buf, size_t size)
{
  char a[80];
  struct fcsim_metric fm = {.view.format = format};
  switch (x->kind) {
  case V_NUMBER:
    if (x->integer && scale == 1)
      snprintf(buf, size, "%.0f", x->v);
    else
      fcsim_metric_format(&fm, x->v * scale, -1, buf, size);
    return;
  case V_STATS:
    fcsim_metric_format(&fm, x->v * scale, x->half * scale, a, sizeof a);
    if ((size_t)x->n < x->runs)
      snprintf(buf, size, "%s (%lld of %zu)", a, x->n, x->runs);
    else
      snprintf(buf, size, "%s", a);
    return;
  case V_OTHER:
    snprintf(buf, size, "%s", x->text);
    return;
  default:
    snprintf(buf, size, "-");
  }
}

/* The declaration of `path`_ns in the run's table, the value in ns beside one in cycles. */
static const struct fcsim_metric *ns_twin(const struct fcsim_metric_table *t, const struct fcsim_metric *m)
{
  char path[160];
  snprintf(path, sizeof path, "%s_ns", m->path);
  for (size_t i = 0; i < t->n; i++)
    if (!strcmp(t->rows[i].path, path))
      return &t->rows[i];
  return NULL;
}

static const char *label_of(const char *path)
{
  const char *dot = strrchr(path, '.');
  return dot ? dot + 1 : path;
}

/* 1 when `m` is shown: in a group, present in the record, non-zero (and
 * not null) when its view says so. */
static int shown(const struct fcsim_metric *m, const struct value *x)
{
  if (!m->view.group || x->kind == V_ABSENT)
    return 0;
  int nonzero = (x->kind == V_NUMBER || x->kind == V_STATS) ? x->v != 0 : x->kind == V_OTHER;
  return nonzero || !(m->view.flags & FCSIM_VIEW_NONZERO);
}

/* Its value in ns: the declared `_ns` field, or a value in cycles converted. */
static int ns_cell(json_t *root, const struct fcsim_metric_table *t, const struct fcsim_metric *m,
                   const struct value *x, char *buf, size_t size)
{
  const struct fcsim_metric *twin = ns_twin(t, m);
  struct value y = twin ? value_of(root, twin) : (struct value){.kind = V_ABSENT};
  if (y.kind != V_ABSENT) {
    format_cell(&y, twin->view.format, 1, buf, size);
    return 1;
  }
  double hz = json_number_value(json_at(root, "derived.clock_hz"));
  if (strcmp(m->unit, "cycles") || !(hz > 0))
    return 0;
  format_cell(x, "%.1f", 1e9 / hz, buf, size);
  return 1;
}

static void print_group(json_t *root, const struct fcsim_metric_table *t, const char *group, int width, int *first_group,
                        FILE *out)
{
  int first = 1, ns_column = 0;
  for (size_t i = 0; i < t->n; i++) {
    const struct fcsim_metric *m = &t->rows[i];
    char v[96], ns[96];
    if (!m->view.group || strcmp(m->view.group, group))
      continue;
    struct value x = value_of(root, m);
    if (!shown(m, &x))
      continue;
    format_cell(&x, m->view.format, 1, v, sizeof v);
    if (first) { /* the heading; with an ns column when its first line has a value in ns */
      ns_column = ns_twin(t, m) && ns_cell(root, t, m, &x, ns, sizeof ns);
      if (!*first_group)
        fputc('\n', out);
      if (ns_column)
        fprintf(out, "  %-*s %*s %*s\n", LABEL_WIDTH, group, width, m->unit, width, "ns");
      else
        fprintf(out, "  %s\n", group);
      first = *first_group = 0;
    }
    if (ns_column && ns_cell(root, t, m, &x, ns, sizeof ns))
      fprintf(out, "  %-*s %*s %*s\n", LABEL_WIDTH, label_of(m->path), width, v, width, ns);
    else
      fprintf(out, "  %-*s %*s %s\n", LABEL_WIDTH, label_of(m->path), width, v, m->unit);
  }
}

void fcsim__report_table_metrics(json_t *root, FILE *out)
{
  const struct fcsim_metric_table *t = fcsim_metric_table_find("run");
  int width = json_object_get(root, "replications") ? 22 : 14, first_group = 1;
  for (size_t i = 0; i < t->n; i++) { /* each group once, at its first declaration */
    const char *g = t->rows[i].view.group;
    size_t j = 0;
    while (g && j < i && !(t->rows[j].view.group && !strcmp(t->rows[j].view.group, g)))
      j++;
    if (g && j == i)
      print_group(root, t, g, width, &first_group, out);
  }
}
