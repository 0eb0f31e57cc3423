/* SPDX-License-Identifier: BSD-3-Clause */
/* The parameter table of `fcsim app halo` (the LBM halo exchange on a torus
 * of TNW links, halo_sim.h): a `struct fcsim_model_ops` whose compute
 * function resolves the parameters, runs the exchange and returns the
 * measured figures beside the analytic estimate (face bytes / TNW ceiling +
 * latency). It reuses the models' parsing, units and help, but it is not an
 * analytic model and is not in the model registry. */
#ifndef FCSIM_APP_HALO_APP_H
#define FCSIM_APP_HALO_APP_H

#include "fcsim/model.h"
#include "apps/halo/halo_sim.h"

extern const struct fcsim_model_ops fcsim_halo_app;

/* Resolves parameter values (the table's order; auto entries NAN, filled
 * in) into a run description. */
int fcsim_halo_app_resolve(double *params, struct fcsim_halo_cfg *cfg, struct fcsim_error *err);

#endif
