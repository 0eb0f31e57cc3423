/* SPDX-License-Identifier: BSD-3-Clause */
/* The VC wormhole router base shared by the novog and classic models
 * (private to src/router/): the per-node state layout, the set-up both
 * models share, and the stages both run (receive, routing computation and
 * VC allocation, buffer push/pop, credit returns, arbitration). Each model
 * adds its own injection, ejection and switch stages (novog.c, classic.c).
 *
 * A node's state is one block: its view (struct vc_node, pointers into the
 * block), a small hot header, then arrays sized by the
 * node kind's radix — stage masks, busy counts per input port, Novo-G#
 * ejection and credit timers per port, the input VCs, the output ports, the
 * source queues and the VC buffers. The offsets are in the shared set-up. */
#ifndef FCSIM_ROUTER_VC_H
#define FCSIM_ROUTER_VC_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "router/pktq.h"
#include "router/vc/census.h"
#include "router/vc/params.h"
#include "router/router.h"

#define FCSIM_MAX_VCS     16
#define FCSIM_NO_PORT     (-1)
#define FCSIM_HOLD_INJECT (-2) /* output held by the node's own injection */
#define FCSIM_HOLD_TRAIN  (-3) /* novog: output held by a train, every flit of its packet sent ahead */
#define FCSIM_EJECT_TRAIN (-2) /* novog eject_vc: the port ejects a packet whole (vc_eject_train) */
#define VC_MAX_PORTS      32   /* network ports of a VC router (masks are 32-bit) */

/* Input VC stages. */
enum fcsim_vc_stage {
  FCSIM_VC_IDLE = 0, /* empty, or front flit not a head (never: tails close packets) */
  FCSIM_VC_RC,       /* head at front, routing computation until ready */
  FCSIM_VC_VA,       /* routed, waiting for a downstream VC from ready on */
  FCSIM_VC_ACTIVE,   /* has an output and downstream VC: flits may leave */
  FCSIM_VC_EJECT,    /* packet at its destination: ejecting from ready on */
  FCSIM_VC_TRAIN     /* novog: its packet left as a train (novog_train.h) whose tail has not yet left by
                        outport.train_until; flits arriving behind it wait for that */
};

/* One input VC: a queue of flits in chunks of the node's pool (VC storage,
 * below) plus the state of the packet at its front. */
struct fcsim_vc {
  uint32_t head;        /* pool slot of the oldest flit (when count > 0) */
  uint32_t tail;        /* pool slot of the newest flit (when count > 0) */
  uint32_t count;       /* flits buffered (at most the depth: credits unchanged by the chunks) */
  int8_t out_port;      /* chosen output, FCSIM_NO_PORT before RC */
  int8_t out_vc;        /* allocated downstream VC, -1 before VA */
  uint8_t stage;        /* enum fcsim_vc_stage */
  uint8_t class1;       /* dateline class the packet will use downstream */
  uint64_t ready_cycle; /* RC/VA of the front packet completes */
  uint16_t dist;        /* hops from this router to the front packet's destination */
  uint16_t va_accept;   /* separable/iSLIP VC allocation: output VC (port x VCs + VC) preferred next */
};

/* VC storage (docs/PERFORMANCE.md, chunks): a node's flits live in a pool of
 * chunks of 2^chunk_shift flits (16 at depths of 32 and more). A VC is a
 * linked queue of chunks: its head and tail are pool slots, and a chunk's
 * successor is chunk_next[chunk]. A push into a full tail chunk (or into an
 * empty VC) takes a chunk from the node's free list; a pop that leaves the
 * head chunk (or empties the VC) gives it back, last freed first taken, so a
 * router's hot storage is the few chunks its busy VCs hold, whatever the
 * depth. The pool holds every VC's worst case, chunks_per_vc =
 * ceil((depth + C - 1) / C) (a full VC whose head is not at a chunk's
 * start), so a take never fails. */
#define VC_NO_CHUNK UINT32_MAX

/* One output port (and, for the classic model, the ejection port). */
struct fcsim_outport {
  int16_t holder;               /* novog: input VC index holding it, FCSIM_HOLD_INJECT, or -1 */
  uint16_t rr_ptr;              /* round-robin pointer among input VCs */
  uint16_t va_ptr;              /* next downstream VC to try */
  uint16_t inj_sent;            /* novog: flits of the injecting packet sent */
  int8_t inj_vc;                /* novog: downstream VC of the injecting packet */
  uint8_t nvc_out;              /* VCs of the downstream input (its kind's router.vcs) */
  uint8_t sa_grant;             /* classic, separable/iSLIP switch allocation: switch input preferred next */
  uint8_t bw_flits;             /* flits per cycle of the link leaving by it (1 without one; at most 16) */
  uint32_t inj_head_tick;       /* novog: low 32 bits of the tick the injecting packet's head left */
  int32_t depth_out;            /* flits per downstream VC */
  int32_t threshold;            /* novog: credits a downstream VC needs before a packet starts on it */
  uint64_t train_start;         /* novog train (holder FCSIM_HOLD_TRAIN): the cycle its head left */
  uint64_t train_until;         /* the cycle its tail leaves (the output is free after it) */
  uint64_t train_ahead_tick;    /* the arrival tick of the first flit taken ahead from the input ring */
  uint16_t train_flits;         /* the packet's flits */
  uint16_t train_buffered;      /* of them, those that had arrived when the head left (in the VC or deferred) */
  int16_t train_vc;             /* the input VC index the packet left from */
  int8_t train_out_vc;          /* the downstream VC it went to */
  uint8_t owned[FCSIM_MAX_VCS]; /* downstream VC allocated to a packet */
  int32_t credits[];            /* [out_vcs of the kind] known free slots of each downstream VC */
};

