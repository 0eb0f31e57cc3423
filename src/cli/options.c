/* SPDX-License-Identifier: BSD-3-Clause */
/* The command-option table: every command, what it does, its examples and
 * every option it takes (options.h). Usage texts, `fcsim --help`, the man
 * page and the shell completion are written from here. */
#define _POSIX_C_SOURCE 200809L
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps/app.h"
#include "core/text.h"

#define OUT_NOTE "`-` for stdout"

static const struct cli_doc static_docs[] = {
    {"run", "[CONFIG.ini] [OPTIONS]", "run one simulation (built-in default without CONFIG)",
     "Without CONFIG, runs the built-in default: a 4x4x4 Novo-G# torus under uniform traffic.\n"
     "Prints the metrics table; files are written beside the target and renamed when complete:\n"
     "an interrupted run leaves the previous file as it was.",
     "fcsim run examples/novo-g.ini\n"
     "fcsim run examples/novo-g.ini --set router.vcs=4 --set traffic.pattern=transpose\n"
     "fcsim run examples/novo-g.ini --json out.json --csv out.csv"},
    {"sweep", "[CONFIG.ini] --vary KEY=START:STOP:STEP [--vary ...] [OPTIONS]",
     "latency/throughput curve: --vary KEY=START:STOP:STEP",
     "Runs one simulation per value of KEY (e.g. traffic.rate=0.05:0.60:0.05) and prints a\n"
     "latency/throughput curve. Several --vary sweep the grid (every combination): the first\n"
     "--vary is the outermost loop, the last the innermost. After a saturated point the rest of\n"
     "the innermost range is skipped (higher values only saturate more).",
     "fcsim sweep examples/novo-g.ini --vary traffic.rate=0.2:1.4:0.2 --jobs 2 --json curve.jsonl"},
    {"tune", "CONFIG.ini [CONFIG.ini ...] [OPTIONS]",
     "best router configuration for a workload (Novo-G# thesis §5.1.3): routing x arbitration x VCs",
     "Runs every configuration of the space on the workload each CONFIG describes and reports, per\n"
     "metric, the best configuration, its gain over the average of all configurations (Novo-G# thesis\n"
     "Tables 5.3/5.4), with several CONFIGs the global best and the gain of each workload's own\n"
     "choice over it (Table 5.5), and the fewest VCs within the tolerance of the best (Table 4.2).\n"
     "Ctrl-C stops: finished runs are written to --json, and the same command resumes.",
     "fcsim tune examples/novo-g.ini --space router.vcs=2,4 --json tune.jsonl"},
    {"topo", "[CONFIG.ini] [OPTIONS]",
     "describe any network (nodes, links, diameter, bisection); --export netlist, --dot, --json",
     "Prints nodes by kind, links by class, diameter (hops and ns, with the longest path), bisection\n"
     "and the memory a run needs (refused above sim.max_memory).",
     "fcsim topo --set network.dims=8x8x8\n"
     "fcsim topo examples/netlist/two-boards.ini --dot boards.dot"},
    {"model", "NAME|list [OPTIONS]", "analytic performance models of the source documents",
     "Evaluates an analytic model (`fcsim model list` names them; `fcsim model NAME --help` lists\n"
     "its parameters, presets and results), at one point or along --vary.",
     "fcsim model list\nfcsim model p2p --help"},
    {"collective", "build|run [OPTIONS]", "offline collective routing: OCR/RPM trees and Fig. 4.12 tables",
     "`collective build` writes the node tables of a pattern; `collective run` simulates OCR and RPM.", NULL},
    {"collective build", "[CONFIG.ini] --pattern all-to-all|cube-nn|bitrot|random-subset|FILE --out DIR [OPTIONS]",
     "build the multicast or reduction trees of a pattern and write the node tables",
     "Builds one multicast (or reduction) tree per source of the pattern with OCR (Novo-G# thesis Algorithms\n"
     "6-7, default) or the RPM baseline, writes DIR/node<ID>.{unicast,multicast,reduction}.{hex,bin} in\n"
     "the Fig. 4.12 layouts and DIR/tables.json, and prints the table bits per node (Table 5.7).\n"
     "FILE: one line per source, `SRC: DST DST ...` (node numbers, '#' comments).",
     "fcsim collective build --pattern all-to-all --out tables/ --set network.dims=4x4x4"},
    {"collective run", "[CONFIG.ini] [OPTIONS]", "simulate OCR and RPM trees: latency and OCR's gain",
     "For each pattern (default all-to-all,cube-nn,bitrot) and operation (default both; continuous:\n"
     "multicast) builds the OCR and RPM tables, simulates them with router.model (voq or ring) and prints\n"
     "the batch latency (batch: traffic.batch_packets per collective) or the average latency\n"
     "(continuous, at traffic.rate), and OCR's gain over RPM: RPM latency / OCR latency - 1.\n"
     "Batch multicast with traffic.collective_header = auto also reruns RPM with OCR's header: the gain of\n"
     "the trees (gain_trees, gain.multicast_trees) apart from RPM's bit-vector header (gain_headers).",
     NULL},
    {"app", "NAME [ARGS]", "applications as traffic on a simulated network: fcsim app --help",
     "Each application has its own arguments: `fcsim app NAME --help`.", NULL},
    {"plot", "RESULTS... [OPTIONS]", "draw a result (sweep, run, tune, optimal, model) with gnuplot: PNG or SVG",
     "Draws a result fcsim wrote, with gnuplot:\n"
     "  sweep  (fcsim sweep --json/--csv; several files give one curve per configuration): average\n"
     "         latency against offered load, the first saturated point marked, throughput below\n"
     "  run    (fcsim run --json FILE --links --histogram): link utilisation over the torus planes\n"
     "         and the latency histogram\n"
     "  tune   (fcsim tune --json): gain per workload x configuration, Pareto front latency/area\n"
     "  optimal (fcsim tune --json, --kind optimal): per workload, how often each configuration was\n"
     "         the best over the sweep points, per metric (Novo-G# thesis Figs. 5.12-5.16)\n"
     "  model  (fcsim model NAME --vary ... --json/--csv): every result that changes, against the\n"
     "         varied parameter\n"
     "The gnuplot program is `gnuplot` on PATH, or $FCSIM_GNUPLOT.",
     "fcsim plot curve.jsonl --out curve.png"},
    {"help", "[COMMAND|config|--man|--completion bash|zsh]", "help on a command or topic: `fcsim help run`",
     "`fcsim help COMMAND` is `fcsim COMMAND --help`; `fcsim help config` lists every key (unit,\n"
     "default, range, meaning), `--markdown` as Markdown; `--man` writes the man page, `--completion\n"
     "bash` or `zsh` the shell completion.",
     "fcsim help run\nfcsim help config"},
};
static const size_t static_ndocs = sizeof static_docs / sizeof static_docs[0];

