/* SPDX-License-Identifier: BSD-3-Clause */
/* Switched topologies (docs/SWITCHED.md): `star`, `dual-plane` (seed 002
 * Fig. 2), `leafspine` (seed 001 §4.2.1, §4.3.3) and `fattree` (seed 002
 * §6.3, Fig. 16) as graphs of endpoints and switches. Nodes 0..N-1 are the
 * endpoints (FPGAs, named f0, f1, ...; one port per plane), then the
 * switches (sw0, sw1, ...). With switch.planes = P the switch network is
 * built P times, plane q's switches after plane q-1's, and endpoint e's port
 * q goes to plane q (the dual plane is a star with P = 2; a dual-plane fat
 * tree gives every FPGA of a larger cluster its two ports, seed 002 §6.5).
 * Kind 0 is the endpoints' Ethernet subsystems: `ethswitch`
 * (switch.latency = switch.nic_latency) or, with switch.endpoint = vcsn,
 * VCSN's virtual ports (router/switched/vcsn.c); kind 1 the switches, `ethswitch`. Every link has network.link_latency and
 * network.link_bandwidth. Routing is by table (routing.algorithm = table:
 * the switches' MAC tables). The graph is then treated like a netlist's
 * (kind FCSIM_TOPO_FILE: hop distances, exports, `fcsim topo`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/switched.h"

static const struct fcsim_switched_topo_params *sw_topo(const struct fcsim_params *p)
{
  return fcsim_switched_topo_params(p);
}

/* A graph under construction: radix per node, then links. */
struct builder {
  struct fcsim_topo *t;
  const struct fcsim_params *p;
  int64_t nodes, endpoints;
  int planes; /* copies of the switch network */
  int *radix; /* [nodes] */
  int *used;  /* [nodes] ports connected so far */
  struct fcsim_error *err;
};

static int link2(struct builder *b, int64_t x, int64_t y)
{
  struct fcsim_graph *g = &b->t->graph;
  int px = b->used[x]++, py = b->used[y]++;
  int rc = fcsim_graph_connect(g, (uint32_t)x, px, (uint32_t)y, py, (uint32_t)b->p->link_latency_cycles,
                               b->p->link_bandwidth_flits, b->err);
  if (!rc)
    rc = fcsim_graph_connect(g, (uint32_t)y, py, (uint32_t)x, px, (uint32_t)b->p->link_latency_cycles,
                             b->p->link_bandwidth_flits, b->err);
  return rc;
}

static int too_many(struct fcsim_error *err, const char *topo, const char *what, long long need, long long have)
{
  return fcsim_error_set(err, FCSIM_ECOMBINATION,
                         "network.topology = %s: switch.nodes = %lld endpoints %s; expected at most %lld with "
                         "switch.radix as set",
                         topo, need, what, have);
}

/* Fills the node counts of topology p->topology and checks capacity:
 * *switches, and for trees *levels and leaves. */
static int plan(const struct fcsim_params *p, int64_t *switches, int *levels, int64_t *leaves, struct fcsim_error *err)
{
  int64_t n = sw_topo(p)->nodes, k = sw_topo(p)->radix, m = k / 2;
  if (p->topology == FCSIM_TOPO_DUAL_PLANE && sw_topo(p)->planes > 2)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "network.topology = dual-plane has 2 planes; switch.planes = %d does not apply (expected "
                           "1 or 2; for more planes use network.topology = star with switch.planes)",
                           sw_topo(p)->planes);
  switch (p->topology) {
  case FCSIM_TOPO_STAR:
  case FCSIM_TOPO_DUAL_PLANE:
    if (n > k)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "network.topology = %s: switch.nodes = %lld endpoints need %lld links on a switch of "
                             "switch.radix = %lld ports; expected switch.nodes <= switch.radix",
                             p->topology == FCSIM_TOPO_STAR ? "star" : "dual-plane", (long long)n, (long long)n,
                             (long long)k);
    *switches = p->topology == FCSIM_TOPO_STAR ? 1 : 2;
    return 0;
  case FCSIM_TOPO_LEAFSPINE:
    if (k % 2)
      return fcsim_error_set(err, FCSIM_ECOMBINATION, "network.topology = leafspine: switch.radix = %lld must be even",
                             (long long)k);
    if (n > k * k / 2)
      return too_many(err, "leafspine", "(leaf-spine holds k*k/2)", n, k * k / 2);
    *leaves = (2 * n + k - 1) / k; /* a = 2n/k */
    *switches = *leaves + (*leaves > 1 ? (*leaves + 1) / 2 : 0);
    return 0;
  default: /* FATTREE */
    if (k % 2 || k < 4)
      return fcsim_error_set(err, FCSIM_ECOMBINATION,
                             "network.topology = fattree: switch.radix = %lld must be even and at least 4",
                             (long long)k);
    if (n <= k) {
      *levels = 1;
      *switches = 1;
      return 0;
    }
    /* an m-ary L-tree (m = k/2): L levels of m^(L-1) switches, m^L endpoints */
    int64_t cap = m;
    *levels = 1;
    while (cap < n) {
      if (*levels == 6)
        return too_many(err, "fattree", "(at most 6 levels)", n, cap);
      cap *= m;
      ++*levels;
    }
    *leaves = cap / m;
    *switches = *leaves * *levels;
    return 0;
  }
}

/* Planes of the topology: the dual plane has 2, the others switch.planes. */
static int planes_of(const struct fcsim_params *p)
{
  return p->topology == FCSIM_TOPO_DUAL_PLANE ? 2 : sw_topo(p)->planes > 1 ? sw_topo(p)->planes : 1;
}

