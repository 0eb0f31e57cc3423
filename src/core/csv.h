/* SPDX-License-Identifier: BSD-3-Clause */
/* The one CSV writer of every command: JSON records flattened into columns
 * with dotted names, RFC 4180 quoting, numbers as the JSON writes them.
 *
 * A record (one JSON object) becomes one row. Nested objects and arrays
 * flatten into `a.b.c` and `a.0` columns; the leading `PREFIX.` of the
 * objects named in `drop` is left out of their columns (run: `config` and
 * `metrics`, so `traffic.rate` and `avg_latency` as before). Columns are the
 * union over every record, in first-seen order, so records with different
 * fields (a sweep over router models) lose nothing: a field a record does not
 * have is an empty cell. Cells: numbers exactly as jansson writes them in the
 * JSON (the same precision), strings unquoted unless they hold a comma,
 * quote, CR or LF (then "..." with quotes doubled), true/false, null empty. */
#ifndef FCSIM_CORE_CSV_H
#define FCSIM_CORE_CSV_H

#include <jansson.h>
#include <stdio.h>

#include "fcsim/error.h"

struct fcsim_csv;

/* A table whose records drop the prefixes of the NULL-terminated `drop`
 * list (may be NULL) and write reals with `real_precision` significant
 * digits (as JSON_REAL_PRECISION; 0: jansson's default 17). NULL when out
 * of memory. */
struct fcsim_csv *fcsim_csv_new(const char *const *drop, int real_precision);
void fcsim_csv_free(struct fcsim_csv *c);

/* Adds one record (a JSON object). Returns 0, or FCSIM_ENOMEM. */
int fcsim_csv_add(struct fcsim_csv *c, const json_t *record, struct fcsim_error *err);

/* Rows added so far. */
size_t fcsim_csv_rows(const struct fcsim_csv *c);

/* Writes the header and every row. Returns 0, or FCSIM_EIO. */
int fcsim_csv_write(const struct fcsim_csv *c, FILE *out, struct fcsim_error *err);

/* The header only, the rows only, or both (as fcsim_csv_write). */
int fcsim_csv_write_part(const struct fcsim_csv *c, FILE *out, int header, int rows, struct fcsim_error *err);

/* Writes one field with RFC 4180 quoting when needed. */
void fcsim_csv_field(FILE *out, const char *s);

#endif