/* Besides commands, an option's list may name kinds of app (apps/app.h),
 * so that an app brings its options with it: `app:*` every app,
 * `app:network` those that simulate a network (run), `app:table` the
 * model-style table apps, `app:stream` those with FCSIM_APP_OPT_STREAM,
 * `app:schedule` those with FCSIM_APP_OPT_SCHEDULE (whose arg is each
 * app's own list of schedules). */
#define SIM "run|sweep|tune|topo|collective build|collective run|app:network"

static const struct cli_option static_options[] = {
    {SIM, "--set", "-s", "KEY=VALUE",
     "override a configuration key (`fcsim help config` lists them); repeatable; the last wins"},
    {"model|app:table", "--set", NULL, "KEY=VALUE", "set a parameter of the model (NAME --help lists them)"},
    {"app:stream", "--set", NULL, "stream.KEY=VALUE|link.KEY=VALUE",
     "stream.KEY: a parameter of `fcsim model stream`; link.KEY: of the fc links"},
    {"run", "--json", NULL, "FILE", "results as one JSON object (" OUT_NOTE ")"},
    {"sweep", "--json", NULL, "FILE", "one JSON object per point (JSON Lines; " OUT_NOTE ")"},
    {"tune", "--json", NULL, "FILE",
     "JSON Lines: header, one object per run, summary; a re-run with the same FILE reuses every run found there"},
    {"topo", "--json", NULL, "FILE", "the description as JSON (" OUT_NOTE ")"},
    {"model|collective build|collective run|app:*", "--json", NULL, "FILE", "the results as JSON (" OUT_NOTE ")"},
    {"run", "--csv", NULL, "FILE", "a header and one row: every key, then every metric (" OUT_NOTE ")"},
    {"sweep", "--csv", NULL, "FILE", "a header and one row per point (" OUT_NOTE ")"},
    {"tune", "--csv", NULL, "FILE", "one row per run (" OUT_NOTE ")"},
    {"model", "--csv", NULL, "FILE", "the results as CSV, one row per point (" OUT_NOTE ")"},
    {"run|sweep", "--links", NULL, NULL,
     "per-link utilisation in the JSON (and each protocol link's figures), drawn by `fcsim plot`"},
    {"run|sweep", "--histogram", NULL, NULL, "the latency histogram in the JSON, drawn by `fcsim plot`"},
    {"run|sweep", "--quiet", "-q", NULL,
     "no table on stdout; needs --json or --csv (a run whose results go nowhere is refused)"},
    {"tune", "--quiet", "-q", NULL, "no report on stdout; needs --json or --csv"},
    {"sweep", "--vary", NULL, "KEY=START:STOP:STEP",
     "a dimension of the grid (repeatable; the first is the outermost loop); KEY=V1,V2,... lists values"},
    {"sweep", "--jobs", "-j", "N",
     "run N points at once, each on its own thread (default 1); the output is the same, in grid order; with "
     "--replications the points run one after the other and N replications of each at once"},
    {"run", "--jobs", "-j", "N",
     "replications run at once, each on its own thread (default: every online core); the output is the same"},
    {"run|sweep", "--replications", NULL, "N",
     "N independent runs (sim.replications; seeds derived from sim.seed): every metric as mean, sd and 95 % "
     "confidence interval (docs/OUTPUT.md, Replications)"},
    {"tune", "--replications", NULL, "N",
     "runs of every point with seeds derived from sim.seed; the report compares the best configuration with the "
     "next with 95 % intervals and says when they are not distinguishable"},
    {"tune", "--space", NULL, "KEY=V1,V2,...",
     "a dimension of the space (repeatable); default routing.algorithm x router.arbitration x "
     "router.vcs=2,3,4,6,8,9"},
    {"tune", "--vary", NULL, "KEY=START:STOP:STEP",
     "sweep every workload (or KEY=V1,V2); gains are geometric means over the sweep"},
    {"tune", "--metric", "--metrics", "NAME,...",
     "metrics to report (`fcsim tune --help` lists them); default total_latency (batch workloads), "
     "avg_latency, worst_latency, recv_throughput, area"},
    {"tune", "--tolerance", NULL, "T", "`2%` or `0.02`: slack for the fewest VCs matching the best (default 2%)"},
    {"tune", "--workers", "-j", "N", "runs in parallel (default: every core)"},
    {"tune", "--max-points", NULL, "N", "more configurations than N are pruned by successive halving (default 256)"},
    {"tune", "--eta", NULL, "N", "successive halving keeps 1/N per rung (default 3)"},
    {"tune", "--force", NULL, NULL, "let --json replace a file that is not a tune's results"},
    {"run|sweep", "--force", NULL, NULL, "let --json replace a file that is not this command's results"},
    {"tune", "--exclude-saturated", NULL, NULL,
     "analyse, per workload, only the sweep points where no configuration's run saturated (saturated latencies "
     "grow with the run length); without it the report counts each best configuration's saturated points and "
     "marks it *"},
    {"topo", "--export", NULL, "FILE", "the network as a netlist, loadable with network.topology = file"},
    {"topo", "--dot", NULL, "FILE", "the network as Graphviz"},
    {"model|app:stream|app:table", "--preset", NULL, "NAME", "start from a named parameter set"},
    {"model", "--vary", NULL, "KEY=START:STOP:STEP", "evaluate along a parameter, one row per value"},
    {"collective build", "--pattern", NULL, "all-to-all|cube-nn|bitrot|random-subset|FILE",
     "the collective pattern, or a file of `SRC: DST DST ...` lines"},
    {"collective run", "--pattern", NULL, "P[,P...]", "the patterns to simulate (default all-to-all,cube-nn,bitrot)"},
    {"collective build", "--out", NULL, "DIR", "where the node tables and tables.json are written"},
    {"collective build", "--algorithm", NULL, "ocr|rpm", "OCR (default) or the RPM baseline"},
    {"collective build", "--op", NULL, "multicast|reduction", "the operation of the trees (default multicast)"},
    {"collective run", "--op", NULL, "multicast|reduction|both", "the operations to simulate (default both)"},
    {"collective run", "--mode", NULL, "batch|continuous",
     "batch: traffic.batch_packets per collective; continuous: at traffic.rate, multicast only"},
    {"collective build|collective run", "--subset", NULL, "N",
     "random-subset: destinations per source (default half the nodes), drawn from sim.seed"},
    {"app:schedule", "--schedule", NULL, "SCHEDULE", "the schedule of the collective"},
    {"app:stream", "--block", NULL, "N", "stream elements per message (default 64)"},
    {"app:stream", "--links", NULL, "plain|fc",
     "fc: the ring's links are Mondigo flow controllers (`fcsim app link`), the stream moves element by element"},
    {"app:stream", "--link-preset", NULL, "NAME", "the preset of the fc links (default sl3)"},
    {"plot", "--out", "-o", "FILE", ".png or .svg (default: the first RESULTS with .png)"},
    {"plot", "--kind", NULL, "sweep|run|tune|model|optimal",
     "draw as this kind (a single sweep point as a sweep, say)"},
    {"plot", "--script", NULL, "FILE", "keep the gnuplot script there"},
    {"help", "--markdown", NULL, NULL, "after `config`: the key reference as Markdown"},
    {"help", "--man", NULL, NULL, "the man page fcsim.1 (roff)"},
    {"help", "--completion", NULL, "bash|zsh", "the shell completion script"},
};
static const size_t static_noptions = sizeof static_options / sizeof static_options[0];

