/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading result files for fcsim plot: one JSON object (fcsim run --json),
 * JSON Lines (fcsim sweep --json, fcsim tune --json), a JSON array (fcsim
 * model --json) or CSV (run, sweep, model --csv). Anything else is refused. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "core/text.h"
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

/* Splits the CSV record at *pos (RFC 4180: quoted fields with doubled
 * quotes, commas and newlines inside quotes), unquoting in place; advances
 * *pos past the record. Returns the number of fields, 0 at the end of the
 * text, -1 when malformed or over `max` fields. */
static int csv_record(char **pos, char **fields, int max)
{
  char *p = *pos;
  if (!*p)
    return 0;
  int n = 0;
  for (;;) {
    if (n == max)
      return -1;
    char *w = p;
    fields[n++] = w;
    if (*p == '"') {
      for (p++;; p++) {
        if (!*p)
          return -1;
        if (*p == '"') {
          if (p[1] != '"')
            break;
          p++;
        }
        *w++ = *p;
      }
      p++;
      if (*p && *p != ',' && *p != '\n' && *p != '\r')
        return -1;
    } else {
      while (*p && *p != ',' && *p != '\n' && *p != '\r')
        *w++ = *p++;
    }
    char sep = *p;
    if (*p == '\r')
      p++;
    if (*p)
      p++;
    *w = '\0';
    if (sep != ',') {
      *pos = p;
      return n;
    }
  }
}

static json_t *csv_value(const char *text)
{
  char *end;
  double v = strtod(text, &end);
  return end != text && *end == '\0' ? json_real(v) : json_null();
}

#define CSV_MAX_FIELDS 4096

/* 1 when `name` is a configuration section. */
static int is_section(const char *name, size_t len)
{
  for (size_t i = 0; i < fcsim_nkeys; i++)
    if (strlen(fcsim_keys[i].section) == len && !strncmp(fcsim_keys[i].section, name, len))
      return 1;
  return 0;
}

/* Sets the dotted `path` below `obj` to `v` (objects made as needed). */
static void set_path(json_t *obj, const char *path, json_t *v)
{
  const char *dot;
  char key[256];
  while ((dot = strchr(path, '.'))) {
    snprintf(key, sizeof key, "%.*s", (int)(dot - path), path);
    json_t *sub = json_object_get(obj, key);
    if (!json_is_object(sub))
      json_object_set_new(obj, key, sub = json_object());
    obj = sub;
    path = dot + 1;
  }
  json_object_set_new(obj, path, v);
}

/* A simulation row back into the JSON's shape (core/csv.h): columns of a
 * configuration section into config (as text, as the JSON's strings),
 * derived/execution/replications and the verdicts at the top, the rest into
 * metrics. Also reads the CSV of older versions (0/1 verdicts). */
static json_t *csv_sim_record(char **head, char **row, int n)
{
  static const char *const top[] = {"fcsim", "saturated", "saturation_reason", "drained", "deadlock", "measured",
                                     "batch_finished", "deadlock_report", NULL};
  static const char *const blocks[] = {"derived.", "execution.", "replications.", NULL};
  json_t *rec = json_object(), *cfg = json_object(), *met = json_object();
  json_object_set_new(rec, "fcsim", json_string("csv"));
  for (int i = 0; i < n; i++) {
    const char *h = head[i], *dot = strchr(h, '.');
    int is_top = 0, is_block = 0;
    for (const char *const *t = top; *t; t++)
      is_top |= !strcmp(h, *t);
    for (const char *const *b = blocks; *b; b++)
      is_block |= !strncmp(h, *b, strlen(*b));
    if (is_top && strcmp(h, "fcsim") && strcmp(h, "saturation_reason") && strcmp(h, "deadlock_report"))
      json_object_set_new(rec, h, json_boolean(!strcmp(row[i], "true") || atoi(row[i]) != 0));
    else if (is_top)
      json_object_set_new(rec, h, *row[i] ? json_string(row[i]) : json_null());
    else if (is_block)
      set_path(rec, h, csv_value(row[i]));
    else if (dot && is_section(h, (size_t)(dot - h)))
      set_path(cfg, h, json_string(row[i]));
    else
      set_path(met, h, *row[i] ? csv_value(row[i]) : json_null());
  }
  json_object_set_new(rec, "config", cfg);
  json_object_set_new(rec, "metrics", met);
  return rec;
}

