/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim help [COMMAND | config [--markdown] | --man | --completion SHELL]:
 * help topics, and the man page fcsim.1 written from the same tables
 * (the command-option table, the key registry, the models). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "config/config.h"
#include "fcsim/config.h"
#include "model/model.h"

/* Text for roff: backslashes doubled as \e, a leading dot or quote escaped.
 * Paths of the source tree become those of an installation: docs/NAME.md is
 * share/doc/fcsim/NAME.md and examples/ share/fcsim/examples/ under the
 * prefix (cmake/install.cmake installs them there). */
static void roff(FILE *out, const char *s)
{
  if (*s == '.' || *s == '\'')
    fputs("\\&", out);
  for (const char *p = s; *p; p++) {
    int word_start = p == s || !(p[-1] == '/' || p[-1] == '_' || p[-1] == '-' || (p[-1] >= 'a' && p[-1] <= 'z'));
    if (word_start && !strncmp(p, "docs/", 5)) {
      fputs("share/doc/fcsim/", out);
      p += 4;
    } else if (word_start && !strncmp(p, "examples/", 9)) {
      fputs("share/fcsim/examples/", out);
      p += 8;
    } else if (*p == '\\')
      fputs("\\e", out);
    else if (*p == '-')
      fputs("\\-", out);
    else if (*p == '\n' && p[1] == '.')
      fputs("\n\\&", out);
    else
      fputc(*p, out);
  }
}

/* Every command: synopsis, what it does, each option with its argument. */
static void man_commands(FILE *out)
{
  fputs(".SH COMMANDS\n", out);
  for (size_t i = 0; i < cli_doc_count(); i++) {
    const struct cli_doc *d = &cli_docs[i];
    fputs(".SS \"", out);
    roff(out, d->command);
    fputs("\"\n.B fcsim ", out);
    roff(out, d->command);
    fputs("\n", out);
    roff(out, d->synopsis);
    fputs("\n.PP\n", out);
    roff(out, d->summary);
    fputs(".\n", out);
    if (d->text) {
      fputs(".PP\n", out);
      roff(out, d->text);
      fputs("\n", out);
    }
    for (size_t k = 0; k < cli_option_count(); k++) {
      const struct cli_option *o = &cli_options[k];
      if (!cli_option_applies(o, d->command))
        continue;
      fputs(".TP\n.B ", out);
      roff(out, o->name);
      if (o->alias) {
        fputs("\\fR, \\fB", out);
        roff(out, o->alias);
      }
      if (o->arg) {
        fputs(" \\fI", out);
        roff(out, o->arg);
        fputs("\\fR", out);
      }
      fputs("\n", out);
      roff(out, o->help);
      fputs("\n", out);
    }
  }
}

static void man_examples(FILE *out)
{
  fputs(".SH EXAMPLES\nThe configurations named below are installed in share/fcsim/examples under the "
        "installation prefix.\n",
        out);
  for (size_t i = 0; i < cli_doc_count(); i++) {
    if (!cli_docs[i].examples)
      continue;
    fputs(".PP\n.nf\n", out);
    roff(out, cli_docs[i].examples);
    fputs("\n.fi\n", out);
  }
}

static void man_keys(FILE *out)
{
  fputs(".SH CONFIGURATION KEYS\nAn INI file has one section per prefix; \\fB\\-\\-set section.key=value\\fR "
        "overrides a key. Each key: unit, built-in default, meaning.\n",
        out);
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    const struct fcsim_key *k = &fcsim_keys[i];
    fprintf(out, ".TP\n.B %s.%s\n", k->section, k->name);
    if (k->unit && *k->unit) {
      fputs("[", out);
      roff(out, k->unit);
      fputs("] ", out);
    }
    fputs("default ", out);
    roff(out, k->default_text);
    fputs(". ", out);
    roff(out, k->help);
    const char *list = k->choice_list ? k->choice_list() : NULL;
    if (k->choices || list) {
      fputs(" Values: ", out);
      if (list)
        roff(out, list);
      for (const char *const *c = k->choices; c && *c; c++) {
        roff(out, *c);
        fputs(c[1] ? ", " : "", out);
      }
      fputs(".", out);
    }
    fputc('\n', out);
  }
}

static void man_models(FILE *out)
{
  fputs(".SH MODELS\nAnalytic models of \\fBfcsim model NAME\\fR; \\fBfcsim model NAME \\-\\-help\\fR lists "
        "their parameters and results.\n",
        out);
  for (const struct fcsim_model_ops *const *m = fcsim_model_list(); *m; m++) {
    fprintf(out, ".TP\n.B %s\n", (*m)->name);
    roff(out, (*m)->summary);
    fputs(" (", out);
    roff(out, (*m)->source);
    fputs(")", out);
    if ((*m)->n_presets) {
      fputs(". Presets:", out);
      for (size_t p = 0; p < (*m)->n_presets; p++) {
        fputs(" ", out);
        roff(out, (*m)->presets[p].name);
      }
    }
    fputs(".\n", out);
  }
}

