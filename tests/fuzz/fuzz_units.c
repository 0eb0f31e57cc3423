/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: numbers and quantities with units (core/units.c) and
 * KEY=START:STOP:STEP ranges (core/range.c). The first byte picks the unit
 * mask; the rest is the text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/range.h"
#include "core/units.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  unsigned mask = data[0] & 0x3f;
  char *text = malloc(size);
  if (!text)
    return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = '\0';
  struct fcsim_error err = {0};
  double v;
  enum fcsim_unit_kind kind;
  const char *end;
  if (fcsim_parse_quantity(text, mask, &v, &kind, &err) == 0) {
    char buf[64];
    fcsim_format_quantity(v, kind, buf, sizeof buf);
  }
  fcsim_parse_number(text, &v, &end);
  struct fcsim_range_spec r;
  double rv[3];
  size_t n;
  fcsim_error_clear(&err);
  if (fcsim_range_split(text, "--vary", &r, &err) == 0 && fcsim_range_numbers(&r, "--vary", text, rv, &err) == 0 &&
      fcsim_range_count(rv, 10000, "--vary", text, &n, &err) == 0)
    for (size_t i = 0; i < n; i++)
      (void)fcsim_range_value(rv, i);
  free(text);
  return 0;
}
