/* SPDX-License-Identifier: BSD-3-Clause */
/* The test allocation hook (alloc_hook.h): --wrap'ed malloc, calloc,
 * realloc, free and strdup that count, measure and fail on request. */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_hook.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);

static long count, fail_at;  /* allocations since reset; the one to fail (0 = none) */
static int failed;           /* the requested failure happened */
static long long live, peak; /* bytes allocated and not freed, and their high-water mark */

void alloc_hook_reset(void)
{
  __atomic_store_n(&count, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&fail_at, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&failed, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&live, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&peak, 0, __ATOMIC_SEQ_CST);
}

void alloc_hook_fail_at(long n)
{
  __atomic_store_n(&fail_at, n ? __atomic_load_n(&count, __ATOMIC_SEQ_CST) + n : 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&failed, 0, __ATOMIC_SEQ_CST);
}

long alloc_hook_count(void)
{
  return __atomic_load_n(&count, __ATOMIC_SEQ_CST);
}

int alloc_hook_failed(void)
{
  return __atomic_load_n(&failed, __ATOMIC_SEQ_CST);
}

long long alloc_hook_live_bytes(void)
{
  return __atomic_load_n(&live, __ATOMIC_SEQ_CST);
}

long long alloc_hook_peak_bytes(void)
{
  return __atomic_load_n(&peak, __ATOMIC_SEQ_CST);
}

/* Counts one allocation; 1 when it must fail. */
static int next_fails(void)
{
  long k = __atomic_add_fetch(&count, 1, __ATOMIC_SEQ_CST);
  if (k == __atomic_load_n(&fail_at, __ATOMIC_SEQ_CST)) {
    __atomic_store_n(&failed, 1, __ATOMIC_SEQ_CST);
    return 1;
  }
  return 0;
}

static void account(void *p, int sign)
{
  if (!p)
    return;
  long long now = __atomic_add_fetch(&live, sign * (long long)malloc_usable_size(p), __ATOMIC_SEQ_CST);
  long long pk = __atomic_load_n(&peak, __ATOMIC_SEQ_CST);
  while (now > pk && !__atomic_compare_exchange_n(&peak, &pk, now, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
    ;
}

void *__wrap_malloc(size_t n)
{
  if (next_fails())
    return NULL;
  void *p = __real_malloc(n);
  account(p, 1);
  return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
  if (next_fails())
    return NULL;
  void *p = __real_calloc(n, size);
  account(p, 1);
  return p;
}

void *__wrap_realloc(void *old, size_t n)
{
  if (next_fails())
    return NULL;
  long long before = old ? (long long)malloc_usable_size(old) : 0;
  void *p = __real_realloc(old, n);
  if (p) {
    __atomic_sub_fetch(&live, before, __ATOMIC_SEQ_CST);
    account(p, 1);
  }
  return p;
}

void __wrap_free(void *p)
{
  account(p, -1);
  __real_free(p);
}

char *__wrap_strdup(const char *s)
{
  size_t n = strlen(s) + 1;
  char *p = __wrap_malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}
