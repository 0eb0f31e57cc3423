/* SPDX-License-Identifier: BSD-3-Clause */
/* The CSV writer (core/csv.h). */
#define _POSIX_C_SOURCE 200809L
#include "core/csv.h"

#include <stdlib.h>
#include <string.h>

struct cell {
  size_t col;
  char *text;
};

struct row {
  struct cell *cells;
  size_t n, cap;
};

struct fcsim_csv {
  const char *const *drop;
  int precision;
  char **cols;
  size_t ncols, capcols;
  struct row *rows;
  size_t nrows, caprows;
};

struct fcsim_csv *fcsim_csv_new(const char *const *drop, int real_precision)
{
  struct fcsim_csv *c = calloc(1, sizeof *c);
  if (c) {
    c->drop = drop;
    c->precision = real_precision > 0 && real_precision <= 17 ? real_precision : 17;
  }
  return c;
}

void fcsim_csv_free(struct fcsim_csv *c)
{
  if (!c)
    return;
  for (size_t i = 0; i < c->ncols; i++)
    free(c->cols[i]);
  for (size_t r = 0; r < c->nrows; r++) {
    for (size_t i = 0; i < c->rows[r].n; i++)
      free(c->rows[r].cells[i].text);
    free(c->rows[r].cells);
  }
  free(c->cols);
  free(c->rows);
  free(c);
}

size_t fcsim_csv_rows(const struct fcsim_csv *c)
{
  return c->nrows;
}

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  size_t n = *cap ? *cap * 2 : 16;
  while (n < need)
    n *= 2;
  void *q = realloc(*p, n * size);
  if (!q)
    return -1;
  *p = q;
  *cap = n;
  return 0;
}

/* The index of column `name`, added when new; -1 when out of memory. The
 * columns are few (hundreds): a linear search from the last one found. */
static long column(struct fcsim_csv *c, const char *name, size_t *hint)
{
  for (size_t k = 0; k < c->ncols; k++) {
    size_t i = (*hint + k) % c->ncols;
    if (!strcmp(c->cols[i], name))
      return (long)(*hint = i);
  }
  if (grow((void **)&c->cols, &c->capcols, c->ncols + 1, sizeof *c->cols) || !(c->cols[c->ncols] = strdup(name)))
    return -1;
  return (long)(*hint = c->ncols++);
}

/* A scalar as its cell text (NULL for null: an empty cell). */
static char *scalar_text(const json_t *v, int precision)
{
  if (json_is_null(v))
    return NULL;
  if (json_is_string(v))
    return strdup(json_string_value(v));
  if (json_is_true(v))
    return strdup("true");
  if (json_is_false(v))
    return strdup("false");
  return json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(precision));
}

static int add_cell(struct fcsim_csv *c, struct row *r, const char *name, const json_t *v, size_t *hint)
{
  long col = column(c, name, hint);
  if (col < 0 || grow((void **)&r->cells, &r->cap, r->n + 1, sizeof *r->cells))
    return -1;
  char *text = scalar_text(v, c->precision);
  if (!text && !json_is_null(v))
    return -1;
  r->cells[r->n++] = (struct cell){(size_t)col, text};
  return 0;
}

static int dropped(const struct fcsim_csv *c, const char *key)
{
  for (const char *const *d = c->drop; d && *d; d++)
    if (!strcmp(*d, key))
      return 1;
  return 0;
}

static int flatten(struct fcsim_csv *c, struct row *r, char *name, size_t len, size_t cap, const json_t *v, int top,
                   size_t *hint)
{
  if (!json_is_object(v) && !json_is_array(v))
    return add_cell(c, r, name, v, hint);
  const char *key;
  json_t *x;
  size_t i;
  char idx[24];
  void *it = json_is_object(v) ? json_object_iter((json_t *)v) : NULL;
  for (i = 0; json_is_object(v) ? it != NULL : i < json_array_size(v); i++) {
    if (json_is_object(v)) {
      key = json_object_iter_key(it);
      x = json_object_iter_value(it);
      it = json_object_iter_next((json_t *)v, it);
    } else {
      snprintf(idx, sizeof idx, "%zu", i);
      key = idx;
      x = json_array_get(v, i);
    }
    size_t n = len;
    if (top && json_is_object(x) && dropped(c, key)) {
      n = 0; /* `config.network.dims` -> `network.dims` */
    } else if (top && json_is_null(x) && dropped(c, key)) {
      continue;
    } else {
      int w = snprintf(name + len, cap - len, "%s%s", len ? "." : "", key);
      if (w < 0 || (size_t)w >= cap - len)
        return -1;
      n = len + (size_t)w;
    }
    if (flatten(c, r, name, n, cap, x, 0, hint))
      return -1;
    name[len] = '\0';
  }
  return 0;
}

int fcsim_csv_add(struct fcsim_csv *c, const json_t *record, struct fcsim_error *err)
{
  char name[1024] = "";
  size_t hint = 0;
  if (grow((void **)&c->rows, &c->caprows, c->nrows + 1, sizeof *c->rows))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV rows");
  struct row *r = &c->rows[c->nrows++];
  *r = (struct row){0};
  if (flatten(c, r, name, 0, sizeof name, record, 1, &hint))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV rows (or a field name over %zu characters)",
                           sizeof name - 1);
  return 0;
}

void fcsim_csv_field(FILE *out, const char *s)
{
  if (!strpbrk(s, ",\"\r\n")) {
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

int fcsim_csv_write(const struct fcsim_csv *c, FILE *out, struct fcsim_error *err)
{
  return fcsim_csv_write_part(c, out, 1, 1, err);
}

int fcsim_csv_write_part(const struct fcsim_csv *c, FILE *out, int header, int rows, struct fcsim_error *err)
{
  for (size_t i = 0; header && i < c->ncols; i++) {
    if (i)
      fputc(',', out);
    fcsim_csv_field(out, c->cols[i]);
  }
  if (header)
    fputc('\n', out);
  const char **line = calloc(c->ncols ? c->ncols : 1, sizeof *line);
  if (!line)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for a CSV row");
  for (size_t r = 0; rows && r < c->nrows; r++) {
    memset(line, 0, c->ncols * sizeof *line);
    for (size_t i = 0; i < c->rows[r].n; i++)
      line[c->rows[r].cells[i].col] = c->rows[r].cells[i].text;
    for (size_t i = 0; i < c->ncols; i++) {
      if (i)
        fputc(',', out);
      if (line[i])
        fcsim_csv_field(out, line[i]);
    }
    fputc('\n', out);
  }
  free(line);
  return ferror(out) ? fcsim_error_set(err, FCSIM_EIO, "cannot write the CSV output") : 0;
}
