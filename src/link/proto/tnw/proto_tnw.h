/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW link protocol (seed 004 s2.2): one link module, i.e. the sending
 * and receiving halves on one node's end of a link, as a pure cycle-stepped
 * state machine. Two of them joined by two lines (link/proto/line.h) make a link;
 * link_sim.c drives them.
 *
 * - Sending: the injection buffer (txFifo) holds data per virtual channel;
 *   from it the module cuts packets of a 32-bit header (VC tag, sequence
 *   number), `payload_bytes` of data and a 32-bit CRC. Every packet sent is
 *   kept in the txBuffer until it is acknowledged.
 * - Receiving: a packet with a good CRC is pushed into its VC's reception
 *   FIFO and acknowledged (ACK); a bad CRC is answered by a NACK and every
 *   further packet is discarded until a RESTART arrives.
 * - On a NACK the sender sends RESTART and resends every packet of its
 *   txBuffer in order (go-back-N), and takes no new data until all of them
 *   are acknowledged.
 * - Back-pressure: a packet is only started when its VC's reception FIFO at
 *   the peer has room; the receiver returns that room (credits) as the
 *   application consumes packets.
 *
 * Choices where the seed is silent (docs/LINKS.md): control words (ACK,
 * NACK, RESTART, CREDIT) are one 32-bit word each: kind 2 bits, sequence 16
 * bits, VC 3 bits, returned credits 8 bits, 3 reserved; ACKs are cumulative
 * and one is sent per good packet; returned credits ride on any control
 * word, and go alone only when the line has nothing else to carry; the
 * txBuffer (window) holds `window` packets; bit errors hit data packets
 * (drawn per packet and attempt from a counter-based stream), not control
 * words, so no feedback is ever lost and no timeout is needed. */
#ifndef FCSIM_LINK_PROTO_TNW_H
#define FCSIM_LINK_PROTO_TNW_H

#include <stdint.h>

#include "core/rng.h"
#include "fcsim/error.h"
#include "link/proto/line.h"

/* The router model of the adapter node at each end of a link on this
 * protocol (its row of the protocols' table names it). */
#define FCSIM_TNW_ADAPTER_MODEL "tnw-link"

#define FCSIM_TNW_MAX_VCS 8

/* The seed's framing around each packet's payload: a 32-bit header (the
 * virtual-channel tag) and a 32-bit CRC; control items (ACK, NACK, RESTART,
 * CREDIT) are one 32-bit word. */
#define FCSIM_TNW_HEADER_BYTES 4
#define FCSIM_TNW_CRC_BYTES    4
#define FCSIM_TNW_CTRL_BYTES   4

/* Item kinds on the line. */
enum fcsim_tnw_kind { FCSIM_TNW_DATA = 1, FCSIM_TNW_ACK, FCSIM_TNW_NACK, FCSIM_TNW_RESTART, FCSIM_TNW_CREDIT };
#define FCSIM_TNW_F_CORRUPT 0x1u /* a data packet whose CRC will not match */

struct fcsim_tnw_cfg {
  int vcs;           /* virtual channels in use, 1..8 */
  int payload_bytes; /* data per packet (128) */
  int header_bytes;  /* header word (4) */
  int crc_bytes;     /* CRC word (4) */
  int ctrl_bytes;    /* one control word (4) */
  int window;        /* packets the txBuffer holds unacknowledged */
  int rx_vc_packets; /* reception FIFO of each VC, packets */
  double ber;        /* bit error rate of the line, [0, 1) */
  uint64_t seed;     /* run seed */
  uint64_t link_id;  /* which link direction: part of the error stream's key */
};

int fcsim_tnw_cfg_check(const struct fcsim_tnw_cfg *c, struct fcsim_error *err);

struct fcsim_tnw_stats {
  uint64_t packets_new;     /* packets sent for the first time */
  uint64_t retransmissions; /* packets sent again (go-back-N) */
  uint64_t resend_episodes; /* NACKs acted on */
  uint64_t errors_injected; /* data packets sent corrupted */
  uint64_t errors_detected; /* bad CRCs found by this receiver */
  uint64_t discarded;       /* packets dropped while waiting for RESTART */
  uint64_t out_of_order;    /* good packets with an unexpected sequence (must stay 0) */
  uint64_t rx_overflow;     /* packets that found their FIFO full (must stay 0) */
  uint64_t acks_sent, nacks_sent, restarts_sent, credit_words; /* control words sent */
  uint64_t delivered;                                          /* packets consumed by the application */
  uint64_t delivered_bytes;                                    /* their payload bytes */
  uint64_t order_errors; /* consumed packets out of order on their VC (must stay 0) */
  double latency_sum;    /* cycles from first send to consumption, summed */
  int64_t latency_max;   /* the largest */
  int rx_max, tx_max;    /* largest reception / txBuffer occupancy, packets */
  double rx_sum, tx_sum; /* occupancies summed over sampled cycles */
  uint64_t samples;      /* cycles sampled */
};

