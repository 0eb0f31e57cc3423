/* SPDX-License-Identifier: BSD-3-Clause */
/* The list of fcsim's components, in one file outside the layers it names:
 * the router models' table (router/models.c checks it at start-up), every
 * component's table of keys, in the order `fcsim help config`, docs/CONFIG.md,
 * the man page, completion and the results' "config" object show them, and
 * the components' resolve steps (derived values and checks of combinations),
 * in the order they run, and the components' parts of the metric tables
 * (their counters' and figures' declarations, beside their code). src/config/
 * reads the keys and steps from here and names no component; stats/metrics.c
 * joins the metric parts.
 *
 * Adding a router model is its file (router/<family>/NAME.c: its ops, and
 * its key rows in the family's keys.c or its own table, writing its own
 * parameter block, core/params.h) plus its rows here:
 * the ops in fcsim_router_model_table and, with keys of its own, its key
 * table (and a resolve step if it derives values or checks combinations).
 * A link protocol is its folder link/proto/NAME/ (state machine, adapter
 * node, keys.c and NAME_params.h with its parameter block, its row of the
 * protocols' table in NAME_protocol.c) plus
 * the same rows and its name in link/proto/protocols.c's LINK_PROTOCOLS. A table may come in two parts when its
 * keys sit apart in docs/CONFIG.md (router/vc, arbiter, traffic). The other
 * registries (routing, arbiters, patterns, workloads, topologies,
 * applications) keep their tables beside their code; the key rows that
 * choose among them list the registry's names. */
#include "core/keys.h"
#include "router/router.h"
#include "traffic/traffic.h"

/* The router models (router/<family>/NAME.c, the link protocols' adapter
 * nodes in link/proto/<name>/), in the order `fcsim help` lists them;
 * router/models.c checks them at start-up. */
extern const struct fcsim_router_ops fcsim_router_novog;
extern const struct fcsim_router_ops fcsim_router_classic;
extern const struct fcsim_router_ops fcsim_router_voq;  /* voq.c, seed 000 §4.3.2 */
extern const struct fcsim_router_ops fcsim_router_ring; /* ring.c, seed 000 §4.3.2 */
extern const struct fcsim_router_ops fcsim_router_ethswitch;
extern const struct fcsim_router_ops fcsim_router_bee3;
extern const struct fcsim_router_ops fcsim_router_vcsn;     /* vcsn.c, seed 002 §3.4 */
extern const struct fcsim_router_ops fcsim_router_tnw_link; /* link/proto/tnw/tnw_adapter.c: link.protocol = tnw */
extern const struct fcsim_router_ops fcsim_router_fc_link;  /* link/proto/fc/fc_adapter.c: link.protocol = fc */

const struct fcsim_router_ops *const fcsim_router_model_table[] = {&fcsim_router_novog,
                                                                   &fcsim_router_classic,
                                                                   &fcsim_router_crossbar,
                                                                   &fcsim_router_voq,
                                                                   &fcsim_router_ring,
                                                                   &fcsim_router_ethswitch,
                                                                   &fcsim_router_bee3,
                                                                   &fcsim_router_vcsn,
                                                                   &fcsim_router_tnw_link,
                                                                   &fcsim_router_fc_link,
                                                                   NULL};

/* Every component's keys (core/keys.h), in the order of docs/CONFIG.md. */

