/* SPDX-License-Identifier: BSD-3-Clause */
/* The step context's shared actions (ctx.h). */
#include "chan/ctx.h"

void fcsim_ctx_ejected_run(struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_flit *f, uint32_t n,
                           uint64_t at_cycle)
{
  const uint64_t at = fcsim_clock_tick(ctx->clk, at_cycle);
  struct fcsim_stats_acc *a = ctx->acc;
  a->flits_ejected_total += n;
  if (ctx->in_window)
    a->ejected_flits_window += n;
  ctx->flits_in_network -= n;
  ctx->last_progress = ctx->tick;
  if (!(f->flags & FCSIM_FLIT_TAIL))
    return;
  if (at > a->last_eject)
    a->last_eject = at;
  if (f->flags & FCSIM_FLIT_MEASURED)
    fcsim_stats_record_packet(a, fcsim_flit_age(f, at), f->hops);
  if (ctx->deliveries) {
    if (ctx->ndeliveries == ctx->deliveries_cap) {
      ctx->rc = FCSIM_EINTERNAL;
      return;
    }
    struct fcsim_delivery *d = &ctx->deliveries[ctx->ndeliveries++];
    d->node = node;
    d->aux = f->aux;
    d->cycle = at;
  }
}

void fcsim_ctx_ejected(struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_flit *f, uint64_t at_cycle)
{
  fcsim_ctx_ejected_run(ctx, node, f, 1, at_cycle);
}
