/* SPDX-License-Identifier: BSD-3-Clause */
/* The turn model that keeps fcsim's adaptive and oblivious routing
 * deadlock-free on tori and meshes of 1-6 dimensions, and the dateline-class
 * rule the routers apply (a copy of router/vc.c next_class, so the deadlock
 * checker and the tests reason about the classes the routers really use).
 *
 * The rule, for dimensions numbered x = 0, y = 1, z = 2, ...:
 *   a packet moves in the minus direction of dimension d, or crosses the
 *   dateline (wraparound link) of dimension d, only when every dimension
 *   below d is finished; so after a d- hop, and after crossing d's dateline,
 *   it never turns into a dimension below d.
 * The minimal algorithms apply it to whole dimensions: a dimension whose
 * remaining route is minus or crosses the dateline is not entered before the
 * lower ones are finished (entering it early would leave packets stuck in
 * front of the dateline, piling up in the last plane before it).
 * Restricted to minus hops this is seed 000 Fig. 4.10 ("Z- last": Y- -> X+-,
 * Z- -> X+-, Z- -> Y+- forbidden), generalised to n dimensions (d- -> e+- is
 * forbidden for every e < d). The dateline part is fcsim's addition: without
 * it the dateline classes, which restart at every turn, do not break the
 * cycles that wind around a torus through several dimensions (docs/ROUTING.md
 * shows one the checker finds). A minimal route always has a legal
 * direction: the lowest unfinished dimension's. */
#ifndef FCSIM_ROUTING_TURNS_H
#define FCSIM_ROUTING_TURNS_H

#include <stdint.h>

#include "core/params.h"
#include "topo/topo.h"

struct fcsim_rng;

/* 1 when the routers use two dateline classes (torus, router.dateline on). */
static inline int fcsim_turns_classes_on(const struct fcsim_topo *t, const struct fcsim_params *p)
{
  return t->kind == FCSIM_TOPO_TORUS && p->dateline;
}

/* The dateline class a packet holds after leaving `node` on `out`, having
 * arrived on `in` (-1 or >= t->nports at its source) in class `cls`: set by
 * the direction when it starts a dimension (+ -> 0, - -> 1), kept when it
 * goes straight, toggled when it crosses the dateline. Always 0 on a mesh or
 * with router.dateline = off. Must equal router/vc.c next_class. */
static inline int fcsim_turns_next_class(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                         int out, int cls)
{
  if (!fcsim_turns_classes_on(t, p))
    return 0;
  int straight = in >= 0 && in < t->nports && out == (in ^ 1);
  int c = straight ? cls : (out & 1);
  return c ^ fcsim_topo_crosses_dateline(t, node, out);
}

/* 1 when a packet that arrived on `in` in class `cls` has already crossed the
 * dateline of the dimension it travels in (plus: class 1; minus: class 0).
 * Only meaningful when the classes are on; 0 at the source. */
static inline int fcsim_turns_crossed(const struct fcsim_topo *t, const struct fcsim_params *p, int in, int cls)
{
  if (!fcsim_turns_classes_on(t, p) || in < 0 || in >= t->nports)
    return 0;
  int dir = in ^ 1;
  return (dir & 1) ? cls == 0 : cls == 1;
}

/* Bit mask of the links that leave `node`. */
uint32_t fcsim_turns_links(const struct fcsim_topo *t, int64_t node);

/* The minimal directions from `node` toward `dest` (!= node) that the turn
 * model allows now: every dimension whose remaining route is plus without
 * crossing the dateline, and the lowest unfinished dimension. ports[]
 * receives them in increasing port order; returns how many (at least 1). */
int fcsim_turns_minimal_ports(const struct fcsim_topo *t, int64_t node, int64_t dest, int ports[FCSIM_MAX_DIMS]);

/* The same under routing.turn_rule: `seed_turns` 1 drops fcsim's dateline
 * part (routing.turn_rule = seed-escape on a torus): every plus dimension,
 * and the lowest unfinished one, i.e. every direction the seed's six
 * forbidden turns (Fig. 4.10) leave a packet that must still finish its
 * route minimally (a minus hop in d before the dimensions below d are done
 * would forbid every way on). */
int fcsim_turns_minimal_ports_rule(const struct fcsim_topo *t, int seed_turns, int64_t node, int64_t dest,
                                   int ports[FCSIM_MAX_DIMS]);

/* The same for a packet that takes the k/2 ties of the dimensions set in
 * `minus_ties` (bit d, DOR's route-byte convention) the minus way: such a
 * dimension counts as a minus dimension (routing.adaptive_ties = random). */
int fcsim_turns_minimal_ports_ties(const struct fcsim_topo *t, int seed_turns, uint8_t minus_ties, int64_t node,
                                   int64_t dest, int ports[FCSIM_MAX_DIMS]);

/* routing.adaptive_ties = random: the tie directions of a packet of ROMM or
 * CCAR, drawn at its source as DOR draws them (bit d set = minus); 0, and
 * nothing drawn, under `plus`. */
uint8_t fcsim_turns_tie_init(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t src, int64_t dest,
                             struct fcsim_rng *rng);

/* 1 when `p` asks the minimal adaptive algorithms for the seed's turns
 * alone (routing.turn_rule = seed-escape on a torus with its dateline
 * classes; on a mesh both rules are the same). */
static inline int fcsim_turns_seed_rule(const struct fcsim_topo *t, const struct fcsim_params *p)
{
  return p->turn_rule == FCSIM_TURN_SEED_ESCAPE && fcsim_turns_classes_on(t, p);
}

/* The local rule of the seed's six forbidden turns alone (Fig. 4.10): every
 * output but a U-turn, a turn into a lower dimension after a minus hop, and
 * a second crossing of the same dateline. Cyclic on a torus with dateline
 * classes (docs/ROUTING.md): the adaptive VCs of routing.turn_rule =
 * seed-escape follow it, and the escape network keeps them deadlock-free. */
uint32_t fcsim_turns_outputs_seed(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                  int cls);

/* 1 if a turn from travelling in direction port `in ^ 1` (having arrived on
 * `in` in class `cls`) onto output `out` is forbidden by the turn model:
 * a U-turn, a turn into a lower dimension after a minus hop or after the
 * dateline, or a second dateline crossing in the same dimension. Never
 * forbidden at the source. */
int fcsim_turns_forbidden(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in, int out,
                          int cls);

/* Local rule of the minimal turn-model algorithms (ROMM, O1TURN, CCAR): every
 * output not forbidden above, among the links of `node`. */
uint32_t fcsim_turns_outputs_minimal(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                     int cls);

/* Local rule of a dimension-ordered algorithm (DOR in routing.order, RLB in
 * x, y, z, ...): straight on (never across the same dateline twice) or a
 * turn into a dimension later in `order` (order[i] = the dimension visited
 * i-th), in either direction. */
uint32_t fcsim_turns_outputs_ordered(const struct fcsim_topo *t, const struct fcsim_params *p, int64_t node, int in,
                                     int cls, const int *order);

/* Whether the minimal route in dimension d from coordinate a to b crosses
 * the torus dateline (0 on a mesh). */
int fcsim_turns_route_wraps(const struct fcsim_topo *t, int d, int a, int b);

#endif
