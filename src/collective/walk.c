/* SPDX-License-Identifier: BSD-3-Clause */
/* Pure table walks: follow the node tables of a multicast or a reduction as
 * the routers would, without the simulator, and report what is delivered.
 * They read only the tables and the link map the tables carry. */
#include <stdlib.h>
#include <string.h>

#include "collective/collective.h"

/* A packet in flight during a walk. */
struct hop {
  int64_t node; /* node it is at */
  int index;    /* unicast-table index its header carries */
  int64_t sum;  /* reduction payload */
};

/* The neighbour over `port`, or -1 with a message. */
static int64_t next_node(const struct fcsim_coll_tables *tab, int64_t node, int port, struct fcsim_error *err)
{
  int64_t nb = port >= 0 && port < tab->nports ? tab->neighbor[node * tab->nports + port] : -1;
  if (nb < 0)
    fcsim_error_set(err, FCSIM_EINVAL, "table walk: node %lld sends to exit port %d, which has no link",
                    (long long)node, port);
  return nb;
}

static const struct fcsim_coll_uentry *lookup(const struct fcsim_coll_tables *tab, int64_t node, int index,
                                              struct fcsim_error *err)
{
  if (node < 0 || node >= tab->nodes || index < 0 || index >= tab->node[node].nu) {
    fcsim_error_set(err, FCSIM_EINVAL, "table walk: node %lld has no unicast entry %d", (long long)node, index);
    return NULL;
  }
  return &tab->node[node].u[index];
}

int fcsim_coll_walk_multicast(const struct fcsim_coll_tables *tab, int64_t root, int index, int64_t *delivered,
                              struct fcsim_error *err)
{
  int64_t cap = 8 * tab->nodes + 16, head = 0, tail = 0, steps = 0;
  struct hop *q = malloc((size_t)cap * sizeof *q);
  if (!q)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory walking tables");
  memset(delivered, 0, (size_t)tab->nodes * sizeof *delivered);
  int rc = 0;
  q[tail++] = (struct hop){root, index, 0};
  while (head < tail && !rc) {
    struct hop h = q[head++];
    const struct fcsim_coll_uentry *u = lookup(tab, h.node, h.index, err);
    if (!u) {
      rc = FCSIM_EINVAL;
      break;
    }
    struct fcsim_coll_mentry one = {1, {u->port}, {u->next}}, *m = &one;
    if (u->type == FCSIM_COLL_T_MULTICAST) {
      if (u->next >= tab->node[h.node].nm) {
        rc = fcsim_error_set(err, FCSIM_EINVAL, "table walk: node %lld has no multicast entry %d", (long long)h.node,
                             u->next);
        break;
      }
      m = &tab->node[h.node].m[u->next];
    } else if (u->type != FCSIM_COLL_T_UNICAST) {
      rc = fcsim_error_set(err, FCSIM_EINVAL, "table walk: node %lld entry %d has type %d in a multicast",
                           (long long)h.node, h.index, u->type);
      break;
    }
    for (int i = 0; i < m->count && !rc; i++) {
      if (m->port[i] == FCSIM_COLL_PORT_LOCAL) {
        delivered[h.node]++;
        continue;
      }
      int64_t nb = next_node(tab, h.node, m->port[i], err);
      if (nb < 0 || tail == cap || ++steps > 4 * tab->nodes)
        rc = nb < 0 ? FCSIM_EINVAL
                    : fcsim_error_set(err, FCSIM_EINVAL, "table walk from node %lld loops", (long long)root);
      else
        q[tail++] = (struct hop){nb, m->next[i], 0};
    }
  }
  free(q);
  return rc;
}

/* Delivers one reduction packet into the entry it names; when the entry
 * completes, its combined packet continues upstream (iteratively). */
static int reduce_inject(const struct fcsim_coll_tables *tab, int64_t **count, int64_t **acc, struct hop h,
                         int64_t *root_out, int64_t *sum_out, int *done, struct fcsim_error *err)
{
  for (int64_t steps = 0; steps <= tab->nodes; steps++) {
    const struct fcsim_coll_uentry *u = lookup(tab, h.node, h.index, err);
    if (!u)
      return FCSIM_EINVAL;
    if (u->type != FCSIM_COLL_T_REDUCTION || u->next >= tab->node[h.node].nr)
      return fcsim_error_set(err, FCSIM_EINVAL, "table walk: node %lld entry %d is not a reduction entry",
                             (long long)h.node, h.index);
    const struct fcsim_coll_rentry *r = &tab->node[h.node].r[u->next];
    int64_t *c = &count[h.node][u->next], *a = &acc[h.node][u->next];
    if (*c >= r->expected)
      return fcsim_error_set(err, FCSIM_EINVAL,
                             "table walk: node %lld reduction entry %d receives more than %d packets",
                             (long long)h.node, u->next, r->expected);
    ++*c, *a += h.sum;
    if (*c < r->expected)
      return 0;
    if (u->port == FCSIM_COLL_PORT_LOCAL) {
      *root_out = h.node, *sum_out = *a;
      ++*done;
      return 0;
    }
    int64_t nb = next_node(tab, h.node, u->port, err);
    if (nb < 0)
      return FCSIM_EINVAL;
    h = (struct hop){nb, r->next, *a};
  }
  return fcsim_error_set(err, FCSIM_EINVAL, "table walk: a reduction loops");
}

int fcsim_coll_walk_reduction(const struct fcsim_coll_tables *tab, const struct fcsim_coll_start *s, int64_t *root_out,
                              int64_t *sum_out, struct fcsim_error *err)
{
  int64_t **count = calloc((size_t)tab->nodes, sizeof *count), **acc = calloc((size_t)tab->nodes, sizeof *acc);
  int rc = count && acc ? 0 : FCSIM_ENOMEM, done = 0;
  for (int64_t v = 0; v < tab->nodes && !rc; v++) {
    int64_t nr = tab->node[v].nr ? tab->node[v].nr : 1;
    count[v] = calloc((size_t)nr, sizeof **count);
    acc[v] = calloc((size_t)nr, sizeof **acc);
    if (!count[v] || !acc[v])
      rc = FCSIM_ENOMEM;
  }
  if (rc)
    fcsim_error_set(err, rc, "out of memory walking tables");
  *root_out = -1, *sum_out = 0;
  for (int64_t i = 0; i < s->ncontrib && !rc; i++)
    rc = reduce_inject(tab, count, acc, (struct hop){s->contrib[i], s->cindex[i], s->contrib[i] + 1}, root_out, sum_out,
                       &done, err);
  if (!rc && done != 1)
    rc = fcsim_error_set(err, FCSIM_EINVAL, "table walk: the reduction to node %lld completed %d times",
                         (long long)s->root, done);
  for (int64_t v = 0; v < tab->nodes && count && acc; v++)
    free(count[v]), free(acc[v]);
  free(count);
  free(acc);
  return rc;
}
