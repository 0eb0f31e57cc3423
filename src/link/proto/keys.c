/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys every link protocol shares: which protocol the network's links
 * run (link.protocol; the protocols are link/proto/<name>/) and the bit
 * error rate of protocol links. */
#include "core/keys.h"
#include "link/proto/protocols.h"

static const struct fcsim_key link_rows[] = {
    {"link", "protocol", FCSIM_KEY_CHOICE(fcsim_link_proto_names, "ideal"),
     "protocol of every network link (a netlist may set `protocol=` per link): `ideal` the channel as it is; `tnw` "
     "the TNW link module at both ends (Pivanti 2010: 32-bit header, CRC, ACK/NACK, go-back-N, 8 VCs; routers with "
     "per-flit credits and at most 8 VCs); `fc` Mondigo's flow controller (Mondigo 2020 ch. 2: one FIFO stream, so "
     "only between routers that use one VC). docs/LINKS.md",
     FCSIM_KEY_TO(FCSIM_STORE_INDEX, link_protocol)},
    {"link", "ber", FCSIM_KT_REAL, "", "0", 0, 1, 0, NULL, NULL, NULL,
     "bit error rate of the protocol links, [0, 1): a TNW data packet is corrupted with probability 1-(1-BER)^bits "
     "(its CRC fails: NACK and go-back-N)",
     FCSIM_KEY_TO(FCSIM_STORE_REAL, link_ber)},
};
const struct fcsim_key_table fcsim_link_keys = FCSIM_KEY_TABLE("link/proto", link_rows);
static int resolve_link(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  if (p->link_ber >= 1.0)
    return fcsim_error_set(err, FCSIM_ERANGE, "%s: link.ber = %g: expected a bit error rate in [0, 1)",
                           fcsim_key_origin(r, "link", "ber"), p->link_ber);
  return 0;
}
const struct fcsim_resolve_step fcsim_link_resolve = {"link/proto", resolve_link};
