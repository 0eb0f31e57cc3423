/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the simulation and of the network as a whole: clocks, links'
 * latency and width, flit size, seeds, windows, threads, limits and where
 * latency is measured from. */
#include "core/keys.h"
#include "core/clock.h"

static const char *const onoff_names[] = {"on", "off", NULL};
static const char *const latency_from_names[] = {"creation", "injection", NULL};

static const struct fcsim_key network_rows[] = {
    {"network", "link_latency", FCSIM_KT_LATENCY, "cycles", "175ns", 1, 100000, 0, NULL, NULL, NULL,
     "latency of one link per direction, in cycles or with a time unit (`175ns`, rounded up to whole cycles of "
     "network.clock)",
     FCSIM_KEY_TO(FCSIM_STORE_CYCLES, link_latency_cycles)},
    {"network", "link_jitter", FCSIM_KT_LATENCY, "cycles", "0", 0, 100000, 0, NULL, NULL, NULL,
     "standard deviation of each flit's link latency (Novo-G# thesis §3.4.4 measured 12.34ns around 175.7ns); 0 = fixed "
     "latency. Draws are Gaussian, truncated at 4 standard deviations, and never reorder a link's flits",
     FCSIM_KEY_TO(FCSIM_STORE_CYCLES_REAL, link_jitter_cycles)},
    {"network", "link_lanes", FCSIM_KT_INT, "lanes", "1", 1, 16, 0, NULL, NULL, NULL,
     "lanes each flit is striped over when the link's latency varies (network.link_jitter): every lane draws its own "
     "latency and the flit arrives with its last lane (deskew), so its mean latency rises with the lanes as well as its "
     "spread. Novo-G# thesis: an MGT link is 4 lanes of 10 Gb/s (Table 3.2), each lane measured on its own (s3.4.4, "
     "Table 3.3); 1 = one draw per flit",
     FCSIM_KEY_TO(FCSIM_STORE_INT, link_lanes)},
    {"network", "link_lane_spread", FCSIM_KT_LATENCY, "cycles", "0", 0, 100000, 0, NULL, NULL, NULL,
     "standard deviation of each lane's own mean latency when the link's latency varies (network.link_jitter): drawn "
     "once per lane of every channel (with network.link_lanes = 1, once per link), added to network.link_latency, "
     "within the same truncation. Novo-G# thesis Table 3.3: the 16 lanes' means are 170.6-180.1ns, SD 3.0ns; 0 = "
     "every lane has network.link_latency as its mean",
     FCSIM_KEY_TO(FCSIM_STORE_CYCLES_REAL, link_lane_spread_cycles)},
    {"network", "link_bandwidth", FCSIM_KT_INT, "flits/cycle", "1", 1, 16, 0, NULL, NULL, NULL,
     "flits a link carries per cycle in each direction",
     FCSIM_KEY_TO(FCSIM_STORE_INT, link_bandwidth_flits)},
    {"network", "clock", FCSIM_KT_FREQ, "Hz", "156.25MHz", FCSIM_CLOCK_MIN_HZ, FCSIM_CLOCK_MAX_HZ, 0, NULL, NULL, NULL,
     "router clock, converts cycles to ns (`156.25MHz`)",
     FCSIM_KEY_TO(FCSIM_STORE_HZ, clock_hz)},
    {"network", "clock_spread_ppm", FCSIM_KT_REAL, "ppm", "0", 0, 100000, 0, NULL, NULL, NULL,
     "each node's clock is network.clock offset by a Gaussian draw of this standard deviation, in ppm (Novo-G# thesis Table "
     "3.4); 0 = one clock",
     FCSIM_KEY_TO(FCSIM_STORE_REAL, clock_spread_ppm)},
    {"network", "flit_bits", FCSIM_KT_INT, "bits", "128", 8, 4096, 0, NULL, NULL, NULL,
     "bits per flit; converts packet sizes given in bits or bytes",
     FCSIM_KEY_TO(FCSIM_STORE_INT, flit_bits)},
};
const struct fcsim_key_table fcsim_network_keys = FCSIM_KEY_TABLE("network", network_rows);

