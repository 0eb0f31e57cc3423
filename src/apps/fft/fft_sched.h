/* SPDX-License-Identifier: BSD-3-Clause */
/* The communication of a 2^n-per-side 3D FFT on a 2^m-per-side 3D torus
 * (seed 000 ch. 6) as a schedule of messages with dependencies, run as a
 * trace workload by `fcsim app fft` (fft_sched.c).
 *
 * Each node has `ips` streaming 1D-FFT IPs (Table 6.3): an IP takes one
 * point per cycle and puts out the transform of a 2^n-point FFT 2^n cycles
 * after its first input, in natural order, and accepts the next FFT's
 * inputs at once. A node's 2^(2n-3m) FFTs of a dimension run in rounds of
 * min(ips, FFTs) at a time. Points leave as the IPs produce them: for each
 * round, one message per destination node, released the cycle after the
 * round's last point for that destination is produced. A phase on a node
 * (Y compute, Z compute) starts only when all of its data has arrived: the
 * turn's messages delivered to it, and its own local share produced. The
 * X-fold is offline (s6.2), so X compute starts at cycle 0 everywhere. */
#ifndef FCSIM_WORKLOAD_FFT_SCHED_H
#define FCSIM_WORKLOAD_FFT_SCHED_H

#include <stdint.h>
#include <stdio.h>

#include "apps/fft/fft_msgs.h"
#include "fcsim/error.h"

/* Table 6.3: the most IPs of a 2^n-point FFT that fit on a Stratix V
 * 5SGSMD8; 0 when the seed lists no IP of that size (n outside 4..8). */
unsigned fcsim_fft_max_ips(unsigned n);

/* Builds the schedule. Refuses (FCSIM_ERANGE, naming fft.n, fft.ips or
 * network.dims) 3m > 2n, n outside Table 6.3 and more IPs than it allows.
 * Both cases of Fig. 6.1 (2m <= n and 2m > n) are built, with the mapping
 * of model/fft.c. */
int fcsim_fft_sched_build(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, struct fcsim_fft_sched *s,
                          struct fcsim_error *err);
/* The same with fft.release = packet: a round's points for a destination
 * leave in messages of at most chunk_points points (a packet's worth), each
 * released the cycle after its own last point is produced, instead of one
 * message when the round's last point for that destination is out (seed
 * 000 s6.3, L5295-5297: "Once data is produced from FFT IP, it is ready to
 * be sent"). chunk_points = 0 is fcsim_fft_sched_build. */
int fcsim_fft_sched_build_chunked(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, uint64_t chunk_points,
                                  struct fcsim_fft_sched *s, struct fcsim_error *err);
/* The same with a consume rule (fft.consume); FCSIM_FFT_CONSUME_ROUND is
 * fcsim_fft_sched_build_chunked, the others are built by fft_stream.c. */
int fcsim_fft_sched_build_consume(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, uint64_t chunk_points,
                                  enum fcsim_fft_consume consume, struct fcsim_fft_sched *s, struct fcsim_error *err);
/* The same with a round order (fft.round_order); FCSIM_FFT_ORDER_INDEX is
 * fcsim_fft_sched_build_consume. SHARED is refused (FCSIM_ECOMBINATION)
 * for 2m > n; under FCSIM_FFT_CONSUME_ROUND it changes nothing (a node's
 * rounds start when all of its data is in). */
int fcsim_fft_sched_build_ordered(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, uint64_t chunk_points,
                                  enum fcsim_fft_consume consume, enum fcsim_fft_order order, struct fcsim_fft_sched *s,
                                  struct fcsim_error *err);
void fcsim_fft_sched_free(struct fcsim_fft_sched *s);

/* Writes the schedule as a trace CSV (docs/WORKLOADS.md); message i has id
 * i + 1. Returns 0 or FCSIM_EIO. */
int fcsim_fft_sched_write_csv(const struct fcsim_fft_sched *s, FILE *f, struct fcsim_error *err);

/* Phase times of a run, in cycles, the latest node's. */
struct fcsim_fft_phases {
  double x_end_cycles;      /* last X FFT output */
  double xy_arrived_cycles; /* last node has all of its Y data */
  double y_end_cycles;      /* last Y FFT output */
  double yz_arrived_cycles; /* last node has all of its Z data */
  double z_end_cycles;      /* last Z FFT output: the FFT's end-to-end latency */
  double xy_turn_cycles;    /* longest wait of a node for its Y data after its X compute ended */
  double yz_turn_cycles;    /* longest wait for its Z data after its Y compute ended */
  double y_first_in_cycles; /* last node's first Y round has all of its inputs (taken by its IPs) */
  double z_first_in_cycles; /* ... first Z round */
};

/* Derives the phase times from each message's completion cycle
 * (complete[i] for message i). Refuses a message that never completed or
 * that completed before one of its dependencies (FCSIM_EINVAL). */
int fcsim_fft_sched_phases(const struct fcsim_fft_sched *s, const uint64_t *complete, struct fcsim_fft_phases *ph,
                           struct fcsim_error *err);

#endif
