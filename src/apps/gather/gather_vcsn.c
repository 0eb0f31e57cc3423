/* SPDX-License-Identifier: BSD-3-Clause */
/* Gather schedules on VCSN endpoints (gather_vcsn.h): the virtual-port
 * layout, the MAC table that links each node to the node it sends to (plus
 * the control links of the barriers), and the trace of probes, transfers,
 * notices and releases. */
#include "apps/gather/gather_vcsn.h"

#include "apps/gather/gather_rows.h"

#include <stdlib.h>
#include <string.h>

#define SMALL_BYTES 64  /* probes, notices, releases */
#define MAX_VPORTS  127 /* virtual ports per node the vcsn model holds */
#define MAX_PER_PORT 64 /* vcsn.vports at most */

struct fcsim_gather_vcsn fcsim_gather_vcsn_layout(int nodes, int ports)
{
  struct fcsim_gather_vcsn l;
  l.ports = ports < 1 ? 1 : ports;
  l.data = (4 + l.ports - 1) / l.ports;
  l.vports = l.data + (nodes - 1 + l.ports - 1) / l.ports;
  return l;
}

/* Who each node sends to, its physical port, and the data virtual port it
 * is received on. */
struct tree_links {
  int parent[FCSIM_GATHER_MAX_NODES];  /* -1 for the root */
  int port[FCSIM_GATHER_MAX_NODES];    /* physical port it sends on */
  int rx_vport[FCSIM_GATHER_MAX_NODES]; /* the parent's virtual port receiving it */
  int child[FCSIM_GATHER_MAX_NODES];   /* the one non-root node sending to it (-1 none) */
};

static int tree_links(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl,
                      const struct fcsim_gather_vcsn *lay, struct tree_links *t, struct fcsim_error *err)
{
  int n = sp->nodes, root_slots[2] = {0, 0};
  for (int v = 0; v < n; v++)
    t->parent[v] = t->child[v] = -1;
  for (int x = 0; x < pl->nxfers; x++) {
    const struct fcsim_gather_xfer *f = &pl->xfer[x];
    if (t->parent[f->src] >= 0 && t->parent[f->src] != f->dst)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "gather on vcsn: node %d sends to two nodes", f->src);
    t->parent[f->src] = f->dst;
    t->port[f->src] = lay->ports > 1 ? f->plane % lay->ports : 0;
  }
  for (int v = 1; v < n; v++) {
    int u = t->parent[v], p = t->port[v];
    if (u < 0)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "gather on vcsn: node %d sends nothing", v);
    if (u == 0) {
      int slot = lay->ports > 1 ? root_slots[p]++ : root_slots[0]++;
      if (slot >= lay->data)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "gather on vcsn: the root has more than %d links per port",
                               lay->data);
      t->rx_vport[v] = p * lay->vports + slot;
    } else {
      if (t->child[u] >= 0)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "gather on vcsn: node %d receives from two nodes", u);
      t->child[u] = v;
      t->rx_vport[v] = p * lay->vports;
    }
  }
  return 0;
}

/* The root's control virtual port for source v (1..n-1): the control slots
 * of port 0, then port 1, ... */
static int root_ctrl(const struct fcsim_gather_vcsn *lay, int v)
{
  int per = lay->vports - lay->data, k = v - 1;
  return (k / per) * lay->vports + lay->data + k % per;
}

/* A source's own control virtual port: the first control slot of port 0
 * (a node linked to the root has no control link to it: a message goes on
 * the lowest virtual port naming its destination, which would be this). */
static int src_ctrl(const struct fcsim_gather_vcsn *lay)
{
  return lay->data;
}

/* Message ids after the transfers (0..nxfers-1). */
struct ids {
  int64_t probe0, notice0, release0;    /* + node + stage * n (stage 0: the set-up barrier) */
  int64_t rprobe0, rnotice0, rrelease0; /* reconfig: + node + stage * n, the barrier after stage s's rewrite */
  int n;                                /* nodes */
};

static int64_t release_id(const struct ids *d, int s, int v);

