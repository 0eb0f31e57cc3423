/* SPDX-License-Identifier: BSD-3-Clause */
/* Progress lines on stderr, shown only when stderr is a terminal: done /
 * total, rate and time left, redrawn at most five times a second. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/common.h"

static int shown;                       /* a line is on the terminal */
static double run_start_s, last_draw_s; /* clock of the current run, of the last redraw */
static uint64_t last_cycle;             /* to notice a new run */
static long points_done, points_total;  /* sweep position (0 total: no sweep) */
static double points_start_s;           /* when the sweep started */
static double steps_start_s;            /* cli_progress_steps clock */

static double now_s(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* "12 s", "3 min 5 s", "1 h 02 min" */
static void fmt_duration(double s, char *buf, size_t size)
{
  if (s < 0 || s != s)
    snprintf(buf, size, "?");
  else if (s < 60)
    snprintf(buf, size, "%.0f s", s);
  else if (s < 3600)
    snprintf(buf, size, "%d min %02d s", (int)(s / 60), (int)s % 60);
  else
    snprintf(buf, size, "%d h %02d min", (int)(s / 3600), (int)(s / 60) % 60);
}

/* "1.23M" */
static void fmt_rate(double r, char *buf, size_t size)
{
  if (r >= 1e6)
    snprintf(buf, size, "%.2fM", r / 1e6);
  else if (r >= 1e3)
    snprintf(buf, size, "%.1fk", r / 1e3);
  else
    snprintf(buf, size, "%.3g", r);
}

/* Throttle: 1 if the line should be redrawn now. */
static int due(double t)
{
  if (!isatty(2) || (shown && t - last_draw_s < 0.2))
    return 0;
  last_draw_s = t;
  return 1;
}

static void draw(const char *line)
{
  fprintf(stderr, "\r%-100.100s", line);
  fflush(stderr);
  shown = 1;
}

int cli_progress(void *user, uint64_t cycle, uint64_t expected, const char *phase)
{
  const char *label = user;
  double t = now_s();
  if (cycle < last_cycle || run_start_s == 0)
    run_start_s = t;
  last_cycle = cycle;
  if (!due(t))
    return cli_interrupted();
  double rate = t > run_start_s ? cycle / (t - run_start_s) : 0;
  char line[256], r[32], left[32] = "?", pts[64] = "";
  fmt_rate(rate, r, sizeof r);
  double frac = expected ? (double)cycle / (double)expected : 0;
  if (expected && rate > 0)
    fmt_duration((double)(expected > cycle ? expected - cycle : 0) / rate, left, sizeof left);
  if (points_total > 0) {
    double done = points_done + (frac < 1 ? frac : 1);
    snprintf(pts, sizeof pts, "point %ld/%ld, ", points_done + 1, points_total);
    if (done > 0)
      fmt_duration((t - points_start_s) * (points_total - done) / done, left, sizeof left);
  }
  char tail[96] = "";
  /* a continuous run's total includes the longest drain: most runs drain sooner */
  int upto = !strcmp(phase, "warmup") || !strcmp(phase, "measure") || !strcmp(phase, "drain");
  if (rate > 0)
    snprintf(tail, sizeof tail, ", %s cycles/s%s%s%s", r, expected ? (upto ? ", at most ~" : ", ~") : "",
             expected ? left : "", expected ? " left" : "");
  if (expected)
    snprintf(line, sizeof line, "%s%s%scycle %llu/%llu (%s)%s", pts, label ? label : "", label ? ": " : "",
             (unsigned long long)cycle, (unsigned long long)expected, phase, tail);
  else
    snprintf(line, sizeof line, "%s%s%scycle %llu (%s)%s", pts, label ? label : "", label ? ": " : "",
             (unsigned long long)cycle, phase, tail);
  draw(line);
  return cli_interrupted();
}

void cli_progress_points(long done, long total)
{
  if (done == 0 || points_start_s == 0)
    points_start_s = now_s();
  points_done = done, points_total = total;
  run_start_s = 0;
}

void cli_progress_steps(const char *prefix, double done, double total, const char *unit, int restart)
{
  double t = now_s();
  if (restart || steps_start_s == 0)
    steps_start_s = t;
  if (!due(t) && done < total)
    return;
  if (!isatty(2))
    return;
  double rate = t > steps_start_s ? done / (t - steps_start_s) : 0;
  char line[256], r[32], left[32] = "?";
  fmt_rate(rate, r, sizeof r);
  if (rate > 0 && done > 0) {
    fmt_duration((total - done) / rate, left, sizeof left);
    snprintf(line, sizeof line, "%s%.0f/%.0f %s, %s %s/s, ~%s left", prefix, done, total, unit, r, unit, left);
  } else {
    snprintf(line, sizeof line, "%s%.0f/%.0f %s", prefix, done, total, unit);
  }
  draw(line);
}

void cli_progress_done(void)
{
  if (shown) {
    fprintf(stderr, "\r%100s\r", "");
    shown = 0;
  }
  run_start_s = 0;
}
