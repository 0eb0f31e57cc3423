/* SPDX-License-Identifier: BSD-3-Clause */
/* Parameter handling shared by every analytic model: defaults, presets,
 * parsing "key=value" text against a model's parameter table (units,
 * integer and power-of-two constraints, bounds, did-you-mean for unknown
 * keys), evaluation, and formatting values for people. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "core/units.h"
#include "model/model.h"

int fcsim_model_param_index(const struct fcsim_model_ops *m, const char *name)
{
  for (size_t i = 0; i < m->n_params; i++)
    if (strcmp(m->params[i].name, name) == 0)
      return (int)i;
  return -1;
}

int fcsim_model_result_index(const struct fcsim_model_ops *m, const char *name)
{
  for (size_t i = 0; i < m->n_results; i++)
    if (strcmp(m->results[i].name, name) == 0)
      return (int)i;
  return -1;
}

void fcsim_model_defaults(const struct fcsim_model_ops *m, double *values)
{
  for (size_t i = 0; i < m->n_params; i++)
    values[i] = (m->params[i].flags & FCSIM_MP_AUTO) ? NAN : m->params[i].def;
}

const char *fcsim_model_unit_name(enum fcsim_model_unit unit)
{
  switch (unit) {
  case FCSIM_MU_COUNT: return "count";
  case FCSIM_MU_RATIO: return "ratio";
  case FCSIM_MU_TIME: return "s";
  case FCSIM_MU_FREQ: return "Hz";
  case FCSIM_MU_BYTES: return "B";
  case FCSIM_MU_BYTES_PER_S: return "B/s";
  case FCSIM_MU_BITS_PER_S: return "b/s";
  case FCSIM_MU_FLOPS: return "flop/s";
  case FCSIM_MU_CYCLES: return "cycles";
  case FCSIM_MU_ENUM: return "choice";
  default: return "";
  }
}

static int ieq(const char *a, const char *b)
{
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
      return 0;
  return *a == *b;
}

/* Closest parameter name to `key` (case-insensitive match first, then edit
 * distance at most 2), or NULL. */
static const char *suggest(const struct fcsim_model_ops *m, const char *key)
{
  const char *best = NULL;
  size_t best_d = 3;
  for (size_t i = 0; i < m->n_params; i++) {
    if (ieq(m->params[i].name, key))
      return m->params[i].name;
    size_t d = fcsim_edit_distance(m->params[i].name, key, 0);
    if (d < best_d) {
      best_d = d;
      best = m->params[i].name;
    }
  }
  return best;
}

static unsigned unit_mask(enum fcsim_model_unit unit)
{
  switch (unit) {
  case FCSIM_MU_TIME: return FCSIM_UNIT_TIME;
  case FCSIM_MU_FREQ: return FCSIM_UNIT_FREQ;
  case FCSIM_MU_BYTES: return FCSIM_UNIT_SIZE;
  case FCSIM_MU_BYTES_PER_S:
  case FCSIM_MU_BITS_PER_S: return FCSIM_UNIT_RATE;
  case FCSIM_MU_FLOPS: return FCSIM_UNIT_FLOPS;
  case FCSIM_MU_CYCLES: return FCSIM_UNIT_CYCLES;
  default: return 0;
  }
}

/* Writes the list of choices of an enum parameter into buf. */
static const char *choice_list(const char *const *choices, char *buf, size_t size)
{
  buf[0] = '\0';
  for (size_t i = 0; choices && choices[i]; i++) {
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, "%s%s", i ? ", " : "", choices[i]);
  }
  return buf;
}

