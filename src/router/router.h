/* SPDX-License-Identifier: BSD-3-Clause */
/* Router and switch models: the components at the nodes of the graph. Each
 * model is one `const struct fcsim_router_ops` in the table of src/models.c
 * (checked by router/models.c); the engine allocates state_size bytes per
 * node of that kind, steps a node through `step` with a context
 * (chan/ctx.h), and never branches on which model it is. A model reads only its own state, what arrived on its input
 * channels and its read-only set-up (`shared`); it writes its own state and
 * the channels it feeds, with arrival cycles in the future — so the order in
 * which nodes are stepped cannot change any result.
 *
 * The models, by family (docs/ARCHITECTURE.md):
 *  vc/         VC wormhole routers on one base (vc.h, vc_base.c): novog
 *              (seed 000 §4.2.2: no local port, bypass priority, credit
 *              flits) and classic (a local port, flit-by-flit allocation,
 *              per-flit credits; BookSim2's IQ router when so set);
 *  switched/   crossbar (seed 003 §III), ethswitch (store-and-forward
 *              Ethernet switch and endpoint), vcsn (VCSN's virtual-port
 *              endpoints and MAC tables), bee3 (seed 003's paced crossbar,
 *              MGT router and 10GbE switch);
 *  collective/ voq and ring (collectives routed by tables);
 * and the link protocols' adapter nodes (`fc-link`, `tnw-link`,
 * link/proto/). The packet queue every model uses is pktq.h. */
#ifndef FCSIM_ROUTER_ROUTER_H
#define FCSIM_ROUTER_ROUTER_H

#include <stddef.h>
#include <stdio.h>

#include "arbiter/arbiter.h"
#include "core/params.h"
#include "chan/ctx.h"
#include "routing/routing.h"
#include "stats/counters.h"
#include "topo/topo.h"

/* What a model is built from (valid for the life of the network). */
struct fcsim_router_env {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo; /* geometry (tori) and the graph */
  const struct fcsim_routing_ops *routing;
  const struct fcsim_arbiter_ops *arbiter;
  struct fcsim_links *links;
  int kind;               /* this model's index among the network's kinds */
  double ticks_per_cycle; /* this kind's nominal cycle in engine ticks (1 with one clock) */
  const struct trace *messages; /* the workload's messages (one that plays a list, workload/trace.h), or NULL */
  uint64_t start_cycles;        /* the run's first cycle: 0 but in tests (engine/engine.h); one clock when not 0 */
};

/* Every node's state, for models that look at a neighbour's (deadlock
 * reports only). */
struct fcsim_states {
  char *base;
  const uint64_t *off; /* [nodes] byte offset of each node's state */
};

static inline const void *fcsim_state_of(const struct fcsim_states *s, uint32_t node)
{
  return s->base + s->off[node];
}

/* Where in the run's "metrics" a kind's own figures go (figures_json). */
enum fcsim_figures_place {
  FCSIM_FIGURES_ROUTER_AREA = 4, /* after link_util_max: area_alms and area_percent (novog, voq, ring; 0 when no
                                  * kind writes them) */
  FCSIM_FIGURES_AREA = 1,     /* after area_percent: resources (bee3's fpga_*) */
  FCSIM_FIGURES_LINKS = 2,    /* among the protocol links' figures, after fc's counters (fc's) */
  FCSIM_FIGURES_LINK_MODELS = 3 /* after those: a model of the lines beside the run (tnw_model) */
};
struct json_t;                /* jansson */
struct fcsim_link_dir_stats; /* link/proto/protocols.h */
struct fcsim_links;          /* chan/link.h */

/* A buffer of a node (a VC, a FIFO), for deadlock reports. */
struct fcsim_buf_ref {
  uint32_t node;
  int buf;
};

/* fcsim_router_ops.prefetch stages for a node about to accept a packet
 * (after the step stages 2, 1, 0) */
enum { FCSIM_PREFETCH_ACCEPT_AHEAD = 3, FCSIM_PREFETCH_ACCEPT_NOW = 4 };

