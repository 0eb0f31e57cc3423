/* SPDX-License-Identifier: BSD-3-Clause */
/* A schedule of messages handed to a simulation in memory: what a trace
 * file (traffic.mode = trace, docs/WORKLOADS.md) holds, built by a program
 * instead of written to a CSV. A message goes from `src` to `dst`, carries
 * `bytes`, may start no earlier than `start_cycles`, and may wait for other
 * messages (its `after` ids) — all of them delivered at its own source —
 * and then `delay_cycles` more, or a delay of that dependency's own
 * (fcsim_messages_after_delay): it is released at the latest of its start
 * and each dependency's arrival plus that dependency's delay.
 * A message from a node to itself with no bytes is a local step (a
 * computation, say): it uses no network and completes when it is released,
 * and the node's messages that wait for it are released from then on.
 * Times are cycles of network.clock. A configuration takes a list with
 * fcsim_config_set_messages (fcsim/config.h). */
#ifndef FCSIM_MESSAGES_H
#define FCSIM_MESSAGES_H

#include <stddef.h>
#include <stdint.h>

#include "fcsim/error.h"

struct fcsim_message {
  int64_t id;            /* names it in `after` lists and in the results (message_id) */
  uint32_t src, dst;     /* node numbers */
  uint64_t bytes;        /* at least 1; 0 only for a local step (src == dst) */
  uint64_t start_cycles; /* earliest start */
  uint64_t delay_cycles; /* after its last dependency is delivered */
  size_t after_first;    /* the ids it waits for: after[after_first .. after_first + nafter) */
  uint32_t nafter;
  uint8_t has_route;     /* 1: its packets carry `route` (fcsim_messages_route) */
  uint8_t route;         /* route byte for routing.algorithm, in place of its own choice at the source */
};

/* A growable list; zero-initialise it, add messages, free it. */
struct fcsim_message_list {
  struct fcsim_message *msg; /* [n] in the order the workload numbers them */
  int64_t n, cap;
  int64_t *after; /* [nafter] ids */
  size_t nafter, after_cap;
  uint64_t *after_delay; /* [nafter] each dependency's delay, FCSIM_DELAY_OF_MESSAGE for the
                            message's delay_cycles; NULL until fcsim_messages_after_delay is used */
};

/* In after_delay: this dependency takes the message's delay_cycles. */
#define FCSIM_DELAY_OF_MESSAGE UINT64_MAX

/* Appends a message (with no dependencies yet); returns 0 or FCSIM_ENOMEM. */
int fcsim_messages_add(struct fcsim_message_list *l, int64_t id, uint32_t src, uint32_t dst, uint64_t bytes,
                       uint64_t start_cycles, uint64_t delay_cycles, struct fcsim_error *err);
/* Makes the last message added wait for message `id` too. */
int fcsim_messages_after(struct fcsim_message_list *l, int64_t id, struct fcsim_error *err);
/* The same with a delay of this dependency's own: the message may leave
 * delay_cycles after message `id` arrived (instead of its delay_cycles). */
int fcsim_messages_after_delay(struct fcsim_message_list *l, int64_t id, uint64_t delay_cycles,
                               struct fcsim_error *err);
/* Gives the last message added a route of its own: its packets carry
 * `route` in their route byte instead of the byte routing.algorithm would
 * choose at the source (packet_init). The byte means what the algorithm
 * reads in it: routing.algorithm = offline, the route an offline router
 * chose (routing/offline.h). */
int fcsim_messages_route(struct fcsim_message_list *l, uint8_t route, struct fcsim_error *err);
void fcsim_messages_free(struct fcsim_message_list *l);

#endif
