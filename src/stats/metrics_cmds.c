/* SPDX-License-Identifier: BSD-3-Clause */
/* Declarations of the fields that `fcsim topo`, `fcsim collective` and
 * `fcsim tune` write (include/fcsim/metrics.h), and of the metrics `fcsim
 * tune --metric` compares. */
#include "stats/metrics_decl.h"

static const struct fcsim_metric topo_rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("network", "", NONE, SAME, NULL, "the network in words"),
    M("nodes.total", "nodes", NONE, SAME, NULL, "nodes of the graph (routers, endpoints, adapters)"),
    M("nodes.endpoints", "nodes", NONE, SAME, NULL, "nodes that send and receive traffic"),
    M("nodes.adapters", "nodes", NONE, SAME, NULL, "protocol adapters (link.protocol) between routers and lines"),
    M("nodes.kinds.*.model", "", NONE, SAME, NULL, "a kind of node: its router model"),
    M("nodes.kinds.*.set", "", NONE, SAME, NULL, "the settings that kind runs with"),
    M("nodes.kinds.*.nodes", "nodes", NONE, SAME, NULL, "nodes of that kind"),
    M("nodes.kinds.*.endpoints", "nodes", NONE, SAME, NULL, "endpoints among them"),
    M("nodes.kinds.*.router_cycles", "cycles", NONE, SAME, NULL, "a packet's zero-load cycles through such a node"),
    M("links.total", "links", NONE, SAME, NULL, "bidirectional links"),
    M("links.channels", "channels", NONE, SAME, NULL, "one-way channels"),
    M("links.classes.*.latency_cycles", "cycles", NONE, SAME, NULL, "a class of links: latency"),
    M("links.classes.*.latency_ns", "ns", NONE, SAME, NULL, "its latency in ns"),
    M("links.classes.*.bandwidth_flits", "flits/cycle", NONE, SAME, NULL, "its bandwidth"),
    M("links.classes.*.jitter_ns", "ns", NONE, SAME, NULL, "standard deviation of its latency"),
    M("links.classes.*.model", "", NONE, SAME, NULL, "its delay-line model"),
    M("links.classes.*.protocol", "", NONE, SAME, NULL, "its protocol (ideal, fc, tnw)"),
    M("links.classes.*.protocol_cycles", "cycles", NONE, SAME, NULL, "cycles the protocol adds at zero load"),
    M("links.classes.*.two_way", "links", NONE, SAME, NULL, "bidirectional links of the class"),
    M("links.classes.*.one_way", "channels", NONE, SAME, NULL, "one-way channels of the class"),
    M("diameter_hops", "hops", LOWER, SAME, NULL, "most hops of a shortest route between endpoints"),
    M("diameter_ns", "ns", LOWER, SAME, NULL, "zero-load time of the longest route"),
    M("diameter_cycles", "cycles", LOWER, SAME, NULL, "the same in cycles"),
    M("longest_path.from", "", NONE, SAME, NULL, "the longest route's source"),
    M("longest_path.to", "", NONE, SAME, NULL, "its destination"),
    M("longest_path.hops.*.from", "", NONE, SAME, NULL, "a hop of it: from node"),
    M("longest_path.hops.*.port", "", NONE, SAME, NULL, "output port"),
    M("longest_path.hops.*.to", "", NONE, SAME, NULL, "to node"),
    M("longest_path.hops.*.router_cycles", "cycles", NONE, SAME, NULL, "cycles in the router"),
    M("longest_path.hops.*.link_cycles", "cycles", NONE, SAME, NULL, "cycles on the link"),
    M("longest_path.hops.*.protocol_cycles", "cycles", NONE, SAME, NULL, "cycles in protocol adapters"),
    M("longest_path.hops.*.ns", "ns", NONE, SAME, NULL, "the hop's time"),
    M("bisection_links", "links", HIGHER, SAME, NULL, "links crossing the bisection"),
    M("bisection_flits_per_cycle", "flits/cycle", HIGHER, SAME, NULL, "their bandwidth"),
    M("bisection_method", "", NONE, SAME, NULL, "\"exact\" or \"heuristic upper bound\""),
    M("memory.total_bytes", "bytes", LOWER, SAME, "the estimate could be made (else memory is null)",
      "memory a run of this network needs"),
    M("memory.lower_bound", "", NONE, SAME, NULL, "true: total_bytes is a lower bound"),
    M("memory.limit_bytes", "bytes", NONE, SAME, NULL, "sim.max_memory"),
    M("memory.limit_auto", "", NONE, SAME, NULL, "the limit is sim.max_memory = auto (from the host's memory)"),
    M("memory.refused", "", NONE, SAME, NULL, "a run would be refused: above the limit"),
    M("memory.states_bytes", "bytes", NONE, SAME, NULL, "router states"),
    M("memory.rings_bytes", "bytes", NONE, SAME, NULL, "link rings"),
    M("memory.graph_bytes", "bytes", NONE, SAME, NULL, "the graph"),
    M("memory.links_bytes", "bytes", NONE, SAME, NULL, "link tables"),
    M("memory.engine_bytes", "bytes", NONE, SAME, NULL, "the engine's schedules"),
    M("memory.queues_bytes", "bytes", NONE, SAME, NULL, "source queues"),
    M("memory.workload_bytes", "bytes", NONE, SAME, NULL, "the workload"),
    M("memory.per_router_bytes", "bytes", NONE, SAME, NULL, "total per router"),
    M("memory.kinds.*.model", "", NONE, SAME, NULL, "a router model"),
    M("memory.kinds.*.routers", "routers", NONE, SAME, NULL, "routers of it"),
    M("memory.kinds.*.state_bytes_per_router", "bytes", NONE, SAME, NULL, "state of one"),
    M("bee3.*", "", NONE, SAME, "bee3 topology", "the BEE3 layout's boards, FPGAs and resources (docs/BEE3.md)"),
    M("bee3.*.*", "", NONE, SAME, "bee3 topology", "(as above)"),
    M("bee3.*.*.*", "", NONE, SAME, "bee3 topology", "(as above)"),
};

