/* SPDX-License-Identifier: BSD-3-Clause */
/* The fields `fcsim app fft --json` writes (include/fcsim/metrics.h), its
 * output "app-fft", listed in src/models.c. */
#include "stats/metrics_decl.h"

#define PH(name, meaning)       M("phases_ns." name, "ns", NONE, MAX, NULL, meaning)
#define MO(name, unit, meaning) M("model." name, unit, NONE, SAME, NULL, meaning)

static const struct fcsim_metric rows[] = {
    M("fcsim", "", NONE, SAME, NULL, "fcsim version"),
    M("app", "", NONE, SAME, NULL, "\"fft\""),
    M("fft.n", "points", NONE, SAME, NULL, "points per dimension of the N^3 FFT (Novo-G# thesis ch. 6)"),
    M("fft.m", "nodes", NONE, SAME, NULL, "nodes per dimension of the torus"),
    M("fft.ips_requested", "", NONE, SAME, NULL, "fft.ips as configured"),
    M("fft.ips", "", NONE, SAME, NULL, "independent pencils sent at once, as run"),
    M("fft.rounds", "rounds", NONE, SAME, NULL, "rounds of the corner turns"),
    M("fft.messages", "messages", NONE, SAME, NULL, "messages of the schedule"),
    M("fft_latency_ns", "ns", LOWER, MAX, NULL, "simulated FFT latency: the last node's Z compute ends"),
    PH("x_compute_end", "X compute ends (latest node)"),
    PH("xy_arrived", "XY corner turn: all data in"),
    PH("y_compute_end", "Y compute ends"),
    PH("yz_arrived", "YZ corner turn: all data in"),
    PH("z_compute_end", "Z compute ends (= fft_latency_ns)"),
    PH("xy_turn", "wait for the XY turn after compute"),
    PH("yz_turn", "wait for the YZ turn after compute"),
    PH("y_first_round_in", "the first Y round has all of its inputs in its IPs (latest node): how far the Y compute "
                           "overlaps the XY turn"),
    PH("z_first_round_in", "the first Z round has all of its inputs in its IPs (latest node)"),
    MO("bw_bytes_per_s", "bytes/s", "the Table 6.2 model's link bandwidth (one link)"),
    MO("ld_ns", "ns", "its link + router latency"),
    MO("xy_latency_ns", "ns", "its XY turn time"),
    MO("yz_latency_ns", "ns", "its YZ turn time"),
    MO("latency_ns", "ns", "its FFT latency (xy + yz)"),
    MO("xy_network_ns", "ns", "network part of the XY turn"),
    MO("yz_network_ns", "ns", "network part of the YZ turn"),
    M("flits.expected", "flits", NONE, SAME, NULL, "flits the schedule sends"),
    M("flits.injected", "flits", NONE, SUM, NULL, "flits injected"),
    M("flits.delivered", "flits", NONE, SUM, NULL, "flits delivered (= expected when complete)"),
    M("router.va_stall_cycles", "input-cycles", LOWER, SUM, "router.model = voq",
      "cycles heads waited at VA for room in a VOQ (router.vc_depth), summed over every input of every node"),
};

const struct fcsim_metric_table fcsim_app_fft_metrics = {"app-fft", "`fcsim app fft --json`", rows,
                                                         sizeof rows / sizeof rows[0], NULL};
