/* SPDX-License-Identifier: BSD-3-Clause */
/* The one INI grammar of fcsim (config/ini.c): sections `[name]`,
 * `key = value` lines, whole-line comments (`;` or `#`) and inline comments
 * (`;` or `#` after a blank), blanks trimmed, a UTF-8 byte-order mark
 * skipped, a NUL byte refused, no line-length limit. The scanner checks the
 * grammar and hands each section and key to the caller, which decides what
 * it accepts: the run configuration (fcsim_config_load_text) and the
 * table-driven applications' files (apps/app_config.c). Messages are
 * "NAME:LINE: ...". */
#ifndef FCSIM_CONFIG_INI_H
#define FCSIM_CONFIG_INI_H

#include <stddef.h>

#include "fcsim/error.h"

struct fcsim_ini_handler {
  /* A `[name]` header on `line`; returns 0 or an error set in err. */
  int (*section)(void *user, int line, const char *name, struct fcsim_error *err);
  /* `key = value` on `line` under `section` (NULL before any header). */
  int (*key)(void *user, int line, const char *section, const char *key, const char *value, struct fcsim_error *err);
};

/* Longest section and key names, bytes (longer ones are syntax errors). */
#define FCSIM_INI_NAME_MAX 64
#define FCSIM_INI_KEY_MAX  128

/* Reads `len` bytes of INI text named `name` in messages, calling h for
 * each section and key in order; stops at the first error (a syntax error,
 * FCSIM_EPARSE, or the handler's). Returns 0 or the error. */
int fcsim_ini_scan(const char *name, const char *text, size_t len, const struct fcsim_ini_handler *h, void *user,
                   struct fcsim_error *err);

#endif
