/* The state of a simulated network: topology, policies, routers, links,
 * source queues and statistics, in flat arrays indexed by node, port and VC.
 * Owned by the engine (engine.c); the router step (router/vc.c) reads and
 * writes one router's slice of it per cycle, plus the rings of its own
 * outgoing links and credit returns. */
#ifndef FCSIM_ENGINE_NET_H
#define FCSIM_ENGINE_NET_H

#include <stdint.h>

#include "arbiter/arbiter.h"
#include "config/config.h"
#include "core/rng.h"
#include "link/link.h"
#include "router/router.h"
#include "routing/routing.h"
#include "stats/stats.h"
#include "topo/topo.h"
#include "traffic/traffic.h"

#define FCSIM_MAX_VCS 16
#define FCSIM_NO_PORT (-1)
#define FCSIM_HOLD_INJECT (-2) /* output held by the node's own injection */

/* Input VC stages. */
enum fcsim_vc_stage {
  FCSIM_VC_IDLE = 0, /* empty, or front flit not a head (never: tails close packets) */
  FCSIM_VC_RC,       /* head at front, routing computation until ready */
  FCSIM_VC_VA,       /* routed, waiting for a downstream VC from ready on */
  FCSIM_VC_ACTIVE,   /* has an output and downstream VC: flits may leave */
  FCSIM_VC_EJECT     /* packet at its destination: ejecting from ready on */
};

/* One input VC: a ring of flits in net->vcbuf plus the state of the packet
 * at its front. */
struct fcsim_vc {
  uint32_t head;        /* oldest flit */
  uint32_t count;       /* flits buffered */
  uint64_t ready_cycle; /* RC/VA of the front packet completes */
  int8_t out_port;      /* chosen output, FCSIM_NO_PORT before RC */
  int8_t out_vc;        /* allocated downstream VC, -1 before VA */
  uint8_t stage;        /* enum fcsim_vc_stage */
  uint8_t class1;       /* dateline class the packet will use downstream */
  uint16_t dist;        /* hops from this router to the front packet's destination */
  uint16_t pad;
};

/* One output port (and, for the classic model, the ejection port). */
struct fcsim_outport {
  int16_t holder;                    /* novog: input VC index holding it, FCSIM_HOLD_INJECT, or -1 */
  uint16_t rr_ptr;                   /* round-robin pointer among input VCs */
  uint16_t va_ptr;                   /* next downstream VC to try */
  uint16_t inj_sent;                 /* novog: flits of the injecting packet sent */
  int8_t inj_vc;                     /* novog: downstream VC of the injecting packet */
  uint8_t pad[7];
  int32_t credits[FCSIM_MAX_VCS];    /* known free slots of each downstream VC */
  uint8_t owned[FCSIM_MAX_VCS];      /* downstream VC allocated to a packet */
};

/* A packet waiting at its source. */
struct fcsim_packet {
  uint64_t gen_cycle;
  uint32_t dest;
  uint8_t route;
  uint8_t flags; /* FCSIM_FLIT_MEASURED */
  uint16_t pad;
};

/* A growable ring of waiting packets (grows by doubling, rarely). */
struct fcsim_pktq {
  struct fcsim_packet *buf; /* from malloc */
  uint32_t head, count, cap;
};

/* Per-node bookkeeping. Fields read on every step come first, so that they
 * share a cache line; random streams and credit timers follow. */
struct fcsim_node {
  uint64_t processed_at;       /* last cycle stepped (+1, 0 = never) */
  uint32_t buffered;           /* flits in input VCs */
  uint32_t queued;             /* packets in source queues */
  uint16_t busy_mask[FCSIM_MAX_PORTS + 1]; /* bit v: VC v of the input port holds flits */
  uint16_t heads_waiting;      /* VCs whose front packet is in RC or VA */
  uint16_t in_pending;         /* bit q: the link into input q may hold flits */
  uint8_t busy_count[FCSIM_MAX_PORTS + 1]; /* VCs of the input port holding flits */
  uint8_t classic_inj_vc;      /* classic: local VC of the packet being injected, 0xff none */
  int8_t eject_vc[FCSIM_MAX_PORTS]; /* novog: VC ejecting on each input port, -1 none */
  uint16_t classic_inj_sent;   /* classic: its flits moved in so far */
  uint64_t credit_dirty_until; /* novog: max over ports of port_dirty_until */
  uint64_t next_arrival;       /* next packet creation, UINT64_MAX if none */
  uint64_t created;            /* packets created (pattern sequence number) */
  int64_t batch_left;          /* batch mode: packets still to create */
  struct fcsim_rng arrival_rng, dest_rng, route_rng, hop_rng;
  uint64_t port_dirty_until[FCSIM_MAX_PORTS]; /* novog: report input port p's free slots until then */
};

/* A partition: a contiguous range of routers simulated by one thread (or
 * rank), with its own clock, schedule and statistics. Partitions meet only
 * on links, through rings published at window ends. */
struct fcsim_part {
  uint32_t first, last;              /* routers [first, last) */
  uint64_t now;                      /* cycle being simulated */
  int in_window;                     /* now within the measurement window */
  struct fcsim_stats_acc acc;        /* this partition's statistics */
  uint64_t last_progress;            /* last cycle a flit moved here */
  int64_t flits_in_network;          /* injected here minus ejected here */
  uint32_t **wheel;                  /* [cycle & wheel_mask] -> routers to step */
  uint32_t *wheel_len, *wheel_cap;
  struct fcsim_arrival_heap *arrivals;
  uint32_t *in_cross, n_in_cross;    /* data rings read here, written elsewhere */
  uint32_t *out_cross, n_out_cross;  /* data rings written here, read elsewhere */
  uint32_t *out_ccross, n_out_ccross;/* credit rings written here, read elsewhere */
  int rc;                            /* first error (out of memory) */
};

