/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark: simulated cycles per second and flit-hops per second on fixed
 * torus workloads, through the public API. Prints one line per workload.
 *   bench_torus [--quick] [--set section.key=value ...]
 * Each workload runs a fixed number of cycles (warm-up + measure, drained). */
#include <stdio.h>
#include <string.h>

#include "fcsim/fcsim.h"

struct workload {
  const char *name;
  const char *sets[16];
};

static const struct workload workloads[] = {
    {"novog 8x8x8 uniform 0.10", {"network.dims=8x8x8", "traffic.rate=0.10", NULL}},
    {"novog 8x8x8 uniform 0.30", {"network.dims=8x8x8", "traffic.rate=0.30", NULL}},
    {"classic 8x8x8 uniform 0.05 (booksim-like)",
     {"network.dims=8x8x8", "router.model=classic", "router.vcs=4", "router.vc_depth=8", "network.link_latency=2",
      "traffic.packet_size=4", "traffic.rate=0.05", NULL}},
    {"classic 8x8x8 uniform 0.15 (booksim-like)",
     {"network.dims=8x8x8", "router.model=classic", "router.vcs=4", "router.vc_depth=8", "network.link_latency=2",
      "traffic.packet_size=4", "traffic.rate=0.15", NULL}},
};

int main(int argc, char **argv)
{
  int quick = argc > 1 && !strcmp(argv[1], "--quick");
  printf("%-44s %10s %12s %14s %14s\n", "workload", "cycles", "wall_s", "cycles/s", "flit-hops/s");
  for (size_t w = 0; w < sizeof workloads / sizeof workloads[0]; w++) {
    struct fcsim_error err = {0};
    struct fcsim_config *cfg = fcsim_config_create();
    for (const char *const *s = workloads[w].sets; *s; s++)
      fcsim_config_set_assignment(cfg, *s, "bench", &err);
    fcsim_config_set(cfg, "sim.warmup_cycles", quick ? "1000" : "5000", "bench", &err);
    fcsim_config_set(cfg, "sim.measure_cycles", quick ? "4000" : "20000", "bench", &err);
    for (int i = 1 + quick; i < argc; i++)
      if (!strcmp(argv[i], "--set") && i + 1 < argc)
        fcsim_config_set_assignment(cfg, argv[++i], "--set", &err);
    struct fcsim_sim *sim = NULL;
    if (err.code || fcsim_sim_create(cfg, &sim, &err) || fcsim_sim_run(sim, NULL, NULL, &err)) {
      fprintf(stderr, "bench: %s: %s\n", workloads[w].name, err.msg);
      return 1;
    }
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    printf("%-44s %10llu %12.3f %14.4g %14.4g\n", workloads[w].name, (unsigned long long)s->cycles, s->wall_seconds,
           s->cycles / s->wall_seconds, s->flit_hops_total / s->wall_seconds);
    fcsim_sim_destroy(sim);
    fcsim_config_destroy(cfg);
  }
  return 0;
}
