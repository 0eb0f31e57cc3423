/* SPDX-License-Identifier: BSD-3-Clause */
/* Replications (sim.replications, include/fcsim/sim.h): the seeds of N
 * independent runs of one configuration, and their results combined: in the
 * JSON every numeric member of "metrics" becomes the mean over the
 * replications it applies to, and "replications" gives each one's
 * {n, mean, sd, ci95_low, ci95_high, values}; the table carries the same
 * statistics, arrays and objects under "metrics" combine number by number by
 * their declared rule (mean, sum by key, same) and the CSV is that JSON
 * flattened (core/csv.c). Combining
 * walks the runs in replication order, so the result does not depend on how
 * (or on how many threads) they were run. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "engine/report.h"
#include "engine/sim_priv.h"
#include "stats/summary.h"

uint64_t fcsim_replicate_seed(uint64_t seed, int index)
{
  if (index <= 0)
    return seed;
  /* 53 bits: sim.seed's range (exact in a double, as JSON readers hold it) */
  return fcsim_mix64(fcsim_mix64(seed ^ 0x7265706c69636174ULL) + (uint64_t)index * 0x9e3779b97f4a7c15ULL) >> 11;
}

int fcsim_config_replications(const struct fcsim_config *cfg)
{
  const char *t = fcsim_config_get(cfg, "sim.replications");
  long n = t ? strtol(t, NULL, 10) : 1;
  return n >= 1 ? (int)n : 1;
}

int fcsim_config_replicate(const struct fcsim_config *cfg, int index, struct fcsim_config **out,
                           struct fcsim_error *err)
{
  struct fcsim_config *c = fcsim_config_clone(cfg);
  if (!c)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (index > 0) {
    const char *t = fcsim_config_get(cfg, "sim.seed");
    char seed[32];
    snprintf(seed, sizeof seed, "%" PRIu64, fcsim_replicate_seed(strtoull(t ? t : "1", NULL, 10), index));
    int rc = fcsim_config_set(c, "sim.seed", seed, "sim.replications", err);
    if (rc) {
      fcsim_config_destroy(c);
      return rc;
    }
  }
  *out = c;
  return 0;
}

struct fcsim_replicas {
  struct fcsim_sim *const *sims;
  int n;
  json_t *root;    /* the combined JSON (replication 0's, metrics replaced by their means) */
  json_t *summary; /* root's "replications": {metric: {n, mean, sd, ci95_low, ci95_high, values}} */
  int saturated, deadlocked;
};

/* A metric's value in one replication's metrics, NAN when absent or null. */
static double metric_value(json_t *metrics, const char *name)
{
  json_t *v = json_object_get(metrics, name);
  return json_is_number(v) ? json_number_value(v) : NAN;
}

static json_t *summary_json(const struct fcsim_summary *s, const double *v, int n)
{
  json_t *o = json_object(), *vals = json_array();
  json_object_set_new(o, "n", json_integer(s->n));
  json_object_set_new(o, "mean", json_real(s->mean));
  json_object_set_new(o, "sd", json_real(s->sd));
  json_object_set_new(o, "ci95_low", json_real(s->ci95_low));
  json_object_set_new(o, "ci95_high", json_real(s->ci95_high));
  for (int i = 0; i < n; i++)
    json_array_append_new(vals, isnan(v[i]) ? json_null() : json_real(v[i]));
  json_object_set_new(o, "values", vals);
  return o;
}

/* Replaces each numeric metric of `metrics` (replication 0's, with the names
 * any replication has) by its mean and records its summary. */
static int combine_metrics(struct fcsim_replicas *r, json_t *metrics, json_t **each)
{
  double *v = malloc((size_t)r->n * sizeof *v), *have = malloc((size_t)r->n * sizeof *have);
  if (!v || !have) {
    free(v), free(have);
    return -1;
  }
  for (int i = 1; i < r->n; i++) { /* names only later replications have (e.g. counters that stayed 0) */
    const char *name;
    json_t *val;
    json_object_foreach(json_object_get(each[i], "metrics"), name, val)
    {
      if (!json_object_get(metrics, name) && json_is_number(val))
        json_object_set_new(metrics, name, json_null());
    }
  }
  const char *name;
  json_t *val;
  void *tmp;
  json_object_foreach_safe(metrics, tmp, name, val)
  {
    if (!json_is_number(val) && !json_is_null(val))
      continue; /* arrays and objects (per link, per message, the models) are replication 0's */
    int k = 0;
    for (int i = 0; i < r->n; i++) {
      v[i] = metric_value(json_object_get(each[i], "metrics"), name);
      if (!isnan(v[i]))
        have[k++] = v[i];
    }
    if (k == 0)
      continue;
    struct fcsim_summary s;
    fcsim_summary_of(have, k, &s);
    json_object_set_new(metrics, name, json_real(s.mean));
    json_object_set_new(r->summary, name, summary_json(&s, v, r->n));
  }
  free(v), free(have);
  return 0;
}

