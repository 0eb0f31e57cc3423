/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim plot of a tune result (fcsim tune --json): a heat map of each
 * configuration's gain over the average configuration per workload, and the
 * Pareto front of latency against router area (seed 000 Table 4.2 ALMs). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fcsim/metrics.h"
#include "plot/plot_internal.h"

#define MAX_W 64
#define MAX_C 512
#define MAX_S 512

/* The table the figures are drawn from. */
struct tune_table {
  int nw, nc, ns;                             /* workloads, configurations, sweep points */
  const char *w[MAX_W], *c[MAX_C], *s[MAX_S]; /* their names (owned by the JSON) */
  double v[MAX_W][MAX_C];                     /* geometric mean of the metric over the sweep; NaN invalid */
  double gain[MAX_W][MAX_C];                  /* % better than the average configuration */
  double area[MAX_C];                         /* router area of the configured VCs (ALMs), 0 unknown */
};

static int index_of(const char **names, int *n, int max, const char *name)
{
  for (int i = 0; i < *n; i++)
    if (!strcmp(names[i], name))
      return i;
  if (*n == max)
    return -1;
  names[*n] = name;
  return (*n)++;
}

/* From the metric registry's declarations of what tune compares. */
static int higher_is_better(const char *metric)
{
  const struct fcsim_metric *m = fcsim_metric_lookup("tune-metric", NULL, metric);
  return m && m->better == FCSIM_BETTER_HIGHER;
}

static const char *unit_of(const char *metric)
{
  const struct fcsim_metric *m = fcsim_metric_lookup("tune-metric", NULL, metric);
  return m && *m->unit ? m->unit : "no unit";
}

/* The metric the figures show: tune's first latency metric. */
static const char *pick_metric(json_t *header)
{
  size_t i;
  json_t *m;
  json_array_foreach(json_object_get(header, "metrics"), i, m)
  {
    const char *name = json_string_value(m);
    if (name && strstr(name, "latency"))
      return name;
  }
  return "avg_latency";
}

/* Fills the table from the points of the highest rung (pruned configurations
 * stay NaN). The average at a sweep point is the mean over the valid runs
 * there. Returns 0 or -1 when the points do not fit the table. */
static int build(json_t *points, const char *metric, struct tune_table *t)
{
  static double sum_ws[MAX_W][MAX_S], log_wc[MAX_W][MAX_C];
  static int n_ws[MAX_W][MAX_S], n_wc[MAX_W][MAX_C], bad_wc[MAX_W][MAX_C];
  memset(sum_ws, 0, sizeof sum_ws), memset(log_wc, 0, sizeof log_wc), memset(n_ws, 0, sizeof n_ws);
  memset(n_wc, 0, sizeof n_wc), memset(bad_wc, 0, sizeof bad_wc);
  size_t i;
  json_t *p;
  double top_rung = 0;
  json_array_foreach(points, i, p) top_rung = fmax(top_rung, fcsim__plot_num(p, "rung"));
  json_array_foreach(points, i, p)
  {
    const char *wn = json_string_value(json_object_get(p, "workload")),
               *cn = json_string_value(json_object_get(p, "label"));
    const char *sn = json_string_value(json_object_get(p, "sweep"));
    if (!wn || !cn || fcsim__plot_num(p, "rung") != top_rung)
      continue;
    int w = index_of(t->w, &t->nw, MAX_W, wn), c = index_of(t->c, &t->nc, MAX_C, cn);
    int s = index_of(t->s, &t->ns, MAX_S, sn ? sn : "");
    if (w < 0 || c < 0 || s < 0)
      return -1;
    json_t *r = json_object_get(p, "results");
    double v = fcsim__plot_num(r, metric);
    if (!r || fcsim__plot_num(r, "deadlock") > 0 || !(v > 0)) {
      bad_wc[w][c] = 1;
      continue;
    }
    sum_ws[w][s] += v, n_ws[w][s]++;
    log_wc[w][c] += log(v), n_wc[w][c]++;
    if (fcsim__plot_num(r, "area_alms") > 0)
      t->area[c] = fcsim__plot_num(r, "area_alms");
  }
  int hib = higher_is_better(metric);
  for (int w = 0; w < t->nw; w++) {
    double log_avg = 0;
    for (int s = 0; s < t->ns; s++)
      log_avg += n_ws[w][s] ? log(sum_ws[w][s] / n_ws[w][s]) / t->ns : NAN;
    for (int c = 0; c < t->nc; c++) {
      int ok = !bad_wc[w][c] && n_wc[w][c] == t->ns;
      double lg = ok ? log_wc[w][c] / t->ns : NAN;
      t->v[w][c] = exp(lg);
      double ratio = exp(lg - log_avg);
      t->gain[w][c] = 100.0 * (hib ? ratio - 1 : 1 - ratio);
    }
  }
  return 0;
}

