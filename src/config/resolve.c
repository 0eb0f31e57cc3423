/* SPDX-License-Identifier: BSD-3-Clause */
/* Resolving configuration text into typed parameters: unit conversion,
 * derived ("auto") values, and checks of combinations of keys. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "core/messages.h"
#include "core/units.h"
#include "router/router.h"
#include "topo/topo.h"
#include "traffic/traffic.h"
#include "workload/workload.h"

struct resolver {
  const struct fcsim_config *cfg;
  struct fcsim_error *err;
};

static const char *text_of(const struct resolver *r, const char *section, const char *name, int *index)
{
  int i = fcsim_key_find(section, name);
  *index = i;
  return r->cfg->text[i] ? r->cfg->text[i] : fcsim_keys[i].default_text;
}

static const char *origin_of(const struct resolver *r, int i)
{
  return r->cfg->origin[i] ? r->cfg->origin[i] : "default";
}

/* Each getter re-checks the text against the key (defaults are checked too,
 * so a bad built-in default is caught by the tests). */
static int get_checked(const struct resolver *r, const char *section, const char *name, const char **text, int *index)
{
  *text = text_of(r, section, name, index);
  return fcsim_key_check(&fcsim_keys[*index], *text, origin_of(r, *index), r->err);
}

static int get_int(const struct resolver *r, const char *section, const char *name, int64_t *out, int *is_auto)
{
  const char *t;
  int i, rc = get_checked(r, section, name, &t, &i);
  if (rc)
    return rc;
  if (is_auto)
    *is_auto = !strcmp(t, "auto");
  if (!strcmp(t, "auto"))
    return 0;
  *out = (int64_t)strtod(t, NULL);
  return 0;
}

static int get_int32(const struct resolver *r, const char *section, const char *name, int *out, int *is_auto)
{
  int64_t v = 0;
  int rc = get_int(r, section, name, &v, is_auto);
  if (!rc && !(is_auto && *is_auto))
    *out = (int)v;
  return rc;
}

static int get_real(const struct resolver *r, const char *section, const char *name, double *out)
{
  const char *t;
  int i, rc = get_checked(r, section, name, &t, &i);
  if (rc)
    return rc;
  return fcsim_parse_quantity(t, 0, out, NULL, r->err);
}

/* A file name; a relative one given in a config file is taken relative to
 * that file's folder (its origin is "FILE:LINE"). */
static int get_path(const struct resolver *r, const char *section, const char *name, char *out)
{
  const char *t;
  int i, rc = get_checked(r, section, name, &t, &i);
  if (rc)
    return rc;
  const char *origin = r->cfg->origin[i];
  const char *colon = origin ? strrchr(origin, ':') : NULL;
  const char *slash = NULL;
  if (t[0] != '/' && t[0] && colon && strcmp(origin, "--set"))
    for (const char *c = origin; c < colon; c++)
      if (*c == '/')
        slash = c;
  if (slash && (size_t)(slash - origin) + 1 + strlen(t) < FCSIM_PATH_MAX)
    snprintf(out, FCSIM_PATH_MAX, "%.*s/%s", (int)(slash - origin), origin, t);
  else
    snprintf(out, FCSIM_PATH_MAX, "%s", t);
  return 0;
}

static int get_name(const struct resolver *r, const char *section, const char *name, char *out)
{
  const char *t;
  int i, rc = get_checked(r, section, name, &t, &i);
  if (rc)
    return rc;
  snprintf(out, FCSIM_NAME_MAX, "%s", t);
  return 0;
}