/* --- arrays and objects under "metrics": each number combined by its
 * declared rule (include/fcsim/metrics.h, enum fcsim_metric_replicate) --- */

/* The rule of the number at `path` (below "metrics."); undeclared: SAME. */
static enum fcsim_metric_replicate rule_at(const char *path)
{
  char full[320];
  snprintf(full, sizeof full, "metrics.%s", path);
  const struct fcsim_metric *m = fcsim_metric_lookup("run", NULL, full);
  return m ? m->replicate : FCSIM_REPLICATE_SAME;
}

/* Combines the number `*slot` of replication 0 with `vals[1..n-1]` (NULL
 * where a replication has none); returns the new value or NULL to keep it. */
static json_t *combine_number(json_t *mine, json_t *const *vals, int n, enum fcsim_metric_replicate rule)
{
  if (rule != FCSIM_REPLICATE_MEAN && rule != FCSIM_REPLICATE_SUM)
    return NULL;
  double sum = 0;
  int k = 0, all_int = 1;
  for (int i = 0; i < n; i++) {
    json_t *v = i ? vals[i] : mine;
    if (json_is_number(v)) {
      sum += json_number_value(v), k++;
      all_int &= json_is_integer(v);
    }
  }
  if (rule == FCSIM_REPLICATE_SUM)
    return all_int ? json_integer((json_int_t)sum) : json_real(sum);
  return k ? json_real(sum / k) : json_null();
}

static int combine_node(json_t *mine, json_t **others, int n, char *path, size_t len, size_t cap);

/* A member or element: its path extended by `key`, the others' matching ones. */
static int combine_child(json_t *parent, const char *key, size_t index, json_t *child, json_t **others, int n,
                         char *path, size_t len, size_t cap)
{
  json_t **sub = calloc((size_t)n, sizeof *sub);
  if (!sub)
    return -1;
  for (int i = 1; i < n; i++)
    sub[i] = key ? json_object_get(others[i], key) : json_array_get(others[i], index);
  int w = key ? snprintf(path + len, cap - len, "%s%s", len ? "." : "", key)
              : snprintf(path + len, cap - len, "%s%zu", len ? "." : "", index);
  size_t nl = w > 0 && (size_t)w < cap - len ? len + (size_t)w : len;
  int rc = 0;
  if (json_is_number(child) || json_is_null(child)) {
    json_t *v = combine_number(child, sub, n, rule_at(path));
    if (v)
      rc = key ? json_object_set_new(parent, key, v) : json_array_set_new(parent, index, v);
  } else {
    rc = combine_node(child, sub, n, path, nl, cap);
  }
  path[len] = '\0';
  free(sub);
  return rc;
}

/* The histogram's buckets: the union of every replication's (KEY), each
 * bucket's packets (SUM) added up; buckets in increasing order. */
static int combine_histogram(json_t *h, json_t **others, int n)
{
  json_t *keys = json_array(), *sums = json_array();
  double last = -INFINITY;
  for (;;) { /* the next smallest key over all replications, then its sum */
    double next = INFINITY;
    for (int i = 0; i < n; i++) {
      json_t *k = json_object_get(i ? others[i] : h, "bucket_cycles");
      for (size_t j = 0; j < json_array_size(k); j++) {
        double v = json_number_value(json_array_get(k, j));
        if (v > last && v < next)
          next = v;
      }
    }
    if (!isfinite(next))
      break;
    json_int_t total = 0;
    json_t *key = NULL;
    for (int i = 0; i < n; i++) {
      json_t *k = json_object_get(i ? others[i] : h, "bucket_cycles");
      json_t *c = json_object_get(i ? others[i] : h, "packets");
      for (size_t j = 0; j < json_array_size(k); j++)
        if (json_number_value(json_array_get(k, j)) == next) {
          total += json_integer_value(json_array_get(c, j));
          if (!key)
            key = json_array_get(k, j);
        }
    }
    json_array_append(keys, key);
    json_array_append_new(sums, json_integer(total));
    last = next;
  }
  json_object_set_new(h, "bucket_cycles", keys);
  json_object_set_new(h, "packets", sums);
  return 0;
}

static int combine_node(json_t *mine, json_t **others, int n, char *path, size_t len, size_t cap)
{
  int rc = 0;
  if (json_is_object(mine)) {
    json_t *keys = json_object_get(mine, "bucket_cycles");
    char probe[320];
    snprintf(probe, sizeof probe, "%s%sbucket_cycles.0", path, len ? "." : "");
    if (json_is_array(keys) && rule_at(probe) == FCSIM_REPLICATE_KEY)
      return combine_histogram(mine, others, n);
    const char *key;
    json_t *child;
    json_object_foreach(mine, key, child)
    {
      if (!rc)
        rc = combine_child(mine, key, 0, child, others, n, path, len, cap);
    }
  } else if (json_is_array(mine)) {
    for (size_t i = 0; i < json_array_size(mine) && !rc; i++)
      rc = combine_child(mine, NULL, i, json_array_get(mine, i), others, n, path, len, cap);
  }
  return rc;
}

