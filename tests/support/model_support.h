/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the model tests: evaluate a model with a preset and
 * settings and read one result (or resolved parameter); check a value against a figure printed in a
 * seed to the digits it prints. */
#ifndef FCSIM_TESTS_MODEL_SUPPORT_H
#define FCSIM_TESTS_MODEL_SUPPORT_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "model/model.h"

#define SETS(...) ((const char *const[]){__VA_ARGS__, NULL})

static inline double ts_model_result(const char *model, const char *preset, const char *const *sets, const char *name)
{
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if (fcsim_model_run(model, preset, sets, v, r, &err) != 0)
    fail_msg("%s: %s", model, err.msg);
  const struct fcsim_model_ops *m = fcsim_model_find(model);
  int i = fcsim_model_result_index(m, name);
  if (i >= 0)
    return r[i];
  i = fcsim_model_param_index(m, name); /* a resolved input, e.g. a derived default */
  if (i < 0)
    fail_msg("%s: no result or parameter %s", model, name);
  return v[i];
}

static inline void check_printed(const char *what, double value, double expected, int decimals)
{
  double half = 0.5 * pow(10.0, -decimals);
  if (!(fabs(value - expected) <= half + 1e-12))
    fail_msg("%s: computed %.*f, seed prints %.*f", what, decimals + 3, value, decimals, expected);
}

#endif
