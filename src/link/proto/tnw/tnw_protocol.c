/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW link protocol's row in the link protocols' table
 * (link/proto/protocols.h): its adapter model, zero-load cost, VC limit
 * and the figures its adapters report per line direction (tnw_adapter.c). */
#include <stddef.h>
#include <stdint.h>

#include "link/proto/protocols.h"
#include "link/proto/tnw/proto_tnw.h"
#include "link/proto/proto_links.h"

/* The whole packet's serialisation (header, padded payload, CRC) beyond
 * the one cycle an ideal link spends on the flit. */
static int tnw_zero_load_cycles(const struct fcsim_params *p, int line_bandwidth_flits)
{
  int64_t line_bytes = (int64_t)line_bandwidth_flits * ((p->flit_bits + 7) / 8);
  int64_t wire_bytes = FCSIM_TNW_HEADER_BYTES + FCSIM_TNW_CRC_BYTES + fcsim_tnw_params(p)->payload_bytes;
  return (int)((wire_bytes + line_bytes - 1) / line_bytes) - 1;
}

static const struct fcsim_link_proto_field tnw_dir_fields[] = {
    {"retransmissions", offsetof(struct fcsim_link_dir_stats, retransmissions)},
    {"errors_injected", offsetof(struct fcsim_link_dir_stats, errors_injected)},
    {"errors_detected", offsetof(struct fcsim_link_dir_stats, errors_detected)},
    {NULL, 0},
};

static void tnw_dir_line(const struct fcsim_link_dir_stats *d, FILE *out)
{
  fprintf(out, "tnw: %llu packets resent", (unsigned long long)d->retransmissions);
}

const struct fcsim_link_proto fcsim_link_proto_tnw = {
    .name = "tnw",
    .adapter_model = FCSIM_TNW_ADAPTER_MODEL,
    .zero_load_cycles = tnw_zero_load_cycles,
    .max_vcs = 8,
    .max_vcs_source = "Pivanti 2010 s2.2",
    .dir_fields = tnw_dir_fields,
    .dir_line = tnw_dir_line,
};
