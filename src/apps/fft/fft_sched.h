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

#include "fcsim/error.h"

/* Table 6.3: the most IPs of a 2^n-point FFT that fit on a Stratix V
 * 5SGSMD8; 0 when the seed lists no IP of that size (n outside 4..8). */
unsigned fcsim_fft_max_ips(unsigned n);

/* How a node's IPs take in a dimension's data (fft.consume):
 *   ROUND: a node's Y (Z) compute starts when all of its data has arrived;
 *          its rounds follow back to back (the rules above);
 *   LINE:  round j of a dimension starts when every point of its lines
 *          has arrived and the IPs have taken round j - 1's inputs;
 *   POINT: the IPs take point `slot` of round j's lines at cycle S_j + slot
 *          (one point per cycle, streaming), so S_j is the earliest cycle
 *          at which every point has arrived by the cycle it is taken,
 *          again no earlier than round j - 1's inputs are in.
 * Under LINE and POINT a round's lines run in lockstep on its IPs, and the
 * IPs of a node take a dimension only after the previous one's last round
 * was taken. Each round is a local step of the trace ("gate", turns 3 and
 * 4 below) completing at S_j + N, the cycle its inputs are all in; output
 * slot s of the round leaves at gate + s + 1. */
enum fcsim_fft_consume { FCSIM_FFT_CONSUME_ROUND = 0, FCSIM_FFT_CONSUME_LINE, FCSIM_FFT_CONSUME_POINT };

/* Which of a node's FFTs share a round when it has fewer IPs than FFTs
 * (fft.round_order; the seed does not say). Fig. 6.1's IP index of a line
 * is (a << (n - 2m)) | b with a of n - m bits (y's low bits for an X line,
 * x's for a Y or Z line) and b of n - 2m bits (z's middle bits for X and Y
 * lines, y's for Z lines). INDEX: rounds take the lines in IP-index order,
 * a leading: every Y round needs points from every X round. SHARED: in the
 * order (b, a), b leading: b is what an X line shares with the Y lines it
 * feeds, so a Y round needs only the X rounds holding its b values and
 * can start before the XY turn ends. SHARED needs 2m <= n. */
enum fcsim_fft_order { FCSIM_FFT_ORDER_INDEX = 0, FCSIM_FFT_ORDER_SHARED };

/* One message of the schedule. */
struct fcsim_fft_msg {
  uint32_t src, dst;     /* torus node numbers, x + K*y + K*K*z */
  uint64_t bytes;        /* points carried x point bytes */
  uint64_t start_cycles; /* earliest release */
  uint64_t delay_cycles; /* after the last dependency arrives */
  uint32_t dep_first;    /* its dependencies: deps[dep_first .. dep_first + ndeps) */
  uint32_t ndeps;        /* messages it waits for (all delivered at src) */
  uint8_t turn;          /* 1: XY corner turn, 2: YZ corner turn; local steps: 3 Y round, 4 Z round */
  uint16_t round;        /* which round of the source's IPs produced it */
};

/* A schedule: the messages of both turns (XY first) and per-node facts the
 * phase times need. */
struct fcsim_fft_sched {
  unsigned n, m;         /* 2^n points per side, 2^m nodes per side */
  unsigned ips;          /* IPs used per node: min(requested, FFTs per node) */
  unsigned rounds;       /* rounds of FFTs per dimension per node */
  uint32_t nodes;        /* 2^(3m) */
  uint64_t fft_cycles;   /* 2^n: one IP's latency and one FFT's input time */
  uint64_t point_bytes;  /* bytes per complex point */
  uint64_t chunk_points; /* fft.release = packet: most points per message; 0 = one message per round and destination */
  int64_t nmsg;          /* messages */
  struct fcsim_fft_msg *msg; /* [nmsg] (from malloc) */
  uint32_t *deps;            /* message indices (from malloc) */
  uint64_t *local_y_cycles;  /* [nodes] cycle the node's own XY share is all produced */
  uint64_t *local_z_delay;   /* [nodes] cycles after Y compute starts when its own YZ share is all produced */
  /* fft.consume = line | point (fft_stream.c); NULL / 0 under round */
  enum fcsim_fft_consume consume;
  enum fcsim_fft_order order; /* fft.round_order: which lines share a round (streaming only) */
  uint64_t *dep_delay; /* [as deps] each dependency's own delay, cycles */
  int64_t *gate;       /* [2][nodes][rounds] message index of the Y (then Z) round (v, j) */
  int64_t *slot_msg;   /* [2][nodes][rounds][2^n] message with output `slot` of round j on v, turn 1 (2); -1: local */
};

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
                                  enum fcsim_fft_consume consume, enum fcsim_fft_order order,
                                  struct fcsim_fft_sched *s, struct fcsim_error *err);
/* The round (0 .. rounds - 1) of the line with Fig. 6.1 IP index `ip`. */
unsigned fcsim_fft_sched_round(const struct fcsim_fft_sched *s, unsigned ip);
void fcsim_fft_sched_free(struct fcsim_fft_sched *s);
/* For the builder only (fft_stream.c): adds the rounds' gates to a schedule
 * whose messages and slot_msg are built, and sets every message's
 * dependencies (deps, dep_delay). Returns 0 or -1 when out of memory. */
int fcsim_fft_stream_gates(struct fcsim_fft_sched *s);

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
