/* `fcsim app halo [CONFIG] [--set KEY=VALUE ...] [--json FILE]`: the LBM
 * halo exchange on a 3D torus of TNW links (src/apps/halo/halo_sim.h), with the
 * analytic estimate beside the simulated communication time. CONFIG is an
 * INI file whose [halo] section holds the same keys as --set (`fcsim app
 * halo --help` lists them); keys may be written halo.KEY or link.KEY. */
#include <stdio.h>

#include "cli/app.h"
#include "cli/app_table.h"
#include "apps/halo/halo_app.h"

/* the parameter table's first six entries: nodes x, y, z, lattice x, y, z */
static void title(const double *v)
{
  printf("fcsim app halo: %gx%gx%g torus of TNW links, %gx%gx%g cells per node\n", v[0], v[1], v[2], v[3], v[4], v[5]);
}

static const struct cli_table_app halo_table = {&fcsim_halo_app, "halo", "link", title};

static int run(int argc, char **argv)
{
  return cli_table_app_run(&halo_table, argc, argv);
}

const struct fcsim_cli_app fcsim_app_halo = {
    "halo",
    run,
};
