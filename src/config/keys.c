/* SPDX-License-Identifier: BSD-3-Clause */
/* The key registry: every configuration key fcsim knows, in one table that
 * parsing, validation, error messages, `fcsim help config`, docs/CONFIG.md,
 * the man page and completion read.
 *
 * The rows are not written here. Each component declares the keys it reads
 * beside its code (src/router/keys.c, src/router/vc/keys.c,
 * src/link/proto/<name>/keys.c, src/workload/keys.c, src/topo/keys.c, ...;
 * the simulation's own keys are in config/sim_keys.c), and src/models.c
 * lists those tables in order. A new key belongs in its owner's table, not
 * here. This file joins the tables once, when the library is loaded, and
 * places each table's parameter block (core/params.h) in struct
 * fcsim_params's `blocks` area: the first table naming a block places it,
 * the rows of every table naming it write into it, and so does a row of
 * another table that names it itself (FCSIM_KEY_IN_BLOCK). */
#include <stdint.h>
#include <string.h>

#include "config/config.h"

static struct fcsim_key rows[FCSIM_MAX_KEYS];
static size_t nrows, dropped;
const struct fcsim_key *const fcsim_keys = rows;
static size_t blocks_used_bytes;              /* of the blocks area */
static struct fcsim_error block_error;       /* the first block that did not fit */
static int block_failed;

int fcsim_param_block_place(struct fcsim_param_block *b, size_t *used_bytes, size_t area_bytes,
                            struct fcsim_error *err)
{
  if (b->placed)
    return 0;
  if (!b->name || !b->size || !b->align || (b->align & (b->align - 1)) || b->align > FCSIM_PARAM_BLOCKS_ALIGN)
    return fcsim_error_set(err, FCSIM_EINTERNAL,
                           "parameter block %s: size %zu, alignment %zu (a power of two up to %d expected)",
                           b->name ? b->name : "?", b->size, b->align, FCSIM_PARAM_BLOCKS_ALIGN);
  size_t at = (*used_bytes + b->align - 1) & ~(b->align - 1);
  if (at + b->size > area_bytes)
    return fcsim_error_set(err, FCSIM_EINTERNAL,
                           "parameter block %s (%zu bytes) does not fit: %zu of the %zu bytes of the blocks area "
                           "(FCSIM_PARAM_BLOCKS_BYTES, core/params.h) are taken",
                           b->name, b->size, *used_bytes, area_bytes);
  b->offset = at;
  b->placed = 1;
  *used_bytes = at + b->size;
  return 0;
}

size_t fcsim_param_blocks_used(void)
{
  return blocks_used_bytes;
}

size_t fcsim_key_tables_join(const struct fcsim_key_table *const *tables, struct fcsim_key *out, size_t max_rows,
                             size_t *dropped_rows, size_t *used_bytes, size_t area_bytes, struct fcsim_error *err)
{
  size_t n = 0;
  int failed = 0;
  for (const struct fcsim_key_table *const *t = tables; *t; t++) {
    if ((*t)->block && !failed && fcsim_param_block_place((*t)->block, used_bytes, area_bytes, err))
      failed = 1;
    for (size_t j = 0; j < (*t)->nkeys; j++) {
      if (n < max_rows) {
        out[n] = (*t)->keys[j];
        if (!out[n].in_block)
          out[n].block = NULL;
        else if (!out[n].block) /* a row naming its own block keeps it (FCSIM_KEY_IN_BLOCK) */
          out[n].block = (*t)->block;
        n++;
      } else
        ++*dropped_rows;
    }
  }
  return n;
}

__attribute__((constructor)) static void join_tables(void)
{
  nrows = fcsim_key_tables_join(fcsim_models.key_tables, rows, FCSIM_MAX_KEYS, &dropped, &blocks_used_bytes,
                                FCSIM_PARAM_BLOCKS_BYTES, &block_error);
  block_failed = block_error.code != 0;
}

size_t fcsim_key_count(void)
{
  return nrows;
}

/* One row's target against its store kind: the field fits in its block
 * (placed), or in struct fcsim_params before the blocks area, and has the
 * size the kind writes. */
static int target_fits(const struct fcsim_key *k)
{
  if (k->store == FCSIM_STORE_NONE)
    return k->size == 0 && !k->in_block;
  size_t room = k->in_block ? (k->block && k->block->placed ? k->block->size : 0) : offsetof(struct fcsim_params, blocks);
  if (k->offset + k->size > room || !k->size)
    return 0;
  switch (k->store) {
  case FCSIM_STORE_INT: return k->size == sizeof(int) || k->size == sizeof(int64_t);
  case FCSIM_STORE_REAL:
  case FCSIM_STORE_HZ:
  case FCSIM_STORE_CYCLES_REAL: return k->size == sizeof(double);
  case FCSIM_STORE_NAME:
  case FCSIM_STORE_PATH: return k->size >= 2;
  case FCSIM_STORE_INDEX:
  case FCSIM_STORE_CYCLES:
  case FCSIM_STORE_FLITS_CEIL:
  case FCSIM_STORE_FLITS_FLOOR: return k->size == sizeof(int);
  case FCSIM_STORE_FLAG: return k->size == sizeof(int) && k->flag;
  case FCSIM_STORE_DIMS: return k->size == FCSIM_MAX_DIMS * sizeof(int);
  case FCSIM_STORE_BYTES: return k->size == sizeof(uint64_t);
  default: return 0;
  }
}

