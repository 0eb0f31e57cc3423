/* SPDX-License-Identifier: BSD-3-Clause */
/* A partition's schedule (sched.c): the timing wheel of wake-ups (which
 * nodes to step at which tick, at most one turn of the wheel ahead) and the
 * min-heap of workload events (the tick at which an endpoint next creates
 * packets). The per-tick operations are inline: the engine calls them for
 * every node step. */
#ifndef FCSIM_ENGINE_SCHED_H
#define FCSIM_ENGINE_SCHED_H

#include <stddef.h>
#include <stdint.h>

#include "fcsim/error.h"

/* Nodes to step per tick, in slots of tick & mask. */
struct fcsim_wheel {
  uint32_t **slot; /* [tick & mask] -> nodes to step */
  uint32_t *len, *cap;
  uint64_t *busy; /* bit per slot: it holds nodes (lets idle ticks be skipped) */
  uint32_t mask;  /* slots - 1 (a power of two less one) */
};

/* `slots`: a power of two. Returns 0 or FCSIM_ENOMEM (free it either way). */
int fcsim_wheel_init(struct fcsim_wheel *w, uint32_t slots);
void fcsim_wheel_free(struct fcsim_wheel *w);
int fcsim_wheel_grow(struct fcsim_wheel *w, uint32_t slot);

/* Adds `node` at `tick`; returns 0 or FCSIM_ENOMEM. */
static inline int fcsim_wheel_add(struct fcsim_wheel *w, uint64_t tick, uint32_t node)
{
  uint32_t s = (uint32_t)(tick & w->mask);
  if (w->len[s] == w->cap[s] && fcsim_wheel_grow(w, s))
    return FCSIM_ENOMEM;
  w->busy[s >> 6] |= 1ull << (s & 63);
  w->slot[s][w->len[s]++] = node;
  return 0;
}

/* Empties the slot of `tick` once its nodes were stepped. */
static inline void fcsim_wheel_clear(struct fcsim_wheel *w, uint64_t tick)
{
  uint32_t s = (uint32_t)(tick & w->mask);
  w->len[s] = 0;
  w->busy[s >> 6] &= ~(1ull << (s & 63));
}

/* The first tick in [from, best) whose slot holds nodes, or `best`.
 * Wake-ups lie within one turn of the wheel, so the first busy slot after
 * `from` is the earliest. */
uint64_t fcsim_wheel_next_busy(const struct fcsim_wheel *w, uint64_t from, uint64_t best);

/* Min-heap of (next event tick, node): endpoints due to create packets.
 * The heap may hold an outdated entry for a node whose event moved earlier;
 * the engine skips it when popped (the node's next_event says which is
 * current). */
struct fcsim_arrival_heap {
  uint64_t *key; /* cycle << 24 | node would overflow; keep pairs */
  uint32_t *node;
  size_t len, cap;
};

struct fcsim_arrival_heap *fcsim_heap_new(size_t cap);
void fcsim_heap_free(struct fcsim_arrival_heap *h);
int fcsim_heap_push(struct fcsim_arrival_heap *h, uint64_t key, uint32_t node); /* 0 or FCSIM_ENOMEM */

static inline int fcsim_heap_less(const struct fcsim_arrival_heap *h, size_t a, size_t b)
{
  return h->key[a] < h->key[b] || (h->key[a] == h->key[b] && h->node[a] < h->node[b]);
}

static inline void fcsim_heap_swap(struct fcsim_arrival_heap *h, size_t a, size_t b)
{
  uint64_t k = h->key[a];
  uint32_t n = h->node[a];
  h->key[a] = h->key[b];
  h->node[a] = h->node[b];
  h->key[b] = k;
  h->node[b] = n;
}

/* A heap of more entries than this asks for the next level's entries as it
 * sifts down: at a network of thousands of nodes the steps between two pops
 * evict it from the caches (hints only). */
#define FCSIM_HEAP_PREFETCH_MIN 1024

/* Moves the entry at the top down to its place; `ahead`: ask for the
 * level after the next as it goes (a constant in each copy). */
static inline __attribute__((always_inline)) void fcsim_heap_sift_down(struct fcsim_arrival_heap *h, const int ahead)
{
  size_t i = 0;
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (ahead && 2 * l + 1 < h->len) { /* the four grandchildren, one of which the next level compares */
      __builtin_prefetch(&h->key[2 * l + 1]);
      __builtin_prefetch(&h->node[2 * l + 1]);
    }
    if (l < h->len && fcsim_heap_less(h, l, m))
      m = l;
    if (r < h->len && fcsim_heap_less(h, r, m))
      m = r;
    if (m == i)
      break;
    fcsim_heap_swap(h, i, m);
    i = m;
  }
}

/* Removes the top entry (key[0], node[0]). */
static inline void fcsim_heap_pop(struct fcsim_arrival_heap *h)
{
  h->len--;
  if (h->len == 0)
    return;
  h->key[0] = h->key[h->len];
  h->node[0] = h->node[h->len];
  if (h->len > FCSIM_HEAP_PREFETCH_MIN)
    fcsim_heap_sift_down(h, 1);
  else
    fcsim_heap_sift_down(h, 0);
}

#endif
