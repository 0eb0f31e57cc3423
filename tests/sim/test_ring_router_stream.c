/* SPDX-License-Identifier: BSD-3-Clause */
/* The ring router (router.model = ring, src/router/collective/ring.c) sends
 * a packet onto its link a flit per cycle. It used to push a whole packet's
 * flits at once, up to packet_size - 1 cycles before they were sent; a
 * link buffer holds the flits in flight (its latency plus a few cycles), so
 * with 4-flit packets back to back on a 180 ns link at 156.25 MHz (28.1
 * cycles: 32 slots) the tail flits found it full, were dropped, and their
 * packets never completed: the run stopped as a deadlock (seed 000 Table
 * 6.4's 64^3 and 128^3 on 8^3 at the chapter-5 datapath, 156.25 MHz and
 * 175 ns, did). One 16 KiB message between neighbours of a 4x4 torus:
 * every flit arrives, none overflows, and the message streams at one flit
 * per cycle. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fcsim/fcsim.h"
#include "fcsim/messages.h"

static void stream(const char *latency, const char *packet_size)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_non_null(cfg);
  const char *sets[][2] = {{"network.dims", "4x4"},        {"router.model", "ring"},
                           {"network.clock", "156.25MHz"}, {"network.link_latency", latency},
                           {"traffic.mode", "trace"},      {"traffic.packet_size", packet_size}};
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
    assert_int_equal(fcsim_config_set(cfg, sets[i][0], sets[i][1], "test", &err), 0);
  struct fcsim_message_list l = {0};
  assert_int_equal(fcsim_messages_add(&l, 1, 0, 1, 16384, 0, 0, &err), 0);
  assert_int_equal(fcsim_config_set_messages(cfg, &l, &err), 0);
  fcsim_messages_free(&l);
  struct fcsim_sim *sim = NULL;
  if (fcsim_sim_create(cfg, &sim, &err) || fcsim_sim_run(sim, NULL, NULL, &err))
    fail_msg("%s (link %s, %s-flit packets)", err.msg, latency, packet_size);
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  assert_int_equal(s->buffer_overflows, 0);
  assert_int_equal(s->flits_delivered_total, 1024); /* 16 KiB of 128-bit flits */
  assert_int_equal(s->nmessages, 1);
  assert_true(s->message_complete[0] != UINT64_MAX);
  /* a flit per cycle: 1024 cycles of flits plus the link, the routers'
   * stages and a packet held whole at each of them (16 flits at most) */
  assert_in_range(s->message_complete[0], 1024 + 28, 1024 + 28 + 56);
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
}

static void test_back_to_back_packets_fill_no_link(void **state)
{
  (void)state;
  stream("180ns", "4");
  stream("185ns", "4");
  stream("180ns", "16"); /* longer packets: further ahead before */
  stream("175ns", "4");  /* the Table 6.4 setting (27.3 cycles) */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_back_to_back_packets_fill_no_link),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