struct fcsim_router_ops {
  const char *name; /* router.model */
  const char *help;
  int version;         /* 1 */
  int max_vcs;         /* largest router.vcs the model supports */
  int local_ports;     /* ports beyond the network ports (injection/ejection), for descriptions */
  int credit_period;   /* router.credit_period applies (the watchdog's default allows for it) */
  int tracks_arrivals; /* step returns a next wake no later than the arrival of the oldest flit
                          it has seen on each input (fcsim__vc_next_arrival): senders wake the node
                          only for a flit into an empty input ring (with one clock) */
  int stamps_injection; /* stats.latency_from = injection: the tail flit carries the head's injection tick */
  int escape_vcs;       /* routing.turn_rule = seed-escape: keeps the exclusive VCs as a DOR escape network */
  int allocation;      /* reads router.speculative, va/sa_allocator, alloc_iters, wait_for_tail_credit, credit_delay,
                          input_speedup (else they must keep their defaults) */
  int collective;      /* routes multicast and reduction packets by router.tables (the collective
                          workloads need it; other models would misroute their packets) */
  const char
      *flow_control; /* how credits travel; both ends of a link must agree ("credit flits", "per-flit credits") */
  /* (optional) the scheme as set up, where a key changes it (voq.link_credits);
   * NULL: flow_control */
  const char *(*flow_control_of)(const void *shared);
  /* (required) fills the model's derived parameters ("auto" depth, switch
   * delay, credit threshold) and refuses impossible settings */
  int (*derive)(struct fcsim_params *p, int depth_auto, int switch_auto, const char *origin, struct fcsim_error *err);
  /* (required) builds the read-only set-up shared by the model's nodes
   * (*shared, from malloc, freed by teardown) and says how many bytes of
   * state each node needs */
  int (*setup)(const struct fcsim_router_env *env, void **shared, size_t *state_size, struct fcsim_error *err);
  void (*teardown)(void *shared);
  /* (optional) bytes of state node `node` needs, at most setup's
   * state_size: a node that leaves buffers out (an input port without a
   * link) takes less; without it every node takes state_size */
  size_t (*node_state_size)(const void *shared, uint32_t node);
  /* (required) the buffers an input port offers a sender: VCs and flits per
   * VC (senders start with that many credits and allocate among those VCs) */
  void (*input_buffers)(const void *shared, int *vcs, int *depth_flits);
  /* (required) initialises node `node`'s zeroed state; (optional) fini frees
   * what init or the run allocated inside it */
  int (*init)(const void *shared, uint32_t node, void *state, struct fcsim_error *err);
  void (*fini)(const void *shared, uint32_t node, void *state);
  /* (required) a packet created at the node's endpoint this cycle; returns
   * 0 or FCSIM_ENOMEM */
  int (*accept)(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state, const struct fcsim_packet *pk);
  /* (required) one cycle of the node (ctx->now, its own clock); returns the
   * next cycle it must be stepped even if nothing arrives (now + 1 while it
   * holds work), or UINT64_MAX */
  uint64_t (*step)(struct fcsim_ctx *ctx, const void *shared, uint32_t node, void *state);
  /* (optional, deadlock reports) buffers per node; whether one holds flits;
   * the buffer its front packet waits for (returns 0 if none); a name */
  int (*nbuffers)(const void *shared);
  int (*buffer_busy)(const void *shared, const void *state, int buf);
  int (*waits_for)(const void *shared, const struct fcsim_states *all, struct fcsim_buf_ref at,
                   struct fcsim_buf_ref *next);
  void (*describe_buffer)(const void *shared, struct fcsim_buf_ref at, char *buf, size_t size);
  /* (required) entries the credit ring of channel `c` (into a node of this
   * kind, written by it) must hold: what accumulates while the sender idles,
   * plus `lag` ticks of entries when partitions run apart */
  uint64_t (*credit_capacity)(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks);
  /* (optional) zero-load latency (cycles, creation to tail ejection) of a
   * packet over `hops` links, an average allowed (the saturation verdict) */
  double (*zero_load_cycles)(const void *shared, double hops);
  /* (optional, the link protocols' adapters) the figures of the line
   * directions the kind's nodes send on, at report time, after the counters
   * are merged: by_slot[the slot of the line, an adapter's port 1] (zeroed
   * before; link/proto/protocols.h) */
  void (*line_stats)(const void *shared, struct fcsim_link_dir_stats *by_slot);
  /* (optional) the kind's own figures that are not counters (a model's
   * prediction beside the run, a resource table, the router's area), written
   * at report time into the run's "metrics" object at `place` (enum
   * fcsim_figures_place, so every kind's keys keep their place), after the
   * counters are merged; their names are declared beside the model, in a
   * part of the run's metric table (include/fcsim/metrics.h) listed in
   * src/models.c. figures_text writes the same figures' line of the text
   * report (place FCSIM_FIGURES_AREA only). */
  void (*figures_json)(const void *shared, int place, struct json_t *metrics);
  void (*figures_text)(const void *shared, int place, FILE *out);
  /* (optional) the counters the model keeps in `shared` during a run, each
   * with its merge rule (stats/counters.h: per-node arrays or totals, zero
   * at the start); with MPI the engine reduces them over the ranks before
   * anything is reported. Writes at most FCSIM_MAX_COUNTERS into out; returns how many. */
  int (*counters)(const void *shared, struct fcsim_counter *out);
  /* (optional, speed only) asks the memory system for what the node's step
   * at engine tick `tick` will read, a few steps ahead of it (engine.c,
   * step_cycle_with): at `stage` 2 (the farthest) lines of its state found
   * by their offsets alone, nothing of it read; at stage 1 the lines its
   * state points to and the rings' records; at stage 0 (the nearest) the
   * ring entries those records point to. Hints only (__builtin_prefetch,
   * loads of lines an earlier stage asked for): it changes nothing the step
   * computes. For a node about to accept a packet (a workload event,
   * engine.c's prefetch_arrivals): FCSIM_PREFETCH_ACCEPT_AHEAD a few events
   * ahead, lines found by their offsets alone (what accept reads of the
   * state); FCSIM_PREFETCH_ACCEPT_NOW as its event fires, the lines those
   * point to. */
  void (*prefetch)(const void *shared, const struct fcsim_links *links, const void *state, int stage, uint64_t tick);
};

