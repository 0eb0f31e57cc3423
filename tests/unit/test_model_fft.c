/* Tests of the `fft` model (seed 000 ch. 6): the worked mapping example of
 * s6.2, the mapping being a permutation, Table 6.1 checked against the
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
  unsigned cases[][2] = {{4, 2}, {5, 2}, {6, 3}};
  for (size_t i = 0; i < 3; i++) {
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
  assert_int_equal(fcsim_fft_map(5, 3, 0, 0, 0, FCSIM_FFT_XY, &l, NULL), FCSIM_EINVAL);
  assert_int_equal(fcsim_fft_map(6, 3, 64, 0, 0, FCSIM_FFT_XY, &l, NULL), FCSIM_ERANGE);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worked_example),    cmocka_unit_test(test_mapping_is_permutation),
      cmocka_unit_test(test_table_6_1),         cmocka_unit_test(test_table_6_2),
      cmocka_unit_test(test_rejects_bad_sizes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
