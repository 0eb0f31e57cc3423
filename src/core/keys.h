/* SPDX-License-Identifier: BSD-3-Clause */
/* The shape of a configuration key and of a component's table of keys.
 *
 * Each component declares the keys it reads next to its code (router models
 * and families in src/router/, link protocols in src/link/proto/<name>/,
 * workloads, patterns, topologies, routing, arbiters, applications): one
 * `struct fcsim_key` row per key, naming its target with offsetof and how the
 * text is stored there (`store`). A target is either a field of `struct
 * fcsim_params` that every run has (FCSIM_KEY_TO) or a field of the
 * component's own parameter block (FCSIM_KEY_IN; the table names the block,
 * core/params.h; two tables may share one block). src/models.c
 * lists the tables in the order `fcsim help config` and docs/CONFIG.md show
 * them; the key registry (src/config/keys.c) reads that list, so config/
 * names no component. Resolving (src/config/resolve.c) writes every row's
 * value to its target by its store kind, then runs the resolve steps that
 * src/models.c lists: the components' derived values and the checks of
 * combinations of keys. */
#ifndef FCSIM_CORE_KEYS_H
#define FCSIM_CORE_KEYS_H

#include <stddef.h>
#include <stdio.h>

#include "core/params.h"
#include "fcsim/error.h"

enum fcsim_key_type {
  FCSIM_KT_INT,     /* integer, possibly "auto" when allow_auto */
  FCSIM_KT_REAL,    /* real number */
  FCSIM_KT_CHOICE,  /* one name from a fixed list or a policy registry */
  FCSIM_KT_DIMS,    /* "4x4x4" */
  FCSIM_KT_LATENCY, /* cycles, or a time with a unit */
  FCSIM_KT_FREQ,    /* frequency with a unit */
  FCSIM_KT_SIZE,    /* flits, or bits/bytes with a unit */
  FCSIM_KT_ORDER,   /* dimension order, "xyz" */
  FCSIM_KT_PATH     /* a file name, "" for none */
};

/* How resolving writes a key's value into its target field. */
enum fcsim_key_store {
  FCSIM_STORE_NONE,        /* no field: read by its owner itself (apps) or by a resolve step */
  FCSIM_STORE_INT,         /* int or int64_t (by size): the number; "auto" stores auto_value */
  FCSIM_STORE_REAL,        /* double */
  FCSIM_STORE_NAME,        /* char[size]: the text as written */
  FCSIM_STORE_PATH,        /* char[size]: a file name, relative to the folder of the file that set it */
  FCSIM_STORE_INDEX,       /* int: the value's index in `choices` */
  FCSIM_STORE_FLAG,        /* int: 1 when the value is `flag`, else 0 */
  FCSIM_STORE_HZ,          /* double: hertz; "auto" stores 0 */
  FCSIM_STORE_DIMS,        /* int[FCSIM_MAX_DIMS]: routers per dimension, 0 after the last */
  FCSIM_STORE_CYCLES,      /* int: cycles, a time rounded up to cycles of network.clock, within min..max */
  FCSIM_STORE_CYCLES_REAL, /* double: cycles, a time converted at network.clock without rounding */
  FCSIM_STORE_FLITS_CEIL,  /* int: flits, bits/bytes rounded up to flits of network.flit_bits, within min..max */
  FCSIM_STORE_FLITS_FLOOR, /* int: flits, bits/bytes rounded down (a buffer: whole flits that fit) */
  FCSIM_STORE_BYTES        /* uint64_t: bytes rounded up; "auto" stores 0 */
};

/* One configuration key. */
struct fcsim_key {
  const char *section; /* "router" */
  const char *name;    /* "vcs" */
  enum fcsim_key_type type;
  const char *unit;                      /* unit of plain numbers, "" if none */
  const char *default_text;              /* the built-in default, as written */
  double min, max;                       /* accepted range, in the key's unit */
  int allow_auto;                        /* "auto" accepted (derived default) */
  const char *const *choices;            /* FCSIM_KT_CHOICE: fixed names, or NULL */
  const char *(*choice_list)(void);      /* FCSIM_KT_CHOICE: registry names, or NULL */
  int (*choice_valid)(const char *name); /* with choice_list */
  const char *help;                      /* one sentence */
  int execution;                         /* how to run, not what: echoed under "execution", not "config" */
  /* where the value goes (FCSIM_KEY_TO, FCSIM_KEY_IN) */
  enum fcsim_key_store store;
  size_t offset, size;        /* the target field: in struct fcsim_params, or in the block when in_block */
  int in_block;               /* the target is a field of the table's parameter block */
  const struct fcsim_param_block *block; /* that block: the row's own (FCSIM_KEY_IN_BLOCK), else set by the
                                          * registry from the table; NULL for a shared field */
  const char *flag;           /* FCSIM_STORE_FLAG: the value that stores 1 */
  long long auto_value;       /* FCSIM_STORE_INT: stored for "auto" */
  const char *const *aliases; /* other "section.name" spellings accepted for this key, NULL-terminated, or NULL */
};

