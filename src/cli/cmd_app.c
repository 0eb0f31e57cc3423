/* `fcsim app NAME [ARGS]`: applications run as traffic on a
 * simulated network (SPEC §5). Each application is one row of the table
 * below and one function in its own file src/cli/app_NAME.c; this file only
 * dispatches and lists them. */
#include <stdio.h>
#include <string.h>

#include "cli/app.h"
#include "cli/cli.h"
#include "cli/options.h"

extern const struct fcsim_cli_app fcsim_app_link;
extern const struct fcsim_cli_app fcsim_app_halo;
extern const struct fcsim_cli_app fcsim_app_gather;
extern const struct fcsim_cli_app fcsim_app_scatter;
extern const struct fcsim_cli_app fcsim_app_allgather;
extern const struct fcsim_cli_app fcsim_app_ring;
extern const struct fcsim_cli_app fcsim_cli_app_fft;
extern const struct fcsim_cli_app fcsim_cli_app_stream;

static const struct fcsim_cli_app *const apps[] = {
    /* one row per application, in the order `fcsim app --help` lists them */
    &fcsim_cli_app_fft, &fcsim_cli_app_stream, &fcsim_app_gather, &fcsim_app_scatter, &fcsim_app_allgather, &fcsim_app_ring, &fcsim_app_link, &fcsim_app_halo, NULL,
};

static void usage(FILE *to)
{
  fprintf(to, "usage: fcsim app NAME [ARGS]\n"
              "  Each application has its own arguments (CONFIG is optional for some): "
              "`fcsim app NAME --help`.\napplications:\n");
  for (const struct fcsim_cli_app *const *a = apps; *a; a++) {
    char key[64];
    snprintf(key, sizeof key, "app %s", (*a)->name);
    const struct cli_doc *d = cli_doc_find(key);
    fprintf(to, "  %-10s %s\n", (*a)->name, d ? d->summary : "");
    if (d)
      fprintf(to, "  %-10s fcsim %s %s\n", "", d->command, d->synopsis);
  }
}

const struct fcsim_cli_app *fcsim_cli_app_find(const char *name)
{
  for (const struct fcsim_cli_app *const *a = apps; *a; a++)
    if (!strcmp((*a)->name, name))
      return *a;
  return NULL;
}

int fcsim_cmd_app(int argc, char **argv)
{
  if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    usage(argc < 1 ? stderr : stdout);
    return argc < 1 ? FCSIM_EXIT_USAGE : FCSIM_EXIT_OK;
  }
  const struct fcsim_cli_app *app = fcsim_cli_app_find(argv[0]);
  if (!app) {
    char names[256] = "";
    for (const struct fcsim_cli_app *const *a = apps; *a; a++)
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", a == apps ? "" : ", ", (*a)->name);
    fcsim_cli_error("unknown application `%s` (applications: %s; `fcsim app NAME --help`)", argv[0], names);
    return FCSIM_EXIT_USAGE;
  }
  return app->run(argc - 1, argv + 1);
}
