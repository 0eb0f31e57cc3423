/* SPDX-License-Identifier: BSD-3-Clause */
/* Table I of seed 003 for the BEE3 topology: the latency breakdown of the
 * seed's route between two FPGAs (full-crossbar routes, MGT routes,
 * intra-enclosure hops, Aurora hops, 10GbE hops, each with its count and
 * ns), the pair that makes the diameter, and Fig. 7's resource figures.
 *
 * Counting, as the seed's table does: the crossbar (64 ns) at every FPGA the
 * packet visits, source and destination included; an MGT route (48 ns
 * receive + 40 ns transmit subrouter) for every Aurora hop between FPGAs that
 * run the MGT router; the on-board link of every intra-enclosure hop (20 or
 * 24 ns); 541 ns per Aurora hop; one 10GbE hop (FPGA -> switch -> FPGA,
 * 840 ns at 64-byte packets, growing with the packet to 7324 ns) for every
 * pass through a switch. The sum is the head latency at zero load; the
 * `bee3` router model adds exactly these delays, so a simulated one-flit
 * packet with router.local_cycles = 0 takes exactly this long. */
#include "topo/bee3.h"

int fcsim_bee3_path(const struct fcsim_bee3 *b, int src, int dst, int packet_bytes, struct fcsim_bee3_breakdown *bd)
{
  *bd = (struct fcsim_bee3_breakdown){.src = src, .dst = dst};
  int at = src;
  for (int hops = 0; at != dst; hops++) {
    if (hops > b->nodes)
      return -1;
    if (fcsim_bee3_is_fpga(b, at)) {
      bd->xbar++;
      bd->xbar_ns += FCSIM_BEE3_XBAR_NS;
    }
    int q = fcsim_bee3_next_port(b, at, dst);
    const struct fcsim_bee3_port *p = &b->port[at][q];
    if (p->peer < 0)
      return -1;
    switch (p->cls) {
    case FCSIM_BEE3_RING:
    case FCSIM_BEE3_CROSS:
      bd->intra++;
      bd->intra_ns += fcsim_bee3_link_ns(b, at, q);
      break;
    case FCSIM_BEE3_AURORA:
      bd->aurora++;
      bd->aurora_ns += FCSIM_BEE3_AURORA_NS;
      if (b->mgt) {
        bd->mgt++;
        bd->mgt_ns += FCSIM_BEE3_MGT_RX_NS + FCSIM_BEE3_MGT_TX_NS;
      }
      break;
    case FCSIM_BEE3_ETH:
      if (fcsim_bee3_is_fpga(b, at)) { /* the hop is counted once, on the way into the switch */
        bd->eth++;
        bd->eth_ns += FCSIM_BEE3_ETH_MIN_NS + fcsim_bee3_eth_extra_ns(packet_bytes);
      }
      break;
    }
    at = p->peer;
  }
  bd->xbar++; /* the destination's crossbar, to its ejection port */
  bd->xbar_ns += FCSIM_BEE3_XBAR_NS;
  bd->total_ns = bd->xbar_ns + bd->mgt_ns + bd->intra_ns + bd->aurora_ns + bd->eth_ns;
  return 0;
}

int fcsim_bee3_diameter(const struct fcsim_bee3 *b, int packet_bytes, struct fcsim_bee3_breakdown *bd)
{
  int found = 0;
  for (int s = 0; s < b->fpgas; s++)
    for (int d = 0; d < b->fpgas; d++) {
      struct fcsim_bee3_breakdown x;
      if (s == d)
        continue;
      if (fcsim_bee3_path(b, s, d, packet_bytes, &x))
        return -1;
      if (!found || x.total_ns > bd->total_ns)
        *bd = x;
      found = 1;
    }
  return found ? 0 : -1;
}

struct fcsim_bee3_resources fcsim_bee3_fig7(int layout)
{
  static const struct fcsim_bee3_resources fig7[FCSIM_BEE3_NLAYOUTS] = {
      [FCSIM_BEE3_ONE_X8] = {8958, 10099, 23},   [FCSIM_BEE3_TWO_X4] = {9709, 11526, 23},
      [FCSIM_BEE3_FOUR_X2] = {11489, 14658, 39}, [FCSIM_BEE3_EIGHT_X1] = {18003, 18122, 55},
      [FCSIM_BEE3_10GBE] = {9563, 10699, 39},
  };
  return layout >= 0 && layout < FCSIM_BEE3_NLAYOUTS ? fig7[layout] : (struct fcsim_bee3_resources){0, 0, 0};
}

/* Xilinx Virtex-5 XC5VLX155T: 24,320 slices of 4 LUTs and 4 flip-flops,
 * 212 36-Kb block RAMs. */
struct fcsim_bee3_resources fcsim_bee3_xc5vlx155t(void)
{
  return (struct fcsim_bee3_resources){97280, 97280, 212};
}
