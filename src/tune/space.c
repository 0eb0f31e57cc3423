/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune`, the search space and the sweep: `--space key=v1,v2` and `--vary
 * key=START:STOP:STEP` (core/range.c) dimensions, checked against the keys. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fcsim/fcsim.h"
#include "fcsim/tune.h"
#include "core/range.h"
#include "tune/analysis.h"
#include "tune/tune_internal.h"
#include "tune/tune_json.h"
#include "tune/tune_search.h"

/* Appends a value to a dimension. */
static int dim_push(struct dim *d, const char *s, size_t n)
{
  if (d->n >= TUNE_MAX_VALUES)
    return FCSIM_ERANGE;
  char **v = realloc(d->values, (d->n + 1) * sizeof *v);
  if (!v)
    return FCSIM_ENOMEM;
  d->values = v;
  if (!(d->values[d->n] = malloc(n + 1)))
    return FCSIM_ENOMEM;
  memcpy(d->values[d->n], s, n);
  d->values[d->n][n] = '\0';
  d->n++;
  return 0;
}

/* Parses "key=..." into d: a list "v1,v2" or, when `ranges` and the text is
 * three numbers START:STOP:STEP, the values of that range. Checks the key
 * and every value against the registry. `what` names the option. */
static int parse_dim(struct fcsim_tune *t, const char *spec, int ranges, const char *what, struct dim *d,
                     struct fcsim_error *err)
{
  memset(d, 0, sizeof *d);
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec || !eq[1])
    return fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: expected section.key=%s", what, spec,
                           ranges ? "START:STOP:STEP or section.key=v1,v2,..." : "v1,v2,...");
  if (!(d->key = malloc((size_t)(eq - spec) + 1)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  memcpy(d->key, spec, (size_t)(eq - spec));
  d->key[eq - spec] = '\0';
  int rc = 0;
  const char *v = eq + 1;
  if (ranges && fcsim_range_is_range(spec)) {
    struct fcsim_range_spec r;
    double rv[3];
    size_t n;
    if ((rc = fcsim_range_split(spec, what, &r, err)) || (rc = fcsim_range_numbers(&r, what, spec, rv, err)) ||
        (rc = fcsim_range_count(rv, TUNE_MAX_VALUES, what, spec, &n, err)))
      goto fail;
    for (size_t i = 0; i < n; i++) {
      char num[64];
      int len = snprintf(num, sizeof num, "%.10g", fcsim_range_value(rv, i));
      if ((rc = dim_push(d, num, (size_t)len)))
        goto nomem;
    }
  } else {
    for (const char *p = v;;) {
      const char *comma = strchr(p, ',');
      const char *e = comma ? comma : p + strlen(p);
      const char *s0 = p;
      while (s0 < e && *s0 == ' ')
        s0++;
      while (e > s0 && e[-1] == ' ')
        e--;
      if (e == s0) {
        rc = fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: empty value in the list", what, spec);
        goto fail;
      }
      if ((rc = dim_push(d, s0, (size_t)(e - s0)))) {
        if (rc == FCSIM_ERANGE) {
          rc = fcsim_error_set(err, rc, "%s `%s`: more than %d values", what, spec, TUNE_MAX_VALUES);
          goto fail;
        }
        goto nomem;
      }
      if (!comma)
        break;
      p = comma + 1;
    }
  }
  /* every value must be a valid value of a known key */
  struct fcsim_config *probe = fcsim_config_create();
  if (!probe)
    goto nomem;
  for (size_t i = 0; i < d->n; i++) {
    if ((rc = fcsim_config_set(probe, d->key, d->values[i], what, err))) {
      fcsim_config_destroy(probe);
      goto fail;
    }
  }
  fcsim_config_destroy(probe);
  for (size_t i = 0; i < d->n; i++)
    for (size_t j = 0; j < i; j++)
      if (!strcmp(d->values[i], d->values[j])) {
        rc = fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: value `%s` given twice", what, spec, d->values[i]);
        goto fail;
      }
  (void)t;
  return 0;
nomem:
  rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
fail:
  dim_free(d);
  return rc;
}

static int key_used(const struct fcsim_tune *t, const char *key)
{
  for (size_t d = 0; d < t->nspace; d++)
    if (!strcmp(t->space[d].key, key))
      return 1;
  for (size_t d = 0; d < t->nvary; d++)
    if (!strcmp(t->vary[d].key, key))
      return 1;
  return 0;
}

static int add_dim(struct fcsim_tune *t, const char *spec, int is_vary, struct fcsim_error *err)
{
  const char *what = is_vary ? "--vary" : "--space";
  if (t->prepared)
    return fcsim_error_set(err, FCSIM_EINVAL, "tune: %s must be given before the run", what);
  size_t *n = is_vary ? &t->nvary : &t->nspace;
  if (*n >= TUNE_MAX_DIMS)
    return fcsim_error_set(err, FCSIM_ERANGE, "%s: at most %d dimensions", what, TUNE_MAX_DIMS);
  struct dim d;
  int rc = parse_dim(t, spec, is_vary, what, &d, err);
  if (rc)
    return rc;
  if (key_used(t, d.key)) {
    rc = fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: key `%s` is already in --space or --vary", what, spec, d.key);
    dim_free(&d);
    return rc;
  }
  (is_vary ? t->vary : t->space)[(*n)++] = d;
  return 0;
}

int fcsim_tune_add_space(struct fcsim_tune *t, const char *spec, struct fcsim_error *err)
{
  return add_dim(t, spec, 0, err);
}

int fcsim_tune_add_vary(struct fcsim_tune *t, const char *spec, struct fcsim_error *err)
{
  return add_dim(t, spec, 1, err);
}
