/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim plot of one run: link utilisation as heat maps over the planes of a
 * torus or mesh (metrics.link_util, `fcsim run --links`) and the latency
 * histogram of measured packets (metrics.latency_histogram, `--histogram`). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot/plot_internal.h"

#define MAX_DIMS   6
#define MAX_PLANES 8
#define HIST_BINS  60

/* The network's shape, from config.network.dims ("4x4x4"). */
struct shape {
  int ndims, dims[MAX_DIMS];
  int mesh; /* no wraparound links */
  long nodes;
  long planes; /* product of dims[2..] */
};

static int parse_shape(json_t *rec, struct shape *s)
{
  const char *t = fcsim__plot_key_text(rec, "network", "dims");
  memset(s, 0, sizeof *s);
  s->nodes = 1;
  for (char *end; *t && s->ndims < MAX_DIMS; t = *end ? end + 1 : end) {
    long v = strtol(t, &end, 10);
    if (end == t || v < 1 || (*end && *end != 'x'))
      return -1;
    s->dims[s->ndims++] = (int)v;
    s->nodes *= v;
  }
  s->mesh = !strcmp(fcsim__plot_key_text(rec, "network", "topology"), "mesh");
  s->planes = 1;
  for (int d = 2; d < s->ndims; d++)
    s->planes *= s->dims[d];
  return s->ndims ? 0 : -1;
}

/* Utilisation of the link leaving `node` along `dim` in the plus direction,
 * the busier of its two directions; NaN where a mesh has no such link. */
static double link_util(json_t *util, const struct shape *s, long node, int dim)
{
  if (dim >= s->ndims)
    return NAN;
  long stride = 1;
  for (int d = 0; d < dim; d++)
    stride *= s->dims[d];
  int c = (int)((node / stride) % s->dims[dim]);
  if (s->mesh && c == s->dims[dim] - 1)
    return NAN;
  long nb = node + (c == s->dims[dim] - 1 ? -(long)c * stride : stride);
  int nports = 2 * s->ndims;
  double out = json_number_value(json_array_get(util, (size_t)(node * nports + 2 * dim)));
  double back = json_number_value(json_array_get(util, (size_t)(nb * nports + 2 * dim + 1)));
  return out > back ? out : back;
}

/* Data block $pK: a (2X) x (2Y) matrix for plane z; returns its largest value. */
static double write_plane(FILE *f, int k, json_t *util, const struct shape *s, long z)
{
  int X = s->dims[0], Y = s->ndims > 1 ? s->dims[1] : 1;
  double mx = 0;
  fprintf(f, "$p%d << EOD\n", k);
  for (int row = 0; row < 2 * Y; row++) {
    for (int col = 0; col < 2 * X; col++) {
      long node = (long)(col / 2) + (long)X * ((row / 2) + (long)Y * z);
      double v = NAN;
      if (col % 2 && !(row % 2))
        v = link_util(util, s, node, 0);
      else if (!(col % 2) && row % 2)
        v = link_util(util, s, node, 1);
      else if (!(col % 2) && !(row % 2))
        v = link_util(util, s, node, 2);
      if (v > mx)
        mx = v;
      fputs(col ? " " : "", f);
      fcsim__gp_num(f, isfinite(v) ? v : -1); /* -1: no link here, drawn blank */
    }
    fputc('\n', f);
  }
  fprintf(f, "EOD\n");
  return mx;
}

/* Node tics: node i sits at column/row 2i. */
static void node_tics(FILE *f, const char *axis, int n)
{
  fprintf(f, "set %stics (", axis);
  int step = n > 8 ? (n + 7) / 8 : 1;
  for (int i = 0; i < n; i += step)
    fprintf(f, "%s'%d' %d", i ? ", " : "", i, 2 * i);
  fprintf(f, ")\n");
}

static int write_heatmaps(FILE *f, json_t *rec, json_t *util, double top, double height, struct fcsim_error *err)
{
  struct shape s;
  if (parse_shape(rec, &s) || json_array_size(util) != (size_t)(s.nodes * 2 * s.ndims))
    return fcsim_error_set(err, FCSIM_EINVAL, "metrics.link_util does not match network.dims `%s`",
                           fcsim__plot_key_text(rec, "network", "dims"));
  int shown = s.planes < MAX_PLANES ? (int)s.planes : MAX_PLANES;
  double mx = 0;
  for (int k = 0; k < shown; k++) {
    double m = write_plane(f, k, util, &s, shown == s.planes ? k : (long)k * s.planes / shown);
    mx = m > mx ? m : mx;
  }
  int cols = shown < 4 ? shown : 4, rows = (shown + cols - 1) / cols;
  double w = 1.0 / cols, h = height / rows;
  fcsim__gp_palette_heat(f);
  fprintf(f, "set cbrange [0:%g]\nset cblabel 'flits/cycle'\nset size ratio -1\nunset key\nunset grid\n",
          mx > 0 ? mx : 1);
  fprintf(f, "set xlabel 'x'\nset ylabel 'y'\n");
  node_tics(f, "x", s.dims[0]);
  node_tics(f, "y", s.ndims > 1 ? s.dims[1] : 1);
  for (int k = 0; k < shown; k++) {
    long z = shown == s.planes ? k : (long)k * s.planes / shown;
    fprintf(f, "set origin %g,%g\nset size %g,%g\n", (k % cols) * w, top - (k / cols + 1) * h, w, h);
    if (s.ndims > 2)
      fprintf(f, "set title 'plane z = %ld'\n", z);
    else
      fprintf(f, "set title 'links'\n");
    fprintf(f, "%s\nplot $p%d matrix using 1:2:($3 < 0 ? NaN : $3) with image pixels\n",
            k % cols == cols - 1 || k == shown - 1 ? "set colorbox" : "unset colorbox", k);
  }
  fprintf(f, "unset title\nset size noratio\nset grid\nunset xtics\nunset ytics\nset xtics\nset ytics\n");
  return 0;
}