static const struct fcsim_metric coll_build_rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("config.network.topology", "", NONE, SAME, NULL, "torus or mesh"),
    M("config.network.dims", "", NONE, SAME, NULL, "dimensions"),
    M("config.algorithm", "", NONE, SAME, NULL, "ocr or rpm"),
    M("config.pattern", "", NONE, SAME, NULL, "the pattern (name or file)"),
    M("config.op", "", NONE, SAME, NULL, "multicast or reduction"),
    M("config.out", "", NONE, SAME, NULL, "the table directory"),
    M("metrics.multicast_table_bits.*", "bits", LOWER, SAME, NULL, "multicast table bits of each node"),
    M("metrics.reduction_table_bits.*", "bits", LOWER, SAME, NULL, "reduction table bits of each node"),
    M("metrics.mean_table_bits", "bits", LOWER, SAME, NULL, "table bits per node, averaged (Novo-G# thesis Table 5.7)"),
    M("metrics.mean_unshared_table_bits", "bits", LOWER, SAME, NULL, "the same without sharing entries"),
    M("metrics.onchip_percent", "%", LOWER, SAME, NULL, "mean_table_bits as a share of the on-chip memory"),
    M("metrics.max_buffer_flits", "flits", LOWER, SAME, NULL, "null: measured in simulation (fcsim collective run)"),
    M("metrics.trees", "trees", NONE, SAME, NULL, "trees built (one per source)"),
    M("metrics.tree_edges", "edges", NONE, SAME, NULL, "their edges"),
    M("metrics.max_link_load", "trees", LOWER, SAME, NULL, "most trees on one link"),
};

#define CRUN(alg)                                                                                                      \
  M("runs.*." alg ".total_latency", "cycles", LOWER, DERIVED, "batch mode", "batch latency (run's metrics)"),          \
      M("runs.*." alg ".avg_latency", "cycles", LOWER, DERIVED, NULL, "average latency"),                              \
      M("runs.*." alg ".worst_latency", "cycles", LOWER, MAX, NULL, "worst latency"),                                  \
      M("runs.*." alg ".send_throughput", "flits/node/cycle", HIGHER, DERIVED, NULL, "injected"),                      \
      M("runs.*." alg ".recv_throughput", "flits/node/cycle", HIGHER, DERIVED, NULL, "ejected"),                       \
      M("runs.*." alg ".max_busy_vcs", "VCs", LOWER, MAX, NULL, "most busy VCs of one port"),                          \
      M("runs.*." alg ".max_buffer_flits", "flits", LOWER, MAX, NULL, "most flits in one input buffer (Table 5.8)"),   \
      M("runs.*." alg ".packets_measured", "packets", NONE, SUM, NULL, "measured packets"),                            \
      M("runs.*." alg ".packets_delivered", "packets", NONE, SUM, NULL, "delivered packets"),                          \
      M("runs.*." alg ".saturated", "", NONE, DERIVED, NULL, "the run saturated")

