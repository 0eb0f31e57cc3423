/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the TNW host interface (src/link/host/host_if.h) driving the
 * simulated TNW link (`fcsim app link --preset tnw --set host=...`, seed 004
 * s2.1, s4) on reduced streams: every byte arrives once and in order, the
 * host side's rate is the closed form of the `host` model, and a 128 B
 * message's latency is the seed's decomposition around the simulated link. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "link/host/host_if.h"
#include "link_support.h"

#define CLOCK_HZ 250e6 /* the tnw preset's NWP clock */

static double thr(const char *const *sets)
{
  return link_result("tnw", sets, "steady_throughput");
}

static void test_registry(void **state)
{
  (void)state;
  const char *names[] = {"pput-sw", "pput-nwp", "nget"};
  for (int i = 0; i < FCSIM_HOST_SCHEMES; i++) {
    assert_non_null(fcsim_host_schemes[i]);
    assert_string_equal(fcsim_host_schemes[i]->name, names[i]);
    assert_ptr_equal(fcsim_host_scheme_find(names[i]), fcsim_host_schemes[i]);
    assert_non_null(fcsim_host_schemes[i]->issue);
  }
  assert_null(fcsim_host_schemes[FCSIM_HOST_SCHEMES]);
  assert_null(fcsim_host_scheme_find("pio"));
}

static void test_delivery(void **state)
{
  (void)state;
  const char *hosts[] = {"host=pput-sw", "host=pput-nwp", "host=nget"};
  for (int i = 0; i < 3; i++) {
    /* 100000 B is not a whole number of packets, messages or reads */
    assert_true(link_result("tnw", LSETS(hosts[i], "bytes=100000", "message=3000"), "complete") == 1);
    assert_true(link_result("tnw", LSETS(hosts[i], "bytes=100000", "message=3000"), "order_errors") == 0);
    assert_true(link_result("tnw", LSETS(hosts[i], "bytes=100000", "message=3000"), "rx_overflow") == 0);
  }
}

static void test_software_flush_rate(void **state)
{
  (void)state;
  /* one message of the whole stream: the host side alone, 128 B per (10 + 50) cycles */
  double t = thr(LSETS("host=pput-sw", "flush_bytes=128", "bytes=128KiB", "message=128KiB", "vcs=1"));
  assert_true(fabs(t - 128.0 * CLOCK_HZ / 60.0) < 1e-6 * t);
  /* 64 B flushes: 64 B per (5 + 50) cycles, slower than the 128 B ones */
  double t64 = thr(LSETS("host=pput-sw", "flush_bytes=64", "bytes=128KiB", "message=128KiB", "vcs=1"));
  assert_true(fabs(t64 - 64.0 * CLOCK_HZ / 55.0) < 1e-6 * t64);
  /* per-message software overhead lowers it: 4 KiB per (32 x 60 + 175) cycles */
  double t4k = thr(LSETS("host=pput-sw", "flush_bytes=128", "bytes=128KiB", "message=4KiB", "vcs=1"));
  assert_true(fabs(t4k - 4096.0 * CLOCK_HZ / (32 * 60 + 175)) < 1e-3 * t4k);
}

static void test_link_bound(void **state)
{
  (void)state;
  /* with NWP flushes the host outruns the link: the link's own rate */
  double none = thr(LSETS("bytes=256KiB"));
  double nwp = thr(LSETS("host=pput-nwp", "bytes=256KiB", "message=256KiB"));
  assert_true(fabs(nwp - none) < 1e-3 * none);
  /* nget with one 128 B read in flight is bound by its round trips: 128 B per (50 + 10 + 50) cycles */
  double ng = thr(LSETS("host=nget", "read_bytes=128", "bytes=128KiB", "message=128KiB", "vcs=1"));
  assert_true(fabs(ng - 128.0 * CLOCK_HZ / 110.0) < 1e-3 * ng);
  /* two reads in flight double it */
  double ng2 =
      thr(LSETS("host=nget", "read_bytes=128", "reads_outstanding=2", "bytes=128KiB", "message=128KiB", "vcs=1"));
  assert_true(fabs(ng2 - 2 * ng) < 2e-3 * ng2);
}

static void test_latency(void **state)
{
  (void)state;
  /* one 128 B message: software + PCIe write + the simulated link + delivery write */
  const char *const *one = LSETS("host=pput-nwp", "bytes=128", "message=128", "vcs=1", "duplex=half");
  double link_only = link_result("tnw", LSETS("bytes=128", "message=128", "vcs=1", "duplex=half"), "avg_latency");
  double pput = link_result("tnw", one, "avg_message_latency");
  /* 175 (0.7 us) + 2 cycles of 64 B at 12.8 B/cycle (rounded up: 5 + 5) + 50 + the link + 50 */
  assert_true(fabs(pput - (175 + 10 + 50 + link_only + 50)) <= 1);
  double nget =
      link_result("tnw", LSETS("host=nget", "bytes=128", "message=128", "vcs=1", "duplex=half"), "avg_message_latency");
  /* 200 (0.8 us) + doorbell 50 + request 50 + completion 10 + 50 + the link + delivery 50 */
  assert_true(fabs(nget - (200 + 50 + 50 + 10 + 50 + link_only + 50)) <= 1);
}

static void test_only_tnw(void **state)
{
  (void)state;
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_model_defaults(&fcsim_link_app, v);
  assert_int_equal(fcsim_model_apply_preset(&fcsim_link_app, v, "fig2", &err), 0);
  assert_int_equal(fcsim_model_set_kv(&fcsim_link_app, v, "host=nget", &err), 0);
  assert_int_equal(fcsim_model_eval(&fcsim_link_app, v, r, &err), FCSIM_ECOMBINATION);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_registry),   cmocka_unit_test(test_delivery), cmocka_unit_test(test_software_flush_rate),
      cmocka_unit_test(test_link_bound), cmocka_unit_test(test_latency),  cmocka_unit_test(test_only_tnw),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
