/* SPDX-License-Identifier: BSD-3-Clause */
/* The memory estimate (engine/memory.h) against what runs really allocate,
 * counted by the allocation hook (support/alloc_hook.h): the peak of the bytes
 * live from fcsim_sim_create to the end of the run must lie within
 * [ESTIMATE_LOW, ESTIMATE_HIGH] x the estimate, on tori and meshes of the
 * three router models, two partitions, a trace and a netlist with clocks of
 * its own; the lower bound from the parameters never exceeds the estimate;
 * sim.max_memory refuses a run from the parameters (before any graph) and
 * from the built graph (before any state), with FCSIM_ERANGE and the figure;
 * input ports without a link take no buffers; sim.huge_pages advises the
 * aligned interior of a large region to transparent huge pages. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "alloc_hook.h"
#include "test_support.h"
#include "engine/memory.h"
#include "chan/link.h"
#include "fcsim/fcsim.h"

#define ESTIMATE_LOW  0.80 /* measured peak / estimate, at least */
#define ESTIMATE_HIGH 1.05 /* ... and at most */

static struct fcsim_config *config_of(const char *const *sets)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_non_null(cfg);
  for (const char *const *s = sets; *s; s++)
    if (fcsim_config_set_assignment(cfg, *s, "test", &err))
      fail_msg("%s: %s", *s, err.msg);
  return cfg;
}

/* Estimate, then run and measure; returns measured / estimated. */
static double ratio_of(const char *name, const char *const *sets)
{
  struct fcsim_config *cfg = config_of(sets);
  struct fcsim_error err = {0};
  struct fcsim_memory m, least;
  if (fcsim_memory_estimate(cfg, &m, &err))
    fail_msg("%s: %s", name, err.msg);
  assert_false(m.lower_bound);
  struct fcsim_params p;
  assert_int_equal(fcsim_config_resolve(cfg, &p, &err), 0);
  assert_int_equal(fcsim_memory_precheck(&p, &least, &err), 0);
  assert_true(least.total_bytes <= m.total_bytes);
  alloc_hook_reset();
  struct fcsim_sim *sim = NULL;
  if (fcsim_sim_create(cfg, &sim, &err))
    fail_msg("%s: %s", name, err.msg);
  int rc = fcsim_sim_run(sim, NULL, NULL, &err);
  assert_true(rc == 0 || rc == FCSIM_EDEADLOCK);
  long long peak = alloc_hook_peak_bytes();
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
  double r = (double)peak / (double)m.total_bytes;
  print_message("%-28s estimate %12llu B (lower bound %11llu), measured peak %12lld B: %.3f\n", name,
                (unsigned long long)m.total_bytes, (unsigned long long)least.total_bytes, peak, r);
  return r;
}

static void check(const char *name, const char *const *sets)
{
  double r = ratio_of(name, sets);
  if (r < ESTIMATE_LOW || r > ESTIMATE_HIGH)
    fail_msg("%s: measured / estimated = %.3f, outside [%.2f, %.2f]", name, r, ESTIMATE_LOW, ESTIMATE_HIGH);
}

