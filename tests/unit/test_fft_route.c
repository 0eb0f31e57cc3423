/* SPDX-License-Identifier: BSD-3-Clause */
/* The FFT's offline routes (src/apps/fft/fft_route.c, fft.routing = table)
 * on a reduced case, 16^3 on a 4^3 torus and 64^3 on 8^3, checked here
 * independently of the router's own bookkeeping:
 *   - every network message gets a route byte that obeys the turn model
 *     (routing/offline.h), and every route arrives, minimal;
 *   - the link loads recomputed from those bytes are the loads reported;
 *   - the tables lower the most loaded link against DOR without a tie
 *     choice (x y z, ties plus: routing.algorithm = offline's default) and
 *     stay within 15 % of DOR's expectation with ties split, which on these
 *     corner turns is already the mean load of the busiest direction (the
 *     least any minimal routing can reach);
 *   - the routes are the same on every build (deterministic). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "apps/fft/fft_route.h"
#include "apps/fft/fft_sched.h"
#include "routing/offline.h"

#define PORTS 6

static void coords(int k, uint32_t v, int c[3])
{
  c[0] = (int)(v % (uint32_t)k);
  c[1] = (int)(v / (uint32_t)k % (uint32_t)k);
  c[2] = (int)(v / ((uint32_t)k * (uint32_t)k));
}

/* Adds the bytes of a route to load[]; returns its hops. */
static int add_route(int k, uint32_t src, uint32_t dst, uint8_t state, uint64_t bytes, uint64_t *load)
{
  int a[3], b[3], dims[3] = {k, k, k}, hops = 0;
  coords(k, src, a);
  coords(k, dst, b);
  for (;;) {
    int off[3];
    for (int d = 0; d < 3; d++)
      off[d] = fcsim_offline_offset(k, 1, a[d], b[d]);
    int port = fcsim_offline_port(3, dims, 1, off, state);
    if (port < 0)
      return hops;
    load[(size_t)(a[0] + k * (a[1] + k * a[2])) * PORTS + (size_t)port] += bytes;
    a[port / 2] = (a[port / 2] + (port & 1 ? k - 1 : 1)) % k;
    assert_true(++hops <= 3 * k / 2); /* minimal: at most k/2 per dimension */
  }
}

static void check(unsigned n, unsigned m, unsigned ips)
{
  struct fcsim_error err = {0};
  struct fcsim_fft_sched s;
  /* Table 6.4's setting: 8-byte points, 128-byte packets, streaming */
  assert_int_equal(fcsim_fft_sched_build_consume(n, m, ips, 8, 16, FCSIM_FFT_CONSUME_POINT, &s, &err), 0);
  struct fcsim_fft_routes r, again;
  assert_int_equal(fcsim_fft_route_build(&s, &r, &err), 0);
  assert_int_equal(fcsim_fft_route_build(&s, &again, &err), 0);
  assert_memory_equal(r.route, again.route, (size_t)s.nmsg);
  int k = 1 << m, dims[3] = {k, k, k};
  size_t per = (size_t)k * k * k * PORTS;
  uint64_t *tab = calloc(2 * per, sizeof *tab), *plus = calloc(2 * per, sizeof *plus);
  assert_non_null(tab);
  assert_non_null(plus);
  for (int64_t i = 0; i < s.nmsg; i++) {
    const struct fcsim_fft_msg *g = &s.msg[i];
    if ((g->turn != 1 && g->turn != 2) || g->src == g->dst)
      continue;
    int a[3], b[3];
    coords(k, g->src, a);
    coords(k, g->dst, b);
    assert_true(fcsim_offline_legal(3, dims, 1, a, b, r.route[i]));
    int h = add_route(k, g->src, g->dst, r.route[i], g->bytes, tab + (g->turn - 1) * per);
    assert_int_equal(add_route(k, g->src, g->dst, 0, g->bytes, plus + (g->turn - 1) * per), h);
  }
  for (int t = 0; t < 2; t++) {
    uint64_t mt = 0, mp = 0;
    for (size_t l = 0; l < per; l++) {
      mt = tab[t * per + l] > mt ? tab[t * per + l] : mt;
      mp = plus[t * per + l] > mp ? plus[t * per + l] : mp;
    }
    assert_true((double)mt == r.max_link_bytes_table[t]);
    assert_true(mt < mp);
    assert_true((double)mt <= 1.15 * r.max_link_bytes_dor[t]);
  }
  free(tab);
  free(plus);
  fcsim_fft_routes_free(&r);
  fcsim_fft_routes_free(&again);
  fcsim_fft_sched_free(&s);
}

static void test_16_on_4(void **state)
{
  (void)state;
  check(4, 2, 4);
}

static void test_64_on_8(void **state)
{
  (void)state;
  check(6, 3, 16);
}

/* The route byte: orders and tie directions as routing/offline.h says. */
static void test_route_byte(void **state)
{
  (void)state;
  int dims[3] = {8, 8, 8}, order[3];
  fcsim_offline_order(5, order);
  assert_true(order[0] == 2 && order[1] == 1 && order[2] == 0);
  int off[3] = {4, -1, 2}; /* x a tie */
  assert_int_equal(fcsim_offline_port(3, dims, 1, off, 0), 0);                           /* x y z: x+ */
  assert_int_equal(fcsim_offline_port(3, dims, 1, off, 1u << FCSIM_OFFLINE_TIE_BIT), 1); /* x tie minus */
  assert_int_equal(fcsim_offline_port(3, dims, 1, off, 5), 4);                           /* z y x: z+ */
  int a[3] = {0, 1, 0}, b[3] = {4, 0, 2};
  /* y goes minus: it must come after x (lower, travelled); z goes plus */
  assert_true(fcsim_offline_legal(3, dims, 1, a, b, 0));  /* x y z */
  assert_false(fcsim_offline_legal(3, dims, 1, a, b, 2)); /* y x z */
  assert_true(fcsim_offline_legal(3, dims, 1, a, b, 4));  /* z x y */
  /* x's tie sent minus locks x too; x is lowest, so still legal first */
  assert_true(fcsim_offline_legal(3, dims, 1, a, b, 1u << FCSIM_OFFLINE_TIE_BIT));
  /* a tie in z sent minus locks z: then x may not follow it */
  int c[3] = {0, 0, 0}, e[3] = {1, 0, 4};
  assert_true(fcsim_offline_legal(3, dims, 1, c, e, 4));                                     /* z+ x */
  assert_false(fcsim_offline_legal(3, dims, 1, c, e, 4 | 1u << (FCSIM_OFFLINE_TIE_BIT + 2))); /* z- x */
  assert_true(fcsim_offline_legal(3, dims, 1, c, e, 1u << (FCSIM_OFFLINE_TIE_BIT + 2)));      /* x z- */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_route_byte),
      cmocka_unit_test(test_16_on_4),
      cmocka_unit_test(test_64_on_8),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