/* Pointers of one switch input for the separable and iSLIP switch
 * allocators (classic). */
struct vc_swin {
  uint8_t accept_ptr; /* output the input prefers next */
  uint8_t vc_ptr;     /* VC of the input port that wins a tie next */
};

/* novog: a packet ejecting whole at input port q (novog_train.h): its first
 * flit leaves at `start`, one a cycle to `until`. */
struct vc_eject_train {
  uint64_t start, until;
  uint64_t ahead_tick; /* the arrival of the first flit taken ahead from the input ring */
  uint16_t flits;      /* the packet's flits */
  uint16_t buffered;   /* of them, those that had arrived at the start (in the VC or deferred) */
  int16_t vi;          /* the VC */
};

/* The hot header of a node's state. */
struct vc_hdr {
  uint32_t buffered;      /* flits in input VCs */
  uint32_t queued;        /* packets in source queues */
  uint16_t heads_waiting; /* VCs whose front packet is in RC or VA */
  uint8_t inj_vc;         /* classic: local VC of the packet being injected, 0xff none */
  uint8_t pad;
  uint16_t inj_sent; /* classic: its flits moved in so far */
  uint16_t pad2;
  uint32_t out_held;             /* novog: bit p: output p is held (holder != -1) */
  uint32_t srcq_mask;            /* novog: bit p: the source queue of output p holds packets */
  uint32_t inj_head_tick;        /* classic: low 32 bits of the tick the injected packet's head moved in */
  uint32_t chunk_free;           /* first chunk of the free list (VC storage), VC_NO_CHUNK none */
  uint32_t chunks_used;          /* chunks held by the node's VCs */
  uint64_t credit_dirty_until;   /* novog: max over ports of dirty_until */
  uint64_t seen_cpending;        /* novog: the node's credit inputs marked pending when it last looked */
  uint64_t credit_next;          /* novog: then, the earliest arrival tick of a credit in flight on them */
  uint64_t credit_cycle;         /* novog: the next credit cycle (a multiple of router.credit_period) the
                                    node has not handled yet; 0 before its first step */
  uint64_t dateline_out;         /* bit p: a packet leaving by output p crosses its dimension's dateline
                                    (fcsim_topo_crosses_dateline, kept per node) */
  uint64_t train_next;           /* novog: the earliest train_until of its outputs held by trains, UINT64_MAX none */
  uint32_t train_outs;           /* novog: bit p: output p may send trains (novog_train.h) */
  uint32_t train_held;           /* novog: bit p: output p is held by a train */
  uint32_t eject_held;           /* novog: bit q: input port q ejects a packet whole (ej_train[q]) */
  uint32_t out_linked;           /* bit p: network output p has a channel (a credit cycle sends on it) */
  struct fcsim_rng hop_rng;      /* per-hop routing choices */
  int32_t coord[FCSIM_MAX_DIMS]; /* the node's own coordinates (fcsim_topo_coord), for routing */
};

/* The set-up shared by the nodes of one VC router kind (read-only in a run). */
struct vc_shared {
  const struct fcsim_params *p;
  const struct fcsim_topo *topo;
  const struct fcsim_graph *g;
  const struct fcsim_routing_ops *routing;
  const struct fcsim_arbiter_ops *arbiter;
  int np;                 /* network ports (the kind's radix) */
  int np_in, np_out;      /* input / output ports (network + local) */
  int nvc;                /* VCs per input port */
  int depth;              /* flits per VC */
  int chunk_shift;        /* VC storage: a chunk is 2^chunk_shift flits */
  uint32_t chunk_mask;    /* 2^chunk_shift - 1 */
  uint32_t chunks_per_vc; /* the most chunks a VC can hold: ceil((depth + chunk - 1) / chunk) */
  int nq;                 /* source queues per node */
  int local_port;         /* classic: a local port after the network ports */
  int inband;             /* novog: credit flits with absolute counts */
  int dateline;           /* dateline VC classes in use (torus, router.dateline) */
  int escape;             /* routing.turn_rule = seed-escape: the exclusive VCs are a DOR escape network */
  /* the classic router's allocation settings, copied at set-up from the
   * family's parameter block (router/vc/params.h) */
  int speculative, va_allocator, sa_allocator, alloc_iters, wait_tail_credit, queued_head_cycles, eject_cycles;
  int dateline_wrap;        /* router.dateline_class = wrap (the same block) */
  int age_threshold_cycles; /* router.age_threshold of `mixed` arbitration (the arbiters' block, arbiter/arbiter.h) */
  uint64_t credit_dirty_cycles; /* novog: credit flits continue this long after buffer activity */
  double ticks_per_cycle;       /* this kind's cycle in engine ticks (1 with one clock) */
  int32_t *threshold;           /* novog: [slot] credit threshold of the channel leaving it (from malloc) */
  int mask_words;               /* 64-bit words of a mask over the node's input VCs */
  uint64_t credit_delay_ticks;  /* classic: router.credit_delay in engine ticks */
  int speedup;                  /* classic: switch inputs per input port (router.input_speedup) */
  int nswitch_in;               /* classic: switch inputs, np_in x speedup (at most 64) */
  uint8_t *vc_port;             /* [np_in * nvc] input port of each VC index (from malloc) */
  size_t off_hdr, off_masks, off_busy_count, off_eject_vc, off_dirty, off_vcs, off_outs, off_srcq, off_buf, off_swin,
      off_va_grant, off_chunk_next, off_ej_train;
  size_t state_size;
  int out_vcs;       /* downstream VCs an output record has credits for: the most any channel's reader has */
  size_t out_bytes;  /* size of an output record */
  int shape;         /* the model's step instance for this set-up (vc_shape_pick), 0 generic */
  int kind;          /* this kind's index among the network's kinds */
  int trains;        /* novog: sim.trains and a set-up trains are exact for (novog_train.h) */
  int train_entries; /* novog: trains are written as one link-ring entry (chan/link.h): every node is of
                      * this kind, so every packet's flits are its head's but for the flags and the tail's gen */
  int8_t straight_out[VC_MAX_PORTS]; /* [np] the output a packet arriving on input q leaves by if it goes
                                      * straight on, -1 none: a prefetch guess (fcsim__vc_straight_outputs) */
};

