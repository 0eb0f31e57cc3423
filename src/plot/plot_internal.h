/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared between the files of src/plot: the loaded data and the gnuplot
 * writing helpers (gp.c). */
#ifndef FCSIM_PLOT_INTERNAL_H
#define FCSIM_PLOT_INTERNAL_H

#include <jansson.h>
#include <stdio.h>

#include "plot/plot.h"

struct fcsim_plot_data {
  enum fcsim_plot_kind kind; /* never AUTO once loaded */
  json_t *records;           /* array: simulation runs ({"config","metrics",...}),
                                tune point objects, or model points */
  json_t *tune_header;       /* tune: the {"type":"tune"} line, else NULL */
  json_t *tune_summary;      /* tune: the last {"type":"summary"} line, else NULL */
  char source[512];          /* file name(s) as given, for messages */
  char names[512];           /* their base names, for captions: no machine's folders in a figure */
};

/* Canvas size in pixels (PNG) or points (SVG) and the terminal line. */
void fcsim__gp_begin(FILE *f, const char *image_path, int svg, int width, int height);
/* Writes `s` as a single-quoted gnuplot string ('' escapes a quote). */
void fcsim__gp_str(FILE *f, const char *s);
/* Caption at the bottom of the canvas (small font). */
void fcsim__gp_caption(FILE *f, const char *text);
/* A diverging palette (red worse, white 0, blue better) and a sequential
 * one (white .. dark red) for utilisation. */
void fcsim__gp_palette_diverging(FILE *f);
void fcsim__gp_palette_heat(FILE *f);
/* A number as gnuplot data: "NaN" for non-finite values. */
void fcsim__gp_num(FILE *f, double v);

/* The configuration of a simulation record in a few words ("4x4x4 torus,
 * novog router, 9 VCs, dor, ff, transpose, 1kb packets, 175ns links"),
 * leaving out keys listed in `skip` ("section.key" separated by spaces). */
void fcsim__plot_config_summary(json_t *rec, const char *skip, char *buf, size_t size);
/* Text of config.SECTION.KEY in a simulation record, or "". */
const char *fcsim__plot_key_text(json_t *rec, const char *section, const char *key);
/* A number from an object member (integer or real or bool); NAN if absent. */
double fcsim__plot_num(json_t *obj, const char *name);

/* A value a seed prints for a model result (seed_points.c). */
struct plot_seed_point {
  const char *model, *xparam, *result; /* model, the swept parameter, the result */
  double x, y;                         /* in SI units, as the model's JSON */
  const char *where;                   /* "Mondigo 2020 Fig. 3.10" */
  const char *when;                    /* the other parameters: "n=1 m=5 ..." */
};
/* The seed points of `model` swept over `xparam` (of `result`, or of any
 * result when NULL) whose conditions hold for `params`; up to `max`. */
int fcsim__plot_seed_points(const char *model, const char *xparam, const char *result, json_t *params,
                            const struct plot_seed_point **out, int max);

int fcsim__plot_sweep(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err);
int fcsim__plot_run(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err);
int fcsim__plot_tune(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err);
int fcsim__plot_tune_optimal(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err);
int fcsim__plot_model(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err);

#endif
