/* SPDX-License-Identifier: BSD-3-Clause */
/* Workloads: what the endpoints of a network send, and when. A workload is
 * one `const struct fcsim_workload_ops` in the table of registry.c, chosen by
 * traffic.mode: `continuous` and `batch` (Bernoulli arrivals to a
 * destination pattern, bernoulli.c), `trace` (messages with dependencies,
 * read from a CSV or handed in memory by an application, trace.c), and the
 * collective workloads (tree_traffic.c, tree_mixed.c). Each says what it
 * is (`continuous`, `finite`, `messages`), so nothing tests a mode by name.
 *
 * The engine keeps, per endpoint node, the tick of its next event and calls
 * `fire` then (ticks are cycles when every node shares one clock, see
 * core/clock.h; ctx->now is the node's own cycle, ctx->tick the engine's); `fire` creates the node's packets due now
 * and hands each to the node's router through `emit`. A workload that listens to deliveries is told of every packet
 * that reaches its destination (`delivered`) and may release new messages then. Every node's state is written only when
 * that node is fired or receives a delivery, so results do not depend on how the network is split. */
#ifndef FCSIM_WORKLOAD_WORKLOAD_H
#define FCSIM_WORKLOAD_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "core/params.h"
#include "chan/ctx.h"
#include "routing/routing.h"
#include "stats/counters.h"
#include "topo/topo.h"
#include "traffic/traffic.h"

#define FCSIM_NEVER UINT64_MAX

struct trace; /* workload/trace.h */

struct fcsim_workload_env {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;       /* geometry and graph */
  const struct fcsim_traffic *traffic; /* destination pattern (Bernoulli workloads) */
  const struct fcsim_routing_ops *routing;
  int local_delivery; /* the routers can deliver a packet to its own source (a local port) */
  double ref_ticks;   /* engine ticks per network.clock cycle (1 with one clock) */
};

/* Hands a packet created at `node` to that node's router. Returns 0 or an error. */
typedef int (*fcsim_emit_f)(void *arg, struct fcsim_ctx *ctx, uint32_t node, const struct fcsim_packet *pk);

/* What a finished workload reports. */
struct fcsim_workload_report {
  uint64_t makespan_cycles;       /* last message completed (trace), 0 if none */
  int64_t nmessages;              /* messages of a trace, 0 otherwise */
  const uint64_t *complete_cycle; /* [nmessages] completion cycle, UINT64_MAX if never (owned by the workload) */
  const int64_t *message_id;      /* [nmessages] ids as written in the trace */
  uint64_t message_bytes;         /* trace: bytes of all its messages */
};

struct fcsim_workload_ops {
  const char *name; /* traffic.mode */
  const char *help;
  int version; /* 1 */
  int listens; /* wants `delivered` calls */
  int finite;  /* the run ends when the workload is done (batch, trace), not after a window */
  int continuous; /* a warm-up, measurement and drain window (sim.*_cycles): Bernoulli load that never ends */
  int messages;   /* plays a list of messages (traffic.trace, or handed in memory): message_list gives it */
  int collective; /* sends multicast/reduction packets routed by router.tables: every router model must have
                     `collective` set */
  /* (required) builds the shared set-up (*shared, from malloc) and the bytes
   * of per-node state */
  int (*setup)(const struct fcsim_workload_env *env, void **shared, size_t *state_size, struct fcsim_error *err);
  void (*teardown)(void *shared);
  /* (required) initialises node `node`'s zeroed state; returns its first
   * event tick (FCSIM_NEVER if none) in *first; `clk` is the node's clock */
  int (*init)(void *shared, uint32_t node, void *state, const struct fcsim_clock *clk, uint64_t *first,
              struct fcsim_error *err);
  /* (required) creates node's packets due now; *next = its next event tick */
  int (*fire)(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state, fcsim_emit_f emit, void *arg,
              uint64_t *next);
  /* (optional, listens) a packet was delivered at `node` (at tick
   * d->cycle); *next = a new event tick of that node (FCSIM_NEVER if none) */
  int (*delivered)(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state, const struct fcsim_delivery *d,
                   uint64_t *next);
  /* (optional) gathers what the workload measured (after the run; with MPI,
   * after its counters are merged) */
  void (*report)(void *shared, struct fcsim_workload_report *r);
  /* (optional) what the workload counts in `shared` during a run, each
   * array with its merge rule (stats/counters.h); with MPI the engine
   * reduces them over the ranks before `report`. Writes at most
   * FCSIM_MAX_COUNTERS into out; returns how many. */
  int (*counters)(void *shared, struct fcsim_counter *out);
  /* (required with `messages`) the messages set up, for models that route
   * by them (vcsn's MAC tables); valid until teardown */
  const struct trace *(*message_list)(const void *shared);
};

/* The workload table (registry.c, on core/registry.c): lookup by
 * traffic.mode, the names into the caller's buffer (returns the full length)
 * or a static buffer (the key registry's interface), and the start-up check. */
const struct fcsim_workload_ops *fcsim_workload_find(const char *mode);
int fcsim_workload_valid(const char *mode);
size_t fcsim_workload_list_names(char *buf, size_t size);
const char *fcsim_workload_names(void);
int fcsim_workload_check_registry(struct fcsim_error *err);

extern const struct fcsim_workload_ops fcsim_workload_continuous;
extern const struct fcsim_workload_ops fcsim_workload_batch;
extern const struct fcsim_workload_ops fcsim_workload_trace;
extern const struct fcsim_workload_ops fcsim_workload_collective;                    /* tree_traffic.c */
extern const struct fcsim_workload_ops fcsim_workload_collective_batch;              /* tree_traffic.c */
extern const struct fcsim_workload_ops fcsim_workload_collective_unicast;            /* tree_mixed.c */
extern const struct fcsim_workload_ops fcsim_workload_collective_continuous_unicast; /* tree_mixed.c */

#endif
