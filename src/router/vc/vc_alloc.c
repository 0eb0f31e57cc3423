/* SPDX-License-Identifier: BSD-3-Clause */
/* Separable and iSLIP VC allocation for the VC routers (router.va_allocator
 * = separable | islip), as BookSim2's input-queued router allocates VCs:
 * every head in VA requests every free downstream VC of its class on its
 * output; input VCs and downstream VCs are the two sides of the allocator.
 *
 * - separable (input-first): each head picks one downstream VC, round-robin
 *   from its own pointer; each downstream VC then picks one of the heads that
 *   picked it, round-robin from its pointer. Matched pairs move both pointers
 *   past each other.
 * - islip: each free downstream VC grants the first requesting head from its
 *   pointer; each head accepts the first grant from its pointer; repeated
 *   router.alloc_iters times among the unmatched; pointers move only for the
 *   matches of the first iteration (McKeown's iSLIP).
 *
 * Downstream VC (port p, VC v) has index p x FCSIM_MAX_VCS + v; input VC vi
 * has its usual index (port x VCs + VC). Both pointers are cyclic in those
 * index spaces, so priority rotates over all requesters: no head starves. */
#include "router/vc/vc.h"

#define VA_MAX_REQ  ((VC_MAX_PORTS + 1) * FCSIM_MAX_VCS)
#define VA_MAX_OUTS ((VC_MAX_PORTS + 1) * FCSIM_MAX_VCS)

/* The free downstream VCs head vi may take on its output, as a mask. */
static uint32_t free_vcs(const struct vc_shared *sh, struct fcsim_outport *o, int cls)
{
  int lo, hi, shared_lo, shared_hi;
  uint32_t m = 0;
  vc_class_range(sh, o->nvc_out, cls, &lo, &hi, &shared_lo, &shared_hi);
  for (int v = lo; v <= hi; v++) {
    if (o->owned[v])
      continue;
    if (((v >= shared_lo && v <= shared_hi) || sh->wait_tail_credit) && o->credits[v] < o->depth_out)
      continue;
    m |= 1u << v;
  }
  return m;
}

/* Where head vi's accept pointer starts among the VCs of port p: cyclic
 * order over the whole index space, restricted to p. */
static unsigned accept_start(uint16_t ptr, int p)
{
  unsigned base = (unsigned)p * FCSIM_MAX_VCS;
  return ptr >= base && ptr < base + FCSIM_MAX_VCS ? ptr - base : 0;
}

/* The requests of one cycle. */
struct va_round {
  int nreq;
  int16_t vi[VA_MAX_REQ];     /* requesting input VC */
  uint32_t want[VA_MAX_REQ];  /* downstream VCs it may take (bit v) */
  uint8_t done[VA_MAX_REQ];   /* matched */
  int16_t grant[VA_MAX_OUTS]; /* request granted by each downstream VC this iteration, -1 none */
  uint64_t ports;             /* outputs some head requests */
};

/* Collects the heads in VA; those ejecting at a classic local port win at
 * once (the ejection port has no downstream VCs to share). */
static void collect(const struct vc_shared *sh, struct vc_node *n, uint64_t now, struct va_round *r)
{
  r->nreq = 0;
  r->ports = 0;
  for (int w = 0; w < sh->mask_words; w++) {
    for (uint64_t m = n->wait_mask[w]; m; m &= m - 1) {
      int vi = w * 64 + __builtin_ctzll(m);
      struct fcsim_vc *vc = &n->vcs[vi];
      if (vc->stage != FCSIM_VC_VA || vc->ready_cycle > now)
        continue;
      if (vc->out_port == sh->np && sh->local_port) {
        vc_won(sh, n, vi, 0, now);
        continue;
      }
      uint32_t want = sh->escape ? fcsim__vc_escape_want(sh, n, vi) : free_vcs(sh, vc_out(n, vc->out_port), vc->class1);
      if (!want)
        continue;
      r->vi[r->nreq] = (int16_t)vi;
      r->want[r->nreq] = want;
      r->done[r->nreq] = 0;
      r->nreq++;
      r->ports |= 1ull << vc->out_port;
    }
  }
}

static void clear_grants(struct va_round *r)
{
  for (uint64_t m = r->ports; m; m &= m - 1) {
    int p = __builtin_ctzll(m);
    for (int v = 0; v < FCSIM_MAX_VCS; v++)
      r->grant[p * FCSIM_MAX_VCS + v] = -1;
  }
}

