/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the file-reader harnesses: the input written to a temporary
 * file (the readers take paths), and a small network to read it against. */
#ifndef FCSIM_FUZZ_SUPPORT_H
#define FCSIM_FUZZ_SUPPORT_H

#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/config.h"
#include "topo/topo.h"

/* A temporary directory made once per process (removed at exit). */
static char fuzz_dir[256];

static inline void fuzz_cleanup(void)
{
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_dir);
  if (system(cmd)) {
  }
}

static inline const char *fuzz_tmpdir(void)
{
  if (!fuzz_dir[0]) {
    const char *t = getenv("TMPDIR");
    snprintf(fuzz_dir, sizeof fuzz_dir, "%s/fcsim-fuzz-XXXXXX", t && t[0] ? t : "/tmp");
    if (!mkdtemp(fuzz_dir))
      abort();
    atexit(fuzz_cleanup);
  }
  return fuzz_dir;
}

/* Writes `size` bytes to DIR/name; returns the path (static buffer). */
static inline const char *fuzz_write(const char *name, const uint8_t *data, size_t size)
{
  static char path[512];
  snprintf(path, sizeof path, "%s/%s", fuzz_tmpdir(), name);
  FILE *f = fopen(path, "wb");
  if (!f)
    abort();
  if (size && fwrite(data, 1, size, f) != size)
    abort();
  fclose(f);
  return path;
}

/* Parameters resolved from the defaults plus `sets` ("key=value", NULL-ended). */
static inline int fuzz_params(struct fcsim_params *p, const char *const *sets)
{
  struct fcsim_error err = {0};
  struct fcsim_config *cfg = fcsim_config_create();
  int rc = cfg ? 0 : -1;
  for (int i = 0; sets && sets[i] && !rc; i++)
    rc = fcsim_config_set_assignment(cfg, sets[i], "fuzz", &err);
  if (!rc)
    rc = fcsim_config_resolve(cfg, p, &err);
  fcsim_config_destroy(cfg);
  return rc;
}

#endif