/* Rebins the log-linear buckets into at most HIST_BINS bars. */
static void write_histogram(FILE *f, json_t *rec, json_t *hist, double bottom, double height)
{
  json_t *lo = json_object_get(hist, "bucket_cycles"), *cnt = json_object_get(hist, "packets");
  size_t n = json_array_size(lo);
  double first = json_number_value(json_array_get(lo, 0)), last = json_number_value(json_array_get(lo, n - 1));
  double width = ceil((last - first + 1) / HIST_BINS);
  if (width < 1)
    width = 1;
  double bins[HIST_BINS + 1] = {0};
  for (size_t i = 0; i < n; i++) {
    int b = (int)((json_number_value(json_array_get(lo, i)) - first) / width);
    bins[b > HIST_BINS ? HIST_BINS : b] += json_number_value(json_array_get(cnt, i));
  }
  fprintf(f, "$hist << EOD\n");
  for (int b = 0; b <= HIST_BINS; b++)
    if (bins[b] > 0)
      fprintf(f, "%.10g %.10g\n", first + (b + 0.5) * width, bins[b]);
  fprintf(f, "EOD\n");
  json_t *m = json_object_get(rec, "metrics");
  fprintf(f, "set origin 0,%g\nset size 1,%g\nset title 'latency of measured packets'\n", bottom, height);
  fprintf(f, "set xlabel 'packet latency, creation to tail ejection (cycles)'\nset ylabel 'packets'\n");
  fprintf(f, "set key top right\nset style fill solid 0.6 border rgb 'gray30'\nset boxwidth %g\n", width * 0.9);
  fprintf(f, "set arrow 1 from %g, graph 0 to %g, graph 1 nohead dt 2 lw 2 lc rgb 'blue'\n",
          fcsim__plot_num(m, "avg_latency"), fcsim__plot_num(m, "avg_latency"));
  fprintf(f, "set arrow 2 from %g, graph 0 to %g, graph 1 nohead dt 3 lw 2 lc rgb 'red'\n",
          fcsim__plot_num(m, "p99_latency"), fcsim__plot_num(m, "p99_latency"));
  fprintf(f,
          "plot $hist using 1:2 with boxes lc rgb '#4a7fb5' title 'packets (bins of %g cycles)', "
          "NaN with lines dt 2 lw 2 lc rgb 'blue' title 'average %.1f', "
          "NaN with lines dt 3 lw 2 lc rgb 'red' title '99th percentile %.0f'\n",
          width, fcsim__plot_num(m, "avg_latency"), fcsim__plot_num(m, "p99_latency"));
}

int fcsim__plot_run(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err)
{
  json_t *rec = json_array_get(d->records, 0), *m = json_object_get(rec, "metrics");
  json_t *util = json_object_get(m, "link_util"), *hist = json_object_get(m, "latency_histogram");
  int has_hist = json_array_size(json_object_get(hist, "bucket_cycles")) > 0;
  if (!json_is_array(util) && !has_hist)
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "%s: a run without per-link data or latency histogram; write it with "
                           "`fcsim run ... --json FILE --links --histogram`",
                           d->source);
  char summary[768], caption[1400];
  fcsim__plot_config_summary(rec, NULL, summary, sizeof summary);
  snprintf(caption, sizeof caption, "%s; avg latency %.1f cycles, throughput %.3f flits/node/cycle%s; %s", summary,
           fcsim__plot_num(m, "avg_latency"), fcsim__plot_num(m, "recv_throughput"),
           fcsim__plot_num(rec, "saturated") > 0 ? " (SATURATED)" : "", d->names);
  fcsim__gp_begin(f, image, svg, 1100, json_is_array(util) && has_hist ? 900 : 600);
  fcsim__gp_caption(f, caption);
  fprintf(f, "set multiplot title 'fcsim run: %s' font ',13'\n",
          json_is_array(util) ? "link utilisation (flits/cycle, busier direction)" : "latency");
  double hist_h = json_is_array(util) ? 0.34 : 0.86;
  if (json_is_array(util)) {
    int rc = write_heatmaps(f, rec, util, 0.95, has_hist ? 0.52 : 0.86, err);
    if (rc)
      return rc;
    fprintf(f,
            "set label 998 'cell between two nodes: the link joining them; node cell: its link to the next "
            "plane (+z); last column/row: wraparound links' at screen 0.5, screen %g center font ',9'\n",
            has_hist ? 0.415 : 0.07);
  }
  if (has_hist)
    write_histogram(f, rec, hist, 0.06, hist_h);
  fprintf(f, "unset multiplot\n");
  return 0;
}
