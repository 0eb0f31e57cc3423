/* SPDX-License-Identifier: BSD-3-Clause */
/* The FFT's offline table routing (fft.routing = table; seed 000 s6.3,
 * L5336-5338, and s8.2.3, L6998-7002: unicast offline routing after Kinsy
 * et al. 2009): from the schedule's own message set, a route per
 * (corner turn, source, destination) flow that balances the bytes on every
 * directed link of the torus within each turn (fft_route.c). */
#ifndef FCSIM_APP_FFT_ROUTE_H
#define FCSIM_APP_FFT_ROUTE_H

#include <stdint.h>

#include "apps/fft/fft_sched.h"
#include "fcsim/error.h"

/* What the offline router chose and the link loads it reached. */
struct fcsim_fft_routes {
  uint8_t *route;      /* [nmsg] route byte (routing/offline.h) of each message; 0 for a local step */
  int64_t flows;       /* (turn, source, destination) flows routed */
  int64_t flows_moved; /* flows whose route differs from x y z, ties plus */
  /* the most bytes on one directed link in each corner turn ([0] XY, [1] YZ):
   * DOR (x y z, a tie half each way: the expectation of dor's random tie
   * choice), and the offline tables */
  double max_link_bytes_dor[2], max_link_bytes_table[2];
};

/* Routes every network message of `s` on the 2^m-per-side 3D torus:
 * candidates are the minimal routes of every dimension order and tie
 * direction that obey the turn model (routing/turns.h); the flows, largest
 * first, each take the candidate with the least maximum link load along it
 * (then the least increase of the sum of squared loads, then the lowest
 * route byte), and then are re-routed, one at a time against all the
 * others, for a few passes. Deterministic. Returns 0 or FCSIM_ENOMEM /
 * FCSIM_EINTERNAL (a route that breaks the turn model). */
int fcsim_fft_route_build(const struct fcsim_fft_sched *s, struct fcsim_fft_routes *r, struct fcsim_error *err);
void fcsim_fft_routes_free(struct fcsim_fft_routes *r);

#endif