/* A time or cycle count rounded up to whole cycles of network.clock. */
static int get_cycles(const struct resolver *r, const char *section, const char *name, double clock_hz, int *out)
{
  const char *t;
  int i, rc;
  double v;
  enum fcsim_unit_kind kind;
  if ((rc = get_checked(r, section, name, &t, &i)))
    return rc;
  fcsim_parse_quantity(t, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &v, &kind, r->err);
  double cycles = kind == FCSIM_UNIT_TIME ? ceil(v * clock_hz - 1e-6) : v;
  if (cycles < 0 || cycles > fcsim_keys[i].max)
    return fcsim_error_set(r->err, FCSIM_ERANGE,
                           "%s: %s.%s = `%s` is %.0f cycles at network.clock; expected 0..%g cycles", origin_of(r, i),
                           section, name, t, cycles, fcsim_keys[i].max);
  *out = (int)cycles;
  return 0;
}

/* [switch]: the ethswitch model and the switched topologies. */
/* Index of `name` in a NULL-terminated list (the key's choices: already checked). */
static int choice_index(const char *const *list, const char *name)
{
  for (int i = 0; list[i]; i++)
    if (!strcmp(list[i], name))
      return i;
  return 0;
}

/* [router] the classic router's allocation options (BookSim2's IQ router). */
static int resolve_allocation(const struct resolver *r, struct fcsim_params *p)
{
  static const char *const allocators[] = {"greedy", "separable", "islip", NULL};
  char name[FCSIM_NAME_MAX];
  int rc, eject_auto = 0;
  if ((rc = get_name(r, "router", "dateline_class", name)))
    return rc;
  p->dateline_wrap = !strcmp(name, "wrap");
  if ((rc = get_name(r, "router", "speculative", name)))
    return rc;
  p->speculative = !strcmp(name, "on");
  if ((rc = get_name(r, "router", "va_allocator", name)))
    return rc;
  p->va_allocator = choice_index(allocators, name);
  if ((rc = get_name(r, "router", "sa_allocator", name)))
    return rc;
  p->sa_allocator = choice_index(allocators, name);
  if ((rc = get_name(r, "router", "wait_for_tail_credit", name)))
    return rc;
  p->wait_tail_credit = !strcmp(name, "on");
  if ((rc = get_int32(r, "router", "alloc_iters", &p->alloc_iters, NULL)) ||
      (rc = get_int32(r, "router", "credit_delay", &p->credit_delay_cycles, NULL)) ||
      (rc = get_int32(r, "router", "input_speedup", &p->input_speedup, NULL)) ||
      (rc = get_int32(r, "router", "queued_head", &p->queued_head_cycles, NULL)) ||
      (rc = get_int32(r, "router", "eject_cycles", &p->eject_cycles, &eject_auto)))
    return rc;
  if (eject_auto)
    p->eject_cycles = -1; /* local_cycles, filled in once it is read */
  return 0;
}

/* The allocation keys are the classic router's: other models refuse a
 * value other than the default, and the `wrap` dateline rule is DOR's. */
static int check_allocation(const struct resolver *r, const struct fcsim_params *p,
                            const struct fcsim_router_ops *model)
{
  static const char *const keys[] = {"speculative",   "va_allocator", "sa_allocator", "alloc_iters",
                                     "wait_for_tail_credit", "credit_delay", "input_speedup", "queued_head",
                                     "eject_cycles"};
  const int set[] = {!p->speculative,          p->va_allocator != 0,     p->sa_allocator != 0, p->alloc_iters != 1,
                     p->wait_tail_credit != 0, p->credit_delay_cycles != 0, p->input_speedup != 1,
                     p->queued_head_cycles != 0, p->eject_cycles != p->local_cycles};
  for (size_t k = 0; k < sizeof keys / sizeof keys[0] && !model->allocation; k++)
    if (set[k]) {
      int ki = fcsim_key_find("router", keys[k]);
      return fcsim_error_set(r->err, FCSIM_ECOMBINATION,
                             "%s: router.%s applies to the classic router only (router.model = %s does not read it)",
                             origin_of(r, ki), keys[k], p->router_model);
    }
  if (p->dateline_wrap && strcmp(p->routing, "dor")) {
    int ki = fcsim_key_find("router", "dateline_class");
    return fcsim_error_set(r->err, FCSIM_ECOMBINATION,
                           "%s: router.dateline_class = wrap is dimension-order routing's rule (BookSim2's); "
                           "routing.algorithm = %s needs `toggle`",
                           origin_of(r, ki), p->routing);
  }
  return 0;
}

