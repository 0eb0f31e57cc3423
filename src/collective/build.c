/* SPDX-License-Identifier: BSD-3-Clause */
/* Building one set of collective tables from a pattern (collective.h,
 * `fcsim collective build` and `collective run`): the network, the
 * pattern's destinations checked for the operation, one tree per source
 * checked against the turn rule, the tables, written to a folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collective/collective.h"

/* Destinations of every source, checked for the operation. */
static int check_pattern(const struct fcsim_coll_pattern *pat, enum fcsim_coll_op op, struct fcsim_error *err)
{
  int64_t any = 0;
  for (int64_t s = 0; s < pat->nodes; s++) {
    int64_t n = pat->start[s + 1] - pat->start[s];
    any += n;
    if (op == FCSIM_COLL_REDUCTION && pat->line[s] && n == 0)
      return fcsim_error_set(err, FCSIM_ERANGE, "%s:%d: the reduction rooted at node %lld has no contributing nodes",
                             pat->origin, (int)pat->line[s], (long long)s);
  }
  if (!any)
    return fcsim_error_set(err, FCSIM_ERANGE, "pattern %s gives no destinations: nothing to %s", pat->origin,
                           op == FCSIM_COLL_REDUCTION ? "reduce" : "multicast");
  return 0;
}

/* Trees of every source with destinations, checked against the turn rule. */
static int build_trees(struct fcsim_coll_build *b, struct fcsim_error *err)
{
  const struct fcsim_topo *t = &b->t;
  int rc = fcsim_coll_router_init(&b->r, t, b->alg, err);
  b->r.free_turns = b->free_turns;
  for (int64_t s = 0; s < t->nodes && !rc; s++) {
    int64_t n = b->pat.start[s + 1] - b->pat.start[s];
    if (n || (b->pat.line[s] && b->op == FCSIM_COLL_REDUCTION))
      rc = fcsim_coll_tree_build(&b->r, s, b->pat.dst + b->pat.start[s], n, &b->trees[b->ntrees++], err);
    if (rc)
      b->ntrees--;
  }
  if (!rc && !b->free_turns && fcsim_coll_trees_check(t, b->trees, b->ntrees, err))
    rc = FCSIM_EINTERNAL;
  return rc;
}

int fcsim_coll_build_run(struct fcsim_coll_build *b, const struct fcsim_params *p, const char *pattern,
                         long long subset, const char *out, struct fcsim_error *err)
{
  b->free_turns = p->voq_free_turns;
  if (p->topology != FCSIM_TOPO_TORUS && p->topology != FCSIM_TOPO_MESH)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "collective trees are built on a torus or a mesh (network.topology = torus or mesh: OCR "
                           "and RPM route by coordinates); this network.topology is not one");
  int rc = fcsim_topo_init(&b->t, p, err);
  if (rc)
    return rc;
  b->have_topo = 1;
  int64_t n = subset >= 0 ? subset : (b->t.nodes - 1) / 2;
  if ((rc = fcsim_coll_pattern_build(&b->pat, &b->t, pattern, n, p->seed, p->max_input_bytes, err)))
    return rc;
  b->have_pattern = 1;
  b->trees = calloc((size_t)b->t.nodes, sizeof *b->trees);
  rc = b->trees ? check_pattern(&b->pat, b->op, err) : fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (!rc)
    rc = build_trees(b, err);
  if (!rc)
    rc = fcsim_coll_tables_build(&b->t, b->trees, b->ntrees, b->op, &b->tab, err);
  char desc[512];
  snprintf(desc, sizeof desc, "%s %s trees, pattern %s", b->alg == FCSIM_COLL_RPM ? "rpm" : "ocr",
           b->op == FCSIM_COLL_REDUCTION ? "reduction" : "multicast", pattern);
  if (!rc)
    rc = fcsim_coll_tables_write(&b->tab, &b->t, out, desc, err);
  return rc;
}

void fcsim_coll_build_free(struct fcsim_coll_build *b)
{
  for (int64_t i = 0; i < b->ntrees; i++)
    fcsim_coll_tree_destroy(&b->trees[i]);
  free(b->trees);
  fcsim_coll_tables_destroy(&b->tab);
  fcsim_coll_router_destroy(&b->r);
  if (b->have_pattern)
    fcsim_coll_pattern_destroy(&b->pat);
  if (b->have_topo)
    fcsim_topo_destroy(&b->t);
  b->trees = NULL;
  b->ntrees = 0;
  b->have_pattern = b->have_topo = 0;
}

int fcsim_coll_build_tables(const struct fcsim_params *p, const char *pattern, enum fcsim_coll_algorithm alg,
                            enum fcsim_coll_op op, long long subset, const char *out, struct fcsim_error *err)
{
  struct fcsim_coll_build b = {.alg = alg, .op = op};
  int rc = fcsim_coll_build_run(&b, p, pattern, subset, out, err);
  fcsim_coll_build_free(&b);
  return rc;
}
