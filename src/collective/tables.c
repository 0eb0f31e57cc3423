/* SPDX-License-Identifier: BSD-3-Clause */
/* Node tables of seed 000 Fig. 4.12 built from collective trees: the bit
 * layouts (pack/unpack), the multicast tables with shared entries, the
 * reduction tables, and their sizes as Table 5.7 counts them.
 *
 * Every packet is looked up first in the unicast (routing-lookup, RL) table
 * at the index its header carries. A UNICAST entry gives the exit port (15 =
 * eject here) and the index at the next node. A MULTICAST entry's index
 * field names the local multicast-table entry (ML stage) whose slots give
 * each child's exit port and next index. A REDUCTION entry gives the exit
 * port toward the root and, in its index field, the local reduction-table
 * entry (ReL/ReW stages) holding the expected packet count and the index at
 * the parent. Multicast entries with identical contents (identical
 * subtrees) are stored once; reduction entries hold per-operation state and
 * are never shared. */
#include <stdlib.h>
#include <string.h>

#include "collective/collective.h"

/* ------------------------------------------------------------ bit layouts */

uint32_t fcsim_coll_uentry_pack(const struct fcsim_coll_uentry *e)
{
  return ((uint32_t)(e->type & 0xF) << 28) | ((uint32_t)(e->port & 0xF) << 24) | ((uint32_t)(e->next & 0xFFFF) << 8) |
         (uint32_t)(e->priority & 0xFF);
}

void fcsim_coll_uentry_unpack(uint32_t w, struct fcsim_coll_uentry *e)
{
  e->type = (int)(w >> 28);
  e->port = (int)((w >> 24) & 0xF);
  e->next = (int)((w >> 8) & 0xFFFF);
  e->priority = (int)(w & 0xFF);
}

static void put_bits(uint64_t w[2], int pos, int width, uint64_t v)
{
  for (int i = 0; i < width; i++)
    if ((v >> i) & 1)
      w[(pos + i) >> 6] |= (uint64_t)1 << ((pos + i) & 63);
}

static uint64_t get_bits(const uint64_t w[2], int pos, int width)
{
  uint64_t v = 0;
  for (int i = 0; i < width; i++)
    v |= ((w[(pos + i) >> 6] >> ((pos + i) & 63)) & 1) << i;
  return v;
}

void fcsim_coll_mentry_pack(const struct fcsim_coll_mentry *e, uint64_t w[2])
{
  w[0] = w[1] = 0;
  for (int i = 0; i < e->count && i < FCSIM_COLL_SLOTS; i++)
    put_bits(w, 20 * i, 20, ((uint64_t)(e->port[i] & 0xF) << 16) | (uint64_t)(e->next[i] & 0xFFFF));
  put_bits(w, 120, 3, (uint64_t)(e->count & 7));
}

void fcsim_coll_mentry_unpack(const uint64_t w[2], struct fcsim_coll_mentry *e)
{
  memset(e, 0, sizeof *e);
  e->count = (int)get_bits(w, 120, 3);
  for (int i = 0; i < FCSIM_COLL_SLOTS; i++) {
    uint64_t s = get_bits(w, 20 * i, 20);
    e->port[i] = (int)(s >> 16);
    e->next[i] = (int)(s & 0xFFFF);
  }
}

uint32_t fcsim_coll_rentry_pack(const struct fcsim_coll_rentry *e)
{
  return ((uint32_t)(e->expected & 7) << 16) | (uint32_t)(e->next & 0xFFFF);
}

void fcsim_coll_rentry_unpack(uint32_t w, struct fcsim_coll_rentry *e)
{
  e->expected = (int)((w >> 16) & 7);
  e->next = (int)(w & 0xFFFF);
}

/* ------------------------------------------------------- entry interning */

/* Open-addressing map from (node, table, packed entry) to its index. */
struct intern {
  uint64_t *key; /* [cap * 3]: node * 2 + table + 1 (0 = empty), word 0, word 1 */
  int32_t *val;  /* [cap] index in the node's table */
  size_t cap, n; /* slots, used */
};

