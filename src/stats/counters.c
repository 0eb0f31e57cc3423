/* SPDX-License-Identifier: BSD-3-Clause */
/* Declared counters (stats/counters.h): packing the arrays that merge by one
 * rule into a flat 64-bit buffer for a reduction over ranks, writing the
 * result back, and the reduction itself for single-process use. */
#include "stats/counters.h"

size_t fcsim_counters_count(const struct fcsim_counter *c, int nc, enum fcsim_merge rule)
{
  size_t n = 0;
  for (int i = 0; i < nc; i++)
    if (c[i].rule == rule)
      n += c[i].n;
  return n;
}

void fcsim_counters_pack(const struct fcsim_counter *c, int nc, enum fcsim_merge rule, uint64_t *out)
{
  for (int i = 0; i < nc; i++) {
    if (c[i].rule != rule)
      continue;
    if (c[i].width_bytes == 4) {
      const uint32_t *v = c[i].v;
      for (size_t k = 0; k < c[i].n; k++)
        *out++ = v[k];
    } else {
      const uint64_t *v = c[i].v;
      for (size_t k = 0; k < c[i].n; k++)
        *out++ = v[k];
    }
  }
}

void fcsim_counters_unpack(const struct fcsim_counter *c, int nc, enum fcsim_merge rule, const uint64_t *in)
{
  for (int i = 0; i < nc; i++) {
    if (c[i].rule != rule)
      continue;
    if (c[i].width_bytes == 4) {
      uint32_t *v = c[i].v;
      for (size_t k = 0; k < c[i].n; k++)
        v[k] = (uint32_t)*in++;
    } else {
      uint64_t *v = c[i].v;
      for (size_t k = 0; k < c[i].n; k++)
        v[k] = *in++;
    }
  }
}

void fcsim_counters_combine(enum fcsim_merge rule, uint64_t *acc, const uint64_t *in, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    if (rule == FCSIM_MERGE_SUM)
      acc[i] += in[i];
    else if (in[i] > acc[i])
      acc[i] = in[i];
  }
}

const char *fcsim_merge_name(enum fcsim_merge rule)
{
  return rule == FCSIM_MERGE_SUM ? "sum" : rule == FCSIM_MERGE_MAX ? "max" : "?";
}

uint64_t fcsim_counter_total(const struct fcsim_counter *c)
{
  uint64_t t = 0;
  for (size_t k = 0; k < c->n; k++) {
    uint64_t v = c->width_bytes == 4 ? ((const uint32_t *)c->v)[k] : ((const uint64_t *)c->v)[k];
    fcsim_counters_combine(c->rule, &t, &v, 1);
  }
  return t;
}
