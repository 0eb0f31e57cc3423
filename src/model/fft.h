/* SPDX-License-Identifier: BSD-3-Clause */
/* The data mapping of a 2^n-per-side 3D FFT on a 2^m-per-side 3D torus
 * (Sheng dissertation, seed 000 s6.2, Fig. 6.1): where each datum lives
 * before and after each communication phase. Used by the `fft` model and
 * usable as an FFT traffic generator. */
#ifndef FCSIM_MODEL_FFT_H
#define FCSIM_MODEL_FFT_H

#include "fcsim/error.h"

/* The phases of Fig. 6.1, in order. */
enum fcsim_fft_phase {
  FCSIM_FFT_INITIAL = 0, /* straightforward block mapping (only `node` is defined) */
  FCSIM_FFT_XFOLD = 1,   /* after the (offline) X-fold: ready for X FFTs */
  FCSIM_FFT_XY = 2,      /* after the XY corner turn: ready for Y FFTs */
  FCSIM_FFT_YZ = 3       /* after the YZ corner turn: ready for Z FFTs */
};

/* Location of one datum. */
struct fcsim_fft_loc {
  unsigned node[3]; /* torus coordinates (x, y, z), each < 2^m */
  unsigned ip;      /* which of the node's 2^(2n-3m) 1D-FFT IPs; 0 for INITIAL */
  unsigned slot;    /* index among the 2^n inputs of that IP; 0 for INITIAL */
};

/* Maps datum (x, y, z) of a 2^n-per-side FFT on a 2^m-per-side torus to
 * its location after `phase`. Needs 3m <= 2n (at least one 1D FFT per node)
 * and coordinates < 2^n. For 2m <= n it is the mapping of the seed's worked
 * example; for 2m > n (that case of Fig. 6.1 is not legible in the seed
 * text) it is our reconstruction from Tables 6.1 and 6.2, see fft.c.
 * Returns 0 or FCSIM_EINVAL / FCSIM_ERANGE with a message. */
int fcsim_fft_map(unsigned n, unsigned m, unsigned x, unsigned y, unsigned z, enum fcsim_fft_phase phase,
                  struct fcsim_fft_loc *loc, struct fcsim_error *err);

#endif
