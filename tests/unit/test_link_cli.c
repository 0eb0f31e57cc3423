/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app link` through the built binary: a run from an INI file with
 * JSON output (the metric `retransmissions` among them), and exit status 2
 * with one clear message for bad input: D_CU above the RX depth, a BER
 * outside [0, 1), an unknown line code, a bad key in a file (named with its
 * line). */
#include <jansson.h>
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
  bad(ARGS("app", "link", "--set", "D_CU=600", "--set", "rx_depth=512", "--set", "tx_depth=600"), "D_CU", "RX depth");
  bad(ARGS("app", "link", "--preset", "tnw", "--set", "ber=1"), "ber", "[0, 1)");
  bad(ARGS("app", "link", "--preset", "tnw", "--set", "ber=-0.1"), "ber", "negative");
  bad(ARGS("app", "link", "--set", "code=8b9b"), "code", "8b10b");
  bad(ARGS("app", "link", "--set", "ber=1e-6"), "ber", "tnw");
  bad(ARGS("app", "link", "--set", "rx_dpth=4"), "rx_dpth", NULL);
  char *ini = ts_write_temp("[link]\nprotocol = fc\nlatency = 128 parsecs\n", ".ini");
  bad(ARGS("app", "link", ini), ini, ":3:");
  unlink(ini);
  free(ini);
}

static void ini_and_json(void **state)
{
  (void)state;
  char *ini = ts_write_temp("; a TNW link with errors\n[link]\nprotocol = tnw\nduplex = full\nclock = 250MHz\n"
                            "rate = 10Gbps\ncode = 8b10b\nlatency = 600ns\nber = 1e-5\nbytes = 64KiB\n",
                            ".ini");
  char *json = ts_write_temp("", ".json");
  struct ts_result r = run(ARGS("app", "link", ini, "--json", json));
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "retransmissions"));
  json_error_t je;
  json_t *root = json_load_file(json, 0, &je);
  assert_non_null(root);
  json_t *m = json_object_get(root, "metrics");
  assert_int_equal(json_integer_value(json_object_get(m, "complete")), 1);
  assert_true(json_is_integer(json_object_get(m, "retransmissions")));
  assert_true(json_integer_value(json_object_get(m, "retransmissions")) > 0);
  assert_string_equal(json_string_value(json_object_get(json_object_get(root, "config"), "protocol")), "tnw");
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
