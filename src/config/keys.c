/* SPDX-License-Identifier: BSD-3-Clause */
/* The key registry: every configuration key fcsim knows, in one table.
 * Parsing, validation, error messages and `fcsim help config` read it. */
#include <string.h>

#include "arbiter/arbiter.h"
#include "config/config.h"
#include "core/clock.h"
#include "router/router.h"
#include "routing/routing.h"
#include "topo/topo.h"
#include "traffic/traffic.h"
#include "workload/workload.h"

static const char *const overflow_names[] = {"pause", "drop", NULL};
static const char *const port_select_names[] = {"table", "message", NULL};
static const char *const endpoint_names[] = {"ethswitch", "vcsn", NULL};
static const char *const sw_framing_names[] = {"ethernet", "sl3fc", "tnw", "custom", "none", NULL};
static const char *const header_names[] = {"auto", "index", "bitvector", NULL};
static const char *const bee3_layout_names[] = {"one-x8", "two-x4", "four-x2", "eight-x1", "10gbe", NULL};
static const char *const onoff_names[] = {"on", "off", NULL};
static const char *const latency_from_names[] = {"creation", "injection", NULL};
static const char *const vc_class_names[] = {"overlap", "split", NULL};
static const char *const dateline_class_names[] = {"toggle", "wrap", NULL};
static const char *const link_protocol_names[] = {"ideal", "tnw", "fc", NULL};
static const char *const allocator_names[] = {"greedy", "separable", "islip", NULL};
static const char *const reduction_stage_names[] = {"switch", "direct", NULL};
static const char *const tree_turns_names[] = {"rule", "free", NULL};
static const char *const fft_release_names[] = {"round", "packet", NULL};
static const char *const fft_consume_names[] = {"round", "line", "point", NULL}; /* fft.consume, below */

#define CHOICE(list, def)              FCSIM_KT_CHOICE, "", def, 0, 0, 0, list, NULL, NULL
#define REGISTRY(listfn, validfn, def) FCSIM_KT_CHOICE, "", def, 0, 0, 0, NULL, listfn, validfn

