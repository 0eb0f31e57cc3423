/* The table of workloads, chosen by traffic.mode. */
#include <string.h>

#include "workload/workload.h"

static const struct fcsim_workload_ops *const workloads[] = {&fcsim_workload_continuous, &fcsim_workload_batch,
                                                                &fcsim_workload_trace, &fcsim_workload_collective,
                                                                &fcsim_workload_collective_batch, NULL};

const struct fcsim_workload_ops *fcsim_workload_find(const char *mode)
{
  for (size_t i = 0; workloads[i]; i++)
    if (!strcmp(workloads[i]->name, mode))
      return workloads[i];
  return NULL;
}
