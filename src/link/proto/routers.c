/* SPDX-License-Identifier: BSD-3-Clause */
/* The link protocols' resolve step on the network's routers: what a
 * protocol's adapters need of the routers at both ends (router/ knows no
 * protocol; src/models.c runs this step just before the router's). */
#include <string.h>

#include "core/keys.h"
#include "link/proto/protocols.h"
#include "router/router.h"

/* Link protocols the network's routers cannot carry (a step of its own,
 * run just before the router's, whose checks follow it): routers whose credits
 * are not per flit, more VCs than TNW's eight (`fc` runs one instance per
 * VC, as many as router.vcs allows). */
static int resolve_routers(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  const struct fcsim_router_ops *model = fcsim_router_model_find(p->router_model); /* checked with the key */
  const struct fcsim_link_proto *lp = fcsim_link_proto_of(p->link_protocol);
  if (!lp->adapter_model)
    return 0; /* ideal: the channel as it is */
  const char *proto = lp->name;
  if (strcmp(model->flow_control, "per-flit credits"))
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: link.protocol = %s needs routers with per-flit credits (classic, crossbar); "
                           "router.model = %s uses %s",
                           fcsim_key_origin(r, "link", "protocol"), proto, p->router_model, model->flow_control);
  if (lp->max_vcs && p->vcs > lp->max_vcs && model->max_vcs > 1)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vcs = %d but link.protocol = %s carries at most %d virtual channels (%s); use "
                           "router.vcs <= %d",
                           fcsim_key_origin(r, "router", "vcs"), p->vcs, proto, lp->max_vcs, lp->max_vcs_source,
                           lp->max_vcs);
  return 0;
}
const struct fcsim_resolve_step fcsim_link_router_resolve = {"link/proto", resolve_routers};
