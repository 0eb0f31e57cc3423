/* SPDX-License-Identifier: BSD-3-Clause */
/* Option parsing and configuration loading shared by the simulation
 * subcommands (run, sweep, topo). */
#ifndef FCSIM_CLI_COMMON_H
#define FCSIM_CLI_COMMON_H

#include "fcsim/fcsim.h"

#define CLI_MAX_SETS 256
#define CLI_MAX_VARY 8

struct cli_opts {
  const char *config_path;        /* NULL: built-in default */
  const char *sets[CLI_MAX_SETS]; /* "section.key=value" */
  int nsets;
  const char *json_path, *csv_path; /* NULL: not written */
  const char *vary[CLI_MAX_VARY];   /* sweep: KEY=START:STOP:STEP, outermost first */
  int nvary;                        /* number of --vary */
  int with_links;                   /* --links: per-link utilisation in JSON */
  int with_histogram;               /* --histogram: latency histogram in JSON */
  int quiet;                        /* --quiet: no table */
  int force;                        /* --force: --json may replace a file that is not this command's results */
  int jobs;                         /* --jobs: points (sweep) or replications run at once (0: not given) */
  const char *replications;         /* --replications N: sim.replications (NULL: not given) */
  int help;
};

/* Parses argv; `allow_vary` (CLI_ALLOW_* bits) accepts --vary and --jobs
 * (CLI_ALLOW_VARY), --replications and --jobs (CLI_ALLOW_REPS). Returns 0 or
 * prints a message and returns FCSIM_EXIT_USAGE. */
#define CLI_ALLOW_VARY 1
#define CLI_ALLOW_REPS 2
int cli_parse(int argc, char **argv, struct cli_opts *o, int allow_vary, const char *usage);

/* `opt VAL` where VAL should be KEY=VALUE (--set, --vary, --space): 0 when it
 * is, else prints the right form (`--set router.vcs 4` -> `--set
 * router.vcs=4`, `next` being the following argument or NULL) and returns
 * FCSIM_EXIT_USAGE. */
int cli_check_set(const char *opt, const char *val, const char *next);

/* Builds the configuration: defaults, then the file, then --set overrides.
 * Prints the error and returns NULL on failure. */
struct fcsim_config *cli_load_config(const struct cli_opts *o);

/* Whether `--json path` of `command` ("run", "sweep" or "tune") may
 * replace what is there: yes when the file is missing, empty, not a
 * regular file (a pipe) or unreadable (the writer reports that), when it
 * begins as the command's own results do (run: a JSON document
 * `{\n  "fcsim": ..., "config"`; sweep: JSON Lines `{"fcsim":...,"config"`;
 * tune: `{"type":"tune"`), or with `force`. Else prints why and returns
 * FCSIM_EXIT_USAGE; 0 when it may. */
int cli_json_may_replace(const char *path, const char *command, int force);

/* Exit status for a library error code. */
int cli_exit_for(int code);

/* Progress reporting on stderr when it is a terminal (progress.c), and
 * Ctrl-C handling: the first SIGINT asks the run to stop (results so far
 * are kept). */
void cli_progress_install(void);
/* fcsim_progress_f for a run: "LABEL: cycle N/M (phase), R cycles/s, ~T left";
 * `user` is the label or NULL. */
int cli_progress(void *user, uint64_t cycle, uint64_t expected, const char *phase);
/* Erases the progress line (if one was shown). */
void cli_progress_done(void);
/* A sweep: the runs that follow are point `done`+1 of `total`; the line then
 * shows the points and the time left for the whole sweep. total 0: none. */
void cli_progress_points(long done, long total);
/* Steps of a longer job (tune runs): "PREFIX done/total, R UNIT/s, ~T left".
 * `restart` starts the rate clock again (a new rung). */
void cli_progress_steps(const char *prefix, double done, double total, const char *unit, int restart);
/* As cli_progress_install, for SIGTERM and SIGHUP too: a sweep or a tune
 * ended by any of them keeps its finished points as after Ctrl-C. */
void cli_progress_install_all(void);
int cli_interrupted(void);

/* A run that returned a result but did not do its work: a finite workload
 * (batch, trace, collective batch, app schedules) that left packets or
 * messages undelivered, or a run that measured nothing. Says so on stderr
 * ("INCOMPLETE: ...") and returns 1 (the exit status is then 1, "the run
 * failed", with the results still written); 0 otherwise. A saturated
 * continuous run is a result, not incomplete. */
struct fcsim_config;
struct fcsim_stats;
int cli_run_incomplete(const struct fcsim_config *cfg, const struct fcsim_stats *s);

#endif
