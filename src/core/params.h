/* SPDX-License-Identifier: BSD-3-Clause */
/* The resolved parameters of one run (`struct fcsim_params`): every setting
 * typed and in simulator units, with the enums it uses. The configuration
 * layer (src/config/) produces it from the key text; every model, policy,
 * topology and workload reads it, and none of them needs the configuration
 * machinery to do so.
 *
 * The named fields are what every run has, or what several families read:
 * the network's geometry, clocks, flit width and links, the router model's
 * name and the router settings several models or the engine read (pipeline
 * delays, credit period, dateline classes, collective tables), routing, the
 * traffic pattern, rate, packet size, mode and messages, and the whole [sim]
 * section (docs/ARCHITECTURE.md, "Parameter blocks", lists them). A setting that one component owns lives in that
 * component's parameter block (struct fcsim_param_block): a struct declared
 * beside the component's code, stored in the `blocks` area below at the
 * offset the key registry assigns when the library is loaded, and read
 * through fcsim_params_block() at set-up; readers above the component
 * (engine/, cli/) read it through the same accessor. */
#ifndef FCSIM_CORE_PARAMS_H
#define FCSIM_CORE_PARAMS_H

#include <stddef.h>
#include <stdint.h>

struct fcsim_message_list; /* fcsim/messages.h */

#define FCSIM_MAX_DIMS 6
#define FCSIM_NAME_MAX 24

/* network.topology's stored value is the row of the topology table
 * (topo/topo.c, TOPOLOGIES); these name the built-in rows that other code
 * treats apart (checked at start-up). A new topology needs no value here. */
enum fcsim_topology_kind {
  FCSIM_TOPO_TORUS,
  FCSIM_TOPO_MESH,
  FCSIM_TOPO_FILE,
  FCSIM_TOPO_STAR,       /* switched: one switch (topo/switched.c) */
  FCSIM_TOPO_DUAL_PLANE, /* switched: port p of every endpoint to switch p (seed 002 Fig. 2) */
  FCSIM_TOPO_LEAFSPINE,  /* switched: two-tier folded Clos */
  FCSIM_TOPO_FATTREE,    /* switched: folded Clos with as many levels as the node count needs */
  FCSIM_TOPO_BEE3        /* the BEE3 cluster of seed 003 (topo/bee3.c) */
};
#define FCSIM_PATH_MAX 1024
enum fcsim_traffic_mode { FCSIM_MODE_CONTINUOUS, FCSIM_MODE_BATCH };

/* routing.turn_rule: which turns the minimal adaptive algorithms (ROMM,
 * O1TURN, CCAR) may take on a torus (routing/turns.h). */
enum fcsim_turn_rule {
  FCSIM_TURN_FCSIM = 0,       /* the seed's six forbidden turns plus fcsim's dateline part (deadlock-free alone) */
  FCSIM_TURN_SEED_ESCAPE = 1, /* the seed's six turns only; the exclusive VCs are a DOR escape network */
};

/* routing.adaptive_ties: which way ROMM and CCAR travel a dimension whose
 * offset is exactly k/2 on an even torus ring (both ways are minimal). */
enum fcsim_adaptive_ties {
  FCSIM_TIES_PLUS = 0,   /* always plus (fcsim_topo_offset's rule) */
  FCSIM_TIES_RANDOM = 1, /* one way per packet, drawn at its source, as DOR does */
};

/* Allocators of the classic router (router.va_allocator, router.sa_allocator). */
enum fcsim_allocator {
  FCSIM_ALLOC_GREEDY = 0,    /* requesters in a fixed order, each takes what is free */
  FCSIM_ALLOC_SEPARABLE = 1, /* separable input-first, round-robin arbiters at both stages */
  FCSIM_ALLOC_ISLIP = 2,     /* iSLIP: separable, pointers move only on first-iteration matches */
};

/* A component's parameter block: its own struct of settings, placed in
 * struct fcsim_params's `blocks` area. The component defines one descriptor
 * (FCSIM_PARAM_BLOCK) beside its code and names it in its key table
 * (core/keys.h); the key registry (config/keys.c) sets `offset` once, when
 * the library is loaded, and its start-up check refuses a block that does
 * not fit the area. */
struct fcsim_param_block {
  const char *name;   /* the component, for messages: "vcsn" */
  size_t size, align; /* of the component's struct */
  size_t offset;      /* in the `blocks` area, assigned at load time */
  int placed;         /* offset assigned */
};
#define FCSIM_PARAM_BLOCK(label, type) {(label), sizeof(type), _Alignof(type), 0, 0}

/* The bytes every component's parameter block shares (the sum of the blocks,
 * each aligned, must fit; `fcsim help config` fails its start-up check
 * otherwise). */
#define FCSIM_PARAM_BLOCKS_BYTES 4096
#define FCSIM_PARAM_BLOCKS_ALIGN 16 /* the area's alignment: the most a block may ask */

