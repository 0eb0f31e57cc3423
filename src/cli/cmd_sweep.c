/* fcsim sweep CONFIG --vary KEY=START:STOP:STEP: one run per value, one CSV
 * row and one JSON line per point, stopping after the first saturated one. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"

static const char sweep_usage[] =
    "usage: fcsim sweep CONFIG.ini --vary KEY=START:STOP:STEP [--set k=v ...] [--json FILE] [--csv FILE]\n"
    "  Runs one simulation per value of KEY (e.g. traffic.rate=0.05:0.60:0.05) and prints a\n"
    "  latency/throughput curve; stops adding points after the first saturated one.\n"
    "  --json FILE  one JSON object per line per point (JSON Lines)\n"
    "  --csv FILE   a header and one row per point\n";

struct vary {
  char key[128];
  double start, stop, step;
};

static int parse_vary(const char *text, struct vary *v)
{
  const char *eq = strchr(text, '=');
  if (!eq || (size_t)(eq - text) >= sizeof v->key) {
    fcsim_cli_error("--vary `%s`: expected KEY=START:STOP:STEP", text);
    return -1;
  }
  memcpy(v->key, text, (size_t)(eq - text));
  v->key[eq - text] = '\0';
  char *end;
  const char *s = eq + 1;
  double *vals[3] = {&v->start, &v->stop, &v->step};
  for (int i = 0; i < 3; i++) {
    errno = 0;
    *vals[i] = strtod(s, &end);
    if (end == s || errno || (i < 2 && *end != ':') || (i == 2 && *end != '\0')) {
      fcsim_cli_error("--vary `%s`: expected KEY=START:STOP:STEP with numbers, e.g. traffic.rate=0.05:0.60:0.05",
                      text);
      return -1;
    }
    s = end + 1;
  }
  if (!(v->step > 0) || v->stop < v->start) {
    fcsim_cli_error("--vary `%s`: STEP must be positive and STOP >= START", text);
    return -1;
  }
  if ((v->stop - v->start) / v->step > 10000) {
    fcsim_cli_error("--vary `%s`: more than 10000 points", text);
    return -1;
  }
  return 0;
}

/* Which saturation criterion fired, in words, into buf. */
static void sweep_why(const struct fcsim_stats *s, char *buf, size_t size)
{
  const char *r = s->saturation_reason ? s->saturation_reason : "";
  if (!strcmp(r, "latency"))
    snprintf(buf, size,
             "latency: average %.1f cycles, zero-load %.1f, above sim.saturation_latency_factor or "
             "sim.saturation_latency",
             s->avg_latency, s->zero_load_latency);
  else if (!strcmp(r, "backlog"))
    snprintf(buf, size, "backlog: the source queues grew during the measurement window");
  else
    snprintf(buf, size, "drain: measured packets were still in flight at the end of the drain phase");
}