/* Pointers into one node's state. They are made once, by fcsim__vc_init, and kept
 * at the start of the state (the state never moves): a step casts its state
 * to this view. */
struct vc_node {
  struct vc_hdr *h;
  uint64_t *wait_mask;             /* [mask_words] bit vi: VC vi's front packet is in RC or VA */
  uint64_t *act_mask;              /* [mask_words] bit vi: VC vi is ACTIVE (has an output and a downstream VC);
                                      novog: until it wins the output, which it then holds to its tail */
  uint64_t *ej_mask;               /* [mask_words] bit vi: VC vi is EJECT (novog) */
  uint8_t *busy_count;             /* [np_in] VCs of the input port holding flits */
  int8_t *eject_vc;                /* [np] novog: VC ejecting on each input port, -1 none, FCSIM_EJECT_TRAIN */
  uint8_t *in_bw_flits;            /* [np] flits per cycle of the link into each input port (1 without one) */
  uint64_t *dirty_until;           /* [np] novog: report input port p's free slots until then */
  struct vc_eject_train *ej_train; /* [np] novog: the packet ejecting whole at each input port (eject_held) */
  struct fcsim_vc *vcs;            /* [np_in * nvc] */
  struct fcsim_outport *outs;      /* [np_out], out_bytes apart: vc_out */
  struct fcsim_pktq *srcq;         /* [nq] novog: per output port; classic: one */
  struct fcsim_flit *buf;          /* the chunk pool: [ports with a link * nvc * chunks_per_vc] chunks */
  uint32_t *chunk_next;            /* [chunks] the next chunk of a VC's queue, or of the free list */
  struct vc_swin *swin;            /* [nswitch_in] classic: separable/iSLIP switch allocation pointers */
  uint16_t *va_grant;              /* [np_out * FCSIM_MAX_VCS] classic, separable/iSLIP VC allocation: input VC each
                                      downstream VC prefers next */
  uint32_t node;
  uint32_t slot0;     /* graph slot of port 0 */
  uint32_t out_bytes; /* size of an output record (its credits sized for the kind's out_vcs) */
};

/* The shape a step is compiled for (docs/PERFORMANCE.md, specialisation):
 * VCs per input port and network ports. A model's step is one always_inline
 * body instantiated for the common shapes with constant fields (`fixed` 1,
 * VC_SHAPE) and once generic (vc_shape_of: the fields read from the shared
 * set-up); set-up picks the instance (vc_shared.shape), the step branches
 * on it once. */
struct vc_shape {
  int nvc;   /* VCs per input port */
  int np;    /* network ports */
  int fixed; /* 1: nvc and np are compile-time constants */
};
#define VC_SHAPE(nvc_, np_) ((struct vc_shape){(nvc_), (np_), 1})

static inline struct vc_shape vc_shape_of(const struct vc_shared *sh)
{
  return (struct vc_shape){sh->nvc, sh->np, 0};
}
/* Input port of VC index vi: a division by a constant, or the set-up's table. */
static inline int vc_port_of(const struct vc_shared *sh, const struct vc_shape k, int vi)
{
  return k.fixed ? vi / k.nvc : sh->vc_port[vi];
}
/* 64-bit words of a mask over the input VCs (`local`: local input ports). */
static inline int vc_mask_words(const struct vc_shared *sh, const struct vc_shape k, int local)
{
  return k.fixed ? ((k.np + local) * k.nvc + 63) / 64 : sh->mask_words;
}
/* 1 (the default): set-ups take the instance of their shape; 0: every set-up
 * takes the generic instance (tests/sim/test_vc_shapes.c compares the two). */
extern int fcsim__vc_shapes;

/* Output record p of node n. */
static inline struct fcsim_outport *vc_out(const struct vc_node *n, int p)
{
  return (struct fcsim_outport *)((char *)n->outs + (size_t)p * n->out_bytes);
}

/* Asks the memory system for the lines of [a, a + bytes). Hints only. */
static inline void vc_prefetch_range(const void *a, size_t bytes)
{
  const char *p = a, *end = p + bytes;
  for (; p < end; p += 64)
    __builtin_prefetch(p);
  __builtin_prefetch(end - 1);
}

