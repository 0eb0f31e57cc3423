/* SPDX-License-Identifier: BSD-3-Clause */
/* The tables of line codes and framings (framing.h) and the wire-size rule. */
#include "chan/framing.h"

#include <string.h>

const struct fcsim_line_code fcsim_line_codes[] = {
    {"none", 1, 1}, {"8b10b", 8, 10}, {"64b66b", 64, 66}, {"64b67b", 64, 67}, {"128b130b", 128, 130}, {NULL, 0, 0},
};

const struct fcsim_framing fcsim_framings[] = {
    {"ethernet",
     "VCSN jumbo frame (VCSN 2023 s3.5): preamble+SFD 8, MAC header 14, VCSN header 4, FCS 4, "
     "inter-packet gap 12 = 42 B around up to 9152 B of payload in 64 B units",
     9152, 8 + 14 + 4 + 4 + 12, 64},
    {"sl3fc",
     "DCN (VCSN 2023 s3.4): one 64 B flow-controller header flit and a 32 B SerialLite III burst "
     "gap per 3968 B (62 flits) of payload",
     3968, 64 + 32, 64},
    {"tnw",
     "TNW packet (Pivanti 2010 s2.2): 4 B header + 128 B payload + 4 B CRC, plus the 4 B ACK word "
     "each packet causes on the same direction when traffic flows both ways",
     128, 4 + 4 + 4, 128},
    {"custom", "no framing overhead; set max payload, overhead and unit yourself", 1500, 0, 1},
    {NULL, NULL, 0, 0, 0},
};

const struct fcsim_line_code *fcsim_line_code_find(const char *name)
{
  for (const struct fcsim_line_code *c = fcsim_line_codes; c->name; c++)
    if (!strcmp(c->name, name))
      return c;
  return NULL;
}

const struct fcsim_framing *fcsim_framing_find(const char *name)
{
  for (const struct fcsim_framing *f = fcsim_framings; f->name; f++)
    if (!strcmp(f->name, name))
      return f;
  return NULL;
}

uint64_t fcsim_framing_wire_bytes(uint64_t payload_bytes, uint64_t max_payload_bytes, uint64_t overhead_bytes,
                                  uint64_t unit_bytes, uint64_t *frames)
{
  uint64_t units = (payload_bytes + unit_bytes - 1) / unit_bytes;
  uint64_t padded = (units ? units : 1) * unit_bytes;
  uint64_t n = (padded + max_payload_bytes - 1) / max_payload_bytes;
  if (frames)
    *frames = n;
  return padded + n * overhead_bytes;
}
