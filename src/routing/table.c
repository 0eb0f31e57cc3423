/* SPDX-License-Identifier: BSD-3-Clause */
/* routing.algorithm = table: up/down next-hop tables built for any graph
 * (table.h explains the rule), and the routing ops that read them: `setup`
 * builds them into topo->tables, `route` looks one byte up, `outputs` gives
 * the torus checker the table's own dependencies, `check` runs the
 * next-hop-table checker (table_check.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "routing/routing.h"
#include "routing/table.h"

enum { ST_NONE = 0, ST_DOWN = 1, ST_UP = 2 }; /* route from a node: all down / starts up */

/* Work arrays of one build. */
struct build {
  const struct fcsim_graph *g;
  struct fcsim_route_tables *tb;
  int32_t *dist;  /* [N] table hops to the current destination, -1 unassigned */
  uint8_t *state; /* [N] ST_DOWN / ST_UP of the node's table route */
  int32_t *queue; /* [2N] frontier / BFS queue */
  int32_t *plain; /* [N] shortest-path hops to the destination */
  int32_t *legal; /* [2N] shortest legal hops: [x] all down, [N + x] first hop up */
};

/* Rank order of the spanning tree: (level, id); unreached nodes last. */
static inline int rank_less(const struct fcsim_route_tables *tb, int64_t a, int64_t b)
{
  uint32_t la = (uint32_t)tb->level[a], lb = (uint32_t)tb->level[b]; /* -1 sorts last */
  return la != lb ? la < lb : a < b;
}

int fcsim_table_is_up(const struct fcsim_route_tables *tb, const struct fcsim_graph *g, int64_t node, int port)
{
  const struct fcsim_chan *c = fcsim_graph_out(g, node, port);
  return c->dst >= 0 && rank_less(tb, c->dst, node);
}

/* Root: least eccentricity (most nodes reached first), lowest id at ties;
 * then the tree levels from it. */
static int choose_root(struct build *b, struct fcsim_error *err)
{
  const struct fcsim_graph *g = b->g;
  int64_t best = 0, best_reach = -1;
  int32_t best_ecc = 0;
  for (int64_t r = 0; r < g->nodes; r++) {
    if (fcsim_graph_bfs(g, r, b->dist, err))
      return FCSIM_ENOMEM;
    int64_t reach = 0;
    int32_t ecc = 0;
    for (int64_t n = 0; n < g->nodes; n++)
      if (b->dist[n] >= 0) {
        reach++;
        ecc = b->dist[n] > ecc ? b->dist[n] : ecc;
      }
    if (reach > best_reach || (reach == best_reach && ecc < best_ecc)) {
      best = r;
      best_reach = reach;
      best_ecc = ecc;
    }
  }
  b->tb->root = best;
  return fcsim_graph_bfs(g, best, b->tb->level, err);
}

/* Shortest hops to `d` from every node, over all channels (plain) and over
 * legal routes (two states per node), by backward breadth-first search. */
static void reference_distances(struct build *b, int64_t d)
{
  const struct fcsim_graph *g = b->g;
  const int64_t n = g->nodes;
  for (int64_t i = 0; i < n; i++)
    b->plain[i] = -1;
  for (int64_t i = 0; i < 2 * n; i++)
    b->legal[i] = -1;
  int64_t head = 0, tail = 0;
  b->plain[d] = 0;
  b->queue[tail++] = (int32_t)d;
  while (head < tail) {
    int32_t p = b->queue[head++];
    for (uint32_t s = g->port_base[p]; s < g->port_base[p + 1]; s++) {
      int32_t c = g->in_chan[s];
      if (c >= 0 && b->plain[g->chan[c].src] < 0) {
        b->plain[g->chan[c].src] = b->plain[p] + 1;
        b->queue[tail++] = (int32_t)g->chan[c].src;
      }
    }
  }
  /* states: x (rest all down) and N + x (first hop up, then legal) */
  head = tail = 0;
  b->legal[d] = 0;
  b->queue[tail++] = (int32_t)d;
  while (head < tail) {
    int32_t st = b->queue[head++];
    int64_t p = st % n;
    int down_state = st < n;
    for (uint32_t s = g->port_base[p]; s < g->port_base[p + 1]; s++) {
      int32_t c = g->in_chan[s];
      if (c < 0)
        continue;
      int64_t x = g->chan[c].src;
      int up = rank_less(b->tb, p, x);
      if (!up && !down_state)
        continue; /* a down hop before an up one */
      int64_t to = up ? n + x : x;
      if (b->legal[to] < 0) {
        b->legal[to] = b->legal[st] + 1;
        b->queue[tail++] = (int32_t)to;
      }
    }
  }
}

