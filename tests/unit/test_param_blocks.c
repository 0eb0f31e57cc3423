/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the components' parameter blocks (core/params.h,
 * config/keys.c): a key of a block writes the block's field and the
 * accessor reads it, a block that does not fit the area or a row whose
 * target leaves its block fails the start-up check with a clear error, and
 * two tables naming one block write one struct; a row may name another
 * table's block; a block no table places is refused by the start-up check
 * and its accessor returns NULL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "router/switched/params.h"
#include "topo/switched.h"
#include "test_support.h"

static struct fcsim_params *resolve_with(const char *const *set, size_t n)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  for (size_t i = 0; i < n; i++)
    if (fcsim_config_set_assignment(cfg, set[i], "--set", &err))
      fail_msg("%s: %s", set[i], err.msg);
  static struct fcsim_params p;
  if (fcsim_config_resolve(cfg, &p, &err))
    fail_msg("%s", err.msg);
  fcsim_config_destroy(cfg);
  return &p;
}

/* (a) vcsn.* keys land in the vcsn block; the accessor reads them back, and
 * a fresh configuration gives the rows' defaults. */
static void test_block_key_writes_block_field(void **state)
{
  assert_true(fcsim_vcsn_block.placed);
  assert_true(fcsim_vcsn_block.offset + fcsim_vcsn_block.size <= FCSIM_PARAM_BLOCKS_BYTES);
  assert_int_equal(fcsim_vcsn_block.offset % fcsim_vcsn_block.align, 0);
  const struct fcsim_params *p = resolve_with(NULL, 0);
  const struct fcsim_vcsn_params *v = fcsim_params_block(p, &fcsim_vcsn_block);
  assert_int_equal(v->vports, 2);            /* default "2" */
  assert_int_equal(v->crossbar_cycles, 211); /* 1.35 us at 156.25 MHz, rounded up */
  assert_string_equal(v->table, "");
  const char *set[] = {"vcsn.vports=5", "vcsn.threshold=0.25", "vcsn.window=40"};
  p = resolve_with(set, 3);
  v = fcsim_params_block(p, &fcsim_vcsn_block);
  assert_int_equal(v->vports, 5);
  assert_true(v->threshold == 0.25);
  assert_int_equal(v->window_cycles, 40);
  /* the registry's row for vcsn.vports names the block and a field inside it */
  const struct fcsim_key *k = &fcsim_keys[fcsim_key_find("vcsn", "vports")];
  assert_true(k->in_block && k->block == &fcsim_vcsn_block);
  assert_int_equal(fcsim_key_target_offset(k), offsetof(struct fcsim_params, blocks) + fcsim_vcsn_block.offset +
                                                   offsetof(struct fcsim_vcsn_params, vports));
}

struct big_block {
  char bytes[FCSIM_PARAM_BLOCKS_BYTES];
};
struct small_block {
  int a;
  double b;
};

/* (b) a block larger than what is left of the area, or with a bad
 * alignment, is refused; a row outside its block is refused. */
static void test_block_that_does_not_fit_is_refused(void **state)
{
  struct fcsim_error err = {0};
  struct fcsim_param_block small = FCSIM_PARAM_BLOCK("small", struct small_block);
  struct fcsim_param_block big = FCSIM_PARAM_BLOCK("big", struct big_block);
  size_t used = 1;
  assert_int_equal(fcsim_param_block_place(&small, &used, FCSIM_PARAM_BLOCKS_BYTES, &err), 0);
  assert_int_equal(small.offset, 8); /* aligned up from 1 */
  assert_int_equal(used, 8 + sizeof(struct small_block));
  assert_int_equal(fcsim_param_block_place(&big, &used, FCSIM_PARAM_BLOCKS_BYTES, &err), FCSIM_EINTERNAL);
  assert_false(big.placed);
  assert_non_null(strstr(err.msg, "parameter block big"));
  assert_non_null(strstr(err.msg, "FCSIM_PARAM_BLOCKS_BYTES"));
  struct fcsim_param_block odd = {"odd", 8, 3, 0, 0};
  used = 0;
  assert_int_equal(fcsim_param_block_place(&odd, &used, FCSIM_PARAM_BLOCKS_BYTES, &err), FCSIM_EINTERNAL);

  const struct fcsim_key row = {"x",
                                "a",
                                FCSIM_KT_INT,
                                "",
                                "1",
                                0,
                                9,
                                0,
                                NULL,
                                NULL,
                                NULL,
                                "help text",
                                FCSIM_KEY_IN(FCSIM_STORE_INT, struct small_block, a),
                                .block = &small};
  assert_int_equal(fcsim_key_check_row(&row, &err), 0);
  struct fcsim_key bad = row;
  bad.offset = sizeof(struct small_block) - 2; /* past the block's end */
  err = (struct fcsim_error){0};
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
  if (!strstr(err.msg, "in block small"))
    fail_msg("%s", err.msg);
  bad = row;
  bad.block = NULL; /* a block row whose table names no block */
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
  bad = row;
  bad.block = &big; /* not placed */
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
  bad = row;
  bad.in_block = 0; /* a shared-field row may not reach into the blocks area */
  bad.offset = offsetof(struct fcsim_params, blocks);
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
  /* the registry's own blocks all fit */
  assert_int_equal(fcsim_key_check_registry(&err), 0);
  assert_true(fcsim_param_blocks_used() <= FCSIM_PARAM_BLOCKS_BYTES);
}

