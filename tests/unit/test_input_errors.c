/* Bad inputs to every reader, through the built binary: each is refused
 * with exit status 2 and a message naming the file and what is wrong, never
 * a crash, a hang or a result. One test per defect: a collective workload on
 * a router that cannot route collectives, a multicast table entry with more
 * children than a table entry holds. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})
#define EXAMPLE(name) FCSIM_SOURCE_DIR "/examples/" name

static struct ts_result run(const char *const *args)
{
  struct ts_result r;
  if (ts_run_cli(&r, args) != 0)
    fail_msg("cannot run %s", FCSIM_CLI);
  return r;
}

/* Exit `status` and stderr holds every fragment. */
static void expect_status(int status, const char *const *args, const char *const *fragments)
{
  struct ts_result r = run(args);
  if (r.status != status)
    fail_msg("status %d, expected %d; stderr: %s", r.status, status, r.err);
  for (int i = 0; fragments && fragments[i]; i++)
    if (!strstr(r.err, fragments[i]))
      fail_msg("stderr lacks `%s`:\n%s", fragments[i], r.err);
  ts_result_free(&r);
}

static char *temp_dir(void)
{
  char tmpl[] = "/tmp/fcsim_inerr_XXXXXX";
  char *d = mkdtemp(tmpl);
  assert_non_null(d);
  return strdup(d);
}

static void rm_rf(const char *dir)
{
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

/* Writes `n` bytes of `byte` over the file `path` (same length). */
static void fill_file(const char *path, int byte)
{
  FILE *f = fopen(path, "r+b");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  for (long i = 0; i < n; i++)
    fputc(byte, f);
  fclose(f);
}

/* `collective run` with a router that is not a collective router wrote out
 * of bounds (a push to the source queue of port -1); now refused. */
static void test_collective_needs_collective_router(void **state)
{
  (void)state;
  expect_status(2,
                ARGS("collective", "run", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2", "--set",
                     "router.model=novog", "--quiet"),
                ARGS("needs collective routers", "router.model = novog"));
}

/* A multicast entry's 3-bit child count of 7 read past the six child slots. */
static void test_multicast_children_bounded(void **state)
{
  (void)state;
  char *dir = temp_dir(), tables[600], path[700], set[700];
  snprintf(tables, sizeof tables, "%s/T", dir);
  struct ts_result r = run(ARGS("collective", "build", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2",
                                "--pattern", "all-to-all", "--out", tables));
  if (r.status != 0)
    fail_msg("status %d: %s", r.status, r.err);
  ts_result_free(&r);
  for (int v = 0; v < 8; v++) {
    snprintf(path, sizeof path, "%s/node%d.multicast.bin", tables, v);
    fill_file(path, 0xFF);
  }
  snprintf(set, sizeof set, "router.tables=%s", tables);
  expect_status(2, ARGS("run", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2", "--set", set),
                ARGS("node0.multicast.bin", "7 children", "1..6"));
  /* a child count of 0: a multicast entry that delivers nothing */
  for (int v = 0; v < 8; v++) {
    snprintf(path, sizeof path, "%s/node%d.multicast.bin", tables, v);
    fill_file(path, 0);
  }
  expect_status(2, ARGS("run", EXAMPLE("collective.ini"), "--set", "network.dims=2x2x2", "--set", set),
                ARGS("0 children"));
  rm_rf(dir);
  free(dir);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_collective_needs_collective_router),
      cmocka_unit_test(test_multicast_children_bounded),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
