/* `fcsim app NAME CONFIG [options]`: applications run as traffic on a
 * simulated network (SPEC §5). Each application is one row of the table
 * below and one function in its own file src/cli/app_NAME.c; this file only
 * dispatches and lists them. */
#include <string.h>

#include "cli/app.h"
#include "cli/cli.h"

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
  fprintf(to, "usage: fcsim app NAME CONFIG [--set KEY=VALUE ...] [--json FILE]\n"
              "applications:\n");
  int n = 0;
  for (const struct fcsim_cli_app *const *a = apps; *a; a++, n++)
    fprintf(to, "  %-10s %s\n", (*a)->name, (*a)->summary);
  if (!n)
    fprintf(to, "  (none registered)\n");
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
    fcsim_cli_error("unknown application `%s` (fcsim app --help lists them)", argv[0]);
    return FCSIM_EXIT_USAGE;
  }
  return app->run(argc - 1, argv + 1);
}
