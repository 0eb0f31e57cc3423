/* SPDX-License-Identifier: BSD-3-Clause */
/* The memory a run will allocate, estimated before it allocates: from the
 * parameters alone (a lower bound for generated topologies, before their
 * graph is built), and from the built graph and the node kinds' declared
 * state sizes and input buffers (the estimate the run is checked against,
 * before its states are touched and its rings, wheels and heaps exist).
 * A run whose estimate exceeds sim.max_memory is refused with FCSIM_ERANGE
 * and the figures. `fcsim topo` prints the estimate. */
#ifndef FCSIM_ENGINE_MEMORY_H
#define FCSIM_ENGINE_MEMORY_H

#include <stdint.h>

#include "config/config.h"
#include "fcsim/error.h"
#include "graph/graph.h"

struct fcsim_net;

/* Asks the kernel to back the 2 MiB-aligned interior of a large region with
 * huge pages (Linux transparent huge pages; advice, never an error). */
void fcsim_memory_advise_huge(void *p, size_t bytes);

/* What a run allocates, by part, in bytes. */
struct fcsim_memory {
  uint64_t graph_bytes;    /* topology: graph, neighbour table, traffic permutation, routing tables */
  uint64_t links_bytes;    /* ring headers, pending masks, per-channel counters */
  uint64_t rings_bytes;    /* data and credit ring pools (flits and credits in flight) */
  uint64_t states_bytes;   /* router states (buffers, VCs, queues) */
  uint64_t queues_bytes;   /* packets waiting at their sources: an allowance of 16 per network port of an
                            * endpoint (below saturation; above it the queues grow without bound) */
  uint64_t workload_bytes; /* per-endpoint workload state */
  uint64_t engine_bytes;   /* node bookkeeping, clocks, partitions, timing wheels, heaps, step buffers */
  uint64_t total_bytes;    /* sum of the above */
  int lower_bound;         /* 1: from the parameters alone, before the graph exists (at least this much) */
  int nkinds;              /* node kinds below (0 for a lower bound) */
  char kind_model[FCSIM_GRAPH_MAX_KINDS][24];       /* router model of each kind */
  int64_t kind_nodes[FCSIM_GRAPH_MAX_KINDS];        /* nodes of each kind */
  uint64_t kind_state_bytes[FCSIM_GRAPH_MAX_KINDS]; /* state bytes per node of each kind, on average (a node
                                                       with unlinked ports takes less) */
  uint64_t per_router_bytes; /* the whole estimate divided by the nodes (rings and wheels shared out) */
  uint64_t limit_bytes;      /* sim.max_memory as applied (auto: 80 % of physical memory) */
  int limit_is_auto;         /* sim.max_memory = auto */
};

/* sim.max_memory in bytes: the key's value, or with `auto` (0) 80 % of the
 * physical memory (sysconf), or UINT64_MAX when that is unknown. */
uint64_t fcsim_memory_limit_bytes(const struct fcsim_params *p);

/* From the parameters alone: for tori and meshes a lower bound on what the
 * run will allocate (graph, ring headers, data rings at their smallest, the
 * input buffers of every port); zero for a netlist (its graph is as large as
 * its file). Refuses (FCSIM_ERANGE, with the figures) when above the limit. */
int fcsim_memory_precheck(const struct fcsim_params *p, struct fcsim_memory *m, struct fcsim_error *err);

/* The estimate of a planned (or built) network (engine.h, fcsim_net_plan): its graph
 * exists and its kinds' parameters are known; the estimate sets the
 * workload and the kinds up on its own to learn their state sizes, input
 * buffers and credit-ring capacities, and tears them down. */
void fcsim_memory_of_net(const struct fcsim_net *net, struct fcsim_memory *m);

/* Called by fcsim_net_create between the plan and the build: refuses with
 * FCSIM_ERANGE and the figures when the estimate exceeds the limit. */
int fcsim_memory_check(const struct fcsim_net *net, struct fcsim_error *err);

/* The same, returning 0 or the error that stopped it. */
int fcsim_memory_of_plan(const struct fcsim_net *net, struct fcsim_memory *m, struct fcsim_error *err);

/* The estimate of the run `cfg` describes, without running it: plans the
 * network and estimates it (or, when the parameters' lower bound is
 * already above the limit, returns that with m->lower_bound = 1). In
 * build.c, beside the plan: memory.c reads a planned network and never
 * plans one. */
int fcsim_memory_estimate(const struct fcsim_config *cfg, struct fcsim_memory *m, struct fcsim_error *err);

/* "1.50 GB" (decimal units) into buf; returns buf. */
const char *fcsim_memory_text(uint64_t bytes, char *buf, size_t size);

/* Slots of a partition's timing wheel: wake-ups are scheduled at most
 * max(switch + link latency, credit period, credit latency) ticks ahead, plus
 * the run-ahead, and the wheel is the next power of two above that (build.c
 * sizes it with this). */
uint64_t fcsim_wheel_slots(const struct fcsim_net *net);

/* Slots of channel ch's data ring, its reader lagging its writer by up to
 * `lag` ticks: (switch + latency + 2) of the writer's cycles plus the lag, of
 * flits at the link's bandwidth, to the next power of two. */
uint64_t fcsim_data_ring_slots(const struct fcsim_net *net, const struct fcsim_chan *ch, uint64_t lag);

/* How far ahead of the partition's cycle a busy node may be stepped on
 * (ticks; 0: never). Less than every link's and credit path's latency, so
 * nothing the node could receive by then is still unsent; and no further
 * than the spare slots of every ring hold, so the rings (and the memory)
 * stay as they are with readers `lag` behind. Only with one clock and a
 * workload that does not listen for deliveries (a delivery can release
 * packets at once, which must be created at the engine's cycle). */
uint64_t fcsim_runahead_ticks(const struct fcsim_net *net, uint64_t lag);

#endif
