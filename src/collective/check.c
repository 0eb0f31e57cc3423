/* SPDX-License-Identifier: BSD-3-Clause */
/* Checks of a set of collective trees against fcsim's deadlock rules: every
 * turn along every root-to-node path is allowed by the turn model of
 * routing/turns.h (dateline classes on), and the channel dependencies the
 * paths create, channel = (link, dateline class), have no cycle. */
#include <stdlib.h>
#include <string.h>

#include "collective/collective.h"
#include "routing/turns.h"

/* One pending node of the walk down a tree. */
struct frame {
  int64_t node; /* node reached */
  int in;       /* port it arrived on, -1 at the root */
  int cls;      /* dateline class held on the arriving link */
  int64_t chan; /* channel it arrived on, -1 at the root */
};

static int64_t chan_id(int nports, int64_t node, int port, int cls)
{
  return (node * nports + port) * 2 + cls;
}

/* Adds the dependencies of one tree; fails on a forbidden turn. */
static int add_tree(const struct fcsim_topo *t, const struct fcsim_params *prm, const struct fcsim_coll_tree *tree,
                    uint32_t *dep, struct frame *stack, struct fcsim_error *err)
{
  int top = 0, ports[FCSIM_MAX_PORTS];
  stack[top++] = (struct frame){tree->src, -1, 0, -1};
  while (top) {
    struct frame f = stack[--top];
    int nc = fcsim_coll_tree_children(t, tree, f.node, ports);
    for (int i = 0; i < nc; i++) {
      int out = ports[i];
      if (f.in >= 0 && fcsim_turns_forbidden(t, prm, f.node, f.in, out, f.cls))
        return fcsim_error_set(err, FCSIM_ECOMBINATION,
                               "tree of source %lld: the turn at node %lld from %s (arrived) to %s is forbidden by the "
                               "turn model",
                               (long long)tree->src, (long long)f.node, fcsim_topo_port_name(f.in),
                               fcsim_topo_port_name(out));
      int cls = fcsim_turns_next_class(t, prm, f.node, f.in, out, f.cls);
      int64_t c = chan_id(t->nports, f.node, out, cls);
      if (f.chan >= 0)
        dep[f.chan] |= 1u << (out * 2 + cls);
      stack[top++] = (struct frame){t->neighbor[f.node * t->nports + out], out ^ 1, cls, c};
    }
  }
  return 0;
}

/* Depth-first search for a cycle in the channel graph (colours 0 new,
 * 1 on the stack, 2 done), iterative. */
static int find_cycle(const struct fcsim_topo *t, const uint32_t *dep, int64_t nch, struct fcsim_error *err)
{
  uint8_t *colour = calloc((size_t)nch, 1);
  int64_t *stk = malloc((size_t)nch * sizeof *stk);
  int *next = calloc((size_t)nch, sizeof *next);
  int rc = colour && stk && next ? 0 : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory checking trees");
  for (int64_t s = 0; s < nch && !rc; s++) {
    if (colour[s] || !dep[s])
      continue;
    int64_t top = 0;
    stk[top++] = s;
    colour[s] = 1;
    while (top && !rc) {
      int64_t c = stk[top - 1];
      int bit = next[c];
      while (bit < 32 && !((dep[c] >> bit) & 1))
        bit++;
      if (bit >= 32) {
        colour[c] = 2;
        top--;
        continue;
      }
      next[c] = bit + 1;
      int64_t node = c / 2 / t->nports, port = (c / 2) % t->nports;
      int64_t nb = t->neighbor[node * t->nports + port];
      int64_t d = chan_id(t->nports, nb, bit / 2, bit % 2);
      if (colour[d] == 1)
        rc = fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "the trees' channel dependencies have a cycle through node %lld port %s class %d",
                             (long long)nb, fcsim_topo_port_name(bit / 2), bit % 2);
      else if (!colour[d])
        colour[d] = 1, stk[top++] = d;
    }
  }
  free(colour);
  free(stk);
  free(next);
  return rc;
}

int fcsim_coll_trees_check(const struct fcsim_topo *t, const struct fcsim_coll_tree *trees, int64_t ntrees,
                           struct fcsim_error *err)
{
  struct fcsim_params prm;
  memset(&prm, 0, sizeof prm);
  prm.topology = t->kind;
  prm.dateline = 1;
  int64_t nch = t->nodes * t->nports * 2;
  uint32_t *dep = calloc((size_t)nch, sizeof *dep);
  struct frame *stack = malloc((size_t)(t->nodes + 1) * sizeof *stack);
  int rc = dep && stack ? 0 : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory checking trees");
  for (int64_t i = 0; i < ntrees && !rc; i++)
    rc = add_tree(t, &prm, &trees[i], dep, stack, err);
  if (!rc)
    rc = find_cycle(t, dep, nch, err);
  free(dep);
  free(stack);
  return rc;
}
