/* SPDX-License-Identifier: BSD-3-Clause */
/* Results as JSON text for bindings in other languages (include/fcsim/sim.h):
 * the Python package reads these and never the C structures, so it does not
 * change when they do. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/report.h"
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

/* The runs of fcsim_replications_json: built and run in replication order. */
static int run_replications(const struct fcsim_config *cfg, int n, struct fcsim_sim **sims, struct fcsim_error *err)
{
  for (int i = 0; i < n; i++) {
    struct fcsim_config *c;
    int rc = fcsim_config_replicate(cfg, i, &c, err);
    if (!rc) {
      rc = fcsim_sim_create(c, &sims[i], err);
      fcsim_config_destroy(c);
    }
    if (!rc)
      rc = fcsim_sim_run(sims[i], NULL, NULL, err);
    if (rc && rc != FCSIM_EDEADLOCK)
      return rc;
  }
  return 0;
}

char *fcsim_replications_json(const struct fcsim_config *cfg, int n, unsigned flags, struct fcsim_error *err)
{
  struct fcsim_config *base = fcsim_config_clone(cfg);
  if (!base) {
    fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    return NULL;
  }
  char count[16];
  snprintf(count, sizeof count, "%d", n);
  if (n > 0 && fcsim_config_set(base, "sim.replications", count, "--replications", err)) {
    fcsim_config_destroy(base);
    return NULL;
  }
  n = fcsim_config_replications(base);
  struct fcsim_sim **sims = calloc((size_t)n, sizeof *sims);
  struct fcsim_replicas *r = NULL;
  char *text = NULL;
  size_t size = 0;
  if (!sims)
    fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  else if (!run_replications(base, n, sims, err) && !fcsim_replicas_create(sims, n, flags, &r, err)) {
    FILE *f = open_memstream(&text, &size);
    int rc = f ? fcsim_replicas_write_json(r, f, flags, err) : -1;
    if ((f && fclose(f)) || rc) {
      if (!rc || !f)
        fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the JSON results");
      free(text);
      text = NULL;
    }
  }
  fcsim_replicas_destroy(r);
  for (int i = 0; sims && i < n; i++)
    fcsim_sim_destroy(sims[i]);
  free(sims);
  fcsim_config_destroy(base);
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

/* One number of the run's "metrics" by its name (include/fcsim/sim.h), read
 * from the JSON the run writes, so any field, a model's included. */
int fcsim_sim_metric(const struct fcsim_sim *sim, const char *name, double *value)
{
  *value = 0;
  /* the per-link arrays only when asked for */
  unsigned flags = !strncmp(name, "protocol_links.", 15) || !strncmp(name, "link_util.", 10) ? FCSIM_JSON_LINKS : 0;
  json_t *root = fcsim_report_json(sim, flags);
  if (!root)
    return FCSIM_ENOMEM;
  json_t *v = json_object_get(root, "metrics");
  char part[128];
  for (const char *p = name; v && *p;) {
    size_t len = strcspn(p, ".");
    if (len >= sizeof part)
      v = NULL;
    else {
      memcpy(part, p, len);
      part[len] = '\0';
      char *end;
      unsigned long i = strtoul(part, &end, 10);
      v = json_is_array(v) && *part && !*end ? json_array_get(v, i) : json_object_get(v, part);
    }
    p += len + (p[len] == '.');
  }
  int rc = json_is_number(v) ? 0 : FCSIM_EINVAL;
  if (!rc)
    *value = json_number_value(v);
  json_decref(root);
  return rc;
}
