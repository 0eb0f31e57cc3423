/* SPDX-License-Identifier: BSD-3-Clause */
/* The channel-dependency-graph checker (cdg.h) and the shared `check` hook
 * of the routing algorithms. An iterative depth-first search over channels
 * (link, class) reachable from injection; a grey successor closes a cycle,
 * which is read off the search stack. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "routing/cdg.h"
#include "routing/turns.h"

enum { WHITE = 0, GREY = 1, BLACK = 2 };

/* Channel id: ((node * nports + port) << 1) | class. */
static inline int64_t chan_id(const struct fcsim_topo *t, int64_t node, int port, int cls)
{
  return ((node * t->nports + port) << 1) | cls;
}

/* Outputs of `ops` at `node` for a packet that arrived on `in` in `cls`,
 * restricted to existing links, never a U-turn. */
static uint32_t outputs_of(const struct fcsim_routing_ops *ops, const struct fcsim_topo *t,
                           const struct fcsim_params *p, int64_t node, int in, int cls)
{
  uint32_t m = ops->outputs(t, p, node, in, cls) & fcsim_turns_links(t, node);
  if (in >= 0 && in < t->nports)
    m &= ~(1u << in);
  return m;
}

/* Appends "(c0,c1,...) port cN" for channel `ch` to text at *len. */
static void describe(const struct fcsim_topo *t, int64_t ch, char *text, size_t size, size_t *len)
{
  int cls = (int)(ch & 1), port = (int)((ch >> 1) % t->nports);
  int64_t node = (ch >> 1) / t->nports;
  char buf[96];
  int n = snprintf(buf, sizeof buf, "(");
  for (int d = 0; d < t->ndims; d++)
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%d", d ? "," : "", fcsim_topo_coord(t, node, d));
  snprintf(buf + n, sizeof buf - (size_t)n, ") %s c%d", fcsim_topo_port_name(port), cls);
  if (*len < size) {
    int w = snprintf(text + *len, size - *len, "%s", buf);
    *len += w > 0 ? (size_t)w : 0;
    if (*len >= size)
      *len = size;
  }
}

/* Writes the cycle stack[from..top] (and its first channel again). */
static void write_cycle(const struct fcsim_topo *t, const int64_t *stack, int64_t from, int64_t top, char *text,
                        size_t size)
{
  size_t len = 0;
  if (!text || !size)
    return;
  text[0] = '\0';
  for (int64_t i = from; i <= top; i++) {
    describe(t, stack[i], text, size, &len);
    if (len < size) {
      int w = snprintf(text + len, size - len, " -> ");
      len = w > 0 && len + (size_t)w < size ? len + (size_t)w : size;
    }
  }
  describe(t, stack[from], text, size, &len);
}

/* The search's state, shared by the roots of one check. */
struct cdg_search {
  const struct fcsim_topo *t;
  const struct fcsim_params *p;
  const struct fcsim_routing_ops *ops;
  uint8_t *color;
  int64_t *stack;
  uint32_t *left; /* outputs still to explore per stack entry */
  struct fcsim_cdg_result r;
  char *text;
  size_t size;
};

/* Depth-first search from channel `root`; FCSIM_ECOMBINATION on a cycle
 * (written to s->text). */
static int search_from(struct cdg_search *s, int64_t root)
{
  const struct fcsim_topo *t = s->t;
  if (s->color[root] != WHITE)
    return 0;
  int64_t top = 0;
  s->stack[0] = root;
  s->color[root] = GREY;
  s->left[0] = UINT32_MAX; /* computed on first visit */
  s->r.channels++;
  while (top >= 0) {
    int64_t ch = s->stack[top];
    int cls = (int)(ch & 1), port = (int)((ch >> 1) % t->nports);
    int64_t node = (ch >> 1) / t->nports;
    int64_t next = t->neighbor[node * t->nports + port];
    int in = port ^ 1;
    if (s->left[top] == UINT32_MAX) {
      s->left[top] = outputs_of(s->ops, t, s->p, next, in, cls);
      for (uint32_t m = s->left[top]; m; m &= m - 1)
        s->r.edges++;
    }
    if (!s->left[top]) {
      s->color[ch] = BLACK;
      top--;
      continue;
    }
    int out = __builtin_ctz(s->left[top]);
    s->left[top] &= s->left[top] - 1;
    int64_t child = chan_id(t, next, out, fcsim_turns_next_class(t, s->p, next, in, out, cls));
    if (s->color[child] == GREY) {
      int64_t from = top;
      while (s->stack[from] != child)
        from--;
      s->r.cycle_length = (int)(top - from + 1);
      write_cycle(t, s->stack, from, top, s->text, s->size);
      return FCSIM_ECOMBINATION;
    }
    if (s->color[child] == WHITE) {
      s->color[child] = GREY;
      s->stack[++top] = child;
      s->left[top] = UINT32_MAX;
      s->r.channels++;
    }
  }
  return 0;
}

/* Roots: every injection (all_roots 0), or every channel in every class
 * (all_roots 1: packets may enter the graph anywhere, as adaptive packets
 * enter an escape network). */