static void write_gain_map(FILE *f, const struct tune_table *t, const char *metric, double top, double height)
{
  double mx = 1;
  fprintf(f, "$gain << EOD\n");
  for (int w = 0; w < t->nw; w++) {
    for (int c = 0; c < t->nc; c++) {
      fputs(c ? " " : "", f);
      fcsim__gp_num(f, t->gain[w][c]);
      if (fabs(t->gain[w][c]) > mx)
        mx = fabs(t->gain[w][c]);
    }
    fputc('\n', f);
  }
  fprintf(f, "EOD\n");
  fcsim__gp_palette_diverging(f);
  fprintf(f, "set origin 0,%g\nset size 1,%g\nunset grid\nset cbrange [%g:%g]\n", top - height, height, -mx, mx);
  fprintf(f, "set cblabel '%% better than the average configuration'\n");
  fprintf(f, "set title 'gain in %s per workload and configuration (geometric mean over the sweep)'\n", metric);
  fprintf(f, "set xlabel 'configuration (routing/arbitration/VCs)'\nset ylabel 'workload'\n");
  fprintf(f, "set xtics rotate by 90 right font ',%d' (", t->nc > 60 ? 6 : 8);
  for (int c = 0; c < t->nc; c++) {
    fprintf(f, "%s", c ? ", " : "");
    fcsim__gp_str(f, t->c[c]);
    fprintf(f, " %d", c);
  }
  fprintf(f, ")\nset ytics (");
  for (int w = 0; w < t->nw; w++) {
    fprintf(f, "%s", w ? ", " : "");
    fcsim__gp_str(f, t->w[w]);
    fprintf(f, " %d", w);
  }
  fprintf(f, ")\nset xrange [-0.5:%g]\nset yrange [-0.5:%g]\nunset key\n", t->nc - 0.5, t->nw - 0.5);
  if (t->nw > 1 && t->nc > 1)
    fprintf(f, "plot $gain matrix with image pixels");
  else /* gnuplot draws no image of a single row or column: one box per cell */
    fprintf(f, "plot $gain matrix using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder fc palette");
  if (t->nc <= 24)
    fprintf(
        f,
        ", $gain matrix using 1:2:($3 == $3 ? sprintf('%%.0f', abs($3) < 0.5 ? 0 : $3) : 'x') with labels font ',8'");
  fprintf(f, "\nunset xrange\nunset yrange\nset xtics norotate font ',10'\nset xtics autofreq\nset ytics autofreq\nset "
             "grid\n");
}

static int area_cmp(const void *a, const void *b)
{
  const double *x = a, *y = b;
  int c0 = (x[0] > y[0]) - (x[0] < y[0]);
  return c0 ? c0 : (x[1] > y[1]) - (x[1] < y[1]);
}

/* Scatter of every configuration (geometric mean over workloads) and the
 * Pareto front: no other configuration is both smaller and faster. */
