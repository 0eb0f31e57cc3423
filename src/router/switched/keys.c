/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the switched family: the BEE3 router's per-packet overhead
 * (bee3.c), the Ethernet switch (ethswitch.c) and the VCSN endpoint
 * (vcsn.c, vcsn_table.c). Each model's own settings go into its parameter
 * block (params.h); switch.nic_latency and switch.endpoint, listed with the
 * switch's keys, go into the switched topologies' block (topo/switched.h). */
#include "core/keys.h"
#include "router/switched/params.h"
#include "topo/switched.h"

static const char *const overflow_names[] = {"pause", "drop", NULL};
static const char *const port_select_names[] = {"table", "message", NULL};
static const char *const endpoint_names[] = {"ethswitch", "vcsn", NULL};
static const char *const sw_framing_names[] = {"ethernet", "sl3fc", "tnw", "custom", "none", NULL};

static const struct fcsim_key bee3_router_rows[] = {
    {"router", "packet_overhead_cycles", FCSIM_KT_INT, "cycles", "0", 0, 100000, 0, NULL, NULL, NULL,
     "bee3: cycles a crossbar output is held for each packet before its head may leave (the per-packet routing, "
     "arbitration and allocation overhead of Bunker & Swanson §V.B, whose value the seed does not give: 0; its 48 - 40 ns "
     "of arbitration imply 8, inferred, set only by the Fig. 6 rows of scripts/reproduce.sh: docs/BEE3.md)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_bee3_router_params, packet_overhead_cycles)},
};
struct fcsim_param_block fcsim_bee3_router_block =
    FCSIM_PARAM_BLOCK("router/switched/bee3", struct fcsim_bee3_router_params);
const struct fcsim_key_table fcsim_bee3_router_keys =
    FCSIM_KEY_TABLE_IN("router/switched/bee3", bee3_router_rows, &fcsim_bee3_router_block);

static const struct fcsim_key ethswitch_rows[] = {
    {"switch", "latency", FCSIM_KT_LATENCY, "cycles", "318ns", 0, 1000000, 0, NULL, NULL, NULL,
     "ethswitch: store-and-forward latency t_S from a frame's tail arriving to its forwarding (Mondigo 2020 Table 4.2: "
     "0.318 us); cycles or a time",
     FCSIM_KEY_IN(FCSIM_STORE_CYCLES, struct fcsim_ethswitch_params, latency_cycles)},
    {"switch", "nic_latency", FCSIM_KT_LATENCY, "cycles", "0", 0, 1000000, 0, NULL, NULL, NULL,
     "switched topologies: switch.latency of the endpoints' Ethernet subsystems (their store-and-forward delay)",
     FCSIM_KEY_IN_BLOCK(FCSIM_STORE_CYCLES, struct fcsim_switched_topo_params, nic_latency_cycles,
                        &fcsim_switched_topo_block)},
    {"switch", "buffer", FCSIM_KT_SIZE, "flits", "1MiB", 1, 1 << 24, 0, NULL, NULL, NULL,
     "ethswitch: output buffer per port, in flits or bytes",
     FCSIM_KEY_IN(FCSIM_STORE_FLITS_FLOOR, struct fcsim_ethswitch_params, buffer_flits)},
    {"switch", "overflow", FCSIM_KEY_CHOICE(overflow_names, "pause"),
     "ethswitch: a frame that does not fit its output buffer waits and back-pressures its input link (`pause`) or is "
     "discarded (`drop`); both are counted in the metrics",
     FCSIM_KEY_FLAG_IN(struct fcsim_ethswitch_params, drop, "drop")},
    {"switch", "framing", FCSIM_KEY_CHOICE(sw_framing_names, "ethernet"),
     "ethswitch: framing overhead each frame pays on the wire (src/chan/framing.c): `ethernet` 42 B (VCSN 2023 jumbo "
     "frames, 9152 B payload), `sl3fc` 96 B per 3968 B (DCN), `tnw`, `custom` (none, 1500 B), `none` (no endpoint "
     "framing nor payload ceiling: the link's protocol frames the stream, e.g. the DCN on link.protocol = fc)",
     FCSIM_KEY_IN(FCSIM_STORE_NAME, struct fcsim_ethswitch_params, framing)},
    {"switch", "port_select", FCSIM_KEY_CHOICE(port_select_names, "table"),
     "ethswitch endpoints with several ports: the routing table picks the port (`table`), or each message leaves on "
     "port (message index in the trace mod ports) (`message`: VCSN's per-virtual-port MAC table picking the plane, "
     "VCSN 2023 §3.4)",
     FCSIM_KEY_FLAG_IN(struct fcsim_ethswitch_params, port_by_message, "message")},
    {"switch", "endpoint", FCSIM_KEY_CHOICE(endpoint_names, "ethswitch"),
     "switched topologies: the endpoints' router model, `ethswitch` (an Ethernet subsystem) or `vcsn` (VCSN 2023 §3.4 "
     "virtual ports, vcsn.*; docs/SWITCHED.md)",
     FCSIM_KEY_FLAG_IN_BLOCK(struct fcsim_switched_topo_params, endpoint_vcsn, "vcsn", &fcsim_switched_topo_block)},
};
struct fcsim_param_block fcsim_ethswitch_block =
    FCSIM_PARAM_BLOCK("router/switched/ethswitch", struct fcsim_ethswitch_params);
const struct fcsim_key_table fcsim_ethswitch_keys =
    FCSIM_KEY_TABLE_IN("router/switched/ethswitch", ethswitch_rows, &fcsim_ethswitch_block);

static const struct fcsim_key vcsn_rows[] = {
    {"vcsn", "vports", FCSIM_KT_INT, "ports", "2", 1, 64, 0, NULL, NULL, NULL,
     "vcsn: virtual ports (MUX inputs, DMUX outputs) per physical port (VCSN 2023: 2, so 4 per FPGA)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_vcsn_params, vports)},
    {"vcsn", "table", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "vcsn: the MAC tables (CSV `node,vport,dest,dest_vport[,at][,priority][,after]`; docs/SWITCHED.md): which virtual port "
     "each virtual port reaches, written at `at` or when the message `after` arrives; relative to the config file's folder",
     FCSIM_KEY_IN(FCSIM_STORE_PATH, struct fcsim_vcsn_params, table)},
    {"vcsn", "reconfig", FCSIM_KT_LATENCY, "cycles", "124us", 0, 100000000, 0, NULL, NULL, NULL,
     "vcsn: a MAC-table entry written at time `at` > 0 takes effect this much later (VCSN 2023 Table 5: t = 124 us); "
     "frames encoded before then use the old entry",
     FCSIM_KEY_IN(FCSIM_STORE_CYCLES, struct fcsim_vcsn_params, reconfig_cycles)},
    {"vcsn", "crossbar", FCSIM_KT_LATENCY, "cycles", "1.35us", 0, 100000000, 0, NULL, NULL, NULL,
     "vcsn: crossbar set-up c before a virtual port starts sending a new message (VCSN 2023 Table 5: 1.35 us)",
     FCSIM_KEY_IN(FCSIM_STORE_CYCLES, struct fcsim_vcsn_params, crossbar_cycles)},
    {"vcsn", "threshold", FCSIM_KT_REAL, "", "0", 0, 1, 0, NULL, NULL, NULL,
     "vcsn: received bandwidth per virtual port, as a fraction of one flit per cycle, above which the receiver sends "
     "its source an indication frame that limits that virtual port to this rate (VCSN 2023 §3.4); 0 = off",
     FCSIM_KEY_IN(FCSIM_STORE_REAL, struct fcsim_vcsn_params, threshold)},
    {"vcsn", "window", FCSIM_KT_LATENCY, "cycles", "10us", 1, 100000000, 0, NULL, NULL, NULL,
     "vcsn: the window over which a virtual port's received bandwidth is measured against vcsn.threshold",
     FCSIM_KEY_IN(FCSIM_STORE_CYCLES, struct fcsim_vcsn_params, window_cycles)},
};
struct fcsim_param_block fcsim_vcsn_block = FCSIM_PARAM_BLOCK("vcsn", struct fcsim_vcsn_params);
const struct fcsim_key_table fcsim_vcsn_keys = FCSIM_KEY_TABLE_IN("router/switched/vcsn", vcsn_rows, &fcsim_vcsn_block);
