/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading a trace CSV (trace.h): a header row naming the columns, then one
 * message per row. Blank lines and lines starting with `#` are skipped. The
 * `after` column lists ids separated by `;` or spaces. Times are cycles of
 * network.clock, or carry a unit (`2us`); sizes are bytes, or carry a unit
 * (`4KiB`). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "core/units.h"
#include "workload/trace.h"

enum col { C_ID, C_SRC, C_DST, C_BYTES, C_START, C_AFTER, C_DELAY, NCOLS };
static const char *const col_names[NCOLS] = {"id", "src", "dst", "bytes", "start", "after", "delay"};

struct reader {
  const char *path;
  const struct fcsim_graph *g;
  double clock_hz;
  int line;
  struct fcsim_error *err;
  int col_of[16]; /* column position -> enum col */
  int ncols;
  char **after_text; /* [n] raw `after` fields (from malloc) */
};



static int fail(struct reader *r, int code, const char *what)
{
  return fcsim_error_set(r->err, code, "%s:%d: %s", r->path, r->line, what);
}

static int parse_header(struct reader *r, char *line)
{
  char *f[16];
  int n = fcsim_text_split(line, ',', f, 16);
  int seen[NCOLS] = {0};
  char msg[256];
  if (n > 16)
    return fail(r, FCSIM_EINVAL, "too many columns in the header (expected id, src, dst, bytes, start, after, delay)");
  for (int i = 0; i < n; i++) {
    int c = -1;
    for (int k = 0; k < NCOLS; k++)
      if (!strcmp(f[i], col_names[k]))
        c = k;
    if (c < 0) {
      snprintf(msg, sizeof msg, "unknown column `%.40s` (expected id, src, dst, bytes, start, after, delay)", f[i]);
      return fail(r, FCSIM_EINVAL, msg);
    }
    if (seen[c]++) {
      snprintf(msg, sizeof msg, "column `%s` named twice", f[i]);
      return fail(r, FCSIM_EINVAL, msg);
    }
    r->col_of[i] = c;
  }
  r->ncols = n;
  for (int k = 0; k <= C_BYTES; k++)
    if (!seen[k]) {
      snprintf(msg, sizeof msg, "the header has no `%s` column (id, src, dst and bytes are required)", col_names[k]);
      return fail(r, FCSIM_EINVAL, msg);
    }
  return 0;
}

static int parse_node(struct reader *r, const char *text, const char *what, uint32_t *out)
{
  char msg[256], *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (*text && !*end && !errno) {
    if (v < 0 || v >= r->g->nodes) {
      snprintf(msg, sizeof msg, "%s = %lld: no such node (the network has nodes 0..%lld)", what, v,
               (long long)r->g->nodes - 1);
      return fail(r, FCSIM_ERANGE, msg);
    }
    *out = (uint32_t)v;
  } else {
    int64_t found = -1;
    for (int64_t n = 0; r->g->name && n < r->g->nodes && found < 0; n++)
      if (!strcmp(r->g->name[n], text))
        found = n;
    if (found < 0) {
      snprintf(msg, sizeof msg, "%s = `%.60s`: no such node (give a node number%s)", what, text,
               r->g->name ? " or a name from the netlist" : "");
      return fail(r, FCSIM_EINVAL, msg);
    }
    *out = (uint32_t)found;
  }
  if (!r->g->endpoint[*out]) {
    snprintf(msg, sizeof msg, "%s = `%.60s`: that node has no endpoint (it is a switch)", what, text);
    return fail(r, FCSIM_EINVAL, msg);
  }
  return 0;
}

/* A time in cycles of the clock: a plain whole number, or with a time unit
 * (rounded up to whole cycles). */
#define TRACE_MAX_CYCLES 1e15

