/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app NAME [CONFIG] [options]`: applications run as traffic on a
 * simulated network (SPEC §5). The apps and their registry live in
 * src/apps/ (apps/app.h); this file lists them, parses the options an app
 * declares, calls it, prints its table and writes its JSON. Usage texts are
 * the apps' own, joined into the command-option table (options.c, "app NAME"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps/app.h"
#include "cli/app_table.h"
#include "cli/cli.h"
#include "cli/common.h"
#include "cli/options.h"
#include "cli/output.h"

#define MAX_APP_SETS 64

static const char *app_usage(const struct fcsim_app_ops *app);

static void usage(FILE *to)
{
  fprintf(to, "usage: fcsim app NAME [ARGS]\n"
              "  Each application has its own arguments (CONFIG is optional for some): "
              "`fcsim app NAME --help`.\napplications:\n");
  int n = 0;
  for (const struct fcsim_app_ops *a; (a = fcsim_app_at((size_t)n)); n++) {
    char key[64];
    snprintf(key, sizeof key, "app %s", a->name);
    const struct cli_doc *d = cli_doc_find(key);
    fprintf(to, "  %-10s %s\n", a->name, d ? d->summary : a->summary);
    if (d)
      fprintf(to, "  %-10s fcsim %s %s\n", "", d->command, d->synopsis);
  }
  if (!n)
    fprintf(to, "  (none registered)\n");
}

/* The app's own options, and what goes on to cli_parse. */
struct app_cli {
  const char *sets[MAX_APP_SETS], *link_sets[MAX_APP_SETS];
  int nsets, nlink_sets;
  struct fcsim_app_args args;
};

static int add_set(const char **list, int *n, const char *kv)
{
  if (*n == MAX_APP_SETS - 1) {
    fcsim_cli_error("too many --set stream.* or link.* options");
    return FCSIM_EXIT_USAGE;
  }
  list[(*n)++] = kv;
  list[*n] = NULL;
  return 0;
}

/* --preset, --block, --links, --link-preset, --set stream.* / link.*. */
static int stream_option(const struct fcsim_app_ops *app, int argc, char **argv, int *i, struct app_cli *c, int *taken)
{
  const char *a = argv[*i];
  int valued = !strcmp(a, "--preset") || !strcmp(a, "--block") || !strcmp(a, "--links") || !strcmp(a, "--link-preset");
  int is_set = (!strcmp(a, "--set") || !strcmp(a, "-s")) && *i + 1 < argc;
  *taken = 1;
  if (valued && *i + 1 >= argc) {
    fcsim_cli_error("option %s needs a value\n%s", a, app_usage(app));
    return FCSIM_EXIT_USAGE;
  }
  if (!strcmp(a, "--links")) {
    const char *v = argv[++*i];
    if (strcmp(v, "plain") && strcmp(v, "fc")) {
      fcsim_cli_error("--links `%s`: expected plain or fc", v);
      return FCSIM_EXIT_USAGE;
    }
    c->args.fc_links = !strcmp(v, "fc");
  } else if (!strcmp(a, "--link-preset")) {
    c->args.link_preset = argv[++*i];
  } else if (is_set && !strncmp(argv[*i + 1], "link.", 5)) {
    return add_set(c->link_sets, &c->nlink_sets, argv[++*i] + 5);
  } else if (!strcmp(a, "--preset")) {
    c->args.preset = argv[++*i];
  } else if (!strcmp(a, "--block")) {
    char *end;
    c->args.block = strtol(argv[++*i], &end, 10);
    if (*end || c->args.block < 1) {
      fcsim_cli_error("--block `%s`: expected a whole number of elements, at least 1", argv[*i]);
      return FCSIM_EXIT_USAGE;
    }
  } else if (is_set && !strncmp(argv[*i + 1], "stream.", 7)) {
    return add_set(c->sets, &c->nsets, argv[++*i] + 7);
  } else {
    *taken = 0;
  }
  return 0;
}

/* Splits the app's own options off; the rest go to cli_parse. */
static int split_args(const struct fcsim_app_ops *app, int argc, char **argv, char **rest, int *nrest,
                      struct app_cli *c)
{
  *nrest = 0;
  for (int i = 0; i < argc; i++) {
    int taken = 0, rc = 0;
    if ((app->options & FCSIM_APP_OPT_SCHEDULE) && !strcmp(argv[i], "--schedule") && i + 1 < argc) {
      c->args.schedule = argv[++i];
      taken = 1;
    } else if (app->options & FCSIM_APP_OPT_STREAM) {
      rc = stream_option(app, argc, argv, &i, c, &taken);
    }
    if (rc)
      return rc;
    if (!taken)
      rest[(*nrest)++] = argv[i];
  }
  return 0;
}

/* Runs the app on the loaded configuration; prints and writes the JSON. */
static int run_loaded(const struct fcsim_app_ops *app, struct fcsim_config *cfg, const struct cli_opts *o,
                      const struct app_cli *c)
{
  struct cli_out jo;
  if (cli_out_open(&jo, o->json_path))
    return FCSIM_EXIT_USAGE;
  struct fcsim_error err = {0};
  void *result = NULL;
  int rc = app->run(cfg, &c->args, &result, &err);
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    cli_out_abort(&jo);
    return cli_exit_for(rc);
  }
  if (!o->quiet && jo.f != stdout)
    app->print(result, stdout);
  int exit_code = FCSIM_EXIT_OK;
  if (jo.f) {
    if (app->write_json(result, jo.f)) {
      fcsim_cli_error("%s: cannot write the results", o->json_path);
      cli_out_abort(&jo);
      exit_code = FCSIM_EXIT_FAIL;
    } else if (cli_out_commit(&jo)) {
      exit_code = FCSIM_EXIT_FAIL;
    }
  }
  app->free_result(result);
  return exit_code;
}

/* The app's usage: its entry of the command-option table (every app has
 * one: checked at start-up, cli_app_docs_check). */
static const char *app_usage(const struct fcsim_app_ops *app)
{
  char key[64];
  snprintf(key, sizeof key, "app %s", app->name);
  return cli_usage(key);
}

int cli_app_docs_check(struct fcsim_error *err)
{
  char key[64];
  const struct fcsim_app_ops *a;
  for (size_t i = 0; (a = fcsim_app_at(i)); i++) {
    snprintf(key, sizeof key, "app %s", a->name);
    if (!cli_doc_find(key))
      return fcsim_error_set(err, FCSIM_EINTERNAL,
                             "application `%s`: its usage did not fit the command-option table (src/cli/options.c: "
                             "at most 64 apps, names under %d characters)",
                             a->name, FCSIM_APP_COMMAND_MAX - 4);
  }
  return 0;
}

static int run_network_app(const struct fcsim_app_ops *app, int argc, char **argv)
{
  struct app_cli c = {.args = {.block = 64}};
  c.args.sets = c.sets;
  c.args.link_sets = c.link_sets;
  char **rest = malloc((size_t)(argc + 1) * sizeof *rest);
  int nrest, rc;
  struct cli_opts o;
  if (!rest)
    return FCSIM_EXIT_FAIL;
  if ((rc = split_args(app, argc, argv, rest, &nrest, &c)) || (rc = cli_parse(nrest, rest, &o, 0, app_usage(app)))) {
    free(rest);
    return rc;
  }
  free(rest);
  if (o.help) {
    fputs(app_usage(app), stdout);
    return FCSIM_EXIT_OK;
  }
  const char *outs[] = {o.json_path}, *ins[] = {o.config_path};
  if (cli_out_check_paths(outs, 1, ins, 1))
    return FCSIM_EXIT_USAGE;
  struct fcsim_config *cfg = cli_load_config(&o);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  rc = run_loaded(app, cfg, &o, &c);
  fcsim_config_destroy(cfg);
  return rc;
}

int fcsim_cmd_app(int argc, char **argv)
{
  if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    usage(argc < 1 ? stderr : stdout);
    return argc < 1 ? FCSIM_EXIT_USAGE : FCSIM_EXIT_OK;
  }
  const struct fcsim_app_ops *app = fcsim_app_find(argv[0]);
  if (!app) {
    char names[256] = "";
    for (size_t k = 0; fcsim_app_at(k); k++)
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", fcsim_app_at(k)->name);
    fcsim_cli_error("unknown application `%s` (applications: %s; `fcsim app NAME --help`)", argv[0], names);
    return FCSIM_EXIT_USAGE;
  }
  if (app->table) {
    const struct cli_table_app t = {app->table->ops, app->name, app->table->alias, app->table->title};
    return cli_table_app_run(&t, argc - 1, argv + 1);
  }
  return run_network_app(app, argc - 1, argv + 1);
}
