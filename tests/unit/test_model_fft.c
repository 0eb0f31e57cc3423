/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `fft` model (seed 000 ch. 6): the worked mapping example of
 * s6.2, the mapping being a permutation (both cases of Fig. 6.1), Table
 * 6.1's packet counts and Table 6.2's hop counts checked against the
 * mapping, the Table 6.2 estimate, and rejection of bad sizes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/fft.h"
#include "model/model.h"

#define SETS(...) ((const char *const[]){__VA_ARGS__, NULL})

static double run(const char *const *sets, const char *name)
{
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if (fcsim_model_run("fft", NULL, sets, v, r, &err) != 0)
    fail_msg("fft: %s", err.msg);
  int i = fcsim_model_result_index(fcsim_model_find("fft"), name);
  if (i < 0)
    fail_msg("no result %s", name);
  return r[i];
}

static void expect_loc(unsigned n, unsigned m, enum fcsim_fft_phase ph, unsigned nx, unsigned ny, unsigned nz,
                       unsigned ip, unsigned slot)
{
  struct fcsim_fft_loc loc;
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if (fcsim_fft_map(n, m, 11, 47, 19, ph, &loc, &err) != 0)
    fail_msg("map: %s", err.msg);
  if (loc.node[0] != nx || loc.node[1] != ny || loc.node[2] != nz ||
      (ph != FCSIM_FFT_INITIAL && (loc.ip != ip || loc.slot != slot)))
    fail_msg("phase %d: got node (%u,%u,%u) IP %u slot %u, seed (%u,%u,%u) IP %u slot %u", (int)ph, loc.node[0],
             loc.node[1], loc.node[2], loc.ip, loc.slot, nx, ny, nz, ip, slot);
}

static void test_worked_example(void **state)
{
  (void)state;
  /* s6.2: datum (11,47,19) of a 64^3 FFT on 8^3 nodes */
  expect_loc(6, 3, FCSIM_FFT_INITIAL, 1, 5, 2, 0, 0);
  expect_loc(6, 3, FCSIM_FFT_XFOLD, 3, 5, 2, 7, 11);
  expect_loc(6, 3, FCSIM_FFT_XY, 3, 1, 2, 3, 47);
  expect_loc(6, 3, FCSIM_FFT_YZ, 7, 1, 5, 3, 19);
}

/* Every phase must place each datum in a distinct (node, ip, slot). */
static void check_permutation(unsigned n, unsigned m)
{
  unsigned side = 1u << n, nodes = 1u << m, ips = 1u << (2 * n - 3 * m);
  size_t total = (size_t)side * side * side;
  unsigned char *seen = malloc(total);
  assert_non_null(seen);
  for (int ph = FCSIM_FFT_XFOLD; ph <= FCSIM_FFT_YZ; ph++) {
    memset(seen, 0, total);
    for (unsigned x = 0; x < side; x++)
      for (unsigned y = 0; y < side; y++)
        for (unsigned z = 0; z < side; z++) {
          struct fcsim_fft_loc l;
          assert_int_equal(fcsim_fft_map(n, m, x, y, z, (enum fcsim_fft_phase)ph, &l, NULL), 0);
          assert_true(l.node[0] < nodes && l.node[1] < nodes && l.node[2] < nodes);
          assert_true(l.ip < ips && l.slot < side);
          size_t key = ((((size_t)l.node[0] * nodes + l.node[1]) * nodes + l.node[2]) * ips + l.ip) * side + l.slot;
          assert_true(key < total);
          assert_int_equal(seen[key], 0);
          seen[key] = 1;
        }
  }
  free(seen);
}

static void test_mapping_is_permutation(void **state)
{
  (void)state;
  check_permutation(4, 2);
  check_permutation(5, 2);
  check_permutation(6, 3);
  /* 2m > n, our reconstruction of Fig. 6.1's second case */
  check_permutation(5, 3);
  check_permutation(6, 4);
  check_permutation(7, 4);
}

/* Number of distinct nodes that the data of node `src` (after phase `from`)
 * goes to in phase `from + 1`. */
