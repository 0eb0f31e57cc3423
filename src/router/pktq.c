/* SPDX-License-Identifier: BSD-3-Clause */
/* The packet queue (pktq.h). */
#include <stdlib.h>

#include "router/pktq.h"

int fcsim_pktq_push(struct fcsim_pktq *q, const struct fcsim_packet *pkt)
{
  if (q->count == q->cap) {
    uint32_t ncap = q->cap ? q->cap * 2 : 8;
    struct fcsim_packet *nb = malloc((size_t)ncap * sizeof *nb);
    if (!nb)
      return -1;
    for (uint32_t i = 0; i < q->count; i++)
      nb[i] = q->buf[(q->head + i) & (q->cap - 1)];
    free(q->buf);
    q->buf = nb;
    q->head = 0;
    q->cap = ncap;
  }
  *fcsim_pktq_back(q) = *pkt;
  q->count++;
  return 0;
}
