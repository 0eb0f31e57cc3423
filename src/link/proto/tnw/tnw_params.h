/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW link protocol's parameter block (core/params.h): link.tnw_* as the
 * protocol reads them (keys.c writes them; tnw_adapter.c, tnw_protocol.c and
 * the transform's channel sizes in proto_links.h read them at set-up). */
#ifndef FCSIM_LINK_PROTO_TNW_PARAMS_H
#define FCSIM_LINK_PROTO_TNW_PARAMS_H

#include "core/params.h"

struct fcsim_tnw_params {
  int window_packets; /* link.tnw_window: txBuffer size in packets; 0 = auto (proto_tnw.h) */
  int rx_packets;     /* link.tnw_rx_packets: reception FIFO of each VC, packets */
  int payload_bytes;  /* link.tnw_payload: payload bytes per packet */
};
extern struct fcsim_param_block fcsim_tnw_block;

static inline const struct fcsim_tnw_params *fcsim_tnw_params(const struct fcsim_params *p)
{
  return fcsim_params_block(p, &fcsim_tnw_block);
}

#endif
