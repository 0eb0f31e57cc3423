/* SPDX-License-Identifier: BSD-3-Clause */
/* Destination patterns of collectives: all-to-all, cube-nn, bitrot,
 * random-subset and user files of lines `src: dst dst ...`. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/text.h"
#include "collective/collective.h"
#include "core/rng.h"

/* Growing list of destinations, filled source by source in order. */
struct dst_list {
  int64_t *v;  /* values */
  int64_t n;   /* used */
  int64_t cap; /* allocated */
};

static int push(struct dst_list *l, int64_t x)
{
  if (l->n == l->cap) {
    int64_t cap = l->cap ? 2 * l->cap : 256;
    int64_t *v = realloc(l->v, (size_t)cap * sizeof *v);
    if (!v)
      return FCSIM_ENOMEM;
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = x;
  return 0;
}

static int alloc_pattern(struct fcsim_coll_pattern *pat, int64_t nodes, const char *origin)
{
  memset(pat, 0, sizeof *pat);
  pat->nodes = nodes;
  snprintf(pat->origin, sizeof pat->origin, "%s", origin);
  pat->start = calloc((size_t)nodes + 1, sizeof *pat->start);
  pat->line = calloc((size_t)nodes, sizeof *pat->line);
  return pat->start && pat->line ? 0 : FCSIM_ENOMEM;
}

/* Appends the marked nodes (mark[n] != 0, n != src) of source src. */
static int push_marked(struct dst_list *l, const uint8_t *mark, int64_t nodes, int64_t src)
{
  for (int64_t n = 0; n < nodes; n++)
    if (mark[n] && n != src && push(l, n))
      return FCSIM_ENOMEM;
  return 0;
}

static int64_t node_at(const struct fcsim_topo *t, const int *c)
{
  int64_t id = 0;
  for (int d = 0; d < t->ndims; d++)
    id += (int64_t)c[d] * t->stride[d];
  return id;
}

/* Marks the cube of radius r around src (coordinates that exist). */
static void mark_cube(const struct fcsim_topo *t, int64_t src, int r, uint8_t *mark)
{
  int off[FCSIM_MAX_DIMS], c[FCSIM_MAX_DIMS];
  for (int d = 0; d < t->ndims; d++)
    off[d] = -r;
  for (;;) {
    int ok = 1;
    for (int d = 0; d < t->ndims; d++) {
      int k = t->dims[d], x = fcsim_topo_coord(t, src, d) + off[d];
      if (t->kind == FCSIM_TOPO_TORUS)
        x = ((x % k) + k) % k;
      else if (x < 0 || x >= k)
        ok = 0;
      c[d] = x;
    }
    if (ok)
      mark[node_at(t, c)] = 1;
    int d = 0;
    while (d < t->ndims && ++off[d] > r)
      off[d++] = -r;
    if (d == t->ndims)
      break;
  }
}

/* Every distinct rotation of src's `bits` index bits (all but the identity). */
static void mark_rotations(int64_t src, int bits, uint8_t *mark)
{
  int64_t x = src, mask = ((int64_t)1 << bits) - 1;
  for (int i = 1; i < bits; i++) {
    x = ((x >> 1) | ((x & 1) << (bits - 1))) & mask;
    mark[x] = 1;
  }
}

static int build_builtin(struct fcsim_coll_pattern *pat, const struct fcsim_topo *t, const char *name, int64_t subset,
                         uint64_t seed, struct fcsim_error *err)
{
  int64_t n = t->nodes;
  int bits = 0;
  while (((int64_t)1 << bits) < n)
    bits++;
  if (!strcmp(name, "bitrot") && ((int64_t)1 << bits) != n)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "collective pattern bitrot needs a power-of-two number of nodes (network.dims gives %lld)",
                           (long long)n);
  if (!strcmp(name, "random-subset") && (subset < 0 || subset > n - 1))
    return fcsim_error_set(err, FCSIM_ERANGE, "--subset %lld: expected 0 to %lld destinations per source",
                           (long long)subset, (long long)(n - 1));
  int radius = t->dims[0];
  for (int d = 1; d < t->ndims; d++)
    radius = t->dims[d] < radius ? t->dims[d] : radius;
  radius = radius / 4 > 1 ? radius / 4 : 1;
  uint8_t *mark = malloc((size_t)n);
  int64_t *perm = malloc((size_t)n * sizeof *perm);
  struct dst_list l = {0};
  int rc = mark && perm ? 0 : FCSIM_ENOMEM;
  for (int64_t s = 0; s < n && !rc; s++) {
    memset(mark, 0, (size_t)n);
    if (!strcmp(name, "all-to-all")) {
      memset(mark, 1, (size_t)n);
    } else if (!strcmp(name, "cube-nn")) {
      mark_cube(t, s, radius, mark);
    } else if (!strcmp(name, "bitrot")) {
      mark_rotations(s, bits, mark);
    } else { /* random-subset: partial Fisher-Yates over the other nodes */
      struct fcsim_rng rng;
      fcsim_rng_init(&rng, seed, (uint64_t)s, FCSIM_RNG_SETUP);
      for (int64_t i = 0; i < n - 1; i++)
        perm[i] = i < s ? i : i + 1;
      for (int64_t i = 0; i < subset; i++) {
        int64_t j = i + (int64_t)(fcsim_rng_next(&rng) % (uint64_t)(n - 1 - i));
        int64_t tmp = perm[i];
        perm[i] = perm[j];
        perm[j] = tmp;
        mark[perm[i]] = 1;
      }
    }
    pat->start[s] = l.n;
    rc = push_marked(&l, mark, n, s);
  }
  pat->start[n] = l.n;
  free(mark);
  free(perm);
  pat->dst = l.v;
  if (rc == FCSIM_ENOMEM)
    fcsim_error_set(err, rc, "out of memory building pattern %s", name);
  return rc;
}

