/* What other workloads may ask of the collective workloads (collective.c):
 * the collective-unicast mix (collective_mixed.c) runs a collective batch
 * through fcsim_workload_collective_batch's ops and needs these two. */
#ifndef FCSIM_WORKLOAD_COLLECTIVE_H
#define FCSIM_WORKLOAD_COLLECTIVE_H

#include <stdint.h>

#include "workload/workload.h"

/* The collective's packets stop counting in the latency statistics (they
 * are neither measured nor expected by the drain check); call after setup. */
void fcsim_collective_uncounted(void *shared);

/* Cycles the batch's busiest source takes to create all its packets
 * (packets x the gap between them). */
uint64_t fcsim_collective_send_cycles(const void *shared);

#endif
