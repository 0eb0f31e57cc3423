/* SPDX-License-Identifier: BSD-3-Clause */
/* The state of a simulated network as the engine holds it: the graph and its
 * geometry, the node kinds (router models with their read-only set-up), one
 * state block per node, the links, the workload, the partitions and their
 * schedules (sched.h). The engine knows components only through their ops and the
 * state size they declare; it never looks inside a node's state. */
#ifndef FCSIM_ENGINE_NET_H
#define FCSIM_ENGINE_NET_H

#include <stdint.h>

#include "arbiter/arbiter.h"
#include "core/clock.h"
#include "config/config.h"
#include "engine/sched.h"
#include "chan/ctx.h"
#include "chan/link.h"
#include "router/router.h"
#include "routing/routing.h"
#include "stats/stats.h"
#include "topo/topo.h"
#include "traffic/traffic.h"
#include "workload/workload.h"

#define FCSIM_MAX_KINDS FCSIM_GRAPH_MAX_KINDS

/* A kind of node: a router model and its set-up. */
struct fcsim_kind {
  struct fcsim_params p; /* the run's parameters with the kind's own overrides */
  const struct fcsim_router_ops *ops;
  void *shared;      /* from ops->setup, freed by ops->teardown */
  size_t state_size; /* bytes of state per node */
};

/* The engine's bookkeeping per node. */
struct fcsim_node {
  uint64_t processed_at; /* last cycle stepped (+1, 0 = never) */
  uint64_t fired_at;     /* last cycle its workload fired (+1) */
  uint64_t next_event;   /* the workload's next event at this node, FCSIM_NEVER if none */
};

/* A partition: a contiguous range of nodes simulated by one thread (or
 * rank), with its own clock, schedule and statistics. Partitions meet only
 * on links, through rings published at window ends. */
struct fcsim_part {
  uint32_t first, last;       /* nodes [first, last) */
  uint64_t now;               /* cycle being simulated */
  struct fcsim_stats_acc acc; /* this partition's statistics */
  struct fcsim_ctx ctx;       /* handed to every step (ctx.acc = &acc) */
  struct fcsim_wheel wheel;            /* nodes to step per tick (sched.h) */
  struct fcsim_arrival_heap *arrivals; /* workload events (cycle, node) (sched.h) */
  uint32_t *in_cross, n_in_cross;      /* data rings read here, written elsewhere */
  uint32_t *out_cross, n_out_cross;    /* data rings written here, read elsewhere */
  uint32_t *out_ccross, n_out_ccross;  /* credit rings written here, read elsewhere */
  int rc;                              /* first error (out of memory) */
  uint64_t to;                         /* end of the window being run */
  uint64_t progress_max;               /* the latest last_progress a run-ahead left (later steps may set it lower) */
  uint64_t next_window_edge;           /* the measurement window's next edge not yet passed (engine.c) */
  int window_phase;                    /* 0 before the window, 1 in it, 2 after it */
  const struct fcsim_kind *prefetch;   /* the kind of all its nodes when its step loop prefetches the next
                                          nodes (sim.prefetch, engine.c), else NULL */
};

/* sim.prefetch: only a partition of this many nodes or more, all of one
 * kind that offers it (fcsim_router_ops.prefetch), prefetches: the hot
 * lines of fewer nodes (about 1-2 kB each for the VC routers) stay in a
 * core's own cache, and there the hints are pure overhead
 * (docs/PERFORMANCE.md, "Prefetching the next nodes"). */
enum { FCSIM_PREFETCH_MIN_NODES = 1024 };

struct fcsim_net {
  struct fcsim_params p;
  struct fcsim_topo topo;
  struct fcsim_traffic traffic;
  const struct fcsim_routing_ops *routing;
  const struct fcsim_arbiter_ops *arbiter;

  int nkinds;
  struct fcsim_kind kinds[FCSIM_MAX_KINDS];
  char *states;                   /* node states, node after node (from malloc) */
  uint64_t *state_off;            /* [nodes + 1] byte offset of each node's state */
  struct fcsim_states all_states; /* {states, state_off} for deadlock reports */
  char *gathered_states;          /* MPI rank 0: every rank's states, copied for the deadlock report (from malloc) */

  const struct fcsim_workload_ops *workload;
  void *wl_shared; /* from workload->setup */
  size_t wl_state_size;
  char *wl_states; /* [nodes * wl_state_size] (from malloc) */

  struct fcsim_node *nodes;           /* [node] */
  int multiclock;                     /* nodes run on different clocks: ticks are picoseconds */
  struct fcsim_clock unit_clock;      /* every node's clock when there is one clock */
  struct fcsim_clock *clocks;         /* [node] each node's clock, when multiclock (from malloc) */
  double ref_ticks;                   /* ticks per network.clock cycle (1 with one clock) */
  uint64_t check_ticks;               /* ticks between checkpoints (FCSIM_CHECK_CYCLES cycles) */
  struct fcsim_links links;           /* channels and their rings */
  uint32_t *part_of;                  /* [node] partition index */
  uint32_t wakes_cap, deliveries_cap; /* per-step request buffers of a context */

  uint32_t wheel_mask;               /* wake-ups are at most this many cycles ahead */
  uint64_t runahead_ticks;           /* a busy node is stepped on this far ahead (memory.h; 0: never) */
  int prefetch_parts;                /* partitions that prefetch (sim.prefetch; execution.prefetch_partitions) */
  int rank, nranks;                  /* MPI rank of this process and number of ranks */
  int part_first, part_last;         /* partitions this rank steps: [first, last) */
  struct fcsim_mpi *mpi;             /* exchange plan (mpi.c), NULL with one rank */
  uint64_t window_start, window_end; /* measured creation: [start, end), ticks */
  int nparts;
  struct fcsim_part *parts;   /* [nparts] */
  uint64_t window_cycles;     /* lookahead: ticks partitions run alone */
  uint64_t now;               /* ticks simulated when the run ended */
  uint64_t start_ticks;       /* tick the run starts at: 0 (a test hook sets it, engine.h) */
  struct fcsim_stats_acc acc; /* merged statistics, after the run */
  int64_t flits_in_network;   /* merged, after the run */
  int drain_cut;              /* the drain was cut: the source queues had grown past the backlog limit */
};

static inline const struct fcsim_kind *fcsim_kind_of(const struct fcsim_net *net, uint32_t node)
{
  return &net->kinds[net->topo.graph.kind[node]];
}

static inline void *fcsim_state(const struct fcsim_net *net, uint32_t node)
{
  return net->states + net->state_off[node];
}

static inline const struct fcsim_clock *fcsim_clock_of(const struct fcsim_net *net, uint32_t node)
{
  return net->multiclock ? &net->clocks[node] : &net->unit_clock;
}

/* Engine ticks of `cycles` cycles of network.clock. */
static inline uint64_t fcsim_ref_ticks(const struct fcsim_net *net, uint64_t cycles)
{
  return net->multiclock ? (uint64_t)floor((double)cycles * net->ref_ticks + 0.5) : cycles;
}

/* Schedules `node` (of partition `pt`) to be stepped at its first clock
 * edge at or after tick `cycle`, no more than wheel_mask ticks ahead.
 * Returns 0 or FCSIM_ENOMEM. */
static inline int fcsim_part_wake(const struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t cycle)
{
  if (net->multiclock)
    cycle = fcsim_clock_align(&net->clocks[node], cycle);
  return fcsim_wheel_add(&pt->wheel, cycle, node);
}

#endif
