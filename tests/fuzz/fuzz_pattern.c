/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: the collective pattern file reader
 * (collective/pattern.c, `SRC: DST DST ...` lines) on a 4x4x4 torus. */
#include "fuzz_support.h"

#include "collective/collective.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static struct fcsim_params p;
  static struct fcsim_topo t;
  static int ready;
  struct fcsim_error err = {0};
  if (!ready && (fuzz_params(&p, (const char *const[]){"network.dims=4x4x4", NULL}) || fcsim_topo_init(&t, &p, &err)))
    abort();
  ready = 1;
  struct fcsim_coll_pattern pat;
  if (fcsim_coll_pattern_build(&pat, &t, fuzz_write("fuzz.pattern", data, size), 0, 1, 0, &err) == 0)
    fcsim_coll_pattern_destroy(&pat);
  return 0;
}
