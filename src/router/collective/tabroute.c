/* SPDX-License-Identifier: BSD-3-Clause */
/* The reduction unit's store of partial results (tabroute.h). */
#include <stdlib.h>
#include <string.h>

#include "router/collective/tabroute.h"

static uint32_t hash32(uint32_t k)
{
  k ^= k >> 16;
  k *= 0x7feb352du;
  k ^= k >> 15;
  k *= 0x846ca68bu;
  return k ^ (k >> 16);
}

static struct fcsim_redslot *find(struct fcsim_redstore *s, uint32_t key)
{
  uint32_t i = hash32(key) & (s->cap - 1);
  while (s->slot[i].key && s->slot[i].key != key)
    i = (i + 1) & (s->cap - 1);
  return &s->slot[i];
}

static int grow(struct fcsim_redstore *s)
{
  uint32_t cap = s->cap ? 2 * s->cap : 64;
  struct fcsim_redstore n = {calloc(cap, sizeof *n.slot), cap, 0, s->most};
  if (!n.slot)
    return FCSIM_ENOMEM;
  for (uint32_t i = 0; i < s->cap; i++)
    if (s->slot[i].key) {
      *find(&n, s->slot[i].key) = s->slot[i];
      n.used++;
    }
  free(s->slot);
  *s = n;
  return 0;
}

/* Removes slot x, moving later entries of its probe run back (linear probing). */
static void erase(struct fcsim_redstore *s, struct fcsim_redslot *x)
{
  uint32_t i = (uint32_t)(x - s->slot), j = i;
  s->slot[i].key = 0;
  s->used--;
  for (;;) {
    j = (j + 1) & (s->cap - 1);
    if (!s->slot[j].key)
      return;
    uint32_t home = hash32(s->slot[j].key) & (s->cap - 1);
    /* j's entry may move to i when its home is not in (i, j] cyclically */
    if ((j > i && (home <= i || home > j)) || (j < i && (home <= i && home > j))) {
      s->slot[i] = s->slot[j];
      s->slot[j].key = 0;
      i = j;
    }
  }
}

int fcsim_redstore_add(struct fcsim_redstore *s, uint32_t r, uint32_t inst, uint32_t expected,
                       const struct fcsim_redslot *in, struct fcsim_redslot *done)
{
  if ((s->used + 1) * 2 > s->cap && grow(s))
    return FCSIM_ENOMEM;
  uint32_t key = ((r << 8) | (inst & 0xffu)) + 1u;
  struct fcsim_redslot *x = find(s, key);
  if (!x->key) {
    *x = *in;
    x->key = key;
    x->count = 0;
    x->sum = 0;
    s->used++;
    if (s->used > s->most)
      s->most = s->used;
  } else {
    if ((int32_t)(in->gen - x->gen) < 0)
      x->gen = in->gen;
    if (in->hops > x->hops)
      x->hops = in->hops;
    x->measured &= in->measured;
  }
  x->count++;
  x->sum += in->sum;
  if (x->count < expected)
    return 0;
  *done = *x;
  erase(s, x);
  return 1;
}

void fcsim_redstore_free(struct fcsim_redstore *s)
{
  free(s->slot);
  memset(s, 0, sizeof *s);
}
