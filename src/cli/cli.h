/* SPDX-License-Identifier: BSD-3-Clause */
/* The command line: one function per subcommand, each taking the arguments
 * after the subcommand name and returning the process exit status:
 *   0 success, 1 the run failed (deadlock, I/O while writing results),
 *   2 bad input (unknown key, bad value, unreadable file, bad arguments). */
#ifndef FCSIM_CLI_H
#define FCSIM_CLI_H

#include <stdio.h>

#define FCSIM_EXIT_OK    0
#define FCSIM_EXIT_FAIL  1
#define FCSIM_EXIT_USAGE 2

int fcsim_cmd_run(int argc, char **argv);
int fcsim_cmd_sweep(int argc, char **argv);
int fcsim_cmd_tune(int argc, char **argv);
int fcsim_cmd_topo(int argc, char **argv);
int fcsim_cmd_help(int argc, char **argv);
int fcsim_cmd_model(int argc, char **argv);
int fcsim_cmd_collective(int argc, char **argv);
int fcsim_cmd_collective_run(int argc, char **argv); /* cmd_collective_run.c */
int fcsim_cmd_plot(int argc, char **argv);
int fcsim_cmd_app(int argc, char **argv);
/* Every registered application has its entry ("app NAME") in the
 * command-option table, where its usage lives (cmd_app.c). */
struct fcsim_error;
int cli_app_docs_check(struct fcsim_error *err);
/* help_metrics.c: `fcsim help metrics [--markdown]` (docs/METRICS.md) */
void fcsim_cli_print_metrics(FILE *out, int markdown);

/* The command dispatch table is main.c's; what each command does and its
 * options are in the command-option table (options.h), whose commands
 * (those without a space) it follows in order. */

/* Prints "fcsim: <message>" on stderr (on MPI rank 0 only; errors.c, like
 * the rank functions below). */
void fcsim_cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "fcsim: rank R: <message>" on stderr on any rank: for failures that
 * concern one rank, such as a silent peer. */
void fcsim_cli_rank_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* MPI rank of this process (0 without MPI) and number of ranks. */
int fcsim_cli_rank(void);
int fcsim_cli_nranks(void);
/* Whether every rank says `ok` (MPI: a reduction over all ranks; without
 * MPI, ok itself): a refusal on one rank (rank 0's output paths) is then
 * every rank's before any simulates. Every rank must call it at the same
 * point. */
int fcsim_cli_agree(int ok);
/* Asks main to end every rank (MPI_Abort) instead of finalising. */
void fcsim_cli_abort_job(void);
/* main's side of the two above (errors.c): the ranks it found, and whether
 * a command asked for the job to end. */
void fcsim_cli_set_ranks(int rank, int nranks);
int fcsim_cli_abort_requested(void);

#endif