/* The model table (models.c, on core/registry.c): lookup by name, the names
 * ("novog, classic, crossbar") into the caller's buffer (returns the full
 * length) or a static buffer (the key registry's interface), and the
 * start-up check of every entry's required members and unique names. */
const struct fcsim_router_ops *fcsim_router_model_find(const char *name);
size_t fcsim_router_model_list_names(char *buf, size_t size);
const char *fcsim_router_model_names(void);
int fcsim_router_model_valid(const char *name);
int fcsim_router_model_check_registry(struct fcsim_error *err);

/* The router models in the order `fcsim help` lists them, NULL-terminated:
 * one row per model in src/models.c, which declares each model's ops. */
extern const struct fcsim_router_ops *const fcsim_router_model_table[];
/* One model, for tests that compare a lookup with it. */
extern const struct fcsim_router_ops fcsim_router_crossbar;

/* Seed 000 Table 4.2: reduction-tree levels (the switch delay in cycles) and
 * router area in ALMs and % of a Stratix V, for 1..9 VCs per port. Returns 0
 * when vcs is outside the table. */
int fcsim_novog_switch_levels(int vcs);
int fcsim_novog_area_alms(int vcs);
int fcsim_novog_area_percent(int vcs);

/* Writes a router's area, metrics.area_alms and area_percent (declared in
 * router/vc/novog.c), into `metrics` (figures_json at
 * FCSIM_FIGURES_ROUTER_AREA; router/models.c). */
void fcsim_router_area_json(struct json_t *metrics, int alms, int percent);

/* Novo-G# credit rule. The upstream router decides per packet: it starts a
 * packet on a downstream VC only while its count of that VC's free slots is
 * at or above the threshold, and then sends the whole packet (so a packet in
 * progress never stalls for credits and never blocks the link, which keeps
 * the dateline argument valid with an output held head to tail). The seed's
 * threshold is link latency + credit period, in flits at the link's
 * bandwidth. A count reported at cycle t0 arrives at t0+L and is decremented
 * by each flit sent afterwards; flits sent in [t0-L-S, t0+L) (S the switch
 * delay before the link) are not yet in it, and the last packet started may
 * add F flits, so the rule is safe when the threshold is at least
 * (2L+S)b + F. The seed's value is that whenever the period exceeds
 * L + S + F/b; fcsim uses the larger of the two. Returns flits. */
int fcsim_credit_threshold_flits(int link_latency_cycles, int credit_period_cycles, int bandwidth_flits,
                                 int switch_cycles, int packet_flits);

#endif
