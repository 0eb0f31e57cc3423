/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `linkbw`: payload efficiency and peak bandwidth of a serial link
 * from its lane rate, lane count, line code and framing (VCSN paper, seed
 * 002 s3.4-3.5 and Eqs. 1-2; TNW link, seed 004 s2.2 and s4).
 *
 * peak = rate * lanes * code efficiency * payload efficiency. Data are
 * padded to whole `unit`s, cut into frames of at most `max_payload` bytes,
 * and every frame carries `overhead` bytes of framing on the wire. The
 * framings the seeds describe:
 *   ethernet - VCSN jumbo frame: preamble+SFD 8, MAC header 14, VCSN encoder
 *              header 4, FCS 4, inter-packet gap 12 = 42 B around up to
 *              9152 B of payload, carried in 64 B units;
 *   sl3fc    - DCN: one 64 B flow-controller header flit and a 32 B SL3
 *              burst gap per 3968 B (62 flits) of payload;
 *   tnw      - TNW packet: 4 B header + 128 B payload + 4 B CRC, plus the
 *              4 B ACK word each packet causes on the same link direction
 *              when traffic flows both ways (an assumption, see MODELS.md). */
#include <math.h>

#include "chan/framing.h"
#include "model/model.h"

enum { P_rate, P_lanes, P_code, P_framing, P_max_payload, P_overhead, P_unit, P_size, P_COUNT };
enum {
  R_code_eff,
  R_payload_eff,
  R_total_eff,
  R_line,
  R_peak_bits,
  R_peak_bytes,
  R_frames,
  R_wire_bytes,
  R_time,
  R_COUNT
};

/* choices in the order of the tables of chan/framing.h */
static const char *const code_choices[] = {"none", "8b10b", "64b66b", "64b67b", "128b130b", NULL};
static const char *const framing_choices[] = {"ethernet", "sl3fc", "tnw", "custom", NULL};

static const struct fcsim_model_param params[P_COUNT] = {
    [P_rate] = {"rate", FCSIM_MU_BITS_PER_S, 25.78125e9, 1.0, 1e15, 0, NULL,
                "line (baud) rate of one lane, before the line code"},
    [P_lanes] = {"lanes", FCSIM_MU_COUNT, 4, 1, 1024, 0, NULL, "lanes bonded into the link"},
    [P_code] = {"code", FCSIM_MU_ENUM, 2, 0, 4, 0, code_choices, "line code"},
    [P_framing] = {"framing", FCSIM_MU_ENUM, 0, 0, 3, 0, framing_choices,
                   "framing protocol; sets the defaults of max_payload, overhead and unit"},
    [P_max_payload] = {"max_payload", FCSIM_MU_BYTES, 0, 1, 1e9, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                       "largest payload per frame/packet; auto = from framing"},
    [P_overhead] = {"overhead", FCSIM_MU_BYTES, 0, 0, 1e9, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                    "framing bytes on the wire per frame; auto = from framing"},
    [P_unit] = {"unit", FCSIM_MU_BYTES, 0, 1, 1e9, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                "payload granularity: data are zero-padded to a multiple; auto = from framing"},
    [P_size] = {"size", FCSIM_MU_BYTES, 0, 1, 1e18, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
                "bytes transferred in one batch; auto = max_payload (the large-transfer limit)"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_code_eff] = {"code_efficiency", FCSIM_MU_RATIO, "data bits per line bit of the line code"},
    [R_payload_eff] = {"payload_efficiency", FCSIM_MU_RATIO, "payload bytes / wire bytes for `size`"},
    [R_total_eff] = {"total_efficiency", FCSIM_MU_RATIO, "code_efficiency * payload_efficiency"},
    [R_line] = {"line_bits_per_s", FCSIM_MU_BITS_PER_S, "rate * lanes"},
    [R_peak_bits] = {"peak_bits_per_s", FCSIM_MU_BITS_PER_S, "payload bits per second"},
    [R_peak_bytes] = {"peak_bytes_per_s", FCSIM_MU_BYTES_PER_S, "payload bytes per second"},
    [R_frames] = {"frames", FCSIM_MU_COUNT, "frames (packets) needed for `size`"},
    [R_wire_bytes] = {"wire_bytes", FCSIM_MU_BYTES, "bytes on the wire for `size`, before line coding"},
    [R_time] = {"time_s", FCSIM_MU_TIME, "serialisation time of `size` at the line rate"},
};