/* Parses the `SRC:` head of a line; *rest receives what follows the colon. */
static int parse_source(struct fcsim_coll_pattern *pat, char *p, const char *path, int lineno, int64_t *src,
                        char **rest, struct fcsim_error *err)
{
  char *end;
  errno = 0;
  long long s = strtoll(p, &end, 10);
  if (end == p || errno || *end != ':')
    return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: expected `SRC: DST DST ...` with node numbers", path, lineno);
  if (s < 0 || s >= pat->nodes)
    return fcsim_error_set(err, FCSIM_ERANGE, "%s:%d: source node %lld is outside the network (nodes 0 to %lld)", path,
                           lineno, s, (long long)(pat->nodes - 1));
  if (pat->line[s])
    return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: source node %lld is already listed on line %d", path, lineno, s,
                           (int)pat->line[s]);
  pat->line[s] = lineno;
  *src = s;
  *rest = end + 1;
  return 0;
}

/* Marks the destinations listed in p (numbers separated by blanks or commas). */
static int parse_dests(const char *p, int64_t nodes, int64_t src, const char *path, int lineno, uint8_t *mark,
                       struct fcsim_error *err)
{
  memset(mark, 0, (size_t)nodes);
  for (;;) {
    while (isspace((unsigned char)*p) || *p == ',')
      p++;
    if (!*p)
      return 0;
    char *end;
    errno = 0;
    long long d = strtoll(p, &end, 10);
    if (end == p || errno)
      return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: expected a destination node number at `%.20s`", path, lineno,
                             p);
    if (d < 0 || d >= nodes)
      return fcsim_error_set(err, FCSIM_ERANGE, "%s:%d: destination node %lld is outside the network (nodes 0 to %lld)",
                             path, lineno, d, (long long)(nodes - 1));
    if (d == src)
      return fcsim_error_set(err, FCSIM_ERANGE, "%s:%d: node %lld lists itself as a destination", path, lineno, d);
    mark[d] = 1;
    p = end;
  }
}

/* Per-source lists read from a file, before they become CSR. */
struct file_lists {
  int64_t **list; /* [nodes] destinations of each source (malloc'd), NULL if none */
  int64_t *cnt;   /* [nodes] their number */
};

