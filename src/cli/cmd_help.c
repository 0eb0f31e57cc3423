/* fcsim help [config [--markdown] | --man]: help topics, and the man page
 * fcsim.1 written from the same registries (commands, keys, models). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "config/config.h"
#include "fcsim/config.h"
#include "model/model.h"

/* Text for roff: backslashes doubled as \e, a leading dot or quote escaped. */
static void roff(FILE *out, const char *s)
{
  if (*s == '.' || *s == '\'')
    fputs("\\&", out);
  for (; *s; s++) {
    if (*s == '\\')
      fputs("\\e", out);
    else if (*s == '-')
      fputs("\\-", out);
    else
      fputc(*s, out);
  }
}

static void man_commands(FILE *out)
{
  fputs(".SH COMMANDS\n", out);
  for (size_t i = 0; i < fcsim_cli_ncommands; i++) {
    fprintf(out, ".TP\n.B fcsim %s\n", fcsim_cli_commands[i].name);
    roff(out, fcsim_cli_commands[i].summary);
    fputs(" (options: \\fBfcsim ", out);
    roff(out, fcsim_cli_commands[i].name);
    fputs(" \\-\\-help\\fR)\n", out);
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
  fputs(".SH EXIT STATUS\n0 success; 1 the run failed (deadlock, I/O while writing results); 2 bad input "
        "(unknown key, bad value, unreadable or foreign file, bad arguments, gnuplot missing); 130 interrupted.\n"
        ".SH ENVIRONMENT\n.TP\n.B FCSIM_GNUPLOT\nthe gnuplot program used by \\fBfcsim plot\\fR (default: gnuplot on "
        "PATH).\n"
        ".SH SEE ALSO\n\\fBgnuplot\\fR(1), \\fBpkg\\-config\\fR(1) (the library: \\fBpkg\\-config \\-\\-cflags "
        "\\-\\-libs "
        "fcsim\\fR, headers in fcsim/).\n",
        out);
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
  if (argc >= 1) {
    fcsim_cli_error("unknown help topic `%s` (topics: config, metrics)", argv[0]);
    return FCSIM_EXIT_USAGE;
  }
  printf("fcsim help config             every configuration key: unit, default, range, meaning\n"
         "fcsim help config --markdown  the same as Markdown (docs/CONFIG.md)\n"
         "fcsim help metrics            every field a command writes: unit, meaning, better, merge\n"
         "fcsim help metrics --markdown the same as Markdown (docs/METRICS.md)\n"
         "fcsim help --man              the man page fcsim.1 (roff)\n"
         "fcsim COMMAND --help          options of a command\n");
  return FCSIM_EXIT_OK;
}
