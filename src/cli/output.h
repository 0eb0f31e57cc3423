/* SPDX-License-Identifier: BSD-3-Clause */
/* Result files that are never lost: every command writes its --json/--csv
 * output to a temporary file beside the target and renames it over the
 * target only when complete and every write succeeded. `-` is standard
 * output. A target that exists and is not a regular file (a FIFO, a device
 * such as /dev/null) is written in place, since renaming over it would
 * replace the device. SIGTERM, SIGHUP and a second Ctrl-C remove pending
 * temporary files before the process ends, so the old file survives. */
#ifndef FCSIM_CLI_OUTPUT_H
#define FCSIM_CLI_OUTPUT_H

#include <stdio.h>

/* One output being written. */
struct cli_out {
  const char *path; /* the target as given; NULL: no output */
  char *tmp;        /* temporary file beside the target, or NULL (stdout, in place) */
  FILE *f;          /* where to write; stdout for `-` */
};

/* Returns 1 when `path` means standard output (`-`). */
int cli_out_is_stdout(const char *path);

/* Refuses (prints, returns FCSIM_EXIT_USAGE) two outputs naming the same
 * file, both naming stdout, or an output naming one of the inputs. NULL
 * entries are skipped. Returns 0 when the paths are distinct. */
int cli_out_check_paths(const char *const *outputs, int nout, const char *const *inputs, int nin);

/* The same for the files a configuration makes the command read
 * (network.file, traffic.trace): refused by device and inode. */
struct fcsim_config;
int cli_out_check_config_inputs(const char *const *outputs, int nout, const struct fcsim_config *cfg);

/* Opens `path` for writing (NULL: o->f = NULL, nothing to do). Prints a
 * message naming the path and returns FCSIM_EXIT_USAGE when it cannot. */
int cli_out_open(struct cli_out *o, const char *path);

/* Flushes, checks every write and the close, and renames the temporary file
 * over the target. Prints a message and returns FCSIM_EXIT_FAIL on failure
 * (the temporary file is removed, the target untouched); 0 otherwise. */
int cli_out_commit(struct cli_out *o);

/* Discards the output: closes and removes the temporary file. */
void cli_out_abort(struct cli_out *o);

/* From a signal handler: removes every pending temporary file
 * (async-signal-safe). */
void cli_out_remove_pending(void);

/* Installs the SIGTERM/SIGHUP handler that removes pending temporary files
 * and then ends the process with the signal's default action. */
void cli_out_install_signals(void);

#endif