static unsigned destinations(unsigned n, unsigned m, enum fcsim_fft_phase from)
{
  unsigned side = 1u << n, nodes = 1u << m;
  unsigned char *dest = calloc((size_t)nodes * nodes * nodes, 1);
  unsigned count = 0;
  for (unsigned x = 0; x < side; x++)
    for (unsigned y = 0; y < side; y++)
      for (unsigned z = 0; z < side; z++) {
        struct fcsim_fft_loc a, b;
        fcsim_fft_map(n, m, x, y, z, from, &a, NULL);
        if (a.node[0] != 0 || a.node[1] != 0 || a.node[2] != 0)
          continue;
        fcsim_fft_map(n, m, x, y, z, (enum fcsim_fft_phase)(from + 1), &b, NULL);
        size_t k = ((size_t)b.node[0] * nodes + b.node[1]) * nodes + b.node[2];
        if (!dest[k]) {
          dest[k] = 1;
          count++;
        }
      }
  free(dest);
  return count;
}

static void test_table_6_1(void **state)
{
  (void)state;
  /* 64^3 on 8^3 (2m <= n): 2^m packets in the XY turn, 2^2m in the YZ turn */
  assert_true(run(SETS("n=6", "m=3"), "xy_packets_per_node") == 8);
  assert_true(run(SETS("n=6", "m=3"), "yz_packets_per_node") == 64);
  assert_true(run(SETS("n=6", "m=3"), "xy_data_per_packet") == 8);
  /* the packet counts equal the destinations the mapping produces */
  unsigned cases[][2] = {{4, 2}, {5, 2}, {6, 3}, {5, 3}, {6, 4}, {7, 4}}; /* the last three: 2m > n */
  for (size_t i = 0; i < 6; i++) {
    char n_set[16], m_set[16];
    snprintf(n_set, sizeof n_set, "n=%u", cases[i][0]);
    snprintf(m_set, sizeof m_set, "m=%u", cases[i][1]);
    assert_true(run(SETS(n_set, m_set), "xy_packets_per_node") ==
                destinations(cases[i][0], cases[i][1], FCSIM_FFT_XFOLD));
    assert_true(run(SETS(n_set, m_set), "yz_packets_per_node") == destinations(cases[i][0], cases[i][1], FCSIM_FFT_XY));
  }
  /* 32^3 on 8^3 (2m > n): 2^(3m-n) and 2^n packets, 2^(2n-3m) data */
  assert_true(run(SETS("n=5", "m=3"), "xy_packets_per_node") == 16);
  assert_true(run(SETS("n=5", "m=3"), "yz_packets_per_node") == 32);
  assert_true(run(SETS("n=5", "m=3"), "yz_data_per_packet") == 2);
}

/* Ring distance on a side of 2^m nodes. */
static unsigned ring(unsigned a, unsigned b, unsigned m)
{
  unsigned d = a > b ? a - b : b - a, k = 1u << m;
  return d < k - d ? d : k - d;
}

/* Longest minimal path (torus hops) any datum takes from phase `from` to
 * the next. */
static unsigned longest_path(unsigned n, unsigned m, enum fcsim_fft_phase from)
{
  unsigned side = 1u << n, worst = 0;
  for (unsigned x = 0; x < side; x++)
    for (unsigned y = 0; y < side; y++)
      for (unsigned z = 0; z < side; z++) {
        struct fcsim_fft_loc a, b;
        fcsim_fft_map(n, m, x, y, z, from, &a, NULL);
        fcsim_fft_map(n, m, x, y, z, (enum fcsim_fft_phase)(from + 1), &b, NULL);
        unsigned h = ring(a.node[0], b.node[0], m) + ring(a.node[1], b.node[1], m) + ring(a.node[2], b.node[2], m);
        worst = h > worst ? h : worst;
      }
  return worst;
}

/* Table 6.2's hop counts are the mapping's longest paths: for 2m <= n, and
 * for 2m > n with 2m - n = 1 (our reconstruction; with 2m - n = p > 1 the
 * 2^p nodes along z are an aligned block, 2^p - 1 hops instead of the
 * table's 2^(p-1)). */
static void test_table_6_2_hops_are_the_mappings(void **state)
{
  (void)state;
  unsigned cases[][2] = {{4, 2}, {6, 3}, {5, 3}, {7, 4}};
  for (size_t i = 0; i < 4; i++) {
    char n_set[16], m_set[16];
    snprintf(n_set, sizeof n_set, "n=%u", cases[i][0]);
    snprintf(m_set, sizeof m_set, "m=%u", cases[i][1]);
    assert_true(run(SETS(n_set, m_set), "xy_hops") == longest_path(cases[i][0], cases[i][1], FCSIM_FFT_XFOLD));
    assert_true(run(SETS(n_set, m_set), "yz_hops") == longest_path(cases[i][0], cases[i][1], FCSIM_FFT_XY));
  }
  assert_int_equal(longest_path(6, 4, FCSIM_FFT_XFOLD), 3 + 8); /* p = 2: table 2 + 8 */
}

