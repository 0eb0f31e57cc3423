/* SPDX-License-Identifier: BSD-3-Clause */
/* Model and workload counters declared with a merge rule, so that the engine
 * can combine them across MPI ranks before anything is reported.
 *
 * A router model or a workload that counts something during a run (drops,
 * the largest buffer occupancy, deliveries per node) keeps the counts in its
 * shared set-up and declares them through its optional `counters` op:
 * arrays of 32- or 64-bit unsigned integers, each with a rule, SUM or MAX.
 *
 * The contract that makes the result independent of the split: every
 * element starts at 0 and is written during the run only by steps of the
 * nodes of one partition (per-node arrays: element [node] or [node * k + j]),
 * or only ever incremented (a SUM counter may be a rank-wide total). Threads
 * of a rank then share one copy that is already complete for that rank's
 * nodes; ranks hold their own nodes' values and zeros elsewhere, so the sum
 * (or the maximum) over ranks, element by element, is exactly the value of a
 * single-process run. The engine (engine/mpi.c) packs every declared array
 * of every node kind and of the workload into one buffer per rule, reduces
 * them over the ranks, and writes the results back into each rank's copy;
 * models and workloads then report from their own arrays as usual. */
#ifndef FCSIM_STATS_COUNTERS_H
#define FCSIM_STATS_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

/* How the ranks' copies of an element combine. */
enum fcsim_merge {
  FCSIM_MERGE_SUM, /* counts: each rank counted its own nodes' events */
  FCSIM_MERGE_MAX, /* largest values and last times */
  FCSIM_MERGE_RULES
};

/* One declared array of counters. */
struct fcsim_counter {
  const char *name;      /* what it counts (messages, tests) */
  enum fcsim_merge rule; /* how ranks combine it */
  int width_bytes;       /* 4 (uint32_t) or 8 (uint64_t) */
  void *v;               /* the elements, in the declaring model's shared set-up */
  size_t n;              /* number of elements */
  int metric;            /* a result (FCSIM_METRIC_*; 0: not one), written as metrics.NAME (its total: the sum
                          * of the elements, or the largest for MAX) and declared in the metric registry with
                          * the same rule */
};

/* When a metric counter is written into the run's "metrics". */
enum fcsim_metric_when {
  FCSIM_METRIC_KIND = 1, /* with its kind's other metric counters, when any of them is non-zero, where the
                          * models' metrics go (engine/model_metrics.c) */
  FCSIM_METRIC_PLACED    /* where its part of the run's metrics joins, by the rule its row there
                          * declares (enum fcsim_metric_counter, include/fcsim/metrics.h): when
                          * non-zero, always, or with protocol links (engine/model_metrics.c) */
};

/* Most counter arrays one model or workload may declare. */
#define FCSIM_MAX_COUNTERS 12

static inline struct fcsim_counter fcsim_counter_u64(const char *name, enum fcsim_merge rule, uint64_t *v, size_t n)
{
  struct fcsim_counter c = {name, rule, 8, v, n};
  return c;
}

static inline struct fcsim_counter fcsim_counter_u32(const char *name, enum fcsim_merge rule, uint32_t *v, size_t n)
{
  struct fcsim_counter c = {name, rule, 4, v, n};
  return c;
}

/* A counter that is also a result (see `metric` above): the model keeps it,
 * the run's JSON writes it, with its kind's other metric counters, when
 * any of them is non-zero. */
static inline struct fcsim_counter fcsim_counter_metric_u64(const char *name, enum fcsim_merge rule, uint64_t *v,
                                                            size_t n)
{
  struct fcsim_counter c = {name, rule, 8, v, n, FCSIM_METRIC_KIND};
  return c;
}

/* A metric counter written at its declaration's place, by its rule (FCSIM_METRIC_PLACED). */
static inline struct fcsim_counter fcsim_counter_placed_u64(const char *name, enum fcsim_merge rule, uint64_t *v,
                                                            size_t n)
{
  struct fcsim_counter c = {name, rule, 8, v, n, FCSIM_METRIC_PLACED};
  return c;
}

static inline struct fcsim_counter fcsim_counter_placed_u32(const char *name, enum fcsim_merge rule, uint32_t *v,
                                                            size_t n)
{
  struct fcsim_counter c = {name, rule, 4, v, n, FCSIM_METRIC_PLACED};
  return c;
}

/* The total of a metric counter: the sum of its elements (SUM), the largest (MAX). */
uint64_t fcsim_counter_total(const struct fcsim_counter *c);

/* Elements of the arrays in c[0..nc) that merge by `rule`. */
size_t fcsim_counters_count(const struct fcsim_counter *c, int nc, enum fcsim_merge rule);

/* Copies the elements merging by `rule`, in declaration order, widened to
 * 64 bits, into out[0 .. fcsim_counters_count(...)). */
void fcsim_counters_pack(const struct fcsim_counter *c, int nc, enum fcsim_merge rule, uint64_t *out);

/* Writes back what pack wrote (after the reduction); 32-bit arrays take the
 * low 32 bits (a sum that overflows 32 bits wraps, as the counter would). */
void fcsim_counters_unpack(const struct fcsim_counter *c, int nc, enum fcsim_merge rule, const uint64_t *in);

/* acc[i] = rule(acc[i], in[i]) for i < n: what the reduction over ranks
 * computes (MPI_SUM, MPI_MAX), for single-process merges and tests. */
void fcsim_counters_combine(enum fcsim_merge rule, uint64_t *acc, const uint64_t *in, size_t n);

/* "sum" or "max". */
const char *fcsim_merge_name(enum fcsim_merge rule);

#endif