static const struct fcsim_key sim_rows[] = {
    {"sim", "seed", FCSIM_KT_INT, "", "1", 0, 9007199254740992.0, 0, NULL, NULL, NULL,
     "random seed; the same seed gives byte-identical results",
     FCSIM_KEY_TO(FCSIM_STORE_INT, seed)},
    {"sim", "replications", FCSIM_KT_INT, "runs", "1", 1, 1000, 0, NULL, NULL, NULL,
     "independent runs of the configuration, replication i with seed mix(sim.seed, i) (the first with sim.seed "
     "itself); every metric is then reported as the mean with its standard deviation and 95 % Student-t "
     "confidence interval (docs/OUTPUT.md \"Replications\")"},
    {"sim", "threads", FCSIM_KT_INT, "partitions", "1", 1, 4096, 0, NULL, NULL, NULL,
     "split the network into this many partitions, run by as many threads (at most one per processor); results are "
     "identical for any count",
     1,
     FCSIM_KEY_TO(FCSIM_STORE_INT, threads)},
    {"sim", "run_ahead", FCSIM_KEY_CHOICE(onoff_names, "on"),
     "`on`: a busy node is stepped on through the next cycles at once, up to the shortest link latency (results are "
     "identical; fewer engine steps); `off`: every node is stepped at the engine's cycle (a check on the engine)",
     1,
     FCSIM_KEY_FLAG(run_ahead, "on")},
    {"sim", "huge_pages", FCSIM_KEY_CHOICE(onoff_names, "on"),
     "`on`: the node states and link rings ask the kernel for transparent huge pages (Linux `madvise`, 2 MiB "
     "pages: fewer TLB misses on large networks; results are identical); `off`: ordinary pages",
     1,
     FCSIM_KEY_FLAG(huge_pages, "on")},
    {"sim", "prefetch", FCSIM_KEY_CHOICE(onoff_names, "on"),
     "`on`: in a partition of at least 1024 nodes, all of one model that offers it (novog, classic), the engine "
     "asks the memory system for the state and ring entries of the next nodes it steps or injects at, a few "
     "ahead, and for what the cycles a busy node is stepped on through will read: its input rings due within 8 "
     "cycles and the output a packet arriving on them goes straight on by, the output a head was routed to and the "
     "link slots it will write, a credit cycle's rings, a packet about to be injected, the source queues of a node "
     "whose workload makes a packet (faster on networks that outgrow the caches; results are identical); `off`: "
     "never",
     1,
     FCSIM_KEY_FLAG(prefetch, "on")},
    {"sim", "trains", FCSIM_KEY_CHOICE(onoff_names, "on"),
     "`on`: a novog router sends, injects and ejects a packet whole when every flit of it is known, each flit "
     "stamped with the cycle it moves (one clock, links of one flit a cycle without jitter between novog routers of "
     "one partition, routing that does not read credits; results are identical, fewer steps); `off`: flit by flit "
     "(a check on the trains)",
     1,
     FCSIM_KEY_FLAG(trains, "on")},
    {"sim", "mpi_timeout", FCSIM_KT_REAL, "s", "60", 1, 86400, 0, NULL, NULL, NULL,
     "MPI runs: a rank that hears nothing from a peer for this long stops with an error naming it", 1,
     FCSIM_KEY_TO(FCSIM_STORE_REAL, mpi_timeout_s)},
    {"sim", "warmup_cycles", FCSIM_KT_INT, "cycles", "2000", 0, 1e12, 0, NULL, NULL, NULL,
     "continuous mode: cycles simulated before measurement starts",
     FCSIM_KEY_TO(FCSIM_STORE_INT, warmup_cycles)},
    {"sim", "measure_cycles", FCSIM_KT_INT, "cycles", "10000", 1, 1e12, 0, NULL, NULL, NULL,
     "continuous mode: packets created in this window are measured",
     FCSIM_KEY_TO(FCSIM_STORE_INT, measure_cycles)},
    {"sim", "drain_cycles", FCSIM_KT_INT, "cycles", "auto", 0, 1e12, 1, NULL, NULL, NULL,
     "continuous mode: longest wait for measured packets after the window; not drained means saturated. `auto`: 4x "
     "measure_cycles + 10000",
     FCSIM_KEY_TO(FCSIM_STORE_INT, drain_cycles), .auto_value = -1},
    {"sim", "drain_cut", FCSIM_KEY_CHOICE(onoff_names, "on"),
     "`on`: a continuous run whose source queues grew past the backlog limit over the window is saturated "
     "whatever the drain shows, and its drain is cut once the deadlock watchdog has had its full period "
     "(`drain_cut` in the results); `off`: the drain runs to sim.drain_cycles (to measure starved packets, say)",
     FCSIM_KEY_FLAG(drain_cut, "on")},
    {"sim", "deadlock_cycles", FCSIM_KT_INT, "cycles", "auto", 1, 1e12, 1, NULL, NULL, NULL,
     "watchdog: flits waiting and none moving for this long is reported as deadlock. `auto`: 20x (link latency + "
     "credit period) + 1000",
     FCSIM_KEY_TO(FCSIM_STORE_INT, deadlock_cycles), .auto_value = -1},
    {"sim", "max_cycles", FCSIM_KT_INT, "cycles", "100000000", 1, 1e15, 0, NULL, NULL, NULL,
     "batch mode: stop (and report) if the batch has not finished after this many cycles",
     FCSIM_KEY_TO(FCSIM_STORE_INT, max_cycles)},
    {"sim", "max_memory", FCSIM_KT_SIZE, "bytes", "auto", 1, 1e18, 1, NULL, NULL, NULL,
     "refuse a run (before allocating) whose estimated memory exceeds this (`16GB`, `512MiB`); `auto`: 80 % of the "
     "physical memory. `fcsim topo` prints the estimate",
     1,
     FCSIM_KEY_TO(FCSIM_STORE_BYTES, max_memory_bytes)},
    {"sim", "max_input_bytes", FCSIM_KT_SIZE, "bytes", "4GiB", 1, 1e18, 0, NULL, NULL, NULL,
     "the largest input file a reader accepts (network.netlist, traffic.trace, collective patterns and tables, "
     "plot inputs, tune resume files, app configurations); pipes and devices, whose size cannot be bounded, are "
     "refused",
     FCSIM_KEY_TO(FCSIM_STORE_BYTES, max_input_bytes)},
    {"sim", "saturation_latency_factor", FCSIM_KT_REAL, "x zero-load", "3", 0, 1e6, 0, NULL, NULL, NULL,
     "continuous mode: a run whose average latency exceeds this multiple of the zero-load latency at its average hop "
     "count is saturated (`latency`); 0 turns it off",
     FCSIM_KEY_TO(FCSIM_STORE_REAL, saturation_latency_factor)},
    {"sim", "saturation_latency", FCSIM_KT_INT, "cycles", "0", 0, 1e12, 0, NULL, NULL, NULL,
     "continuous mode: a run whose average latency exceeds this is saturated (`latency`); 0: off",
     FCSIM_KEY_TO(FCSIM_STORE_INT, saturation_latency_cycles)},
};
const struct fcsim_key_table fcsim_sim_keys = FCSIM_KEY_TABLE("sim", sim_rows);

static const struct fcsim_key stats_rows[] = {
    {"stats", "latency_from", FCSIM_KEY_CHOICE(latency_from_names, "creation"),
     "where a packet's latency starts: `creation` (the cycle the source created it: includes the wait in the source "
     "queue, BookSim2's packet latency) or `injection` (the cycle its head flit entered the network: the network "
     "latency, what a hardware time stamp in the head flit measures). Implemented by the VC routers: with novog "
     "only the statistics change; with classic a tail flit also competes in switch allocation with that age",
     FCSIM_KEY_FLAG(latency_from_injection, "injection")},
};
const struct fcsim_key_table fcsim_stats_keys = FCSIM_KEY_TABLE("stats", stats_rows);
