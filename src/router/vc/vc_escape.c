/* SPDX-License-Identifier: BSD-3-Clause */
/* VC allocation of routing.turn_rule = seed-escape (vc.h, docs/ROUTING.md):
 * the two exclusive VCs of the overlapping dateline classes (Fig. 4.9b) are
 * an escape network routed dimension-order with the dateline; the shared
 * VCs carry the adaptive routes of the seed's six forbidden turns. A head in
 * a shared VC takes a free, empty shared VC of the output its algorithm
 * chose, else the escape VC of its DOR output (it then moves to that
 * output); a head in an escape VC was routed DOR and takes only the escape
 * VC of its class. The routing check (routing/cdg.c) proves the escape
 * network acyclic from every channel. */
#include "router/vc/vc.h"

/* 1 if VC v of a network input port is an escape VC. */
static int vc_escape_vc(const struct vc_shared *sh, int v)
{
  return v == 0 || v == sh->nvc - 1;
}

/* Allocates the escape VC of class `cls` on `o`; -1 if it is taken. */
static int vc_alloc_escape(const struct vc_shared *sh, struct fcsim_outport *o, int cls)
{
  int v = cls ? o->nvc_out - 1 : 0;
  if (o->owned[v] || (sh->wait_tail_credit && o->credits[v] < o->depth_out))
    return -1;
  o->owned[v] = 1;
  return v;
}

/* Allocates a shared (adaptive) VC on `o`, only an empty one (as vc_alloc
 * does: the escape argument needs atomic allocation); -1 if none. */
static int vc_alloc_adaptive(struct fcsim_outport *o)
{
  int n = o->nvc_out - 2;
  for (int i = 0; i < n; i++) {
    int j = o->va_ptr + i;
    while (j >= n)
      j -= n;
    int v = 1 + j;
    if (o->owned[v] || o->credits[v] < o->depth_out)
      continue;
    o->owned[v] = 1;
    o->va_ptr = (uint16_t)(j + 1 == n ? 0 : j + 1);
    return v;
  }
  return -1;
}

/* The DOR output from node n toward `dest` (the escape route), and the
 * class a packet arriving on `in` in class `cls` holds on it. */
static int vc_escape_port(const struct vc_shared *sh, const struct vc_node *n, int in, int cls, int64_t dest,
                          int *cls_out)
{
  int out = fcsim_routing_route_at(&fcsim_routing_dor, sh->topo, sh->p, n->h->coord, n->node, dest, 0, in, NULL, NULL);
  *cls_out = vc_next_class(sh, n, in, out, cls, dest);
  return out;
}

/* 1 if the head of VC vi travels in the escape network. */
static int in_escape(const struct vc_shared *sh, int vi)
{
  int q = sh->vc_port[vi];
  return q < sh->np && vc_escape_vc(sh, vi - q * sh->nvc);
}

int fcsim__vc_escape_route(const struct vc_shared *sh, struct vc_node *n, int vi, int in, int cls, int64_t dest)
{
  int ignored;
  return in_escape(sh, vi) ? vc_escape_port(sh, n, in, cls, dest, &ignored) : -1;
}

/* The escape output of the head of vi and its class there. */
static int escape_of(const struct vc_shared *sh, struct vc_node *n, int vi, int *cls)
{
  const struct fcsim_flit *f = vc_front(sh, n, vi);
  return vc_escape_port(sh, n, sh->vc_port[vi], (f->flags & FCSIM_FLIT_CLASS1) != 0, f->dest, cls);
}

int fcsim__vc_alloc_escape_head(const struct vc_shared *sh, struct vc_node *n, int vi)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  if (in_escape(sh, vi))
    return vc_alloc_escape(sh, vc_out(n, vc->out_port), vc->class1);
  int v = vc_alloc_adaptive(vc_out(n, vc->out_port));
  if (v >= 0)
    return v;
  int cls, out = escape_of(sh, n, vi, &cls);
  v = vc_alloc_escape(sh, vc_out(n, out), cls);
  if (v >= 0) {
    vc->out_port = (int8_t)out;
    vc->class1 = (uint8_t)cls;
  }
  return v;
}

/* 1 if the escape VC of class cls on o is free. */
static int escape_free(const struct vc_shared *sh, const struct fcsim_outport *o, int cls)
{
  int v = cls ? o->nvc_out - 1 : 0;
  return !o->owned[v] && !(sh->wait_tail_credit && o->credits[v] < o->depth_out);
}

uint32_t fcsim__vc_escape_want(const struct vc_shared *sh, struct vc_node *n, int vi)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  const struct fcsim_outport *o = vc_out(n, vc->out_port);
  if (in_escape(sh, vi))
    return escape_free(sh, o, vc->class1) ? 1u << (vc->class1 ? o->nvc_out - 1 : 0) : 0;
  uint32_t m = 0;
  for (int v = 1; v < o->nvc_out - 1; v++)
    if (!o->owned[v] && o->credits[v] >= o->depth_out)
      m |= 1u << v;
  if (m)
    return m;
  int cls, out = escape_of(sh, n, vi, &cls);
  const struct fcsim_outport *e = vc_out(n, out);
  if (!escape_free(sh, e, cls))
    return 0;
  vc->out_port = (int8_t)out;
  vc->class1 = (uint8_t)cls;
  return 1u << (cls ? e->nvc_out - 1 : 0);
}

int fcsim__vc_alloc_escape_inject(const struct vc_shared *sh, struct vc_node *n, struct fcsim_outport *o, int port,
                                  int cls, int64_t dest)
{
  int v = vc_alloc_adaptive(o), ecls;
  if (v < 0 && vc_escape_port(sh, n, -1, 0, dest, &ecls) == port)
    v = vc_alloc_escape(sh, o, cls);
  return v;
}
