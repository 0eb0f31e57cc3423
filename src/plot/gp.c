/* SPDX-License-Identifier: BSD-3-Clause */
/* Writing gnuplot scripts (terminal, strings, captions, palettes) and
 * running gnuplot; the configuration summary used in captions. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/text.h"
#include "plot/plot_internal.h"

void fcsim__gp_str(FILE *f, const char *s)
{
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'')
      fputc('\'', f);
    fputc(*s == '\n' ? ' ' : *s, f);
  }
  fputc('\'', f);
}

void fcsim__gp_begin(FILE *f, const char *image_path, int svg, int width, int height)
{
  fprintf(f, "# gnuplot script written by fcsim plot\n");
  if (svg)
    fprintf(f, "set terminal svg size %d,%d dynamic noenhanced font 'sans,11' background rgb 'white'\n", width, height);
  else
    fprintf(f, "set terminal pngcairo size %d,%d noenhanced font 'sans,10' background rgb 'white'\n", width, height);
  fprintf(f, "set output ");
  fcsim__gp_str(f, image_path);
  fprintf(f, "\nset encoding utf8\nset grid lc rgb '#dddddd'\nset key box opaque\n");
}

void fcsim__gp_caption(FILE *f, const char *text)
{
  char first[1024];
  const char *rest = "";
  snprintf(first, sizeof first, "%s", text);
  if (strlen(text) > 150) { /* two lines, broken at the last "; " or ", " before 150 */
    char *cut = NULL;
    for (char *p = first; p < first + 150 && *p; p++)
      if ((p[0] == ';' || p[0] == ',') && p[1] == ' ')
        cut = p;
    if (cut) {
      cut[1] = '\0';
      rest = text + (cut - first) + 2;
    }
  }
  fprintf(f, "set label 999 ");
  fcsim__gp_str(f, first);
  fprintf(f, " at screen 0.01, screen %s left font ',9' textcolor rgb '#444444'\n", *rest ? "0.035" : "0.015");
  fprintf(f, "set label 997 ");
  fcsim__gp_str(f, rest);
  fprintf(f, " at screen 0.01, screen 0.012 left font ',9' textcolor rgb '#444444'\n");
}

void fcsim__gp_palette_diverging(FILE *f)
{
  fprintf(f, "set palette defined (-1 '#b2182b', -0.5 '#ef8a62', 0 '#f7f7f7', 0.5 '#67a9cf', 1 '#2166ac')\n");
}

void fcsim__gp_palette_heat(FILE *f)
{
  fprintf(f, "set palette defined (0 '#ffffcc', 0.25 '#fed976', 0.5 '#fd8d3c', 0.75 '#e31a1c', 1 '#800026')\n");
}

void fcsim__gp_num(FILE *f, double v)
{
  if (isfinite(v))
    fprintf(f, "%.10g", v);
  else
    fputs("NaN", f);
}

const char *fcsim__plot_key_text(json_t *rec, const char *section, const char *key)
{
  /* numbers are written as numbers in the results: render them (a few
   * rotating buffers, enough for the comparisons and labels made at once) */
  static char buf[8][64];
  static unsigned next;
  json_t *v = json_object_get(json_object_get(json_object_get(rec, "config"), section), key);
  if (json_is_integer(v) || json_is_real(v)) {
    char *b = buf[next++ % 8];
    snprintf(b, sizeof buf[0], "%.15g", json_number_value(v));
    return b;
  }
  const char *t = json_string_value(v);
  return t ? t : "";
}

double fcsim__plot_num(json_t *obj, const char *name)
{
  json_t *v = json_object_get(obj, name);
  if (json_is_number(v))
    return json_number_value(v);
  if (json_is_boolean(v))
    return json_is_true(v);
  return NAN;
}

/* Appends " TEXT" built from config key `sk` ("section.key") unless it is in
 * `skip` or empty. */
