/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the workloads: which workload (the table of
 * workload/registry.c), its load and packet size, the batch, the trace and
 * the collective workloads' header and background. */
#include "core/keys.h"
#include "workload/tree_traffic.h"
#include "workload/workload.h"

static const char *const header_names[] = {"auto", "index", "bitvector", NULL};

static const struct fcsim_key workload_rows[] = {
    {"traffic", "rate", FCSIM_KT_REAL, "flits/node/cycle", "0.4", 0, 64, 0, NULL, NULL, NULL,
     "offered load; Bernoulli packet arrivals at rate/packet_size per cycle (may exceed 1 with direct injection)",
     FCSIM_KEY_TO(FCSIM_STORE_REAL, rate_flits)},
    {"traffic", "packet_size", FCSIM_KT_SIZE, "flits", "4", 1, 65535, 0, NULL, NULL, NULL,
     "packet length in flits, or in bits/bytes (`1kb`, `512B`, rounded up to whole flits)",
     FCSIM_KEY_TO(FCSIM_STORE_FLITS_CEIL, packet_flits)},
    {"traffic", "mode", FCSIM_KEY_REGISTRY(fcsim_workload_names, fcsim_workload_valid, "continuous"),
     "`continuous`: warm-up, measure, drain; `batch`: every node sends traffic.batch_packets, report batch latency; "
     "`trace`: the messages of traffic.trace, report their completion and the makespan; `collective` / "
     "`collective-batch`: multicast or reduction packets routed by the router.tables of `fcsim collective build` "
     "(continuous at traffic.rate / batch of traffic.batch_packets per collective; docs/COLLECTIVES.md); "
     "`collective-unicast`: a collective batch plus unicast background at traffic.background_rate; "
     "`collective-cont-unicast`: the continuous collective plus that background, both until the window ends, "
     "then a full drain (latencies are the collective's)",
     FCSIM_KEY_TO(FCSIM_STORE_NAME, mode_name)},
    {"traffic", "background_rate", FCSIM_KT_REAL, "flits/node/cycle", "0", 0, 64, 0, NULL, NULL, NULL,
     "traffic.mode = collective-unicast / collective-cont-unicast: Bernoulli unicast load to traffic.pattern "
     "from every endpoint while the collective's sources send (traffic.background_cycles); with the batch its "
     "packets alone make the latency statistics, with the continuous collective they are never measured",
     FCSIM_KEY_IN(FCSIM_STORE_REAL, struct fcsim_collective_params, background_rate_flits)},
    {"traffic", "background_cycles", FCSIM_KT_INT, "cycles", "auto", 0, 1e12, 1, NULL, NULL, NULL,
     "traffic.mode = collective-unicast / collective-cont-unicast: background packets are created in cycles "
     "[0, this); `auto`: the collective batch's send time (its busiest source's packets x the gap between them), or "
     "the end of the measurement window (sim.warmup_cycles + sim.measure_cycles) with the continuous collective",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_collective_params, background_cycles), .auto_value = -1},
    {"traffic", "collective_header", FCSIM_KEY_CHOICE(header_names, "auto"),
     "modes `collective*`: header of multicast packets; `index`: a 16-bit table index in the head flit (offline, OCR); "
     "`bitvector`: a destination bit-vector, ceil(nodes / flit_bits) more flits (online, RPM); `auto`: bitvector when "
     "router.tables was built by rpm",
     FCSIM_KEY_IN(FCSIM_STORE_INDEX, struct fcsim_collective_params, header)},
    {"traffic", "trace", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "mode `trace`: CSV of messages (id, src, dst, bytes, optional start, after, delay; docs/WORKLOADS.md); relative "
     "to the config file's folder",
     FCSIM_KEY_TO(FCSIM_STORE_PATH, trace)},
    {"traffic", "batch_packets", FCSIM_KT_INT, "packets", "100", 1, 1e9, 0, NULL, NULL, NULL,
     "batch mode: packets each node sends",
     FCSIM_KEY_TO(FCSIM_STORE_INT, batch_packets)},
};
struct fcsim_param_block fcsim_collective_block = FCSIM_PARAM_BLOCK("workload/collective", struct fcsim_collective_params);
const struct fcsim_key_table fcsim_workload_keys = FCSIM_KEY_TABLE_IN("workload", workload_rows, &fcsim_collective_block);
/* What the workload is (continuous or finite; a message list needs one),
 * and a pattern defined by coordinates needs a network that has them. */
static int resolve_workload(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  const struct fcsim_workload_ops *wl = fcsim_workload_find(p->mode_name); /* a known name: checked with the key */
  p->mode = wl && wl->continuous ? FCSIM_MODE_CONTINUOUS : FCSIM_MODE_BATCH;
  if (wl && wl->messages && !p->trace[0] && !p->messages)
    return fcsim_error_set(err, FCSIM_ECOMBINATION, "%s: traffic.mode = %s needs traffic.trace = FILE.csv",
                           fcsim_key_origin(r, "traffic", "mode"), p->mode_name);
  const struct fcsim_traffic_ops *pattern = fcsim_traffic_pattern_find(p->pattern);
  const int geometry = fcsim_topo_type_of(p->topology)->has_geometry;
  if (pattern->needs_dims && !geometry && !(wl && wl->messages))
    return fcsim_error_set(
        err, FCSIM_ECOMBINATION,
        "%s: traffic.pattern = %s is defined by coordinates on a torus or mesh; a netlist or "
        "switched network has none (use uniform, all-to-all, randperm, hotspot or uniform-self, or a trace)",
        fcsim_key_origin(r, "traffic", "pattern"), p->pattern);
  if (pattern->check && geometry) {
    struct fcsim_error sub = {0};
    int rc = pattern->check(p, &sub);
    if (rc)
      return fcsim_error_set(err, rc, "%s: %s", fcsim_key_origin(r, "traffic", "pattern"), sub.msg);
  }
  return 0;
}
const struct fcsim_resolve_step fcsim_workload_resolve = {"workload", resolve_workload};
