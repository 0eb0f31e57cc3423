/* SPDX-License-Identifier: BSD-3-Clause */
/* Round-robin: every packet has the same priority; the output's rotating
 * pointer decides. */
#include "arbiter/arbiter.h"

static uint64_t rr_priority(uint64_t age_cycles, int distance_hops, int64_t age_threshold_cycles)
{
  return 0;
}

const struct fcsim_arbiter_ops fcsim_arbiter_rr = {
    .name = "rr",
    .help = "round-robin",
    .version = 1,
    .constant = 1,
    .priority = rr_priority,
};
