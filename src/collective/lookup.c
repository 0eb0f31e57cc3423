/* SPDX-License-Identifier: BSD-3-Clause */
/* Running a network on the node tables of `fcsim collective build`
 * (collective.h): loading them for a graph, checked against its links, and
 * the decision one RL/ML lookup makes for a packet. */
#include <stdlib.h>
#include <string.h>

#include "collective/collective.h"

/* The tables' link map must be the graph's: same nodes, and every port of
 * the tables leads where the network's does. */
static int check_links(const char *dir, const struct fcsim_graph *g, const struct fcsim_coll_tables *tab,
                       struct fcsim_error *err)
{
  if (tab->nodes != g->nodes)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "router.tables = %s: the tables were built for %lld nodes; this network has %lld (build "
                           "them with fcsim collective build on the same network)",
                           dir, (long long)tab->nodes, (long long)g->nodes);
  for (int64_t v = 0; v < g->nodes; v++) {
    int radix = fcsim_graph_radix(g, v);
    for (int p = 0; p < tab->nports || p < radix; p++) {
      int64_t want = p < tab->nports ? tab->neighbor[v * tab->nports + p] : -1;
      int64_t have = p < radix ? fcsim_graph_out(g, v, p)->dst : -1;
      if ((want < 0 ? -1 : want) != (have < 0 ? -1 : have))
        return fcsim_error_set(err, FCSIM_ECOMBINATION,
                               "router.tables = %s: node %lld port %d leads to node %lld in the tables but to %lld "
                               "in this network (tables built for another topology)",
                               dir, (long long)v, p, (long long)want, (long long)have);
    }
  }
  return 0;
}

int fcsim_coll_tables_load_for(const char *dir, const struct fcsim_graph *g, uint64_t max_bytes,
                               struct fcsim_coll_tables *tab, int *loaded, struct fcsim_error *err)
{
  memset(tab, 0, sizeof *tab);
  *loaded = 0;
  if (!dir[0])
    return 0;
  struct fcsim_error e = {0};
  int rc = fcsim_coll_tables_read(tab, dir, max_bytes, &e);
  if (rc)
    return fcsim_error_set(err, rc == FCSIM_ENOMEM ? FCSIM_ENOMEM : FCSIM_EPARSE,
                           "router.tables = %s: cannot load the node tables (%s); write them with `fcsim collective "
                           "build --out DIR`",
                           dir, e.msg);
  if ((rc = check_links(dir, g, tab, err))) {
    fcsim_coll_tables_destroy(tab);
    return rc;
  }
  *loaded = 1;
  return 0;
}

int fcsim_coll_lookup(const struct fcsim_coll_tables *tab, int64_t node, uint32_t idx, struct fcsim_coll_hop *h)
{
  h->type = 0;
  h->n = 0;
  const struct fcsim_coll_node_tables *nt = &tab->node[node];
  if (idx >= (uint64_t)nt->nu)
    return -1;
  const struct fcsim_coll_uentry *u = &nt->u[idx];
  h->priority = u->priority;
  if (u->type == FCSIM_COLL_T_UNICAST || u->type == FCSIM_COLL_T_REDUCTION) {
    if (u->type == FCSIM_COLL_T_REDUCTION && u->next >= nt->nr)
      return -1;
    h->n = 1;
    h->port[0] = u->port;
    h->next[0] = u->next;
  } else if (u->type == FCSIM_COLL_T_MULTICAST) {
    if (u->next >= nt->nm)
      return -1;
    const struct fcsim_coll_mentry *m = &nt->m[u->next];
    h->n = m->count;
    for (int i = 0; i < m->count; i++)
      h->port[i] = m->port[i], h->next[i] = m->next[i];
  } else {
    return -1;
  }
  for (int i = 0; i < h->n; i++)
    if (h->port[i] != FCSIM_COLL_PORT_LOCAL &&
        (h->port[i] < 0 || h->port[i] >= tab->nports || tab->neighbor[node * tab->nports + h->port[i]] < 0))
      return -1;
  h->type = u->type;
  return 0;
}