/* The tables the command line reads: the rows above with each registered
 * app's usage after `app`, and the `app:schedule` row made one per app
 * that takes --schedule, with its schedules. Joined once, when the program
 * is loaded (the app registry is constant data). */
#define MAX_APPS 64
static struct cli_doc joined_docs[sizeof static_docs / sizeof static_docs[0] + MAX_APPS];
static struct cli_option joined_options[sizeof static_options / sizeof static_options[0] + MAX_APPS];
static char app_commands[MAX_APPS][FCSIM_APP_COMMAND_MAX];
static size_t njoined_docs, njoined_options;
const struct cli_doc *const cli_docs = joined_docs;
const struct cli_option *const cli_options = joined_options;

__attribute__((constructor)) static void join_app_rows(void)
{
  size_t napps = 0;
  while (napps < MAX_APPS && fcsim_app_at(napps))
    napps++;
  for (size_t i = 0; i < napps; i++)
    snprintf(app_commands[i], sizeof app_commands[i], "app %s", fcsim_app_at(i)->name);
  for (size_t i = 0; i < static_ndocs; i++) {
    joined_docs[njoined_docs++] = static_docs[i];
    if (strcmp(static_docs[i].command, "app"))
      continue;
    for (size_t k = 0; k < napps; k++) {
      const struct fcsim_app_ops *a = fcsim_app_at(k);
      joined_docs[njoined_docs++] = (struct cli_doc){app_commands[k], a->synopsis, a->summary, a->text, a->examples};
    }
  }
  for (size_t i = 0; i < static_noptions; i++) {
    const struct cli_option *o = &static_options[i];
    if (strcmp(o->commands, "app:schedule")) {
      joined_options[njoined_options++] = *o;
      continue;
    }
    for (size_t k = 0; k < napps; k++)
      if (fcsim_app_at(k)->schedules)
        joined_options[njoined_options++] =
            (struct cli_option){app_commands[k], o->name, o->alias, fcsim_app_at(k)->schedules, o->help};
  }
}