static int parse_cycles(struct reader *r, const char *text, const char *what, uint64_t *out)
{
  double v;
  enum fcsim_unit_kind kind;
  struct fcsim_error sub = {0};
  char msg[1200];
  if (!*text) {
    *out = 0;
    return 0;
  }
  if (fcsim_parse_quantity(text, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &v, &kind, &sub) || v < 0 ||
      (kind != FCSIM_UNIT_TIME && v != floor(v))) {
    snprintf(msg, sizeof msg, "%s = `%.60s`: expected whole cycles or a time with a unit (`2us`)", what, text);
    return fail(r, FCSIM_EINVAL, msg);
  }
  /* checked before the conversion: a double of 2^64 or more has no uint64_t */
  double cycles = kind == FCSIM_UNIT_TIME ? ceil(v * r->clock_hz - 1e-6) : v;
  if (!(cycles <= TRACE_MAX_CYCLES)) {
    snprintf(msg, sizeof msg, "%s = `%.60s`: %.3g cycles; a time in a trace is 0..1e15 cycles (sim.max_cycles's range)",
             what, text, cycles);
    return fail(r, FCSIM_ERANGE, msg);
  }
  *out = cycles < 0 ? 0 : (uint64_t)cycles;
  return 0;
}

static int parse_row(struct reader *r, char *line, struct trace_msg *m, char **after)
{
  char *f[16], msg[1200];
  int n = fcsim_text_split(line, ',', f, 16);
  if (n != r->ncols) {
    snprintf(msg, sizeof msg, "%d fields where the header has %d", n, r->ncols);
    return fail(r, FCSIM_EINVAL, msg);
  }
  memset(m, 0, sizeof *m);
  m->line = r->line;
  *after = NULL;
  int rc = 0;
  for (int i = 0; i < n && !rc; i++) {
    char *end;
    double v;
    enum fcsim_unit_kind kind;
    struct fcsim_error sub = {0};
    switch (r->col_of[i]) {
    case C_ID:
      errno = 0;
      m->id = strtoll(f[i], &end, 10);
      if (!*f[i] || *end || errno) {
        snprintf(msg, sizeof msg, "id = `%.60s`: expected an integer", f[i]);
        rc = fail(r, FCSIM_EINVAL, msg);
      }
      break;
    case C_SRC: rc = parse_node(r, f[i], "src", &m->src); break;
    case C_DST: rc = parse_node(r, f[i], "dst", &m->dst); break;
    case C_BYTES:
      if (fcsim_parse_quantity(f[i], FCSIM_UNIT_SIZE, &v, &kind, &sub) || v < 1 || v != floor(v) || v > 1e15) {
        snprintf(msg, sizeof msg, "bytes = `%.60s`: expected a whole number of bytes >= 1, or a size (`4KiB`)", f[i]);
        rc = fail(r, FCSIM_EINVAL, msg);
      } else {
        m->bytes = (uint64_t)v; /* 1..1e15: converted only once in range */
      }
      break;
    case C_START: rc = parse_cycles(r, f[i], "start", &m->start); break;
    case C_DELAY: rc = parse_cycles(r, f[i], "delay", &m->delay); break;
    case C_AFTER:
      if (*f[i] && !(*after = strdup(f[i])))
        rc = fcsim_error_set(r->err, FCSIM_ENOMEM, "out of memory");
      break;
    }
  }
  if (!rc && m->src == m->dst) {
    snprintf(msg, sizeof msg, "message %lld goes from node %u to itself", (long long)m->id, m->src);
    rc = fail(r, FCSIM_EINVAL, msg);
  }
  if (rc) {
    free(*after);
    *after = NULL;
  }
  return rc;
}

static int cmp_id(const void *a, const void *b, void *msgs)
{
  const struct trace_msg *m = msgs;
  int64_t x = m[*(const int64_t *)a].id, y = m[*(const int64_t *)b].id;
  return x < y ? -1 : x > y;
}

