/* SPDX-License-Identifier: BSD-3-Clause */
/* Deadlock-report operations of the VC routers: a buffer is an input VC
 * (port * VCs + vc); the front packet of an occupied VC waits for the output
 * holder or the downstream VC it holds, or (in VA) for an occupied VC of its
 * class downstream (the class's first VC when the downstream node is of
 * another model, whose state this code cannot read). The engine follows
 * these until a walk closes a cycle. */
#include <stdio.h>

#include "router/vc/vc.h"

int fcsim__vc_nbuffers(const void *shared)
{
  const struct vc_shared *sh = shared;
  return sh->np_in * sh->nvc;
}

int fcsim__vc_buffer_busy(const void *shared, const void *state, int buf)
{
  const struct vc_shared *sh = shared;
  const struct fcsim_vc *vcs = (const struct fcsim_vc *)((const char *)state + sh->off_vcs);
  return vcs[buf].count != 0;
}

int fcsim__vc_waits_for(const void *shared, const struct fcsim_states *all, struct fcsim_buf_ref at,
                 struct fcsim_buf_ref *next)
{
  const struct vc_shared *sh = shared;
  const char *st = fcsim_state_of(all, at.node);
  const struct fcsim_vc *vc = (const struct fcsim_vc *)(st + sh->off_vcs) + at.buf;
  if (vc->count == 0 || vc->out_port < 0 || vc->out_port >= sh->np)
    return 0;
  const struct fcsim_chan *ch = fcsim_graph_out(sh->g, at.node, vc->out_port);
  if (ch->dst < 0)
    return 0;
  const uint32_t m = (uint32_t)ch->dst;
  const int first = ch->dst_port * ch->dst_vcs; /* the downstream kind's VCs */
  if (vc->stage == FCSIM_VC_ACTIVE) {
    /* novog: an output held by another packet is waited on first */
    const struct fcsim_outport *o =
        (const struct fcsim_outport *)(st + sh->off_outs + (size_t)vc->out_port * sh->out_bytes);
    if (!sh->local_port && o->holder >= 0 && o->holder != at.buf) {
      *next = (struct fcsim_buf_ref){at.node, o->holder};
      return 1;
    }
    if (!sh->local_port && o->holder == FCSIM_HOLD_INJECT) {
      *next = (struct fcsim_buf_ref){m, first + o->inj_vc};
      return 1;
    }
    *next = (struct fcsim_buf_ref){m, first + vc->out_vc};
    return 1;
  }
  if (vc->stage == FCSIM_VC_VA) { /* waits for any VC of its class: pick an occupied one */
    int lo, hi, slo, shi;
    vc_class_range(sh, ch->dst_vcs, vc->class1, &lo, &hi, &slo, &shi);
    if (sh->g->kind[m] != sh->g->kind[at.node]) { /* another model's state (a link adapter): its class's first VC */
      *next = (struct fcsim_buf_ref){m, first + lo};
      return 1;
    }
    const struct fcsim_vc *down = (const struct fcsim_vc *)((const char *)fcsim_state_of(all, m) + sh->off_vcs);
    for (int v = lo; v <= hi; v++)
      if (down[first + v].count) {
        *next = (struct fcsim_buf_ref){m, first + v};
        return 1;
      }
  }
  return 0;
}

void fcsim__vc_describe_buffer(const void *shared, struct fcsim_buf_ref at, char *buf, size_t size)
{
  const struct vc_shared *sh = shared;
  const struct fcsim_topo *t = sh->topo;
  int port = at.buf / sh->nvc, v = at.buf % sh->nvc;
  const char *pname = port >= sh->np ? "local" : t->ndims ? fcsim_topo_port_name(port) : NULL;
  int len;
  if (t->ndims) {
    len = snprintf(buf, size, "node %u (", at.node);
    for (int d = 0; d < t->ndims && len < (int)size; d++)
      len += snprintf(buf + len, size - len, "%s%d", d ? "," : "", fcsim_topo_coord(t, at.node, d));
    if (len < (int)size)
      len += snprintf(buf + len, size - len, ")");
  } else {
    char name[FCSIM_NODE_NAME_MAX + 8];
    len = snprintf(buf, size, "node %s", fcsim_graph_node_name(sh->g, at.node, name, sizeof name));
  }
  if (len < (int)size) {
    if (pname)
      snprintf(buf + len, size - len, " in %s vc %d", pname, v);
    else
      snprintf(buf + len, size - len, " in port %d vc %d", port, v);
  }
}
