/* Switch arbitration policies (seed 000 §5.1.2). When head flits compete for
 * an output, each gets a priority from the policy and the highest wins; equal
 * priorities are broken round-robin from the output's pointer, so `rr` is the
 * policy that gives every packet the same priority. */
#ifndef FCSIM_ARBITER_ARBITER_H
#define FCSIM_ARBITER_ARBITER_H

#include <stdint.h>

struct fcsim_arbiter_ops {
  const char *name; /* router.arbitration */
  const char *help;
  int version;      /* 1 */
  int constant;     /* every packet has the same priority (skip computing it) */
  /* (required) priority of a packet: larger wins */
  uint64_t (*priority)(uint64_t age_cycles, int distance_hops, int64_t age_threshold_cycles);
};

const struct fcsim_arbiter_ops *fcsim_arbiter_find(const char *name);
const char *fcsim_arbiter_names(void);
int fcsim_arbiter_valid(const char *name);

extern const struct fcsim_arbiter_ops fcsim_arbiter_rr, fcsim_arbiter_ff, fcsim_arbiter_of, fcsim_arbiter_mixed;

#endif
