/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of Mondigo's flow-controller link protocol (Mondigo 2020 ch. 2;
 * proto_fc.c, fc_adapter.c). */
#include "core/keys.h"
#include "link/proto/fc/fc_params.h"
#include "link/proto/fc/proto_fc.h"

static const struct fcsim_key fc_rows[] = {
    {"link", "fc_d_cu", FCSIM_KT_INT, "flits", "32", 1, 4095, 0, NULL, NULL, NULL,
     "fc: D_CU, the credit-update interval, largest packet and TX buffer depth (Mondigo 2020 s2.3.3: 32)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_fc_params, d_cu_flits)},
    {"link", "fc_rx_depth", FCSIM_KT_INT, "flits", "auto", 1, 1 << 20, 1, NULL, NULL, NULL,
     "fc: RX buffer depth and initial credits; `auto`: 2 x D_link + D_CU + 1 (Eq. 2.4), D_link = link latency + "
     "D_CU + 4 cycles of write-forward",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_fc_params, rx_depth_flits), .auto_value = 0},
    {"link", "fc_gap_bytes", FCSIM_KT_INT, "bytes", "0", 0, 65536, 0, NULL, NULL, NULL,
     "fc: idle line bytes after each FC packet (the SL3 burst gap, VCSN 2023 Eq. 1: 32); 0: none",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_fc_params, gap_bytes)},
    {"link", "fc_metaframe_words", FCSIM_KT_INT, "words", "0", 0, 8191, 0, NULL, NULL, NULL,
     "fc: SerialLite III metaframe length per lane; each metaframe carries 4 control words (sync, scrambler, "
     "diagnostic, skip: Interlaken; Novo-G# thesis s3.4.1 L1645-1649), so the line carries data (L-4)/L of the time; Mondigo 2020 "
     "L914's derived SL3 clock implies L = 198; 0: none",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_fc_params, metaframe_words)},
    {"link", "fc_tx_blocking", FCSIM_KT_INT, "", "0", 0, 1, 0, NULL, NULL, NULL,
     "fc: 1 = the store-and-forward TX buffer takes no write until its packet has left whole (a reading of Mondigo "
     "2020 L421, 'TX0 initiates transmission when its TX0 buffer is full'; VCSN 2023 L403); 0 = a slot frees as each "
     "flit leaves",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_fc_params, tx_blocking)},
};
struct fcsim_param_block fcsim_fc_block = FCSIM_PARAM_BLOCK("link/proto/fc", struct fcsim_fc_params);
const struct fcsim_key_table fcsim_fc_keys = FCSIM_KEY_TABLE_IN("link/proto/fc", fc_rows, &fcsim_fc_block);
/* link.fc_rx_depth (0: auto, derived by the adapter) holds at least D_CU. */
static int resolve_fc(struct fcsim_params *params, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  const struct fcsim_fc_params *p = fcsim_fc_params(params);
  if (p->rx_depth_flits && p->rx_depth_flits < p->d_cu_flits)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: link.fc_rx_depth = %d flits is below link.fc_d_cu = %d: the receiver could never read "
                           "D_CU flits to return a credit",
                           fcsim_key_origin(r, "link", "fc_rx_depth"), p->rx_depth_flits, p->d_cu_flits);
  if (p->metaframe_words && p->metaframe_words <= FCSIM_FC_METAFRAME_CONTROL_WORDS)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "%s: link.fc_metaframe_words = %d leaves no data word beside the metaframe's %d control "
                           "words; expected 0 (none) or more than %d",
                           fcsim_key_origin(r, "link", "fc_metaframe_words"), p->metaframe_words,
                           FCSIM_FC_METAFRAME_CONTROL_WORDS, FCSIM_FC_METAFRAME_CONTROL_WORDS);
  return 0;
}
const struct fcsim_resolve_step fcsim_fc_resolve = {"link/proto/fc", resolve_fc};
