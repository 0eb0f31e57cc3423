/* Reading result files for fcsim plot: one JSON object (fcsim run --json),
 * JSON Lines (fcsim sweep --json, fcsim tune --json), a JSON array (fcsim
 * model --json) or CSV (run, sweep, model --csv). Anything else is refused. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "plot/plot_internal.h"

/* What one file turned out to hold. */
enum file_kind { FK_NONE, FK_SIM, FK_TUNE, FK_MODEL };

static const char not_result[] =
    "%s: not an fcsim result (expected the JSON, JSON Lines or CSV written by fcsim run, sweep, tune or model)";

const char *fcsim_plot_kind_name(enum fcsim_plot_kind kind)
{
  static const char *const names[] = {NULL, "sweep", "run", "tune", "model", "optimal"};
  return (unsigned)kind < 6 ? names[kind] : NULL;
}

enum fcsim_plot_kind fcsim_plot_kind_parse(const char *name)
{
  for (int k = FCSIM_PLOT_SWEEP; k <= FCSIM_PLOT_OPTIMAL; k++)
    if (!strcmp(name, fcsim_plot_kind_name((enum fcsim_plot_kind)k)))
      return (enum fcsim_plot_kind)k;
  return FCSIM_PLOT_AUTO;
}

static int is_sim_record(json_t *o)
{
  return json_is_object(o) && json_is_string(json_object_get(o, "fcsim")) &&
         json_is_object(json_object_get(o, "config")) && json_is_object(json_object_get(o, "metrics"));
}

static int is_model_record(json_t *o)
{
  return json_is_object(o) && json_is_string(json_object_get(o, "model")) &&
         json_is_object(json_object_get(o, "params")) && json_is_object(json_object_get(o, "results"));
}

/* Whole text as one JSON value: a run's object or a model's array. */
static enum file_kind try_json(const char *text, json_t *records)
{
  json_t *v = json_loads(text, 0, NULL);
  enum file_kind k = FK_NONE;
  if (is_sim_record(v)) {
    json_array_append(records, v);
    k = FK_SIM;
  } else if (json_is_array(v) && json_array_size(v) > 0) {
    size_t i;
    json_t *e;
    k = FK_MODEL;
    json_array_foreach(v, i, e) if (!is_model_record(e)) k = FK_NONE;
    if (k == FK_MODEL)
      json_array_extend(records, v);
  }
  json_decref(v);
  return k;
}

/* One JSON object per line: a sweep's runs or tune's header, points, summary. */
static enum file_kind try_json_lines(char *text, json_t *records, json_t **header, json_t **summary)
{
  enum file_kind k = FK_NONE;
  int first = 1;
  for (char *save = NULL, *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (strspn(line, " \t\r") == strlen(line))
      continue;
    json_t *o = json_loads(line, 0, NULL);
    const char *type = json_string_value(json_object_get(o, "type"));
    if (first && type && !strcmp(type, "tune")) {
      k = FK_TUNE;
      *header = json_incref(o);
    } else if (first && is_sim_record(o)) {
      k = FK_SIM;
    } else if (first || (k == FK_SIM && !is_sim_record(o)) || (k == FK_TUNE && !type)) {
      json_decref(o);
      json_decref(*header);
      *header = NULL;
      return FK_NONE;
    }
    if ((k == FK_SIM) || (type && !strcmp(type, "point")))
      json_array_append(records, o);
    else if (k == FK_TUNE && type && !strcmp(type, "summary")) {
      json_decref(*summary);
      *summary = json_incref(o);
    }
    first = 0;
    json_decref(o);
  }
  return k;
}

/* Splits one CSV line (no quoting: fcsim never writes commas in fields). */
static int csv_split(char *line, char **fields, int max)
{
  int n = 0;
  line[strcspn(line, "\r\n")] = '\0';
  for (char *p = line;; p++) {
    if (n == max)
      return -1;
    fields[n++] = p;
    p += strcspn(p, ",");
    if (!*p)
      return n;
    *p = '\0';
  }
}

static json_t *csv_value(const char *text)
{
  char *end;
  double v = strtod(text, &end);
  return end != text && *end == '\0' ? json_real(v) : json_null();
}

#define CSV_MAX_FIELDS 512

