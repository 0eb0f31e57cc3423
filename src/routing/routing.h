/* SPDX-License-Identifier: BSD-3-Clause */
/* Routing algorithms: an ops struct per algorithm, registered by name.
 * An algorithm may choose per-packet state once at the source (`packet_init`,
 * stored in the head flit's route byte) and is asked for an output port at
 * every router the head flit visits (`route`). Policy branches happen once
 * per packet per hop, never per flit. */
#ifndef FCSIM_ROUTING_ROUTING_H
#define FCSIM_ROUTING_ROUTING_H

#include <stdint.h>

#include "core/params.h"
#include "core/rng.h"
#include "topo/topo.h"

struct fcsim_routing_ops {
  const char *name; /* config name: routing.algorithm */
  const char *help; /* one line */
  int version;      /* 1 */
  /* (optional) builds what the algorithm keeps with the topology (table
   * routing: t->tables), called once when the network is built, before
   * `check` */
  int (*setup)(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);
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
  /* (optional) route() for a router that keeps its own coordinates:
   * `at[d]` = fcsim_topo_coord(t, node, d) for every d < FCSIM_MAX_DIMS.
   * The same decision and the same draws as route(), without recomputing
   * the node's coordinates at every head; a router calls it through
   * fcsim_routing_route_at. */
  int (*route_from)(const struct fcsim_topo *t, const struct fcsim_params *p, const int32_t *at, int64_t node,
                    int64_t dest, uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits);
  /* (optional; the deadlock checker needs it) the local rule of the
   * algorithm: a bit mask of every output port route() may return, for some
   * destination and route_state, at `node` for a packet that arrived on
   * `in_port` (-1 or >= t->nports at its source) holding dateline class
   * `cls` (0 or 1, always 0 on a mesh or with router.dateline = off). A
   * superset is safe; the checker proves the graph it spans acyclic. */
  uint32_t (*outputs)(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in_port, int cls);
  /* a minimal turn-model algorithm (ROMM, O1TURN, CCAR) that follows
   * routing.turn_rule: with `seed-escape` on a torus it routes by the seed's
   * six turns on the adaptive VCs and the VC routers keep the exclusive VCs
   * as a DOR escape network (docs/ROUTING.md) */
  int turn_rule;
};

/* The output port from `node` (coordinates `at`) toward `dest`: route_from
 * where the algorithm has it, else route. */
static inline int fcsim_routing_route_at(const struct fcsim_routing_ops *r, const struct fcsim_topo *t,
                                         const struct fcsim_params *p, const int32_t *at, int64_t node, int64_t dest,
                                         uint8_t route_state, int in_port, struct fcsim_rng *rng,
                                         const int32_t *port_credits)
{
  if (r->route_from)
    return r->route_from(t, p, at, node, dest, route_state, in_port, rng, port_credits);
  return r->route(t, p, node, dest, route_state, in_port, rng, port_credits);
}

const struct fcsim_routing_ops *fcsim_routing_find(const char *name);
int fcsim_routing_valid(const char *name);
/* "dor, romm, ..." into the caller's buffer; returns the full length. */
size_t fcsim_routing_list_names(char *buf, size_t size);
/* The same list for the key registry's choice_list (a bounded static copy). */
const char *fcsim_routing_names(void);
/* Start-up check: names unique, `route` and `help` set in every entry. */
int fcsim_routing_check_registry(struct fcsim_error *err);

/* Deadlock check shared by every algorithm's `check`: builds the channel
 * dependency graph of `ops` on `t` (routing/cdg.c) and refuses, naming
 * routing.algorithm and printing the cycle, a configuration whose graph is
 * cyclic. router.dateline = off on a torus is let through (the key is there
 * to study deadlock). Returns 0 or FCSIM_ECOMBINATION / FCSIM_ENOMEM. */
int fcsim_routing_check_cdg(const struct fcsim_routing_ops *ops, const struct fcsim_topo *t,
                            const struct fcsim_params *p, struct fcsim_error *err);

/* The escape check of routing.turn_rule = seed-escape (cdg.c): the VC count
 * and classes it needs, and the DOR escape network's dependency graph from
 * every channel (an adaptive packet may enter it anywhere) acyclic. */
int fcsim_routing_check_escape(const struct fcsim_routing_ops *ops, const struct fcsim_topo *t,
                               const struct fcsim_params *p, struct fcsim_error *err);

extern const struct fcsim_routing_ops fcsim_routing_dor;
extern const struct fcsim_routing_ops fcsim_routing_romm;
extern const struct fcsim_routing_ops fcsim_routing_o1turn;
extern const struct fcsim_routing_ops fcsim_routing_rlb;
extern const struct fcsim_routing_ops fcsim_routing_ccar;
extern const struct fcsim_routing_ops fcsim_routing_table;
extern const struct fcsim_routing_ops fcsim_routing_bee3;
extern const struct fcsim_routing_ops fcsim_routing_offline;

#endif
