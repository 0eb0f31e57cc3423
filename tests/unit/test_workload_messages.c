/* SPDX-License-Identifier: BSD-3-Clause */
/* Messages handed in memory (fcsim_config_set_messages, workload/trace_mem.c):
 * the same schedule as examples/trace/chain.csv gives the same completion
 * times as the file, clones of the configuration share the list, and every
 * refusal of the CSV reader has its counterpart naming the message; a local
 * step completes when released, and a dependency's own delay counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fcsim/fcsim.h"
#include "fcsim/messages.h"

#define TRACE_DIR FCSIM_SOURCE_DIR "/examples/trace"

/* examples/trace/run.ini without its trace file: a 4x4 torus, 4-flit packets. */
static struct fcsim_config *network(void)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_non_null(cfg);
  assert_int_equal(fcsim_config_set(cfg, "network.dims", "4x4", "test", &err), 0);
  assert_int_equal(fcsim_config_set(cfg, "traffic.mode", "trace", "test", &err), 0);
  assert_int_equal(fcsim_config_set(cfg, "traffic.packet_size", "4", "test", &err), 0);
  return cfg;
}

/* chain.csv as a list: 1,0,1,64,0 / 2,1,5,1KiB after 1 / 3,4,5,256 at
 * 100 ns (in cycles, converted by the caller) / 4,5,10,64 after 2;3 + 20. */
static void chain(struct fcsim_message_list *l, uint64_t start3_cycles)
{
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_messages_add(l, 1, 0, 1, 64, 0, 0, &err), 0);
  assert_int_equal(fcsim_messages_add(l, 2, 1, 5, 1024, 0, 0, &err), 0);
  assert_int_equal(fcsim_messages_after(l, 1, &err), 0);
  assert_int_equal(fcsim_messages_add(l, 3, 4, 5, 256, start3_cycles, 0, &err), 0);
  assert_int_equal(fcsim_messages_add(l, 4, 5, 10, 64, 0, 20, &err), 0);
  assert_int_equal(fcsim_messages_after(l, 2, &err), 0);
  assert_int_equal(fcsim_messages_after(l, 3, &err), 0);
}

/* Runs cfg; copies each message's completion cycle (by id 1..4). */
static void run(const struct fcsim_config *cfg, uint64_t *complete, double *ns_per_cycle)
{
  struct fcsim_sim *sim = NULL;
  struct fcsim_error err = {0};
  if (fcsim_sim_create(cfg, &sim, &err) || fcsim_sim_run(sim, NULL, NULL, &err))
    fail_msg("%s", err.msg);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->nmessages, 4);
  for (int64_t m = 0; m < 4; m++) {
    assert_in_range(s->message_id[m], 1, 4);
    complete[s->message_id[m] - 1] = s->message_complete[m];
  }
  *ns_per_cycle = s->ns_per_cycle;
  fcsim_sim_destroy(sim);
}

static void test_same_as_the_file(void **state)
{
  (void)state;
  struct fcsim_config *file = network();
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_config_set(file, "traffic.trace", TRACE_DIR "/chain.csv", "test", &err), 0);
  uint64_t from_file[4], in_memory[4];
  double ns = 0;
  run(file, from_file, &ns);
  fcsim_config_destroy(file);

  struct fcsim_config *cfg = network();
  struct fcsim_message_list l = {0};
  chain(&l, (uint64_t)(100.0 / ns + 0.999999)); /* 100ns rounded up to whole cycles, as the reader does */
  assert_int_equal(fcsim_config_set_messages(cfg, &l, &err), 0);
  fcsim_messages_free(&l); /* the configuration holds its own copy */
  struct fcsim_config *clone = fcsim_config_clone(cfg);
  fcsim_config_destroy(cfg); /* the clone still shares the list */
  run(clone, in_memory, &ns);
  fcsim_config_destroy(clone);
  for (int i = 0; i < 4; i++) {
    assert_true(from_file[i] != UINT64_MAX);
    assert_int_equal(in_memory[i], from_file[i]);
  }
  assert_true(in_memory[3] > in_memory[1]); /* 4 waited for 2 */
}

/* The list is refused when the simulation is created, naming the fault. */
static void expect_refused(struct fcsim_message_list *l, const char *needle)
{
  struct fcsim_config *cfg = network();
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(fcsim_config_set_messages(cfg, l, &err), 0);
  int rc = fcsim_sim_create(cfg, &sim, &err);
  if (!rc)
    fcsim_sim_destroy(sim);
  assert_int_not_equal(rc, 0);
  if (!strstr(err.msg, needle))
    fail_msg("expected `%s` in: %s", needle, err.msg);
  fcsim_config_destroy(cfg);
  fcsim_messages_free(l);
}

