/* SPDX-License-Identifier: BSD-3-Clause */
/* The engine: builds a network's state (net.h) from parameters, splits it
 * into partitions, advances them cycle by cycle through active sets (in
 * windows of the lookahead, on threads), and produces statistics.
 * Routers with nothing to do are not stepped: a router is stepped in a cycle
 * only when a flit or packet is due there (timing wheel of wake-ups) or it
 * still holds work. */
#ifndef FCSIM_ENGINE_ENGINE_H
#define FCSIM_ENGINE_ENGINE_H

#include "engine/net.h"
#include "fcsim/sim.h"

/* Run-level decisions (drained? deadlocked? progress report) are taken every
 * this many cycles, when every partition has reached the same cycle; windows
 * never cross such a checkpoint. Results thus do not depend on how the
 * network is split. */
#define FCSIM_CHECK_CYCLES 1024u

/* Builds the network of `p`: its plan, the memory check (memory.h), then
 * the build. `cfg` is the configuration `p` was resolved from: node kinds
 * that set keys of their own (netlists) are resolved from it with their
 * overrides; NULL refuses such kinds. */
int fcsim_net_create(struct fcsim_net **out, const struct fcsim_params *p, const struct fcsim_config *cfg,
                     struct fcsim_error *err);
/* The two halves. A plan is what the memory estimate reads: the topology
 * and its graph, routing, the links' channels, the node kinds' parameters
 * and the clocks, with nothing sized by the run yet (no workload or router
 * set-up, partitions, rings or wheels). fcsim_net_build completes a plan
 * (on failure the caller destroys it); fcsim_net_destroy frees either. */
int fcsim_net_plan(struct fcsim_net **out, const struct fcsim_params *p, const struct fcsim_config *cfg,
                   struct fcsim_error *err);
int fcsim_net_build(struct fcsim_net *net, struct fcsim_error *err);
void fcsim_net_destroy(struct fcsim_net *net);

/* Runs the configured experiment. On a deadlock returns FCSIM_EDEADLOCK and
 * stores a malloc'd description of the channel cycle in *deadlock_report. */
int fcsim_net_run(struct fcsim_net *net, fcsim_progress_f progress, void *user, char **deadlock_report,
                  struct fcsim_error *err);

/* Test hook: the cycle the runs of networks built from now on start at
 * (0). A run started at S writes what the run started at 0 writes when S is
 * a multiple of FCSIM_CHECK_CYCLES and of the models' periods (the round-
 * robin starts, Novo-G#'s credit period); with one clock only. It exists to
 * run past 2^32 cycles cheaply, where the rings' 32-bit stamps and the
 * flits' creation cycles wrap (tests/sim/test_time_wrap.c). */
extern uint64_t fcsim__engine_start_cycles;

/* Describes the cycle of waiting channels (deadlock.c); malloc'd text. */
char *fcsim_deadlock_describe(const struct fcsim_net *net);

/* Fills `s` from the accumulated statistics. */
void fcsim_net_stats(const struct fcsim_net *net, struct fcsim_stats *s);

#endif
