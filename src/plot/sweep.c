/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim plot of a sweep: average latency against offered load, one curve per
 * configuration, the first saturated point of each curve marked, and the
 * accepted throughput on a second panel. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "fcsim/metrics.h"
#include "plot/plot_internal.h"
#include "stats/summary.h"

#define MAX_CURVES 16

/* "section.key" of every configuration key whose text differs between
 * records, space-separated, into `buf`. */
static void varying_keys(json_t *recs, char *buf, size_t size)
{
  json_t *cfg0 = json_object_get(json_array_get(recs, 0), "config"), *sec;
  const char *sname, *kname;
  buf[0] = '\0';
  json_object_foreach(cfg0, sname, sec)
  {
    json_t *v;
    json_object_foreach(sec, kname, v)
    {
      size_t i;
      json_t *r;
      int differs = 0;
      char first[64];
      (void)v;
      snprintf(first, sizeof first, "%s", fcsim__plot_key_text(json_array_get(recs, 0), sname, kname));
      json_array_foreach(recs, i, r) differs |= strcmp(fcsim__plot_key_text(r, sname, kname), first) != 0;
      if (differs && strcmp(sname, "sim") != 0)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s.%s", buf[0] ? " " : "", sname, kname);
    }
  }
}

/* The curve label of a record: "k=v" of every varying key except `xkey`. */
static void curve_label(json_t *rec, const char *vary, const char *xkey, char *buf, size_t size)
{
  char keys[2048];
  snprintf(keys, sizeof keys, "%s", vary);
  buf[0] = '\0';
  for (char *save = NULL, *k = strtok_r(keys, " ", &save); k; k = strtok_r(NULL, " ", &save)) {
    if (!strcmp(k, xkey))
      continue;
    char *dot = strchr(k, '.');
    if (!dot) /* a column of a hand-made CSV that is not section.key */
      continue;
    *dot = '\0';
    snprintf(buf + strlen(buf), size - strlen(buf), "%s%s=%s", buf[0] ? " " : "", dot + 1,
             fcsim__plot_key_text(rec, k, dot + 1));
    *dot = '.';
  }
  if (!buf[0])
    snprintf(buf, size, "%s, %s", fcsim__plot_key_text(rec, "routing", "algorithm"),
             fcsim__plot_key_text(rec, "router", "arbitration"));
}

/* One point of a curve. */
struct pt {
  double x, lat, thr; /* offered load or varied value; avg latency (cycles); accepted flits/node/cycle */
  double lat_lo, lat_hi, thr_lo, thr_hi; /* 95 % interval (replications), NAN when none */
  int sat;                               /* saturated or deadlocked */
};

/* The 95 % interval of metric `name` of a record with replications, into lo/hi. */
static void rec_interval(json_t *rec, const char *name, double *lo, double *hi)
{
  json_t *r = json_object_get(json_object_get(rec, "replications"), name);
  *lo = r ? fcsim__plot_num(r, "ci95_low") : NAN;
  *hi = r ? fcsim__plot_num(r, "ci95_high") : NAN;
}

/* Points of equal x (runs of one configuration that differ in sim.seed only)
 * become one: the mean of their values with its 95 % Student-t interval.
 * pts is sorted by x; returns the new count. */
static size_t merge_equal_x(struct pt *pts, size_t np)
{
  size_t out = 0;
  for (size_t i = 0; i < np;) {
    size_t j = i;
    while (j < np && pts[j].x == pts[i].x)
      j++;
    if (j - i > 1) {
      double lat[64], thr[64];
      int nl = 0, nt = 0, sat = 0;
      for (size_t k = i; k < j; k++) {
        if (isfinite(pts[k].lat) && nl < 64)
          lat[nl++] = pts[k].lat;
        if (isfinite(pts[k].thr) && nt < 64)
          thr[nt++] = pts[k].thr;
        sat |= pts[k].sat;
      }
      struct fcsim_summary sl, st;
      fcsim_summary_of(lat, nl, &sl);
      fcsim_summary_of(thr, nt, &st);
      pts[out] = (struct pt){pts[i].x, sl.mean, st.mean, sl.ci95_low, sl.ci95_high, st.ci95_low, st.ci95_high, sat};
    } else {
      pts[out] = pts[i];
    }
    out++;
    i = j;
  }
  return out;
}

