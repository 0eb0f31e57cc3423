/* SPDX-License-Identifier: BSD-3-Clause */
/* Counter-based random numbers. A stream is keyed by (seed, entity, purpose)
 * and its n-th number is a pure function of the key and n, so a node draws the
 * same numbers whichever thread or rank simulates it, and streams never share
 * state. The mixing function is the SplitMix64 finaliser. */
#ifndef FCSIM_CORE_RNG_H
#define FCSIM_CORE_RNG_H

#include <stdint.h>

/* What a stream is used for; part of the key so streams never collide. */
enum fcsim_rng_purpose {
  FCSIM_RNG_ARRIVAL = 1, /* packet arrival times at a node */
  FCSIM_RNG_DEST = 2,    /* destinations of a node's packets */
  FCSIM_RNG_ROUTE = 3,   /* per-packet routing choices made at the source */
  FCSIM_RNG_HOP = 4,     /* per-hop routing choices made at a router */
  FCSIM_RNG_SETUP = 5,   /* network-wide set-up (random permutation) */
  FCSIM_RNG_JITTER = 6,  /* per-flit link latency of a jittered channel */
  FCSIM_RNG_CLOCK = 7,   /* per-node clock offsets drawn from a spread */
  FCSIM_RNG_BER = 8,     /* bit errors of a link protocol, drawn per (packet, attempt) */
  FCSIM_RNG_LANE = 9     /* each lane's own mean latency on a jittered channel, drawn once */
};

struct fcsim_rng {
  uint64_t key;     /* derived from (seed, entity, purpose) */
  uint64_t counter; /* numbers drawn so far */
};

static inline uint64_t fcsim_mix64(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static inline void fcsim_rng_init(struct fcsim_rng *r, uint64_t seed, uint64_t entity, unsigned purpose)
{
  r->key = fcsim_mix64(fcsim_mix64(seed + 0x9e3779b97f4a7c15ULL) ^ fcsim_mix64(entity * 8 + purpose + 1));
  r->counter = 0;
}

static inline uint64_t fcsim_rng_next(struct fcsim_rng *r)
{
  r->counter++;
  return fcsim_mix64(r->key + r->counter * 0x9e3779b97f4a7c15ULL);
}

/* Uniform in [0, 1). */
static inline double fcsim_rng_uniform(struct fcsim_rng *r)
{
  return (double)(fcsim_rng_next(r) >> 11) * 0x1p-53;
}

/* Uniform integer in [0, n), n <= 2^32 (Lemire's multiply-shift). */
static inline uint32_t fcsim_rng_below(struct fcsim_rng *r, uint32_t n)
{
  return (uint32_t)(((fcsim_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Standard normal draw (Box-Muller on two uniforms of the stream). */
double fcsim_rng_gaussian(struct fcsim_rng *r);

#endif
