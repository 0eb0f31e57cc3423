/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim model`: lists the analytic models, documents one, and evaluates
 * one at a point or over a sweep (--vary), writing a table to stdout and
 * optionally JSON and CSV files. All parsing and validation comes from the
 * model's parameter table (src/model/params.c); this file only handles the
 * command line and output. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "cli/options.h"
#include "cli/output.h"
#include "core/csv.h"
#include "core/range.h"
#include "fcsim/model.h"

#define MAX_SETS   256
#define MAX_POINTS 100000

/* Parsed command line of one evaluation. */
struct model_args {
  const char *preset;         /* --preset, or NULL */
  const char *sets[MAX_SETS]; /* --set key=value, in order */
  size_t n_sets;
  const char *vary;      /* --vary key=a:b:step, or NULL */
  const char *json_path; /* --json FILE, or NULL */
  const char *csv_path;  /* --csv FILE, or NULL */
};

static void print_list(FILE *out)
{
  const struct fcsim_model_ops *const *list = fcsim_model_list();
  cli_usage_print(out, "model");
  fputs("models:\n", out);
  for (size_t i = 0; list[i]; i++) {
    fprintf(out, "  %-8s %s\n", list[i]->name, list[i]->summary);
    if (list[i]->n_presets) {
      fprintf(out, "  %-8s presets:", "");
      for (size_t k = 0; k < list[i]->n_presets; k++)
        fprintf(out, " %s", list[i]->presets[k].name);
      fputc('\n', out);
    }
  }
}

/* Describes the allowed values of a parameter for --help. */
static void describe_range(const struct fcsim_model_param *p, char *buf, size_t size)
{
  char lo[64], hi[64];
  if (p->unit == FCSIM_MU_ENUM) {
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; p->choices[i]; i++) {
      snprintf(buf + len, size - len, "%s%s", i ? "|" : "", p->choices[i]);
      len = strlen(buf);
    }
    return;
  }
  fcsim_model_format(p->unit, NULL, p->min, lo, sizeof lo);
  fcsim_model_format(p->unit, NULL, p->max, hi, sizeof hi);
  snprintf(buf, size, "%s .. %s%s", lo, hi, (p->flags & FCSIM_MP_POW2) ? ", power of two" : "");
}

static void print_help(const struct fcsim_model_ops *m, FILE *out)
{
  char def[64], range[160];
  fprintf(out, "fcsim model %s - %s\nsource: %s\n", m->name, m->summary, m->source);
  if (m->notes)
    fprintf(out, "\n%s\n", m->notes);
  fprintf(out, "\nparameters (--set NAME=VALUE; units accepted where shown):\n");
  for (size_t i = 0; i < m->n_params; i++) {
    const struct fcsim_model_param *p = &m->params[i];
    if (p->flags & FCSIM_MP_AUTO)
      snprintf(def, sizeof def, "auto");
    else
      fcsim_model_format(p->unit, p->choices, p->def, def, sizeof def);
    describe_range(p, range, sizeof range);
    fprintf(out, "  %-16s %-7s default %-14s [%s]\n  %-16s %s\n", p->name, fcsim_model_unit_name(p->unit), def, range,
            "", p->help);
  }
  fprintf(out, "\nresults:\n");
  for (size_t i = 0; i < m->n_results; i++)
    fprintf(out, "  %-22s %-7s %s\n", m->results[i].name, fcsim_model_unit_name(m->results[i].unit),
            m->results[i].help);
  if (m->n_presets) {
    fprintf(out, "\npresets (--preset NAME):\n");
    for (size_t k = 0; k < m->n_presets; k++) {
      fprintf(out, "  %-14s %s\n  %-14s", m->presets[k].name, m->presets[k].help, "");
      for (size_t j = 0; m->presets[k].settings[j]; j++)
        fprintf(out, " %s", m->presets[k].settings[j]);
      fputc('\n', out);
    }
  }
  fprintf(out, "\nJSON and CSV values are in SI base units (s, Hz, B, B/s, b/s, flop/s).\n");
}

/* Parses the options after the model name. Returns 0 or prints an error and
 * returns FCSIM_EXIT_USAGE. */
static int parse_args(int argc, char **argv, struct model_args *a)
{
  memset(a, 0, sizeof *a);
  for (int i = 0; i < argc; i++) {
    const char *opt = argv[i];
    const char **slot = NULL;
    if (!strcmp(opt, "--preset"))
      slot = &a->preset;
    else if (!strcmp(opt, "--vary"))
      slot = &a->vary;
    else if (!strcmp(opt, "--json"))
      slot = &a->json_path;
    else if (!strcmp(opt, "--csv"))
      slot = &a->csv_path;
    else if (!strcmp(opt, "--set")) {
      if (i + 1 >= argc) {
        fcsim_cli_error("--set needs key=value");
        return FCSIM_EXIT_USAGE;
      }
      if (a->n_sets == MAX_SETS) {
        fcsim_cli_error("too many --set options");
        return FCSIM_EXIT_USAGE;
      }
      if (cli_check_set(opt, argv[i + 1], i + 2 < argc ? argv[i + 2] : NULL))
        return FCSIM_EXIT_USAGE;
      a->sets[a->n_sets++] = argv[++i];
      continue;
    } else {
      fcsim_cli_error("unknown option `%s` (see `fcsim model NAME --help`)", opt);
      return FCSIM_EXIT_USAGE;
    }
    if (i + 1 >= argc) {
      fcsim_cli_error("%s needs a value", opt);
      return FCSIM_EXIT_USAGE;
    }
    if (*slot != NULL) {
      fcsim_cli_error("%s given twice", opt);
      return FCSIM_EXIT_USAGE;
    }
    *slot = argv[++i];
  }
  return 0;
}

/* Parsed --vary. */
struct sweep {
  int index; /* parameter index, or -1 for no sweep */
  double start, stop, step;
  size_t points;
};

/* Parses "key=a:b:step" (core/range.c) against the model's table: START and
 * STOP are values of the parameter (with its units), STEP a positive
 * difference in the same units. */
static int parse_vary(const struct fcsim_model_ops *m, const char *text, struct sweep *s, struct fcsim_error *err)
{
  struct fcsim_range_spec r;
  int rc = fcsim_range_split(text, "--vary", &r, err);
  if (rc)
    return rc;
  double scratch[FCSIM_MODEL_MAX_PARAMS], v[3];
  fcsim_model_defaults(m, scratch);
  if ((rc = fcsim_model_set(m, scratch, r.key, r.part[0], err)) != 0)
    return rc;
  s->index = fcsim_model_param_index(m, r.key);
  const struct fcsim_model_param *p = &m->params[s->index];
  if (p->unit == FCSIM_MU_ENUM)
    return fcsim_error_set(err, FCSIM_EINVAL, "--vary: parameter `%s` is a choice, not a number", r.key);
  v[0] = scratch[s->index];
  if ((rc = fcsim_model_set(m, scratch, r.key, r.part[1], err)) != 0)
    return rc;
  v[1] = scratch[s->index];
  /* the step is a difference, so only its unit and sign are checked */
  struct fcsim_model_param step_p = *p;
  step_p.min = 0;
  step_p.max = INFINITY;
  step_p.flags &= ~FCSIM_MP_POW2;
  if ((rc = fcsim_model_parse_param(&step_p, r.part[2], &v[2], err)) != 0)
    return rc;
  if ((rc = fcsim_range_count(v, MAX_POINTS, "--vary", text, &s->points, err)) != 0)
    return rc;
  s->start = v[0];
  s->stop = v[1];
  s->step = v[2];
  return 0;
}

/* JSON value of one parameter or result. */
static json_t *json_value(enum fcsim_model_unit unit, const char *const *choices, double v)
{
  if (isnan(v) || isinf(v))
    return json_null();
  if (unit == FCSIM_MU_ENUM) {
    char buf[64];
    return json_string(fcsim_model_format(unit, choices, v, buf, sizeof buf));
  }
  if (fabs(v) < 9e15 && v == floor(v) && (unit == FCSIM_MU_COUNT || unit == FCSIM_MU_CYCLES || unit == FCSIM_MU_BYTES))
    return json_integer((json_int_t)v);
  return json_real(v);
}

static json_t *point_json(const struct fcsim_model_ops *m, const double *v, const double *r)
{
  json_t *obj = json_object(), *params = json_object(), *res = json_object();
  for (size_t i = 0; i < m->n_params; i++)
    json_object_set_new(params, m->params[i].name, json_value(m->params[i].unit, m->params[i].choices, v[i]));
  for (size_t i = 0; i < m->n_results; i++)
    json_object_set_new(res, m->results[i].name, json_value(m->results[i].unit, NULL, r[i]));
  json_object_set_new(obj, "model", json_string(m->name));
  json_object_set_new(obj, "params", params);
  json_object_set_new(obj, "results", res);
  return obj;
}

static void print_point(const struct fcsim_model_ops *m, const char *preset, const double *v, const double *r)
{
  char buf[64];
  printf("model %s: %s\n", m->name, m->summary);
  printf("source: %s\n", m->source);
  if (preset)
    printf("preset: %s\n", preset);
  printf("\nparameters\n");
  for (size_t i = 0; i < m->n_params; i++)
    printf("  %-22s %s\n", m->params[i].name,
           fcsim_model_format(m->params[i].unit, m->params[i].choices, v[i], buf, sizeof buf));
  printf("\nresults\n");
  for (size_t i = 0; i < m->n_results; i++)
    printf("  %-22s %s\n", m->results[i].name, fcsim_model_format(m->results[i].unit, NULL, r[i], buf, sizeof buf));
}

/* Width of result column i of the sweep table. */
static int col_width(const struct fcsim_model_ops *m, size_t i)
{
  int w = (int)strlen(m->results[i].name);
  return w > 14 ? w : 14;
}

static void print_sweep_header(const struct fcsim_model_ops *m, const char *preset, int index)
{
  printf("model %s: %s\n", m->name, m->summary);
  if (preset)
    printf("preset: %s\n", preset);
  printf("\n%-14s", m->params[index].name);
  for (size_t i = 0; i < m->n_results; i++)
    printf(" %*s", col_width(m, i), m->results[i].name);
  putchar('\n');
}

static void print_sweep_row(const struct fcsim_model_ops *m, int index, const double *v, const double *r)
{
  char buf[64];
  printf("%-14s", fcsim_model_format(m->params[index].unit, NULL, v[index], buf, sizeof buf));
  for (size_t i = 0; i < m->n_results; i++)
    printf(" %*s", col_width(m, i), fcsim_model_format(m->results[i].unit, NULL, r[i], buf, sizeof buf));
  putchar('\n');
}

/* Evaluates the model at every point; writes outputs. */
static int evaluate(const struct fcsim_model_ops *m, const struct model_args *a)
{
  struct fcsim_error err;
  double base[FCSIM_MODEL_MAX_PARAMS], v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct sweep sw = {.index = -1, .points = 1};
  fcsim_error_clear(&err);

  fcsim_model_defaults(m, base);
  if (a->preset && fcsim_model_apply_preset(m, base, a->preset, &err) != 0)
    goto bad_input;
  for (size_t i = 0; i < a->n_sets; i++)
    if (fcsim_model_set_kv(m, base, a->sets[i], &err) != 0)
      goto bad_input;
  if (a->vary && parse_vary(m, a->vary, &sw, &err) != 0)
    goto bad_input;

  const char *outs[] = {a->json_path, a->csv_path};
  if (cli_out_check_paths(outs, 2, NULL, 0))
    return FCSIM_EXIT_USAGE;
  json_t *doc = NULL;
  struct cli_out jo, co;
  cli_out_install_signals();
  if (cli_out_open(&jo, a->json_path) || cli_out_open(&co, a->csv_path)) {
    cli_out_abort(&jo);
    return FCSIM_EXIT_USAGE;
  }
  static const char *const csv_drop[] = {"params", "results", NULL};
  struct fcsim_csv *csv = co.f ? fcsim_csv_new(csv_drop, 12) : NULL; /* the JSON's precision */
  int show = jo.f != stdout && co.f != stdout; /* stdout carries a result file */
  if (a->json_path)
    doc = sw.index >= 0 ? json_array() : NULL;
  if (sw.index >= 0 && show)
    print_sweep_header(m, a->preset, sw.index);

  int status = FCSIM_EXIT_OK;
  for (size_t k = 0; k < sw.points; k++) {
    memcpy(v, base, sizeof(double) * m->n_params);
    if (sw.index >= 0) {
      double x = sw.start + (double)k * sw.step;
      const struct fcsim_model_param *p = &m->params[sw.index];
      if ((p->flags & FCSIM_MP_POW2) && x != exp2(floor(log2(x))))
        continue; /* a sweep over a power-of-two parameter skips other sizes */
      v[sw.index] = x;
    }
    if (fcsim_model_eval(m, v, r, &err) != 0) {
      fcsim_cli_error("model %s: %s", m->name, err.msg);
      status = FCSIM_EXIT_USAGE;
      break;
    }
    if (show && sw.index >= 0)
      print_sweep_row(m, sw.index, v, r);
    else if (show)
      print_point(m, a->preset, v, r);
    if (a->json_path) {
      json_t *pt = point_json(m, v, r);
      if (doc)
        json_array_append_new(doc, pt);
      else
        doc = pt;
    }
    if (csv) {
      json_t *pt = point_json(m, v, r);
      int bad = !pt || fcsim_csv_add(csv, pt, &err);
      json_decref(pt);
      if (bad)
        status = FCSIM_EXIT_FAIL;
    }
  }
  if (status == FCSIM_EXIT_OK && csv && fcsim_csv_write(csv, co.f, &err))
    status = FCSIM_EXIT_FAIL;
  fcsim_csv_free(csv);

  if (status == FCSIM_EXIT_OK && doc &&
      (json_dumpf(doc, jo.f, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12)) != 0 ||
       fputc('\n', jo.f) == EOF))
    status = FCSIM_EXIT_FAIL;
  json_decref(doc);
  if (status == FCSIM_EXIT_USAGE) { /* a bad point: write nothing */
    cli_out_abort(&jo);
    cli_out_abort(&co);
    return status;
  }
  if (cli_out_commit(&jo))
    status = FCSIM_EXIT_FAIL;
  if (cli_out_commit(&co))
    status = FCSIM_EXIT_FAIL;
  return status;

bad_input:
  fcsim_cli_error("model %s: %s", m->name, err.msg);
  return FCSIM_EXIT_USAGE;
}

int fcsim_cmd_model(int argc, char **argv)
{
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if (fcsim_model_check_registry(&err) != 0) {
    fcsim_cli_error("internal error in the model tables: %s", err.msg);
    return FCSIM_EXIT_FAIL;
  }
  if (argc < 1) {
    print_list(stderr);
    return FCSIM_EXIT_USAGE;
  }
  if (!strcmp(argv[0], "list") || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    print_list(stdout);
    return FCSIM_EXIT_OK;
  }
  const struct fcsim_model_ops *m = fcsim_model_find(argv[0]);
  if (m == NULL) {
    fcsim_cli_error("unknown model `%s` (`fcsim model list` shows the models)", argv[0]);
    return FCSIM_EXIT_USAGE;
  }
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      print_help(m, stdout);
      return FCSIM_EXIT_OK;
    }
  struct model_args a;
  int rc = parse_args(argc - 1, argv + 1, &a);
  if (rc)
    return rc;
  return evaluate(m, &a);
}