/* Index of message `id` in `order` (sorted by id), or -1. */
static int64_t find_id(const struct trace *t, const int64_t *order, int64_t id)
{
  int64_t lo = 0, hi = t->n - 1;
  while (lo <= hi) {
    int64_t mid = (lo + hi) / 2, v = t->msg[order[mid]].id;
    if (v == id)
      return order[mid];
    if (v < id)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

/* Sorting with a context: a small merge sort (qsort_r is not C11). */
static void sort_ids(int64_t *a, int64_t *tmp, int64_t n, const struct trace_msg *msgs)
{
  if (n < 2)
    return;
  int64_t h = n / 2;
  sort_ids(a, tmp, h, msgs);
  sort_ids(a + h, tmp, n - h, msgs);
  int64_t i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = cmp_id(&a[j], &a[i], (void *)msgs) < 0 ? a[j++] : a[i++];
  while (i < h)
    tmp[k++] = a[i++];
  while (j < n)
    tmp[k++] = a[j++];
  memcpy(a, tmp, (size_t)n * sizeof *a);
}

/* Resolves the `after` lists into dependents (CSR) and checks them. */
static int link_deps(struct reader *r, struct trace *t)
{
  int64_t *order = malloc((size_t)(t->n ? t->n : 1) * sizeof *order);
  int64_t *tmp = malloc((size_t)(t->n ? t->n : 1) * sizeof *tmp);
  uint32_t *count = calloc((size_t)t->n + 1, sizeof *count);
  int rc = 0;
  char msg[1200];
  if (!order || !tmp || !count) {
    rc = fcsim_error_set(r->err, FCSIM_ENOMEM, "out of memory");
    goto out;
  }
  for (int64_t i = 0; i < t->n; i++)
    order[i] = i;
  sort_ids(order, tmp, t->n, t->msg);
  for (int64_t i = 1; i < t->n && !rc; i++)
    if (t->msg[order[i]].id == t->msg[order[i - 1]].id) {
      r->line = t->msg[order[i]].line > t->msg[order[i - 1]].line ? t->msg[order[i]].line : t->msg[order[i - 1]].line;
      snprintf(msg, sizeof msg, "id %lld is used twice (lines %d and %d)", (long long)t->msg[order[i]].id,
               t->msg[order[i - 1]].line, t->msg[order[i]].line);
      rc = fail(r, FCSIM_EINVAL, msg);
    }
  /* two passes over the `after` lists: count dependents, then fill them */
  for (int pass = 0; pass < 2 && !rc; pass++) {
    if (pass == 1) {
      t->dep_base = malloc(((size_t)t->n + 1) * sizeof *t->dep_base);
      uint64_t total = 0;
      for (int64_t m = 0; t->dep_base && m < t->n; m++) {
        t->dep_base[m] = (uint32_t)total;
        total += count[m];
        count[m] = 0;
      }
      t->dep_list = malloc((total ? total : 1) * sizeof *t->dep_list);
      if (!t->dep_base || !t->dep_list || total > UINT32_MAX) {
        rc = fcsim_error_set(r->err, FCSIM_ENOMEM, "out of memory for the dependencies");
        break;
      }
      t->dep_base[t->n] = (uint32_t)total;
    }
    for (int64_t m = 0; m < t->n && !rc; m++) {
      if (!r->after_text[m])
        continue;
      char *copy = strdup(r->after_text[m]), *save = NULL;
      if (!copy) {
        rc = fcsim_error_set(r->err, FCSIM_ENOMEM, "out of memory");
        break;
      }
      for (char *tok = strtok_r(copy, "; \t", &save); tok && !rc; tok = strtok_r(NULL, "; \t", &save)) {
        char *end;
        long long id = strtoll(tok, &end, 10);
        int64_t d = *end ? -1 : find_id(t, order, id);
        r->line = t->msg[m].line;
        if (d < 0) {
          snprintf(msg, sizeof msg, "after = `%.60s`: no message has id `%.30s`", r->after_text[m], tok);
          rc = fail(r, FCSIM_EINVAL, msg);
        } else if (t->msg[d].dst != t->msg[m].src) {
          snprintf(msg, sizeof msg,
                   "message %lld waits for message %lld, which is delivered to node %u, not to its source node %u: "
                   "a node can only wait for messages it receives",
                   (long long)t->msg[m].id, id, t->msg[d].dst, t->msg[m].src);
          rc = fail(r, FCSIM_ECOMBINATION, msg);
        } else if (pass == 0) {
          count[d]++;
          t->msg[m].ndeps++;
        } else {
          t->dep_list[t->dep_base[d] + count[d]++] = (uint32_t)m;
        }
      }
      free(copy);
    }
  }
out:
  free(order);
  free(tmp);
  free(count);
  return rc;
}

/* Kahn's algorithm: every message must become ready. */
static int check_acyclic(struct reader *r, const struct trace *t)
{
  uint32_t *left = malloc((size_t)(t->n ? t->n : 1) * sizeof *left);
  int64_t *queue = malloc((size_t)(t->n ? t->n : 1) * sizeof *queue);
  if (!left || !queue) {
    free(left);
    free(queue);
    return fcsim_error_set(r->err, FCSIM_ENOMEM, "out of memory");
  }
  int64_t head = 0, tail = 0;
  for (int64_t m = 0; m < t->n; m++)
    if (!(left[m] = t->msg[m].ndeps))
      queue[tail++] = m;
  while (head < tail) {
    int64_t m = queue[head++];
    for (uint32_t k = t->dep_base[m]; k < t->dep_base[m + 1]; k++)
      if (--left[t->dep_list[k]] == 0)
        queue[tail++] = t->dep_list[k];
  }
  int rc = 0;
  for (int64_t m = 0; m < t->n && tail < t->n; m++)
    if (left[m]) {
      char msg[256];
      r->line = t->msg[m].line;
      snprintf(msg, sizeof msg, "message %lld is on a cycle of dependencies (`after`): it can never start",
               (long long)t->msg[m].id);
      rc = fail(r, FCSIM_ECOMBINATION, msg);
      break;
    }
  free(left);
  free(queue);
  return rc;
}

int fcsim__trace_read(const char *path, const struct fcsim_graph *g, double clock_hz, uint64_t max_bytes, struct trace *t,
               struct fcsim_error *err)
{
  struct reader r = {path, g, clock_hz, 0, err, {0}, 0, NULL};
  memset(t, 0, sizeof *t);
  FILE *f = fcsim_text_open(path, FCSIM_INPUT_LIMIT(max_bytes), "a trace (traffic.trace)", err);
  if (!f)
    return FCSIM_EIO;
  char *line = NULL;
  size_t cap = 0, mcap = 0;
  int rc = 0, header = 0;
  while (!rc && getline(&line, &cap, f) >= 0) {
    r.line++;
    char *s = fcsim_text_trim(line);
    if (!*s || *s == '#')
      continue;
    if (!header) {
      rc = parse_header(&r, s);
      header = 1;
      continue;
    }
    if ((size_t)t->n == mcap) {
      mcap = mcap ? 2 * mcap : 64;
      struct trace_msg *nm = realloc(t->msg, mcap * sizeof *nm);
      char **na = realloc(r.after_text, mcap * sizeof *na);
      if (nm)
        t->msg = nm;
      if (na)
        r.after_text = na;
      if (!nm || !na) {
        rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory reading %s", path);
        break;
      }
    }
    rc = parse_row(&r, s, &t->msg[t->n], &r.after_text[t->n]);
    if (!rc)
      t->n++;
  }
  free(line);
  if (ferror(f) && !rc)
    rc = fcsim_error_set(err, FCSIM_EIO, "%s: read error", path);
  fclose(f);
  if (!rc && !header)
    rc = fcsim_error_set(err, FCSIM_EINVAL, "%s: empty trace (expected a header row `id,src,dst,bytes,...`)", path);
  if (!rc)
    rc = link_deps(&r, t);
  if (!rc)
    rc = check_acyclic(&r, t);
  for (int64_t m = 0; r.after_text && m < t->n; m++)
    free(r.after_text[m]);
  free(r.after_text);
  if (rc)
    fcsim__trace_free(t);
  return rc;
}

void fcsim__trace_free(struct trace *t)
{
  free(t->msg);
  free(t->dep_base);
  free(t->dep_list);
  free(t->dep_delay);
  memset(t, 0, sizeof *t);
}