size_t cli_doc_count(void)
{
  return njoined_docs;
}

size_t cli_option_count(void)
{
  return njoined_options;
}

/* 1 when `command` is `app NAME` of a registered app of the kind `kind`
 * (the part of an option's list after `app:`). */
static int app_of_kind(const char *command, const char *kind, size_t kind_len)
{
  const struct fcsim_app_ops *a = strncmp(command, "app ", 4) ? NULL : fcsim_app_find(command + 4);
  if (!a)
    return 0;
#define KIND_IS(word) (kind_len == strlen(word) && !strncmp(kind, (word), kind_len))
  if (KIND_IS("*"))
    return 1;
  if (KIND_IS("network"))
    return !a->table;
  if (KIND_IS("table"))
    return a->table != NULL;
  if (KIND_IS("stream"))
    return (a->options & FCSIM_APP_OPT_STREAM) != 0;
#undef KIND_IS
  return 0;
}

const struct cli_doc *cli_doc_find(const char *command)
{
  for (size_t i = 0; i < cli_doc_count(); i++)
    if (!strcmp(cli_docs[i].command, command))
      return &cli_docs[i];
  return NULL;
}

int cli_option_applies(const struct cli_option *o, const char *command)
{
  size_t n = strlen(command);
  for (const char *p = o->commands; p && *p;) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    if (len == n && !strncmp(p, command, n))
      return 1;
    if (len > 4 && !strncmp(p, "app:", 4) && app_of_kind(command, p + 4, len - 4))
      return 1;
    p = bar ? bar + 1 : NULL;
  }
  return 0;
}

