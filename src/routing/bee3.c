/* SPDX-License-Identifier: BSD-3-Clause */
/* routing.algorithm = bee3: the routing protocols of seed 003 §IV on the
 * BEE3 topology (network.topology = bee3), as next-hop tables. `setup`
 * fills one table block (routing/table.h's layout) from
 * fcsim_bee3_next_port — destination-based, one port per (node,
 * destination) — and `check` runs the next-hop-table checker: every route
 * arrives, and the channel dependencies are acyclic (the protocols cross at
 * most two serial hops, each followed only by on-board hops toward a
 * channel owner or the destination, so they are deadlock-free with one FIFO
 * per port; the checker proves it for every layout and size). */
#include <stdlib.h>
#include <string.h>

#include "routing/routing.h"
#include "routing/table.h"
#include "topo/bee3.h"

/* One block: header, level[N], dep_mask[nslots], inj_mask[N], next[N * N]. */
static struct fcsim_route_tables *alloc_block(const struct fcsim_graph *g)
{
  size_t n = (size_t)g->nodes, slots = (size_t)g->nslots;
  size_t off_level = (sizeof(struct fcsim_route_tables) + 7) & ~(size_t)7;
  size_t off_dep = (off_level + n * sizeof(int32_t) + 7) & ~(size_t)7;
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

static int bee3_setup(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  if (p->topology != FCSIM_TOPO_BEE3)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "routing.algorithm = bee3 is the protocol of Bunker & Swanson's BEE3 networks: it needs "
                           "network.topology = bee3 (other graphs: routing.algorithm = table)");
  struct fcsim_bee3 *b = malloc(sizeof *b);
  if (!b)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = fcsim_bee3_describe(p, b, err);
  struct fcsim_route_tables *tb = rc ? NULL : alloc_block(&t->graph);
  if (!rc && !tb)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the routing tables");
  const int64_t n = t->graph.nodes;
  for (int64_t s = 0; !rc && s < n; s++)
    for (int64_t d = 0; d < b->fpgas; d++)
      if (s != d) {
        int q = fcsim_bee3_next_port(b, (int)s, (int)d);
        tb->next[s * n + d] = (uint8_t)q;
        tb->inj_mask[s] |= 1ull << q;
      }
  if (!rc) {
    char text[300];
    rc = fcsim_table_check(&t->graph, tb->next, NULL, tb->dep_mask, text, sizeof text);
    if (rc == FCSIM_ENOMEM)
      fcsim_error_set(err, rc, "out of memory for the deadlock check of routing.algorithm = bee3");
    else if (rc)
      fcsim_error_set(err, rc, "routing.algorithm = bee3 fails its check on layout %s: %s",
                      fcsim_bee3_topo_params(p)->layout, text);
  }
  free(b);
  if (rc) {
    free(tb);
    return rc;
  }
  free(t->tables);
  t->tables = tb;
  return 0;
}

static int bee3_route(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int64_t dest,
                      uint8_t route_state, int in_port, struct fcsim_rng *rng, const int32_t *port_credits)
{
  (void)p, (void)route_state, (void)in_port, (void)rng, (void)port_credits;
  return t->tables->next[node * t->tables->nodes + dest];
}

static uint32_t bee3_outputs(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in_port,
                             int cls)
{
  (void)p, (void)cls;
  const struct fcsim_graph *g = &t->graph;
  if (!t->tables)
    return 0;
  if (in_port < 0 || in_port >= fcsim_graph_radix(g, node))
    return (uint32_t)t->tables->inj_mask[node];
  int32_t c = g->in_chan[g->port_base[node] + (uint32_t)in_port];
  return c < 0 ? 0 : (uint32_t)t->tables->dep_mask[c];
}

static int bee3_check(const struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  (void)p;
  char text[600];
  if (!t->tables)
    return fcsim_error_set(err, FCSIM_EINVAL, "routing.algorithm = bee3: the tables were not built (no setup)");
  int rc = fcsim_table_check(&t->graph, t->tables->next, NULL, NULL, text, sizeof text);
  if (rc == FCSIM_ENOMEM)
    return fcsim_error_set(err, rc, "out of memory for the deadlock check of routing.algorithm = bee3");
  if (rc)
    return fcsim_error_set(err, rc, "routing.algorithm = bee3: %s", text);
  return 0;
}

const struct fcsim_routing_ops fcsim_routing_bee3 = {
    .name = "bee3",
    .help = "Bunker & Swanson's BEE3 protocols (network.topology = bee3): to the FPGA owning the channel to the destination "
            "enclosure, across, then on the board (docs/BEE3.md)",
    .version = 1,
    .setup = bee3_setup,
    .check = bee3_check,
    .route = bee3_route,
    .outputs = bee3_outputs,
};
