/* SPDX-License-Identifier: BSD-3-Clause */
/* The FFT schedule of src/apps/fft/fft_sched.c against the data mapping of
 * seed 000 Fig. 6.1 (model/fft.c), point by point: every datum travels in
 * a message from the node that holds it to the node the mapping says, in
 * the round of the IP that produced it, never released before it was
 * produced; the YZ messages of a node wait for exactly the XY messages
 * delivered to it; phase times refuse a run that broke a dependency; bad
 * sizes are refused naming the key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/fft.h"
#include "apps/fft/fft_sched.h"

static uint32_t id_of(unsigned m, const struct fcsim_fft_loc *l)
{
  return l->node[0] + (l->node[1] << m) + (l->node[2] << (2 * m));
}

/* Slot of (turn, round, src, dst) in a dense table. */
static size_t key(const struct fcsim_fft_sched *s, int turn, unsigned round, uint32_t v, uint32_t d)
{
  return (((size_t)(turn - 1) * s->rounds + round) * s->nodes + v) * s->nodes + d;
}

/* For each (turn, round, src, dst): points carried by the schedule, points
 * the mapping moves, and the latest production time of those points. */
static void check_points_chunked(unsigned n, unsigned m, unsigned ips, uint64_t chunk)
{
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build_chunked(n, m, ips, 8, chunk, &s, &err), 0);
  size_t cells = 2 * (size_t)s.rounds * s.nodes * s.nodes;
  uint64_t *carried = calloc(cells, sizeof *carried), *moved = calloc(cells, sizeof *moved);
  uint64_t *ready = calloc(cells, sizeof *ready);
  int64_t *msg_of = malloc(cells * sizeof *msg_of);
  uint64_t *latest = calloc(cells, sizeof *latest); /* latest release among the key's messages */
  assert_non_null(carried);
  assert_non_null(moved);
  assert_non_null(ready);
  assert_non_null(msg_of);
  memset(msg_of, 0xff, cells * sizeof *msg_of);
  for (int64_t i = 0; i < s.nmsg; i++) {
    const struct fcsim_fft_msg *g = &s.msg[i];
    size_t k = key(&s, g->turn, g->round, g->src, g->dst);
    uint64_t rel = g->turn == 1 ? g->start_cycles : g->delay_cycles;
    if (!chunk)
      assert_true(msg_of[k] < 0); /* one message per (turn, round, src, dst) */
    else /* fft.release = packet: at most a packet's worth, rounded up to whole slots of the round */
      assert_true(g->bytes / 8 <= ((chunk + ips - 1) / ips) * ips);
    msg_of[k] = i;
    carried[k] += g->bytes / 8;
    latest[k] = rel > latest[k] ? rel : latest[k];
  }
  unsigned side = 1u << n;
  for (unsigned x = 0; x < side; x++)
    for (unsigned y = 0; y < side; y++)
      for (unsigned z = 0; z < side; z++) {
        struct fcsim_fft_loc a, b, c;
        assert_int_equal(fcsim_fft_map(n, m, x, y, z, FCSIM_FFT_XFOLD, &a, &err), 0);
        assert_int_equal(fcsim_fft_map(n, m, x, y, z, FCSIM_FFT_XY, &b, &err), 0);
        assert_int_equal(fcsim_fft_map(n, m, x, y, z, FCSIM_FFT_YZ, &c, &err), 0);
        /* XY: produced by X FFT a.ip at slot a.slot of its round */
        unsigned j = a.ip / s.ips;
        uint64_t t = s.fft_cycles * (j + 1) + a.slot + 1;
        uint32_t v = id_of(m, &a), d = id_of(m, &b);
        if (v == d) {
          assert_true(s.local_y_cycles[v] >= t);
        } else {
          size_t k = key(&s, 1, j, v, d);
          moved[k]++;
          if (t > ready[k])
            ready[k] = t;
        }
        /* YZ: produced by Y FFT b.ip at slot b.slot, counted from Y start */
        j = b.ip / s.ips;
        t = s.fft_cycles * (j + 1) + b.slot + 1;
        v = d;
        d = id_of(m, &c);
        if (v == d) {
          assert_true(s.local_z_delay[v] >= t);
        } else {
          size_t k = key(&s, 2, j, v, d);
          moved[k]++;
          if (t > ready[k])
            ready[k] = t;
        }
      }
  for (size_t k = 0; k < cells; k++) {
    assert_int_equal(carried[k], moved[k]);
    if (!moved[k])
      continue;
    /* released exactly when its last point is out: as the IPs produce them */
    assert_int_equal(latest[k], ready[k]);
  }
  for (int64_t i = 0; chunk && i < s.nmsg; i++) { /* no chunk leaves before its last point is out */
    const struct fcsim_fft_msg *g = &s.msg[i];
    assert_true((g->turn == 1 ? g->start_cycles : g->delay_cycles) <=
                latest[key(&s, g->turn, g->round, g->src, g->dst)]);
    if (g->turn == 2)
      assert_int_equal(g->start_cycles, s.local_y_cycles[g->src] + g->delay_cycles);
  }
  free(latest);
  free(carried);
  free(moved);
  free(ready);
  free(msg_of);
  fcsim_fft_sched_free(&s);
}

