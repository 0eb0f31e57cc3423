/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: the collective table reader (collective/table_io.c)
 * and what runs on the tables it accepts: the pure multicast and reduction
 * walks and the routers' lookup. The input up to the first NUL byte is
 * DIR/tables.json; the rest fills the node<V>.{unicast,multicast,reduction}.bin
 * files of the (at most 8) nodes it names, in that order, each with the
 * bytes tables.json announces for it. */
#include "fuzz_support.h"

#include <jansson.h>

#include "collective/collective.h"

static const char *const names[3] = {"unicast", "multicast", "reduction"};

static void exercise(const struct fcsim_coll_tables *tab)
{
  struct fcsim_error err = {0};
  int64_t *delivered = calloc((size_t)tab->nodes, sizeof *delivered);
  for (int64_t i = 0; delivered && i < tab->nstart; i++) {
    const struct fcsim_coll_start *s = &tab->start[i];
    int64_t root, sum;
    fcsim_error_clear(&err);
    if (tab->op == FCSIM_COLL_MULTICAST)
      fcsim_coll_walk_multicast(tab, s->root, s->index, delivered, &err);
    else
      fcsim_coll_walk_reduction(tab, s, &root, &sum, &err);
  }
  free(delivered);
  for (int64_t v = 0; v < tab->nodes; v++)
    for (uint32_t idx = 0; idx < 4; idx++) {
      struct fcsim_coll_hop h;
      fcsim_coll_lookup(tab, v, idx, &h);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const size_t width[3] = {4, 16, 3}; /* bytes per unicast, multicast, reduction entry */
  static const char *const keys[3] = {"unicast_entries", "multicast_entries", "reduction_entries"};
  const uint8_t *nul = memchr(data, 0, size);
  size_t jlen = nul ? (size_t)(nul - data) : size;
  fuzz_write("tables.json", data, jlen);
  json_t *doc = json_loadb((const char *)data, jlen, 0, NULL), *tabs = json_object_get(doc, "tables");
  json_int_t nodes = json_integer_value(json_object_get(doc, "nodes"));
  if (nodes < 1 || nodes > 8)
    nodes = 1;
  /* each file takes the bytes tables.json announces for it (clipped to what is left) */
  const uint8_t *rest = nul ? nul + 1 : data + size, *end = data + size;
  for (json_int_t v = 0; v < nodes; v++)
    for (int w = 0; w < 3; w++) {
      json_int_t n = json_integer_value(json_object_get(json_array_get(tabs, (size_t)v), keys[w]));
      size_t want = n > 0 && n < 65536 ? (size_t)n * width[w] : 0, have = (size_t)(end - rest);
      char name[64];
      snprintf(name, sizeof name, "node%lld.%s.bin", (long long)v, names[w]);
      fuzz_write(name, rest, want < have ? want : have);
      rest += want < have ? want : have;
    }
  json_decref(doc);
  struct fcsim_coll_tables tab;
  struct fcsim_error err = {0};
  if (fcsim_coll_tables_read(&tab, fuzz_tmpdir(), 0, &err) == 0) {
    exercise(&tab);
    fcsim_coll_tables_destroy(&tab);
  }
  return 0;
}
