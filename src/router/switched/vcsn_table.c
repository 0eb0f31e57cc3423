/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading, checking and looking up VCSN's MAC tables (vcsn_table.h). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "core/units.h"
#include "router/switched/vcsn_table.h"

enum col { C_NODE, C_VPORT, C_DEST, C_DVPORT, C_AT, C_PRIO, C_AFTER, NCOLS };
static const char *const col_names[NCOLS] = {"node", "vport", "dest", "dest_vport", "at", "priority", "after"};

/* A row as read: the entry and its node's virtual port. */
struct row {
  struct vcsn_entry e; /* the entry */
  uint32_t vp;         /* global virtual port it belongs to */
};

/* Reader state. */
struct rd {
  const char *path;            /* the file */
  const struct fcsim_graph *g; /* the network (node names, endpoints) */
  const struct vcsn_table *t;  /* the table being built (virtual ports per node) */
  double clock_hz;             /* converts `at` times to cycles */
  uint64_t reconfig;           /* t, cycles from a write to its effect */
  int line;                    /* current line */
  int col_of[NCOLS];           /* column position -> enum col */
  int ncols;                   /* columns in the header */
  struct fcsim_error *err;     /* where errors go */
};

static int fail(struct rd *r, int line, const char *what)
{
  return fcsim_error_set(r->err, FCSIM_EINVAL, "vcsn.table = %s:%d: %s", r->path, line, what);
}



static int parse_header(struct rd *r, char *s)
{
  char *f[NCOLS + 1], msg[256];
  int n = fcsim_text_split(s, ',', f, NCOLS + 1), seen[NCOLS] = {0};
  if (n > NCOLS)
    return fail(r, r->line, "too many columns (expected node, vport, dest, dest_vport, at, priority, after)");
  for (int i = 0; i < n; i++) {
    int k = 0;
    while (k < NCOLS && strcmp(f[i], col_names[k]))
      k++;
    if (k == NCOLS || seen[k]) {
      snprintf(msg, sizeof msg, "column `%.40s` %s (expected node, vport, dest, dest_vport, at, priority, after)", f[i],
               k == NCOLS ? "is unknown" : "is named twice");
      return fail(r, r->line, msg);
    }
    seen[k] = 1;
    r->col_of[i] = k;
  }
  for (int k = 0; k < C_AT; k++)
    if (!seen[k]) {
      snprintf(msg, sizeof msg, "the header has no `%s` column (node, vport, dest and dest_vport are required)",
               col_names[k]);
      return fail(r, r->line, msg);
    }
  r->ncols = n;
  return 0;
}

static int parse_node(struct rd *r, const char *text, const char *what, uint32_t *out)
{
  char msg[256], *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  int64_t found = -1;
  if (*text && !*end && !errno)
    found = v >= 0 && v < r->g->nodes ? v : -1;
  else
    for (int64_t n = 0; r->g->name && n < r->g->nodes && found < 0; n++)
      if (!strcmp(r->g->name[n], text))
        found = n;
  if (found < 0 || !r->g->endpoint[found]) {
    snprintf(msg, sizeof msg, "%s = `%.60s`: %s", what, text,
             found < 0 ? "no such node" : "that node has no endpoint (it is a switch)");
    return fail(r, r->line, msg);
  }
  *out = (uint32_t)found;
  return 0;
}

/* A whole number in [0, max). */
static int parse_index(struct rd *r, const char *text, const char *what, long max, long *out, const char *node_name)
{
  char msg[256], *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (!*text || *end || errno || v < 0 || v >= max) {
    snprintf(msg, sizeof msg, "%s = `%.40s`: node %s has virtual ports 0..%ld (its ports x vcsn.vports)", what, text,
             node_name, max - 1);
    return fail(r, r->line, msg);
  }
  *out = v;
  return 0;
}

static int parse_at(struct rd *r, const char *text, uint64_t *out)
{
  double v;
  enum fcsim_unit_kind kind;
  struct fcsim_error sub = {0};
  char msg[256];
  *out = 0;
  if (!*text)
    return 0;
  if (fcsim_parse_quantity(text, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &v, &kind, &sub) || v < 0 ||
      (kind != FCSIM_UNIT_TIME && v != floor(v))) {
    snprintf(msg, sizeof msg, "at = `%.60s`: expected whole cycles or a time with a unit (`50us`)", text);
    return fail(r, r->line, msg);
  }
  *out = kind == FCSIM_UNIT_TIME ? (uint64_t)ceil(v * r->clock_hz - 1e-6) : (uint64_t)v;
  return 0;
}