static const char *const dcn_set[] = {
    "rate=25.78125Gbps", "lanes=4",   "code=64b67b", "framing=sl3fc", "max_payload=auto", "overhead=auto",
    "unit=auto",         "size=auto", NULL,
};
static const char *const vcsn_set[] = {
    "rate=25.78125Gbps", "lanes=4",   "code=64b66b", "framing=ethernet", "max_payload=auto", "overhead=auto",
    "unit=auto",         "size=auto", NULL,
};
static const char *const tnw_set[] = {
    "rate=10Gbps",   "lanes=1",   "code=8b10b", "framing=tnw", "max_payload=auto",
    "overhead=auto", "unit=auto", "size=auto",  NULL,
};

static const struct fcsim_model_preset presets[] = {
    {"dcn", "VCSN paper Eq. 1: SL3 over 4 x 25.78125 Gb/s lanes, 64b/67b, FC framing", dcn_set},
    {"vcsn", "VCSN paper Eq. 2: 100G Ethernet, 4 x 25.78125 Gb/s, 64b/66b, jumbo frames", vcsn_set},
    {"tnw", "TNW link (Pivanti 2010 s2.2): 10 Gb/s, 8b/10b, 128 B packets with header, CRC and ACK", tnw_set},
};

static int compute(double *p, double *r, struct fcsim_error *err)
{
  const struct fcsim_framing *fr = &fcsim_framings[(int)p[P_framing]];
  if (isnan(p[P_max_payload]))
    p[P_max_payload] = (double)fr->max_payload_bytes;
  if (isnan(p[P_overhead]))
    p[P_overhead] = (double)fr->overhead_bytes;
  if (isnan(p[P_unit]))
    p[P_unit] = (double)fr->unit_bytes;
  if (isnan(p[P_size]))
    p[P_size] = p[P_max_payload];
  if (p[P_unit] > p[P_max_payload])
    return fcsim_error_set(err, FCSIM_EINVAL, "parameter `unit` (%g B) must not exceed `max_payload` (%g B)", p[P_unit],
                           p[P_max_payload]);

  double size = p[P_size];
  uint64_t frames_n = 0;
  double wire = (double)fcsim_framing_wire_bytes((uint64_t)size, (uint64_t)p[P_max_payload], (uint64_t)p[P_overhead],
                                                 (uint64_t)p[P_unit], &frames_n);
  double frames = (double)frames_n;
  double ce = fcsim_line_code_efficiency(&fcsim_line_codes[(int)p[P_code]]);
  double line = p[P_rate] * p[P_lanes];

  r[R_code_eff] = ce;
  r[R_payload_eff] = size / wire;
  r[R_total_eff] = ce * size / wire;
  r[R_line] = line;
  r[R_peak_bits] = line * ce * size / wire;
  r[R_peak_bytes] = r[R_peak_bits] / 8.0;
  r[R_frames] = frames;
  r[R_wire_bytes] = wire;
  r[R_time] = wire * 8.0 / (line * ce);
  return 0;
}

const struct fcsim_model_ops fcsim_model_linkbw = {
    .name = "linkbw",
    .summary = "payload efficiency and peak bandwidth of a link: line code and framing",
    .source = "VCSN paper (VCSN 2023) s3.4-3.5, Eqs. 1-2; TNW (Pivanti 2010) s2.2 and s4",
    .notes = "Presets: dcn gives 96.18 Gb/s = 12.02 GB/s and vcsn 99.54 Gb/s = 12.44 GB/s "
             "(Eqs. 1-2); vcsn with size=64 gives 64/106 = 60 % payload efficiency.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
