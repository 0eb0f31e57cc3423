/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim plot --kind optimal of a tune result (fcsim tune --json): seed 000
 * Figs. 5.12-5.16, one panel per workload, the metrics along x and one bar
 * per configuration: the share of the sweep points at which it was the best
 * (the summary's `times_optimal` over `optimal_points`). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot/plot_internal.h"

/* One workload's table: a row per metric, a column per configuration. */
static int write_block(FILE *f, size_t w, json_t *wo)
{
  const char *mname, *label;
  json_t *mo, *c;
  int nconf = 0, first = 1;
  fprintf(f, "$w%zu << EOD\nmetric", w);
  json_object_foreach(wo, mname, mo)
  {
    if (!first)
      break;
    json_object_foreach(json_object_get(mo, "times_optimal"), label, c)
    {
      fprintf(f, " \"%s\"", label); /* labels are key values: no double quotes */
      nconf++;
    }
    first = 0;
  }
  fputc('\n', f);
  json_object_foreach(wo, mname, mo)
  {
    double n = fcsim__plot_num(mo, "optimal_points");
    fprintf(f, "%s", mname);
    json_object_foreach(json_object_get(mo, "times_optimal"), label, c)
    {
      fputc(' ', f);
      fcsim__gp_num(f, n > 0 ? 100.0 * (double)json_integer_value(c) / n : NAN);
    }
    fputc('\n', f);
  }
  fprintf(f, "EOD\n");
  return nconf;
}

int fcsim__plot_tune_optimal(const struct fcsim_plot_data *d, const char *image, int svg, FILE *f, struct fcsim_error *err)
{
  json_t *ws = json_object_get(d->tune_summary, "workloads");
  size_t nw = json_object_size(ws);
  if (!nw)
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "%s: no tune summary with times-optimal counts (a finished fcsim tune "
                           "--json output is needed)",
                           d->source);
  size_t cols = nw < 3 ? nw : 3, rows = (nw + cols - 1) / cols;
  fcsim__gp_begin(f, image, svg, (int)(cols * 620), (int)(rows * 420 + 60));
  char caption[768];
  snprintf(caption, sizeof caption,
           "share of the sweep points at which each configuration was the best (ties: the first in space order); %s",
           d->source);
  fcsim__gp_caption(f, caption);
  fprintf(f, "set multiplot layout %zu,%zu title 'times optimal (Novo-G# thesis Figs. 5.12-5.16)' font ',13'\n", rows,
          cols);
  fprintf(f, "set style data histogram\nset style histogram clustered gap 2\nset style fill solid 0.9 border -1\n"
             "set boxwidth 0.9\nset yrange [0:100]\nset ylabel '%% of the sweep points'\nset xtics font ',8'\n"
             "set key outside right top font ',7' spacing 0.8\nset bmargin 4\n"
             "colors = '#1f77b4 #aec7e8 #08306b #ff7f0e #ffbb78 #a63603 #2ca02c #98df8a #00441b #d62728 #ff9896 "
             "#67000d #9467bd #c5b0d5 #3f007d #8c564b #e377c2 #7f7f7f #bcbd22 #17becf'\n");
  const char *wname;
  json_t *wo;
  size_t w = 0;
  json_object_foreach(ws, wname, wo)
  {
    int nconf = write_block(f, w, wo);
    fprintf(f, "set title ");
    fcsim__gp_str(f, wname);
    fprintf(f,
            "\nplot for [i=2:%d] $w%zu using i:xtic(1) title columnheader(i) lc rgb word(colors, (i - 2) %% 20 + 1)\n",
            nconf + 1, w);
    w++;
  }
  fprintf(f, "unset multiplot\n");
  return 0;
}
