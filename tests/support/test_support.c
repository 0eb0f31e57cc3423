/* Test helpers: spawn the CLI and capture its output, temporary files. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_support.h"

char *ts_read_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, len = 0;
  char *buf = malloc(cap);
  size_t n;
  while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += n;
    if (cap - len - 1 == 0) {
      cap *= 2;
      buf = realloc(buf, cap);
    }
  }
  buf[len] = '\0';
  fclose(f);
  return buf;
}

char *ts_write_temp(const char *text, const char *suffix)
{
  char tmpl[256];
  snprintf(tmpl, sizeof tmpl, "/tmp/fcsim-test-XXXXXX%s", suffix ? suffix : "");
  int fd = mkstemps(tmpl, suffix ? (int)strlen(suffix) : 0);
  if (fd < 0)
    return NULL;
  size_t len = strlen(text);
  if (write(fd, text, len) != (ssize_t)len) {
    close(fd);
    return NULL;
  }
  close(fd);
  return strdup(tmpl);
}

int ts_run_cli(struct ts_result *r, const char *const *args)
{
  char out_path[] = "/tmp/fcsim-out-XXXXXX";
  char err_path[] = "/tmp/fcsim-err-XXXXXX";
  int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
  if (out_fd < 0 || err_fd < 0)
    return -1;
  size_t n = 0;
  while (args[n])
    n++;
  char **argv = calloc(n + 2, sizeof *argv);
  argv[0] = (char *)FCSIM_CLI;
  for (size_t i = 0; i < n; i++)
    argv[i + 1] = (char *)args[i];
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0)
      dup2(devnull, 0);
    execv(FCSIM_CLI, argv);
    _exit(127);
  }
  free(argv);
  int st = 0;
  waitpid(pid, &st, 0);
  close(out_fd);
  close(err_fd);
  r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r->out = ts_read_file(out_path);
  r->err = ts_read_file(err_path);
  unlink(out_path);
  unlink(err_path);
  return 0;
}

void ts_result_free(struct ts_result *r)
{
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}