static const struct fcsim_metric coll_run_rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("config.network.dims", "", NONE, SAME, NULL, "dimensions"),
    M("config.router.model", "", NONE, SAME, NULL, "voq or ring"),
    M("config.traffic.rate", "flits/node/cycle", NONE, SAME, NULL, "rate (continuous mode)"),
    M("config.mode", "", NONE, SAME, NULL, "batch or continuous"),
    M("runs.*.pattern", "", NONE, SAME, NULL, "a run: its pattern"),
    M("runs.*.op", "", NONE, SAME, NULL, "multicast or reduction"),
    CRUN("ocr"),
    CRUN("rpm"),
    M("runs.*.gain", "ratio", HIGHER, DERIVED, NULL, "OCR's gain over RPM: RPM latency / OCR latency - 1"),
    CRUN("rpm_equal_headers"),
    M("runs.*.gain_trees", "ratio", HIGHER, DERIVED, "batch multicast runs",
      "OCR's gain from its trees alone: RPM with OCR's header size / OCR latency - 1"),
    M("runs.*.gain_headers", "ratio", HIGHER, DERIVED, "batch multicast runs",
      "what RPM's bit-vector header adds: RPM latency / RPM with OCR's header size - 1"),
    M("gain.multicast", "ratio", HIGHER, DERIVED, "multicast runs", "geometric mean gain of the multicast runs"),
    M("gain.reduction", "ratio", HIGHER, DERIVED, "reduction runs", "geometric mean gain of the reduction runs"),
    M("gain.all", "ratio", HIGHER, DERIVED, NULL, "geometric mean gain of all runs"),
    M("gain.multicast_trees", "ratio", HIGHER, DERIVED, "batch multicast runs",
      "geometric mean of runs.*.gain_trees (gain.multicast = (1 + trees)(1 + headers) - 1)"),
    M("gain.multicast_headers", "ratio", HIGHER, DERIVED, "batch multicast runs",
      "geometric mean of runs.*.gain_headers"),
};

#define RES(name, unit, better, merge, meaning) M("results." name, unit, better, merge, "a finished run", meaning)
#define WL(name, unit, better, meaning)         M("workloads.*.*." name, unit, better, DERIVED, NULL, meaning)
#define WLR(name, unit, better, meaning)                                                                               \
  M("workloads.*.*." name, unit, better, DERIVED, "sim.replications > 1 and a next configuration", meaning)
#define GL(name, unit, better, meaning) M("global.*." name, unit, better, DERIVED, "several workloads", meaning)

