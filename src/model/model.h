/* SPDX-License-Identifier: BSD-3-Clause */
/* The analytic performance models of the seeds ("fcsim model NAME").
 *
 * Each model is one const `struct fcsim_model_ops` in its own file
 * (stream.c, fc.c, p2p.c, linkbw.c, gather.c, fft.c, cornerturn.c, contraction.c,
 * md.c; ch7.c holds the chapter 7 equations they share): a name, a summary, the
 * source it follows (seed, section, equations), a table of parameters named
 * by the seed's own symbols, a table of results, named presets and a pure
 * compute function. registry.c holds the NULL-terminated table of all models;
 * params.c turns "key=value" text into validated values from the parameter
 * table, so parsing, range checks, error messages and --help all come from
 * the same declarations.
 *
 * Values are doubles in SI base units: seconds, hertz, bytes, bytes/s (bits/s
 * where the unit says so), flop/s, cycles, plain counts and ratios (0..1).
 * An enum parameter holds the index of its choice. A result that does not
 * apply to the given inputs is NAN (printed "-", JSON null).
 *
 * Private to src/model/: the public API is include/fcsim/model.h. */
#ifndef FCSIM_MODEL_MODEL_H
#define FCSIM_MODEL_MODEL_H

#include "fcsim/model.h"

/* The registered models, defined in their own files. */
extern const struct fcsim_model_ops fcsim_model_stream;
extern const struct fcsim_model_ops fcsim_model_fc;
extern const struct fcsim_model_ops fcsim_model_p2p;
extern const struct fcsim_model_ops fcsim_model_linkbw;
extern const struct fcsim_model_ops fcsim_model_host;
extern const struct fcsim_model_ops fcsim_model_gather;
extern const struct fcsim_model_ops fcsim_model_fft;
extern const struct fcsim_model_ops fcsim_model_cornerturn;
extern const struct fcsim_model_ops fcsim_model_contraction;
extern const struct fcsim_model_ops fcsim_model_md;

/* fcsim_model_run on a model's ops rather than its name (params.c): for a
 * model that reads another (host.c runs linkbw) without the registry,
 * which lists it. */
int fcsim__model_run_ops(const struct fcsim_model_ops *m, const char *preset, const char *const *sets, double *values,
                         double *results, struct fcsim_error *err);

#endif