/* Asks for the lines a head routed to output p reads next, at VA and when
 * it leaves: the output record (8-byte aligned, so up to three lines) and
 * the channel's ring record (the step, at routing; the prefetch op, for a
 * head arriving on an input that goes straight on). Hints only. */
static inline void vc_prefetch_output(const struct fcsim_links *l, const struct vc_shared *sh, const struct vc_node *n,
                                      int p)
{
  vc_prefetch_range(vc_out(n, p), n->out_bytes);
  if (p < sh->np)
    __builtin_prefetch(&l->chan[n->slot0 + (uint32_t)p]);
}

/* Novo-G# trains (novog_train.h): the cycles of [a, b] that are not credit
 * cycles (multiples of `period`, on which no data flit leaves); 0 when b < a. */
static inline uint64_t vc_open_cycles(uint64_t a, uint64_t b, uint64_t period)
{
  if (b < a)
    return 0;
  const uint64_t credit_cycles = b / period + 1 - (a ? (a - 1) / period + 1 : 0);
  return (b - a + 1) - credit_cycles;
}
/* A train's flits that leave before cycle t: its head at train_start, then one
 * each cycle that is not a credit cycle. */
static inline uint64_t vc_train_departed(const struct fcsim_outport *o, uint64_t t, uint64_t period)
{
  uint64_t d = t ? vc_open_cycles(o->train_start, t - 1, period) : 0;
  return d < o->train_flits ? d : o->train_flits;
}
/* The credits a count for downstream VC v arriving at cycle `arrival` must
 * lose: the flits of the output's last train on v that leave at `arrival` or
 * later. In flit mode the router is stepped at every cycle of a train (its VC
 * is never empty) and so reads the count at its arrival, then counts those
 * flits off as they leave; with the train sent, it may read it later (when
 * the count's wake fell between steps it ran ahead through), even after the
 * release, so the train's figures stay in the record until the next one. */
static inline int32_t vc_train_credit_lag(const struct fcsim_outport *o, int v, uint64_t arrival, uint64_t period)
{
  if (arrival > o->train_until || v != o->train_out_vc || o->train_flits == 0)
    return 0;
  return (int32_t)(o->train_flits - vc_train_departed(o, arrival, period));
}

static inline void vc_node_view(const struct vc_shared *sh, uint32_t node, void *state, struct vc_node *n)
{
  char *b = state;
  n->h = (struct vc_hdr *)(b + sh->off_hdr);
  n->wait_mask = (uint64_t *)(b + sh->off_masks);
  n->act_mask = n->wait_mask + sh->mask_words;
  n->ej_mask = n->act_mask + sh->mask_words;
  n->busy_count = (uint8_t *)(b + sh->off_busy_count);
  n->eject_vc = (int8_t *)(b + sh->off_eject_vc);
  n->in_bw_flits = (uint8_t *)(b + sh->off_eject_vc + (size_t)sh->np);
  n->dirty_until = (uint64_t *)(b + sh->off_dirty);
  n->ej_train = (struct vc_eject_train *)(b + sh->off_ej_train);
  n->vcs = (struct fcsim_vc *)(b + sh->off_vcs);
  n->outs = (struct fcsim_outport *)(b + sh->off_outs);
  n->out_bytes = (uint32_t)sh->out_bytes;
  n->srcq = (struct fcsim_pktq *)(b + sh->off_srcq);
  n->buf = (struct fcsim_flit *)(b + sh->off_buf);
  n->chunk_next = (uint32_t *)(b + sh->off_chunk_next);
  n->swin = (struct vc_swin *)(b + sh->off_swin);
  n->va_grant = (uint16_t *)(b + sh->off_va_grant);
  n->node = node;
  n->slot0 = sh->g->port_base[node];
}

static inline struct fcsim_flit *vc_front(const struct vc_shared *sh, struct vc_node *n, int vi)
{
  (void)sh;
  return &n->buf[n->vcs[vi].head];
}

/* VC storage: the chunk size (2^chunk_shift flits) and the most chunks one
 * VC can hold at a depth; a node's free list of `chunks` chunks, lowest
 * first (set-up and init; tests/unit/test_vc_chunks.c). */
void fcsim__vc_chunk_layout(int depth, int *chunk_shift, uint32_t *chunks_per_vc);
void fcsim__vc_chunks_init(struct vc_node *n, uint32_t chunks);

/* Set-up shared by both models: layout, thresholds. */
int fcsim__vc_setup(const struct fcsim_router_env *env, int local_port, int inband, void **shared, size_t *state_size,
                    struct fcsim_error *err);
void fcsim__vc_teardown(void *shared);
void fcsim__vc_input_buffers(const void *shared, int *vcs, int *depth_flits);
/* A node's state: the kind's state_size less the buffers of its input ports
 * without a link (they come last in the state). */
size_t fcsim__vc_node_state_size(const void *shared, uint32_t node);
int fcsim__vc_init(const void *shared, uint32_t node, void *state, struct fcsim_error *err);
void fcsim__vc_fini(const void *shared, uint32_t node, void *state);

/* Stages shared by both models. */
/* vc_receive (below, inline in the models' steps) takes what has arrived. */
/* The node's first cycle at or after the arrival, seen by vc_receive, of the
 * oldest flit still in flight on its inputs, or UINT64_MAX: an idle node's
 * next wake (fcsim_router_ops.tracks_arrivals). */
