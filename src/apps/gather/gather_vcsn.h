/* SPDX-License-Identifier: BSD-3-Clause */
/* Gather schedules on VCSN endpoints (router.model = vcsn, docs/SWITCHED.md):
 * the plan of gather_sched.h written as a MAC table (vcsn.table) and a
 * trace, so that the reconfiguration t and the crossbar set-up c are paid
 * by the vcsn model (an entry takes effect vcsn.reconfig after it is
 * written; a virtual port starting a message waits vcsn.crossbar), not by
 * schedule delays.
 *
 * Virtual ports. Per physical port the first D = ceil(4 / ports) virtual
 * ports carry data (the seed's four per FPGA), the others are control
 * ports for the barriers' notices and releases: every source has a control
 * link to the root and the root one to every source, written before the run
 * (they stand for the servers' MPI network, always there). So
 * vcsn.vports = D + ceil((n - 1) / ports).
 *
 * The tree schedule: every data link of the plan (a node -> the node it
 * sends to) is written at cycle 1 and takes effect t later. Each node then
 * sends a 64-byte probe over its new link; a node's notice of the set-up
 * barrier waits for its child's probe, and the root releases stage 1 once
 * every notice and probe arrived, plus the barriers after t and after c
 * (Eq. 6). The stages follow with notices and releases as in
 * gather_sched.h, the release delayed by the stage barrier only (the model
 * pays c when a virtual port starts the next transfer). */
#ifndef FCSIM_WORKLOAD_GATHER_VCSN_H
#define FCSIM_WORKLOAD_GATHER_VCSN_H

#include <stdint.h>
#include <stdio.h>

#include "fcsim/error.h"
#include "apps/gather/gather_sched.h"

/* The virtual-port layout of a gather on VCSN endpoints. */
struct fcsim_gather_vcsn {
  int ports;  /* physical ports per FPGA (2 on the dual plane, else 1) */
  int data;   /* data virtual ports per physical port */
  int vports; /* virtual ports per physical port (vcsn.vports) */
};

/* The layout for n nodes on FPGAs with `ports` ports. */
struct fcsim_gather_vcsn fcsim_gather_vcsn_layout(int nodes, int ports);

/* Writes the MAC table of a tree plan for layout `lay` (vcsn.table is a
 * file), appends its messages to `messages` (times in cycles of a clock_hz
 * network clock, as the CSV reader makes them) and sets the transfers'
 * message ids. Refuses another schedule, or more virtual ports than the
 * vcsn model has (FCSIM_EINVAL). Returns 0 or an error. */
struct fcsim_message_list;
int fcsim_gather_vcsn_write(const struct fcsim_gather_spec *spec, struct fcsim_gather_plan *plan,
                            const struct fcsim_gather_vcsn *lay, FILE *table, double clock_hz,
                            struct fcsim_message_list *messages, struct fcsim_error *err);

#endif
