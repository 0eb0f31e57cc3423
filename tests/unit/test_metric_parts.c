/* SPDX-License-Identifier: BSD-3-Clause */
/* The components' metric declarations (include/fcsim/metrics.h): each part
 * a router model or link protocol declares beside its code and src/models.c
 * lists is joined into its output's table exactly once, every row of it,
 * after the row it names; the joined tables pass the start-up check; and a
 * model's field declared beside it is in `fcsim help metrics`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/keys.h"
#include "fcsim/error.h"
#include "fcsim/metrics.h"
#include "test_support.h"

/* Where `path` is in `t`: its index, or -1; *count how often it is there. */
static long find_row(const struct fcsim_metric_table *t, const char *path, int *count)
{
  long at = -1;
  *count = 0;
  for (size_t i = 0; i < t->n; i++)
    if (!strcmp(t->rows[i].path, path)) {
      at = (long)i;
      (*count)++;
    }
  return at;
}

static void test_check(void **state)
{
  (void)state;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_metric_check_registry(&err), 0);
}

static void test_parts_joined_once(void **state)
{
  (void)state;
  size_t nparts = 0;
  for (const struct fcsim_metric_table *const *p = fcsim_models.metric_tables; *p; p++, nparts++) {
    const struct fcsim_metric_table *part = *p, *t = fcsim_metric_table_find(part->output);
    assert_non_null(t);
    assert_null(part->commands);
    assert_true(part->n > 0);
    int count;
    long after = find_row(t, part->after, &count), prev = -1;
    assert_int_equal(count, 1);
    for (size_t i = 0; i < part->n; i++) {
      long at = find_row(t, part->rows[i].path, &count);
      if (count != 1)
        fail_msg("%s: `%s` is in the joined table %d times", part->output, part->rows[i].path, count);
      assert_true(at > after);                          /* after its row */
      assert_true(prev < 0 || at == prev + 1);          /* the part's rows together, in its order */
      assert_ptr_equal(t->rows[at].meaning, part->rows[i].meaning); /* the part's own declaration */
      prev = at;
    }
    /* a part is not listed as an output of its own */
    for (const struct fcsim_metric_table *const *o = fcsim_metric_tables(); *o; o++)
      assert_ptr_not_equal(*o, part);
  }
  assert_true(nparts >= 10); /* router models and link protocols declare theirs */
  /* the run's own fields stay where they were: the first part follows link_util.* */
  const struct fcsim_metric_table *run = fcsim_metric_table_find("run");
  int count;
  long u = find_row(run, "metrics.link_util.*", &count);
  assert_string_equal(run->rows[u + 1].path, "metrics.area_alms");
  assert_string_equal(run->rows[find_row(run, "metrics.latency_histogram.packets.*", &count) + 1].path,
                      "metrics.switch_dropped_packets");
}

static void test_help_lists_model_fields(void **state)
{
  (void)state;
  const char *argv[] = {"help", "metrics", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, argv), 0);
  assert_int_equal(r.status, 0);
  /* declared in router/vc/novog.c, router/switched/metrics.c, link/proto/fc/fc_protocol.c, link/proto/tnw/ */
  static const char *const fields[] = {"metrics.area_alms", "metrics.vcsn_misdelivered_frames",
                                       "metrics.fc_model.d_link_cycles", "metrics.protocol_links.*.retransmissions",
                                       "metrics.link_directions", NULL};
  for (int i = 0; fields[i]; i++)
    if (!strstr(r.out, fields[i]))
      fail_msg("`fcsim help metrics` does not list %s", fields[i]);
  ts_result_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check),
      cmocka_unit_test(test_parts_joined_once),
      cmocka_unit_test(test_help_lists_model_fields),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
