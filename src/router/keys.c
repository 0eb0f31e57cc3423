/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys every router model reads: which model (the table of
 * router/models.c), its clock, VCs and buffer depth. */
#include <string.h>

#include "core/keys.h"
#include "core/clock.h"
#include "router/router.h"
#include "router/vc/params.h"

static const struct fcsim_key router_rows[] = {
    {"router", "model", FCSIM_KEY_REGISTRY(fcsim_router_model_names, fcsim_router_model_valid, "novog"),
     "`novog`: Novo-G# VC router, direct injection/ejection, credit flits (Novo-G# thesis §4.2.2); `classic`: local port, "
     "per-flit credits; `crossbar`: full-crossbar router with input FIFOs, round-robin allocation, 64 ns through "
     "(Bunker & Swanson §III); `voq`: VOQ collective router, 7-stage pipeline, multicast and reduction units, one-sided links "
     "(Novo-G# thesis §4.3.2); `ring`: seven ring stops per node on a bidirectional ring (Novo-G# thesis §4.3.2)",
     FCSIM_KEY_TO(FCSIM_STORE_NAME, router_model)},
    {"router", "clock", FCSIM_KT_FREQ, "Hz", "auto", FCSIM_CLOCK_MIN_HZ, FCSIM_CLOCK_MAX_HZ, 1, NULL, NULL, NULL,
     "the routers' own clock (`250MHz`); `auto` = network.clock. network.clock stays the unit of cycles in configs and "
     "results; a different router clock (per node kind in a netlist) makes each node step on its own edges",
     FCSIM_KEY_TO(FCSIM_STORE_HZ, router_clock_hz)},
    {"router", "clock_ppm", FCSIM_KT_REAL, "ppm", "0", -100000, 100000, 0, NULL, NULL, NULL,
     "offset of the routers' clock from router.clock, in ppm (Novo-G# thesis Table 3.4 measured drift); per node in a "
     "netlist",
     FCSIM_KEY_TO(FCSIM_STORE_REAL, router_clock_ppm)},
    {"router", "vcs", FCSIM_KT_INT, "VCs", "2", 1, 16, 0, NULL, NULL, NULL,
     "virtual channels per input port (Novo-G#: 1-9; a torus needs at least 2 for the dateline classes; crossbar: not "
     "read, one FIFO per port)",
     FCSIM_KEY_TO(FCSIM_STORE_INT, vcs)},
    {"router", "vc_depth", FCSIM_KT_INT, "flits", "auto", 1, 1 << 20, 1, NULL, NULL, NULL,
     "buffer per VC; `auto`: full rate on one VC — Novo-G# credit threshold + one credit period of flits, classic and "
     "crossbar the credit round trip (2 x link latency + switch + 1, at least 8); crossbar: depth of each input FIFO",
     FCSIM_KEY_TO(FCSIM_STORE_INT, vc_depth_flits), .auto_value = 0},
};
const struct fcsim_key_table fcsim_router_keys = FCSIM_KEY_TABLE("router", router_rows);
/* The allocation keys are the classic router's: other models refuse a
 * value other than the default, and the `wrap` dateline rule is DOR's. */
static int check_allocation(const struct fcsim_params *p, const struct fcsim_router_ops *model,
                            const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  static const char *const keys[] = {"speculative",   "va_allocator",         "sa_allocator",
                                     "alloc_iters",   "wait_for_tail_credit", "credit_delay",
                                     "input_speedup", "queued_head",          "eject_cycles"};
  const struct fcsim_vc_params *vp = fcsim_vc_params(p);
  const int set[] = {!vp->speculative,       vp->va_allocator != 0,       vp->sa_allocator != 0,
                     vp->alloc_iters != 1,   vp->wait_tail_credit != 0,   vp->credit_delay_cycles != 0,
                     vp->input_speedup != 1, vp->queued_head_cycles != 0, vp->eject_cycles != p->local_cycles};
  for (size_t k = 0; k < sizeof keys / sizeof keys[0] && !model->allocation; k++)
    if (set[k])
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "%s: router.%s applies to the classic router only (router.model = %s does not read it)",
                             fcsim_key_origin(r, "router", keys[k]), keys[k], p->router_model);
  if (fcsim_vc_params(p)->dateline_wrap && strcmp(p->routing, "dor"))
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.dateline_class = wrap is dimension-order routing's rule (BookSim2's); "
                           "routing.algorithm = %s needs `toggle`",
                           fcsim_key_origin(r, "router", "dateline_class"), p->routing);
  return 0;
}

