/* SPDX-License-Identifier: BSD-3-Clause */
/* Deadlock description: follows, from each occupied buffer, the buffer its
 * front packet waits for (each node's model says which: router.h
 * waits_for) until the walk closes a cycle, and prints that cycle. Buffers
 * are numbered globally: node n's buffers start at base[n]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

struct walker {
  const struct fcsim_net *net;
  int64_t *base; /* [nodes + 1] */
};

static struct fcsim_buf_ref ref_of(const struct walker *w, int64_t id)
{
  /* binary search for the node whose range holds id */
  int64_t lo = 0, hi = w->net->topo.graph.nodes - 1;
  while (lo < hi) {
    int64_t mid = (lo + hi + 1) / 2;
    if (w->base[mid] <= id)
      lo = mid;
    else
      hi = mid - 1;
  }
  return (struct fcsim_buf_ref){(uint32_t)lo, (int)(id - w->base[lo])};
}

/* The buffer that buffer `id` waits on, or -1. */
static int64_t waits_on(const struct walker *w, int64_t id)
{
  struct fcsim_buf_ref at = ref_of(w, id), next;
  const struct fcsim_kind *k = fcsim_kind_of(w->net, at.node);
  if (!k->ops->waits_for || !k->ops->waits_for(k->shared, &w->net->all_states, at, &next))
    return -1;
  return w->base[next.node] + next.buf;
}

static void describe(const struct walker *w, int64_t id, char *buf, size_t size)
{
  struct fcsim_buf_ref at = ref_of(w, id);
  const struct fcsim_kind *k = fcsim_kind_of(w->net, at.node);
  k->ops->describe_buffer(k->shared, at, buf, size);
}

static char *print_cycle(const struct walker *w, int64_t cur)
{
  size_t cap = 4096, len = 0;
  char *out = malloc(cap);
  if (!out)
    return NULL;
  int n = 0;
  int64_t v = cur;
  do {
    n++;
    v = waits_on(w, v);
  } while (v != cur);
  len += (size_t)snprintf(out, cap, "cycle of %d waiting channels: ", n);
  v = cur;
  for (int i = 0; i < n && i < 24; i++) {
    char one[128];
    describe(w, v, one, sizeof one);
    len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " -> " : "", one);
    v = waits_on(w, v);
  }
  if (n > 24)
    snprintf(out + len, cap - len, " -> ... (%d more)", n - 24);
  return out;
}

char *fcsim_deadlock_describe(const struct fcsim_net *net)
{
  const int64_t nodes = net->topo.graph.nodes;
  struct walker w = {net, malloc((size_t)(nodes + 1) * sizeof(int64_t))};
  if (!w.base)
    return NULL;
  int64_t total = 0;
  for (int64_t n = 0; n < nodes; n++) {
    const struct fcsim_kind *k = fcsim_kind_of(net, (uint32_t)n);
    w.base[n] = total;
    total += k->ops->nbuffers ? k->ops->nbuffers(k->shared) : 0;
  }
  w.base[nodes] = total;
  int64_t *mark = malloc((size_t)(total ? total : 1) * sizeof *mark);
  char *out = NULL;
  if (!mark) {
    free(w.base);
    return NULL;
  }
  for (int64_t i = 0; i < total; i++)
    mark[i] = -1;
  for (int64_t start = 0; start < total && !out; start++) {
    struct fcsim_buf_ref at = ref_of(&w, start);
    const struct fcsim_kind *k = fcsim_kind_of(net, at.node);
    if (mark[start] >= 0 || !k->ops->buffer_busy(k->shared, fcsim_state(net, at.node), at.buf))
      continue;
    int64_t cur = start;
    while (cur >= 0 && mark[cur] < 0) {
      mark[cur] = start;
      cur = waits_on(&w, cur);
    }
    if (cur >= 0 && mark[cur] == start)
      out = print_cycle(&w, cur);
  }
  free(mark);
  free(w.base);
  return out;
}
