/* SPDX-License-Identifier: BSD-3-Clause */
/* The parameter blocks of the switched family (core/params.h): the settings
 * that one model of router/switched/ alone reads, in structs of their own,
 * placed in struct fcsim_params's blocks area by the key registry. The key
 * rows that write them are in keys.c; each model reads its block through
 * fcsim_params_block() when it sets up. */
#ifndef FCSIM_ROUTER_SWITCHED_PARAMS_H
#define FCSIM_ROUTER_SWITCHED_PARAMS_H

#include "core/params.h"

/* [vcsn]: the vcsn endpoint model (vcsn.c, seed 002 §3.4). */
struct fcsim_vcsn_params {
  int vports;                 /* vcsn.vports: virtual ports per physical port */
  char table[FCSIM_PATH_MAX]; /* vcsn.table: MAC-table file ("" none) */
  int reconfig_cycles;        /* vcsn.reconfig: cost t of a MAC-table write, from its write to its effect */
  int crossbar_cycles;        /* vcsn.crossbar: cost c of a crossbar set-up when a virtual port starts a new message */
  double threshold;           /* vcsn.threshold: receive-bandwidth threshold per virtual port, flits/cycle (0 off) */
  int window_cycles;          /* vcsn.window: window over which received bandwidth is measured */
};
extern struct fcsim_param_block fcsim_vcsn_block;

/* The bee3 router's block (bee3.c). */
struct fcsim_bee3_router_params {
  int packet_overhead_cycles; /* router.packet_overhead_cycles: an output is held per packet before its head leaves */
};
extern struct fcsim_param_block fcsim_bee3_router_block;

/* The ethswitch model's block (ethswitch.c); vcsn.c reads its framing, the
 * report header (engine/report_header.c) the switch's settings. The
 * switch.* keys of the switched topologies (radix, nic_latency, endpoint)
 * are in topo/switched's block (topo/switched.h). */
struct fcsim_ethswitch_params {
  int port_by_message;         /* switch.port_select = message: an endpoint sends each message on port (index mod ports) */
  int latency_cycles;          /* switch.latency: store-and-forward latency t_S of a switch node */
  int buffer_flits;            /* switch.buffer: output buffer per port */
  int drop;                    /* switch.overflow = drop (1), pause (0) */
  char framing[FCSIM_NAME_MAX]; /* switch.framing: framing whose overhead each frame pays (chan/framing.c) */
};
extern struct fcsim_param_block fcsim_ethswitch_block;
static inline const struct fcsim_ethswitch_params *fcsim_ethswitch_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_ethswitch_block);
}

#endif