int fcsim_model_parse_param(const struct fcsim_model_param *p, const char *text, double *value, struct fcsim_error *err)
{
  char buf[256];
  if (text == NULL || *text == '\0')
    return fcsim_error_set(err, FCSIM_EINVAL, "parameter `%s` needs a value", p->name);

  if (p->unit == FCSIM_MU_ENUM) {
    for (size_t i = 0; p->choices && p->choices[i]; i++)
      if (strcmp(p->choices[i], text) == 0) {
        *value = (double)i;
        return 0;
      }
    return fcsim_error_set(err, FCSIM_EINVAL, "parameter `%s`: `%s` is not one of: %s", p->name, text,
                           choice_list(p->choices, buf, sizeof buf));
  }

  double v;
  if (p->unit == FCSIM_MU_RATIO) {
    const char *end;
    while (isspace((unsigned char)*text))
      text++;
    if (fcsim_parse_number(text, &v, &end))
      return fcsim_error_set(err, FCSIM_EINVAL, "parameter `%s`: `%s` is not a number (expected e.g. 0.5 or 50%%)",
                             p->name, text);
    while (isspace((unsigned char)*end))
      end++;
    if (*end == '%') {
      v /= 100.0;
      end++;
    }
    while (isspace((unsigned char)*end))
      end++;
    if (*end != '\0')
      return fcsim_error_set(err, FCSIM_EINVAL, "parameter `%s`: `%s` is not a ratio (expected e.g. 0.5 or 50%%)",
                             p->name, text);
  } else {
    struct fcsim_error perr;
    enum fcsim_unit_kind kind = FCSIM_UNIT_NONE;
    fcsim_error_clear(&perr);
    if (fcsim_parse_quantity(text, unit_mask(p->unit), &v, &kind, &perr) != 0)
      return fcsim_error_set(err, FCSIM_EINVAL, "parameter `%s` (%s): %s", p->name, fcsim_model_unit_name(p->unit),
                             perr.msg);
    if (p->unit == FCSIM_MU_BITS_PER_S && kind == FCSIM_UNIT_RATE)
      v *= 8.0; /* the parser returns bytes/s */
  }

  if ((p->flags & (FCSIM_MP_INT | FCSIM_MP_POW2)) || p->unit == FCSIM_MU_COUNT) {
    if (v != floor(v))
      return fcsim_error_set(err, FCSIM_EINVAL, "parameter `%s` must be an integer (got `%s`)", p->name, text);
  }
  if (v < 0.0 && p->min >= 0.0)
    return fcsim_error_set(err, FCSIM_ERANGE, "parameter `%s` must not be negative (got `%s`)", p->name, text);
  if (v < p->min || v > p->max) {
    char lo[64], hi[64];
    fcsim_model_format(p->unit, p->choices, p->min, lo, sizeof lo);
    fcsim_model_format(p->unit, p->choices, p->max, hi, sizeof hi);
    return fcsim_error_set(err, FCSIM_ERANGE, "parameter `%s` = `%s` is out of range [%s, %s]", p->name, text, lo, hi);
  }
  if (p->flags & FCSIM_MP_POW2) {
    double l = log2(v);
    if (v < 1.0 || l != floor(l))
      return fcsim_error_set(err, FCSIM_EINVAL, "parameter `%s` must be a power of two (got `%s`)", p->name, text);
  }
  *value = v;
  return 0;
}

int fcsim_model_set(const struct fcsim_model_ops *m, double *values, const char *key, const char *text,
                    struct fcsim_error *err)
{
  int i = fcsim_model_param_index(m, key);
  if (i < 0) {
    const char *s = suggest(m, key);
    if (s)
      return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "unknown parameter `%s` (did you mean `%s`?)", key, s);
    return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "unknown parameter `%s` (see `fcsim model %s --help`)", key,
                           m->name);
  }
  const struct fcsim_model_param *p = &m->params[i];
  if ((p->flags & FCSIM_MP_AUTO) && strcmp(text, "auto") == 0) {
    values[i] = NAN;
    return 0;
  }
  return fcsim_model_parse_param(p, text, &values[i], err);
}

int fcsim_model_set_kv(const struct fcsim_model_ops *m, double *values, const char *kv, struct fcsim_error *err)
{
  const char *eq = strchr(kv, '=');
  if (eq == NULL || eq == kv)
    return fcsim_error_set(err, FCSIM_EINVAL, "`%s` is not of the form key=value", kv);
  char key[128];
  size_t len = (size_t)(eq - kv);
  if (len >= sizeof key)
    return fcsim_error_set(err, FCSIM_EINVAL, "parameter name in `%s` is too long", kv);
  memcpy(key, kv, len);
  key[len] = '\0';
  return fcsim_model_set(m, values, key, eq + 1, err);
}

int fcsim_model_apply_preset(const struct fcsim_model_ops *m, double *values, const char *name, struct fcsim_error *err)
{
  for (size_t i = 0; i < m->n_presets; i++) {
    const struct fcsim_model_preset *pr = &m->presets[i];
    if (strcmp(pr->name, name) != 0)
      continue;
    for (size_t k = 0; pr->settings[k]; k++) {
      int rc = fcsim_model_set_kv(m, values, pr->settings[k], err);
      if (rc != 0)
        return fcsim_error_set(err, FCSIM_EINTERNAL, "preset %s of model %s: %s", pr->name, m->name,
                               err ? err->msg : "bad setting");
    }
    return 0;
  }
  char list[256] = "";
  for (size_t i = 0; i < m->n_presets; i++) {
    size_t len = strlen(list);
    snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", m->presets[i].name);
  }
  return fcsim_error_set(err, FCSIM_EINVAL, "unknown preset `%s` (presets: %s)", name, m->n_presets ? list : "none");
}