uint64_t fcsim__vc_next_arrival(const struct fcsim_ctx *ctx, const struct vc_node *n);
/* Fills sh->straight_out from the graph (sh->np and sh->kind set): for each
 * input port q, the port the channel into q leaves its sender by, where that
 * is the same at every node of the kind that has a channel into q (on a torus
 * or mesh port p leads to the neighbour's p ^ 1, so a packet going straight
 * on leaves by it); -1 where it differs or is no network port of the kind. */
void fcsim__vc_straight_outputs(struct vc_shared *sh, const struct fcsim_graph *g);
/* fcsim_router_ops.prefetch of both models: stage 2 the view, header and
 * masks; stage 1 the records of the input rings due within a few cycles
 * (the step and the steps run ahead of it read them) with their ports' VCs,
 * the credit rings due and their output records, the outputs of trains due
 * to end, the VCs of heads in RC or VA and the chunk a head would take;
 * stage 0 the entries at those rings' heads and the VCs of the trains. */
void fcsim__vc_prefetch(const void *shared, const struct fcsim_links *links, const void *state, int stage,
                        uint64_t tick);
/* Separable and iSLIP VC allocation of the heads in VA (vc_alloc.c),
 * after vc_route_and_allocate (below, inline; it leaves VA to it when
 * router.va_allocator is not greedy). */
void fcsim__vc_allocate_matched(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n);

/* vc_alloc (below, inline): a free downstream VC of a class. */
/* Arbitration priority (router.arbitration) of the packet at the front of VC vi. */
uint64_t fcsim__vc_priority(const struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int vi);
/* The first set bit of m at or after bit `start`, cyclically; m != 0. */
static inline int vc_cyclic_first(uint64_t m, unsigned start)
{
  uint64_t hi = start < 64 ? m & (~0ull << start) : 0;
  return __builtin_ctzll(hi ? hi : m);
}
/* A latency in engine ticks as whole cycles of this kind's clock (rounded up). */
static inline uint64_t vc_own_cycles(const struct vc_shared *sh, uint64_t ticks)
{
  return sh->ticks_per_cycle == 1.0 ? ticks : (uint64_t)ceil((double)ticks / sh->ticks_per_cycle - 1e-9);
}
double fcsim__vc_zero_load_cycles(const void *shared, double hops);
uint64_t fcsim__vc_credit_capacity(const void *shared, const struct fcsim_chan *c, uint64_t lag_ticks);
const int32_t *fcsim__vc_port_credits(const struct vc_shared *sh, struct vc_node *n, int32_t *out);

/* The per-flit steps, inline for the models' hot loops. Those taking
 * `inband` are called with a constant (novog 1, classic 0: sh->inband), so
 * each model's copy has no branch on it. */

/* Novo-G#: input `port` changed; its free slots must be reported upstream for
 * a while (see credit_dirty_cycles), even if the router goes idle. */
static inline void vc_mark_dirty(const struct vc_shared *sh, struct vc_node *n, int port, uint64_t now)
{
  uint64_t until = now + sh->credit_dirty_cycles;
  /* a max, not a store: a train (novog_train.h) marks its tail's departure ahead */
  n->dirty_until[port] = until > n->dirty_until[port] ? until : n->dirty_until[port];
  n->h->credit_dirty_until = until > n->h->credit_dirty_until ? until : n->h->credit_dirty_until;
}

/* Stage masks: a VC index is in at most one of wait (RC, VA), act (ACTIVE)
 * and ej (EJECT); stage-scanning loops visit only the VCs of their stage, in
 * ascending VC index like a scan of every port would. */
static inline void vc_mask_set(uint64_t *m, int vi)
{
  m[vi >> 6] |= 1ull << (vi & 63);
}
static inline void vc_mask_clear(uint64_t *m, int vi)
{
  m[vi >> 6] &= ~(1ull << (vi & 63));
}

/* A head won downstream VC v: it becomes ACTIVE (switch allocation from
 * now, or va_cycles later when not speculative). */
static inline void vc_won(const struct vc_shared *sh, struct vc_node *n, int vi, int v, uint64_t now)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  vc->out_vc = (int8_t)v;
  vc->stage = FCSIM_VC_ACTIVE;
  if (!sh->speculative)
    vc->ready_cycle = now + (uint64_t)sh->p->va_cycles;
  n->h->heads_waiting--;
  vc_mask_clear(n->wait_mask, vi);
  vc_mask_set(n->act_mask, vi);
  FCSIM_CENSUS(fcsim__census_va(n->node, vi, now));
}

/* VC storage: the first slot of a chunk taken from the node's free list
 * (never empty: the pool holds every VC's worst case); the most bytes one
 * router's VCs have held is an execution figure (vc_buffer_peak_bytes). */
static inline uint32_t vc_chunk_take(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n)
{
  uint32_t c = n->h->chunk_free;
  n->h->chunk_free = n->chunk_next[c];
  uint64_t bytes = (uint64_t)++n->h->chunks_used << (sh->chunk_shift + 4);
  if (bytes > ctx->acc->vc_buffer_peak_bytes)
    ctx->acc->vc_buffer_peak_bytes = bytes;
  return c << sh->chunk_shift;
}
/* Gives chunk c back (it is the next taken). */
static inline void vc_chunk_give(struct vc_node *n, uint32_t c)
{
  n->chunk_next[c] = n->h->chunk_free;
  n->h->chunk_free = c;
  n->h->chunks_used--;
}

