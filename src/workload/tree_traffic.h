/* SPDX-License-Identifier: BSD-3-Clause */
/* What other workloads may ask of the collective workloads (tree_traffic.c):
 * the collective-unicast mixes (tree_mixed.c) run a collective batch
 * or continuous collective through their ops and need these. */
#ifndef FCSIM_WORKLOAD_TREE_TRAFFIC_H
#define FCSIM_WORKLOAD_TREE_TRAFFIC_H

#include <stdint.h>

#include "workload/workload.h"

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
