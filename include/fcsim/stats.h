/* SPDX-License-Identifier: BSD-3-Clause */
/* The results of a run that every run has, whatever its router models and
 * links: the metrics of seed 000 Table 5.2 with the names of SPEC §1,
 * percentiles, hops, link utilisation, the verdicts, the trace messages and
 * run facts. Latencies are in cycles; multiply by ns_per_cycle for ns. The
 * fields are plain counters and values; what each means, its unit, better
 * direction, when it applies and how partitions and ranks merge it is
 * declared once in the metric registry (include/fcsim/metrics.h,
 * stats/metrics_run.c; the field X is `metrics.X` of the JSON, except the
 * run facts under execution; docs/METRICS.md), read only when results are
 * written.
 *
 * What a router model or a link protocol reports is not here: its counters
 * stay in its own state (read by name with fcsim_sim_model_metric,
 * include/fcsim/sim.h: vcsn's vcsn_*, ethswitch's switch_*, voq's and
 * ring's max_buffer_flits and max_reduction_entries, the protocol adapters'
 * retransmissions, link_errors_*, link_payload_bytes, link_wire_bytes,
 * link_order_errors, fc_credit_stall_cycles, fc_rx_peak_flits), and the
 * figures it computes at report time go straight into the JSON
 * (figures_json, src/router/router.h: novog's, voq's and ring's area_alms
 * and area_percent, bee3's fpga_*, fc's fc_link_up_cycle,
 * fc_first_data_cycle and fc_model, tnw's tnw_model; the protocol lines'
 * link_directions and protocol_links, line_stats). Both are declared beside
 * the model (parts of the metric registry listed in src/models.c); read any
 * of them, counter or figure, with fcsim_sim_metric (include/fcsim/sim.h)
 * or from fcsim_sim_json. */
#ifndef FCSIM_STATS_H
#define FCSIM_STATS_H

#include <stdint.h>

/* A metric over the replications of a configuration (sim.replications):
 * n values, their mean, sample standard deviation and 95 % Student-t
 * confidence interval of the mean (docs/OUTPUT.md "Replications"). */
struct fcsim_summary {
  int n;
  double mean, sd;
  double ci95_low, ci95_high;
};

struct fcsim_stats {
  /* latency of measured packets to tail ejection (cycles), from creation or, with
   * stats.latency_from = injection, from the head entering the network */
  double avg_latency;
  double worst_latency;
  double p50_latency, p99_latency, p999_latency; /* exact below 2048 cycles, within 1.6 % above */
  double total_latency; /* batch: last flit ejected - first flit injected; 0 in continuous mode */
  /* flits per node per cycle over the measurement window (batch: the run) */
  double offered_rate;                 /* configured traffic.rate */
  double send_throughput;              /* injected into the network */
  double recv_throughput;              /* ejected at destinations */
  int max_busy_vcs;                    /* most VCs of one input port ever holding flits */
  double avg_hops;                     /* links traversed per measured packet */
  double link_util_avg, link_util_max; /* data flits per cycle per link, window */
  uint64_t cycles;                     /* cycles simulated */
  double wall_seconds;                 /* host time of the run */
  double cpu_seconds;                  /* CPU time of this process during the run, all threads (user + system) */
  double ns_per_cycle;                 /* 1e9 / network.clock */
  uint64_t packets_measured, packets_delivered;
  uint64_t flits_injected_total;   /* all flits that entered the network */
  uint64_t flits_delivered_total;  /* all flits ejected in the run */
  uint64_t flits_in_network;       /* injected, not yet ejected, at the end */
  uint64_t flit_hops_total;        /* all link traversals in the run */
  uint64_t node_steps;             /* model steps the engine made (its work; depends on sim.threads and ranks) */
  uint64_t vc_buffer_peak_bytes;   /* VC routers: the most bytes of VC storage one router held at once */
  uint64_t buffer_overflows;       /* flits that found a full VC: always 0 */
  int drained;                             /* every measured packet arrived */
  int drain_cut; /* the drain was stopped once the source queues' growth over the window made the run saturated
                  * whatever it showed (saturation_reason "backlog"); latencies describe the packets that arrived */
  int saturated;                           /* see saturation_reason */
  const char *saturation_reason;    /* "drain", "backlog", "latency" (src/stats/verdict.c), NULL if not saturated */
  double zero_load_latency;         /* router's zero-load formula at avg_hops (cycles), 0 if nothing arrived */
  double backlog_flits;             /* growth of the source queues over the window (flits) */
  uint64_t self_packets_sent;       /* window packets sent to their own source as 0-hop packets */
  uint64_t self_packets_excluded;   /* window packets a pattern mapped to their source, not created */
  double offered_rate_net;          /* offered_rate less the excluded self packets (flits/node/cycle) */
  int deadlock;                     /* watchdog fired; see deadlock_report */
  const char *deadlock_report;      /* channels in the cycle, or NULL */
  int64_t nchannels;                /* per-link data below */
  const uint64_t *link_flits;       /* flits per channel in the window */
  uint64_t window_cycles;           /* length of the measurement window */
  double makespan;                  /* trace: cycle the last message completed (0 otherwise) */
  int64_t nmessages;                /* trace: messages below */
  const uint64_t *message_complete; /* [nmessages] completion cycle, UINT64_MAX if never */
  const int64_t *message_id;        /* [nmessages] their ids in the trace */
  uint64_t message_bytes;           /* trace: bytes of all its messages */
  uint64_t train_packets; /* novog: packets sent, injected or ejected whole (sim.trains; an execution figure) */
};

#endif
