/* `fcsim app gather CONFIG --schedule ring|tree|reconfig`: seed 002's gather
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

#include "cli/app.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "core/units.h"
#include "apps/gather/gather_sched.h"
#include "apps/gather/gather_vcsn.h"


enum collective { GATHER, SCATTER, ALLGATHER };
static const char *const collective_name[] = {"gather", "scatter", "allgather"};

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
                     struct fcsim_gather_spec *sp)
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
    fcsim_cli_error("--schedule `%s`: expected %s", sched,
                    what == ALLGATHER ? "ring, ring1 or tree (an allgather)" : "ring, tree or reconfig");
    return FCSIM_EXIT_USAGE;
  }
  sp->nodes = (int)app_number(cfg, "app.nodes", 0);
  sp->bytes = (uint64_t)app_number(cfg, "app.bytes", 1);
  sp->t_s = app_number(cfg, "app.reconfig", 0);
  sp->c_s = app_number(cfg, "app.crossbar", 0);
  sp->l_s = app_number(cfg, "app.latency", 0);
  sp->b_bytes_s = app_number(cfg, "app.bandwidth", 0);
  sp->levels = (int)app_number(cfg, "app.levels", 0);
  sp->nodes_per_server = 2;
  return 0;
}

/* Sizes the network to n nodes and points it at the trace. */
static int set_run(struct fcsim_config *cfg, int nodes, const char *trace)
{
  struct fcsim_error err = {0};
  char n[32];
  snprintf(n, sizeof n, "%d", nodes);
  const char *topo = fcsim_config_get(cfg, "network.topology");
  int direct = !strcmp(topo, "torus") || !strcmp(topo, "mesh");
  if (fcsim_config_set(cfg, direct ? "network.dims" : "switch.nodes", n, "fcsim app gather", &err) ||
      fcsim_config_set(cfg, "traffic.mode", "trace", "fcsim app gather", &err) ||
      fcsim_config_set(cfg, "traffic.trace", trace, "fcsim app gather", &err)) {
    fcsim_cli_error("%s", err.msg);
    return FCSIM_EXIT_USAGE;
  }
  return 0;
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

static int write_json(const char *path, const char *sched, const struct fcsim_gather_spec *sp,
                      const struct fcsim_gather_plan *pl, const double *end_s, double time_s, uint64_t root_bytes)
{
  json_t *o = json_object(), *ends = json_array();
  for (int st = 0; st < pl->stages; st++)
    json_array_append_new(ends, json_real(end_s[st]));
  json_object_set_new(o, "collective", json_string(sp->allgather ? "allgather" : sp->scatter ? "scatter" : "gather"));
  json_object_set_new(o, "schedule", json_string(sched));
  json_object_set_new(o, "nodes", json_integer(sp->nodes));
  json_object_set_new(o, "bytes", json_integer((json_int_t)sp->bytes));
  json_object_set_new(o, "stages", json_integer(pl->stages));
  json_object_set_new(o, "model_stages", json_integer(pl->model_stages));
  json_object_set_new(o, "time_s", json_real(time_s));
  json_object_set_new(o, "model_time_s", json_real(pl->model_time_s));
  json_object_set_new(o, sp->scatter || sp->allgather ? "delivered_bytes" : "root_bytes",
                      json_integer((json_int_t)root_bytes));
  if (sp->allgather && sp->schedule == FCSIM_GATHER_TREE)
    json_object_set_new(o, "gather_phase_model_s", json_real(pl->gather_phase_model_s));
  json_object_set_new(o, "start_s", json_real(pl->start_s));
  json_object_set_new(o, "final_barrier_s", json_real(pl->final_barrier_s));
  json_object_set_new(o, "stage_end_s", ends);
  char tmp[4096 + 8];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  int rc = json_dump_file(o, tmp, JSON_INDENT(2)) || rename(tmp, path);
  json_decref(o);
  if (rc)
    fcsim_cli_error("%s: cannot write the JSON results", path);
  return rc ? FCSIM_EXIT_FAIL : 0;
}

/* Whether the endpoints are VCSN's. */
static int on_vcsn(const struct fcsim_config *cfg)
{
  const char *ep = fcsim_config_get(cfg, "switch.endpoint"), *m = fcsim_config_get(cfg, "router.model");
  return (ep && !strcmp(ep, "vcsn")) || (m && !strcmp(m, "vcsn"));
}

/* On vcsn endpoints: the MAC table (into a temporary file named in
 * `table`) and the trace (to `trace`), and the vcsn keys that make the
 * model pay the schedule's t and c. */
static int write_vcsn(struct fcsim_config *cfg, const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl,
                      char *table, FILE *trace, struct fcsim_error *err)
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
  int rc = fcsim_gather_vcsn_write(sp, pl, &lay, tf, trace, err);
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

/* Writes the trace, runs it, and fills end_s, *time_s and *root_bytes
 * (bytes of the completed transfers into the root). */
static int simulate(struct fcsim_config *cfg, const struct fcsim_gather_spec *sp, struct fcsim_gather_plan *pl,
                    double *end_s, double *time_s, uint64_t *root_bytes)
{
  struct fcsim_error err = {0};
  char path[] = "/tmp/fcsim-gather-XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    fcsim_cli_error("cannot create a temporary trace file");
    return FCSIM_EXIT_FAIL;
  }
  char table[] = "/tmp/fcsim-gather-mac-XXXXXX";
  int vcsn = on_vcsn(cfg), rc;
  table[0] = vcsn ? table[0] : 0;
  if (vcsn)
    rc = write_vcsn(cfg, sp, pl, table, f, &err);
  else {
    const char *ps = fcsim_config_get(cfg, "switch.port_select");
    rc = fcsim_gather_write_trace(sp, pl, ps && !strcmp(ps, "message"), f, &err);
  }
  fclose(f);
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    rc = cli_exit_for(rc);
    goto out;
  }
  if ((rc = set_run(cfg, sp->nodes, path)))
    goto out;
  struct fcsim_sim *sim = NULL;
  if (!rc)
    rc = fcsim_sim_create(cfg, &sim, &err);
  if (!rc)
    rc = fcsim_sim_run(sim, NULL, NULL, &err);
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    rc = cli_exit_for(rc);
  } else {
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    if (stage_ends(s, sp, pl, end_s, root_bytes)) {
      fcsim_cli_error("the %s did not complete: a transfer never arrived (%llu frames dropped, %llu "
                      "misdelivered)",
                      sp->allgather ? "allgather"
                      : sp->scatter ? "scatter"
                                    : "gather",
                      (unsigned long long)s->switch_dropped_packets, (unsigned long long)s->vcsn_stale_frames);
      rc = FCSIM_EXIT_FAIL;
    } else if (s->vcsn_stale_frames) {
      fcsim_cli_error("the gather misdelivered %llu frames", (unsigned long long)s->vcsn_stale_frames);
      rc = FCSIM_EXIT_FAIL;
    }
    *time_s = end_s[pl->stages - 1] + pl->final_barrier_s;
  }
  fcsim_sim_destroy(sim);
