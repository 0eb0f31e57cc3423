/* SPDX-License-Identifier: BSD-3-Clause */
/* A trace from a message list handed in memory (fcsim_config_set_messages):
 * the same checks as a CSV trace (trace_csv.c), each naming the message by
 * its id and its position in the list instead of a file line. */
#include <stdlib.h>
#include <string.h>

#include "core/messages.h"
#include "workload/trace.h"

static int bad_node(const struct fcsim_graph *g, const struct fcsim_message *m, uint32_t node, const char *what,
                    int64_t i, struct fcsim_error *err)
{
  if ((int64_t)node >= g->nodes)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "message %lld (number %lld of the list): %s = %u: no such node (the "
                           "network has nodes 0..%lld)",
                           (long long)m->id, (long long)i, what, node, (long long)g->nodes - 1);
  if (!g->endpoint[node])
    return fcsim_error_set(
        err, FCSIM_EINVAL,
        "message %lld (number %lld of the list): %s = %u: that node has no endpoint (it is a switch)", (long long)m->id,
        (long long)i, what, node);
  return 0;
}

static int cmp_id(const void *a, const void *b)
{
  const int64_t *x = a, *y = b; /* (id, index) pairs */
  return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Index of message `id` in the sorted (id, index) pairs, -1 if none. */
static int64_t index_of(const int64_t *pairs, int64_t n, int64_t id)
{
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (pairs[2 * mid] < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && pairs[2 * lo] == id ? pairs[2 * lo + 1] : -1;
}

/* Dependents of each message (dep_base, dep_list) from the `after` ids. */
static int link_deps(const struct fcsim_message_list *l, const int64_t *pairs, struct trace *t, struct fcsim_error *err)
{
  t->dep_base = calloc((size_t)t->n + 1, sizeof *t->dep_base);
  t->dep_list = malloc((l->nafter ? l->nafter : 1) * sizeof *t->dep_list);
  if (l->after_delay)
    t->dep_delay = malloc((l->nafter ? l->nafter : 1) * sizeof *t->dep_delay);
  uint32_t *fill = calloc((size_t)t->n + 1, sizeof *fill);
  int rc = !t->dep_base || !t->dep_list || !fill || (l->after_delay && !t->dep_delay) || l->nafter > UINT32_MAX
               ? fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the dependencies")
               : 0;
  for (int pass = 0; pass < 2 && !rc; pass++) {
    for (int64_t m = 0; m < t->n && !rc; m++) {
      const struct fcsim_message *msg = &l->msg[m];
      for (uint32_t k = 0; k < msg->nafter && !rc; k++) {
        int64_t id = l->after[msg->after_first + k], d = index_of(pairs, t->n, id);
        if (d < 0)
          rc = fcsim_error_set(err, FCSIM_EINVAL, "message %lld: after = %lld: no message has that id",
                               (long long)msg->id, (long long)id);
        else if (t->msg[d].dst != t->msg[m].src)
          rc = fcsim_error_set(err, FCSIM_ECOMBINATION,
                               "message %lld waits for message %lld, which is delivered to node %u, not to its source "
                               "node %u: a node can only wait for messages it receives",
                               (long long)msg->id, (long long)id, t->msg[d].dst, t->msg[m].src);
        else if (pass == 0) {
          t->dep_base[d + 1]++;
          t->msg[m].ndeps++;
        } else {
          uint32_t e = t->dep_base[d] + fill[d]++;
          t->dep_list[e] = (uint32_t)m;
          if (t->dep_delay) {
            uint64_t own = l->after_delay[msg->after_first + k];
            t->dep_delay[e] = own == FCSIM_DELAY_OF_MESSAGE ? msg->delay_cycles : own;
          }
        }
      }
    }
    for (int64_t m = 0; pass == 0 && !rc && m < t->n; m++)
      t->dep_base[m + 1] += t->dep_base[m];
  }
  free(fill);
  return rc;
}

/* Kahn's algorithm: every message must become ready. */
static int check_acyclic(const struct trace *t, struct fcsim_error *err)
{
  uint32_t *left = malloc((size_t)(t->n ? t->n : 1) * sizeof *left);
  int64_t *queue = malloc((size_t)(t->n ? t->n : 1) * sizeof *queue), head = 0, tail = 0;
  int rc = !left || !queue ? fcsim_error_set(err, FCSIM_ENOMEM, "out of memory") : 0;
  for (int64_t m = 0; !rc && m < t->n; m++)
    if (!(left[m] = t->msg[m].ndeps))
      queue[tail++] = m;
  while (!rc && head < tail) {
    int64_t m = queue[head++];
    for (uint32_t k = t->dep_base[m]; k < t->dep_base[m + 1]; k++)
      if (--left[t->dep_list[k]] == 0)
        queue[tail++] = t->dep_list[k];
  }
  for (int64_t m = 0; !rc && tail < t->n && m < t->n; m++)
    if (left[m])
      rc = fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "message %lld is on a cycle of dependencies (`after`): it can never start",
                           (long long)t->msg[m].id);
  free(left);
  free(queue);
  return rc;
}

int fcsim_trace_from_messages(const struct fcsim_message_list *l, const struct fcsim_graph *g, struct trace *t,
                              struct fcsim_error *err)
{
  memset(t, 0, sizeof *t);
  t->n = l->n;
  t->msg = calloc((size_t)(l->n ? l->n : 1), sizeof *t->msg);
  int64_t *pairs = malloc((size_t)(l->n ? l->n : 1) * 2 * sizeof *pairs);
  int rc =
      !t->msg || !pairs ? fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for %lld messages", (long long)l->n) : 0;
  for (int64_t i = 0; !rc && i < l->n; i++) {
    const struct fcsim_message *m = &l->msg[i];
    if ((rc = bad_node(g, m, m->src, "src", i, err)) || (rc = bad_node(g, m, m->dst, "dst", i, err)))
      break;
    if (m->src == m->dst && m->bytes)
      rc = fcsim_error_set(err, FCSIM_EINVAL,
                           "message %lld goes from node %u to itself (only a local step, with no bytes, may)",
                           (long long)m->id, m->src);
    else if (m->src != m->dst && m->bytes < 1)
      rc = fcsim_error_set(err, FCSIM_EINVAL, "message %lld carries no bytes", (long long)m->id);
    t->msg[i] = (struct trace_msg){m->id, m->src, m->dst, m->bytes, m->start_cycles, m->delay_cycles, 0, 0, m->has_route,
                                   m->route};
    pairs[2 * i] = m->id;
    pairs[2 * i + 1] = i;
  }
  if (!rc)
    qsort(pairs, (size_t)l->n, 2 * sizeof *pairs, cmp_id);
  for (int64_t i = 1; !rc && i < l->n; i++)
    if (pairs[2 * i] == pairs[2 * i - 2])
      rc = fcsim_error_set(err, FCSIM_EINVAL, "message id %lld is used twice (numbers %lld and %lld of the list)",
                           (long long)pairs[2 * i], (long long)pairs[2 * i - 1], (long long)pairs[2 * i + 1]);
  if (!rc)
    rc = link_deps(l, pairs, t, err);
  if (!rc)
    rc = check_acyclic(t, err);
  free(pairs);
  if (rc)
    fcsim__trace_free(t);
  return rc;
}
