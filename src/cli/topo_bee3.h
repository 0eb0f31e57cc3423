/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim topo` on the BEE3 topology: Table I's latency breakdown and
 * Fig. 7's resources of seed 003 (topo_bee3.c). */
#ifndef FCSIM_CLI_TOPO_BEE3_H
#define FCSIM_CLI_TOPO_BEE3_H

#include <jansson.h>

#include "config/config.h"

/* Prints the breakdown of the diameter and the resources. */
void fcsim_cli_bee3_print(const struct fcsim_params *p);

/* Sets `diameter_ns` (Table I's) and a `bee3` object in `doc`; 0 or -1. */
int fcsim_cli_bee3_json(const struct fcsim_params *p, json_t *doc);

#endif
