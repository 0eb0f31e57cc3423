/* SPDX-License-Identifier: BSD-3-Clause */
/* Quantity parsing and formatting with units; see units.h for conventions. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"

struct unit_suffix {
  const char *suffix; /* exact, case-sensitive */
  enum fcsim_unit_kind kind;
  double factor; /* multiply to get SI base units */
};

static const struct unit_suffix unit_table[] = {
    {"s", FCSIM_UNIT_TIME, 1.0},
    {"ms", FCSIM_UNIT_TIME, 1e-3},
    {"us", FCSIM_UNIT_TIME, 1e-6},
    {"\xc2\xb5s", FCSIM_UNIT_TIME, 1e-6},
    {"ns", FCSIM_UNIT_TIME, 1e-9},
    {"ps", FCSIM_UNIT_TIME, 1e-12},

    {"Hz", FCSIM_UNIT_FREQ, 1.0},
    {"kHz", FCSIM_UNIT_FREQ, 1e3},
    {"KHz", FCSIM_UNIT_FREQ, 1e3},
    {"MHz", FCSIM_UNIT_FREQ, 1e6},
    {"GHz", FCSIM_UNIT_FREQ, 1e9},
    {"THz", FCSIM_UNIT_FREQ, 1e12},

    {"B", FCSIM_UNIT_SIZE, 1.0},
    {"kB", FCSIM_UNIT_SIZE, 1e3},
    {"KB", FCSIM_UNIT_SIZE, 1e3},
    {"MB", FCSIM_UNIT_SIZE, 1e6},
    {"GB", FCSIM_UNIT_SIZE, 1e9},
    {"TB", FCSIM_UNIT_SIZE, 1e12},
    {"KiB", FCSIM_UNIT_SIZE, 1024.0},
    {"MiB", FCSIM_UNIT_SIZE, 1048576.0},
    {"GiB", FCSIM_UNIT_SIZE, 1073741824.0},
    {"b", FCSIM_UNIT_SIZE, 0.125},
    {"bit", FCSIM_UNIT_SIZE, 0.125},
    {"bits", FCSIM_UNIT_SIZE, 0.125},
    {"kb", FCSIM_UNIT_SIZE, 125.0},
    {"Kb", FCSIM_UNIT_SIZE, 125.0},
    {"Mb", FCSIM_UNIT_SIZE, 125e3},
    {"Gb", FCSIM_UNIT_SIZE, 125e6},
    {"Kib", FCSIM_UNIT_SIZE, 128.0},
    {"Mib", FCSIM_UNIT_SIZE, 131072.0},

    {"B/s", FCSIM_UNIT_RATE, 1.0},
    {"kB/s", FCSIM_UNIT_RATE, 1e3},
    {"KB/s", FCSIM_UNIT_RATE, 1e3},
    {"MB/s", FCSIM_UNIT_RATE, 1e6},
    {"GB/s", FCSIM_UNIT_RATE, 1e9},
    {"TB/s", FCSIM_UNIT_RATE, 1e12},
    {"KiB/s", FCSIM_UNIT_RATE, 1024.0},
    {"MiB/s", FCSIM_UNIT_RATE, 1048576.0},
    {"GiB/s", FCSIM_UNIT_RATE, 1073741824.0},
    {"bps", FCSIM_UNIT_RATE, 0.125},
    {"b/s", FCSIM_UNIT_RATE, 0.125},
    {"kbps", FCSIM_UNIT_RATE, 125.0},
    {"Kbps", FCSIM_UNIT_RATE, 125.0},
    {"kb/s", FCSIM_UNIT_RATE, 125.0},
    {"Mbps", FCSIM_UNIT_RATE, 125e3},
    {"Mb/s", FCSIM_UNIT_RATE, 125e3},
    {"Gbps", FCSIM_UNIT_RATE, 125e6},
    {"Gb/s", FCSIM_UNIT_RATE, 125e6},
    {"Tbps", FCSIM_UNIT_RATE, 125e9},
    {"Tb/s", FCSIM_UNIT_RATE, 125e9},

    {"Flops", FCSIM_UNIT_FLOPS, 1.0},
    {"FLOPS", FCSIM_UNIT_FLOPS, 1.0},
    {"flop/s", FCSIM_UNIT_FLOPS, 1.0},
    {"MFlops", FCSIM_UNIT_FLOPS, 1e6},
    {"MFLOPS", FCSIM_UNIT_FLOPS, 1e6},
    {"GFlops", FCSIM_UNIT_FLOPS, 1e9},
    {"GFLOPS", FCSIM_UNIT_FLOPS, 1e9},
    {"Gflop/s", FCSIM_UNIT_FLOPS, 1e9},
    {"TFlops", FCSIM_UNIT_FLOPS, 1e12},
    {"TFLOPS", FCSIM_UNIT_FLOPS, 1e12},
    {"Tflop/s", FCSIM_UNIT_FLOPS, 1e12},
    {"PFlops", FCSIM_UNIT_FLOPS, 1e15},

    {"cycles", FCSIM_UNIT_CYCLES, 1.0},
    {"cycle", FCSIM_UNIT_CYCLES, 1.0},
    {"cc", FCSIM_UNIT_CYCLES, 1.0},
};