static void test_estimate_matches_allocation(void **state)
{
  static const char *const novog[] = {"network.dims=8x8", "traffic.rate=0.2", "sim.warmup_cycles=200",
                                      "sim.measure_cycles=1000", NULL};
  static const char *const classic[] = {"network.dims=4x4x4",
                                        "router.model=classic",
                                        "router.vcs=4",
                                        "traffic.rate=0.4",
                                        "sim.warmup_cycles=200",
                                        "sim.measure_cycles=1000",
                                        NULL};
  static const char *const crossbar[] = {"network.topology=mesh",
                                         "network.dims=6x6",
                                         "router.model=crossbar",
                                         "traffic.rate=0.2",
                                         "sim.warmup_cycles=200",
                                         "sim.measure_cycles=1000",
                                         NULL};
  static const char *const threads[] = {"network.dims=8x8",      "sim.threads=2",           "traffic.rate=0.2",
                                        "sim.warmup_cycles=200", "sim.measure_cycles=1000", NULL};
  static const char *const trace[] = {"network.topology=mesh",
                                      "network.dims=4x4",
                                      "router.model=classic",
                                      "traffic.mode=trace",
                                      "traffic.trace=" FCSIM_SOURCE_DIR "/examples/trace/chain.csv",
                                      NULL};
  /* a ring of six nodes of equal radix on clocks of their own (ppm
   * offsets: picosecond ticks, a wheel of 2^20 slots) */
  char *net = ts_write_temp("kind fpga model=classic\n"
                            "node n0 ports=2 kind=fpga clock_ppm=+20\nnode n1 ports=2 kind=fpga clock_ppm=-15\n"
                            "node n2 ports=2 kind=fpga clock_ppm=+5\nnode n3 ports=2 kind=fpga clock_ppm=-30\n"
                            "node n4 ports=2 kind=fpga\nnode n5 ports=2 kind=fpga clock_ppm=+10\n"
                            "link n0:1 n1:0 latency=20ns\nlink n1:1 n2:0 latency=20ns\nlink n2:1 n3:0 latency=20ns\n"
                            "link n3:1 n4:0 latency=20ns\nlink n4:1 n5:0 latency=20ns\n"
                            "link n5:1 n0:0 latency=541ns jitter=12.34ns\n",
                            ".net");
  char file[300];
  snprintf(file, sizeof file, "network.file=%s", net);
  const char *const netlist[] = {"network.topology=file",   file,
                                 "router.model=classic",    "routing.algorithm=table",
                                 "traffic.rate=0.05",       "sim.warmup_cycles=200",
                                 "sim.measure_cycles=1000", NULL};
  check("8x8 torus novog", novog);
  check("4x4x4 torus classic 4 VCs", classic);
  check("6x6 mesh crossbar", crossbar);
  check("8x8 torus, 2 partitions", threads);
  check("4x4 mesh trace", trace);
  check("netlist ring, own clocks", netlist);
  remove(net);
  free(net);
}

/* A network far above the limit is refused from its parameters, before its
 * graph is built: quickly, and without allocating more than a few kB. */
static void test_refused_before_allocating(void **state)
{
  static const char *const huge[] = {"network.dims=256x256x256", NULL};
  struct fcsim_config *cfg = config_of(huge);
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  alloc_hook_reset();
  assert_int_equal(fcsim_sim_create(cfg, &sim, &err), FCSIM_ERANGE);
  assert_null(sim);
  assert_true(alloc_hook_peak_bytes() < 1 << 20);
  if (!strstr(err.msg, "needs at least") || !strstr(err.msg, "sim.max_memory"))
    fail_msg("message: %s", err.msg);
  fcsim_config_destroy(cfg);
  /* the CLI: exit 2 with the one message */
  struct ts_result r;
  const char *args[] = {"run", "--set", "network.dims=256x256x256", "--json", "/dev/null", "-q", NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "GB of memory"));
  ts_result_free(&r);
}

/* Under the lower bound but over the estimate: refused by the check on the
 * built graph, before the states exist. */
static void test_refused_by_estimate(void **state)
{
  static const char *const sets[] = {"network.dims=8x8", NULL};
  struct fcsim_config *cfg = config_of(sets);
  struct fcsim_error err = {0};
  struct fcsim_memory m, least;
  struct fcsim_params p;
  assert_int_equal(fcsim_memory_estimate(cfg, &m, &err), 0);
  assert_int_equal(fcsim_config_resolve(cfg, &p, &err), 0);
  assert_int_equal(fcsim_memory_precheck(&p, &least, &err), 0);
  char limit[64];
  snprintf(limit, sizeof limit, "sim.max_memory=%llu", (unsigned long long)(least.total_bytes + m.total_bytes) / 2);
  assert_int_equal(fcsim_config_set_assignment(cfg, limit, "test", &err), 0);
  struct fcsim_sim *sim = NULL;
  alloc_hook_reset();
  assert_int_equal(fcsim_sim_create(cfg, &sim, &err), FCSIM_ERANGE);
  assert_true((unsigned long long)alloc_hook_peak_bytes() < m.total_bytes / 2);
  if (!strstr(err.msg, "an estimated") || !strstr(err.msg, "sim.max_memory"))
    fail_msg("message: %s", err.msg);
  /* and just above the estimate, it runs */
  snprintf(limit, sizeof limit, "sim.max_memory=%llu", (unsigned long long)m.total_bytes);
  assert_int_equal(fcsim_config_set_assignment(cfg, limit, "test", &err), 0);
  assert_int_equal(fcsim_sim_create(cfg, &sim, &err), 0);
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
}

/* The flits of VC storage a VC router reserves per VC (src/router/vc/vc.h):
 * chunks of C flits, C the largest power of two up to 16 and depth / 2,
 * and a full VC whose head is not at a chunk's start spans
 * ceil((depth + C - 1) / C) chunks. */
