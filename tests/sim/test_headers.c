/* SPDX-License-Identifier: BSD-3-Clause */
/* The first lines of a run's table say what ran: a netlist run its links'
 * range (not the default 28-cycle link), a trace run its messages (not the
 * uniform load it did not offer), a switched run its switches, a BEE3 run
 * its enclosures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* The table header (up to the blank line) of `fcsim run CONFIG SETS...`. */
static void header_of(const char *config, const char *set, char *buf, size_t size)
{
  const char *args[] = {"run", config, "--set", "sim.measure_cycles=500", "--set", set, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status)
    fail_msg("fcsim run %s: %s", config, r.err);
  char *end = strstr(r.out, "\n\n");
  assert_non_null(end);
  snprintf(buf, size, "%.*s", (int)(end - r.out), r.out);
  ts_result_free(&r);
}

static void test_netlist_header(void **state)
{
  (void)state;
  char h[1024];
  /* two boards: 4-cycle links on a board, 85-cycle links between them (examples/netlist/two-boards.net) */
  header_of(FCSIM_SOURCE_DIR "/examples/netlist/two-boards.ini", "sim.seed=1", h, sizeof h);
  assert_non_null(strstr(h, "8-node netlist two-boards.net"));
  assert_non_null(strstr(h, "links 4-85 cycles"));
  assert_null(strstr(h, "28 cycles"));
}

static void test_trace_header(void **state)
{
  (void)state;
  char h[1024];
  /* examples/trace/chain.csv: 4 messages */
  header_of(FCSIM_SOURCE_DIR "/examples/trace/run.ini", "sim.seed=1", h, sizeof h);
  assert_non_null(strstr(h, "trace chain.csv: 4 messages, 1408 bytes, makespan "));
  assert_null(strstr(h, "uniform at"));
}

static void test_switched_and_bee3_headers(void **state)
{
  (void)state;
  char h[1024];
  header_of(FCSIM_SOURCE_DIR "/examples/vcsn/vcsn.ini", "sim.seed=1", h, sizeof h);
  assert_non_null(strstr(h, "dual-plane of 16 "));
  assert_non_null(strstr(h, "store-and-forward"));
  assert_null(strstr(h, "VCs x"));
  header_of(FCSIM_SOURCE_DIR "/examples/bee3/two-x4.ini", "sim.seed=1", h, sizeof h);
  assert_non_null(strstr(h, "BEE3 cluster of "));
  assert_non_null(strstr(h, "two-x4"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_netlist_header),
      cmocka_unit_test(test_trace_header),
      cmocka_unit_test(test_switched_and_bee3_headers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
