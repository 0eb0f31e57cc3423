/* `fcsim app fft CONFIG`: a 3D FFT's corner turns run as messages on the
 * simulated torus (src/workload/fft_run.c), printed beside the Table 6.2
 * estimate of the `fft` model; --json writes fft_latency_ns and the phases. */
#include <jansson.h>
#include <stdio.h>

#include "cli/app.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "apps/fft/fft_run.h"


static void print_table(const struct fcsim_fft_result *r)
{
  double c = r->ns_per_cycle;
  const struct fcsim_fft_phases *ph = &r->ph;
  printf("%u^3 FFT on a %u^3 torus, %u IPs per node (%u used, %u rounds), %lld messages\n", 1u << r->n, 1u << r->m,
         r->ips_requested, r->ips, r->rounds, (long long)r->messages);
  printf("%-28s %12s %12s\n", "phase (latest node)", "ends (ns)", "model (ns)");
  printf("%-28s %12.1f %12s\n", "X compute", ph->x_end_cycles * c, "-");
  printf("%-28s %12.1f %12.1f\n", "XY turn: all data in", ph->xy_arrived_cycles * c, r->model_xy_ns);
  printf("%-28s %12.1f %12s\n", "Y compute", ph->y_end_cycles * c, "-");
  printf("%-28s %12.1f %12.1f\n", "YZ turn: all data in", ph->yz_arrived_cycles * c, r->model_yz_ns);
  printf("%-28s %12.1f %12.1f\n", "Z compute (fft_latency)", ph->z_end_cycles * c, r->model_xy_ns + r->model_yz_ns);
  printf("turn waits after compute: XY %.1f ns, YZ %.1f ns (model: turn times, network part %.1f / %.1f ns)\n",
         ph->xy_turn_cycles * c, ph->yz_turn_cycles * c, r->model_xy_net_ns, r->model_yz_net_ns);
  printf("model BW %.4g B/s (one link), LD %.1f ns (link + router)\n", r->bw_bytes_per_s, r->ld_ns);
}

static json_t *to_json(const struct fcsim_fft_result *r)
{
  double c = r->ns_per_cycle;
  const struct fcsim_fft_phases *ph = &r->ph;
  return json_pack("{s:s,s:s,s:{s:i,s:i,s:i,s:i,s:i,s:I},s:f,s:{s:f,s:f,s:f,s:f,s:f,s:f,s:f},"
                   "s:{s:f,s:f,s:f,s:f,s:f,s:f,s:f},s:{s:I,s:I,s:I}}",
                   "fcsim", FCSIM_VERSION, "app", "fft", "fft", "n", (int)r->n, "m", (int)r->m, "ips_requested",
                   (int)r->ips_requested, "ips", (int)r->ips, "rounds", (int)r->rounds, "messages",
                   (json_int_t)r->messages, "fft_latency_ns", ph->z_end_cycles * c, "phases_ns", "x_compute_end",
                   ph->x_end_cycles * c, "xy_arrived", ph->xy_arrived_cycles * c, "y_compute_end", ph->y_end_cycles * c,
                   "yz_arrived", ph->yz_arrived_cycles * c, "z_compute_end", ph->z_end_cycles * c, "xy_turn",
                   ph->xy_turn_cycles * c, "yz_turn", ph->yz_turn_cycles * c, "model", "bw_bytes_per_s",
                   r->bw_bytes_per_s, "ld_ns", r->ld_ns, "xy_latency_ns", r->model_xy_ns, "yz_latency_ns",
                   r->model_yz_ns, "latency_ns", r->model_xy_ns + r->model_yz_ns, "xy_network_ns", r->model_xy_net_ns,
                   "yz_network_ns", r->model_yz_net_ns, "flits", "expected", (json_int_t)r->flits_expected, "injected",
                   (json_int_t)r->flits_injected, "delivered", (json_int_t)r->flits_delivered);
}

static int run(int argc, char **argv)
{
  struct cli_opts o;
  int rc = cli_parse(argc, argv, &o, 0, cli_usage("app fft"));
  if (rc)
    return rc;
  if (o.help) {
    fputs(cli_usage("app fft"), stdout);
    return FCSIM_EXIT_OK;
  }
  const char *outs[] = {o.json_path}, *ins[] = {o.config_path};
  if (cli_out_check_paths(outs, 1, ins, 1))
    return FCSIM_EXIT_USAGE;
  struct fcsim_config *cfg = cli_load_config(&o);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  struct fcsim_error err = {0};
  struct fcsim_fft_result r;
  struct cli_out jo;
  if (cli_out_open(&jo, o.json_path)) {
    fcsim_config_destroy(cfg);
    return FCSIM_EXIT_USAGE;
  }
  if ((rc = fcsim_fft_run(cfg, &r, &err))) {
    fcsim_cli_error("%s", err.msg);
    cli_out_abort(&jo);
    fcsim_config_destroy(cfg);
    return cli_exit_for(rc);
  }
  if (!o.quiet && jo.f != stdout)
    print_table(&r);
  int exit_code = FCSIM_EXIT_OK;
  if (jo.f) {
    json_t *doc = to_json(&r);
    if (!doc || json_dumpf(doc, jo.f, JSON_INDENT(1)) || fputc('\n', jo.f) == EOF) {
      fcsim_cli_error("%s: cannot write the results", o.json_path);
      cli_out_abort(&jo);
      exit_code = FCSIM_EXIT_FAIL;
    } else if (cli_out_commit(&jo)) {
      exit_code = FCSIM_EXIT_FAIL;
    }
    json_decref(doc);
  }
  fcsim_config_destroy(cfg);
  return exit_code;
}

const struct fcsim_cli_app fcsim_cli_app_fft = {
    .name = "fft",
    .run = run,
};
