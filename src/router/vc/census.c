/* SPDX-License-Identifier: BSD-3-Clause */
/* The one-event census (census.h): compiled to its counters and report only
 * in a build with -DFCSIM_ONE_EVENT_CENSUS. */
#include "router/vc/census.h"

#ifdef FCSIM_ONE_EVENT_CENSUS
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "router/vc/vc.h"

#define CENSUS_PORTS (VC_MAX_PORTS + 1)             /* outputs per node a table holds: network ports and a local one */
#define CENSUS_VCS   (CENSUS_PORTS * FCSIM_MAX_VCS) /* VC indices per node a table holds (np_in x nvc) */

static uint64_t *other_until; /* [node * CENSUS_PORTS + p] 1 + the last cycle something else wanted or held p */
static uint64_t *credit_seen; /* [node * CENSUS_PORTS + p] 1 + the last cycle a credit count for p was read */
static uint8_t *queued_head;  /* [node * CENSUS_VCS + vi] the VC's head started RC as the packet ahead left */
static uint64_t *va_won;      /* [node * CENSUS_VCS + vi] the cycle the VC's head won its downstream VC */

static uint64_t counts[2][FCSIM_CENSUS_COUNTS]; /* [arrived, queued] x enum fcsim_census_count */
static uint64_t injections;

static void census_report(void)
{
  fprintf(stderr, "one-event census: injections %" PRIu64 "\n", injections);
  for (int q = 0; q < 2; q++) {
    const uint64_t *c = counts[q];
    fprintf(stderr,
            "one-event census: %s heads %" PRIu64 " earliest %" PRIu64 " uncontended %" PRIu64 " no-credit %" PRIu64
            " va-late %" PRIu64 " credit-cycle %" PRIu64 " switch-late %" PRIu64 "\n",
            q ? "queued" : "arrived", c[FCSIM_CENSUS_WINS], c[FCSIM_CENSUS_EARLIEST], c[FCSIM_CENSUS_UNCONTENDED],
            c[FCSIM_CENSUS_NO_CREDIT], c[FCSIM_CENSUS_VA_LATE], c[FCSIM_CENSUS_CREDIT_CYCLE],
            c[FCSIM_CENSUS_SWITCH_LATE]);
  }
}

void fcsim__census_setup(const struct vc_shared *sh)
{
  if (other_until)
    return;
  size_t nodes = (size_t)sh->g->nodes;
  other_until = calloc(nodes * CENSUS_PORTS, sizeof *other_until);
  credit_seen = calloc(nodes * CENSUS_PORTS, sizeof *credit_seen);
  queued_head = calloc(nodes * CENSUS_VCS, 1);
  va_won = calloc(nodes * CENSUS_VCS, sizeof *va_won);
  if (!other_until || !credit_seen || !queued_head || !va_won) { /* the run goes on, without the census */
    fprintf(stderr, "one-event census: no memory for %zu nodes' tables: nothing counted\n", nodes);
    free(other_until);
    free(credit_seen);
    free(queued_head);
    free(va_won);
    other_until = credit_seen = va_won = NULL;
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

void fcsim__census_va(uint32_t node, int vi, uint64_t now)
{
  if (!va_won)
    return;
  va_won[(size_t)node * CENSUS_VCS + (size_t)vi] = now;
}

void fcsim__census_credit(uint32_t node, int p, uint64_t now)
{
  if (!credit_seen)
    return;
  credit_seen[(size_t)node * CENSUS_PORTS + (size_t)p] = now + 1;
}

void fcsim__census_step(const struct vc_shared *sh, const struct vc_node *n, uint64_t now)
{
  if (!other_until)
    return;
  uint64_t *other = other_until + (size_t)n->node * CENSUS_PORTS;
  /* held flit by flit (a train holding it ends before the head's earliest
   * cycle, or the head was not at its earliest), or a packet of its own queued */
  for (uint32_t m = (n->h->out_held & ~n->h->train_held) | n->h->srcq_mask; m; m &= m - 1)
    other[__builtin_ctz(m)] = now + 1;
  int routed[CENSUS_PORTS] = {0}; /* VCs routed to each output, not holding it yet */
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
  c[FCSIM_CENSUS_WINS]++;
  if (now != vc->ready_cycle) { /* RC and VA took longer than their cycles, or the switch was not free */
    const uint64_t period = (uint64_t)sh->p->credit_period_cycles;
    if (va_won[(size_t)n->node * CENSUS_VCS + (size_t)w] > vc->ready_cycle)
      c[FCSIM_CENSUS_VA_LATE]++;
    else if (now == vc->ready_cycle + 1 && vc->ready_cycle % period == 0)
      c[FCSIM_CENSUS_CREDIT_CYCLE]++;
    else
      c[FCSIM_CENSUS_SWITCH_LATE]++;
    return;
  }
  c[FCSIM_CENSUS_EARLIEST]++;
  /* the cycle RC started: the head's arrival, or the departure of the packet ahead */
  uint64_t start = vc->ready_cycle - (uint64_t)(sh->p->rc_cycles + sh->p->va_cycles) -
                   (uint64_t)(queued ? sh->queued_head_cycles : 0);
  size_t at = (size_t)n->node * CENSUS_PORTS + (size_t)p;
  if (other_until[at] > start)
    return;
  c[FCSIM_CENSUS_UNCONTENDED]++;
  if (credit_seen[at] > start)
    return;
  c[FCSIM_CENSUS_NO_CREDIT]++;
}

void fcsim__census_inject(void)
{
  injections++;
}

void fcsim__census_counts(uint64_t out[2][FCSIM_CENSUS_COUNTS], uint64_t *inj)
{
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < FCSIM_CENSUS_COUNTS; j++)
      out[i][j] = counts[i][j];
  *inj = injections;
}
#else
typedef int fcsim__census_off; /* ISO C: a translation unit declares something */
#endif