static int resolve_switch(const struct resolver *r, struct fcsim_params *p)
{
  const char *t;
  int i, rc;
  double v;
  enum fcsim_unit_kind kind;
  char name[FCSIM_NAME_MAX];
  if ((rc = get_cycles(r, "switch", "latency", p->clock_hz, &p->sw_latency_cycles)) ||
      (rc = get_cycles(r, "switch", "nic_latency", p->clock_hz, &p->sw_nic_latency_cycles)) ||
      (rc = get_checked(r, "switch", "buffer", &t, &i)))
    return rc;
  fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, r->err);
  p->sw_buffer_flits = (int)(kind == FCSIM_UNIT_SIZE ? floor(v * 8.0 / p->flit_bits + 1e-9) : v);
  if ((rc = get_name(r, "switch", "overflow", name)) || (rc = get_name(r, "switch", "framing", p->sw_framing)) ||
      (rc = get_int32(r, "switch", "nodes", &p->sw_nodes, NULL)) ||
      (rc = get_int32(r, "switch", "radix", &p->sw_radix, NULL)) ||
      (rc = get_int32(r, "switch", "planes", &p->sw_planes, NULL)))
    return rc;
  p->sw_drop = !strcmp(name, "drop");
  if ((rc = get_name(r, "switch", "port_select", name)))
    return rc;
  p->sw_port_by_message = !strcmp(name, "message");
  if ((rc = get_name(r, "switch", "endpoint", name)))
    return rc;
  p->sw_endpoint_vcsn = !strcmp(name, "vcsn");
  if ((rc = get_int32(r, "vcsn", "vports", &p->vcsn_vports, NULL)) ||
      (rc = get_path(r, "vcsn", "table", p->vcsn_table)) ||
      (rc = get_cycles(r, "vcsn", "reconfig", p->clock_hz, &p->vcsn_reconfig_cycles)) ||
      (rc = get_cycles(r, "vcsn", "crossbar", p->clock_hz, &p->vcsn_crossbar_cycles)) ||
      (rc = get_real(r, "vcsn", "threshold", &p->vcsn_threshold)))
    return rc;
  return get_cycles(r, "vcsn", "window", p->clock_hz, &p->vcsn_window_cycles);
}

/* Link protocols the network's routers cannot carry: routers whose credits
 * are not per flit, more VCs than TNW's eight (`fc` runs one instance per
 * VC, as many as router.vcs allows). */
static int check_link(const struct resolver *r, const struct fcsim_params *p, const struct fcsim_router_ops *model)
{
  int pi = fcsim_key_find("link", "protocol");
  if (p->link_protocol == FCSIM_LINK_PROTO_IDEAL)
    return 0;
  const char *proto = p->link_protocol == FCSIM_LINK_PROTO_FC ? "fc" : "tnw";
  if (strcmp(model->flow_control, "per-flit credits"))
    return fcsim_error_set(r->err, FCSIM_ECOMBINATION,
                           "%s: link.protocol = %s needs routers with per-flit credits (classic, crossbar); "
                           "router.model = %s uses %s",
                           origin_of(r, pi), proto, p->router_model, model->flow_control);
  if (p->link_protocol != FCSIM_LINK_PROTO_TNW)
    return 0;
  if (p->vcs > 8 && model->max_vcs > 1)
    return fcsim_error_set(r->err, FCSIM_ECOMBINATION,
                           "%s: router.vcs = %d but link.protocol = tnw carries at most 8 virtual channels (Pivanti 2010 "
                           "s2.2); use router.vcs <= 8",
                           origin_of(r, fcsim_key_find("router", "vcs")), p->vcs);
  return 0;
}

