/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim plot RESULTS... [--out FILE.png|FILE.svg] [--kind K] [--script FILE]:
 * draws a result fcsim wrote with gnuplot (library part in src/plot). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "plot/plot.h"


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
        fcsim_cli_error("option %s needs a value\n%s", s, cli_usage("plot"));
        return FCSIM_EXIT_USAGE;
      }
      *dst = argv[++i];
    } else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
      a->help = 1;
    } else if (s[0] == '-' && s[1]) {
      fcsim_cli_error("unknown option `%s`\n%s", s, cli_usage("plot"));
      return FCSIM_EXIT_USAGE;
    } else if (a->nfiles == MAX_FILES) {
      fcsim_cli_error("more than %d result files", MAX_FILES);
      return FCSIM_EXIT_USAGE;
    } else {
      a->files[a->nfiles++] = s;
    }
  }
  if (!a->help && a->nfiles == 0) {
    fcsim_cli_error("plot needs a result file\n%s", cli_usage("plot"));
    return FCSIM_EXIT_USAGE;
  }
  return 0;
}

static const char *ext_of(const char *path)
{
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  return dot && (!slash || dot > slash) ? dot : "";
}

/* Copies the file `path` to stdout (`-`); returns 0 or -1. */
static int copy_to_stdout(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  char buf[65536];
  size_t n;
  int bad = 0;
  while (!bad && (n = fread(buf, 1, sizeof buf, f)) > 0)
    bad = fwrite(buf, 1, n, stdout) != n;
  bad |= ferror(f) != 0;
  fclose(f);
  return bad || fflush(stdout) ? -1 : 0;
}

/* Writes the script, runs gnuplot into OUT.tmp and renames it to OUT; OUT
 * `-` is stdout (the image is made in a temporary file, then copied), and
 * so is a script to keep named `-`. */
static int render(const struct fcsim_plot_data *d, const char *out, int svg, const char *script_keep)
{
  const char *prog = getenv("FCSIM_GNUPLOT") && *getenv("FCSIM_GNUPLOT") ? getenv("FCSIM_GNUPLOT") : "gnuplot";
  struct fcsim_error err = {0};
  if (fcsim_plot_find_gnuplot(prog, &err)) {
    fcsim_cli_error("%s", err.msg);
    return FCSIM_EXIT_USAGE;
  }
  char script[4096], tmp_image[4096];
  const int image_stdout = !strcmp(out, "-"), script_stdout = script_keep && !strcmp(script_keep, "-");
  const char *tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  if (image_stdout) {
    snprintf(tmp_image, sizeof tmp_image, "%s/fcsim-image-XXXXXX", tmpdir);
    int fd = mkstemp(tmp_image);
    if (fd < 0) {
      fcsim_cli_error("%s: cannot create a temporary image", tmp_image);
      return FCSIM_EXIT_FAIL;
    }
    close(fd);
  } else {
    snprintf(tmp_image, sizeof tmp_image, "%s.tmp", out);
  }
  if (script_stdout)
    script_keep = NULL; /* a temporary script, copied to stdout */
  FILE *f = NULL;
  if (script_keep) {
    snprintf(script, sizeof script, "%s", script_keep);
    f = fopen(script, "w");
  } else {
    snprintf(script, sizeof script, "%s/fcsim-plot-XXXXXX", tmpdir);
    int fd = mkstemp(script);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
  }
  if (!f) {
    fcsim_cli_error("%s: cannot write the gnuplot script", script);
    return FCSIM_EXIT_USAGE;
  }
  int rc = fcsim_plot_write_script(d, tmp_image, svg, f, &err);
  FILE *probe = rc || image_stdout ? NULL : fopen(tmp_image, "w"); /* a place gnuplot cannot write is a bad --out */
  if (!rc && !image_stdout && (!probe || fclose(probe))) {
    int e = errno;
    fclose(f);
    if (!script_keep)
      remove(script);
    fcsim_cli_error("--out %s: cannot write there (%s)", out, strerror(e));
    return FCSIM_EXIT_USAGE;
  }
  if (fclose(f) && !rc)
    rc = fcsim_error_set(&err, FCSIM_EIO, "%s: write failed", script);
  if (!rc)
    rc = fcsim_plot_run_gnuplot(prog, script, &err);
  struct stat st;
  if (!rc && (stat(tmp_image, &st) || st.st_size == 0))
    rc = fcsim_error_set(&err, FCSIM_EIO, "gnuplot wrote nothing to %s", tmp_image);
  if (!rc && image_stdout && copy_to_stdout(tmp_image))
    rc = fcsim_error_set(&err, FCSIM_EIO, "cannot write the image to stdout");
  else if (!rc && !image_stdout && rename(tmp_image, out))
    rc = fcsim_error_set(&err, FCSIM_EIO, "%s: cannot write", out);
  if (!rc && script_stdout && copy_to_stdout(script))
    rc = fcsim_error_set(&err, FCSIM_EIO, "cannot write the script to stdout");
  if (!script_keep)
    remove(script);
  if (image_stdout)
    remove(tmp_image);
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
    fputs(cli_usage("plot"), stdout);
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
  if (!strcmp(out, "-") && a.script && !strcmp(a.script, "-")) {
    fcsim_cli_error("--out - and --script -: both name stdout; give one a file");
    return FCSIM_EXIT_USAGE;
  }
  const char *ext = !strcmp(out, "-") ? ".png" : ext_of(out); /* `-`: a PNG on stdout */
  int svg = !strcmp(ext, ".svg");
  if (!svg && strcmp(ext, ".png")) {
    fcsim_cli_error("--out `%s`: expected a file name ending in .png or .svg", out);
    return FCSIM_EXIT_USAGE;
  }
  const char *outs[] = {out, a.script};
  if (cli_out_check_paths(outs, 2, a.files, a.nfiles))
    return FCSIM_EXIT_USAGE;
  struct fcsim_error err = {0};
  struct fcsim_plot_data *d = NULL;
  if ((rc = fcsim_plot_load(a.files, a.nfiles, want, &d, &err))) {
    fcsim_cli_error("%s", err.msg);
    return cli_exit_for(rc);
  }
  enum fcsim_plot_kind kind = fcsim_plot_data_kind(d);
  rc = render(d, out, svg, a.script);
  fcsim_plot_free(d);
  if (rc == FCSIM_EXIT_OK) /* stdout holds the image or the script: the note goes to stderr */
    fprintf(strcmp(out, "-") && !(a.script && !strcmp(a.script, "-")) ? stdout : stderr, "wrote %s (%s)\n",
            strcmp(out, "-") ? out : "stdout", fcsim_plot_kind_name(kind));
  return rc;
}
