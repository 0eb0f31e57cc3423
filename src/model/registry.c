/* SPDX-License-Identifier: BSD-3-Clause */
/* The table of analytic models, lookup by name, a run by name
 * (fcsim_model_run), and a consistency check of every registered model (run
 * by the tests and by `fcsim model list`). params.c holds what works on one
 * model's ops and calls nothing here. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/registry.h"
#include "model/model.h"

static const struct fcsim_model_ops *const models[] = {
    &fcsim_model_stream, &fcsim_model_fc,         &fcsim_model_p2p,         &fcsim_model_linkbw, &fcsim_model_host, &fcsim_model_gather,
    &fcsim_model_fft,    &fcsim_model_cornerturn, &fcsim_model_contraction, &fcsim_model_md,     NULL,
};

static const void *model_at(size_t i)
{
  return models[i];
}

static const struct fcsim_registry model_registry = {
    .what = "model",
    .at = model_at,
    .name_offset = offsetof(struct fcsim_model_ops, name),
    .required = {offsetof(struct fcsim_model_ops, summary), offsetof(struct fcsim_model_ops, source),
                 offsetof(struct fcsim_model_ops, params), offsetof(struct fcsim_model_ops, results),
                 offsetof(struct fcsim_model_ops, compute)},
    .required_names = {"summary", "source", "params", "results", "compute"},
    .nrequired = 5,
};

const struct fcsim_model_ops *const *fcsim_model_list(void)
{
  return models;
}

const struct fcsim_model_ops *fcsim_model_find(const char *name)
{
  return fcsim_registry_find(&model_registry, name);
}

size_t fcsim_model_list_names(char *buf, size_t size)
{
  return fcsim_registry_names(&model_registry, buf, size);
}

/* Checks one model's tables; see fcsim_model_check_registry. */
static int check_model(const struct fcsim_model_ops *m, struct fcsim_error *err)
{
  if (m->n_params > FCSIM_MODEL_MAX_PARAMS || m->n_results > FCSIM_MODEL_MAX_RESULTS)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s has too many parameters or results", m->name);
  for (size_t i = 0; i < m->n_params; i++) {
    const struct fcsim_model_param *p = &m->params[i];
    if (!p->name || !p->help)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: parameter %zu lacks name or help", m->name, i);
    for (size_t j = 0; j < i; j++)
      if (strcmp(p->name, m->params[j].name) == 0)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: parameter `%s` declared twice", m->name, p->name);
    if (p->unit == FCSIM_MU_ENUM && p->choices == NULL)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: enum `%s` has no choices", m->name, p->name);
    if (!(p->flags & FCSIM_MP_AUTO) && (p->def < p->min || p->def > p->max))
      return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: default of `%s` out of range", m->name, p->name);
  }
  for (size_t i = 0; i < m->n_results; i++)
    for (size_t j = 0; j < i; j++)
      if (strcmp(m->results[i].name, m->results[j].name) == 0)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: result `%s` declared twice", m->name,
                               m->results[i].name);

  double values[FCSIM_MODEL_MAX_PARAMS], results[FCSIM_MODEL_MAX_RESULTS];
  int rc;
  fcsim_model_defaults(m, values);
  if ((rc = fcsim_model_eval(m, values, results, err)) != 0)
    return rc;
  for (size_t k = 0; k < m->n_presets; k++) {
    fcsim_model_defaults(m, values);
    if ((rc = fcsim_model_apply_preset(m, values, m->presets[k].name, err)) != 0)
      return rc;
    if ((rc = fcsim_model_eval(m, values, results, err)) != 0)
      return rc;
  }
  return 0;
}

int fcsim_model_check_registry(struct fcsim_error *err)
{
  int rc = fcsim_registry_check(&model_registry, err);
  if (rc != 0)
    return rc;
  for (size_t i = 0; models[i]; i++) {
    rc = check_model(models[i], err);
    if (rc != 0)
      return rc;
  }
  return 0;
}

int fcsim_model_run(const char *model, const char *preset, const char *const *sets, double *values, double *results,
                    struct fcsim_error *err)
{
  const struct fcsim_model_ops *m = fcsim_model_find(model);
  if (m == NULL)
    return fcsim_error_set(err, FCSIM_EINVAL, "no model called `%s`", model);
  return fcsim__model_run_ops(m, preset, sets, values, results, err);
}
