/* SPDX-License-Identifier: BSD-3-Clause */
/* The command line shared by the table-driven applications (app_table.h):
 * argument parsing, the INI file, --set, --preset, the printed table and
 * the JSON results file. */
#include "cli/app_table.h"
#include "apps/app_config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "core/text.h"
#include "cli/common.h"
#include "cli/output.h"
#include "fcsim/fcsim.h"

#define MAX_SETS 128

/* Parsed command line. */
struct table_args {
  const char *config;         /* CONFIG, or NULL */
  const char *preset;         /* --preset */
  const char *sets[MAX_SETS]; /* --set key=value, in order */
  int n_sets;                 /* how many */
  const char *json_path;      /* --json FILE */
};

static void usage(const struct cli_table_app *app, FILE *out)
{
  const struct fcsim_model_ops *m = app->ops;
  char def[64];
  char command[64];
  snprintf(command, sizeof command, "app %s", m->name);
  cli_usage_print(out, command);
  fprintf(out, "\n%s\nsource: %s\n%s\n\nkeys (section [%s] of CONFIG, or --set):\n", m->summary, m->source,
          m->notes ? m->notes : "", app->section);
  for (size_t i = 0; i < m->n_params; i++) {
    const struct fcsim_model_param *p = &m->params[i];
    if (p->flags & FCSIM_MP_AUTO)
      snprintf(def, sizeof def, "auto");
    else
      fcsim_model_format(p->unit, p->choices, p->def, def, sizeof def);
    fprintf(out, "  %-18s default %-12s %s\n", p->name, def, p->help);
  }
  if (m->n_presets)
    fprintf(out, "\npresets:\n");
  for (size_t k = 0; k < m->n_presets; k++)
    fprintf(out, "  %-8s %s\n", m->presets[k].name, m->presets[k].help);
  fprintf(out, "\nresults:\n");
  for (size_t i = 0; i < m->n_results; i++)
    fprintf(out, "  %-26s %s\n", m->results[i].name, m->results[i].help);
}

static int parse_args(const struct cli_table_app *app, int argc, char **argv, struct table_args *a)
{
  memset(a, 0, sizeof *a);
  for (int i = 0; i < argc; i++) {
    const char *o = argv[i];
    const char **slot = NULL;
    if (!strcmp(o, "--preset"))
      slot = &a->preset;
    else if (!strcmp(o, "--json"))
      slot = &a->json_path;
    else if (!strcmp(o, "--set")) {
      if (i + 1 >= argc || a->n_sets == MAX_SETS) {
        fcsim_cli_error("--set needs key=value");
        return FCSIM_EXIT_USAGE;
      }
      if (cli_check_set(o, argv[i + 1], i + 2 < argc ? argv[i + 2] : NULL))
        return FCSIM_EXIT_USAGE;
      a->sets[a->n_sets++] = argv[++i];
      continue;
    } else if (o[0] == '-' && o[1]) {
      fcsim_cli_error("unknown option `%s` (see `fcsim app %s --help`)", o, app->ops->name);
      return FCSIM_EXIT_USAGE;
    } else if (!a->config) {
      a->config = o;
      continue;
    } else {
      fcsim_cli_error("more than one CONFIG given (`%s`, `%s`)", a->config, o);
      return FCSIM_EXIT_USAGE;
    }
    if (i + 1 >= argc || *slot) {
      fcsim_cli_error("%s needs one value, given once", o);
      return FCSIM_EXIT_USAGE;
    }
    *slot = argv[++i];
  }
  return 0;
}

static int load_config(const struct cli_table_app *app, const char *path, double *values, struct fcsim_error *err)
{
  return fcsim_app_config_read(app->ops, app->section, path, FCSIM_MAX_INPUT_BYTES_DEFAULT, values, err);
}

