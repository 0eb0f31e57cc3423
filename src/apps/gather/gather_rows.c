/* SPDX-License-Identifier: BSD-3-Clause */
/* A gather schedule's messages, written as a CSV or handed in memory
 * (gather_rows.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps/gather/gather_rows.h"

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  size_t c = *cap ? *cap * 2 : 256;
  while (c < need)
    c *= 2;
  void *q = realloc(*p, c * size);
  if (!q)
    return -1;
  *p = q;
  *cap = c;
  return 0;
}

struct gather_row *fcsim_gather_row_add(struct gather_rows *rows, int64_t id, int src, int dst, uint64_t bytes)
{
  size_t cap = (size_t)rows->cap;
  void *p = rows->row;
  if (rows->nomem || grow(&p, &cap, (size_t)rows->n + 1, sizeof *rows->row)) {
    rows->nomem = 1;
    return NULL;
  }
  rows->row = p;
  rows->cap = (int)cap;
  struct gather_row *r = &rows->row[rows->n++];
  *r = (struct gather_row){id, src, dst, bytes, GATHER_TIME_NONE, GATHER_TIME_NONE, 0, 0, rows->nafter, 0, -1};
  return r;
}

void fcsim_gather_row_after(struct gather_rows *rows, int64_t id)
{
  void *p = rows->after;
  if (rows->nomem || !rows->n || grow(&p, &rows->after_cap, rows->nafter + 1, sizeof *rows->after)) {
    rows->nomem = 1;
    return;
  }
  rows->after = p;
  rows->after[rows->nafter++] = id;
  rows->row[rows->n - 1].nafter++;
}

void fcsim_gather_rows_free(struct gather_rows *rows)
{
  free(rows->row);
  free(rows->after);
  memset(rows, 0, sizeof *rows);
}

static void write_time(FILE *out, enum gather_time kind, double v)
{
  if (kind == GATHER_TIME_CYCLES)
    fprintf(out, "%llu", (unsigned long long)v);
  else if (kind == GATHER_TIME_NS)
    fprintf(out, "%.3fns", v);
}

int fcsim_gather_rows_write_csv(const struct gather_rows *rows, const int *order, FILE *out, struct fcsim_error *err)
{
  if (rows->nomem)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the gather's messages");
  for (int k = 0; k < rows->n; k++) {
    const struct gather_row *r = &rows->row[order ? order[k] : k];
    fprintf(out, "%lld,%d,%d,%llu,", (long long)r->id, r->src, r->dst, (unsigned long long)r->bytes);
    write_time(out, r->start_kind, r->start);
    fputc(',', out);
    for (int j = 0; j < r->nafter; j++)
      fprintf(out, j ? ";%lld" : "%lld", (long long)rows->after[r->after_first + (size_t)j]);
    fputc(',', out);
    write_time(out, r->delay_kind, r->delay);
    fputc('\n', out);
  }
  return ferror(out) ? fcsim_error_set(err, FCSIM_EIO, "cannot write the gather trace") : 0;
}

/* Cycles of a time as the CSV reader makes them: nanoseconds at the
 * picosecond the "%.3fns" form keeps, rounded up to whole cycles. */
static uint64_t cycles_of(enum gather_time kind, double v, double clock_hz)
{
  if (kind == GATHER_TIME_NONE)
    return 0;
  if (kind == GATHER_TIME_CYCLES)
    return (uint64_t)v;
  char text[64];
  snprintf(text, sizeof text, "%.3f", v);
  double s = strtod(text, NULL) * 1e-9;
  double c = ceil(s * clock_hz - 1e-6);
  return c > 0 ? (uint64_t)c : 0;
}

int fcsim_gather_rows_messages(const struct gather_rows *rows, const int *order, double clock_hz,
                               struct fcsim_message_list *l, struct fcsim_error *err)
{
  if (rows->nomem)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the gather's messages");
  int rc = 0;
  for (int k = 0; !rc && k < rows->n; k++) {
    const struct gather_row *r = &rows->row[order ? order[k] : k];
    rc = fcsim_messages_add(l, r->id, (uint32_t)r->src, (uint32_t)r->dst, r->bytes,
                            cycles_of(r->start_kind, r->start, clock_hz), cycles_of(r->delay_kind, r->delay, clock_hz),
                            err);
    for (int j = 0; !rc && j < r->nafter; j++)
      rc = fcsim_messages_after(l, rows->after[r->after_first + (size_t)j], err);
  }
  return rc;
}
