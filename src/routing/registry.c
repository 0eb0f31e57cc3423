/* SPDX-License-Identifier: BSD-3-Clause */
/* The table of routing algorithms (core/registry.c does lookup, names and
 * the start-up check). Adding one is a file and a row here. */
#include <stddef.h>

#include "core/registry.h"
#include "routing/routing.h"

static const struct fcsim_routing_ops *const routing_table[] = {
    &fcsim_routing_dor,  &fcsim_routing_romm,  &fcsim_routing_o1turn, &fcsim_routing_rlb,
    &fcsim_routing_ccar, &fcsim_routing_table, &fcsim_routing_bee3,   &fcsim_routing_offline, NULL,
};

static const void *routing_at(size_t i)
{
  return routing_table[i];
}

static const struct fcsim_registry routing_registry = {
    .what = "routing algorithm",
    .at = routing_at,
    .name_offset = offsetof(struct fcsim_routing_ops, name),
    .required = {offsetof(struct fcsim_routing_ops, route), offsetof(struct fcsim_routing_ops, help)},
    .required_names = {"route", "help"},
    .nrequired = 2,
};

const struct fcsim_routing_ops *fcsim_routing_find(const char *name)
{
  return fcsim_registry_find(&routing_registry, name);
}

int fcsim_routing_valid(const char *name)
{
  return fcsim_routing_find(name) != NULL;
}

size_t fcsim_routing_list_names(char *buf, size_t size)
{
  return fcsim_registry_names(&routing_registry, buf, size);
}

const char *fcsim_routing_names(void)
{
  /* the key registry's choice_list(void) interface (core/keys.h); the
   * list is bounded by the buffer, never overflows */
  static char buf[256];
  fcsim_routing_list_names(buf, sizeof buf);
  return buf;
}

int fcsim_routing_check_registry(struct fcsim_error *err)
{
  return fcsim_registry_check(&routing_registry, err);
}
