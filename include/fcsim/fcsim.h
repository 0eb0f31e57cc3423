/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim: cycle-accurate simulator of FPGA-cluster interconnection networks.
 * Umbrella header of the public C API. */
#ifndef FCSIM_FCSIM_H
#define FCSIM_FCSIM_H

#include "fcsim/config.h"
#include "fcsim/error.h"
#include "fcsim/messages.h"
#include "fcsim/metrics.h"
#include "fcsim/sim.h"
#include "fcsim/stats.h"

/* Version string, "0.2.0". */
const char *fcsim_version(void);

#endif
