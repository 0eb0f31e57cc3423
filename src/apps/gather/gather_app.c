/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app gather`, `scatter` and `allgather`: the apps' rows of the
 * registry (apps/app.h). Seed 002's gather
 * (§5) played on the simulated network as a trace of DMA transfers,
 * barrier notices and releases (src/apps/gather/gather_sched.c), printed
 * beside the `gather` model's stages and time. --json writes `stages`,
 * `time_s`, `model_time_s` and more. On vcsn endpoints (switch.endpoint =
 * vcsn) the tree is written as MAC tables and the model pays t and c
 * (src/apps/gather/gather_vcsn.c). `fcsim app scatter` plays the same
 * schedules backwards (the root sends each source its block) on ethswitch
 * endpoints or the DCN, beside the gather model's figures (the same by
 * symmetry). `fcsim app allgather` leaves every node with every block: the
 * ring both ways or one way (ring1), or the tree's gather then a broadcast
 * down the tree (tree), beside the allgather model (gather_sched.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "apps/app.h"
#include "apps/gather/gather_sched.h"
#include "apps/gather/gather_vcsn.h"
#include "config/config.h"
#include "core/units.h"
#include "fcsim/messages.h"
#include "fcsim/sim.h"


enum collective { GATHER, SCATTER, ALLGATHER };
static const char *const collective_name[] = {"gather", "scatter", "allgather"};

/* What one run measured, and the plan it ran. */
struct gather_result {
  enum collective what;
  char sched[16]; /* --schedule */
  int vcsn;       /* on vcsn endpoints */
  struct fcsim_gather_spec sp;
  struct fcsim_gather_plan pl;
  double end_s[FCSIM_GATHER_MAX_NODES * 2]; /* each stage's last transfer done */
  double time_s;                            /* makespan + final barrier */
  uint64_t root_bytes; /* bytes of completed transfers into the root (delivered: scatter, allgather) */
};

/* A number of the [app] section. */
static double app_number(const struct fcsim_config *cfg, const char *key, int size)
{
  const char *t = fcsim_config_get(cfg, key);
  double v = 0;
  enum fcsim_unit_kind kind;
  struct fcsim_error err = {0};
  if (size) {
    fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, &err);
    return v; /* bytes, or a plain number of bytes */
  }
  return strtod(t, NULL);
}

static int spec_from(const struct fcsim_config *cfg, const char *sched, enum collective what,
                     struct fcsim_gather_spec *sp, struct fcsim_error *err)
{
  memset(sp, 0, sizeof *sp);
  if (!strcmp(sched, "ring"))
    sp->schedule = FCSIM_GATHER_RING;
  else if (!strcmp(sched, "tree"))
    sp->schedule = FCSIM_GATHER_TREE;
  else if (!strcmp(sched, "reconfig") && what != ALLGATHER)
    sp->schedule = FCSIM_GATHER_RECONFIG;
  else if (!strcmp(sched, "ring1") && what == ALLGATHER)
    sp->schedule = FCSIM_GATHER_RING1;
  else {
    return fcsim_error_set(err, FCSIM_EINVAL, "--schedule `%s`: expected %s", sched,
                           what == ALLGATHER ? "ring, ring1 or tree (an allgather)" : "ring, tree or reconfig");
  }
  sp->nodes = (int)app_number(cfg, "app.nodes", 0);
  sp->bytes = (uint64_t)app_number(cfg, "app.bytes", 1);
  sp->t_s = app_number(cfg, "app.reconfig", 0);
  sp->c_s = app_number(cfg, "app.crossbar", 0);
  sp->l_s = app_number(cfg, "app.latency", 0);
  sp->b_bytes_s = app_number(cfg, "app.bandwidth", 0);
  sp->levels = (int)app_number(cfg, "app.levels", 0);
  sp->nodes_per_server = (int)app_number(cfg, "app.nodes_per_server", 0);
  return 0;
}

/* Sizes the network to n nodes and hands it the schedule's messages. */
static int set_run(struct fcsim_config *cfg, int nodes, const struct fcsim_message_list *l, struct fcsim_error *err)
{
  char n[32];
  snprintf(n, sizeof n, "%d", nodes);
  const char *topo = fcsim_config_get(cfg, "network.topology");
  int direct = !strcmp(topo, "torus") || !strcmp(topo, "mesh");
  int rc = fcsim_config_set(cfg, direct ? "network.dims" : "switch.nodes", n, "fcsim app gather", err);
  if (!rc)
    rc = fcsim_config_set(cfg, "traffic.mode", "trace", "fcsim app gather", err);
  return rc ? rc : fcsim_config_set_messages(cfg, l, err);
}

/* Simulated completion of each stage (the last transfer of the stage to
 * complete), seconds; the makespan. Returns 0, or 1 when a transfer never
 * completed. */
static int stage_ends(const struct fcsim_stats *s, const struct fcsim_gather_spec *sp,
                      const struct fcsim_gather_plan *pl, double *end_s, uint64_t *root_bytes)
{
  *root_bytes = 0;
  double sec = s->ns_per_cycle * 1e-9;
  for (int st = 0; st < pl->stages; st++)
    end_s[st] = 0;
  for (int x = 0; x < pl->nxfers; x++) {
    int found = 0;
    for (int64_t m = 0; m < s->nmessages; m++)
      if (s->message_id[m] == pl->xfer[x].id) {
        found = 1;
        if (s->message_complete[m] == UINT64_MAX)
          return 1;
        double t = (double)s->message_complete[m] * sec;
        const struct fcsim_gather_xfer *xf = &pl->xfer[x];
        if (sp->allgather) /* every block arrives where it was missing (fcsim_gather_check) */
          *root_bytes += sp->bytes * (uint64_t)__builtin_popcountll(xf->blocks);
        else if (!sp->scatter && xf->dst == 0)
          *root_bytes += sp->bytes * (uint64_t)__builtin_popcountll(xf->blocks);
        else if (sp->scatter && ((xf->blocks >> xf->dst) & 1)) /* a block reaching its node */
          *root_bytes += sp->bytes;
        if (t > end_s[pl->xfer[x].stage - 1])
          end_s[pl->xfer[x].stage - 1] = t;
      }
    if (!found)
      return 1;
  }
  return 0;
}

/* Whether the endpoints are VCSN's. */
static int on_vcsn(const struct fcsim_config *cfg)
{
  const char *ep = fcsim_config_get(cfg, "switch.endpoint"), *m = fcsim_config_get(cfg, "router.model");
  return (ep && !strcmp(ep, "vcsn")) || (m && !strcmp(m, "vcsn"));
}

/* On vcsn endpoints: the MAC table (into a temporary file named in
 * `table`: vcsn.table is read from a file), the messages (into l), and the
 * vcsn keys that make the model pay the schedule's t and c. */
static int write_vcsn(struct fcsim_config *cfg, const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl,
                      char *table, double clock_hz, struct fcsim_message_list *l, struct fcsim_error *err)
{
  const char *topo = fcsim_config_get(cfg, "network.topology"), *planes = fcsim_config_get(cfg, "switch.planes");
  int ports = topo && !strcmp(topo, "dual-plane") ? 2 : planes ? atoi(planes) : 1;
  struct fcsim_gather_vcsn lay = fcsim_gather_vcsn_layout(sp->nodes, ports);
  int fd = mkstemp(table);
  FILE *tf = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!tf) {
    table[0] = 0;
    return fcsim_error_set(err, FCSIM_EIO, "cannot create a temporary MAC-table file");
  }
  int rc = fcsim_gather_vcsn_write(sp, pl, &lay, tf, clock_hz, l, err);
  fclose(tf);
  char v[64], t[64], c[64];
  snprintf(v, sizeof v, "%d", lay.vports);
  snprintf(t, sizeof t, "%.3fns", sp->t_s * 1e9);
  snprintf(c, sizeof c, "%.3fns", sp->c_s * 1e9);
  const char *who = "fcsim app gather";
  if (!rc &&
      (fcsim_config_set(cfg, "vcsn.vports", v, who, err) || fcsim_config_set(cfg, "vcsn.table", table, who, err) ||
       fcsim_config_set(cfg, "vcsn.reconfig", t, who, err) || fcsim_config_set(cfg, "vcsn.crossbar", c, who, err)))
    rc = FCSIM_EINVAL;
  return rc;
}

/* network.clock in Hz: the trace's times are in its cycles. */
static double clock_hz_of(const struct fcsim_config *cfg)
{
  double hz = 0;
  struct fcsim_error ignored = {0};
  fcsim_parse_quantity(fcsim_config_get(cfg, "network.clock"), FCSIM_UNIT_FREQ, &hz, NULL, &ignored);
  return hz;
}

/* Builds the messages (and on vcsn endpoints the MAC table), runs them,
 * and fills r's end_s, time_s and root_bytes. */
static int simulate(struct fcsim_config *cfg, struct gather_result *r, struct fcsim_error *err)
{
  const struct fcsim_gather_spec *sp = &r->sp;
  struct fcsim_gather_plan *pl = &r->pl;
  const char *dir = getenv("TMPDIR");
  char table[4096] = "";
  struct fcsim_message_list list = {0};
  double hz = clock_hz_of(cfg);
  int rc;
  if (r->vcsn) {
    snprintf(table, sizeof table, "%s/fcsim-gather-mac-XXXXXX", dir && *dir ? dir : "/tmp");
    rc = write_vcsn(cfg, sp, pl, table, hz, &list, err);
  } else {
    const char *ps = fcsim_config_get(cfg, "switch.port_select");
    rc = fcsim_gather_messages(sp, pl, ps && !strcmp(ps, "message"), hz, &list, err);
  }
  struct fcsim_sim *sim = NULL;
  if (!rc && !(rc = set_run(cfg, sp->nodes, &list, err)) && !(rc = fcsim_sim_create(cfg, &sim, err)))
    rc = fcsim_sim_run(sim, NULL, NULL, err);
  if (!rc) {
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    uint64_t misdelivered = 0, dropped = 0; /* vcsn's, ethswitch's (0 on other switches) */
    fcsim_sim_model_metric(sim, "vcsn_misdelivered_frames", &misdelivered);
    fcsim_sim_model_metric(sim, "switch_dropped_packets", &dropped);
    if (stage_ends(s, sp, pl, r->end_s, &r->root_bytes))
      rc = fcsim_error_set(err, FCSIM_EINTERNAL,
                           "the %s did not complete: a transfer never arrived (%llu frames dropped, %llu misdelivered)",
                           collective_name[r->what], (unsigned long long)dropped,
                           (unsigned long long)misdelivered);
    else if (misdelivered)
      rc = fcsim_error_set(err, FCSIM_EINTERNAL, "the gather misdelivered %llu frames",
                           (unsigned long long)misdelivered);
    r->time_s = r->end_s[pl->stages - 1] + pl->final_barrier_s;
  }
  fcsim_sim_destroy(sim);
  fcsim_messages_free(&list);
  if (table[0])
    remove(table);
  return rc;
}

static void print_table(const void *result, FILE *out)
{
  const struct gather_result *r = result;
  const struct fcsim_gather_spec *sp = &r->sp;
  const struct fcsim_gather_plan *pl = &r->pl;
  fprintf(out, "%s %s: %d nodes, %llu bytes each%s\n", collective_name[r->what], r->sched, sp->nodes,
          (unsigned long long)sp->bytes,
          r->what == SCATTER     ? " (the gather reversed; model: the gather's, the same by symmetry)"
          : r->what == ALLGATHER ? " (model: per stage f l + busiest node's bytes / b, barriers as Eq. 6)"
                                 : "");
  fprintf(out, "  %-14s %12s %12s\n", "", "simulated", "model");
  fprintf(out, "  %-14s %12d %12d\n", "stages", pl->stages, pl->model_stages);
  fprintf(out, "  %-14s %12.6f %12.6f  (%+.2f%%)\n", "time_s", r->time_s, pl->model_time_s,
          100.0 * (r->time_s - pl->model_time_s) / pl->model_time_s);
  if (r->vcsn)
    fprintf(out,
            "  vcsn endpoints: MAC tables written at cycle 1 (t = %.2f us and c = %.2f us paid by the model), set-up "
            "barriers %.2f us; each later stage waits a barrier of %.2f us\n",
            sp->t_s * 1e6, sp->c_s * 1e6, (pl->start_s - sp->t_s - sp->c_s) * 1e6, pl->stage_barrier_s * 1e6);
  if (r->vcsn && sp->schedule == FCSIM_GATHER_RECONFIG)
    fprintf(out,
            "  reconfig: before each later stage every node rewrites its MAC table when the stage's release "
            "arrives (t paid by the model), probes it (c) and waits a barrier of %.2f us\n",
            pl->reconfig_barrier_s * 1e6);
  else
    fprintf(out, "  stage 1 starts at %.2f us (set-up and barriers); each later stage waits a barrier of %.2f us + c\n",
            pl->start_s * 1e6, pl->stage_barrier_s * 1e6);
  if (r->what == ALLGATHER && sp->schedule == FCSIM_GATHER_TREE)
    fprintf(out, "  gather phase: the gather model (Eq. 7) gives %.6f s\n", pl->gather_phase_model_s);
  for (int st = 0; st < pl->stages; st++)
    fprintf(out, "  stage %-3d transfers done at %12.2f us\n", st + 1, r->end_s[st] * 1e6);
}

static int write_json(const void *result, FILE *out)
{
  const struct gather_result *r = result;
  const struct fcsim_gather_spec *sp = &r->sp;
  const struct fcsim_gather_plan *pl = &r->pl;
  json_t *o = json_object(), *ends = json_array();
  for (int st = 0; st < pl->stages; st++)
    json_array_append_new(ends, json_real(r->end_s[st]));
  json_object_set_new(o, "collective", json_string(collective_name[r->what]));
  json_object_set_new(o, "schedule", json_string(r->sched));
  json_object_set_new(o, "nodes", json_integer(sp->nodes));
  json_object_set_new(o, "bytes", json_integer((json_int_t)sp->bytes));
  json_object_set_new(o, "stages", json_integer(pl->stages));
  json_object_set_new(o, "model_stages", json_integer(pl->model_stages));
  json_object_set_new(o, "time_s", json_real(r->time_s));
  json_object_set_new(o, "model_time_s", json_real(pl->model_time_s));
  json_object_set_new(o, sp->scatter || sp->allgather ? "delivered_bytes" : "root_bytes",
                      json_integer((json_int_t)r->root_bytes));
  if (sp->allgather && sp->schedule == FCSIM_GATHER_TREE)
    json_object_set_new(o, "gather_phase_model_s", json_real(pl->gather_phase_model_s));
  json_object_set_new(o, "start_s", json_real(pl->start_s));
  json_object_set_new(o, "final_barrier_s", json_real(pl->final_barrier_s));
  json_object_set_new(o, "stage_end_s", ends);
  int rc = json_dumpf(o, out, JSON_INDENT(2));
  json_decref(o);
  return rc ? -1 : 0;
}

static void free_result(void *result)
{
  struct gather_result *r = result;
  if (r)
    fcsim_gather_plan_free(&r->pl);
  free(r);
}

static int collective_run(struct fcsim_config *cfg, const struct fcsim_app_args *a, enum collective what, void **result,
                          struct fcsim_error *err)
{
  const char *name = collective_name[what];
  if (!a->schedule)
    return fcsim_error_set(err, FCSIM_EINVAL, "fcsim app %s needs --schedule %s", name,
                           what == ALLGATHER ? "ring|ring1|tree" : "ring|tree|reconfig");
  struct gather_result *r = calloc(1, sizeof *r);
  if (!r)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  r->what = what;
  r->vcsn = on_vcsn(cfg);
  snprintf(r->sched, sizeof r->sched, "%s", a->schedule);
  int rc = spec_from(cfg, a->schedule, what, &r->sp, err);
  r->sp.scatter = what == SCATTER;
  r->sp.allgather = what == ALLGATHER;
  if (!rc && what != GATHER && r->vcsn)
    rc = fcsim_error_set(err, FCSIM_EINVAL,
                         "fcsim app %s: switch.endpoint = vcsn is not supported (the MAC tables are written for the "
                         "gather); expected ethswitch endpoints or the DCN",
                         name);
  if (!rc && !(rc = fcsim_gather_plan(&r->sp, &r->pl, err)) && !(rc = fcsim_gather_check(&r->sp, &r->pl, err)))
    rc = simulate(cfg, r, err);
  if (rc) {
    free_result(r);
    return rc;
  }
  *result = r;
  return 0;
}

static int gather_run(struct fcsim_config *cfg, const struct fcsim_app_args *a, void **result, struct fcsim_error *err)
{
  return collective_run(cfg, a, GATHER, result, err);
}

static int scatter_run(struct fcsim_config *cfg, const struct fcsim_app_args *a, void **result, struct fcsim_error *err)
{
  return collective_run(cfg, a, SCATTER, result, err);
}

static int allgather_run(struct fcsim_config *cfg, const struct fcsim_app_args *a, void **result,
                         struct fcsim_error *err)
{
  return collective_run(cfg, a, ALLGATHER, result, err);
}

static const char *const gather_keys[] = {"app.nodes",   "app.bytes",     "app.reconfig", "app.crossbar",
                                          "app.latency", "app.bandwidth", "app.levels",   "app.nodes_per_server",
                                          NULL};

const struct fcsim_app_ops fcsim_app_gather = {
    .synopsis = "CONFIG --schedule ring|tree|reconfig [OPTIONS]",
    .text = "Simulates a gather to one node with the chosen schedule and prints it beside the model.",
    .examples = "fcsim app gather examples/vcsn/vcsn.ini --schedule tree --set app.nodes=9",
    .schedules = "ring|tree|reconfig",
    .name = "gather",
    .summary = "VCSN 2023's gather (ring, tree, reconfig) simulated, beside the gather model",
    .keys = gather_keys,
    .options = FCSIM_APP_OPT_SCHEDULE,
    .run = gather_run,
    .print = print_table,
    .write_json = write_json,
    .free_result = free_result,
};

const struct fcsim_app_ops fcsim_app_scatter = {
    .synopsis = "CONFIG --schedule ring|tree|reconfig [OPTIONS]",
    .text = "Simulates a scatter from one node with the chosen schedule and prints it beside the model.",
    .schedules = "ring|tree|reconfig",
    .name = "scatter",
    .summary = "the gather's schedules played backwards (root to sources), beside the gather model",
    .keys = gather_keys,
    .options = FCSIM_APP_OPT_SCHEDULE,
    .run = scatter_run,
    .print = print_table,
    .write_json = write_json,
    .free_result = free_result,
};

const struct fcsim_app_ops fcsim_app_allgather = {
    .synopsis = "CONFIG --schedule ring|ring1|tree [OPTIONS]",
    .text = "Simulates an all-gather with the chosen schedule and prints it beside the model.",
    .schedules = "ring|ring1|tree",
    .name = "allgather",
    .summary = "every node gets every block: ring (both ways), ring1, or the tree's gather then broadcast",
    .keys = gather_keys,
    .options = FCSIM_APP_OPT_SCHEDULE,
    .run = allgather_run,
    .print = print_table,
    .write_json = write_json,
    .free_result = free_result,
};
