/* `fcsim app stream [CONFIG]`: the stream-computing cascade of seed 001
 * ch. 3 simulated on a ring of FPGAs (src/workload/stream_cascade.c),
 * printed beside `fcsim model stream` for the same parameters. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/app.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "cli/output.h"
#include "apps/stream/stream_cascade.h"


#define MAX_STREAM_SETS 64

/* Splits off the stream's own options; the rest go to cli_parse. */
/* The stream's own options. */
struct stream_opts {
  const char *sets[MAX_STREAM_SETS];      /* stream.KEY=V without the prefix */
  const char *link_sets[MAX_STREAM_SETS]; /* link.KEY=V without the prefix */
  const char *preset, *link_preset;       /* --preset, --link-preset */
  long block;                             /* --block */
  int fc;                                 /* --links fc */
};

static int add_set(const char **list, int *n, const char *kv)
{
  if (*n == MAX_STREAM_SETS - 1) {
    fcsim_cli_error("too many --set stream.* or link.* options");
    return FCSIM_EXIT_USAGE;
  }
  list[(*n)++] = kv;
  list[*n] = NULL;
  return 0;
}

static int split_args(int argc, char **argv, char **rest, int *nrest, struct stream_opts *so)
{
  int ns = 0, nl = 0, rc = 0;
  so->sets[0] = so->link_sets[0] = NULL;
  *nrest = 0;
  for (int i = 0; i < argc && !rc; i++) {
    const char *a = argv[i];
    int valued =
        !strcmp(a, "--preset") || !strcmp(a, "--block") || !strcmp(a, "--links") || !strcmp(a, "--link-preset");
    if (valued && i + 1 >= argc) {
      fcsim_cli_error("option %s needs a value\n%s", a, cli_usage("app stream"));
      return FCSIM_EXIT_USAGE;
    }
    if (!strcmp(a, "--links")) {
      const char *v = argv[++i];
      if (strcmp(v, "plain") && strcmp(v, "fc")) {
        fcsim_cli_error("--links `%s`: expected plain or fc", v);
        return FCSIM_EXIT_USAGE;
      }
      so->fc = !strcmp(v, "fc");
    } else if (!strcmp(a, "--link-preset")) {
      so->link_preset = argv[++i];
    } else if ((!strcmp(a, "--set") || !strcmp(a, "-s")) && i + 1 < argc && !strncmp(argv[i + 1], "link.", 5)) {
      rc = add_set(so->link_sets, &nl, argv[++i] + 5);
    } else if (!strcmp(a, "--preset")) {
      so->preset = argv[++i];
    } else if (!strcmp(a, "--block")) {
      char *end;
      so->block = strtol(argv[++i], &end, 10);
      if (*end || so->block < 1) {
        fcsim_cli_error("--block `%s`: expected a whole number of elements, at least 1", argv[i]);
        return FCSIM_EXIT_USAGE;
      }
    } else if ((!strcmp(a, "--set") || !strcmp(a, "-s")) && i + 1 < argc && !strncmp(argv[i + 1], "stream.", 7)) {
      rc = add_set(so->sets, &ns, argv[++i] + 7);
    } else {
      rest[(*nrest)++] = argv[i];
    }
  }
  return rc;
}

static void print_table(const struct fcsim_stream_result *r)
{
  printf("stream cascade (n,m) = (%.0f,%.0f) on M = %.0f FPGAs, C_stream = %.0f, %llu elements per message\n", r->n,
         r->m, r->M, r->c_stream, (unsigned long long)r->block_elements);
  if (r->fc_links)
    printf("fc links: %d-bit flits, wire latency %d cycles; elements move one by one\n", r->flit_bits,
           r->link_latency_cycles);
  else
    printf("plain links: %d-bit flits, one per cycle (B_link), %d cycles (D_link)\n", r->flit_bits,
           r->link_latency_cycles);
  printf("%-22s %16s %16s\n", "", "simulated", "model");
  printf("%-22s %16.4g %16.4g\n", "sustained (FLOP/s)", r->sim_flops, r->model_flops);
  printf("%-22s %15.2f%% %15.2f%%\n", "efficiency", 100 * r->sim_efficiency, 100 * r->model_efficiency);
  printf("%-22s %15.2f%% %15.2f%%\n", "stall ratio", 100 * r->sim_stall, 100 * r->model_stall);
  printf("%-22s %16.3f %16.3f\n", "speedup vs (1,1)", r->sim_speedup, r->model_speedup);
  printf("%-22s %15.2f%% %15.2f%%\n", "parallel efficiency", 100 * r->sim_parallel_efficiency,
         100 * r->model_parallel_efficiency);
  printf("%-22s %16.0f %16.0f\n", "pass (cycles)", r->pass_cycles, r->model_cycles);
  printf("peak %.4g FLOP/s; flits %llu of %llu delivered\n", r->peak_flops, (unsigned long long)r->flits_delivered,
         (unsigned long long)r->flits_expected);
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

static int write_json(const char *path, const struct fcsim_stream_result *r)
{
  struct cli_out jo;
  if (cli_out_open(&jo, path))
    return FCSIM_EXIT_USAGE;
  json_t *doc = to_json(r);
  int bad = !doc || json_dumpf(doc, jo.f, JSON_INDENT(1)) || fputc('\n', jo.f) == EOF;
  json_decref(doc);
  if (bad) {
    fcsim_cli_error("%s: cannot write the results", path);
    cli_out_abort(&jo);
    return FCSIM_EXIT_FAIL;
  }
  return cli_out_commit(&jo) ? FCSIM_EXIT_FAIL : FCSIM_EXIT_OK;
}

static int run(int argc, char **argv)
{
  char **rest = malloc((size_t)(argc + 1) * sizeof *rest);
  struct stream_opts so = {.block = 64};
  int nrest, rc;
  struct cli_opts o;
  if (!rest)
    return FCSIM_EXIT_FAIL;
  if ((rc = split_args(argc, argv, rest, &nrest, &so)) || (rc = cli_parse(nrest, rest, &o, 0, cli_usage("app stream")))) {
    free(rest);
    return rc;
  }
  free(rest);
  if (o.help) {
    fputs(cli_usage("app stream"), stdout);
    return FCSIM_EXIT_OK;
  }
  const char *outs[] = {o.json_path}, *ins[] = {o.config_path};
  if (cli_out_check_paths(outs, 1, ins, 1))
    return FCSIM_EXIT_USAGE;
  struct fcsim_config *cfg = cli_load_config(&o);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  struct fcsim_error err = {0};
  struct fcsim_stream_result r;
  if (so.fc)
    rc = fcsim_stream_fc_run(so.preset, so.sets, so.link_preset, so.link_sets, &r, &err);
  else
    rc = fcsim_stream_run(so.preset, so.sets, (uint64_t)so.block, cfg, &r, &err);
  fcsim_config_destroy(cfg);
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    return cli_exit_for(rc);
  }
  if (!o.quiet && !cli_out_is_stdout(o.json_path))
    print_table(&r);
  return o.json_path ? write_json(o.json_path, &r) : FCSIM_EXIT_OK;
}

const struct fcsim_cli_app fcsim_cli_app_stream = {
    .name = "stream",
    .run = run,
};
