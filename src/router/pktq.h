/* SPDX-License-Identifier: BSD-3-Clause */
/* The packet queue every router model uses for packets waiting to enter the
 * network or an output: a growable ring of packets stored by value (grows by
 * doubling, rarely; nothing is allocated per packet once it has grown). */
#ifndef FCSIM_ROUTER_PKTQ_H
#define FCSIM_ROUTER_PKTQ_H

#include <stdint.h>

#include "chan/ctx.h"

/* A growable ring of waiting packets (grows by doubling, rarely). */
struct fcsim_pktq {
  struct fcsim_packet *buf; /* from malloc, freed by the model's fini */
  uint32_t head, count, cap;
};

/* Queue helpers (grow by doubling; returns -1 when out of memory). */
int fcsim_pktq_push(struct fcsim_pktq *q, const struct fcsim_packet *pkt);
static inline struct fcsim_packet *fcsim_pktq_front(struct fcsim_pktq *q)
{
  return &q->buf[q->head & (q->cap - 1)];
}
/* The slot the next push writes (cap > 0, and the queue not full). */
static inline struct fcsim_packet *fcsim_pktq_back(const struct fcsim_pktq *q)
{
  return &q->buf[(q->head + q->count) & (q->cap - 1)];
}
static inline void fcsim_pktq_pop(struct fcsim_pktq *q)
{
  q->head++;
  q->count--;
}

#endif
