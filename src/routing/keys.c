/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of routing: which algorithm (the table of routing/registry.c) and
 * DOR's dimension order. */
#include <ctype.h>
#include <string.h>

#include "core/keys.h"
#include "routing/routing.h"

static const char *const turn_rule_names[] = {"fcsim", "seed-escape", NULL};
static const char *const adaptive_ties_names[] = {"plus", "random", NULL};
static const char *const ccar_ties_names[] = {"random", "first", NULL};

static const struct fcsim_key routing_rows[] = {
    {"routing", "algorithm", FCSIM_KEY_REGISTRY(fcsim_routing_names, fcsim_routing_valid, "dor"),
     "routing algorithm (Novo-G# thesis §5.1.1; deadlock-free by the turn model and check of docs/ROUTING.md): `dor` "
     "dimension-order, `romm` random legal minimal direction per hop, `o1turn` random legal dimension order per "
     "packet, `rlb` randomized load balance (non-minimal; DOR on a mesh), `ccar` legal minimal direction with the most "
     "credits; `table` next-hop tables built from the graph under up*/down* (any topology, and the only choice for a "
     "netlist); `offline` the dimension order and tie directions an offline router chose per message (fft.routing = "
     "table), else x y z",
     FCSIM_KEY_TO(FCSIM_STORE_NAME, routing)},
    {"routing", "order", FCSIM_KT_ORDER, "", "auto", 0, 0, 1, NULL, NULL, NULL,
     "DOR dimension order: a permutation of the first n letters of `xyzwuv` (`zyx`); `auto` is x, y, z, ... in turn"},
    {"routing", "turn_rule", FCSIM_KEY_CHOICE(turn_rule_names, "fcsim"),
     "tori, `romm`, `o1turn`, `ccar`: the directions a packet may take (docs/ROUTING.md); `fcsim`: the Novo-G# "
     "thesis's "
     "six forbidden turns (Fig. 4.10) plus fcsim's rule holding back a dimension whose route crosses the dateline; "
     "`seed-escape`: the six turns alone, made deadlock-free by an escape network, fcsim's reading: the two exclusive "
     "VCs of the overlapping classes (Fig. 4.9b) routed dimension-order with the dateline, the shared VCs adaptive "
     "(Duato); needs a VC router (novog, classic), overlapping classes and at least 3 VCs. Other algorithms ignore it",
     FCSIM_KEY_TO(FCSIM_STORE_INDEX, turn_rule)},
    {"routing", "adaptive_ties", FCSIM_KEY_CHOICE(adaptive_ties_names, "plus"),
     "tori with an even ring, `romm`, `ccar` and `o1turn` (at most 3 dimensions): which way a packet travels a dimension whose destination is exactly "
     "k/2 away (both ways minimal; the Novo-G# thesis gives ROMM \"at most three possible routing directions\", one per "
     "dimension, L3290-3292, but not which way such a dimension goes: docs/TUNE.md \"Why ROMM trails DOR and CCAR\"); "
     "`plus`: always plus; `random`: one way per packet, drawn at its source, as `dor` does. Other algorithms ignore "
     "it",
     FCSIM_KEY_TO(FCSIM_STORE_INDEX, adaptive_ties)},
    {"routing", "ccar_ties", FCSIM_KEY_CHOICE(ccar_ties_names, "random"),
     "`ccar`: which of the legal minimal directions with equally many credits it takes (the Novo-G# thesis says only "
     "\"the direction with the most credits among all the legal directions\", L3426-3428, and names pseudo-random "
     "number generators for ROMM, O1TURN and RLB, L3309, L3333, L3382, none for CCAR); `random`: uniformly one; "
     "`first`: the lowest dimension, "
     "as a comparator chain would. Other algorithms ignore it",
     FCSIM_KEY_TO(FCSIM_STORE_INDEX, ccar_first)},
};
const struct fcsim_key_table fcsim_routing_keys = FCSIM_KEY_TABLE("routing", routing_rows);
/* routing.order: a permutation of the network's dimensions (auto: x, y, z, ...). */
static int resolve_routing(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  const char *t = r->text(r->cfg, "routing", "order");
  if (!strcmp(t, "auto")) {
    for (int d = 0; d < p->ndims; d++)
      p->dim_order[d] = d;
    return 0;
  }
  static const char letters[] = "xyzwuv";
  int n = 0;
  for (const char *c = t; *c; c++) {
    int d = (int)(strchr(letters, tolower((unsigned char)*c)) - letters);
    if (d >= p->ndims)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "%s: routing.order = `%s` names dimension `%c` but network.dims has %d dimension(s)",
                             fcsim_key_origin(r, "routing", "order"), t, *c, p->ndims);
    p->dim_order[n++] = d;
  }
  if (n != p->ndims)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: routing.order = `%s` must name each of the %d dimensions once (e.g. `%.*s`)",
                           fcsim_key_origin(r, "routing", "order"), t, p->ndims, p->ndims, "xyzwuv");
  return 0;
}
const struct fcsim_resolve_step fcsim_routing_resolve = {"routing", resolve_routing};
