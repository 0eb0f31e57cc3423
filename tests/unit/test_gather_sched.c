/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the gather schedules (src/apps/gather/gather_sched.c): every
 * schedule delivers every source's block to the root exactly once, only
 * ever sending blocks a node holds, in the seed's stage counts (ring
 * ceil((n-1)/2), tree ceil((n-1)/4)+1 for n >= 4, 1 below); the checker catches a
 * duplicated and a missing block; the trace has one row per transfer plus
 * the barrier notices and releases, and the plane-ordered trace puts every
 * transfer on a message index of its plane's parity. A scatter (the plan
 * played backwards) takes every block from the root to its node exactly
 * once in the same stages; the checker catches a block left at the wrong
 * node. An allgather (ring, ring1, tree = gather then broadcast) leaves
 * every node with every block, each received exactly once, in
 * ceil((n-1)/2), n-1 and the gather's stages plus the broadcast's; its
 * model is the documented per-stage sum; the checker catches a duplicated,
 * a missing and a returned block; the schedules an allgather does not have
 * (reconfig) and ring1 for a gather are refused. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "apps/gather/gather_sched.h"

static struct fcsim_gather_spec spec(enum fcsim_gather_schedule s, int n)
{
  return (struct fcsim_gather_spec){s,       n, 1 << 20, s == FCSIM_GATHER_RING ? 0 : 1.24e-4, 1.35e-6, 8.47e-7,
                                    12.44e9, 1, 2};
}

static void test_every_block_once(void **state)
{
  (void)state;
  for (int s = FCSIM_GATHER_RING; s <= FCSIM_GATHER_RECONFIG; s++)
    for (int n = 2; n <= FCSIM_GATHER_MAX_NODES; n++) {
      struct fcsim_gather_spec sp = spec((enum fcsim_gather_schedule)s, n);
      struct fcsim_gather_plan pl;
      struct fcsim_error err = {0};
      assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), 0);
      if (fcsim_gather_check(&sp, &pl, &err))
        fail_msg("schedule %d, n = %d: %s", s, n, err.msg);
      /* the tree's formula counts one stage too many below 4 nodes */
      int want = s == FCSIM_GATHER_RING ? (n - 1 + 1) / 2 : n <= 3 ? 1 : (n - 1 + 3) / 4 + 1;
      assert_int_equal(pl.stages, want);
      if (n >= 4 && s != FCSIM_GATHER_RECONFIG) /* the model's vlink is another schedule */
        assert_int_equal(pl.stages, pl.model_stages);
      fcsim_gather_plan_free(&pl);
    }
}

static void test_scatter_every_block_once(void **state)
{
  (void)state;
  for (int s = FCSIM_GATHER_RING; s <= FCSIM_GATHER_RECONFIG; s++)
    for (int n = 2; n <= FCSIM_GATHER_MAX_NODES; n++) {
      struct fcsim_gather_spec sp = spec((enum fcsim_gather_schedule)s, n), gp = sp;
      sp.scatter = 1;
      struct fcsim_gather_plan pl, gl;
      struct fcsim_error err = {0};
      assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), 0);
      assert_int_equal(fcsim_gather_plan(&gp, &gl, &err), 0);
      if (fcsim_gather_check(&sp, &pl, &err))
        fail_msg("scatter, schedule %d, n = %d: %s", s, n, err.msg);
      assert_int_equal(pl.stages, gl.stages);
      assert_int_equal(pl.nxfers, gl.nxfers);
      /* the gather's check refuses it: nothing reaches the root */
      assert_int_not_equal(fcsim_gather_check(&gp, &pl, &err), 0);
      for (int x = 0; x < pl.nxfers; x++) /* transfer x reversed */
        assert_true(pl.xfer[x].src == gl.xfer[x].dst && pl.xfer[x].dst == gl.xfer[x].src &&
                    pl.xfer[x].stage == gl.stages + 1 - gl.xfer[x].stage);
      fcsim_gather_plan_free(&pl);
      fcsim_gather_plan_free(&gl);
    }
  /* a block sent on to a node it is not for */
  struct fcsim_gather_spec sp = spec(FCSIM_GATHER_RING, 9);
  sp.scatter = 1;
  struct fcsim_gather_plan pl;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), 0);
  int last = -1;
  for (int x = 0; x < pl.nxfers; x++)
    if (pl.xfer[x].stage == pl.stages && pl.xfer[x].src)
      last = x;
  assert_true(last >= 0);
  pl.xfer[last].dst = pl.xfer[last].src == 4 ? 3 : 4; /* back toward the root, or away */
  assert_int_not_equal(fcsim_gather_check(&sp, &pl, &err), 0);
  fcsim_gather_plan_free(&pl);
}

static void test_checker_catches_faults(void **state)
{
  (void)state;
  struct fcsim_gather_spec sp = spec(FCSIM_GATHER_TREE, 9);
  struct fcsim_gather_plan pl;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), 0);
  assert_int_equal(fcsim_gather_check(&sp, &pl, &err), 0);
  int last = pl.nxfers - 1;
  uint64_t saved = pl.xfer[last].blocks;
  pl.xfer[last].blocks = 0; /* a block never sent */
  assert_int_not_equal(fcsim_gather_check(&sp, &pl, &err), 0);
  pl.xfer[last].blocks = saved;
  pl.xfer[0].blocks |= 1ull << 8; /* a block its source does not hold */
  assert_int_not_equal(fcsim_gather_check(&sp, &pl, &err), 0);
  fcsim_gather_plan_free(&pl);
}

