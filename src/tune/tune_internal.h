/* SPDX-License-Identifier: BSD-3-Clause */
/* Private pieces of `fcsim tune` shared by its files and its unit tests:
 * the key catalogue (read once through the public help printer), the raw
 * results of one point, the metrics derived from them, and the store of
 * finished points (JSON Lines records and the in-memory cache keyed by the
 * full configuration text). */
#ifndef FCSIM_TUNE_INTERNAL_H
#define FCSIM_TUNE_INTERNAL_H

#include <stddef.h>

#include "fcsim/fcsim.h"
#include "stats/metrics_decl.h"

/* --- key catalogue --- */

/* Every configuration key and the registry names, as listed by
 * fcsim_config_print_help(markdown). All strings from malloc. */
struct fcsim__tune_catalog {
  size_t nkeys;
  char **keys;       /* "section.name", registry order */
  char *routing;     /* "dor, romm, ..." (routing.algorithm) */
  char *arbitration; /* "rr, ff, of, mixed" (router.arbitration) */
};

int fcsim__tune_catalog_load(struct fcsim__tune_catalog *cat, struct fcsim_error *err);
void fcsim__tune_catalog_free(struct fcsim__tune_catalog *cat);
/* 1 if "section.name" is a key of the catalogue. */
int fcsim__tune_catalog_has(const struct fcsim__tune_catalog *cat, const char *key);

/* The identity of a point: "section.name=text\n" for every catalogue key,
 * with the text as set or defaulted. From malloc; NULL when out of memory. */
char *fcsim__tune_config_key(const struct fcsim__tune_catalog *cat, const struct fcsim_config *cfg);

/* --- raw results of one point --- */

enum fcsim__tune_raw_field {
  TR_TOTAL_LATENCY,
  TR_AVG_LATENCY,
  TR_WORST_LATENCY,
  TR_P50_LATENCY,
  TR_P99_LATENCY,
  TR_P999_LATENCY,
  TR_SEND_THROUGHPUT,
  TR_RECV_THROUGHPUT,
  TR_MAX_BUSY_VCS,
  TR_AREA_ALMS,
  TR_AVG_HOPS,
  TR_PACKETS_MEASURED,
  TR_CYCLES,
  TR_WALL_SECONDS,
  TR_BUFFER_OVERFLOWS,
  TR_NRAW
};
/* JSON names of the fields above (the metric names of SPEC §1). */
extern const char *const fcsim__tune_raw_names[TR_NRAW];

struct fcsim__tune_raw {
  double v[TR_NRAW];
  int saturated, drained, deadlock;
};

/* The raw results from struct fcsim_stats; area_alms, which the router model writes, the caller reads with
 * fcsim_sim_metric (tune/pool.c). */
void fcsim__tune_raw_from_stats(const struct fcsim_stats *s, struct fcsim__tune_raw *r);

/* --- metrics --- */

/* The metrics --metric accepts: the "tune-metric" table of the metric
 * registry (stats/metrics_cmds.c), in its order (name, better, meaning). */
#define fcsim__tune_metrics  (fcsim__metrics_tune_metric.rows)
#define fcsim__tune_nmetrics (fcsim__metrics_tune_metric.n)
static inline int fcsim__tune_metric_hb(int m)
{
  return fcsim__tune_metrics[m].better == FCSIM_BETTER_HIGHER;
}
/* Index of a metric name, or -1. */
int fcsim__tune_metric_find(const char *name);

/* Value of metric m for a point; *valid set to 0 when the point cannot give
 * it (deadlock, flits that found a full buffer — an internal error of the
 * model —, no packets measured, no batch, more than 9 busy VCs for area). `min_vcs` is the fewest VCs the configuration
 * could be built with (2 for a dateline torus), the floor of the `area` metric. */
double fcsim__tune_metric_value(int m, const struct fcsim__tune_raw *r, int min_vcs, int *valid);

/* --- the store of finished points --- */

/* Parses one line of a tune JSON output. Returns 1 for a point record with a
 * complete configuration and results (then *key is from malloc and *raw is
 * filled), 0 for any other object (header, summary, a point of another
 * fcsim version or an incomplete one), -1 for a line that is not JSON. */
int fcsim__tune_parse_record(const char *line, const struct fcsim__tune_catalog *cat, char **key,
                             struct fcsim__tune_raw *raw);

/* Map from configuration key to raw results (open addressing). */
struct fcsim__tune_cache {
  size_t cap, n;
  char **keys; /* from malloc, owned */
  struct fcsim__tune_raw *raws;
};

/* Inserts or replaces; takes ownership of `key`. 0 or FCSIM_ENOMEM. */
int fcsim__tune_cache_put(struct fcsim__tune_cache *c, char *key, const struct fcsim__tune_raw *raw);
const struct fcsim__tune_raw *fcsim__tune_cache_get(const struct fcsim__tune_cache *c, const char *key);
void fcsim__tune_cache_free(struct fcsim__tune_cache *c);

/* Loads every point record of a file into the cache (a missing file is not
 * an error). *nrecords receives the number loaded. */
int fcsim__tune_cache_load(struct fcsim__tune_cache *c, const struct fcsim__tune_catalog *cat, const char *path,
                           long *nrecords, struct fcsim_error *err);

#endif
