/* SPDX-License-Identifier: BSD-3-Clause */
/* fft.consume = line | point (src/apps/fft/fft_stream.c) against the data
 * mapping of seed 000 Fig. 6.1 (model/fft.c), point by point, with every
 * message crossing the network in a fixed number of cycles (evaluated here,
 * independently of the trace workload):
 *   - every datum travels from the node that holds it to the node the
 *     mapping says, in a message of its source round, once;
 *   - no point is taken by an IP before it has arrived (line: before its
 *     round starts; point: before the cycle S_j + slot it is taken), and no
 *     point leaves before its round's IPs produced it;
 *   - each round starts as early as those rules and the IPs allow: at the
 *     end of the previous round's inputs, or when some point is taken the
 *     cycle it arrived (tight, so the gates are not just late);
 *   - streaming is never later than whole-dimension rounds, and point
 *     consumption never later than line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "apps/fft/fft_sched.h"
#include "model/fft.h"

#define WIRE_CYCLES 37 /* every network message: released + 37 = arrived */

static uint32_t id_of(unsigned m, const struct fcsim_fft_loc *l)
{
  return l->node[0] + (l->node[1] << m) + (l->node[2] << (2 * m));
}

/* Completion of every message: a gate at its release, a message WIRE_CYCLES
 * later. The schedule is a DAG, so passes until nothing changes settle it. */
static uint64_t *evaluate(const struct fcsim_fft_sched *s)
{
  uint64_t *c = malloc((size_t)s->nmsg * sizeof *c);
  assert_non_null(c);
  for (int64_t i = 0; i < s->nmsg; i++)
    c[i] = UINT64_MAX;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int64_t i = 0; i < s->nmsg; i++) {
      const struct fcsim_fft_msg *g = &s->msg[i];
      uint64_t rel = g->start_cycles;
      int ready = 1;
      for (uint32_t k = 0; k < g->ndeps && ready; k++) {
        uint32_t d = s->deps[g->dep_first + k];
        uint64_t delay = s->dep_delay ? s->dep_delay[g->dep_first + k] : g->delay_cycles;
        if (c[d] == UINT64_MAX)
          ready = 0;
        else if (c[d] + delay > rel)
          rel = c[d] + delay;
      }
      uint64_t done = g->turn >= 3 ? rel : rel + WIRE_CYCLES;
      if (ready && c[i] != done) {
        assert_true(c[i] == UINT64_MAX); /* settles once */
        c[i] = done;
        changed = 1;
      }
    }
  }
  for (int64_t i = 0; i < s->nmsg; i++)
    assert_true(c[i] != UINT64_MAX);
  return c;
}

/* Per (dimension, node, round): the round's start S_j (gate - N), and
 * whether some point was taken the very cycle it arrived. */
struct rounds {
  uint64_t *start;
  char *tight;
};

static uint64_t gate_time(const struct fcsim_fft_sched *s, const uint64_t *c, int dim, uint32_t v, unsigned j)
{
  int64_t g = s->gate[((size_t)dim * s->nodes + v) * s->rounds + j];
  assert_int_equal(s->msg[g].turn, 3 + dim);
  assert_int_equal(s->msg[g].src, v);
  assert_int_equal(s->msg[g].dst, v);
  assert_int_equal(s->msg[g].bytes, 0);
  return c[g];
}

/* A point arriving at `arr` for slot `slot` of round j of (dim, v). */
static void taken(const struct fcsim_fft_sched *s, const uint64_t *c, struct rounds *R, int dim, uint32_t v, unsigned j,
                  unsigned slot, uint64_t arr)
{
  uint64_t S = gate_time(s, c, dim, v, j) - s->fft_cycles;
  uint64_t when = s->consume == FCSIM_FFT_CONSUME_POINT ? S + slot : S;
  assert_true(when >= arr); /* never taken before it is there */
  if (when == arr)
    R->tight[((size_t)dim * s->nodes + v) * s->rounds + j] = 1;
}

/* Message carrying output `slot` of round j on v in `turn`: checks it goes
 * to `dst` in round j and was released after the point was produced;
 * returns its arrival, or the production cycle when the point stays. */
static uint64_t carried(const struct fcsim_fft_sched *s, const uint64_t *c, uint64_t *moved, int turn, uint32_t v,
                        unsigned j, unsigned slot, uint32_t dst, uint64_t produced)
{
  int64_t i = s->slot_msg[(((size_t)(turn - 1) * s->nodes + v) * s->rounds + j) * s->fft_cycles + slot];
  if (v == dst) {
    assert_true(i == -1);
    return produced;
  }
  assert_true(i >= 0 && i < s->nmsg);
  const struct fcsim_fft_msg *g = &s->msg[i];
  assert_int_equal(g->turn, turn);
  assert_int_equal(g->src, v);
  assert_int_equal(g->dst, dst);
  assert_int_equal(g->round, j);
  assert_true(c[i] - WIRE_CYCLES >= produced); /* released no earlier than produced */
  moved[i]++;
  return c[i];
}

