/* SPDX-License-Identifier: BSD-3-Clause */
/* Mixed: farthest-first, except that packets older than
 * router.age_threshold beat all younger ones, the oldest first. */
#include "arbiter/arbiter.h"

static uint64_t mixed_priority(uint64_t age_cycles, int distance_hops, int64_t age_threshold_cycles)
{
  if ((int64_t)age_cycles > age_threshold_cycles)
    return (1ULL << 48) + age_cycles;
  return (uint64_t)distance_hops;
}

const struct fcsim_arbiter_ops fcsim_arbiter_mixed = {
    .name = "mixed",
    .help = "farthest-first with an age threshold",
    .version = 1,
    .priority = mixed_priority,
};
