/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the `host` model: the TNW host interface (seed 004 s2.1, s4):
 * software and NWP write-combining flushes, Nget reads, the shared PCIe
 * interface and the latency decomposition of L117. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "model/model.h"
#include "model_support.h"

#define run(preset, sets, name) ts_model_result("host", preset, sets, name)

static void test_software_flush(void **state)
{
  (void)state;
  /* one flush per 64 B WC buffer: 64 B / (64 B / 3.2 GB/s + 0.2 us) */
  assert_true(fabs(run("pput-sw", NULL, "host_bytes_per_s") - 64.0 / (20e-9 + 0.2e-6)) < 1);
  /* one flush per 128 B packet: 0.533 GB/s, the seed's 'about 0.5' (L113) */
  check_printed("128 B flush GB/s", run("pput-sw", SETS("flush_bytes=128"), "host_bytes_per_s") / 1e9, 0.53, 2);
  assert_true(run("pput-sw", NULL, "bound") == 0);
  /* a free flush leaves the link as the bound */
  assert_true(run("pput-sw", SETS("pcie_transfer=0"), "bound") == 1);
}

static void test_link_bound(void **state)
{
  (void)state;
  /* NWP flushes: the host side runs at the PCIe rate, the link binds */
  double link = run("pput-nwp", NULL, "link_bytes_per_s");
  check_printed("TNW link GB/s", link / 1e9, 0.91, 2);
  assert_true(run("pput-nwp", NULL, "bound") == 1);
  double per = run("pput-nwp", NULL, "per_link_bytes_per_s");
  assert_true(per < link && per > 0.999 * link);
  /* a short message pays the software overhead: 4 KiB / (0.7 us + 4 KiB / link) */
  double m = 4096;
  assert_true(fabs(run("pput-nwp", SETS("message=4096"), "per_link_bytes_per_s") - m / (0.7e-6 + m / link)) < 1);
}

static void test_links_share_pcie(void **state)
{
  (void)state;
  /* Fig. 2: 1, 2, 3 links with software flushes scale linearly */
  double one = run("pput-sw", SETS("flush_bytes=128"), "aggregate_bytes_per_s");
  double three = run("pput-sw", SETS("flush_bytes=128", "links=3"), "aggregate_bytes_per_s");
  assert_true(fabs(three / one - 3.0) < 1e-12);
  /* six links at the link rate would need 5.5 GB/s: the PCIe interface binds */
  assert_true(run("pput-nwp", SETS("links=6"), "bound") == 2);
  assert_true(fabs(run("pput-nwp", SETS("links=6", "message=1e12"), "aggregate_bytes_per_s") - 3.2e9) < 1e3);
}

static void test_nget(void **state)
{
  (void)state;
  /* one read of 512 B in flight: 512 B / (2 x 0.2 us + 512 B / 3.2 GB/s) */
  assert_true(fabs(run("nget", NULL, "host_bytes_per_s") - 512.0 / (0.4e-6 + 160e-9)) < 1);
  /* a 128 B read at a time leaves the host side as the bound */
  assert_true(run("nget", SETS("read_bytes=128"), "bound") == 0);
  /* more reads in flight raise the host side in proportion */
  double one = run("nget", SETS("read_bytes=128"), "host_bytes_per_s");
  double two = run("nget", SETS("read_bytes=128", "reads_outstanding=2"), "host_bytes_per_s");
  assert_true(fabs(two - 2 * one) < 1e-3);
}

static void test_latency(void **state)
{
  (void)state;
  /* L115-117: 0.7 + 2 x 0.2 + 0.6 = 1.70 us (measured 1.67); 0.8 + 4 x 0.2 + 0.6 = 2.20 us (2.16) */
  check_printed("Pput us", run("pput-nwp", NULL, "latency_s") * 1e6, 1.70, 2);
  check_printed("Nget us", run("nget", NULL, "latency_s") * 1e6, 2.20, 2);
  assert_true(run("pput-nwp", NULL, "pcie_transfers") == 2);
  assert_true(run("nget", NULL, "pcie_transfers") == 4);
  /* the software overhead is a parameter: set, it replaces the seed's estimate */
  check_printed("Pput, no software", run("pput-nwp", SETS("sw_overhead=0"), "latency_s") * 1e6, 1.0, 2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_software_flush), cmocka_unit_test(test_link_bound), cmocka_unit_test(test_links_share_pcie),
      cmocka_unit_test(test_nget),           cmocka_unit_test(test_latency),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