const struct cli_option *cli_option_find(const char *command, const char *name)
{
  for (size_t i = 0; i < cli_option_count(); i++) {
    const struct cli_option *o = &cli_options[i];
    if (cli_option_applies(o, command) && (!strcmp(o->name, name) || (o->alias && !strcmp(o->alias, name))))
      return o;
  }
  return NULL;
}

/* Prints `text` with every line indented by `indent` spaces. */
static void indented(FILE *out, const char *text, int indent)
{
  while (text && *text) {
    const char *nl = strchr(text, '\n');
    int len = nl ? (int)(nl - text) : (int)strlen(text);
    fprintf(out, "%*s%.*s\n", indent, "", len, text);
    text = nl ? nl + 1 : text + len;
  }
}

void cli_usage_print(FILE *out, const char *command)
{
  const struct cli_doc *d = cli_doc_find(command);
  if (!d)
    return;
  fprintf(out, "usage: fcsim %s %s\n", d->command, d->synopsis);
  indented(out, d->text, 2);
  int header = 0;
  for (size_t i = 0; i < cli_option_count(); i++) {
    const struct cli_option *o = &cli_options[i];
    if (!cli_option_applies(o, command))
      continue;
    if (!header++)
      fputs("options:\n", out);
    char head[96];
    snprintf(head, sizeof head, "%s%s%s%s%s", o->name, o->alias ? ", " : "", o->alias ? o->alias : "",
             o->arg ? " " : "", o->arg ? o->arg : "");
    if (strlen(head) > 22)
      fprintf(out, "  %s\n  %-22s %s\n", head, "", o->help);
    else
      fprintf(out, "  %-22s %s\n", head, o->help);
  }
  if (d->examples) {
    fputs("examples:\n", out);
    indented(out, d->examples, 2);
  }
}

const char *cli_usage(const char *command)
{
  static struct {
    const char *command;
    char *text;
  } cache[32];
  const struct cli_doc *d = cli_doc_find(command);
  if (!d)
    return "";
  size_t i = 0;
  for (; i < sizeof cache / sizeof cache[0] && cache[i].command; i++)
    if (cache[i].command == d->command)
      return cache[i].text;
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  if (!f)
    return "";
  cli_usage_print(f, command);
  fclose(f);
  if (i < sizeof cache / sizeof cache[0]) {
    cache[i].command = d->command;
    cache[i].text = buf;
  }
  return buf ? buf : ""; /* kept for the life of the process when the cache is full */
}

const char *cli_command_suggest(const char *word)
{
  const char *best = NULL;
  size_t best_d = 3;
  for (size_t i = 0; i < cli_doc_count(); i++) {
    const char *c = cli_docs[i].command;
    if (strchr(c, ' '))
      continue;
    size_t d = fcsim_edit_distance(word, c, 1);
    if (*word && !strncmp(c, word, strlen(word)))
      d = 1; /* a prefix: `fcsim col` */
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}