/* The model whose parameter and result names are exactly the CSV header
 * (older versions), or NULL. */
static const struct fcsim_model_ops *csv_model_old(char **head, int n)
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

/* A model row: `model` names the model (older files: the header is its
 * table), then its parameters and results by name. */
static json_t *csv_model_record(const struct fcsim_model_ops *m, char **head, char **row, int n)
{
  json_t *rec = json_object(), *p = json_object(), *r = json_object();
  for (int i = 0; i < n; i++) {
    if (!strcmp(head[i], "model")) {
      if (!(m = fcsim_model_find(row[i]))) {
        json_decref(rec);
        json_decref(p);
        json_decref(r);
        return NULL;
      }
      continue;
    }
  }
  json_object_set_new(rec, "model", json_string(m->name));
  for (int i = 0; i < n; i++)
    for (size_t k = 0; k < m->n_params + m->n_results; k++) {
      int res = k >= m->n_params;
      if (!strcmp(head[i], res ? m->results[k - m->n_params].name : m->params[k].name))
        json_object_set_new(res ? r : p, head[i], csv_value(row[i]));
    }
  json_object_set_new(rec, "params", p);
  json_object_set_new(rec, "results", r);
  return rec;
}

static enum file_kind try_csv(char *text, json_t *records)
{
  static char *head[CSV_MAX_FIELDS], *row[CSV_MAX_FIELDS];
  char *pos = text;
  int n = csv_record(&pos, head, CSV_MAX_FIELDS);
  if (n < 2)
    return FK_NONE;
  int has_lat = 0, has_model = 0;
  for (int i = 0; i < n; i++) {
    has_lat |= !strcmp(head[i], "avg_latency");
    has_model |= !strcmp(head[i], "model");
  }
  const struct fcsim_model_ops *old = has_lat || has_model ? NULL : csv_model_old(head, n);
  if (!has_lat && !has_model && !old)
    return FK_NONE;
  size_t before = json_array_size(records);
  int got;
  while ((got = csv_record(&pos, row, CSV_MAX_FIELDS)) != 0) {
    if (got == 1 && !*row[0])
      continue; /* an empty line */
    if (got != n)
      return FK_NONE;
    json_t *rec = has_lat ? csv_sim_record(head, row, n) : csv_model_record(old, head, row, n);
    if (!rec)
      return FK_NONE;
    json_array_append_new(records, rec);
  }
  if (json_array_size(records) == before)
    return FK_NONE;
  return has_lat ? FK_SIM : FK_MODEL;
}

static char *slurp(const char *path, struct fcsim_error *err)
{
  char *buf;
  size_t len;
  if (fcsim_text_read_all(path, FCSIM_MAX_INPUT_BYTES_DEFAULT, "a plot input", 0, &buf, &len, err))
    return NULL;
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
    const char *slash = strrchr(paths[i], '/');
    snprintf(d->names + strlen(d->names), sizeof d->names - strlen(d->names), "%s%s", i ? ", " : "",
             slash ? slash + 1 : paths[i]);
  }
  d->kind = kind_of(first, json_array_size(d->records));
  if (want != FCSIM_PLOT_AUTO && want != d->kind) {
    int ok = (first == FK_SIM &&
              (want == FCSIM_PLOT_SWEEP || (want == FCSIM_PLOT_RUN && json_array_size(d->records) == 1))) ||
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
  case FCSIM_PLOT_SWEEP: return fcsim__plot_sweep(d, image_path, svg, script, err);
  case FCSIM_PLOT_RUN: return fcsim__plot_run(d, image_path, svg, script, err);
  case FCSIM_PLOT_TUNE: return fcsim__plot_tune(d, image_path, svg, script, err);
  case FCSIM_PLOT_MODEL: return fcsim__plot_model(d, image_path, svg, script, err);
  case FCSIM_PLOT_OPTIMAL: return fcsim__plot_tune_optimal(d, image_path, svg, script, err);
  default: return fcsim_error_set(err, FCSIM_EINVAL, "unknown plot kind");
  }
}
