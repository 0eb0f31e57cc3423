/* SPDX-License-Identifier: BSD-3-Clause */
/* The topology table (network.topology): one row per generator, naming its
 * builder and whether its nodes have coordinates; fcsim_topo_init picks the
 * row, builds the graph, inserts the link adapters, and on any failure
 * frees what was built. Adding a topology is a builder in its own file and
 * a row here (and its enum fcsim_topology_kind in core/params.h). */
#include <stdlib.h>
#include <string.h>

#include "topo/bee3.h"
#include "topo/netlist.h"
#include "topo/switched.h"
#include "topo/topo.h"

/* In the order of enum fcsim_topology_kind (checked at start-up). */
static const struct fcsim_topo_type types[] = {
    {"torus", "torus", FCSIM_TOPO_TORUS, 1, fcsim_torus_build},
    {"mesh", "mesh", FCSIM_TOPO_MESH, 1, fcsim_torus_build},
    {"file", "netlist", FCSIM_TOPO_FILE, 0, fcsim_netlist_load},
    {"star", "star", FCSIM_TOPO_STAR, 0, fcsim_switched_build},
    {"dual-plane", "dual-plane", FCSIM_TOPO_DUAL_PLANE, 0, fcsim_switched_build},
    {"leafspine", "leafspine", FCSIM_TOPO_LEAFSPINE, 0, fcsim_switched_build},
    {"fattree", "fattree", FCSIM_TOPO_FATTREE, 0, fcsim_switched_build},
    {"bee3", "bee3", FCSIM_TOPO_BEE3, 0, fcsim_bee3_topo_init},
};
#define NTYPES (sizeof types / sizeof types[0])

const char *const fcsim_topo_names[NTYPES + 1] = {"torus",     "mesh",    "file", "star", "dual-plane",
                                                  "leafspine", "fattree", "bee3", NULL};

const struct fcsim_topo_type *fcsim_topo_type_find(const char *name)
{
  for (size_t i = 0; i < NTYPES; i++)
    if (!strcmp(types[i].name, name))
      return &types[i];
  return NULL;
}

const struct fcsim_topo_type *fcsim_topo_type_of(enum fcsim_topology_kind kind)
{
  return (size_t)kind < NTYPES ? &types[kind] : &types[0];
}

const char *fcsim_topology_name(enum fcsim_topology_kind kind)
{
  return fcsim_topo_type_of(kind)->title;
}

int fcsim_topo_check_registry(struct fcsim_error *err)
{
  for (size_t i = 0; i < NTYPES; i++) {
    if ((size_t)types[i].kind != i || !types[i].build || !types[i].title || !fcsim_topo_names[i] ||
        strcmp(fcsim_topo_names[i], types[i].name))
      return fcsim_error_set(err, FCSIM_EINTERNAL,
                             "topology table: row %zu (`%s`) is out of order with enum fcsim_topology_kind or the "
                             "key's names, or has no builder",
                             i, types[i].name);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(types[i].name, types[j].name))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "topology `%s` is registered twice", types[i].name);
  }
  return fcsim_topo_names[NTYPES] ? fcsim_error_set(err, FCSIM_EINTERNAL, "topology names: no NULL at the end") : 0;
}

/* The network's graph, as its generator builds it (the link adapters are
 * inserted above, by link/proto/proto_links.c). */
int fcsim_topo_init(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  memset(t, 0, sizeof *t);
  int rc = fcsim_topo_type_of(p->topology)->build(t, p, err);
  if (rc)
    fcsim_topo_destroy(t);
  return rc;
}

int fcsim_topo_distances(struct fcsim_topo *t, struct fcsim_error *err)
{
  if (t->kind != FCSIM_TOPO_FILE || t->dist)
    return 0;
  return fcsim_graph_all_distances(fcsim_topo_routed_graph(t), &t->dist, err);
}

void fcsim_topo_destroy(struct fcsim_topo *t)
{
  free(t->neighbor);
  t->neighbor = NULL;
  free(t->tables); /* one block (routing/table.h) */
  t->tables = NULL;
  free(t->dist);
  t->dist = NULL;
  if (t->base) {
    fcsim_graph_destroy(t->base);
    free(t->base);
    t->base = NULL;
  }
  fcsim_graph_destroy(&t->graph);
}
