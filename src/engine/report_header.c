/* SPDX-License-Identifier: BSD-3-Clause */
/* The first lines of a run's table: what ran, in the terms of the network
 * and the workload that ran — a torus's geometry and its one link latency; a
 * netlist's kinds and the range of its links; a switched network's switches;
 * the BEE3 cluster's enclosures; a trace's messages. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "engine/report.h"
#include "engine/sim_priv.h"
#include "router/switched/params.h"
#include "topo/bee3.h"
#include "topo/switched.h"

/* The range of the links that carry data: latency, bandwidth, jitter, and
 * how many are on a protocol (counted by their adapter pairs). */
struct link_summary {
  uint32_t lat_min, lat_max;
  unsigned bw_min, bw_max;
  int jitter;
  int64_t links, tnw, fc;
};

static int is_adapter(const struct fcsim_graph *g, int64_t n)
{
  const char *m = g->kinds[g->kind[n]].model;
  return !strcmp(m, "tnw-link") || !strcmp(m, "fc-link");
}

static void summarise_links(const struct fcsim_graph *g, struct link_summary *ls)
{
  memset(ls, 0, sizeof *ls);
  ls->lat_min = UINT32_MAX, ls->bw_min = ~0u;
  for (int64_t c = 0; c < g->nslots; c++) {
    const struct fcsim_chan *ch = &g->chan[c];
    if (ch->dst < 0 || is_adapter(g, ch->src) != is_adapter(g, ch->dst))
      continue; /* unconnected, or a router's short hop to its protocol adapter */
    ls->links++;
    ls->lat_min = ch->latency_cycles < ls->lat_min ? ch->latency_cycles : ls->lat_min;
    ls->lat_max = ch->latency_cycles > ls->lat_max ? ch->latency_cycles : ls->lat_max;
    if (!is_adapter(g, ch->src)) { /* a protocol line's rate is the protocol's, not flits */
      ls->bw_min = ch->bandwidth_flits < ls->bw_min ? ch->bandwidth_flits : ls->bw_min;
      ls->bw_max = ch->bandwidth_flits > ls->bw_max ? ch->bandwidth_flits : ls->bw_max;
    }
    ls->jitter |= ch->latency_sd_cycles > 0;
  }
  for (int64_t n = 0; n < g->nodes; n++) {
    ls->tnw += !strcmp(g->kinds[g->kind[n]].model, "tnw-link");
    ls->fc += !strcmp(g->kinds[g->kind[n]].model, "fc-link");
  }
  ls->links /= 2, ls->tnw /= 2, ls->fc /= 2; /* two directions; two adapters per link */
}

/* "links 4-85 cycles (25.6-544.0 ns), 1-2 flits/cycle, 3 on tnw" */
static void links_text(const struct fcsim_params *p, const struct link_summary *ls, char *buf, size_t size)
{
  const double ns = 1e9 / p->clock_hz;
  size_t n = 0;
  if (!ls->links) {
    snprintf(buf, size, "no links");
    return;
  }
  if (ls->lat_min == ls->lat_max)
    n += (size_t)snprintf(buf + n, size - n, "links %u cycles (%.1f ns)", ls->lat_min, ls->lat_min * ns);
  else
    n += (size_t)snprintf(buf + n, size - n, "links %u-%u cycles (%.1f-%.1f ns)", ls->lat_min, ls->lat_max,
                          ls->lat_min * ns, ls->lat_max * ns);
  if (n < size && ls->bw_min > ls->bw_max)
    n += (size_t)snprintf(buf + n, size - n, ", at the protocol's line rate");
  else if (n < size && ls->bw_min == ls->bw_max)
    n += (size_t)snprintf(buf + n, size - n, ", %u flit/cycle", ls->bw_min);
  else if (n < size)
    n += (size_t)snprintf(buf + n, size - n, ", %u-%u flits/cycle", ls->bw_min, ls->bw_max);
  if (n < size && ls->jitter)
    n += (size_t)snprintf(buf + n, size - n, ", jittered");
  if (n < size && (ls->tnw || ls->fc))
    snprintf(buf + n, size - n, ", %lld of %lld on a protocol (%lld tnw, %lld fc)", (long long)(ls->tnw + ls->fc),
             (long long)ls->links, (long long)ls->tnw, (long long)ls->fc);
}

