/* SPDX-License-Identifier: BSD-3-Clause */
/* Parsing of quantities written with units ("175ns", "156.25MHz", "40Gbps",
 * "4KiB", "7.92GB/s", "2.5TFlops") into SI base units. Shared by the
 * simulator's configuration and the analytic models.
 *
 * Conventions: lowercase `b` is a bit, uppercase `B` a byte; k/M/G/T are
 * decimal (1000), Ki/Mi/Gi/Ti binary (1024). Data rates are returned in
 * bytes per second whether written in bits (Gbps, Gb/s) or bytes (GB/s). */
#ifndef FCSIM_CORE_UNITS_H
#define FCSIM_CORE_UNITS_H

#include "fcsim/error.h"

enum fcsim_unit_kind {
  FCSIM_UNIT_NONE = 0,       /* a plain number */
  FCSIM_UNIT_TIME = 1 << 0,  /* seconds */
  FCSIM_UNIT_FREQ = 1 << 1,  /* hertz */
  FCSIM_UNIT_SIZE = 1 << 2,  /* bytes (bits are divided by 8) */
  FCSIM_UNIT_RATE = 1 << 3,  /* bytes per second */
  FCSIM_UNIT_FLOPS = 1 << 4, /* floating-point operations per second */
  FCSIM_UNIT_CYCLES = 1 << 5 /* "cycles"/"cc" suffix: a plain count */
};

/* The number grammar of every configuration value, model parameter and
 * range (docs/CONFIG.md states it for users):
 *   [+|-] DIGITS [. [DIGITS]] [(e|E) [+|-] DIGITS]   or   [+|-] . DIGITS [exponent]
 * Decimal only: `0x10`, `inf`, `nan` and `1,5` are not numbers; `-0` (a
 * negative zero) is refused as a likely typo; the value must be finite.
 * Parses the longest such prefix of `text` (no leading spaces) into *value,
 * sets *end after it and returns 0; otherwise returns -1 (-2 for a negative
 * zero) and leaves *value. */
int fcsim_parse_number(const char *text, double *value, const char **end);

/* Parses `text` as a number with an optional unit suffix. `allowed` is a mask
 * of enum fcsim_unit_kind accepted besides a plain number. On success stores
 * the value in SI base units in *value and the unit kind found in *kind
 * (FCSIM_UNIT_NONE for a plain number) and returns 0. Otherwise returns
 * FCSIM_EINVAL with a message listing what was expected. */
int fcsim_parse_quantity(const char *text, unsigned allowed, double *value, enum fcsim_unit_kind *kind,
                         struct fcsim_error *err);

/* Human-readable list of the suffixes for a mask, for help and errors. */
const char *fcsim_unit_examples(unsigned allowed);

/* Formats `value` (SI base units of `kind`) with an engineering prefix, e.g.
 * 2.5e12 FLOPS -> "2.500 TFlop/s". Returns buf. */
char *fcsim_format_quantity(double value, enum fcsim_unit_kind kind, char *buf, unsigned size);

#endif
