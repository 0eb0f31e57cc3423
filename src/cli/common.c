/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared CLI helpers: options, configuration loading, progress, SIGINT. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/common.h"

#include "fcsim/stats.h"
#include "workload/workload.h"
#include "cli/output.h"

static volatile sig_atomic_t interrupted;

int cli_check_set(const char *opt, const char *val, const char *next)
{
  if (strchr(val, '='))
    return 0;
  if (next && next[0] != '-')
    fcsim_cli_error("%s %s %s: a setting is one argument KEY=VALUE; write `%s %s=%s`", opt, val, next, opt, val, next);
  else
    fcsim_cli_error("%s `%s`: expected KEY=VALUE (`%s %s=VALUE`)", opt, val, opt, val);
  return FCSIM_EXIT_USAGE;
}

/* 1 if `head` begins `{PRE"fcsim"SEP"VERSION",PRE"config"SEP{` (PRE: the
 * indentation before a key, SEP: what separates a key from its value). */
static int starts_as_result(const char *head, const char *pre, const char *sep)
{
  char open[64], cfg[64];
  snprintf(open, sizeof open, "{%s\"fcsim\"%s\"", pre, sep);
  snprintf(cfg, sizeof cfg, "\",%s\"config\"%s{", pre, sep);
  if (strncmp(head, open, strlen(open)))
    return 0;
  const char *end = strchr(head + strlen(open), '"'); /* the end of the version */
  return end && !strncmp(end, cfg, strlen(cfg));
}

int cli_json_may_replace(const char *path, const char *command, int force)
{
  struct stat st;
  if (force || !path || cli_out_is_stdout(path) || stat(path, &st) || !S_ISREG(st.st_mode) || st.st_size == 0)
    return 0;
  FILE *f = fopen(path, "r");
  char head[256] = "";
  if (!f)
    return 0; /* the writer reports what is wrong with it */
  size_t n = fread(head, 1, sizeof head - 1, f);
  fclose(f);
  head[n] = '\0';
  const char *form = "";
  int ok = 0;
  if (!strcmp(command, "run")) {
    ok = starts_as_result(head, "\n  ", ": ");
    form = "a JSON document {\"fcsim\": ..., \"config\": ...}";
  } else if (!strcmp(command, "sweep")) {
    ok = starts_as_result(head, "", ":");
    form = "JSON Lines {\"fcsim\":...,\"config\":...}";
  } else {
    ok = !strncmp(head, "{\"type\":\"tune\"", strlen("{\"type\":\"tune\""));
    form = "JSON Lines whose first line is {\"type\":\"tune\", ...}";
  }
  if (ok)
    return 0;
  fcsim_cli_error("--json %s: the file exists and is not the results of a %s (%s); give another file, or --force "
                  "to replace it",
                  path, command, form);
  return FCSIM_EXIT_USAGE;
}

int cli_parse(int argc, char **argv, struct cli_opts *o, int allow_vary, const char *usage)
{
  memset(o, 0, sizeof *o);
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *val = NULL;
#define NEEDS_VALUE()                                                                                                  \
  do {                                                                                                                 \
    if (i + 1 >= argc) {                                                                                               \
      fcsim_cli_error("option %s needs a value\n%s", a, usage);                                                        \
      return FCSIM_EXIT_USAGE;                                                                                         \
    }                                                                                                                  \
    val = argv[++i];                                                                                                   \
  } while (0)
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      o->help = 1;
    } else if (!strcmp(a, "--set") || !strcmp(a, "-s")) {
      NEEDS_VALUE();
      if (cli_check_set(a, val, i + 1 < argc ? argv[i + 1] : NULL))
        return FCSIM_EXIT_USAGE;
      if (o->nsets == CLI_MAX_SETS) {
        fcsim_cli_error("too many --set options (at most %d)", CLI_MAX_SETS);
        return FCSIM_EXIT_USAGE;
      }
      o->sets[o->nsets++] = val;
    } else if (!strncmp(a, "--set=", 6) && o->nsets < CLI_MAX_SETS) {
      o->sets[o->nsets++] = a + 6;
    } else if (!strcmp(a, "--json")) {
      NEEDS_VALUE();
      o->json_path = val;
    } else if (!strcmp(a, "--csv")) {
      NEEDS_VALUE();
      o->csv_path = val;
    } else if ((allow_vary & CLI_ALLOW_VARY) && !strcmp(a, "--vary")) {
      NEEDS_VALUE();
      if (cli_check_set(a, val, i + 1 < argc ? argv[i + 1] : NULL))
        return FCSIM_EXIT_USAGE;
      if (o->nvary == CLI_MAX_VARY) {
        fcsim_cli_error("too many --vary options (at most %d)", CLI_MAX_VARY);
        return FCSIM_EXIT_USAGE;
      }
      o->vary[o->nvary++] = val;
    } else if ((allow_vary & CLI_ALLOW_REPS) && !strcmp(a, "--replications")) {
      NEEDS_VALUE();
      o->replications = val; /* checked as sim.replications */
    } else if (allow_vary && (!strcmp(a, "--jobs") || !strcmp(a, "-j"))) {
      NEEDS_VALUE();
      char *end;
      long n = strtol(val, &end, 10);
      if (end == val || *end || n < 1 || n > 256) {
        fcsim_cli_error("%s `%s`: give a whole number of simulations to run at once, 1 to 256", a, val);
        return FCSIM_EXIT_USAGE;
      }
      o->jobs = (int)n;
    } else if (!strcmp(a, "--links")) {
      o->with_links = 1;
    } else if (!strcmp(a, "--histogram")) {
      o->with_histogram = 1;
    } else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
      o->quiet = 1;
    } else if (allow_vary && !strcmp(a, "--force")) {
      o->force = 1;
    } else if (a[0] == '-' && a[1]) {
      fcsim_cli_error("unknown option `%s`\n%s", a, usage);
      return FCSIM_EXIT_USAGE;
    } else if (!o->config_path) {
      o->config_path = a;
    } else {
      fcsim_cli_error("more than one CONFIG given (`%s` and `%s`)\n%s", o->config_path, a, usage);
      return FCSIM_EXIT_USAGE;
    }
