/* SPDX-License-Identifier: BSD-3-Clause */
/* The simulation handle of include/fcsim/sim.h, shared by its lifecycle
 * (engine/sim.c) and its writers (engine/report.c). */
#ifndef FCSIM_ENGINE_SIM_PRIV_H
#define FCSIM_ENGINE_SIM_PRIV_H

#include "config/config.h"
#include "engine/engine.h"
#include "fcsim/fcsim.h"

struct fcsim_sim {
  struct fcsim_config *cfg; /* copy of the caller's configuration */
  struct fcsim_net *net;
  struct fcsim_stats stats;
  char *deadlock_report; /* from malloc, or NULL */
  int ran;
};

#endif
