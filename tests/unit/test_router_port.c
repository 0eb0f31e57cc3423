/* SPDX-License-Identifier: BSD-3-Clause */
/* The port kit (router/port.h) on a hand-made pair of nodes joined both
 * ways: receive only what has arrived, the pending mark kept until the
 * channel is empty, credits summed or per VC only once they have arrived,
 * credits returned after the channel's credit latency, can-send, the hop
 * and credit of a send, a packet cut into flits with head and tail marked
 * after the injection delay, items whose data flits have all arrived, the
 * buffer an input FIFO waits for in deadlock reports. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "graph/graph.h"
#include "router/port.h"

#define POOL 8 /* entries per ring */

struct pair {
  struct fcsim_graph g;
  struct fcsim_links l;
  struct fcsim_ring ring[2], cring[2];
  struct fcsim_link_slot pool[2 * POOL];
  struct fcsim_credit_slot cpool[2 * POOL];
  uint64_t pending[2], cpending[2], link_flits[2];
  struct fcsim_stats_acc acc;
  struct fcsim_wake wakes[16];
  struct fcsim_clock clk;
  struct fcsim_ctx ctx;
};

/* Node 0 port 0 -> node 1 port 0 and back; 5 cycles each way, credits 3. */
static struct pair *make(void)
{
  struct pair *p = calloc(1, sizeof *p);
  assert_non_null(p);
  int radix[2] = {1, 1};
  assert_int_equal(fcsim_graph_init(&p->g, 2, radix, NULL), 0);
  assert_int_equal(fcsim_graph_connect(&p->g, 0, 0, 1, 0, 5, 1, NULL), 0);
  assert_int_equal(fcsim_graph_connect(&p->g, 1, 0, 0, 0, 5, 1, NULL), 0);
  fcsim_graph_finish(&p->g);
  for (int c = 0; c < 2; c++) {
    p->g.chan[c].latency_ticks = 5;
    p->g.chan[c].credit_latency_ticks = 3;
    p->ring[c].mask = p->cring[c].mask = POOL - 1;
    p->ring[c].base = p->cring[c].base = (uint64_t)c * POOL;
    fcsim_ring_set_channel(&p->ring[c], &p->cring[c], &p->g.chan[c]);
  }
  p->l.g = &p->g;
  p->l.chan = p->ring;
  p->l.chan_pool = p->pool;
  p->l.cchan = p->cring;
  p->l.cchan_pool = p->cpool;
  p->l.pending = p->pending;
  p->l.cpending = p->cpending;
  p->l.link_flits = p->link_flits;
  p->clk.period = 1;
  p->clk.unit = 1;
  p->acc.first_inject = UINT64_MAX;
  p->ctx.clk = &p->clk;
  p->ctx.links = &p->l;
  p->ctx.acc = &p->acc;
  p->ctx.wakes = p->wakes;
  p->ctx.wakes_cap = 16;
  return p;
}

static void destroy(struct pair *p)
{
  fcsim_graph_destroy(&p->g);
  free(p);
}

static void at(struct pair *p, uint64_t cycle)
{
  p->ctx.now = p->ctx.tick = cycle;
}

struct got {
  int n, port;
  struct fcsim_flit f[4];
};

static void take(struct fcsim_ctx *ctx, void *arg, int port, const struct fcsim_flit *f)
{
  (void)ctx;
  struct got *g = arg;
  g->port = port;
  g->f[g->n++] = *f;
}

