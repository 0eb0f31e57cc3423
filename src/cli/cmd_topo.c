/* fcsim topo [CONFIG] [--set k=v ...]: describe the network a config builds. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/common.h"

static const char topo_usage[] = "usage: fcsim topo [CONFIG.ini] [--set section.key=value ...]\n"
                                 "  Prints nodes, links, diameter (hops and ns) and bisection of the network.\n";

int fcsim_cmd_topo(int argc, char **argv)
{
  struct cli_opts o;
  int rc = cli_parse(argc, argv, &o, 0, topo_usage);
  if (rc)
    return rc;
  if (o.help) {
    fputs(topo_usage, stdout);
    return FCSIM_EXIT_OK;
  }
  struct fcsim_config *cfg = cli_load_config(&o);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  struct fcsim_topo_info ti;
  struct fcsim_error err = {0};
  if ((rc = fcsim_topo_describe(cfg, &ti, &err))) {
    fcsim_cli_error("%s", err.msg);
    fcsim_config_destroy(cfg);
    return cli_exit_for(rc);
  }
  printf("network      %s %s\n", fcsim_config_get(cfg, "network.dims"), fcsim_config_get(cfg, "network.topology"));
  printf("nodes        %lld routers, %d ports each\n", (long long)ti.nodes, ti.ports_per_router);
  printf("links        %lld bidirectional (%lld channels), %d cycles = %.1f ns each\n", (long long)ti.links,
         (long long)ti.channels, ti.link_latency_cycles, ti.link_latency_ns);
  printf("diameter     %d hops, %.1f ns head latency at zero load (%d cycles per router)\n", ti.diameter_hops,
         ti.diameter_ns, ti.router_delay_cycles);
  printf("bisection    %lld links, %.0f flits/cycle across it (both directions)\n", (long long)ti.bisection_links,
         ti.bisection_flits_per_cycle);
  if (ti.nodes > 1)
    printf("uniform bound %.4f flits/node/cycle (bisection: half the traffic crosses it)\n",
           2.0 * ti.bisection_flits_per_cycle / (double)ti.nodes);
  fcsim_config_destroy(cfg);
  return FCSIM_EXIT_OK;
}