/* `after`: a trace message id, or empty (-1). */
static int parse_after(struct rd *r, const char *text, int64_t *out)
{
  char *end;
  *out = -1;
  if (!*text)
    return 0;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (*end || errno || v < 0)
    return fail(r, r->line, "after: expected the id of a trace message (its arrival writes the entry)");
  *out = v;
  return 0;
}

static const char *node_name(const struct fcsim_graph *g, uint32_t n, char *buf, size_t size)
{
  if (g->name)
    snprintf(buf, size, "%s", g->name[n]);
  else
    snprintf(buf, size, "%u", n);
  return buf;
}

static int parse_row(struct rd *r, char *s, struct row *out)
{
  char *f[NCOLS + 1], msg[256], nb[64];
  int n = fcsim_text_split(s, ',', f, NCOLS + 1);
  if (n != r->ncols) {
    snprintf(msg, sizeof msg, "%d fields where the header has %d", n, r->ncols);
    return fail(r, r->line, msg);
  }
  memset(out, 0, sizeof *out);
  out->e.line = r->line;
  out->e.after = -1;
  uint32_t node = 0;
  long vport = 0, dvport = 0, prio = 0;
  const char *vtext = "", *dvtext = "";
  int rc = 0;
  for (int i = 0; i < n && !rc; i++)
    switch (r->col_of[i]) {
    case C_NODE: rc = parse_node(r, f[i], "node", &node); break;
    case C_DEST: rc = parse_node(r, f[i], "dest", &out->e.dest); break;
    case C_VPORT: vtext = f[i]; break;
    case C_DVPORT: dvtext = f[i]; break;
    case C_AT: rc = parse_at(r, f[i], &out->e.write_cycle); break;
    case C_AFTER: rc = parse_after(r, f[i], &out->e.after); break;
    default: {
      char *end;
      prio = strtol(f[i], &end, 10);
      if (*f[i] && (*end || prio < -1000 || prio > 1000))
        rc = fail(r, r->line, "priority: expected an integer in -1000..1000");
    }
    }
  const struct vcsn_table *t = r->t;
  if (!rc)
    rc = parse_index(r, vtext, "vport", (long)(t->vp_base[node + 1] - t->vp_base[node]), &vport,
                     node_name(r->g, node, nb, sizeof nb));
  if (!rc)
    rc = parse_index(r, dvtext, "dest_vport", (long)(t->vp_base[out->e.dest + 1] - t->vp_base[out->e.dest]), &dvport,
                     node_name(r->g, out->e.dest, nb, sizeof nb));
  if (!rc && out->e.dest == node)
    rc = fail(r, r->line, "an entry names its own node; a virtual link joins two FPGAs");
  out->vp = t->vp_base[node] + (uint32_t)vport;
  out->e.dest_vport = (uint16_t)dvport;
  out->e.priority = (int16_t)prio;
  out->e.effect_cycle = out->e.write_cycle ? out->e.write_cycle + r->reconfig : 0;
  if (!rc && out->e.after >= 0 && out->e.write_cycle)
    rc = fail(r, r->line, "an entry has both `at` and `after`: it is written at a time or when a message arrives");
  if (out->e.after >= 0)
    out->e.write_cycle = out->e.effect_cycle = UINT64_MAX; /* not written until its message arrives */
  return rc;
}

static int cmp_row(const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  if (x->vp != y->vp)
    return x->vp < y->vp ? -1 : 1;
  if (x->e.write_cycle != y->e.write_cycle)
    return x->e.write_cycle < y->e.write_cycle ? -1 : 1;
  return x->e.line - y->e.line;
}