static int search_roots(struct cdg_search *s, int all_roots)
{
  const struct fcsim_topo *t = s->t;
  int rc = 0;
  for (int64_t src = 0; src < t->nodes && !rc; src++) {
    uint32_t out = all_roots ? fcsim_turns_links(t, src) : outputs_of(s->ops, t, s->p, src, -1, 0);
    for (int o = 0; o < t->nports && !rc; o++) {
      if (!(out >> o & 1))
        continue;
      if (all_roots) {
        rc = search_from(s, chan_id(t, src, o, 0));
        if (!rc && fcsim_turns_classes_on(t, s->p))
          rc = search_from(s, chan_id(t, src, o, 1));
      } else {
        rc = search_from(s, chan_id(t, src, o, fcsim_turns_next_class(t, s->p, src, -1, o, 0)));
      }
    }
  }
  return rc;
}

static int analyse(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                   int all_roots, struct fcsim_cdg_result *res, char *cycle_text, size_t size)
{
  if (cycle_text && size)
    cycle_text[0] = '\0';
  if (!ops->outputs)
    return FCSIM_EINVAL;
  const int64_t nch = t->nodes * t->nports * 2;
  struct cdg_search s = {t,
                         p,
                         ops,
                         calloc((size_t)nch, 1),
                         malloc((size_t)nch * sizeof(int64_t)),
                         malloc((size_t)nch * sizeof(uint32_t)),
                         {0, 0, 0},
                         cycle_text,
                         size};
  int rc = s.color && s.stack && s.left ? search_roots(&s, all_roots) : FCSIM_ENOMEM;
  free(s.color);
  free(s.stack);
  free(s.left);
  if (res)
    *res = s.r;
  return rc;
}

int fcsim_cdg_analyse(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                      struct fcsim_cdg_result *res, char *cycle_text, size_t size)
{
  return analyse(t, p, ops, 0, res, cycle_text, size);
}

int fcsim_cdg_analyse_all(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                          struct fcsim_cdg_result *res, char *cycle_text, size_t size)
{
  return analyse(t, p, ops, 1, res, cycle_text, size);
}

int fcsim_cdg_check(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                    char *cycle_text, size_t size)
{
  return fcsim_cdg_analyse(t, p, ops, NULL, cycle_text, size);
}

int fcsim_routing_check_cdg(const struct fcsim_routing_ops *ops, const struct fcsim_topo *t,
                            const struct fcsim_params *p, struct fcsim_error *err)
{
  char cycle[600];
  if (t->kind == FCSIM_TOPO_FILE)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "routing.algorithm = %s needs a torus or mesh (its directions are geometric); a netlist "
                           "(network.topology = file) needs table routing",
                           ops->name);
  if (t->kind == FCSIM_TOPO_TORUS && !p->dateline)
    return 0; /* router.dateline = off asks for a deadlock-prone network */
  if (ops->turn_rule && fcsim_turns_seed_rule(t, p))
    return fcsim_routing_check_escape(ops, t, p, err);
  int rc = fcsim_cdg_check(t, p, ops, cycle, sizeof cycle);
  if (rc == FCSIM_ENOMEM)
    return fcsim_error_set(err, rc, "out of memory for the deadlock check of routing.algorithm = %s", ops->name);
  if (rc == FCSIM_EINVAL)
    return fcsim_error_set(err, rc, "routing.algorithm = %s has no local rule to check for deadlock", ops->name);
  if (rc)
    return fcsim_error_set(err, rc,
                           "routing.algorithm = %s can deadlock on this %s: its channel dependencies "
                           "(link, dateline class) form a cycle: %s",
                           ops->name, t->kind == FCSIM_TOPO_TORUS ? "torus" : "mesh", cycle);
  return 0;
}

int fcsim_routing_check_escape(const struct fcsim_routing_ops *ops, const struct fcsim_topo *t,
                               const struct fcsim_params *p, struct fcsim_error *err)
{
  char cycle[600];
  if (p->vc_split || p->vcs < 3)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "routing.turn_rule = seed-escape (routing.algorithm = %s) keeps the two exclusive VCs of "
                           "the overlapping dateline classes (Fig. 4.9b) as its escape network and routes adaptively "
                           "on the shared ones: it needs router.vc_classes = overlap and router.vcs >= 3 (have %s, %d)",
                           ops->name, p->vc_split ? "split" : "overlap", p->vcs);
  /* Duato: the adaptive VCs may form cycles (the seed's turns alone do,
   * docs/ROUTING.md) as long as every packet can always take the escape
   * network, whose own dependencies are acyclic. A packet enters it on its
   * DOR output wherever it is, so its graph is searched from every channel
   * in both classes; once in it, a packet stays in it (no indirect
   * dependencies through adaptive VCs). */
  int rc = fcsim_cdg_analyse_all(t, p, &fcsim_routing_dor, NULL, cycle, sizeof cycle);
  if (rc == FCSIM_ENOMEM)
    return fcsim_error_set(err, rc, "out of memory for the deadlock check of routing.turn_rule = seed-escape");
  if (rc)
    return fcsim_error_set(err, rc,
                           "routing.turn_rule = seed-escape (routing.algorithm = %s): the DOR escape network can "
                           "deadlock on this torus: its channel dependencies (link, dateline class) form a cycle: %s",
                           ops->name, cycle);
  return 0;
}
