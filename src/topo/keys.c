/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the topology generators: which topology (the table of
 * topo/topo.c), the torus and mesh dimensions, the netlist, the BEE3 cluster
 * (topo/bee3.c) and the switched networks (topo/switched.c). */
#include <string.h>

#include "core/keys.h"
#include "topo/bee3.h"
#include "topo/switched.h"
#include "topo/topo.h"

static const char *const bee3_layout_names[] = {"one-x8", "two-x4", "four-x2", "eight-x1", "10gbe", NULL};
static const char *const bee3_wiring_names[] = {"spread", "direct", NULL};

static const struct fcsim_key topo_rows[] = {
    {"network", "topology", FCSIM_KEY_CHOICE(fcsim_topo_names, "torus"),
     "k-ary n-cube with wraparound links (`torus`) or without (`mesh`), any graph from a netlist (`file`, see "
     "network.file and docs/NETLIST.md), or a switched network of switch.nodes endpoints (docs/SWITCHED.md): `star` "
     "one switch, `dual-plane` port p of every endpoint to switch p (VCSN 2023 Fig. 2), `leafspine` two tiers of "
     "switch.radix-port switches, `fattree` as many levels as the node count needs; or the BEE3 cluster of Bunker & Swanson "
     "(`bee3`, see network.bee3_layout and docs/BEE3.md)",
     FCSIM_KEY_TO(FCSIM_STORE_INDEX, topology)},
    {"network", "bee3_layout", FCSIM_KEY_CHOICE(bee3_layout_names, "two-x4"),
     "topology `bee3`: the inter-enclosure network of Bunker & Swanson §IV: Aurora channels per FPGA x lanes (`one-x8`, "
     "`two-x4`, `four-x2`, `eight-x1`) or one 10GbE port per FPGA to two switches (`10gbe`)",
     FCSIM_KEY_IN(FCSIM_STORE_NAME, struct fcsim_bee3_topo_params, layout)},
    {"network", "enclosures", FCSIM_KT_INT, "BEE3s", "8", 2, 8, 0, NULL, NULL, NULL,
     "topology `bee3`: BEE3 enclosures of four FPGAs: 2, 4 or 8 (8, 16 or 32 FPGAs; Bunker & Swanson Fig. 6)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_bee3_topo_params, enclosures)},
    {"network", "bee3_small_wiring", FCSIM_KEY_CHOICE(bee3_wiring_names, "spread"),
     "topology `bee3` at 2 and 4 enclosures, whose wiring the seed does not describe: `spread` every FPGA keeps its "
     "serial channels, logical channel k = 1..7 leading to enclosure e XOR (1 + (k - 1) mod (E - 1)); `direct` the "
     "32-FPGA wiring (channel k to e XOR k) with the channels to absent enclosures (k >= E) left unconnected "
     "(docs/BEE3.md)",
     FCSIM_KEY_IN(FCSIM_STORE_NAME, struct fcsim_bee3_topo_params, small_wiring)},
    {"network", "bee3_switch_buffer", FCSIM_KT_SIZE, "flits", "128KiB", 1, 1 << 24, 0, NULL, NULL, NULL,
     "topology `bee3`, layout `10gbe`: switch.buffer of the two 10GbE switches (output buffer per port; a frame that "
     "does not fit waits in its input, blocking the frames behind it). The seed gives no size",
     FCSIM_KEY_IN(FCSIM_STORE_NAME, struct fcsim_bee3_topo_params, switch_buffer)},
    {"network", "file", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "topology `file`: the netlist (nodes with their models, links with their own latency and bandwidth; "
     "docs/NETLIST.md); relative to the config file's folder",
     FCSIM_KEY_TO(FCSIM_STORE_PATH, netlist)},
    {"network", "dims", FCSIM_KT_DIMS, "routers", "4x4x4", 1, 4096, 0, NULL, NULL, NULL,
     "routers per dimension, 1 to 6 dimensions: `8`, `4x4x4`, `2x4x8`, `4x4x4x4`",
     FCSIM_KEY_TO(FCSIM_STORE_DIMS, dims)},
};
struct fcsim_param_block fcsim_bee3_topo_block = FCSIM_PARAM_BLOCK("topo/bee3", struct fcsim_bee3_topo_params);
const struct fcsim_key_table fcsim_topo_keys = FCSIM_KEY_TABLE_IN("topo", topo_rows, &fcsim_bee3_topo_block);

static const struct fcsim_key switched_topo_rows[] = {
    {"switch", "nodes", FCSIM_KT_INT, "endpoints", "16", 1, 1 << 20, 0, NULL, NULL, NULL,
     "switched topologies: number of endpoints (FPGAs)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_switched_topo_params, nodes)},
    {"switch", "radix", FCSIM_KT_INT, "ports", "16", 2, 63, 0, NULL, NULL, NULL,
     "switched topologies: ports per switch (VCSN 2023: 16-port MSN2100; Mondigo 2020 §4.3.3: k = 64)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_switched_topo_params, radix)},
    {"switch", "planes", FCSIM_KT_INT, "planes", "1", 1, 4, 0, NULL, NULL, NULL,
     "star, leafspine, fattree: independent copies (planes) of the switch network, each endpoint with one port per "
     "plane, port p on plane p (VCSN 2023's dual plane; `dual-plane` is a star with 2)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_switched_topo_params, planes)},
};
struct fcsim_param_block fcsim_switched_topo_block =
    FCSIM_PARAM_BLOCK("topo/switched", struct fcsim_switched_topo_params);
const struct fcsim_key_table fcsim_switched_topo_keys =
    FCSIM_KEY_TABLE_IN("topo/switched", switched_topo_rows, &fcsim_switched_topo_block);
/* The BEE3 cluster's enclosures, the netlist of `file`, and the node count
 * of the BEE3 cluster (its FPGAs and, with 10GbE, its two switches), which
 * bounds sim.threads on the generated networks. */
static int resolve_topo(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  const struct fcsim_bee3_topo_params *bee3 = fcsim_bee3_topo_params(p);
  if (p->topology == FCSIM_TOPO_BEE3 && bee3->enclosures != 2 && bee3->enclosures != 4 && bee3->enclosures != 8)
    return fcsim_error_set(err, FCSIM_ERANGE, "%s: network.enclosures = %d: expected 2, 4 or 8 (8, 16 or 32 FPGAs)",
                           fcsim_key_origin(r, "network", "enclosures"), bee3->enclosures);
  if (p->topology == FCSIM_TOPO_FILE && !p->netlist[0])
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "%s: network.topology = file needs network.file = NETLIST",
                           fcsim_key_origin(r, "network", "topology"));
  if (p->topology == FCSIM_TOPO_BEE3)
    p->nodes = 4 * bee3->enclosures + (!strcmp(bee3->layout, "10gbe") ? 2 : 0);
  if ((p->topology <= FCSIM_TOPO_MESH || p->topology == FCSIM_TOPO_BEE3) && p->threads > p->nodes)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: sim.threads = %d: more partitions than the %lld routers of network.dims",
                           fcsim_key_origin(r, "sim", "threads"), p->threads, (long long)p->nodes);
  return 0;
}
const struct fcsim_resolve_step fcsim_topo_resolve = {"topo", resolve_topo};
