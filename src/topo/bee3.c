/* SPDX-License-Identifier: BSD-3-Clause */
/* The BEE3 cluster of seed 003 (topology `bee3`): which port of which FPGA
 * or switch leads where in each of the five layouts, the seed's routing
 * protocols as a next-port function, link latencies and payload rates, and
 * the generator that turns it into the engine's graph. bee3.h says what the
 * node and port numbers mean; docs/BEE3.md argues the choices the seed
 * leaves open:
 *  - letter placement: A is diagonally opposite B, and C opposite D, so the
 *    pooled partners of Four-x2 (A+B, C+D) are joined by the 24 ns cross
 *    link (the placement closest to Table I's 48 ns for Four-x2: 44 ns);
 *  - Four-x2: of the two paths to an enclosure (A+B's, C+D's channel k),
 *    the packet takes the one with less on-board latency, its own pool's
 *    on a tie;
 *  - Two-x4, Four-x2 and Eight-x1 have 8 channels per BEE3 (or per pool, or
 *    per FPGA) for 7 peers: channel k leads to enclosure e XOR k, so k = 0
 *    is the spare, left unconnected (the protocol names one owner per peer);
 *  - One-x8: FPGA j (B..D) of enclosure i in a group leads to enclosure
 *    i XOR j of the group, FPGA A to the same place in the other group;
 *  - 8 and 16 FPGAs (2 and 4 enclosures): channels 1..7 go round the E - 1
 *    peers (channel_distance), k = 0 stays the spare; One-x8 is one group
 *    whose B..D channels go round the peers (A's is the spare); with
 *    network.bee3_small_wiring = direct, the 32-FPGA wiring with the
 *    channels to absent enclosures unconnected. Where
 *    several channels lead to the destination's enclosure, the packet takes
 *    the one with the least on-board latency (pick_channel);
 *  - deadlock: one FIFO per port would let an on-board link carry packets
 *    on their way to a serial channel and packets on their last hop, and
 *    those dependencies close cycles through the serial channels (the
 *    checker finds them for Two-x4). Each on-board link therefore offers two
 *    classes, as two graph ports over one physical link: ports 0..2 for
 *    packets bound for another enclosure, 3..5 for packets bound for this
 *    one. A packet moves from the first class to the second only across a
 *    serial hop, so the dependencies are acyclic (the checker proves it);
 *    the `bee3` router paces both ports of a link as one link;
 *  - 10GbE: A and C on switch 0, B and D on switch 1; a switch delivers to
 *    the destination when it is a member, else to the member of the
 *    destination's enclosure nearest to it (a ring link, 20 ns). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chan/framing.h"
#include "topo/bee3.h"
#include "topo/topo.h"

static const char *const layout_names[] = {"one-x8", "two-x4", "four-x2", "eight-x1", "10gbe"};
static const char *const layout_titles[] = {"One-x8-Aurora", "Two-x4-Aurora", "Four-x2-Aurora", "Eight-x1-Aurora",
                                            "10GbE"};

int fcsim_bee3_layout_find(const char *name)
{
  for (int i = 0; i < FCSIM_BEE3_NLAYOUTS; i++)
    if (!strcmp(name, layout_names[i]))
      return i;
  return -1;
}

const char *fcsim_bee3_layout_name(int layout)
{
  return layout >= 0 && layout < FCSIM_BEE3_NLAYOUTS ? layout_names[layout] : "?";
}

const char *fcsim_bee3_layout_title(int layout)
{
  return layout >= 0 && layout < FCSIM_BEE3_NLAYOUTS ? layout_titles[layout] : "?";
}

/* On-board: letters L != M; the diagonal pairs are (A,B) and (C,D). */
static int onboard_class(int L, int M)
{
  return L / 2 == M / 2 ? FCSIM_BEE3_CROSS : FCSIM_BEE3_RING;
}

static int onboard_port(int L, int M)
{
  return M < L ? M : M - 1;
}

/* 10GbE: the switch of letter L, and L's port on it in enclosure e. */
static int eth_switch(int L)
{
  return L % 2;
}

static int eth_switch_port(int e, int L)
{
  return 2 * e + L / 2;
}

/* The enclosure distance (XOR) of logical channel k (0..7) with E
 * enclosures: k = 0 is the spare; k = 1..7 go round the E - 1 peers, so at
 * E = 8 channel k leads to e XOR k, at E = 4 peers 1, 2, 3 get channels
 * {1, 4, 7}, {2, 5}, {3, 6}, and at E = 2 all seven lead to the other
 * enclosure (`spread`). With network.bee3_small_wiring = direct channel k
 * leads to e XOR k as at E = 8, and channels k >= E stay unconnected. -1 for
 * the spare and an unconnected channel. */
