/* SPDX-License-Identifier: BSD-3-Clause */
/* The VC routers' guess of the output a packet arriving on an input goes
 * straight on by (fcsim__vc_straight_outputs, src/router/vc/vc_base.c; a
 * prefetch hint): on a ring wired as the torus builder wires it (port p to
 * the neighbour's p ^ 1) it is the port the packet left the previous router
 * by; where the kind's nodes disagree there is no guess, and other kinds'
 * nodes are not asked. */
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

/* A graph of NODES 2-port nodes with the channels links[i] = {src, port,
 * dst, port}, finished. */
static void graph_of(struct fcsim_graph *g, const int (*links)[4], int nlinks)
{
  int radix[NODES] = {2, 2, 2, 2};
  struct fcsim_error err = {0};
  assert_int_equal(fcsim_graph_init(g, NODES, radix, &err), 0);
  for (int i = 0; i < nlinks; i++)
    assert_int_equal(
        fcsim_graph_connect(g, (uint32_t)links[i][0], links[i][1], (uint32_t)links[i][2], links[i][3], 10, 1, &err), 0);
  fcsim_graph_finish(g);
}

/* The guesses of the 2-port kind `kind` on g. */
static void guess(const struct fcsim_graph *g, int kind, struct vc_shared *sh)
{
  memset(sh, 0, sizeof *sh);
  sh->np = 2;
  sh->kind = kind;
  fcsim__vc_straight_outputs(sh, g);
}

/* A ring of 4 as the torus builder wires it: port 0 (+) to the next node's
 * port 1, port 1 (-) to the previous node's port 0. A packet arriving on
 * input 1 came from the previous node's port 0 and goes straight on by port
 * 0; one on input 0 by port 1. */
static void test_ring_goes_straight_on(void **state)
{
  (void)state;
  static const int ring[][4] = {{0, 0, 1, 1}, {1, 0, 2, 1}, {2, 0, 3, 1}, {3, 0, 0, 1},
                                {0, 1, 3, 0}, {1, 1, 0, 0}, {2, 1, 1, 0}, {3, 1, 2, 0}};
  struct fcsim_graph g;
  graph_of(&g, ring, 8);
  struct vc_shared sh;
  guess(&g, 0, &sh);
  assert_int_equal(sh.straight_out[0], 1);
  assert_int_equal(sh.straight_out[1], 0);
  fcsim_graph_destroy(&g);
}

/* Nodes that disagree: node 0's input 1 is fed by port 0 of its sender,
 * node 2's input 1 by port 1. No guess for input 1; input 0 (fed by port 1
 * where it is connected) keeps its guess. Then only the nodes of the kind
 * count: with node 2 of another kind, input 1 has its guess again. */
static void test_disagreeing_nodes_give_no_guess(void **state)
{
  (void)state;
  static const int links[][4] = {{1, 0, 0, 1}, {3, 1, 2, 1}, {0, 1, 1, 0}};
  struct fcsim_graph g;
  graph_of(&g, links, 3);
  struct vc_shared sh;
  guess(&g, 0, &sh);
  assert_int_equal(sh.straight_out[1], -1);
  assert_int_equal(sh.straight_out[0], 1);
  g.kind[2] = 1;
  guess(&g, 0, &sh);
  assert_int_equal(sh.straight_out[1], 0);
  guess(&g, 1, &sh);
  assert_int_equal(sh.straight_out[1], 1);
  assert_int_equal(sh.straight_out[0], -1); /* no channel into node 2's input 0 */
  fcsim_graph_destroy(&g);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ring_goes_straight_on),
      cmocka_unit_test(test_disagreeing_nodes_give_no_guess),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
