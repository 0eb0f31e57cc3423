/* Routing algorithms: an ops struct per algorithm, registered by name.
 * An algorithm may choose per-packet state once at the source (`packet_init`,
 * stored in the head flit's route byte) and is asked for an output port at
 * every router the head flit visits (`route`). Policy branches happen once
 * per packet per hop, never per flit. */
#ifndef FCSIM_ROUTING_ROUTING_H
#define FCSIM_ROUTING_ROUTING_H

#include <stdint.h>

#include "config/config.h"
#include "core/rng.h"
#include "topo/topo.h"

struct fcsim_routing_ops {
  const char *name;     /* config name: routing.algorithm */
  const char *help;     /* one line */
  int version;          /* 1 */
  /* (optional) checks the configuration for this algorithm */
  int (*check)(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);
  /* (optional) per-packet state chosen at the source; 0 if absent */
  uint8_t (*packet_init)(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t src, int64_t dest,
                         struct fcsim_rng *rng);
  /* (required) output port from `node` (!= dest) toward `dest`; `in_port` is
   * the port the packet arrived on, -1 at its source (or the classic model's
   * local port, >= t->nports). `port_credits[p]` is the router's current
   * count of free downstream slots on output p summed over its VCs (as it
   * knows them from credits), given only when `needs_credits` is set, else
   * NULL. `rng` is the router's per-hop stream. */
  int (*route)(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
               uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits);
  int needs_credits; /* route() reads port_credits */
};

const struct fcsim_routing_ops *fcsim_routing_find(const char *name);
const char *fcsim_routing_names(void);
int fcsim_routing_valid(const char *name);

extern const struct fcsim_routing_ops fcsim_routing_dor;

#endif
