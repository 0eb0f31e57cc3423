/* SPDX-License-Identifier: BSD-3-Clause */
/* `KEY=START:STOP:STEP`: split, numbers, point count. See range.h. */
#include <math.h>
#include <string.h>

#include "core/range.h"
#include "core/units.h"

int fcsim_range_is_range(const char *text)
{
  const char *eq = strchr(text, '=');
  return eq && strchr(eq + 1, ':') != NULL;
}

int fcsim_range_split(const char *text, const char *what, struct fcsim_range_spec *r, struct fcsim_error *err)
{
  memset(r, 0, sizeof *r);
  const char *eq = strchr(text, '=');
  if (!eq || eq == text)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: expected KEY=START:STOP:STEP", what, text);
  size_t klen = (size_t)(eq - text);
  if (klen >= sizeof r->key)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: key too long", what, text);
  memcpy(r->key, text, klen);
  const char *rest = eq + 1;
  for (int k = 0; k < 3; k++) {
    const char *stop = k < 2 ? strchr(rest, ':') : rest + strlen(rest);
    if (!stop || stop == rest || (size_t)(stop - rest) >= sizeof r->part[k] || (k == 2 && strchr(rest, ':')))
      return fcsim_error_set(err, FCSIM_EINVAL,
                             "%s `%s`: expected KEY=START:STOP:STEP (e.g. traffic.rate=0.05:0.6:0.05)", what, text);
    memcpy(r->part[k], rest, (size_t)(stop - rest));
    rest = *stop ? stop + 1 : stop;
  }
  return 0;
}

int fcsim_range_numbers(const struct fcsim_range_spec *r, const char *what, const char *text, double v[3],
                        struct fcsim_error *err)
{
  static const char *const names[3] = {"START", "STOP", "STEP"};
  for (int k = 0; k < 3; k++) {
    const char *end;
    if (fcsim_parse_number(r->part[k], &v[k], &end) || *end)
      return fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: %s `%s` is not a decimal number", what, text, names[k],
                             r->part[k]);
  }
  return 0;
}

int fcsim_range_count(const double v[3], size_t max_points, const char *what, const char *text, size_t *npoints,
                      struct fcsim_error *err)
{
  if (!(v[2] > 0))
    return fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: STEP must be positive", what, text);
  if (v[1] < v[0])
    return fcsim_error_set(err, FCSIM_EINVAL, "%s `%s`: STOP is below START", what, text);
  double count = floor((v[1] - v[0]) / v[2] * (1 + 1e-12) + 1e-9) + 1;
  if (!(count <= (double)max_points))
    return fcsim_error_set(err, FCSIM_ERANGE, "%s `%s`: %.0f points (at most %zu)", what, text, count, max_points);
  *npoints = (size_t)count;
  return 0;
}

double fcsim_range_value(const double v[3], size_t i)
{
  return v[0] + (double)i * v[2];
}
