/* SPDX-License-Identifier: BSD-3-Clause */
/* Switched topologies: star, dual-plane, leaf-spine and fat tree of
 * `ethswitch` nodes (topo/switched.c, docs/SWITCHED.md). */
#ifndef FCSIM_TOPO_SWITCHED_H
#define FCSIM_TOPO_SWITCHED_H

#include "topo/topo.h"

/* The switched topologies' parameter block (core/params.h): topo/keys.c
 * writes it, and router/switched/keys.c its switch.nic_latency and
 * switch.endpoint rows. */
struct fcsim_switched_topo_params {
  int nodes;              /* switch.nodes: endpoints */
  int planes;             /* switch.planes: copies of the switch network; an endpoint has a port on each */
  int radix;              /* switch.radix: ports per switch */
  int nic_latency_cycles; /* switch.nic_latency: switch.latency of the endpoints' Ethernet subsystems */
  int endpoint_vcsn;      /* switch.endpoint: endpoints are `vcsn` (1) or `ethswitch` (0) */
};
extern struct fcsim_param_block fcsim_switched_topo_block;
static inline const struct fcsim_switched_topo_params *fcsim_switched_topo_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_switched_topo_block);
}

/* Builds the graph of p->topology (FCSIM_TOPO_STAR .. FCSIM_TOPO_FATTREE)
 * from switch.nodes and switch.radix into `t` (kind FCSIM_TOPO_FILE, with
 * names, kinds and hop distances, as a netlist would give). Refuses, with
 * FCSIM_ECOMBINATION and one message, more endpoints than the switches'
 * ports can take (star and dual-plane: more than switch.radix; leaf-spine:
 * more than k*k/2). Returns 0 or an error. */
int fcsim_switched_build(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);

#endif