#undef NEEDS_VALUE
  }
  return 0;
}

struct fcsim_config *cli_load_config(const struct cli_opts *o)
{
  struct fcsim_error err = {0};
  struct fcsim_config *cfg = fcsim_config_create();
  if (!cfg) {
    fcsim_cli_error("out of memory");
    return NULL;
  }
  if (o->config_path && fcsim_config_load_file(cfg, o->config_path, &err))
    goto fail;
  for (int i = 0; i < o->nsets; i++)
    if (fcsim_config_set_assignment(cfg, o->sets[i], "--set", &err))
      goto fail;
  if (o->replications && fcsim_config_set(cfg, "sim.replications", o->replications, "--replications", &err))
    goto fail;
  if (fcsim_config_validate(cfg, &err))
    goto fail;
  return cfg;
fail:
  fcsim_cli_error("%s", err.msg);
  fcsim_config_destroy(cfg);
  return NULL;
}

int cli_exit_for(int code)
{
  switch (code) {
  case 0: return FCSIM_EXIT_OK;
  case FCSIM_EINVAL:
  case FCSIM_EPARSE:
  case FCSIM_EUNKNOWN_KEY:
  case FCSIM_ERANGE:
  case FCSIM_ECOMBINATION:
  case FCSIM_EIO: return FCSIM_EXIT_USAGE;
  case FCSIM_EINTERRUPTED: return 130;
  default: return FCSIM_EXIT_FAIL;
  }
}

static void on_sigint(int sig)
{
  (void)sig;
  if (interrupted) { /* second Ctrl-C: give up at once, leaving the old files */
    cli_out_remove_pending();
    _exit(130);
  }
  interrupted = 1;
}

void cli_progress_install(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigaction(SIGINT, &sa, NULL);
}

void cli_progress_install_all(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
}

int cli_interrupted(void)
{
  return interrupted;
}

int cli_run_incomplete(const struct fcsim_config *cfg, const struct fcsim_stats *s)
{
  const char *mode = fcsim_config_get(cfg, "traffic.mode");
  const struct fcsim_workload_ops *w = mode ? fcsim_workload_find(mode) : NULL;
  int64_t left = 0;
  for (int64_t i = 0; s->message_complete && i < s->nmessages; i++)
    left += s->message_complete[i] == UINT64_MAX;
  if (s->packets_measured == 0 && s->nmessages == 0) {
    fcsim_cli_error("INCOMPLETE: the run measured nothing (no packet in the measurement window%s); exit status 1",
                    w && w->finite ? ", no message in the workload" : "");
    return 1;
  }
  if (w && w->finite && left) {
    fcsim_cli_error("INCOMPLETE: %lld of %lld messages of traffic.mode = %s were never delivered (the run stopped at "
                    "cycle %llu; sim.max_cycles); exit status 1",
                    (long long)left, (long long)s->nmessages, mode, (unsigned long long)s->cycles);
    return 1;
  }
  if (w && w->finite && !s->drained) {
    fcsim_cli_error("INCOMPLETE: %llu of the packets of traffic.mode = %s arrived before the run stopped at cycle "
                    "%llu (sim.max_cycles); exit status 1",
                    (unsigned long long)s->packets_delivered, mode, (unsigned long long)s->cycles);
    return 1;
  }
  return 0;
}
