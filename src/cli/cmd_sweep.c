/* fcsim sweep [CONFIG] --vary KEY=START:STOP:STEP [--vary ...]: one run per
 * point of the grid (the cross product of the --vary ranges, the first
 * --vary outermost), one table row, CSV row and JSON line per point. After a
 * saturated point the rest of the innermost range is skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "cli/output.h"
#include "core/range.h"

#define SWEEP_MAX_POINTS 10000

static const char sweep_usage[] =
    "usage: fcsim sweep [CONFIG.ini] --vary KEY=START:STOP:STEP [--vary ...] [--set k=v ...]\n"
    "                   [--json FILE] [--csv FILE] [--links] [--quiet]\n"
    "  Runs one simulation per value of KEY (e.g. traffic.rate=0.05:0.60:0.05) and prints a\n"
    "  latency/throughput curve. Several --vary sweep the grid (every combination): the first\n"
    "  --vary is the outermost loop, the last the innermost. After a saturated point the rest of\n"
    "  the innermost range is skipped (higher values only saturate more).\n"
    "  --json FILE  one JSON object per line per point (JSON Lines; `-` for stdout)\n"
    "  --csv FILE   a header and one row per point (`-` for stdout)\n";

/* One --vary range. */
struct vary {
  struct fcsim_range_spec spec; /* key and texts */
  double v[3];                  /* START, STOP, STEP */
  size_t n;                     /* number of points */
};

/* The grid being swept. */
struct grid {
  struct vary dim[CLI_MAX_VARY]; /* outermost first */
  int ndims;                     /* number of --vary */
  size_t npoints;                /* product of the dims' point counts */
};

static int parse_grid(const struct cli_opts *o, struct grid *g)
{
  struct fcsim_error err = {0};
  g->ndims = o->nvary;
  g->npoints = 1;
  for (int d = 0; d < o->nvary; d++) {
    struct vary *v = &g->dim[d];
    if (fcsim_range_split(o->vary[d], "--vary", &v->spec, &err) ||
        fcsim_range_numbers(&v->spec, "--vary", o->vary[d], v->v, &err) ||
        fcsim_range_count(v->v, SWEEP_MAX_POINTS, "--vary", o->vary[d], &v->n, &err)) {
      fcsim_cli_error("%s", err.msg);
      return -1;
    }
    for (int e = 0; e < d; e++)
      if (!strcmp(g->dim[e].spec.key, v->spec.key)) {
        fcsim_cli_error("--vary `%s`: key `%s` is already swept by `%s`", o->vary[d], v->spec.key, o->vary[e]);
        return -1;
      }
    if (g->npoints * v->n > SWEEP_MAX_POINTS) {
      fcsim_cli_error("--vary: the grid has more than %d points", SWEEP_MAX_POINTS);
      return -1;
    }
    g->npoints *= v->n;
  }
  return 0;
}

/* Which saturation criterion fired, in words, into buf. */
static void sweep_why(const struct fcsim_stats *s, char *buf, size_t size)
{
  const char *r = s->saturation_reason ? s->saturation_reason : "";
  if (!strcmp(r, "latency"))
    snprintf(buf, size,
             "latency: average %.1f cycles, zero-load %.1f, above sim.saturation_latency_factor or "
             "sim.saturation_latency",
             s->avg_latency, s->zero_load_latency);
  else if (!strcmp(r, "backlog"))
    snprintf(buf, size, "backlog: the source queues grew during the measurement window");
  else
    snprintf(buf, size, "drain: measured packets were still in flight at the end of the drain phase");
}

/* Index in dimension d of grid point p (the last dimension varies fastest). */
static size_t grid_index(const struct grid *g, size_t p, int d)
{
  size_t stride = 1;
  for (int e = g->ndims - 1; e > d; e--)
    stride *= g->dim[e].n;
  return (p / stride) % g->dim[d].n;
}