const char *fcsim_unit_examples(unsigned allowed)
{
  static char buf[256];
  buf[0] = '\0';
  if (allowed & FCSIM_UNIT_TIME)
    strcat(buf, " 175ns 1.5us");
  if (allowed & FCSIM_UNIT_FREQ)
    strcat(buf, " 156.25MHz");
  if (allowed & FCSIM_UNIT_SIZE)
    strcat(buf, " 512B 1kb 4KiB");
  if (allowed & FCSIM_UNIT_RATE)
    strcat(buf, " 40Gbps 7.92GB/s");
  if (allowed & FCSIM_UNIT_FLOPS)
    strcat(buf, " 2.5TFlops");
  if (allowed & FCSIM_UNIT_CYCLES)
    strcat(buf, " 28cycles");
  return buf[0] ? buf + 1 : "a plain number";
}

static const char *skip_digits(const char *s)
{
  while (*s >= '0' && *s <= '9')
    s++;
  return s;
}

int fcsim_parse_number(const char *text, double *value, const char **end)
{
  const char *s = text;
  if (*s == '+' || *s == '-')
    s++;
  const char *int_end = skip_digits(s), *p = int_end;
  size_t ndigits = (size_t)(int_end - s);
  if (*p == '.') {
    const char *frac_end = skip_digits(p + 1);
    ndigits += (size_t)(frac_end - (p + 1));
    p = frac_end;
  }
  if (ndigits == 0)
    return -1;
  if (*p == 'e' || *p == 'E') {
    const char *q = p + 1;
    if (*q == '+' || *q == '-')
      q++;
    const char *exp_end = skip_digits(q);
    if (exp_end > q)
      p = exp_end;
  }
  /* `0x10`: the hex prefix would be read as 0 followed by junk; say so */
  if (p == int_end && ndigits == 1 && s[0] == '0' && (*p == 'x' || *p == 'X'))
    return -1;
  char buf[128];
  size_t len = (size_t)(p - text);
  if (len >= sizeof buf)
    return -1;
  memcpy(buf, text, len);
  buf[len] = '\0';
  errno = 0;
  double v = strtod(buf, NULL);
  if (errno == ERANGE && fabs(v) > 1.0)
    return -1;
  if (!isfinite(v))
    return -1;
  if (v == 0 && text[0] == '-')
    return -2;
  *value = v == 0 ? 0.0 : v;
  *end = p;
  return 0;
}

int fcsim_parse_quantity(const char *text, unsigned allowed, double *value, enum fcsim_unit_kind *kind,
                         struct fcsim_error *err)
{
  if (text == NULL)
    return fcsim_error_set(err, FCSIM_EINVAL, "missing value");
  while (isspace((unsigned char)*text))
    text++;
  const char *end = NULL;
  double v = 0;
  int nrc = fcsim_parse_number(text, &v, &end);
  if (nrc == -2)
    return fcsim_error_set(err, FCSIM_EINVAL, "`%s`: a negative zero (write 0)", text);
  if (nrc)
    return fcsim_error_set(err, FCSIM_EINVAL, "`%s` is not a number (expected a decimal number%s%s)", text,
                           allowed ? ", e.g. " : "", allowed ? fcsim_unit_examples(allowed) : "");
  while (isspace((unsigned char)*end))
    end++;
  size_t len = strlen(end);
  while (len > 0 && isspace((unsigned char)end[len - 1]))
    len--;
  if (len == 0) {
    *value = v;
    if (kind)
      *kind = FCSIM_UNIT_NONE;
    return 0;
  }
  for (size_t i = 0; i < sizeof unit_table / sizeof unit_table[0]; i++) {
    const struct unit_suffix *u = &unit_table[i];
    if (strlen(u->suffix) == len && strncmp(u->suffix, end, len) == 0) {
      if (!(allowed & u->kind))
        break;
      *value = v * u->factor;
      if (kind)
        *kind = u->kind;
      return 0;
    }
  }
  return fcsim_error_set(err, FCSIM_EINVAL, "`%s`: unit `%.*s` not accepted here (expected %s)", text, (int)len, end,
                         fcsim_unit_examples(allowed));
}

char *fcsim_format_quantity(double value, enum fcsim_unit_kind kind, char *buf, unsigned size)
{
  static const char *si_big[] = {"", "k", "M", "G", "T", "P"};
  static const char *si_small[] = {"", "m", "u", "n", "p"};
  const char *unit = "";
  switch (kind) {
  case FCSIM_UNIT_TIME: unit = "s"; break;
  case FCSIM_UNIT_FREQ: unit = "Hz"; break;
  case FCSIM_UNIT_SIZE: unit = "B"; break;
  case FCSIM_UNIT_RATE: unit = "B/s"; break;
  case FCSIM_UNIT_FLOPS: unit = "Flop/s"; break;
  default: snprintf(buf, size, "%.6g", value); return buf;
  }
  double a = fabs(value);
  if (a == 0.0) {
    snprintf(buf, size, "0 %s", unit);
  } else if (a >= 1.0) {
    int i = 0;
    while (a >= 1000.0 && i < 5) {
      a /= 1000.0;
      value /= 1000.0;
      i++;
    }
    snprintf(buf, size, "%.4g %s%s", value, si_big[i], unit);
  } else {
    int i = 0;
    while (a < 1.0 && i < 4) {
      a *= 1000.0;
      value *= 1000.0;
      i++;
    }
    snprintf(buf, size, "%.4g %s%s", value, si_small[i], unit);
  }
  return buf;
}
