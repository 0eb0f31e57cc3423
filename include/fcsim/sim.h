/* SPDX-License-Identifier: BSD-3-Clause */
/* Running a simulation: build a network from a configuration, run it, read
 * its statistics and write them as a table, JSON or CSV. The command line is
 * a thin client of these functions. */
#ifndef FCSIM_SIM_H
#define FCSIM_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "fcsim/config.h"
#include "fcsim/error.h"
#include "fcsim/stats.h"

struct fcsim_sim;

/* Called about every 16k simulated cycles. `expected_cycles` is the planned
 * length (0 if unknown); `phase` is "warmup", "measure", "drain" or "batch".
 * Return nonzero to stop the run (fcsim_sim_run then returns
 * FCSIM_EINTERRUPTED). */
typedef int (*fcsim_progress_f)(void *user, uint64_t cycle, uint64_t expected_cycles, const char *phase);

/* Validates `cfg` and builds the network. The configuration is copied. */
int fcsim_sim_create(const struct fcsim_config *cfg, struct fcsim_sim **out, struct fcsim_error *err);
void fcsim_sim_destroy(struct fcsim_sim *sim);

/* Runs to completion: continuous mode (warm-up, measurement, drain) or batch
 * mode. Returns 0; FCSIM_EDEADLOCK when the watchdog fired (the statistics
 * and deadlock_report are still available); FCSIM_EINTERRUPTED;
 * FCSIM_ENOMEM. */
int fcsim_sim_run(struct fcsim_sim *sim, fcsim_progress_f progress, void *user, struct fcsim_error *err);

/* Statistics of the finished run (valid until destroy). */
const struct fcsim_stats *fcsim_sim_stats(const struct fcsim_sim *sim);
/* The total of a result a router model keeps in its own state rather than
 * in struct fcsim_stats, by its metric name (`metrics.NAME` of the JSON,
 * docs/METRICS.md; e.g. vcsn_misdelivered_frames): the sum over nodes (or
 * the largest, for maxima), merged over partitions and ranks. Returns 0, or
 * FCSIM_EINVAL (*total 0) when no model of the network keeps it. */
int fcsim_sim_model_metric(const struct fcsim_sim *sim, const char *name, uint64_t *total);
/* Any number of the run's results by its metric name, as the JSON writes it
 * at `metrics.NAME` (dotted into objects and arrays: "fc_model.d_link_cycles",
 * "protocol_links.0.payload_bytes"; docs/METRICS.md): the fields of struct
 * fcsim_stats and what the models keep or compute themselves (area_alms,
 * link_directions, fpga_luts, ...). Builds the run's JSON, so read it after
 * the run, not in a loop. Returns 0; FCSIM_EINVAL (*value 0) when the run
 * writes no number there (a model of another network, a null); FCSIM_ENOMEM. */
int fcsim_sim_metric(const struct fcsim_sim *sim, const char *name, double *value);

/* Readable table of the metrics. */
void fcsim_sim_write_table(const struct fcsim_sim *sim, FILE *out);
/* Flags of fcsim_sim_write_json. */
#define FCSIM_JSON_LINKS   1u /* add per-link utilisation (metrics.link_util) and protocol links (metrics.protocol_links) */
#define FCSIM_JSON_COMPACT 2u /* one line (JSON Lines), no indentation */
#define FCSIM_JSON_HISTOGRAM                                                                                           \
  4u /* add metrics.latency_histogram: {"bucket_cycles": [...],                                                        \
        "packets": [...]}, the non-empty buckets (a bucket's                                                           \
        smallest latency, cycles; exact below 2048) */

/* One JSON object: {"fcsim", "config", "derived", "metrics", "saturated", "saturation_reason",
 * "drained", "deadlock"} and a newline. */
int fcsim_sim_write_json(const struct fcsim_sim *sim, FILE *out, unsigned flags, struct fcsim_error *err);
/* CSV (docs/OUTPUT.md): a header and one row with the same fields as the
 * JSON of the same flags, flattened with dotted names (`config.` and
 * `metrics.` left out: `traffic.rate`, `avg_latency`), RFC 4180 quoting,
 * configuration values as numbers in their keys' units. */
int fcsim_sim_write_csv(const struct fcsim_sim *sim, FILE *out, unsigned flags, struct fcsim_error *err);
/* The same in two parts (no per-link arrays); the columns are this run's: a
 * table of several runs whose fields differ (a sweep over router models)
 * needs one header for all, as `fcsim sweep --csv` writes (core/csv.h). */
void fcsim_sim_write_csv_header(const struct fcsim_sim *sim, FILE *out);
void fcsim_sim_write_csv_row(const struct fcsim_sim *sim, FILE *out);

