/* SPDX-License-Identifier: BSD-3-Clause */
/* The fc link protocol's row in the link protocols' table
 * (link/proto/protocols.h): its adapter model, zero-load cost and the
 * figures its adapters report per line direction (fc_adapter.c). */
#include <stddef.h>

#include "link/proto/fc/fc_params.h"
#include "link/proto/fc/proto_fc.h"
#include "link/proto/protocols.h"
#include "link/proto/proto_links.h"

/* The force send of a partly filled TX buffer (D_CU cycles), the header
 * flit's cycle and the RX write-forward (seed 001 Eqs. 2.1-2.2). */
static int fc_zero_load_cycles(const struct fcsim_params *p, int line_bandwidth_flits)
{
  (void)line_bandwidth_flits;
  return fcsim_fc_params(p)->d_cu_flits + 1 + FCSIM_FC_WRITE_FORWARD_CYCLES;
}

static const struct fcsim_link_proto_field fc_dir_fields[] = {
    {"credit_stall_cycles", offsetof(struct fcsim_link_dir_stats, credit_stall_cycles)},
    {"rx_peak_flits", offsetof(struct fcsim_link_dir_stats, rx_peak_flits)},
    {NULL, 0},
};

static void fc_dir_line(const struct fcsim_link_dir_stats *d, FILE *out)
{
  fprintf(out, "fc: %llu cycles of credit stall, RX peak %llu flits", (unsigned long long)d->credit_stall_cycles,
          (unsigned long long)d->rx_peak_flits);
}

const struct fcsim_link_proto fcsim_link_proto_fc = {
    .name = "fc",
    .adapter_model = FCSIM_FC_ADAPTER_MODEL,
    .zero_load_cycles = fc_zero_load_cycles,
    .dir_fields = fc_dir_fields,
    .dir_line = fc_dir_line,
};
