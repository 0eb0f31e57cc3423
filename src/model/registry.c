/* The table of analytic models, lookup by name, and a consistency check of
 * every registered model (run by the tests and by `fcsim model list`). */
#include <math.h>
#include <string.h>

#include "model/model.h"

static const struct fcsim_model_ops *const models[] = {
  &fcsim_model_stream, &fcsim_model_fc,     &fcsim_model_p2p,
  &fcsim_model_linkbw, &fcsim_model_gather, &fcsim_model_fft,
  &fcsim_model_cornerturn, &fcsim_model_contraction, &fcsim_model_md,
  NULL,
};

const struct fcsim_model_ops *const *fcsim_model_list(void)
{
  return models;
}

const struct fcsim_model_ops *fcsim_model_find(const char *name)
{
  if (name == NULL)
    return NULL;
  for (size_t i = 0; models[i]; i++)
    if (strcmp(models[i]->name, name) == 0)
      return models[i];
  return NULL;
}

/* Checks one model's tables; see fcsim_model_check_registry. */
static int check_model(const struct fcsim_model_ops *m, struct fcsim_error *err)
{
  if (!m->name || !m->summary || !m->source || !m->params || !m->results || !m->compute)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s lacks a required field",
                           m->name ? m->name : "(unnamed)");
  if (m->n_params > FCSIM_MODEL_MAX_PARAMS || m->n_results > FCSIM_MODEL_MAX_RESULTS)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s has too many parameters or results",
                           m->name);
  for (size_t i = 0; i < m->n_params; i++) {
    const struct fcsim_model_param *p = &m->params[i];
    if (!p->name || !p->help)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: parameter %zu lacks name or help",
                             m->name, i);
    for (size_t j = 0; j < i; j++)
      if (strcmp(p->name, m->params[j].name) == 0)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: parameter `%s` declared twice",
                               m->name, p->name);
    if (p->unit == FCSIM_MU_ENUM && p->choices == NULL)
      return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: enum `%s` has no choices", m->name,
                             p->name);
    if (!(p->flags & FCSIM_MP_AUTO) && (p->def < p->min || p->def > p->max))
      return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: default of `%s` out of range",
                             m->name, p->name);
  }
  for (size_t i = 0; i < m->n_results; i++)
    for (size_t j = 0; j < i; j++)
      if (strcmp(m->results[i].name, m->results[j].name) == 0)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s: result `%s` declared twice",
                               m->name, m->results[i].name);

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
  for (size_t i = 0; models[i]; i++) {
    for (size_t j = 0; j < i; j++)
      if (strcmp(models[i]->name, models[j]->name) == 0)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "model %s registered twice",
                               models[i]->name);
    int rc = check_model(models[i], err);
    if (rc != 0)
      return rc;
  }
  return 0;
}
