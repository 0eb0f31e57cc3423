/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim plot: reads the result files fcsim writes (JSON, JSON Lines, CSV of
 * run, sweep, tune and model) and writes a gnuplot script that draws the
 * figure a researcher would draw; runs gnuplot on it. Library code: returns
 * 0 or a negative FCSIM_E* with a message, never prints. */
#ifndef FCSIM_PLOT_PLOT_H
#define FCSIM_PLOT_PLOT_H

#include <stdio.h>

#include "fcsim/error.h"

/* What a result file holds, hence which figure is drawn. */
enum fcsim_plot_kind {
  FCSIM_PLOT_AUTO = 0, /* decide from the file */
  FCSIM_PLOT_SWEEP,    /* several simulation runs: latency/throughput vs load */
  FCSIM_PLOT_RUN,      /* one simulation run: link heat map, latency histogram */
  FCSIM_PLOT_TUNE,     /* fcsim tune --json: gain heat map, Pareto front */
  FCSIM_PLOT_MODEL,    /* fcsim model --vary: the model's curves */
  FCSIM_PLOT_OPTIMAL   /* fcsim tune --json: how often each configuration was optimal (seed 000 Figs. 5.12-5.16) */
};

/* Loaded results (opaque). */
struct fcsim_plot_data;

/* "sweep", "run", "tune", "model", "optimal" (NULL for AUTO). */
const char *fcsim_plot_kind_name(enum fcsim_plot_kind kind);
/* Kind from its name; FCSIM_PLOT_AUTO when unknown. */
enum fcsim_plot_kind fcsim_plot_kind_parse(const char *name);

/* Reads `npaths` result files (several sweeps or runs are drawn together,
 * one curve per configuration). A file that is not an fcsim result is
 * FCSIM_EPARSE naming it; an unreadable one FCSIM_EIO. `want` forces the
 * kind (AUTO: one run -> run, several -> sweep). */
int fcsim_plot_load(const char *const *paths, int npaths, enum fcsim_plot_kind want, struct fcsim_plot_data **out,
                    struct fcsim_error *err);
enum fcsim_plot_kind fcsim_plot_data_kind(const struct fcsim_plot_data *d);
void fcsim_plot_free(struct fcsim_plot_data *d);

/* Writes a complete gnuplot script to `script` that draws `d` into
 * `image_path` as PNG or SVG (`svg` nonzero). FCSIM_EINVAL when the data
 * cannot make that figure (e.g. a run without per-link data or histogram). */
int fcsim_plot_write_script(const struct fcsim_plot_data *d, const char *image_path, int svg, FILE *script,
                            struct fcsim_error *err);

/* 0 if program `prog` ("gnuplot") is an executable on PATH (or a path to
 * one); FCSIM_EINVAL with an install hint otherwise. */
int fcsim_plot_find_gnuplot(const char *prog, struct fcsim_error *err);

/* Runs `prog script_path` and waits. gnuplot's own messages are captured:
 * on failure the message is fcsim's, quoting gnuplot's complaint in one
 * escaped line. 0 on exit status 0, FCSIM_EIO otherwise. */
int fcsim_plot_run_gnuplot(const char *prog, const char *script_path, struct fcsim_error *err);

#endif
