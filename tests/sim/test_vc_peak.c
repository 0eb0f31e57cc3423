/* SPDX-License-Identifier: BSD-3-Clause */
/* execution.vc_buffer_peak_bytes (src/router/vc/vc.h, VC storage): the most
 * VC storage one router of a VC model held at once. None without traffic;
 * whole chunks (256 bytes at Novo-G#'s auto depth, 64 bytes, four flits, at the
 * classic router's 8); more under more load, within the worst case the
 * state reserves; the same on 1 and 2 threads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fcsim/sim.h"
#include "fcsim/stats.h"
#include "test_support.h"

/* The peak of a 4x4x4 run of `model` at `rate` on `threads` threads (novog:
 * 50-cycle links, auto depth 250; classic: 1-cycle links, auto depth 8). */
static uint64_t peak_of(const char *model, const char *rate, const char *threads)
{
  const char *latency = model[13] == 'n' ? "network.link_latency=50" : "network.link_latency=1";
  const char *const sets[] = {
      "network.dims=4x4x4",      model, "router.vcs=4", latency, rate, threads, "sim.warmup_cycles=500",
      "sim.measure_cycles=1500", NULL};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  uint64_t peak = fcsim_sim_stats(sim)->vc_buffer_peak_bytes;
  assert_int_equal(fcsim_sim_stats(sim)->buffer_overflows, 0);
  fcsim_sim_destroy(sim);
  return peak;
}

static void test_novog_peak(void **state)
{
  (void)state;
  const char *m = "router.model=novog";
  assert_int_equal(peak_of(m, "traffic.rate=0", "sim.threads=1"), 0);
  uint64_t low = peak_of(m, "traffic.rate=0.1", "sim.threads=1"),
           high = peak_of(m, "traffic.rate=0.6", "sim.threads=1");
  assert_true(low > 0);
  assert_int_equal(low % 256, 0);
  assert_int_equal(high % 256, 0);
  assert_true(high > low);
  /* within the worst case: 6 ports x 4 VCs x 17 chunks (auto depth 250) */
  assert_true(high <= 6 * 4 * 17 * 256);
  assert_int_equal(peak_of(m, "traffic.rate=0.6", "sim.threads=2"), high);
}

static void test_classic_peak(void **state)
{
  (void)state;
  const char *m = "router.model=classic";
  uint64_t p = peak_of(m, "traffic.rate=0.3", "sim.threads=1");
  assert_true(p > 0);
  assert_int_equal(p % 64, 0);
  assert_true(p <= 7 * 4 * 3 * 64); /* 7 input ports x 4 VCs x 3 chunks of 4 flits */
  assert_int_equal(peak_of(m, "traffic.rate=0.3", "sim.threads=2"), p);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_novog_peak),
      cmocka_unit_test(test_classic_peak),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