/* The port of x for destination d among its links to the frontier at
 * `level` that give x its state: the (d mod count)-th in port order. */
static int pick_port(const struct build *b, int64_t x, int64_t d, int32_t level)
{
  const struct fcsim_graph *g = b->g;
  int cand[FCSIM_TABLE_MAX_PORTS], n = 0;
  for (int o = 0; o < fcsim_graph_radix(g, x); o++) {
    int32_t p = fcsim_graph_out(g, x, o)->dst;
    if (p < 0 || b->dist[p] != level)
      continue;
    int up = rank_less(b->tb, p, x);
    if (!up && b->state[p] != ST_DOWN)
      continue;
    int st = !up ? ST_DOWN : ST_UP;
    if (st == b->state[x])
      cand[n++] = o;
  }
  return cand[d % n];
}

/* The tables toward one destination: level by level backwards from it. */
static void route_to(struct build *b, int64_t d)
{
  const struct fcsim_graph *g = b->g;
  const int64_t n = g->nodes;
  for (int64_t i = 0; i < n; i++) {
    b->dist[i] = -1;
    b->state[i] = ST_NONE;
  }
  b->dist[d] = 0;
  b->state[d] = ST_DOWN;
  int32_t *front = b->queue, *fresh = b->queue + n;
  int64_t nfront = 1;
  front[0] = (int32_t)d;
  for (int32_t level = 0; nfront; level++) {
    int64_t nfresh = 0;
    for (int64_t i = 0; i < nfront; i++) {
      int32_t p = front[i];
      for (uint32_t s = g->port_base[p]; s < g->port_base[p + 1]; s++) {
        int32_t c = g->in_chan[s];
        if (c < 0)
          continue;
        int64_t x = g->chan[c].src;
        if (b->dist[x] >= 0 && b->dist[x] <= level)
          continue;
        int up = rank_less(b->tb, p, x);
        if (!up && b->state[p] != ST_DOWN)
          continue;
        int st = !up ? ST_DOWN : ST_UP;
        if (b->dist[x] < 0) {
          b->dist[x] = level + 1;
          b->state[x] = (uint8_t)st;
          fresh[nfresh++] = (int32_t)x;
        } else if (st == ST_DOWN) {
          b->state[x] = ST_DOWN;
        }
      }
    }
    for (int64_t i = 0; i < nfresh; i++)
      b->tb->next[(int64_t)fresh[i] * n + d] = (uint8_t)pick_port(b, fresh[i], d, level);
    int32_t *t = front;
    front = fresh;
    fresh = t;
    nfront = nfresh;
  }
}

/* Counts the pairs of endpoints against the reference distances; refuses a
 * pair with no legal route. */