static size_t slot_of(const struct intern *h, const uint64_t k[3])
{
  uint64_t x = k[0] * 0x9e3779b97f4a7c15ULL ^ k[1] * 0xc2b2ae3d27d4eb4fULL ^ k[2] * 0x165667b19e3779f9ULL;
  x ^= x >> 29;
  size_t i = (size_t)x & (h->cap - 1);
  while (h->key[i * 3] && memcmp(h->key + i * 3, k, 3 * sizeof *k))
    i = (i + 1) & (h->cap - 1);
  return i;
}

static int intern_grow(struct intern *h)
{
  struct intern g = {calloc(h->cap * 6, sizeof(uint64_t)), malloc(h->cap * 2 * sizeof(int32_t)), h->cap * 2, h->n};
  if (!g.key || !g.val) {
    free(g.key), free(g.val);
    return FCSIM_ENOMEM;
  }
  for (size_t i = 0; i < h->cap; i++)
    if (h->key[i * 3]) {
      size_t j = slot_of(&g, h->key + i * 3);
      memcpy(g.key + j * 3, h->key + i * 3, 3 * sizeof(uint64_t));
      g.val[j] = h->val[i];
    }
  free(h->key), free(h->val);
  *h = g;
  return 0;
}

/* ------------------------------------------------------------ table build */

#define GROW(arr, n, cap) ((n) < (cap) ? 0 : grow_array((void **)&(arr), &(cap), sizeof *(arr)))

static int grow_array(void **arr, int64_t *cap, size_t size)
{
  int64_t c = *cap ? *cap * 2 : 16;
  void *p = realloc(*arr, (size_t)c * size);
  if (!p)
    return FCSIM_ENOMEM;
  *arr = p;
  *cap = c;
  return 0;
}

/* Index of entry (w0, w1) in `node`'s table `which` (0 unicast, 1
 * multicast), adding it if new; -1 on exhaustion. */
static int64_t intern_entry(struct intern *h, struct fcsim_coll_node_tables *nt, int64_t node, int which,
                            const struct fcsim_coll_uentry *u, const struct fcsim_coll_mentry *m)
{
  uint64_t k[3] = {(uint64_t)node * 2 + (uint64_t)which + 1, 0, 0};
  if (which)
    fcsim_coll_mentry_pack(m, k + 1);
  else
    k[1] = fcsim_coll_uentry_pack(u);
  if (2 * (h->n + 1) > h->cap && intern_grow(h))
    return -1;
  size_t i = slot_of(h, k);
  if (h->key[i * 3])
    return h->val[i];
  int64_t idx = which ? nt->nm : nt->nu;
  if (which ? GROW(nt->m, nt->nm, nt->capm) : GROW(nt->u, nt->nu, nt->capu))
    return -1;
  if (which)
    nt->m[nt->nm++] = *m;
  else
    nt->u[nt->nu++] = *u;
  memcpy(h->key + i * 3, k, sizeof k);
  h->val[i] = (int32_t)idx;
  h->n++;
  return idx;
}

/* Nodes of the tree, parents before children (preorder). */
static int64_t tree_order(const struct fcsim_topo *t, const struct fcsim_coll_tree *tr, int64_t *order)
{
  int64_t n = 0, head = 0;
  int ports[FCSIM_MAX_PORTS];
  order[n++] = tr->src;
  while (head < n) {
    int64_t v = order[head++];
    int nc = fcsim_coll_tree_children(t, tr, v, ports);
    for (int i = 0; i < nc; i++)
      order[n++] = t->neighbor[v * t->nports + ports[i]];
  }
  return n;
}

static int too_big(struct fcsim_error *err, int64_t node, int64_t src)
{
  return fcsim_error_set(err, FCSIM_ERANGE,
                         "node %lld needs more than %d table entries for the tree of node %lld "
                         "(16-bit table index)",
                         (long long)node, FCSIM_COLL_MAX_INDEX + 1, (long long)src);
}

