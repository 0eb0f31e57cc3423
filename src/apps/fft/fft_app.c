/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app fft`: the app's row of the registry (apps/app.h). A 3D FFT's
 * corner turns run as messages on the simulated torus (fft_run.c), printed
 * beside the Table 6.2 estimate of the `fft` model; its JSON holds
 * fft_latency_ns and the phases. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "apps/app.h"
#include "apps/fft/fft_run.h"


static void print_table(const void *result, FILE *out)
{
  const struct fcsim_fft_result *r = result;
  double c = r->ns_per_cycle;
  const struct fcsim_fft_phases *ph = &r->ph;
  fprintf(out, "%u^3 FFT on a %u^3 torus, %u IPs per node (%u used, %u rounds), %lld messages\n", 1u << r->n,
          1u << r->m, r->ips_requested, r->ips, r->rounds, (long long)r->messages);
  fprintf(out, "%-28s %12s %12s\n", "phase (latest node)", "ends (ns)", "model (ns)");
  fprintf(out, "%-28s %12.1f %12s\n", "X compute", ph->x_end_cycles * c, "-");
  fprintf(out, "%-28s %12.1f %12.1f\n", "XY turn: all data in", ph->xy_arrived_cycles * c, r->model_xy_ns);
  fprintf(out, "%-28s %12.1f %12s\n", "Y compute", ph->y_end_cycles * c, "-");
  fprintf(out, "%-28s %12.1f %12.1f\n", "YZ turn: all data in", ph->yz_arrived_cycles * c, r->model_yz_ns);
  fprintf(out, "%-28s %12.1f %12.1f\n", "Z compute (fft_latency)", ph->z_end_cycles * c,
          r->model_xy_ns + r->model_yz_ns);
  fprintf(out, "first round's inputs all in (latest node): Y %.1f ns, Z %.1f ns\n", ph->y_first_in_cycles * c,
          ph->z_first_in_cycles * c);
  fprintf(out, "turn waits after compute: XY %.1f ns, YZ %.1f ns (model: turn times, network part %.1f / %.1f ns)\n",
          ph->xy_turn_cycles * c, ph->yz_turn_cycles * c, r->model_xy_net_ns, r->model_yz_net_ns);
  fprintf(out, "model BW %.4g B/s (one link), LD %.1f ns (link + router)\n", r->bw_bytes_per_s, r->ld_ns);
  if (r->has_va_stalls)
    fprintf(out, "VOQ router: heads waited %llu input-cycles at VA for room in a VOQ (router.vc_depth)\n",
            (unsigned long long)r->va_stall_cycles);
  if (r->table_routing)
    fprintf(out,
            "offline tables: %lld flows, %lld off x-y-z; most bytes on a link: XY %.0f (DOR %.0f), YZ %.0f (DOR %.0f)\n",
            (long long)r->routes.flows, (long long)r->routes.flows_moved, r->routes.max_link_bytes_table[0],
            r->routes.max_link_bytes_dor[0], r->routes.max_link_bytes_table[1], r->routes.max_link_bytes_dor[1]);
}

static json_t *to_json(const struct fcsim_fft_result *r)
{
  double c = r->ns_per_cycle;
  const struct fcsim_fft_phases *ph = &r->ph;
  return json_pack("{s:s,s:s,s:{s:i,s:i,s:i,s:i,s:i,s:I},s:f,s:{s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f},"
                   "s:{s:f,s:f,s:f,s:f,s:f,s:f,s:f},s:{s:I,s:I,s:I}}",
                   "fcsim", FCSIM_VERSION, "app", "fft", "fft", "n", (int)r->n, "m", (int)r->m, "ips_requested",
                   (int)r->ips_requested, "ips", (int)r->ips, "rounds", (int)r->rounds, "messages",
                   (json_int_t)r->messages, "fft_latency_ns", ph->z_end_cycles * c, "phases_ns", "x_compute_end",
                   ph->x_end_cycles * c, "xy_arrived", ph->xy_arrived_cycles * c, "y_compute_end", ph->y_end_cycles * c,
                   "yz_arrived", ph->yz_arrived_cycles * c, "z_compute_end", ph->z_end_cycles * c, "xy_turn",
                   ph->xy_turn_cycles * c, "yz_turn", ph->yz_turn_cycles * c, "y_first_round_in", ph->y_first_in_cycles * c,
                   "z_first_round_in", ph->z_first_in_cycles * c, "model", "bw_bytes_per_s",
                   r->bw_bytes_per_s, "ld_ns", r->ld_ns, "xy_latency_ns", r->model_xy_ns, "yz_latency_ns",
                   r->model_yz_ns, "latency_ns", r->model_xy_ns + r->model_yz_ns, "xy_network_ns", r->model_xy_net_ns,
                   "yz_network_ns", r->model_yz_net_ns, "flits", "expected", (json_int_t)r->flits_expected, "injected",
                   (json_int_t)r->flits_injected, "delivered", (json_int_t)r->flits_delivered);
}

/* router.model = voq only: the heads' waits at VA. */
static int add_router(json_t *doc, const struct fcsim_fft_result *r)
{
  if (!doc || !r->has_va_stalls)
    return 0;
  return json_object_set_new(doc, "router", json_pack("{s:I}", "va_stall_cycles", (json_int_t)r->va_stall_cycles));
}

/* fft.routing = table only: the offline tables' flows and link loads. */
static int add_routes(json_t *doc, const struct fcsim_fft_result *r)
{
  if (!doc || !r->table_routing)
    return 0;
  const struct fcsim_fft_routes *t = &r->routes;
  return json_object_set_new(
      doc, "routing",
      json_pack("{s:s,s:I,s:I,s:{s:f,s:f,s:f,s:f}}", "fft_routing", "table", "flows", (json_int_t)t->flows,
                "flows_off_xyz", (json_int_t)t->flows_moved, "max_link_bytes", "xy_table", t->max_link_bytes_table[0],
                "xy_dor", t->max_link_bytes_dor[0], "yz_table", t->max_link_bytes_table[1], "yz_dor",
                t->max_link_bytes_dor[1]));
}

static int write_json(const void *result, FILE *out)
{
  json_t *doc = to_json(result);
  if (add_router(doc, result) || add_routes(doc, result)) {
    json_decref(doc);
    return -1;
  }
  int bad = !doc || json_dumpf(doc, out, JSON_INDENT(1)) || fputc('\n', out) == EOF;
  json_decref(doc);
  return bad ? -1 : 0;
}

static int run(struct fcsim_config *cfg, const struct fcsim_app_args *args, void **result, struct fcsim_error *err)
{
  (void)args;
  struct fcsim_fft_result *r = malloc(sizeof *r);
  if (!r)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = fcsim_fft_run(cfg, r, err);
  if (rc) {
    free(r);
    return rc;
  }
  *result = r;
  return 0;
}

static const char *const fft_keys[] = {"fft.n", "fft.ips", "fft.point_bytes", "fft.release", "fft.consume", "fft.routing", NULL};

const struct fcsim_app_ops fcsim_app_fft = {
    .name = "fft",
    .summary = "3D FFT corner turns on the simulated torus beside the Table 6.2 estimate (Novo-G# thesis ch. 6)",
    .keys = fft_keys,
    .synopsis = "CONFIG [OPTIONS]",
    .text = "Runs a 2^n-per-side 3D FFT (Novo-G# thesis ch. 6) on the configured 2^m-per-side torus: X FFTs,\n"
            "XY corner turn, Y FFTs, YZ corner turn, Z FFTs, each phase waiting for all of its data\n"
            "(fft.consume = round) or its IPs taking points as they arrive (line, point);\n"
            "prints the time of each phase and the end-to-end latency beside the `fft` model's\n"
            "Table 6.2 estimate (set fft.n, fft.ips and fft.consume with --set).",
    .examples = "fcsim app fft examples/fft/16-on-4.ini",
    .run = run,
    .print = print_table,
    .write_json = write_json,
    .free_result = free,
};
