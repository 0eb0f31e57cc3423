/* SPDX-License-Identifier: BSD-3-Clause */
/* The host interface of a TNW node (seed 004, Pivanti 2010 s2.1 and s4):
 * the sending CPU's messages reach the network processor's injection buffer
 * over PCIe, cycle by cycle, under one of three send schemes; the TNW link
 * module (link/proto/tnw/proto_tnw.h) takes the bytes as they arrive.
 *
 *   pput-sw  - programmed IO into write-combining memory; the thread flushes
 *              the WC buffers every `flush_bytes` and waits for the posted
 *              write to reach the NWP (L76-78, L113);
 *   pput-nwp - the same stores, the NWP's re-order logic takes the 64 B
 *              bursts as they come, at the PCIe rate (L78-80, L115);
 *   nget     - a doorbell with the control information, then the NWP reads
 *              the message from CPU memory, read request and completion one
 *              PCIe transfer each (L70, L117).
 *
 * Every message first costs the sending thread its software overhead; the
 * thread sends the messages of its VCs one after another (blocking sends,
 * L82). The seed's figures are the defaults below with their lines; the
 * `host` model (src/model/host.c) is the same interface in closed form. */
#ifndef FCSIM_LINK_HOST_IF_H
#define FCSIM_LINK_HOST_IF_H

#include <stdint.h>

#include "fcsim/error.h"
#include "link/proto/tnw/proto_tnw.h"
#include "model/host.h" /* the seed's figures, FCSIM_HOST_*_S and the PCIe rate */

#define FCSIM_HOST_WC_BURST_BYTES   64     /* a flushed WC buffer (L78) */
#define FCSIM_HOST_INFLIGHT         64     /* chunks on their way to the NWP */

/* The send schemes, in the order of the registry (host_if.c). */
enum fcsim_host_scheme { FCSIM_HOST_PPUT_SW, FCSIM_HOST_PPUT_NWP, FCSIM_HOST_NGET, FCSIM_HOST_SCHEMES };

struct fcsim_host_cfg {
  int scheme;                  /* enum fcsim_host_scheme */
  double pcie_bytes_per_cycle; /* PCIe payload rate */
  int64_t transfer_cycles;     /* one PCIe transfer */
  int64_t sw_cycles;           /* software overhead per message */
  int64_t flush_bytes;         /* pput-sw: bytes between two flushes */
  int64_t read_bytes;          /* nget: bytes per read request */
  int reads_outstanding;       /* nget: reads in flight */
  int64_t message_bytes;       /* bytes per message */
};

struct fcsim_host_chunk {
  int64_t arrive; /* cycle it reaches the NWP */
  int64_t bytes;
  int vc;
  int last; /* the message's last chunk */
};

/* One node's sending side. */
struct fcsim_host_tx {
  struct fcsim_host_cfg cfg;
  int vcs;                                           /* VCs with a stream */
  int64_t left[FCSIM_TNW_MAX_VCS];                   /* bytes of each VC's stream not yet started */
  int64_t msgs[FCSIM_TNW_MAX_VCS];                   /* messages started per VC */
  int64_t *msg_start[FCSIM_TNW_MAX_VCS];             /* cycle each message's send began (from calloc) */
  int64_t msg_cap;                                   /* entries of each msg_start */
  int vc;                                            /* VC of the current message */
  int64_t msg_left;                                  /* its bytes not yet issued */
  int64_t next_issue;                                /* first cycle the thread (or read engine) may issue */
  double pcie_free;                                  /* cycle the PCIe interface is free */
  int reads;                                         /* nget: reads in flight */
  int64_t staged[FCSIM_TNW_MAX_VCS];                 /* bytes at the NWP not yet a whole packet (L88) */
  struct fcsim_host_chunk ring[FCSIM_HOST_INFLIGHT]; /* chunks on their way, by arrival */
  int head, count;
};

/* A send scheme: how the current message's next chunk is issued. */
struct fcsim_host_scheme_ops {
  const char *name;
  const char *summary;
  const char *source;
  /* Issues at most one chunk at `now`; 1 if it did. */
  int (*issue)(struct fcsim_host_tx *h, int64_t now);
};

/* The registry, indexed by enum fcsim_host_scheme; NULL-terminated. */
extern const struct fcsim_host_scheme_ops *const fcsim_host_schemes[];
const struct fcsim_host_scheme_ops *fcsim_host_scheme_find(const char *name);

/* `stream_bytes` split over `vcs` VCs as the TNW run splits them. */
int fcsim_host_tx_init(struct fcsim_host_tx *h, const struct fcsim_host_cfg *cfg, int vcs, const int64_t *vc_bytes,
                       struct fcsim_error *err);
void fcsim_host_tx_free(struct fcsim_host_tx *h);
/* One cycle: the chunks that reached the NWP go to `end`'s injection buffer
 * in whole packets (the txFifo starts a packet at 128 B, L88), a message's
 * tail as soon as it is complete; then the next chunk is issued. */
void fcsim_host_tx_step(struct fcsim_host_tx *h, struct fcsim_tnw_end *end, int64_t now);
/* Cycle message `k` of `vc` began its send; -1 if unknown. */
int64_t fcsim_host_msg_start(const struct fcsim_host_tx *h, int vc, int64_t k);

#endif