/* Multicast entries of one tree, children before parents. */
static int build_multicast(const struct fcsim_topo *t, const struct fcsim_coll_tree *tr, struct fcsim_coll_tables *tab,
                           struct intern *h, const int64_t *order, int64_t n, int32_t *uidx, int *height,
                           struct fcsim_error *err)
{
  int ports[FCSIM_MAX_PORTS];
  for (int64_t k = n - 1; k >= 0; k--) {
    int64_t v = order[k];
    int nc = fcsim_coll_tree_children(t, tr, v, ports), total = nc + tr->is_dst[v];
    struct fcsim_coll_mentry m = {0};
    int hgt = 0;
    for (int i = 0; i < nc; i++) {
      int64_t c = t->neighbor[v * t->nports + ports[i]];
      if (i < FCSIM_COLL_SLOTS)
        m.port[i] = ports[i], m.next[i] = uidx[c];
      hgt = height[c] + 1 > hgt ? height[c] + 1 : hgt;
    }
    if (tr->is_dst[v] && nc < FCSIM_COLL_SLOTS)
      m.port[nc] = FCSIM_COLL_PORT_LOCAL, m.next[nc] = 0;
    if (total > FCSIM_COLL_SLOTS)
      return fcsim_error_set(err, FCSIM_ERANGE,
                             "the multicast from node %lld needs %d children at node %lld; a Fig. 4.12 multicast entry "
                             "holds at most %d",
                             (long long)tr->src, total, (long long)v, FCSIM_COLL_SLOTS);
    height[v] = hgt;
    tab->node[v].tree_u++;
    tab->node[v].tree_m += total > 1;
    struct fcsim_coll_uentry u = {FCSIM_COLL_T_UNICAST, m.port[0], m.next[0], hgt > 255 ? 255 : hgt};
    if (total > 1) {
      m.count = total;
      int64_t j = intern_entry(h, &tab->node[v], v, 1, NULL, &m);
      if (j < 0)
        return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory building tables");
      if (j > FCSIM_COLL_MAX_INDEX)
        return too_big(err, v, tr->src);
      u = (struct fcsim_coll_uentry){FCSIM_COLL_T_MULTICAST, 0, (int)j, hgt > 255 ? 255 : hgt};
    }
    int64_t i = intern_entry(h, &tab->node[v], v, 0, &u, NULL);
    if (i < 0)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory building tables");
    if (i > FCSIM_COLL_MAX_INDEX)
      return too_big(err, v, tr->src);
    uidx[v] = (int32_t)i;
  }
  return 0;
}

/* Reduction entries of one tree, parents before children. */
static int build_reduction(const struct fcsim_topo *t, const struct fcsim_coll_tree *tr, struct fcsim_coll_tables *tab,
                           const int64_t *order, int64_t n, int32_t *uidx, struct fcsim_error *err)
{
  int ports[FCSIM_MAX_PORTS];
  for (int64_t k = 0; k < n; k++) {
    int64_t v = order[k];
    struct fcsim_coll_node_tables *nt = &tab->node[v];
    int expected = fcsim_coll_tree_children(t, tr, v, ports) + tr->is_dst[v];
    if (expected > 7)
      return fcsim_error_set(err, FCSIM_ERANGE,
                             "the reduction to node %lld expects %d packets at node %lld; a Fig. 4.12 reduction entry "
                             "counts at most 7",
                             (long long)tr->src, expected, (long long)v);
    int up = v == tr->src ? FCSIM_COLL_PORT_LOCAL : (tr->via[v] ^ 1);
    int64_t parent = v == tr->src ? v : t->neighbor[v * t->nports + up];
    int depth = fcsim_coll_tree_depth(t, tr, v);
    if (GROW(nt->r, nt->nr, nt->capr) || GROW(nt->u, nt->nu, nt->capu))
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory building tables");
    if (nt->nr > FCSIM_COLL_MAX_INDEX || nt->nu > FCSIM_COLL_MAX_INDEX)
      return too_big(err, v, tr->src);
    nt->r[nt->nr] = (struct fcsim_coll_rentry){expected, v == tr->src ? 0 : uidx[parent]};
    nt->u[nt->nu] = (struct fcsim_coll_uentry){FCSIM_COLL_T_REDUCTION, up, (int)nt->nr, depth > 255 ? 255 : depth};
    uidx[v] = (int32_t)nt->nu;
    nt->nr++, nt->nu++;
  }
  return 0;
}

static int fill_start(const struct fcsim_coll_tree *tr, int64_t nodes, const int32_t *uidx, struct fcsim_coll_start *s)
{
  s->root = tr->src;
  s->index = uidx[tr->src];
  s->ncontrib = 0;
  s->contrib = malloc((size_t)(tr->ndst ? tr->ndst : 1) * sizeof *s->contrib);
  s->cindex = malloc((size_t)(tr->ndst ? tr->ndst : 1) * sizeof *s->cindex);
  if (!s->contrib || !s->cindex)
    return FCSIM_ENOMEM;
  for (int64_t v = 0; v < nodes; v++)
    if (tr->is_dst[v]) {
      s->contrib[s->ncontrib] = v;
      s->cindex[s->ncontrib++] = uidx[v];
    }
  return 0;
}

