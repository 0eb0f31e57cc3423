/* SPDX-License-Identifier: BSD-3-Clause */
/* The command line's messages and MPI ranks (cli.h): what every command
 * file calls, below main.c's dispatch. */
#include <stdarg.h>
#include <stdio.h>

#include "cli/cli.h"
#include "core/text.h"

#ifdef FCSIM_HAVE_MPI
#include <mpi.h>
#endif

static int cli_rank, cli_nranks = 1, cli_abort;

void fcsim_cli_set_ranks(int rank, int nranks)
{
  cli_rank = rank;
  cli_nranks = nranks;
}

int fcsim_cli_abort_requested(void)
{
  return cli_abort;
}

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
