/* The router model table, seed 000 Table 4.2, and the Novo-G# credit rule. */
#include <string.h>

#include "router/router.h"

/* VCs -> reduction-tree configuration -> levels; ALMs; % of the chip. */
static const struct {
  int levels, alms, percent;
} table_4_2[10] = {
  {0, 0, 0},
  {2, 12980, 5},  /* 1 VC:  6x6,  3x2 */
  {3, 18980, 7},  /* 2 VCs: 12x6, 3x2x2 */
  {3, 24860, 9},  /* 3 VCs: 18x6, 3x3x2 */
  {4, 30980, 12}, /* 4 VCs: 24x6, 3x2x2x2 */
  {4, 42470, 16}, /* 5 VCs: 30x6, 3x3x2x2 */
  {4, 42470, 16}, /* 6 VCs: 36x6, 3x3x2x2 */
  {5, 54980, 21}, /* 7 VCs: 42x6, 3x2x2x2x2 */
  {5, 54980, 21}, /* 8 VCs: 48x6, 3x2x2x2x2 */
  {4, 60500, 23}, /* 9 VCs: 54x6, 3x3x3x2 */
};

int fcsim_novog_switch_levels(int vcs)
{
  return vcs >= 1 && vcs <= 9 ? table_4_2[vcs].levels : 0;
}

int fcsim_novog_area_alms(int vcs)
{
  return vcs >= 1 && vcs <= 9 ? table_4_2[vcs].alms : 0;
}

int fcsim_novog_area_percent(int vcs)
{
  return vcs >= 1 && vcs <= 9 ? table_4_2[vcs].percent : 0;
}

int fcsim_credit_threshold_flits(int link_latency_cycles, int credit_period_cycles, int bandwidth_flits,
                                 int switch_cycles, int packet_flits)
{
  long seed_rule = (long)(link_latency_cycles + credit_period_cycles) * bandwidth_flits;
  long safe = (2L * link_latency_cycles + switch_cycles) * bandwidth_flits + packet_flits;
  return (int)(seed_rule > safe ? seed_rule : safe);
}

static int novog_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                        struct fcsim_error *err)
{
  if (p->vcs > 9)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vcs = %d: the Novo-G# router has 1 to 9 VCs per port (seed 000 Table 4.2)",
                           origin, p->vcs);
  if (switch_auto)
    p->switch_cycles = fcsim_novog_switch_levels(p->vcs);
  int thr = fcsim_credit_threshold_flits(p->link_latency_cycles, p->credit_period_cycles, p->link_bandwidth_flits,
                                         p->switch_cycles, p->packet_flits);
  p->credit_threshold_flits = thr;
  if (depth_auto)
    p->vc_depth_flits = thr + p->credit_period_cycles * p->link_bandwidth_flits;
  else if (p->vc_depth_flits < thr)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vc_depth = %d flits can never send: the Novo-G# credit threshold is %d flits "
                           "(link latency %d + credit period %d cycles, at %d flit/cycle); the smallest depth that "
                           "works is %d (full rate on one VC needs %d)",
                           origin, p->vc_depth_flits, thr, p->link_latency_cycles, p->credit_period_cycles,
                           p->link_bandwidth_flits, thr, thr + p->credit_period_cycles * p->link_bandwidth_flits - 1);
  return 0;
}

static int classic_derive(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin,
                          struct fcsim_error *err)
{
  p->credit_threshold_flits = 1;
  if (switch_auto)
    p->switch_cycles = 1;
  /* a slot freed downstream is usable upstream one credit round trip later:
   * switch + 2 x link latency; full rate on one VC needs that many flits */
  if (depth_auto) {
    int rtt = (2 * p->link_latency_cycles + p->switch_cycles + 1) * p->link_bandwidth_flits;
    p->vc_depth_flits = rtt > 8 ? rtt : 8;
  }
  return 0;
}

static const struct fcsim_router_ops router_models[] = {
  {"novog", "Novo-G# VC router: direct injection/ejection, credit flits, reduction-tree switch", 1, 0, 1, 1, 9,
   novog_derive},
  {"classic", "NoC-style VC router: local port, per-flit credits, flit-by-flit switch allocation", 1, 1, 0, 0, 16,
   classic_derive},
};

const struct fcsim_router_ops *fcsim_router_model_find(const char *name)
{
  for (size_t i = 0; i < sizeof router_models / sizeof router_models[0]; i++)
    if (!strcmp(router_models[i].name, name))
      return &router_models[i];
  return NULL;
}

int fcsim_router_model_valid(const char *name)
{
  return fcsim_router_model_find(name) != NULL;
}

const char *fcsim_router_model_names(void)
{
  return "novog, classic";
}
