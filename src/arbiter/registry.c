/* SPDX-License-Identifier: BSD-3-Clause */
/* The table of switch arbitration policies (core/registry.c does lookup,
 * names and the start-up check). */
#include <stddef.h>

#include "arbiter/arbiter.h"
#include "core/registry.h"

static const struct fcsim_arbiter_ops *const arbiter_table[] = {
    &fcsim_arbiter_rr, &fcsim_arbiter_ff, &fcsim_arbiter_of, &fcsim_arbiter_mixed, NULL,
};

static const void *arbiter_at(size_t i)
{
  return arbiter_table[i];
}

static const struct fcsim_registry arbiter_registry = {
    .what = "arbitration policy",
    .at = arbiter_at,
    .name_offset = offsetof(struct fcsim_arbiter_ops, name),
    .required = {offsetof(struct fcsim_arbiter_ops, priority), offsetof(struct fcsim_arbiter_ops, help)},
    .required_names = {"priority", "help"},
    .nrequired = 2,
};

const struct fcsim_arbiter_ops *fcsim_arbiter_find(const char *name)
{
  return fcsim_registry_find(&arbiter_registry, name);
}

int fcsim_arbiter_valid(const char *name)
{
  return fcsim_arbiter_find(name) != NULL;
}

size_t fcsim_arbiter_list_names(char *buf, size_t size)
{
  return fcsim_registry_names(&arbiter_registry, buf, size);
}

const char *fcsim_arbiter_names(void)
{
  /* the key registry's choice_list(void) interface (core/keys.h) */
  static char buf[128];
  fcsim_arbiter_list_names(buf, sizeof buf);
  return buf;
}

int fcsim_arbiter_check_registry(struct fcsim_error *err)
{
  return fcsim_registry_check(&arbiter_registry, err);
}
