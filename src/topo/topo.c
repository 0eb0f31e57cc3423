/* SPDX-License-Identifier: BSD-3-Clause */
/* The topology table (network.topology): one row per generator, naming its
 * builder and whether its nodes have coordinates; fcsim_topo_init picks the
 * row, builds the graph, inserts the link adapters, and on any failure
 * frees what was built. Adding a topology is a builder in its own file and
 * a row of TOPOLOGIES here; its keys are a table of its own listed in
 * src/models.c. */
#include <stdlib.h>
#include <string.h>

#include "topo/bee3.h"
#include "topo/netlist.h"
#include "topo/switched.h"
#include "topo/topo.h"

/* The rows: network.topology's name, the title in reports, whether nodes
 * have coordinates, the builder. A row's index is its kind: the value
 * network.topology stores; enum fcsim_topology_kind names the built-in rows
 * for the code that treats them apart (a new row needs no name there). */
#define TOPOLOGIES(X)                                                                                                  \
  X("torus", "torus", 1, fcsim_torus_build)                                                                            \
  X("mesh", "mesh", 1, fcsim_torus_build)                                                                              \
  X("file", "netlist", 0, fcsim_netlist_load)                                                                          \
  X("star", "star", 0, fcsim_switched_build)                                                                           \
  X("dual-plane", "dual-plane", 0, fcsim_switched_build)                                                               \
  X("leafspine", "leafspine", 0, fcsim_switched_build)                                                                 \
  X("fattree", "fattree", 0, fcsim_switched_build)                                                                     \
  X("bee3", "bee3", 0, fcsim_bee3_topo_init)

#define TYPE_ROW(name, title, geometry, build) {name, title, geometry, build},
#define NAME_OF(name, title, geometry, build)  name,
static const struct fcsim_topo_type types[] = {TOPOLOGIES(TYPE_ROW)};
#define NTYPES (sizeof types / sizeof types[0])

const char *const fcsim_topo_names[NTYPES + 1] = {TOPOLOGIES(NAME_OF) NULL};

/* The built-in kinds that code names are the rows they name. */
static const struct {
  enum fcsim_topology_kind kind;
  const char *name;
} named_kinds[] = {
    {FCSIM_TOPO_TORUS, "torus"},
    {FCSIM_TOPO_MESH, "mesh"},
    {FCSIM_TOPO_FILE, "file"},
    {FCSIM_TOPO_STAR, "star"},
    {FCSIM_TOPO_DUAL_PLANE, "dual-plane"},
    {FCSIM_TOPO_LEAFSPINE, "leafspine"},
    {FCSIM_TOPO_FATTREE, "fattree"},
    {FCSIM_TOPO_BEE3, "bee3"},
};

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

enum fcsim_topology_kind fcsim_topo_kind_of(const struct fcsim_topo_type *type)
{
  return (enum fcsim_topology_kind)(type - types);
}

const char *fcsim_topology_name(enum fcsim_topology_kind kind)
{
  return fcsim_topo_type_of(kind)->title;
}

int fcsim_topo_check_registry(struct fcsim_error *err)
{
  for (size_t i = 0; i < NTYPES; i++) {
    if (!types[i].build || !types[i].title)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "topology `%s` has no builder or title", types[i].name);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(types[i].name, types[j].name))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "topology `%s` is registered twice", types[i].name);
  }
  for (size_t i = 0; i < sizeof named_kinds / sizeof named_kinds[0]; i++) {
    const struct fcsim_topo_type *t = fcsim_topo_type_find(named_kinds[i].name);
    if (!t || fcsim_topo_kind_of(t) != named_kinds[i].kind)
      return fcsim_error_set(err, FCSIM_EINTERNAL,
                             "topology `%s`: enum fcsim_topology_kind names it %d, but it is row %d of the table",
                             named_kinds[i].name, (int)named_kinds[i].kind, t ? (int)fcsim_topo_kind_of(t) : -1);
  }
  return 0;
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
