/* SPDX-License-Identifier: BSD-3-Clause */
/* The BEE3 cluster of seed 003 (Bunker & Swanson): enclosures of four
 * fully connected FPGAs A-D and one of five inter-enclosure networks
 * (§IV): One-x8, Two-x4, Four-x2, Eight-x1 Aurora channels, or one 10GbE
 * port per FPGA to two switches. `network.topology = bee3` with
 * `network.bee3_layout` and `network.enclosures` (2, 4 or 8) builds it.
 *
 * One description (`struct fcsim_bee3`, a pure function of the parameters)
 * says what every port of every node is: the graph generator, the seed's
 * routing protocols (routing.algorithm = bee3), the `bee3` router model
 * (pacing and the MGT subrouters) and Table I's latency breakdown all read
 * it, so they cannot disagree. docs/BEE3.md gives the choices where the
 * seed is silent (letter placement, spare channels, switch membership). */
#ifndef FCSIM_TOPO_BEE3_H
#define FCSIM_TOPO_BEE3_H

#include <stdint.h>

#include "core/params.h"
#include "fcsim/error.h"

/* Topology `bee3`'s parameter block (core/params.h; topo/keys.c writes it). */
struct fcsim_bee3_topo_params {
  char layout[FCSIM_NAME_MAX];        /* network.bee3_layout: the inter-enclosure network (seed 003 §IV) */
  int enclosures;                     /* network.enclosures: BEE3 boards of 4 FPGAs: 2, 4 or 8 */
  char small_wiring[FCSIM_NAME_MAX];  /* network.bee3_small_wiring: `spread` or `direct` at 2 and 4 enclosures */
  char switch_buffer[FCSIM_NAME_MAX]; /* network.bee3_switch_buffer: the 10GbE switches' switch.buffer, as written */
};
extern struct fcsim_param_block fcsim_bee3_topo_block;
static inline const struct fcsim_bee3_topo_params *fcsim_bee3_topo_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_bee3_topo_block);
}

struct fcsim_topo;

#define FCSIM_BEE3_MAX_ENCL  8
#define FCSIM_BEE3_MAX_NODES (4 * FCSIM_BEE3_MAX_ENCL + 2)
#define FCSIM_BEE3_MAX_PORTS 16 /* a switch has 2 ports per enclosure */
/* Ports of an FPGA: 0..2 lead to the other three letters (in letter order)
 * for packets bound for another enclosure, 3..5 over the same three links
 * for packets bound for this enclosure (two classes per on-board link, see
 * bee3.c: one FIFO each, one link's pacing), 6.. the serial channels. */
#define FCSIM_BEE3_ONBOARD 6
#define FCSIM_BEE3_FINAL   3

enum fcsim_bee3_layout {
  FCSIM_BEE3_ONE_X8,
  FCSIM_BEE3_TWO_X4,
  FCSIM_BEE3_FOUR_X2,
  FCSIM_BEE3_EIGHT_X1,
  FCSIM_BEE3_10GBE,
  FCSIM_BEE3_NLAYOUTS
};

/* What a port is connected by. */
enum fcsim_bee3_class {
  FCSIM_BEE3_SPARE = 0, /* unconnected (a channel the layout leaves unused) */
  FCSIM_BEE3_RING,      /* on-board ring link: 1.86 GB/s, 20 ns (§III.A) */
  FCSIM_BEE3_CROSS,     /* on-board diagonal link: 1.86 GB/s, 24 ns */
  FCSIM_BEE3_AURORA,    /* bonded Aurora channel: lanes x 1.95 Gb/s 8b/10b, 541 ns (§III.B) */
  FCSIM_BEE3_ETH        /* 10GbE port, FPGA <-> switch (§III.B.1, §IV.A) */
};

/* One port of one node. */
struct fcsim_bee3_port {
  int32_t peer;      /* node at the other end, -1 when spare */
  int16_t peer_port; /* its port */
  uint8_t cls;       /* enum fcsim_bee3_class */
  uint8_t lanes;     /* Aurora lanes bonded (1..8); 4 for 10GbE (XAUI) */
};

/* The whole cluster. Nodes 4e + L are FPGA L (A = 0 .. D = 3) of
 * enclosure e; with 10GbE, nodes 4E and 4E + 1 are the two switches. */
struct fcsim_bee3 {
  int layout;     /* enum fcsim_bee3_layout */
  int enclosures; /* E: 2, 4 or 8 */
  int direct;     /* network.bee3_small_wiring = direct: channel k to e XOR k only when k < E */
  int fpgas;      /* 4E */
  int nodes;      /* FPGAs + switches */
  int channels;   /* serial channels per FPGA (ports 6 .. 6 + channels - 1) */
  int lanes;      /* lanes per channel */
  int mgt;        /* FPGAs run the MGT router (more than two serial channels, §III.C) */
  int radix[FCSIM_BEE3_MAX_NODES];
  struct fcsim_bee3_port port[FCSIM_BEE3_MAX_NODES][FCSIM_BEE3_MAX_PORTS];
};