static int count_pairs(struct build *b, int64_t d, struct fcsim_error *err)
{
  const struct fcsim_graph *g = b->g;
  struct fcsim_route_tables *tb = b->tb;
  for (int64_t s = 0; s < g->nodes; s++) {
    if (s == d || !g->endpoint[s])
      continue;
    if (b->dist[s] < 0) {
      char a[FCSIM_NODE_NAME_MAX + 8], c[FCSIM_NODE_NAME_MAX + 8];
      return fcsim_error_set(err, FCSIM_EINVAL, "routing.algorithm = table: no %sroute from endpoint %s to endpoint %s",
                             b->plain[s] >= 0 ? "up/down (deadlock-free) " : "",
                             fcsim_graph_node_name(g, s, a, sizeof a), fcsim_graph_node_name(g, d, c, sizeof c));
    }
    int32_t best_legal = b->legal[s];
    if (b->legal[g->nodes + s] >= 0 && (best_legal < 0 || b->legal[g->nodes + s] < best_legal))
      best_legal = b->legal[g->nodes + s];
    tb->pairs++;
    if (b->dist[s] > b->plain[s]) {
      tb->pairs_nonminimal++;
      tb->extra_hops += b->dist[s] - b->plain[s];
    }
    tb->pairs_over_legal += b->dist[s] > best_legal;
    if (b->dist[s] > tb->max_hops)
      tb->max_hops = b->dist[s];
  }
  return 0;
}

/* One block: header, level[N], next[N * N], dep_mask[nslots], inj_mask[N]. */
static struct fcsim_route_tables *tables_alloc(const struct fcsim_graph *g)
{
  size_t n = (size_t)g->nodes, slots = (size_t)g->nslots;
  size_t off_level = (sizeof(struct fcsim_route_tables) + 7) & ~(size_t)7;
  size_t off_dep = off_level + n * sizeof(int32_t);
  off_dep = (off_dep + 7) & ~(size_t)7;
  size_t off_inj = off_dep + slots * sizeof(uint64_t);
  size_t off_next = off_inj + n * sizeof(uint64_t);
  char *block = calloc(off_next + n * n + 1, 1);
  if (!block)
    return NULL;
  struct fcsim_route_tables *tb = (struct fcsim_route_tables *)block;
  tb->nodes = g->nodes;
  tb->nslots = g->nslots;
  tb->level = (int32_t *)(block + off_level);
  tb->dep_mask = (uint64_t *)(block + off_dep);
  tb->inj_mask = (uint64_t *)(block + off_inj);
  tb->next = (uint8_t *)(block + off_next);
  memset(tb->next, FCSIM_TABLE_NONE, n * n);
  return tb;
}

int fcsim_table_build(const struct fcsim_graph *g, struct fcsim_route_tables **out, struct fcsim_error *err)
{
  if (g->nodes > FCSIM_TABLE_MAX_NODES)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "routing.algorithm = table keeps one byte per pair of nodes: %lld nodes, at most %d",
                           (long long)g->nodes, FCSIM_TABLE_MAX_NODES);
  if (g->max_radix > FCSIM_TABLE_MAX_PORTS)
    return fcsim_error_set(err, FCSIM_ERANGE, "routing.algorithm = table: a node has %d ports, at most %d",
                           g->max_radix, FCSIM_TABLE_MAX_PORTS);
  const size_t n = (size_t)(g->nodes ? g->nodes : 1);
  struct build b = {g,
                    tables_alloc(g),
                    malloc(n * sizeof(int32_t)),
                    malloc(n),
                    malloc(2 * n * sizeof(int32_t)),
                    malloc(n * sizeof(int32_t)),
                    malloc(2 * n * sizeof(int32_t))};
  int rc = 0;
  if (!b.tb || !b.dist || !b.state || !b.queue || !b.plain || !b.legal)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the routing tables of %lld nodes", (long long)g->nodes);
  if (!rc && g->nodes)
    rc = choose_root(&b, err);
  for (int64_t d = 0; !rc && d < g->nodes; d++) {
    route_to(&b, d);
    if (g->endpoint[d]) {
      reference_distances(&b, d);
      rc = count_pairs(&b, d, err);
    }
  }
  if (!rc) {
    char text[300];
    rc = fcsim_table_check(g, b.tb->next, NULL, b.tb->dep_mask, text, sizeof text);
    if (rc == FCSIM_ENOMEM)
      fcsim_error_set(err, rc, "out of memory for the deadlock check of the routing tables");
    else if (rc)
      rc = fcsim_error_set(err, FCSIM_EINTERNAL, "routing.algorithm = table: the up/down tables fail their check: %s",
                           text);
  }
  for (int64_t s = 0; !rc && s < g->nodes; s++)
    for (int64_t d = 0; d < g->nodes; d++)
      if (b.tb->next[s * g->nodes + d] != FCSIM_TABLE_NONE)
        b.tb->inj_mask[s] |= 1ull << (b.tb->next[s * g->nodes + d] & 63);
  free(b.dist);
  free(b.state);
  free(b.queue);
  free(b.plain);
  free(b.legal);
  if (rc)
    free(b.tb);
  else
    *out = b.tb;
  return rc;
}