static inline int vc_push(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int port, int vi,
                          const struct fcsim_flit *f, const struct vc_shape k)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  if (vc->count >= (uint32_t)sh->depth) {
    ctx->acc->buffer_overflows++;
    return -1;
  }
  uint32_t tail;
  if (vc->count == 0) {
    tail = vc_chunk_take(ctx, sh, n);
    vc->head = tail;
  } else if (((vc->tail + 1) & sh->chunk_mask) == 0) { /* the tail chunk is full */
    tail = vc_chunk_take(ctx, sh, n);
    n->chunk_next[vc->tail >> sh->chunk_shift] = tail >> sh->chunk_shift;
  } else {
    tail = vc->tail + 1;
  }
  vc->tail = tail;
  n->buf[tail] = *f;
  if (vc->count++ == 0 && vc->stage != FCSIM_VC_TRAIN) { /* a train's VC is busy until its tail leaves */
    unsigned busy = ++n->busy_count[port];
    if (busy > ctx->acc->max_busy_vcs && port < k.np)
      ctx->acc->max_busy_vcs = busy;
    if (f->flags & FCSIM_FLIT_HEAD) {
      vc->stage = FCSIM_VC_RC;
      vc->ready_cycle = ctx->now + (uint64_t)sh->p->rc_cycles;
      FCSIM_CENSUS(fcsim__census_head(n->node, vi, 0));
      n->h->heads_waiting++;
      vc_mask_set(n->wait_mask, vi);
    }
  }
  n->h->buffered++;
  return 0;
}

/* Takes the front flit of VC vi (input `port`) out; at a tail the VC leaves
 * `stage_mask`, the stage mask it is still in (act_mask, ej_mask; NULL when
 * the caller took it out before). */
static inline __attribute__((always_inline)) void vc_pop(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                         struct vc_node *n, int port, int vi, int was_tail,
                                                         const int inband, uint64_t *stage_mask,
                                                         const struct vc_shape k)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  const uint32_t head = vc->head;
  vc->count--;
  n->h->buffered--;
  if (vc->count == 0) {
    n->busy_count[port]--;
    vc_chunk_give(n, head >> sh->chunk_shift);     /* its only chunk */
  } else if (((head + 1) & sh->chunk_mask) == 0) { /* the head leaves its chunk */
    const uint32_t c = head >> sh->chunk_shift;
    vc->head = n->chunk_next[c] << sh->chunk_shift;
    vc_chunk_give(n, c);
  } else {
    vc->head = head + 1;
  }
  if (was_tail) {
    vc->out_port = FCSIM_NO_PORT;
    vc->out_vc = -1;
    if (stage_mask)
      vc_mask_clear(stage_mask, vi);
    if (vc->count > 0) {
      /* the next head's RC starts as the tail leaves (it sits right behind
       * it), as for a head arriving into an empty VC; router.queued_head
       * cycles later (BookSim2: 1) */
      vc->stage = FCSIM_VC_RC;
      vc->ready_cycle = ctx->now + (uint64_t)sh->p->rc_cycles + (uint64_t)sh->queued_head_cycles;
      FCSIM_CENSUS(fcsim__census_head(n->node, vi, 1));
      n->h->heads_waiting++;
      vc_mask_set(n->wait_mask, vi);
    } else {
      vc->stage = FCSIM_VC_IDLE;
    }
  }
  if (inband && port < k.np)
    vc_mark_dirty(sh, n, port, ctx->now);
}

static inline void vc_credit_send(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n, int port,
                                  uint32_t vc, int32_t value, int wake)
{
  int32_t c = sh->g->in_chan[n->slot0 + (uint32_t)port];
  uint64_t arrival = ctx->tick + sh->credit_delay_ticks + ctx->links->cchan[c].latency_ticks;
  if (fcsim_link_credit(ctx->links, (uint32_t)c, vc, value, arrival, wake)) /* sized so this cannot happen */
    ctx->acc->buffer_overflows++;
}

static inline struct fcsim_flit vc_take_flit(const struct vc_shared *sh, struct vc_node *n, int vi, int *tail)
{
  struct fcsim_vc *vc = &n->vcs[vi];
  struct fcsim_flit f = *vc_front(sh, n, vi);
  f.vc = (uint8_t)vc->out_vc;
  f.flags = (uint8_t)((f.flags & ~FCSIM_FLIT_CLASS1) | (vc->class1 ? FCSIM_FLIT_CLASS1 : 0));
  if (f.hops < 255)
    f.hops++;
  *tail = (f.flags & FCSIM_FLIT_TAIL) != 0;
  return f;
}

/* The dateline class a packet uses after leaving `node` on `out`, having
 * arrived on `in` (-1 or the local port at its source). Class is set by the
 * direction when the packet starts a dimension and toggled when it crosses
 * the dateline (seed 000 §4.2.2); with router.dateline_class = wrap, as
 * BookSim2's dim_order torus routing does (`dest` is the packet's). */