static void check_points(unsigned n, unsigned m, unsigned ips)
{
  check_points_chunked(n, m, ips, 0);
}

/* fft.release = packet (seed 000 L5295-5297): the same points, in messages
 * of at most a packet's worth (16 points: four 256-bit flits of 8-byte
 * points), the last of each (turn, round, src, dst) at the same cycle as
 * the whole-round message, the others earlier: 16^3 on 4^3 (4 IPs: 4
 * slots per chunk) and 32^3 on 4^3 in uneven rounds of 3; on 32^3 with 4 IPs a node's 8 XY
 * slots per destination leave in two messages. */
static void test_points_packet_release(void **state)
{
  (void)state;
  check_points_chunked(4, 2, 4, 16);
  check_points_chunked(5, 2, 3, 16);
  struct fcsim_fft_sched a, b;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build(5, 2, 4, 8, &a, &err), 0);
  assert_int_equal(fcsim_fft_sched_build_chunked(5, 2, 4, 8, 16, &b, &err), 0);
  assert_true(b.nmsg > a.nmsg);
  uint64_t first_a = UINT64_MAX, first_b = UINT64_MAX;
  for (int64_t i = 0; i < a.nmsg; i++)
    first_a = a.msg[i].turn == 1 && a.msg[i].start_cycles < first_a ? a.msg[i].start_cycles : first_a;
  for (int64_t i = 0; i < b.nmsg; i++)
    first_b = b.msg[i].turn == 1 && b.msg[i].start_cycles < first_b ? b.msg[i].start_cycles : first_b;
  assert_true(first_b < first_a); /* the first points leave before the round's block for a node is done */
  fcsim_fft_sched_free(&a);
  fcsim_fft_sched_free(&b);
}

static void test_points_16_on_4(void **state)
{
  (void)state;
  check_points(4, 2, 4);
}

static void test_points_32_on_4_uneven_rounds(void **state)
{
  (void)state;
  check_points(5, 2, 3); /* 16 FFTs per node in rounds of 3: the last round has 1 */
}

/* 2m > n (our reconstruction of Fig. 6.1's second case, model/fft.c): the
 * full 32^3 FFT on 8^3 point by point, 2 FFTs per node on 1 IP (two
 * rounds) and on 2. */
static void test_points_32_on_8_wide(void **state)
{
  (void)state;
  check_points(5, 3, 1);
  check_points(5, 3, 2);
}

/* Table 6.1 for 2m > n: 2^(3m-n) XY and 2^n YZ destinations per node,
 * itself among them; 64^3 on 16^3 (one FFT per node, p = 2). */
static void test_counts_wide(void **state)
{
  (void)state;
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build(6, 4, 1, 8, &s, &err), 0);
  int64_t xy = 0, yz = 0;
  for (int64_t i = 0; i < s.nmsg; i++) {
    if (s.msg[i].turn == 1)
      xy++;
    else
      yz++;
    assert_int_equal(s.msg[i].bytes, 8); /* one point per message: 2^(2n-3m) = 1 */
  }
  assert_int_equal(xy, 4096 * (64 - 1));
  assert_int_equal(yz, 4096 * (64 - 1));
  fcsim_fft_sched_free(&s);
}

static void test_points_64_on_8(void **state)
{
  (void)state;
  check_points(6, 3, 16); /* Table 6.4's row: 16 IPs for 8 FFTs per node, 8 used */
}

/* Table 6.1 counts, and YZ messages wait for exactly the XY messages
 * delivered at their source (the only dependencies a node can see). */
