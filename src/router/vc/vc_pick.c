/* SPDX-License-Identifier: BSD-3-Clause */
/* The winner among candidate VCs (vc_pick.h): the highest arbitration
 * priority (fcsim__vc_priority, vc_base.c), ties to the first at or after
 * the round-robin pointer. */
#include "router/vc/vc_pick.h"

int fcsim__vc_pick_among(const struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n,
                         const uint16_t *cand, int ncand, uint16_t rr)
{
  int best = -1;
  uint64_t best_pri = 0;
  unsigned best_dist = 0;
  unsigned span = (unsigned)(sh->np_in * sh->nvc);
  const int constant = sh->arbiter->constant;
  for (int i = 0; i < ncand; i++) {
    uint64_t pri = constant ? 0 : fcsim__vc_priority(ctx, sh, n, cand[i]);
    unsigned c = cand[i], dist = c >= rr ? c - rr : c + span - rr;
    if (best < 0 || pri > best_pri || (pri == best_pri && dist < best_dist)) {
      best = cand[i];
      best_pri = pri;
      best_dist = dist;
    }
  }
  return best;
}
