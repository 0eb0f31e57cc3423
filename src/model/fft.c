/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `fft`: communication of a 2^n-per-side 3D FFT on a 2^m-per-side 3D
 * torus (Sheng dissertation, seed 000 ch. 6): the data mapping of Fig. 6.1
 * (fcsim_fft_map, see fft.h), the packets per node and data per packet of
 * each corner turn (Table 6.1), and the latency estimate of Table 6.2.
 *
 * Each node holds 2^(3n-3m) points. A turn costs the time to push all of
 * them through the node's links, 2^(3n-3m)*point_bytes/BW, plus the
 * longest path times the link delay LD: 2^(m-1) hops for the XY turn when
 * 2m <= n (only the y coordinate changes), 2^(2m-n-1) + 2^(m-1) when
 * 2m > n, and 2^m for the YZ turn (two coordinates change). */
#include <math.h>

#include "model/fft.h"
#include "model/model.h"

/* Bits hi..lo of v (hi < lo means no bits: 0). */
static unsigned bits(unsigned v, int hi, int lo)
{
  if (hi < lo)
    return 0;
  return (v >> lo) & ((1u << (hi - lo + 1)) - 1u);
}

/* The case 2m > n (Fig. 6.1's second case; its formulas are not legible in
 * the seed text, so this is our reconstruction from Tables 6.1 and 6.2).
 * The node's x coordinate takes z[m-1:0] as when 2m <= n, but z has only
 * n < 2m bits, so the z coordinate is z[n-1:m] followed by p = 2m - n bits
 * of the line index: y[n-m-1:f] before the XY turn, x[n-m-1:f] after it,
 * f = 2n - 3m being the IP index bits. The XY turn then sends to 2^m nodes
 * along y times 2^p neighbours along z (2^(3m-n) packets, longest path
 * about 2^(p-1) + 2^(m-1)); the YZ turn sends each slot y to node
 * (y[m-1:0], x_hi, y[n-1:m] z_low): 2^n packets, two coordinates changing
 * over their whole rings (2^m). For p = 0 it equals the 2m <= n mapping. */
static void map_wide(unsigned n, unsigned m, unsigned x, unsigned y, unsigned z, enum fcsim_fft_phase phase,
                     struct fcsim_fft_loc *loc)
{
  int N = (int)n, Mb = (int)m, p = 2 * Mb - N, f = 2 * N - 3 * Mb;
  unsigned line = phase == FCSIM_FFT_XFOLD ? y : x; /* the coordinate split over node z and IP */
  unsigned zc = phase == FCSIM_FFT_YZ ? y : z;      /* the coordinate in node x and node z's top */
  loc->node[0] = bits(zc, Mb - 1, 0);
  loc->node[1] = bits(phase == FCSIM_FFT_XFOLD ? y : x, N - 1, N - Mb);
  loc->node[2] = (bits(zc, N - 1, Mb) << p) | bits(line, N - Mb - 1, f);
  loc->ip = bits(line, f - 1, 0);
  loc->slot = phase == FCSIM_FFT_XFOLD ? x : phase == FCSIM_FFT_XY ? y : z;
}

int fcsim_fft_map(unsigned n, unsigned m, unsigned x, unsigned y, unsigned z, enum fcsim_fft_phase phase,
                  struct fcsim_fft_loc *loc, struct fcsim_error *err)
{
  if (n < 1 || n > 16 || m < 1 || 3 * m > 2 * n)
    return fcsim_error_set(err, FCSIM_ERANGE, "fft mapping needs 1 <= m, 3m <= 2n and n <= 16 (got n=%u, m=%u)", n, m);
  unsigned side = 1u << n;
  if (x >= side || y >= side || z >= side)
    return fcsim_error_set(err, FCSIM_ERANGE, "datum (%u,%u,%u) is outside a %u^3 FFT", x, y, z, side);
  if ((int)phase < (int)FCSIM_FFT_INITIAL || (int)phase > (int)FCSIM_FFT_YZ)
    return fcsim_error_set(err, FCSIM_EINVAL, "unknown FFT phase %d", (int)phase);
  int N = (int)n, Mb = (int)m;
  int hi0 = N - 1, hi1 = N - Mb; /* node bits of a coordinate: hi0..hi1 */
  if (phase != FCSIM_FFT_INITIAL && 2 * m > n) {
    map_wide(n, m, x, y, z, phase, loc);
    return 0;
  }
  unsigned low_w = n - 2 * m; /* width of the second IP-index field */
  switch (phase) {
  case FCSIM_FFT_INITIAL:
    loc->node[0] = bits(x, hi0, hi1);
    loc->node[1] = bits(y, hi0, hi1);
    loc->node[2] = bits(z, hi0, hi1);
    loc->ip = 0;
    loc->slot = 0;
    return 0;
  case FCSIM_FFT_XFOLD:
    loc->node[0] = bits(z, Mb - 1, 0);
    loc->node[1] = bits(y, hi0, hi1);
    loc->node[2] = bits(z, hi0, hi1);
    loc->ip = (bits(y, N - Mb - 1, 0) << low_w) | bits(z, N - Mb - 1, Mb);
    loc->slot = x;
    return 0;
  case FCSIM_FFT_XY:
    loc->node[0] = bits(z, Mb - 1, 0);
    loc->node[1] = bits(x, hi0, hi1);
    loc->node[2] = bits(z, hi0, hi1);
    loc->ip = (bits(x, N - Mb - 1, 0) << low_w) | bits(z, N - Mb - 1, Mb);
    loc->slot = y;
    return 0;
  default: /* FCSIM_FFT_YZ */
    loc->node[0] = bits(y, Mb - 1, 0);
    loc->node[1] = bits(x, hi0, hi1);
    loc->node[2] = bits(y, hi0, hi1);
    loc->ip = (bits(x, N - Mb - 1, 0) << low_w) | bits(y, N - Mb - 1, Mb);
    loc->slot = z;
    return 0;
  }
}

