/* SPDX-License-Identifier: BSD-3-Clause */
/* The resolved configuration of one simulation and the key registry that
 * describes every configuration key: its section, name, type, unit, default,
 * range and help. The INI loader, `--set` overrides, validation, error
 * messages, `fcsim help config` and docs/CONFIG.md all read that registry.
 *
 * A configuration is held in two forms: the text of every key with where it
 * came from (default, FILE:LINE or --set), and the typed `struct
 * fcsim_params` produced by resolving that text (units converted, "auto"
 * values derived, combinations checked). */
#ifndef FCSIM_CONFIG_CONFIG_H
#define FCSIM_CONFIG_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fcsim/config.h"
#include "core/keys.h"
#include "core/params.h"
#include "fcsim/error.h"

/* The registry: every component's table of src/models.c joined in order,
 * fcsim_nkeys rows (the enums and struct fcsim_key are in core/keys.h). */
extern const struct fcsim_key *const fcsim_keys;
size_t fcsim_key_count(void);
#define fcsim_nkeys (fcsim_key_count())

/* Checks every row: its target fits its store kind, no name or alias is
 * given twice, the table is not over FCSIM_MAX_KEYS, every parameter block
 * fits the blocks area, and the blocks are those src/models.c lists, each
 * placed (fcsim_param_blocks_check). */
int fcsim_key_check_registry(struct fcsim_error *err);
/* Checks parameter blocks against the key tables: every block of `blocks`
 * (NULL-terminated) is placed — a block no table names never is, and its
 * accessor would return NULL — and every block a table or a row names is in
 * `blocks`. FCSIM_EINTERNAL naming every block at fault. */
int fcsim_param_blocks_check(const struct fcsim_param_block *const *blocks, const struct fcsim_key_table *const *tables,
                             struct fcsim_error *err);
/* Checks one row: its names, unit, default and help are there, its target
 * fits struct fcsim_params and the size its store kind writes, a choice it
 * stores lists its names. */
int fcsim_key_check_row(const struct fcsim_key *k, struct fcsim_error *err);

/* Places parameter block b in an area of area_bytes of which *used_bytes are
 * taken (nothing when already placed): sets its offset, aligned, and moves
 * *used_bytes on. FCSIM_EINTERNAL when it does not fit or its size or
 * alignment is wrong. The registry places the blocks of src/models.c's
 * tables with it when the library is loaded. */
int fcsim_param_block_place(struct fcsim_param_block *b, size_t *used_bytes, size_t area_bytes,
                            struct fcsim_error *err);
/* Joins key tables (NULL-terminated) into out[max_rows] in order, placing
 * each table's block (rows beyond max_rows are counted in *dropped_rows)
 * and giving each FCSIM_KEY_IN row its table's block. Returns the rows
 * written; err is set when a block did not fit. The registry joins
 * src/models.c's tables with it when the library is loaded. */
size_t fcsim_key_tables_join(const struct fcsim_key_table *const *tables, struct fcsim_key *out, size_t max_rows,
                             size_t *dropped_rows, size_t *used_bytes, size_t area_bytes, struct fcsim_error *err);
/* Bytes of the blocks area the registry's blocks take. */
size_t fcsim_param_blocks_used(void);

/* Index of "section.name" in fcsim_keys, or -1. */
int fcsim_key_find(const char *section, const char *name);

/* Suggests the closest known "section.key" to a misspelled one, or NULL. */
const char *fcsim_key_suggest(const char *section, const char *name, char *buf, size_t size);

/* The text form of a configuration (opaque in the public API). */
#define FCSIM_MAX_KEYS 128
struct fcsim_message_set; /* core/messages.h */

struct fcsim_config {
  char *text[FCSIM_MAX_KEYS];   /* value text per key (malloc'd), NULL = default */
  char *origin[FCSIM_MAX_KEYS]; /* "FILE:LINE", "--set", NULL = default */
  struct fcsim_message_set *messages; /* handed in memory (fcsim_config_set_messages), shared by clones, or NULL */
};

/* Checks one value against its key (type and range, not combinations). */
int fcsim_key_check(const struct fcsim_key *k, const char *text, const char *origin, struct fcsim_error *err);

/* The value `text` of key `k` as one number in the key's unit (k->unit):
 * times of latency keys become cycles of `clock_hz` (not rounded), sizes of
 * flit keys flits of `flit_bits`, frequencies hertz. Returns 1 and sets *v,
 * or 0 when the text is not a number ("auto", names, "4x4x4", paths).
 * base_value.c; used by the CSV columns. */
int fcsim_key_base_value(const struct fcsim_key *k, const char *text, double clock_hz, int flit_bits, double *v);

/* The same over a JSON "config" object ({"section": {"key": value}}, as the
 * results hold it): every value that is a number in its key's unit becomes
 * that number; network.clock and network.flit_bits are read from the object
 * (their defaults when absent). For the CSV columns. */
struct json_t;
void fcsim_config_json_to_base(struct json_t *cfg);

/* Resolves the text of every key into typed parameters, converting units,
 * deriving "auto" values and checking combinations. */
int fcsim_config_resolve(const struct fcsim_config *cfg, struct fcsim_params *p, struct fcsim_error *err);

/* Sets key i (an index in fcsim_keys) after checking the value; origin is
 * "FILE:LINE", "--set" or NULL. */
int fcsim_config_set_index(struct fcsim_config *cfg, int i, const char *value, const char *origin,
                           struct fcsim_error *err);

/* Fills err for an unknown key (or unknown section when name is "" or the
 * section is unknown), with a did-you-mean hint. Returns FCSIM_EUNKNOWN_KEY. */
int fcsim_config_unknown_key(const char *origin, const char *section, const char *name, struct fcsim_error *err);

/* Reads INI text (config/ini.c); `name` names it in messages. A key or a
 * section given twice, a key outside a section, an unknown key and a text
 * with no section and no key are refused. */
int fcsim_config_load_text(struct fcsim_config *cfg, const char *name, const char *text, size_t len,
                           struct fcsim_error *err);

/* Writes docs/CONFIG.md-style Markdown, or a plain listing, of every key. */
void fcsim_config_write_help(FILE *out, int markdown);

/* The parameters of one node kind (graph/graph.h): `base` with the kind's
 * router model and its router.* overrides applied over `cfg` (which may be
 * NULL when no kind sets keys of its own) and resolved. The kind is checked
 * first (a known model; known router keys with valid values); messages name
 * the place it was declared. fcsim_config_resolve_kinds fills out[k] for
 * every kind of g (kinds.c). */
struct fcsim_kind_spec;
struct fcsim_graph;
int fcsim_config_resolve_kind(const struct fcsim_config *cfg, const struct fcsim_params *base,
                              const struct fcsim_kind_spec *spec, struct fcsim_params *out, struct fcsim_error *err);
int fcsim_config_resolve_kinds(const struct fcsim_config *cfg, const struct fcsim_params *base,
                               const struct fcsim_graph *g, struct fcsim_params *out, struct fcsim_error *err);

#endif