/* Rows of the trace: one per transfer, and per stage but the last n-1
 * notices and n-1 releases. With planes, transfer k's message index has
 * the parity of its plane. */
static void test_trace_rows(void **state)
{
  (void)state;
  struct fcsim_gather_spec sp = spec(FCSIM_GATHER_TREE, 16);
  struct fcsim_gather_plan pl;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), 0);
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  assert_int_equal(fcsim_gather_write_trace(&sp, &pl, 1, f, &err), 0);
  fclose(f);
  int rows = 0, index = 0;
  char *save = NULL;
  for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (line[0] == '#' || !strncmp(line, "id,", 3))
      continue;
    long long id = atoll(line);
    if (id < pl.nxfers)
      assert_int_equal(index % 2, pl.xfer[id].plane);
    index++;
    rows++;
  }
  assert_int_equal(rows, pl.nxfers + 2 * (pl.stages - 1) * (sp.nodes - 1));
  free(text);
  fcsim_gather_plan_free(&pl);
}

static void test_allgather_every_block_once(void **state)
{
  (void)state;
  const enum fcsim_gather_schedule sched[] = {FCSIM_GATHER_RING, FCSIM_GATHER_RING1, FCSIM_GATHER_TREE};
  for (int k = 0; k < 3; k++)
    for (int n = 2; n <= FCSIM_GATHER_MAX_NODES; n++) {
      struct fcsim_gather_spec sp = spec(sched[k], n);
      sp.allgather = 1;
      struct fcsim_gather_plan pl;
      struct fcsim_error err = {0};
      assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), 0);
      if (fcsim_gather_check(&sp, &pl, &err))
        fail_msg("allgather %d, n = %d: %s", k, n, err.msg);
      int gather = n <= 3 ? 1 : (n - 1 + 3) / 4 + 1, chain = (n - 1 + 3) / 4;
      if (sched[k] == FCSIM_GATHER_RING)
        assert_int_equal(pl.stages, n / 2);
      else if (sched[k] == FCSIM_GATHER_RING1)
        assert_int_equal(pl.stages, n - 1);
      else /* the broadcast: a chain, one stage later for chains 2 and 3 */
        assert_true(pl.stages >= gather + chain && pl.stages <= gather + chain + 1);
      assert_int_equal(pl.model_stages, pl.stages);
      if (sched[k] == FCSIM_GATHER_RING1) { /* every stage: each node sends and receives d */
        double bar = pl.stage_barrier_s, x = sp.l_s + (double)sp.bytes / sp.b_bytes_s;
        double want = pl.start_s + (n - 1) * x + (n - 2) * (bar + sp.c_s) + bar;
        assert_true(fabs(pl.model_time_s - want) <= 1e-12);
      }
      if (n > 20) { /* the trace (quadratic to place) for the smaller ones */
        fcsim_gather_plan_free(&pl);
        continue;
      }
      char *text = NULL; /* the trace: one row per transfer, notices and releases */
      size_t size = 0;
      FILE *f = open_memstream(&text, &size);
      assert_int_equal(fcsim_gather_write_trace(&sp, &pl, sched[k] == FCSIM_GATHER_TREE, f, &err), 0);
      fclose(f);
      int rows = 0;
      for (char *c = text; *c; c++)
        rows += *c == '\n';
      assert_int_equal(rows - 2, pl.nxfers + 2 * (pl.stages - 1) * (n - 1));
      free(text);
      fcsim_gather_plan_free(&pl);
    }
}

static void test_allgather_checker_and_refusals(void **state)
{
  (void)state;
  struct fcsim_gather_spec sp = spec(FCSIM_GATHER_TREE, 9);
  sp.allgather = 1;
  struct fcsim_gather_plan pl;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), 0);
  int last = pl.nxfers - 1;
  struct fcsim_gather_xfer saved = pl.xfer[last];
  pl.xfer[last].blocks &= pl.xfer[last].blocks - 1; /* one block missing */
  assert_int_not_equal(fcsim_gather_check(&sp, &pl, &err), 0);
  pl.xfer[last] = saved;
  pl.xfer[last].blocks |= 1ull << pl.xfer[last].dst; /* its own block back */
  assert_int_not_equal(fcsim_gather_check(&sp, &pl, &err), 0);
  pl.xfer[last] = saved;
  pl.xfer[0] = saved; /* delivered twice (and the first transfer missing) */
  assert_int_not_equal(fcsim_gather_check(&sp, &pl, &err), 0);
  fcsim_gather_plan_free(&pl);
  sp.schedule = FCSIM_GATHER_RECONFIG;
  assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), FCSIM_EINVAL);
  sp.allgather = 0;
  sp.schedule = FCSIM_GATHER_RING1;
  assert_int_equal(fcsim_gather_plan(&sp, &pl, &err), FCSIM_EINVAL);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_block_once),           cmocka_unit_test(test_scatter_every_block_once),
      cmocka_unit_test(test_checker_catches_faults),     cmocka_unit_test(test_trace_rows),
      cmocka_unit_test(test_allgather_every_block_once), cmocka_unit_test(test_allgather_checker_and_refusals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
