/* SPDX-License-Identifier: BSD-3-Clause */
/* Lookup, name lists and start-up checks of ops tables; see registry.h. */
#include <stdio.h>
#include <string.h>

#include "core/registry.h"

static const char *entry_name(const struct fcsim_registry *r, const void *item)
{
  const char *name;
  memcpy(&name, (const char *)item + r->name_offset, sizeof name);
  return name;
}

/* 1 when the pointer-sized member at `offset` is not all zero bytes (a
 * function or data pointer that is set). */
static int member_set(const void *item, size_t offset)
{
  unsigned char bytes[sizeof(void (*)(void)) > sizeof(void *) ? sizeof(void (*)(void)) : sizeof(void *)];
  memcpy(bytes, (const char *)item + offset, sizeof bytes);
  for (size_t i = 0; i < sizeof bytes; i++)
    if (bytes[i])
      return 1;
  return 0;
}

const void *fcsim_registry_find(const struct fcsim_registry *r, const char *name)
{
  if (!name)
    return NULL;
  const void *it;
  for (size_t i = 0; (it = r->at(i)); i++) {
    const char *n = entry_name(r, it);
    if (n && !strcmp(n, name))
      return it;
  }
  return NULL;
}

size_t fcsim_registry_names(const struct fcsim_registry *r, char *buf, size_t size)
{
  size_t len = 0;
  if (size)
    buf[0] = '\0';
  const void *it;
  for (size_t i = 0; (it = r->at(i)); i++) {
    const char *n = entry_name(r, it);
    int k = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%s", len ? ", " : "", n ? n : "?");
    len += k > 0 ? (size_t)k : 0;
  }
  return len;
}

int fcsim_registry_check(const struct fcsim_registry *r, struct fcsim_error *err)
{
  const void *it;
  for (size_t i = 0; (it = r->at(i)); i++) {
    const char *n = entry_name(r, it);
    if (!n || !n[0])
      return fcsim_error_set(err, FCSIM_EINTERNAL, "%s table: entry %zu has no name", r->what, i);
    for (size_t k = 0; k < r->nrequired; k++)
      if (!member_set(it, r->required[k]))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "%s `%s` lacks its required `%s`", r->what, n,
                               r->required_names[k]);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(entry_name(r, r->at(j)), n))
        return fcsim_error_set(err, FCSIM_EINTERNAL, "%s `%s` registered twice", r->what, n);
  }
  return 0;
}