struct shared_block {
  int first;     /* written by table one */
  double second; /* written by table two */
};
static struct fcsim_param_block shared = FCSIM_PARAM_BLOCK("shared", struct shared_block);
static const struct fcsim_key one_rows[] = {
    {"one", "first", FCSIM_KT_INT, "", "1", 0, 9, 0, NULL, NULL, NULL, "help text",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct shared_block, first)},
    {"one", "core", FCSIM_KT_INT, "", "1", 0, 9, 0, NULL, NULL, NULL, "help text", FCSIM_KEY_TO(FCSIM_STORE_INT, vcs)},
};
static const struct fcsim_key two_rows[] = {
    {"two", "second", FCSIM_KT_REAL, "", "1", 0, 9, 0, NULL, NULL, NULL, "help text",
     FCSIM_KEY_IN(FCSIM_STORE_REAL, struct shared_block, second)},
};
static const struct fcsim_key_table one = FCSIM_KEY_TABLE_IN("one", one_rows, &shared);
static const struct fcsim_key_table two = FCSIM_KEY_TABLE_IN("two", two_rows, &shared);

/* (c) two tables naming one block: it is placed once, both tables' rows
 * target fields of that one struct, a shared-field row in the same table
 * still targets struct fcsim_params, and writes through the rows' targets
 * are read back through the accessor as one struct. */
static void test_two_tables_share_one_block(void **state)
{
  const struct fcsim_key_table *const tables[] = {&one, &two, NULL};
  struct fcsim_key rows[4];
  size_t dropped = 0, used = 40;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_key_tables_join(tables, rows, 4, &dropped, &used, FCSIM_PARAM_BLOCKS_BYTES, &err), 3);
  assert_int_equal(err.code, 0);
  assert_int_equal(dropped, 0);
  assert_true(shared.placed);
  assert_int_equal(shared.offset, 40);
  assert_int_equal(used, 40 + sizeof(struct shared_block)); /* placed once */
  assert_ptr_equal(rows[0].block, &shared);
  assert_null(rows[1].block);
  assert_ptr_equal(rows[2].block, &shared);
  for (int i = 0; i < 3; i++)
    if (fcsim_key_check_row(&rows[i], &err))
      fail_msg("%s", err.msg);
  assert_int_equal(fcsim_key_target_offset(&rows[1]), offsetof(struct fcsim_params, vcs));
  static struct fcsim_params p;
  int first = 7;
  double second = 2.5;
  memcpy((char *)&p + fcsim_key_target_offset(&rows[0]), &first, sizeof first);
  memcpy((char *)&p + fcsim_key_target_offset(&rows[2]), &second, sizeof second);
  const struct shared_block *b = fcsim_params_block(&p, &shared);
  assert_int_equal(b->first, 7);
  assert_true(b->second == 2.5);
  /* one row too many is counted, not written */
  dropped = 0;
  assert_int_equal(fcsim_key_tables_join(tables, rows, 2, &dropped, &used, FCSIM_PARAM_BLOCKS_BYTES, &err), 2);
  assert_int_equal(dropped, 1);
}

struct other_block {
  int x;
};
static struct fcsim_param_block other = FCSIM_PARAM_BLOCK("other", struct other_block);
static struct fcsim_param_block never = FCSIM_PARAM_BLOCK("never", struct other_block);
static const struct fcsim_key three_rows[] = {
    {"three", "own", FCSIM_KT_INT, "", "1", 0, 9, 0, NULL, NULL, NULL, "help text",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct shared_block, first)},
    {"three", "x", FCSIM_KT_INT, "", "1", 0, 9, 0, NULL, NULL, NULL, "help text",
     FCSIM_KEY_IN_BLOCK(FCSIM_STORE_INT, struct other_block, x, &other)},
    {"three", "y", FCSIM_KT_INT, "", "1", 0, 9, 0, NULL, NULL, NULL, "help text",
     FCSIM_KEY_IN_BLOCK(FCSIM_STORE_INT, struct other_block, x, &never)},
};
static const struct fcsim_key_table three = FCSIM_KEY_TABLE_IN("three", three_rows, &shared);
static const struct fcsim_key_table other_table = FCSIM_KEY_TABLE_IN("other", one_rows, &other);

/* (d) a row naming a block other than its table's (FCSIM_KEY_IN_BLOCK)
 * keeps that block: it targets the block another table places, and a row
 * naming a block no table places fails the row check. In the registry,
 * switch.nic_latency (listed with the ethswitch keys) writes the switched
 * topologies' block. */
