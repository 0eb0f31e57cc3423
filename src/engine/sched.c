/* SPDX-License-Identifier: BSD-3-Clause */
/* The timing wheel and the arrival heap of a partition (sched.h). */
#include <stdlib.h>

#include "engine/sched.h"

int fcsim_wheel_init(struct fcsim_wheel *w, uint32_t slots)
{
  w->mask = slots - 1;
  w->slot = calloc(slots, sizeof *w->slot);
  w->busy = calloc(slots / 64 + 1, sizeof *w->busy);
  w->len = calloc(slots, sizeof *w->len);
  w->cap = calloc(slots, sizeof *w->cap);
  return !w->slot || !w->busy || !w->len || !w->cap ? FCSIM_ENOMEM : 0;
}

void fcsim_wheel_free(struct fcsim_wheel *w)
{
  if (w->slot)
    for (uint32_t i = 0; i <= w->mask; i++)
      free(w->slot[i]);
  free(w->slot);
  free(w->busy);
  free(w->len);
  free(w->cap);
  w->slot = NULL;
  w->busy = NULL;
  w->len = w->cap = NULL;
}

int fcsim_wheel_grow(struct fcsim_wheel *w, uint32_t slot)
{
  uint32_t ncap = w->cap[slot] ? w->cap[slot] * 2 : 64;
  uint32_t *nb = realloc(w->slot[slot], (size_t)ncap * sizeof *nb);
  if (!nb)
    return FCSIM_ENOMEM;
  w->slot[slot] = nb;
  w->cap[slot] = ncap;
  return 0;
}

uint64_t fcsim_wheel_next_busy(const struct fcsim_wheel *w, uint64_t from, uint64_t best)
{
  const uint64_t size = (uint64_t)w->mask + 1, span = best - from < size ? best - from : size;
  for (uint64_t d = 0; d < span;) {
    uint64_t slot = (from + d) & w->mask;
    uint64_t word = w->busy[slot >> 6] >> (slot & 63);
    if (word)
      return from + d + (uint64_t)__builtin_ctzll(word) < best ? from + d + (uint64_t)__builtin_ctzll(word) : best;
    /* on to the next word, or round to slot 0 at the wheel's end: a wheel of
     * fewer than 64 slots ends inside its only word */
    uint64_t step = 64 - (slot & 63);
    d += step < size - slot ? step : size - slot;
  }
  return best;
}

int fcsim_heap_push(struct fcsim_arrival_heap *h, uint64_t key, uint32_t node)
{
  if (h->len == h->cap) { /* one entry per node, plus outdated ones: grows rarely */
    size_t ncap = h->cap * 2 + 8;
    uint64_t *k = realloc(h->key, ncap * sizeof *k);
    if (k)
      h->key = k;
    uint32_t *n = realloc(h->node, ncap * sizeof *n);
    if (n)
      h->node = n;
    if (!k || !n)
      return FCSIM_ENOMEM;
    h->cap = ncap;
  }
  size_t i = h->len++;
  h->key[i] = key;
  h->node[i] = node;
  while (i > 0 && fcsim_heap_less(h, i, (i - 1) / 2)) {
    fcsim_heap_swap(h, i, (i - 1) / 2);
    i = (i - 1) / 2;
  }
  return 0;
}

struct fcsim_arrival_heap *fcsim_heap_new(size_t cap)
{
  struct fcsim_arrival_heap *h = calloc(1, sizeof *h);
  if (!h)
    return NULL;
  h->cap = cap;
  h->key = malloc((cap + 1) * sizeof *h->key);
  h->node = malloc((cap + 1) * sizeof *h->node);
  if (!h->key || !h->node) {
    fcsim_heap_free(h);
    return NULL;
  }
  return h;
}

void fcsim_heap_free(struct fcsim_arrival_heap *h)
{
  if (!h)
    return;
  free(h->key);
  free(h->node);
  free(h);
}
