/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim plot of a model sweep (fcsim model NAME --vary KEY=...): each result
 * that changes along the sweep against the varied parameter, in units a
 * reader expects (GB/s, TFlop/s, us, %). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "plot/plot_internal.h"

#define MAX_PANELS 6

/* Display factor and unit label for values of `unit` up to `mx`. */
static double display_unit(enum fcsim_model_unit unit, double mx, char *label, size_t size)
{
  static const struct {
    double f;
    const char *p;
  } pre[] = {{1e15, "P"}, {1e12, "T"}, {1e9, "G"},  {1e6, "M"}, {1e3, "k"},
             {1, ""},     {1e-3, "m"}, {1e-6, "u"}, {1e-9, "n"}};
  const char *base = NULL;
  switch (unit) {
  case FCSIM_MU_RATIO: snprintf(label, size, "%%"); return 100;
  case FCSIM_MU_TIME: base = "s"; break;
  case FCSIM_MU_FREQ: base = "Hz"; break;
  case FCSIM_MU_BYTES: base = "B"; break;
  case FCSIM_MU_BYTES_PER_S: base = "B/s"; break;
  case FCSIM_MU_BITS_PER_S: base = "bit/s"; break;
  case FCSIM_MU_FLOPS: base = "Flop/s"; break;
  case FCSIM_MU_CYCLES: snprintf(label, size, "cycles"); return 1;
  default: snprintf(label, size, "%s", unit == FCSIM_MU_COUNT ? "count" : ""); return 1;
  }
  for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++)
    if (mx >= pre[i].f || i + 1 == sizeof pre / sizeof pre[0]) {
      snprintf(label, size, "%s%s", pre[i].p, base);
      return 1 / pre[i].f;
    }
  return 1;
}

static double rec_value(json_t *rec, const char *group, const char *name)
{
  return fcsim__plot_num(json_object_get(rec, group), name);
}

/* Index of the first numeric parameter that differs between records, or -1. */
static int varied_param(const struct fcsim_model_ops *m, json_t *recs)
{
  for (size_t p = 0; p < m->n_params; p++) {
    json_t *v0 = json_object_get(json_object_get(json_array_get(recs, 0), "params"), m->params[p].name);
    if (!json_is_number(v0))
      continue;
    size_t i;
    json_t *r;
    json_array_foreach(recs, i, r) if (!json_equal(json_object_get(json_object_get(r, "params"), m->params[p].name),
                                                   v0)) return (int)p;
  }
  return -1;
}

/* Results that are finite somewhere and not constant, those with seed points
 * first, then in table order. */
static int pick_results(const struct fcsim_model_ops *m, json_t *recs, const char *xparam, int *out)
{
  int n = 0;
  json_t *params = json_object_get(json_array_get(recs, 0), "params");
  for (int pass = 0; pass < 2; pass++)
    for (size_t k = 0; k < m->n_results && n < MAX_PANELS; k++) {
      const struct plot_seed_point *sp[1];
      if ((fcsim__plot_seed_points(m->name, xparam, m->results[k].name, params, sp, 1) > 0) != (pass == 0))
        continue;
      double lo = INFINITY, hi = -INFINITY;
      size_t i;
      json_t *r;
      json_array_foreach(recs, i, r)
      {
        double v = rec_value(r, "results", m->results[k].name);
        if (isfinite(v))
          lo = fmin(lo, v), hi = fmax(hi, v);
      }
      if (isfinite(lo) && hi > lo)
        out[n++] = (int)k;
    }
  return n;
}

/* Data block $seedK of the seed's points for result `r`, and the plot
 * clause that draws them ("" when there are none). */
static void seed_overlay(FILE *f, int k, const struct fcsim_model_ops *m, const char *xparam, const char *result,
                         json_t *params, double xf, double yf, char *clause, size_t size)
{
  const struct plot_seed_point *sp[16];
  int n = fcsim__plot_seed_points(m->name, xparam, result, params, sp, 16);
  clause[0] = '\0';
  if (!n)
    return;
  fprintf(f, "$seed%d << EOD\n", k);
  for (int i = 0; i < n; i++)
    fprintf(f, "%.10g %.10g\n", sp[i]->x * xf, sp[i]->y * yf);
  fprintf(f, "EOD\n");
  snprintf(clause, size, ", $seed%d using 1:2 with points pt 2 ps 2.5 lw 2 lc rgb '#c0392b' title '%s (source)'", k,
           sp[0]->where);
}

