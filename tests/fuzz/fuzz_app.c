/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: an app configuration (the INI file of `fcsim app
 * NAME CONFIG`) read by the reader the app command uses
 * (apps/app_config.c: the bounded reader, the INI scanner of config/ini.h,
 * and each key set on every table-driven app model with its units and
 * ranges). */
#include "fuzz_support.h"

#include "apps/app_config.h"
#include "core/text.h"

/* the two table-driven apps (apps/link/link_app.c, apps/halo/halo_app.c) */
extern const struct fcsim_model_ops fcsim_link_app;
extern const struct fcsim_model_ops fcsim_halo_app;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *path = fuzz_write("fuzz-app.ini", data, size);
  static const struct {
    const struct fcsim_model_ops *m;
    const char *section;
  } apps[] = {{&fcsim_link_app, "link"}, {&fcsim_halo_app, "halo"}};
  for (size_t i = 0; i < sizeof apps / sizeof apps[0]; i++) {
    double values[FCSIM_MODEL_MAX_PARAMS];
    struct fcsim_error err = {0};
    fcsim_model_defaults(apps[i].m, values);
    fcsim_app_config_read(apps[i].m, apps[i].section, path, FCSIM_MAX_INPUT_BYTES_DEFAULT, values, &err);
  }
  return 0;
}
