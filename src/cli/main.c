/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim: entry point and subcommand dispatch. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "apps/app.h"
#include "arbiter/arbiter.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "config/config.h"
#include "fcsim/metrics.h"
#include "link/proto/protocols.h"
#include "router/router.h"
#include "routing/routing.h"
#include "topo/topo.h"
#include "traffic/traffic.h"
#include "workload/workload.h"

#ifdef FCSIM_HAVE_MPI
#include <mpi.h>
#endif

/* The dispatch table, in the order of the command-option table's commands
 * (checked at start-up: completion.c lists them from there). */
struct fcsim_cli_command {
  const char *name;                 /* "run" */
  int (*fn)(int argc, char **argv); /* the subcommand */
};
static const struct fcsim_cli_command fcsim_cli_commands[] = {
    /* what each does and its options: the command-option table (options.c) */
    {"run", fcsim_cmd_run},   {"sweep", fcsim_cmd_sweep}, {"tune", fcsim_cmd_tune},
    {"topo", fcsim_cmd_topo}, {"model", fcsim_cmd_model}, {"collective", fcsim_cmd_collective},
    {"app", fcsim_cmd_app},   {"plot", fcsim_cmd_plot},   {"help", fcsim_cmd_help},
};
static const size_t fcsim_cli_ncommands = sizeof fcsim_cli_commands / sizeof fcsim_cli_commands[0];

static void usage(FILE *out)
{
  fprintf(out,
          "fcsim %s - cycle-accurate simulator of FPGA-cluster interconnection networks\n\n"
          "usage: fcsim COMMAND [ARGS]\n\ncommands:\n",
          FCSIM_VERSION);
  for (size_t i = 0; i < fcsim_cli_ncommands; i++) {
    const struct cli_doc *d = cli_doc_find(fcsim_cli_commands[i].name);
    fprintf(out, "  %-10s %s\n", fcsim_cli_commands[i].name, d ? d->summary : "");
  }
  fprintf(out, "\noptions:\n  --help, -h  this list\n  --version   the version\n"
               "\n`fcsim help COMMAND` (or `fcsim COMMAND --help`) describes a command and its options;\n"
               "`fcsim help config` lists every configuration key.\n");
}

static int dispatch(int argc, char **argv);

/* The dispatch table names the command-option table's commands (those
 * without a space), in its order. */
static int commands_docs_check(struct fcsim_error *err)
{
  size_t k = 0;
  for (size_t i = 0; i < cli_doc_count(); i++) {
    if (strchr(cli_docs[i].command, ' '))
      continue;
    if (k >= fcsim_cli_ncommands || strcmp(cli_docs[i].command, fcsim_cli_commands[k].name))
      return fcsim_error_set(err, FCSIM_EINTERNAL,
                             "command `%s` of the option table is not command %zu of the dispatch table",
                             cli_docs[i].command, k);
    k++;
  }
  return k == fcsim_cli_ncommands
             ? 0
             : fcsim_error_set(err, FCSIM_EINTERNAL, "command `%s` has no entry in the option table",
                               fcsim_cli_commands[k].name);
}

/* `fcsim help COMMAND [SUBCOMMAND]`: the command's own --help. */
static int command_help(const struct fcsim_cli_command *c, int argc, char **argv)
{
  char *args[3] = {NULL, NULL, NULL};
  int n = 0;
  if (argc >= 2 && (!strcmp(argv[0], "app") || !strcmp(argv[0], "collective") || !strcmp(argv[0], "model")))
    args[n++] = argv[1];
  args[n++] = "--help";
  return c->fn(n, args);
}

/* Every write to standard output is checked: a table or report that did
 * not reach it (a full disk, a closed pipe) is a failed run. */
static int checked_stdout(int rc)
{
  if ((fflush(stdout) || ferror(stdout)) && rc == FCSIM_EXIT_OK) {
    fcsim_cli_error("cannot write to standard output: %s", strerror(errno));
    return FCSIM_EXIT_FAIL;
  }
  return rc;
}

int main(int argc, char **argv)
{
#ifdef FCSIM_HAVE_MPI
  int provided = 0, rank = 0, nranks = 1;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  fcsim_cli_set_ranks(rank, nranks);
  if (rank != 0 && !freopen("/dev/null", "w", stdout))
    return FCSIM_EXIT_FAIL;
  int rc = checked_stdout(dispatch(argc, argv));
  fflush(stderr);
  if (fcsim_cli_abort_requested() && nranks > 1)
    MPI_Abort(MPI_COMM_WORLD, rc ? rc : FCSIM_EXIT_FAIL);
  MPI_Finalize();
  return rc;
#else
  return checked_stdout(dispatch(argc, argv));
#endif
}

static int dispatch(int argc, char **argv)
{
  struct fcsim_error err = {0};
  if (fcsim_routing_check_registry(&err) || fcsim_arbiter_check_registry(&err) ||
      fcsim_router_model_check_registry(&err) || fcsim_workload_check_registry(&err) ||
      fcsim_traffic_check_registry(&err) || fcsim_app_check_registry(&err) || fcsim_topo_check_registry(&err) ||
      fcsim_link_proto_check_registry(&err) || fcsim_key_check_registry(&err) || fcsim_metric_check_registry(&err) ||
      cli_app_docs_check(&err) || commands_docs_check(&err)) {
    fcsim_cli_error("internal error in the policy tables: %s", err.msg);
    return FCSIM_EXIT_FAIL;
  }
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
  for (size_t i = 0; argc >= 3 && !strcmp(argv[1], "help") && i < fcsim_cli_ncommands; i++)
    if (!strcmp(argv[2], fcsim_cli_commands[i].name) && strcmp(argv[2], "help"))
      return command_help(&fcsim_cli_commands[i], argc - 2, argv + 2);
  for (size_t i = 0; i < fcsim_cli_ncommands; i++)
    if (!strcmp(argv[1], fcsim_cli_commands[i].name))
      return fcsim_cli_commands[i].fn(argc - 2, argv + 2);
  char list[256] = "";
  for (size_t i = 0; i < fcsim_cli_ncommands; i++)
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", fcsim_cli_commands[i].name);
  const char *near = cli_command_suggest(argv[1]);
  if (near)
    fcsim_cli_error("unknown command `%s`; did you mean `%s`? (commands: %s)", argv[1], near, list);
  else
    fcsim_cli_error("unknown command `%s` (commands: %s)", argv[1], list);
  return FCSIM_EXIT_USAGE;
}