#define KEYS(name) extern const struct fcsim_key_table name
KEYS(fcsim_topo_keys);              /* topo/keys.c */
KEYS(fcsim_network_keys);           /* config/sim_keys.c */
KEYS(fcsim_link_keys);              /* link/proto/keys.c */
KEYS(fcsim_tnw_keys);               /* link/proto/tnw/keys.c */
KEYS(fcsim_fc_keys);                /* link/proto/fc/keys.c */
KEYS(fcsim_router_keys);            /* router/keys.c */
KEYS(fcsim_vc_pipeline_keys);       /* router/vc/keys.c */
KEYS(fcsim_bee3_router_keys);       /* router/switched/keys.c */
KEYS(fcsim_arbiter_keys);           /* arbiter/keys.c */
KEYS(fcsim_vc_keys);                /* router/vc/keys.c */
KEYS(fcsim_collective_router_keys); /* router/collective/keys.c */
KEYS(fcsim_arbiter_age_keys);       /* arbiter/keys.c */
KEYS(fcsim_ethswitch_keys);         /* router/switched/keys.c */
KEYS(fcsim_vcsn_keys);              /* router/switched/keys.c */
KEYS(fcsim_app_keys);               /* apps/keys.c */
KEYS(fcsim_switched_topo_keys);     /* topo/keys.c */
KEYS(fcsim_voq_keys);               /* router/collective/keys.c */
KEYS(fcsim_routing_keys);           /* routing/keys.c */
KEYS(fcsim_pattern_keys);           /* traffic/keys.c */
KEYS(fcsim_workload_keys);          /* workload/keys.c */
KEYS(fcsim_hotspot_keys);           /* traffic/keys.c */
KEYS(fcsim_sim_keys);               /* config/sim_keys.c */
KEYS(fcsim_stats_keys);             /* config/sim_keys.c */
KEYS(fcsim_fft_keys);               /* apps/fft/keys.c */
#undef KEYS

static const struct fcsim_key_table *const key_tables[] = {&fcsim_topo_keys,
                                                           &fcsim_network_keys,
                                                           &fcsim_link_keys,
                                                           &fcsim_tnw_keys,
                                                           &fcsim_fc_keys,
                                                           &fcsim_router_keys,
                                                           &fcsim_vc_pipeline_keys,
                                                           &fcsim_bee3_router_keys,
                                                           &fcsim_arbiter_keys,
                                                           &fcsim_vc_keys,
                                                           &fcsim_collective_router_keys,
                                                           &fcsim_arbiter_age_keys,
                                                           &fcsim_ethswitch_keys,
                                                           &fcsim_vcsn_keys,
                                                           &fcsim_app_keys,
                                                           &fcsim_switched_topo_keys,
                                                           &fcsim_voq_keys,
                                                           &fcsim_routing_keys,
                                                           &fcsim_pattern_keys,
                                                           &fcsim_workload_keys,
                                                           &fcsim_hotspot_keys,
                                                           &fcsim_sim_keys,
                                                           &fcsim_stats_keys,
                                                           &fcsim_fft_keys,
                                                           NULL};

#define STEP(name) extern const struct fcsim_resolve_step name
STEP(fcsim_topo_resolve);        /* topo/keys.c: enclosures, netlist, node count, threads */
STEP(fcsim_link_resolve);        /* link/proto/keys.c: bit error rate */
STEP(fcsim_fc_resolve);          /* link/proto/fc/keys.c: RX depth against D_CU */
STEP(fcsim_link_router_resolve); /* link/proto/keys.c: what the routers cannot carry (before the router's checks) */
STEP(fcsim_router_resolve);      /* router/keys.c: the model's derived values and what it supports */
STEP(fcsim_routing_resolve);     /* routing/keys.c: the dimension order */
STEP(fcsim_workload_resolve);    /* workload/keys.c: continuous or finite, traces, patterns on the topology */
STEP(fcsim_voq_resolve);         /* router/collective/keys.c: free tree turns */
#undef STEP

static const struct fcsim_resolve_step *const resolve_steps[] = {
    &fcsim_topo_resolve,        &fcsim_link_resolve,   &fcsim_fc_resolve,
    &fcsim_link_router_resolve, &fcsim_router_resolve, &fcsim_routing_resolve,
    &fcsim_workload_resolve,    &fcsim_voq_resolve,    NULL};

/* The components' fields of the outputs' metric tables (include/fcsim/metrics.h,
 * stats/metrics.c joins them): each part follows a row of its output's own
 * table, parts after the same row in this order (docs/METRICS.md's); then
 * the applications' outputs of their own (no `after`), after the central
 * outputs in this order. */
