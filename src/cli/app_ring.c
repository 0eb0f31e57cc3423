/* `fcsim app ring CONFIG`: seed 001 §4.3.3's ring stream (Fig. 4.9)
 * simulated: a stream of app.bytes passes once around a ring of app.nodes
 * FPGAs (FPGA i forwards it to i+1, the last back to FPGA 0), frame by
 * frame: each frame of traffic.packet_size bytes is one trace message, sent
 * on by FPGA i once it has arrived there, so the stream is pipelined as the
 * `p2p` model's ring_time = n T_L + m / B assumes. On a direct network
 * (network.topology = torus or mesh: the SL3 ring) the ring is network.dims
 * = n; on a switched one (star, leafspine, fattree) switch.nodes = n. It
 * prints the time from the first frame's start to the last frame's arrival
 * at FPGA 0; --json writes `time_s`, `nodes`, `bytes`, `frames`. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/app.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/common.h"
#include "core/units.h"

#define RING_MAX_MESSAGES 4000000 /* frames x hops a run may hold */


/* Writes the trace: hop h (0..n-1) carries frame j as message h*K + j,
 * after frame j of hop h-1. */
static int write_ring(FILE *f, int n, uint64_t bytes, uint64_t frame, uint64_t *frames)
{
  uint64_t K = (bytes + frame - 1) / frame;
  *frames = K;
  if (K * (uint64_t)n > RING_MAX_MESSAGES)
    return -1;
  fprintf(f, "# ring stream: %d FPGAs, %llu bytes in %llu frames\nid,src,dst,bytes,start,after,delay\n", n,
          (unsigned long long)bytes, (unsigned long long)K);
  for (int h = 0; h < n; h++)
    for (uint64_t j = 0; j < K; j++) {
      uint64_t b = j + 1 < K ? frame : bytes - frame * (K - 1);
      if (h == 0)
        fprintf(f, "%llu,0,1,%llu,0,,\n", (unsigned long long)j, (unsigned long long)b);
      else
        fprintf(f, "%llu,%d,%d,%llu,,%llu,\n", (unsigned long long)((uint64_t)h * K + j), h, (h + 1) % n,
                (unsigned long long)b, (unsigned long long)((uint64_t)(h - 1) * K + j));
    }
  return ferror(f) ? -1 : 0;
}

/* A size of the config in bytes (a plain number counts `unit` bytes), or 0. */
static uint64_t size_of(const struct fcsim_config *cfg, const char *key, uint64_t unit)
{
  double v = 0;
  enum fcsim_unit_kind kind = FCSIM_UNIT_NONE;
  struct fcsim_error err = {0};
  const char *t = fcsim_config_get(cfg, key);
  if (!t || fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, &err) || v < 1)
    return 0;
  return kind == FCSIM_UNIT_SIZE ? (uint64_t)v : (uint64_t)v * unit;
}

static int ring_sim(struct fcsim_config *cfg, int n, const char *trace, double *time_s)
{
  struct fcsim_error err = {0};
  char nb[32];
  snprintf(nb, sizeof nb, "%d", n);
  const char *topo = fcsim_config_get(cfg, "network.topology");
  int direct = !strcmp(topo, "torus") || !strcmp(topo, "mesh");
  struct fcsim_sim *sim = NULL;
  int rc = fcsim_config_set(cfg, direct ? "network.dims" : "switch.nodes", nb, "fcsim app ring", &err) ||
                   fcsim_config_set(cfg, "traffic.mode", "trace", "fcsim app ring", &err) ||
                   fcsim_config_set(cfg, "traffic.trace", trace, "fcsim app ring", &err)
               ? FCSIM_EINVAL
               : 0;
  if (!rc)
    rc = fcsim_sim_create(cfg, &sim, &err);
  if (!rc)
    rc = fcsim_sim_run(sim, NULL, NULL, &err);
  if (rc) {
    fcsim_cli_error("%s", err.msg);
    fcsim_sim_destroy(sim);
    return cli_exit_for(rc);
  }
  const struct fcsim_stats *s = fcsim_sim_stats(sim);
  uint64_t last = 0;
  for (int64_t m = 0; m < s->nmessages && !rc; m++) {
    if (s->message_complete[m] == UINT64_MAX) {
      fcsim_cli_error("the ring stream did not complete (message %lld never arrived)", (long long)s->message_id[m]);
      rc = FCSIM_EXIT_FAIL;
    } else if (s->message_complete[m] > last)
      last = s->message_complete[m];
  }
  *time_s = (double)last * s->ns_per_cycle * 1e-9;
  fcsim_sim_destroy(sim);
  return rc;
}

static int ring_run(int argc, char **argv)
{
  struct cli_opts o;
  int rc = cli_parse(argc, argv, &o, 0, cli_usage("app ring"));
  if (!rc && o.help)
    fputs(cli_usage("app ring"), stdout);
  if (rc || o.help)
    return o.help && !rc ? FCSIM_EXIT_OK : FCSIM_EXIT_USAGE;
  struct fcsim_config *cfg = cli_load_config(&o);
  if (!cfg)
    return FCSIM_EXIT_USAGE;
  int n = atoi(fcsim_config_get(cfg, "app.nodes"));
  uint64_t flit_bytes = (uint64_t)atoi(fcsim_config_get(cfg, "network.flit_bits")) / 8;
  uint64_t bytes = size_of(cfg, "app.bytes", 1), frame = size_of(cfg, "traffic.packet_size", flit_bytes), frames = 0;
  char path[] = "/tmp/fcsim-ring-XXXXXX";
  int fd = -1;
  double time_s = 0;
  if (n < 2 || !bytes || !frame) {
    fcsim_cli_error("app.nodes = %d, app.bytes, traffic.packet_size: expected at least 2 FPGAs and sizes > 0", n);
    rc = FCSIM_EXIT_USAGE;
    goto out;
  }
  fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    fcsim_cli_error("cannot create a temporary trace file");
    rc = FCSIM_EXIT_FAIL;
    goto out;
  }
  rc = write_ring(f, n, bytes, frame, &frames);
  fclose(f);
  if (rc) {
    fcsim_cli_error("app.bytes / traffic.packet_size x app.nodes = %llu messages: more than %d (use larger frames)",
                    (unsigned long long)(frames * (uint64_t)n), RING_MAX_MESSAGES);
    rc = FCSIM_EXIT_USAGE;
    goto out;
  }
  if ((rc = ring_sim(cfg, n, path, &time_s)))
    goto out;
  printf("ring stream: %d FPGAs, %llu bytes in %llu frames of %llu bytes\n  time_s %.9f (%.3f us)\n", n,
         (unsigned long long)bytes, (unsigned long long)frames, (unsigned long long)frame, time_s, time_s * 1e6);
  if (o.json_path) {
    json_t *j = json_pack("{s:i, s:I, s:I, s:f}", "nodes", n, "bytes", (json_int_t)bytes, "frames",
                          (json_int_t)frames, "time_s", time_s);
    char tmp[4096 + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", o.json_path);
    if (!j || json_dump_file(j, tmp, JSON_INDENT(2)) || rename(tmp, o.json_path)) {
      fcsim_cli_error("%s: cannot write the JSON results", o.json_path);
      rc = FCSIM_EXIT_FAIL;
    }
    json_decref(j);
  }
out:
  if (fd >= 0)
    remove(path);
  fcsim_config_destroy(cfg);
  return rc;
}

const struct fcsim_cli_app fcsim_app_ring = {
    .name = "ring",
    .run = ring_run,
};
