/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: analytic model parameters (model/params.c) and the
 * models themselves. The first byte picks the model; each following line is
 * `key=value`, or `preset NAME`; then the model is evaluated and every
 * value formatted. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fcsim/model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  const struct fcsim_model_ops *const *list = fcsim_model_list();
  size_t nmodels = 0;
  while (list[nmodels])
    nmodels++;
  const struct fcsim_model_ops *m = list[data[0] % nmodels];
  char *text = malloc(size);
  if (!text)
    return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = '\0';
  double values[FCSIM_MODEL_MAX_PARAMS], results[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err = {0};
  fcsim_model_defaults(m, values);
  for (char *line = text, *next; line; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = '\0';
    fcsim_error_clear(&err);
    if (!strncmp(line, "preset ", 7))
      fcsim_model_apply_preset(m, values, line + 7, &err);
    else
      fcsim_model_set_kv(m, values, line, &err);
  }
  fcsim_error_clear(&err);
  if (fcsim_model_eval(m, values, results, &err) == 0) {
    char buf[64];
    for (size_t i = 0; i < m->n_results; i++)
      fcsim_model_format(m->results[i].unit, NULL, results[i], buf, sizeof buf);
    for (size_t i = 0; i < m->n_params; i++)
      fcsim_model_format(m->params[i].unit, m->params[i].choices, values[i], buf, sizeof buf);
  }
  free(text);
  return 0;
}
