/* SPDX-License-Identifier: BSD-3-Clause */
/* The VC routers' parameter block (core/params.h): the classic router's
 * allocation settings, which router/keys.c checks against the models that do
 * not read them, and the dateline class rule of both VC routers. The family
 * reads it at set-up (vc_base.c) and copies what its per-flit path reads into
 * its shared state (struct vc_shared). */
#ifndef FCSIM_ROUTER_VC_PARAMS_H
#define FCSIM_ROUTER_VC_PARAMS_H

#include "core/params.h"

struct fcsim_vc_params {
  int credit_delay_cycles; /* router.credit_delay: cycles a credit waits in the router before it leaves */
  int input_speedup;       /* router.input_speedup: switch inputs per input port (VC v uses input v mod speedup) */
  int speculative;  /* router.speculative: VC and switch allocation in one cycle (1), or SA va_cycles after VA (0) */
  int va_allocator; /* router.va_allocator: enum fcsim_allocator of VC allocation */
  int sa_allocator; /* router.sa_allocator: enum fcsim_allocator of switch allocation */
  int alloc_iters;  /* router.alloc_iters: iterations of the separable and iSLIP allocators */
  int wait_tail_credit;   /* router.wait_for_tail_credit: a downstream VC is reallocated only once all its credits are
                             back */
  int eject_cycles;       /* router.eject_cycles: latency of the ejection channel (local_cycles when auto) */
  int dateline_wrap;      /* router.dateline_class = wrap: tori, the class is chosen on entering a dimension by whether
                          * the path wraps (BookSim2) */
  int queued_head_cycles; /* router.queued_head: extra cycles before RC of a head queued behind a departing tail */
};
extern struct fcsim_param_block fcsim_vc_block;

static inline const struct fcsim_vc_params *fcsim_vc_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_vc_block);
}
static inline struct fcsim_vc_params *fcsim_vc_params_mut(struct fcsim_params *p)
{
  return fcsim_params_block_mut(p, &fcsim_vc_block);
}

#endif