static void add_key(json_t *rec, const char *skip, const char *sk, const char *fmt, char *buf, size_t size)
{
  char sec[32];
  const char *dot = strchr(sk, '.');
  snprintf(sec, sizeof sec, "%.*s", (int)(dot - sk), sk);
  const char *t = fcsim__plot_key_text(rec, sec, dot + 1);
  size_t len = strlen(sk);
  for (const char *p = skip ? strstr(skip, sk) : NULL; p; p = strstr(p + 1, sk))
    if ((p == skip || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
      return;
  if (!*t)
    return;
  size_t used = strlen(buf);
  snprintf(buf + used, size - used, "%s", used ? ", " : "");
  used = strlen(buf);
  snprintf(buf + used, size - used, fmt, t);
}

void fcsim__plot_config_summary(json_t *rec, const char *skip, char *buf, size_t size)
{
  static const struct {
    const char *key, *fmt;
  } parts[] = {
      {"network.dims", "%s"},
      {"network.topology", "%s"},
      {"router.model", "%s router"},
      {"router.vcs", "%s VCs"},
      {"routing.algorithm", "%s routing"},
      {"router.arbitration", "%s arbitration"},
      {"traffic.pattern", "%s traffic"},
      {"traffic.rate", "rate %s"},
      {"traffic.packet_size", "%s packets"},
      {"traffic.mode", "%s mode"},
      {"network.link_latency", "%s links"},
      {"network.clock", "%s clock"},
  };
  buf[0] = '\0';
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
    add_key(rec, skip, parts[i].key, parts[i].fmt, buf, size);
}

int fcsim_plot_find_gnuplot(const char *prog, struct fcsim_error *err)
{
  static const char hint[] = "install gnuplot (Debian: apt-get install gnuplot-nox; scripts/install-deps.sh does it)";
  if (strchr(prog, '/')) {
    if (access(prog, X_OK) == 0)
      return 0;
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: not an executable gnuplot; %s", prog, hint);
  }
  const char *path = getenv("PATH");
  char dir[4096];
  for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
    size_t n = strcspn(p, ":");
    snprintf(dir, sizeof dir, "%.*s/%s", (int)n, n ? p : ".", prog);
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISREG(st.st_mode) && access(dir, X_OK) == 0)
      return 0;
    p += n + (p[n] == ':');
  }
  return fcsim_error_set(err, FCSIM_EINVAL, "%s not found on PATH: fcsim plot draws with gnuplot; %s", prog, hint);
}

/* gnuplot's complaint in one line from what it wrote on stderr: the line
 * `"SCRIPT" line N: MESSAGE` without its location, plus a following
 * `system error: ...` in parentheses; else the first non-empty line. */
static void gnuplot_complaint(const char *text, char *out, size_t size)
{
  char msg[512] = "", sys[256] = "";
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    const char *loc = NULL, *colon = NULL;
    for (size_t i = 0; !loc && i + 7 <= n; i++)
      if (!strncmp(line + i, "\" line ", 7))
        loc = line + i;
    if (loc)
      colon = memchr(loc, ':', n - (size_t)(loc - line));
    if (!msg[0] && colon) {
      const char *m = colon + 1 + (colon[1] == ' ');
      fcsim_text_escape(m, n - (size_t)(m - line), msg, sizeof msg);
    } else if (!sys[0] && n > 14 && !strncmp(line, "system error: ", 14)) {
      fcsim_text_escape(line + 14, n - 14, sys, sizeof sys);
    }
    line += n + (end != NULL);
  }
  if (!msg[0]) { /* no location: the first non-empty line */
    const char *line = text + strspn(text, "\n");
    fcsim_text_escape(line, strcspn(line, "\n"), msg, sizeof msg);
  }
  snprintf(out, size, "%s%s%s%s", msg[0] ? msg : "no message", sys[0] ? " (" : "", sys, sys[0] ? ")" : "");
}

int fcsim_plot_run_gnuplot(const char *prog, const char *script_path, struct fcsim_error *err)
{
  const char *tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  char capture[4096];
  snprintf(capture, sizeof capture, "%s/fcsim-gnuplot-XXXXXX", tmpdir);
  int fd = mkstemp(capture);
  if (fd < 0)
    return fcsim_error_set(err, FCSIM_EIO, "%s: cannot create a file for gnuplot's messages: %s", capture,
                           strerror(errno));
  pid_t pid = fork();
  if (pid < 0) {
    close(fd);
    remove(capture);
    return fcsim_error_set(err, FCSIM_EIO, "cannot start %s: %s", prog, strerror(errno));
  }
  if (pid == 0) {
    dup2(fd, 2); /* its messages are read back and reported by fcsim */
    execlp(prog, prog, script_path, (char *)NULL);
    _exit(127);
  }
  int status = 0, rc = 0;
  while (!rc && waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      rc = fcsim_error_set(err, FCSIM_EIO, "waiting for %s: %s", prog, strerror(errno));
  char text[4096] = "", said[1024];
  ssize_t n = pread(fd, text, sizeof text - 1, 0);
  text[n > 0 ? n : 0] = '\0';
  close(fd);
  remove(capture);
  if (rc || (WIFEXITED(status) && WEXITSTATUS(status) == 0))
    return rc;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    return fcsim_error_set(err, FCSIM_EIO, "cannot run %s", prog);
  gnuplot_complaint(text, said, sizeof said);
  return fcsim_error_set(err, FCSIM_EIO,
                         "gnuplot (%s) could not draw the plot: %s; gnuplot %s %d (keep the script it ran with "
                         "--script FILE to look at it)",
                         prog, said, WIFEXITED(status) ? "exit status" : "signal",
                         WIFEXITED(status)     ? WEXITSTATUS(status)
                         : WIFSIGNALED(status) ? WTERMSIG(status)
                                               : -1);
}
