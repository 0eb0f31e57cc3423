/* fcsim plot RESULTS... [--out FILE.png|FILE.svg] [--kind K] [--script FILE]:
 * draws a result fcsim wrote with gnuplot (library part in src/plot). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "plot/plot.h"

static const char plot_usage[] =
    "usage: fcsim plot RESULTS... [--out FILE.png|FILE.svg] [--kind sweep|run|tune|model|optimal] [--script FILE]\n"
    "  Draws a result fcsim wrote, with gnuplot:\n"
    "    sweep  (fcsim sweep --json/--csv; several files give one curve per configuration): average\n"
    "           latency against offered load, the first saturated point marked, throughput below\n"
    "    run    (fcsim run --json FILE --links --histogram): link utilisation over the torus planes\n"
    "           and the latency histogram\n"
    "    tune   (fcsim tune --json): gain per workload x configuration, Pareto front latency/area\n"
    "    optimal (fcsim tune --json, --kind optimal): per workload, how often each configuration was\n"
    "           the best over the sweep points, per metric (seed 000 Figs. 5.12-5.16)\n"
    "    model  (fcsim model NAME --vary ... --json/--csv): every result that changes, against the\n"
    "           varied parameter\n"
    "  --out FILE     .png or .svg (default: the first RESULTS with .png)\n"
    "  --kind K       draw as K (a single sweep point as a sweep, say)\n"
    "  --script FILE  keep the gnuplot script there\n"
    "  The gnuplot program is `gnuplot` on PATH, or $FCSIM_GNUPLOT.\n";

#define MAX_FILES 64

struct plot_args {
  const char *files[MAX_FILES]; /* result files */
  int nfiles;
  const char *out, *script, *kind; /* options, NULL when not given */
  int help;
};

static int parse_args(int argc, char **argv, struct plot_args *a)
{
  memset(a, 0, sizeof *a);
  for (int i = 0; i < argc; i++) {
    const char *s = argv[i];
    const char **dst = !strcmp(s, "--out") || !strcmp(s, "-o") ? &a->out
                       : !strcmp(s, "--script")                ? &a->script
                       : !strcmp(s, "--kind")                  ? &a->kind
                                                               : NULL;
    if (dst) {
      if (i + 1 >= argc) {
        fcsim_cli_error("option %s needs a value\n%s", s, plot_usage);
        return FCSIM_EXIT_USAGE;
      }
      *dst = argv[++i];
    } else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
      a->help = 1;
    } else if (s[0] == '-' && s[1]) {
      fcsim_cli_error("unknown option `%s`\n%s", s, plot_usage);
      return FCSIM_EXIT_USAGE;
    } else if (a->nfiles == MAX_FILES) {
      fcsim_cli_error("more than %d result files", MAX_FILES);
      return FCSIM_EXIT_USAGE;
    } else {
      a->files[a->nfiles++] = s;
    }
  }
  if (!a->help && a->nfiles == 0) {
    fcsim_cli_error("plot needs a result file\n%s", plot_usage);
    return FCSIM_EXIT_USAGE;
  }
  return 0;
}

static const char *ext_of(const char *path)
{
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  return dot && (!slash || dot > slash) ? dot : "";
}

/* Writes the script, runs gnuplot into OUT.tmp and renames it to OUT. */
static int render(const struct fcsim_plot_data *d, const char *out, int svg, const char *script_keep)
{
  const char *prog = getenv("FCSIM_GNUPLOT") && *getenv("FCSIM_GNUPLOT") ? getenv("FCSIM_GNUPLOT") : "gnuplot";
  struct fcsim_error err = {0};
  if (fcsim_plot_find_gnuplot(prog, &err)) {
    fcsim_cli_error("%s", err.msg);
    return FCSIM_EXIT_USAGE;
  }
  char script[4096], tmp_image[4096];
  snprintf(tmp_image, sizeof tmp_image, "%s.tmp", out);
  FILE *f = NULL;
  if (script_keep) {
    snprintf(script, sizeof script, "%s", script_keep);
    f = fopen(script, "w");
  } else {
    const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(script, sizeof script, "%s/fcsim-plot-XXXXXX", dir);
    int fd = mkstemp(script);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
  }
  if (!f) {
    fcsim_cli_error("%s: cannot write the gnuplot script", script);
    return FCSIM_EXIT_USAGE;
  }
  int rc = fcsim_plot_write_script(d, tmp_image, svg, f, &err);
  if (fclose(f) && !rc)
    rc = fcsim_error_set(&err, FCSIM_EIO, "%s: write failed", script);
  if (!rc)
    rc = fcsim_plot_run_gnuplot(prog, script, &err);
  struct stat st;
  if (!rc && (stat(tmp_image, &st) || st.st_size == 0))
    rc = fcsim_error_set(&err, FCSIM_EIO, "gnuplot wrote nothing to %s", tmp_image);
  if (!rc && rename(tmp_image, out))
    rc = fcsim_error_set(&err, FCSIM_EIO, "%s: cannot write", out);
  if (!script_keep)
    remove(script);
  if (rc) {
    remove(tmp_image);
    fcsim_cli_error("%s", err.msg);
    return rc == FCSIM_EINVAL ? FCSIM_EXIT_USAGE : FCSIM_EXIT_FAIL;
  }
  return FCSIM_EXIT_OK;
}

int fcsim_cmd_plot(int argc, char **argv)
{
  struct plot_args a;
  int rc = parse_args(argc, argv, &a);
  if (rc)
    return rc;
  if (a.help) {
    fputs(plot_usage, stdout);
    return FCSIM_EXIT_OK;
  }
  enum fcsim_plot_kind want = FCSIM_PLOT_AUTO;
  if (a.kind && (want = fcsim_plot_kind_parse(a.kind)) == FCSIM_PLOT_AUTO) {
    fcsim_cli_error("--kind `%s`: expected sweep, run, tune, model or optimal", a.kind);
    return FCSIM_EXIT_USAGE;
  }
  char out[4096];
  if (a.out) {
    snprintf(out, sizeof out, "%s", a.out);
  } else {
    const char *ext = ext_of(a.files[0]);
    snprintf(out, sizeof out, "%.*s.png", (int)(strlen(a.files[0]) - strlen(ext)), a.files[0]);
  }
  const char *ext = ext_of(out);
  int svg = !strcmp(ext, ".svg");
  if (!svg && strcmp(ext, ".png")) {
    fcsim_cli_error("--out `%s`: expected a file name ending in .png or .svg", out);
    return FCSIM_EXIT_USAGE;
  }
  struct fcsim_error err = {0};
  struct fcsim_plot_data *d = NULL;
  if ((rc = fcsim_plot_load(a.files, a.nfiles, want, &d, &err))) {
    fcsim_cli_error("%s", err.msg);
    return cli_exit_for(rc);
  }
  enum fcsim_plot_kind kind = fcsim_plot_data_kind(d);
  rc = render(d, out, svg, a.script);
  fcsim_plot_free(d);
  if (rc == FCSIM_EXIT_OK)
    printf("wrote %s (%s)\n", out, fcsim_plot_kind_name(kind));
  return rc;
}