/* A packet kept in the txBuffer. */
struct fcsim_tnw_slot {
  int vc;          /* virtual channel */
  int len;         /* payload bytes */
  uint32_t vc_idx; /* its index in its VC's stream */
  int attempts;    /* transmissions so far */
  int64_t born;    /* cycle of its first transmission */
};

/* A packet in a reception FIFO. */
struct fcsim_tnw_rx {
  int len;         /* payload bytes */
  uint32_t vc_idx; /* its index in its VC's stream */
  int64_t born;    /* cycle of its first transmission */
};

struct fcsim_tnw_end {
  struct fcsim_tnw_cfg cfg; /* parameters */
  struct fcsim_rng rng;     /* error stream of the outgoing direction */
  double p_packet_error;    /* chance a data packet is corrupted */
  /* sender */
  int64_t backlog[FCSIM_TNW_MAX_VCS];      /* bytes waiting in the injection buffer per VC */
  uint32_t vc_next_idx[FCSIM_TNW_MAX_VCS]; /* next packet index per VC */
  int64_t vc_credits[FCSIM_TNW_MAX_VCS];   /* free places in the peer's FIFO per VC */
  int rr_vc;                               /* round-robin pointer over VCs */
  int64_t next_seq;                        /* next new sequence number */
  int64_t base;                            /* oldest unacknowledged */
  int resend;                              /* in resend mode */
  int restart_due;                         /* a RESTART must go first */
  int64_t resend_ptr;                      /* next packet to resend */
  struct fcsim_tnw_slot *txbuf;            /* the txBuffer, indexed by seq % window */
  int64_t acked_bytes[FCSIM_TNW_MAX_VCS];  /* payload acknowledged per VC */
  /* receiver */
  int64_t expected;                       /* next sequence number accepted */
  int discard;                            /* discarding until RESTART */
  int nack_due;                           /* a NACK must go */
  int64_t acks_owed;                      /* ACK words owed (one per good packet) */
  int64_t credit_owed[FCSIM_TNW_MAX_VCS]; /* consumed places not yet returned */
  struct fcsim_tnw_rx *fifo;              /* reception FIFOs, vcs x rx_vc_packets */
  int fifo_head[FCSIM_TNW_MAX_VCS], fifo_count[FCSIM_TNW_MAX_VCS];
  uint32_t vc_consumed[FCSIM_TNW_MAX_VCS]; /* packets consumed per VC */
  int rr_rx;                               /* round robin among credit-packet matches */
  struct fcsim_tnw_stats st;               /* statistics */
};

int fcsim_tnw_init(struct fcsim_tnw_end *e, const struct fcsim_tnw_cfg *cfg, struct fcsim_error *err);
void fcsim_tnw_free(struct fcsim_tnw_end *e);

/* The default window (docs/LINKS.md): one round trip of a data packet and
 * its ACK, which may wait behind a packet going the other way, in packets,
 * plus two, so that the link never idles for want of acknowledgements. */
int fcsim_tnw_default_window(int64_t latency_cycles, double packet_cycles);

/* Wire bytes of a data packet and of a control word. */
int fcsim_tnw_packet_bytes(const struct fcsim_tnw_cfg *c);

/* The application queues `bytes` for sending on `vc` (tnwSend). */
void fcsim_tnw_send(struct fcsim_tnw_end *e, int vc, int64_t bytes);
void fcsim_tnw_receive(struct fcsim_tnw_end *e, const struct fcsim_pline_item *it, int64_t now);
/* The application consumes one packet (tnwCredit matched); 1 if it did,
 * with the packet's VC in *vc and its description in *got (either may be
 * NULL). */
int fcsim_tnw_consume(struct fcsim_tnw_end *e, int64_t now, int *vc, struct fcsim_tnw_rx *got);
/* The same, taking packets only from the VCs whose bit is set in vc_mask
 * (the VCs with a receive posted, tnw_api.h). */
int fcsim_tnw_consume_masked(struct fcsim_tnw_end *e, int64_t now, unsigned vc_mask, int *vc, struct fcsim_tnw_rx *got);
/* The item to send this cycle and its wire bytes; 0 when nothing goes. */
int fcsim_tnw_emit(struct fcsim_tnw_end *e, int64_t now, struct fcsim_pline_item *out, double *wire_bytes);
void fcsim_tnw_sample(struct fcsim_tnw_end *e);
/* 1 when everything queued has been sent and acknowledged. */
int fcsim_tnw_idle(const struct fcsim_tnw_end *e);

#endif
