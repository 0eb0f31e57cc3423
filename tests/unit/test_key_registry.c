/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the key registry as the components declare it (core/keys.h,
 * src/models.c): every row's target fits its store kind, no two rows share
 * a name, an alias or a target field, the row check refuses broken rows, and
 * resolving writes each value through its row's offset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "router/switched/params.h"
#include "router/vc/params.h"
#include "test_support.h"

static void test_key_registry_consistent(void **state)
{
  struct fcsim_error err = {0};
  if (fcsim_key_check_registry(&err))
    fail_msg("%s", err.msg);
  assert_true(fcsim_nkeys > 100 && fcsim_nkeys <= FCSIM_MAX_KEYS);
  size_t joined = 0;
  for (const struct fcsim_key_table *const *t = fcsim_models.key_tables; *t; t++) {
    assert_non_null((*t)->owner);
    assert_true((*t)->nkeys > 0);
    for (size_t j = 0; j < (*t)->nkeys; j++) /* the registry holds every table's rows in order */
      assert_string_equal(fcsim_keys[joined + j].name, (*t)->keys[j].name);
    joined += (*t)->nkeys;
  }
  assert_int_equal(joined, fcsim_nkeys);
}

/* No two keys write the same bytes of struct fcsim_params. */
static void test_key_targets_disjoint(void **state)
{
  for (size_t i = 0; i < fcsim_nkeys; i++)
    for (size_t j = i + 1; j < fcsim_nkeys; j++) {
      const struct fcsim_key *a = &fcsim_keys[i], *b = &fcsim_keys[j];
      if (a->store == FCSIM_STORE_NONE || b->store == FCSIM_STORE_NONE)
        continue;
      size_t ao = fcsim_key_target_offset(a), bo = fcsim_key_target_offset(b);
      if (ao < bo + b->size && bo < ao + a->size)
        fail_msg("%s.%s and %s.%s write the same field", a->section, a->name, b->section, b->name);
    }
}

static void test_key_names_unique(void **state)
{
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    assert_int_equal(fcsim_key_find(fcsim_keys[i].section, fcsim_keys[i].name), (int)i);
    for (size_t j = i + 1; j < fcsim_nkeys; j++)
      assert_false(!strcmp(fcsim_keys[i].section, fcsim_keys[j].section) &&
                   !strcmp(fcsim_keys[i].name, fcsim_keys[j].name));
  }
}

static const char *const two_names[] = {"a", "b", NULL};

/* The row check refuses a target outside the parameters, a size its kind
 * does not write, a choice stored without its names, and a missing help. */
static void test_key_row_check_refuses_broken_rows(void **state)
{
  const struct fcsim_key good = {"router",
                                 "vcs",
                                 FCSIM_KT_INT,
                                 "VCs",
                                 "2",
                                 1,
                                 16,
                                 0,
                                 NULL,
                                 NULL,
                                 NULL,
                                 "help text",
                                 FCSIM_KEY_TO(FCSIM_STORE_INT, vcs)};
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_key_check_row(&good, &err), 0);
  struct fcsim_key bad = good;
  bad.offset = sizeof(struct fcsim_params) - 2;
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
  assert_non_null(strstr(err.msg, "router.vcs"));
  bad = good;
  bad.store = FCSIM_STORE_REAL; /* a double into an int */
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
  bad = good;
  bad.size = 2;
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
  const struct fcsim_key flag = {"router", "dateline", FCSIM_KEY_CHOICE(two_names, "a"), "help text",
                                 FCSIM_KEY_TO(FCSIM_STORE_FLAG, dateline)}; /* no .flag */
  assert_int_equal(fcsim_key_check_row(&flag, &err), FCSIM_EINTERNAL);
  const struct fcsim_key index = {"router",
                                  "dateline",
                                  FCSIM_KT_CHOICE,
                                  "",
                                  "a",
                                  0,
                                  0,
                                  0,
                                  NULL,
                                  NULL,
                                  NULL,
                                  "help text",
                                  FCSIM_KEY_TO(FCSIM_STORE_INDEX, dateline)}; /* no choices */
  assert_int_equal(fcsim_key_check_row(&index, &err), FCSIM_EINTERNAL);
  const struct fcsim_key none_sized = {"app", "x",  FCSIM_KT_INT, "",   "1",         0,        1,
                                       0,     NULL, NULL,         NULL, "help text", .size = 4};
  assert_int_equal(fcsim_key_check_row(&none_sized, &err), FCSIM_EINTERNAL);
  bad = good;
  bad.help = NULL;
  assert_int_equal(fcsim_key_check_row(&bad, &err), FCSIM_EINTERNAL);
}

/* Resolving writes each value through its row, by its store kind. */
static void test_key_store_kinds(void **state)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  const char *set[] = {"router.vcs=5",
                       "network.clock=200MHz",
                       "switch.latency=1us",
                       "traffic.packet_size=512B",
                       "switch.buffer=100B",
                       "router.vc_classes=split",
                       "router.sa_allocator=islip",
                       "link.protocol=fc",
                       "router.model=classic",
                       "network.dims=2x3x4",
                       "sim.max_memory=1KiB",
                       "sim.drain_cycles=7",
                       "network.link_jitter=10ns",
                       "sim.warmup_cycles=5000000000"};
  for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
    if (fcsim_config_set_assignment(cfg, set[i], "--set", &err))
      fail_msg("%s: %s", set[i], err.msg);
  struct fcsim_params p;
  if (fcsim_config_resolve(cfg, &p, &err))
    fail_msg("%s", err.msg);
  assert_int_equal(p.vcs, 5);
  assert_true(p.clock_hz == 200e6);
  assert_int_equal(fcsim_ethswitch_params(&p)->latency_cycles, 200);          /* 1 us at 200 MHz */
  assert_int_equal(p.packet_flits, 32);                /* 512 B of 128-bit flits */
  assert_int_equal(fcsim_ethswitch_params(&p)->buffer_flits, 6);              /* 100 B: 6 whole flits */
  assert_int_equal(p.vc_split, 1);                     /* flag */
  assert_int_equal(fcsim_vc_params(&p)->sa_allocator, FCSIM_ALLOC_ISLIP); /* index, in the router/vc block */
  assert_int_equal(p.link_protocol, 2); /* fc: its row in link/proto/protocols.c */
  assert_string_equal(p.router_model, "classic");
  assert_int_equal(p.ndims, 3);
  assert_int_equal(p.nodes, 24);
  assert_true(p.max_memory_bytes == 1024);
  assert_int_equal(p.drain_cycles, 7);
  assert_true(p.link_jitter_cycles == 2.0);     /* not rounded */
  assert_true(p.warmup_cycles == 5000000000LL); /* an int64_t field */
  assert_true(p.router_clock_hz == 200e6);      /* auto: network.clock */
  assert_int_equal(p.vc_depth_auto, 1);
  fcsim_config_destroy(cfg);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_key_registry_consistent), cmocka_unit_test(test_key_targets_disjoint),
      cmocka_unit_test(test_key_names_unique),        cmocka_unit_test(test_key_row_check_refuses_broken_rows),
      cmocka_unit_test(test_key_store_kinds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
