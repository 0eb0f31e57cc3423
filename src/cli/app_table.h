/* SPDX-License-Identifier: BSD-3-Clause */
/* Applications of `fcsim app` whose parameters and results are a model-style
 * table (`struct fcsim_model_ops`: `link`, `halo`): one command line
 * `fcsim app NAME [CONFIG] [--preset P] [--set KEY=VALUE ...] [--json FILE]`
 * for all of them. CONFIG is an INI file with one section named after the
 * application; --set keys may carry the prefix `NAME.` (or `link.` for the
 * link keys); `--json` writes {"fcsim", "app", "config", "metrics"}. */
#ifndef FCSIM_CLI_APP_TABLE_H
#define FCSIM_CLI_APP_TABLE_H

#include "fcsim/model.h"

struct cli_table_app {
  const struct fcsim_model_ops *ops; /* parameters, results, presets, compute */
  const char *section;               /* INI section and key prefix, = the app's name */
  const char *alias;                 /* another accepted key prefix ("link"), or NULL */
  /* prints the first line of the table (what ran); NULL: "fcsim app NAME" */
  void (*title)(const double *values);
};

/* Parses the arguments after the application's name, runs it, prints and
 * returns an exit status (2 with one message for bad input). */
int cli_table_app_run(const struct cli_table_app *app, int argc, char **argv);

#endif
