/* SPDX-License-Identifier: BSD-3-Clause */
/* The streaming consume rules of a 3D FFT schedule (fft.consume = line |
 * point; fft_stream.c), for its builder (fft_sched.c). */
#ifndef FCSIM_APPS_FFT_STREAM_H
#define FCSIM_APPS_FFT_STREAM_H

#include "apps/fft/fft_msgs.h"

/* Adds the rounds' gates to a schedule whose messages and slot_msg are
 * built, and sets every message's dependencies (deps, dep_delay). Returns 0
 * or -1 when out of memory. */
int fcsim_fft_stream_gates(struct fcsim_fft_sched *s);

#endif