static int keep_marked(struct file_lists *fl, int64_t src, const uint8_t *mark, int64_t nodes)
{
  for (int64_t d = 0; d < nodes; d++)
    fl->cnt[src] += mark[d];
  if (fl->cnt[src] && !(fl->list[src] = malloc((size_t)fl->cnt[src] * sizeof **fl->list)))
    return FCSIM_ENOMEM;
  for (int64_t d = 0, i = 0; d < nodes && fl->cnt[src]; d++)
    if (mark[d])
      fl->list[src][i++] = d;
  return 0;
}

static int to_csr(struct fcsim_coll_pattern *pat, const struct file_lists *fl)
{
  int64_t total = 0, n = pat->nodes;
  for (int64_t s = 0; s < n; s++)
    pat->start[s] = total, total += fl->cnt[s];
  pat->start[n] = total;
  pat->dst = malloc((size_t)(total ? total : 1) * sizeof *pat->dst);
  if (!pat->dst)
    return FCSIM_ENOMEM;
  for (int64_t s = 0; s < n; s++)
    if (fl->cnt[s])
      memcpy(pat->dst + pat->start[s], fl->list[s], (size_t)fl->cnt[s] * sizeof *pat->dst);
  return 0;
}

/* Parses "src: dst dst ..." lines ('#' comments, blank lines skipped). */
static int parse_file(struct fcsim_coll_pattern *pat, FILE *f, const char *path, struct fcsim_error *err)
{
  int64_t n = pat->nodes;
  struct file_lists fl = {calloc((size_t)n, sizeof *fl.list), calloc((size_t)n, sizeof *fl.cnt)};
  uint8_t *mark = malloc((size_t)n);
  char *buf = NULL;
  size_t bufsize = 0;
  int rc = fl.list && fl.cnt && mark ? 0 : FCSIM_ENOMEM;
  for (int lineno = 1; !rc && getline(&buf, &bufsize, f) >= 0; lineno++) {
    char *hash = strchr(buf, '#'), *p = buf, *rest = NULL;
    if (hash)
      *hash = 0;
    while (isspace((unsigned char)*p))
      p++;
    if (!*p)
      continue;
    int64_t src = -1;
    rc = parse_source(pat, p, path, lineno, &src, &rest, err);
    if (!rc)
      rc = parse_dests(rest, n, src, path, lineno, mark, err);
    if (!rc)
      rc = keep_marked(&fl, src, mark, n);
  }
  if (!rc)
    rc = to_csr(pat, &fl);
  if (rc == FCSIM_ENOMEM)
    fcsim_error_set(err, rc, "out of memory reading %s", path);
  free(buf);
  for (int64_t s = 0; fl.list && s < n; s++)
    free(fl.list[s]);
  free(fl.list);
  free(fl.cnt);
  free(mark);
  return rc;
}

int fcsim_coll_pattern_build(struct fcsim_coll_pattern *pat, const struct fcsim_topo *t, const char *name,
                             int64_t subset, uint64_t seed, uint64_t max_bytes, struct fcsim_error *err)
{
  if (alloc_pattern(pat, t->nodes, name))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory building pattern %s", name);
  int rc;
  if (!strcmp(name, "all-to-all") || !strcmp(name, "cube-nn") || !strcmp(name, "bitrot") ||
      !strcmp(name, "random-subset")) {
    rc = build_builtin(pat, t, name, subset, seed, err);
  } else {
    struct stat sb;
    FILE *f = NULL;
    if (stat(name, &sb))
      rc = fcsim_error_set(err, FCSIM_EIO,
                           "pattern `%s`: not all-to-all, cube-nn, bitrot or random-subset, and no such file (%s)",
                           name, strerror(errno));
    else if (!(f = fcsim_text_open(name, FCSIM_INPUT_LIMIT(max_bytes), "a pattern file (--pattern)", err)))
      rc = FCSIM_EIO;
    else {
      rc = parse_file(pat, f, name, err);
      fclose(f);
    }
  }
  if (rc)
    fcsim_coll_pattern_destroy(pat);
  return rc;
}

void fcsim_coll_pattern_destroy(struct fcsim_coll_pattern *pat)
{
  free(pat->start);
  free(pat->dst);
  free(pat->line);
  pat->start = pat->dst = NULL;
  pat->line = NULL;
}
