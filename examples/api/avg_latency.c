/* SPDX-License-Identifier: BSD-3-Clause */
/* A program using the installed fcsim library (include/fcsim/): runs the
 * built-in default configuration (a 4x4x4 Novo-G# torus under uniform
 * traffic), with any "section.key=value" arguments applied on top, and
 * prints the average packet latency. Build it against an installed fcsim:
 *   cc avg_latency.c $(pkg-config --cflags --libs fcsim) -o avg_latency */
#include <stdio.h>

#include <fcsim/fcsim.h>

int main(int argc, char **argv)
{
  struct fcsim_error err = {0};
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_sim *sim = NULL;
  int rc = cfg ? 0 : FCSIM_ENOMEM;
  for (int i = 1; i < argc && !rc; i++)
    rc = fcsim_config_set_assignment(cfg, argv[i], "argv", &err);
  if (!rc)
    rc = fcsim_sim_create(cfg, &sim, &err);
  if (!rc)
    rc = fcsim_sim_run(sim, NULL, NULL, &err);
  if (rc) {
    fprintf(stderr, "avg_latency: %s\n", err.msg[0] ? err.msg : fcsim_strerror(rc));
  } else {
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    printf("avg_latency %.2f cycles (%.1f ns) over %llu packets\n", s->avg_latency, s->avg_latency * s->ns_per_cycle,
           (unsigned long long)s->packets_measured);
  }
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
  return rc ? 1 : 0;
}
