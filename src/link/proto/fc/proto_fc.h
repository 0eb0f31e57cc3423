/* SPDX-License-Identifier: BSD-3-Clause */
/* Mondigo's credit-based flow controller (seed 001 ch. 2, Fig. 2.1 and
 * s2.2.1-2.2.2; s4.2.2.3 for the header layout): one FC endpoint, i.e. the
 * TX and RX halves that sit on one FPGA's end of a link, as a pure
 * cycle-stepped state machine. Two endpoints joined by two lines
 * (link/proto/line.h) make a link; link_sim.c drives them.
 *
 * Each cycle an endpoint, in this order: takes what arrived on its incoming
 * line (fcsim_fc_receive), lets its application read one flit from the RX
 * buffer (fcsim_fc_read), puts at most one flit on its outgoing line
 * (fcsim_fc_emit) and lets its application write one flit into the TX buffer
 * (fcsim_fc_write).
 *
 * - After reset it sends sync flits until it has received the peer's.
 * - Data go out in FC packets: one header (control) flit with Len, SOP, EOP,
 *   CO and CU, then Len data flits. The TX buffer is store-and-forward: a
 *   packet leaves when D_CU flits are buffered (Len must be known first), or
 *   when the oldest buffered flit has waited `force_send_cycles` (force send,
 *   Fig. 2.5).
 * - The credit counter starts at the RX depth, falls by one per data flit
 *   sent, and no data flit leaves at zero. A packet carries at most as many
 *   flits as there are credits when its header leaves, so it never stops
 *   half-way (the receiver tells header from data by counting Len).
 * - The RX side returns D_CU credits every D_CU application reads, in the CU
 *   field of the next header; when no data wait in the TX buffer (or they
 *   cannot leave for want of credits), in a credit-only (CO, Len 0) packet.
 * - A received data flit can be read `rx_write_forward_cycles` after it
 *   arrived. */
#ifndef FCSIM_LINK_PROTO_FC_H
#define FCSIM_LINK_PROTO_FC_H

#include <stdint.h>

#include "fcsim/error.h"
#include "link/proto/line.h"

/* The router model of the adapter node at each end of a link on this
 * protocol (its row of the protocols' table names it). */
#define FCSIM_FC_ADAPTER_MODEL "fc-link"

/* Flit kinds on the line. */
enum fcsim_fc_kind { FCSIM_FC_SYNC = 1, FCSIM_FC_HEADER = 2, FCSIM_FC_DATA = 3 };
/* Item flags. */
#define FCSIM_FC_F_LAST 0x1u /* last flit of an FC packet (a burst gap follows) */

/* The header (control) flit's fields (Fig. 2.1 / 4.4c). */
struct fcsim_fc_header {
  unsigned len; /* data flits that follow, 12 bits */
  unsigned sop; /* start of the application's message */
  unsigned eop; /* end of the application's message */
  unsigned co;  /* credit only: no data follow */
  unsigned cu;  /* credit update, 12 bits */
  unsigned vc;  /* fcsim: VC of the packet (bits 31:28, beyond the seed's 28-bit header; 0 with one VC) */
};
#define FCSIM_FC_FIELD_MAX 4095u

/* Cycles before a received flit is readable at RX (the write-forward;
 * seed 001 s2.3.3). */
#define FCSIM_FC_WRITE_FORWARD_CYCLES 4
/* Control words in every SerialLite III (Interlaken) metaframe: sync,
 * scrambler state, diagnostic and one skip word (Novo-G# thesis s3.4.1, L1645-1649). */
#define FCSIM_FC_METAFRAME_CONTROL_WORDS 4

/* The line time of one byte of data under metaframes of `words` words per
 * lane (0: none): words / (words - 4); 1 without metaframes. */
static inline double fcsim_fc_metaframe_scale(int words)
{
  return words > FCSIM_FC_METAFRAME_CONTROL_WORDS ? (double)words / (words - FCSIM_FC_METAFRAME_CONTROL_WORDS) : 1.0;
}

/* Most VCs the header's VC field (4 bits) can name. */
#define FCSIM_FC_MAX_VCS 16

/* Header word: VC[31:28] Len[27:16] SOP[15] EOP[14] CO[13] res[12] CU[11:0].
 * The seed's header is 28 bits in a control flit of w bits (w = 256 in
 * ch. 4): bits 31:28 are free, and carry the VC when several FC instances
 * share a line (link/proto/fc/fc_adapter.c); the reserved bit stays 0. */
uint32_t fcsim_fc_header_pack(const struct fcsim_fc_header *h);
void fcsim_fc_header_unpack(uint32_t word, struct fcsim_fc_header *h);

