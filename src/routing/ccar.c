/* SPDX-License-Identifier: BSD-3-Clause */
/* CCAR, credit-count adaptive routing (seed 000 §5.1.1, after Kim et al.
 * 2005): among the minimal directions the turn model (routing/turns.h)
 * allows, the one whose downstream buffers have the most free slots, summed
 * over the VCs, as the router knows them from credits. Ties (always the case
 * at zero load) are broken uniformly at random, so an idle network routes
 * like ROMM, or under routing.ccar_ties = first to the lowest dimension. k/2 ties as ROMM's (routing.adaptive_ties). */
#include "routing/routing.h"
#include "routing/turns.h"

static int ccar_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                      uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  int ports[FCSIM_MAX_DIMS], best[FCSIM_MAX_DIMS];
  int n = fcsim_turns_minimal_ports_ties(t, fcsim_turns_seed_rule(t, p), route_state, node, dest, ports), nbest = 0;
  if (n == 1)
    return ports[0];
  int32_t most = INT32_MIN;
  for (int i = 0; i < n; i++) {
    int32_t c = port_credits ? port_credits[ports[i]] : 0;
    if (c > most) {
      most = c;
      nbest = 0;
    }
    if (c == most)
      best[nbest++] = ports[i];
  }
  /* routing.ccar_ties = first: the lowest dimension (ports come in dimension order) */
  return nbest == 1 || p->ccar_first ? best[0] : best[fcsim_rng_below(rng, (uint32_t)nbest)];
}

/* Refuses a configuration whose channel dependencies are cyclic. */
static int ccar_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  return fcsim_routing_check_cdg(&fcsim_routing_ccar, t, p, err);
}

const struct fcsim_routing_ops fcsim_routing_ccar = {
    .name = "ccar",
    .help =
        "credit-count adaptive: the legal minimal direction with the most downstream credits (Novo-G# thesis §5.1.1)",
    .version = 1,
    .check = ccar_check,
    .packet_init = fcsim_turns_tie_init,
    .route = ccar_route,
    .needs_credits = 1,
    .outputs = fcsim_turns_outputs_minimal,
    .turn_rule = 1,
};