static int pt_cmp(const void *a, const void *b)
{
  double d = ((const struct pt *)a)->x - ((const struct pt *)b)->x;
  return (d > 0) - (d < 0);
}

static double x_of(json_t *rec, const char *xkey)
{
  double offered = fcsim__plot_num(json_object_get(rec, "metrics"), "offered_rate"); /* absent in CSV */
  if (!strcmp(xkey, "traffic.rate") && isfinite(offered))
    return offered;
  char sec[64];
  const char *dot = strchr(xkey, '.');
  snprintf(sec, sizeof sec, "%.*s", (int)(dot - xkey), xkey);
  return strtod(fcsim__plot_key_text(rec, sec, dot + 1), NULL);
}

/* Writes the data blocks $c0.. (x lat thr) and $s0.. (first saturated point).
 * Returns the number of curves, labels in `labels`. */
static int write_curves(FILE *f, json_t *recs, const char *vary, const char *xkey, char labels[][256], double *lat_min,
                        double *lat_max, int *nsat, int *nbars)
{
  int ncurves = 0;
  size_t n = json_array_size(recs);
  struct pt *pts = calloc(n, sizeof *pts);
  char *done = calloc(n, 1);
  *lat_min = INFINITY, *lat_max = 0;
  for (size_t i = 0; pts && done && i < n && ncurves < MAX_CURVES; i++) {
    if (done[i])
      continue;
    char label[256], other[256];
    curve_label(json_array_get(recs, i), vary, xkey, label, sizeof label);
    size_t np = 0;
    for (size_t j = i; j < n; j++) {
      json_t *r = json_array_get(recs, j);
      curve_label(r, vary, xkey, other, sizeof other);
      if (done[j] || strcmp(label, other))
        continue;
      done[j] = 1;
      json_t *m = json_object_get(r, "metrics");
      pts[np].x = x_of(r, xkey);
      pts[np].lat = fcsim__plot_num(m, "avg_latency");
      pts[np].thr = fcsim__plot_num(m, "recv_throughput");
      pts[np].sat = fcsim__plot_num(r, "saturated") > 0 || fcsim__plot_num(r, "deadlock") > 0;
      rec_interval(r, "avg_latency", &pts[np].lat_lo, &pts[np].lat_hi);
      rec_interval(r, "recv_throughput", &pts[np].thr_lo, &pts[np].thr_hi);
      np++;
    }
    qsort(pts, np, sizeof *pts, pt_cmp);
    np = merge_equal_x(pts, np);
    fprintf(f, "$c%d << EOD\n", ncurves); /* x lat thr lat_lo lat_hi thr_lo thr_hi */
    for (size_t k = 0; k < np; k++) {
      fcsim__gp_num(f, pts[k].x), fputc(' ', f), fcsim__gp_num(f, pts[k].lat), fputc(' ', f),
          fcsim__gp_num(f, pts[k].thr);
      const double bar[4] = {pts[k].lat_lo, pts[k].lat_hi, pts[k].thr_lo, pts[k].thr_hi};
      *nbars += isfinite(bar[0]) && bar[1] > bar[0];
      for (int b = 0; b < 4; b++) /* no interval: a bar of zero length */
        fputc(' ', f), fcsim__gp_num(f, isfinite(bar[b]) ? bar[b] : b < 2 ? pts[k].lat : pts[k].thr);
      fputc('\n', f);
      if (pts[k].lat > 0 && pts[k].lat < *lat_min)
        *lat_min = pts[k].lat;
      if (pts[k].lat > *lat_max)
        *lat_max = pts[k].lat;
    }
    fprintf(f, "EOD\n$s%d << EOD\n", ncurves);
    for (size_t k = 0; k < np; k++)
      if (pts[k].sat) {
        ++*nsat;
        fcsim__gp_num(f, pts[k].x), fputc(' ', f), fcsim__gp_num(f, pts[k].lat), fputc(' ', f),
            fcsim__gp_num(f, pts[k].thr);
        fputs("\n", f);
        break;
      }
    fprintf(f, "NaN NaN NaN\nEOD\n"); /* a block is never empty */
    snprintf(labels[ncurves++], 256, "%s", label);
  }
  free(pts);
  free(done);
  return ncurves;
}

