/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading a table-driven application's configuration (app_config.h) with
 * the INI scanner of the run configuration (config/ini.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps/app_config.h"
#include "config/ini.h"
#include "core/text.h"

/* What the INI scanner's handler applies the keys to. */
struct app_ini {
  const struct fcsim_model_ops *ops; /* which application */
  const char *section;               /* its section */
  const char *name;                  /* the file, for messages */
  double *values;                    /* parameters being set */
};

int fcsim_app_config_set(const struct fcsim_model_ops *ops, double *values, const char *key, const char *text,
                         struct fcsim_error *err)
{
  if (fcsim_model_param_index(ops, key) < 0)
    return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "unknown key `%s` (`fcsim app %s --help` lists the keys)", key,
                           ops->name);
  return fcsim_model_set(ops, values, key, text, err);
}

/* The message of a refusal on `line`: "NAME:LINE: " before err's text. */
static int at_line(const struct app_ini *a, int line, struct fcsim_error *err)
{
  char msg[FCSIM_ERROR_MSG_MAX];
  snprintf(msg, sizeof msg, "%s", err->msg);
  int code = err->code;
  fcsim_error_clear(err); /* the record keeps only a first message */
  return fcsim_error_set(err, code, "%s:%d: %s", a->name, line, msg);
}

static int app_section(void *user, int line, const char *section, struct fcsim_error *err)
{
  const struct app_ini *a = user;
  if (strcmp(section, a->section))
    return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "%s:%d: section [%s]: expected [%s]", a->name, line, section,
                           a->section);
  return 0;
}

static int app_key(void *user, int line, const char *section, const char *key, const char *value,
                   struct fcsim_error *err)
{
  const struct app_ini *a = user;
  if (!section)
    return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: key `%s` before the [%s] header", a->name, line, key,
                           a->section);
  return fcsim_app_config_set(a->ops, a->values, key, value, err) ? at_line(a, line, err) : 0;
}

static int parse(const struct fcsim_model_ops *ops, const char *section, const char *name, const char *text,
                 size_t len, double *values, struct fcsim_error *err)
{
  struct app_ini a = {ops, section, name, values};
  static const struct fcsim_ini_handler handler = {app_section, app_key};
  return fcsim_ini_scan(name, text, len, &handler, &a, err);
}

int fcsim_app_config_parse(const struct fcsim_model_ops *ops, const char *section, const char *name, const char *text,
                           double *values, struct fcsim_error *err)
{
  return parse(ops, section, name, text, strlen(text), values, err);
}

int fcsim_app_config_read(const struct fcsim_model_ops *ops, const char *section, const char *path, uint64_t max_bytes,
                          double *values, struct fcsim_error *err)
{
  char *text;
  size_t len;
  if (fcsim_text_read_all(path, max_bytes, "an app configuration", 1, &text, &len, err))
    return FCSIM_EIO;
  int rc = parse(ops, section, path, text, len, values, err);
  free(text);
  return rc;
}