static uint64_t vc_pool_flits(int depth)
{
  uint64_t chunk = 1;
  while (chunk < 16 && 2 * chunk <= (uint64_t)depth / 2)
    chunk *= 2;
  return ((uint64_t)depth + 2 * chunk - 2) / chunk * chunk;
}

/* A mesh's edge ports have no link into them and get no buffers: the mesh's
 * router states are the torus's less exactly vcs x the VC storage's worst
 * case per such port (a 4x4x4 mesh has 2 x 16 of them per dimension), for
 * both VC routers. */
static void test_unlinked_ports_take_no_buffers(void **state)
{
  static const char *const models[] = {"router.model=novog", "router.model=classic"};
  for (int i = 0; i < 2; i++) {
    uint64_t bytes[2];
    struct fcsim_params p;
    for (int mesh = 0; mesh < 2; mesh++) {
      const char *const sets[] = {"network.dims=4x4x4", models[i], "router.vcs=3",
                                  mesh ? "network.topology=mesh" : "network.topology=torus", NULL};
      struct fcsim_config *cfg = config_of(sets);
      struct fcsim_error err = {0};
      struct fcsim_memory m;
      if (fcsim_memory_estimate(cfg, &m, &err) || fcsim_config_resolve(cfg, &p, &err))
        fail_msg("%s: %s", models[i], err.msg);
      bytes[mesh] = m.states_bytes;
      assert_int_equal(m.nkinds, 1);
      assert_int_equal(m.kind_state_bytes[0] * 64, m.states_bytes);
      fcsim_config_destroy(cfg);
    }
    const uint64_t unlinked = 3 * 2 * 16;
    assert_int_equal(bytes[0] - bytes[1], unlinked * 3 * vc_pool_flits(p.vc_depth_flits) * sizeof(struct fcsim_flit));
  }
}

/* The VmFlags line of the mapping of /proc/self/smaps that holds `addr`
 * (malloc'd), or NULL when smaps cannot be read (not Linux). */
static char *vm_flags_at(const void *addr)
{
  FILE *f = fopen("/proc/self/smaps", "r");
  if (!f)
    return NULL;
  char line[512], *flags = NULL;
  int inside = 0;
  while (fgets(line, sizeof line, f)) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
      inside = (uintptr_t)addr >= lo && (uintptr_t)addr < hi;
    else if (inside && !strncmp(line, "VmFlags:", 8)) {
      flags = strdup(line);
      break;
    }
  }
  fclose(f);
  return flags;
}

/* A fresh anonymous mapping: never advised before, whatever the process
 * did earlier (memory from malloc may reuse a range an earlier run in this
 * process advised, which would make "not advised before" fail by chance). */
static char *fresh_mapping(size_t bytes)
{
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(p != MAP_FAILED);
  return p;
}

/* sim.huge_pages: the 2 MiB-aligned interior of a large region is advised
 * to transparent huge pages (VmFlags "hg"); a region without a whole
 * aligned 2 MiB inside it is left alone. */
static void test_huge_page_advice(void **state)
{
  (void)state;
  size_t bytes = (size_t)8 << 20;
  char *p = fresh_mapping(bytes);
  char *flags = vm_flags_at(p);
  if (!flags) {
    munmap(p, bytes);
    skip();
  }
  int before = strstr(flags, " hg") != NULL;
  free(flags);
  fcsim_memory_advise_huge(p, bytes);
  uintptr_t mid = ((uintptr_t)p + ((uintptr_t)2 << 20) + ((uintptr_t)2 << 20) - 1) & ~(((uintptr_t)2 << 20) - 1);
  flags = vm_flags_at((void *)mid);
  assert_non_null(flags);
  assert_false(before);
  assert_non_null(strstr(flags, " hg"));
  free(flags);
  munmap(p, bytes);
  /* 1 MiB from 1 MiB past a 2 MiB boundary: no whole aligned 2 MiB inside */
  char *span = fresh_mapping((size_t)4 << 20);
  char *small =
      (char *)((((uintptr_t)span + ((uintptr_t)2 << 20) - 1) & ~(((uintptr_t)2 << 20) - 1)) + ((uintptr_t)1 << 20));
  fcsim_memory_advise_huge(small, (size_t)1 << 20);
  flags = vm_flags_at(small);
  assert_non_null(flags);
  assert_null(strstr(flags, " hg"));
  free(flags);
  munmap(span, (size_t)4 << 20);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_estimate_matches_allocation),
      cmocka_unit_test(test_refused_before_allocating),
      cmocka_unit_test(test_refused_by_estimate),
      cmocka_unit_test(test_unlinked_ports_take_no_buffers),
      cmocka_unit_test(test_huge_page_advice),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
