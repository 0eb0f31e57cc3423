/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: the reader of a `tune --json` file resumed
 * (tune/store.c): JSON Lines point records checked against the key catalog;
 * lines that are not records are skipped, nothing may crash. */
#include "fuzz_support.h"

#include "tune/tune_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static struct fcsim__tune_catalog cat;
  static int ready;
  struct fcsim_error err = {0};
  if (!ready && fcsim__tune_catalog_load(&cat, &err))
    abort();
  ready = 1;
  struct fcsim__tune_cache c;
  memset(&c, 0, sizeof c);
  long n = 0;
  fcsim__tune_cache_load(&c, &cat, fuzz_write("fuzz.jsonl", data, size), &n, &err);
  fcsim__tune_cache_free(&c);
  return 0;
}
