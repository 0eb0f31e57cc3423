/* SPDX-License-Identifier: BSD-3-Clause */
/* The configuration file grammar (config/ini.c), the number grammar
 * (fcsim_parse_number) and the one KEY=START:STOP:STEP parser (core/range.c),
 * as documented in docs/CONFIG.md. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "core/range.h"
#include "core/units.h"

/* Loads text; returns the code and leaves the message in err. */
static int load(const char *text, struct fcsim_config **out, struct fcsim_error *err)
{
  struct fcsim_config *cfg = fcsim_config_create();
  assert_non_null(cfg);
  fcsim_error_clear(err);
  int rc = fcsim_config_load_text(cfg, "t.ini", text, strlen(text), err);
  if (out)
    *out = cfg;
  else
    fcsim_config_destroy(cfg);
  return rc;
}

static void expect_refused(const char *text, const char *needle1, const char *needle2)
{
  struct fcsim_error err;
  int rc = load(text, NULL, &err);
  if (rc == 0 || !strstr(err.msg, needle1) || (needle2 && !strstr(err.msg, needle2)))
    fail_msg("rc %d for `%s`: %s (expected %s%s%s)", rc, text, err.msg, needle1, needle2 ? " and " : "",
             needle2 ? needle2 : "");
}

static void test_long_lines(void **state)
{
  size_t n = 5000;
  char *text = malloc(3 * n + 200);
  char *p = text;
  p += sprintf(p, "; ");
  memset(p, 'x', n), p += n;
  p += sprintf(p, "\n[traffic]\nrate = 0.25   # ");
  memset(p, 'y', n), p += n;
  p += sprintf(p, "\npattern = nosuch ; ");
  memset(p, 'z', n), p += n;
  *p = '\0';
  struct fcsim_error err;
  /* the long comment and the long inline comment are fine; line 4 is reported exactly */
  assert_int_equal(load(text, NULL, &err), FCSIM_EINVAL);
  assert_non_null(strstr(err.msg, "t.ini:4:"));
  assert_non_null(strstr(err.msg, "nosuch"));
  strcpy(strstr(text, "pattern"), "pattern = tornado\n");
  struct fcsim_config *cfg;
  assert_int_equal(load(text, &cfg, &err), 0);
  assert_string_equal(fcsim_config_get(cfg, "traffic.rate"), "0.25");
  assert_string_equal(fcsim_config_get(cfg, "traffic.pattern"), "tornado");
  fcsim_config_destroy(cfg);
  free(text);
}

static void test_duplicates(void **state)
{
  expect_refused("[traffic]\nrate = 0.1\npattern = uniform\nrate = 0.2\n", "t.ini:4:", "lines 2 and 4");
  expect_refused("[traffic]\nrate = 0.1\n[sim]\nseed = 2\n[traffic]\npattern = nn\n", "[traffic] given twice",
                 "lines 1 and 5");
  /* --set over a file's key is allowed */
  struct fcsim_config *cfg;
  struct fcsim_error err;
  assert_int_equal(load("[traffic]\nrate = 0.1\n", &cfg, &err), 0);
  assert_int_equal(fcsim_config_set_assignment(cfg, "traffic.rate=0.3", "--set", &err), 0);
  assert_string_equal(fcsim_config_get(cfg, "traffic.rate"), "0.3");
  fcsim_config_destroy(cfg);
}

static void test_empty_and_structure(void **state)
{
  expect_refused("", "empty configuration", NULL);
  expect_refused("; only a comment\n\n# and another\n", "empty configuration", NULL);
  expect_refused("rate = 0.1\n", "before any [section]", NULL);
  expect_refused("[traffic\nrate = 0.1\n", "t.ini:1:", "`]`");
  expect_refused("[traffic] rate = 0.1\n", "t.ini:1:", "text after");
  expect_refused("[traffic]\nrate 0.1\n", "t.ini:2:", "syntax error");
  expect_refused("[netwrk]\n", "t.ini:1:", "[network]");
  struct fcsim_error err;
  struct fcsim_config *dir = fcsim_config_create();
  fcsim_error_clear(&err);
  assert_int_equal(fcsim_config_load_file(dir, "/tmp", &err), FCSIM_EIO);
  assert_non_null(strstr(err.msg, "is a directory"));
  static const char nul[] = "[traffic]\nrate = 0.1\n\0x\n";
  fcsim_error_clear(&err);
  assert_int_equal(fcsim_config_load_text(dir, "t.ini", nul, sizeof nul - 1, &err), FCSIM_EPARSE);
  assert_non_null(strstr(err.msg, "t.ini:3:"));
  fcsim_config_destroy(dir);
  /* CRLF line ends, a BOM, blanks and an empty section are fine */
  struct fcsim_config *cfg;
  assert_int_equal(load("\xef\xbb\xbf[sim]\r\n[traffic]\r\n  rate   =   0.5  \r\n", &cfg, &err), 0);
  assert_string_equal(fcsim_config_get(cfg, "traffic.rate"), "0.5");
  fcsim_config_destroy(cfg);
}

