/* SPDX-License-Identifier: BSD-3-Clause */
/* Results as JSON text for bindings in other languages (include/fcsim/sim.h):
 * the Python package reads these and never the C structures, so it does not
 * change when they do. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "fcsim/fcsim.h"

char *fcsim_sim_json(const struct fcsim_sim *sim, unsigned flags, struct fcsim_error *err)
{
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  if (!f) {
    fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the JSON results");
    return NULL;
  }
  int rc = fcsim_sim_write_json(sim, f, flags, err);
  if (fclose(f) && !rc)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the JSON results");
  if (rc) {
    free(text);
    return NULL;
  }
  return text;
}

char *fcsim_topo_json(const struct fcsim_config *cfg, struct fcsim_error *err)
{
  struct fcsim_topo_info t;
  if (fcsim_topo_describe(cfg, &t, err))
    return NULL;
  json_t *doc =
      json_pack("{s:s, s:I, s:I, s:I, s:i, s:f, s:I, s:f, s:i, s:i, s:f, s:i}", "fcsim", fcsim_version(), "nodes",
                (json_int_t)t.nodes, "links", (json_int_t)t.links, "channels", (json_int_t)t.channels, "diameter_hops",
                t.diameter_hops, "diameter_ns", t.diameter_ns, "bisection_links", (json_int_t)t.bisection_links,
                "bisection_flits_per_cycle", t.bisection_flits_per_cycle, "ports_per_router", t.ports_per_router,
                "link_latency_cycles", t.link_latency_cycles, "link_latency_ns", t.link_latency_ns,
                "router_delay_cycles", t.router_delay_cycles);
  char *text = doc ? json_dumps(doc, JSON_INDENT(2) | JSON_REAL_PRECISION(17)) : NULL;
  json_decref(doc);
  if (!text)
    fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the JSON description");
  return text;
}

void fcsim_free(void *p)
{
  free(p);
}

size_t fcsim_error_size(void)
{
  return sizeof(struct fcsim_error);
}

int fcsim_error_code(const struct fcsim_error *err)
{
  return err ? err->code : 0;
}

const char *fcsim_error_message(const struct fcsim_error *err)
{
  return err ? err->msg : "";
}