int fcsim_model_eval(const struct fcsim_model_ops *m, double *values, double *results, struct fcsim_error *err)
{
  for (size_t i = 0; i < m->n_results; i++)
    results[i] = NAN;
  return m->compute(values, results, err);
}

/* Engineering notation with `unit` appended: 2.549e12 -> "2.549 T<unit>". */
static char *eng(double v, const char *unit, char *buf, size_t size)
{
  static const char *big[] = {"", "k", "M", "G", "T", "P", "E"};
  static const char *small[] = {"", "m", "u", "n", "p", "f"};
  double a = fabs(v);
  int i = 0;
  if (a == 0.0 || !isfinite(v)) {
    snprintf(buf, size, "%g %s", v, unit);
  } else if (a >= 1.0) {
    while (a >= 1000.0 && i < 6) {
      a /= 1000.0;
      v /= 1000.0;
      i++;
    }
    snprintf(buf, size, "%.5g %s%s", v, big[i], unit);
  } else {
    while (a < 1.0 && i < 5) {
      a *= 1000.0;
      v *= 1000.0;
      i++;
    }
    snprintf(buf, size, "%.5g %s%s", v, small[i], unit);
  }
  return buf;
}

char *fcsim_model_format(enum fcsim_model_unit unit, const char *const *choices, double value, char *buf, size_t size)
{
  if (isnan(value)) {
    snprintf(buf, size, "-");
    return buf;
  }
  if (isinf(value)) {
    snprintf(buf, size, value > 0 ? "inf" : "-inf");
    return buf;
  }
  switch (unit) {
  case FCSIM_MU_COUNT:
  case FCSIM_MU_CYCLES:
    if (fabs(value) < 1e15 && value == floor(value))
      snprintf(buf, size, "%.0f%s", value, unit == FCSIM_MU_CYCLES ? " cycles" : "");
    else
      snprintf(buf, size, "%.6g%s", value, unit == FCSIM_MU_CYCLES ? " cycles" : "");
    return buf;
  case FCSIM_MU_RATIO: snprintf(buf, size, "%.5g %%", value * 100.0); return buf;
  case FCSIM_MU_TIME: return eng(value, "s", buf, size);
  case FCSIM_MU_FREQ: return eng(value, "Hz", buf, size);
  case FCSIM_MU_BYTES_PER_S: return eng(value, "B/s", buf, size);
  case FCSIM_MU_BITS_PER_S: return eng(value, "b/s", buf, size);
  case FCSIM_MU_FLOPS: return eng(value, "Flop/s", buf, size);
  case FCSIM_MU_BYTES: {
    static const char *bin[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = value;
    int i = 0;
    while (i < 4 && fabs(v) >= 1024.0 && fmod(v, 1024.0) == 0.0) {
      v /= 1024.0;
      i++;
    }
    if (i == 0 && value == floor(value) && fabs(value) < 1e6) {
      snprintf(buf, size, "%.0f B", value);
      return buf;
    }
    if (i > 0) {
      snprintf(buf, size, "%.6g %s", v, bin[i]);
      return buf;
    }
    return eng(value, "B", buf, size);
  }
  case FCSIM_MU_ENUM: {
    size_t n = 0;
    while (choices && choices[n])
      n++;
    if (value >= 0 && (size_t)value < n)
      snprintf(buf, size, "%s", choices[(size_t)value]);
    else
      snprintf(buf, size, "?%g", value);
    return buf;
  }
  default: snprintf(buf, size, "%.6g", value); return buf;
  }
}

int fcsim__model_run_ops(const struct fcsim_model_ops *m, const char *preset, const char *const *sets, double *values,
                         double *results, struct fcsim_error *err)
{
  fcsim_model_defaults(m, values);
  int rc;
  if (preset && (rc = fcsim_model_apply_preset(m, values, preset, err)) != 0)
    return rc;
  for (size_t i = 0; sets && sets[i]; i++)
    if ((rc = fcsim_model_set_kv(m, values, sets[i], err)) != 0)
      return rc;
  return fcsim_model_eval(m, values, results, err);
}
