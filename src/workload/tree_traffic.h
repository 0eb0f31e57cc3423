/* SPDX-License-Identifier: BSD-3-Clause */
/* What other workloads may ask of the collective workloads (tree_traffic.c):
 * the collective-unicast mixes (tree_mixed.c) run a collective batch
 * or continuous collective through their ops and need these. */
#ifndef FCSIM_WORKLOAD_TREE_TRAFFIC_H
#define FCSIM_WORKLOAD_TREE_TRAFFIC_H

#include <stdint.h>

#include "workload/workload.h"

/* The collective workloads' parameter block (core/params.h; keys.c writes
 * it): the multicast header and the collective-unicast background. */
struct fcsim_collective_params {
  double background_rate_flits; /* traffic.background_rate: background unicast flits per node per cycle */
  int64_t background_cycles;    /* traffic.background_cycles: background created before this cycle; -1 auto */
  int header;                   /* traffic.collective_header: 0 auto, 1 table index, 2 destination bit-vector */
};
extern struct fcsim_param_block fcsim_collective_block;

/* The collective's packets stop counting in the latency statistics (they
 * are neither measured nor expected by the drain check); call after setup. */
void fcsim_tree_traffic_uncounted(void *shared);

/* Cycles the batch's busiest source takes to create all its packets
 * (packets x the gap between them). */
uint64_t fcsim_tree_traffic_send_cycles(const void *shared);

/* Multicast collective c (0 .. collectives - 1): its root, the copies one
 * of its packets delivers, and in *received the copies delivered so far
 * over all nodes. */
int64_t fcsim_tree_traffic_copies(const void *shared, int64_t c, int64_t *root, uint64_t *received);

#endif
