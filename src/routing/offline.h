/* SPDX-License-Identifier: BSD-3-Clause */
/* routing.algorithm = offline: each packet carries, in its route byte, the
 * route an offline router chose for its (source, destination) flow: a
 * dimension order and, for a torus ring of even size k, the direction of
 * each dimension whose offset is exactly k/2 (a tie). Every router turns it
 * into an output port (offline.c); this is the seed's node-table routing
 * (seed 000 s4.3.1, L2735-2745) with the table index (destination, route)
 * spelled out. The routes an offline router may choose obey the turn model
 * of routing/turns.h, so the deadlock checker of o1turn covers them.
 *
 * Route byte: bits 0-2 the rank of the order among the permutations of
 * x, y, z in lexicographic order (0 = x y z, 1 = x z y, 2 = y x z,
 * 3 = y z x, 4 = z x y, 5 = z y x); bit 3 + d set = a tie in dimension d
 * goes minus. At most 3 dimensions. Without an offline router (the route
 * byte from packet_init) every packet goes x y z, ties plus. */
#ifndef FCSIM_ROUTING_OFFLINE_H
#define FCSIM_ROUTING_OFFLINE_H

#include <stdint.h>

#define FCSIM_OFFLINE_MAX_DIMS 3
#define FCSIM_OFFLINE_ORDERS   6 /* 3! */
#define FCSIM_OFFLINE_TIE_BIT  3 /* bit of dimension 0's tie direction */

/* The dimension visited i-th by route byte `state` (order[0..2]). */
void fcsim_offline_order(uint8_t state, int order[FCSIM_OFFLINE_MAX_DIMS]);

/* The output port (2d plus, 2d + 1 minus) of the next hop of a packet with
 * route byte `state` whose remaining minimal offsets are off[0..ndims)
 * (fcsim_topo_offset: ties are +k/2) on rings of dims[] (torus != 0) or a
 * mesh; -1 when every offset is 0. */
int fcsim_offline_port(int ndims, const int *dims, int torus, const int *off, uint8_t state);

/* 1 when the route of `state` from coordinates a[] to b[] obeys the turn
 * model (routing/turns.h): every dimension it travels minus, or whose
 * wraparound link it crosses, comes after every lower dimension it
 * travels. */
int fcsim_offline_legal(int ndims, const int *dims, int torus, const int *a, const int *b, uint8_t state);

/* Minimal offset from a to b on a ring of k (torus) or a line (mesh), as
 * fcsim_topo_offset: ties (k/2) are +k/2. */
static inline int fcsim_offline_offset(int k, int torus, int a, int b)
{
  if (!torus)
    return b - a;
  int off = ((b - a) % k + k) % k;
  return 2 * off > k ? off - k : off;
}

#endif