static void test_table_6_2(void **state)
{
  (void)state;
  /* 64^3 on 8^3 with BW = 1 point/ns (8 GB/s at 8 B) and LD = 100 ns:
   * xy = 512 ns + 4 LD, yz = 512 ns + 8 LD */
  const char *const *s = SETS("n=6", "m=3", "BW=8GB/s", "point_bytes=8", "LD=100ns");
  assert_true(fabs(run(s, "xy_latency_s") - (512e-9 + 400e-9)) < 1e-15);
  assert_true(fabs(run(s, "yz_latency_s") - (512e-9 + 800e-9)) < 1e-15);
  /* 2m > n: xy hops 2^(2m-n-1) + 2^(m-1) */
  assert_true(run(SETS("n=5", "m=3"), "xy_hops") == 1 + 4);
  /* sizes given as N and M must be powers of two and set n, m */
  assert_true(run(SETS("N=64", "M=8"), "points_per_node") == 512);
  /* more bandwidth is never slower, longer links never faster */
  assert_true(run(SETS("BW=10GB/s"), "latency_s") < run(SETS("BW=5GB/s"), "latency_s"));
  assert_true(run(SETS("LD=500ns"), "latency_s") > run(SETS("LD=100ns"), "latency_s"));
}

/* The contention-free bound with streaming IPs: (R + 1) N + 2N + 2N IP
 * cycles and Table 6.2's longest paths. Table 6.4's 16^3 and 32^3 on 4^3
 * at 100 MHz with 500 ns hops: 3.96 and 5.88 us (32^3: 16 FFTs on 4 IPs,
 * four rounds); Table 3.5's 16^3 on 4^3 at 150 MHz, 175.7 ns: 1.6942 us,
 * above the seed's simulated 1.63 us. */
static void test_stream_bound(void **state)
{
  (void)state;
  double us = 1e-6;
  assert_true(fabs(run(SETS("n=4", "m=2", "ips=4", "F=100MHz", "LD=500ns"), "stream_bound_s") - 3.96 * us) < 1e-12);
  assert_true(run(SETS("n=5", "m=2", "ips=4"), "rounds") == 4);
  assert_true(run(SETS("n=5", "m=2", "ips=4"), "stream_compute_cycles") == 9 * 32);
  assert_true(fabs(run(SETS("n=5", "m=2", "ips=4", "F=100MHz", "LD=500ns"), "stream_bound_s") - 5.88 * us) < 1e-12);
  double b16 = run(SETS("n=4", "m=2", "ips=75", "F=150MHz", "LD=175.7ns"), "stream_bound_s");
  assert_true(fabs(b16 - (96 / 150e6 + 6 * 175.7e-9)) < 1e-15);
  assert_true(b16 > 1.63 * us);
  /* auto: one IP per FFT, one round */
  assert_true(run(SETS("n=6", "m=3"), "rounds") == 1);
}

static void test_rejects_bad_sizes(void **state)
{
  (void)state;
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  assert_int_not_equal(fcsim_model_run("fft", NULL, SETS("N=48"), v, r, &err), 0);
  assert_non_null(strstr(err.msg, "power of two"));
  assert_non_null(strstr(err.msg, "`N`"));
  fcsim_error_clear(&err);
  assert_int_not_equal(fcsim_model_run("fft", NULL, SETS("M=6"), v, r, &err), 0);
  assert_non_null(strstr(err.msg, "`M`"));
  fcsim_error_clear(&err);
  assert_int_equal(fcsim_model_run("fft", NULL, SETS("n=4", "m=3"), v, r, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "3m <= 2n"));
  struct fcsim_fft_loc l;
  assert_int_equal(fcsim_fft_map(5, 4, 0, 0, 0, FCSIM_FFT_XY, &l, NULL), FCSIM_ERANGE); /* 3m > 2n */
  assert_int_equal(fcsim_fft_map(5, 3, 0, 0, 0, (enum fcsim_fft_phase)7, &l, NULL), FCSIM_EINVAL);
  assert_int_equal(fcsim_fft_map(6, 3, 64, 0, 0, FCSIM_FFT_XY, &l, NULL), FCSIM_ERANGE);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked_example),    cmocka_unit_test(test_mapping_is_permutation),
      cmocka_unit_test(test_table_6_1),         cmocka_unit_test(test_table_6_2),
      cmocka_unit_test(test_rejects_bad_sizes), cmocka_unit_test(test_table_6_2_hops_are_the_mappings),
      cmocka_unit_test(test_stream_bound),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
