/* SPDX-License-Identifier: BSD-3-Clause */
/* Oldest-first: the packet created earliest wins. */
#include "arbiter/arbiter.h"

static uint64_t of_priority(uint64_t age_cycles, int distance_hops, int64_t age_threshold_cycles)
{
  return age_cycles;
}

const struct fcsim_arbiter_ops fcsim_arbiter_of = {
    .name = "of",
    .help = "oldest-first",
    .version = 1,
    .priority = of_priority,
};