/* A simulation row: "section.key" columns into config, the rest into metrics. */
static json_t *csv_sim_record(char **head, char **row, int n)
{
  json_t *rec = json_object(), *cfg = json_object(), *met = json_object();
  json_object_set_new(rec, "fcsim", json_string("csv"));
  for (int i = 0; i < n; i++) {
    char *dot = strchr(head[i], '.');
    if (dot) {
      char sec[64];
      snprintf(sec, sizeof sec, "%.*s", (int)(dot - head[i]), head[i]);
      json_t *s = json_object_get(cfg, sec);
      if (!s)
        json_object_set_new(cfg, sec, s = json_object());
      json_object_set_new(s, dot + 1, json_string(row[i]));
    } else if (!strcmp(head[i], "saturated") || !strcmp(head[i], "deadlock")) {
      json_object_set_new(rec, head[i], json_boolean(atoi(row[i]) != 0));
    } else {
      json_object_set_new(met, head[i], csv_value(row[i]));
    }
  }
  json_object_set_new(rec, "config", cfg);
  json_object_set_new(rec, "metrics", met);
  return rec;
}

/* The model whose parameter and result names are exactly the CSV header. */
static const struct fcsim_model_ops *csv_model(char **head, int n)
{
  for (const struct fcsim_model_ops *const *m = fcsim_model_list(); *m; m++) {
    if ((size_t)n != (*m)->n_params + (*m)->n_results)
      continue;
    int ok = 1;
    for (size_t i = 0; ok && i < (size_t)n; i++)
      ok = !strcmp(head[i], i < (*m)->n_params ? (*m)->params[i].name : (*m)->results[i - (*m)->n_params].name);
    if (ok)
      return *m;
  }
  return NULL;
}

static json_t *csv_model_record(const struct fcsim_model_ops *m, char **row)
{
  json_t *rec = json_object(), *p = json_object(), *r = json_object();
  json_object_set_new(rec, "model", json_string(m->name));
  for (size_t i = 0; i < m->n_params; i++)
    json_object_set_new(p, m->params[i].name, csv_value(row[i]));
  for (size_t i = 0; i < m->n_results; i++)
    json_object_set_new(r, m->results[i].name, csv_value(row[m->n_params + i]));
  json_object_set_new(rec, "params", p);
  json_object_set_new(rec, "results", r);
  return rec;
}

static enum file_kind try_csv(char *text, json_t *records)
{
  char *save = NULL, *line = strtok_r(text, "\n", &save);
  static char *head[CSV_MAX_FIELDS], *row[CSV_MAX_FIELDS];
  int n = line ? csv_split(line, head, CSV_MAX_FIELDS) : -1;
  if (n < 2)
    return FK_NONE;
  int sim = !strncmp(head[0], "network.", 8), has_lat = 0;
  for (int i = 0; i < n; i++)
    has_lat |= !strcmp(head[i], "avg_latency");
  const struct fcsim_model_ops *m = sim && has_lat ? NULL : csv_model(head, n);
  if (!(sim && has_lat) && !m)
    return FK_NONE;
  size_t before = json_array_size(records);
  while ((line = strtok_r(NULL, "\n", &save))) {
    if (csv_split(line, row, CSV_MAX_FIELDS) != n)
      return FK_NONE;
    json_array_append_new(records, m ? csv_model_record(m, row) : csv_sim_record(head, row, n));
  }
  if (json_array_size(records) == before)
    return FK_NONE;
  return m ? FK_MODEL : FK_SIM;
}

static char *slurp(const char *path, struct fcsim_error *err)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    fcsim_error_set(err, FCSIM_EIO, "%s: cannot read", path);
    return NULL;
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0;) {
    len += got;
    if (len + 1 == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb)
        free(buf);
      buf = nb;
    }
  }
  fclose(f);
  if (!buf) {
    fcsim_error_set(err, FCSIM_ENOMEM, "%s: out of memory", path);
    return NULL;
  }
  buf[len] = '\0';
  if (strlen(buf) != len) { /* binary */
    free(buf);
    fcsim_error_set(err, FCSIM_EPARSE, not_result, path);
    return NULL;
  }
  return buf;
}

static void truncate_records(json_t *records, size_t n)
{
  while (json_array_size(records) > n)
    json_array_remove(records, json_array_size(records) - 1);
}

/* Reads one file and appends its records; returns its kind (FK_NONE with
 * `err` set on failure). */