static inline int vc_next_class(const struct vc_shared *sh, const struct vc_node *n, int in, int out, int cls,
                                uint32_t dest)
{
  if (!sh->dateline)
    return 0;
  int straight = in >= 0 && in < sh->np && out == (in ^ 1);
  if (sh->dateline_wrap) {
    /* router.dateline_class = wrap (BookSim2): chosen on entering the
     * dimension, by whether the path wraps, and kept */
    if (straight)
      return cls;
    int d = out >> 1, c = n->h->coord[d], dc = fcsim_topo_coord(sh->topo, dest, d);
    return (out & 1) ? dc < c : c > dc;
  }
  int c = straight ? cls : (out & 1);
  return c ^ (int)((n->h->dateline_out >> out) & 1u);
}

/* Takes the credits that have arrived: novog (`inband`) absolute counts,
 * classic increments. */
static inline void vc_receive_credits_due(struct fcsim_ctx *ctx, const struct vc_shared *sh, struct vc_node *n,
                                          const int inband)
{
  struct fcsim_links *l = ctx->links;
  const uint64_t tick = ctx->tick;
  uint64_t *cpending = &l->cpending[n->node], next = UINT64_MAX;
  for (uint64_t m = *cpending; m; m &= m - 1) {
    int q = __builtin_ctzll(m);
    uint64_t *due = &l->credit_due[n->slot0 + (uint32_t)q];
    if (*due > tick) {
      if (inband)
        next = *due < next ? *due : next;
      continue;
    }
    struct fcsim_ring *cr = &l->cchan[n->slot0 + (uint32_t)q];
    struct fcsim_outport *o = vc_out(n, q);
    *due = 0;
    while (fcsim_ring_visible(cr)) {
      struct fcsim_credit_slot *s = &l->cchan_pool[cr->base + (cr->head & cr->mask)];
      if (fcsim_stamp_after(s->arrival_stamp, tick)) {
        *due = fcsim_stamp_tick(s->arrival_stamp, tick);
        if (inband)
          next = *due < next ? *due : next;
        break;
      }
      if (inband) {
        /* less a train's flits that left after the count (novog_train.h) */
        o->credits[s->vc] = s->value - vc_train_credit_lag(o, s->vc, fcsim_stamp_tick(s->arrival_stamp, tick),
                                                           (uint64_t)sh->p->credit_period_cycles);
      } else
        o->credits[s->vc] += s->value;
      FCSIM_CENSUS(fcsim__census_credit(n->node, q, ctx->now));
      fcsim_ring_pop(cr);
    }
    if (!*due && !fcsim_ring_visible(cr))
      *cpending &= ~(1ull << q);
  }
  if (inband) {
    n->h->seen_cpending = *cpending;
    n->h->credit_next = next;
  }
}

/* novog: credit flits come every router.credit_period cycles; until the
 * earliest one in flight is due, and no credit ring has been filled since
 * the node last looked (cpending unchanged), it does not look. The test is
 * made here, inlined into the step, so that a step with no credit due makes
 * no call into the loop above (which the compiler keeps out of line in the
 * Release and PGO builds measured in docs/PERFORMANCE.md). */
static inline __attribute__((always_inline)) void vc_receive_credits(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                                     struct vc_node *n, const int inband)
{
  if (inband && n->h->credit_next > ctx->tick && ctx->links->cpending[n->node] == n->h->seen_cpending)
    return;
  vc_receive_credits_due(ctx, sh, n, inband);
}

/* Takes the flits and credits that have arrived. A channel whose oldest
 * entry is still in flight is passed over with one load (its arrival is
 * cached in in_due / credit_due until the ring empties: rings are FIFO, so
 * later pushes never arrive earlier). */
static inline __attribute__((always_inline)) void vc_receive(struct fcsim_ctx *ctx, const struct vc_shared *sh,
                                                             struct vc_node *n, const int inband,
                                                             const struct vc_shape k)
{
  struct fcsim_links *l = ctx->links;
  const struct fcsim_graph *g = sh->g;
  const uint64_t now = ctx->now, tick = ctx->tick;
  uint64_t *pending = &l->pending[n->node];
  for (uint64_t m = *pending; m; m &= m - 1) {
    int q = __builtin_ctzll(m);
    uint64_t *due = &l->in_due[n->slot0 + (uint32_t)q];
    if (*due > tick)
      continue;
    struct fcsim_ring *r = &l->chan[g->in_chan[n->slot0 + (uint32_t)q]];
    *due = 0;
    while (fcsim_ring_visible(r)) {
      struct fcsim_link_slot *s = &l->chan_pool[r->base + (r->head & r->mask)];
      if (fcsim_stamp_after(s->arrival_stamp, tick)) {
        *due = fcsim_stamp_tick(s->arrival_stamp, tick);
        break;
      }
      if (inband && (s->flit.flags & FCSIM_FLIT_TRAIN)) { /* novog: the next flit of a train entry */
        const struct fcsim_flit f = fcsim_link_take_train(l, r, s);
        vc_push(ctx, sh, n, q, q * k.nvc + f.vc, &f, k);
        if (f.flags & FCSIM_FLIT_HEAD) { /* the rest waits on the ring to its tail (novog_train.h: deferred) */
          vc_mark_dirty(sh, n, q, now);
          *due = fcsim_stamp_tick(fcsim_link_head_slot(l, r, 1)->arrival_stamp, tick);
          break;
        }
      } else {
        vc_push(ctx, sh, n, q, q * k.nvc + s->flit.vc, &s->flit, k);
        fcsim_ring_pop(r);
      }
      if (inband)
        vc_mark_dirty(sh, n, q, now);
    }
    if (!*due && !fcsim_ring_visible(r))
      *pending &= ~(1ull << q);
  }
  vc_receive_credits(ctx, sh, n, inband);
}

