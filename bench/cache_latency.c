/* SPDX-License-Identifier: BSD-3-Clause */
/* How far the caches of one core reach: the time of a load that depends on
 * the one before it, over a working set of each size, every line of it
 * visited once a round in a random order (so that no prefetcher guesses
 * the next). Where the time jumps from tens of nanoseconds to a hundred or
 * more, loads go to memory. The sets sit on huge pages where the kernel
 * gives them, so the page tables do not add their own misses. A benchmark
 * tool (bench/cache_latency.sh), not part of fcsim. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

enum { LINE_BYTES = 64, HUGE_BYTES = 2 << 20 };

static double now_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A 64-bit xorshift, seeded: the same order on every run. */
static uint64_t next_random(uint64_t *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* Nanoseconds a load of a cycle through `bytes` in random line order. */
static double load_ns(size_t bytes, long loads)
{
  const size_t lines = bytes / LINE_BYTES, alloc = (bytes + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES;
  uint64_t *set = aligned_alloc(HUGE_BYTES, alloc);
  uint32_t *order = malloc(lines * sizeof *order);
  if (!set || !order) {
    free(set);
    free(order);
    return -1;
  }
  madvise(set, alloc, MADV_HUGEPAGE);
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < lines; i++)
    order[i] = (uint32_t)i;
  for (size_t i = lines - 1; i > 0; i--) { /* Fisher-Yates */
    size_t j = next_random(&seed) % (i + 1);
    uint32_t t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  const size_t words = LINE_BYTES / sizeof *set;
  for (size_t i = 0; i < lines; i++) /* each line holds the index of the next one's first word */
    set[order[i] * words] = (uint64_t)order[(i + 1) % lines] * words;
  uint64_t at = 0;
  for (size_t i = 0; i < lines; i++) /* one round to bring the set in */
    at = set[at];
  const double t0 = now_seconds();
  for (long i = 0; i < loads; i++)
    at = set[at];
  const double t1 = now_seconds();
  free(set);
  free(order);
  return at == UINT64_MAX ? -1 : (t1 - t0) / (double)loads * 1e9; /* `at` is used: the loop stays */
}

int main(int argc, char **argv)
{
  long loads = argc > 1 ? atol(argv[1]) : 20000000;
  const size_t kib[] = {256, 512, 1024, 2048, 3072, 4096, 5120, 6144, 8192, 16384, 32768, 65536, 262144};
  printf("%10s %10s\n", "set_KiB", "load_ns");
  for (size_t i = 0; i < sizeof kib / sizeof kib[0]; i++)
    printf("%10zu %10.1f\n", kib[i], load_ns(kib[i] << 10, loads));
  return 0;
}