/* Every array and object under "metrics" (replication 0's) combined with the
 * other replications' by the declared rules. */
static int combine_structures(struct fcsim_replicas *r, json_t *metrics, json_t **each)
{
  json_t **others = calloc((size_t)r->n, sizeof *others);
  if (!others)
    return -1;
  const char *name;
  json_t *val;
  int rc = 0;
  json_object_foreach(metrics, name, val)
  {
    if (rc || !(json_is_array(val) || json_is_object(val)))
      continue;
    for (int i = 1; i < r->n; i++)
      others[i] = json_object_get(json_object_get(each[i], "metrics"), name);
    char path[320];
    snprintf(path, sizeof path, "%s", name);
    rc = combine_node(val, others, r->n, path, strlen(path), sizeof path);
  }
  free(others);
  return rc;
}

/* The run-level verdicts over the replications and the execution totals. */
static void combine_verdicts(struct fcsim_replicas *r, json_t **each)
{
  json_t *root = r->root, *seeds = json_array();
  int drained = 1, measured = 0, finished = 1;
  double wall = 0, cpu = 0, steps = 0, trains = 0;
  uint64_t vc_peak_bytes = 0;
  const char *reason = NULL;
  for (int i = 0; i < r->n; i++) {
    const struct fcsim_stats *s = &r->sims[i]->stats;
    r->saturated += s->saturated != 0;
    r->deadlocked += s->deadlock != 0;
    drained &= s->drained != 0;
    measured |= s->packets_measured > 0;
    finished &= s->drained && !s->deadlock;
    if (!reason && s->saturated)
      reason = s->saturation_reason;
    wall += s->wall_seconds, cpu += s->cpu_seconds, steps += (double)s->node_steps;
    trains += (double)s->train_packets;
    vc_peak_bytes = s->vc_buffer_peak_bytes > vc_peak_bytes ? s->vc_buffer_peak_bytes : vc_peak_bytes;
    json_array_append_new(seeds, json_integer((json_int_t)r->sims[i]->net->p.seed));
    (void)each;
  }
  json_object_set_new(root, "saturated", json_boolean(r->saturated > 0));
  json_object_set_new(root, "saturation_reason", reason ? json_string(reason) : json_null());
  json_object_set_new(root, "drained", json_boolean(drained));
  json_object_set_new(root, "deadlock", json_boolean(r->deadlocked > 0));
  json_object_set_new(root, "measured", json_boolean(measured));
  if (json_object_get(root, "batch_finished"))
    json_object_set_new(root, "batch_finished", json_boolean(finished));
  for (int i = 0; i < r->n && !json_object_get(root, "deadlock_report"); i++)
    if (r->sims[i]->stats.deadlock_report)
      json_object_set_new(root, "deadlock_report", json_string(r->sims[i]->stats.deadlock_report));
  json_object_set_new(root, "saturated_replications", json_integer(r->saturated));
  json_object_set_new(root, "replication_seeds", seeds);
  json_t *exec = json_object_get(root, "execution"); /* summed over the replications */
  json_object_set_new(exec, "wall_seconds", json_real(wall));
  json_object_set_new(exec, "cpu_seconds", json_real(cpu));
  json_object_set_new(exec, "node_steps", json_integer((json_int_t)steps));
  json_object_set_new(exec, "train_packets", json_integer((json_int_t)trains));
  json_object_set_new(exec, "vc_buffer_peak_bytes", json_integer((json_int_t)vc_peak_bytes)); /* the most of any */
}

