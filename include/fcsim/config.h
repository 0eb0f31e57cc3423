/* SPDX-License-Identifier: BSD-3-Clause */
/* Configuration of a simulation: built-in defaults, an INI file, and
 * `section.key=value` overrides, validated against fcsim's key registry.
 * A configuration is an opaque handle; `fcsim help config` lists the keys. */
#ifndef FCSIM_CONFIG_H
#define FCSIM_CONFIG_H

#include <stdio.h>

#include "fcsim/error.h"

struct fcsim_config;
struct fcsim_message_list; /* fcsim/messages.h */

/* Creates a configuration holding every key's built-in default.
 * Returns NULL when out of memory. Free with fcsim_config_destroy. */
struct fcsim_config *fcsim_config_create(void);
void fcsim_config_destroy(struct fcsim_config *cfg);

/* Deep copy; NULL when out of memory. */
struct fcsim_config *fcsim_config_clone(const struct fcsim_config *cfg);

/* Loads an INI file over the current values. Errors name the file and line:
 * unreadable file (FCSIM_EIO), syntax error (FCSIM_EPARSE), unknown section or
 * key with a did-you-mean (FCSIM_EUNKNOWN_KEY), bad value (FCSIM_EINVAL,
 * FCSIM_ERANGE). */
int fcsim_config_load_file(struct fcsim_config *cfg, const char *path, struct fcsim_error *err);

/* Sets one key. `assignment` is "section.key=value"; `origin` names where it
 * came from in messages ("--set"). */
int fcsim_config_set_assignment(struct fcsim_config *cfg, const char *assignment, const char *origin,
                                struct fcsim_error *err);
int fcsim_config_set(struct fcsim_config *cfg, const char *key, const char *value, const char *origin,
                     struct fcsim_error *err);

/* Checks the whole configuration (units, derived values, combinations). */
int fcsim_config_validate(const struct fcsim_config *cfg, struct fcsim_error *err);

/* Text of a key as set or defaulted ("4x4x4"); NULL for an unknown key. */
const char *fcsim_config_get(const struct fcsim_config *cfg, const char *key);

/* Lists every key with its unit, default, range and meaning. */
void fcsim_config_print_help(FILE *out, int markdown);

/* Hands the list (copied) to cfg: its trace workload (traffic.mode = trace)
 * then plays these messages instead of reading traffic.trace, which need
 * not be set. The messages are checked when the simulation is created (a
 * node outside the network or without an endpoint, a message with bytes to
 * its own source, a message without bytes to another node, a duplicate id,
 * an unknown id in `after`, a dependency delivered elsewhere than the
 * message's source, a cycle of dependencies). A later call replaces the
 * list; clones of cfg share it. */
int fcsim_config_set_messages(struct fcsim_config *cfg, const struct fcsim_message_list *l, struct fcsim_error *err);

#endif