/* [link]: the protocol of the network's links and its parameters. */
static int resolve_link(const struct resolver *r, struct fcsim_params *p)
{
  char name[FCSIM_NAME_MAX];
  int rc, window_auto, rx_auto;
  if ((rc = get_name(r, "link", "protocol", name)) || (rc = get_real(r, "link", "ber", &p->link_ber)) ||
      (rc = get_int32(r, "link", "tnw_window", &p->link_tnw_window, &window_auto)) ||
      (rc = get_int32(r, "link", "tnw_rx_packets", &p->link_tnw_rx_packets, NULL)) ||
      (rc = get_int32(r, "link", "tnw_payload", &p->link_tnw_payload_bytes, NULL)) ||
      (rc = get_int32(r, "link", "fc_d_cu", &p->link_fc_d_cu, NULL)) ||
      (rc = get_int32(r, "link", "fc_rx_depth", &p->link_fc_rx_depth, &rx_auto)) ||
      (rc = get_int32(r, "link", "fc_gap_bytes", &p->link_fc_gap_bytes, NULL)))
    return rc;
  if (rx_auto)
    p->link_fc_rx_depth = 0;
  else if (p->link_fc_rx_depth < p->link_fc_d_cu)
    return fcsim_error_set(r->err, FCSIM_ECOMBINATION,
                           "%s: link.fc_rx_depth = %d flits is below link.fc_d_cu = %d: the receiver could never read "
                           "D_CU flits to return a credit",
                           origin_of(r, fcsim_key_find("link", "fc_rx_depth")), p->link_fc_rx_depth, p->link_fc_d_cu);
  p->link_protocol = !strcmp(name, "tnw") ? FCSIM_LINK_PROTO_TNW
                     : !strcmp(name, "fc") ? FCSIM_LINK_PROTO_FC
                                           : FCSIM_LINK_PROTO_IDEAL;
  if (window_auto)
    p->link_tnw_window = 0;
  if (p->link_ber >= 1.0)
    return fcsim_error_set(r->err, FCSIM_ERANGE, "%s: link.ber = %g: expected a bit error rate in [0, 1)",
                           origin_of(r, fcsim_key_find("link", "ber")), p->link_ber);
  return 0;
}

