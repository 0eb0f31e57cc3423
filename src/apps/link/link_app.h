/* SPDX-License-Identifier: BSD-3-Clause */
/* The parameter table of the single-link simulation (`fcsim app link`):
 * a `struct fcsim_model_ops` whose compute function resolves the
 * parameters, runs the link (link_sim.h) and returns the measured figures
 * beside the `linkbw` and `fc` models' for the same line code and framing.
 * It reuses the models' parsing, units, presets and help, but it is not an
 * analytic model and is not in the model registry. */
#ifndef FCSIM_APP_LINK_APP_H
#define FCSIM_APP_LINK_APP_H

#include "fcsim/model.h"
#include "apps/link/link_sim.h"

extern const struct fcsim_model_ops fcsim_link_app;

/* Resolves parameter values (the table's order; auto entries NAN, filled
 * in) into a run description. */
int fcsim_link_app_resolve(double *params, struct fcsim_link_run *run, struct fcsim_error *err);

#endif
