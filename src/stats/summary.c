/* SPDX-License-Identifier: BSD-3-Clause */
/* Replication statistics: mean, standard deviation, Student-t interval. */
#define _DEFAULT_SOURCE /* lgamma_r: lgamma writes the global signgam, a race when
                           replicated sweep points are summarised on several threads */
#include <math.h>

#include "stats/summary.h"

/* Continued fraction of the incomplete beta function (modified Lentz). */
static double beta_cf(double a, double b, double x)
{
  const double tiny = 1e-300;
  double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
  if (fabs(d) < tiny)
    d = tiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 300; m++) {
    double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
    d = 1.0 + aa * d;
    c = 1.0 + aa / c;
    d = 1.0 / (fabs(d) < tiny ? tiny : d);
    c = fabs(c) < tiny ? tiny : c;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
    d = 1.0 + aa * d;
    c = 1.0 + aa / c;
    d = 1.0 / (fabs(d) < tiny ? tiny : d);
    c = fabs(c) < tiny ? tiny : c;
    double del = d * c;
    h *= del;
    if (fabs(del - 1.0) < 1e-15)
      break;
  }
  return h;
}

/* Regularised incomplete beta I_x(a, b). */
static double beta_inc(double a, double b, double x)
{
  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  int sign;
  double lbt = lgamma_r(a + b, &sign) - lgamma_r(a, &sign) - lgamma_r(b, &sign) + a * log(x) + b * log1p(-x);
  if (x < (a + 1.0) / (a + b + 2.0))
    return exp(lbt) * beta_cf(a, b, x) / a;
  return 1.0 - exp(lbt) * beta_cf(b, a, 1.0 - x) / b;
}

/* P(T <= t) for Student's t with df degrees of freedom. */
static double t_cdf(double t, int df)
{
  double tail = 0.5 * beta_inc(df / 2.0, 0.5, df / (df + t * t));
  return t >= 0 ? 1.0 - tail : tail;
}

double fcsim_t_quantile(double p, int df)
{
  if (!(p > 0 && p < 1) || df < 1)
    return NAN;
  if (p < 0.5)
    return -fcsim_t_quantile(1.0 - p, df);
  double lo = 0, hi = 1;
  while (t_cdf(hi, df) < p && hi < 1e300)
    hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    double mid = 0.5 * (lo + hi);
    if (t_cdf(mid, df) < p)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

void fcsim_summary_of(const double *v, int n, struct fcsim_summary *out)
{
  out->n = n;
  if (n <= 0) {
    out->mean = out->sd = out->ci95_low = out->ci95_high = NAN;
    return;
  }
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += v[i];
  out->mean = sum / n;
  int equal = 1;
  for (int i = 1; i < n && equal; i++)
    equal = v[i] == v[0];
  if (equal) /* exactly: no rounding noise in the mean or a spread */
    out->mean = v[0];
  if (n == 1 || equal) {
    out->sd = 0;
    out->ci95_low = out->ci95_high = out->mean;
    return;
  }
  double ss = 0;
  for (int i = 0; i < n; i++)
    ss += (v[i] - out->mean) * (v[i] - out->mean);
  out->sd = sqrt(ss / (n - 1));
  double half = fcsim_t_quantile(0.975, n - 1) * out->sd / sqrt((double)n);
  out->ci95_low = out->mean - half;
  out->ci95_high = out->mean + half;
}