int fcsim_key_check_row(const struct fcsim_key *k, struct fcsim_error *err)
{
  if (!k->section || !k->name || !k->help || !k->default_text || !k->unit)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "key %s.%s: a name, unit, default or help is missing",
                           k->section ? k->section : "?", k->name ? k->name : "?");
  if (k->in_block && (!k->block || !k->block->placed))
    return fcsim_error_set(err, FCSIM_EINTERNAL, "key %s.%s: writes a parameter block but %s%s%s", k->section,
                           k->name, k->block ? "block " : "neither it nor its table names one",
                           k->block ? k->block->name : "", k->block ? " is placed by no key table" : "");
  if (!target_fits(k))
    return fcsim_error_set(err, FCSIM_EINTERNAL,
                           "key %s.%s: its target (offset %zu, %zu bytes%s%s) does not fit its store kind %d or %s",
                           k->section, k->name, k->offset, k->size, k->in_block ? " in block " : "",
                           k->in_block ? k->block->name : "", (int)k->store,
                           k->in_block ? "its block" : "the shared fields of struct fcsim_params");
  if ((k->store == FCSIM_STORE_INDEX || k->store == FCSIM_STORE_FLAG) && !k->choices)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "key %s.%s: stores a choice but lists none", k->section, k->name);
  if (k->type == FCSIM_KT_CHOICE && !k->choices == !k->choice_list)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "key %s.%s: a choice needs either fixed names or a registry",
                           k->section, k->name);
  if (k->store == FCSIM_STORE_INT && k->type != FCSIM_KT_INT)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "key %s.%s: an integer target for a key that is not an integer",
                           k->section, k->name);
  return 0;
}

/* A name or alias of row i is also a name or alias of row j. */
static int names_clash(size_t i, size_t j)
{
  char a[128], b[128];
  for (int x = -1; x < 0 || (rows[i].aliases && rows[i].aliases[x]); x++) {
    if (x < 0)
      snprintf(a, sizeof a, "%s.%s", rows[i].section, rows[i].name);
    else
      snprintf(a, sizeof a, "%s", rows[i].aliases[x]);
    for (int y = -1; y < 0 || (rows[j].aliases && rows[j].aliases[y]); y++) {
      if (y < 0)
        snprintf(b, sizeof b, "%s.%s", rows[j].section, rows[j].name);
      else
        snprintf(b, sizeof b, "%s", rows[j].aliases[y]);
      if (!strcmp(a, b))
        return 1;
    }
  }
  return 0;
}

static int block_listed(const struct fcsim_param_block *b, const struct fcsim_param_block *const *blocks)
{
  for (; *blocks; blocks++)
    if (*blocks == b)
      return 1;
  return 0;
}

/* Appends a block's name to the message of the blocks at fault. */
static void add_name(char *buf, size_t size, size_t *len, const char *name)
{
  if (*len < size)
    *len += (size_t)snprintf(buf + *len, size - *len, "%s%s", *len ? ", " : "", name ? name : "?");
}

int fcsim_param_blocks_check(const struct fcsim_param_block *const *blocks, const struct fcsim_key_table *const *tables,
                             struct fcsim_error *err)
{
  char unplaced[512] = "", unlisted[512] = "";
  size_t nu = 0, nl = 0;
  for (const struct fcsim_param_block *const *b = blocks; *b; b++)
    if (!(*b)->placed)
      add_name(unplaced, sizeof unplaced, &nu, (*b)->name);
  for (const struct fcsim_key_table *const *t = tables; *t; t++) {
    if ((*t)->block && !block_listed((*t)->block, blocks))
      add_name(unlisted, sizeof unlisted, &nl, (*t)->block->name);
    for (size_t j = 0; j < (*t)->nkeys; j++) {
      const struct fcsim_param_block *rb = (*t)->keys[j].block;
      if ((*t)->keys[j].in_block && rb && !block_listed(rb, blocks))
        add_name(unlisted, sizeof unlisted, &nl, rb->name);
    }
  }
  if (nu)
    return fcsim_error_set(err, FCSIM_EINTERNAL,
                           "parameter blocks never placed (no key table names them, so no key writes them and "
                           "fcsim_params_block returns NULL): %s",
                           unplaced);
  if (nl)
    return fcsim_error_set(err, FCSIM_EINTERNAL,
                           "parameter blocks named by key tables but not listed in src/models.c: %s", unlisted);
  return 0;
}

int fcsim_key_check_registry(struct fcsim_error *err)
{
  if (block_failed) {
    *err = block_error;
    return FCSIM_EINTERNAL;
  }
  int brc = fcsim_param_blocks_check(fcsim_models.param_blocks, fcsim_models.key_tables, err);
  if (brc)
    return brc;
  if (dropped)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "key registry: %zu keys above FCSIM_MAX_KEYS = %d", nrows + dropped,
                           FCSIM_MAX_KEYS);
  for (size_t i = 0; i < nrows; i++) {
    const struct fcsim_key *k = &rows[i];
    int rc = fcsim_key_check_row(k, err);
    if (rc)
      return rc;
    for (size_t j = 0; j < i; j++)
      if (names_clash(i, j))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "key %s.%s: its name or an alias is also %s.%s's", k->section,
                               k->name, rows[j].section, rows[j].name);
  }
  return 0;
}

int fcsim_key_find(const char *section, const char *name)
{
  for (size_t i = 0; i < fcsim_nkeys; i++)
    if (!strcmp(fcsim_keys[i].section, section) && !strcmp(fcsim_keys[i].name, name))
      return (int)i;
  char full[128];
  snprintf(full, sizeof full, "%s.%s", section, name);
  for (size_t i = 0; i < fcsim_nkeys; i++)
    for (const char *const *a = fcsim_keys[i].aliases; a && *a; a++)
      if (!strcmp(*a, full))
        return (int)i;
  return -1;
}