/* The links of one plane, whose switches start at node s0 (`switches` of
 * them); endpoint ports are taken in order, so plane q's is port q. */
static int wire(struct builder *b, int64_t s0, int64_t switches, int levels, int64_t leaves)
{
  const struct fcsim_params *p = b->p;
  int64_t n = b->endpoints, k = sw_topo(p)->radix, m = k / 2;
  int rc = 0;
  switch (p->topology) {
  case FCSIM_TOPO_STAR:
  case FCSIM_TOPO_DUAL_PLANE:
    for (int64_t e = 0; !rc && e < n; e++)
      rc = link2(b, e, s0);
    return rc;
  case FCSIM_TOPO_LEAFSPINE: {
    int64_t spines = switches - leaves;
    for (int64_t e = 0; !rc && e < n; e++)
      rc = link2(b, e, s0 + e / m);
    for (int64_t l = 0; !rc && spines && l < leaves; l++)
      for (int64_t u = 0; !rc && u < m; u++)
        rc = link2(b, s0 + l, s0 + leaves + u % spines);
    return rc;
  }
  default: { /* FATTREE: endpoint e on leaf e/m; level-l switch w, up-port j -> level l+1 switch w with digit l = j */
    if (levels == 1) {
      for (int64_t e = 0; !rc && e < n; e++)
        rc = link2(b, e, s0);
      return rc;
    }
    for (int64_t e = 0; !rc && e < n; e++)
      rc = link2(b, e, s0 + e / m);
    int64_t pw = 1;
    for (int l = 0; !rc && l + 1 < levels; l++, pw *= m)
      for (int64_t w = 0; !rc && w < leaves; w++)
        for (int64_t j = 0; !rc && j < m; j++) {
          int64_t digit = (w / pw) % m, up = w + (j - digit) * pw;
          rc = link2(b, s0 + (int64_t)l * leaves + w, s0 + (int64_t)(l + 1) * leaves + up);
        }
    return rc;
  }
  }
}

static void radices(struct builder *b, int64_t switches)
{
  for (int64_t e = 0; e < b->endpoints; e++)
    b->radix[e] = b->planes;
  for (int64_t s = 0; s < switches; s++)
    b->radix[b->endpoints + s] = sw_topo(b->p)->radix;
}

static int names_and_kinds(struct builder *b)
{
  struct fcsim_graph *g = &b->t->graph;
  g->name = calloc((size_t)b->nodes, sizeof *g->name);
  if (!g->name)
    return fcsim_error_set(b->err, FCSIM_ENOMEM, "out of memory");
  for (int64_t v = 0; v < b->nodes; v++) {
    int sw = v >= b->endpoints;
    snprintf(g->name[v], sizeof g->name[v], sw ? "sw%lld" : "f%lld", (long long)(sw ? v - b->endpoints : v));
    g->kind[v] = (uint8_t)sw;
    g->endpoint[v] = (uint8_t)!sw;
  }
  g->nkinds = 2;
  snprintf(g->kinds[0].model, sizeof g->kinds[0].model, sw_topo(b->p)->endpoint_vcsn ? "vcsn" : "ethswitch");
  snprintf(g->kinds[0].set, sizeof g->kinds[0].set, "switch.latency=%d", sw_topo(b->p)->nic_latency_cycles);
  snprintf(g->kinds[1].model, sizeof g->kinds[1].model, "ethswitch");
  g->kinds[1].set[0] = 0;
  return 0;
}

/* Unused switch ports stay unconnected (a 16-port switch with 9 FPGAs has 7
 * free ports), as on the real switch. */
int fcsim_switched_build(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  memset(t, 0, sizeof *t);
  t->kind = FCSIM_TOPO_FILE;
  int64_t switches = 0, leaves = 0;
  int levels = 0;
  int rc = plan(p, &switches, &levels, &leaves, err);
  if (rc)
    return rc;
  int planes = planes_of(p);
  int64_t per_plane = p->topology == FCSIM_TOPO_DUAL_PLANE ? 1 : switches;
  switches = per_plane * planes;
  struct builder b = {t, p, sw_topo(p)->nodes + switches, sw_topo(p)->nodes, planes, NULL, NULL, err};
  if (b.nodes > FCSIM_GRAPH_MAX_APSP)
    return fcsim_error_set(err, FCSIM_ERANGE, "network.topology: %lld nodes; at most %d", (long long)b.nodes,
                           FCSIM_GRAPH_MAX_APSP);
  b.radix = calloc((size_t)b.nodes, sizeof *b.radix);
  b.used = calloc((size_t)b.nodes, sizeof *b.used);
  if (!b.radix || !b.used) {
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
    goto out;
  }
  radices(&b, switches);
  if ((rc = fcsim_graph_init(&t->graph, b.nodes, b.radix, err)) || (rc = names_and_kinds(&b)))
    goto out;
  for (int q = 0; !rc && q < planes; q++)
    rc = wire(&b, b.endpoints + q * per_plane, per_plane, levels, leaves);
  if (rc)
    goto out;
  fcsim_graph_finish(&t->graph);
  t->nodes = t->graph.nodes;
  t->nports = t->graph.max_radix;
  rc = fcsim_graph_all_distances(&t->graph, &t->dist, err);
out:
  free(b.radix);
  free(b.used);
  return rc; /* on failure fcsim_topo_init frees what was built */
}
