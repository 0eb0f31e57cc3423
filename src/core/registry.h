/* SPDX-License-Identifier: BSD-3-Clause */
/* One helper for the NULL-terminated tables of `const` ops structs that
 * name policies and models (routing, arbitration, analytic models): lookup
 * by name, the list of names written into the caller's buffer, and a
 * start-up check that every entry has a name and its required members and
 * that no name is registered twice. */
#ifndef FCSIM_CORE_REGISTRY_H
#define FCSIM_CORE_REGISTRY_H

#include <stddef.h>

#include "fcsim/error.h"

#define FCSIM_REGISTRY_MAX_REQUIRED 12

/* Description of one table. */
struct fcsim_registry {
  const char *what;                             /* "routing algorithm": names the table in messages */
  const void *(*at)(size_t i);                  /* i-th entry of the typed NULL-terminated table (NULL at its end) */
  size_t name_offset;                           /* offsetof(ops, name): a `const char *` member */
  size_t required[FCSIM_REGISTRY_MAX_REQUIRED]; /* offsets of pointer members that must be set */
  const char *required_names[FCSIM_REGISTRY_MAX_REQUIRED]; /* ... and their names */
  size_t nrequired;                                        /* number of required members */
};

/* The entry called `name`, or NULL. */
const void *fcsim_registry_find(const struct fcsim_registry *r, const char *name);

/* Writes "a, b, c" into buf (always NUL-terminated when size > 0) and
 * returns the length of the full list, which is >= size when it was cut. */
size_t fcsim_registry_names(const struct fcsim_registry *r, char *buf, size_t size);

/* Checks every entry: a non-empty name, every required member set, names
 * unique. Returns 0 or FCSIM_EINTERNAL naming the table and the entry. */
int fcsim_registry_check(const struct fcsim_registry *r, struct fcsim_error *err);

#endif