static void test_counts_and_deps(void **state)
{
  (void)state;
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build(6, 3, 8, 8, &s, &err), 0);
  assert_int_equal(s.ips, 8);
  assert_int_equal(s.rounds, 1);
  int64_t xy = 0, yz = 0;
  for (int64_t i = 0; i < s.nmsg; i++)
    if (s.msg[i].turn == 1)
      xy++;
    else
      yz++;
  /* Table 6.1 (2m <= n): 2^m XY and 2^2m YZ destinations per node, less itself */
  assert_int_equal(xy, 512 * (8 - 1));
  assert_int_equal(yz, 512 * (64 - 1));
  for (int64_t i = 0; i < s.nmsg; i++) {
    const struct fcsim_fft_msg *g = &s.msg[i];
    if (g->turn == 1) {
      assert_int_equal(g->ndeps, 0);
      continue;
    }
    uint32_t incoming = 0;
    for (int64_t k = 0; k < s.nmsg; k += 1)
      if (s.msg[k].turn == 1 && s.msg[k].dst == g->src)
        incoming++;
    assert_int_equal(g->ndeps, incoming);
    for (uint32_t k = 0; k < g->ndeps; k++) {
      const struct fcsim_fft_msg *dep = &s.msg[s.deps[g->dep_first + k]];
      assert_int_equal(dep->turn, 1);
      assert_int_equal(dep->dst, g->src);
    }
    if (i > xy + 64) /* the rest share the same lists; enough */
      break;
  }
  fcsim_fft_sched_free(&s);
}

/* Completion times that let a YZ message arrive before its source had all
 * its Y data are refused; a lost message is refused. */
static void test_phases_refuse_broken_dependencies(void **state)
{
  (void)state;
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build(4, 2, 4, 8, &s, &err), 0);
  uint64_t *c = malloc((size_t)s.nmsg * sizeof *c);
  assert_non_null(c);
  for (int64_t i = 0; i < s.nmsg; i++)
    c[i] = s.msg[i].turn == 1 ? s.msg[i].start_cycles + 100 : 100000;
  struct fcsim_fft_phases ph;
  assert_int_equal(fcsim_fft_sched_phases(&s, c, &ph, &err), 0);
  assert_true(ph.x_end_cycles == 32.0);
  assert_true(ph.z_end_cycles == 100000.0 + 32.0);
  int64_t yz = s.nmsg - 1;
  c[yz] = 10; /* before any Y data arrived */
  assert_int_equal(fcsim_fft_sched_phases(&s, c, &ph, &err), FCSIM_EINVAL);
  assert_non_null(strstr(err.msg, "before its Y data"));
  c[yz] = UINT64_MAX;
  memset(&err, 0, sizeof err);
  assert_int_equal(fcsim_fft_sched_phases(&s, c, &ph, &err), FCSIM_EINVAL);
  assert_non_null(strstr(err.msg, "never arrived"));
  free(c);
  fcsim_fft_sched_free(&s);
}

static void refused(unsigned n, unsigned m, unsigned ips, const char *want)
{
  struct fcsim_fft_sched s;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_fft_sched_build(n, m, ips, 8, &s, &err), FCSIM_ERANGE);
  if (!strstr(err.msg, want))
    fail_msg("expected `%s` in: %s", want, err.msg);
}

static void test_bad_sizes(void **state)
{
  (void)state;
  refused(4, 3, 1, "3m <= 2n");      /* 16^3 on 8^3: fewer FFTs than nodes */
  refused(6, 2, 42, "fft.ips = 42"); /* Table 6.3: at most 41 IPs of 64 points */
  refused(7, 2, 32, "1 to 31");
  refused(3, 1, 1, "fft.n = 3");
  assert_int_equal(fcsim_fft_max_ips(4), 75);
  assert_int_equal(fcsim_fft_max_ips(8), 31);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_points_16_on_4),
      cmocka_unit_test(test_points_packet_release),
      cmocka_unit_test(test_points_32_on_4_uneven_rounds),
      cmocka_unit_test(test_points_64_on_8),
      cmocka_unit_test(test_points_32_on_8_wide),
      cmocka_unit_test(test_counts_wide),
      cmocka_unit_test(test_counts_and_deps),
      cmocka_unit_test(test_phases_refuse_broken_dependencies),
      cmocka_unit_test(test_bad_sizes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