const struct fcsim_key fcsim_keys[] = {
    /* section, name, type, unit, default, min, max, auto, choices, list, valid, help */
    {"network", "topology", CHOICE(fcsim_topo_names, "torus"),
     "k-ary n-cube with wraparound links (`torus`) or without (`mesh`), any graph from a netlist (`file`, see "
     "network.file and docs/NETLIST.md), or a switched network of switch.nodes endpoints (docs/SWITCHED.md): `star` "
     "one switch, `dual-plane` port p of every endpoint to switch p (VCSN 2023 Fig. 2), `leafspine` two tiers of "
     "switch.radix-port switches, `fattree` as many levels as the node count needs; or the BEE3 cluster of Bunker & Swanson "
     "(`bee3`, see network.bee3_layout and docs/BEE3.md)"},
    {"network", "bee3_layout", CHOICE(bee3_layout_names, "two-x4"),
     "topology `bee3`: the inter-enclosure network of Bunker & Swanson §IV: Aurora channels per FPGA x lanes (`one-x8`, "
     "`two-x4`, `four-x2`, `eight-x1`) or one 10GbE port per FPGA to two switches (`10gbe`)"},
    {"network", "enclosures", FCSIM_KT_INT, "BEE3s", "8", 2, 8, 0, NULL, NULL, NULL,
     "topology `bee3`: BEE3 enclosures of four FPGAs: 2, 4 or 8 (8, 16 or 32 FPGAs; Bunker & Swanson Fig. 6)"},
    {"network", "bee3_switch_buffer", FCSIM_KT_SIZE, "flits", "128KiB", 1, 1 << 24, 0, NULL, NULL, NULL,
     "topology `bee3`, layout `10gbe`: switch.buffer of the two 10GbE switches (output buffer per port; a frame that "
     "does not fit waits in its input, blocking the frames behind it). The seed gives no size"},
    {"network", "file", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "topology `file`: the netlist (nodes with their models, links with their own latency and bandwidth; "
     "docs/NETLIST.md); relative to the config file's folder"},
    {"network", "dims", FCSIM_KT_DIMS, "routers", "4x4x4", 1, 4096, 0, NULL, NULL, NULL,
     "routers per dimension, 1 to 6 dimensions: `8`, `4x4x4`, `2x4x8`, `4x4x4x4`"},
    {"network", "link_latency", FCSIM_KT_LATENCY, "cycles", "175ns", 1, 100000, 0, NULL, NULL, NULL,
     "latency of one link per direction, in cycles or with a time unit (`175ns`, rounded up to whole cycles of "
     "network.clock)"},
    {"network", "link_jitter", FCSIM_KT_LATENCY, "cycles", "0", 0, 100000, 0, NULL, NULL, NULL,
     "standard deviation of each flit's link latency (Novo-G# thesis §3.4.4 measured 12.34ns around 175.7ns); 0 = fixed "
     "latency. Draws are Gaussian, truncated at 4 standard deviations, and never reorder a link's flits"},
    {"network", "link_bandwidth", FCSIM_KT_INT, "flits/cycle", "1", 1, 16, 0, NULL, NULL, NULL,
     "flits a link carries per cycle in each direction"},
    {"network", "clock", FCSIM_KT_FREQ, "Hz", "156.25MHz", FCSIM_CLOCK_MIN_HZ, FCSIM_CLOCK_MAX_HZ, 0, NULL, NULL, NULL,
     "router clock, converts cycles to ns (`156.25MHz`)"},
    {"network", "clock_spread_ppm", FCSIM_KT_REAL, "ppm", "0", 0, 100000, 0, NULL, NULL, NULL,
     "each node's clock is network.clock offset by a Gaussian draw of this standard deviation, in ppm (Novo-G# thesis Table "
     "3.4); 0 = one clock"},
    {"network", "flit_bits", FCSIM_KT_INT, "bits", "128", 8, 4096, 0, NULL, NULL, NULL,
     "bits per flit; converts packet sizes given in bits or bytes"},

    {"link", "protocol", CHOICE(link_protocol_names, "ideal"),
     "protocol of every network link (a netlist may set `protocol=` per link): `ideal` the channel as it is; `tnw` "
     "the TNW link module at both ends (Pivanti 2010: 32-bit header, CRC, ACK/NACK, go-back-N, 8 VCs; routers with "
     "per-flit credits and at most 8 VCs); `fc` Mondigo's flow controller (Mondigo 2020 ch. 2: one FIFO stream, so "
     "only between routers that use one VC). docs/LINKS.md"},
    {"link", "ber", FCSIM_KT_REAL, "", "0", 0, 1, 0, NULL, NULL, NULL,
     "bit error rate of the protocol links, [0, 1): a TNW data packet is corrupted with probability 1-(1-BER)^bits "
     "(its CRC fails: NACK and go-back-N)"},
    {"link", "tnw_window", FCSIM_KT_INT, "packets", "auto", 1, 32767, 1, NULL, NULL, NULL,
     "tnw: txBuffer size (unacknowledged packets); `auto`: one round trip of a packet and its ACK, plus two "
     "(docs/LINKS.md)"},
    {"link", "tnw_rx_packets", FCSIM_KT_INT, "packets", "16", 1, 4096, 0, NULL, NULL, NULL,
     "tnw: reception FIFO of each virtual channel at the far adapter, in packets"},
    {"link", "tnw_payload", FCSIM_KT_INT, "bytes", "128", 4, 4096, 0, NULL, NULL, NULL,
     "tnw: payload bytes per packet (Pivanti 2010: 128); the header and CRC words add 8"},
    {"link", "fc_d_cu", FCSIM_KT_INT, "flits", "32", 1, 4095, 0, NULL, NULL, NULL,
     "fc: D_CU, the credit-update interval, largest packet and TX buffer depth (Mondigo 2020 s2.3.3: 32)"},
    {"link", "fc_rx_depth", FCSIM_KT_INT, "flits", "auto", 1, 1 << 20, 1, NULL, NULL, NULL,
     "fc: RX buffer depth and initial credits; `auto`: 2 x D_link + D_CU + 1 (Eq. 2.4), D_link = link latency + "
     "D_CU + 4 cycles of write-forward"},
    {"link", "fc_gap_bytes", FCSIM_KT_INT, "bytes", "0", 0, 65536, 0, NULL, NULL, NULL,
     "fc: idle line bytes after each FC packet (the SL3 burst gap, VCSN 2023 Eq. 1: 32); 0: none"},

    {"router", "model", REGISTRY(fcsim_router_model_names, fcsim_router_model_valid, "novog"),
     "`novog`: Novo-G# VC router, direct injection/ejection, credit flits (Novo-G# thesis §4.2.2); `classic`: local port, "
     "per-flit credits; `crossbar`: full-crossbar router with input FIFOs, round-robin allocation, 64 ns through "
     "(Bunker & Swanson §III); `voq`: VOQ collective router, 7-stage pipeline, multicast and reduction units, one-sided links "
     "(Novo-G# thesis §4.3.2); `ring`: seven ring stops per node on a bidirectional ring (Novo-G# thesis §4.3.2)"},
    {"router", "clock", FCSIM_KT_FREQ, "Hz", "auto", FCSIM_CLOCK_MIN_HZ, FCSIM_CLOCK_MAX_HZ, 1, NULL, NULL, NULL,
     "the routers' own clock (`250MHz`); `auto` = network.clock. network.clock stays the unit of cycles in configs and "
     "results; a different router clock (per node kind in a netlist) makes each node step on its own edges"},
    {"router", "clock_ppm", FCSIM_KT_REAL, "ppm", "0", -100000, 100000, 0, NULL, NULL, NULL,
     "offset of the routers' clock from router.clock, in ppm (Novo-G# thesis Table 3.4 measured drift); per node in a "
     "netlist"},
    {"router", "vcs", FCSIM_KT_INT, "VCs", "2", 1, 16, 0, NULL, NULL, NULL,
     "virtual channels per input port (Novo-G#: 1-9; a torus needs at least 2 for the dateline classes; crossbar: not "
     "read, one FIFO per port)"},
    {"router", "vc_depth", FCSIM_KT_INT, "flits", "auto", 1, 1 << 20, 1, NULL, NULL, NULL,
     "buffer per VC; `auto`: full rate on one VC — Novo-G# credit threshold + one credit period of flits, classic and "
     "crossbar the credit round trip (2 x link latency + switch + 1, at least 8); crossbar: depth of each input FIFO"},
    {"router", "credit_period", FCSIM_KT_INT, "cycles", "100", 1, 1000000, 0, NULL, NULL, NULL,
     "Novo-G#: cycles between credit flits sent upstream in the data stream (seed: 100)"},
    {"router", "rc_cycles", FCSIM_KT_INT, "cycles", "1", 0, 64, 0, NULL, NULL, NULL,
     "routing computation delay of a head flit (also the delay before ejection)"},
    {"router", "va_cycles", FCSIM_KT_INT, "cycles", "1", 0, 64, 0, NULL, NULL, NULL,
     "VC allocation delay of a head flit"},
    {"router", "switch_cycles", FCSIM_KT_INT, "cycles", "auto", 1, 64, 1, NULL, NULL, NULL,
     "switch traversal delay; `auto`: Novo-G# reduction-tree levels for the VC count (Table 4.2, 2-5), classic 1; "
     "crossbar: the whole router, 64 ns (Bunker & Swanson §III) rounded up to cycles of network.clock (16 at 250 MHz)"},
    {"router", "local_cycles", FCSIM_KT_INT, "cycles", "1", 0, 64, 0, NULL, NULL, NULL,
     "classic, crossbar: latency of the injection and of the ejection channel between a node and its router (as in "
     "BookSim2)"},
    {"router", "packet_overhead_cycles", FCSIM_KT_INT, "cycles", "0", 0, 100000, 0, NULL, NULL, NULL,
     "bee3: cycles a crossbar output is held for each packet before its head may leave (the per-packet routing, "
     "arbitration and allocation overhead of Bunker & Swanson §V.B, whose value the seed does not give: 0)"},
    {"router", "arbitration", REGISTRY(fcsim_arbiter_names, fcsim_arbiter_valid, "rr"),
     "switch arbitration among head flits: `rr` round-robin, `ff` farthest-first, `of` oldest-first, `mixed` (Novo-G# thesis "
     "§5.1.2); the crossbar is always round-robin (Bunker & Swanson §III)"},
    {"router", "dateline", CHOICE(onoff_names, "on"),
     "`on`: two dateline VC classes with overlapping buffers on tori (Fig. 4.9b); `off` drops them (deadlock-prone: "
     "for experiments and the watchdog)"},
    {"router", "vc_classes", CHOICE(vc_class_names, "overlap"),
     "how the dateline classes share VCs (Fig. 4.9): `overlap` (b) only the first and last VC exclusive; `split` (a) "
     "half each, as BookSim2 does"},
    {"router", "dateline_class", CHOICE(dateline_class_names, "toggle"),
     "tori: which dateline class a packet uses in a dimension; `toggle`: set by the direction as it enters the "
     "dimension and toggled as it crosses the wraparound (Novo-G# thesis §4.2.2); `wrap`: chosen as it enters the dimension, "
     "class 1 going up and class 0 going down when its path wraps, the other class when it does not, and kept to the "
     "end of the dimension (BookSim2's dim_order torus routing; routing.algorithm = dor only)"},
    {"router", "speculative", CHOICE(onoff_names, "on"),
     "classic: `on`: a head does VC and switch allocation in the same cycle, va_cycles after routing; `off`: VC "
     "allocation right after routing and switch allocation va_cycles after a VC is won (BookSim2's default, "
     "speculative = 0). The same at zero load; `off` costs one cycle per hop whose VC allocation had to wait"},
    {"router", "va_allocator", CHOICE(allocator_names, "greedy"),
     "classic: VC allocation; `greedy`: heads in input-port and VC order each take the next free downstream VC (low "
     "ports win under contention); `separable`: separable input-first with round-robin arbiters; `islip`: iSLIP with "
     "router.alloc_iters iterations (BookSim2's default); the last two rotate priority among requesters"},
    {"router", "sa_allocator", CHOICE(allocator_names, "greedy"),
     "classic: switch allocation; `greedy`: outputs from a rotating start each take their best candidate whose input "
     "is still free; `separable`: separable input-first with round-robin arbiters; `islip`: iSLIP with "
     "router.alloc_iters iterations (BookSim2's default). router.arbitration picks a VC within an input"},
    {"router", "alloc_iters", FCSIM_KT_INT, "iterations", "1", 1, 8, 0, NULL, NULL, NULL,
     "classic: iterations of the separable and iSLIP allocators"},
    {"router", "wait_for_tail_credit", CHOICE(onoff_names, "off"),
     "classic: `on`: a downstream VC is given to a new packet only when the last packet's tail credit is back (all "
     "its credits); `off`: as soon as the tail has left"},
    {"router", "credit_delay", FCSIM_KT_INT, "cycles", "0", 0, 64, 0, NULL, NULL, NULL,
     "classic: cycles a credit waits in the router before it is sent upstream (BookSim2's credit_delay)"},
    {"router", "eject_cycles", FCSIM_KT_INT, "cycles", "auto", 0, 64, 1, NULL, NULL, NULL,
     "classic: latency of the ejection channel alone; `auto`: router.local_cycles. BookSim2's latencies exceed the "
     "same path's by one cycle at its ends (its terminal reads an ejected flit a cycle later): 2 reproduces them"},
    {"router", "queued_head", FCSIM_KT_INT, "cycles", "0", 0, 8, 0, NULL, NULL, NULL,
     "classic: extra cycles before the routing computation of a head queued behind a departing tail (0: it starts "
     "as the tail leaves, as for a head arriving into an empty VC; BookSim2's IQ router: 1)"},
    {"router", "input_speedup", FCSIM_KT_INT, "inputs", "1", 1, 4, 0, NULL, NULL, NULL,
     "classic: switch inputs per input port, VC v on input v mod speedup (BookSim2's input_speedup)"},
    {"router", "tables", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "voq, ring: folder of node tables written by `fcsim collective build --out DIR` (Novo-G# thesis Fig. 4.12) that route "
     "multicast and reduction packets; relative to the config file's folder"},
    {"router", "age_threshold", FCSIM_KT_INT, "cycles", "500", 0, 1000000000, 0, NULL, NULL, NULL,
     "`mixed` arbitration: packets older than this beat all younger ones, oldest first"},

    {"switch", "latency", FCSIM_KT_LATENCY, "cycles", "318ns", 0, 1000000, 0, NULL, NULL, NULL,
     "ethswitch: store-and-forward latency t_S from a frame's tail arriving to its forwarding (Mondigo 2020 Table 4.2: "
     "0.318 us); cycles or a time"},
    {"switch", "nic_latency", FCSIM_KT_LATENCY, "cycles", "0", 0, 1000000, 0, NULL, NULL, NULL,
     "switched topologies: switch.latency of the endpoints' Ethernet subsystems (their store-and-forward delay)"},
    {"switch", "buffer", FCSIM_KT_SIZE, "flits", "1MiB", 1, 1 << 24, 0, NULL, NULL, NULL,
     "ethswitch: output buffer per port, in flits or bytes"},
    {"switch", "overflow", CHOICE(overflow_names, "pause"),
     "ethswitch: a frame that does not fit its output buffer waits and back-pressures its input link (`pause`) or is "
     "discarded (`drop`); both are counted in the metrics"},
    {"switch", "framing", CHOICE(sw_framing_names, "ethernet"),
     "ethswitch: framing overhead each frame pays on the wire (src/link/framing.c): `ethernet` 42 B (VCSN 2023 jumbo "
     "frames, 9152 B payload), `sl3fc` 96 B per 3968 B (DCN), `tnw`, `custom` (none, 1500 B), `none` (no endpoint "
     "framing nor payload ceiling: the link's protocol frames the stream, e.g. the DCN on link.protocol = fc)"},
    {"switch", "port_select", CHOICE(port_select_names, "table"),
     "ethswitch endpoints with several ports: the routing table picks the port (`table`), or each message leaves on "
     "port (message index in the trace mod ports) (`message`: VCSN's per-virtual-port MAC table picking the plane, "
     "VCSN 2023 §3.4)"},
    {"switch", "endpoint", CHOICE(endpoint_names, "ethswitch"),
     "switched topologies: the endpoints' router model, `ethswitch` (an Ethernet subsystem) or `vcsn` (VCSN 2023 §3.4 "
     "virtual ports, vcsn.*; docs/SWITCHED.md)"},
    {"vcsn", "vports", FCSIM_KT_INT, "ports", "2", 1, 64, 0, NULL, NULL, NULL,
     "vcsn: virtual ports (MUX inputs, DMUX outputs) per physical port (VCSN 2023: 2, so 4 per FPGA)"},
    {"vcsn", "table", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "vcsn: the MAC tables (CSV `node,vport,dest,dest_vport[,at][,priority][,after]`; docs/SWITCHED.md): which virtual port "
     "each virtual port reaches, written at `at` or when the message `after` arrives; relative to the config file's folder"},
    {"vcsn", "reconfig", FCSIM_KT_LATENCY, "cycles", "124us", 0, 100000000, 0, NULL, NULL, NULL,
     "vcsn: a MAC-table entry written at time `at` > 0 takes effect this much later (VCSN 2023 Table 5: t = 124 us); "
     "frames encoded before then use the old entry"},
    {"vcsn", "crossbar", FCSIM_KT_LATENCY, "cycles", "1.35us", 0, 100000000, 0, NULL, NULL, NULL,
     "vcsn: crossbar set-up c before a virtual port starts sending a new message (VCSN 2023 Table 5: 1.35 us)"},
    {"vcsn", "threshold", FCSIM_KT_REAL, "", "0", 0, 1, 0, NULL, NULL, NULL,
     "vcsn: received bandwidth per virtual port, as a fraction of one flit per cycle, above which the receiver sends "
     "its source an indication frame that limits that virtual port to this rate (VCSN 2023 §3.4); 0 = off"},
    {"vcsn", "window", FCSIM_KT_LATENCY, "cycles", "10us", 1, 100000000, 0, NULL, NULL, NULL,
     "vcsn: the window over which a virtual port's received bandwidth is measured against vcsn.threshold"},
    {"app", "nodes", FCSIM_KT_INT, "nodes", "9", 2, 256, 0, NULL, NULL, NULL,
     "fcsim app gather (at most 64) and ring: FPGA nodes n (the gather's root is node 0); the network is sized to it "
     "(network.dims or switch.nodes)"},
    {"app", "bytes", FCSIM_KT_SIZE, "bytes", "16MiB", 1, 1e12, 0, NULL, NULL, NULL,
     "fcsim app gather: data d in each source node; fcsim app ring: the stream"},
    {"app", "reconfig", FCSIM_KT_REAL, "s", "0", 0, 1, 0, NULL, NULL, NULL,
     "fcsim app gather: MAC-table (virtual topology) reconfiguration time t (VCSN 2023 Table 5: 1.24e-4 for VCSN, 0 for "
     "DCN)"},
    {"app", "crossbar", FCSIM_KT_REAL, "s", "1.35e-6", 0, 1, 0, NULL, NULL, NULL,
     "fcsim app gather: crossbar set-up time c before every stage (Table 5)"},
    {"app", "latency", FCSIM_KT_REAL, "s", "4.91e-7", 0, 1, 0, NULL, NULL, NULL,
     "fcsim app gather: the model's path latency l per switch level (Table 5: 8.47e-7 VCSN, 4.91e-7 DCN); the "
     "simulation uses the network's own"},
    {"app", "bandwidth", FCSIM_KT_REAL, "B/s", "12.02e9", 1, 1e15, 0, NULL, NULL, NULL,
     "fcsim app gather: the model's bandwidth b (Table 5: 12.44e9 VCSN, 12.02e9 DCN); the simulation uses the "
     "network's own"},
    {"app", "levels", FCSIM_KT_INT, "levels", "1", 1, 64, 0, NULL, NULL, NULL,
     "fcsim app gather: fat-tree levels f for the model (1: one switch, or DCN's direct links)"},
    {"switch", "nodes", FCSIM_KT_INT, "endpoints", "16", 1, 1 << 20, 0, NULL, NULL, NULL,
     "switched topologies: number of endpoints (FPGAs)"},
    {"switch", "radix", FCSIM_KT_INT, "ports", "16", 2, 63, 0, NULL, NULL, NULL,
     "switched topologies: ports per switch (VCSN 2023: 16-port MSN2100; Mondigo 2020 §4.3.3: k = 64)"},
    {"switch", "planes", FCSIM_KT_INT, "planes", "1", 1, 4, 0, NULL, NULL, NULL,
     "star, leafspine, fattree: independent copies (planes) of the switch network, each endpoint with one port per "
     "plane, port p on plane p (VCSN 2023's dual plane; `dual-plane` is a star with 2)"},

    {"voq", "reduction_stage", CHOICE(reduction_stage_names, "direct"),
     "router.model = voq: where reduction packets reach the reduction unit. `switch`: after VA and SA, as in Novo-G# thesis "
     "Fig. 4.15 (ReL/ReW follow SA), so they compete for the output toward the root, one flit per output per cycle, "
     "and only the combined packet takes the link; `direct` (closer to the seed's Table 5.8 and Fig. 5.21, "
     "docs/COLLECTIVES.md): straight after ML, one packet per input per cycle, the combined packet then competing at "
     "SA"},

    {"voq", "eject_packets", FCSIM_KT_INT, "packets/cycle", "1", 1, 16, 0, NULL, NULL, NULL,
     "router.model = voq: packets the local unit takes from the switch at once, each from a different input, one flit "
     "per cycle each. Novo-G# thesis s5.2.2 (L4897-4899): a node \"injects at most one packet per cycle but can consume more "
     "than one\"; the seed gives no number. 1 = one ejection port (the default); examples/collective.ini uses 6, one "
     "per link input, as the reduction unit (docs/COLLECTIVES.md)"},

    {"voq", "tree_turns", CHOICE(tree_turns_names, "rule"),
     "router.model = voq: turns allowed in the collective trees fcsim collective build/run make. `rule`: fcsim's turn "
     "model (src/routing/turns.h), which leaves OCR only the partition across x on spread destinations; `free`: any "
     "turn, as the seed's Algorithms 6-7 (L4643-4700): the VOQ router's one-sided links and growing input buffers "
     "(L4752-4762) cannot deadlock. Needs router.model = voq"},

    {"routing", "algorithm", REGISTRY(fcsim_routing_names, fcsim_routing_valid, "dor"),
     "routing algorithm (Novo-G# thesis §5.1.1; deadlock-free by the turn model and check of docs/ROUTING.md): `dor` "
     "dimension-order, `romm` random legal minimal direction per hop, `o1turn` random legal dimension order per "
     "packet, `rlb` randomized load balance (non-minimal; DOR on a mesh), `ccar` legal minimal direction with the most "
     "credits; `table` next-hop tables built from the graph under up*/down* (any topology, and the only choice for a "
     "netlist)"},
    {"routing", "order", FCSIM_KT_ORDER, "", "auto", 0, 0, 1, NULL, NULL, NULL,
     "DOR dimension order: a permutation of the first n letters of `xyzwuv` (`zyx`); `auto` is x, y, z, ... in turn"},

    {"traffic", "pattern", REGISTRY(fcsim_traffic_pattern_names, fcsim_traffic_pattern_valid, "uniform"),
     "destination pattern (Novo-G# thesis Table 5.1, classics, and BookSim2-compatible `uniform-self`, `booksim-tornado`, "
     "`booksim-transpose`, `neighbor`)"},
    {"traffic", "rate", FCSIM_KT_REAL, "flits/node/cycle", "0.4", 0, 64, 0, NULL, NULL, NULL,
     "offered load; Bernoulli packet arrivals at rate/packet_size per cycle (may exceed 1 with direct injection)"},
    {"traffic", "packet_size", FCSIM_KT_SIZE, "flits", "4", 1, 65535, 0, NULL, NULL, NULL,
     "packet length in flits, or in bits/bytes (`1kb`, `512B`, rounded up to whole flits)"},
    {"traffic", "mode", REGISTRY(fcsim_workload_names, fcsim_workload_valid, "continuous"),
     "`continuous`: warm-up, measure, drain; `batch`: every node sends traffic.batch_packets, report batch latency; "
     "`trace`: the messages of traffic.trace, report their completion and the makespan; `collective` / "
     "`collective-batch`: multicast or reduction packets routed by the router.tables of `fcsim collective build` "
     "(continuous at traffic.rate / batch of traffic.batch_packets per collective; docs/COLLECTIVES.md); "
     "`collective-unicast`: a collective batch plus unicast background at traffic.background_rate; "
     "`collective-cont-unicast`: the continuous collective plus that background, both until the window ends, "
     "then a full drain (latencies are the collective's)"},
    {"traffic", "background_rate", FCSIM_KT_REAL, "flits/node/cycle", "0", 0, 64, 0, NULL, NULL, NULL,
     "traffic.mode = collective-unicast / collective-cont-unicast: Bernoulli unicast load to traffic.pattern "
     "from every endpoint while the collective's sources send (traffic.background_cycles); with the batch its "
     "packets alone make the latency statistics, with the continuous collective they are never measured"},
    {"traffic", "background_cycles", FCSIM_KT_INT, "cycles", "auto", 0, 1e12, 1, NULL, NULL, NULL,
     "traffic.mode = collective-unicast / collective-cont-unicast: background packets are created in cycles "
     "[0, this); `auto`: the collective batch's send time (its busiest source's packets x the gap between them), or "
     "the end of the measurement window (sim.warmup_cycles + sim.measure_cycles) with the continuous collective"},
    {"traffic", "collective_header", CHOICE(header_names, "auto"),
     "modes `collective*`: header of multicast packets; `index`: a 16-bit table index in the head flit (offline, OCR); "
     "`bitvector`: a destination bit-vector, ceil(nodes / flit_bits) more flits (online, RPM); `auto`: bitvector when "
     "router.tables was built by rpm"},
    {"traffic", "trace", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "mode `trace`: CSV of messages (id, src, dst, bytes, optional start, after, delay; docs/WORKLOADS.md); relative "
     "to the config file's folder"},
    {"traffic", "batch_packets", FCSIM_KT_INT, "packets", "100", 1, 1e9, 0, NULL, NULL, NULL,
     "batch mode: packets each node sends"},
    {"traffic", "hotspot_node", FCSIM_KT_INT, "node", "0", 0, 1e12, 0, NULL, NULL, NULL,
     "hotspot pattern: the node that receives the extra traffic"},
    {"traffic", "hotspot_fraction", FCSIM_KT_REAL, "", "0.1", 0, 1, 0, NULL, NULL, NULL,
     "hotspot pattern: fraction of packets sent to the hotspot (the rest uniform)"},

    {"sim", "seed", FCSIM_KT_INT, "", "1", 0, 9007199254740992.0, 0, NULL, NULL, NULL,
     "random seed; the same seed gives byte-identical results"},
    {"sim", "replications", FCSIM_KT_INT, "runs", "1", 1, 1000, 0, NULL, NULL, NULL,
     "independent runs of the configuration, replication i with seed mix(sim.seed, i) (the first with sim.seed "
     "itself); every metric is then reported as the mean with its standard deviation and 95 % Student-t "
     "confidence interval (docs/OUTPUT.md \"Replications\")"},
    {"sim", "threads", FCSIM_KT_INT, "partitions", "1", 1, 4096, 0, NULL, NULL, NULL,
     "split the network into this many partitions, run by as many threads (at most one per processor); results are "
     "identical for any count",
     1},
    {"sim", "run_ahead", CHOICE(onoff_names, "on"),
     "`on`: a busy node is stepped on through the next cycles at once, up to the shortest link latency (results are "
     "identical; fewer engine steps); `off`: every node is stepped at the engine's cycle (a check on the engine)",
     1},
    {"sim", "mpi_timeout", FCSIM_KT_REAL, "s", "60", 1, 86400, 0, NULL, NULL, NULL,
     "MPI runs: a rank that hears nothing from a peer for this long stops with an error naming it", 1},
    {"sim", "warmup_cycles", FCSIM_KT_INT, "cycles", "2000", 0, 1e12, 0, NULL, NULL, NULL,
     "continuous mode: cycles simulated before measurement starts"},
    {"sim", "measure_cycles", FCSIM_KT_INT, "cycles", "10000", 1, 1e12, 0, NULL, NULL, NULL,
     "continuous mode: packets created in this window are measured"},
    {"sim", "drain_cycles", FCSIM_KT_INT, "cycles", "auto", 0, 1e12, 1, NULL, NULL, NULL,
     "continuous mode: longest wait for measured packets after the window; not drained means saturated. `auto`: 4x "
     "measure_cycles + 10000"},
    {"sim", "drain_cut", CHOICE(onoff_names, "on"),
     "`on`: a continuous run whose source queues grew past the backlog limit over the window is saturated "
     "whatever the drain shows, and its drain is cut once the deadlock watchdog has had its full period "
     "(`drain_cut` in the results); `off`: the drain runs to sim.drain_cycles (to measure starved packets, say)"},
    {"sim", "deadlock_cycles", FCSIM_KT_INT, "cycles", "auto", 1, 1e12, 1, NULL, NULL, NULL,
     "watchdog: flits waiting and none moving for this long is reported as deadlock. `auto`: 20x (link latency + "
     "credit period) + 1000"},
    {"sim", "max_cycles", FCSIM_KT_INT, "cycles", "100000000", 1, 1e15, 0, NULL, NULL, NULL,
     "batch mode: stop (and report) if the batch has not finished after this many cycles"},
    {"sim", "max_memory", FCSIM_KT_SIZE, "bytes", "auto", 1, 1e18, 1, NULL, NULL, NULL,
     "refuse a run (before allocating) whose estimated memory exceeds this (`16GB`, `512MiB`); `auto`: 80 % of the "
     "physical memory. `fcsim topo` prints the estimate",
     1},
    {"sim", "max_input_bytes", FCSIM_KT_SIZE, "bytes", "4GiB", 1, 1e18, 0, NULL, NULL, NULL,
     "the largest input file a reader accepts (network.netlist, traffic.trace, collective patterns and tables, "
     "plot inputs, tune resume files, app configurations); pipes and devices, whose size cannot be bounded, are "
     "refused"},
    {"sim", "saturation_latency_factor", FCSIM_KT_REAL, "x zero-load", "3", 0, 1e6, 0, NULL, NULL, NULL,
     "continuous mode: a run whose average latency exceeds this multiple of the zero-load latency at its average hop "
     "count is saturated (`latency`); 0 turns it off"},
    {"sim", "saturation_latency", FCSIM_KT_INT, "cycles", "0", 0, 1e12, 0, NULL, NULL, NULL,
     "continuous mode: a run whose average latency exceeds this is saturated (`latency`); 0: off"},

    {"stats", "latency_from", CHOICE(latency_from_names, "creation"),
     "where a packet's latency starts: `creation` (the cycle the source created it: includes the wait in the source "
     "queue, BookSim2's packet latency) or `injection` (the cycle its head flit entered the network: the network "
     "latency, what a hardware time stamp in the head flit measures). Implemented by the VC routers: with novog "
     "only the statistics change; with classic a tail flit also competes in switch allocation with that age"},

    {"fft", "n", FCSIM_KT_INT, "log2 points", "6", 4, 8, 0, NULL, NULL, NULL,
     "`fcsim app fft`: the FFT has 2^n points per side (16-256, the IP sizes of Novo-G# thesis Table 6.3); the torus "
     "(network.dims) is 2^m per side"},
    {"fft", "ips", FCSIM_KT_INT, "IPs", "16", 1, 75, 0, NULL, NULL, NULL,
     "`fcsim app fft`: streaming 1D FFT IPs per node, at most Table 6.3's limit for the size (75, 41, 41, 31, 31)"},
    {"fft", "point_bytes", FCSIM_KT_INT, "bytes", "8", 1, 1024, 0, NULL, NULL, NULL,
     "`fcsim app fft`: bytes per complex point (single precision: 8)"},
    {"fft", "release", CHOICE(fft_release_names, "round"),
     "`fcsim app fft`: when the IPs' points leave. `round`: one message per round and destination, when the round's "
     "last point for it is produced; `packet`: a message per traffic.packet_size flits of points, each when its own "
     "last point is produced (Novo-G# thesis s6.3, L5295-5297: \"Once data is produced from FFT IP, it is ready to be "
     "sent\")"},
    /* fft.consume: added with the FFT's receive-side streaming (apps/fft/fft_stream.c) */
    {"fft", "consume", CHOICE(fft_consume_names, "round"),
     "`fcsim app fft`: when a node's IPs take a dimension's data. `round`: its first round starts when all of the "
     "node's data for the dimension has arrived; `line`: each round starts when its lines' points have arrived; "
     "`point`: each round streams in, point `slot` taken `slot` cycles after it starts, as soon as every point is in "
     "by its cycle (Novo-G# thesis s6.3, L5291-5299 and L5399-5401: the streaming IP is directly connected to the "
     "network switch)"},
};

const size_t fcsim_nkeys = sizeof fcsim_keys / sizeof fcsim_keys[0];
_Static_assert(sizeof fcsim_keys / sizeof fcsim_keys[0] <= FCSIM_MAX_KEYS,
               "struct fcsim_config holds at most FCSIM_MAX_KEYS keys");

int fcsim_key_find(const char *section, const char *name)
{
  for (size_t i = 0; i < fcsim_nkeys; i++)
    if (!strcmp(fcsim_keys[i].section, section) && !strcmp(fcsim_keys[i].name, name))
      return (int)i;
  return -1;
}