/* The key without an accepted prefix (`halo.steps` -> `steps`). */
static const char *strip_prefix(const struct cli_table_app *app, const char *key)
{
  const char *pre[] = {app->section, app->alias};
  for (int i = 0; i < 2; i++) {
    size_t n = pre[i] ? strlen(pre[i]) : 0;
    if (n && !strncmp(key, pre[i], n) && key[n] == '.')
      return key + n + 1;
  }
  return key;
}

static int gather_values(const struct cli_table_app *app, const struct table_args *a, double *v,
                         struct fcsim_error *err)
{
  fcsim_model_defaults(app->ops, v);
  int rc = 0;
  if (a->preset)
    rc = fcsim_model_apply_preset(app->ops, v, a->preset, err);
  if (!rc && a->config)
    rc = load_config(app, a->config, v, err);
  for (int i = 0; !rc && i < a->n_sets; i++) {
    char key[128];
    const char *eq = strchr(a->sets[i], '=');
    if (!eq || eq == a->sets[i] || (size_t)(eq - a->sets[i]) >= sizeof key)
      return fcsim_error_set(err, FCSIM_EINVAL, "--set `%s`: expected KEY=VALUE", a->sets[i]);
    memcpy(key, a->sets[i], (size_t)(eq - a->sets[i]));
    key[eq - a->sets[i]] = '\0';
    if ((rc = fcsim_app_config_set(app->ops, v, strip_prefix(app, key), eq + 1, err)))
      return rc;
  }
  return rc;
}

static json_t *jv(enum fcsim_model_unit unit, const char *const *choices, double v)
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

static int write_json(const struct cli_table_app *app, const char *path, const double *v, const double *r)
{
  const struct fcsim_model_ops *m = app->ops;
  json_t *root = json_object(), *cfg = json_object(), *met = json_object();
  for (size_t i = 0; i < m->n_params; i++)
    json_object_set_new(cfg, m->params[i].name, jv(m->params[i].unit, m->params[i].choices, v[i]));
  for (size_t i = 0; i < m->n_results; i++)
    json_object_set_new(met, m->results[i].name, jv(m->results[i].unit, NULL, r[i]));
  json_object_set_new(root, "fcsim", json_string(fcsim_version()));
  json_object_set_new(root, "app", json_string(m->name));
  json_object_set_new(root, "config", cfg);
  json_object_set_new(root, "metrics", met);
  struct cli_out o;
  int rc = cli_out_open(&o, path);
  if (!rc) {
    json_dumpf(root, o.f, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    fputc('\n', o.f);
    rc = cli_out_commit(&o);
  }
  json_decref(root);
  return rc;
}

static void print_table(const struct cli_table_app *app, const double *v, const double *r)
{
  const struct fcsim_model_ops *m = app->ops;
  char buf[64];
  if (app->title)
    app->title(v);
  else
    printf("fcsim app %s\n", m->name);
  for (size_t i = 0; i < m->n_results; i++) {
    if (isnan(r[i]))
      continue;
    printf("  %-26s %s\n", m->results[i].name, fcsim_model_format(m->results[i].unit, NULL, r[i], buf, sizeof buf));
  }
}

int cli_table_app_run(const struct cli_table_app *app, int argc, char **argv)
{
  if (argc >= 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
    usage(app, stdout);
    return FCSIM_EXIT_OK;
  }
  struct table_args a;
  int rc = parse_args(app, argc, argv, &a);
  if (rc)
    return rc;
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if ((rc = gather_values(app, &a, v, &err)) || (rc = fcsim_model_eval(app->ops, v, r, &err))) {
    fcsim_cli_error("%s", err.msg);
    return cli_exit_for(rc);
  }
  if (!cli_out_is_stdout(a.json_path)) /* `--json -`: stdout carries the JSON only */
    print_table(app, v, r);
  if (a.json_path && write_json(app, a.json_path, v, r))
    return FCSIM_EXIT_FAIL;
  return FCSIM_EXIT_OK;
}
