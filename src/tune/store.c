/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune` bookkeeping below the search: the key catalogue (read once
 * from the public help printer, so tune needs nothing beyond include/fcsim/),
 * the identity of a point, raw results and metrics, and the store of
 * finished points: JSON Lines records and the cache that lets a re-run reuse
 * them. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/text.h"
#include "tune/analysis.h"
#include "tune/tune_internal.h"
#include "tune/tune_json.h"

/* --- key catalogue --- */

static char *dup_range(const char *s, size_t n)
{
  char *d = malloc(n + 1);
  if (d) {
    memcpy(d, s, n);
    d[n] = '\0';
  }
  return d;
}


/* Reads the markdown table of `fcsim help config --markdown`: one row per
 * key, "| `section.name` | unit | `default` | range | meaning |"; the range
 * column of a registry key lists its names. This is the only public view of
 * the registries, and it is generated from them at run time. */
int fcsim__tune_catalog_load(struct fcsim__tune_catalog *cat, struct fcsim_error *err)
{
  memset(cat, 0, sizeof *cat);
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  if (!mem)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  fcsim_config_print_help(mem, 1);
  if (fclose(mem) || !text) {
    free(text);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  size_t cap = 0;
  for (char *line = text; *line;) {
    char *nl = strchr(line, '\n');
    char *end = nl ? nl : line + strlen(line);
    if (!strncmp(line, "| `", 3)) {
      /* split the row into its columns */
      const char *col[6] = {0}, *colend[6] = {0};
      int ncol = 0;
      const char *p = line + 1;
      while (p < end && ncol < 6) {
        const char *bar = memchr(p, '|', (size_t)(end - p));
        if (!bar)
          break;
        col[ncol] = p;
        colend[ncol] = bar;
        ncol++;
        p = bar + 1;
      }
      if (ncol >= 4) {
        const char *ks = col[0], *ke = colend[0];
        fcsim_text_trim_span(&ks, &ke, " `");
        if (cat->nkeys == cap) {
          cap = cap ? 2 * cap : 64;
          char **k = realloc(cat->keys, cap * sizeof *k);
          if (!k)
            goto nomem;
          cat->keys = k;
        }
        if (!(cat->keys[cat->nkeys] = dup_range(ks, (size_t)(ke - ks))))
          goto nomem;
        const char *rs = col[3], *re = colend[3];
        fcsim_text_trim_span(&rs, &re, " `");
        char **names = !strcmp(cat->keys[cat->nkeys], "routing.algorithm")    ? &cat->routing
                       : !strcmp(cat->keys[cat->nkeys], "router.arbitration") ? &cat->arbitration
                                                                              : NULL;
        cat->nkeys++;
        if (names && !(*names = dup_range(rs, (size_t)(re - rs))))
          goto nomem;
      }
    }
    line = nl ? nl + 1 : end;
  }
  free(text);
  if (!cat->nkeys || !cat->routing || !cat->arbitration) {
    fcsim__tune_catalog_free(cat);
    return fcsim_error_set(err, FCSIM_EINTERNAL, "tune: cannot read the key registry from the help text");
  }
  return 0;
nomem:
  free(text);
  fcsim__tune_catalog_free(cat);
  return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
}

void fcsim__tune_catalog_free(struct fcsim__tune_catalog *cat)
{
  for (size_t i = 0; i < cat->nkeys; i++)
    free(cat->keys[i]);
  free(cat->keys);
  free(cat->routing);
  free(cat->arbitration);
  memset(cat, 0, sizeof *cat);
}

int fcsim__tune_catalog_has(const struct fcsim__tune_catalog *cat, const char *key)
{
  for (size_t i = 0; i < cat->nkeys; i++)
    if (!strcmp(cat->keys[i], key))
      return 1;
  return 0;
}

