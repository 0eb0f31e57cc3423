/* fcsim run [CONFIG] [--set k=v ...] [--json FILE] [--csv FILE] */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"


int fcsim_cmd_run(int argc, char **argv)
{
  struct cli_opts o;
  int rc = cli_parse(argc, argv, &o, 0, cli_usage("run"));
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
  if (!fcsim_cli_agree(!cli_out_check_config_inputs(outs, 2, cfg))) {
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  if ((rc = fcsim_sim_create(cfg, &sim, &err))) {
    fcsim_cli_error("%s", err.msg);
    fcsim_config_destroy(cfg);
    return cli_exit_for(rc);
  }
  /* open outputs before running, so a bad path fails fast */
  struct cli_out jo, co;
  cli_out_install_signals();
  if (cli_out_open(&jo, o.json_path) || cli_out_open(&co, o.csv_path)) {
    fcsim_cli_agree(0);
    cli_out_abort(&jo);
    fcsim_sim_destroy(sim);
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  if (!fcsim_cli_agree(1)) { /* another rank (rank 0: a bad output path) refused */
    cli_out_abort(&jo);
    cli_out_abort(&co);
    fcsim_sim_destroy(sim);
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  cli_progress_install();
  int run_rc = fcsim_sim_run(sim, cli_progress, NULL, &err);
  cli_progress_done();
  int exit_code = FCSIM_EXIT_OK;
  if (run_rc && run_rc != FCSIM_EDEADLOCK) {
    if (run_rc == FCSIM_EIO) { /* a rank went silent: end the whole job */
      fcsim_cli_rank_error("%s", err.msg);
      fcsim_cli_abort_job();
      exit_code = FCSIM_EXIT_FAIL;
    } else {
      fcsim_cli_error("%s", err.msg);
      exit_code = cli_exit_for(run_rc);
    }
    cli_out_abort(&jo); /* nothing complete to write: the old files stay */
    cli_out_abort(&co);
  } else {
    if (!o.quiet && jo.f != stdout && co.f != stdout)
      fcsim_sim_write_table(sim, stdout);
    if (jo.f &&
        fcsim_sim_write_json(
            sim, jo.f, (o.with_links ? FCSIM_JSON_LINKS : 0) | (o.with_histogram ? FCSIM_JSON_HISTOGRAM : 0), &err)) {
      fcsim_cli_error("%s: %s", o.json_path, err.msg);
      exit_code = FCSIM_EXIT_FAIL;
      cli_out_abort(&jo);
    }
    if (co.f &&
        fcsim_sim_write_csv(
            sim, co.f, (o.with_links ? FCSIM_JSON_LINKS : 0) | (o.with_histogram ? FCSIM_JSON_HISTOGRAM : 0), &err)) {
      fcsim_cli_error("%s: %s", o.csv_path, err.msg);
      exit_code = FCSIM_EXIT_FAIL;
      cli_out_abort(&co);
    }
    if (run_rc == FCSIM_EDEADLOCK) {
      fcsim_cli_error("%s", err.msg);
      exit_code = FCSIM_EXIT_FAIL;
    } else if (cli_run_incomplete(cfg, fcsim_sim_stats(sim))) {
      exit_code = FCSIM_EXIT_FAIL;
    }
    if (cli_out_commit(&jo))
      exit_code = FCSIM_EXIT_FAIL;
    if (cli_out_commit(&co))
      exit_code = FCSIM_EXIT_FAIL;
  }
  fcsim_sim_destroy(sim);
  fcsim_config_destroy(cfg);
  return exit_code;
}