int fcsim_replicas_create(struct fcsim_sim *const *sims, int n, unsigned flags, struct fcsim_replicas **out,
                          struct fcsim_error *err)
{
  struct fcsim_replicas *r = calloc(1, sizeof *r);
  json_t **each = calloc((size_t)(n > 0 ? n : 1), sizeof *each);
  if (!r || !each || n < 1) {
    free(r), free(each);
    return fcsim_error_set(err, n < 1 ? FCSIM_EINVAL : FCSIM_ENOMEM, n < 1 ? "no replications" : "out of memory");
  }
  r->sims = sims;
  r->n = n;
  r->root = fcsim_report_json(sims[0], flags & ~FCSIM_JSON_COMPACT);
  each[0] = r->root;
  for (int i = 1; i < n; i++)
    each[i] = fcsim_report_json(sims[i], flags & ~FCSIM_JSON_COMPACT);
  int rc = 0;
  if (n > 1) {
    r->summary = json_object();
    rc = combine_metrics(r, json_object_get(r->root, "metrics"), each);
    if (!rc)
      rc = combine_structures(r, json_object_get(r->root, "metrics"), each);
    json_object_set_new(r->root, "replications", r->summary);
    combine_verdicts(r, each);
  } else {
    r->saturated = sims[0]->stats.saturated != 0;
    r->deadlocked = sims[0]->stats.deadlock != 0;
  }
  for (int i = 1; i < n; i++)
    json_decref(each[i]);
  free(each);
  if (rc) {
    fcsim_replicas_destroy(r);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  *out = r;
  return 0;
}

void fcsim_replicas_destroy(struct fcsim_replicas *r)
{
  if (!r)
    return;
  json_decref(r->root);
  free(r);
}

int fcsim_replicas_metric(const struct fcsim_replicas *r, const char *name, struct fcsim_summary *out)
{
  json_t *s = r->summary ? json_object_get(r->summary, name) : NULL;
  if (!s) { /* one run (or a metric that never applied) */
    double v = metric_value(json_object_get(r->root, "metrics"), name);
    fcsim_summary_of(&v, isnan(v) ? 0 : 1, out);
    return out->n;
  }
  out->n = (int)json_integer_value(json_object_get(s, "n"));
  out->mean = json_real_value(json_object_get(s, "mean"));
  out->sd = json_real_value(json_object_get(s, "sd"));
  out->ci95_low = json_real_value(json_object_get(s, "ci95_low"));
  out->ci95_high = json_real_value(json_object_get(s, "ci95_high"));
  return out->n;
}

int fcsim_replicas_saturated(const struct fcsim_replicas *r)
{
  return r->saturated;
}

int fcsim_replicas_deadlocked(const struct fcsim_replicas *r)
{
  return r->deadlocked;
}

int fcsim_replicas_write_json(const struct fcsim_replicas *r, FILE *out, unsigned flags, struct fcsim_error *err)
{
  return fcsim_report_dump(r->root, out, flags, err);
}

/* --- table --- */

static void table_verdicts(const struct fcsim_replicas *r, FILE *out)
{
  if (r->deadlocked) {
    const char *report = json_string_value(json_object_get(r->root, "deadlock_report"));
    fprintf(out, "\nDEADLOCK in %d of %d replications: %s\n", r->deadlocked, r->n,
            report ? report : "(no cycle found)");
  }
  if (r->saturated) {
    fprintf(out, "\nSATURATED in %d of %d replications (", r->saturated, r->n);
    for (int i = 0, first = 1; i < r->n; i++)
      if (r->sims[i]->stats.saturated) {
        const char *why = r->sims[i]->stats.saturation_reason;
        fprintf(out, "%sseed %" PRIu64 ": %s", first ? "" : ", ", r->sims[i]->net->p.seed, why ? why : "drain");
        first = 0;
      }
    fprintf(out, "); their latencies describe only the packets that arrived and are biased low, and so are the "
                 "means above.\n");
  }
}

void fcsim_replicas_write_table(const struct fcsim_replicas *r, FILE *out)
{
  if (r->n == 1) {
    fcsim_sim_write_table(r->sims[0], out);
    return;
  }
  fcsim_report_table_header(r->sims[0], out);
  fprintf(out, "%d replications, seeds", r->n);
  for (int i = 0; i < r->n && i < 8; i++)
    fprintf(out, " %" PRIu64, r->sims[i]->net->p.seed);
  fprintf(out,
          "%s: the mean +- the half-width of its 95 %% Student-t confidence interval (sd, interval and each value: "
          "--json)\n\n",
          r->n > 8 ? " ..." : "");
  fcsim__report_table_metrics(r->root, out);
  double wall = json_real_value(json_object_get(json_object_get(r->root, "execution"), "wall_seconds"));
  fprintf(out, "\n  %d runs took %.3f s in all (summed over the replications)\n", r->n, wall);
  table_verdicts(r, out);
}

/* --- CSV: the combined JSON flattened by the one CSV writer (core/csv.c):
 * the metrics' means, then `replications.X.n/mean/sd/ci95_low/ci95_high/values.i` --- */

int fcsim__replicas_csv_add(struct fcsim_csv *c, const struct fcsim_replicas *r, struct fcsim_error *err)
{
  return fcsim__report_csv_add(c, r->root, err);
}

int fcsim_replicas_write_csv(const struct fcsim_replicas *r, FILE *out, struct fcsim_error *err)
{
  struct fcsim_csv *c = fcsim__sim_csv_new();
  if (!c)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV row");
  int rc = fcsim__replicas_csv_add(c, r, err);
  if (!rc)
    rc = fcsim_csv_write(c, out, err);
  fcsim_csv_free(c);
  return rc;
}