static int channel_distance(int k, int E, int direct)
{
  if (k == 0 || (direct && k >= E))
    return -1;
  return direct ? k : 1 + (k - 1) % (E - 1);
}

/* The enclosure that serial channel c of FPGA L of enclosure e leads to
 * (the peer is the same letter and channel there), or -1 if spare. */
static int aurora_peer(const struct fcsim_bee3 *b, int e, int L, int c)
{
  int E = b->enclosures, k;
  switch (b->layout) {
  case FCSIM_BEE3_ONE_X8:
    if (E == 8) { /* two groups of four: B..D in the group, A across */
      int g = e / 4, i = e % 4;
      return L == 0 ? (1 - g) * 4 + i : g * 4 + (i ^ L);
    }
    k = L; /* one group: A is the spare, B..D round the peers */
    break;
  case FCSIM_BEE3_TWO_X4: k = 2 * L + c; break;
  case FCSIM_BEE3_FOUR_X2: k = 4 * (L % 2) + c; break;
  default: /* Eight-x1 */ k = c; break;
  }
  int d = channel_distance(k, E, b->direct);
  return d < 0 ? -1 : e ^ d;
}

static void set_port(struct fcsim_bee3 *b, int n, int q, int peer, int peer_port, int cls, int lanes)
{
  b->port[n][q] = (struct fcsim_bee3_port){peer, (int16_t)peer_port, (uint8_t)cls, (uint8_t)lanes};
}

int fcsim_bee3_describe(const struct fcsim_params *p, struct fcsim_bee3 *b, struct fcsim_error *err)
{
  static const int channels[] = {1, 2, 4, 8, 1};
  memset(b, 0, sizeof *b);
  const struct fcsim_bee3_topo_params *bp = fcsim_bee3_topo_params(p);
  b->layout = fcsim_bee3_layout_find(bp->layout);
  b->enclosures = bp->enclosures;
  b->direct = strcmp(bp->small_wiring, "direct") == 0;
  if (b->layout < 0)
    return fcsim_error_set(err, FCSIM_EINVAL,
                           "network.bee3_layout = `%s`: expected one-x8, two-x4, four-x2, "
                           "eight-x1 or 10gbe",
                           bp->layout);
  if (b->enclosures != 2 && b->enclosures != 4 && b->enclosures != 8)
    return fcsim_error_set(err, FCSIM_ERANGE, "network.enclosures = %d: expected 2, 4 or 8", b->enclosures);
  const int eth = b->layout == FCSIM_BEE3_10GBE;
  b->fpgas = 4 * b->enclosures;
  b->nodes = b->fpgas + (eth ? 2 : 0);
  b->channels = channels[b->layout];
  b->lanes = eth ? 4 : 8 / b->channels;
  b->mgt = b->channels > 2;
  for (int n = 0; n < b->nodes; n++)
    for (int q = 0; q < FCSIM_BEE3_MAX_PORTS; q++)
      set_port(b, n, q, -1, 0, FCSIM_BEE3_SPARE, 0);
  for (int e = 0; e < b->enclosures; e++)
    for (int L = 0; L < 4; L++) {
      int n = 4 * e + L;
      b->radix[n] = FCSIM_BEE3_ONBOARD + b->channels;
      for (int M = 0; M < 4; M++)
        if (M != L)
          for (int f = 0; f <= FCSIM_BEE3_FINAL; f += FCSIM_BEE3_FINAL)
            set_port(b, n, f + onboard_port(L, M), 4 * e + M, f + onboard_port(M, L), onboard_class(L, M), 0);
      for (int c = 0; c < b->channels; c++) {
        if (eth) {
          int s = b->fpgas + eth_switch(L), sp = eth_switch_port(e, L);
          set_port(b, n, FCSIM_BEE3_ONBOARD, s, sp, FCSIM_BEE3_ETH, b->lanes);
          set_port(b, s, sp, n, FCSIM_BEE3_ONBOARD, FCSIM_BEE3_ETH, b->lanes);
          continue;
        }
        int t = aurora_peer(b, e, L, c);
        if (t >= 0)
          set_port(b, n, FCSIM_BEE3_ONBOARD + c, 4 * t + L, FCSIM_BEE3_ONBOARD + c, FCSIM_BEE3_AURORA, b->lanes);
      }
    }
  for (int s = b->fpgas; s < b->nodes; s++)
    b->radix[s] = 2 * b->enclosures;
  return 0;
}

