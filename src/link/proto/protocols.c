/* SPDX-License-Identifier: BSD-3-Clause */
/* The link protocols' table (protocols.h). Adding a protocol: its folder
 * link/proto/<name>/ (state machine, adapter node registered as a router
 * model, keys), a value of enum fcsim_link_protocol, its name in
 * link.protocol's choices (keys.c) and one row here. */
#include "link/proto/protocols.h"

#include <stdio.h>
#include <string.h>

#include "core/keys.h"
#include "link/proto/fc/proto_fc.h"
#include "link/proto/tnw/proto_tnw.h"
#include "link/proto/proto_links.h"

/* fc: the force send of a partly filled TX buffer (D_CU cycles), the
 * header flit's cycle and the RX write-forward (seed 001 Eqs. 2.1-2.2). */
static int fc_zero_load_cycles(const struct fcsim_params *p, int line_bandwidth_flits)
{
  (void)line_bandwidth_flits;
  return p->link_fc_d_cu + 1 + FCSIM_FC_WRITE_FORWARD_CYCLES;
}

/* tnw: the whole packet's serialisation (header, padded payload, CRC)
 * beyond the one cycle an ideal link spends on the flit. */
static int tnw_zero_load_cycles(const struct fcsim_params *p, int line_bandwidth_flits)
{
  int64_t line_bytes = (int64_t)line_bandwidth_flits * ((p->flit_bits + 7) / 8);
  int64_t wire_bytes = FCSIM_TNW_HEADER_BYTES + FCSIM_TNW_CRC_BYTES + p->link_tnw_payload_bytes;
  return (int)((wire_bytes + line_bytes - 1) / line_bytes) - 1;
}

static const struct fcsim_link_proto ideal = {"ideal", NULL, NULL, 0, NULL};
static const struct fcsim_link_proto tnw = {"tnw", FCSIM_TNW_ADAPTER_MODEL, tnw_zero_load_cycles, 8,
                                            "Pivanti 2010 s2.2"};
static const struct fcsim_link_proto fc = {"fc", FCSIM_FC_ADAPTER_MODEL, fc_zero_load_cycles, 0, NULL};

/* in the order of enum fcsim_link_protocol */
static const struct fcsim_link_proto *const protos[] = {
    [FCSIM_LINK_PROTO_IDEAL] = &ideal,
    [FCSIM_LINK_PROTO_TNW] = &tnw,
    [FCSIM_LINK_PROTO_FC] = &fc,
};
#define NPROTOS (sizeof protos / sizeof protos[0])

const struct fcsim_link_proto *fcsim_link_proto_of(int index)
{
  return index >= 0 && (size_t)index < NPROTOS ? protos[index] : protos[0];
}

int fcsim_link_proto_find(const char *name)
{
  for (size_t i = 0; i < NPROTOS; i++)
    if (!strcmp(protos[i]->name, name))
      return (int)i;
  return -1;
}

void fcsim_link_proto_list(char *buf, size_t size)
{
  size_t n = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < NPROTOS && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i == 0 ? "" : i + 1 == NPROTOS ? " or " : ", ", protos[i]->name);
}

extern const struct fcsim_key_table fcsim_link_keys;

int fcsim_link_proto_check_registry(struct fcsim_error *err)
{
  const char *const *names = NULL;
  for (size_t k = 0; k < fcsim_link_keys.nkeys; k++)
    if (!strcmp(fcsim_link_keys.keys[k].name, "protocol"))
      names = fcsim_link_keys.keys[k].choices;
  if (!names)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "link protocols: link.protocol has no list of names");
  for (size_t i = 0; i < NPROTOS; i++)
    if (!protos[i] || !names[i] || strcmp(protos[i]->name, names[i]))
      return fcsim_error_set(err, FCSIM_EINTERNAL,
                             "link protocols: row %zu (`%s`) is out of order with enum fcsim_link_protocol or "
                             "link.protocol's names",
                             i, protos[i] ? protos[i]->name : "(none)");
  if (names[NPROTOS])
    return fcsim_error_set(err, FCSIM_EINTERNAL, "link protocols: link.protocol names `%s`, which has no row",
                           names[NPROTOS]);
  return 0;
}
