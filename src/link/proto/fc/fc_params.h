/* SPDX-License-Identifier: BSD-3-Clause */
/* The flow-controller link protocol's parameter block (core/params.h):
 * link.fc_* as the protocol reads them (keys.c writes and checks them;
 * fc_adapter.c and fc_protocol.c read them at set-up). */
#ifndef FCSIM_LINK_PROTO_FC_PARAMS_H
#define FCSIM_LINK_PROTO_FC_PARAMS_H

#include "core/params.h"

struct fcsim_fc_params {
  int d_cu_flits;      /* link.fc_d_cu: credit-update interval = largest packet = TX buffer, flits */
  int rx_depth_flits;  /* link.fc_rx_depth: RX buffer, flits; 0 = auto (Eq. 2.4 with margin) */
  int gap_bytes;       /* link.fc_gap_bytes: idle line bytes after each FC packet (SL3 burst gap; 0: none) */
  int metaframe_words; /* link.fc_metaframe_words: SL3 metaframe length per lane, words (4 are control; 0: none) */
  int tx_blocking;     /* link.fc_tx_blocking: 1 = the TX buffer takes no write while its packet is sent */
};
extern struct fcsim_param_block fcsim_fc_block;

static inline const struct fcsim_fc_params *fcsim_fc_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_fc_block);
}

#endif
