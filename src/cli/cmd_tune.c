/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim tune CONFIG... [--space KEY=V1,V2 ...] [--vary KEY=A:B:STEP ...]
 * [--metric NAMES] [--json FILE] [--csv FILE]: application-aware
 * configuration search (seed 000 §5.1.3-5.1.5) over the library's
 * include/fcsim/tune.h. This file only parses options, prints and picks
 * exit codes. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "fcsim/tune.h"

struct tune_args {
  const char *configs[64];
  int nconfigs;
  const char *sets[CLI_MAX_SETS];
  int nsets;
  const char *space[32], *vary[32];
  int nspace, nvary;
  const char *metrics;
  const char *json_path, *csv_path;
  struct fcsim_tune_options opt;
  int quiet, help, force;
};

static void print_usage(FILE *out)
{
  cli_usage_print(out, "tune");
  fputs("metrics:\n", out);
  fcsim_tune_print_metrics(out);
}

/* Parses a positive integer option; -1 on error (message printed). */
static long parse_count(const char *opt, const char *val, long min, long max)
{
  char *end;
  errno = 0;
  long v = strtol(val, &end, 10);
  if (end == val || *end || errno || v < min || v > max) {
    fcsim_cli_error("%s `%s`: expected a whole number %ld..%ld", opt, val, min, max);
    return -1;
  }
  return v;
}

static int parse_tolerance(const char *val, double *out)
{
  char *end;
  errno = 0;
  double v = strtod(val, &end);
  int pct = *end == '%';
  if (end == val || errno || (pct ? end[1] != '\0' : *end != '\0') || !(v >= 0)) {
    fcsim_cli_error("--tolerance `%s`: expected a percentage like `2%%` or a fraction like `0.02`", val);
    return -1;
  }
  if (!pct && v > 1) {
    fcsim_cli_error("--tolerance `%s`: a plain number is a fraction (0..1); write `%s%%` for a percentage", val, val);
    return -1;
  }
  *out = pct ? v / 100.0 : v;
  return 0;
}

static int parse_args(int argc, char **argv, struct tune_args *a)
{
  memset(a, 0, sizeof *a);
  fcsim_tune_options_init(&a->opt);
  for (int i = 0; i < argc; i++) {
    const char *o = argv[i];
    const char *val = NULL;
#define NEEDS_VALUE()                                                                                                  \
  do {                                                                                                                 \
    if (i + 1 >= argc) {                                                                                               \
      fcsim_cli_error("option %s needs a value (`fcsim tune --help` for usage)", o);                                   \
      return FCSIM_EXIT_USAGE;                                                                                         \
    }                                                                                                                  \
    val = argv[++i];                                                                                                   \
  } while (0)
#define PUSH(arr, n, max, what)                                                                                        \
  do {                                                                                                                 \
    if ((n) >= (max)) {                                                                                                \
      fcsim_cli_error("too many %s options (at most %d)", what, (max));                                                \
      return FCSIM_EXIT_USAGE;                                                                                         \
    }                                                                                                                  \
    (arr)[(n)++] = val;                                                                                                \
  } while (0)
    long v;
    if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
      a->help = 1;
    } else if (!strcmp(o, "--space")) {
      NEEDS_VALUE();
      if (cli_check_set(o, val, i + 1 < argc ? argv[i + 1] : NULL))
        return FCSIM_EXIT_USAGE;
      PUSH(a->space, a->nspace, 32, "--space");
    } else if (!strcmp(o, "--vary")) {
      NEEDS_VALUE();
      if (cli_check_set(o, val, i + 1 < argc ? argv[i + 1] : NULL))
        return FCSIM_EXIT_USAGE;
      PUSH(a->vary, a->nvary, 32, "--vary");
    } else if (!strcmp(o, "--set") || !strcmp(o, "-s")) {
      NEEDS_VALUE();
      if (cli_check_set(o, val, i + 1 < argc ? argv[i + 1] : NULL))
        return FCSIM_EXIT_USAGE;
      PUSH(a->sets, a->nsets, CLI_MAX_SETS, "--set");
    } else if (!strcmp(o, "--metric") || !strcmp(o, "--metrics")) {
      NEEDS_VALUE();
      a->metrics = val;
    } else if (!strcmp(o, "--json")) {
      NEEDS_VALUE();
      a->json_path = val;
    } else if (!strcmp(o, "--csv")) {
      NEEDS_VALUE();
      a->csv_path = val;
    } else if (!strcmp(o, "--tolerance")) {
      NEEDS_VALUE();
      if (parse_tolerance(val, &a->opt.tolerance))
        return FCSIM_EXIT_USAGE;
    } else if (!strcmp(o, "--workers") || !strcmp(o, "-j")) {
      NEEDS_VALUE();
      if ((v = parse_count(o, val, 1, 4096)) < 0)
        return FCSIM_EXIT_USAGE;
      a->opt.workers = (int)v;
    } else if (!strcmp(o, "--replications")) {
      NEEDS_VALUE();
      if ((v = parse_count(o, val, 1, 1000)) < 0)
        return FCSIM_EXIT_USAGE;
      a->opt.replications = (int)v;
    } else if (!strcmp(o, "--max-points")) {
      NEEDS_VALUE();
      if ((v = parse_count(o, val, 0, 100000000)) < 0)
        return FCSIM_EXIT_USAGE;
      a->opt.max_points = (size_t)v;
    } else if (!strcmp(o, "--eta")) {
      NEEDS_VALUE();
      if ((v = parse_count(o, val, 2, 100)) < 0)
        return FCSIM_EXIT_USAGE;
      a->opt.eta = (int)v;
    } else if (!strcmp(o, "--exclude-saturated")) {
      a->opt.exclude_saturated = 1;
    } else if (!strcmp(o, "--quiet") || !strcmp(o, "-q")) {
      a->quiet = 1;
    } else if (!strcmp(o, "--force")) {
      a->force = 1;
    } else if (o[0] == '-' && o[1]) {
      fcsim_cli_error("unknown option `%s` (`fcsim tune --help` for usage)", o);
      return FCSIM_EXIT_USAGE;
    } else {
      val = o;
      PUSH(a->configs, a->nconfigs, 64, "CONFIG");
    }
#undef NEEDS_VALUE
#undef PUSH
  }
  return 0;
}