static void write_pareto(FILE *f, const struct tune_table *t, const char *metric, double bottom, double height)
{
  static double pts[MAX_C][3];
  int n = 0;
  fprintf(f, "$cfg << EOD\n");
  for (int c = 0; c < t->nc; c++) {
    double lg = 0;
    for (int w = 0; w < t->nw; w++)
      lg += log(t->v[w][c]) / t->nw;
    if (!isfinite(lg) || !(t->area[c] > 0))
      continue;
    pts[n][0] = t->area[c], pts[n][1] = exp(lg), pts[n][2] = c, n++;
    fprintf(f, "%.10g %.10g \"%s\"\n", t->area[c], exp(lg), t->c[c]);
  }
  fprintf(f, "NaN NaN \"\"\nEOD\n$front << EOD\n");
  qsort(pts, (size_t)n, sizeof pts[0], area_cmp);
  double best = INFINITY;
  int hib = higher_is_better(metric);
  for (int i = 0; i < n; i++) {
    double y = hib ? -pts[i][1] : pts[i][1];
    if (y < best) {
      best = y;
      fprintf(f, "%.10g %.10g \"%s\"\n", pts[i][0], pts[i][1], t->c[(int)pts[i][2]]);
    }
  }
  fprintf(f, "NaN NaN \"\"\nEOD\n");
  fprintf(f, "set origin 0,%g\nset size 1,%g\nset key top right\n", bottom, height);
  fprintf(f, "set title 'Pareto front: %s against router area'\n", metric);
  fprintf(f, "set xlabel 'router area (ALMs, Novo-G# thesis Table 4.2, configured VCs)'\n");
  fprintf(f, "set ylabel '%s (%s, geometric mean over workloads)'\n", metric, unit_of(metric));
  fprintf(f, "set offsets graph 0.05, graph 0.15, graph 0.1, graph 0.1\n");
  fprintf(f, "plot $cfg using 1:2 with points pt 7 ps 1 lc rgb '#999999' title 'configuration', "
             "$front using 1:2 with linespoints lw 2 pt 7 ps 1.5 lc rgb '#c0392b' title 'Pareto front', "
             "$front using 1:2:3 with labels offset 1,0.8 left font ',8' notitle\n");
}

int fcsim__plot_tune(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err)
{
  struct tune_table *t = calloc(1, sizeof *t);
  if (!t)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  const char *metric = pick_metric(d->tune_header);
  if (build(d->records, metric, t) || t->nc == 0) {
    int none = t->nc == 0;
    free(t);
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: %s", d->source,
                           none ? "no tune points" : "too many workloads, configurations or sweep points to draw");
  }
  int has_area = 0;
  for (int c = 0; c < t->nc; c++)
    has_area |= t->area[c] > 0;
  char caption[1400], summary[768];
  char skip[1024] = "routing.algorithm router.arbitration router.vcs traffic.pattern";
  const char *key;
  json_t *v;
  json_object_foreach(json_object_get(d->tune_header, "space"), key, v)
      snprintf(skip + strlen(skip), sizeof skip - strlen(skip), " %s", key);
  json_object_foreach(json_object_get(d->tune_header, "vary"), key, v)
      snprintf(skip + strlen(skip), sizeof skip - strlen(skip), " %s", key);
  fcsim__plot_config_summary(json_array_get(d->records, 0), skip, summary, sizeof summary);
  snprintf(caption, sizeof caption, "%d workload%s x %d configuration%s x %d sweep point%s; %s; %s", t->nw,
           t->nw == 1 ? "" : "s", t->nc, t->nc == 1 ? "" : "s", t->ns, t->ns == 1 ? "" : "s", summary, d->names);
  fcsim__gp_begin(f, image, svg, t->nc > 40 ? 1400 : 1100, has_area ? 1050 : 600);
  fcsim__gp_caption(f, caption);
  fprintf(f, "set multiplot title 'fcsim tune' font ',13'\nset lmargin 14\n");
  write_gain_map(f, t, metric, 0.95, has_area ? 0.5 : 0.9);
  if (has_area)
    write_pareto(f, t, metric, 0.04, 0.41);
  fprintf(f, "unset multiplot\n");
  free(t);
  return 0;
}
