/* SPDX-License-Identifier: BSD-3-Clause */
/* Statistics accumulators and the latency histogram. */
#include <string.h>

#include "stats/stats.h"

void fcsim_stats_acc_init(struct fcsim_stats_acc *a)
{
  memset(a, 0, sizeof *a);
  a->first_inject = UINT64_MAX;
}

void fcsim_stats_acc_merge(struct fcsim_stats_acc *a, const struct fcsim_stats_acc *b)
{
  a->created_flits_window += b->created_flits_window;
  a->injected_flits_window += b->injected_flits_window;
  a->ejected_flits_window += b->ejected_flits_window;
  a->measured_created += b->measured_created;
  a->measured_delivered += b->measured_delivered;
  a->lat_sum += b->lat_sum;
  a->lat_max = a->lat_max > b->lat_max ? a->lat_max : b->lat_max;
  a->hops_sum += b->hops_sum;
  a->first_inject = a->first_inject < b->first_inject ? a->first_inject : b->first_inject;
  a->last_eject = a->last_eject > b->last_eject ? a->last_eject : b->last_eject;
  a->flits_injected_total += b->flits_injected_total;
  a->flits_ejected_total += b->flits_ejected_total;
  a->flit_hops_total += b->flit_hops_total;
  a->buffer_overflows += b->buffer_overflows;
  a->self_sent_window += b->self_sent_window;
  a->self_excluded_window += b->self_excluded_window;
  a->node_steps += b->node_steps;
  a->train_packets += b->train_packets;
  a->max_busy_vcs = a->max_busy_vcs > b->max_busy_vcs ? a->max_busy_vcs : b->max_busy_vcs;
  a->vc_buffer_peak_bytes =
      a->vc_buffer_peak_bytes > b->vc_buffer_peak_bytes ? a->vc_buffer_peak_bytes : b->vc_buffer_peak_bytes;
  for (unsigned i = 0; i < FCSIM_HIST_BUCKETS; i++)
    a->hist[i] += b->hist[i];
}

uint64_t fcsim_hist_value(unsigned bucket)
{
  if (bucket < FCSIM_HIST_EXACT)
    return bucket;
  unsigned k = bucket - FCSIM_HIST_EXACT;
  unsigned e = 11 + k / FCSIM_HIST_SUB, sub = k % FCSIM_HIST_SUB;
  return ((uint64_t)(FCSIM_HIST_SUB + sub)) << (e - 6);
}

uint64_t fcsim_hist_quantile(const uint64_t *hist, uint64_t total, double q)
{
  if (total == 0)
    return 0;
  /* rank of the sample at quantile q, 1-based, rounded up */
  double r = q * (double)total;
  uint64_t rank = (uint64_t)r;
  if ((double)rank < r)
    rank++;
  if (rank < 1)
    rank = 1;
  uint64_t seen = 0;
  for (unsigned i = 0; i < FCSIM_HIST_BUCKETS; i++) {
    seen += hist[i];
    if (seen >= rank)
      return fcsim_hist_value(i);
  }
  return fcsim_hist_value(FCSIM_HIST_BUCKETS - 1);
}