/* Deadlock-report operations shared by both models. */
int fcsim__vc_nbuffers(const void *shared);
int fcsim__vc_buffer_busy(const void *shared, const void *state, int buf);
int fcsim__vc_waits_for(const void *shared, const struct fcsim_states *all, struct fcsim_buf_ref at,
                        struct fcsim_buf_ref *next);
void fcsim__vc_describe_buffer(const void *shared, struct fcsim_buf_ref at, char *buf, size_t size);

/* The VCs a packet of dateline class `cls` may use, [*lo, *hi], and the
 * range shared by both classes, [*shared_lo, *shared_hi] (empty when
 * shared_lo > shared_hi). Fig. 4.9: `overlap` (b) lets class 0 use VCs
 * 0..V-2 and class 1 VCs 1..V-1; `split` (a) gives class 0 the first half
 * (rounded up) and class 1 the rest. Meshes and dateline-free tori: one class,
 * all VCs. `nvc` is the downstream input's VC count. */
static inline void vc_class_range(const struct vc_shared *sh, int nvc, int cls, int *lo, int *hi, int *shared_lo,
                                  int *shared_hi)
{
  *lo = 0;
  *hi = nvc - 1;
  *shared_lo = 1;
  *shared_hi = 0;
  if (!sh->dateline || nvc < 2)
    return;
  if (sh->p->vc_split) {
    int half = (nvc + 1) / 2;
    if (cls)
      *lo = half;
    else
      *hi = half - 1;
    return;
  }
  if (cls)
    *lo = 1;
  else
    *hi = nvc - 2;
  *shared_lo = 1;
  *shared_hi = nvc - 2;
}

/* Allocates a free downstream VC of class `cls` on output `o`; -1 if none.
 * With overlapping classes (Fig. 4.9b) only the first and last VCs are
 * exclusive (vc_class_range). An exclusive (escape) VC is handed to a new
 * packet as soon as the previous one's tail has left (its packets are all
 * of one class and follow an acyclic chain); a shared VC only when it is
 * known to be empty (all its credits back), or a packet of one class could
 * wait behind one of the other inside it and tie the two classes' chains
 * into a cycle — the escape-channel argument needs atomic allocation of the
 * shared VCs. */
static inline int vc_alloc(const struct vc_shared *sh, struct fcsim_outport *o, int cls, int ejecting)
{
  int lo, hi, shared_lo, shared_hi;
  if (ejecting)
    return 0;
  vc_class_range(sh, o->nvc_out, cls, &lo, &hi, &shared_lo, &shared_hi);
  int n = hi - lo + 1;
  for (int i = 0; i < n; i++) {
    int j = o->va_ptr + i;
    while (j >= n) /* va_ptr may come from the other class's range */
      j -= n;
    int v = lo + j;
    if (o->owned[v])
      continue;
    if (((v >= shared_lo && v <= shared_hi) || sh->wait_tail_credit) && o->credits[v] < o->depth_out)
      continue; /* a shared VC still holding flits, or its tail credit not back */
    o->owned[v] = 1;
    o->va_ptr = (uint16_t)(v - lo + 1 == n ? 0 : v - lo + 1);
    return v;
  }
  return -1;
}

/* routing.turn_rule = seed-escape (sh->escape; docs/ROUTING.md): the two
 * exclusive VCs of the overlapping classes (0 for class 0, the last for
 * class 1, Fig. 4.9b) form an escape network routed DOR with the dateline;
 * the shared VCs carry the adaptive routes of the seed's six turns. A packet
 * in an adaptive VC takes a shared VC of its chosen output when one is free,
 * else the escape VC of its DOR output; once in an escape VC it stays in the
 * escape network (DOR, escape VCs only) to its destination (Duato). */

/* VC allocation of the head of input VC vi with sh->escape (see above):
 * its downstream VC, -1 if none is free now. It may move the head to its
 * escape output (vc->out_port, vc->class1). */
int fcsim__vc_alloc_escape_head(const struct vc_shared *sh, struct vc_node *n, int vi);

/* The downstream VCs the head of input VC vi may request now with
 * sh->escape, as a mask on vc->out_port (which it may move to the escape
 * output); for the separable and iSLIP allocators. */
uint32_t fcsim__vc_escape_want(const struct vc_shared *sh, struct vc_node *n, int vi);

/* With sh->escape: the DOR output of the head of vi (arrived on `in` in
 * class `cls`) when it is in an escape VC, else -1 (its algorithm routes). */
int fcsim__vc_escape_route(const struct vc_shared *sh, struct vc_node *n, int vi, int in, int cls, int64_t dest);

/* With sh->escape: a downstream VC for a packet injected on output `port`
 * (class cls there): a free shared VC, else the escape VC when `port` is
 * its DOR output; -1 if none. */
int fcsim__vc_alloc_escape_inject(const struct vc_shared *sh, struct vc_node *n, struct fcsim_outport *o, int port,
                                  int cls, int64_t dest);

/* Routing computation for the head at the front of VC vi (input q). */
void fcsim__vc_route_head(const struct vc_shared *sh, struct vc_node *n, struct fcsim_vc *vc, int q, int vi);

#endif