static int read_rows(struct rd *r, FILE *f, struct row **rows, size_t *nrows)
{
  char *line = NULL;
  size_t cap = 0, rcap = 0;
  int rc = 0, header = 0;
  while (!rc && getline(&line, &cap, f) >= 0) {
    r->line++;
    char *s = fcsim_text_trim(line);
    if (!*s || *s == '#')
      continue;
    if (!header) {
      header = 1;
      rc = parse_header(r, s);
      continue;
    }
    if (*nrows == rcap) {
      rcap = rcap ? 2 * rcap : 32;
      struct row *nr = realloc(*rows, rcap * sizeof *nr);
      if (!nr) {
        rc = fcsim_error_set(r->err, FCSIM_ENOMEM, "out of memory");
        break;
      }
      *rows = nr;
    }
    if (!(rc = parse_row(r, s, &(*rows)[*nrows])))
      ++*nrows;
  }
  free(line);
  if (!rc && !header)
    rc = fcsim_error_set(r->err, FCSIM_EINVAL,
                         "vcsn.table = %s: empty (expected a header row `node,vport,dest,dest_vport,at,priority`)",
                         r->path);
  return rc;
}

/* One sender per virtual port: at every time an entry takes effect, no two
 * virtual ports' entries name the same destination virtual port. */
static int check_one_sender(struct rd *r, const struct vcsn_table *t)
{
  uint32_t nvp = t->vp_base[t->nodes], nent = t->ent_base[nvp];
  char msg[512], a[64];
  for (uint32_t k = 0; k < nent; k++) {
    uint64_t at = t->ent[k].effect_cycle;
    if (t->ent[k].after >= 0)
      continue; /* triggered: its time is the run's (a rewrite of the same link in the gather) */
    for (uint32_t v = 0; v < nvp; v++) {
      uint32_t iv;
      const struct vcsn_entry *ev = fcsim__vcsn_effective(t, v, at, &iv);
      if (!ev)
        continue;
      for (uint32_t w = v + 1; w < nvp; w++) {
        uint32_t iw;
        const struct vcsn_entry *ew = fcsim__vcsn_effective(t, w, at, &iw);
        if (!ew || ew->dest != ev->dest || ew->dest_vport != ev->dest_vport)
          continue;
        snprintf(msg, sizeof msg,
                 "this entry and line %d both reach node %s virtual port %u from cycle %llu; a virtual port takes "
                 "one sender at a time (VCSN 2023 §3.4): rewrite one of them first",
                 ev->line, node_name(r->g, ew->dest, a, sizeof a), ew->dest_vport, (unsigned long long)at);
        return fail(r, ew->line > ev->line ? ew->line : ev->line, msg);
      }
    }
  }
  return 0;
}

static int build(struct rd *r, struct vcsn_table *t, struct row *rows, size_t nrows)
{
  uint32_t nvp = t->vp_base[t->nodes];
  t->ent_base = calloc((size_t)nvp + 1, sizeof *t->ent_base);
  t->ent = malloc((nrows ? nrows : 1) * sizeof *t->ent);
  if (!t->ent_base || !t->ent)
    return fcsim_error_set(r->err, FCSIM_ENOMEM, "out of memory");
  qsort(rows, nrows, sizeof *rows, cmp_row);
  for (size_t i = 0; i < nrows; i++) {
    if (i && rows[i].vp == rows[i - 1].vp && rows[i].e.write_cycle == rows[i - 1].e.write_cycle &&
        rows[i].e.after < 0) {
      char msg[128];
      snprintf(msg, sizeof msg, "line %d writes the same virtual port at the same time", rows[i - 1].e.line);
      return fail(r, rows[i].e.line, msg);
    }
    t->ent[i] = rows[i].e;
    t->ent_base[rows[i].vp + 1]++;
    t->ntriggered += rows[i].e.after >= 0;
  }
  for (uint32_t v = 0; v < nvp; v++)
    t->ent_base[v + 1] += t->ent_base[v];
  return check_one_sender(r, t);
}

