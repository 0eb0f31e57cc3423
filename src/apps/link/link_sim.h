/* SPDX-License-Identifier: BSD-3-Clause */
/* A single simulated link: two protocol endpoints (one per FPGA), two line
 * directions (link/proto/line.h) and the applications on both sides, stepped
 * cycle by cycle. The protocols: `ideal` (frames of a framing from
 * framing.h, no flow control), `fc` (Mondigo's flow controller,
 * proto_fc.h) and `tnw` (the TNW link, proto_tnw.h). `fcsim app link` runs
 * it (link_app.c holds its parameter table); tests call it directly. */
#ifndef FCSIM_LINK_LINK_SIM_H
#define FCSIM_LINK_LINK_SIM_H

#include <stdint.h>

#include "fcsim/error.h"
#include "link/host/host_if.h"
#include "link/proto/fc/proto_fc.h"
#include "link/proto/tnw/proto_tnw.h"

enum fcsim_link_protocol { FCSIM_LP_IDEAL, FCSIM_LP_FC, FCSIM_LP_TNW };
/* Traffic: one way (half duplex), both ways, or side 1 sending back what it reads. */
enum fcsim_link_duplex { FCSIM_LD_HALF, FCSIM_LD_FULL, FCSIM_LD_LOOPBACK };

/* Everything a run needs, in simulator units (cycles of `clock_hz`, bytes). */
struct fcsim_link_run {
  enum fcsim_link_protocol protocol;                 /* which protocol */
  enum fcsim_link_duplex duplex;                     /* traffic directions */
  double clock_hz;                                   /* protocol logic clock */
  double line_bytes_per_cycle;                       /* line payload rate after the line code, per cycle */
  int64_t latency_cycles;                            /* wire latency */
  int flit_bytes;                                    /* fc: w/8 */
  int gap_bytes;                                     /* fc: line bytes after every FC packet (SL3 burst gap) */
  struct fcsim_fc_cfg fc;                            /* fc: flow-controller parameters */
  struct fcsim_tnw_cfg tnw;                          /* tnw: link-module parameters */
  int host;                                          /* tnw: 0 the stream waits in the injection buffer at
                                                      * cycle 0; 1 it comes from the CPU through the host
                                                      * interface (host_if.h) */
  struct fcsim_host_cfg host_cfg;                    /* tnw with host: its parameters */
  int64_t frame_payload, frame_overhead, frame_unit; /* ideal: framing (bytes) */
  int64_t stream_bytes;                              /* payload each sending side transfers */
  int64_t message_bytes;                             /* application message size (latency per message) */
  int64_t write_period;                              /* the sender offers one flit every N cycles */
  int64_t read_period;                               /* the receiver reads every N cycles */
  int64_t read_stop;                                 /* reads stop this many cycles after link-up (-1: never) */
  int64_t max_cycles;                                /* give up after this many cycles */
};

/* What one direction (side d sending to side 1-d) achieved. */
struct fcsim_link_dir {
  int active;                     /* this direction carried a stream */
  int complete;                   /* every byte was read by the far application */
  int64_t bytes;                  /* payload bytes read by the far application */
  int64_t first_write_cycle;      /* first payload handed to the sender (-1: none) */
  int64_t last_read_cycle;        /* last payload read (-1: none) */
  double throughput_Bps;          /* bytes / (last read - first write) */
  double steady_Bps;              /* rate over the second half of the stream */
  double avg_latency_cycles;      /* per flit (fc), frame (ideal) or packet (tnw): written to read */
  int64_t min_latency_cycles;     /* the smallest */
  int64_t max_latency_cycles;     /* the largest */
  double avg_msg_latency_cycles;  /* per message: its first byte written to its last read (tnw with a
                                   * host interface: its send began to its last byte in the receiver's memory) */
  int64_t max_msg_latency_cycles; /* the largest */
  int64_t d_link_cycles;          /* fc: first header readable at RX - first write (Eq. 2.2) */
  int tx_max, rx_max;             /* buffer occupancy: sender's TX / receiver's RX, largest */
  double tx_avg, rx_avg;          /* ... and averaged over the run */
};

struct fcsim_link_result {
  int64_t cycles;                /* cycles simulated */
  int stalled;                   /* stopped early: nothing moved for a whole round trip and more */
  int64_t up_cycle[2];           /* cycle each side saw its peer (fc sync; 0 otherwise) */
  struct fcsim_link_dir dir[2];  /* per direction */
  struct fcsim_fc_stats fc[2];   /* fc: each endpoint's statistics and event logs */
  struct fcsim_tnw_stats tnw[2]; /* tnw: each endpoint's statistics */
};

/* Runs one link; 0 or a negative FCSIM_E* with a message. */
int fcsim_link_sim(const struct fcsim_link_run *run, struct fcsim_link_result *res, struct fcsim_error *err);

#endif
