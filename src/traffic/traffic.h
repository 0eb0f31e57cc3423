/* Traffic: destination patterns (seed 000 Table 5.1 and the classics) and
 * the Bernoulli injection process. A pattern maps (source, packet sequence
 * number, the source's random stream) to a destination; a pattern that maps
 * a node to itself makes that packet silent (it is not created). */
#ifndef FCSIM_TRAFFIC_TRAFFIC_H
#define FCSIM_TRAFFIC_TRAFFIC_H

#include <stdint.h>

#include "config/config.h"
#include "core/rng.h"
#include "topo/topo.h"

struct fcsim_traffic;

struct fcsim_traffic_ops {
  const char *name; /* traffic.pattern */
  const char *help;
  int version;      /* 1 */
  /* (optional) refuses networks the pattern is not defined on */
  int (*check)(const struct fcsim_params *p, struct fcsim_error *err);
  /* (required) destination of packet number `seq` of `src` */
  int64_t (*dest)(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng);
};

/* A pattern bound to a network. */
struct fcsim_traffic {
  const struct fcsim_traffic_ops *ops;
  const struct fcsim_topo *topo;
  const struct fcsim_params *params;
  int64_t *perm; /* randperm: the permutation (from malloc), else NULL */
};

int fcsim_traffic_init(struct fcsim_traffic *tr, const struct fcsim_topo *t, const struct fcsim_params *p,
                       struct fcsim_error *err);
void fcsim_traffic_destroy(struct fcsim_traffic *tr);

const struct fcsim_traffic_ops *fcsim_traffic_pattern_find(const char *name);
const char *fcsim_traffic_pattern_names(void);
int fcsim_traffic_pattern_valid(const char *name);

/* Bernoulli arrivals of `lambda` packets per cycle: returns the gap in
 * cycles (>= 1) from one arrival to the next, drawn from the node's arrival
 * stream. For lambda >= 1 see fcsim_traffic_burst. */
uint64_t fcsim_traffic_gap(double lambda, struct fcsim_rng *rng);
/* lambda >= 1: packets created this cycle, floor(lambda) plus one with
 * probability frac(lambda). */
int fcsim_traffic_burst(double lambda, struct fcsim_rng *rng);

#endif
