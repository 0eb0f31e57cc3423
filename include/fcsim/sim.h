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
void fcsim_free(void *p);

#endif
