/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim topo` on network.topology = bee3: seed 003's Table I (the latency
 * breakdown of the diameter: crossbar routes, MGT routes, intra-enclosure,
 * Aurora and 10GbE hops, each with hops and ns) and Fig. 7's resources, as
 * text and as JSON. The figures come from topo/bee3_table.c. */
#include <stdio.h>

#include "cli/topo_bee3.h"
#include "topo/bee3.h"

/* The diameter at the run's packet size, and for 10GbE at both ends of the
 * seed's 840-7324 ns range. */
static int bee3_tables(const struct fcsim_params *p, struct fcsim_bee3 *b, struct fcsim_bee3_breakdown *bd,
                       struct fcsim_bee3_breakdown *lo, struct fcsim_bee3_breakdown *hi)
{
  struct fcsim_error err = {0};
  int bytes = p->packet_flits * p->flit_bits / 8;
  if (fcsim_bee3_describe(p, b, &err) || fcsim_bee3_diameter(b, bytes, bd) ||
      fcsim_bee3_diameter(b, FCSIM_BEE3_ETH_MIN_BYTES, lo) || fcsim_bee3_diameter(b, FCSIM_BEE3_ETH_MAX_BYTES, hi))
    return -1;
  return 0;
}

static double pct(int part, int whole)
{
  return 100.0 * part / whole;
}

void fcsim_cli_bee3_print(const struct fcsim_params *p)
{
  struct fcsim_bee3 b;
  struct fcsim_bee3_breakdown bd, lo, hi;
  if (bee3_tables(p, &b, &bd, &lo, &hi))
    return;
  char a[16], z[16]; /* "e" + an int + a letter */
  snprintf(a, sizeof a, "e%d%c", bd.src / 4, 'A' + bd.src % 4);
  snprintf(z, sizeof z, "e%d%c", bd.dst / 4, 'A' + bd.dst % 4);
  printf("bee3         %s, %d enclosures (%d FPGAs): %d %s channel(s) of %d lane(s) per FPGA; %s routers\n",
         fcsim_bee3_layout_title(b.layout), b.enclosures, b.fpgas, b.channels,
         b.layout == FCSIM_BEE3_10GBE ? "10GbE" : "Aurora", b.lanes, b.mgt ? "MGT" : "full-crossbar");
  printf("Table I      zero-load head latency of the seed's route %s -> %s (the diameter), %d-byte packets\n", a, z,
         p->packet_flits * p->flit_bits / 8);
  printf("  %-28s %5s %12s\n", "latency type", "hops", "latency");
  printf("  %-28s %5d %9.0f ns\n", "full-crossbar router routes", bd.xbar, bd.xbar_ns);
  printf("  %-28s %5d %9.0f ns\n", "MGT router routes", bd.mgt, bd.mgt_ns);
  printf("  %-28s %5d %9.0f ns\n", "intra-enclosure hops", bd.intra, bd.intra_ns);
  printf("  %-28s %5d %9.0f ns\n", "Aurora hops", bd.aurora, bd.aurora_ns);
  printf("  %-28s %5d %9.0f ns\n", "10GbE hops", bd.eth, bd.eth_ns);
  printf("  %-28s %5s %9.0f ns\n", "diameter", "", bd.total_ns);
  if (b.layout == FCSIM_BEE3_10GBE)
    printf("  %-28s %5s %9.0f - %.0f ns (%d B - %d B packets)\n", "diameter range", "", lo.total_ns, hi.total_ns,
           FCSIM_BEE3_ETH_MIN_BYTES, FCSIM_BEE3_ETH_MAX_BYTES);
  struct fcsim_bee3_resources r = fcsim_bee3_fig7(b.layout), all = fcsim_bee3_xc5vlx155t();
  printf("Fig. 7       %d LUTs (%.1f %%), %d FFs (%.1f %%), %d BRAMs (%.1f %%) of an XC5VLX155T: the seed's measured "
         "figures for this layout, not computed\n",
         r.luts, pct(r.luts, all.luts), r.ffs, pct(r.ffs, all.ffs), r.brams, pct(r.brams, all.brams));
}

static json_t *breakdown_json(const struct fcsim_bee3_breakdown *bd)
{
  return json_pack("{s:i, s:f, s:i, s:f, s:i, s:f, s:i, s:f, s:i, s:f, s:f}", "xbar_routes", bd->xbar, "xbar_ns",
                   bd->xbar_ns, "mgt_routes", bd->mgt, "mgt_ns", bd->mgt_ns, "intra_hops", bd->intra, "intra_ns",
                   bd->intra_ns, "aurora_hops", bd->aurora, "aurora_ns", bd->aurora_ns, "eth_hops", bd->eth, "eth_ns",
                   bd->eth_ns, "total_ns", bd->total_ns);
}

int fcsim_cli_bee3_json(const struct fcsim_params *p, json_t *doc)
{
  struct fcsim_bee3 b;
  struct fcsim_bee3_breakdown bd, lo, hi;
  if (bee3_tables(p, &b, &bd, &lo, &hi))
    return -1;
  struct fcsim_bee3_resources r = fcsim_bee3_fig7(b.layout);
  json_object_set_new(doc, "diameter_ns", json_real(bd.total_ns));
  json_object_set_new(doc, "bee3",
                      json_pack("{s:s, s:i, s:i, s:i, s:b, s:o, s:f, s:f, s:{s:i, s:i, s:i}}", "layout",
                                fcsim_bee3_layout_name(b.layout), "enclosures", b.enclosures, "channels_per_fpga",
                                b.channels, "lanes", b.lanes, "mgt_router", b.mgt, "table1", breakdown_json(&bd),
                                "diameter_ns_min_packet", lo.total_ns, "diameter_ns_max_packet", hi.total_ns, "fig7",
                                "luts", r.luts, "ffs", r.ffs, "brams", r.brams));
  return 0;
}