struct fcsim_fc_cfg {
  int d_cu;                    /* credit-update interval = largest packet, flits */
  int tx_depth;                /* TX buffer depth, flits (the seed: = D_CU) */
  int rx_depth;                /* RX buffer depth, flits; initial credits */
  int rx_write_forward_cycles; /* cycles before a received flit is readable */
  int64_t force_send_cycles;   /* a partly filled TX buffer leaves after this */
  int tx_blocking;             /* 1: the TX buffer takes no write while its packet is sent (0: a slot frees per flit) */
};

/* Checks a configuration: D_CU within the RX depth and the 12-bit fields. */
int fcsim_fc_cfg_check(const struct fcsim_fc_cfg *c, struct fcsim_error *err);

#define FCSIM_FC_LOG 64 /* events of each kind kept for tests and reports */

struct fcsim_fc_stats {
  uint64_t sync_sent;              /* sync flits sent */
  uint64_t headers_sent;           /* data-packet headers sent */
  uint64_t co_sent;                /* credit-only packets sent */
  uint64_t force_sends;            /* packets sent before the buffer was full */
  uint64_t data_sent;              /* data flits sent */
  uint64_t data_recv;              /* data flits received */
  uint64_t reads;                  /* data flits read by the application */
  uint64_t rx_overflow;            /* data flits that found the RX buffer full (must stay 0) */
  uint64_t credit_stall_cycles;    /* cycles a ready packet waited for credits */
  int64_t credits_zero_cycle;      /* first cycle the credit counter reached 0 (-1: never) */
  int64_t last_data_cycle;         /* last cycle a data flit was sent (-1: none) */
  int rx_max, tx_max;              /* largest RX / TX buffer occupancy, flits */
  double rx_sum, tx_sum;           /* occupancy summed over sampled cycles */
  uint64_t samples;                /* cycles sampled */
  int64_t hdr_cycle[FCSIM_FC_LOG]; /* cycles data-packet headers were sent */
  int n_hdr;
  int64_t co_cycle[FCSIM_FC_LOG]; /* cycles CO packets were sent */
  int n_co;
  int64_t cu_arrive[FCSIM_FC_LOG]; /* cycles a header with CU > 0 arrived */
  int64_t cu_value[FCSIM_FC_LOG];  /* ... and its CU */
  int n_cu;
  int64_t force_cycle[FCSIM_FC_LOG]; /* cycles force-sent packets left */
  int n_force;
};

struct fcsim_fc_end {
  struct fcsim_fc_cfg cfg;  /* parameters */
  int synced;               /* the peer's sync flits were seen */
  int64_t up_cycle;         /* cycle they were (-1 before) */
  int tx_count;             /* data flits in the TX buffer */
  int tx_unlaunched;        /* of those, not yet part of a sent header's Len */
  int pkt_left;             /* data flits of the current packet still to send */
  int64_t fill_start;       /* cycle the oldest unlaunched flit was written */
  int64_t credits;          /* credit counter */
  int64_t cu_pending;       /* credits owed to the peer */
  int64_t launched_total;   /* data flits covered by headers sent so far */
  int64_t msg_flits;        /* flits per application message (SOP/EOP mark its ends) */
  int64_t *rx_ready;        /* readable-from cycle of each RX flit (ring) */
  int rx_head, rx_count;    /* ring head and occupancy */
  int reads_since_cu;       /* reads since the last credit was owed */
  struct fcsim_fc_stats st; /* statistics and event logs */
};

int fcsim_fc_init(struct fcsim_fc_end *e, const struct fcsim_fc_cfg *cfg, int64_t msg_flits, struct fcsim_error *err);
void fcsim_fc_free(struct fcsim_fc_end *e);

void fcsim_fc_receive(struct fcsim_fc_end *e, const struct fcsim_pline_item *it, int64_t now);
/* The application reads one flit if one is readable; returns 1 if it did. */
int fcsim_fc_read(struct fcsim_fc_end *e, int64_t now);
/* Fills *out with the flit to send this cycle; 0 when nothing goes. Call
 * only when the outgoing line can take an item. */
int fcsim_fc_emit(struct fcsim_fc_end *e, int64_t now, struct fcsim_pline_item *out);
/* Whether fcsim_fc_emit would send a flit this cycle (no side effect): an
 * arbiter over several endpoints sharing one line asks each first. */
int fcsim_fc_wants_line(const struct fcsim_fc_end *e, int64_t now);
/* Counts a cycle of credit stall for an endpoint that was not offered the
 * line this cycle (fcsim_fc_emit counts its own). */
void fcsim_fc_note_stall(struct fcsim_fc_end *e, int64_t now);
/* The application offers one flit; returns 1 if the TX buffer took it. */
int fcsim_fc_write(struct fcsim_fc_end *e, int64_t now);
/* Accumulates buffer occupancy for this cycle. */
void fcsim_fc_sample(struct fcsim_fc_end *e);

#endif
