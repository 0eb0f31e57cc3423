/* SPDX-License-Identifier: BSD-3-Clause */
/* The VC routers' parameter block (core/params.h): the classic router's
 * settings that the VC family reads only when it sets up (vc_base.c), and
 * router/keys.c checks against the models that do not read them. The other
 * allocation settings (router.speculative, va/sa_allocator, alloc_iters,
 * wait_for_tail_credit, queued_head, eject_cycles) stay in struct
 * fcsim_params: the VC routers read them on the per-flit path through their
 * parameters pointer. */
#ifndef FCSIM_ROUTER_VC_PARAMS_H
#define FCSIM_ROUTER_VC_PARAMS_H

#include "core/params.h"

struct fcsim_vc_params {
  int credit_delay_cycles; /* router.credit_delay: cycles a credit waits in the router before it leaves */
  int input_speedup;       /* router.input_speedup: switch inputs per input port (VC v uses input v mod speedup) */
};
extern struct fcsim_param_block fcsim_vc_block;

static inline const struct fcsim_vc_params *fcsim_vc_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_vc_block);
}

#endif
