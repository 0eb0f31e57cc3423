/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim run [CONFIG] [--set k=v ...] [--replications N] [--jobs N] [--json FILE] [--csv FILE] */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "cli/reps.h"

/* Writes the table, JSON and CSV of finished replications; returns the exit status. */
static int write_results(const struct cli_opts *o, const struct cli_reps *r, struct cli_out *jo, struct cli_out *co)
{
  int exit_code = FCSIM_EXIT_OK;
  struct fcsim_error err = {0};
  if (!o->quiet && jo->f != stdout && co->f != stdout)
    fcsim_replicas_write_table(r->comb, stdout);
  if (jo->f && fcsim_replicas_write_json(r->comb, jo->f, 0, &err)) {
    fcsim_cli_error("%s: %s", o->json_path, err.msg);
    exit_code = FCSIM_EXIT_FAIL;
    cli_out_abort(jo);
  }
  if (co->f && fcsim_replicas_write_csv(r->comb, co->f, &err)) {
    fcsim_cli_error("%s: %s", o->csv_path, err.msg);
    exit_code = FCSIM_EXIT_FAIL;
    cli_out_abort(co);
  }
  if (fcsim_replicas_deadlocked(r->comb)) {
    if (r->n == 1)
      fcsim_cli_error("%s", r->err.msg);
    else
      fcsim_cli_error("%d of %d replications deadlocked (the table and JSON name the cycle)",
                      fcsim_replicas_deadlocked(r->comb), r->n);
    exit_code = FCSIM_EXIT_FAIL;
  }
  if (cli_out_commit(jo))
    exit_code = FCSIM_EXIT_FAIL;
  if (cli_out_commit(co))
    exit_code = FCSIM_EXIT_FAIL;
  return exit_code;
}

int fcsim_cmd_run(int argc, char **argv)
{
  struct cli_opts o;
  int rc = cli_parse(argc, argv, &o, CLI_ALLOW_REPS, cli_usage("run"));
  if (rc)
    return rc;
  if (o.help) {
    fputs(cli_usage("run"), stdout);
    return FCSIM_EXIT_OK;
  }
  if (o.quiet && !o.json_path && !o.csv_path) {
    fcsim_cli_error("--quiet without --json or --csv would discard every result; give an output file or drop --quiet");
    return FCSIM_EXIT_USAGE;
  }
  if (fcsim_cli_rank() != 0) /* rank 0 writes the results */
    o.json_path = o.csv_path = NULL;
  const char *outs[] = {o.json_path, o.csv_path}, *ins[] = {o.config_path};
  if (!fcsim_cli_agree(!cli_out_check_paths(outs, 2, ins, 1)))
    return FCSIM_EXIT_USAGE;
  struct fcsim_config *cfg = cli_load_config(&o);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  if (!fcsim_cli_agree(!cli_out_check_config_inputs(outs, 2, cfg) &&
                       !cli_json_may_replace(o.json_path, "run", o.force))) {
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  int jobs = o.jobs ? o.jobs : cli_reps_default_jobs();
  if (fcsim_cli_nranks() > 1) /* each replication is split over the ranks */
    jobs = 1;
  /* open outputs before running, so a bad path fails fast */
  struct cli_out jo, co;
  cli_out_install_signals();
  if (cli_out_open(&jo, o.json_path) || cli_out_open(&co, o.csv_path)) {
    fcsim_cli_agree(0);
    cli_out_abort(&jo);
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  if (!fcsim_cli_agree(1)) { /* another rank (rank 0: a bad output path) refused */
    cli_out_abort(&jo);
    cli_out_abort(&co);
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  cli_progress_install();
  struct cli_reps r;
  unsigned flags = (o.with_links ? FCSIM_JSON_LINKS : 0) | (o.with_histogram ? FCSIM_JSON_HISTOGRAM : 0);
  int exit_code;
  if (cli_reps_run(&r, cfg, jobs, NULL, 1, flags, NULL, NULL) == 0) {
    exit_code = write_results(&o, &r, &jo, &co);
    for (int i = 0; exit_code == FCSIM_EXIT_OK && i < r.n; i++) /* a finite workload left undelivered */
      if (cli_run_incomplete(cfg, fcsim_sim_stats(r.sims[i])))
        exit_code = FCSIM_EXIT_FAIL;
  } else {
    int run_rc = r.setup_failed ? r.err.code : r.run_rc[r.failed];
    if (run_rc == FCSIM_EIO && !r.setup_failed) { /* a rank went silent: end the whole job */
      fcsim_cli_rank_error("%s", r.err.msg);
      fcsim_cli_abort_job();
      exit_code = FCSIM_EXIT_FAIL;
    } else {
      fcsim_cli_error("%s", r.err.msg);
      exit_code = cli_exit_for(run_rc);
    }
    cli_out_abort(&jo); /* nothing complete to write: the old files stay */
    cli_out_abort(&co);
  }
  cli_reps_release(&r);
  fcsim_config_destroy(cfg);
  return exit_code;
}
