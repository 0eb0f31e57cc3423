/* SPDX-License-Identifier: BSD-3-Clause */
/* Trace workloads (private to src/workload/, and read by vcsn through the
 * workload's message_list): a schedule of messages read from a CSV file
 * (docs/WORKLOADS.md) or handed in memory (fcsim/messages.h). A message goes from `src` to `dst`,
 * carries `bytes`, may start no earlier than `start`, and may wait for other
 * messages (`after`) — all of them delivered at its own source, the only
 * place a node can learn of them — and then `delay` more cycles (or, from a
 * list in memory, a delay of each dependency's own). A message to its own
 * source without bytes is a local step: it completes when released. */
#ifndef FCSIM_WORKLOAD_TRACE_H
#define FCSIM_WORKLOAD_TRACE_H

#include <stdint.h>

#include "fcsim/error.h"
#include "graph/graph.h"

/* One message of a trace, as read. */
struct trace_msg {
  int64_t id;        /* as written */
  uint32_t src, dst; /* nodes */
  uint64_t bytes;
  uint64_t start; /* earliest start, cycles */
  uint64_t delay; /* cycles after its last dependency arrives */
  uint32_t ndeps; /* messages it waits for */
  int line;       /* line of the file, for messages */
  uint8_t has_route, route; /* a route byte of its own (fcsim_messages_route) */
};

/* A parsed trace: messages in file order, and who waits for whom. */
struct trace {
  struct trace_msg *msg; /* [n] (from malloc) */
  int64_t n;
  uint32_t *dep_base; /* [n + 1] dependents of message m: dep_list[dep_base[m] .. dep_base[m + 1]) */
  uint32_t *dep_list; /* (from malloc) */
  uint64_t *dep_delay; /* [as dep_list] the delay of each dependent after message m, cycles;
                          NULL: each dependent's own delay (from malloc) */
};

/* Reads `path` for the network `g` (node numbers, or names where the
 * netlist gave them), converting times with `clock_hz`. Refuses, naming
 * FILE:LINE: a missing or unknown column, a bad number, a node outside the
 * network or without an endpoint, a message to its own source, a duplicate
 * id, an unknown id in `after`, a dependency delivered elsewhere than the
 * message's source, and a cycle of dependencies. Returns 0 or an error. */
int fcsim__trace_read(const char *path, const struct fcsim_graph *g, double clock_hz, uint64_t max_bytes, struct trace *t,
               struct fcsim_error *err);
void fcsim__trace_free(struct trace *t);

/* The same from a list handed in memory (trace_mem.c): node numbers, times
 * in cycles; the same refusals, naming the message's id. Lines are 0. */
struct fcsim_message_list;
int fcsim_trace_from_messages(const struct fcsim_message_list *l, const struct fcsim_graph *g, struct trace *t,
                        struct fcsim_error *err);

#endif
