/* SPDX-License-Identifier: BSD-3-Clause */
/* Switch arbitration policies (seed 000 §5.1.2). When head flits compete for
 * an output, each gets a priority from the policy and the highest wins; equal
 * priorities are broken round-robin from the output's pointer, so `rr` is the
 * policy that gives every packet the same priority. */
#ifndef FCSIM_ARBITER_ARBITER_H
#define FCSIM_ARBITER_ARBITER_H

#include <stddef.h>
#include <stdint.h>

#include "core/params.h"
#include "fcsim/error.h"

struct fcsim_arbiter_ops {
  const char *name; /* router.arbitration */
  const char *help;
  int version;  /* 1 */
  int constant; /* every packet has the same priority (skip computing it) */
  /* (required) priority of a packet: larger wins */
  uint64_t (*priority)(uint64_t age_cycles, int distance_hops, int64_t age_threshold_cycles);
};

const struct fcsim_arbiter_ops *fcsim_arbiter_find(const char *name);
int fcsim_arbiter_valid(const char *name);
/* "rr, ff, ..." into the caller's buffer; returns the full length. */
size_t fcsim_arbiter_list_names(char *buf, size_t size);
/* The same list for the key registry's choice_list (a bounded static copy). */
const char *fcsim_arbiter_names(void);
/* Start-up check: names unique, `priority` and `help` set in every entry. */
int fcsim_arbiter_check_registry(struct fcsim_error *err);

/* The arbiters' parameter block (core/params.h), written by the key table
 * of arbiter/keys.c; the routers that arbitrate by priority copy it at
 * set-up and pass it to `priority`. */
struct fcsim_arbiter_params {
  int age_threshold_cycles; /* router.age_threshold: `mixed` arbitration */
};
extern struct fcsim_param_block fcsim_arbiter_block;
static inline const struct fcsim_arbiter_params *fcsim_arbiter_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_arbiter_block);
}

extern const struct fcsim_arbiter_ops fcsim_arbiter_rr, fcsim_arbiter_ff, fcsim_arbiter_of, fcsim_arbiter_mixed;

#endif