static void test_refusals(void **state)
{
  (void)state;
  struct fcsim_message_list l = {0};
  struct fcsim_error err = {0};
  fcsim_messages_add(&l, 7, 0, 99, 64, 0, 0, &err);
  expect_refused(&l, "dst = 99: no such node");
  fcsim_messages_add(&l, 7, 3, 3, 64, 0, 0, &err);
  expect_refused(&l, "message 7 goes from node 3 to itself");
  fcsim_messages_add(&l, 7, 0, 1, 64, 0, 0, &err);
  fcsim_messages_add(&l, 7, 1, 2, 64, 0, 0, &err);
  expect_refused(&l, "message id 7 is used twice");
  fcsim_messages_add(&l, 1, 0, 1, 64, 0, 0, &err);
  fcsim_messages_after(&l, 42, &err);
  expect_refused(&l, "after = 42: no message has that id");
  fcsim_messages_add(&l, 1, 0, 1, 64, 0, 0, &err);
  fcsim_messages_add(&l, 2, 2, 3, 64, 0, 0, &err);
  fcsim_messages_after(&l, 1, &err);
  expect_refused(&l, "message 2 waits for message 1, which is delivered to node 1, not to its source node 2");
  fcsim_messages_add(&l, 1, 0, 1, 64, 0, 0, &err);
  fcsim_messages_after(&l, 2, &err);
  fcsim_messages_add(&l, 2, 1, 0, 64, 0, 0, &err);
  fcsim_messages_after(&l, 1, &err);
  expect_refused(&l, "on a cycle of dependencies");
}

/* A local step (node 1 to itself, no bytes) waits for message 1 plus 100
 * cycles and for message 2 plus 7, each dependency with its own delay, and
 * completes exactly at the later of the two; message 3 leaves node 1 after
 * it (its own delay 0). The step uses no network: the flits are 1's, 2's and
 * 3's. The same step with one delay for both (5) completes at the later
 * arrival plus 5. */
static void local_step(uint64_t d1, uint64_t d2, int own, uint64_t *c)
{
  struct fcsim_config *cfg = network();
  struct fcsim_message_list l = {0};
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_messages_add(&l, 1, 0, 1, 64, 0, 0, &err), 0);
  assert_int_equal(fcsim_messages_add(&l, 2, 9, 1, 1024, 0, 0, &err), 0);
  assert_int_equal(fcsim_messages_add(&l, 10, 1, 1, 0, 0, own ? 0 : 5, &err), 0);
  if (own) {
    assert_int_equal(fcsim_messages_after_delay(&l, 1, d1, &err), 0);
    assert_int_equal(fcsim_messages_after_delay(&l, 2, d2, &err), 0);
  } else {
    assert_int_equal(fcsim_messages_after(&l, 1, &err), 0);
    assert_int_equal(fcsim_messages_after(&l, 2, &err), 0);
  }
  assert_int_equal(fcsim_messages_add(&l, 3, 1, 5, 64, 0, 0, &err), 0);
  assert_int_equal(fcsim_messages_after(&l, 10, &err), 0);
  assert_int_equal(fcsim_config_set_messages(cfg, &l, &err), 0);
  fcsim_messages_free(&l);
  struct fcsim_sim *sim = NULL;
  if (fcsim_sim_create(cfg, &sim, &err) || fcsim_sim_run(sim, NULL, NULL, &err))
    fail_msg("%s", err.msg);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->nmessages, 4);
  for (int64_t m = 0; m < 4; m++)
    c[s->message_id[m] == 10 ? 3 : s->message_id[m] - 1] = s->message_complete[m];
  assert_int_equal(s->flits_delivered_total, 4 + 64 + 4); /* 128-bit flits: 64 B, 1 KiB, 64 B */
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}

static void test_local_step_and_own_delays(void **state)
{
  (void)state;
  uint64_t c[4]; /* completion of 1, 2, 3 and the step */
  local_step(100, 7, 1, c);
  assert_int_equal(c[3], max_u64(c[0] + 100, c[1] + 7));
  assert_true(c[2] > c[3]);
  local_step(0, 500, 1, c); /* the other dependency decides */
  assert_int_equal(c[3], max_u64(c[0], c[1] + 500));
  assert_true(c[1] + 500 > c[0]);
  local_step(0, 0, 0, c);
  assert_int_equal(c[3], max_u64(c[0], c[1]) + 5);
}

static void test_local_step_refusals(void **state)
{
  (void)state;
  struct fcsim_message_list l = {0};
  struct fcsim_error err = {0};
  fcsim_messages_add(&l, 4, 2, 3, 0, 0, 0, &err);
  expect_refused(&l, "message 4 carries no bytes");
  fcsim_messages_add(&l, 5, 2, 2, 8, 0, 0, &err);
  expect_refused(&l, "only a local step, with no bytes, may");
}

/* Without a list or traffic.trace the trace workload has nothing to play. */
static void test_needs_a_trace(void **state)
{
  (void)state;
  struct fcsim_config *cfg = network();
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(fcsim_sim_create(cfg, &sim, &err), FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "traffic.mode = trace needs traffic.trace"));
  fcsim_config_destroy(cfg);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_as_the_file),
      cmocka_unit_test(test_refusals),
      cmocka_unit_test(test_needs_a_trace),
      cmocka_unit_test(test_local_step_and_own_delays),
      cmocka_unit_test(test_local_step_refusals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