static const struct fcsim_metric tune_rows[] = {
    M("type", "", NONE, SAME, NULL, "the line: \"tune\" (header), \"point\" (one run), \"summary\""),
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("workloads.*", "", NONE, SAME, "header", "the workloads (CONFIG files' names)"),
    M("space.*.*.*", "", NONE, SAME, "header", "a dimension of the space (section.key): its values"),
    M("vary.*.*.*", "", NONE, SAME, "header", "a swept key (section.key): its values"),
    M("metrics.*", "", NONE, SAME, "header", "the metrics compared"),
    M("tolerance", "ratio", NONE, SAME, "header", "slack for the fewest VCs matching the best"),
    M("exclude_saturated", "", NONE, SAME, "header",
      "--exclude-saturated: only sweep points where no configuration's run saturated were analysed"),
    M("rungs.*.budget", "ratio", NONE, SAME, "header", "a rung of successive halving: run length, share of full"),
    M("rungs.*.run_length", "", NONE, SAME, "header", "the same in words"),
    M("rungs.*.configurations", "configurations", NONE, SAME, "header", "configurations run on the rung"),
    M("rungs.*.pruned.*", "", NONE, SAME, "header", "configurations dropped after it"),
    M("workload", "", NONE, SAME, "point", "the run's workload"),
    M("rung", "", NONE, SAME, "point", "its rung"),
    M("budget", "ratio", NONE, SAME, "point", "its run length, share of full"),
    M("label", "", NONE, SAME, "point", "its configuration in words"),
    M("sweep", "", NONE, SAME, "point", "its point of --vary"),
    M("config.*.*", "as in docs/CONFIG.md", NONE, SAME, "point", "every key of the run (docs/CONFIG.md)"),
    M("error", "", NONE, SAME, "a run that failed", "why"),
    RES("total_latency", "cycles", LOWER, DERIVED, "as metrics.total_latency of a run (0: does not apply)"),
    RES("avg_latency", "cycles", LOWER, DERIVED, "as metrics.avg_latency of a run"),
    RES("worst_latency", "cycles", LOWER, MAX, "as metrics.worst_latency of a run"),
    RES("p50_latency", "cycles", LOWER, DERIVED, "as metrics.p50_latency of a run"),
    RES("p99_latency", "cycles", LOWER, DERIVED, "as metrics.p99_latency of a run"),
    RES("p999_latency", "cycles", LOWER, DERIVED, "as metrics.p999_latency of a run"),
    RES("send_throughput", "flits/node/cycle", HIGHER, DERIVED, "as metrics.send_throughput of a run"),
    RES("recv_throughput", "flits/node/cycle", HIGHER, DERIVED, "as metrics.recv_throughput of a run"),
    RES("max_busy_vcs", "VCs", LOWER, MAX, "as metrics.max_busy_vcs of a run"),
    RES("area_alms", "ALMs", LOWER, SAME, "as metrics.area_alms of a run"),
    RES("avg_hops", "links", NONE, DERIVED, "as metrics.avg_hops of a run"),
    RES("packets_measured", "packets", NONE, SUM, "as metrics.packets_measured of a run"),
    RES("cycles", "cycles", NONE, SAME, "as metrics.cycles of a run"),
    RES("wall_seconds", "s", LOWER, PROCESS, "as execution.wall_seconds of a run"),
    RES("buffer_overflows", "flits", LOWER, SUM, "as metrics.buffer_overflows of a run"),
    RES("saturated", "", NONE, DERIVED, "as saturated of a run"),
    RES("drained", "", NONE, DERIVED, "as drained of a run"),
    RES("deadlock", "", NONE, DERIVED, "as deadlock of a run"),
    M("counts.configurations", "configurations", NONE, SAME, "summary", "configurations in the space"),
    M("counts.impossible", "configurations", NONE, SAME, "summary", "refused by the configuration checks"),
    M("counts.runs", "runs", NONE, SUM, "summary", "runs"),
    M("counts.new", "runs", NONE, SUM, "summary", "runs made now"),
    M("counts.reused", "runs", NONE, SUM, "summary", "runs read back from the --json file"),
    M("counts.failed", "runs", LOWER, SUM, "summary", "runs that failed"),
    M("counts.deadlocked", "runs", LOWER, SUM, "summary", "runs that deadlocked"),
    M("counts.buffer_overflow_runs", "runs", LOWER, SUM, "summary", "runs with a buffer overflow (must be 0)"),
    M("counts.saturated", "runs", NONE, SUM, "summary", "runs that saturated"),
    M("counts.pruned", "configurations", NONE, SUM, "summary", "configurations dropped by successive halving"),
    WL("best", "", NONE, "per workload and metric: the best configuration"),
    WL("value", "the metric's", NONE, "its value (geometric mean over the sweep)"),
    WL("average", "the metric's", NONE, "the average over all valid configurations"),
    WL("gain", "ratio", HIGHER, "the best's gain over the average (Novo-G# thesis Tables 5.3/5.4)"),
    WL("per_point_gain", "ratio", HIGHER, "gain of the best per sweep point over the average"),
    WL("valid_configurations", "configurations", NONE, "configurations with a valid value"),
    WL("best_vcs", "VCs", LOWER, "router.vcs of the best"),
    WL("busy_vcs", "VCs", LOWER, "max_busy_vcs of the best"),
    WL("fewest_vcs", "VCs", LOWER, "fewest VCs within the tolerance of the best (Table 4.2); null: none"),
    WL("fewest_vcs_config", "", NONE, "that configuration"),
    WL("area_saved_alms", "ALMs", HIGHER, "area saved by fewest_vcs against best_vcs; null: none"),
    WL("points", "points", NONE,
       "sweep points analysed (all, less those left out below, and with --exclude-saturated the unsaturated ones), "
       "times the replications"),
    WL("points_unarrived", "points", NONE,
       "points left out of the workload's analysis because a configuration's run there delivered none of its "
       "measured packets (far past saturation: its latencies are undefined); only when a latency is ranked"),
    WL("optimal_points", "points", NONE, "points with a per-point winner"),
    WL("tied_points", "points", NONE, "of them, points where several configurations tied (first in space order wins)"),
    WL("times_optimal.*", "points", NONE,
       "per configuration: points where it was the best (Novo-G# thesis Figs. 5.12-5.16)"),
    WL("saturated_points.*", "points", LOWER, "per configuration: analysed points whose run saturated"),
    WL("best_saturated_points", "points", LOWER, "the best configuration's analysed points whose run saturated"),
    WL("best_on_saturated", "", NONE, "the best rests on saturated points (marked * in the report)"),
    WLR("replications", "runs", NONE, "replications of each point behind the comparison"),
    WLR("value_ci95.*", "the metric's", NONE, "[low, high]: 95 % confidence interval of the best's value"),
    WLR("next", "", NONE, "the next best configuration (with replications)"),
    WLR("next_value", "the metric's", NONE, "its value"),
    WLR("next_ci95.*", "the metric's", NONE, "[low, high]: 95 % confidence interval of its value"),
    WLR("difference_ci95.*", "the metric's", NONE,
        "[low, high]: 95 % interval of the best's difference from the next, paired by seed"),
    WLR("distinguishable", "", NONE, "the difference interval excludes 0: the best is not a tie with the next"),
    GL("best", "", NONE, "per metric: the best configuration over all workloads (Table 5.5)"),
    GL("value", "the metric's", NONE, "its value"),
    GL("gain", "ratio", HIGHER, "gain of each workload's own choice over it: |G(app / global) - 1| over workloads"),
    GL("gain_seed", "ratio", HIGHER,
       "Table 5.5 as fcsim reads the seed's geomean(|app - global| / global) (Novo-G# thesis): the ratio form, "
       "equal to gain (docs/TUNE.md compares the readings)"),
    GL("gain_terms_geomean", "ratio", HIGHER,
       "geometric mean over workloads of the terms |app - global| / global; 0 when one workload's own best is the "
       "global best"),
    GL("gain_terms_mean", "ratio", HIGHER, "arithmetic mean of the same terms"),
    GL("per_workload_gain.*", "ratio", HIGHER,
       "per workload: |app - global| / global, the terms of gain_terms_geomean and gain_terms_mean"),
    GL("fewest_vcs", "VCs", LOWER, "fewest VCs within the tolerance"),
    GL("fewest_vcs_config", "", NONE, "that configuration"),
};

