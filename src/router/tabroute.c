/* Table routing of collective packets (tabroute.h): loading and checking
 * router.tables, the RL/ML lookup, and the reduction unit's partial-result
 * store. */
#include <stdlib.h>
#include <string.h>

#include "router/tabroute.h"

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

int fcsim_tabroute_load(const struct fcsim_params *p, const struct fcsim_graph *g, struct fcsim_coll_tables *tab,
                        int *loaded, struct fcsim_error *err)
{
  memset(tab, 0, sizeof *tab);
  *loaded = 0;
  if (!p->router_tables[0])
    return 0;
  struct fcsim_error e = {0};
  int rc = fcsim_coll_tables_read(tab, p->router_tables, &e);
  if (rc)
    return fcsim_error_set(err, rc == FCSIM_ENOMEM ? FCSIM_ENOMEM : FCSIM_EPARSE,
                           "router.tables = %s: cannot load the node tables (%s); write them with `fcsim collective "
                           "build --out DIR`",
                           p->router_tables, e.msg);
  if ((rc = check_links(p->router_tables, g, tab, err))) {
    fcsim_coll_tables_destroy(tab);
    return rc;
  }
  *loaded = 1;
  return 0;
}

int fcsim_tabroute_lookup(const struct fcsim_coll_tables *tab, int64_t node, uint32_t idx, struct fcsim_tabroute_hop *h)
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

static uint32_t hash32(uint32_t k)
{
  k ^= k >> 16;
  k *= 0x7feb352du;
  k ^= k >> 15;
  k *= 0x846ca68bu;
  return k ^ (k >> 16);
}

static struct fcsim_redslot *find(struct fcsim_redstore *s, uint32_t key)
{
  uint32_t i = hash32(key) & (s->cap - 1);
  while (s->slot[i].key && s->slot[i].key != key)
    i = (i + 1) & (s->cap - 1);
  return &s->slot[i];
}

static int grow(struct fcsim_redstore *s)
{
  uint32_t cap = s->cap ? 2 * s->cap : 64;
  struct fcsim_redstore n = {calloc(cap, sizeof *n.slot), cap, 0, s->most};
  if (!n.slot)
    return FCSIM_ENOMEM;
  for (uint32_t i = 0; i < s->cap; i++)
    if (s->slot[i].key) {
      *find(&n, s->slot[i].key) = s->slot[i];
      n.used++;
    }
  free(s->slot);
  *s = n;
  return 0;
}

/* Removes slot x, moving later entries of its probe run back (linear probing). */
static void erase(struct fcsim_redstore *s, struct fcsim_redslot *x)
{
  uint32_t i = (uint32_t)(x - s->slot), j = i;
  s->slot[i].key = 0;
  s->used--;
  for (;;) {
    j = (j + 1) & (s->cap - 1);
    if (!s->slot[j].key)
      return;
    uint32_t home = hash32(s->slot[j].key) & (s->cap - 1);
    /* j's entry may move to i when its home is not in (i, j] cyclically */
    if ((j > i && (home <= i || home > j)) || (j < i && (home <= i && home > j))) {
      s->slot[i] = s->slot[j];
      s->slot[j].key = 0;
      i = j;
    }
  }
}

int fcsim_redstore_add(struct fcsim_redstore *s, uint32_t r, uint32_t inst, uint32_t expected,
                       const struct fcsim_redslot *in, struct fcsim_redslot *done)
{
  if ((s->used + 1) * 2 > s->cap && grow(s))
    return FCSIM_ENOMEM;
  uint32_t key = ((r << 8) | (inst & 0xffu)) + 1u;
  struct fcsim_redslot *x = find(s, key);
  if (!x->key) {
    *x = *in;
    x->key = key;
    x->count = 0;
    x->sum = 0;
    s->used++;
    if (s->used > s->most)
      s->most = s->used;
  } else {
    if ((int32_t)(in->gen - x->gen) < 0)
      x->gen = in->gen;
    if (in->hops > x->hops)
      x->hops = in->hops;
    x->measured &= in->measured;
  }
  x->count++;
  x->sum += in->sum;
  if (x->count < expected)
    return 0;
  *done = *x;
  erase(s, x);
  return 1;
}

void fcsim_redstore_free(struct fcsim_redstore *s)
{
  free(s->slot);
  memset(s, 0, sizeof *s);
}
