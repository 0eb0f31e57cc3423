/* SPDX-License-Identifier: BSD-3-Clause */
/* The table of workloads, chosen by traffic.mode (core/registry.c does
 * lookup, names and the start-up check). Adding one is a file and a row here. */
#include <stddef.h>

#include "core/registry.h"
#include "workload/workload.h"

static const struct fcsim_workload_ops *const workloads[] = {&fcsim_workload_continuous,
                                                             &fcsim_workload_batch,
                                                             &fcsim_workload_trace,
                                                             &fcsim_workload_collective,
                                                             &fcsim_workload_collective_batch,
                                                             &fcsim_workload_collective_unicast,
                                                             &fcsim_workload_collective_continuous_unicast,
                                                             NULL};

static const void *workload_at(size_t i)
{
  return workloads[i];
}

/* setup, init, fire and teardown are called unchecked by the engine. */
static const struct fcsim_registry workload_registry = {
    .what = "workload",
    .at = workload_at,
    .name_offset = offsetof(struct fcsim_workload_ops, name),
    .required = {offsetof(struct fcsim_workload_ops, setup), offsetof(struct fcsim_workload_ops, teardown),
                 offsetof(struct fcsim_workload_ops, init), offsetof(struct fcsim_workload_ops, fire),
                 offsetof(struct fcsim_workload_ops, help)},
    .required_names = {"setup", "teardown", "init", "fire", "help"},
    .nrequired = 5,
};

const struct fcsim_workload_ops *fcsim_workload_find(const char *mode)
{
  return fcsim_registry_find(&workload_registry, mode);
}

int fcsim_workload_valid(const char *mode)
{
  return fcsim_workload_find(mode) != NULL;
}

size_t fcsim_workload_list_names(char *buf, size_t size)
{
  return fcsim_registry_names(&workload_registry, buf, size);
}

const char *fcsim_workload_names(void)
{
  /* the key registry's choice_list(void) interface; bounded by the buffer */
  static char buf[256];
  fcsim_workload_list_names(buf, sizeof buf);
  return buf;
}

/* Beyond the common check: a workload that plays messages gives them. */
int fcsim_workload_check_registry(struct fcsim_error *err)
{
  int rc = fcsim_registry_check(&workload_registry, err);
  for (size_t i = 0; !rc && workloads[i]; i++)
    if (workloads[i]->messages && !workloads[i]->message_list)
      rc = fcsim_error_set(err, FCSIM_EINTERNAL, "workload `%s` plays messages but has no message_list",
                           workloads[i]->name);
  return rc;
}
