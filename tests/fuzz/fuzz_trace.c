/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: the trace reader (workload/trace_csv.c) on a 4x4 torus
 * at 156.25 MHz: header, node numbers, sizes, times with units (range
 * checked before conversion), dependencies and cycles among them. */
#include "fuzz_support.h"

#include "workload/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static struct fcsim_params p;
  static struct fcsim_topo t;
  static int ready;
  struct fcsim_error err = {0};
  if (!ready && (fuzz_params(&p, (const char *const[]){"network.dims=4x4", NULL}) || fcsim_topo_init(&t, &p, &err)))
    abort();
  ready = 1;
  struct trace tr;
  if (fcsim__trace_read(fuzz_write("fuzz.csv", data, size), &t.graph, p.clock_hz, 0, &tr, &err) == 0)
    fcsim__trace_free(&tr);
  return 0;
}