/* A component's keys: one table, listed in src/models.c. */
struct fcsim_key_table {
  const char *owner; /* the component, for messages: "router/vc" */
  const struct fcsim_key *keys;
  size_t nkeys;
  struct fcsim_param_block *block; /* the block its FCSIM_KEY_IN rows write, or NULL */
};
#define FCSIM_KEY_TABLE(owner, rows)                                                                                   \
  {                                                                                                                    \
    (owner), (rows), sizeof(rows) / sizeof((rows)[0]), NULL                                                            \
  }
#define FCSIM_KEY_TABLE_IN(owner, rows, blk)                                                                           \
  {                                                                                                                    \
    (owner), (rows), sizeof(rows) / sizeof((rows)[0]), (blk)                                                           \
  }

/* A row's target as an offset in struct fcsim_params (its block's place
 * added; the block must be placed). */
static inline size_t fcsim_key_target_offset(const struct fcsim_key *k)
{
  return k->in_block && k->block ? offsetof(struct fcsim_params, blocks) + k->block->offset + k->offset : k->offset;
}

/* What a resolve step may ask of the configuration it resolves. */
struct fcsim_key_reader {
  const void *cfg;
  /* where key section.name was set ("FILE:LINE", "--set"), or NULL when it has its default */
  const char *(*set_origin)(const void *cfg, const char *section, const char *name);
  /* the key's text (its default when unset) */
  const char *(*text)(const void *cfg, const char *section, const char *name);
};

static inline const char *fcsim_key_origin(const struct fcsim_key_reader *r, const char *section, const char *name)
{
  const char *o = r->set_origin(r->cfg, section, name);
  return o ? o : "default";
}

/* A component's part of resolving: derived values ("auto") and checks of
 * combinations of keys, run after every row is stored, in the order of
 * src/models.c. Returns 0 or a negative enum fcsim_err with err filled. */
struct fcsim_resolve_step {
  const char *owner;
  int (*resolve)(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err);
};

struct fcsim_metric_table; /* include/fcsim/metrics.h */

/* What src/models.c gives the configuration layer: every component's keys in
 * order, the resolve steps in order, and the appendix of docs/CONFIG.md; and
 * the metric registry (stats/metrics.c): the components' parts of the
 * outputs' metric tables, in the order they are joined. */
struct fcsim_model_list {
  const struct fcsim_key_table *const *key_tables;       /* NULL-terminated */
  const struct fcsim_resolve_step *const *resolve_steps; /* NULL-terminated */
  void (*write_docs_appendix)(FILE *out);                /* after the keys in docs/CONFIG.md, or NULL */
  const struct fcsim_metric_table *const *metric_tables; /* NULL-terminated */
  const struct fcsim_param_block *const *param_blocks;   /* every component's parameter block, NULL-terminated */
};
extern const struct fcsim_model_list fcsim_models;

/* Row helpers. FCSIM_KEY_TO names a field of struct fcsim_params and the
 * store kind; FCSIM_KEY_IN a field of the component's block struct `type`. */
#define FCSIM_KEY_FIELD_SIZE(field) sizeof(((struct fcsim_params *)0)->field)
#define FCSIM_KEY_TO(kind, field)                                                                                      \
  .store = (kind), .offset = offsetof(struct fcsim_params, field), .size = FCSIM_KEY_FIELD_SIZE(field)
#define FCSIM_KEY_FLAG(field, value)             FCSIM_KEY_TO(FCSIM_STORE_FLAG, field), .flag = (value)
#define FCSIM_KEY_IN(kind, type, field)                                                                                \
  .store = (kind), .offset = offsetof(type, field), .size = sizeof(((type *)0)->field), .in_block = 1
#define FCSIM_KEY_FLAG_IN(type, field, value) FCSIM_KEY_IN(FCSIM_STORE_FLAG, type, field), .flag = (value)
/* A row of one table that writes another component's block `blk` (a
 * struct fcsim_param_block *; some table must name it, or the start-up
 * check refuses the row): e.g. switch.nic_latency, listed among the
 * ethswitch keys, written into the switched topologies' block. */
#define FCSIM_KEY_IN_BLOCK(kind, type, field, blk) FCSIM_KEY_IN(kind, type, field), .block = (blk)
#define FCSIM_KEY_FLAG_IN_BLOCK(type, field, value, blk)                                                               \
  FCSIM_KEY_IN_BLOCK(FCSIM_STORE_FLAG, type, field, blk), .flag = (value)
#define FCSIM_KEY_CHOICE(list, def)              FCSIM_KT_CHOICE, "", def, 0, 0, 0, list, NULL, NULL
#define FCSIM_KEY_REGISTRY(listfn, validfn, def) FCSIM_KT_CHOICE, "", def, 0, 0, 0, NULL, listfn, validfn

#endif
