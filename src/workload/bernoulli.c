/* SPDX-License-Identifier: BSD-3-Clause */
/* Bernoulli workloads: every endpoint creates packets at traffic.rate
 * (geometric gaps of a per-cycle Bernoulli process; several per cycle above
 * one packet per cycle) to destinations drawn from the traffic pattern.
 * `continuous` runs warm-up, measurement and drain windows (the engine's
 * phases); `batch` stops each node after traffic.batch_packets. */
#include <stdlib.h>

#include "workload/workload.h"

struct bern_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_traffic *traffic;
  const struct fcsim_routing_ops *routing;
  int self_send; /* packets a node sends itself are sent (0 hops), not excluded */
  double lambda; /* packets per node per cycle */
  int batch;
};

struct bern_node {
  uint64_t created;   /* packets drawn so far (the pattern's sequence number) */
  int64_t batch_left; /* batch: packets still to create; -1 continuous */
  struct fcsim_rng arrival_rng, dest_rng, route_rng;
};

static int bern_setup_mode(const struct fcsim_workload_env *env, int batch, void **shared, size_t *state_size,
                           struct fcsim_error *err)
{
  struct bern_shared *sh = calloc(1, sizeof *sh);
  if (!sh)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  sh->p = env->p;
  sh->topo = env->topo;
  sh->traffic = env->traffic;
  sh->routing = env->routing;
  sh->lambda = env->p->rate_flits / env->p->packet_flits;
  sh->self_send = env->traffic->ops->self == FCSIM_SELF_SEND && env->local_delivery;
  sh->batch = batch;
  *shared = sh;
  *state_size = sizeof(struct bern_node);
  return 0;
}

static int continuous_setup(const struct fcsim_workload_env *env, void **shared, size_t *state_size,
                            struct fcsim_error *err)
{
  return bern_setup_mode(env, 0, shared, state_size, err);
}

static int batch_setup(const struct fcsim_workload_env *env, void **shared, size_t *state_size, struct fcsim_error *err)
{
  return bern_setup_mode(env, 1, shared, state_size, err);
}

static void bern_teardown(void *shared)
{
  free(shared);
}

static uint64_t next_gap(const struct bern_shared *sh, struct bern_node *st)
{
  return sh->lambda >= 1 ? 1 : fcsim_traffic_gap(sh->lambda, &st->arrival_rng);
}

static int bern_init(void *shared, uint32_t node, void *state, const struct fcsim_clock *clk, uint64_t *first,
                     struct fcsim_error *err)
{
  const struct bern_shared *sh = shared;
  struct bern_node *st = state;
  fcsim_rng_init(&st->arrival_rng, sh->p->seed, node, FCSIM_RNG_ARRIVAL);
  fcsim_rng_init(&st->dest_rng, sh->p->seed, node, FCSIM_RNG_DEST);
  fcsim_rng_init(&st->route_rng, sh->p->seed, node, FCSIM_RNG_ROUTE);
  st->batch_left = sh->batch ? sh->p->batch_packets : -1;
  *first = FCSIM_NEVER;
  if (sh->lambda > 0 && sh->topo->nodes > 1) {
    uint64_t gap = next_gap(sh, st);
    if (gap != UINT64_MAX)
      *first = fcsim_clock_tick(clk, gap - 1);
  }
  return 0;
}

static int bern_fire(struct fcsim_ctx *ctx, void *shared, uint32_t node, void *state, fcsim_emit_f emit, void *arg,
                     uint64_t *next)
{
  const struct bern_shared *sh = shared;
  const struct fcsim_params *p = sh->p;
  struct bern_node *st = state;
  int count = sh->lambda >= 1 ? fcsim_traffic_burst(sh->lambda, &st->arrival_rng) : 1;
  int measured = sh->batch || ctx->in_window;
  for (int i = 0; i < count; i++) {
    if (st->batch_left == 0)
      break;
    if (st->batch_left > 0)
      st->batch_left--;
    uint64_t seq = st->created++;
    int64_t dest = sh->traffic->ops->dest(sh->traffic, node, seq, &st->dest_rng);
    if (dest == (int64_t)node) { /* to itself: a 0-hop packet, or excluded (traffic.h) */
      if (measured)
        *(sh->self_send ? &ctx->acc->self_sent_window : &ctx->acc->self_excluded_window) += 1;
      if (!sh->self_send)
        continue;
    }
    struct fcsim_packet pk = {ctx->now, ctx->tick, (uint32_t)dest, 0, (uint16_t)p->packet_flits, 0, 0};
    if (sh->routing->packet_init)
      pk.route = sh->routing->packet_init(sh->topo, p, node, dest, &st->route_rng);
    if (measured) {
      pk.flags = FCSIM_FLIT_MEASURED;
      ctx->acc->measured_created++;
    }
    if (ctx->in_window)
      ctx->acc->created_flits_window += (uint64_t)p->packet_flits;
    int rc = emit(arg, ctx, node, &pk);
    if (rc)
      return rc;
  }
  *next = FCSIM_NEVER;
  if (st->batch_left != 0) {
    uint64_t gap = next_gap(sh, st);
    if (gap != UINT64_MAX)
      *next = fcsim_clock_tick(ctx->clk, ctx->now + gap);
  }
  return 0;
}

const struct fcsim_workload_ops fcsim_workload_continuous = {
    .name = "continuous",
    .continuous = 1,
    .help = "Bernoulli arrivals at traffic.rate to traffic.pattern: warm-up, measurement window, drain",
    .version = 1,
    .setup = continuous_setup,
    .teardown = bern_teardown,
    .init = bern_init,
    .fire = bern_fire,
};

const struct fcsim_workload_ops fcsim_workload_batch = {
    .name = "batch",
    .help = "every endpoint sends traffic.batch_packets at traffic.rate; reports the batch latency",
    .version = 1,
    .finite = 1,
    .setup = batch_setup,
    .teardown = bern_teardown,
    .init = bern_init,
    .fire = bern_fire,
};
