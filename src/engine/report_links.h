/* SPDX-License-Identifier: BSD-3-Clause */
/* The per-link figures of the links on a protocol (link.protocol), as the
 * run's results show them: one JSON entry per line direction and the
 * busiest direction in the table (engine/report.c writes both). */
#ifndef FCSIM_ENGINE_REPORT_LINKS_H
#define FCSIM_ENGINE_REPORT_LINKS_H

#include <jansson.h>
#include <stdio.h>

#include "engine/sim_priv.h"

/* An array of {from, to, protocol, payload_bytes, payload_bytes_per_cycle,
 * wire_bytes, and tnw: retransmissions, errors_injected, errors_detected;
 * fc: credit_stall_cycles, rx_peak_flits} in channel order, `from` and `to`
 * the routers' ports at the ends ("NODE:PORT"); NULL when every link is
 * ideal. */
json_t *fcsim_report_protocol_links_json(const struct fcsim_sim *sim);

/* The table's line for the direction that carried the most payload. */
void fcsim_report_protocol_links_line(const struct fcsim_sim *sim, FILE *out);

/* Fills the network's per-direction figures (net->links.dir_stats, when it
 * has protocol lines) from the adapters' line_stats, at the end of a run. */
void fcsim__report_line_stats(const struct fcsim_net *net);

/* The line directions on a protocol (metrics.link_directions): 0 when every
 * link is ideal. */
uint64_t fcsim__report_link_directions(const struct fcsim_net *net);

#endif
