/* SPDX-License-Identifier: BSD-3-Clause */
/* The VOQ collective router's parameter block (core/params.h): voq.* as
 * voq.c reads them when it sets up (keys.c writes them). voq.tree_turns
 * stays in struct fcsim_params: the collective tree builder
 * (src/collective/build.c), below the routers, reads it. */
#ifndef FCSIM_ROUTER_COLLECTIVE_PARAMS_H
#define FCSIM_ROUTER_COLLECTIVE_PARAMS_H

#include "core/params.h"

struct fcsim_voq_params {
  int reduction_direct; /* voq.reduction_stage: reduction unit right after ML (1) or after SA, as the seed (0) */
  int eject_packets;    /* voq.eject_packets: packets ejected to the local unit at once */
  int inject_packet;    /* voq.inject = packet: the local input moves a whole packet into its VOQs a cycle */
  int reduction_per_op; /* voq.reduction_entries = operation: one entry per reduction, one instance at a time */
  int link_credits;     /* voq.link_credits: flits an output may have sent and not had credited back, 0 = one-sided */
};
extern struct fcsim_param_block fcsim_voq_block;

#endif
