/* fcsim: entry point and subcommand dispatch. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

struct subcommand {
  const char *name;
  int (*fn)(int argc, char **argv);
  const char *summary;
};

static const struct subcommand subcommands[] = {
  {"run", fcsim_cmd_run, "run one simulation (built-in default without CONFIG)"},
  {"sweep", fcsim_cmd_sweep, "latency/throughput curve: --vary KEY=START:STOP:STEP"},
  {"tune", fcsim_cmd_tune, "best router configuration for a workload (seed 000 §5.1.3): routing x arbitration x VCs"},
  {"topo", fcsim_cmd_topo, "describe a network: nodes, links, diameter, bisection"},
  {"model", fcsim_cmd_model, "analytic performance models of the seeds"},
  {"help", fcsim_cmd_help, "help on a topic: `fcsim help config`"},
};

void fcsim_cli_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("fcsim: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static void usage(FILE *out)
{
  fprintf(out, "fcsim %s - cycle-accurate simulator of FPGA-cluster interconnection networks\n\n"
               "usage: fcsim COMMAND [ARGS]\n\ncommands:\n", FCSIM_VERSION);
  for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
    fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
  fprintf(out, "\n`fcsim COMMAND --help` describes a command; `fcsim help config` lists every key.\n");
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    usage(stderr);
    return FCSIM_EXIT_USAGE;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage(stdout);
    return FCSIM_EXIT_OK;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("fcsim %s\n", FCSIM_VERSION);
    return FCSIM_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
    if (!strcmp(argv[1], subcommands[i].name))
      return subcommands[i].fn(argc - 2, argv + 2);
  fcsim_cli_error("unknown command `%s` (commands: run, sweep, tune, topo, model, help)", argv[1]);
  return FCSIM_EXIT_USAGE;
}