static void send_receive(void **state)
{
  (void)state;
  struct pair *p = make();
  int32_t credits = 2;
  at(p, 10);
  struct fcsim_flit f = {7, 1, 42, 3, FCSIM_FLIT_HEAD, 4, 9};
  assert_false(fcsim_port_can_send(0, 1, 0));
  assert_true(fcsim_port_can_send(0, 1, 1));
  assert_true(fcsim_port_can_send(1, 1, 0)); /* the ejection port needs no credit */
  fcsim_port_send(&p->ctx, p->g.port_base[0], 0, &f, &credits, 11);
  assert_int_equal(credits, 1);
  assert_int_equal(p->pending[1], 1);
  assert_int_equal(p->ring[0].flits, 1);
  assert_int_equal(p->ctx.nwakes, 1);
  assert_int_equal(p->wakes[0].cycle, 16); /* left at 11, 5 cycles on the link */

  struct got g = {0};
  at(p, 15);
  assert_int_equal(fcsim_port_drain(&p->ctx, 1, p->g.port_base[1], 0, take, &g), 0);
  assert_int_equal(p->pending[1], 1); /* not yet arrived: still pending */
  at(p, 16);
  fcsim_port_receive(&p->ctx, 1, p->g.port_base[1], take, &g);
  assert_int_equal(g.n, 1);
  assert_int_equal(g.port, 0);
  assert_int_equal(g.f[0].vc, 0);   /* one FIFO per port downstream */
  assert_int_equal(g.f[0].hops, 5); /* one more link */
  assert_int_equal(g.f[0].aux, 42);
  assert_int_equal(p->pending[1], 0);

  f.hops = 255;
  fcsim_port_hop(&f);
  assert_int_equal(f.hops, 255); /* saturates */
  destroy(p);
}

static void credits(void **state)
{
  (void)state;
  struct pair *p = make();
  struct {
    int32_t credits;
    int32_t other;
  } out[1] = {{0, 0}};
  at(p, 20);
  fcsim_port_return_credits(&p->ctx, p->g.port_base[1], 0, 0, 2); /* node 1 frees 2 slots of its input */
  fcsim_port_return_credits(&p->ctx, p->g.port_base[1], 0, 0, 1);
  assert_int_equal(p->cpending[0], 1); /* the sender, node 0, is told */
  at(p, 22);
  fcsim_port_take_credits(&p->ctx, p->g.port_base[0], 1, &out[0].credits, sizeof out[0]);
  assert_int_equal(out[0].credits, 0); /* in flight for 3 cycles */
  at(p, 23);
  fcsim_port_take_credits(&p->ctx, p->g.port_base[0], 1, &out[0].credits, sizeof out[0]);
  assert_int_equal(out[0].credits, 3);
  assert_int_equal(out[0].other, 0);

  struct {
    int32_t credits;
    int32_t pad;
  } vc[2] = {{0, 0}, {0, 0}};
  fcsim_port_return_credits(&p->ctx, p->g.port_base[1], 0, 1, 4);
  fcsim_port_return_credits(&p->ctx, p->g.port_base[1], 0, 5, 9); /* a VC the sender does not have */
  at(p, 26);
  fcsim_port_take_vc_credits(&p->ctx, p->g.port_base[0], 2, &vc[0].credits, sizeof vc[0]);
  assert_int_equal(vc[0].credits, 0);
  assert_int_equal(vc[1].credits, 4);
  assert_int_equal(fcsim_ring_visible(&p->cring[0]), 0); /* both taken */
  assert_int_equal(p->acc.buffer_overflows, 0);
  destroy(p);
}

static void inject_cut(void **state)
{
  (void)state;
  struct pair *p = make();
  struct fcsim_pktq q = {0};
  uint32_t queued = 0, sent = 0;
  struct fcsim_packet pk = {30, 30, 1, 77, 3, 2, FCSIM_FLIT_MEASURED};
  assert_int_equal(fcsim_port_accept(&q, &queued, &pk), 0);
  assert_int_equal(queued, 1);
  struct fcsim_flit f;
  at(p, 31);
  assert_false(fcsim_port_inject_next(&p->ctx, &q, sent, 2, &f)); /* the injection channel: 2 cycles */
  uint8_t ends[3] = {FCSIM_FLIT_HEAD, 0, FCSIM_FLIT_TAIL};
  for (int k = 0; k < 3; k++) {
    at(p, 32 + (uint64_t)k);
    assert_true(fcsim_port_inject_next(&p->ctx, &q, sent, 2, &f));
    assert_int_equal(f.flags, FCSIM_FLIT_MEASURED | ends[k]);
    assert_int_equal(f.gen, 30);
    assert_int_equal(f.aux, 77);
    assert_int_equal(f.route, 2);
    assert_int_equal(fcsim_port_injected(&p->ctx, &q, &sent), k == 2);
  }
  assert_int_equal(q.count, 0);
  assert_int_equal(sent, 0);
  assert_int_equal(p->acc.flits_injected_total, 3);
  assert_int_equal(p->acc.first_inject, 32);
  assert_int_equal(p->ctx.flits_in_network, 3);
  assert_false(fcsim_port_inject_next(&p->ctx, &q, sent, 0, &f));

  f.flags = FCSIM_FLIT_TAIL | FCSIM_FLIT_MEASURED;
  fcsim_port_mark_ends(&f, 0, 2);
  assert_int_equal(f.flags, FCSIM_FLIT_HEAD | FCSIM_FLIT_MEASURED);
  fcsim_port_mark_ends(&f, 0, 1);
  assert_int_equal(f.flags, FCSIM_FLIT_HEAD | FCSIM_FLIT_TAIL | FCSIM_FLIT_MEASURED);
  free(q.buf);
  destroy(p);
}