#define METRICS(name) extern const struct fcsim_metric_table name
METRICS(fcsim_router_area_metrics);       /* router/vc/novog.c: Table 4.2 (voq, ring write it too) */
METRICS(fcsim_bee3_metrics);              /* router/switched/metrics.c */
METRICS(fcsim_collective_router_metrics); /* router/collective/metrics.c: voq, ring */
METRICS(fcsim_ethswitch_metrics);         /* router/switched/metrics.c */
METRICS(fcsim_vcsn_metrics);              /* router/switched/metrics.c */
METRICS(fcsim_link_directions_metrics);   /* link/proto/metrics.c: every protocol line */
METRICS(fcsim_tnw_error_metrics);         /* link/proto/tnw/tnw_protocol.c */
METRICS(fcsim_link_bytes_metrics);        /* link/proto/metrics.c */
METRICS(fcsim_fc_metrics);                /* link/proto/fc/fc_protocol.c */
METRICS(fcsim_tnw_model_metrics);         /* link/proto/tnw/tnw_protocol.c */
METRICS(fcsim_link_dir_metrics);          /* link/proto/metrics.c: --links, every direction */
METRICS(fcsim_tnw_dir_metrics);           /* link/proto/tnw/tnw_protocol.c */
METRICS(fcsim_fc_dir_metrics);            /* link/proto/fc/fc_protocol.c */
METRICS(fcsim_app_fft_metrics);           /* apps/fft/metrics.c: the output app-fft */
METRICS(fcsim_app_stream_metrics);        /* apps/stream/metrics.c */
METRICS(fcsim_app_gather_metrics);        /* apps/gather/metrics.c */
METRICS(fcsim_app_ring_metrics);          /* apps/ring/metrics.c */
METRICS(fcsim_app_link_metrics);          /* apps/link/metrics.c */
#undef METRICS

static const struct fcsim_metric_table *const metric_tables[] = {&fcsim_router_area_metrics,
                                                                 &fcsim_bee3_metrics,
                                                                 &fcsim_collective_router_metrics,
                                                                 &fcsim_ethswitch_metrics,
                                                                 &fcsim_vcsn_metrics,
                                                                 &fcsim_link_directions_metrics,
                                                                 &fcsim_tnw_error_metrics,
                                                                 &fcsim_link_bytes_metrics,
                                                                 &fcsim_fc_metrics,
                                                                 &fcsim_tnw_model_metrics,
                                                                 &fcsim_link_dir_metrics,
                                                                 &fcsim_tnw_dir_metrics,
                                                                 &fcsim_fc_dir_metrics,
                                                                 &fcsim_app_fft_metrics,
                                                                 &fcsim_app_stream_metrics,
                                                                 &fcsim_app_gather_metrics,
                                                                 &fcsim_app_ring_metrics,
                                                                 &fcsim_app_link_metrics,
                                                                 NULL};

/* Every component's parameter block (core/params.h): the start-up check
 * refuses one that no key table places, or one a table names but this list
 * lacks. */
#define BLOCK(name) extern struct fcsim_param_block name
BLOCK(fcsim_bee3_topo_block);     /* topo/keys.c */
BLOCK(fcsim_switched_topo_block); /* topo/keys.c */
BLOCK(fcsim_tnw_block);           /* link/proto/tnw/keys.c */
BLOCK(fcsim_fc_block);            /* link/proto/fc/keys.c */
BLOCK(fcsim_vc_block);            /* router/vc/keys.c */
BLOCK(fcsim_bee3_router_block);   /* router/switched/keys.c */
BLOCK(fcsim_ethswitch_block);     /* router/switched/keys.c */
BLOCK(fcsim_vcsn_block);          /* router/switched/keys.c */
BLOCK(fcsim_voq_block);           /* router/collective/keys.c */
BLOCK(fcsim_arbiter_block);       /* arbiter/keys.c */
BLOCK(fcsim_collective_block);    /* workload/keys.c */
BLOCK(fcsim_hotspot_block);       /* traffic/keys.c */
#undef BLOCK

static const struct fcsim_param_block *const param_blocks[] = {
    &fcsim_bee3_topo_block,   &fcsim_switched_topo_block, &fcsim_tnw_block,        &fcsim_fc_block,
    &fcsim_vc_block,          &fcsim_bee3_router_block,   &fcsim_ethswitch_block,  &fcsim_vcsn_block,
    &fcsim_voq_block,         &fcsim_arbiter_block,       &fcsim_collective_block, &fcsim_hotspot_block,
    NULL};

const struct fcsim_model_list fcsim_models = {key_tables, resolve_steps, fcsim_traffic_write_patterns_markdown,
                                              metric_tables, param_blocks};