/* On-board latency from letter L to letter M, 0 when they are the same. */
static int board_ns(int L, int M)
{
  return L == M ? 0 : onboard_class(L, M) == FCSIM_BEE3_CROSS ? FCSIM_BEE3_CROSS_NS : FCSIM_BEE3_RING_NS;
}

/* 10GbE, at switch s: the port toward FPGA dest. */
static int switch_port(const struct fcsim_bee3 *b, int s, int dest)
{
  int t = dest / 4, M = dest % 4, sw = s - b->fpgas;
  if (eth_switch(M) == sw)
    return eth_switch_port(t, M);
  int best = -1;
  for (int X = 0; X < 4; X++) /* the member nearest the destination: a ring link rather than a cross one */
    if (eth_switch(X) == sw && (best < 0 || onboard_class(X, M) < onboard_class(best, M)))
      best = X;
  return eth_switch_port(t, best);
}

/* The serial channel of enclosure e toward enclosure t for a packet at
 * letter L bound for letter M: of all the channels between e and t (the
 * peer is the same letter), the one with the least on-board latency before
 * and after; ties go to L's own channels, then to L's pool (Four-x2's A+B,
 * C+D), then are spread by destination letter. Sets *owner and *chan. */
static void pick_channel(const struct fcsim_bee3 *b, int e, int t, int L, int M, int *owner, int *chan)
{
  int best = -1, nbest = 0, cand[4 * 8][2];
  for (int X = 0; X < 4; X++)
    for (int c = 0; c < b->channels; c++) {
      if (aurora_peer(b, e, X, c) != t)
        continue;
      /* lower is better: latency, then not own, then not own pool */
      int key = 4 * (board_ns(L, X) + board_ns(X, M)) + 2 * (X != L) + (X / 2 != L / 2);
      if (best < 0 || key < best)
        best = key, nbest = 0;
      if (key == best) {
        cand[nbest][0] = X;
        cand[nbest++][1] = c;
      }
    }
  int i = nbest > 1 ? M % nbest : 0;
  *owner = cand[i][0];
  *chan = cand[i][1];
}

int fcsim_bee3_next_port(const struct fcsim_bee3 *b, int node, int dest)
{
  if (!fcsim_bee3_is_fpga(b, node))
    return switch_port(b, node, dest);
  int e = node / 4, L = node % 4, t = dest / 4, M = dest % 4, owner, c = 0;
  if (t == e)
    return FCSIM_BEE3_FINAL + onboard_port(L, M);
  if (b->layout == FCSIM_BEE3_10GBE)
    return FCSIM_BEE3_ONBOARD; /* the switch reaches every enclosure */
  if (b->layout == FCSIM_BEE3_ONE_X8 && b->enclosures == 8)
    owner = e / 4 == t / 4 ? (e % 4) ^ (t % 4) : 0; /* in the group: the channel to t; else A's, across */
  else
    pick_channel(b, e, t, L, M, &owner, &c);
  return owner == L ? FCSIM_BEE3_ONBOARD + c : onboard_port(L, owner);
}

int fcsim_bee3_link_ns(const struct fcsim_bee3 *b, int node, int port)
{
  switch (b->port[node][port].cls) {
  case FCSIM_BEE3_RING: return FCSIM_BEE3_RING_NS;
  case FCSIM_BEE3_CROSS: return FCSIM_BEE3_CROSS_NS;
  case FCSIM_BEE3_AURORA: return FCSIM_BEE3_AURORA_NS;
  case FCSIM_BEE3_ETH: return FCSIM_BEE3_ETH_LINK_NS;
  default: return 0;
  }
}

double fcsim_bee3_port_gbps(const struct fcsim_bee3 *b, int node, int port, int packet_bytes)
{
  const struct fcsim_bee3_port *q = &b->port[node][port];
  switch (q->cls) {
  case FCSIM_BEE3_RING:
  case FCSIM_BEE3_CROSS: return FCSIM_BEE3_ONBOARD_GBPS;
  case FCSIM_BEE3_AURORA: /* 8b/10b: 8 data bits in 10 line bits */ return q->lanes * FCSIM_BEE3_LANE_GBAUD * 0.8 / 8.0;
  case FCSIM_BEE3_ETH: {
    /* the framing the ethswitch nodes pay (switch.framing = ethernet) */
    double frame = packet_bytes < 46 ? 46 : packet_bytes; /* minimum Ethernet payload */
    return FCSIM_BEE3_ETH_GBIT / 8.0 * packet_bytes / (frame + fcsim_framing_find("ethernet")->overhead_bytes);
  }
  default: return 0;
  }
}

