/* fcsim help [config [--markdown]] */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "fcsim/config.h"

int fcsim_cmd_help(int argc, char **argv)
{
  if (argc >= 1 && !strcmp(argv[0], "config")) {
    int md = argc >= 2 && !strcmp(argv[1], "--markdown");
    fcsim_config_print_help(stdout, md);
    return FCSIM_EXIT_OK;
  }
  if (argc >= 1) {
    fcsim_cli_error("unknown help topic `%s` (topics: config)", argv[0]);
    return FCSIM_EXIT_USAGE;
  }
  printf("fcsim help config             every configuration key: unit, default, range, meaning\n"
         "fcsim help config --markdown  the same as Markdown (docs/CONFIG.md)\n"
         "fcsim COMMAND --help          options of a command\n");
  return FCSIM_EXIT_OK;
}
