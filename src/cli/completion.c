/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim help --completion bash|zsh`: the shell completion script, written
 * from the command-option table (options.c), the key registry (keys and the
 * values of enumerated keys) and the model and application tables. The zsh
 * script is the bash one under zsh's bashcompinit. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "config/config.h"
#include "model/model.h"

/* Prints the words of a list separated by `,`, `|` or spaces, one space apart. */
static void words(FILE *out, const char *list)
{
  int sep = 1;
  for (const char *p = list; p && *p; p++) {
    if (*p == ',' || *p == '|' || *p == ' ') {
      sep = 1;
      continue;
    }
    if (sep)
      fputc(' ', out);
    sep = 0;
    fputc(*p, out);
  }
}

/* The options of every command: `case "$1" in "run") echo '...';; esac`. */
static void command_options(FILE *out)
{
  fputs("_fcsim_options() {\n  case \"$1\" in\n", out);
  for (size_t i = 0; i < cli_doc_count(); i++) {
    fprintf(out, "  \"%s\") echo '--help", cli_docs[i].command);
    for (size_t k = 0; k < cli_option_count(); k++)
      if (cli_option_applies(&cli_options[k], cli_docs[i].command))
        fprintf(out, " %s", cli_options[k].name);
    fputs("';;\n", out);
  }
  fputs("  esac\n}\n", out);
}

/* The values an option takes when its argument is a list of choices
 * ("ocr|rpm"), or `file` for a file, `dir` for a directory. */
static void option_values(FILE *out)
{
  fputs("_fcsim_option_values() { # COMMAND OPTION\n  case \"$1 $2\" in\n", out);
  for (size_t i = 0; i < cli_doc_count(); i++)
    for (size_t k = 0; k < cli_option_count(); k++) {
      const struct cli_option *o = &cli_options[k];
      if (!o->arg || !cli_option_applies(o, cli_docs[i].command) || strchr(o->arg, '=') || strchr(o->arg, ','))
        continue;
      fprintf(out, "  \"%s %s\") echo '", cli_docs[i].command, o->name);
      if (strchr(o->arg, '|'))
        words(out, o->arg);
      else if (!strcmp(o->arg, "DIR"))
        fputs("@dir", out);
      else if (strstr(o->arg, "FILE"))
        fputs("@file", out);
      fputs("';;\n", out);
    }
  fputs("  esac\n}\n", out);
}

static void keys_and_values(FILE *out)
{
  fputs("_fcsim_keys='", out);
  for (size_t i = 0; i < fcsim_nkeys; i++)
    fprintf(out, "%s%s.%s=", i ? " " : "", fcsim_keys[i].section, fcsim_keys[i].name);
  fputs("'\n_fcsim_key_values() {\n  case \"$1\" in\n", out);
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    const struct fcsim_key *k = &fcsim_keys[i];
    if (!k->choices && !k->choice_list)
      continue;
    fprintf(out, "  %s.%s) echo '", k->section, k->name);
    if (k->choice_list)
      words(out, k->choice_list());
    for (const char *const *c = k->choices; c && *c; c++)
      fprintf(out, " %s", *c);
    fputs("';;\n", out);
  }
  fputs("  esac\n}\n", out);
}

static void subcommands(FILE *out)
{
  fputs("_fcsim_commands='", out);
  int ncommands = 0; /* the command-option table's commands, in the dispatch table's order (main.c checks) */
  for (size_t i = 0; i < cli_doc_count(); i++)
    if (!strchr(cli_docs[i].command, ' '))
      fprintf(out, "%s%s", ncommands++ ? " " : "", cli_docs[i].command);
  fputs("'\n_fcsim_subcommands() {\n  case \"$1\" in\n  collective) echo 'build run';;\n  app) echo '", out);
  int n = 0;
  for (size_t i = 0; i < cli_doc_count(); i++)
    if (!strncmp(cli_docs[i].command, "app ", 4))
      fprintf(out, "%s%s", n++ ? " " : "", cli_docs[i].command + 4);
  fputs("';;\n  model) echo 'list", out);
  for (const struct fcsim_model_ops *const *m = fcsim_model_list(); *m; m++)
    fprintf(out, " %s", (*m)->name);
  fputs("';;\n  help) echo \"config $_fcsim_commands\";;\n  esac\n}\n", out);
}

/* The completion function itself: which command is being typed, then what
 * the word before the cursor asks for. `=` splits words in bash. */
static const char body[] =
    "_fcsim() {\n"
    "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]} key vals\n"
    "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
    "    COMPREPLY=($(compgen -W \"$_fcsim_commands --help --version\" -- \"$cur\")); return\n"
    "  fi\n"
    "  case $cmd in\n"
    "  app|collective|model|help)\n"
    "    if [ \"$COMP_CWORD\" -eq 2 ]; then\n"
    "      COMPREPLY=($(compgen -W \"$(_fcsim_subcommands \"$cmd\") --help\" -- \"$cur\")); return\n"
    "    fi\n"
    "    case $cmd in app|collective) cmd=\"$cmd ${COMP_WORDS[2]}\";; esac;;\n"
    "  esac\n"
    "  # a key's value: `--set KEY=` is split as KEY, =, value\n"
    "  if [ \"$cur\" = \"=\" ]; then key=$prev cur=\"\"\n"
    "  elif [ \"$prev\" = \"=\" ] && [ \"$COMP_CWORD\" -ge 3 ]; then key=${COMP_WORDS[COMP_CWORD-2]}\n"
    "  fi\n"
    "  if [ -n \"$key\" ]; then\n"
    "    COMPREPLY=($(compgen -W \"$(_fcsim_key_values \"$key\")\" -- \"$cur\")); return\n"
    "  fi\n"
    "  case $prev in\n"
    "  --set|-s|--vary|--space)\n"
    "    compopt -o nospace 2>/dev/null\n"
    "    COMPREPLY=($(compgen -W \"$_fcsim_keys\" -- \"$cur\")); return;;\n"
    "  esac\n"
    "  if [[ $prev == -* ]]; then\n"
    "    vals=$(_fcsim_option_values \"$cmd\" \"$prev\")\n"
    "    case $vals in\n"
    "    @file) COMPREPLY=($(compgen -f -- \"$cur\")); return;;\n"
    "    @dir) COMPREPLY=($(compgen -d -- \"$cur\")); return;;\n"
    "    ?*) COMPREPLY=($(compgen -W \"$vals\" -- \"$cur\")); return;;\n"
    "    esac\n"
    "  fi\n"
    "  if [[ $cur == -* ]]; then\n"
    "    COMPREPLY=($(compgen -W \"$(_fcsim_options \"$cmd\")\" -- \"$cur\")); return\n"
    "  fi\n"
    "  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
    "}\n"
    "complete -o filenames -F _fcsim fcsim\n";

int cli_write_completion(FILE *out, const char *shell)
{
  if (strcmp(shell, "bash") && strcmp(shell, "zsh"))
    return -1;
  if (!strcmp(shell, "zsh"))
    fputs("#compdef fcsim\n# zsh completion for fcsim: the bash completion under bashcompinit.\n"
          "autoload -U +X bashcompinit && bashcompinit\n",
          out);
  fputs("# Completion for fcsim, generated by `fcsim help --completion` from its command-option table\n"
        "# and key registry: commands, options, section.key= after --set/--vary/--space, key values.\n",
        out);
  subcommands(out);
  command_options(out);
  option_values(out);
  keys_and_values(out);
  fputs(body, out);
  return 0;
}
