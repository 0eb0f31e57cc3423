/* SPDX-License-Identifier: BSD-3-Clause */
/* The command-option table (options.c): every command of the command line,
 * its synopsis, what it does, its examples and every option it takes. The
 * usage each command prints (`fcsim COMMAND --help`, `fcsim help COMMAND`),
 * `fcsim --help`, the man page fcsim.1 and the shell completion are all
 * written from it; a test checks every option in it is accepted by its
 * command and every option a command accepts is in it. */
#ifndef FCSIM_CLI_OPTIONS_H
#define FCSIM_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

/* One command or subcommand ("run", "collective build", "app link"). */
struct cli_doc {
  const char *command;  /* the words after `fcsim` */
  const char *synopsis; /* what follows them on the usage line */
  const char *summary;  /* one line for `fcsim --help` and `fcsim app --help` */
  const char *text;     /* what it does, lines of text (may be NULL) */
  const char *examples; /* example command lines, one per line (may be NULL) */
};

/* One option of one or more commands. */
struct cli_option {
  const char *commands; /* the commands that take it, separated by `|` */
  const char *name;     /* "--json" */
  const char *alias;    /* "-q", or NULL */
  const char *arg;      /* "FILE", or NULL for a flag */
  const char *help;     /* what it does */
};

/* The commands (each app's `app NAME` after `app`, from the app registry)
 * and the options, cli_doc_count() and cli_option_count() of them. */
extern const struct cli_doc *const cli_docs;
extern const struct cli_option *const cli_options;
size_t cli_doc_count(void);
size_t cli_option_count(void);
#define FCSIM_APP_COMMAND_MAX 40 /* "app NAME" */

/* The entry of `command`, or NULL. */
const struct cli_doc *cli_doc_find(const char *command);
/* 1 when `o` is an option of `command`. */
int cli_option_applies(const struct cli_option *o, const char *command);
/* The option `name` (or alias) of `command`, or NULL. */
const struct cli_option *cli_option_find(const char *command, const char *name);
/* Prints the usage of `command`: synopsis, text, options, examples. */
void cli_usage_print(FILE *out, const char *command);
/* The same as a string, built once and kept (for error messages). */
const char *cli_usage(const char *command);
/* The top-level command nearest to `word` by edit distance (at most 2, or a
 * prefix), or NULL. */
const char *cli_command_suggest(const char *word);

/* Writes the completion script for `shell` (bash or zsh; completion.c).
 * Returns 0, or -1 for another shell. */
int cli_write_completion(FILE *out, const char *shell);

#endif