static void write_man(FILE *out)
{
  fprintf(out, ".TH FCSIM 1 \"\" \"fcsim %s\" \"User Commands\"\n", FCSIM_VERSION);
  fputs(".SH NAME\nfcsim \\- cycle\\-accurate simulator and design tool for FPGA\\-cluster networks\n"
        ".SH SYNOPSIS\n.B fcsim\n.I COMMAND\n[\\fIARGS\\fR]\n"
        ".SH DESCRIPTION\nfcsim simulates the interconnection network of an FPGA cluster cycle by cycle "
        "(routers, links, credit flow control, routing and arbitration policies), searches router "
        "configurations for a workload, evaluates the analytic models of its seed documents and draws "
        "the results with gnuplot. Results are JSON, JSON Lines and CSV.\n",
        out);
  man_commands(out);
  man_keys(out);
  man_models(out);
  man_examples(out);
  fputs(".SH EXIT STATUS\n0 success; 1 the run failed (deadlock, I/O while writing results); 2 bad input "
        "(unknown key, bad value, unreadable or foreign file, bad arguments, gnuplot missing); 130 interrupted.\n"
        ".SH ENVIRONMENT\n.TP\n.B FCSIM_GNUPLOT\nthe gnuplot program used by \\fBfcsim plot\\fR (default: gnuplot on "
        "PATH).\n"
        ".SH SEE ALSO\n\\fBgnuplot\\fR(1), \\fBpkg\\-config\\fR(1) (the library: \\fBpkg\\-config \\-\\-cflags "
        "\\-\\-libs "
        "fcsim\\fR, headers in fcsim/; \\fBfind_package(fcsim)\\fR in CMake). The documents are installed in "
        "share/doc/fcsim under the installation prefix, the example configurations in share/fcsim/examples.\n",
        out);
}

/* `fcsim help TOPIC` for a topic that is not a command (main.c hands
 * `fcsim help COMMAND` to the command's own --help). */
static int unknown_topic(char **argv)
{
  const char *near = cli_command_suggest(argv[0]);
  if (near)
    fcsim_cli_error("unknown help topic `%s`; did you mean `%s`? (topics: config and every command)", argv[0], near);
  else
    fcsim_cli_error("unknown help topic `%s` (topics: config and every command: `fcsim --help`)", argv[0]);
  return FCSIM_EXIT_USAGE;
}

/* Every option of every command, one per line: COMMAND, NAME, ALIAS, ARG
 * (tab-separated, `-` when absent), for tests and tools. */
static void list_options(FILE *out)
{
  for (size_t i = 0; i < cli_doc_count(); i++)
    for (size_t k = 0; k < cli_option_count(); k++) {
      const struct cli_option *o = &cli_options[k];
      if (cli_option_applies(o, cli_docs[i].command))
        fprintf(out, "%s\t%s\t%s\t%s\n", cli_docs[i].command, o->name, o->alias ? o->alias : "-",
                o->arg ? o->arg : "-");
    }
}

int fcsim_cmd_help(int argc, char **argv)
{
  if (argc >= 1 && !strcmp(argv[0], "config")) {
    int md = argc >= 2 && !strcmp(argv[1], "--markdown");
    fcsim_config_print_help(stdout, md);
    return FCSIM_EXIT_OK;
  }
  if (argc >= 1 && !strcmp(argv[0], "metrics")) {
    fcsim_cli_print_metrics(stdout, argc >= 2 && !strcmp(argv[1], "--markdown"));
    return FCSIM_EXIT_OK;
  }
  if (argc >= 1 && !strcmp(argv[0], "--man")) {
    write_man(stdout);
    return FCSIM_EXIT_OK;
  }
  if (argc >= 1 && !strcmp(argv[0], "--completion")) {
    if (argc < 2 || cli_write_completion(stdout, argv[1])) {
      fcsim_cli_error("--completion needs a shell: bash or zsh");
      return FCSIM_EXIT_USAGE;
    }
    return FCSIM_EXIT_OK;
  }
  if (argc >= 1 && !strcmp(argv[0], "--options")) {
    list_options(stdout);
    return FCSIM_EXIT_OK;
  }
  if (argc >= 1 && strcmp(argv[0], "--help") && strcmp(argv[0], "-h") && strcmp(argv[0], "help"))
    return unknown_topic(argv);
  cli_usage_print(stdout, "help");
  printf("topics:\n"
         "  fcsim help COMMAND            a command's usage and options (`fcsim help app link`)\n"
         "  fcsim help config             every configuration key: unit, default, range, meaning\n"
         "  fcsim help config --markdown  the same as Markdown (docs/CONFIG.md)\n"
         "  fcsim help --man              the man page fcsim.1 (roff)\n"
         "  fcsim help --completion bash  the bash (or zsh) completion script\n");
  return FCSIM_EXIT_OK;
}
