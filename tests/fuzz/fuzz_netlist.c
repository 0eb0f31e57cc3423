/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: the netlist reader (topo/netlist.c) through the bounded
 * reader, then the graph it builds (distances, connectivity). The input is
 * the netlist file. */
#include "fuzz_support.h"

#include "topo/netlist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static struct fcsim_params base;
  static int ready;
  if (!ready && fuzz_params(&base, (const char *const[]){"network.topology=file", "network.file=/dev/null", NULL}))
    abort();
  ready = 1;
  struct fcsim_params p = base;
  snprintf(p.netlist, sizeof p.netlist, "%s", fuzz_write("fuzz.net", data, size));
  struct fcsim_topo t;
  struct fcsim_error err = {0};
  fcsim_netlist_load(&t, &p, &err);
  fcsim_topo_destroy(&t); /* after a failure too: fcsim_topo_init frees a failed build the same way */
  return 0;
}
