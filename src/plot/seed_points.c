/* SPDX-License-Identifier: BSD-3-Clause */
/* Values the seeds print for the models' results, drawn over a model sweep
 * by fcsim plot. A point applies when the sweep varies `xparam` and every
 * other parameter named in `when` has that value (the seed's settings). The
 * same figures are checked numerically by scripts/reproduce.sh. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot/plot_internal.h"

static const char tsunami[] = "n=1 m=5 O_pipe=288 F=225e6 N_grid=7430699";
static const char lbm[] = "m=1 M=16 O_pipe=131 F=175e6 N_grid=172800 D_comp=0";
static const char vcsn[] = "b=12.44e9 l=8.47e-7";

static const struct plot_seed_point points[] = {
    {"stream", "M", "sustained_flops", 8, 2.5e12, "Mondigo 2020 Fig. 3.9", tsunami},
    {"stream", "M", "efficiency", 8, 0.98, "Mondigo 2020 Fig. 3.9", tsunami},
    {"stream", "M", "parallel_efficiency", 16, 0.97, "Mondigo 2020 Fig. 3.10", tsunami},
    {"stream", "M", "parallel_efficiency", 32, 0.94, "Mondigo 2020 Fig. 3.10", tsunami},
    {"stream", "n", "sustained_flops", 1, 318.828e9, "Mondigo 2020 Fig. 3.11", lbm},
    {"stream", "n", "sustained_flops", 2, 448.79e9, "Mondigo 2020 Fig. 3.11", lbm},
    {"stream", "n", "sustained_flops", 4, 435.99e9, "Mondigo 2020 Fig. 3.11", lbm},
    {"stream", "n", "efficiency", 1, 0.87, "Mondigo 2020 Fig. 3.11", lbm},
    {"stream", "n", "efficiency", 2, 0.61, "Mondigo 2020 Fig. 3.11", lbm},
    {"stream", "n", "efficiency", 4, 0.30, "Mondigo 2020 Fig. 3.11", lbm},
    {"stream", "n", "stall_ratio", 2, 0.2857, "Mondigo 2020 Fig. 3.11", lbm},
    {"stream", "n", "stall_ratio", 4, 0.6429, "Mondigo 2020 Fig. 3.11", lbm},
    {"gather", "n", "time_s", 32, 25e-3, "002 §6.5", "d=16777216 b=12.44e9 l=8.47e-7"},
    {"gather", "n", "time_s", 512, 130e-3, "002 §6.5", "d=1048576 b=12.44e9 l=8.47e-7"},
    {"gather", "n", "stages", 9, 3, "002 §5.2", vcsn},
};

/* 1 if every "name=value" of `when` matches `params` (relative 1e-9). */
static int conditions_hold(const char *when, const char *xparam, json_t *params)
{
  char buf[256];
  snprintf(buf, sizeof buf, "%s", when);
  for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
    char *eq = strchr(kv, '=');
    *eq = '\0';
    if (!strcmp(kv, xparam))
      continue;
    double want = strtod(eq + 1, NULL), got = fcsim__plot_num(params, kv);
    if (!(fabs(got - want) <= 1e-9 * fabs(want)))
      return 0;
  }
  return 1;
}

int fcsim__plot_seed_points(const char *model, const char *xparam, const char *result, json_t *params,
                            const struct plot_seed_point **out, int max)
{
  int n = 0;
  for (size_t i = 0; i < sizeof points / sizeof points[0] && n < max; i++)
    if (!strcmp(points[i].model, model) && !strcmp(points[i].xparam, xparam) &&
        (!result || !strcmp(points[i].result, result)) && conditions_hold(points[i].when, xparam, params))
      out[n++] = &points[i];
  return n;
}