static void write_table(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl,
                        const struct fcsim_gather_vcsn *lay, const struct tree_links *t, const struct ids *d, FILE *f)
{
  fprintf(f, "# gather tree on vcsn endpoints: %d nodes, %d virtual ports per port (%d data)\n", sp->nodes,
          lay->vports, lay->data);
  fprintf(f, "node,vport,dest,dest_vport,at,priority,after\n");
  for (int v = 1; v < sp->nodes; v++) { /* control links, set before the run */
    if (t->parent[v] != 0) /* a node linked to the root sends its notices on that link */
      fprintf(f, "%d,%d,0,%d,0,1,\n", v, src_ctrl(lay), root_ctrl(lay, v));
    fprintf(f, "0,%d,%d,%d,0,1,\n", root_ctrl(lay, v), v, src_ctrl(lay));
  }
  for (int v = 1; v < sp->nodes; v++) /* data links, written at cycle 1: they pay t */
    fprintf(f, "%d,%d,%d,%d,1,0,\n", v, t->port[v] * lay->vports, t->parent[v], t->rx_vport[v]);
  if (sp->schedule != FCSIM_GATHER_RECONFIG)
    return;
  for (int s = 2; s <= pl->stages; s++) /* rewritten when the release ending stage s-1's barrier arrives */
    for (int v = 1; v < sp->nodes; v++)
      fprintf(f, "%d,%d,%d,%d,,0,%lld\n", v, t->port[v] * lay->vports, t->parent[v], t->rx_vport[v],
              (long long)release_id(d, s - 1, v));
}

#define RID(d, base, s, v) ((int64_t)((d)->base + (int64_t)(s) * (d)->n + (v)))

static void cycles_start(struct gather_row *r, double cycles)
{
  if (r) {
    r->start_kind = GATHER_TIME_CYCLES;
    r->start = cycles;
  }
}

static void ns_delay(struct gather_row *r, double ns)
{
  if (r) {
    r->delay_kind = GATHER_TIME_NS;
    r->delay = ns;
  }
}

/* Reconfig: the barrier after each stage's rewrite (s >= 2), as the set-up's:
 * every node probes its rewritten link (paying t and c), a node's notice
 * waits for its child's probe, the root releases stage s after every notice
 * and the probes reaching it, plus the barrier after t (Eq. 6). */
static void add_rewrites(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl,
                         const struct tree_links *t, const struct ids *d, struct gather_rows *r)
{
  int n = sp->nodes;
  for (int s = 2; s <= pl->stages; s++) {
    for (int v = 1; v < n; v++) {
      fcsim_gather_row_add(r, RID(d, rprobe0, s, v), v, t->parent[v], SMALL_BYTES);
      fcsim_gather_row_after(r, release_id(d, s - 1, v));
    }
    for (int v = 1; v < n; v++) {
      fcsim_gather_row_add(r, RID(d, rnotice0, s, v), v, 0, SMALL_BYTES);
      fcsim_gather_row_after(r, release_id(d, s - 1, v));
      if (t->child[v] >= 0)
        fcsim_gather_row_after(r, RID(d, rprobe0, s, t->child[v]));
    }
    for (int v = 1; v < n; v++) {
      struct gather_row *row = fcsim_gather_row_add(r, RID(d, rrelease0, s, v), 0, v, SMALL_BYTES);
      for (int u = 1; u < n; u++)
        fcsim_gather_row_after(r, RID(d, rnotice0, s, u));
      for (int u = 1; u < n; u++)
        if (t->parent[u] == 0)
          fcsim_gather_row_after(r, RID(d, rprobe0, s, u));
      ns_delay(row, pl->reconfig_barrier_s * 1e9);
    }
  }
}

static int64_t probe_id(const struct ids *d, int v)
{
  return d->probe0 + v;
}
static int64_t notice_id(const struct ids *d, int s, int v)
{
  return d->notice0 + (int64_t)s * d->n + v;
}
static int64_t release_id(const struct ids *d, int s, int v)
{
  return d->release0 + (int64_t)s * d->n + v;
}

/* The stage-s transfers into node v, as dependencies of the last row. */
static void deps_into(struct gather_rows *r, const struct fcsim_gather_plan *pl, int s, int v)
{
  for (int x = 0; x < pl->nxfers; x++)
    if (pl->xfer[x].stage == s && pl->xfer[x].dst == v)
      fcsim_gather_row_after(r, pl->xfer[x].id);
}