/* The round of the line with IP index ip, written out here from the
 * definition of fft.round_order (fft_sched.h), not read from the code. */
static unsigned round_ref(enum fcsim_fft_order order, unsigned n, unsigned m, unsigned ips, unsigned ip)
{
  unsigned b = n - 2 * m, a_bits = n - m;
  if (order == FCSIM_FFT_ORDER_SHARED)
    ip = (ip % (1u << b)) * (1u << a_bits) + ip / (1u << b); /* b leads, then a */
  return ip / ips;
}

static uint64_t check_ordered(unsigned n, unsigned m, unsigned ips, uint64_t chunk, enum fcsim_fft_consume consume,
                              enum fcsim_fft_order order)
{
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build_ordered(n, m, ips, 8, chunk, consume, order, &s, &err), 0);
  uint64_t *c = evaluate(&s), N = s.fft_cycles;
  uint64_t *moved = calloc((size_t)s.nmsg, sizeof *moved);
  struct rounds R = {.tight = calloc(2 * (size_t)s.nodes * s.rounds, 1)};
  assert_non_null(moved);
  assert_non_null(R.tight);
  unsigned side = 1u << n;
  for (unsigned z = 0; z < side; z++)
    for (unsigned y = 0; y < side; y++)
      for (unsigned x = 0; x < side; x++) {
        struct fcsim_fft_loc a, b, l;
        assert_int_equal(fcsim_fft_map(n, m, x, y, z, FCSIM_FFT_XFOLD, &a, &err), 0);
        assert_int_equal(fcsim_fft_map(n, m, x, y, z, FCSIM_FFT_XY, &b, &err), 0);
        assert_int_equal(fcsim_fft_map(n, m, x, y, z, FCSIM_FFT_YZ, &l, &err), 0);
        unsigned jx = round_ref(order, n, m, s.ips, a.ip), jy = round_ref(order, n, m, s.ips, b.ip),
                 jz = round_ref(order, n, m, s.ips, l.ip);
        uint32_t v = id_of(m, &a), d = id_of(m, &b), e = id_of(m, &l);
        uint64_t arr = carried(&s, c, moved, 1, v, jx, a.slot, d, N * (jx + 1) + a.slot + 1);
        taken(&s, c, &R, 0, d, jy, b.slot, arr);
        uint64_t out = gate_time(&s, c, 0, d, jy) + b.slot + 1; /* Y output slot b.slot leaves */
        arr = carried(&s, c, moved, 2, d, jy, b.slot, e, out);
        taken(&s, c, &R, 1, e, jz, l.slot, arr);
      }
  for (int64_t i = 0; i < s.nmsg; i++) /* every message carries exactly its points */
    assert_int_equal(moved[i] * 8, s.msg[i].bytes);
  uint64_t end = 0;
  for (int dim = 0; dim < 2; dim++)
    for (uint32_t v = 0; v < s.nodes; v++)
      for (unsigned j = 0; j < s.rounds; j++) {
        uint64_t S = gate_time(&s, c, dim, v, j) - N;
        uint64_t after_prev = j     ? gate_time(&s, c, dim, v, j - 1)
                              : dim ? gate_time(&s, c, 0, v, s.rounds - 1)
                                    : N * s.rounds;
        assert_true(S >= after_prev); /* the IPs take one round's inputs at a time */
        if (S != after_prev && !R.tight[((size_t)dim * s.nodes + v) * s.rounds + j])
          fail_msg("round %u of dimension %d on node %u starts at %llu: later than the IPs (%llu) and than "
                   "every point needs",
                   j, dim + 1, v, (unsigned long long)S, (unsigned long long)after_prev);
        if (dim == 1 && j == s.rounds - 1 && S + 2 * N > end)
          end = S + 2 * N;
      }
  free(R.tight);
  free(moved);
  free(c);
  fcsim_fft_sched_free(&s);
  return end;
}

static uint64_t check_stream(unsigned n, unsigned m, unsigned ips, uint64_t chunk, enum fcsim_fft_consume consume)
{
  return check_ordered(n, m, ips, chunk, consume, FCSIM_FFT_ORDER_INDEX);
}

/* The end of the last Z round in whole-dimension rounds, with the same
 * wire: all of a node's data in, then its rounds back to back. */
static uint64_t round_end(unsigned n, unsigned m, unsigned ips, uint64_t chunk)
{
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build_chunked(n, m, ips, 8, chunk, &s, &err), 0);
  uint64_t *c = evaluate(&s);
  struct fcsim_fft_phases ph;
  assert_int_equal(fcsim_fft_sched_phases(&s, c, &ph, &err), 0);
  free(c);
  fcsim_fft_sched_free(&s);
  return (uint64_t)ph.z_end_cycles;
}