/* What `fcsim tune --metric` compares: a run's metric by name, and `area`. */
static const struct fcsim_metric tune_metric_rows[] = {
    M("total_latency", "cycles", LOWER, DERIVED, "batch workloads",
      "batch latency: last flit ejected - first flit injected (batch workloads only)"),
    M("avg_latency", "cycles", LOWER, DERIVED, NULL, "average packet latency"),
    M("worst_latency", "cycles", LOWER, MAX, NULL, "latency of the worst packet"),
    M("p99_latency", "cycles", LOWER, DERIVED, NULL, "99th percentile of packet latency"),
    M("send_throughput", "flits/node/cycle", HIGHER, DERIVED, NULL, "flits injected per node per cycle"),
    M("recv_throughput", "flits/node/cycle", HIGHER, DERIVED, NULL, "flits ejected per node per cycle"),
    M("max_busy_vcs", "VCs", LOWER, MAX, NULL, "most VCs of one input port ever holding flits"),
    M("area", "ALMs", LOWER, DERIVED, NULL,
      "ALMs (Table 4.2) of a router with max_busy_vcs VCs: the area the run needed"),
    M("area_alms", "ALMs", LOWER, SAME, NULL, "ALMs (Table 4.2) of the configured router.vcs"),
};

const struct fcsim_metric_table fcsim__metrics_topo = {"topo", "`fcsim topo --json`", topo_rows,
                                                       sizeof topo_rows / sizeof topo_rows[0]};
const struct fcsim_metric_table fcsim__metrics_coll_build = {"collective-build", "`fcsim collective build --json`",
                                                             coll_build_rows,
                                                             sizeof coll_build_rows / sizeof coll_build_rows[0]};
const struct fcsim_metric_table fcsim__metrics_coll_run = {
    "collective-run", "`fcsim collective run --json`", coll_run_rows, sizeof coll_run_rows / sizeof coll_run_rows[0]};
const struct fcsim_metric_table fcsim__metrics_tune = {
    "tune", "`fcsim tune --json` (JSON Lines: header, points, summary) and `--csv` (one row per point)", tune_rows,
    sizeof tune_rows / sizeof tune_rows[0]};
const struct fcsim_metric_table fcsim__metrics_tune_metric = {"tune-metric", "`fcsim tune --metric NAME,...`",
                                                              tune_metric_rows,
                                                              sizeof tune_metric_rows / sizeof tune_metric_rows[0]};
