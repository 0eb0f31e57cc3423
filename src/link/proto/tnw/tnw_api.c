/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW two-sided API (tnw_api.h): requests as byte offsets in each VC's
 * stream, completed from the link module's acknowledged and consumed bytes. */
#include "link/proto/tnw/tnw_api.h"

#include <limits.h>
#include <string.h>

void fcsim_tnw_api_init(struct fcsim_tnw_api *a, struct fcsim_tnw_end *end)
{
  memset(a, 0, sizeof *a);
  a->end = end;
}

static int add(struct fcsim_tnw_api *a, int vc, int64_t bytes, int is_recv, struct fcsim_error *err)
{
  if (vc < 0 || vc >= a->end->cfg.vcs)
    return fcsim_error_set(err, FCSIM_ERANGE, "TNW: virtual channel %d; expected 0 to %d", vc, a->end->cfg.vcs - 1);
  if (bytes < 1)
    return fcsim_error_set(err, FCSIM_ERANGE, "TNW: a message needs at least 1 byte");
  if (a->n - a->oldest >= FCSIM_TNW_API_MAX)
    return fcsim_error_set(err, FCSIM_ERANGE, "TNW: more than %d requests pending", FCSIM_TNW_API_MAX);
  if (a->n == INT_MAX)
    return fcsim_error_set(err, FCSIM_ERANGE, "TNW: request handles exhausted");
  int64_t *total = is_recv ? &a->posted[vc] : &a->sent[vc];
  *total += bytes;
  a->req[a->n % FCSIM_TNW_API_MAX] = (struct fcsim_tnw_req){.vc = vc, .is_recv = is_recv, .end = *total, .done_at = -1};
  if (!is_recv)
    fcsim_tnw_send(a->end, vc, bytes);
  return a->n++;
}

int fcsim_tnw_api_send(struct fcsim_tnw_api *a, int vc, int64_t bytes, struct fcsim_error *err)
{
  return add(a, vc, bytes, 0, err);
}

int fcsim_tnw_api_credit(struct fcsim_tnw_api *a, int vc, int64_t bytes, struct fcsim_error *err)
{
  return add(a, vc, bytes, 1, err);
}

void fcsim_tnw_api_step(struct fcsim_tnw_api *a, int64_t now)
{
  unsigned mask = 0;
  for (int v = 0; v < a->end->cfg.vcs; v++)
    if (a->posted[v] > a->moved[v])
      mask |= 1u << v;
  int vc;
  struct fcsim_tnw_rx got;
  if (mask && fcsim_tnw_consume_masked(a->end, now, mask, &vc, &got))
    a->moved[vc] += got.len;
  for (int h = a->oldest; h < a->n; h++) {
    struct fcsim_tnw_req *r = &a->req[h % FCSIM_TNW_API_MAX];
    if (r->done_at >= 0)
      continue;
    int64_t reached = r->is_recv ? a->moved[r->vc] : a->end->acked_bytes[r->vc];
    if (reached >= r->end)
      r->done_at = now;
  }
  while (a->oldest < a->n && a->req[a->oldest % FCSIM_TNW_API_MAX].done_at >= 0)
    a->oldest++;
}

int fcsim_tnw_api_test(const struct fcsim_tnw_api *a, int h)
{
  if (h < 0 || h >= a->n)
    return 0;
  /* a handle older than the ring completed before its slot was reused */
  return h < a->n - FCSIM_TNW_API_MAX || a->req[h % FCSIM_TNW_API_MAX].done_at >= 0;
}

int64_t fcsim_tnw_api_done_at(const struct fcsim_tnw_api *a, int h)
{
  if (h < 0 || h >= a->n || h < a->n - FCSIM_TNW_API_MAX)
    return -1;
  return a->req[h % FCSIM_TNW_API_MAX].done_at;
}
