/* SPDX-License-Identifier: BSD-3-Clause */
/* Random draws that need more than the inline helpers of rng.h. */
#include <math.h>

#include "core/rng.h"

double fcsim_rng_gaussian(struct fcsim_rng *r)
{
  double u1 = 1.0 - fcsim_rng_uniform(r), u2 = fcsim_rng_uniform(r); /* u1 in (0, 1] */
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}
