/* SPDX-License-Identifier: BSD-3-Clause */
/* The one-event census (src/router/vc/census.h, bench/one_event.sh), built
 * here with its measurement switch on: a head that arrives into an empty
 * VC, leaves at the earliest cycle with nothing else wanting its output and
 * no credit count read for it passes every count; each of the other things
 * stops it at its own count, and what happened before the arrival does not;
 * a hop that left late is counted under one cause. */
#define FCSIM_ONE_EVENT_CENSUS 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "router/vc/census.c"

enum { PORTS = 6, VCS = 4, OUT = 2, NODE = 1 };

/* One node of a 6-port, 4-VC kind: RC and VA one cycle each (speculative),
 * a credit cycle every 100. */
struct fixture {
  struct fcsim_params p;
  struct fcsim_graph g;
  struct vc_shared sh;
  struct vc_hdr h;
  uint64_t wait_mask, act_mask;
  struct fcsim_vc vcs[PORTS * VCS];
  struct vc_node n;
};

static void fixture_init(struct fixture *f)
{
  memset(f, 0, sizeof *f);
  f->p.rc_cycles = 1;
  f->p.va_cycles = 1;
  f->p.credit_period_cycles = 100; /* the Novo-G# default */
  f->g.nodes = 4;
  f->sh.p = &f->p;
  f->sh.g = &f->g;
  f->sh.np = PORTS;
  f->sh.nvc = VCS;
  f->sh.mask_words = 1;
  f->n.h = &f->h;
  f->n.wait_mask = &f->wait_mask;
  f->n.act_mask = &f->act_mask;
  f->n.vcs = f->vcs;
  f->n.node = NODE;
  for (int vi = 0; vi < PORTS * VCS; vi++)
    f->vcs[vi].out_port = FCSIM_NO_PORT;
  fcsim__census_setup(&f->sh);
}

/* VC vi routed to `out`, in VA (its mask bit set). */
static void routed(struct fixture *f, int vi, int out)
{
  f->vcs[vi].stage = FCSIM_VC_VA;
  f->vcs[vi].out_port = (int8_t)out;
  f->wait_mask |= 1ull << vi;
}

/* The counts a hop adds: its head (VC vi) arrives at cycle t (or, queued,
 * starts RC as the packet ahead leaves at t), is routed to OUT at t + 1,
 * wins a downstream VC at cycle `va` and the output at cycle `won`;
 * `between` (may be NULL) runs after the step of cycle t + 1. */
static void hop_va(struct fixture *f, int vi, int queued, uint64_t t, uint64_t va, uint64_t won,
                   void (*between)(struct fixture *), uint64_t added[2][FCSIM_CENSUS_COUNTS])
{
  uint64_t before[2][FCSIM_CENSUS_COUNTS], after[2][FCSIM_CENSUS_COUNTS], inj;
  fcsim__census_counts(before, &inj);
  fcsim__census_head(NODE, vi, queued);
  f->vcs[vi].stage = FCSIM_VC_RC;
  fcsim__census_step(&f->sh, &f->n, t);
  routed(f, vi, OUT);
  f->vcs[vi].ready_cycle = t + 2; /* RC at t + 1, VA ready one cycle later (speculative) */
  fcsim__census_step(&f->sh, &f->n, t + 1);
  if (between)
    between(f);
  for (uint64_t c = t + 2; c <= won; c++) {
    if (c == va)
      fcsim__census_va(NODE, vi, c);
    fcsim__census_step(&f->sh, &f->n, c);
  }
  fcsim__census_win(&f->sh, &f->n, vi, OUT, won);
  fcsim__census_counts(after, &inj);
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < FCSIM_CENSUS_COUNTS; j++)
      added[i][j] = after[i][j] - before[i][j];
  f->wait_mask = 0;
  f->vcs[vi].stage = FCSIM_VC_IDLE;
  f->vcs[vi].out_port = FCSIM_NO_PORT;
}

/* A hop whose head wins its downstream VC at the earliest cycle, t + 2. */
static void hop(struct fixture *f, int vi, int queued, uint64_t t, uint64_t won, void (*between)(struct fixture *),
                uint64_t added[2][FCSIM_CENSUS_COUNTS])
{
  hop_va(f, vi, queued, t, t + 2, won, between, added);
}

static void assert_added(uint64_t added[2][FCSIM_CENSUS_COUNTS], int row, int wins, int earliest, int uncontended,
                         int no_credit)
{
  assert_int_equal(added[row][0], wins);
  assert_int_equal(added[row][1], earliest);
  assert_int_equal(added[row][2], uncontended);
  assert_int_equal(added[row][3], no_credit);
  assert_int_equal(added[!row][0], 0);
}

/* A hop that left late added one to `late` (an enum fcsim_census_count of
 * the three causes) and to no other cause. */
