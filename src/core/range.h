/* SPDX-License-Identifier: BSD-3-Clause */
/* The one parser of `KEY=START:STOP:STEP` (fcsim sweep --vary, fcsim model
 * --vary, fcsim tune --vary): splits the text, reads plain numbers with the
 * project's number grammar (core/units.h) and counts the points
 * START, START+STEP, ... up to STOP (STOP included when it lies on the grid,
 * within a relative 1e-9 of a step). */
#ifndef FCSIM_CORE_RANGE_H
#define FCSIM_CORE_RANGE_H

#include <stddef.h>

#include "fcsim/error.h"

#define FCSIM_RANGE_KEY_MAX  128
#define FCSIM_RANGE_PART_MAX 64

/* The texts of one `KEY=START:STOP:STEP`. */
struct fcsim_range_spec {
  char key[FCSIM_RANGE_KEY_MAX];      /* text before `=` */
  char part[3][FCSIM_RANGE_PART_MAX]; /* START, STOP and STEP as written */
};

/* Returns 1 when the value after `=` in `text` looks like a range (has a `:`). */
int fcsim_range_is_range(const char *text);

/* Splits `text` into key and three non-empty parts. `what` names the option
 * in the message (e.g. "--vary"). Returns 0 or FCSIM_EINVAL. */
int fcsim_range_split(const char *text, const char *what, struct fcsim_range_spec *r, struct fcsim_error *err);

/* Reads the three parts of r as plain numbers into v[0..2]. */
int fcsim_range_numbers(const struct fcsim_range_spec *r, const char *what, const char *text, double v[3],
                        struct fcsim_error *err);

/* Checks STEP > 0 and STOP >= START and counts the points, refusing more
 * than max_points. Returns 0 or FCSIM_EINVAL / FCSIM_ERANGE. */
int fcsim_range_count(const double v[3], size_t max_points, const char *what, const char *text, size_t *npoints,
                      struct fcsim_error *err);

/* The i-th point: START + i * STEP. */
double fcsim_range_value(const double v[3], size_t i);

#endif
