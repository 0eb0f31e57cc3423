/* Dimension-order routing: correct the offset in each dimension in the order
 * given by routing.order, taking the minimal direction (ties go plus). */
#include "routing/routing.h"
#include "routing/turns.h"

static int dor_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                     uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  for (int i = 0; i < t->ndims; i++) {
    int d = p->dim_order[i];
    int off = fcsim_topo_offset(t, d, fcsim_topo_coord(t, node, d), fcsim_topo_coord(t, dest, d));
    if (off > 0)
      return 2 * d;
    if (off < 0)
      return 2 * d + 1;
  }
  return -1; /* node == dest: never asked */
}

/* Local rule for the deadlock checker (routing/cdg.h). */
static uint32_t dor_outputs(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in_port,
                            int cls)
{
  return fcsim_turns_outputs_ordered(t, p, node, in_port, cls, p->dim_order);
}

static int dor_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  return fcsim_routing_check_cdg(&fcsim_routing_dor, t, p, err);
}

const struct fcsim_routing_ops fcsim_routing_dor = {
  .name = "dor",
  .help = "dimension-order routing in routing.order (seed 000 §5.1.1)",
  .version = 1,
  .check = dor_check,
  .route = dor_route,
  .outputs = dor_outputs,
};