/* Appends "key=value\n" to a growing buffer; 0 or -1. */
static int append_kv(char **buf, size_t *len, size_t *cap, const char *key, const char *value)
{
  size_t need = strlen(key) + strlen(value) + 2;
  if (*len + need + 1 > *cap) {
    size_t ncap = (*cap ? *cap : 1024);
    while (*len + need + 1 > ncap)
      ncap *= 2;
    char *n = realloc(*buf, ncap);
    if (!n)
      return -1;
    *buf = n;
    *cap = ncap;
  }
  *len += (size_t)sprintf(*buf + *len, "%s=%s\n", key, value);
  return 0;
}

char *fcsim__tune_config_key(const struct fcsim__tune_catalog *cat, const struct fcsim_config *cfg)
{
  char *buf = NULL;
  size_t len = 0, cap = 0;
  for (size_t i = 0; i < cat->nkeys; i++) {
    const char *v = fcsim_config_get(cfg, cat->keys[i]);
    if (append_kv(&buf, &len, &cap, cat->keys[i], v ? v : "")) {
      free(buf);
      return NULL;
    }
  }
  if (!buf)
    buf = calloc(1, 1);
  return buf;
}

json_t *fcsim__tune_config_json(const struct fcsim__tune_catalog *cat, const struct fcsim_config *cfg)
{
  json_t *root = json_object();
  for (size_t i = 0; i < cat->nkeys; i++) {
    const char *dot = strchr(cat->keys[i], '.');
    if (!dot)
      continue;
    char section[64];
    snprintf(section, sizeof section, "%.*s", (int)(dot - cat->keys[i]), cat->keys[i]);
    json_t *sec = json_object_get(root, section);
    if (!sec) {
      sec = json_object();
      json_object_set_new(root, section, sec);
    }
    const char *v = fcsim_config_get(cfg, cat->keys[i]);
    json_object_set_new(sec, dot + 1, json_string(v ? v : ""));
  }
  return root;
}

/* The key of a JSON "config" object, or NULL when a catalogue key is
 * missing (a record of another fcsim version). */
static char *key_from_json(const struct fcsim__tune_catalog *cat, json_t *config)
{
  char *buf = NULL;
  size_t len = 0, cap = 0;
  for (size_t i = 0; i < cat->nkeys; i++) {
    const char *dot = strchr(cat->keys[i], '.');
    char section[64];
    if (!dot)
      goto fail;
    snprintf(section, sizeof section, "%.*s", (int)(dot - cat->keys[i]), cat->keys[i]);
    const char *v = json_string_value(json_object_get(json_object_get(config, section), dot + 1));
    if (!v || append_kv(&buf, &len, &cap, cat->keys[i], v))
      goto fail;
  }
  return buf ? buf : calloc(1, 1);
fail:
  free(buf);
  return NULL;
}

/* --- raw results --- */

const char *const fcsim__tune_raw_names[TR_NRAW] = {
    "total_latency", "avg_latency",      "worst_latency",   "p50_latency",  "p99_latency",
    "p999_latency",  "send_throughput",  "recv_throughput", "max_busy_vcs", "area_alms",
    "avg_hops",      "packets_measured", "cycles",          "wall_seconds", "buffer_overflows",
};

void fcsim__tune_raw_from_stats(const struct fcsim_stats *s, struct fcsim__tune_raw *r)
{
  memset(r, 0, sizeof *r);
  r->v[TR_TOTAL_LATENCY] = s->total_latency;
  r->v[TR_AVG_LATENCY] = s->avg_latency;
  r->v[TR_WORST_LATENCY] = s->worst_latency;
  r->v[TR_P50_LATENCY] = s->p50_latency;
  r->v[TR_P99_LATENCY] = s->p99_latency;
  r->v[TR_P999_LATENCY] = s->p999_latency;
  r->v[TR_SEND_THROUGHPUT] = s->send_throughput;
  r->v[TR_RECV_THROUGHPUT] = s->recv_throughput;
  r->v[TR_MAX_BUSY_VCS] = s->max_busy_vcs;
  r->v[TR_AVG_HOPS] = s->avg_hops;
  r->v[TR_PACKETS_MEASURED] = (double)s->packets_measured;
  r->v[TR_CYCLES] = (double)s->cycles;
  r->v[TR_WALL_SECONDS] = s->wall_seconds;
  r->v[TR_BUFFER_OVERFLOWS] = (double)s->buffer_overflows;
  r->saturated = s->saturated;
  r->drained = s->drained;
  r->deadlock = s->deadlock;
}

