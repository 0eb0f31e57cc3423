/* SPDX-License-Identifier: BSD-3-Clause */
/* voq.link_credits (src/router/collective/voq.c): round-trip-limited links
 * on the VOQ router. A saturated flow between two neighbours of a 4x4 torus
 * (one 64 KiB message, 4096 flits of 128 bits, 40-cycle links) moves W flits
 * per round trip when W credits are in the window: a flit leaves the
 * sender's switch 3 cycles before it is on the link (ReL, ReW, the output
 * register), crosses the link (L), spends IC, RL, ML (3) and VA (1) at the
 * receiver, leaves its VOQ into the local unit, and its credit crosses back
 * (L): 2 L + 7 cycles. Off (0, the default), the flow streams at a flit per
 * cycle; a window too large to bind gives the same run as off. A run with
 * credits on a 4x4x4 mesh delivers every flit and is identical on 1 and 2
 * threads. The test fails if credits are not enforced (the flow would
 * stream), not returned (the flow would stop: a deadlock error) or returned
 * late (the flow would be slower than W per round trip). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fcsim/fcsim.h"
#include "fcsim/messages.h"
#include "test_support.h"

#define FLOW_FLITS    4096u /* 64 KiB of 128-bit flits */
#define LINK_CYCLES   40    /* 400 ns at 100 MHz */
#define ROUTER_CYCLES 7     /* the round trip's cycles besides the two links */
#define FLOW_SLACK    120   /* pipeline fill and drain: the routers, the link, a packet */

/* Cycle the one message between neighbours 0 and 1 completes, with
 * voq.link_credits = `credits` (NULL: the key unset). */
static uint64_t flow_cycles(const char *credits, uint64_t *delivered)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_non_null(cfg);
  const char *sets[][2] = {{"network.dims", "4x4"},           {"router.model", "voq"},   {"network.clock", "100MHz"},
                           {"network.link_latency", "400ns"}, {"traffic.mode", "trace"}, {"traffic.packet_size", "4"},
                           {"voq.link_credits", credits}};
  size_t nsets = sizeof sets / sizeof sets[0] - (credits ? 0 : 1);
  for (size_t i = 0; i < nsets; i++)
    assert_int_equal(fcsim_config_set(cfg, sets[i][0], sets[i][1], "test", &err), 0);
  struct fcsim_message_list l = {0};
  assert_int_equal(fcsim_messages_add(&l, 1, 0, 1, FLOW_FLITS * 16u, 0, 0, &err), 0);
  assert_int_equal(fcsim_config_set_messages(cfg, &l, &err), 0);
  fcsim_messages_free(&l);
  struct fcsim_sim *sim = NULL;
  if (fcsim_sim_create(cfg, &sim, &err) || fcsim_sim_run(sim, NULL, NULL, &err))
    fail_msg("voq.link_credits = %s: %s", credits ? credits : "(unset)", err.msg);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->nmessages, 1);
  assert_true(s->message_complete[0] != UINT64_MAX);
  uint64_t done = s->message_complete[0];
  *delivered = s->flits_delivered_total;
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
  return done;
}

static void test_window_per_round_trip(void **state)
{
  (void)state;
  uint64_t got = 0;
  const uint64_t off = flow_cycles(NULL, &got);
  assert_int_equal(got, FLOW_FLITS);
  assert_in_range(off, FLOW_FLITS, FLOW_FLITS + FLOW_SLACK); /* a flit a cycle */
  assert_int_equal(flow_cycles("0", &got), off);
  assert_int_equal(flow_cycles("65536", &got), off); /* a window that never binds */
  const int windows[] = {8, 16, 32, 48};
  for (size_t k = 0; k < sizeof windows / sizeof windows[0]; k++) {
    char w[16];
    snprintf(w, sizeof w, "%d", windows[k]);
    const uint64_t round_trip = 2 * LINK_CYCLES + ROUTER_CYCLES;
    /* W flits leave per round trip: the last window leaves (FLOW/W - 1)
     * round trips after the first, then takes the pipeline's time in */
    const uint64_t bound = (FLOW_FLITS / (uint64_t)windows[k] - 1) * round_trip;
    const uint64_t cycles = flow_cycles(w, &got);
    assert_int_equal(got, FLOW_FLITS);
    print_message("voq.link_credits = %s: %llu cycles (W / round trip: %llu + pipeline)\n", w,
                  (unsigned long long)cycles, (unsigned long long)bound);
    assert_in_range(cycles, bound, bound + round_trip + FLOW_SLACK);
  }
}

static void test_set_up_rejects_a_window_below_a_packet(void **state)
{
  (void)state;
  const char *sets[] = {"network.dims=4x4", "router.model=voq", "traffic.packet_size=8", "voq.link_credits=7", NULL};
  struct fcsim_sim *sim = NULL;
  int rc = ts_sim_run(sets, &sim);
  assert_int_not_equal(rc, 0);
  if (sim)
    fcsim_sim_destroy(sim);
}

/* A run with credits on several nodes: every flit arrives, and 1 and 2
 * threads give the same JSON. */
static char *mesh_run(const char *threads)
{
  const char *sets[] = {"network.topology=mesh",
                        "network.dims=4x4x4",
                        "router.model=voq",
                        "network.link_latency=20",
                        "traffic.mode=batch",
                        "traffic.batch_packets=60",
                        "traffic.packet_size=4",
                        "traffic.rate=0.5",
                        "voq.link_credits=8",
                        "sim.seed=5",
                        threads,
                        NULL};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run(sets, &sim), 0);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->flits_in_network, 0);
  assert_true(s->flits_delivered_total > 0);
  assert_int_equal(s->flits_delivered_total, s->flits_injected_total);
  double hops = 0;
  char *json = ts_sim_json_sorted(sim, &hops);
  assert_true(hops > 0);
  fcsim_sim_destroy(sim);
  assert_non_null(json);
  return json;
}

static void test_every_flit_arrives_on_any_threads(void **state)
{
  (void)state;
  char *one = mesh_run("sim.threads=1");
  char *two = mesh_run("sim.threads=2");
  assert_string_equal(one, two);
  free(one);
  free(two);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_window_per_round_trip),
      cmocka_unit_test(test_set_up_rejects_a_window_below_a_packet),
      cmocka_unit_test(test_every_flit_arrives_on_any_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
