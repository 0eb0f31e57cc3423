/* SPDX-License-Identifier: BSD-3-Clause */
/* Declarations of every field of a simulation result: the JSON object of
 * `fcsim run --json` (one per line in `fcsim sweep --json`), its CSV row and
 * its table (include/fcsim/metrics.h): the fields every run has, whose
 * values are the fields of struct fcsim_stats (include/fcsim/stats.h),
 * filled in engine/engine.c. The fields of a router model or a link
 * protocol (its counters and figures) are declared beside its code, as
 * parts of this table joined in by src/models.c's list (stats/metrics.c). */
#include "stats/metrics_decl.h"

#define LAT   "measured packets exist and no deadlock"
#define TOT   "batch mode, every packet arrived, no deadlock"

static const struct fcsim_metric run_rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version that wrote the result"),
    M("config.*.*", "as in docs/CONFIG.md", NONE, SAME, NULL,
      "every configuration key as given or defaulted (section.key, docs/CONFIG.md); JSON keeps the text "
      "(\"175ns\"), CSV the value in the key's base unit"),
    /* derived */
    M("derived.nodes", "nodes", NONE, SAME, NULL, "nodes (routers and endpoints) in the network"),
    M("derived.link_latency_cycles", "cycles", NONE, SAME, NULL, "network.link_latency in cycles of network.clock"),
    M("derived.link_latency_ns", "ns", NONE, SAME, NULL, "network.link_latency in ns"),
    M("derived.clock_hz", "Hz", NONE, SAME, NULL, "network.clock"),
    M("derived.vc_depth_flits", "flits", NONE, SAME, NULL, "router.vc_depth resolved (auto: the model's default)"),
    M("derived.switch_cycles", "cycles", NONE, SAME, NULL, "router.switch_cycles resolved"),
    M("derived.credit_threshold_flits", "flits", NONE, SAME, NULL, "credits a router waits for before sending"),
    M("derived.packet_flits", "flits", NONE, SAME, NULL, "traffic.packet_size in flits"),
    M("derived.drain_cycles", "cycles", NONE, SAME, NULL, "sim.drain_cycles resolved"),
    M("derived.deadlock_cycles", "cycles", NONE, SAME, NULL, "sim.deadlock_cycles resolved: the watchdog's period"),
    /* latencies */
    MV("metrics.total_latency", "cycles", LOWER, DERIVED, TOT,
      "batch latency: last flit ejected - first flit injected (Novo-G# thesis Table 5.2)", "latency", NULL, "%.1f", FCSIM_VIEW_NONZERO),
    MV("metrics.avg_latency", "cycles", LOWER, DERIVED, LAT,
      "mean latency of measured packets, creation to tail ejection", "latency", "avg_latency", "%.2f", 0),
    MV("metrics.p50_latency", "cycles", LOWER, DERIVED, LAT,
      "median latency of measured packets, from the merged histogram (exact below 2048 cycles, within 1.6 % above)", "latency", NULL, "%.0f", 0),
    MV("metrics.p99_latency", "cycles", LOWER, DERIVED, LAT, "99th percentile latency (as p50_latency)", "latency", "p99", "%.0f", 0),
    MV("metrics.p999_latency", "cycles", LOWER, DERIVED, LAT, "99.9th percentile latency (as p50_latency)", "latency", NULL, "%.0f", 0),
    MV("metrics.worst_latency", "cycles", LOWER, MAX, LAT, "largest latency of a measured packet", "latency", "worst", "%.0f", 0),
    MV("metrics.total_latency_ns", "ns", LOWER, DERIVED, TOT, "total_latency x ns per cycle", NULL, NULL, "%.1f", 0),
    MV("metrics.avg_latency_ns", "ns", LOWER, DERIVED, LAT, "avg_latency x ns per cycle", NULL, NULL, "%.1f", 0),
    MV("metrics.p50_latency_ns", "ns", LOWER, DERIVED, LAT, "p50_latency x ns per cycle", NULL, NULL, "%.1f", 0),
    MV("metrics.p99_latency_ns", "ns", LOWER, DERIVED, LAT, "p99_latency x ns per cycle", NULL, NULL, "%.1f", 0),
    MV("metrics.p999_latency_ns", "ns", LOWER, DERIVED, LAT, "p999_latency x ns per cycle", NULL, NULL, "%.1f", 0),
    MV("metrics.worst_latency_ns", "ns", LOWER, DERIVED, LAT, "worst_latency x ns per cycle", NULL, NULL, "%.1f", 0),
    MV("metrics.zero_load_latency", "cycles", NONE, DERIVED, NULL,
      "the router model's zero-load latency at the run's avg_hops (0 if nothing arrived): the floor avg_latency "
      "approaches at low load", "latency", NULL, "%.1f", 0),
    /* load */
    MV("metrics.offered_rate", "flits/node/cycle", NONE, SAME, NULL, "traffic.rate as configured", "load", NULL, "%.4g", 0),
    M("metrics.offered_rate_net", "flits/node/cycle", NONE, DERIVED, NULL,
      "offered_rate less the packets a pattern addressed to their own source and that were not created"),
    MV("metrics.self_packets_sent", "packets", NONE, SUM, NULL,
      "window packets sent to their own source as 0-hop packets", "load", NULL, NULL, FCSIM_VIEW_NONZERO),
    MV("metrics.self_packets_excluded", "packets", NONE, SUM, NULL,
      "window packets a pattern mapped to their own source, not created", "load", NULL, NULL, FCSIM_VIEW_NONZERO),
    MV("metrics.backlog_flits", "flits", LOWER, DERIVED, "continuous mode (0 in batch mode)",
      "growth of the source queues over the measurement window: flits created in the window - flits injected "
      "in it = queued flits at the window's end - queued flits at its start. Negative when the queues held more "
      "at the start than at the end. In a run below saturation it wanders around 0 by a few packets of either "
      "sign (-26 in the default run: 26 flits more were queued when the window opened than when it closed); "
      "the run is SATURATED (backlog) when it exceeds 5 % of the flits created in the window plus two packets per "
      "endpoint", "load", NULL, "%.0f", 0),
    MV("metrics.send_throughput", "flits/node/cycle", HIGHER, DERIVED, NULL,
      "flits injected into the network per node per cycle over the window (batch: the run)", "load", "send_thru", "%.4f", 0),
    MV("metrics.recv_throughput", "flits/node/cycle", HIGHER, DERIVED, NULL,
      "flits ejected at destinations per node per cycle over the window (batch: the run)", "load", "recv_thru", "%.4f", 0),
    MV("metrics.max_busy_vcs", "VCs", LOWER, MAX, NULL, "most VCs of one input port ever holding flits at once", "load", NULL, NULL, 0),
    MV("metrics.avg_hops", "links", NONE, DERIVED, "measured packets exist", "links traversed per measured packet", "load", "avg_hops", "%.3f", 0),
    MV("metrics.link_util_avg", "flits/cycle", NONE, DERIVED, NULL,
      "data flits per cycle per link over the window, averaged over links", "load", NULL, "%.3f", 0),
    MV("metrics.link_util_max", "flits/cycle", NONE, DERIVED, NULL, "the busiest link's data flits per cycle", "load", NULL, "%.3f", 0),
    M("metrics.link_util.*", "flits/cycle", NONE, DERIVED, "--links",
      "data flits per cycle of each channel, by channel"),
    /* area, resources and buffers: the router models' parts (src/models.c) follow link_util.* */
    /* counts */
    MV("metrics.packets_measured", "packets", NONE, SUM, NULL, "packets created in the measurement window", "counts", NULL, NULL, 0),
    MV("metrics.packets_delivered", "packets", NONE, SUM, NULL, "measured packets whose tail was ejected", "counts", NULL, NULL, 0),
    M("metrics.flits_injected_total", "flits", NONE, SUM, NULL, "all flits that entered the network in the run"),
    M("metrics.flits_delivered_total", "flits", NONE, SUM, NULL, "all flits ejected in the run"),
    MV("metrics.flits_in_network", "flits", NONE, SUM, NULL,
      "flits injected and not yet ejected when the run ended (0 once everything drained)", "counts", NULL, NULL, FCSIM_VIEW_NONZERO),
    M("metrics.flit_hops_total", "flit-hops", NONE, SUM, NULL, "all link traversals of flits in the run"),
    M("metrics.buffer_overflows", "flits", LOWER, SUM, NULL, "flits that found a full VC: always 0 (a check)"),
    MV("metrics.cycles", "cycles", NONE, SAME, NULL, "cycles simulated (warm-up, window and drain)", "counts", NULL, NULL, 0),
    MV("metrics.makespan", "cycles", LOWER, MAX, "trace workloads", "cycle the last message completed", "latency", NULL, "%.0f", 0),
    MV("metrics.makespan_ns", "ns", LOWER, MAX, "trace workloads", "makespan x ns per cycle", NULL, NULL, "%.1f", 0),
    MR(SAME, "metrics.messages.*.id", "", NONE, SAME, "trace workloads", "a message's id in the trace"),
    M("metrics.messages.*.complete_cycle", "cycles", NONE, MAX, "trace workloads",
      "cycle the message's last flit arrived; null if it never did"),
    MR(KEY, "metrics.latency_histogram.bucket_cycles.*", "cycles", NONE, SAME, "--histogram",
      "smallest latency of each non-empty histogram bucket (1 cycle wide below 2048)"),
    MR(SUM, "metrics.latency_histogram.packets.*", "packets", NONE, SUM, "--histogram", "measured packets in that bucket"),
    /* the switched routers' and the link protocols' parts (src/models.c) follow this row */
    /* execution */
    M("execution.threads", "partitions", NONE, SAME, NULL, "sim.threads: partitions run by as many threads"),
    M("execution.run_ahead", "", NONE, SAME, NULL, "sim.run_ahead"),
    M("execution.huge_pages", "", NONE, SAME, NULL, "sim.huge_pages"),
    M("execution.prefetch", "", NONE, SAME, NULL, "sim.prefetch"),
    M("execution.trains", "", NONE, SAME, NULL, "sim.trains"),
    M("execution.mpi_timeout", "s", NONE, SAME, NULL, "sim.mpi_timeout"),
    M("execution.max_memory", "bytes", NONE, SAME, NULL, "sim.max_memory"),
    MV("execution.wall_seconds", "s", LOWER, PROCESS, NULL, "host time of the run", "execution", NULL, "%.3f", 0),
    MV("execution.cpu_seconds", "s", LOWER, PROCESS, NULL, "CPU time of this process, all threads (user + system)", "execution", NULL, "%.3f", 0),
    M("execution.memory_estimate_bytes", "bytes", LOWER, PROCESS, NULL,
      "estimated memory of the network (null when not estimated)"),
    M("execution.memory_per_router_bytes", "bytes", LOWER, PROCESS, NULL, "that estimate per router"),
    M("execution.prefetch_partitions", "partitions", NONE, MAX, NULL,
      "partitions whose step loop prefetched the next nodes' state (sim.prefetch: those of at least 1024 nodes of one "
      "model that offers it)"),
    M("execution.run_ahead_cycles", "cycles", NONE, MAX, NULL, "how far busy nodes were stepped ahead; 0: never"),
    M("execution.node_steps", "steps", LOWER, SUM, NULL,
      "node steps the engine made: its work (depends on sim.threads and ranks)"),
    M("execution.train_packets", "packets", NONE, SUM, NULL,
      "novog: packets sent, injected or ejected whole at a router (sim.trains; depends on sim.threads and ranks, "
      "like node_steps)"),
    M("execution.vc_buffer_peak_bytes", "bytes", LOWER, MAX, NULL,
      "VC routers (novog, classic): the most bytes of VC storage chunks one router held at once; "
      "memory per router counts the worst case (every VC full)"),
    /* verdicts */
    M("saturated", "", NONE, DERIVED, NULL, "the network could not carry the offered load (see saturation_reason)"),
    M("saturation_reason", "", NONE, DERIVED, NULL,
      "\"drain\" (measured packets still in flight after the drain), \"backlog\" (backlog_flits above 5 % of "
      "the offered flits) or \"latency\" (avg_latency above the configured limit); null when not saturated"),
    M("drained", "", NONE, DERIVED, NULL, "every measured packet arrived"),
    M("deadlock", "", NONE, DERIVED, NULL, "the watchdog found no progress for sim.deadlock_cycles"),
    M("deadlock_report", "", NONE, DERIVED, "a deadlock", "the channels in the waiting cycle"),
    M("measured", "", NONE, DERIVED, NULL, "false: no packet was measured, latencies and hops are null"),
    M("batch_finished", "", NONE, DERIVED, "batch mode", "every packet of the batch arrived and no deadlock"),
    M("drain_cut", "", NONE, DERIVED, "the drain was cut",
      "true: the source queues' growth over the window made the run saturated (saturation_reason \"backlog\"), so "
      "the drain was stopped before sim.drain_cycles; latencies describe the packets that arrived"),
    /* replications (sim.replications > 1): statistics of a metric over independent seeds */
    M("saturated_replications", "runs", NONE, DERIVED, "sim.replications > 1",
      "replications that saturated (saturated: any of them)"),
    M("replication_seeds.*", "", NONE, SAME, "sim.replications > 1", "each replication's sim.seed, in order"),
    M("replications.*.n", "runs", NONE, SAME, "sim.replications > 1", "replications averaged"),
    M("replications.*.mean", "the metric's", NONE, DERIVED, "sim.replications > 1",
      "mean over the replications (= metrics.X)"),
    M("replications.*.sd", "the metric's", NONE, DERIVED, "sim.replications > 1", "sample standard deviation"),
    M("replications.*.ci95_low", "the metric's", NONE, DERIVED, "sim.replications > 1",
      "lower end of the 95 % confidence interval of the mean (Student t)"),
    M("replications.*.ci95_high", "the metric's", NONE, DERIVED, "sim.replications > 1", "its upper end"),
    M("replications.*.values.*", "the metric's", NONE, SAME, "sim.replications > 1", "each replication's value"),
};

const struct fcsim_metric_table fcsim__metrics_run = {
    "run", "`fcsim run --json/--csv`, `fcsim sweep --json/--csv` (one object or row per point)", run_rows,
    sizeof run_rows / sizeof run_rows[0]};