json_t *fcsim__tune_raw_json(const struct fcsim__tune_raw *r)
{
  json_t *o = json_object();
  for (int i = 0; i < TR_NRAW; i++)
    json_object_set_new(o, fcsim__tune_raw_names[i], json_real(r->v[i]));
  json_object_set_new(o, "saturated", json_boolean(r->saturated));
  json_object_set_new(o, "drained", json_boolean(r->drained));
  json_object_set_new(o, "deadlock", json_boolean(r->deadlock));
  return o;
}

/* --- metrics --- */

/* the metrics themselves: fcsim__tune_metrics (tune_internal.h) */

int fcsim__tune_metric_find(const char *name)
{
  for (size_t i = 0; i < fcsim__tune_nmetrics; i++)
    if (!strcmp(fcsim__tune_metrics[i].path, name))
      return (int)i;
  return -1;
}

double fcsim__tune_metric_value(int m, const struct fcsim__tune_raw *r, int min_vcs, int *valid)
{
  const char *name = fcsim__tune_metrics[m].path;
  *valid = !r->deadlock && r->v[TR_BUFFER_OVERFLOWS] == 0;
  int latency = strstr(name, "latency") != NULL;
  /* no measured packet, or none of them arrived: a delivered packet takes
   * at least a cycle, so an average latency of 0 means none arrived (a run
   * far past saturation; the run's JSON gives null) */
  if (latency && (r->v[TR_PACKETS_MEASURED] <= 0 || !(r->v[TR_AVG_LATENCY] > 0)))
    *valid = 0;
  if (!strcmp(name, "total_latency")) {
    *valid = *valid && r->v[TR_TOTAL_LATENCY] > 0;
    return r->v[TR_TOTAL_LATENCY];
  }
  if (!strcmp(name, "avg_latency"))
    return r->v[TR_AVG_LATENCY];
  if (!strcmp(name, "worst_latency"))
    return r->v[TR_WORST_LATENCY];
  if (!strcmp(name, "p99_latency"))
    return r->v[TR_P99_LATENCY];
  if (!strcmp(name, "send_throughput"))
    return r->v[TR_SEND_THROUGHPUT];
  if (!strcmp(name, "recv_throughput"))
    return r->v[TR_RECV_THROUGHPUT];
  if (!strcmp(name, "max_busy_vcs"))
    return r->v[TR_MAX_BUSY_VCS];
  if (!strcmp(name, "area")) {
    int v = (int)r->v[TR_MAX_BUSY_VCS];
    if (v < min_vcs)
      v = min_vcs;
    if (v < 1)
      v = 1;
    int alms = fcsim__tune_area_alms(v);
    *valid = *valid && alms > 0;
    return alms;
  }
  if (!strcmp(name, "area_alms")) {
    *valid = *valid && r->v[TR_AREA_ALMS] > 0;
    return r->v[TR_AREA_ALMS];
  }
  *valid = 0;
  return NAN;
}

/* --- records and the cache --- */

int fcsim__tune_parse_record(const char *line, const struct fcsim__tune_catalog *cat, char **key,
                             struct fcsim__tune_raw *raw)
{
  *key = NULL;
  json_error_t jerr;
  json_t *o = json_loads(line, JSON_DECODE_ANY, &jerr);
  if (!o)
    return -1;
  int rc = 0;
  const char *type = json_string_value(json_object_get(o, "type"));
  const char *ver = json_string_value(json_object_get(o, "fcsim"));
  json_t *res = json_object_get(o, "results");
  if (!json_is_object(o) || !type || strcmp(type, "point") || !ver || strcmp(ver, fcsim_version()) ||
      !json_is_object(res))
    goto done;
  memset(raw, 0, sizeof *raw);
  for (int i = 0; i < TR_NRAW; i++) {
    json_t *v = json_object_get(res, fcsim__tune_raw_names[i]);
    if (!json_is_number(v))
      goto done;
    raw->v[i] = json_number_value(v);
  }
  json_t *sat = json_object_get(res, "saturated"), *dr = json_object_get(res, "drained"),
         *dl = json_object_get(res, "deadlock");
  if (!json_is_boolean(sat) || !json_is_boolean(dr) || !json_is_boolean(dl))
    goto done;
  raw->saturated = json_is_true(sat);
  raw->drained = json_is_true(dr);
  raw->deadlock = json_is_true(dl);
  if (!(*key = key_from_json(cat, json_object_get(o, "config"))))
    goto done;
  rc = 1;
done:
  json_decref(o);
  return rc;
}

