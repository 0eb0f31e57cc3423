/* SPDX-License-Identifier: BSD-3-Clause */
/* The public simulation API (include/fcsim/sim.h): creating, running and
 * destroying a simulation, its statistics, and describing a topology. The
 * table, JSON and CSV writers are in engine/report.c. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/memory.h"
#include "engine/sim_priv.h"
#include "router/router.h"
#include "engine/describe.h"
#include "link/proto/proto_links.h"
#include "topo/topo.h"

const char *fcsim_version(void)
{
  return FCSIM_VERSION;
}

int fcsim_sim_create(const struct fcsim_config *cfg, struct fcsim_sim **out, struct fcsim_error *err)
{
  struct fcsim_params p;
  int rc = fcsim_config_resolve(cfg, &p, err);
  if (rc)
    return rc;
  struct fcsim_memory least; /* refused from the parameters alone, before the graph exists */
  if ((rc = fcsim_memory_precheck(&p, &least, err)))
    return rc;
  struct fcsim_sim *sim = calloc(1, sizeof *sim);
  if (!sim)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sim->cfg = fcsim_config_clone(cfg);
  if (!sim->cfg) {
    free(sim);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  if ((rc = fcsim_net_create(&sim->net, &p, cfg, err))) {
    fcsim_config_destroy(sim->cfg);
    free(sim);
    return rc;
  }
  *out = sim;
  return 0;
}

void fcsim_sim_destroy(struct fcsim_sim *sim)
{
  if (!sim)
    return;
  fcsim_net_destroy(sim->net);
  fcsim_config_destroy(sim->cfg);
  free(sim->deadlock_report);
  free(sim);
}

static double clock_seconds(clockid_t clock)
{
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int fcsim_sim_run(struct fcsim_sim *sim, fcsim_progress_f progress, void *user, struct fcsim_error *err)
{
  double t0 = clock_seconds(CLOCK_MONOTONIC), c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
  int rc = fcsim_net_run(sim->net, progress, user, &sim->deadlock_report, err);
  double t1 = clock_seconds(CLOCK_MONOTONIC), c1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
  fcsim_net_stats(sim->net, &sim->stats);
  sim->stats.wall_seconds = t1 - t0;
  sim->stats.cpu_seconds = c1 - c0;
  sim->stats.deadlock = rc == FCSIM_EDEADLOCK;
  sim->stats.deadlock_report = sim->deadlock_report;
  sim->ran = 1;
  return rc;
}

const struct fcsim_stats *fcsim_sim_stats(const struct fcsim_sim *sim)
{
  return &sim->stats;
}

/* --- topology description --- */

int fcsim_topo_describe(const struct fcsim_config *cfg, struct fcsim_topo_info *info, struct fcsim_error *err)
{
  struct fcsim_params p;
  struct fcsim_topo t;
  int rc = fcsim_config_resolve(cfg, &p, err);
  if (rc)
    return rc;
  if ((rc = fcsim_proto_links_topo_init(&t, &p, err)))
    return rc;
  struct fcsim_topo_desc d;
  struct fcsim_params kinds[FCSIM_GRAPH_MAX_KINDS];
  if ((rc = fcsim_config_resolve_kinds(cfg, &p, &t.graph, kinds, err)) ||
      (rc = fcsim_topo_desc_build(&t, &p, kinds, &d, err))) {
    fcsim_topo_destroy(&t);
    return rc;
  }
  memset(info, 0, sizeof *info);
  info->nodes = t.nodes;
  info->channels = d.channels;
  info->links = d.links;
  info->diameter_hops = d.diameter_hops;
  info->bisection_links = d.bisection_links;
  info->bisection_flits_per_cycle = d.bisection_flits_per_cycle;
  info->ports_per_router = t.nports + fcsim_router_model_find(p.router_model)->local_ports;
  info->link_latency_cycles = p.link_latency_cycles;
  info->link_latency_ns = p.link_latency_ns;
  info->router_delay_cycles = p.rc_cycles + p.va_cycles + p.switch_cycles;
  info->diameter_ns = d.diameter_ns;
  fcsim_topo_desc_free(&d);
  fcsim_topo_destroy(&t);
  return 0;
}
