/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim: entry point and subcommand dispatch. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "apps/app.h"
#include "arbiter/arbiter.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "config/config.h"
#include "core/text.h"
#include "link/proto/protocols.h"
#include "router/router.h"
#include "routing/routing.h"
#include "topo/topo.h"
#include "traffic/traffic.h"
#include "workload/workload.h"

#ifdef FCSIM_HAVE_MPI
#include <mpi.h>
#endif

static int cli_rank, cli_nranks = 1, cli_abort;

int fcsim_cli_rank(void)
{
  return cli_rank;
}

int fcsim_cli_nranks(void)
{
  return cli_nranks;
}

int fcsim_cli_agree(int ok)
{
#ifdef FCSIM_HAVE_MPI
  int all = ok ? 1 : 0, mine = all;
  if (cli_nranks > 1)
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all;
#else
  return ok;
#endif
}

void fcsim_cli_abort_job(void)
{
  cli_abort = 1;
}

const struct fcsim_cli_command fcsim_cli_commands[] = {
    /* what each does and its options: the command-option table (options.c) */
    {"run", fcsim_cmd_run},         {"sweep", fcsim_cmd_sweep}, {"tune", fcsim_cmd_tune},
    {"topo", fcsim_cmd_topo},       {"model", fcsim_cmd_model}, {"collective", fcsim_cmd_collective},
    {"app", fcsim_cmd_app},         {"plot", fcsim_cmd_plot},   {"help", fcsim_cmd_help},
};
const size_t fcsim_cli_ncommands = sizeof fcsim_cli_commands / sizeof fcsim_cli_commands[0];

/* A message to stderr with the input it quotes escaped (raw bytes, a BOM:
 * core/text.h), then a newline. */
static void print_escaped(const char *fmt, va_list ap)
{
  char raw[4096], shown[4 * sizeof raw];
  int n = vsnprintf(raw, sizeof raw, fmt, ap);
  size_t len = n < 0 ? 0 : (size_t)n < sizeof raw ? (size_t)n : sizeof raw - 1;
  fputs(fcsim_text_escape(raw, len, shown, sizeof shown), stderr);
  fputc('\n', stderr);
}

void fcsim_cli_error(const char *fmt, ...)
{
  if (cli_rank != 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  fputs("fcsim: ", stderr);
  print_escaped(fmt, ap);
  va_end(ap);
}

void fcsim_cli_rank_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (cli_nranks > 1)
    fprintf(stderr, "fcsim: rank %d: ", cli_rank);
  else
    fputs("fcsim: ", stderr);
  print_escaped(fmt, ap);
  va_end(ap);
}

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
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &cli_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &cli_nranks);
  if (cli_rank != 0 && !freopen("/dev/null", "w", stdout))
    return FCSIM_EXIT_FAIL;
  int rc = checked_stdout(dispatch(argc, argv));
  fflush(stderr);
  if (cli_abort && cli_nranks > 1)
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
      fcsim_traffic_check_registry(&err) || fcsim_app_check_registry(&err) ||
      fcsim_topo_check_registry(&err) || fcsim_link_proto_check_registry(&err) || fcsim_key_check_registry(&err) ||
      cli_app_docs_check(&err)) {
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