/* FNV-1a */
static size_t hash_str(const char *s)
{
  size_t h = (size_t)1469598103934665603ULL;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * (size_t)1099511628211ULL;
  return h;
}

static int cache_grow(struct fcsim__tune_cache *c)
{
  size_t ncap = c->cap ? 2 * c->cap : 256;
  char **keys = calloc(ncap, sizeof *keys);
  struct fcsim__tune_raw *raws = calloc(ncap, sizeof *raws);
  if (!keys || !raws) {
    free(keys);
    free(raws);
    return FCSIM_ENOMEM;
  }
  for (size_t i = 0; i < c->cap; i++) {
    if (!c->keys[i])
      continue;
    size_t j = hash_str(c->keys[i]) & (ncap - 1);
    while (keys[j])
      j = (j + 1) & (ncap - 1);
    keys[j] = c->keys[i];
    raws[j] = c->raws[i];
  }
  free(c->keys);
  free(c->raws);
  c->keys = keys;
  c->raws = raws;
  c->cap = ncap;
  return 0;
}

int fcsim__tune_cache_put(struct fcsim__tune_cache *c, char *key, const struct fcsim__tune_raw *raw)
{
  if ((c->n + 1) * 2 > c->cap && cache_grow(c)) {
    free(key);
    return FCSIM_ENOMEM;
  }
  size_t j = hash_str(key) & (c->cap - 1);
  while (c->keys[j] && strcmp(c->keys[j], key))
    j = (j + 1) & (c->cap - 1);
  if (c->keys[j])
    free(key);
  else {
    c->keys[j] = key;
    c->n++;
  }
  c->raws[j] = *raw;
  return 0;
}

const struct fcsim__tune_raw *fcsim__tune_cache_get(const struct fcsim__tune_cache *c, const char *key)
{
  if (!c->cap)
    return NULL;
  size_t j = hash_str(key) & (c->cap - 1);
  while (c->keys[j]) {
    if (!strcmp(c->keys[j], key))
      return &c->raws[j];
    j = (j + 1) & (c->cap - 1);
  }
  return NULL;
}

void fcsim__tune_cache_free(struct fcsim__tune_cache *c)
{
  for (size_t i = 0; i < c->cap; i++)
    free(c->keys[i]);
  free(c->keys);
  free(c->raws);
  memset(c, 0, sizeof *c);
}

int fcsim__tune_cache_load(struct fcsim__tune_cache *c, const struct fcsim__tune_catalog *cat, const char *path,
                           long *nrecords, struct fcsim_error *err)
{
  if (nrecords)
    *nrecords = 0;
  struct stat sb;
  if (stat(path, &sb) && errno == ENOENT)
    return 0;
  FILE *f = fcsim_text_open(path, FCSIM_MAX_INPUT_BYTES_DEFAULT, "a tune results file (--json)", err);
  if (!f)
    return FCSIM_EIO;
  char *line = NULL;
  size_t cap = 0;
  long n = 0;
  int rc = 0;
  while (getline(&line, &cap, f) > 0) {
    char *key;
    struct fcsim__tune_raw raw;
    /* lines that are not JSON (a run killed mid-write) are skipped */
    if (fcsim__tune_parse_record(line, cat, &key, &raw) == 1) {
      if ((rc = fcsim__tune_cache_put(c, key, &raw))) {
        fcsim_error_set(err, rc, "out of memory");
        break;
      }
      n++;
    }
  }
  free(line);
  fclose(f);
  if (nrecords)
    *nrecords = n;
  return rc;
}