/* "examples/tune-4x4x4/3hnn.ini" -> "3hnn" */
static void workload_name(const char *path, char *buf, size_t size)
{
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  snprintf(buf, size, "%s", base);
  char *dot = strrchr(buf, '.');
  if (dot && dot != buf)
    *dot = '\0';
}

static int progress_shown;

static void on_progress(void *user, const struct fcsim_tune_progress *p)
{
  (void)user;
  static int last_rung = -1;
  if (!isatty(2))
    return;
  char prefix[96] = "tune: ";
  if (p->nrungs > 1)
    snprintf(prefix, sizeof prefix, "tune: rung %d/%d (%s%.0f), ", p->rung + 1, p->nrungs, p->budget < 1 ? "1/" : "x",
             p->budget < 1 ? 1.0 / p->budget : 1.0);
  if (p->reused)
    snprintf(prefix + strlen(prefix), sizeof prefix - strlen(prefix), "%zu reused, ", p->reused);
  cli_progress_steps(prefix, (double)p->done, (double)p->total, "runs", p->rung != last_rung);
  last_rung = p->rung;
  progress_shown = 1;
}

static int on_stop(void *user)
{
  (void)user;
  return cli_interrupted();
}

/* Writes the JSON output (cli/output.c: a temporary file renamed over FILE,
 * so a failure never leaves a truncated FILE behind). Returns 0 or prints. */
static int write_json(const struct fcsim_tune *t, const char *path)
{
  struct cli_out jo;
  struct fcsim_error err = {0};
  if (cli_out_open(&jo, path))
    return -1;
  if (fcsim_tune_write_json(t, jo.f, &err)) {
    fcsim_cli_error("%s: cannot write (%s)", path, err.msg);
    cli_out_abort(&jo);
    return -1;
  }
  return cli_out_commit(&jo) ? -1 : 0;
}

