/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app ring`: the app's row of the registry (apps/app.h). Seed 001
 * §4.3.3's ring stream (Fig. 4.9) simulated: a stream of app.bytes passes
 * once around a ring of app.nodes FPGAs (FPGA i forwards it to i+1, the
 * last back to FPGA 0), frame by frame: each frame of traffic.packet_size
 * bytes is one message handed in memory to the trace workload, sent on by
 * FPGA i once it has arrived there, so the stream is pipelined as the `p2p` model's ring_time = n T_L + m / B
 * assumes. On a direct network (network.topology = torus or mesh: the SL3
 * ring) the ring is network.dims = n; on a switched one (star, leafspine,
 * fattree) switch.nodes = n. It reports the time from the first frame's
 * start to the last frame's arrival at FPGA 0; the JSON holds `time_s`,
 * `nodes`, `bytes`, `frames`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "apps/app.h"
#include "config/config.h"
#include "core/units.h"
#include "fcsim/messages.h"
#include "fcsim/sim.h"

#define RING_MAX_MESSAGES 4000000 /* frames x hops a run may hold */


struct ring_result {
  int nodes;
  uint64_t bytes, frame_bytes, frames;
  double time_s;
};

/* The trace workload's messages: hop h (0..n-1) carries frame j as message
 * h*K + j, after frame j of hop h-1. */
static int ring_messages(struct fcsim_message_list *l, int n, uint64_t bytes, uint64_t frame, struct fcsim_error *err)
{
  uint64_t K = (bytes + frame - 1) / frame;
  int rc = 0;
  for (int h = 0; !rc && h < n; h++)
    for (uint64_t j = 0; !rc && j < K; j++) {
      uint64_t b = j + 1 < K ? frame : bytes - frame * (K - 1);
      if (h == 0)
        rc = fcsim_messages_add(l, (int64_t)j, 0, 1, b, 0, 0, err);
      else if (!(rc = fcsim_messages_add(l, (int64_t)((uint64_t)h * K + j), (uint32_t)h, (uint32_t)((h + 1) % n), b, 0,
                                         0, err)))
        rc = fcsim_messages_after(l, (int64_t)((uint64_t)(h - 1) * K + j), err);
    }
  return rc;
}

/* A size of the config in bytes (a plain number counts `unit` bytes), or 0. */
static uint64_t size_of(const struct fcsim_config *cfg, const char *key, uint64_t unit)
{
  double v = 0;
  enum fcsim_unit_kind kind = FCSIM_UNIT_NONE;
  struct fcsim_error err = {0};
  const char *t = fcsim_config_get(cfg, key);
  if (!t || fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, &err) || v < 1)
    return 0;
  return kind == FCSIM_UNIT_SIZE ? (uint64_t)v : (uint64_t)v * unit;
}

static int ring_sim(struct fcsim_config *cfg, int n, const struct fcsim_message_list *l, double *time_s,
                    struct fcsim_error *err)
{
  char nb[32];
  snprintf(nb, sizeof nb, "%d", n);
  const char *topo = fcsim_config_get(cfg, "network.topology");
  int direct = !strcmp(topo, "torus") || !strcmp(topo, "mesh");
  struct fcsim_sim *sim = NULL;
  int rc = fcsim_config_set(cfg, direct ? "network.dims" : "switch.nodes", nb, "fcsim app ring", err) ||
                   fcsim_config_set(cfg, "traffic.mode", "trace", "fcsim app ring", err) ||
                   fcsim_config_set_messages(cfg, l, err)
               ? FCSIM_EINVAL
               : 0;
  if (!rc)
    rc = fcsim_sim_create(cfg, &sim, err);
  if (!rc)
    rc = fcsim_sim_run(sim, NULL, NULL, err);
  if (rc) {
    fcsim_sim_destroy(sim);
    return rc;
  }
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  uint64_t last = 0;
  for (int64_t m = 0; m < s->nmessages && !rc; m++) {
    if (s->message_complete[m] == UINT64_MAX)
      rc = fcsim_error_set(err, FCSIM_EINTERNAL, "the ring stream did not complete (message %lld never arrived)",
                           (long long)s->message_id[m]);
    else if (s->message_complete[m] > last)
      last = s->message_complete[m];
  }
  *time_s = (double)last * s->ns_per_cycle * 1e-9;
  fcsim_sim_destroy(sim);
  return rc;
}

static int ring_run(struct fcsim_config *cfg, const struct fcsim_app_args *args, void **result, struct fcsim_error *err)
{
  (void)args;
  int n = atoi(fcsim_config_get(cfg, "app.nodes"));
  uint64_t flit_bytes = (uint64_t)atoi(fcsim_config_get(cfg, "network.flit_bits")) / 8;
  uint64_t bytes = size_of(cfg, "app.bytes", 1), frame = size_of(cfg, "traffic.packet_size", flit_bytes);
  if (n < 2 || !bytes || !frame)
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "app.nodes = %d, app.bytes, traffic.packet_size: expected at least 2 FPGAs and sizes > 0",
                           n);
  uint64_t frames = (bytes + frame - 1) / frame;
  if (frames * (uint64_t)n > RING_MAX_MESSAGES)
    return fcsim_error_set(
        err, FCSIM_EINVAL,
        "app.bytes / traffic.packet_size x app.nodes = %llu messages: more than %d (use larger frames)",
        (unsigned long long)(frames * (uint64_t)n), RING_MAX_MESSAGES);
  struct fcsim_message_list list = {0};
  double time_s = 0;
  int rc = ring_messages(&list, n, bytes, frame, err);
  if (!rc)
    rc = ring_sim(cfg, n, &list, &time_s, err);
  fcsim_messages_free(&list);
  struct ring_result *r = rc ? NULL : malloc(sizeof *r);
  if (!rc && !r)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  if (rc)
    return rc;
  *r = (struct ring_result){n, bytes, frame, frames, time_s};
  *result = r;
  return 0;
}

static void print_table(const void *result, FILE *out)
{
  const struct ring_result *r = result;
  fprintf(out, "ring stream: %d FPGAs, %llu bytes in %llu frames of %llu bytes\n  time_s %.9f (%.3f us)\n", r->nodes,
          (unsigned long long)r->bytes, (unsigned long long)r->frames, (unsigned long long)r->frame_bytes, r->time_s,
          r->time_s * 1e6);
}

static int write_json(const void *result, FILE *out)
{
  const struct ring_result *r = result;
  json_t *j = json_pack("{s:i, s:I, s:I, s:f}", "nodes", r->nodes, "bytes", (json_int_t)r->bytes, "frames",
                        (json_int_t)r->frames, "time_s", r->time_s);
  int bad = !j || json_dumpf(j, out, JSON_INDENT(2));
  json_decref(j);
  return bad ? -1 : 0;
}

static const char *const ring_keys[] = {"app.nodes", "app.bytes", NULL};

const struct fcsim_app_ops fcsim_app_ring = {
    .name = "ring",
    .synopsis = "CONFIG [OPTIONS]",
    .text = "A stream of app.bytes around a ring of app.nodes FPGAs, forwarded frame by frame\n"
            "(traffic.packet_size), on the network of CONFIG. Compare with `fcsim model p2p` (ring_time_s).",
    .examples = "fcsim app ring examples/p2p40g/sl3.ini --set app.nodes=4",
    .summary = "Mondigo 2020's ring stream (Fig. 4.9) simulated on a direct or switched network",
    .keys = ring_keys,
    .run = ring_run,
    .print = print_table,
    .write_json = write_json,
    .free_result = free,
};