int fcsim_cmd_sweep(int argc, char **argv)
{
  struct cli_opts o;
  struct vary v;
  int rc = cli_parse(argc, argv, &o, 1, sweep_usage);
  if (rc)
    return rc;
  if (o.help) {
    fputs(sweep_usage, stdout);
    return FCSIM_EXIT_OK;
  }
  if (!o.vary) {
    fcsim_cli_error("sweep needs --vary KEY=START:STOP:STEP\n%s", sweep_usage);
    return FCSIM_EXIT_USAGE;
  }
  if (parse_vary(o.vary, &v))
    return FCSIM_EXIT_USAGE;
  if (fcsim_cli_rank() != 0) /* rank 0 writes the results */
    o.json_path = o.csv_path = NULL;
  struct fcsim_config *base = cli_load_config(&o);
  if (!base)
    return FCSIM_EXIT_USAGE;
  struct fcsim_error err = {0};
  /* check the key and the first value before running anything */
  char value[64];
  snprintf(value, sizeof value, "%.10g", v.start);
  struct fcsim_config *probe = fcsim_config_clone(base);
  if (!probe || fcsim_config_set(probe, v.key, value, "--vary", &err) || fcsim_config_validate(probe, &err)) {
    fcsim_cli_error("%s", err.msg[0] ? err.msg : "out of memory");
    fcsim_config_destroy(probe);
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  fcsim_config_destroy(probe);

  FILE *jf = NULL, *cf = NULL;
  if (o.json_path && !(jf = fopen(o.json_path, "w"))) {
    fcsim_cli_error("%s: cannot write", o.json_path);
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  if (o.csv_path && !(cf = fopen(o.csv_path, "w"))) {
    fcsim_cli_error("%s: cannot write", o.csv_path);
    if (jf)
      fclose(jf);
    fcsim_config_destroy(base);
    return FCSIM_EXIT_USAGE;
  }
  cli_progress_install();
  if (!o.quiet)
    printf("%-14s %12s %10s %10s %12s %12s %9s  %s\n", v.key, "avg_latency", "p99", "worst", "send_thru", "recv_thru",
           "avg_hops", "state");
  int exit_code = FCSIM_EXIT_OK;
  long npoints = (long)floor((v.stop - v.start) / v.step + 1e-9) + 1;
  for (long i = 0; i < npoints; i++) {
    double x = v.start + (double)i * v.step;
    snprintf(value, sizeof value, "%.10g", x);
    struct fcsim_config *cfg = fcsim_config_clone(base);
    struct fcsim_sim *sim = NULL;
    memset(&err, 0, sizeof err);
    if (!cfg || fcsim_config_set(cfg, v.key, value, "--vary", &err) || fcsim_sim_create(cfg, &sim, &err)) {
      fcsim_cli_error("%s = %s: %s", v.key, value, err.msg[0] ? err.msg : "out of memory");
      fcsim_config_destroy(cfg);
      exit_code = FCSIM_EXIT_USAGE;
      break;
    }
    char label[256];
    snprintf(label, sizeof label, "%s=%s", v.key, value);
    cli_progress_points(i, npoints);
    int run_rc = fcsim_sim_run(sim, cli_progress, label, &err);
    cli_progress_done();
    if (run_rc && run_rc != FCSIM_EDEADLOCK) {
      if (run_rc == FCSIM_EIO) {
        fcsim_cli_rank_error("%s: %s", label, err.msg);
        fcsim_cli_abort_job();
      } else {
        fcsim_cli_error("%s: %s", label, err.msg);
      }
      exit_code = cli_exit_for(run_rc);
      fcsim_sim_destroy(sim);
      fcsim_config_destroy(cfg);
      break;
    }
    const struct fcsim_stats *s = fcsim_sim_stats(sim);
    if (!o.quiet) {
      printf("%-14s %12.2f %10.0f %10.0f %12.4f %12.4f %9.3f  %s%s%s\n", value, s->avg_latency, s->p99_latency,
             s->worst_latency, s->send_throughput, s->recv_throughput, s->avg_hops,
             s->deadlock ? "DEADLOCK" : s->saturated ? "saturated (" : "ok",
             s->saturated && !s->deadlock && s->saturation_reason ? s->saturation_reason : "",
             s->saturated && !s->deadlock ? ")" : "");
      fflush(stdout);
    }
    if (jf) {
      fcsim_sim_write_json(sim, jf, FCSIM_JSON_COMPACT | (o.with_links ? FCSIM_JSON_LINKS : 0) | (o.with_histogram ? FCSIM_JSON_HISTOGRAM : 0), &err);
      fflush(jf);
    }
    if (cf) {
      if (i == 0)
        fcsim_sim_write_csv_header(sim, cf);
      fcsim_sim_write_csv_row(sim, cf);
      fflush(cf);
    }
    int stop = s->saturated || s->deadlock;
    char why[192] = "";
    if (s->saturated && !s->deadlock)
      sweep_why(s, why, sizeof why);
    if (s->deadlock) {
      fcsim_cli_error("%s: %s", label, err.msg);
      exit_code = FCSIM_EXIT_FAIL;
    }
    fcsim_sim_destroy(sim);
    fcsim_config_destroy(cfg);
    if (stop) {
      if (!o.quiet)
        printf("(stopped: the network saturated at %s = %s%s%s)\n", v.key, value, why[0] ? ": " : "", why);
      break;
    }
    if (cli_interrupted()) {
      fcsim_cli_error("interrupted; the points above are complete and written");
      exit_code = 130;
      break;
    }
  }
  if (jf)
    fclose(jf);
  if (cf)
    fclose(cf);
  fcsim_config_destroy(base);
  return exit_code;
}