int fcsim__vcsn_table_read(const char *path, const struct fcsim_graph *g, int vports, uint64_t reconfig_cycles,
                    double clock_hz, struct vcsn_table *t, struct fcsim_error *err)
{
  memset(t, 0, sizeof *t);
  t->path = path;
  t->nodes = g->nodes;
  t->reconfig = reconfig_cycles;
  t->vports = vports;
  t->vp_base = calloc((size_t)g->nodes + 1, sizeof *t->vp_base);
  if (!t->vp_base)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (int64_t n = 0; n < g->nodes; n++)
    t->vp_base[n + 1] =
        t->vp_base[n] + (g->endpoint[n] ? (uint32_t)(g->port_base[n + 1] - g->port_base[n]) * (uint32_t)vports : 0);
  if (!path[0]) {
    fcsim__vcsn_table_free(t);
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.model = vcsn: vcsn.table is not set; expected a MAC-table file naming, for each "
                           "virtual port the traffic uses, the virtual port it reaches (docs/SWITCHED.md)");
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    fcsim__vcsn_table_free(t);
    return fcsim_error_set(err, FCSIM_EIO, "vcsn.table = %s: cannot open it", path);
  }
  struct rd r = {path, g, t, clock_hz, reconfig_cycles, 0, {0}, 0, err};
  struct row *rows = NULL;
  size_t nrows = 0;
  int rc = read_rows(&r, f, &rows, &nrows);
  fclose(f);
  if (!rc)
    rc = build(&r, t, rows, nrows);
  free(rows);
  if (rc)
    fcsim__vcsn_table_free(t);
  return rc;
}

void fcsim__vcsn_table_free(struct vcsn_table *t)
{
  free(t->vp_base);
  free(t->ent_base);
  free(t->ent);
  memset(t, 0, sizeof *t);
}

void fcsim__vcsn_fire(struct vcsn_table *t, uint32_t k, uint64_t now)
{
  t->ent[k].write_cycle = now;
  t->ent[k].effect_cycle = now + t->reconfig;
}

const struct vcsn_entry *fcsim__vcsn_effective(const struct vcsn_table *t, uint32_t vp, uint64_t now, uint32_t *index)
{
  const struct vcsn_entry *best = NULL;
  for (uint32_t k = t->ent_base[vp]; k < t->ent_base[vp + 1]; k++) {
    const struct vcsn_entry *e = &t->ent[k];
    if (e->after >= 0 && e->write_cycle <= now && now < e->effect_cycle)
      return NULL; /* a triggered write in progress: the port is idle until it takes effect */
    if (e->effect_cycle <= now && e->effect_cycle != UINT64_MAX && (!best || e->write_cycle >= best->write_cycle)) {
      best = e;
      *index = k;
    }
  }
  return best;
}

/* The latest entry of vp written at or before `now` (triggered entries are
 * written in the run's order, not the table's). */
static const struct vcsn_entry *written(const struct vcsn_table *t, uint32_t vp, uint64_t now)
{
  const struct vcsn_entry *best = NULL;
  for (uint32_t k = t->ent_base[vp]; k < t->ent_base[vp + 1]; k++)
    if (t->ent[k].write_cycle <= now && (!best || t->ent[k].write_cycle >= best->write_cycle))
      best = &t->ent[k];
  return best;
}

int fcsim__vcsn_bind(const struct vcsn_table *t, uint32_t node, uint32_t dest, uint64_t now)
{
  uint32_t v0 = t->vp_base[node], nv = t->vp_base[node + 1] - v0;
  for (uint32_t v = 0; v < nv; v++) {
    const struct vcsn_entry *e = written(t, v0 + v, now);
    if (e && e->dest == dest)
      return (int)v;
  }
  int past = -1, future = -1;
  uint64_t last = 0, first = UINT64_MAX;
  for (uint32_t v = 0; v < nv; v++)
    for (uint32_t k = t->ent_base[v0 + v]; k < t->ent_base[v0 + v + 1]; k++) {
      const struct vcsn_entry *e = &t->ent[k];
      if (e->dest != dest)
        continue;
      if (e->write_cycle <= now && (past < 0 || e->write_cycle > last)) {
        past = (int)v;
        last = e->write_cycle;
      } else if (e->write_cycle > now && (future < 0 || e->write_cycle < first)) { /* or not yet triggered */
        future = (int)v;
        first = e->write_cycle;
      }
    }
  return past >= 0 ? past : future;
}

int fcsim__vcsn_sender(const struct vcsn_table *t, uint32_t node, int vport, uint64_t now, uint32_t *src, int *src_vport)
{
  for (int64_t n = 0; n < t->nodes; n++)
    for (uint32_t v = t->vp_base[n]; v < t->vp_base[n + 1]; v++) {
      uint32_t k;
      const struct vcsn_entry *e = fcsim__vcsn_effective(t, v, now, &k);
      if (e && e->dest == node && e->dest_vport == vport) {
        *src = (uint32_t)n;
        *src_vport = (int)(v - t->vp_base[n]);
        return 0;
      }
    }
  return -1;
}
