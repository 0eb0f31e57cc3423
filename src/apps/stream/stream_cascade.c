/* SPDX-License-Identifier: BSD-3-Clause */
/* The stream cascade of seed 001 ch. 3 as a trace on a ring of M nodes
 * (see stream_cascade.h). The stream is cut into blocks of B elements.
 * Block b is read from FPGA 0's memory at the memory's rate (B_mem over the
 * b_core the pipelines want, at most one element per cycle) and leaves
 * FPGA 0 m x D_pipe + D_comp cycles after its last element was read; FPGA
 * i > 0 sends block b on as soon as it arrived plus the same delay. Each
 * block is one message of B x n x W_pipe / r_comp bytes (compressed), so
 * links slower than b_core stall the cascade by themselves. The network
 * runs at the core clock F with links of D_link cycles carrying one flit of
 * B_link / F bytes per cycle: plain links at the link's bandwidth (the
 * `fc` link protocol is not used). A block is forwarded only when all of
 * it has arrived, which adds B cycles per FPGA against the model's
 * element-by-element stream; the router adds its head delay per hop. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "fcsim/messages.h"
#include "fcsim/model.h"
#include "fcsim/sim.h"
#include "apps/stream/stream_cascade.h"

/* Model parameters and results by name. */
struct stream_model {
  const struct fcsim_model_ops *ops; /* the `stream` model */
  double *p, *r;                     /* its parameters [n_params] and results [n_results] (one malloc) */
};

static double P(const struct stream_model *s, const char *name)
{
  return s->p[fcsim_model_param_index(s->ops, name)];
}

static double R(const struct stream_model *s, const char *name)
{
  return s->r[fcsim_model_result_index(s->ops, name)];
}

static int model_eval(const char *preset, const char *const *sets, struct stream_model *s, struct fcsim_error *err)
{
  s->ops = fcsim_model_find("stream");
  s->p = s->ops ? calloc(s->ops->n_params + s->ops->n_results, sizeof *s->p) : NULL;
  if (!s->p)
    return fcsim_error_set(err, FCSIM_ENOMEM, "model `stream` unavailable");
  s->r = s->p + s->ops->n_params;
  fcsim_model_defaults(s->ops, s->p);
  int rc = preset ? fcsim_model_apply_preset(s->ops, s->p, preset, err) : 0;
  for (int i = 0; !rc && sets && sets[i]; i++)
    rc = fcsim_model_set_kv(s->ops, s->p, sets[i], err);
  return rc ? rc : fcsim_model_eval(s->ops, s->p, s->r, err);
}

/* The blocks as the trace workload's messages: message i*nb + b + 1 is
 * block b from FPGA i. */
static int to_messages(const struct stream_model *s, const struct fcsim_stream_result *r, double read_rate,
                       struct fcsim_message_list *l, struct fcsim_error *err)
{
  uint64_t M = (uint64_t)r->M, C = (uint64_t)r->c_stream, B = r->block_elements, nb = (C + B - 1) / B;
  double elem_bytes = P(s, "n") * P(s, "W_pipe") / P(s, "r_comp");
  uint64_t through = (uint64_t)llround(P(s, "m") * P(s, "D_pipe") + P(s, "D_comp"));
  int rc = 0;
  for (uint64_t i = 0; !rc && i < M; i++)
    for (uint64_t b = 0; !rc && b < nb; b++) {
      uint64_t elems = b + 1 < nb ? B : C - b * B;
      uint64_t bytes = (uint64_t)ceil((double)elems * elem_bytes);
      uint64_t id = i * nb + b + 1, dst = (i + 1) % M;
      if (i == 0)
        rc = fcsim_messages_add(l, (int64_t)id, 0, 1, bytes,
                                (uint64_t)(ceil((double)(b * B + elems) / read_rate) + through), 0, err);
      else if (!(rc = fcsim_messages_add(l, (int64_t)id, (uint32_t)i, (uint32_t)dst, bytes, 0, through, err)))
        rc = fcsim_messages_after(l, (int64_t)(id - nb), err);
    }
  return rc;
}

static int net_config(const struct fcsim_config *net, const struct fcsim_stream_result *r, double F,
                      const struct fcsim_message_list *l, struct fcsim_config **out, struct fcsim_error *err)
{
  struct fcsim_config *cfg = net ? fcsim_config_clone(net) : fcsim_config_create();
  if (!cfg)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  char dims[32], clk[32], fb[32], lat[32];
  snprintf(dims, sizeof dims, "%.0f", r->M);
  snprintf(clk, sizeof clk, "%.17gHz", F);
  snprintf(fb, sizeof fb, "%d", r->flit_bits);
  snprintf(lat, sizeof lat, "%d", r->link_latency_cycles);
  const char *kv[][2] = {{"network.topology", "torus"}, {"network.dims", dims},        {"network.clock", clk},
                         {"network.flit_bits", fb},     {"network.link_latency", lat}, {"network.link_bandwidth", "1"},
                         {"traffic.mode", "trace"}};
  int rc = fcsim_config_set_messages(cfg, l, err);
  for (size_t i = 0; !rc && i < sizeof kv / sizeof kv[0]; i++)
    rc = fcsim_config_set(cfg, kv[i][0], kv[i][1], "fcsim app stream", err);
  if (rc)
    fcsim_config_destroy(cfg);
  else
    *out = cfg;
  return rc;
}