int fcsim_coll_tables_build(const struct fcsim_topo *t, const struct fcsim_coll_tree *trees, int64_t ntrees,
                            enum fcsim_coll_op op, struct fcsim_coll_tables *tab, struct fcsim_error *err)
{
  memset(tab, 0, sizeof *tab);
  tab->nodes = t->nodes;
  tab->nports = t->nports;
  tab->op = op;
  tab->node = calloc((size_t)t->nodes, sizeof *tab->node);
  tab->start = calloc((size_t)(ntrees ? ntrees : 1), sizeof *tab->start);
  tab->neighbor = malloc((size_t)(t->nodes * t->nports) * sizeof *tab->neighbor);
  int64_t *order = malloc((size_t)t->nodes * sizeof *order);
  int32_t *uidx = malloc((size_t)t->nodes * sizeof *uidx);
  int *height = malloc((size_t)t->nodes * sizeof *height);
  struct intern h = {calloc(1024 * 3, sizeof(uint64_t)), malloc(1024 * sizeof(int32_t)), 1024, 0};
  int rc = tab->node && tab->start && tab->neighbor && order && uidx && height && h.key && h.val
               ? 0
               : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory building tables");
  if (!rc)
    memcpy(tab->neighbor, t->neighbor, (size_t)(t->nodes * t->nports) * sizeof *tab->neighbor);
  for (int64_t i = 0; i < ntrees && !rc; i++) {
    const struct fcsim_coll_tree *tr = &trees[i];
    if (op == FCSIM_COLL_MULTICAST && tr->ndst == 0)
      continue;
    if (op == FCSIM_COLL_REDUCTION && tr->ndst == 0) {
      rc = fcsim_error_set(err, FCSIM_ERANGE, "the reduction rooted at node %lld has no contributing nodes",
                           (long long)tr->src);
      break;
    }
    int64_t n = tree_order(t, tr, order);
    rc = op == FCSIM_COLL_MULTICAST ? build_multicast(t, tr, tab, &h, order, n, uidx, height, err)
                                    : build_reduction(t, tr, tab, order, n, uidx, err);
    if (!rc && fill_start(tr, t->nodes, uidx, &tab->start[tab->nstart++]))
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory building tables");
  }
  free(order), free(uidx), free(height), free(h.key), free(h.val);
  if (rc)
    fcsim_coll_tables_destroy(tab);
  return rc;
}

void fcsim_coll_tables_destroy(struct fcsim_coll_tables *tab)
{
  for (int64_t v = 0; tab->node && v < tab->nodes; v++) {
    free(tab->node[v].u);
    free(tab->node[v].m);
    free(tab->node[v].r);
  }
  for (int64_t i = 0; tab->start && i < tab->nstart; i++) {
    free(tab->start[i].contrib);
    free(tab->start[i].cindex);
  }
  free(tab->node);
  free(tab->start);
  free(tab->neighbor);
  memset(tab, 0, sizeof *tab);
}

int64_t fcsim_coll_multicast_table_bits(const struct fcsim_coll_tables *tab, int64_t node)
{
  const struct fcsim_coll_node_tables *nt = &tab->node[node];
  if (tab->op != FCSIM_COLL_MULTICAST)
    return 0;
  return nt->nu * FCSIM_COLL_UNICAST_BITS + nt->nm * FCSIM_COLL_MULTICAST_BITS;
}

int64_t fcsim_coll_reduction_table_bits(const struct fcsim_coll_tables *tab, int64_t node)
{
  return tab->op == FCSIM_COLL_REDUCTION ? tab->node[node].nr * FCSIM_COLL_REDUCTION_BITS : 0;
}

int64_t fcsim_coll_unshared_table_bits(const struct fcsim_coll_tables *tab, int64_t node)
{
  const struct fcsim_coll_node_tables *nt = &tab->node[node];
  return nt->tree_u * FCSIM_COLL_UNICAST_BITS + nt->tree_m * FCSIM_COLL_MULTICAST_BITS;
}
