/* SPDX-License-Identifier: BSD-3-Clause */
/* Gather schedules of seed 002 (§5.1-5.3) as trace messages (docs/SWITCHED.md):
 * DMA transfers of whole blocks, crossbar set-ups (c), MAC-table
 * reconfigurations (t) and MPI barriers (Eq. 6 with the §6.3 corrections),
 * handed in memory to the `trace` workload that runs them on the simulated
 * network (or written as a trace CSV, docs/WORKLOADS.md). Node 0 is the
 * root; nodes 1..n-1 each hold one block of `bytes`.
 *
 *  ring     DCN (§5.1.1, Fig. 11): the sources split into two halves that
 *           shift toward the root on a ring, pipelined, ceil((n-1)/2) stages;
 *  tree     VCSN (§5.1.2, Fig. 12): four chains hang off the root; two
 *           "priority" chains stream to the root one block per stage (one
 *           per physical port), the other two gather at their heads, which
 *           send their accumulated blocks to the root last:
 *           ceil((n-1)/4)+1 stages;
 *  reconfig the tree schedule that also rewrites the MAC tables (t) before
 *           every stage (the vlink schedule of Eq. 5's spirit: the virtual
 *           topology is set per stage instead of once).
 *
 * A barrier is modelled as messages: after its stage, every source sends a
 * 64-byte notice to the root once every block it was to receive arrived;
 * the root, once every notice and block of the stage arrived, sends each
 * source a 64-byte release delayed by the barrier time plus the next
 * crossbar set-up c. The next stage's transfers wait for their release.
 *
 * A scatter (spec.scatter) is the gather played backwards: the root holds
 * every source's block, the stages run in reverse order and each transfer
 * goes the other way, so it has the same stages and, by symmetry, the
 * gather model's time; the root's own transfers of a later stage wait for
 * every notice of the stage before and the barrier, and leave 10 ns after
 * the releases (which would otherwise queue behind the root's data).
 *
 * An allgather (spec.allgather; seed 002 §6.6's future work) leaves every
 * node with every node's block, the root's included, on the same barriers:
 *  ring     the bidirectional ring: in step s node i forwards to i+1 the
 *           block it received from i-1 (its own in step 1) and to i-1 the
 *           one from i+1, ceil((n-1)/2) steps;
 *  ring1    one direction only, n-1 steps;
 *  tree     gather then broadcast: the gather's tree, then the gathered
 *           blocks sent down the tree's four chains (the root to the chain
 *           heads, each node on to its child one stage later), every node
 *           receiving once everything it does not hold.
 * Its model (gather_sched.c, docs/SWITCHED.md) is derived here: per
 * stage the hop latency f x l plus the busiest node's bytes over b (one DMA
 * read stream per FPGA for what it sends, one write engine per port for
 * what it receives), the stage barriers and c between stages, and the
 * final barrier. */
#ifndef FCSIM_WORKLOAD_GATHER_SCHED_H
#define FCSIM_WORKLOAD_GATHER_SCHED_H

#include <stdint.h>
#include <stdio.h>

#include "fcsim/error.h"

#define FCSIM_GATHER_MAX_NODES 64 /* blocks are tracked in a 64-bit mask */

enum fcsim_gather_schedule { FCSIM_GATHER_RING, FCSIM_GATHER_TREE, FCSIM_GATHER_RECONFIG, FCSIM_GATHER_RING1 };

/* What to gather and the constants of seed 002 Table 5 (seconds, bytes/s). */
struct fcsim_gather_spec {
  enum fcsim_gather_schedule schedule;
  int nodes;            /* n, including the root */
  uint64_t bytes;       /* d, per source */
  double t_s;           /* MAC-table reconfiguration (0 for DCN) */
  double c_s;           /* crossbar set-up */
  double l_s;           /* latency through one switch level (the model's l) */
  double b_bytes_s;     /* theoretical bandwidth (the model's b) */
  int levels;           /* fat-tree levels f for the model (1: one switch or a direct ring) */
  int nodes_per_server; /* FPGAs per CPU server (N = ceil(n / this)) */
  int scatter;          /* 1: the root sends each source its block (the gather reversed) */
  int allgather;        /* 1: every node ends with every node's block (ring, ring1 or tree) */
};

/* One data transfer of the schedule. */
struct fcsim_gather_xfer {
  int stage;       /* 1-based */
  int src, dst;    /* nodes */
  uint64_t blocks; /* bit k: node k's block travels in it */
  int plane;       /* port of the root (or of the chain) it belongs to: 0 or 1 */
  int64_t id;      /* its message id in the trace */
};

/* A built schedule. */
struct fcsim_gather_plan {
  int stages; /* data transfer stages */
  int nxfers;
  struct fcsim_gather_xfer *xfer; /* [nxfers] (from malloc) */
  double start_s;                 /* when stage 1 starts (reconfiguration, barriers, c) */
  double final_barrier_s;         /* the barrier after the last stage (added to the makespan) */
  double stage_barrier_s;         /* barrier after one transfer stage */
  double reconfig_barrier_s;      /* barrier after a reconfiguration t (0 when t = 0) */
  double model_time_s;            /* the `gather` model's time_s for the same spec */
  int model_stages;               /* the model's stage count */
  double gather_phase_model_s;    /* allgather tree: the gather model's time for its gather phase (else 0) */
};

/* Builds the plan for `spec` (n in 2..FCSIM_GATHER_MAX_NODES; ring1 only
 * for an allgather, reconfig not for one). Returns 0, or
 * FCSIM_EINVAL / FCSIM_ENOMEM with a message. */
int fcsim_gather_plan(const struct fcsim_gather_spec *spec, struct fcsim_gather_plan *plan, struct fcsim_error *err);
void fcsim_gather_plan_free(struct fcsim_gather_plan *plan);

/* Writes the plan as a trace CSV (transfers, notices, releases) to `out`;
 * the message ids of the transfers are the plan's. With `plane_ids`, a
 * transfer of plane 0 sits at an even message index (file position) and
 * one of plane 1 at an odd one (switch.port_select = message sends message
 * k on port k mod 2), so the two priority chains use different planes.
 * Returns 0 or an error. */
int fcsim_gather_write_trace(const struct fcsim_gather_spec *spec, struct fcsim_gather_plan *plan, int plane_ids,
                             FILE *out, struct fcsim_error *err);

/* The same messages handed in memory (fcsim/messages.h), appended to l,
 * their times in cycles of a clock_hz network clock as the CSV reader
 * would make them. Returns 0 or an error. */
struct fcsim_message_list;
int fcsim_gather_messages(const struct fcsim_gather_spec *spec, struct fcsim_gather_plan *plan, int plane_ids,
                          double clock_hz, struct fcsim_message_list *l, struct fcsim_error *err);

/* Checks that the transfers deliver every source's block to the root
 * exactly once (a scatter: every block from the root to its node exactly
 * once, and the node keeps it; an allgather: every node receives every
 * other node's block exactly once and ends holding all n), and that every transfer only carries blocks
 * its source holds when it starts. Returns 0 or FCSIM_EINTERNAL naming the
 * fault. */
int fcsim_gather_check(const struct fcsim_gather_spec *spec, const struct fcsim_gather_plan *plan,
                       struct fcsim_error *err);

#endif
