/* SPDX-License-Identifier: BSD-3-Clause */
/* The serialiser and delay line of one link direction (src/link/proto/line.c):
 * its time is exact, so items sent back to back arrive at the cycles of the
 * exact rational arithmetic, and the same items started at any cycle arrive
 * at the same offsets from it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "link/proto/line.h"

/* 4 lanes of 10.3125 Gb/s, 64b/67b code, over 156.25 MHz, as an app computes
 * it in double: 2112/67 bytes per cycle exactly, 31.52... */
static double sl3_bytes_per_cycle(void)
{
  return 10.3125e9 * 4 * (64.0 / 67.0) / 8.0 / 156.25e6;
}

/* Sends `items` items of `bytes` back to back from cycle `start` and checks
 * each arrival against ceil(k bytes Q / P) - 1 + latency cycles after
 * `start` (never before start + latency). */
static void back_to_back(double rate, int64_t p, int64_t q, int64_t start, int items, int bytes)
{
  struct fcsim_error err = {0};
  struct fcsim_pline l;
  const int64_t latency = 30;
  assert_int_equal(fcsim_pline_init(&l, rate, latency, 64, &err), 0);
  int sent = 0, got = 0;
  for (int64_t now = start; got < items; now++) {
    struct fcsim_pline_item it;
    while (fcsim_pline_recv(&l, now, &it)) {
      int64_t k = it.seq + 1, num = k * bytes * q;
      int64_t done = (num + p - 1) / p - 1, want = start + (done < 0 ? 0 : done) + latency;
      if (it.arrive_cycle != want || now != want)
        fail_msg("item %lld from cycle %lld: arrives at %lld (seen %lld), exact %lld", (long long)it.seq,
                 (long long)start, (long long)(it.arrive_cycle - start), (long long)(now - start),
                 (long long)(want - start));
      got++;
    }
    if (sent < items && fcsim_pline_can_send(&l, now)) {
      struct fcsim_pline_item item = {.seq = sent++};
      fcsim_pline_send(&l, now, (double)bytes, &item);
    }
  }
  assert_int_equal(l.items_sent, (uint64_t)items);
  fcsim_pline_free(&l);
}

static void test_rational_rate_exact_at_any_start(void **state)
{
  (void)state;
  static const int64_t starts[] = {0, 7168, (1ll << 32) + 7168, (1ll << 40) + 3};
  for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
    back_to_back(sl3_bytes_per_cycle(), 2112, 67, starts[i], 3000, 64); /* 64 B = 67/33 cycle */
    back_to_back(4.0, 4, 1, starts[i], 300, 6);                         /* 1.5 cycles */
    back_to_back(2.0 / 3.0, 2, 3, starts[i], 200, 1);                   /* 1.5 cycles a byte */
  }
}

/* A one-byte item on an idle fast line arrives `latency` cycles after it
 * left, not before. */
static void test_short_item_takes_the_latency(void **state)
{
  (void)state;
  struct fcsim_error err = {0};
  struct fcsim_pline l;
  assert_int_equal(fcsim_pline_init(&l, 16.0, 5, 8, &err), 0);
  struct fcsim_pline_item it = {.seq = 1}, out;
  assert_true(fcsim_pline_can_send(&l, 100));
  fcsim_pline_send(&l, 100, 1.0, &it);
  assert_int_equal(l.ring[l.head].arrive_cycle, 105);
  assert_false(fcsim_pline_recv(&l, 104, &out));
  assert_true(fcsim_pline_recv(&l, 105, &out));
  assert_true(fcsim_pline_can_send(&l, 100)); /* 1/16 of cycle 100 used: the rest is free */
  fcsim_pline_free(&l);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rational_rate_exact_at_any_start),
      cmocka_unit_test(test_short_item_takes_the_latency),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