/* --- Replications (sim.replications = N) ---
 * N independent runs of one configuration. Replication 0 runs with sim.seed
 * itself (so N = 1 is the plain run); replication i > 0 with
 *   seed_i = mix64(mix64(sim.seed ^ 0x7265706c69636174) + i * 0x9e3779b97f4a7c15) >> 11
 * (mix64: SplitMix64's finaliser, core/rng.h): a keyed function of
 * (sim.seed, i), not draws of a shared stream, so replication i is the same
 * run however many replications, threads or ranks there are. */
uint64_t fcsim_replicate_seed(uint64_t seed, int index);
/* sim.replications of cfg (1 when unset). fcsim_sim_run always runs one
 * replication: a caller that honours the key (as `fcsim run` does) builds
 * each with fcsim_config_replicate and combines them with
 * fcsim_replicas_create. */
int fcsim_config_replications(const struct fcsim_config *cfg);
/* A copy of cfg for replication `index` (its sim.seed set to the derived
 * seed; index 0 is an unchanged copy). */
int fcsim_config_replicate(const struct fcsim_config *cfg, int index, struct fcsim_config **out,
                           struct fcsim_error *err);

/* The replications of a configuration combined (engine/replicas.c): every
 * numeric metric's mean, sd and 95 % Student-t interval. `sims` (finished
 * runs, replication order) must outlive it; `flags` are fcsim_sim_write_json's. */
struct fcsim_replicas;
int fcsim_replicas_create(struct fcsim_sim *const *sims, int n, unsigned flags, struct fcsim_replicas **out,
                          struct fcsim_error *err);
void fcsim_replicas_destroy(struct fcsim_replicas *r);
/* The summary of metric `name` (as in the JSON's "metrics"); returns its n,
 * 0 when it applies to no replication. */
int fcsim_replicas_metric(const struct fcsim_replicas *r, const char *name, struct fcsim_summary *out);
/* Replications that saturated, that deadlocked. */
int fcsim_replicas_saturated(const struct fcsim_replicas *r);
int fcsim_replicas_deadlocked(const struct fcsim_replicas *r);
/* The writers of one run, for N runs; with N = 1 exactly the run's output. */
void fcsim_replicas_write_table(const struct fcsim_replicas *r, FILE *out);
int fcsim_replicas_write_json(const struct fcsim_replicas *r, FILE *out, unsigned flags, struct fcsim_error *err);
/* The CSV: a header and one row, the JSON above flattened as
 * fcsim_sim_write_csv does (`replications.X.mean`, `.sd`, `.ci95_low`, ...). */
int fcsim_replicas_write_csv(const struct fcsim_replicas *r, FILE *out, struct fcsim_error *err);

/* A description of the network a configuration builds (any topology; the
 * full description, by kind and link class, is `fcsim topo --json`). */
struct fcsim_topo_info {
  int64_t nodes;
  int64_t links;    /* bidirectional links */
  int64_t channels; /* directed channels */
  int diameter_hops;
  double diameter_ns;               /* head latency of the longest lowest-latency path between endpoints at zero load */
  int64_t bisection_links;          /* links across the smallest bisection (netlists: a heuristic upper bound) */
  double bisection_flits_per_cycle; /* both directions */
  int ports_per_router;             /* most network ports of a router, plus the model's local ports */
  int link_latency_cycles;
  double link_latency_ns;
  int router_delay_cycles; /* per-hop head delay inside a router */
};
int fcsim_topo_describe(const struct fcsim_config *cfg, struct fcsim_topo_info *info, struct fcsim_error *err);

/* For bindings in other languages (python/fcsim), which read results as JSON
 * rather than the structures above. Each returns NUL-terminated text
 * allocated by the library, to be released with fcsim_free, or NULL with
 * `err` set.
 *   fcsim_sim_json:  the object fcsim_sim_write_json writes (same flags).
 *   fcsim_topo_json: the fields of struct fcsim_topo_info, by name, and "fcsim" (the version). */
char *fcsim_sim_json(const struct fcsim_sim *sim, unsigned flags, struct fcsim_error *err);
char *fcsim_topo_json(const struct fcsim_config *cfg, struct fcsim_error *err);
/*   fcsim_replications_json: builds and runs `n` replications of `cfg`
 *   (n <= 0: sim.replications of cfg; n > 0 sets sim.replications = n, as
 *   `--replications n` does), one after the other on the calling thread,
 *   with the seeds `fcsim run` gives them (fcsim_config_replicate), and
 *   returns their combined object: what `fcsim run --replications n --json`
 *   writes (flags FCSIM_JSON_*; n = 1: the plain run's). A replication that
 *   deadlocked is part of the result (`deadlock` true); any other failure
 *   returns NULL with `err` set. */
char *fcsim_replications_json(const struct fcsim_config *cfg, int n, unsigned flags, struct fcsim_error *err);
void fcsim_free(void *p);

#endif
