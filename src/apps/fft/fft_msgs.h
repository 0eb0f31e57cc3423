/* SPDX-License-Identifier: BSD-3-Clause */
/* A 3D FFT's communication schedule as data (fft_sched.h builds it; the
 * streaming rules of fft_stream.c gate it): the consume rule and round
 * order that shape it, its messages, and the round a line falls in. Kept
 * apart so that the builder and the streaming gates share the schedule
 * without depending on each other both ways. */
#ifndef FCSIM_APPS_FFT_MSGS_H
#define FCSIM_APPS_FFT_MSGS_H

#include <stdint.h>

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
  uint64_t *dep_delay;        /* [as deps] each dependency's own delay, cycles */
  int64_t *gate;              /* [2][nodes][rounds] message index of the Y (then Z) round (v, j) */
  int64_t *slot_msg; /* [2][nodes][rounds][2^n] message with output `slot` of round j on v, turn 1 (2); -1: local */
};

/* The round (0 .. rounds - 1) of the line with Fig. 6.1 IP index `ip`. */
static inline unsigned fcsim_fft_sched_round(const struct fcsim_fft_sched *s, unsigned ip)
{
  if (s->order == FCSIM_FFT_ORDER_SHARED) {
    unsigned bw = s->n - 2 * s->m, aw = s->n - s->m; /* 2m <= n: checked at build */
    ip = ((ip & ((1u << bw) - 1u)) << aw) | (ip >> bw);
  }
  return ip / s->ips;
}

#endif