static void assert_late(uint64_t added[2][FCSIM_CENSUS_COUNTS], int row, int late)
{
  assert_added(added, row, 1, 0, 0, 0);
  for (int j = FCSIM_CENSUS_VA_LATE; j <= FCSIM_CENSUS_SWITCH_LATE; j++)
    assert_int_equal(added[row][j], j == late);
}

static void other_vc_routed(struct fixture *f)
{
  routed(f, 9, OUT);
}
static void own_packet_queued(struct fixture *f)
{
  f->h.srcq_mask = 1u << OUT;
}
static void credit_read(struct fixture *f)
{
  fcsim__census_credit(NODE, OUT, 11);
}
static void other_output_busy(struct fixture *f)
{
  routed(f, 9, OUT + 1);
  routed(f, 10, OUT + 1);
  fcsim__census_credit(NODE, OUT + 1, 11);
}

static void test_clear_hop_passes(void **state)
{
  struct fixture f;
  uint64_t added[2][FCSIM_CENSUS_COUNTS];
  fixture_init(&f);
  hop(&f, 4, 0, 10, 12, NULL, added);
  assert_added(added, 0, 1, 1, 1, 1);
  hop(&f, 4, 0, 20, 22, other_output_busy, added); /* another output's business is not this hop's */
  assert_added(added, 0, 1, 1, 1, 1);
}

static void test_each_thing_stops_it(void **state)
{
  struct fixture f;
  uint64_t added[2][FCSIM_CENSUS_COUNTS];
  fixture_init(&f);
  hop(&f, 4, 0, 100, 103, NULL, added); /* a cycle late */
  assert_added(added, 0, 1, 0, 0, 0);
  hop(&f, 4, 0, 110, 112, other_vc_routed, added);
  assert_added(added, 0, 1, 1, 0, 0);
  hop(&f, 4, 0, 120, 122, own_packet_queued, added);
  assert_added(added, 0, 1, 1, 0, 0);
  f.h.srcq_mask = 0;
  hop(&f, 4, 0, 130, 132, credit_read, added); /* the credit read at cycle 11 is long past: it passes */
  assert_added(added, 0, 1, 1, 1, 1);
  fcsim__census_credit(NODE, OUT, 141);
  hop(&f, 4, 0, 140, 142, NULL, added);
  assert_added(added, 0, 1, 1, 1, 0);
}

/* A step at cycle c with two VCs routed to OUT (then no longer). */
static void contention_at(struct fixture *f, uint64_t c)
{
  routed(f, 9, OUT);
  routed(f, 10, OUT);
  fcsim__census_step(&f->sh, &f->n, c);
  f->wait_mask = 0;
}

static void test_before_the_arrival_and_queued_heads(void **state)
{
  struct fixture f;
  uint64_t added[2][FCSIM_CENSUS_COUNTS];
  fixture_init(&f);
  contention_at(&f, 199); /* the cycle before the arrival */
  hop(&f, 4, 0, 200, 202, NULL, added);
  assert_added(added, 0, 1, 1, 1, 1);
  contention_at(&f, 205); /* the arrival's own cycle */
  hop(&f, 4, 0, 205, 207, NULL, added);
  assert_added(added, 0, 1, 1, 0, 0);
  hop(&f, 5, 1, 210, 212, NULL, added); /* started RC as the packet ahead left */
  assert_added(added, 1, 1, 1, 1, 1);
  hop(&f, 5, 1, 220, 222, other_vc_routed, added);
  assert_added(added, 1, 1, 1, 0, 0);
}

static void test_why_late(void **state)
{
  struct fixture f;
  uint64_t added[2][FCSIM_CENSUS_COUNTS];
  fixture_init(&f);
  hop_va(&f, 4, 0, 300, 304, 304, NULL, added); /* no downstream VC until two cycles late */
  assert_late(added, 0, FCSIM_CENSUS_VA_LATE);
  hop(&f, 4, 0, 398, 401, NULL, added); /* its earliest, 400, a credit cycle */
  assert_late(added, 0, FCSIM_CENSUS_CREDIT_CYCLE);
  hop(&f, 4, 0, 498, 502, NULL, added); /* two cycles late: not the credit cycle alone */
  assert_late(added, 0, FCSIM_CENSUS_SWITCH_LATE);
  hop(&f, 5, 1, 510, 513, NULL, added);
  assert_late(added, 1, FCSIM_CENSUS_SWITCH_LATE);
  hop(&f, 4, 0, 600, 602, NULL, added); /* on time: no cause counted */
  assert_added(added, 0, 1, 1, 1, 1);
  for (int j = FCSIM_CENSUS_VA_LATE; j <= FCSIM_CENSUS_SWITCH_LATE; j++)
    assert_int_equal(added[0][j], 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clear_hop_passes),
      cmocka_unit_test(test_each_thing_stops_it),
      cmocka_unit_test(test_before_the_arrival_and_queued_heads),
      cmocka_unit_test(test_why_late),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
