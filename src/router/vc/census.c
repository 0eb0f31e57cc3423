/* SPDX-License-Identifier: BSD-3-Clause */
/* The one-event census (census.h): compiled to its counters and report only
 * in a build with -DFCSIM_ONE_EVENT_CENSUS. */
#include "router/vc/census.h"

#ifdef FCSIM_ONE_EVENT_CENSUS
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "router/vc/vc.h"

#define CENSUS_VCS 512 /* VC indices per node a table holds (np_in x nvc, at most 32 x 16) */

static uint64_t *other_until; /* [node * VC_MAX_PORTS + p] 1 + the last cycle something else wanted or held p */
static uint64_t *credit_seen; /* [node * VC_MAX_PORTS + p] 1 + the last cycle a credit count for p was read */
static uint8_t *queued_head;  /* [node * CENSUS_VCS + vi] the VC's head started RC as the packet ahead left */

/* [arrived, queued] x [wins, at the earliest cycle, and uncontended, and no credit read] */
static uint64_t counts[2][4];
static uint64_t injections;

static void census_report(void)
{
  fprintf(
      stderr,
      "one-event census: injections %" PRIu64 "\n"
      "one-event census: arrived heads %" PRIu64 " earliest %" PRIu64 " uncontended %" PRIu64 " no-credit %" PRIu64 "\n"
      "one-event census: queued heads %" PRIu64 " earliest %" PRIu64 " uncontended %" PRIu64 " no-credit %" PRIu64 "\n",
      injections, counts[0][0], counts[0][1], counts[0][2], counts[0][3], counts[1][0], counts[1][1], counts[1][2],
      counts[1][3]);
}

void fcsim__census_setup(const struct vc_shared *sh)
{
  if (other_until)
    return;
  size_t nodes = (size_t)sh->g->nodes;
  other_until = calloc(nodes * VC_MAX_PORTS, sizeof *other_until);
  credit_seen = calloc(nodes * VC_MAX_PORTS, sizeof *credit_seen);
  queued_head = calloc(nodes * CENSUS_VCS, 1);
  if (!other_until || !credit_seen || !queued_head) { /* the run goes on, without the census */
    fprintf(stderr, "one-event census: no memory for %zu nodes' tables: nothing counted\n", nodes);
    free(other_until);
    free(credit_seen);
    free(queued_head);
    other_until = credit_seen = NULL;
    queued_head = NULL;
    return;
  }
  atexit(census_report);
}

/* Every hook does nothing without the tables: the hooks in vc.h run for
 * classic nodes too, and no novog kind set them up. */
void fcsim__census_head(uint32_t node, int vi, int queued)
{
  if (!queued_head)
    return;
  queued_head[(size_t)node * CENSUS_VCS + (size_t)vi] = (uint8_t)queued;
}

void fcsim__census_credit(uint32_t node, int p, uint64_t now)
{
  if (!credit_seen)
    return;
  credit_seen[(size_t)node * VC_MAX_PORTS + (size_t)p] = now + 1;
}

void fcsim__census_step(const struct vc_shared *sh, const struct vc_node *n, uint64_t now)
{
  if (!other_until)
    return;
  uint64_t *other = other_until + (size_t)n->node * VC_MAX_PORTS;
  /* held flit by flit (a train holding it ends before the head's earliest
   * cycle, or the head was not at its earliest), or a packet of its own queued */
  for (uint32_t m = (n->h->out_held & ~n->h->train_held) | n->h->srcq_mask; m; m &= m - 1)
    other[__builtin_ctz(m)] = now + 1;
  int routed[VC_MAX_PORTS + 1] = {0}; /* VCs routed to each output, not holding it yet */
  for (int w = 0; w < sh->mask_words; w++)
    for (uint64_t m = n->wait_mask[w] | n->act_mask[w]; m; m &= m - 1) {
      const struct fcsim_vc *vc = &n->vcs[w * 64 + __builtin_ctzll(m)];
      if ((vc->stage == FCSIM_VC_VA || vc->stage == FCSIM_VC_ACTIVE) && vc->out_port >= 0)
        routed[vc->out_port]++;
    }
  for (int p = 0; p <= sh->np; p++)
    if (routed[p] >= 2)
      other[p] = now + 1;
}

void fcsim__census_win(const struct vc_shared *sh, const struct vc_node *n, int w, int p, uint64_t now)
{
  if (!queued_head)
    return;
  const struct fcsim_vc *vc = &n->vcs[w];
  const int queued = queued_head[(size_t)n->node * CENSUS_VCS + (size_t)w];
  uint64_t *c = counts[queued];
  c[0]++;
  if (now != vc->ready_cycle) /* RC and VA took longer than their cycles, or the switch was not free */
    return;
  c[1]++;
  /* the cycle RC started: the head's arrival, or the departure of the packet ahead */
  uint64_t start = vc->ready_cycle - (uint64_t)(sh->p->rc_cycles + sh->p->va_cycles) -
                   (uint64_t)(queued ? sh->queued_head_cycles : 0);
  size_t at = (size_t)n->node * VC_MAX_PORTS + (size_t)p;
  if (other_until[at] > start)
    return;
  c[2]++;
  if (credit_seen[at] > start)
    return;
  c[3]++;
}

void fcsim__census_inject(void)
{
  injections++;
}

void fcsim__census_counts(uint64_t out[2][4], uint64_t *inj)
{
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++)
      out[i][j] = counts[i][j];
  *inj = injections;
}
#else
typedef int fcsim__census_off; /* ISO C: a translation unit declares something */
#endif
