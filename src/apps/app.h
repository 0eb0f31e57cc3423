/* SPDX-License-Identifier: BSD-3-Clause */
/* Applications (`fcsim app NAME`): traffic with a meaning, run on a
 * simulated network or link and set beside an analytic model. Each lives in
 * src/apps/<name>/ (its schedule builder, its run and its comparison with
 * the model) and exports one `const struct fcsim_app_ops`, a row of the
 * checked registry in src/apps/registry.c. The command line (cli/cmd_app.c)
 * only parses the options an app declares, calls it and writes the files. */
#ifndef FCSIM_APPS_APP_H
#define FCSIM_APPS_APP_H

#include <stddef.h>
#include <stdio.h>

#include "fcsim/error.h"
#include "fcsim/model.h"

struct fcsim_config;

/* What the command line hands an app besides its configuration. */
struct fcsim_app_args {
  const char *schedule;             /* --schedule (FCSIM_APP_OPT_SCHEDULE), or NULL */
  const char *preset, *link_preset; /* --preset, --link-preset (FCSIM_APP_OPT_STREAM), or NULL */
  const char *const *sets;          /* stream.KEY=VALUE without the prefix, NULL-terminated, or NULL */
  const char *const *link_sets;     /* link.KEY=VALUE without the prefix, NULL-terminated, or NULL */
  long block;                       /* --block: elements per message (stream) */
  int fc_links;                     /* --links fc (stream) */
};

/* Options an app takes beyond CONFIG, --set, --json and --quiet. */
#define FCSIM_APP_OPT_SCHEDULE 1u /* --schedule NAME */
#define FCSIM_APP_OPT_STREAM   2u /* --preset, --block, --links, --link-preset, --set stream.* / link.* */

/* An app whose parameters and results are a model-style table (`link`,
 * `halo`): the command line's table runner (cli/app_table.c) parses, runs
 * and prints it. */
struct fcsim_app_table {
  const struct fcsim_model_ops *ops;   /* parameters, results, presets, compute */
  const char *alias;                   /* another accepted key prefix ("link"), or NULL */
  void (*title)(const double *values); /* prints the table's first line on stdout (what ran) */
};

struct fcsim_app_ops {
  const char *name;    /* `fcsim app NAME` */
  const char *summary; /* one line for `fcsim app --help` */
  /* Its usage, which `fcsim app NAME --help`, the man page and the shell
   * completion print (the command line adds the options its `options`
   * flags and kind bring): what follows `fcsim app NAME` on the usage line,
   * what it does (lines of text), example command lines (or NULL), and with
   * FCSIM_APP_OPT_SCHEDULE the schedules it takes ("ring|tree"). */
  const char *synopsis;
  const char *text;
  const char *examples;
  const char *schedules;
  const char *const *keys; /* configuration keys the app reads beyond the network's, NULL-terminated */
  unsigned options;        /* FCSIM_APP_OPT_* */
  /* either a table app ... */
  const struct fcsim_app_table *table;
  /* ... or a network app: builds its schedule from cfg (which it may
   * change: sizes, traffic.mode), simulates it and compares the run with
   * its model; *result (from malloc) is read by print and write_json and
   * freed by free_result. Returns 0 or an FCSIM_E* error with a message. */
  int (*run)(struct fcsim_config *cfg, const struct fcsim_app_args *args, void **result, struct fcsim_error *err);
  void (*print)(const void *result, FILE *out);     /* the readable table */
  int (*write_json)(const void *result, FILE *out); /* returns 0 or -1 (write error) */
  void (*free_result)(void *result);
};

/* The registry (registry.c): lookup by name, the i-th app (NULL past the
 * last) in the order `fcsim app --help` lists them, and the start-up check
 * (a name and summary each, names unique, and either a table or run, print,
 * write_json and free_result, a synopsis and text, and schedules when it
 * takes --schedule). The command line's option table (src/cli/options.c)
 * adds each app's usage under `fcsim app`, so an app is its folder plus
 * its row in registry.c. */
const struct fcsim_app_ops *fcsim_app_find(const char *name);
const struct fcsim_app_ops *fcsim_app_at(size_t i);
int fcsim_app_check_registry(struct fcsim_error *err);
/* Beyond the registry's common check, for one app: a table app has its
 * table's ops and no run, a network app run, print, write_json and
 * free_result; --schedule comes with its schedules. */
int fcsim_app_check(const struct fcsim_app_ops *a, struct fcsim_error *err);

#endif
