/* SPDX-License-Identifier: BSD-3-Clause */
/* Farthest-first: the packet with most hops left to its destination wins. */
#include "arbiter/arbiter.h"

static uint64_t ff_priority(uint64_t age_cycles, int distance_hops, int64_t age_threshold_cycles)
{
  return (uint64_t)distance_hops;
}

const struct fcsim_arbiter_ops fcsim_arbiter_ff = {
    .name = "ff",
    .help = "farthest-first",
    .version = 1,
    .priority = ff_priority,
};
