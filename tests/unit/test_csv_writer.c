/* SPDX-License-Identifier: BSD-3-Clause */
/* The CSV writer (core/csv.h): flattening with dotted names, dropped
 * prefixes, one header for records with different fields, RFC 4180 quoting,
 * numbers as the JSON writes them, null as an empty cell. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/csv.h"

static char *write_all(struct fcsim_csv *c)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  struct fcsim_error err;
  assert_int_equal(fcsim_csv_write(c, f, &err), 0);
  fclose(f);
  return buf;
}

static void test_flatten_and_union(void **state)
{
  static const char *const drop[] = {"config", "metrics", NULL};
  struct fcsim_csv *c = fcsim_csv_new(drop, 10);
  struct fcsim_error err;
  json_t *a = json_pack("{s:s, s:{s:{s:f, s:s}}, s:{s:f, s:n, s:{s:i}}, s:b, s:[i,i]}", "fcsim", "0.1", "config",
                        "traffic", "rate", 0.4, "trace", "a,b\"c.csv", "metrics", "avg_latency", 12.5, "total_latency",
                        "fc_model", "line_cycles", 82, "saturated", 0, "link_util", 1, 2);
  json_t *b = json_pack("{s:s, s:{s:{s:f, s:s}}, s:{s:f, s:i}, s:b}", "fcsim", "0.1", "config", "traffic", "rate", 0.8,
                        "trace", "", "metrics", "avg_latency", 1.0 / 3.0, "max_buffer_flits", 7, "saturated", 1);
  assert_int_equal(fcsim_csv_add(c, a, &err), 0);
  assert_int_equal(fcsim_csv_add(c, b, &err), 0);
  assert_int_equal(fcsim_csv_rows(c), 2);
  char *out = write_all(c);
  assert_string_equal(out, "fcsim,traffic.rate,traffic.trace,avg_latency,total_latency,fc_model.line_cycles,saturated,"
                           "link_util.0,link_util.1,max_buffer_flits\n"
                           "0.1,0.4,\"a,b\"\"c.csv\",12.5,,82,false,1,2,\n"
                           "0.1,0.8,,0.3333333333,,,true,,,7\n");
  free(out);
  json_decref(a);
  json_decref(b);
  fcsim_csv_free(c);
}

static void test_field_quoting(void **state)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  fcsim_csv_field(f, "plain");
  fputc('|', f);
  fcsim_csv_field(f, "two\nlines");
  fputc('|', f);
  fcsim_csv_field(f, "cr\r");
  fputc('|', f);
  fcsim_csv_field(f, "\"q\"");
  fclose(f);
  assert_string_equal(buf, "plain|\"two\nlines\"|\"cr\r\"|\"\"\"q\"\"\"");
  free(buf);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_flatten_and_union),
      cmocka_unit_test(test_field_quoting),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
