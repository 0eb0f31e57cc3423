/* SPDX-License-Identifier: BSD-3-Clause */
/* Test helpers: spawn the CLI and capture its output, temporary files. */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 700 /* nftw */
#include <fcntl.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

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

char *ts_temp_dir(const char *prefix)
{
  const char *root = getenv("TMPDIR");
  char tmpl[512];
  snprintf(tmpl, sizeof tmpl, "%s/%s-XXXXXX", root && *root ? root : "/tmp", prefix);
  return mkdtemp(tmpl) ? strdup(tmpl) : NULL;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
  (void)sb, (void)flag, (void)ftw;
  return remove(path);
}

int ts_remove_tree(const char *dir)
{
  /* depth first (a directory after its contents), never following links */
  return nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
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

json_t *ts_cli_json(const char *const *args, int *status, char **out)
{
  char path[] = "/tmp/fcsim-json-XXXXXX";
  const char *argv[64];
  int fd = mkstemp(path), n = 0;
  if (fd < 0)
    return NULL;
  close(fd);
  while (args[n] && n < 62) {
    argv[n] = args[n];
    n++;
  }
  argv[n++] = "--json";
  argv[n++] = path;
  argv[n] = NULL;
  struct ts_result r = {0};
  json_t *doc = NULL;
  if (out)
    *out = NULL;
  if (ts_run_cli(&r, argv) == 0) {
    if (status)
      *status = r.status;
    if (r.status)
      fprintf(stderr, "fcsim exited %d: %s\n", r.status, r.err ? r.err : "");
    if (r.status == 0 || r.status == 1) /* 1: the run failed (deadlock, incomplete); its results are written */
      doc = json_load_file(path, 0, NULL);
    if (out) {
      *out = r.out;
      r.out = NULL;
    }
  }
  ts_result_free(&r);
  unlink(path);
  return doc;
}

double ts_json_number(const json_t *doc, const char *key1, const char *key2)
{
  const json_t *v = json_object_get(doc, key1);
  if (key2)
    v = json_object_get(v, key2);
  return json_is_number(v) ? json_number_value(v) : NAN;
}

void ts_result_free(struct ts_result *r)
{
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}

int ts_sim_run_file(const char *ini, const char *const *sets, struct fcsim_sim **out, struct fcsim_error *err)
{
  struct fcsim_config *cfg = fcsim_config_create();
  *out = NULL;
  int rc = ini ? fcsim_config_load_file(cfg, ini, err) : 0;
  for (const char *const *s = sets; s && *s && !rc; s++)
    rc = fcsim_config_set_assignment(cfg, *s, "test", err);
  if (!rc)
    rc = fcsim_sim_create(cfg, out, err);
  if (!rc)
    rc = fcsim_sim_run(*out, NULL, NULL, err);
  fcsim_config_destroy(cfg);
  return rc;
}

int ts_sim_run(const char *const *sets, struct fcsim_sim **out)
{
  struct fcsim_error err = {0};
  int rc = ts_sim_run_file(NULL, sets, out, &err);
  if (rc)
    fprintf(stderr, "ts_sim_run: %s\n", err.msg);
  return rc;
}

char *ts_sim_json_sorted(const struct fcsim_sim *sim, double *flit_hops)
{
  struct fcsim_error err = {0};
  char *text = fcsim_sim_json(sim, 0, &err);
  json_t *doc = text ? json_loads(text, 0, NULL) : NULL;
  free(text);
  if (!doc)
    return NULL;
  *flit_hops = json_number_value(json_object_get(json_object_get(doc, "metrics"), "flit_hops_total"));
  json_object_del(doc, "execution");
  char *out = json_dumps(doc, JSON_SORT_KEYS | JSON_COMPACT);
  json_decref(doc);
  return out;
}

double ts_zero_load_latency(double hops, int link_latency, int rc, int va, int switch_cycles, int packet_flits)
{
  return hops * (link_latency + rc + va + switch_cycles) + rc + (packet_flits - 1);
}

double ts_zero_load_latency_classic(double hops, int link_latency, int rc, int va, int switch_cycles, int local,
                                    int packet_flits)
{
  return (hops + 1) * (rc + va + switch_cycles) + hops * link_latency + 2 * local + (packet_flits - 1);
}

void ts_params_init(struct fcsim_params *p, enum fcsim_topology_kind kind, int ndims, const int *dims)
{
  memset(p, 0, sizeof *p);
  p->topology = kind;
  p->ndims = ndims;
  p->nodes = 1;
  for (int d = 0; d < ndims; d++) {
    p->dims[d] = dims[d];
    p->nodes *= dims[d];
    p->dim_order[d] = d;
  }
  p->dateline = 1;
  p->vcs = 2;
  p->seed = 1;
}

char *ts_sim_json(const struct fcsim_sim *sim, unsigned flags)
{
  char *path = ts_write_temp("", ".json");
  FILE *f = fopen(path, "w");
  struct fcsim_error err = {0};
  char *text = NULL;
  if (f && fcsim_sim_write_json(sim, f, flags, &err) == 0) {
    fclose(f);
    text = ts_read_file(path);
    char *exec = text ? strstr(text, "\"execution\"") : NULL;
    if (exec)
      *exec = '\0';
  } else if (f) {
    fclose(f);
  }
  unlink(path);
  free(path);
  return text;
}
