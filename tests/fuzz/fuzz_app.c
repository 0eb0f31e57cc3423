/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: an app configuration (the INI file of `fcsim app
 * NAME CONFIG`) read as the app command reads it: the bounded reader, the
 * INI grammar, and each key set on every table-driven app model with its
 * units and ranges. */
#include "fuzz_support.h"

#include <ini.h>

#include "core/text.h"
#include "fcsim/model.h"

/* apps/link/link_app.h and apps/halo/halo_app.h (their headers and
 * config/config.h both define the link protocol enum) */
extern const struct fcsim_model_ops fcsim_link_app;
extern const struct fcsim_model_ops fcsim_halo_app;

struct ctx {
  const struct fcsim_model_ops *m;
  const char *section;
  double *values;
};

/* As cli/app_table.c: one section named after the app, known keys only. */
static int handler(void *user, const char *section, const char *name, const char *value)
{
  struct ctx *c = user;
  struct fcsim_error err = {0};
  if (strcmp(section, c->section) || fcsim_model_param_index(c->m, name) < 0)
    return 0;
  return fcsim_model_set(c->m, c->values, name, value, &err) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *path = fuzz_write("fuzz-app.ini", data, size);
  struct fcsim_error err = {0};
  char *text;
  size_t len;
  if (fcsim_text_read_all(path, FCSIM_MAX_INPUT_BYTES_DEFAULT, "an app configuration", 1, &text, &len, &err))
    return 0;
  static const struct {
    const struct fcsim_model_ops *m;
    const char *section;
  } apps[] = {{&fcsim_link_app, "link"}, {&fcsim_halo_app, "halo"}};
  for (size_t i = 0; i < sizeof apps / sizeof apps[0]; i++) {
    double values[FCSIM_MODEL_MAX_PARAMS];
    fcsim_model_defaults(apps[i].m, values);
    struct ctx c = {apps[i].m, apps[i].section, values};
    ini_parse_string(text, handler, &c);
  }
  free(text);
  return 0;
}
