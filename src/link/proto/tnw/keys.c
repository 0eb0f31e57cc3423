/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the TNW link protocol (Pivanti 2010; proto_tnw.c,
 * tnw_adapter.c). */
#include "core/keys.h"
#include "link/proto/tnw/tnw_params.h"

static const struct fcsim_key tnw_rows[] = {
    {"link", "tnw_window", FCSIM_KT_INT, "packets", "auto", 1, 32767, 1, NULL, NULL, NULL,
     "tnw: txBuffer size (unacknowledged packets); `auto`: one round trip of a packet and its ACK, plus two "
     "(docs/LINKS.md)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_tnw_params, window_packets), .auto_value = 0},
    {"link", "tnw_rx_packets", FCSIM_KT_INT, "packets", "16", 1, 4096, 0, NULL, NULL, NULL,
     "tnw: reception FIFO of each virtual channel at the far adapter, in packets",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_tnw_params, rx_packets)},
    {"link", "tnw_payload", FCSIM_KT_INT, "bytes", "128", 4, 4096, 0, NULL, NULL, NULL,
     "tnw: payload bytes per packet (Pivanti 2010: 128); the header and CRC words add 8",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_tnw_params, payload_bytes)},
};
struct fcsim_param_block fcsim_tnw_block = FCSIM_PARAM_BLOCK("link/proto/tnw", struct fcsim_tnw_params);
const struct fcsim_key_table fcsim_tnw_keys = FCSIM_KEY_TABLE_IN("link/proto/tnw", tnw_rows, &fcsim_tnw_block);