/* Every setting of a run, typed and in simulator units (cycles, flits). */
struct fcsim_params {
  /* [network] */
  enum fcsim_topology_kind topology;
  int ndims;                        /* number of dimensions, 1..FCSIM_MAX_DIMS */
  int dims[FCSIM_MAX_DIMS];         /* routers per dimension */
  int64_t nodes;                    /* product of dims */
  int link_latency_cycles;          /* resolved from cycles or ns */
  double link_latency_ns;           /* the same latency in ns */
  int link_bandwidth_flits;         /* flits per cycle per direction */
  double clock_hz;                  /* router clock */
  int flit_bits;                    /* bits per flit */
  char netlist[FCSIM_PATH_MAX];     /* network.file: the netlist of topology `file` */
  double link_jitter_cycles;        /* standard deviation of every link's latency (0: fixed) */
  double clock_spread_ppm;          /* standard deviation of the nodes' clock offsets (0: one clock) */
  int link_lanes;                   /* lanes a flit is striped over under jitter: it arrives with its last (1: one draw) */
  double link_lane_spread_cycles;   /* standard deviation of each lane's own mean latency, drawn once (0: none) */
  /* [link] protocols on the links of a network (link/proto/proto_links.c; each protocol's own keys are in its
   * block, link/proto/<name>/<name>_params.h) */
  int link_protocol;          /* protocol of every link (a netlist may set it per link): its row in the link
                               * protocols' table (link/proto/protocols.h), 0 = ideal */
  double link_ber;            /* bit error rate of the protocol links, [0, 1) */
  /* [router] */
  char router_model[FCSIM_NAME_MAX];
  double router_clock_hz;     /* the routers' clock (router.clock; network.clock when auto) */
  double router_clock_ppm;    /* its offset */
  int vcs;                    /* VCs per input port */
  int vc_depth_flits;         /* buffer per VC (resolved from auto) */
  int vc_depth_auto;          /* router.vc_depth was `auto` */
  int credit_period_cycles;   /* Novo-G#: cycles between credit flits */
  int credit_threshold_flits; /* Novo-G#: derived send threshold */
  int rc_cycles, va_cycles;   /* routing computation, VC allocation */
  int switch_cycles;          /* switch traversal (resolved from auto) */
  int local_cycles;           /* classic: injection/ejection channel latency */
  char arbitration[FCSIM_NAME_MAX];
  int dateline;             /* dateline VC classes on tori (1 = on) */
  int vc_split;             /* classes split the VCs in halves (Fig. 4.9a) */
  char router_tables[FCSIM_PATH_MAX]; /* voq, ring: folder of collective node tables ("" none) */
  int voq_free_turns;                 /* voq: collective trees built without the turn rule (voq.tree_turns = free) */
  /* [routing] */
  char routing[FCSIM_NAME_MAX];
  int dim_order[FCSIM_MAX_DIMS]; /* DOR: dimension visited i-th */
  int turn_rule;                 /* enum fcsim_turn_rule */
  int adaptive_ties;             /* enum fcsim_adaptive_ties */
  int ccar_first;                /* routing.ccar_ties = first: a credit tie to the lowest dimension */
  /* [traffic] */
  char pattern[FCSIM_NAME_MAX];
  double rate_flits;            /* offered flits per node per cycle */
  int packet_flits;             /* flits per packet (resolved from bits) */
  enum fcsim_traffic_mode mode;
  char mode_name[FCSIM_NAME_MAX]; /* traffic.mode: the workload's name */
  char trace[FCSIM_PATH_MAX];     /* traffic.trace: the message CSV of mode `trace` */
  const struct fcsim_message_list *messages; /* handed in memory instead (fcsim_config_set_messages), or NULL */
  int64_t batch_packets;          /* batch: packets per node */
  /* [sim] */
  uint64_t seed;
  int threads;          /* partitions (threads) per rank */
  int run_ahead;        /* sim.run_ahead: busy nodes stepped on ahead of the engine's cycle */
  int huge_pages;       /* sim.huge_pages: states and rings advised to transparent huge pages */
  int prefetch;         /* sim.prefetch: the step loop prefetches the next nodes' state (engine.c) */
  int trains;           /* sim.trains: novog routers send a packet whole where that is exact (novog_train.h) */
  int drain_cut;        /* sim.drain_cut: a drain behind growing source queues is cut */
  int latency_from_injection; /* stats.latency_from = injection: latencies start when the head enters the network */
  double mpi_timeout_s; /* MPI: a silent peer is reported after this */
  int64_t warmup_cycles, measure_cycles, drain_cycles;
  int64_t deadlock_cycles;           /* watchdog: cycles without progress */
  int64_t max_cycles;                /* batch: give up after this many */
  uint64_t max_input_bytes;          /* sim.max_input_bytes: the largest input file a reader accepts */
  uint64_t max_memory_bytes;         /* sim.max_memory: refuse a run estimated above it (0: auto, engine/memory.h) */
  double saturation_latency_factor;  /* saturated above this x zero-load latency; 0: off */
  int64_t saturation_latency_cycles; /* saturated above this average latency; 0: off */
  /* the components' parameter blocks (struct fcsim_param_block) */
  _Alignas(FCSIM_PARAM_BLOCKS_ALIGN) unsigned char blocks[FCSIM_PARAM_BLOCKS_BYTES];
};

/* A component's block in `p` (its struct, e.g. const struct
 * fcsim_vcsn_params *), or NULL when the block was never placed (no key
 * table names it: the registry's start-up check, fcsim_key_check_registry,
 * refuses that for every block src/models.c lists). Read at set-up, never
 * on the per-flit path: models copy what they need into their own state, or
 * keep the pointer. */
static inline const void *fcsim_params_block(const struct fcsim_params *p, const struct fcsim_param_block *b)
{
  return b->placed ? p->blocks + b->offset : NULL;
}
/* The same, writable: for resolve steps and for callers that build
 * parameters themselves. */
static inline void *fcsim_params_block_mut(struct fcsim_params *p, const struct fcsim_param_block *b)
{
  return b->placed ? p->blocks + b->offset : NULL;
}

#endif
