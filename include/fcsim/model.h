/* SPDX-License-Identifier: BSD-3-Clause */
/* The analytic performance models of the seeds ("fcsim model NAME"): the
 * public API of src/model/.
 *
 * Each model is one const `struct fcsim_model_ops` in its own file
 * (stream.c, fc.c, p2p.c, linkbw.c, host.c, gather.c, fft.c): a name, a summary, the
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
 * apply to the given inputs is NAN (printed "-", JSON null). */
#ifndef FCSIM_MODEL_H
#define FCSIM_MODEL_H

#include <stddef.h>

#include "fcsim/error.h"

/* How a parameter or result is written, parsed and displayed. */
enum fcsim_model_unit {
  FCSIM_MU_NONE = 0,    /* a plain real number */
  FCSIM_MU_COUNT,       /* a plain integer count */
  FCSIM_MU_RATIO,       /* a fraction 0..1; accepts and prints "98%" */
  FCSIM_MU_TIME,        /* seconds: "365ns" */
  FCSIM_MU_FREQ,        /* hertz: "225MHz" */
  FCSIM_MU_BYTES,       /* bytes: "16MiB", "1kb" */
  FCSIM_MU_BYTES_PER_S, /* bytes/s: "7.92GB/s", "40Gbps" */
  FCSIM_MU_BITS_PER_S,  /* bits/s: "25.78125Gbps" (a plain number is bits/s) */
  FCSIM_MU_FLOPS,       /* flop/s: "2.5TFlops" */
  FCSIM_MU_CYCLES,      /* clock cycles: "118" or "118cycles" */
  FCSIM_MU_ENUM         /* one of a list of names; value = index */
};

/* Parameter flags. */
#define FCSIM_MP_INT  0x1u /* must be an integer */
#define FCSIM_MP_POW2 0x2u /* must be a power of two (implies INT) */
#define FCSIM_MP_AUTO 0x4u /* default "auto": derived by the model unless set */

/* One input of a model. Declared once; parsing, validation and help text are
 * all derived from it. */
struct fcsim_model_param {
  const char *name;           /* the seed's symbol, e.g. "B_link" */
  enum fcsim_model_unit unit; /* how it is written and shown */
  double def;                 /* default (SI); ignored with FCSIM_MP_AUTO */
  double min, max;            /* inclusive bounds (SI) */
  unsigned flags;             /* FCSIM_MP_* */
  const char *const *choices; /* FCSIM_MU_ENUM: NULL-terminated names */
  const char *help;           /* one line */
};

/* One output of a model. */
struct fcsim_model_result {
  const char *name;           /* e.g. "sustained_flops" */
  enum fcsim_model_unit unit; /* how it is shown */
  const char *help;           /* one line */
};

/* A named set of parameter values, applied over the defaults. */
struct fcsim_model_preset {
  const char *name;            /* e.g. "tsunami" */
  const char *help;            /* where the values come from */
  const char *const *settings; /* NULL-terminated "key=value" strings */
};

/* Computes all results from fully resolved parameters.
 * `params` has one value per entry of the parameter table, in table order;
 * parameters flagged FCSIM_MP_AUTO and left unset are NAN, and the function
 * replaces them with the value it derived, so callers can report every input
 * it actually used. `results` receives one value per result, in table order
 * (NAN where a result does not apply). Returns 0, or a negative FCSIM_E* with
 * a message naming the offending parameters in `err`. Pure: no I/O, no
 * globals. */
typedef int (*fcsim_model_compute_f)(double *params, double *results, struct fcsim_error *err);

struct fcsim_model_ops {
  const char *name;                       /* (required) "stream", ... */
  const char *summary;                    /* (required) one line */
  const char *source;                     /* (required) seed, section, equations */
  const char *notes;                      /* (optional) extra help paragraph */
  const struct fcsim_model_param *params; /* (required) */
  size_t n_params;
  const struct fcsim_model_result *results; /* (required) */
  size_t n_results;
  const struct fcsim_model_preset *presets; /* (optional) */
  size_t n_presets;
  fcsim_model_compute_f compute; /* (required) */
};

/* Upper bounds on table sizes, so callers can use stack arrays. */
#define FCSIM_MODEL_MAX_PARAMS  48
#define FCSIM_MODEL_MAX_RESULTS 48

/* --- registry.c ---------------------------------------------------------- */

/* NULL-terminated table of every model, in display order. */
const struct fcsim_model_ops *const *fcsim_model_list(void);

/* The model called `name`, or NULL. */
const struct fcsim_model_ops *fcsim_model_find(const char *name);

/* Checks every registered model: required fields present, names unique,
 * defaults inside their bounds, every preset applies cleanly, and the
 * defaults compute. Returns 0 or the first problem found. */
int fcsim_model_check_registry(struct fcsim_error *err);

/* "stream, fc, ..." into the caller's buffer; returns the full length. */
size_t fcsim_model_list_names(char *buf, size_t size);

/* --- params.c ------------------------------------------------------------ */

/* Index of parameter `name` in the model's table, or -1. */
int fcsim_model_param_index(const struct fcsim_model_ops *m, const char *name);

/* Index of result `name` in the model's table, or -1. */
int fcsim_model_result_index(const struct fcsim_model_ops *m, const char *name);

/* Fills `values` (n_params entries) with the defaults (NAN for auto). */
void fcsim_model_defaults(const struct fcsim_model_ops *m, double *values);

/* Parses `text` as the value of parameter `p` into *value, checking unit,
 * integer/power-of-two constraints, sign and bounds. Errors name the key. */
int fcsim_model_parse_param(const struct fcsim_model_param *p, const char *text, double *value,
                            struct fcsim_error *err);

/* Sets one parameter from "key" and "text". An unknown key is
 * FCSIM_EUNKNOWN_KEY with a did-you-mean suggestion. "auto" resets an
 * auto parameter. */
int fcsim_model_set(const struct fcsim_model_ops *m, double *values, const char *key, const char *text,
                    struct fcsim_error *err);

/* Sets one parameter from "key=value". */
int fcsim_model_set_kv(const struct fcsim_model_ops *m, double *values, const char *kv, struct fcsim_error *err);

/* Applies preset `name` over `values`. Unknown presets are FCSIM_EINVAL
 * with the list of presets. */
int fcsim_model_apply_preset(const struct fcsim_model_ops *m, double *values, const char *name,
                             struct fcsim_error *err);

/* Runs the model on `values` (auto entries are filled in) into `results`. */
int fcsim_model_eval(const struct fcsim_model_ops *m, double *values, double *results, struct fcsim_error *err);

/* Convenience for tests and scripts: defaults, then preset (may be NULL),
 * then each "key=value" of the NULL-terminated `sets` (may be NULL), then
 * eval. `values` and `results` are caller arrays of the model's sizes. */
int fcsim_model_run(const char *model, const char *preset, const char *const *sets, double *values, double *results,
                    struct fcsim_error *err);

/* Writes a value for people ("2.549 TFlop/s", "98.35 %", "tree"). */
char *fcsim_model_format(enum fcsim_model_unit unit, const char *const *choices, double value, char *buf, size_t size);

/* Short name of a unit for help text ("s", "B/s", ...). */
const char *fcsim_model_unit_name(enum fcsim_model_unit unit);

#endif
