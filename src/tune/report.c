/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim tune`, the text report of `fcsim tune`. */
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

/* --- output --- */

static void print_pct(FILE *out, int width, double x)
{
  if (isnan(x))
    fprintf(out, "%*s", width, "n/a");
  else
    fprintf(out, "%*.1f%%", width - 1, 100.0 * x);
}

static void fraction_text(double f, char *buf, size_t size)
{
  if (f >= 1.0)
    snprintf(buf, size, "full length");
  else
    snprintf(buf, size, "1/%.0f of the length", 1.0 / f);
}

/* Writes a list of labels wrapped at about 100 columns, indented. */
static void print_wrapped(FILE *out, const char *indent, const char *const *items, size_t n)
{
  size_t col = 0;
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(items[i]) + 1;
    if (col == 0 || col + len > 100) {
      fprintf(out, "%s%s", col ? "\n" : "", indent);
      col = strlen(indent);
    }
    fprintf(out, " %s", items[i]);
    col += len;
  }
  if (col)
    fputc('\n', out);
}

static void report_header(const struct fcsim_tune *t, FILE *out)
{
  const struct fcsim_tune_counts *c = &t->counts;
  fprintf(out, "fcsim tune: %zu workload%s x %zu sweep point%s x %zu configuration%s", t->nw, t->nw == 1 ? "" : "s",
          t->npts, t->npts == 1 ? "" : "s", t->nc, t->nc == 1 ? "" : "s");
  if (t->nr > 1)
    fprintf(out, " x %d replications", t->nr);
  if (c->infeasible)
    fprintf(out, " (%zu impossible)", c->infeasible);
  fprintf(out, ": %zu runs, %zu new, %zu reused", c->runs, c->run_new, c->reused);
  if (c->failed)
    fprintf(out, ", %zu failed", c->failed);
  if (c->deadlocked)
    fprintf(out, ", %zu deadlocked", c->deadlocked);
  if (c->overflowed)
    fprintf(out, ", %zu with flits that found a full buffer (internal error of the model; excluded)", c->overflowed);
  if (c->saturated)
    fprintf(out, ", %zu saturated", c->saturated);
  fputc('\n', out);
  for (size_t d = 0; d < t->nspace; d++) {
    fprintf(out, "%s %s =", d ? "      " : "space:", t->space[d].key);
    for (size_t i = 0; i < t->space[d].n; i++)
      fprintf(out, "%s %s", i ? "," : "", t->space[d].values[i]);
    fputc('\n', out);
  }
  for (size_t d = 0; d < t->nvary; d++) {
    fprintf(out, "%s %s =", d ? "      " : "sweep:", t->vary[d].key);
    for (size_t i = 0; i < t->vary[d].n; i++)
      fprintf(out, "%s %s", i ? "," : "", t->vary[d].values[i]);
    fputc('\n', out);
  }
  for (size_t w = 0; w < t->nw; w++)
    fprintf(out, "%s %s\n", w ? "         " : "workload:", t->wl[w].name);
  if (c->infeasible) {
    fprintf(out, "skipped %zu impossible configuration%s:\n", c->infeasible, c->infeasible == 1 ? "" : "s");
    size_t shown = 0;
    for (size_t k = 0; k < t->nc; k++)
      if (!t->feasible[k] && shown++ < 10)
        fprintf(out, "  %s\n", t->infeasible_msg[k] ? t->infeasible_msg[k] : "(out of memory)");
    if (shown > 10)
      fprintf(out, "  ... and %zu more\n", shown - 10);
  }
  if (t->nprune > 0) {
    fprintf(out, "pruning: %zu configurations > %zu: successive halving, keeping 1/%d per rung\n", t->nfeasible,
            t->opt.max_points, t->opt.eta);
    for (int r = 0; r <= t->nprune; r++) {
      const struct rung *rg = &t->rungs[r];
      char ft[64];
      fraction_text(rg->budget, ft, sizeof ft);
      size_t npr = 0;
      for (size_t k = 0; k < rg->nconf; k++)
        npr += t->pruned_at[rg->conf[k]] == r;
      fprintf(out, "  rung %d at %s (%s): %zu configurations", r, ft, rg->budget_text, rg->nconf);
      if (!npr) {
        fputc('\n', out);
        continue;
      }
      fprintf(out, ", pruned %zu:\n", npr);
      const char **items = calloc(npr, sizeof *items);
      char *labels = calloc(npr, 128);
      if (!items || !labels) {
        free(items);
        free(labels);
        continue;
      }
      for (size_t k = 0, i = 0; k < rg->nconf; k++)
        if (t->pruned_at[rg->conf[k]] == r) {
          config_label(t, rg->conf[k], labels + i * 128, 128);
          items[i] = labels + i * 128;
          i++;
        }
      print_wrapped(out, "   ", items, npr);
      free(items);
      free(labels);
    }
  }
}

static void config_names(const struct fcsim_tune *t, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t d = 0; d < t->nspace && len < size; d++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s", d ? "/" : "", t->space[d].key);
}

static void report_fewest(const struct fcsim_tune *t, FILE *out, int fewest, long at, int best_vcs)
{
  char label[256];
  if (!t->vcs_vary) {
    fprintf(out, "n/a (router.vcs is %d everywhere; see busy)", best_vcs);
    return;
  }
  if (fewest < 0 || at < 0) {
    fprintf(out, "n/a");
    return;
  }
  config_label(t, (size_t)at, label, sizeof label);
  int a = fcsim__tune_area_alms(fewest), b = fcsim__tune_area_alms(best_vcs);
  fprintf(out, "%d (%s)", fewest, label);
  if (a > 0 && b > 0 && fewest < best_vcs)
    fprintf(out, ", area %d -> %d ALMs (-%.1f%%)", b, a, 100.0 * (b - a) / b);
  else if (fewest == best_vcs)
    fprintf(out, ", no saving");
}

/* With replications: the best and the next with their 95 % intervals, and
 * whether the best is distinguishable from the next. */
static void report_intervals(const struct fcsim_tune *t, FILE *out, const struct wres *res)
{
  if (t->nr < 2)
    return;
  if (res->next < 0) {
    fprintf(out, "    (%d replications: no other configuration valid in every replication to compare with)\n", t->nr);
    return;
  }
  char next[256];
  config_label(t, (size_t)res->next, next, sizeof next);
  fprintf(out,
          "    %d replications, 95 %% intervals: best %.5g [%.5g, %.5g]; next %s %.5g [%.5g, %.5g]; paired "
          "difference %.3g [%.3g, %.3g]: %s\n",
          t->nr, res->best_ci.mean, res->best_ci.ci95_low, res->best_ci.ci95_high, next, res->next_ci.mean,
          res->next_ci.ci95_low, res->next_ci.ci95_high, res->diff_ci.mean, res->diff_ci.ci95_low,
          res->diff_ci.ci95_high,
          res->distinct ? "the best is distinguishable from the next"
                        : "NOT distinguishable: the best and the next may be equal");
}

/* "times optimal (8 points, 2 tied): dor/ff 5, romm/of 3" (nonzero counts,
 * most first, ties in space order). */
static void report_times_optimal(const struct fcsim_tune *t, FILE *out, size_t w, size_t mi)
{
  const struct rung *rf = &t->rungs[t->nprune];
  const struct wres *res = &t->wres[w * t->nmetrics + mi];
  const unsigned *opt = t->times_optimal + (w * t->nmetrics + mi) * t->nc;
  char label[256];
  fprintf(out, "  %-22s times optimal (%zu point%s", "", res->optimal_points, res->optimal_points == 1 ? "" : "s");
  if (res->tied_points)
    fprintf(out, ", %zu tied: first in space order", res->tied_points);
  fprintf(out, "):");
  unsigned done = 0, prev = UINT32_MAX;
  while (done < res->optimal_points) {
    unsigned top = 0;
    for (size_t k = 0; k < rf->nconf; k++)
      if (opt[rf->conf[k]] < prev && opt[rf->conf[k]] > top)
        top = opt[rf->conf[k]];
    if (!top)
      break;
    for (size_t k = 0; k < rf->nconf; k++)
      if (opt[rf->conf[k]] == top) {
        config_label(t, rf->conf[k], label, sizeof label);
        fprintf(out, "%s %s %u", done ? "," : "", label, top);
        done += top;
      }
    prev = top;
  }
  fputc('\n', out);
}

void fcsim_tune_write_report(const struct fcsim_tune *t, FILE *out)
{
  if (!t->prepared)
    return;
  report_header(t, out);
  if (!t->analysed) {
    fprintf(out, "no analysis: the run did not complete\n");
    return;
  }
  char names[512], label[256];
  config_names(t, names, sizeof names);
  for (size_t w = 0; w < t->nw; w++) {
    fprintf(out, "\nworkload %s (configuration = %s)\n", t->wl[w].name, names);
    fprintf(out, "  %-22s %-22s %12s %12s %8s %9s  %-6s %-9s %s\n", "metric", "best", "value", "average", "gain",
            "per-point", "busy", "saturated", "fewest VCs within tolerance");
    for (size_t mi = 0; mi < t->nmetrics; mi++) {
      const int m = t->metrics[mi];
      const struct wres *res = &t->wres[w * t->nmetrics + mi];
      char mname[64];
      snprintf(mname, sizeof mname, "%s (%s)", fcsim__tune_metrics[m].path, fcsim__tune_metric_hb(m) ? "max" : "min");
      if (!res->applicable || res->best < 0) {
        fprintf(out, "  %-22s %s\n", mname, res->applicable ? "no configuration valid at every point" : "n/a");
        continue;
      }
      config_label(t, (size_t)res->best, label, sizeof label);
      if (res->best_saturated)
        strncat(label, "*", sizeof label - strlen(label) - 1);
      char busy[32], sat[32];
      snprintf(busy, sizeof busy, "%d/%d", res->busy_vcs, res->best_vcs);
      snprintf(sat, sizeof sat, "%u/%zu", res->best_saturated, res->points);
      fprintf(out, "  %-22s %-22s %12.5g %12.5g ", mname, label, res->best_score, res->avg_score);
      print_pct(out, 8, res->gain);
      fputc(' ', out);
      print_pct(out, 9, res->oracle_gain);
      fprintf(out, "  %-6s %-9s ", busy, sat);
      report_fewest(t, out, res->fewest_vcs, res->fewest_at, res->best_vcs);
      fputc('\n', out);
      report_intervals(t, out, res);
      report_times_optimal(t, out, w, mi);
    }
  }
  fprintf(out,
          "\n(value and average: geometric mean over the sweep; gain = |value/average - 1| over the "
          "configurations valid at every point; per-point: the best configuration chosen at each point;"
          " busy: most VCs the best configuration used / configured; saturated: the best configuration's "
          "points whose run saturated / points analysed, * when the best rests on saturated points (their "
          "latencies grow with the run length: do not compare them); tolerance %.1f%%",
          100.0 * t->opt.tolerance);
  if (t->opt.exclude_saturated)
    fprintf(out, "; --exclude-saturated: per workload, only the points where no configuration saturated");
  unsigned unarrived = 0;
  for (size_t w = 0; t->analysed && w < t->nw; w++)
    unarrived += t->unarrived_points[w];
  if (unarrived)
    fprintf(out,
            "; %u point(s) left out of their workload's analysis because a configuration's run there delivered "
            "none of its measured packets (far past saturation; its latencies are undefined)",
            unarrived);
  if (t->nprune > 0)
    fprintf(out, "; pruned search: average and gain at rung 0, where every configuration ran at the same length");
  fprintf(out, ")\n");
  if (t->nw >= 2) {
    fprintf(out, "\nacross workloads (global best: geometric mean over the workloads; gain: Table 5.5 as fcsim reads the seed "
                 "(gain_seed), |G(app/global) - 1| of each workload's own best over the global best; terms geo/mean: "
                 "geomean and mean of the terms |app - global| / global, the geomean 0 when one workload's own "
                 "best is the global best)\n");
    fprintf(out, "  %-22s %-22s %12s %8s %10s %10s  %s\n", "metric", "global best", "value", "gain", "terms geo",
            "terms mean", "fewest VCs within tolerance");
    for (size_t mi = 0; mi < t->nmetrics; mi++) {
      const int m = t->metrics[mi];
      const struct gres *g = &t->gres[mi];
      char mname[64];
      snprintf(mname, sizeof mname, "%s (%s)", fcsim__tune_metrics[m].path, fcsim__tune_metric_hb(m) ? "max" : "min");
      if (!g->applicable || g->best < 0) {
        fprintf(out, "  %-22s n/a (%s)\n", mname,
                g->applicable ? "no configuration valid in every workload"
                              : "fewer than two workloads have a configuration valid at every point");
        continue;
      }
      config_label(t, (size_t)g->best, label, sizeof label);
      fprintf(out, "  %-22s %-22s %12.5g ", mname, label, g->score);
      print_pct(out, 8, g->gain);
      fputc(' ', out);
      print_pct(out, 10, g->terms_gain);
      fputc(' ', out);
      print_pct(out, 10, g->terms_mean);
      fprintf(out, "  ");
      size_t w0 = 0;
      while (w0 < t->nw && (!t->wres[w0 * t->nmetrics + mi].applicable || t->wres[w0 * t->nmetrics + mi].best < 0))
        w0++;
      report_fewest(t, out, g->fewest_vcs, g->fewest_at, w0 < t->nw ? t->vcs[w0 * t->nc + (size_t)g->best] : 0);
      fputc('\n', out);
    }
    fprintf(out, "\ngain of the best configuration over the average of all configurations (Table 5.3 layout)\n");
    fprintf(out, "  %-20s", "workload");
    for (size_t mi = 0; mi < t->nmetrics; mi++)
      fprintf(out, " %16s", fcsim__tune_metrics[t->metrics[mi]].path);
    fputc('\n', out);
    double sum[TUNE_MAX_METRICS] = {0};
    int cnt[TUNE_MAX_METRICS] = {0};
    for (size_t w = 0; w < t->nw; w++) {
      fprintf(out, "  %-20s", t->wl[w].name);
      for (size_t mi = 0; mi < t->nmetrics; mi++) {
        const struct wres *res = &t->wres[w * t->nmetrics + mi];
        double g = res->applicable && res->best >= 0 ? res->gain : NAN;
        print_pct(out, res->best_saturated ? 16 : 17, g);
        if (res->best_saturated)
          fputc('*', out);
        if (!isnan(g)) {
          sum[mi] += g;
          cnt[mi]++;
        }
      }
      fputc('\n', out);
    }
    fprintf(out, "  %-20s", "average");
    for (size_t mi = 0; mi < t->nmetrics; mi++)
      print_pct(out, 17, cnt[mi] ? sum[mi] / cnt[mi] : NAN);
    fputc('\n', out);
  }
}