static void test_comments(void **state)
{
  struct fcsim_config *cfg;
  struct fcsim_error err;
  assert_int_equal(load("# c\n[traffic] ; c\nrate = 0.1 ; c\npattern = nn # c\n", &cfg, &err), 0);
  assert_string_equal(fcsim_config_get(cfg, "traffic.rate"), "0.1");
  assert_string_equal(fcsim_config_get(cfg, "traffic.pattern"), "nn");
  fcsim_config_destroy(cfg);
  expect_refused("[traffic]\nrate = 0.1;c\n", "t.ini:2:", "0.1;c");
  expect_refused("[traffic]\nrate = 0.1#c\n", "t.ini:2:", "0.1#c");
}

static void test_numbers(void **state)
{
  static const struct {
    const char *text;
    int rc;
    double value;
    size_t used;
  } cases[] = {
      {"16", 0, 16, 2},     {"+2", 0, 2, 2},      {".5", 0, 0.5, 2},  {"5.", 0, 5, 2},   {"1e3", 0, 1000, 3},
      {"1E-3", 0, 1e-3, 4}, {"2.5ns", 0, 2.5, 3}, {"1e", 0, 1, 1},    {"0", 0, 0, 1},    {"-1.5", 0, -1.5, 4},
      {"0x10", -1, 0, 0},   {"-0", -2, 0, 0},     {"-0.0", -2, 0, 0}, {"inf", -1, 0, 0}, {"nan", -1, 0, 0},
      {"1e999", -1, 0, 0},  {"", -1, 0, 0},       {".", -1, 0, 0},    {"-", -1, 0, 0},   {",5", -1, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double v = -99;
    const char *end = NULL;
    int rc = fcsim_parse_number(cases[i].text, &v, &end);
    if (rc != cases[i].rc || (rc == 0 && (v != cases[i].value || (size_t)(end - cases[i].text) != cases[i].used)))
      fail_msg("`%s`: rc %d value %g", cases[i].text, rc, v);
  }
  /* through the keys: hex and negative zero refused with the reason */
  expect_refused("[traffic]\nrate = 0x10\n", "t.ini:2:", "decimal");
  expect_refused("[traffic]\nrate = -0\n", "t.ini:2:", "negative zero");
  expect_refused("[router]\nvcs = 0x4\n", "t.ini:2:", "integer");
  expect_refused("[network]\nlink_latency = 0x1cycles\n", "t.ini:2:", NULL);
}

static void test_range(void **state)
{
  struct fcsim_range_spec r;
  struct fcsim_error err;
  double v[3];
  size_t n = 0;
  assert_int_equal(fcsim_range_split("traffic.rate=0.05:0.6:0.05", "--vary", &r, &err), 0);
  assert_string_equal(r.key, "traffic.rate");
  assert_string_equal(r.part[2], "0.05");
  assert_int_equal(fcsim_range_numbers(&r, "--vary", "x", v, &err), 0);
  assert_int_equal(fcsim_range_count(v, 100, "--vary", "x", &n, &err), 0);
  assert_int_equal(n, 12); /* 0.05 .. 0.60 inclusive despite rounding */
  assert_true(fabs(fcsim_range_value(v, 11) - 0.6) < 1e-12);
  const double ints[3] = {1, 32, 1};
  assert_int_equal(fcsim_range_count(ints, 100, "--vary", "x", &n, &err), 0);
  assert_int_equal(n, 32);
  const double bad_step[3] = {1, 2, 0}, down[3] = {2, 1, 1}, many[3] = {0, 1000, 1};
  fcsim_error_clear(&err);
  assert_int_not_equal(fcsim_range_count(bad_step, 100, "--vary", "x", &n, &err), 0);
  assert_non_null(strstr(err.msg, "STEP"));
  fcsim_error_clear(&err);
  assert_int_not_equal(fcsim_range_count(down, 100, "--vary", "x", &n, &err), 0);
  assert_non_null(strstr(err.msg, "STOP is below START"));
  assert_int_equal(fcsim_range_count(many, 100, "--vary", "x", &n, &err), FCSIM_ERANGE);
  static const char *const bad[] = {"rate", "=1:2:3", "k=1:2", "k=1:2:3:4", "k=:2:3", "k=1::3", "k=1:2:"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    if (fcsim_range_split(bad[i], "--vary", &r, &err) == 0)
      fail_msg("`%s` accepted", bad[i]);
  assert_int_equal(fcsim_range_split("k=0x1:2:1", "--vary", &r, &err), 0);
  fcsim_error_clear(&err);
  assert_int_not_equal(fcsim_range_numbers(&r, "--vary", "k=0x1:2:1", v, &err), 0);
  assert_non_null(strstr(err.msg, "START"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_long_lines), cmocka_unit_test(test_duplicates), cmocka_unit_test(test_empty_and_structure),
      cmocka_unit_test(test_comments),   cmocka_unit_test(test_numbers),    cmocka_unit_test(test_range),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
