/* SPDX-License-Identifier: BSD-3-Clause */
/* Switch arbitration among candidate VCs (vc_pick.c), shared by the VC
 * routers' switch allocators (novog.c, classic.c). */
#ifndef FCSIM_ROUTER_VC_PICK_H
#define FCSIM_ROUTER_VC_PICK_H

#include "router/vc/vc.h"

int fcsim__vc_pick_among(const struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n,
                         const uint16_t *cand, int ncand, uint16_t rr);
/* The winner among candidate VCs: the highest priority, ties to the first at
 * or after `rr` (a lone candidate wins without a call). */
static inline int vc_pick(const struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n,
                          const uint16_t *cand, int ncand, uint16_t rr)
{
  return ncand == 1 ? cand[0] : fcsim__vc_pick_among(ctx, sh, n, cand, ncand, rr);
}

#endif
