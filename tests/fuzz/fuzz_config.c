/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: the INI reader (config/ini.c), `--set` assignments and
 * the resolution of whatever configuration they build. The input is read as
 * a configuration file; each of its lines is also tried as a --set
 * assignment over the defaults. Nothing may crash, leak or trip UBSan. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fcsim_error err = {0};
  struct fcsim_config *cfg = fcsim_config_create();
  if (!cfg)
    return 0;
  if (fcsim_config_load_text(cfg, "fuzz.ini", (const char *)data, size, &err) == 0) {
    struct fcsim_params p;
    fcsim_error_clear(&err);
    fcsim_config_resolve(cfg, &p, &err);
  }
  fcsim_config_destroy(cfg);

  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  cfg = fcsim_config_create();
  for (char *line = text, *next; cfg && line; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = '\0';
    fcsim_error_clear(&err);
    fcsim_config_set_assignment(cfg, line, "--set", &err);
  }
  if (cfg) {
    struct fcsim_params p;
    fcsim_error_clear(&err);
    fcsim_config_resolve(cfg, &p, &err);
  }
  fcsim_config_destroy(cfg);
  free(text);
  return 0;
}
