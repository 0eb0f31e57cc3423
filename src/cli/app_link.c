/* `fcsim app link [CONFIG] [--preset P] [--set KEY=VALUE ...] [--json FILE]`:
 * one link simulated under a protocol (src/link/link_sim.h), printed beside
 * the analytic models' figures. CONFIG is an INI file whose [link] section
 * holds the same keys as --set (`fcsim app link --help` lists them). */
#include <ini.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/app.h"
#include "cli/cli.h"
#include "cli/common.h"
#include "cli/output.h"
#include "fcsim/fcsim.h"
#include "link/link_app.h"

#define MAX_SETS 128

/* Parsed command line. */
struct link_args {
  const char *config;         /* CONFIG, or NULL */
  const char *preset;         /* --preset */
  const char *sets[MAX_SETS]; /* --set key=value, in order */
  int n_sets;
  const char *json_path; /* --json FILE */
};

/* State of the INI reader's handler. */
struct ini_ctx {
  double *values;          /* parameters being set */
  struct fcsim_error *err; /* the first error */
  int failed;              /* an error was recorded */
};

static void usage(FILE *out)
{
  const struct fcsim_model_ops *m = &fcsim_link_app;
  char def[64];
  fprintf(out,
          "usage: fcsim app link [CONFIG] [--preset P] [--set KEY=VALUE ...] [--json FILE]\n"
          "%s\nsource: %s\n%s\n\nkeys (section [link] of CONFIG, or --set):\n",
          m->summary, m->source, m->notes);
  for (size_t i = 0; i < m->n_params; i++) {
    const struct fcsim_model_param *p = &m->params[i];
    if (p->flags & FCSIM_MP_AUTO)
      snprintf(def, sizeof def, "auto");
    else
      fcsim_model_format(p->unit, p->choices, p->def, def, sizeof def);
    fprintf(out, "  %-18s default %-12s %s\n", p->name, def, p->help);
  }
  fprintf(out, "\npresets:\n");
  for (size_t k = 0; k < m->n_presets; k++)
    fprintf(out, "  %-8s %s\n", m->presets[k].name, m->presets[k].help);
  fprintf(out, "\nresults:\n");
  for (size_t i = 0; i < m->n_results; i++)
    fprintf(out, "  %-26s %s\n", m->results[i].name, m->results[i].help);
}

static int parse_args(int argc, char **argv, struct link_args *a)
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
      a->sets[a->n_sets++] = argv[++i];
      continue;
    } else if (o[0] == '-' && o[1]) {
      fcsim_cli_error("unknown option `%s` (see `fcsim app link --help`)", o);
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

/* Sets one key, with a message naming this command's keys when unknown. */
static int set_key(double *values, const char *key, const char *text, struct fcsim_error *err)
{
  if (fcsim_model_param_index(&fcsim_link_app, key) < 0)
    return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "unknown key `%s` (`fcsim app link --help` lists the keys)", key);
  return fcsim_model_set(&fcsim_link_app, values, key, text, err);
}

static int link_ini_handler(void *user, const char *section, const char *name, const char *value)
{
  struct ini_ctx *c = user;
  if (c->failed)
    return 0;
  if (strcmp(section, "link")) {
    fcsim_error_set(c->err, FCSIM_EUNKNOWN_KEY, "section [%s]: expected [link]", section);
    c->failed = 1;
    return 0;
  }
  if (set_key(c->values, name, value, c->err)) {
    c->failed = 1;
    return 0;
  }
  return 1;
}

static int load_config(const char *path, double *values, struct fcsim_error *err)
{
  struct ini_ctx c = {values, err, 0};
  int line = ini_parse(path, link_ini_handler, &c);
  if (line < 0)
    return fcsim_error_set(err, FCSIM_EIO, "%s: cannot read the file", path);
  if (line > 0) {
    char msg[FCSIM_ERROR_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", c.failed ? err->msg : "syntax error (expected `key = value` or `[link]`)");
    int code = c.failed ? err->code : FCSIM_EPARSE;
    fcsim_error_clear(err); /* the record keeps only a first message */
    return fcsim_error_set(err, code, "%s:%d: %s", path, line, msg);
  }
  return 0;
}

static int gather_values(const struct link_args *a, double *v, struct fcsim_error *err)
{
  fcsim_model_defaults(&fcsim_link_app, v);
  int rc = 0;
  if (a->preset)
    rc = fcsim_model_apply_preset(&fcsim_link_app, v, a->preset, err);
  if (!rc && a->config)
    rc = load_config(a->config, v, err);
  for (int i = 0; !rc && i < a->n_sets; i++) {
    char key[128];
    const char *eq = strchr(a->sets[i], '=');
    if (!eq || eq == a->sets[i] || (size_t)(eq - a->sets[i]) >= sizeof key)
      return fcsim_error_set(err, FCSIM_EINVAL, "--set `%s`: expected KEY=VALUE", a->sets[i]);
    memcpy(key, a->sets[i], (size_t)(eq - a->sets[i]));
    key[eq - a->sets[i]] = '\0';
    const char *k = strncmp(key, "link.", 5) ? key : key + 5;
    if ((rc = set_key(v, k, eq + 1, err)))
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

static int write_json(const char *path, const double *v, const double *r)
{
  const struct fcsim_model_ops *m = &fcsim_link_app;
  json_t *root = json_object(), *cfg = json_object(), *met = json_object();
  for (size_t i = 0; i < m->n_params; i++)
    json_object_set_new(cfg, m->params[i].name, jv(m->params[i].unit, m->params[i].choices, v[i]));
  for (size_t i = 0; i < m->n_results; i++)
    json_object_set_new(met, m->results[i].name, jv(m->results[i].unit, NULL, r[i]));
  json_object_set_new(root, "fcsim", json_string(fcsim_version()));
  json_object_set_new(root, "app", json_string("link"));
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

static void print_table(const double *v, const double *r)
{
  const struct fcsim_model_ops *m = &fcsim_link_app;
  char buf[64];
  printf("fcsim app link: protocol %s\n",
         fcsim_model_format(FCSIM_MU_ENUM, m->params[0].choices, v[0], buf, sizeof buf));
  for (size_t i = 0; i < m->n_results; i++) {
    if (isnan(r[i]))
      continue;
    printf("  %-26s %s\n", m->results[i].name, fcsim_model_format(m->results[i].unit, NULL, r[i], buf, sizeof buf));
  }
}

static int run(int argc, char **argv)
{
  if (argc >= 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
    usage(stdout);
    return FCSIM_EXIT_OK;
  }
  struct link_args a;
  int rc = parse_args(argc, argv, &a);
  if (rc)
    return rc;
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if ((rc = gather_values(&a, v, &err)) || (rc = fcsim_model_eval(&fcsim_link_app, v, r, &err))) {
    fcsim_cli_error("%s", err.msg);
    return cli_exit_for(rc);
  }
  print_table(v, r);
  if (a.json_path && write_json(a.json_path, v, r))
    return FCSIM_EXIT_FAIL;
  return FCSIM_EXIT_OK;
}

const struct fcsim_cli_app fcsim_app_link = {
    "link",
    "one link under a protocol (ideal, fc, tnw): throughput, latency, buffers, retransmissions",
    run,
};