int fcsim_cmd_tune(int argc, char **argv)
{
  struct tune_args a;
  int rc = parse_args(argc, argv, &a);
  if (rc)
    return rc;
  if (a.help) {
    print_usage(stdout);
    return FCSIM_EXIT_OK;
  }
  if (a.nconfigs == 0) {
    fcsim_cli_error("tune needs at least one CONFIG (`fcsim tune --help` for usage)");
    return FCSIM_EXIT_USAGE;
  }
  if (a.quiet && !a.json_path && !a.csv_path) {
    fcsim_cli_error("--quiet without --json or --csv would discard every result; give an output file or drop --quiet");
    return FCSIM_EXIT_USAGE;
  }
  const char *outs[] = {a.json_path, a.csv_path};
  if (cli_out_check_paths(outs, 2, a.configs, a.nconfigs))
    return FCSIM_EXIT_USAGE;
  int json_stdout = cli_out_is_stdout(a.json_path);
  if (cli_json_may_replace(a.json_path, "tune", a.force))
    return FCSIM_EXIT_USAGE;
  char journal[4096];
  if (a.json_path && !json_stdout) {
    snprintf(journal, sizeof journal, "%s.partial", a.json_path);
    a.opt.journal = journal;
  }
  struct fcsim_error err = {0};
  struct fcsim_tune *t = NULL;
  int exit_code = FCSIM_EXIT_OK;
  if ((rc = fcsim_tune_create(&a.opt, &t, &err))) {
    fcsim_cli_error("%s", err.msg);
    return cli_exit_for(rc);
  }
  for (int i = 0; i < a.nconfigs; i++) {
    struct cli_opts o;
    memset(&o, 0, sizeof o);
    o.config_path = a.configs[i];
    for (int j = 0; j < a.nsets; j++)
      o.sets[o.nsets++] = a.sets[j];
    struct fcsim_config *cfg = cli_load_config(&o);
    if (!cfg) {
      fcsim_tune_destroy(t);
      return FCSIM_EXIT_USAGE;
    }
    char name[256], uniq[300];
    workload_name(a.configs[i], name, sizeof name);
    snprintf(uniq, sizeof uniq, "%s", name);
    for (int j = 0; j < i; j++) {
      char other[256];
      workload_name(a.configs[j], other, sizeof other);
      if (!strcmp(other, name)) {
        snprintf(uniq, sizeof uniq, "%s#%d", name, i + 1);
        break;
      }
    }
    rc = fcsim_tune_add_workload(t, uniq, cfg, &err);
    fcsim_config_destroy(cfg);
    if (rc)
      goto input_error;
  }
  for (int i = 0; i < a.nspace; i++)
    if ((rc = fcsim_tune_add_space(t, a.space[i], &err)))
      goto input_error;
  for (int i = 0; i < a.nvary; i++)
    if ((rc = fcsim_tune_add_vary(t, a.vary[i], &err)))
      goto input_error;
  if (a.metrics && (rc = fcsim_tune_set_metrics(t, a.metrics, &err)))
    goto input_error;
  if ((rc = fcsim_tune_prepare(t, &err)))
    goto input_error;
  /* outputs: check they can be written before running anything */
  struct cli_out co;
  cli_out_install_signals();
  if (cli_out_open(&co, a.csv_path)) {
    fcsim_tune_destroy(t);
    return FCSIM_EXIT_USAGE;
  }
  if (a.json_path && !json_stdout) {
    long n1 = 0, n2 = 0;
    if ((rc = fcsim_tune_load_previous(t, a.json_path, &n1, &err)) ||
        (rc = fcsim_tune_load_previous(t, journal, &n2, &err))) {
      cli_out_abort(&co);
      goto input_error;
    }
    if ((n1 || n2) && !a.quiet && isatty(2))
      fprintf(stderr, "tune: %ld finished runs found in %s\n", n1 + n2, n1 ? a.json_path : journal);
  }
  cli_progress_install_all();
  rc = fcsim_tune_run(t, on_progress, on_stop, NULL, &err);
  if (progress_shown)
    cli_progress_done();
  struct fcsim_tune_counts counts;
  fcsim_tune_get_counts(t, &counts);
  if (rc && rc != FCSIM_EINTERRUPTED) {
    fcsim_cli_error("%s", err.msg);
    exit_code = cli_exit_for(rc);
  } else if (rc == FCSIM_EINTERRUPTED) {
    exit_code = 130;
  } else if (!a.quiet && !json_stdout && co.f != stdout) {
    fcsim_tune_write_report(t, stdout);
    printf("time: %.1f s, %d workers\n", counts.wall_seconds, counts.workers);
  }
  if (a.json_path && (rc == 0 || rc == FCSIM_EINTERRUPTED)) {
    if (write_json(t, a.json_path))
      exit_code = exit_code ? exit_code : FCSIM_EXIT_FAIL;
    else if (!json_stdout)
      remove(journal); /* everything in it is now in the JSON file */
  }
  if (co.f) {
    if (fcsim_tune_write_csv(t, co.f, &err)) {
      fcsim_cli_error("%s: cannot write (%s)", a.csv_path, err.msg);
      cli_out_abort(&co);
      exit_code = exit_code ? exit_code : FCSIM_EXIT_FAIL;
    } else if (cli_out_commit(&co)) {
      exit_code = exit_code ? exit_code : FCSIM_EXIT_FAIL;
    }
  }
  if (exit_code == 130)
    fcsim_cli_error("interrupted: %zu of %zu runs finished%s", counts.run_new + counts.reused, counts.runs,
                    a.json_path ? "; they are in the JSON output and the same command resumes"
                                : " (give --json FILE to keep them for a re-run)");
  fcsim_tune_destroy(t);
  return exit_code;
input_error:
  fcsim_cli_error("%s", err.msg);
  fcsim_tune_destroy(t);
  return cli_exit_for(rc);
}
