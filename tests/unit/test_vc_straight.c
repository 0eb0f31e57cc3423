/* SPDX-License-Identifier: BSD-3-Clause */
/* The VC routers' guess of the output a packet arriving on an input goes
 * straight on by (fcsim__vc_straight_outputs, src/router/vc/vc_base.c; a
 * prefetch hint): on a ring wired as the torus builder wires it (port p to
 * the neighbour's p ^ 1) it is the port the packet left the previous router
 * by; where the nodes disagree, or another kind's node is the only sender,
 * there is no guess. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "graph/graph.h"
#include "router/vc/vc.h"

#define NODES 4

static void graph_new(struct fcsim_graph *g, int radix)
{
  int r[NODES];
  for (int i = 0; i < NODES; i++)
    r[i] = radix;
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_graph_init(g, NODES, r, &err), 0);
}

static void link_ports(struct fcsim_graph *g, uint32_t src, int sp, uint32_t dst, int dp)
{
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_graph_connect(g, src, sp, dst, dp, 10, 1, &err), 0);
}

/* A ring of 4 as the torus builder wires it: port 0 (+) to the next node's
 * port 1, port 1 (-) to the previous node's port 0. A packet arriving on
 * input 1 came from the previous node's port 0 and goes straight on by port
 * 0; one on input 0 by port 1. */
static void test_ring_goes_straight_on(void **state)
{
  (void)state;
  struct fcsim_graph g;
  graph_new(&g, 2);
  for (uint32_t n = 0; n < NODES; n++) {
    link_ports(&g, n, 0, (n + 1) % NODES, 1);
    link_ports(&g, n, 1, (n + NODES - 1) % NODES, 0);
  }
  fcsim_graph_finish(&g);
  struct vc_shared sh;
  memset(&sh, 0, sizeof sh);
  sh.np = 2;
  sh.kind = 0;
  fcsim__vc_straight_outputs(&sh, &g);
  assert_int_equal(sh.straight_out[0], 1);
  assert_int_equal(sh.straight_out[1], 0);
  fcsim_graph_destroy(&g);
}

/* Nodes that disagree: node 0's input 1 is fed by port 0 of its sender,
 * node 2's input 1 by port 1. No guess for input 1; input 0 (fed by port 1
 * everywhere it is connected) keeps its guess. */
static void test_disagreeing_nodes_give_no_guess(void **state)
{
  (void)state;
  struct fcsim_graph g;
  graph_new(&g, 2);
  link_ports(&g, 1, 0, 0, 1);
  link_ports(&g, 3, 1, 2, 1);
  link_ports(&g, 0, 1, 1, 0);
  fcsim_graph_finish(&g);
  struct vc_shared sh;
  memset(&sh, 0, sizeof sh);
  sh.np = 2;
  sh.kind = 0;
  fcsim__vc_straight_outputs(&sh, &g);
  assert_int_equal(sh.straight_out[1], -1);
  assert_int_equal(sh.straight_out[0], 1);
  fcsim_graph_destroy(&g);
}

/* Only the nodes of the kind count: node 1 of another kind has its input 0
 * fed by port 0, the kind's own nodes by port 1. */
static void test_other_kinds_are_not_asked(void **state)
{
  (void)state;
  struct fcsim_graph g;
  graph_new(&g, 2);
  link_ports(&g, 0, 0, 1, 0);
  link_ports(&g, 1, 1, 2, 0);
  link_ports(&g, 2, 1, 3, 0);
  fcsim_graph_finish(&g);
  g.kind[1] = 1;
  struct vc_shared sh;
  memset(&sh, 0, sizeof sh);
  sh.np = 2;
  sh.kind = 0;
  fcsim__vc_straight_outputs(&sh, &g);
  assert_int_equal(sh.straight_out[0], 1);
  assert_int_equal(sh.straight_out[1], -1); /* no channel into input 1 anywhere */
  sh.kind = 1;
  fcsim__vc_straight_outputs(&sh, &g);
  assert_int_equal(sh.straight_out[0], 0);
  fcsim_graph_destroy(&g);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ring_goes_straight_on),
      cmocka_unit_test(test_disagreeing_nodes_give_no_guess),
      cmocka_unit_test(test_other_kinds_are_not_asked),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
