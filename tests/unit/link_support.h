/* SPDX-License-Identifier: BSD-3-Clause */
/* Runs the single-link simulation of src/apps/link/link_sim.h from a preset and
 * "key=value" settings of `fcsim app link`, for the link tests. */
#ifndef FCSIM_TEST_LINK_SUPPORT_H
#define FCSIM_TEST_LINK_SUPPORT_H

#include <stdlib.h>

#include "apps/link/link_app.h"

#define LSETS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* The run description and its result; the result is malloc'd (free it). */
static inline struct fcsim_link_result *link_run(const char *preset, const char *const *sets,
                                                 struct fcsim_link_run *run)
{
  double v[FCSIM_MODEL_MAX_PARAMS];
  struct fcsim_error err;
  struct fcsim_link_run local;
  if (!run)
    run = &local;
  fcsim_model_defaults(&fcsim_link_app, v);
  if (preset && fcsim_model_apply_preset(&fcsim_link_app, v, preset, &err))
    fail_msg("%s", err.msg);
  for (int i = 0; sets && sets[i]; i++)
    if (fcsim_model_set_kv(&fcsim_link_app, v, sets[i], &err))
      fail_msg("%s: %s", sets[i], err.msg);
  if (fcsim_link_app_resolve(v, run, &err))
    fail_msg("%s", err.msg);
  struct fcsim_link_result *res = calloc(1, sizeof *res);
  if (!res || fcsim_link_sim(run, res, &err))
    fail_msg("link run failed: %s", err.msg);
  return res;
}

/* The app's results (table order) for a preset and settings. */
static inline double link_result(const char *preset, const char *const *sets, const char *name)
{
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_model_defaults(&fcsim_link_app, v);
  if (preset && fcsim_model_apply_preset(&fcsim_link_app, v, preset, &err))
    fail_msg("%s", err.msg);
  for (int i = 0; sets && sets[i]; i++)
    if (fcsim_model_set_kv(&fcsim_link_app, v, sets[i], &err))
      fail_msg("%s: %s", sets[i], err.msg);
  if (fcsim_model_eval(&fcsim_link_app, v, r, &err))
    fail_msg("%s", err.msg);
  int i = fcsim_model_result_index(&fcsim_link_app, name);
  if (i < 0)
    fail_msg("no result %s", name);
  return r[i];
}

#endif