static int simulate(const struct stream_model *s, struct fcsim_stream_result *r, const struct fcsim_config *net,
                    struct fcsim_error *err)
{
  double F = P(s, "F");
  double read_rate = fmin(1.0, P(s, "B_mem") / R(s, "b_core"));
  struct fcsim_message_list list = {0};
  struct fcsim_config *cfg = NULL;
  struct fcsim_sim *sim = NULL;
  int rc = to_messages(s, r, read_rate, &list, err);
  if (!rc)
    rc = net_config(net, r, F, &list, &cfg, err);
  if (!rc && !(rc = fcsim_sim_create(cfg, &sim, err)) && !(rc = fcsim_sim_run(sim, NULL, NULL, err))) {
    const struct fcsim_stats *st = fcsim_sim_stats(sim);
    r->flits_delivered = st->flits_delivered_total;
    r->pass_cycles = st->makespan;
    for (int64_t i = 0; i < st->nmessages; i++)
      if (st->message_complete[i] == UINT64_MAX)
        rc = fcsim_error_set(err, FCSIM_EINVAL, "stream block %lld never arrived", (long long)st->message_id[i]);
    uint64_t nb = (uint64_t)(r->messages / (int64_t)r->M);
    for (uint64_t b = 0; b < nb; b++) {
      uint64_t elems = b + 1 < nb ? r->block_elements : (uint64_t)r->c_stream - b * r->block_elements;
      uint64_t bytes = (uint64_t)ceil((double)elems * P(s, "n") * P(s, "W_pipe") / P(s, "r_comp"));
      r->flits_expected += (uint64_t)r->M * ((bytes * 8 + (uint64_t)r->flit_bits - 1) / (uint64_t)r->flit_bits);
    }
  }
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
  fcsim_messages_free(&list);
  return rc;
}

int fcsim_stream_run(const char *preset, const char *const *sets, uint64_t block_elements,
                     const struct fcsim_config *net, struct fcsim_stream_result *r, struct fcsim_error *err)
{
  memset(r, 0, sizeof *r);
  struct stream_model s = {0};
  int rc = model_eval(preset, sets, &s, err);
  if (rc)
    goto done;
  r->n = P(&s, "n");
  r->m = P(&s, "m");
  r->M = P(&s, "M");
  r->c_stream = R(&s, "C_stream");
  double F = P(&s, "F");
  if (!(r->c_stream >= 1)) {
    rc = fcsim_error_set(err, FCSIM_ERANGE, "stream.N_grid: the stream has no elements (need at least 1)");
    goto done;
  }
  if (r->M < 2 || r->M > 4096) {
    rc = fcsim_error_set(err, FCSIM_ERANGE,
                         "stream.M = %.0f: the simulated cascade is a ring of 2 to 4096 FPGAs "
                         "(one FPGA has no link; `fcsim model stream` evaluates it)",
                         r->M);
    goto done;
  }
  if (block_elements < 1) {
    rc = fcsim_error_set(err, FCSIM_ERANGE, "stream.block: at least one element per message");
    goto done;
  }
  r->block_elements = block_elements;
  r->messages = (int64_t)r->M * (int64_t)((r->c_stream + (double)block_elements - 1) / (double)block_elements);
  r->flit_bits = (int)lround(P(&s, "B_link") * 8.0 / F);
  r->link_latency_cycles = (int)lround(P(&s, "D_link"));
  if (r->flit_bits < 8 || r->flit_bits > 4096 || r->link_latency_cycles < 1) {
    rc = fcsim_error_set(err, FCSIM_ERANGE,
                         "stream.B_link / stream.F = %.4g bytes per cycle and D_link = %d "
                         "cycles: the simulated link needs 1 to 512 bytes per cycle and at least 1 cycle",
                         P(&s, "B_link") / F, r->link_latency_cycles);
    goto done;
  }
  r->peak_flops = R(&s, "peak_flops");
  r->model_flops = R(&s, "sustained_flops");
  r->model_efficiency = R(&s, "efficiency");
  r->model_stall = R(&s, "stall_ratio");
  r->model_speedup = R(&s, "speedup");
  r->model_parallel_efficiency = R(&s, "parallel_efficiency");
  r->model_cycles = R(&s, "C_total");
  if ((rc = simulate(&s, r, net, err)))
    goto done;
  double seconds = r->pass_cycles / F;
  r->sim_flops = R(&s, "O_total") / seconds;
  r->sim_efficiency = r->sim_flops / r->peak_flops;
  double fill = R(&s, "D_total");
  r->sim_stall = r->pass_cycles > fill ? 1.0 - r->c_stream / (r->pass_cycles - fill) : 0.0;
  r->sim_speedup = r->sim_flops / R(&s, "reference_flops");
  r->sim_parallel_efficiency = r->sim_speedup / (r->n * r->m * r->M);
done:
  free(s.p);
  return rc;
}