int fcsim_table_hops(const struct fcsim_graph *g, const uint8_t *next, int64_t src, int64_t dest)
{
  int hops = 0;
  for (int64_t at = src; at != dest; hops++) {
    uint8_t o = next[at * g->nodes + dest];
    if (hops > g->nodes || o == FCSIM_TABLE_NONE || o >= fcsim_graph_radix(g, at))
      return -1;
    at = fcsim_graph_out(g, at, o)->dst;
    if (at < 0)
      return -1;
  }
  return hops;
}

/* ---- the routing ops ---- */

static int table_setup(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  (void)p;
  struct fcsim_route_tables *tb = NULL;
  int rc = fcsim_table_build(fcsim_topo_routed_graph(t), &tb, err);
  if (rc)
    return rc;
  free(t->tables);
  t->tables = tb;
  return 0;
}

static int table_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                       uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  (void)p, (void)route_state, (void)in_port, (void)rng, (void)port_credits;
  return t->tables->next[node * t->tables->nodes + dest];
}

/* The torus checker's local rule, read off the tables: at the source every
 * port the node routes its own packets to; after arriving on `in_port`,
 * every port the node routes a packet that came that way to. Exact, not a
 * superset (torus ports fit in the 32 bits). */
static uint32_t table_outputs(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in_port,
                              int cls)
{
  (void)p, (void)cls;
  const struct fcsim_graph *g = fcsim_topo_routed_graph(t);
  if (!t->tables)
    return 0;
  if (in_port < 0 || in_port >= fcsim_graph_radix(g, node))
    return (uint32_t)t->tables->inj_mask[node];
  int32_t c = g->in_chan[g->port_base[node] + (uint32_t)in_port];
  return c < 0 ? 0 : (uint32_t)t->tables->dep_mask[c];
}

static int table_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  (void)p;
  char text[600];
  if (!t->tables)
    return fcsim_error_set(err, FCSIM_EINVAL, "routing.algorithm = table: the tables were not built (no setup)");
  int rc = fcsim_table_check(fcsim_topo_routed_graph(t), t->tables->next, NULL, NULL, text, sizeof text);
  if (rc == FCSIM_ENOMEM)
    return fcsim_error_set(err, rc, "out of memory for the deadlock check of routing.algorithm = table");
  if (rc == FCSIM_EINVAL)
    return fcsim_error_set(err, rc, "routing.algorithm = table: %s", text);
  if (rc)
    return fcsim_error_set(err, rc,
                           "routing.algorithm = table can deadlock on this network: its channel dependencies "
                           "form a cycle: %s",
                           text);
  return 0;
}

const struct fcsim_routing_ops fcsim_routing_table = {
    .name = "table",
    .help = "next-hop tables built for any graph, up/down (deadlock-free without VC classes; docs/ROUTING.md)",
    .version = 1,
    .setup = table_setup,
    .check = table_check,
    .route = table_route,
    .outputs = table_outputs,
};
