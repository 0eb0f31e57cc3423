/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW library's two-sided communication API (seed 004 s2-3) on one
 * node's link module (proto_tnw.h): tnwSend queues a message on a virtual
 * channel and completes when every packet of it is acknowledged; tnwCredit
 * posts a receive of N bytes on a virtual channel and completes when N bytes
 * of that channel have been moved out of the reception FIFO. Receives are
 * matched to the data in FIFO order per channel (send order = receive order
 * on a link and VC); a channel with no receive posted holds its packets in
 * the reception FIFO, so the sender stalls when it fills (back-pressure).
 * `test` says whether a request is complete; `wait` is the caller stepping
 * the link until it is (fcsim_tnw_api_step does one cycle's consumption).
 * Requests live in a ring of FCSIM_TNW_API_MAX slots: handles grow without
 * bound, and a slot is reused only once its old request has completed, so
 * a long-running application (the halo exchange, halo_sim.h) can make any
 * number of requests as long as at most FCSIM_TNW_API_MAX are pending. */
#ifndef FCSIM_LINK_TNW_API_H
#define FCSIM_LINK_TNW_API_H

#include <stdint.h>

#include "fcsim/error.h"
#include "link/proto/tnw/proto_tnw.h"

#define FCSIM_TNW_API_MAX 64 /* pending requests (sends + receives) per link module */

/* One request. */
struct fcsim_tnw_req {
  int vc;          /* virtual channel */
  int is_recv;     /* 1: tnwCredit, 0: tnwSend */
  int64_t end;     /* byte offset in its VC's stream where it ends */
  int64_t done_at; /* cycle it completed (-1: not yet) */
};

struct fcsim_tnw_api {
  struct fcsim_tnw_end *end;                   /* the link module it drives */
  struct fcsim_tnw_req req[FCSIM_TNW_API_MAX]; /* requests, handle h in slot h % FCSIM_TNW_API_MAX */
  int n;                                       /* requests made (the next handle) */
  int oldest;                                  /* no request before this handle is pending */
  int64_t sent[FCSIM_TNW_MAX_VCS];             /* bytes queued by tnwSend per VC */
  int64_t posted[FCSIM_TNW_MAX_VCS];           /* bytes posted by tnwCredit per VC */
  int64_t moved[FCSIM_TNW_MAX_VCS];            /* bytes moved to the application per VC */
};

void fcsim_tnw_api_init(struct fcsim_tnw_api *a, struct fcsim_tnw_end *end);
/* tnwSend: a handle (>= 0) or a negative FCSIM_E*. */
int fcsim_tnw_api_send(struct fcsim_tnw_api *a, int vc, int64_t bytes, struct fcsim_error *err);
/* tnwCredit: a handle (>= 0) or a negative FCSIM_E*. */
int fcsim_tnw_api_credit(struct fcsim_tnw_api *a, int vc, int64_t bytes, struct fcsim_error *err);
/* Moves at most one packet of a VC with a receive posted to the
 * application this cycle and completes requests; call once per cycle after
 * the link module took its arrivals. */
void fcsim_tnw_api_step(struct fcsim_tnw_api *a, int64_t now);
/* 1 if request `h` is complete. */
int fcsim_tnw_api_test(const struct fcsim_tnw_api *a, int h);
/* The cycle request `h` completed; -1 while pending (or when its slot has
 * been reused since). */
int64_t fcsim_tnw_api_done_at(const struct fcsim_tnw_api *a, int h);

#endif