enum { P_n, P_m, P_N, P_M, P_BW, P_point, P_LD, P_F, P_ips, P_COUNT };
enum {
  R_points,
  R_ffts,
  R_xy_pk,
  R_xy_data,
  R_xy_hops,
  R_xy_lat,
  R_yz_pk,
  R_yz_data,
  R_yz_hops,
  R_yz_lat,
  R_lat,
  R_rounds,
  R_compute,
  R_bound,
  R_COUNT
};

static const struct fcsim_model_param params[P_COUNT] = {
    [P_n] = {"n", FCSIM_MU_COUNT, 6, 1, 20, 0, NULL, "log2 of the FFT size per side (N = 2^n)"},
    [P_m] = {"m", FCSIM_MU_COUNT, 3, 1, 10, 0, NULL, "log2 of the torus size per side (2^m nodes)"},
    [P_N] = {"N", FCSIM_MU_COUNT, 0, 2, 1048576, FCSIM_MP_POW2 | FCSIM_MP_AUTO, NULL,
             "FFT points per side, a power of two; overrides n; auto = 2^n"},
    [P_M] = {"M", FCSIM_MU_COUNT, 0, 2, 1024, FCSIM_MP_POW2 | FCSIM_MP_AUTO, NULL,
             "torus nodes per side, a power of two; overrides m; auto = 2^m"},
    [P_BW] = {"BW", FCSIM_MU_BYTES_PER_S, 5e9, 1.0, 1e15, 0, NULL,
              "bandwidth at which a node can send (default: one 40 Gb/s MGT link)"},
    [P_point] = {"point_bytes", FCSIM_MU_BYTES, 8, 1, 1024, 0, NULL,
                 "bytes per data point (complex single precision: 8)"},
    [P_LD] = {"LD", FCSIM_MU_TIME, 175.7e-9, 0, 1.0, 0, NULL,
              "delay of one link hop (default: the mean measured in Novo-G# thesis s3.4)"},
    [P_F] = {"F", FCSIM_MU_FREQ, 150e6, 1.0, 1e12, 0, NULL,
             "clock of the FFT IPs, one point a cycle (default: Table 3.5's 150 MHz, L1947)"},
    [P_ips] = {"ips", FCSIM_MU_COUNT, 0, 1, 1024, FCSIM_MP_INT | FCSIM_MP_AUTO, NULL,
               "streaming FFT IPs per node (Table 6.3, L5301-5314); auto = one per 1D FFT (one round)"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_points] = {"points_per_node", FCSIM_MU_COUNT, "data points per node, 2^(3n-3m)"},
    [R_ffts] = {"ffts_per_node", FCSIM_MU_COUNT, "1D FFTs per node per dimension, 2^(2n-3m)"},
    [R_xy_pk] = {"xy_packets_per_node", FCSIM_MU_COUNT, "Table 6.1, XY turn"},
    [R_xy_data] = {"xy_data_per_packet", FCSIM_MU_COUNT, "Table 6.1, XY turn (as printed)"},
    [R_xy_hops] = {"xy_hops", FCSIM_MU_COUNT, "longest path of the XY turn, in link delays"},
    [R_xy_lat] = {"xy_latency_s", FCSIM_MU_TIME, "Table 6.2, XY turn"},
    [R_yz_pk] = {"yz_packets_per_node", FCSIM_MU_COUNT, "Table 6.1, YZ turn"},
    [R_yz_data] = {"yz_data_per_packet", FCSIM_MU_COUNT, "Table 6.1, YZ turn (as printed)"},
    [R_yz_hops] = {"yz_hops", FCSIM_MU_COUNT, "longest path of the YZ turn, in link delays"},
    [R_yz_lat] = {"yz_latency_s", FCSIM_MU_TIME, "Table 6.2, YZ turn"},
    [R_lat] = {"latency_s", FCSIM_MU_TIME, "xy + yz (the X-fold is done offline)"},
    [R_rounds] = {"rounds", FCSIM_MU_COUNT, "rounds of the IPs per dimension, ceil(ffts_per_node / ips)"},
    [R_compute] = {"stream_compute_cycles", FCSIM_MU_CYCLES,
                   "IP cycles on the critical path with streaming IPs: (rounds + 1) N for X, 2N per Y line, "
                   "2N per Z line (N cycles of input, Table 6.3's latency N, L5291-5293)"},
    [R_bound] = {"stream_bound_s", FCSIM_MU_TIME,
                 "contention-free lower bound with streaming IPs: stream_compute_cycles / F + (xy_hops + yz_hops) LD "
                 "(no bandwidth, no queuing; docs/APPLICATIONS.md)"},
};

