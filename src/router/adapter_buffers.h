/* The buffers both link adapters (proto_adapter.c: tnw-link,
 * proto_adapter_fc.c: fc-link) declare to the deadlock reporter (private to
 * src/router/). Buffer v is VC v's way from the router to the line, buffer
 * vcs + v its way from the line to the router. The first waits for the far
 * adapter's second of the same VC, the second for the router's input VC it
 * feeds. Each adapter says only whether one of its buffers holds flits. */
#ifndef FCSIM_ROUTER_ADAPTER_BUFFERS_H
#define FCSIM_ROUTER_ADAPTER_BUFFERS_H

#include <stdio.h>

#include "router/router.h"

/* The buffer a busy buffer `at` of an adapter with `vcs` VCs waits for;
 * returns 0 (no successor) when `busy` is 0 or the port is unconnected. */
static inline int fcsim_adapter_waits_for(const struct fcsim_graph *g, int vcs, int busy, struct fcsim_buf_ref at,
                                          struct fcsim_buf_ref *next)
{
  int v = at.buf % vcs, line = at.buf < vcs;
  const struct fcsim_chan *ch = fcsim_graph_out(g, at.node, line ? 1 : 0);
  if (ch->dst < 0 || !busy)
    return 0;
  *next = (struct fcsim_buf_ref){(uint32_t)ch->dst, line ? vcs + v : ch->dst_port * ch->dst_vcs + v};
  return 1;
}

/* "MODEL NODE TX|RX vc V". */
static inline void fcsim_adapter_describe_buffer(const struct fcsim_graph *g, const char *model, int vcs,
                                                 struct fcsim_buf_ref at, char *buf, size_t size)
{
  char name[FCSIM_NODE_NAME_MAX + 8];
  snprintf(buf, size, "%s %s %s vc %d", model, fcsim_graph_node_name(g, at.node, name, sizeof name),
           at.buf < vcs ? "TX" : "RX", at.buf % vcs);
}

#endif
