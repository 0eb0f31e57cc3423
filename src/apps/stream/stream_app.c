/* SPDX-License-Identifier: BSD-3-Clause */
/* `fcsim app stream`: the app's row of the registry (apps/app.h). One pass
 * of the stream-computing cascade of seed 001 ch. 3 simulated on a ring of
 * FPGAs (stream_cascade.c; on `fc` links, stream_fc.c), beside `fcsim
 * model stream` for the same parameters. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "apps/app.h"
#include "apps/stream/stream_cascade.h"


static void print_table(const void *result, FILE *out)
{
  const struct fcsim_stream_result *r = result;
  fprintf(out, "stream cascade (n,m) = (%.0f,%.0f) on M = %.0f FPGAs, C_stream = %.0f, %llu elements per message\n",
          r->n, r->m, r->M, r->c_stream, (unsigned long long)r->block_elements);
  if (r->fc_links)
    fprintf(out, "fc links: %d-bit flits, wire latency %d cycles; elements move one by one\n", r->flit_bits,
            r->link_latency_cycles);
  else
    fprintf(out, "plain links: %d-bit flits, one per cycle (B_link), %d cycles (D_link)\n", r->flit_bits,
            r->link_latency_cycles);
  fprintf(out, "%-22s %16s %16s\n", "", "simulated", "model");
  fprintf(out, "%-22s %16.4g %16.4g\n", "sustained (FLOP/s)", r->sim_flops, r->model_flops);
  fprintf(out, "%-22s %15.2f%% %15.2f%%\n", "efficiency", 100 * r->sim_efficiency, 100 * r->model_efficiency);
  fprintf(out, "%-22s %15.2f%% %15.2f%%\n", "stall ratio", 100 * r->sim_stall, 100 * r->model_stall);
  fprintf(out, "%-22s %16.3f %16.3f\n", "speedup vs (1,1)", r->sim_speedup, r->model_speedup);
  fprintf(out, "%-22s %15.2f%% %15.2f%%\n", "parallel efficiency", 100 * r->sim_parallel_efficiency,
          100 * r->model_parallel_efficiency);
  fprintf(out, "%-22s %16.0f %16.0f\n", "pass (cycles)", r->pass_cycles, r->model_cycles);
  fprintf(out, "peak %.4g FLOP/s; flits %llu of %llu delivered\n", r->peak_flops,
          (unsigned long long)r->flits_delivered, (unsigned long long)r->flits_expected);
}

static json_t *to_json(const struct fcsim_stream_result *r)
{
  return json_pack("{s:s,s:s,s:{s:f,s:f,s:f,s:f,s:I,s:I,s:i,s:s,s:i},s:{s:f,s:f,s:f,s:f,s:f,s:f},"
                   "s:{s:f,s:f,s:f,s:f,s:f,s:f},s:f,s:{s:I,s:I}}",
                   "fcsim", FCSIM_VERSION, "app", "stream", "stream", "n", r->n, "m", r->m, "M", r->M, "C_stream",
                   r->c_stream, "block_elements", (json_int_t)r->block_elements, "messages", (json_int_t)r->messages,
                   "flit_bits", r->flit_bits, "links", r->fc_links ? "fc" : "plain", "link_latency_cycles",
                   r->link_latency_cycles, "simulated", "sustained_flops", r->sim_flops, "efficiency",
                   r->sim_efficiency, "stall_ratio", r->sim_stall, "speedup", r->sim_speedup, "parallel_efficiency",
                   r->sim_parallel_efficiency, "pass_cycles", r->pass_cycles, "model", "sustained_flops",
                   r->model_flops, "efficiency", r->model_efficiency, "stall_ratio", r->model_stall, "speedup",
                   r->model_speedup, "parallel_efficiency", r->model_parallel_efficiency, "pass_cycles",
                   r->model_cycles, "peak_flops", r->peak_flops, "flits", "expected", (json_int_t)r->flits_expected,
                   "delivered", (json_int_t)r->flits_delivered);
}

static int write_json(const void *result, FILE *out)
{
  json_t *doc = to_json(result);
  int bad = !doc || json_dumpf(doc, out, JSON_INDENT(1)) || fputc('\n', out) == EOF;
  json_decref(doc);
  return bad ? -1 : 0;
}

static int run(struct fcsim_config *cfg, const struct fcsim_app_args *a, void **result, struct fcsim_error *err)
{
  struct fcsim_stream_result *r = malloc(sizeof *r);
  if (!r)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  int rc = a->fc_links ? fcsim_stream_fc_run(a->preset, a->sets, a->link_preset, a->link_sets, r, err)
                       : fcsim_stream_run(a->preset, a->sets, a->block > 0 ? (uint64_t)a->block : 64, cfg, r, err);
  if (rc) {
    free(r);
    return rc;
  }
  *result = r;
  return 0;
}

const struct fcsim_app_ops fcsim_app_stream = {
    .name = "stream",
    .synopsis = "[CONFIG] [OPTIONS]",
    .text = "Simulates one pass of a stream through M FPGAs on a ring (Mondigo 2020 ch. 3) and prints the\n"
            "sustained FLOP/s, efficiency, stall ratio and speedup beside `fcsim model stream`.\n"
            "CONFIG and the --set keys other than stream.KEY and link.KEY give router settings; the ring,\n"
            "the clock (F), the link latency (D_link) and bandwidth (B_link, plain links) come from the stream.",
    .examples = "fcsim app stream --preset lbm",
    .summary = "stream-computing cascade on a ring of FPGAs beside `fcsim model stream` (Mondigo 2020 ch. 3)",
    .options = FCSIM_APP_OPT_STREAM,
    .run = run,
    .print = print_table,
    .write_json = write_json,
    .free_result = free,
};