struct fcsim_net {
  struct fcsim_params p;
  struct fcsim_topo topo;
  struct fcsim_traffic traffic;
  const struct fcsim_router_ops *model;
  const struct fcsim_routing_ops *routing;
  const struct fcsim_arbiter_ops *arbiter;

  int np_in, np_out;   /* input / output ports per router (network + local) */
  int nvc;             /* VCs per input port */
  int depth;           /* flits per VC */
  double lambda;       /* packets per node per cycle */
  uint64_t credit_dirty_cycles; /* novog: credit flits continue this long after buffer activity */

  struct fcsim_node *nodes;        /* [node] */
  struct fcsim_vc *vcs;            /* [(node * np_in + port) * nvc + vc] */
  struct fcsim_flit *vcbuf;        /* [vc index * depth + slot] */
  struct fcsim_outport *outs;      /* [node * np_out + port] */
  struct fcsim_pktq *srcq;         /* novog: [node * nports + port]; classic: [node] */
  struct fcsim_ring *chan;         /* data link leaving node on port: [node * nports + port] */
  struct fcsim_link_slot *chan_pool;
  struct fcsim_ring *cchan;        /* credits for data link c travel on cchan[c] */
  struct fcsim_credit_slot *cchan_pool;
  uint64_t *link_flits;            /* [channel] data flits sent in the window */
  uint32_t *in_chan;               /* [node * nports + port] data link arriving on that input, or UINT32_MAX */
  uint32_t *part_of;               /* [node] partition index */

  uint32_t wheel_mask;             /* wake-ups are at most this many cycles ahead */
  int rank, nranks;                /* MPI rank of this process and number of ranks */
  int part_first, part_last;       /* partitions this rank steps: [first, last) */
  struct fcsim_mpi *mpi;           /* exchange plan (mpi.c), NULL with one rank */
  uint64_t window_start, window_end; /* measured creation: [start, end) */
  int nparts;
  struct fcsim_part *parts;        /* [nparts] */
  uint64_t window_cycles;          /* lookahead: cycles partitions run alone */
  uint64_t now;                    /* cycles simulated when the run ended */
  struct fcsim_stats_acc acc;      /* merged statistics, after the run */
  int64_t flits_in_network;        /* merged, after the run */
};

/* Queue helpers (grow by doubling; returns -1 when out of memory). */
int fcsim_pktq_push(struct fcsim_pktq *q, const struct fcsim_packet *pkt);
static inline struct fcsim_packet *fcsim_pktq_front(struct fcsim_pktq *q)
{
  return &q->buf[q->head & (q->cap - 1)];
}
static inline void fcsim_pktq_pop(struct fcsim_pktq *q)
{
  q->head++;
  q->count--;
}

/* The VCs a packet of dateline class `cls` may use, [*lo, *hi], and the
 * range shared by both classes, [*shared_lo, *shared_hi] (empty when
 * shared_lo > shared_hi). Fig. 4.9: `overlap` (b) lets class 0 use VCs
 * 0..V-2 and class 1 VCs 1..V-1; `split` (a) gives class 0 the first half
 * (rounded up) and class 1 the rest. Meshes and dateline-free tori: one class,
 * all VCs. */
static inline void fcsim_vc_class_range(const struct fcsim_net *net, int cls, int *lo, int *hi, int *shared_lo,
                                        int *shared_hi)
{
  *lo = 0;
  *hi = net->nvc - 1;
  *shared_lo = 1;
  *shared_hi = 0;
  if (net->topo.kind != FCSIM_TOPO_TORUS || !net->p.dateline || net->nvc < 2)
    return;
  if (net->p.vc_split) {
    int half = (net->nvc + 1) / 2;
    if (cls)
      *lo = half;
    else
      *hi = half - 1;
    return;
  }
  if (cls)
    *lo = 1;
  else
    *hi = net->nvc - 2;
  *shared_lo = 1;
  *shared_hi = net->nvc - 2;
}

/* Fills out[p] with the free downstream slots the router knows of on each
 * network output p, summed over VCs (for credit-aware routing), -1 where
 * there is no link; returns out. */
static inline const int32_t *fcsim_port_credits(const struct fcsim_net *net, uint32_t node, int32_t *out)
{
  for (int port = 0; port < net->topo.nports; port++) {
    const struct fcsim_outport *o = &net->outs[(size_t)node * net->np_out + port];
    int32_t sum = 0;
    for (int v = 0; v < net->nvc; v++)
      sum += o->credits[v];
    out[port] = net->topo.neighbor[(size_t)node * net->topo.nports + port] < 0 ? -1 : sum;
  }
  return out;
}

/* Schedules `node` (of partition `pt`) to be stepped at `cycle`, no more
 * than wheel_mask cycles ahead. Returns 0 or FCSIM_ENOMEM. */
int fcsim_part_wake(const struct fcsim_net *net, struct fcsim_part *pt, uint32_t node, uint64_t cycle);

/* Steps one router of partition `pt` for cycle pt->now (router/vc.c).
 * Returns 0, or FCSIM_ENOMEM growing a schedule. */
int fcsim_router_step(struct fcsim_net *net, struct fcsim_part *pt, uint32_t node);

#endif
