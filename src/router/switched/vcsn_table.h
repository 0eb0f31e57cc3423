/* SPDX-License-Identifier: BSD-3-Clause */
/* VCSN's MAC tables (seed 002 §3.4), read from `vcsn.table` for the vcsn
 * endpoint model (router/switched/vcsn.c). Each FPGA has ports x vcsn.vports virtual
 * ports; the MAC table of a virtual port names the virtual port it reaches
 * (destination node and its virtual port), so the tables set the virtual
 * topology. An entry is written at a time `at`; one written before the run
 * (at = 0) holds from the start, one written later takes effect
 * vcsn.reconfig (t = 124 us in Table 5) after it was written. The file is a
 * CSV with a header row:
 *
 *   node,vport,dest,dest_vport[,at][,priority][,after]
 *
 * node and dest are endpoint numbers or netlist names, at is cycles or a time
 * (`50us`), priority is the virtual port's MUX priority while the entry holds
 * (larger first; equal priorities share the port round-robin). `after`, a
 * trace message id, makes the entry a triggered write: it is written when
 * that message arrives at the entry's node (the run decides when: the end of
 * a barrier), takes effect t later, and the virtual port carries no new frame
 * in between (the software rewrites an idle port; vcsn.c fires it). */
#ifndef FCSIM_ROUTER_VCSN_TABLE_H
#define FCSIM_ROUTER_VCSN_TABLE_H

#include <stdint.h>

#include "fcsim/error.h"
#include "graph/graph.h"

/* One MAC-table entry of one virtual port. */
struct vcsn_entry {
  uint64_t write_cycle;  /* when it was written (0: before the run) */
  uint64_t effect_cycle; /* when encoders start using it (write + t; 0 for the initial table) */
  uint32_t dest;         /* destination node */
  uint16_t dest_vport;   /* the destination's virtual port (its DMUX output) */
  int16_t priority;      /* MUX priority of this virtual port while the entry holds */
  int line;              /* line of the file, for messages */
  int64_t after;         /* trace message whose arrival writes it (-1: written at write_cycle) */
};

/* Every node's virtual ports and their entries. */
struct vcsn_table {
  const char *path;       /* the file (for messages; not owned) */
  int64_t nodes;          /* nodes of the graph */
  int vports;             /* virtual ports per physical port */
  uint32_t *vp_base;      /* [nodes + 1] global index of each node's virtual port 0 */
  uint32_t *ent_base;     /* [vp_base[nodes] + 1] entries of virtual port k: ent[ent_base[k] .. ent_base[k+1]) */
  struct vcsn_entry *ent; /* by virtual port, then by write time (from malloc) */
  uint64_t reconfig;      /* t, cycles from a write to its effect */
  uint32_t ntriggered;    /* entries with `after` */
};

/* Reads `path` for graph g with `vports` virtual ports per physical port and
 * reconfiguration cost `reconfig_cycles`, times converted at `clock_hz`.
 * Refuses, naming FILE:LINE: a missing or unknown column, a bad number, a
 * node that is not an endpoint, a virtual port the node does not have, an
 * entry to its own node, two entries of one virtual port written at the same
 * time, and two virtual ports reaching one virtual port at the same time
 * (one sender per virtual port, §3.4). Returns 0 or an error. */
int fcsim__vcsn_table_read(const char *path, const struct fcsim_graph *g, int vports, uint64_t reconfig_cycles,
                    double clock_hz, struct vcsn_table *t, struct fcsim_error *err);
void fcsim__vcsn_table_free(struct vcsn_table *t);

/* Writes triggered entry `k` at cycle `now` (it takes effect t later). Only
 * the step of the entry's own node may call it: its node alone reads it in
 * a run (vcsn.c refuses triggered entries with the throttle, whose
 * fcsim__vcsn_sender reads every node's entries). */
void fcsim__vcsn_fire(struct vcsn_table *t, uint32_t k, uint64_t now);

/* The entry encoders use for global virtual port `vp` at cycle `now`
 * (NULL while it has none, or while a triggered write of it is taking
 * effect); its index in t->ent through *index. */
const struct vcsn_entry *fcsim__vcsn_effective(const struct vcsn_table *t, uint32_t vp, uint64_t now, uint32_t *index);

/* The virtual port (0-based, of `node`) a message to `dest` created at
 * `now` is written into: the lowest one whose latest written entry names
 * dest (the software addresses a link as soon as it has written it); else
 * the one that named dest most recently (its frames go wherever its entry
 * now points); else the one with the earliest later-written entry naming
 * dest; -1 when no entry of `node` ever names dest. */
int fcsim__vcsn_bind(const struct vcsn_table *t, uint32_t node, uint32_t dest, uint64_t now);

/* The virtual port that sends to (node, vport) at `now`: returns 0 and
 * fills *src and *src_vport, or -1 when none does. */
int fcsim__vcsn_sender(const struct vcsn_table *t, uint32_t node, int vport, uint64_t now, uint32_t *src, int *src_vport);

#endif