/* The set-up: probes over the new links, notices, releases of stage 1. */
static void add_setup(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl,
                      const struct tree_links *t, const struct ids *d, struct gather_rows *r)
{
  int n = sp->nodes;
  double setup_barrier_ns = (pl->start_s - sp->t_s - sp->c_s) * 1e9; /* barriers after t and after c */
  for (int v = 1; v < n; v++)
    cycles_start(fcsim_gather_row_add(r, probe_id(d, v), v, t->parent[v], SMALL_BYTES), 1);
  for (int v = 1; v < n; v++) {
    struct gather_row *row = fcsim_gather_row_add(r, notice_id(d, 0, v), v, 0, SMALL_BYTES);
    if (t->child[v] >= 0)
      fcsim_gather_row_after(r, probe_id(d, t->child[v]));
    else
      cycles_start(row, 1);
  }
  for (int v = 1; v < n; v++) {
    struct gather_row *row = fcsim_gather_row_add(r, release_id(d, 0, v), 0, v, SMALL_BYTES);
    for (int u = 1; u < n; u++)
      fcsim_gather_row_after(r, notice_id(d, 0, u));
    for (int u = 1; u < n; u++)
      if (t->parent[u] == 0)
        fcsim_gather_row_after(r, probe_id(d, u));
    ns_delay(row, setup_barrier_ns);
  }
}

/* Transfers after their source's release; per stage but the last, notices
 * and the root's releases delayed by the stage barrier. */
static void add_stages(const struct fcsim_gather_spec *sp, const struct fcsim_gather_plan *pl, const struct ids *d,
                       struct gather_rows *r)
{
  int n = sp->nodes, reconfig = sp->schedule == FCSIM_GATHER_RECONFIG;
  for (int x = 0; x < pl->nxfers; x++) {
    const struct fcsim_gather_xfer *t = &pl->xfer[x];
    int64_t after =
        reconfig && t->stage > 1 ? RID(d, rrelease0, t->stage, t->src) : release_id(d, t->stage - 1, t->src);
    fcsim_gather_row_add(r, t->id, t->src, t->dst, sp->bytes * (uint64_t)__builtin_popcountll(t->blocks));
    fcsim_gather_row_after(r, after);
  }
  for (int s = 1; s < pl->stages; s++) {
    for (int v = 1; v < n; v++) {
      fcsim_gather_row_add(r, notice_id(d, s, v), v, 0, SMALL_BYTES);
      fcsim_gather_row_after(r, release_id(d, s - 1, v));
      deps_into(r, pl, s, v);
    }
    for (int v = 1; v < n; v++) {
      struct gather_row *row = fcsim_gather_row_add(r, release_id(d, s, v), 0, v, SMALL_BYTES);
      for (int u = 1; u < n; u++)
        fcsim_gather_row_after(r, notice_id(d, s, u));
      deps_into(r, pl, s, 0);
      ns_delay(row, pl->stage_barrier_s * 1e9);
    }
  }
}

int fcsim_gather_vcsn_write(const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl,
                            const struct fcsim_gather_vcsn *lay, FILE *table, double clock_hz,
                            struct fcsim_message_list *messages, struct fcsim_error *err)
{
  if (sp->schedule == FCSIM_GATHER_RING)
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "--schedule ring on vcsn endpoints: `tree` and `reconfig` are played on vcsn endpoints; "
                           "`ring` is the DCN's (examples/vcsn/dcn.ini), or use switch.endpoint = ethswitch");
  if (lay->vports > MAX_PER_PORT || lay->vports * lay->ports > MAX_VPORTS)
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "app.nodes = %d on vcsn endpoints needs %d virtual ports per port (data and one control "
                           "link per source), more than the vcsn model's %d per port and %d per FPGA",
                           sp->nodes, lay->vports, MAX_PER_PORT, MAX_VPORTS);
  struct tree_links t;
  int rc = tree_links(sp, pl, lay, &t, err);
  if (rc)
    return rc;
  for (int x = 0; x < pl->nxfers; x++)
    pl->xfer[x].id = x;
  struct ids d = {0, 0, 0, 0, 0, 0, sp->nodes};
  int64_t per = (int64_t)(pl->stages + 1) * sp->nodes;
  d.probe0 = pl->nxfers + 1;
  d.notice0 = d.probe0 + sp->nodes;
  d.release0 = d.notice0 + per;
  d.rprobe0 = d.release0 + per;
  d.rnotice0 = d.rprobe0 + per;
  d.rrelease0 = d.rnotice0 + per;
  write_table(sp, pl, lay, &t, &d, table);
  if (ferror(table))
    return fcsim_error_set(err, FCSIM_EIO, "cannot write the gather's MAC table");
  struct gather_rows r = {0};
  add_setup(sp, pl, &t, &d, &r);
  add_stages(sp, pl, &d, &r);
  if (sp->schedule == FCSIM_GATHER_RECONFIG)
    add_rewrites(sp, pl, &t, &d, &r);
  rc = fcsim_gather_rows_messages(&r, NULL, clock_hz, messages, err);
  fcsim_gather_rows_free(&r);
  return rc;
}
