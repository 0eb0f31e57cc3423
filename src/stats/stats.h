/* SPDX-License-Identifier: BSD-3-Clause */
/* Statistics accumulated during a run: integer counters and a latency
 * histogram only, so that partial accumulators merge in any order to the
 * same bits. Turned into struct fcsim_stats at the end. */
#ifndef FCSIM_STATS_STATS_H
#define FCSIM_STATS_STATS_H

#include <stdint.h>

#include "fcsim/stats.h"

/* Log-linear latency histogram: exact below 2048, then 64 buckets per power
 * of two. */
#define FCSIM_HIST_EXACT   2048
#define FCSIM_HIST_SUB     64
#define FCSIM_HIST_BUCKETS (FCSIM_HIST_EXACT + (64 - 11) * FCSIM_HIST_SUB)

struct fcsim_stats_acc {
  uint64_t created_flits_window;  /* flits of packets created in the window */
  uint64_t injected_flits_window; /* flits entering the network in the window */
  uint64_t ejected_flits_window;  /* flits ejected in the window */
  uint64_t measured_created;      /* measured packets created */
  uint64_t measured_delivered;    /* measured packets whose tail ejected */
  uint64_t lat_sum, lat_max, hops_sum;
  uint64_t first_inject, last_eject; /* batch latency; first_inject starts at UINT64_MAX */
  uint64_t flits_injected_total, flits_ejected_total, flit_hops_total;
  uint64_t buffer_overflows;
  uint32_t max_busy_vcs;
  uint64_t self_sent_window;     /* measured packets sent to their own source (0 hops) */
  uint64_t self_excluded_window; /* measured-window packets to their own source, not created */
  uint64_t node_steps;           /* model steps made (engine work: depends on the split, so an execution figure) */
  uint64_t train_packets;        /* novog: packets moved whole (sim.trains; an execution figure) */
  uint64_t vc_buffer_peak_bytes; /* VC routers: the most bytes of VC storage chunks one router held at once */
  uint64_t hist[FCSIM_HIST_BUCKETS];
};

void fcsim_stats_acc_init(struct fcsim_stats_acc *a);
/* Adds b into a (commutative and associative). */
void fcsim_stats_acc_merge(struct fcsim_stats_acc *a, const struct fcsim_stats_acc *b);

static inline unsigned fcsim_hist_bucket(uint64_t v)
{
  if (v < FCSIM_HIST_EXACT)
    return (unsigned)v;
  unsigned e = 63u - (unsigned)__builtin_clzll(v); /* >= 11 */
  unsigned sub = (unsigned)(v >> (e - 6)) & (FCSIM_HIST_SUB - 1);
  return FCSIM_HIST_EXACT + (e - 11) * FCSIM_HIST_SUB + sub;
}

/* Smallest value of a bucket. */
uint64_t fcsim_hist_value(unsigned bucket);

/* Value at quantile q (0..1) of the histogram: the smallest recorded bucket
 * value v such that at least q of the samples are <= v's bucket. */
uint64_t fcsim_hist_quantile(const uint64_t *hist, uint64_t total, double q);

static inline void fcsim_stats_record_packet(struct fcsim_stats_acc *a, uint64_t latency, unsigned hops)
{
  a->measured_delivered++;
  a->lat_sum += latency;
  if (latency > a->lat_max)
    a->lat_max = latency;
  a->hops_sum += hops;
  a->hist[fcsim_hist_bucket(latency)]++;
}

#endif
