/* SPDX-License-Identifier: BSD-3-Clause */
/* Replication statistics (issue 32): the mean, sample standard deviation and
 * a 95 % Student-t confidence interval of N independent values, and the t
 * quantile they need. Pure functions; no I/O. */
#ifndef FCSIM_STATS_SUMMARY_H
#define FCSIM_STATS_SUMMARY_H

#include "fcsim/stats.h"

/* Quantile of Student's t distribution with `df` >= 1 degrees of freedom:
 * the t with P(T <= t) = p, 0 < p < 1. Computed from the regularised
 * incomplete beta function (continued fraction) and bisection, to about
 * 1e-12 relative. */
double fcsim_t_quantile(double p, int df);

/* The summary of v[0..n): mean; sd the sample standard deviation (n - 1 in
 * the denominator); the interval mean -+ t(0.975, n - 1) sd / sqrt(n). With
 * n == 1, sd is 0 and the interval is [mean, mean] (a single value has no
 * spread to estimate); with n == 0 every field but n is NaN. Sums are taken
 * in index order, so the result does not depend on how the values were
 * produced. */
void fcsim_summary_of(const double *v, int n, struct fcsim_summary *out);

#endif