static int compute(double *p, double *r, struct fcsim_error *err)
{
  if (!isnan(p[P_N]))
    p[P_n] = log2(p[P_N]);
  else
    p[P_N] = ldexp(1.0, (int)p[P_n]);
  if (!isnan(p[P_M]))
    p[P_m] = log2(p[P_M]);
  else
    p[P_M] = ldexp(1.0, (int)p[P_m]);
  int n = (int)p[P_n], m = (int)p[P_m];
  if (3 * m > 2 * n)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "parameters `n` = %d and `m` = %d: need 3m <= 2n so that every node "
                           "holds at least one 1D FFT (2^%d nodes, 2^%d FFTs per dimension)",
                           n, m, 3 * m, 2 * n);
  double data = ldexp(1.0, 2 * n - 3 * m);
  double points = ldexp(1.0, 3 * n - 3 * m);
  double push_s = points * p[P_point] / p[P_BW];
  int wide = 2 * m > n;

  r[R_points] = points;
  r[R_ffts] = data;
  r[R_xy_pk] = wide ? ldexp(1.0, 3 * m - n) : ldexp(1.0, m);
  r[R_xy_data] = data;
  r[R_xy_hops] = wide ? ldexp(1.0, 2 * m - n - 1) + ldexp(1.0, m - 1) : ldexp(1.0, m - 1);
  r[R_xy_lat] = push_s + r[R_xy_hops] * p[P_LD];
  r[R_yz_pk] = wide ? ldexp(1.0, n) : ldexp(1.0, 2 * m);
  r[R_yz_data] = data;
  r[R_yz_hops] = ldexp(1.0, m);
  r[R_yz_lat] = push_s + r[R_yz_hops] * p[P_LD];
  r[R_lat] = r[R_xy_lat] + r[R_yz_lat];
  if (isnan(p[P_ips]))
    p[P_ips] = data;
  r[R_rounds] = ceil(data / p[P_ips]);
  r[R_compute] = (r[R_rounds] + 1.0 + 4.0) * p[P_N];
  r[R_bound] = r[R_compute] / p[P_F] + (r[R_xy_hops] + r[R_yz_hops]) * p[P_LD];
  return 0;
}

static const char *const s64_set[] = {"n=6", "m=3", "N=auto", "M=auto", NULL};
static const char *const s16_set[] = {"n=4", "m=2", "N=auto", "M=auto", NULL};

static const struct fcsim_model_preset presets[] = {
    {"64-on-8", "the worked example of s6.2: a 64^3 FFT on an 8^3 torus", s64_set},
    {"16-on-4", "a 16^3 FFT on a 4^3 torus (Tables 3.5, 6.4)", s16_set},
};

const struct fcsim_model_ops fcsim_model_fft = {
    .name = "fft",
    .summary = "3D FFT on a 2^m-per-side torus: packets per turn and latency estimate",
    .source = "Sheng dissertation (Novo-G# thesis) s6.2, Fig. 6.1, Tables 6.1-6.2",
    .notes = "The seed's Table 6.2 gives formulas, not numbers, and its BW and LD are not "
             "stated; the defaults here are illustrative. The simulated latencies of Tables "
             "3.5/6.4 include congestion and are not outputs of this estimate.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
