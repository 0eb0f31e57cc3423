/* `fcsim app link [CONFIG] [--preset P] [--set KEY=VALUE ...] [--json FILE]`:
 * one link simulated under a protocol (src/apps/link/link_sim.h), printed beside
 * the analytic models' figures. CONFIG is an INI file whose [link] section
 * holds the same keys as --set (`fcsim app link --help` lists them); the
 * command line itself is app_table.c's. */
#include <stdio.h>

#include "cli/app.h"
#include "cli/app_table.h"
#include "apps/link/link_app.h"

static void title(const double *v)
{
  char buf[64];
  printf("fcsim app link: protocol %s\n",
         fcsim_model_format(FCSIM_MU_ENUM, fcsim_link_app.params[0].choices, v[0], buf, sizeof buf));
}

static const struct cli_table_app link_table = {&fcsim_link_app, "link", NULL, title};

static int run(int argc, char **argv)
{
  return cli_table_app_run(&link_table, argc, argv);
}

const struct fcsim_cli_app fcsim_app_link = {
    "link",
    run,
};