/* The seed's figures used by the generator, the router model and Table I. */
#define FCSIM_BEE3_RING_NS       20
#define FCSIM_BEE3_CROSS_NS      24
#define FCSIM_BEE3_AURORA_NS     541
#define FCSIM_BEE3_XBAR_NS       64       /* full-crossbar router, every FPGA on the path */
#define FCSIM_BEE3_MGT_RX_NS     48       /* MGT receive subrouter */
#define FCSIM_BEE3_MGT_TX_NS     40       /* MGT transmit subrouter */
#define FCSIM_BEE3_SWITCH_NS     450      /* the 10GbE switch */
#define FCSIM_BEE3_ETH_MIN_NS    840      /* 10GbE hop at the smallest packet (FCSIM_BEE3_ETH_MIN_BYTES) */
#define FCSIM_BEE3_ETH_MAX_NS    7324     /* ... and at the largest (FCSIM_BEE3_ETH_MAX_BYTES) */
#define FCSIM_BEE3_ETH_LINK_NS   150      /* FPGA <-> switch: XAUI, MAC pipeline and cable, each way (assumed) */
#define FCSIM_BEE3_SWITCH_HZ     156.25e6 /* the ethswitch nodes' clock: one 64-bit flit per cycle = 10 Gb/s */
#define FCSIM_BEE3_SWITCH_CYCLES 70       /* the switch's 450 ns in 6.4 ns cycles (448 ns) */
#define FCSIM_BEE3_ETH_MIN_BYTES 64
#define FCSIM_BEE3_ETH_MAX_BYTES 4096
#define FCSIM_BEE3_ONBOARD_GBPS  1.86 /* GB/s of both on-board link kinds */
#define FCSIM_BEE3_XBAR_GBPS     2.0  /* the crossbar's 64-bit datapath at 250 MHz */
#define FCSIM_BEE3_LANE_GBAUD    1.95 /* Aurora lane rate, before 8b/10b */
#define FCSIM_BEE3_ETH_GBIT      10.0 /* 10GbE data rate (XAUI after 8b/10b) */

/* Layout index of a network.bee3_layout name, -1 if unknown. */
int fcsim_bee3_layout_find(const char *name);
const char *fcsim_bee3_layout_name(int layout);
/* The seed's name of a layout ("Two-x4-Aurora", "10GbE"). */
const char *fcsim_bee3_layout_title(int layout);

/* Fills `b` from network.bee3_layout and network.enclosures. Returns 0 or
 * FCSIM_EINVAL naming the key. */
int fcsim_bee3_describe(const struct fcsim_params *p, struct fcsim_bee3 *b, struct fcsim_error *err);

/* 1 if node n is an FPGA (an endpoint), 0 for a switch. */
static inline int fcsim_bee3_is_fpga(const struct fcsim_bee3 *b, int n)
{
  return n < b->fpgas;
}

/* The seed's routing protocol (§IV): the output port of `node` toward
 * FPGA `dest` (node != dest). Destination-based and deterministic. */
int fcsim_bee3_next_port(const struct fcsim_bee3 *b, int node, int dest);

/* Latency of the channel leaving `node` on `port`, ns (the 10GbE links are
 * each half of the hop's fixed part outside the switch). */
int fcsim_bee3_link_ns(const struct fcsim_bee3 *b, int node, int port);

/* Payload rate of the channel leaving `node` on `port`, GB/s, for packets
 * of `packet_bytes` (10GbE pays its framing per packet). */
double fcsim_bee3_port_gbps(const struct fcsim_bee3 *b, int node, int port, int packet_bytes);

/* The receiving FPGA MAC's part of a 10GbE hop of `packet_bytes` (its
 * checksum check before the packet is ready), ns: the seed's hop less the
 * two links, the switch (FCSIM_BEE3_SWITCH_CYCLES + one cycle to send) and
 * the switch's store-and-forward of the frame from a sender that sends one
 * flit every `sender_ns_per_flit`. */
double fcsim_bee3_eth_mac_ns(int packet_bytes, int flit_bits, double sender_ns_per_flit);

/* The store-and-forward part of a 10GbE hop for a packet of that size, ns:
 * 0 at the smallest packet, growing linearly to the seed's 7324 ns at
 * 4 KiB (rounded up to whole ns). */
double fcsim_bee3_eth_extra_ns(int packet_bytes);

/* Builds the topology's graph (kind FCSIM_TOPO_FILE: a graph without
 * coordinates, with hop distances; named nodes e0A .. e7D, sw0, sw1).
 * Latencies are converted at network.clock, rounded up. */
int fcsim_bee3_topo_init(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err);

/* ---- Table I: the latency breakdown (bee3_table.c) ---- */

struct fcsim_bee3_breakdown {
  int src, dst;                                        /* the pair (FPGAs) */
  int xbar, mgt, intra, aurora, eth;                   /* routes / hops of each kind */
  double xbar_ns, mgt_ns, intra_ns, aurora_ns, eth_ns; /* their latencies */
  double total_ns;                                     /* head latency, zero load */
};

/* The breakdown of the seed's route from src to dst for packets of
 * `packet_bytes`. Returns 0, or -1 if the route does not arrive. */
int fcsim_bee3_path(const struct fcsim_bee3 *b, int src, int dst, int packet_bytes, struct fcsim_bee3_breakdown *bd);

/* The pair with the largest total (the diameter in ns), first found on ties. */
int fcsim_bee3_diameter(const struct fcsim_bee3 *b, int packet_bytes, struct fcsim_bee3_breakdown *bd);

/* Seed 003 Fig. 7: LUTs, flip-flops and BRAMs of a layout on one
 * XC5VLX155T (the seed's measured figures, not computed), and that part's
 * totals. */
struct fcsim_bee3_resources {
  int luts, ffs, brams;
};
struct fcsim_bee3_resources fcsim_bee3_fig7(int layout);
struct fcsim_bee3_resources fcsim_bee3_xc5vlx155t(void);

#endif