static void items(void **state)
{
  (void)state;
  struct pair *p = make();
  struct fcsim_flit f[3] = {{0}};
  f[0].hops = 2; /* a descriptor and two data flits */
  f[1].aux = 1;
  f[2].aux = 2;
  at(p, 40);
  fcsim_port_send_burst(&p->ctx, 0, f, 2, 40); /* the descriptor and one of its flits */
  assert_int_equal(p->pending[1], 1);
  at(p, 50);
  assert_null(fcsim_port_item_arrived(&p->l, &p->ring[0], p->ctx.tick)); /* a flit missing */
  fcsim_port_send_burst(&p->ctx, 0, f + 2, 1, 46);
  assert_null(fcsim_port_item_arrived(&p->l, &p->ring[0], 50)); /* the last arrives at 51 */
  const struct fcsim_flit *d = fcsim_port_item_arrived(&p->l, &p->ring[0], 51);
  assert_non_null(d);
  assert_int_equal(d->hops, 2);
  assert_int_equal(p->acc.buffer_overflows, 0);
  destroy(p);
}

static void fifo_waits_for(void **state)
{
  (void)state;
  struct pair *p = make();
  struct fcsim_buf_ref at = {0, 1}, next = {9, 9};                         /* node 0's local FIFO (one link port) */
  assert_false(fcsim_port_fifo_waits_for(&p->g, 1, at, 0, 0, -1, &next));  /* empty */
  assert_false(fcsim_port_fifo_waits_for(&p->g, 1, at, 1, -1, -1, &next)); /* not routed */
  assert_false(fcsim_port_fifo_waits_for(&p->g, 1, at, 1, 1, -1, &next));  /* ejection */
  assert_int_equal(next.node, 9);
  assert_true(fcsim_port_fifo_waits_for(&p->g, 1, at, 1, 0, 0, &next)); /* output 0 held by input 0 */
  assert_int_equal(next.node, 0);
  assert_int_equal(next.buf, 0);
  assert_true(fcsim_port_fifo_waits_for(&p->g, 1, at, 1, 0, 1, &next)); /* held by itself: downstream */
  assert_int_equal(next.node, 1);
  assert_int_equal(next.buf, 0);
  assert_true(fcsim_port_fifo_waits_for(&p->g, 1, at, 1, 0, -1, &next)); /* free: downstream */
  assert_int_equal(next.node, 1);
  destroy(p);
}

static void credit_capacity(void **state)
{
  (void)state;
  struct fcsim_chan c = {0};
  c.credit_latency_ticks = 10;
  c.bandwidth_flits = 2;
  /* 16 + (10 + 2 + 0 + 8) * 2 with one clock; half the cycles at 2 ticks per cycle */
  assert_int_equal(fcsim_port_credit_capacity(16, 1.0, &c, 0), 56);
  assert_int_equal(fcsim_port_credit_capacity(16, 2.0, &c, 4), 16 + (5 + 2 + 2 + 8) * 2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(send_receive), cmocka_unit_test(credits),        cmocka_unit_test(inject_cut),
      cmocka_unit_test(items),        cmocka_unit_test(fifo_waits_for), cmocka_unit_test(credit_capacity),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
