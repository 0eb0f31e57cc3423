/* SPDX-License-Identifier: BSD-3-Clause */
/* The configuration file of a table-driven application (`fcsim app link`,
 * `fcsim app halo`: parameters in a `struct fcsim_model_ops` table): an INI
 * file with one section named after the application, `key = value` lines
 * setting its parameters with their units and ranges. Read through the
 * bounded reader (core/text.h) and the one INI grammar (config/ini.h);
 * every refusal names FILE:LINE. The CLI
 * (cli/app_table.c) and the fuzz harness fuzz_app both read with this. */
#ifndef FCSIM_APPS_APP_CONFIG_H
#define FCSIM_APPS_APP_CONFIG_H

#include <stdint.h>

#include "fcsim/error.h"
#include "fcsim/model.h"

/* Sets `key` (without prefix) to `text` in values, refusing a key the
 * application does not have with a message naming its help. */
int fcsim_app_config_set(const struct fcsim_model_ops *ops, double *values, const char *key, const char *text,
                         struct fcsim_error *err);

/* Applies the INI text (`name` is the file name in messages) to values:
 * section `section` only, known keys only. Returns 0, or an error whose
 * message is "NAME:LINE: ...". */
int fcsim_app_config_parse(const struct fcsim_model_ops *ops, const char *section, const char *name, const char *text,
                           double *values, struct fcsim_error *err);

/* Reads `path` (at most max_bytes; a pipe is read too) and applies it as
 * fcsim_app_config_parse does. */
int fcsim_app_config_read(const struct fcsim_model_ops *ops, const char *section, const char *path, uint64_t max_bytes,
                          double *values, struct fcsim_error *err);

#endif
