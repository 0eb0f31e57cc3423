/* SPDX-License-Identifier: BSD-3-Clause */
/* The deadlock checker of next-hop tables (table.h fcsim_table_check): walks
 * every route between two endpoints, collecting the dependencies
 * (channel in, destination) -> channel out as one port mask per channel, then
 * searches the channel graph depth-first; a grey successor closes a cycle,
 * read off the search stack and written with node names and ports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "routing/table.h"

enum { WHITE = 0, GREY = 1, BLACK = 2 };

/* Appends printf-style text at *len, never past size. */
static void append(char *text, size_t size, size_t *len, const char *s)
{
  if (!text || *len + 1 >= size)
    return;
  int w = snprintf(text + *len, size - *len, "%s", s);
  *len = w < 0 ? *len : (*len + (size_t)w >= size ? size - 1 : *len + (size_t)w);
}

/* "name port p" of the channel leaving slot `s`. */
static void describe(const struct fcsim_graph *g, int64_t s, char *buf, size_t size)
{
  char name[FCSIM_NODE_NAME_MAX + 8];
  const struct fcsim_chan *c = &g->chan[s];
  snprintf(buf, size, "%s port %u", fcsim_graph_node_name(g, c->src, name, sizeof name), (unsigned)c->src_port);
}

/* Walks every endpoint's route to endpoint d, checking it arrives and
 * or-ing the dependencies into dep[] and the channels into used[]. */
static int walk_to(const struct fcsim_graph *g, const uint8_t *next, int64_t d, int64_t *arrive, int64_t *path,
                   uint64_t *dep, uint8_t *used, char *text, size_t size)
{
  const int64_t n = g->nodes;
  char a[FCSIM_NODE_NAME_MAX + 8], b[FCSIM_NODE_NAME_MAX + 8], c[FCSIM_NODE_NAME_MAX + 8];
  arrive[d] = d + 1;
  for (int64_t s = 0; s < n; s++) {
    if (s == d || !g->endpoint[s] || arrive[s] == d + 1)
      continue;
    const int64_t walk = d * n + s + 1;
    int64_t at = s, prev = -1;
    while (at != d && arrive[at] != d + 1) {
      if (path[at] == walk) {
        if (text && size)
          snprintf(text, size, "the route from %s to %s loops back to %s", fcsim_graph_node_name(g, s, a, sizeof a),
                   fcsim_graph_node_name(g, d, b, sizeof b), fcsim_graph_node_name(g, at, c, sizeof c));
        return FCSIM_EINVAL;
      }
      path[at] = walk;
      unsigned o = next[at * n + d];
      if (o >= (unsigned)fcsim_graph_radix(g, at) || fcsim_graph_out(g, at, (int)o)->dst < 0) {
        if (text && size)
          snprintf(text, size, "the route from %s to %s stops at %s (%s)", fcsim_graph_node_name(g, s, a, sizeof a),
                   fcsim_graph_node_name(g, d, b, sizeof b), fcsim_graph_node_name(g, at, c, sizeof c),
                   o == FCSIM_TABLE_NONE ? "no entry" : "its port has no link");
        return FCSIM_EINVAL;
      }
      if (prev >= 0)
        dep[prev] |= 1ull << o;
      prev = g->port_base[at] + o;
      used[prev] = 1;
      at = g->chan[prev].dst;
    }
    if (at != d && prev >= 0)
      dep[prev] |= 1ull << next[at * n + d]; /* joins a route already walked */
    for (at = s; at != d && arrive[at] != d + 1; at = fcsim_graph_out(g, at, next[at * n + d])->dst)
      arrive[at] = d + 1;
  }
  return 0;
}

/* Writes the cycle stack[from..top] and its first channel again. */
static void write_cycle(const struct fcsim_graph *g, const int64_t *stack, int64_t from, int64_t top, char *text,
                        size_t size)
{
  size_t len = 0;
  char buf[FCSIM_NODE_NAME_MAX + 32];
  if (!text || !size)
    return;
  text[0] = '\0';
  for (int64_t i = from; i <= top; i++) {
    describe(g, stack[i], buf, sizeof buf);
    append(text, size, &len, buf);
    append(text, size, &len, " -> ");
  }
  describe(g, stack[from], buf, sizeof buf);
  append(text, size, &len, buf);
}

/* Depth-first search over the used channels; FCSIM_ECOMBINATION on a cycle. */
static int find_cycle(const struct fcsim_graph *g, const uint64_t *dep, const uint8_t *used, uint8_t *color,
                      int64_t *stack, uint64_t *left, struct fcsim_cdg_result *r, char *text, size_t size)
{
  for (int64_t root = 0; root < g->nslots; root++) {
    if (!used[root] || color[root] != WHITE)
      continue;
    int64_t top = 0;
    stack[0] = root;
    left[0] = dep[root];
    color[root] = GREY;
    while (top >= 0) {
      int64_t ch = stack[top];
      if (!left[top]) {
        color[ch] = BLACK;
        top--;
        continue;
      }
      int out = __builtin_ctzll(left[top]);
      left[top] &= left[top] - 1;
      int64_t child = g->port_base[g->chan[ch].dst] + (uint32_t)out;
      if (color[child] == GREY) {
        int64_t from = top;
        while (stack[from] != child)
          from--;
        r->cycle_length = (int)(top - from + 1);
        write_cycle(g, stack, from, top, text, size);
        return FCSIM_ECOMBINATION;
      }
      if (color[child] == WHITE) {
        color[child] = GREY;
        stack[++top] = child;
        left[top] = dep[child];
      }
    }
  }
  return 0;
}

int fcsim_table_check(const struct fcsim_graph *g, const uint8_t *next, struct fcsim_cdg_result *res,
                      uint64_t *dep_mask, char *text, size_t size)
{
  struct fcsim_cdg_result r = {0, 0, 0};
  if (text && size)
    text[0] = '\0';
  if (g->max_radix > 64) {
    if (text && size)
      snprintf(text, size, "a node has %d ports; the checker handles at most 64", g->max_radix);
    return FCSIM_EINVAL;
  }
  const size_t n = (size_t)(g->nodes ? g->nodes : 1), slots = (size_t)(g->nslots ? g->nslots : 1);
  int64_t *arrive = calloc(n, sizeof *arrive), *path = calloc(n, sizeof *path);
  uint64_t *dep = calloc(slots, sizeof *dep), *left = malloc(slots * sizeof *left);
  uint8_t *used = calloc(slots, 1), *color = calloc(slots, 1);
  int64_t *stack = malloc(slots * sizeof *stack);
  int rc = 0;
  if (!arrive || !path || !dep || !left || !used || !color || !stack)
    rc = FCSIM_ENOMEM;
  for (int64_t d = 0; !rc && d < g->nodes; d++)
    if (g->endpoint[d])
      rc = walk_to(g, next, d, arrive, path, dep, used, text, size);
  if (!rc) {
    for (int64_t s = 0; s < g->nslots; s++) {
      r.channels += used[s];
      r.edges += __builtin_popcountll(dep[s]);
    }
    rc = find_cycle(g, dep, used, color, stack, left, &r, text, size);
  }
  if (!rc && dep_mask)
    memcpy(dep_mask, dep, (size_t)g->nslots * sizeof *dep);
  free(arrive);
  free(path);
  free(dep);
  free(left);
  free(used);
  free(color);
  free(stack);
  if (res)
    *res = r;
  return rc;
}
