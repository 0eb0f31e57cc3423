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

int fcsim_cdg_analyse(const struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_routing_ops *ops,
                      struct fcsim_cdg_result *res, char *cycle_text, size_t size)
{
  struct fcsim_cdg_result r = {0, 0, 0};
  if (cycle_text && size)
    cycle_text[0] = '\0';
  if (!ops->outputs)
    return FCSIM_EINVAL;
  const int64_t nch = t->nodes * t->nports * 2;
  uint8_t *color = calloc((size_t)nch, 1);
  int64_t *stack = malloc((size_t)nch * sizeof *stack);
  uint32_t *left = malloc((size_t)nch * sizeof *left); /* outputs still to explore per stack entry */
  if (!color || !stack || !left) {
    free(color);
    free(stack);
    free(left);
    return FCSIM_ENOMEM;
  }
  int rc = 0;
  for (int64_t src = 0; src < t->nodes && !rc; src++) {
    uint32_t inj = outputs_of(ops, t, p, src, -1, 0);
    for (int o = 0; o < t->nports && !rc; o++) {
      if (!(inj >> o & 1))
        continue;
      int64_t root = chan_id(t, src, o, fcsim_turns_next_class(t, p, src, -1, o, 0));
      if (color[root] != WHITE)
        continue;
      int64_t top = 0;
      stack[0] = root;
      color[root] = GREY;
      left[0] = UINT32_MAX; /* computed on first visit */
      r.channels++;
      while (top >= 0) {
        int64_t ch = stack[top];
        int cls = (int)(ch & 1), port = (int)((ch >> 1) % t->nports);
        int64_t node = (ch >> 1) / t->nports;
        int64_t next = t->neighbor[node * t->nports + port];
        int in = port ^ 1;
        if (left[top] == UINT32_MAX) {
          left[top] = outputs_of(ops, t, p, next, in, cls);
          for (uint32_t m = left[top]; m; m &= m - 1)
            r.edges++;
        }
        if (!left[top]) {
          color[ch] = BLACK;
          top--;
          continue;
        }
        int out = __builtin_ctz(left[top]);
        left[top] &= left[top] - 1;
        int64_t child = chan_id(t, next, out, fcsim_turns_next_class(t, p, next, in, out, cls));
        if (color[child] == GREY) {
          int64_t from = top;
          while (stack[from] != child)
            from--;
          r.cycle_length = (int)(top - from + 1);
          write_cycle(t, stack, from, top, cycle_text, size);
          rc = FCSIM_ECOMBINATION;
          break;
        }
        if (color[child] == WHITE) {
          color[child] = GREY;
          stack[++top] = child;
          left[top] = UINT32_MAX;
          r.channels++;
        }
      }
    }
  }
  free(color);
  free(stack);
  free(left);
  if (res)
    *res = r;
  return rc;
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
