/* SPDX-License-Identifier: BSD-3-Clause */
/* What both link adapters (link/proto/tnw/tnw_adapter.c: tnw-link, link/proto/fc/fc_adapter.c:
 * fc-link) share (private to src/router/): the entry of a line direction in
 * the run's per-link figures, and the buffers they declare to the deadlock
 * reporter. Buffer v is VC v's way from the router to the line, buffer
 * vcs + v its way from the line to the router. The first waits for the far
 * adapter's second of the same VC, the second for the router's input VC it
 * feeds. Each adapter says only whether one of its buffers holds flits. */
#ifndef FCSIM_ROUTER_ADAPTER_BUFFERS_H
#define FCSIM_ROUTER_ADAPTER_BUFFERS_H

#include <stdio.h>

#include "link/proto/protocols.h"

#include "router/router.h"

/* The per-link figures of the line adapter `a` sends on (its port 1) in
 * by_slot (line_stats, router/router.h), and in *peer the adapter at the
 * far end; NULL when the line is not connected. */
static inline struct fcsim_link_dir_stats *fcsim_adapter_dir_stats(const struct fcsim_graph *g,
                                                                   struct fcsim_link_dir_stats *by_slot, uint32_t a,
                                                                   uint32_t *peer)
{
  const struct fcsim_chan *line = fcsim_graph_out(g, a, 1);
  if (line->dst < 0)
    return NULL;
  *peer = (uint32_t)line->dst;
  return &by_slot[g->port_base[a] + 1];
}

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
  char name[FCSIM_NODE_LABEL_MAX];
  snprintf(buf, size, "%s %s %s vc %d", model, fcsim_graph_node_label(g, at.node, name, sizeof name),
           at.buf < vcs ? "TX" : "RX", at.buf % vcs);
}

#endif
