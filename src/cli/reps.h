/* SPDX-License-Identifier: BSD-3-Clause */
/* Running the replications of one configuration (sim.replications) for run
 * and sweep: replication i is built from fcsim_config_replicate and run on
 * one of `jobs` threads; the results are combined in replication order, so
 * the output is the same for any number of threads. */
#ifndef FCSIM_CLI_REPS_H
#define FCSIM_CLI_REPS_H

#include "fcsim/fcsim.h"

struct cli_reps {
  int n;                       /* replications */
  struct fcsim_config **cfgs;  /* [n] */
  struct fcsim_sim **sims;     /* [n] built networks (NULL where setup failed) */
  int *run_rc;                 /* [n] fcsim_sim_run's return */
  int failed;                  /* index of the first replication that failed, or -1 */
  int setup_failed;            /* that failure was in building it (a configuration error) */
  struct fcsim_error err;      /* why */
  struct fcsim_replicas *comb; /* the combined results, once every replication finished */
};

/* Extra stop condition of a run (the sweep's pool), or NULL. */
typedef int (*cli_reps_stop_f)(void *user);

/* Builds and runs the n = sim.replications runs of `base` on up to `jobs`
 * threads (jobs <= 1 or n == 1: one after the other on this thread, with
 * the usual progress line labelled `label`; `draw` 0: no progress drawn, as
 * in a sweep's workers). Returns 0 when every replication finished or
 * deadlocked (then r->comb is set, with JSON flags `json_flags`), else -1
 * with r->failed, r->err. Free with cli_reps_release. */
int cli_reps_run(struct cli_reps *r, const struct fcsim_config *base, int jobs, const char *label, int draw,
                 unsigned json_flags, cli_reps_stop_f stop, void *stop_user);
void cli_reps_release(struct cli_reps *r);

/* From now on at most `cores` replications (of every set in flight, on any
 * thread) build and run at once; the others wait. 0: no limit but each
 * set's own `jobs`. A sweep shares --jobs so that (point x replication)
 * runs spread over the cores. */
void cli_reps_share_cores(int cores);

/* The number of threads `--jobs` means when not given: the online processors. */
int cli_reps_default_jobs(void);

#endif
