/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app fft` as a library call: the FFT schedule of fft_sched.c
 * handed in memory to the trace workload on the configured torus, its
 * phase times, and the Table 6.2 estimate of the `fft` model with the
 * network's own BW and LD beside them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "fcsim/messages.h"
#include "fcsim/model.h"
#include "fcsim/sim.h"
#include "apps/fft/fft_run.h"

static void get_uint(const struct fcsim_config *cfg, const char *key, unsigned *v)
{
  const char *t = fcsim_config_get(cfg, key);
  *v = t ? (unsigned)strtoul(t, NULL, 10) : 0;
}

/* The torus side must be 2^m, the same on three dimensions. */
static int torus_m(const struct fcsim_params *p, unsigned *m, struct fcsim_error *err)
{
  int k = p->dims[0];
  if (p->topology != FCSIM_TOPO_TORUS || p->ndims != 3 || p->dims[1] != k || p->dims[2] != k || k < 2 || (k & (k - 1)))
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "`fcsim app fft` needs network.topology = torus with network.dims = KxKxK, "
                           "K a power of two (Novo-G# thesis s6.2 maps the FFT on a 2^m-per-side torus)");
  for (*m = 0; (1 << *m) < k; (*m)++)
    ;
  return 0;
}

/* The schedule as the trace workload's messages: message i has id i + 1. */
static int to_messages(const struct fcsim_fft_sched *s, const uint8_t *route, struct fcsim_message_list *l,
                       struct fcsim_error *err)
{
  int rc = 0;
  for (int64_t i = 0; !rc && i < s->nmsg; i++) {
    const struct fcsim_fft_msg *g = &s->msg[i];
    rc = fcsim_messages_add(l, i + 1, g->src, g->dst, g->bytes, g->start_cycles, g->delay_cycles, err);
    if (!rc && route && g->src != g->dst)
      rc = fcsim_messages_route(l, route[i], err);
    for (uint32_t k = 0; !rc && k < g->ndeps; k++) {
      int64_t dep = (int64_t)s->deps[g->dep_first + k] + 1;
      rc = s->dep_delay ? fcsim_messages_after_delay(l, dep, s->dep_delay[g->dep_first + k], err)
                        : fcsim_messages_after(l, dep, err);
    }
  }
  return rc;
}

/* The `fft` model with this network's BW and LD. */
static int model(struct fcsim_fft_result *r, unsigned point_bytes, struct fcsim_error *err)
{
  char sets[5][64];
  snprintf(sets[0], 64, "n=%u", r->n);
  snprintf(sets[1], 64, "m=%u", r->m);
  snprintf(sets[2], 64, "BW=%.17g", r->bw_bytes_per_s);
  snprintf(sets[3], 64, "LD=%.17gns", r->ld_ns);
  snprintf(sets[4], 64, "point_bytes=%u", point_bytes);
  const char *list[] = {sets[0], sets[1], sets[2], sets[3], sets[4], NULL};
  const struct fcsim_model_ops *mo = fcsim_model_find("fft");
  double *v = mo ? calloc(mo->n_params + mo->n_results, sizeof *v) : NULL;
  if (!v)
    return fcsim_error_set(err, FCSIM_ENOMEM, "model `fft` unavailable");
  int rc = fcsim_model_run("fft", NULL, list, v, v + mo->n_params, err);
  if (!rc) {
    const double *res = v + mo->n_params;
    r->model_xy_ns = res[fcsim_model_result_index(mo, "xy_latency_s")] * 1e9;
    r->model_yz_ns = res[fcsim_model_result_index(mo, "yz_latency_s")] * 1e9;
    r->model_xy_net_ns = res[fcsim_model_result_index(mo, "xy_hops")] * r->ld_ns;
    r->model_yz_net_ns = res[fcsim_model_result_index(mo, "yz_hops")] * r->ld_ns;
  }
  free(v);
  return rc;
}

static int simulate(struct fcsim_config *cfg, const struct fcsim_fft_sched *s, struct fcsim_fft_result *r,
                    struct fcsim_error *err)
{
  struct fcsim_message_list list = {0};
  int rc = to_messages(s, r->routes.route, &list, err);
  struct fcsim_sim *sim = NULL;
  uint64_t *complete = NULL;
  if (rc || (rc = fcsim_config_set_messages(cfg, &list, err)) ||
      (rc = fcsim_config_set(cfg, "traffic.mode", "trace", "fcsim app fft", err)) ||
      (rc = fcsim_sim_create(cfg, &sim, err)) || (rc = fcsim_sim_run(sim, NULL, NULL, err)))
    goto done;
  const struct fcsim_stats *st = fcsim_sim_stats(sim);
  complete = malloc((size_t)s->nmsg * sizeof *complete);
  if (!complete) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto done;
  }
  for (int64_t i = 0; i < s->nmsg; i++)
    complete[i] = UINT64_MAX;
  for (int64_t i = 0; i < st->nmessages; i++)
    if (st->message_id[i] >= 1 && st->message_id[i] <= s->nmsg)
      complete[st->message_id[i] - 1] = st->message_complete[i];
  r->flits_injected = st->flits_injected_total;
  r->flits_delivered = st->flits_delivered_total;
  r->ns_per_cycle = st->ns_per_cycle;
  r->has_va_stalls = fcsim_sim_model_metric(sim, "va_stall_cycles", &r->va_stall_cycles) == 0;
  rc = fcsim_fft_sched_phases(s, complete, &r->ph, err);
done:
  free(complete);
  fcsim_sim_destroy(sim);
  fcsim_messages_free(&list);
  return rc;
}

int fcsim_fft_run(struct fcsim_config *cfg, struct fcsim_fft_result *r, struct fcsim_error *err)
{
  memset(r, 0, sizeof *r);
  struct fcsim_params p;
  unsigned point_bytes = 8;
  int rc = fcsim_config_resolve(cfg, &p, err);
  if (rc || (rc = torus_m(&p, &r->m, err)))
    return rc;
  get_uint(cfg, "fft.n", &r->n);
  get_uint(cfg, "fft.ips", &r->ips_requested);
  get_uint(cfg, "fft.point_bytes", &point_bytes);
  const char *release = fcsim_config_get(cfg, "fft.release");
  uint64_t chunk = 0; /* fft.release = packet: a packet's worth of points per message */
  if (release && !strcmp(release, "packet") && point_bytes) {
    chunk = (uint64_t)p.packet_flits * (uint64_t)p.flit_bits / 8 / point_bytes;
    chunk = chunk ? chunk : 1;
  }
  const char *consume_key = fcsim_config_get(cfg, "fft.consume");
  enum fcsim_fft_consume consume = FCSIM_FFT_CONSUME_ROUND;
  if (consume_key && !strcmp(consume_key, "line"))
    consume = FCSIM_FFT_CONSUME_LINE;
  else if (consume_key && !strcmp(consume_key, "point"))
    consume = FCSIM_FFT_CONSUME_POINT;
  const char *order_key = fcsim_config_get(cfg, "fft.round_order");
  enum fcsim_fft_order order =
      order_key && !strcmp(order_key, "shared") ? FCSIM_FFT_ORDER_SHARED : FCSIM_FFT_ORDER_INDEX;
  struct fcsim_fft_sched s;
  if ((rc = fcsim_fft_sched_build_ordered(r->n, r->m, r->ips_requested, point_bytes, chunk, consume, order, &s, err)))
    return rc;
  r->ips = s.ips;
  r->rounds = s.rounds;
  r->messages = s.nmsg;
  for (int64_t i = 0; i < s.nmsg; i++) /* a local step (a gate) carries no flits */
    r->flits_expected += (s.msg[i].bytes * 8 + (uint64_t)p.flit_bits - 1) / (uint64_t)p.flit_bits;
  struct fcsim_topo_info ti;
  if (!(rc = fcsim_topo_describe(cfg, &ti, err))) {
    double cycle_ns = 1e9 / p.clock_hz;
    r->bw_bytes_per_s = p.link_bandwidth_flits * p.flit_bits / 8.0 * p.clock_hz;
    r->ld_ns = ti.link_latency_ns + ti.router_delay_cycles * cycle_ns;
    rc = model(r, point_bytes, err);
  }
  const char *routing = fcsim_config_get(cfg, "fft.routing");
  r->table_routing = routing && !strcmp(routing, "table");
  if (!rc && r->table_routing && !(rc = fcsim_fft_route_build(&s, &r->routes, err)))
    rc = fcsim_config_set(cfg, "routing.algorithm", "offline", "fft.routing = table", err);
  if (!rc)
    rc = simulate(cfg, &s, r, err);
  fcsim_fft_routes_free(&r->routes);
  fcsim_fft_sched_free(&s);
  return rc;
}
