/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app halo` through the built binary: a run from an INI file with
 * JSON output (halo_comm_ns_per_step, retransmissions at a BER, the model
 * beside it), and exit status 2 with one clear message for bad input: a
 * zero lattice, a BER outside [0, 1), an unknown key (in a file: named with
 * its line). */
#include <jansson.h>
#include <math.h>
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

static struct ts_result run(const char *const *args)
{
  struct ts_result r;
  if (ts_run_cli(&r, args) != 0)
    fail_msg("cannot run %s", FCSIM_CLI);
  return r;
}

/* exit 2, one line on stderr containing every fragment */
static void bad(const char *const *args, const char *f1, const char *f2)
{
  struct ts_result r = run(args);
  if (r.status != 2 || !strstr(r.err, f1) || (f2 && !strstr(r.err, f2)))
    fail_msg("status %d, stderr: %s", r.status, r.err);
  const char *nl = strchr(r.err, '\n');
  assert_true(nl && nl[1] == '\0');
  ts_result_free(&r);
}

static void bad_input(void **state)
{
  (void)state;
  bad(ARGS("app", "halo", "--set", "lattice_y=0"), "lattice_y", NULL);
  bad(ARGS("app", "halo", "--set", "halo.ber=1"), "ber", "[0, 1)");
  bad(ARGS("app", "halo", "--set", "link.ber=-1e-6"), "ber", "negative");
  bad(ARGS("app", "halo", "--set", "nodes_x=16", "--set", "nodes_y=16", "--set", "nodes_z=16"), "nodes", "at most");
  bad(ARGS("app", "halo", "--set", "lattise_x=4"), "lattise_x", "fcsim app halo --help");
  char *ini = ts_write_temp("[halo]\nlattice_x = 8\nlattice_z = 0\n", ".ini");
  bad(ARGS("app", "halo", ini), ini, ":3:");
  unlink(ini);
  free(ini);
}

static void ini_and_json(void **state)
{
  (void)state;
  char *ini = ts_write_temp("; a small torus with bit errors\n[halo]\nnodes_x = 2\nnodes_y = 2\nnodes_z = 1\n"
                            "lattice_x = 8\nlattice_y = 8\nlattice_z = 8\nsteps = 2\nber = 1e-4\n",
                            ".ini");
  char *json = ts_write_temp("", ".json");
  struct ts_result r = run(ARGS("app", "halo", ini, "--json", json));
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "halo_comm_ns_per_step"));
  json_error_t je;
  json_t *root = json_load_file(json, 0, &je);
  assert_non_null(root);
  assert_string_equal(json_string_value(json_object_get(root, "app")), "halo");
  json_t *m = json_object_get(root, "metrics");
  assert_int_equal(json_integer_value(json_object_get(m, "complete")), 1);
  assert_int_equal(json_integer_value(json_object_get(m, "face_bytes_x")), 8 * 8 * 40);
  assert_true(json_integer_value(json_object_get(m, "retransmissions")) > 0);
  assert_int_equal(json_integer_value(json_object_get(m, "order_errors")), 0);
  assert_int_equal(json_integer_value(json_object_get(m, "halo_bytes_received")),
                   json_integer_value(json_object_get(m, "halo_bytes_expected")));
  assert_true(json_real_value(json_object_get(m, "halo_comm_ns_per_step")) >
              json_real_value(json_object_get(m, "model_halo_comm_ns")));
  /* compute auto: 8^3 cells x 200 flop / 60 GFlop/s */
  assert_true(fabs(json_real_value(json_object_get(json_object_get(root, "config"), "compute")) - 512 * 200 / 60e9) <
              1e-12);
  json_decref(root);
  ts_result_free(&r);
  unlink(ini);
  unlink(json);
  free(ini);
  free(json);
}

int main(void)
{
  const struct CMUnitTest tests[] = {cmocka_unit_test(bad_input), cmocka_unit_test(ini_and_json)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