/* Applies point p to cfg; writes "k=v k=v" into label and the values into vals. */
static int apply_point(const struct grid *g, size_t p, struct fcsim_config *cfg, char *label, size_t size,
                       char vals[][32], struct fcsim_error *err)
{
  size_t len = 0;
  label[0] = '\0';
  for (int d = 0; d < g->ndims; d++) {
    snprintf(vals[d], 32, "%.10g", fcsim_range_value(g->dim[d].v, grid_index(g, p, d)));
    if (fcsim_config_set(cfg, g->dim[d].spec.key, vals[d], "--vary", err))
      return -1;
    if (len < size)
      len += (size_t)snprintf(label + len, size - len, "%s%s=%s", d ? " " : "", g->dim[d].spec.key, vals[d]);
  }
  return 0;
}

/* Checks every key and the first and last value of each before running anything. */
static int probe_grid(const struct grid *g, const struct fcsim_config *base)
{
  struct fcsim_error err = {0};
  char label[512], vals[CLI_MAX_VARY][32];
  size_t corners[2] = {0, g->npoints - 1};
  for (int c = 0; c < 2; c++) {
    struct fcsim_config *probe = fcsim_config_clone(base);
    int bad = !probe || apply_point(g, corners[c], probe, label, sizeof label, vals, &err) ||
              fcsim_config_validate(probe, &err);
    fcsim_config_destroy(probe);
    if (bad) {
      fcsim_cli_error("%s", err.msg[0] ? err.msg : "out of memory");
      return -1;
    }
  }
  return 0;
}

static void print_header(const struct grid *g)
{
  for (int d = 0; d < g->ndims; d++)
    printf("%-14s ", g->dim[d].spec.key);
  printf("%12s %10s %10s %12s %12s %9s  %s\n", "avg_latency", "p99", "worst", "send_thru", "recv_thru", "avg_hops",
         "state");
}

static void print_row(const struct grid *g, char vals[][32], const struct fcsim_stats *s)
{
  for (int d = 0; d < g->ndims; d++)
    printf("%-14s ", vals[d]);
  if (s->packets_measured == 0) {
    printf("%12s %10s %10s %12.4f %12.4f %9s  %s\n", "-", "-", "-", s->send_throughput, s->recv_throughput, "-",
           s->deadlock ? "DEADLOCK" : "no packet measured");
  } else {
    printf("%12.2f %10.0f %10.0f %12.4f %12.4f %9.3f  %s%s%s\n", s->avg_latency, s->p99_latency, s->worst_latency,
           s->send_throughput, s->recv_throughput, s->avg_hops,
           s->deadlock    ? "DEADLOCK"
           : s->saturated ? "saturated ("
                          : "ok",
           s->saturated && !s->deadlock && s->saturation_reason ? s->saturation_reason : "",
           s->saturated && !s->deadlock ? ")" : "");
  }
  fflush(stdout);
}