/* A torus needs two dateline classes, so two VCs, on a router that has VCs. */
static int check_dateline(const struct fcsim_params *p, const struct fcsim_router_ops *model,
                          const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  if (p->topology != FCSIM_TOPO_TORUS || !p->dateline || p->vcs >= 2 || model->max_vcs <= 1)
    return 0; /* else derive refuses */
  int wraps = 0;
  for (int d = 0; d < p->ndims; d++)
    wraps |= p->dims[d] > 1;
  if (wraps)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vcs = %d on a torus: deadlock avoidance needs 2 VC classes across the "
                           "dateline (Novo-G# thesis §4.2.2), so at least 2 VCs; use router.vcs >= 2 or "
                           "network.topology = mesh (or router.dateline = off to study deadlock)",
                           fcsim_key_origin(r, "router", "vcs"), p->vcs);
  return 0;
}

/* The row of router key `name` (found by name, so that a new row anywhere
 * in the table changes nothing here). */
static const struct fcsim_key *router_row(const char *name)
{
  for (size_t i = 0; i < sizeof router_rows / sizeof router_rows[0]; i++)
    if (!strcmp(router_rows[i].name, name))
      return &router_rows[i];
  return NULL;
}

/* The model's derived values (depth, switch delay, credit threshold), which
 * stay inside their keys' ranges. */
static int derive(struct fcsim_params *p, const struct fcsim_router_ops *model, const struct fcsim_key_reader *r,
                  struct fcsim_error *err)
{
  int depth_auto = p->vc_depth_auto, switch_auto = p->switch_cycles == 0; /* auto stores 0; the range starts at 1 */
  const char *origin = r->set_origin(r->cfg, "router", "vc_depth");
  if (!origin)
    origin = fcsim_key_origin(r, "router", depth_auto ? "vcs" : "model");
  int rc = model->derive(p, depth_auto, switch_auto, origin, err);
  if (rc)
    return rc;
  const double depth_max = router_row("vc_depth")->max;
  if (depth_auto && p->vc_depth_flits > (int)depth_max)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: router.vc_depth = auto would be %d flits (the %s router's rule for network.link_latency "
                           "= %d cycles at %d flits/cycle), above the key's maximum of %.0f; use shorter links or "
                           "a lower network.link_bandwidth",
                           fcsim_key_origin(r, "network", "link_latency"), p->vc_depth_flits, p->router_model,
                           p->link_latency_cycles, p->link_bandwidth_flits, depth_max);
  return 0;
}

static int resolve_router(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  const struct fcsim_router_ops *model = fcsim_router_model_find(p->router_model); /* checked with the key */
  int rc;
  if (p->router_clock_hz == 0) /* auto */
    p->router_clock_hz = p->clock_hz;
  p->vc_depth_auto = p->vc_depth_flits == 0; /* auto stores 0; the range starts at 1 */
  if (fcsim_vc_params(p)->eject_cycles < 0) /* auto */
    fcsim_vc_params_mut(p)->eject_cycles = p->local_cycles;
  if ((rc = check_allocation(p, model, r, err)))
    return rc;
  if (p->latency_from_injection && !model->stamps_injection)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: stats.latency_from = injection is implemented by the VC routers (router.model = "
                           "novog, classic), not by router.model = %s; use stats.latency_from = creation",
                           fcsim_key_origin(r, "stats", "latency_from"), p->router_model);
  if (p->turn_rule == FCSIM_TURN_SEED_ESCAPE && p->topology == FCSIM_TOPO_TORUS && p->dateline && !model->escape_vcs)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: routing.turn_rule = seed-escape keeps escape VCs, which the VC routers implement "
                           "(router.model = novog, classic), not router.model = %s",
                           fcsim_key_origin(r, "routing", "turn_rule"), p->router_model);
  if ((rc = check_dateline(p, model, r, err)) || (rc = derive(p, model, r, err)))
    return rc;
  if (p->deadlock_cycles < 0) /* auto */
    p->deadlock_cycles =
        20LL * (p->link_latency_cycles + (model->credit_period ? p->credit_period_cycles : 0)) + 1000;
  return 0;
}
const struct fcsim_resolve_step fcsim_router_resolve = {"router", resolve_router};