static void test_row_names_another_block(void **state)
{
  const struct fcsim_key_table *const tables[] = {&three, &other_table, NULL};
  struct fcsim_key rows[5];
  size_t dropped = 0, used = 0;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_key_tables_join(tables, rows, 5, &dropped, &used, FCSIM_PARAM_BLOCKS_BYTES, &err), 5);
  assert_ptr_equal(rows[0].block, &shared);
  assert_ptr_equal(rows[1].block, &other); /* its own, placed by the second table */
  assert_true(other.placed);
  if (fcsim_key_check_row(&rows[1], &err))
    fail_msg("%s", err.msg);
  assert_int_equal(fcsim_key_target_offset(&rows[1]), offsetof(struct fcsim_params, blocks) + other.offset);
  assert_ptr_equal(rows[2].block, &never);
  assert_false(never.placed);
  err = (struct fcsim_error){0};
  assert_int_equal(fcsim_key_check_row(&rows[2], &err), FCSIM_EINTERNAL);
  assert_non_null(strstr(err.msg, "three.y"));

  const struct fcsim_key *k = &fcsim_keys[fcsim_key_find("switch", "nic_latency")];
  assert_ptr_equal(k->block, &fcsim_switched_topo_block);
  const char *set[] = {"switch.nic_latency=5", "switch.endpoint=vcsn", "switch.radix=8", "switch.latency=7"};
  const struct fcsim_params *p = resolve_with(set, 4);
  const struct fcsim_switched_topo_params *sw = fcsim_switched_topo_params(p);
  assert_int_equal(sw->nic_latency_cycles, 5);
  assert_int_equal(sw->endpoint_vcsn, 1);
  assert_int_equal(sw->radix, 8);
  assert_int_equal(fcsim_ethswitch_params(p)->latency_cycles, 7);
}

extern const struct fcsim_key_table fcsim_vcsn_keys; /* router/switched/keys.c */

/* (e) a block no key table names is never placed: its accessor returns
 * NULL instead of the area's start, and the start-up check refuses it by
 * name, as it refuses a block a table names but the list lacks. The
 * registry's own list passes. */
static void test_unplaced_block_is_refused(void **state)
{
  static struct fcsim_param_block lonely = FCSIM_PARAM_BLOCK("lonely", struct other_block);
  static struct fcsim_params p;
  assert_false(lonely.placed);
  assert_null(fcsim_params_block(&p, &lonely));
  assert_null(fcsim_params_block_mut(&p, &lonely));
  assert_non_null(fcsim_params_block(&p, &fcsim_vcsn_block));
  struct fcsim_error err = {0};
  const struct fcsim_key_table *const none[] = {NULL};
  const struct fcsim_param_block *const with_lonely[] = {&fcsim_vcsn_block, &lonely, &never, NULL};
  assert_int_equal(fcsim_param_blocks_check(with_lonely, none, &err), FCSIM_EINTERNAL);
  if (!strstr(err.msg, "never placed") || !strstr(err.msg, "lonely") || strstr(err.msg, "vcsn"))
    fail_msg("%s", err.msg);
  assert_non_null(strstr(err.msg, "never")); /* every block at fault is named */
  /* a table naming a block the list lacks */
  static struct fcsim_param_block listed = FCSIM_PARAM_BLOCK("listed", struct other_block);
  listed.placed = 1;
  const struct fcsim_param_block *const only_listed[] = {&listed, NULL};
  const struct fcsim_key_table *const tables[] = {&fcsim_vcsn_keys, NULL};
  err = (struct fcsim_error){0};
  assert_int_equal(fcsim_param_blocks_check(only_listed, tables, &err), FCSIM_EINTERNAL);
  if (!strstr(err.msg, "not listed") || !strstr(err.msg, "vcsn"))
    fail_msg("%s", err.msg);
  /* the registry's blocks: each listed and placed */
  err = (struct fcsim_error){0};
  if (fcsim_param_blocks_check(fcsim_models.param_blocks, fcsim_models.key_tables, &err))
    fail_msg("%s", err.msg);
  size_t n = 0;
  for (const struct fcsim_param_block *const *b = fcsim_models.param_blocks; *b; b++, n++)
    assert_true((*b)->placed);
  assert_true(n >= 12);
}

/* No two placed blocks overlap. */
static void test_blocks_disjoint(void **state)
{
  const struct fcsim_param_block *seen[64];
  size_t n = 0;
  for (const struct fcsim_key_table *const *t = fcsim_models.key_tables; *t; t++) {
    const struct fcsim_param_block *b = (*t)->block;
    if (!b)
      continue;
    assert_true(b->placed);
    int dup = 0;
    for (size_t i = 0; i < n; i++) {
      if (seen[i] == b) {
        dup = 1;
        continue;
      }
      if (b->offset < seen[i]->offset + seen[i]->size && seen[i]->offset < b->offset + b->size)
        fail_msg("blocks %s and %s overlap", b->name, seen[i]->name);
    }
    if (!dup && n < 64)
      seen[n++] = b;
  }
  assert_true(n >= 1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_block_key_writes_block_field),
      cmocka_unit_test(test_block_that_does_not_fit_is_refused),
      cmocka_unit_test(test_blocks_disjoint),
      cmocka_unit_test(test_two_tables_share_one_block),
      cmocka_unit_test(test_row_names_another_block),
      cmocka_unit_test(test_unplaced_block_is_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