static void max_abs(json_t *recs, const char *group, const char *name, double *mx, double *mn)
{
  size_t i;
  json_t *r;
  *mx = 0, *mn = INFINITY;
  json_array_foreach(recs, i, r)
  {
    double v = fabs(rec_value(r, group, name));
    if (isfinite(v))
      *mx = fmax(*mx, v), *mn = fmin(*mn, v);
  }
}

/* 1 if any record has a negative value of group.name. */
static int any_negative(json_t *recs, const char *group, const char *name)
{
  size_t i;
  json_t *r;
  json_array_foreach(recs, i, r) if (rec_value(r, group, name) < 0) return 1;
  return 0;
}

int fcsim__plot_model(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err)
{
  json_t *recs = d->records, *r0 = json_array_get(recs, 0);
  const char *name = json_string_value(json_object_get(r0, "model"));
  const struct fcsim_model_ops *m = name ? fcsim_model_find(name) : NULL;
  if (!m)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: unknown model `%s`", d->source, name ? name : "");
  int px = varied_param(m, recs), res[MAX_PANELS];
  if (px < 0)
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "%s: one model point; draw a sweep (`fcsim model %s --vary KEY=A:B:STEP --json FILE`)",
                           d->source, m->name);
  const struct fcsim_model_param *xp0 = &m->params[px];
  int n = pick_results(m, recs, xp0->name, res);
  if (n == 0)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: no result of model %s changes along the sweep", d->source, m->name);
  const struct fcsim_model_param *xp = &m->params[px];
  double xmax, xmin, ymax, ymin;
  char xunit[32], yunit[32], caption[1400];
  max_abs(recs, "params", xp->name, &xmax, &xmin);
  double xf = display_unit(xp->unit, xmax, xunit, sizeof xunit);
  int cols = n > 1 ? 2 : 1, rows = (n + cols - 1) / cols;
  fcsim__gp_begin(f, image, svg, 1100, 300 + 330 * rows);
  snprintf(caption, sizeof caption, "model %s (%s); %s varied, other parameters as in %s", m->name, m->source, xp->name,
           d->names);
  fcsim__gp_caption(f, caption);
  fprintf(f, "set multiplot layout %d,%d title ", rows, cols);
  fcsim__gp_str(f, m->summary);
  fprintf(f, " font ',12' margins 0.08,0.97,0.1,0.9 spacing 0.1,0.14\nset key top right\nset offsets graph 0.02, graph "
             "0.02, graph 0.3, graph 0.05\n");
  /* axes in words: the parameter's meaning beside its symbol, the result's unit (its meaning is the title) */
  char xlabel[320];
  snprintf(xlabel, sizeof xlabel, "%s: %s%s%s%s", xp->name, xp->help ? xp->help : "", xunit[0] ? " (" : "", xunit,
           xunit[0] ? ")" : "");
  fprintf(f, "set xlabel ");
  fcsim__gp_str(f, xlabel);
  fputc('\n', f);
  if (xmin > 0 && xmax / xmin >= 64)
    fprintf(f, "set logscale x 2\n");
  for (int k = 0; k < n; k++) {
    const struct fcsim_model_result *r = &m->results[res[k]];
    max_abs(recs, "results", r->name, &ymax, &ymin);
    double yf = display_unit(r->unit, ymax, yunit, sizeof yunit);
    fprintf(f, "$r%d << EOD\n", k);
    size_t i;
    json_t *rec;
    json_array_foreach(recs, i, rec)
    {
      fcsim__gp_num(f, rec_value(rec, "params", xp->name) * xf);
      fputc(' ', f);
      fcsim__gp_num(f, rec_value(rec, "results", r->name) * yf);
      fputc('\n', f);
    }
    fprintf(f, "EOD\nset title ");
    fcsim__gp_str(f, r->help);
    fprintf(f, " font ',9'\nset ylabel '%s'\n", yunit[0] ? yunit : "value");
    /* a quantity that cannot be negative is never drawn below zero */
    fprintf(f, "set yrange [%s:*]\n", any_negative(recs, "results", r->name) ? "*" : "0<*");
    char seed[256];
    seed_overlay(f, k, m, xp->name, r->name, json_object_get(r0, "params"), xf, yf, seed, sizeof seed);
    fprintf(f, "plot $r%d using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb '#2166ac' title 'fcsim model'%s\n", k,
            seed);
  }
  fprintf(f, "unset multiplot\n");
  return 0;
}
