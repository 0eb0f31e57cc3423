/* Deadlock description: follows, from each occupied input VC, the VC its
 * front packet waits for (the downstream VC it holds, or one it wants) until
 * the walk closes a cycle, and prints that cycle of channels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

/* The input VC (global index) that VC `vi` of `node`/`port` waits on, or -1. */
static int64_t waits_on(const struct fcsim_net *net, size_t vi, uint32_t node)
{
  const struct fcsim_vc *vc = &net->vcs[vi];
  const int np = net->topo.nports;
  if (vc->count == 0 || vc->out_port < 0 || vc->out_port >= np)
    return -1;
  int32_t m = net->topo.neighbor[(size_t)node * np + vc->out_port];
  if (m < 0)
    return -1;
  int q = vc->out_port ^ 1;
  size_t first = ((size_t)m * net->np_in + q) * net->nvc;
  if (vc->stage == FCSIM_VC_ACTIVE) {
    /* novog: an output held by another packet is waited on first */
    const struct fcsim_outport *o = &net->outs[(size_t)node * net->np_out + vc->out_port];
    size_t mine = vi - ((size_t)node * net->np_in) * net->nvc;
    if (!net->model->local_port && o->holder >= 0 && (size_t)o->holder != mine)
      return (int64_t)((size_t)node * net->np_in * net->nvc + (size_t)o->holder);
    if (!net->model->local_port && o->holder == FCSIM_HOLD_INJECT)
      return (int64_t)(first + o->inj_vc);
    return (int64_t)(first + vc->out_vc);
  }
  if (vc->stage == FCSIM_VC_VA) { /* waits for any VC of its class: pick an occupied one */
    int lo, hi, slo, shi;
    fcsim_vc_class_range(net, vc->class1, &lo, &hi, &slo, &shi);
    for (int v = lo; v <= hi; v++)
      if (net->vcs[first + v].count)
        return (int64_t)(first + v);
  }
  return -1;
}

static void describe_vc(const struct fcsim_net *net, size_t vi, char *buf, size_t size)
{
  size_t per_node = (size_t)net->np_in * net->nvc;
  uint32_t node = (uint32_t)(vi / per_node);
  int port = (int)((vi % per_node) / net->nvc), v = (int)(vi % net->nvc);
  int len = snprintf(buf, size, "node %u (", node);
  for (int d = 0; d < net->topo.ndims && len < (int)size; d++)
    len += snprintf(buf + len, size - len, "%s%d", d ? "," : "", fcsim_topo_coord(&net->topo, node, d));
  if (len < (int)size)
    snprintf(buf + len, size - len, ") in %s vc %d", fcsim_topo_port_name(port), v);
}

char *fcsim_deadlock_describe(const struct fcsim_net *net)
{
  size_t per_node = (size_t)net->np_in * net->nvc;
  size_t total = (size_t)net->topo.nodes * per_node;
  int64_t *mark = malloc(total * sizeof *mark);
  if (!mark)
    return NULL;
  for (size_t i = 0; i < total; i++)
    mark[i] = -1;
  char *out = NULL;
  for (size_t start = 0; start < total && !out; start++) {
    if (mark[start] >= 0 || net->vcs[start].count == 0)
      continue;
    int64_t cur = (int64_t)start;
    while (cur >= 0 && mark[cur] < 0) {
      mark[cur] = (int64_t)start;
      cur = waits_on(net, (size_t)cur, (uint32_t)((size_t)cur / per_node));
    }
    if (cur < 0 || mark[cur] != (int64_t)start)
      continue;
    /* cur is on a cycle: print it */
    size_t cap = 4096, len = 0;
    out = malloc(cap);
    if (!out)
      break;
    int n = 0;
    int64_t v = cur;
    do {
      n++;
      v = waits_on(net, (size_t)v, (uint32_t)((size_t)v / per_node));
    } while (v != cur);
    len += (size_t)snprintf(out, cap, "cycle of %d waiting channels: ", n);
    v = cur;
    for (int i = 0; i < n && i < 24; i++) {
      char one[128];
      describe_vc(net, (size_t)v, one, sizeof one);
      len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " -> " : "", one);
      v = waits_on(net, (size_t)v, (uint32_t)((size_t)v / per_node));
    }
    if (n > 24)
      snprintf(out + len, cap - len, " -> ... (%d more)", n - 24);
  }
  free(mark);
  return out;
}