static enum file_kind load_one(const char *path, json_t *records, json_t **header, json_t **summary,
                               struct fcsim_error *err)
{
  char *text = slurp(path, err);
  if (!text)
    return FK_NONE;
  size_t before = json_array_size(records);
  enum file_kind k = try_json(text, records);
  if (k == FK_NONE) {
    char *copy = strdup(text);
    k = copy ? try_json_lines(copy, records, header, summary) : FK_NONE;
    free(copy);
  }
  if (k == FK_NONE) {
    truncate_records(records, before);
    k = try_csv(text, records);
    if (k == FK_NONE)
      truncate_records(records, before);
  }
  free(text);
  if (k == FK_NONE || json_array_size(records) == before) {
    fcsim_error_set(err, FCSIM_EPARSE, not_result, path);
    return FK_NONE;
  }
  return k;
}

static enum fcsim_plot_kind kind_of(enum file_kind fk, size_t nrecords)
{
  if (fk == FK_TUNE)
    return FCSIM_PLOT_TUNE;
  if (fk == FK_MODEL)
    return FCSIM_PLOT_MODEL;
  return nrecords == 1 ? FCSIM_PLOT_RUN : FCSIM_PLOT_SWEEP;
}

int fcsim_plot_load(const char *const *paths, int npaths, enum fcsim_plot_kind want, struct fcsim_plot_data **out,
                    struct fcsim_error *err)
{
  struct fcsim_plot_data *d = calloc(1, sizeof *d);
  if (!d || !(d->records = json_array())) {
    free(d);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  enum file_kind first = FK_NONE;
  for (int i = 0; i < npaths; i++) {
    enum file_kind k = load_one(paths[i], d->records, &d->tune_header, &d->tune_summary, err);
    if (k == FK_NONE) {
      fcsim_plot_free(d);
      return err && err->code ? err->code : FCSIM_EPARSE;
    }
    if (i > 0 && (k != first || k != FK_SIM)) {
      fcsim_plot_free(d);
      return fcsim_error_set(err, FCSIM_EINVAL,
                             "%s: only simulation results (run, sweep) can be drawn together; plot a %s result alone",
                             paths[i], k == FK_TUNE || first == FK_TUNE ? "tune" : "model");
    }
    first = k;
    snprintf(d->source + strlen(d->source), sizeof d->source - strlen(d->source), "%s%s", i ? ", " : "", paths[i]);
  }
  d->kind = kind_of(first, json_array_size(d->records));
  if (want != FCSIM_PLOT_AUTO && want != d->kind) {
    int ok =
        (first == FK_SIM && (want == FCSIM_PLOT_SWEEP || (want == FCSIM_PLOT_RUN && json_array_size(d->records) == 1))) ||
        (first == FK_TUNE && want == FCSIM_PLOT_OPTIMAL);
    if (!ok) {
      fcsim_plot_free(d);
      return fcsim_error_set(err, FCSIM_EINVAL, "%s: cannot be drawn as a %s (it is a %s result)", paths[0],
                             fcsim_plot_kind_name(want),
                             first == FK_SIM    ? "simulation"
                             : first == FK_TUNE ? "tune"
                                                : "model");
    }
    d->kind = want;
  }
  *out = d;
  return 0;
}

enum fcsim_plot_kind fcsim_plot_data_kind(const struct fcsim_plot_data *d)
{
  return d->kind;
}

void fcsim_plot_free(struct fcsim_plot_data *d)
{
  if (!d)
    return;
  json_decref(d->records);
  json_decref(d->tune_header);
  json_decref(d->tune_summary);
  free(d);
}

int fcsim_plot_write_script(const struct fcsim_plot_data *d, const char *image_path, int svg, FILE *script,
                            struct fcsim_error *err)
{
  switch (d->kind) {
  case FCSIM_PLOT_SWEEP: return plot_sweep(d, image_path, svg, script, err);
  case FCSIM_PLOT_RUN: return plot_run(d, image_path, svg, script, err);
  case FCSIM_PLOT_TUNE: return plot_tune(d, image_path, svg, script, err);
  case FCSIM_PLOT_MODEL: return plot_model(d, image_path, svg, script, err);
  case FCSIM_PLOT_OPTIMAL: return plot_tune_optimal(d, image_path, svg, script, err);
  default: return fcsim_error_set(err, FCSIM_EINVAL, "unknown plot kind");
  }
}
