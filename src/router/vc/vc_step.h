/* SPDX-License-Identifier: BSD-3-Clause */
/* The inline parts of the VC models' set-up and step that call into the
 * base's out-of-line functions (vc_base.c, vc_escape.c): kept apart from
 * vc.h, which those files include, so that the base does not depend on
 * what calls it. Included by the models (novog.c, classic.c). */
#ifndef FCSIM_ROUTER_VC_STEP_H
#define FCSIM_ROUTER_VC_STEP_H

#include "router/vc/vc.h"

/* The index + 1 of the first of `n` shapes that matches the set-up, 0 none. */
static inline int vc_shape_pick(const struct vc_shared *sh, const struct vc_shape *list, int n)
{
  if (!fcsim__vc_shapes)
    return 0;
  for (int i = 0; i < n; i++)
    if (list[i].nvc == sh->nvc && list[i].np == sh->np)
      return i + 1;
  return 0;
}

/* Asks for the link-ring slots the head that won output p's VC writes when
 * it leaves (a flit's, or a train entry's two), for writing: at a large
 * network they were last touched a ring's length ago. The ring's record
 * was asked for at routing. Hints only. */
static inline void vc_prefetch_send(const struct fcsim_ctx *ctx, const struct vc_shared *sh, const struct vc_node *n,
                                    int p)
{
  if (p >= sh->np)
    return;
  const struct fcsim_links *l = ctx->links;
  const struct fcsim_ring *r = &l->chan[n->slot0 + (uint32_t)p];
  __builtin_prefetch(&l->chan_pool[r->base + (r->tail & r->mask)], 1);
  __builtin_prefetch(&l->chan_pool[r->base + ((r->tail + 1) & r->mask)].arrival_stamp, 1);
}

/* RC for the heads whose routing cycles are over, and VA (greedy) for those
 * in VA: `words` mask words of wait_mask (a constant in a shaped step). */
static inline __attribute__((always_inline)) void
vc_route_and_allocate(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, const int words)
{
  if (n->h->heads_waiting == 0)
    return;
  const uint64_t now = ctx->now;
  const int matched = sh->va_allocator != FCSIM_ALLOC_GREEDY; /* VA by fcsim__vc_allocate_matched, all heads at once */
  for (int w = 0; w < words; w++) {
    for (uint64_t m = n->wait_mask[w]; m; m &= m - 1) {
      int vi = w * 64 + __builtin_ctzll(m);
      struct fcsim_vc *vc = &n->vcs[vi];
      if (vc->stage == FCSIM_VC_RC && vc->ready_cycle <= now) {
        if (vc_front(sh, n, vi)->dest == n->node) {
          vc->dist = 0;
          if (sh->local_port) { /* the ejection port is an output like the others: VA, SA, ST */
            vc->out_port = (int8_t)sh->np;
            vc->class1 = 0;
            vc->stage = FCSIM_VC_VA;
            if (sh->speculative)
              vc->ready_cycle += (uint64_t)sh->p->va_cycles;
          } else {
            n->h->heads_waiting--;
            vc->stage = FCSIM_VC_EJECT;
            vc_mask_clear(n->wait_mask, vi);
            vc_mask_set(n->ej_mask, vi);
            continue;
          }
        } else {
          fcsim__vc_route_head(sh, n, vc, sh->vc_port[vi], vi);
          if (ctx->prefetch)
            vc_prefetch_output(ctx->links, sh, n, vc->out_port);
        }
      }
      if (vc->stage == FCSIM_VC_VA && vc->ready_cycle <= now && !matched) {
        int v2 = sh->escape && vc->out_port != sh->np
                     ? fcsim__vc_alloc_escape_head(sh, n, vi)
                     : vc_alloc(sh, vc_out(n, vc->out_port), vc->class1, vc->out_port == sh->np);
        if (v2 >= 0) {
          vc_won(sh, n, vi, v2, now);
          if (ctx->prefetch)
            vc_prefetch_send(ctx, sh, n, vc->out_port);
        }
      }
    }
  }
}

#endif
