/* SPDX-License-Identifier: BSD-3-Clause */
/* Small text helpers shared by the configuration, the model parameters and
 * every file reader: the bounded reader, trimming and splitting fields, and
 * edit distance for did-you-mean suggestions. (Writing a CSV field or row:
 * core/csv.h.) */
#ifndef FCSIM_CORE_TEXT_H
#define FCSIM_CORE_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fcsim/error.h"

/* sim.max_input_bytes by default: the largest input file (netlist, trace,
 * pattern, tables, plot input, tune resume file, app configuration) a reader
 * accepts. Real traces of millions of messages are a few hundred MB. */
#define FCSIM_MAX_INPUT_BYTES_DEFAULT (4ULL << 30)

/* The limit to use: sim.max_input_bytes, or the default where a caller's
 * parameters were not resolved from a configuration (0). */
#define FCSIM_INPUT_LIMIT(bytes) ((bytes) ? (uint64_t)(bytes) : FCSIM_MAX_INPUT_BYTES_DEFAULT)

/* Opens `path` for reading if it is a regular file of at most `max_bytes`
 * bytes; `what` names the input in messages ("traffic.trace", "a netlist").
 * A directory, a FIFO, a device or a socket (whose size cannot be bounded
 * before reading) and a larger file are refused with FCSIM_EIO, naming the
 * path and the limit (sim.max_input_bytes). Returns the stream or NULL. */
FILE *fcsim_text_open(const char *path, uint64_t max_bytes, const char *what, struct fcsim_error *err);

/* Reads the whole of `path` (fcsim_text_open's checks) into a malloc'd,
 * NUL-terminated buffer; *len gets its length. Returns 0 or an error. When
 * `pipes_ok`, a FIFO or a character device is read too, refused once it
 * passes max_bytes (the INI reader: a configuration may come from a pipe). */
int fcsim_text_read_all(const char *path, uint64_t max_bytes, const char *what, int pipes_ok, char **out, size_t *len,
                        struct fcsim_error *err);

/* Writes `text` (n bytes) into buf (size bytes, NUL-terminated) for
 * echoing input in a message: valid UTF-8 and newlines kept, a UTF-8
 * byte-order mark shown as <BOM>, a tab as \t, every other control byte and
 * every byte of invalid UTF-8 as \xHH. Returns buf. */
char *fcsim_text_escape(const char *text, size_t n, char *buf, size_t size);

/* Moves *s forward and *e back over the characters of `chars` at both ends
 * of [*s, *e) (the INI reader: blanks; markdown cells: spaces and
 * backquotes). */
void fcsim_text_trim_span(const char **s, const char **e, const char *chars);

/* Cuts the white space (isspace) at the end of `s` in place; returns the
 * first character after the white space at its start. */
char *fcsim_text_trim(char *s);

/* Splits `line` in place at each `sep` into trimmed fields (fcsim_text_trim),
 * storing the first `max` in fields[]; returns the number of fields, which
 * may exceed max (the CSV readers: traces, VCSN tables). */
int fcsim_text_split(char *line, char sep, char **fields, int max);

/* Levenshtein distance between two strings, for did-you-mean suggestions;
 * only the first 63 characters of each count. `fold_case`: compare letters
 * case-insensitively (configuration keys), or exactly (model symbols, where
 * `M` and `m` differ). */
size_t fcsim_edit_distance(const char *a, const char *b, int fold_case);

/* The same distance when it is at most `max`, else max + 1; stops as soon as
 * the distance must exceed `max` (suggestion loops over every key). */
size_t fcsim_edit_distance_max(const char *a, const char *b, int fold_case, size_t max);

#endif