/* Request k takes downstream VC v; pointers move when `update`. */
static void match(const struct vc_shared *sh, struct vc_node *n, struct va_round *r, int k, int v, int update,
                  uint64_t now)
{
  int vi = r->vi[k];
  struct fcsim_vc *vc = &n->vcs[vi];
  int p = vc->out_port, out = p * FCSIM_MAX_VCS + v;
  unsigned span_in = (unsigned)(sh->np_in * sh->nvc), span_out = (unsigned)(sh->np_out * FCSIM_MAX_VCS);
  vc_out(n, p)->owned[v] = 1;
  r->done[k] = 1;
  if (update) {
    n->va_grant[out] = (uint16_t)(((unsigned)vi + 1) % span_in);
    vc->va_accept = (uint16_t)(((unsigned)out + 1) % span_out);
  }
  vc_won(sh, n, vi, v, now);
  /* the VC is taken: no other head may still want it */
  for (int j = 0; j < r->nreq; j++)
    if (!r->done[j] && n->vcs[r->vi[j]].out_port == p)
      r->want[j] &= ~(1u << v);
}

/* Output side: downstream VC `out` grants the candidate closest after its pointer. */
static void offer(struct vc_node *n, struct va_round *r, int k, int out, unsigned span_in)
{
  unsigned ptr = n->va_grant[out], vi = (unsigned)r->vi[k];
  unsigned d = vi >= ptr ? vi - ptr : vi + span_in - ptr;
  int cur = r->grant[out];
  if (cur < 0) {
    r->grant[out] = (int16_t)k;
    return;
  }
  unsigned c = (unsigned)r->vi[cur], dc = c >= ptr ? c - ptr : c + span_in - ptr;
  if (d < dc)
    r->grant[out] = (int16_t)k;
}

static void islip_iteration(const struct vc_shared *sh, struct vc_node *n, struct va_round *r, int iter, uint64_t now)
{
  unsigned span_in = (unsigned)(sh->np_in * sh->nvc);
  clear_grants(r);
  for (int k = 0; k < r->nreq; k++) {
    if (r->done[k])
      continue;
    int p = n->vcs[r->vi[k]].out_port;
    for (uint32_t m = r->want[k]; m; m &= m - 1)
      offer(n, r, k, p * FCSIM_MAX_VCS + __builtin_ctz(m), span_in);
  }
  for (int k = 0; k < r->nreq; k++) {
    if (r->done[k])
      continue;
    struct fcsim_vc *vc = &n->vcs[r->vi[k]];
    int p = vc->out_port;
    uint32_t granted = 0;
    for (uint32_t m = r->want[k]; m; m &= m - 1) {
      int v = __builtin_ctz(m);
      if (r->grant[p * FCSIM_MAX_VCS + v] == k)
        granted |= 1u << v;
    }
    if (granted)
      match(sh, n, r, k, vc_cyclic_first(granted, accept_start(vc->va_accept, p)), iter == 0, now);
  }
}

static void separable_pass(const struct vc_shared *sh, struct vc_node *n, struct va_round *r, uint64_t now)
{
  unsigned span_in = (unsigned)(sh->np_in * sh->nvc);
  clear_grants(r);
  for (int k = 0; k < r->nreq; k++) {
    struct fcsim_vc *vc = &n->vcs[r->vi[k]];
    int p = vc->out_port;
    int v = vc_cyclic_first(r->want[k], accept_start(vc->va_accept, p));
    offer(n, r, k, p * FCSIM_MAX_VCS + v, span_in);
  }
  for (uint64_t m = r->ports; m; m &= m - 1) {
    int p = __builtin_ctzll(m);
    for (int v = 0; v < FCSIM_MAX_VCS; v++) {
      int k = r->grant[p * FCSIM_MAX_VCS + v];
      if (k >= 0 && !r->done[k])
        match(sh, n, r, k, v, 1, now);
    }
  }
}

void fcsim__vc_allocate_matched(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n)
{
  struct va_round r;
  collect(sh, n, ctx->now, &r);
  if (!r.nreq)
    return;
  if (sh->va_allocator == FCSIM_ALLOC_SEPARABLE) {
    separable_pass(sh, n, &r, ctx->now);
    return;
  }
  for (int it = 0; it < sh->alloc_iters; it++)
    islip_iteration(sh, n, &r, it, ctx->now);
}
