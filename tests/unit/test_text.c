/* SPDX-License-Identifier: BSD-3-Clause */
/* The text toolkit (src/core/text.c): trimming a span by a set of
 * characters, trimming white space in place, splitting a CSV line into
 * trimmed fields (each field cut at its separator before it is trimmed),
 * and the edit distance of the did-you-mean suggestions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "core/text.h"

static void test_trim_span(void **state)
{
  (void)state;
  const char *text = " \t`key` \r";
  const char *s = text, *e = text + strlen(text);
  fcsim_text_trim_span(&s, &e, " \t\r");
  assert_int_equal(e - s, 5); /* `key` */
  fcsim_text_trim_span(&s, &e, "`");
  assert_int_equal(e - s, 3);
  assert_memory_equal(s, "key", 3);
  const char *blank = "   ";
  s = blank, e = blank + 3;
  fcsim_text_trim_span(&s, &e, " ");
  assert_ptr_equal(s, e); /* all of it */
}

static void test_trim(void **state)
{
  (void)state;
  char a[] = "  x y \t\n";
  assert_string_equal(fcsim_text_trim(a), "x y");
  char b[] = " \t ";
  assert_string_equal(fcsim_text_trim(b), "");
}

static void test_split(void **state)
{
  (void)state;
  char line[] = " src , dst,bytes ,, last ";
  char *f[8];
  assert_int_equal(fcsim_text_split(line, ',', f, 8), 5);
  assert_string_equal(f[0], "src");
  assert_string_equal(f[1], "dst");
  assert_string_equal(f[2], "bytes"); /* the blank before its comma is cut too */
  assert_string_equal(f[3], "");
  assert_string_equal(f[4], "last");
  char more[] = "a,b,c,d";
  assert_int_equal(fcsim_text_split(more, ',', f, 2), 4); /* counts past max, stores two */
  assert_string_equal(f[0], "a");
  assert_string_equal(f[1], "b");
  char one[] = "alone";
  assert_int_equal(fcsim_text_split(one, ',', f, 8), 1);
  assert_string_equal(f[0], "alone");
}

static void test_edit_distance(void **state)
{
  (void)state;
  assert_int_equal(fcsim_edit_distance("router", "routr", 0), 1);
  assert_int_equal(fcsim_edit_distance("VCS", "vcs", 1), 0);
  assert_int_equal(fcsim_edit_distance("VCS", "vcs", 0), 3);
  assert_int_equal(fcsim_edit_distance_max("abcdef", "uvwxyz", 0, 2), 3); /* past max: max + 1 */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trim_span),
      cmocka_unit_test(test_trim),
      cmocka_unit_test(test_split),
      cmocka_unit_test(test_edit_distance),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
