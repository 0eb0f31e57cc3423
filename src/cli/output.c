/* SPDX-License-Identifier: BSD-3-Clause */
/* Result files written to a temporary file beside the target and renamed
 * when complete; `-` is stdout; pending temporary files removed on SIGTERM,
 * SIGHUP and a second Ctrl-C. See output.h. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "config/config.h"

#define MAX_PENDING 8

/* Temporary files not yet renamed, for the signal handler. */
static char *volatile pending[MAX_PENDING];

int cli_out_is_stdout(const char *path)
{
  return path && path[0] == '-' && path[1] == '\0';
}

/* The canonical absolute name of `path` (which may not exist yet) in buf;
 * falls back to the path as given. */
static const char *canonical(const char *path, char *buf, size_t size)
{
  char dir[PATH_MAX];
  if (realpath(path, buf) && strlen(buf) < size)
    return buf;
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  char given[PATH_MAX];
  if (!slash)
    strcpy(given, ".");
  else if (slash == path)
    strcpy(given, "/");
  else if ((size_t)(slash - path) < sizeof given)
    memcpy(given, path, (size_t)(slash - path)), given[slash - path] = '\0';
  else
    return path;
  if (!realpath(given, dir) || (size_t)snprintf(buf, size, "%s/%s", dir, base) >= size)
    return path;
  return buf;
}

static int same_file(const char *a, const char *b)
{
  if (cli_out_is_stdout(a) || cli_out_is_stdout(b))
    return cli_out_is_stdout(a) && cli_out_is_stdout(b);
  struct stat sa, sb;
  if (!stat(a, &sa) && !stat(b, &sb))
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  char ca[PATH_MAX], cb[PATH_MAX];
  return !strcmp(canonical(a, ca, sizeof ca), canonical(b, cb, sizeof cb));
}

int cli_out_check_paths(const char *const *outputs, int nout, const char *const *inputs, int nin)
{
  for (int i = 0; i < nout; i++) {
    if (!outputs[i])
      continue;
    for (int j = i + 1; j < nout; j++)
      if (outputs[j] && same_file(outputs[i], outputs[j])) {
        fcsim_cli_error("`%s` and `%s` name the same output; give each output its own file", outputs[i], outputs[j]);
        return FCSIM_EXIT_USAGE;
      }
    for (int j = 0; j < nin; j++)
      if (inputs[j] && !cli_out_is_stdout(outputs[i]) && same_file(outputs[i], inputs[j])) {
        fcsim_cli_error("output `%s` is the input `%s`: writing it would destroy the input", outputs[i], inputs[j]);
        return FCSIM_EXIT_USAGE;
      }
  }
  return 0;
}

static void add_pending(char *tmp)
{
  for (int i = 0; i < MAX_PENDING; i++)
    if (!pending[i]) {
      pending[i] = tmp;
      return;
    }
}

static void drop_pending(const char *tmp)
{
  for (int i = 0; i < MAX_PENDING; i++)
    if (pending[i] == tmp)
      pending[i] = NULL;
}

void cli_out_remove_pending(void)
{
  for (int i = 0; i < MAX_PENDING; i++)
    if (pending[i])
      unlink(pending[i]);
}

static void on_term(int sig)
{
  cli_out_remove_pending();
  signal(sig, SIG_DFL);
  raise(sig);
}

void cli_out_install_signals(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_term;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
}

/* Creates the temporary file "DIR/.BASE.XXXXXX" beside path. */
static int open_temp(struct cli_out *o, const char *path)
{
  const char *slash = strrchr(path, '/');
  size_t dlen = slash ? (size_t)(slash - path) + 1 : 0;
  size_t n = strlen(path) + 16;
  if (!(o->tmp = malloc(n)))
    return -1;
  snprintf(o->tmp, n, "%.*s.%s.XXXXXX", (int)dlen, path, slash ? slash + 1 : path);
  int fd = mkstemp(o->tmp);
  if (fd < 0)
    return -1;
  mode_t mask = umask(0);
  umask(mask);
  struct stat st;
  fchmod(fd, stat(path, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask));
  add_pending(o->tmp);
  if (!(o->f = fdopen(fd, "w"))) {
    close(fd);
    return -1;
  }
  return 0;
}

int cli_out_open(struct cli_out *o, const char *path)
{
  memset(o, 0, sizeof *o);
  o->path = path;
  if (!path)
    return 0;
  if (cli_out_is_stdout(path)) {
    o->f = stdout;
    return 0;
  }
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    fcsim_cli_error("%s: is a directory (expected a file to write)", path);
    return FCSIM_EXIT_USAGE;
  }
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) { /* a device or FIFO: in place */
    if (!(o->f = fopen(path, "w"))) {
      fcsim_cli_error("%s: cannot write: %s", path, strerror(errno));
      return FCSIM_EXIT_USAGE;
    }
    return 0;
  }
  if (open_temp(o, path)) {
    int e = errno;
    fcsim_cli_error("%s: cannot write (a temporary file beside it could not be created: %s)", path, strerror(e));
    cli_out_abort(o);
    return FCSIM_EXIT_USAGE;
  }
  return 0;
}

int cli_out_commit(struct cli_out *o)
{
  if (!o->f)
    return 0;
  int failed = fflush(o->f) != 0 || ferror(o->f);
  int e = errno;
  if (o->f != stdout) {
    if (fclose(o->f) != 0 && !failed) {
      failed = 1;
      e = errno;
    }
  }
  o->f = NULL;
  if (!failed && o->tmp && rename(o->tmp, o->path) != 0) {
    failed = 1;
    e = errno;
  }
  if (failed) {
    fcsim_cli_error("%s: write failed: %s%s", o->path, strerror(e), o->tmp ? " (the previous file is unchanged)" : "");
    cli_out_abort(o);
    return FCSIM_EXIT_FAIL;
  }
  if (o->tmp) {
    drop_pending(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
  }
  return 0;
}

void cli_out_abort(struct cli_out *o)
{
  if (o->f && o->f != stdout)
    fclose(o->f);
  o->f = NULL;
  if (o->tmp) {
    unlink(o->tmp);
    drop_pending(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
  }
}

int cli_out_check_config_inputs(const char *const *outputs, int nout, const struct fcsim_config *cfg)
{
  /* the paths as the readers will open them (relative to the configuration
   * file that set them); a configuration that does not resolve is refused
   * later with its own message */
  struct fcsim_params *p = malloc(sizeof *p);
  struct fcsim_error err = {0};
  if (!p || fcsim_config_resolve(cfg, p, &err)) {
    free(p);
    return 0;
  }
  const char *ins[2];
  int nin = 0;
  if (p->netlist[0])
    ins[nin++] = p->netlist;
  if (p->trace[0])
    ins[nin++] = p->trace;
  int rc = cli_out_check_paths(outputs, nout, ins, nin);
  free(p);
  return rc;
}