static const char *base_name(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* A switch's terms: store-and-forward latency, buffers, overflow, framing. */
static void switch_terms(const struct fcsim_params *p, char *buf, size_t size)
{
  const struct fcsim_ethswitch_params *es = fcsim_ethswitch_params(p);
  snprintf(buf, size, "store-and-forward %d cycles per switch, %d-flit output buffers, %s when full, %s framing",
           es->latency_cycles, es->buffer_flits, es->drop ? "drop" : "pause", es->framing);
}

static int is_switch_model(const char *m)
{
  return !strcmp(m, "ethswitch") || !strcmp(m, "vcsn");
}

/* The router or switch line. */
static void network_line(const struct fcsim_sim *sim, FILE *out)
{
  const struct fcsim_params *p = &sim->net->p;
  const struct fcsim_graph *g = &sim->net->topo.graph;
  const char *topo = fcsim_topology_name(p->topology);
  int64_t endpoints = 0;
  for (int64_t n = 0; n < g->nodes; n++)
    endpoints += g->endpoint[n] != 0;
  switch (p->topology) {
  case FCSIM_TOPO_TORUS:
  case FCSIM_TOPO_MESH: {
    char dims[64] = "";
    for (int d = 0; d < p->ndims; d++)
      snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "%s%d", d ? "x" : "", p->dims[d]);
    if (is_switch_model(p->router_model)) { /* a network of Ethernet switches: no VCs */
      char sw[256];
      switch_terms(p, sw, sizeof sw);
      fprintf(out, "fcsim %s: %s %s of %s nodes, %s routing; %s\n", FCSIM_VERSION, dims, topo, p->router_model,
              p->routing, sw);
      return;
    }
    fprintf(out, "fcsim %s: %s %s, %s router, %d VCs x %d flits, %s routing, %s arbitration\n", FCSIM_VERSION, dims,
            topo, p->router_model, p->vcs, p->vc_depth_flits, p->routing, p->arbitration);
    return;
  }
  case FCSIM_TOPO_FILE:
    fprintf(out,
            "fcsim %s: %lld-node netlist %s (%lld endpoints, %d node kind%s; the default %s router, %d VCs x %d "
            "flits), %s routing, %s arbitration\n",
            FCSIM_VERSION, (long long)g->nodes, base_name(p->netlist), (long long)endpoints, g->nkinds,
            g->nkinds == 1 ? "" : "s", p->router_model, p->vcs, p->vc_depth_flits, p->routing, p->arbitration);
    return;
  case FCSIM_TOPO_BEE3:
    fprintf(out,
            "fcsim %s: BEE3 cluster of %d enclosures (%lld FPGAs), inter-enclosure network %s (Bunker & Swanson), %s "
            "routing\n",
            FCSIM_VERSION, fcsim_bee3_topo_params(p)->enclosures, (long long)endpoints, fcsim_bee3_topo_params(p)->layout,
            p->routing);
    return;
  default: { /* switched: star, dual-plane, leafspine, fattree */
    const char *ep = "ethswitch";
    for (int64_t n = 0; n < g->nodes; n++)
      if (g->endpoint[n]) {
        ep = g->kinds[g->kind[n]].model;
        break;
      }
    char sw[256];
    switch_terms(p, sw, sizeof sw);
    fprintf(out, "fcsim %s: %s of %lld %s endpoints and %lld switches (radix %d); %s\n", FCSIM_VERSION, topo,
            (long long)endpoints, ep, (long long)(g->nodes - endpoints),
            fcsim_switched_topo_params(p)->radix, sw);
  }
  }
}

/* The workload line's first part. */
static void traffic_text(const struct fcsim_sim *sim, char *buf, size_t size)
{
  const struct fcsim_params *p = &sim->net->p;
  const struct fcsim_stats *s = &sim->stats;
  if (!strcmp(p->mode_name, "trace")) {
    snprintf(buf, size, "trace %s: %lld messages, %llu bytes, makespan %.0f cycles (%.1f ns)", base_name(p->trace),
             (long long)s->nmessages, (unsigned long long)s->message_bytes, s->makespan, s->makespan * s->ns_per_cycle);
  } else if (p->mode == FCSIM_MODE_BATCH) {
    snprintf(buf, size, "traffic %s, batch of %lld packets per node at %.4g flits/node/cycle, %d-flit packets",
             p->pattern, (long long)p->batch_packets, p->rate_flits, p->packet_flits);
  } else {
    snprintf(buf, size, "traffic %s at %.4g flits/node/cycle, %d-flit packets, %s", p->pattern, p->rate_flits,
             p->packet_flits, p->mode_name);
  }
}

void fcsim_report_table_header(const struct fcsim_sim *sim, FILE *out)
{
  const struct fcsim_params *p = &sim->net->p;
  network_line(sim, out);
  char traffic[512], links[256];
  traffic_text(sim, traffic, sizeof traffic);
  struct link_summary ls;
  summarise_links(&sim->net->topo.graph, &ls);
  int uniform = ls.links && ls.lat_min == ls.lat_max && ls.lat_min == (uint32_t)p->link_latency_cycles &&
                ls.bw_min == ls.bw_max && ls.bw_min == (unsigned)p->link_bandwidth_flits && !ls.tnw && !ls.fc &&
                !ls.jitter;
  if ((p->topology == FCSIM_TOPO_TORUS || p->topology == FCSIM_TOPO_MESH) && uniform) /* the configured link */
    snprintf(links, sizeof links, "links %d cycles (%.1f ns), %d flit/cycle", p->link_latency_cycles,
             p->link_latency_ns, p->link_bandwidth_flits);
  else
    links_text(p, &ls, links, sizeof links);
  fprintf(out, "%s; %s\n\n", traffic, links);
}
