/* SPDX-License-Identifier: BSD-3-Clause */
/* The one-event census of the Novo-G# router (bench/one_event.sh;
 * docs/PERFORMANCE.md, "How many hops one event could decide"): for every
 * packet that wins an output at a router it passes through, whether the
 * whole hop could have been decided at the head's arrival — the head left
 * at the earliest cycle routing and VC allocation allow, nothing else of
 * the node wanted or held that output from the arrival on (another VC
 * routed to it, a packet of the node's own queued for it, a packet sent
 * on it flit by flit) and no credit count for it arrived. Built only with
 * -DFCSIM_ONE_EVENT_CENSUS (a measurement build, one thread, speculative
 * VC allocation: the default); in every other build the hooks are nothing
 * (tests/unit/test_census.c compiles census.c with it). */
#ifndef FCSIM_ROUTER_VC_CENSUS_H
#define FCSIM_ROUTER_VC_CENSUS_H

#include <stdint.h>

struct vc_shared;
struct vc_node;

#ifdef FCSIM_ONE_EVENT_CENSUS
/* Set-up of a novog kind: the tables for g->nodes nodes, the report at exit. */
void fcsim__census_setup(const struct vc_shared *sh);
/* The head at the front of VC vi of `node` starts routing computation:
 * it arrived into an empty VC (queued 0) or the packet ahead of it left
 * (queued 1). */
void fcsim__census_head(uint32_t node, int vi, int queued);
/* A credit count for output p of `node` was read at cycle `now`. */
void fcsim__census_credit(uint32_t node, int p, uint64_t now);
/* After routing and VC allocation of a step at `now`: the outputs that
 * something other than one head wants or holds. */
void fcsim__census_step(const struct vc_shared *sh, const struct vc_node *n, uint64_t now);
/* The head of VC vi won a downstream VC at `now` (VC allocation). */
void fcsim__census_va(uint32_t node, int vi, uint64_t now);
/* The head of VC w won output p at `now` (switch allocation). */
void fcsim__census_win(const struct vc_shared *sh, const struct vc_node *n, int w, int p, uint64_t now);
/* The node's own packet started on an output. */
void fcsim__census_inject(void);
/* What the census counts of the wins of arrived and of queued heads. */
enum fcsim_census_count {
  FCSIM_CENSUS_WINS,
  FCSIM_CENSUS_EARLIEST,     /* at the earliest cycle */
  FCSIM_CENSUS_UNCONTENDED,  /* and nothing else wanted or held the output */
  FCSIM_CENSUS_NO_CREDIT,    /* and no credit count for it was read: the hop passes */
  FCSIM_CENSUS_VA_LATE,      /* not at the earliest: it won its downstream VC late */
  FCSIM_CENSUS_CREDIT_CYCLE, /* not at the earliest: one cycle late, its earliest a credit cycle */
  FCSIM_CENSUS_SWITCH_LATE,  /* not at the earliest: otherwise (output held, credits, arbitration) */
  FCSIM_CENSUS_COUNTS
};
/* The counts so far: [arrived, queued heads] x enum fcsim_census_count, and
 * the injections. */
void fcsim__census_counts(uint64_t counts[2][FCSIM_CENSUS_COUNTS], uint64_t *injections);
#define FCSIM_CENSUS(call) call
#else
#define FCSIM_CENSUS(call) ((void)0)
#endif

#endif
