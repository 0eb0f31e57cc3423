/* The first lines of a run's table: what ran. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "engine/report.h"
#include "engine/sim_priv.h"

void fcsim_report_table_header(const struct fcsim_sim *sim, FILE *out)
{
  const struct fcsim_params *p = &sim->net->p;
  char dims[64] = "";
  for (int d = 0; d < p->ndims && p->topology <= FCSIM_TOPO_MESH; d++)
    snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "%s%d", d ? "x" : "", p->dims[d]);
  if (p->topology > FCSIM_TOPO_MESH)
    snprintf(dims, sizeof dims, "%lld-node", (long long)p->nodes);
  fprintf(out, "fcsim %s: %s %s, %s router, %d VCs x %d flits, %s routing, %s arbitration\n", FCSIM_VERSION, dims,
          fcsim_topology_name(p->topology), p->router_model, p->vcs, p->vc_depth_flits, p->routing, p->arbitration);
  fprintf(out, "traffic %s at %.4g flits/node/cycle, %d-flit packets, %s; links %d cycles (%.1f ns), %d flit/cycle\n\n",
          p->pattern, p->rate_flits, p->packet_flits, p->mode_name, p->link_latency_cycles, p->link_latency_ns,
          p->link_bandwidth_flits);
}
