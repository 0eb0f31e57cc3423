/* SPDX-License-Identifier: BSD-3-Clause */
/* The parameters of a network's node kinds: the run's configuration with
 * each kind's router model and its own `router.*` overrides (a netlist's
 * `kind NAME model=M set="router.k=v ..."`) applied and resolved. The kinds
 * are checked here, where the keys are known, and every message names the
 * place the kind was declared (FILE:LINE of the netlist). */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdio.h>
#include <string.h>

#include "config/config.h"
#include "graph/graph.h"

/* Where a kind was declared, for messages. */
static const char *kind_origin(const struct fcsim_kind_spec *spec, char *buf, size_t size)
{
  if (spec->origin[0])
    return spec->origin;
  snprintf(buf, size, "node kind %s", spec->model);
  return buf;
}

/* model= names a router model, and set= holds SECTION.KEY=VALUE assignments
 * of known keys with valid values; a kind a netlist declares (it has an
 * origin) may set router.* keys only, as the netlist grammar says (kinds the
 * topology generators make set the switch.* keys of their switches too). */
static int check_kind(const struct fcsim_kind_spec *spec, const char *origin, struct fcsim_error *err)
{
  const struct fcsim_key *model = &fcsim_keys[fcsim_key_find("router", "model")];
  if (!model->choice_valid(spec->model))
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: unknown model `%s` (expected one of: %s)", origin, spec->model,
                           model->choice_list());
  char buf[sizeof spec->set];
  snprintf(buf, sizeof buf, "%s", spec->set);
  for (char *save = NULL, *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
    char *eq = strchr(t, '='), *dot = strchr(t, '.');
    if (!eq || !dot || dot > eq)
      return fcsim_error_set(err, FCSIM_EPARSE, "%s: set: `%s`: expected router.KEY=VALUE assignments", origin, t);
    *eq = *dot = '\0';
    int k = fcsim_key_find(t, dot + 1);
    if ((spec->origin[0] && strcmp(t, "router")) || k < 0)
      return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY,
                             "%s: set: `%s.%s` is not a router key (a kind may set router.* keys only)", origin, t,
                             dot + 1);
    int rc = fcsim_key_check(&fcsim_keys[k], eq + 1, origin, err);
    if (rc)
      return rc;
  }
  return 0;
}

int fcsim_config_resolve_kind(const struct fcsim_config *cfg, const struct fcsim_params *base,
                              const struct fcsim_kind_spec *spec, struct fcsim_params *out, struct fcsim_error *err)
{
  char obuf[64];
  const char *origin = kind_origin(spec, obuf, sizeof obuf);
  int rc = check_kind(spec, origin, err);
  if (rc)
    return rc;
  *out = *base;
  if (!spec->set[0] && !strcmp(spec->model, base->router_model))
    return 0;
  if (!cfg)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: node kind `%s` sets keys of its own but no configuration was given",
                           origin, spec->model);
  struct fcsim_config *c = fcsim_config_clone(cfg);
  if (!c)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  char buf[sizeof spec->set];
  rc = fcsim_config_set(c, "router.model", spec->model, origin, err);
  snprintf(buf, sizeof buf, "%s", spec->set);
  for (char *save = NULL, *tok = strtok_r(buf, " \t", &save); tok && !rc; tok = strtok_r(NULL, " \t", &save))
    rc = fcsim_config_set_assignment(c, tok, origin, err);
  if (!rc)
    rc = fcsim_config_resolve(c, out, err);
  fcsim_config_destroy(c);
  return rc;
}

int fcsim_config_resolve_kinds(const struct fcsim_config *cfg, const struct fcsim_params *base,
                               const struct fcsim_graph *g, struct fcsim_params *out, struct fcsim_error *err)
{
  for (int k = 0; k < g->nkinds; k++) {
    int rc = fcsim_config_resolve_kind(cfg, base, &g->kinds[k], &out[k], err);
    if (rc)
      return rc;
  }
  return 0;
}
