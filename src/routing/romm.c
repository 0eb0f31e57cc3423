/* SPDX-License-Identifier: BSD-3-Clause */
/* ROMM as seed 000 §5.1.1 adapts it to a torus: no fixed number of phases;
 * at every router the packet takes, uniformly at random, one of the minimal
 * directions the turn model (routing/turns.h) allows, which amounts to a
 * fresh random intermediate node in the minimal sub-cube at every hop. A
 * destination k/2 away on an even ring goes plus, or under
 * routing.adaptive_ties = random the way drawn at the source (route byte). */
#include "routing/routing.h"
#include "routing/turns.h"

static int romm_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                      uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  int ports[FCSIM_MAX_DIMS];
  int n = fcsim_turns_minimal_ports_ties(t, fcsim_turns_seed_rule(t, p), route_state, node, dest, ports);
  return n == 1 ? ports[0] : ports[fcsim_rng_below(rng, (uint32_t)n)];
}

/* Refuses a configuration whose channel dependencies are cyclic. */
static int romm_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  return fcsim_routing_check_cdg(&fcsim_routing_romm, t, p, err);
}

const struct fcsim_routing_ops fcsim_routing_romm = {
    .name = "romm",
    .help =
        "randomized minimal: a uniform choice among the legal minimal directions at every hop (Novo-G# thesis §5.1.1)",
    .version = 1,
    .check = romm_check,
    .packet_init = fcsim_turns_tie_init,
    .route = romm_route,
    .outputs = fcsim_turns_outputs_minimal,
    .turn_rule = 1,
};