double fcsim_bee3_eth_extra_ns(int packet_bytes)
{
  if (packet_bytes <= FCSIM_BEE3_ETH_MIN_BYTES)
    return 0;
  return ceil((double)(packet_bytes - FCSIM_BEE3_ETH_MIN_BYTES) * (FCSIM_BEE3_ETH_MAX_NS - FCSIM_BEE3_ETH_MIN_NS) /
                  (FCSIM_BEE3_ETH_MAX_BYTES - FCSIM_BEE3_ETH_MIN_BYTES) -
              1e-9);
}

double fcsim_bee3_eth_mac_ns(int packet_bytes, int flit_bits, double sender_ns_per_flit)
{
  double cycle_ns = 1e9 / FCSIM_BEE3_SWITCH_HZ, flits = ceil(packet_bytes * 8.0 / flit_bits);
  double hop = FCSIM_BEE3_ETH_MIN_NS + fcsim_bee3_eth_extra_ns(packet_bytes);
  double mac =
      hop - 2 * FCSIM_BEE3_ETH_LINK_NS - (FCSIM_BEE3_SWITCH_CYCLES + 1) * cycle_ns - (flits - 1) * sender_ns_per_flit;
  return mac > 0 ? mac : 0;
}

static int fill_graph(struct fcsim_topo *t, const struct fcsim_params *p, const struct fcsim_bee3 *b,
                      struct fcsim_error *err)
{
  struct fcsim_graph *g = &t->graph;
  int rc = fcsim_graph_init(g, b->nodes, b->radix, err);
  if (rc)
    return rc;
  g->name = calloc((size_t)b->nodes, sizeof *g->name);
  if (!g->name)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  g->nkinds = b->nodes > b->fpgas ? 2 : 1;
  snprintf(g->kinds[0].model, sizeof g->kinds[0].model, "bee3");
  /* 10GbE: the switches are store-and-forward Ethernet switches at 10 Gb/s
   * (one 64-bit flit per 6.4 ns cycle), 450 ns (70 cycles), jumbo frames */
  snprintf(g->kinds[1].model, sizeof g->kinds[1].model, "ethswitch");
  snprintf(g->kinds[1].set, sizeof g->kinds[1].set,
           "router.clock=%.2fMHz switch.latency=%d switch.framing=ethernet switch.buffer=%s",
           FCSIM_BEE3_SWITCH_HZ / 1e6, FCSIM_BEE3_SWITCH_CYCLES,
           ((const struct fcsim_bee3_topo_params *)fcsim_params_block(p, &fcsim_bee3_topo_block))->switch_buffer);
  for (int n = 0; n < b->nodes; n++) {
    if (fcsim_bee3_is_fpga(b, n))
      snprintf(g->name[n], FCSIM_NODE_NAME_MAX, "e%d%c", n / 4, 'A' + n % 4);
    else {
      snprintf(g->name[n], FCSIM_NODE_NAME_MAX, "sw%d", n - b->fpgas);
      g->kind[n] = 1;
    }
    g->endpoint[n] = (uint8_t)fcsim_bee3_is_fpga(b, n);
    for (int q = 0; !rc && q < b->radix[n]; q++) {
      const struct fcsim_bee3_port *bp = &b->port[n][q];
      if (bp->peer < 0)
        continue;
      double cycles = ceil(fcsim_bee3_link_ns(b, n, q) * 1e-9 * p->clock_hz - 1e-6);
      rc = fcsim_graph_connect(g, (uint32_t)n, q, (uint32_t)bp->peer, bp->peer_port, (uint32_t)cycles, 1, err);
    }
  }
  return rc;
}

int fcsim_bee3_topo_init(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  memset(t, 0, sizeof *t);
  t->kind = FCSIM_TOPO_FILE; /* a graph without coordinates, like a netlist */
  struct fcsim_bee3 *b = malloc(sizeof *b);
  if (!b)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = fcsim_bee3_describe(p, b, err);
  if (!rc)
    rc = fill_graph(t, p, b, err);
  if (!rc) {
    fcsim_graph_finish(&t->graph);
    t->nodes = t->graph.nodes;
    t->nports = t->graph.max_radix;
    rc = fcsim_graph_all_distances(&t->graph, &t->dist, err);
  }
  free(b);
  return rc; /* on failure fcsim_topo_init frees what was built */
}