int fcsim_config_resolve(const struct fcsim_config *cfg, struct fcsim_params *p, struct fcsim_error *err)
{
  struct resolver r = {cfg, err};
  int rc, i, depth_auto, switch_auto, drain_auto, deadlock_auto, order_auto;
  const char *t;
  char name[FCSIM_NAME_MAX];
  double v;
  enum fcsim_unit_kind kind;
  memset(p, 0, sizeof *p);

  /* [network] */
  if ((rc = get_name(&r, "network", "topology", name)))
    return rc;
  const struct fcsim_topo_type *topo = fcsim_topo_type_find(name); /* a known name: checked with the key */
  p->topology = topo ? topo->kind : FCSIM_TOPO_TORUS;
  const char *sw_buffer;
  int sw_buffer_index;
  if ((rc = get_name(&r, "network", "bee3_layout", p->bee3_layout)) ||
      (rc = get_int32(&r, "network", "enclosures", &p->enclosures, NULL)) ||
      (rc = get_checked(&r, "network", "bee3_switch_buffer", &sw_buffer, &sw_buffer_index)))
    return rc;
  snprintf(p->bee3_switch_buffer, sizeof p->bee3_switch_buffer, "%s", sw_buffer);
  if (p->topology == FCSIM_TOPO_BEE3 && p->enclosures != 2 && p->enclosures != 4 && p->enclosures != 8)
    return fcsim_error_set(err, FCSIM_ERANGE, "%s: network.enclosures = %d: expected 2, 4 or 8 (8, 16 or 32 FPGAs)",
                           origin_of(&r, fcsim_key_find("network", "enclosures")), p->enclosures);
  if ((rc = get_path(&r, "network", "file", p->netlist)))
    return rc;
  if (p->topology == FCSIM_TOPO_FILE && !p->netlist[0]) {
    int ti = fcsim_key_find("network", "topology");
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "%s: network.topology = file needs network.file = NETLIST",
                           origin_of(&r, ti));
  }
  if ((rc = get_checked(&r, "network", "dims", &t, &i)))
    return rc;
  p->nodes = 1;
  for (const char *s = t; *s;) {
    char *end;
    p->dims[p->ndims++] = (int)strtol(s, &end, 10);
    p->nodes *= p->dims[p->ndims - 1];
    s = *end ? end + 1 : end;
  }
  if (p->nodes > (1LL << 24))
    return fcsim_error_set(err, FCSIM_ERANGE, "%s: network.dims = `%s`: %lld nodes; at most %lld are supported",
                           origin_of(&r, i), t, (long long)p->nodes, 1LL << 24);
  if ((rc = get_checked(&r, "network", "clock", &t, &i)))
    return rc;
  fcsim_parse_quantity(t, FCSIM_UNIT_FREQ, &p->clock_hz, NULL, err);
  if ((rc = get_checked(&r, "network", "link_latency", &t, &i)))
    return rc;
  fcsim_parse_quantity(t, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &v, &kind, err);
  if (kind == FCSIM_UNIT_TIME) {
    double cycles = ceil(v * p->clock_hz - 1e-6);
    if (cycles < 1 || cycles > fcsim_keys[i].max)
      return fcsim_error_set(err, FCSIM_ERANGE,
                             "%s: network.link_latency = `%s` is %.0f cycles at network.clock; expected 1..%g cycles",
                             origin_of(&r, i), t, cycles, fcsim_keys[i].max);
    p->link_latency_cycles = (int)cycles;
  } else {
    p->link_latency_cycles = (int)v;
  }
  p->link_latency_ns = p->link_latency_cycles * 1e9 / p->clock_hz;
  if ((rc = get_checked(&r, "network", "link_jitter", &t, &i)))
    return rc;
  fcsim_parse_quantity(t, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &v, &kind, err);
  p->link_jitter_cycles = kind == FCSIM_UNIT_TIME ? v * p->clock_hz : v;
  if ((rc = get_real(&r, "network", "clock_spread_ppm", &p->clock_spread_ppm)))
    return rc;
  if ((rc = get_int32(&r, "network", "link_bandwidth", &p->link_bandwidth_flits, NULL)) ||
      (rc = get_int32(&r, "network", "flit_bits", &p->flit_bits, NULL)))
    return rc;

  /* [router] */
  if ((rc = get_name(&r, "router", "model", p->router_model)) || (rc = get_int32(&r, "router", "vcs", &p->vcs, NULL)) ||
      (rc = get_int32(&r, "router", "vc_depth", &p->vc_depth_flits, &depth_auto)) ||
      (rc = get_int32(&r, "router", "credit_period", &p->credit_period_cycles, NULL)) ||
      (rc = get_int32(&r, "router", "rc_cycles", &p->rc_cycles, NULL)) ||
      (rc = get_int32(&r, "router", "va_cycles", &p->va_cycles, NULL)) ||
      (rc = get_int32(&r, "router", "switch_cycles", &p->switch_cycles, &switch_auto)) ||
      (rc = get_int32(&r, "router", "local_cycles", &p->local_cycles, NULL)) ||
      (rc = get_int32(&r, "router", "packet_overhead_cycles", &p->packet_overhead_cycles, NULL)) ||
      (rc = get_name(&r, "router", "arbitration", p->arbitration)) ||
      (rc = get_int32(&r, "router", "age_threshold", &p->age_threshold_cycles, NULL)) ||
      (rc = get_name(&r, "router", "dateline", name)))
    return rc;
  p->dateline = !strcmp(name, "on");
  if ((rc = get_checked(&r, "router", "clock", &t, &i)))
    return rc;
  if (strcmp(t, "auto"))
    fcsim_parse_quantity(t, FCSIM_UNIT_FREQ, &p->router_clock_hz, NULL, err);
  else
    p->router_clock_hz = p->clock_hz;
  if ((rc = get_real(&r, "router", "clock_ppm", &p->router_clock_ppm)))
    return rc;
  p->vc_depth_auto = depth_auto;
  if ((rc = get_name(&r, "router", "vc_classes", name)))
    return rc;
  p->vc_split = !strcmp(name, "split");
  if ((rc = resolve_allocation(&r, p)))
    return rc;
  if (p->eject_cycles < 0)
    p->eject_cycles = p->local_cycles;
  if ((rc = resolve_switch(&r, p)) || (rc = resolve_link(&r, p)))
    return rc;

  /* [routing] */
  if ((rc = get_name(&r, "routing", "algorithm", p->routing)))
    return rc;
  if ((rc = get_checked(&r, "routing", "order", &t, &i)))
    return rc;
  order_auto = !strcmp(t, "auto");
  if (order_auto) {
    for (int d = 0; d < p->ndims; d++)
      p->dim_order[d] = d;
  } else {
    static const char letters[] = "xyzwuv";
    int n = 0, seen = 0;
    for (const char *c = t; *c; c++) {
      int d = (int)(strchr(letters, tolower((unsigned char)*c)) - letters);
      if (d >= p->ndims)
        return fcsim_error_set(err, FCSIM_ECOMBINATION,
                               "%s: routing.order = `%s` names dimension `%c` but network.dims has %d dimension(s)",
                               origin_of(&r, i), t, *c, p->ndims);
      p->dim_order[n++] = d;
      seen |= 1 << d;
    }
    if (n != p->ndims)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "%s: routing.order = `%s` must name each of the %d dimensions once (e.g. `%.*s`)",
                             origin_of(&r, i), t, p->ndims, p->ndims, "xyzwuv");
  }

  /* [traffic] */
  if ((rc = get_name(&r, "traffic", "pattern", p->pattern)) || (rc = get_real(&r, "traffic", "rate", &p->rate_flits)) ||
      (rc = get_real(&r, "traffic", "background_rate", &p->background_rate_flits)) ||
      (rc = get_int(&r, "traffic", "background_cycles", &p->background_cycles, &i)))
    return rc;
  if (i)
    p->background_cycles = -1; /* auto: the collective's send time */
  if ((rc = get_checked(&r, "traffic", "packet_size", &t, &i)))
    return rc;
  fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, err);
  if (kind == FCSIM_UNIT_SIZE) {
    double flits = ceil(v * 8.0 / p->flit_bits - 1e-9);
    if (flits < 1 || flits > fcsim_keys[i].max)
      return fcsim_error_set(err, FCSIM_ERANGE,
                             "%s: traffic.packet_size = `%s` is %.0f flits of %d bits; expected 1..%g",
                             origin_of(&r, i), t, flits, p->flit_bits, fcsim_keys[i].max);
    p->packet_flits = (int)flits;
  } else {
    p->packet_flits = (int)v;
  }
  if ((rc = get_name(&r, "traffic", "mode", name)))
    return rc;
  char header[FCSIM_NAME_MAX];
  const struct fcsim_workload_ops *wl = fcsim_workload_find(name); /* a known name: checked with the key */
  p->mode = wl && wl->continuous ? FCSIM_MODE_CONTINUOUS : FCSIM_MODE_BATCH;
  p->messages = cfg->messages ? &cfg->messages->list : NULL;
  snprintf(p->mode_name, sizeof p->mode_name, "%s", name);
  if ((rc = get_path(&r, "traffic", "trace", p->trace)) || (rc = get_path(&r, "router", "tables", p->router_tables)) ||
      (rc = get_name(&r, "traffic", "collective_header", header)))
    return rc;
  p->collective_header = !strcmp(header, "index") ? 1 : !strcmp(header, "bitvector") ? 2 : 0;
  if ((rc = get_name(&r, "voq", "reduction_stage", header)))
    return rc;
  p->voq_reduction_direct = !strcmp(header, "direct");
  if ((rc = get_int32(&r, "voq", "eject_packets", &p->voq_eject_packets, NULL)) ||
      (rc = get_name(&r, "voq", "tree_turns", header)))
    return rc;
  p->voq_free_turns = !strcmp(header, "free");
  if (p->voq_free_turns && strcmp(p->router_model, "voq"))
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: voq.tree_turns = free needs router.model = voq (router.model = %s: its trees keep the "
                           "turn rule)",
                           origin_of(&r, fcsim_key_find("voq", "tree_turns")), p->router_model);
  if (wl && wl->messages && !p->trace[0] && !p->messages) {
    int mi = fcsim_key_find("traffic", "mode");
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "%s: traffic.mode = %s needs traffic.trace = FILE.csv",
                           origin_of(&r, mi), name);
  }
  if ((rc = get_int(&r, "traffic", "batch_packets", &p->batch_packets, NULL)) ||
      (rc = get_int(&r, "traffic", "hotspot_node", &p->hotspot_node, NULL)) ||
      (rc = get_real(&r, "traffic", "hotspot_fraction", &p->hotspot_fraction)))
    return rc;

  /* [sim] */
  char run_ahead[FCSIM_NAME_MAX];
  if ((rc = get_name(&r, "sim", "run_ahead", run_ahead)))
    return rc;
  p->run_ahead = !strcmp(run_ahead, "on");
  if ((rc = get_name(&r, "sim", "drain_cut", run_ahead)))
    return rc;
  p->drain_cut = !strcmp(run_ahead, "on");
  if ((rc = get_name(&r, "stats", "latency_from", run_ahead)))
    return rc;
  p->latency_from_injection = !strcmp(run_ahead, "injection");
  int64_t seed = 0;
  if ((rc = get_int(&r, "sim", "seed", &seed, NULL)) || (rc = get_int32(&r, "sim", "threads", &p->threads, NULL)) ||
      (rc = get_real(&r, "sim", "mpi_timeout", &p->mpi_timeout_s)) ||
      (rc = get_int(&r, "sim", "warmup_cycles", &p->warmup_cycles, NULL)) ||
      (rc = get_int(&r, "sim", "measure_cycles", &p->measure_cycles, NULL)) ||
      (rc = get_int(&r, "sim", "drain_cycles", &p->drain_cycles, &drain_auto)) ||
      (rc = get_int(&r, "sim", "deadlock_cycles", &p->deadlock_cycles, &deadlock_auto)) ||
      (rc = get_int(&r, "sim", "max_cycles", &p->max_cycles, NULL)) ||
      (rc = get_real(&r, "sim", "saturation_latency_factor", &p->saturation_latency_factor)) ||
      (rc = get_int(&r, "sim", "saturation_latency", &p->saturation_latency_cycles, NULL)))
    return rc;
  p->seed = (uint64_t)seed;
  if ((rc = get_checked(&r, "sim", "max_memory", &t, &i)))
    return rc;
  p->max_memory_bytes = 0; /* auto */
  if (strcmp(t, "auto")) {
    fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, err);
    p->max_memory_bytes = v >= 1.8e19 ? UINT64_MAX : (uint64_t)ceil(v);
  }
  if (!(rc = get_checked(&r, "sim", "max_input_bytes", &t, &i)) &&
      !(rc = fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, err)))
    p->max_input_bytes = v >= 1.8e19 ? UINT64_MAX : (uint64_t)ceil(v);
  if (rc)
    return rc;

  /* combinations and derived values */
  if (p->topology == FCSIM_TOPO_BEE3) /* the FPGAs and, with 10GbE, the two switches */
    p->nodes = 4 * p->enclosures + (!strcmp(p->bee3_layout, "10gbe") ? 2 : 0);
  if ((p->topology <= FCSIM_TOPO_MESH || p->topology == FCSIM_TOPO_BEE3) && p->threads > p->nodes) {
    int ti = fcsim_key_find("sim", "threads");
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: sim.threads = %d: more partitions than the %lld routers of network.dims",
                           origin_of(&r, ti), p->threads, (long long)p->nodes);
  }
  const struct fcsim_router_ops *model = fcsim_router_model_find(p->router_model);
  int vcs_i = fcsim_key_find("router", "vcs");
  if ((rc = check_link(&r, p, model)))
    return rc;
  if ((rc = check_allocation(&r, p, model)))
    return rc;
  if (p->latency_from_injection && !model->stamps_injection)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: stats.latency_from = injection is implemented by the VC routers (router.model = "
                           "novog, classic), not by router.model = %s; use stats.latency_from = creation",
                           origin_of(&r, fcsim_key_find("stats", "latency_from")), p->router_model);
  if (p->topology == FCSIM_TOPO_TORUS && p->dateline && p->vcs < 2 && model->max_vcs > 1) { /* else derive refuses */
    int wraps = 0;
    for (int d = 0; d < p->ndims; d++)
      wraps |= p->dims[d] > 1;
    if (wraps)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "%s: router.vcs = %d on a torus: deadlock avoidance needs 2 VC classes across the "
                             "dateline (Novo-G# thesis §4.2.2), so at least 2 VCs; use router.vcs >= 2 or "
                             "network.topology = mesh (or router.dateline = off to study deadlock)",
                             origin_of(&r, vcs_i), p->vcs);
  }
  {
    int vi = fcsim_key_find("router", "vc_depth"), mi = fcsim_key_find("router", "model");
    const char *origin = r.cfg->origin[vi] ? r.cfg->origin[vi] : origin_of(&r, depth_auto ? vcs_i : mi);
    if ((rc = model->derive(p, depth_auto, switch_auto, origin, err)))
      return rc;
    /* a derived value stays inside its key's range */
    if (depth_auto && p->vc_depth_flits > (int)fcsim_keys[vi].max)
      return fcsim_error_set(
          err, FCSIM_ECOMBINATION,
          "%s: router.vc_depth = auto would be %d flits (the %s router's rule for network.link_latency "
          "= %d cycles at %d flits/cycle), above the key's maximum of %.0f; use shorter links or "
          "a lower network.link_bandwidth",
          origin_of(&r, fcsim_key_find("network", "link_latency")), p->vc_depth_flits, p->router_model,
          p->link_latency_cycles, p->link_bandwidth_flits, fcsim_keys[vi].max);
  }
  const struct fcsim_traffic_ops *pattern = fcsim_traffic_pattern_find(p->pattern);
  const int geometry = fcsim_topo_type_of(p->topology)->has_geometry;
  if (pattern->needs_dims && !geometry &&
      !(wl && wl->messages))
    return fcsim_error_set(
        err, FCSIM_ECOMBINATION,
        "%s: traffic.pattern = %s is defined by coordinates on a torus or mesh; a netlist or "
        "switched network has none (use uniform, all-to-all, randperm, hotspot or uniform-self, or a trace)",
        origin_of(&r, fcsim_key_find("traffic", "pattern")), p->pattern);
  if (pattern->check && geometry) {
    int pi = fcsim_key_find("traffic", "pattern");
    struct fcsim_error sub = {0};
    if ((rc = pattern->check(p, &sub)))
      return fcsim_error_set(err, rc, "%s: %s", origin_of(&r, pi), sub.msg);
  }
  if (drain_auto)
    p->drain_cycles = 4 * p->measure_cycles + 10000;
  if (deadlock_auto)
    p->deadlock_cycles = 20LL * (p->link_latency_cycles + (model->credit_period ? p->credit_period_cycles : 0)) + 1000;
  if (p->rate_flits > 0 && p->rate_flits / p->packet_flits > 64)
    return fcsim_error_set(err, FCSIM_ERANGE, "traffic.rate = %g flits/node/cycle is more than 64 packets per cycle",
                           p->rate_flits);
  return 0;
}

int fcsim_config_validate(const struct fcsim_config *cfg, struct fcsim_error *err)
{
  struct fcsim_params p;
  return fcsim_config_resolve(cfg, &p, err);
}