out:
  remove(path);
  if (table[0])
    remove(table);
  return rc;
}

static int collective_run(int argc, char **argv, enum collective what)
{
  const char *name = collective_name[what];
  const char *sched = NULL;
  char **rest = calloc((size_t)argc + 1, sizeof *rest);
  int nrest = 0;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--schedule") && i + 1 < argc)
      sched = argv[++i];
    else
      rest[nrest++] = argv[i];
  }
  struct cli_opts o;
  char key[32];
  snprintf(key, sizeof key, "app %s", name);
  int rc = cli_parse(nrest, rest, &o, 0, cli_usage(key));
  if (rc || o.help || !sched) {
    if (!rc && o.help)
      fputs(cli_usage(key), stdout);
    else if (!rc)
      fcsim_cli_error("fcsim app %s needs --schedule %s", name,
                      what == ALLGATHER ? "ring|ring1|tree" : "ring|tree|reconfig");
    free(rest);
    return o.help && !rc ? FCSIM_EXIT_OK : FCSIM_EXIT_USAGE;
  }
  struct fcsim_config *cfg = cli_load_config(&o);
  free(rest);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  struct fcsim_gather_spec sp;
  struct fcsim_gather_plan pl = {0};
  struct fcsim_error err = {0};
  double end_s[FCSIM_GATHER_MAX_NODES * 2], time_s = 0;
  uint64_t root_bytes = 0;
  if ((rc = spec_from(cfg, sched, what, &sp)))
    goto out;
  sp.scatter = what == SCATTER;
  sp.allgather = what == ALLGATHER;
  if (what != GATHER && on_vcsn(cfg)) {
    fcsim_cli_error("fcsim app %s: switch.endpoint = vcsn is not supported (the MAC tables are written for the "
                    "gather); expected ethswitch endpoints or the DCN",
                    name);
    rc = FCSIM_EXIT_USAGE;
    goto out;
  }
  if ((rc = fcsim_gather_plan(&sp, &pl, &err)) || (rc = fcsim_gather_check(&sp, &pl, &err))) {
    fcsim_cli_error("%s", err.msg);
    rc = cli_exit_for(rc);
    goto out;
  }
  if ((rc = simulate(cfg, &sp, &pl, end_s, &time_s, &root_bytes)))
    goto out;
  printf("%s %s: %d nodes, %llu bytes each%s\n", name, sched, sp.nodes, (unsigned long long)sp.bytes,
         what == SCATTER     ? " (the gather reversed; model: the gather's, the same by symmetry)"
         : what == ALLGATHER ? " (model: per stage f l + busiest node's bytes / b, barriers as Eq. 6)"
                             : "");
  printf("  %-14s %12s %12s\n", "", "simulated", "model");
  printf("  %-14s %12d %12d\n", "stages", pl.stages, pl.model_stages);
  printf("  %-14s %12.6f %12.6f  (%+.2f%%)\n", "time_s", time_s, pl.model_time_s,
         100.0 * (time_s - pl.model_time_s) / pl.model_time_s);
  if (on_vcsn(cfg))
    printf("  vcsn endpoints: MAC tables written at cycle 1 (t = %.2f us and c = %.2f us paid by the model), set-up "
           "barriers %.2f us; each later stage waits a barrier of %.2f us\n",
           sp.t_s * 1e6, sp.c_s * 1e6, (pl.start_s - sp.t_s - sp.c_s) * 1e6, pl.stage_barrier_s * 1e6);
  if (on_vcsn(cfg) && sp.schedule == FCSIM_GATHER_RECONFIG)
    printf("  reconfig: before each later stage every node rewrites its MAC table when the stage's release "
           "arrives (t paid by the model), probes it (c) and waits a barrier of %.2f us\n",
           pl.reconfig_barrier_s * 1e6);
  else
    printf("  stage 1 starts at %.2f us (set-up and barriers); each later stage waits a barrier of %.2f us + c\n",
           pl.start_s * 1e6, pl.stage_barrier_s * 1e6);
  if (what == ALLGATHER && sp.schedule == FCSIM_GATHER_TREE)
    printf("  gather phase: the gather model (Eq. 7) gives %.6f s\n", pl.gather_phase_model_s);
  for (int st = 0; st < pl.stages; st++)
    printf("  stage %-3d transfers done at %12.2f us\n", st + 1, end_s[st] * 1e6);
  if (o.json_path)
    rc = write_json(o.json_path, sched, &sp, &pl, end_s, time_s, root_bytes);
out:
  fcsim_gather_plan_free(&pl);
  fcsim_config_destroy(cfg);
  return rc;
}

static int gather_run(int argc, char **argv)
{
  return collective_run(argc, argv, GATHER);
}

static int scatter_run(int argc, char **argv)
{
  return collective_run(argc, argv, SCATTER);
}

static int allgather_run(int argc, char **argv)
{
  return collective_run(argc, argv, ALLGATHER);
}

const struct fcsim_cli_app fcsim_app_gather = {
    .name = "gather",
    .run = gather_run,
};

const struct fcsim_cli_app fcsim_app_scatter = {
    .name = "scatter",
    .run = scatter_run,
};

const struct fcsim_cli_app fcsim_app_allgather = {
    .name = "allgather",
    .run = allgather_run,
};