static void compare(unsigned n, unsigned m, unsigned ips, uint64_t chunk)
{
  uint64_t line = check_stream(n, m, ips, chunk, FCSIM_FFT_CONSUME_LINE);
  uint64_t point = check_stream(n, m, ips, chunk, FCSIM_FFT_CONSUME_POINT);
  uint64_t round = round_end(n, m, ips, chunk);
  assert_true(point <= line);
  assert_true(line <= round);
}

static void test_16_on_4(void **state)
{
  (void)state;
  compare(4, 2, 4, 0);
  compare(4, 2, 4, 16);
}

/* 32^3 on 4^3 on 4 IPs: four rounds per dimension; rounds of 3 (uneven). */
static void test_32_on_4_rounds(void **state)
{
  (void)state;
  compare(5, 2, 4, 16);
  compare(5, 2, 3, 0);
  /* with several rounds the later ones start before all data is in */
  assert_true(check_stream(5, 2, 4, 16, FCSIM_FFT_CONSUME_POINT) < round_end(5, 2, 4, 16));
}

/* fft.round_order = shared: every point walked as above (each datum once,
 * no point taken before it arrives, every round as early as its points and
 * the IPs allow) with the lines grouped by their shared field; 64^3 on 4^3
 * with 8 IPs has 8 rounds, and its first Y round then needs only the first
 * X rounds, so it has its inputs before it can under `index`; 2m > n is
 * refused. */
static void test_round_order_shared(void **state)
{
  (void)state;
  check_ordered(5, 2, 4, 16, FCSIM_FFT_CONSUME_POINT, FCSIM_FFT_ORDER_SHARED);
  check_ordered(5, 2, 3, 0, FCSIM_FFT_CONSUME_LINE, FCSIM_FFT_ORDER_SHARED);
  check_ordered(6, 2, 8, 16, FCSIM_FFT_CONSUME_POINT, FCSIM_FFT_ORDER_SHARED);
  uint64_t first[2];
  for (int o = 0; o < 2; o++) {
    struct fcsim_fft_sched s;
    struct fcsim_error err = {0};
    assert_int_equal(fcsim_fft_sched_build_ordered(6, 2, 8, 8, 16, FCSIM_FFT_CONSUME_POINT, (enum fcsim_fft_order)o, &s,
                                                   &err),
                     0);
    uint64_t *c = evaluate(&s);
    first[o] = 0;
    for (uint32_t v = 0; v < s.nodes; v++)
      if (gate_time(&s, c, 0, v, 0) > first[o])
        first[o] = gate_time(&s, c, 0, v, 0);
    free(c);
    fcsim_fft_sched_free(&s);
  }
  assert_true(first[FCSIM_FFT_ORDER_SHARED] < first[FCSIM_FFT_ORDER_INDEX]);
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build_ordered(5, 3, 1, 8, 16, FCSIM_FFT_CONSUME_POINT, FCSIM_FFT_ORDER_SHARED, &s,
                                                 &err),
                   FCSIM_ECOMBINATION);
  assert_non_null(strstr(err.msg, "fft.round_order"));
}

/* 2m > n (our reconstruction of Fig. 6.1's second case): 32^3 on 8^3. */
static void test_32_on_8_wide(void **state)
{
  (void)state;
  compare(5, 3, 1, 16);
}

/* Phases under streaming: Y (Z) ends N cycles after its last round's gate;
 * a completion that breaks a dependency is refused. */
static void test_phases(void **state)
{
  (void)state;
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build_consume(5, 2, 4, 8, 16, FCSIM_FFT_CONSUME_POINT, &s, &err), 0);
  uint64_t *c = evaluate(&s);
  struct fcsim_fft_phases ph;
  assert_int_equal(fcsim_fft_sched_phases(&s, c, &ph, &err), 0);
  uint64_t zmax = 0;
  for (uint32_t v = 0; v < s.nodes; v++) {
    uint64_t g = c[s.gate[((size_t)s.nodes + v) * s.rounds + s.rounds - 1]];
    zmax = g > zmax ? g : zmax;
  }
  assert_true(ph.z_end_cycles == (double)(zmax + 32));
  assert_true(ph.y_end_cycles < ph.z_end_cycles);
  int64_t last = s.nmsg - 1; /* a Z gate */
  assert_true(s.msg[last].ndeps > 0);
  c[last] = 0;
  assert_int_equal(fcsim_fft_sched_phases(&s, c, &ph, &err), FCSIM_EINVAL);
  free(c);
  fcsim_fft_sched_free(&s);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_16_on_4),
      cmocka_unit_test(test_32_on_4_rounds),
      cmocka_unit_test(test_32_on_8_wide),
      cmocka_unit_test(test_round_order_shared),
      cmocka_unit_test(test_phases),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
