/* SPDX-License-Identifier: BSD-3-Clause */
/* An allocation hook for tests, linked with -Wl,--wrap=malloc,calloc,realloc,
 * free,strdup (tests/CMakeLists.txt: fcsim_alloc_hook): every allocation the
 * library and the test make is counted, the bytes live and at their peak are
 * tracked (malloc_usable_size), and the Nth allocation can be made to fail, as
 * SQLite's fault injection does. Allocations inside shared libraries (libc's
 * own, jansson, cmocka) are not seen. Thread-safe counters. */
#ifndef FCSIM_TEST_ALLOC_HOOK_H
#define FCSIM_TEST_ALLOC_HOOK_H

#include <stddef.h>

/* Zeroes the counters (the live and peak bytes too) and clears any failure. */
void alloc_hook_reset(void);

/* The nth allocation counted from now (1-based) returns NULL; 0: none. */
void alloc_hook_fail_at(long n);

/* Allocations counted since the last reset. */
long alloc_hook_count(void);

/* 1 when the failure asked for by alloc_hook_fail_at was injected. */
int alloc_hook_failed(void);

/* Bytes allocated and not freed since the reset, and their peak. */
long long alloc_hook_live_bytes(void);
long long alloc_hook_peak_bytes(void);

#endif
