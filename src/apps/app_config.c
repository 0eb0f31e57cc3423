/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading a table-driven application's configuration (app_config.h). */
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps/app_config.h"
#include "core/text.h"

/* State of the INI reader's handler. */
struct ini_ctx {
  const struct fcsim_model_ops *ops; /* which application */
  const char *section;               /* its section */
  double *values;                    /* parameters being set */
  struct fcsim_error *err;           /* the first error */
  int failed;                        /* an error was recorded */
};

int fcsim_app_config_set(const struct fcsim_model_ops *ops, double *values, const char *key, const char *text,
                         struct fcsim_error *err)
{
  if (fcsim_model_param_index(ops, key) < 0)
    return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "unknown key `%s` (`fcsim app %s --help` lists the keys)", key,
                           ops->name);
  return fcsim_model_set(ops, values, key, text, err);
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
  struct ini_ctx *c = user;
  if (c->failed)
    return 0;
  if (strcmp(section, c->section)) {
    fcsim_error_set(c->err, FCSIM_EUNKNOWN_KEY, "section [%s]: expected [%s]", section, c->section);
    c->failed = 1;
    return 0;
  }
  if (fcsim_app_config_set(c->ops, c->values, name, value, c->err)) {
    c->failed = 1;
    return 0;
  }
  return 1;
}

int fcsim_app_config_parse(const struct fcsim_model_ops *ops, const char *section, const char *name, const char *text,
                           double *values, struct fcsim_error *err)
{
  struct ini_ctx c = {ops, section, values, err, 0};
  int line = ini_parse_string(text, handler, &c);
  if (line < 0)
    return fcsim_error_set(err, FCSIM_EIO, "%s: cannot read the file", name);
  if (line > 0) {
    char msg[FCSIM_ERROR_MSG_MAX];
    if (c.failed)
      snprintf(msg, sizeof msg, "%s", err->msg);
    else
      snprintf(msg, sizeof msg, "syntax error (expected `key = value` or `[%s]`)", section);
    int code = c.failed ? err->code : FCSIM_EPARSE;
    fcsim_error_clear(err); /* the record keeps only a first message */
    return fcsim_error_set(err, code, "%s:%d: %s", name, line, msg);
  }
  return 0;
}

int fcsim_app_config_read(const struct fcsim_model_ops *ops, const char *section, const char *path, uint64_t max_bytes,
                          double *values, struct fcsim_error *err)
{
  char *text;
  size_t len;
  if (fcsim_text_read_all(path, max_bytes, "an app configuration", 1, &text, &len, err))
    return FCSIM_EIO;
  int rc = fcsim_app_config_parse(ops, section, path, text, values, err);
  free(text);
  return rc;
}