static void plot_panel(FILE *f, int ncurves, char labels[][256], int col, int nsat, int key, int bars)
{
  fprintf(f, "plot ");
  for (int c = 0; c < ncurves; c++) {
    if (bars) /* the 95 % interval of the mean over replications or seeds */
      fprintf(f, "%s$c%d using 1:%d:%d:%d with yerrorlines lw 2 pt 7 ps 0.8 lc %d title ", c ? ", " : "", c, col,
              col == 2 ? 4 : 6, col == 2 ? 5 : 7, c + 1);
    else
      fprintf(f, "%s$c%d using 1:%d with linespoints lw 2 pt 7 ps 0.8 lc %d title ", c ? ", " : "", c, col, c + 1);
    fcsim__gp_str(f, labels[c]);
  }
  for (int c = 0; c < ncurves; c++)
    fprintf(f, ", $s%d using 1:%d with points pt 6 ps 2.5 lw 2 lc rgb 'black' %s", c, col,
            c == 0 && nsat && key ? "title 'first saturated point'" : "notitle");
}

int fcsim__plot_sweep(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err)
{
  json_t *recs = d->records, *r0 = json_array_get(recs, 0);
  char vary[2048], xkey[128] = "traffic.rate";
  varying_keys(recs, vary, sizeof vary);
  if (!strstr(vary, "traffic.rate")) {
    if (!vary[0])
      return fcsim_error_set(err, FCSIM_EINVAL, "%s: every run has the same configuration; nothing to draw against",
                             d->source);
    snprintf(xkey, sizeof xkey, "%.*s", (int)strcspn(vary, " "), vary);
  }
  int by_load = !strcmp(xkey, "traffic.rate");
  char labels[MAX_CURVES][256], caption[768 + 512 + 8], summary[768], xlabel[256]; /* caption: summary; source */
  fcsim__gp_begin(f, image, svg, 1000, 900);
  double lat_min, lat_max;
  int nsat = 0, nbars = 0;
  int ncurves = write_curves(f, recs, vary, xkey, labels, &lat_min, &lat_max, &nsat, &nbars);
  fcsim__plot_config_summary(r0, vary, summary, sizeof summary);
  snprintf(caption, sizeof caption, "%s; %s", summary, d->names);
  fcsim__gp_caption(f, caption);
  /* units from the metric and key registries */
  const struct fcsim_metric *lat = fcsim_metric_lookup("run", NULL, "metrics.avg_latency"),
                            *thr = fcsim_metric_lookup("run", NULL, "metrics.recv_throughput"),
                            *load = fcsim_metric_lookup("run", NULL, "metrics.offered_rate");
  char section[64] = "";
  const char *dot = strchr(xkey, '.');
  if (dot)
    snprintf(section, sizeof section, "%.*s", (int)(dot - xkey), xkey);
  int ki = dot ? fcsim_key_find(section, dot + 1) : -1;
  if (by_load)
    snprintf(xlabel, sizeof xlabel, "offered load (%s)", load->unit);
  else if (ki >= 0 && *fcsim_keys[ki].unit)
    snprintf(xlabel, sizeof xlabel, "%s (%s)", xkey, fcsim_keys[ki].unit);
  else
    snprintf(xlabel, sizeof xlabel, "%s", xkey);
  fprintf(f, "set multiplot title 'fcsim sweep: latency and throughput against %s%s' font ',13'\n",
          by_load ? "offered load" : xkey, nbars ? " (bars: 95 % confidence interval of the mean)" : "");
  fprintf(f, "set xlabel '%s'\nset key top left\nset lmargin 12\n", xlabel);
  if (nbars) /* room for the bars of the first and last points */
    fprintf(f, "set offsets graph 0.03, graph 0.03, 0, 0\n");

  /* latency panel */
  fprintf(f, "set origin 0,0.47\nset size 1,0.48\nset ylabel 'average packet latency (%s)'\n", lat->unit);
  if (lat_max > 20 * lat_min && lat_min > 0)
    fprintf(f, "set logscale y\n");
  plot_panel(f, ncurves, labels, 2, nsat, 1, nbars > 0);
  fprintf(f, "\nunset logscale y\n");
  /* throughput panel */
  fprintf(f, "set origin 0,0.04\nset size 1,0.43\nset ylabel 'accepted throughput (%s)'\n", thr->unit);
  plot_panel(f, ncurves, labels, 3, nsat, 0, nbars > 0);
  if (by_load)
    fprintf(f, ", x with lines dt 2 lc rgb 'gray40' title 'accepted = offered'");
  fprintf(f, "\nunset multiplot\n");
  return 0;
}