/* Runs the grid, writing every point; returns the exit status. */
static int run_grid(const struct cli_opts *o, const struct grid *g, const struct fcsim_config *base, struct cli_out *jo,
                    struct cli_out *co)
{
  int exit_code = FCSIM_EXIT_OK, rows = 0;
  size_t skip_until = 0; /* after saturation: first point of the next innermost range */
  int show = !o->quiet && jo->f != stdout && co->f != stdout;
  if (show)
    print_header(g);
  for (size_t p = 0; p < g->npoints; p++) {
    if (p < skip_until)
      continue;
    struct fcsim_error err = {0};
    char label[512], vals[CLI_MAX_VARY][32];
    struct fcsim_config *cfg = fcsim_config_clone(base);
    struct fcsim_sim *sim = NULL;
    if (!cfg || apply_point(g, p, cfg, label, sizeof label, vals, &err) || fcsim_sim_create(cfg, &sim, &err)) {
      fcsim_cli_error("%s: %s", label, err.msg[0] ? err.msg : "out of memory");
      fcsim_config_destroy(cfg);
      return FCSIM_EXIT_USAGE;
    }
    cli_progress_points((long)p, (long)g->npoints);
    int run_rc = fcsim_sim_run(sim, cli_progress, label, &err);
    cli_progress_done();
    if (run_rc && run_rc != FCSIM_EDEADLOCK) {
      if (run_rc == FCSIM_EIO) {
        fcsim_cli_rank_error("%s: %s", label, err.msg);
        fcsim_cli_abort_job();
      } else {
        fcsim_cli_error("%s: %s", label, err.msg);
      }
      fcsim_sim_destroy(sim);
      fcsim_config_destroy(cfg);
      return cli_exit_for(run_rc);
    }
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    if (show)
      print_row(g, vals, s);
    if (jo->f && fcsim_sim_write_json(sim, jo->f,
                                      FCSIM_JSON_COMPACT | (o->with_links ? FCSIM_JSON_LINKS : 0) |
                                          (o->with_histogram ? FCSIM_JSON_HISTOGRAM : 0),
                                      &err))
      exit_code = FCSIM_EXIT_FAIL;
    if (co->f) {
      if (rows++ == 0)
        fcsim_sim_write_csv_header(sim, co->f);
      fcsim_sim_write_csv_row(sim, co->f);
    }
    if (s->deadlock) {
      fcsim_cli_error("%s: %s", label, err.msg);
      exit_code = FCSIM_EXIT_FAIL;
    }
    if (s->saturated || s->deadlock) {
      size_t inner = g->dim[g->ndims - 1].n;
      skip_until = (p / inner + 1) * inner;
      char why[192] = "";
      if (s->saturated && !s->deadlock)
        sweep_why(s, why, sizeof why);
      if (show)
        printf("(stopped: the network saturated at %s%s%s%s)\n", label, why[0] ? ": " : "", why,
               skip_until > p + 1 ? "; the rest of its range is skipped" : "");
    }
    fcsim_sim_destroy(sim);
    fcsim_config_destroy(cfg);
    if (cli_interrupted()) {
      fcsim_cli_error("interrupted; the points above are complete and written");
      return 130;
    }
  }
  return exit_code;
}

int fcsim_cmd_sweep(int argc, char **argv)
{
  struct cli_opts o;
  struct grid g;
  int rc = cli_parse(argc, argv, &o, 1, sweep_usage);
  if (rc)
    return rc;
  if (o.help) {
    fputs(sweep_usage, stdout);
    return FCSIM_EXIT_OK;
  }
  if (!o.nvary) {
    fcsim_cli_error("sweep needs --vary KEY=START:STOP:STEP\n%s", sweep_usage);
    return FCSIM_EXIT_USAGE;
  }
  if (parse_grid(&o, &g))
    return FCSIM_EXIT_USAGE;
  if (fcsim_cli_rank() != 0) /* rank 0 writes the results */
    o.json_path = o.csv_path = NULL;
  const char *outs[] = {o.json_path, o.csv_path}, *ins[] = {o.config_path};
  if (cli_out_check_paths(outs, 2, ins, 1))
    return FCSIM_EXIT_USAGE;
  struct fcsim_config *base = cli_load_config(&o);
  if (!base)
    return FCSIM_EXIT_USAGE;
  if (probe_grid(&g, base)) {
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  struct cli_out jo, co;
  cli_out_install_signals();
  if (cli_out_open(&jo, o.json_path) || cli_out_open(&co, o.csv_path)) {
    cli_out_abort(&jo);
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  cli_progress_install();
  int exit_code = run_grid(&o, &g, base, &jo, &co);
  /* complete points are kept, also after Ctrl-C; a bad point writes nothing */
  if (exit_code == FCSIM_EXIT_USAGE) {
    cli_out_abort(&jo);
    cli_out_abort(&co);
  } else {
    if (cli_out_commit(&jo))
      exit_code = FCSIM_EXIT_FAIL;
    if (cli_out_commit(&co))
      exit_code = FCSIM_EXIT_FAIL;
  }
  fcsim_config_destroy(base);
  return exit_code;
}
