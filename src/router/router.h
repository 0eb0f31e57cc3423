/* Router models. Both models are VC wormhole routers with RC/VA/SA/ST; they
 * differ in how packets enter and leave and how credits travel:
 *
 *  novog   (seed 000 §4.2.2) no local port: a packet is injected straight
 *          into a free output link when no bypass packet holds it, and
 *          ejected right after routing computation at its destination. Each
 *          VC has its own switch input; an output is held by one packet from
 *          head to tail (reduction-tree switch). Credits travel as credit
 *          flits in the data stream every router.credit_period cycles,
 *          carrying each VC's free slots; the upstream router sends only while
 *          its count is at or above the threshold.
 *  classic a local injection/ejection port with its own VCs, one switch input
 *          per port (VCs multiplexed), flit-by-flit switch allocation, and one
 *          credit per flit on a separate credit wire, as in NoC simulators.
 *
 * The model's properties are data here; the cycle step lives in vc.c and
 * branches on them once per router step, not per flit. */
#ifndef FCSIM_ROUTER_ROUTER_H
#define FCSIM_ROUTER_ROUTER_H

#include "config/config.h"

struct fcsim_router_ops {
  const char *name;       /* router.model */
  const char *help;
  int version;            /* 1 */
  int local_port;         /* injection/ejection through a local port */
  int hold_output;        /* an output is held by one packet head to tail */
  int inband_credits;     /* credit flits every period, absolute counts */
  int max_vcs;            /* largest router.vcs the model supports */
  /* (required) fills the model's derived parameters ("auto" depth, switch
   * delay, credit threshold) and refuses impossible settings */
  int (*derive)(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin, struct fcsim_error *err);
};

const struct fcsim_router_ops *fcsim_router_model_find(const char *name);
const char *fcsim_router_model_names(void);
int fcsim_router_model_valid(const char *name);

/* Seed 000 Table 4.2: reduction-tree levels (the switch delay in cycles) and
 * router area in ALMs and % of a Stratix V, for 1..9 VCs per port. Returns 0
 * when vcs is outside the table. */
int fcsim_novog_switch_levels(int vcs);
int fcsim_novog_area_alms(int vcs);
int fcsim_novog_area_percent(int vcs);

/* Novo-G# credit rule. The upstream router decides per packet: it starts a
 * packet on a downstream VC only while its count of that VC's free slots is
 * at or above the threshold, and then sends the whole packet (so a packet in
 * progress never stalls for credits and never blocks the link, which keeps
 * the dateline argument valid with an output held head to tail). The seed's
 * threshold is link latency + credit period, in flits at the link's
 * bandwidth. A count reported at cycle t0 arrives at t0+L and is decremented
 * by each flit sent afterwards; flits sent in [t0-L-S, t0+L) (S the switch
 * delay before the link) are not yet in it, and the last packet started may
 * add F flits, so the rule is safe when the threshold is at least
 * (2L+S)b + F. The seed's value is that whenever the period exceeds
 * L + S + F/b; fcsim uses the larger of the two. Returns flits. */
int fcsim_credit_threshold_flits(int link_latency_cycles, int credit_period_cycles, int bandwidth_flits,
                                 int switch_cycles, int packet_flits);

#endif
