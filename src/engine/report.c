/* SPDX-License-Identifier: BSD-3-Clause */
/* Writing the results of a simulation (include/fcsim/sim.h): a readable
 * table, one JSON object, CSV header and rows. */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/csv.h"
#include "core/units.h"
#include "engine/memory.h"
#include "engine/model_metrics.h"
#include "engine/report.h"
#include "engine/report_links.h"
#include "engine/sim_priv.h"
#include "stats/stats.h"

/* --- which metrics apply --- */

/* Latencies describe measured packets that arrived: none measured, none
 * of them arrived before the run stopped (a run far past saturation, its
 * measured packets still queued behind the warm-up's), or a deadlock (the
 * packets stuck in the cycle never arrive) leaves them undefined. */
static int latencies_apply(const struct fcsim_stats *s)
{
  return s->packets_delivered > 0 && !s->deadlock;
}

/* total_latency is a batch figure, defined once the whole batch arrived. */
static int total_applies(const struct fcsim_stats *s, const struct fcsim_params *p)
{
  return p->mode == FCSIM_MODE_BATCH && s->drained && !s->deadlock && s->packets_delivered > 0;
}

/* --- table: the metric lines from the registry (engine/report_table.c),
 * then what the numbers alone do not say --- */

/* Notes under the metric lines: what the values mean for this run. */
static void table_notes(const struct fcsim_sim *sim, FILE *out)
{
  const struct fcsim_stats *s = &sim->stats;
  fputc('\n', out);
  if (s->nmessages) {
    int64_t done = 0;
    for (int64_t i = 0; i < s->nmessages; i++)
      done += s->message_complete[i] != UINT64_MAX;
    fprintf(out, "  %lld of %lld trace messages complete\n", (long long)done, (long long)s->nmessages);
  }
  if (s->self_packets_excluded)
    fprintf(out, "  of the offered %.4g flits/node/cycle, %.4g entered: %llu packets addressed to their own source were "
                 "not sent\n",
            s->offered_rate, s->offered_rate_net, (unsigned long long)s->self_packets_excluded);
  fcsim__model_figures_text(sim->net, FCSIM_FIGURES_AREA, out); /* bee3's resources */
  const uint64_t payload_bytes = fcsim__net_model_metric(sim->net, "link_payload_bytes"),
                 wire_bytes = fcsim__net_model_metric(sim->net, "link_wire_bytes"); /* kept by the adapters */
  const uint64_t directions = fcsim__report_link_directions(sim->net);
  if (directions && wire_bytes)
    fprintf(out, "  link payload is %.1f %% of the wire bytes\n", 100.0 * (double)payload_bytes / (double)wire_bytes);
  if (directions)
    fcsim_report_protocol_links_line(sim, out);
  fprintf(out, "  speed: %.3g cycles/s, %.3g flit-hops per CPU second\n",
          s->cycles / (s->wall_seconds > 0 ? s->wall_seconds : 1e-9),
          s->flit_hops_total / (s->cpu_seconds > 0 ? s->cpu_seconds : 1e-9));
}

void fcsim_sim_write_table(const struct fcsim_sim *sim, FILE *out)
{
  const struct fcsim_stats *s = &sim->stats;
  const struct fcsim_params *p = &sim->net->p;
  fcsim_report_table_header(sim, out);
  json_t *root = fcsim_report_json(sim, 0);
  fcsim__report_table_metrics(root, out);
  json_decref(root);
  table_notes(sim, out);
  if (s->deadlock)
    fprintf(out, "\nDEADLOCK: %s\n", s->deadlock_report ? s->deadlock_report : "(no cycle found)");
  else if (s->packets_measured == 0)
    fprintf(out, "\nNO PACKET MEASURED: %s; `-` marks the metrics that do not apply.\n",
            p->nodes < 2         ? "a one-node network sends nothing"
            : p->rate_flits <= 0 ? "traffic.rate is 0"
                                 : "no packet was created in the measurement window (low rate, or the pattern "
                                   "sends nothing on this network)");
  else if (s->packets_delivered == 0)
    fprintf(out,
            "\nNO MEASURED PACKET ARRIVED: %llu packets were created in the measurement window and none of them "
            "arrived before the run stopped at cycle %llu (far past saturation they wait behind the warm-up's "
            "packets); `-` marks the latencies, which do not apply.\n",
            (unsigned long long)s->packets_measured, (unsigned long long)s->cycles);
  else if (!strcmp(p->mode_name, "batch") && !s->drained)
    fprintf(out,
            "\nBATCH NOT FINISHED: %llu of %lld packets arrived when the run stopped at cycle %llu "
            "(sim.max_cycles = %lld); total_latency is unknown and the latencies above describe only the "
            "packets that arrived.\n",
            (unsigned long long)s->packets_delivered, (long long)(p->nodes * p->batch_packets),
            (unsigned long long)s->cycles, (long long)p->max_cycles);
  else if (s->saturated && s->saturation_reason && !strcmp(s->saturation_reason, "latency"))
    fprintf(out,
            "\nSATURATED (latency): average latency %.1f cycles is above the limit (sim.saturation_latency_factor "
            "= %g x zero-load %.1f, sim.saturation_latency = %lld; 0 is off).\n",
            s->avg_latency, p->saturation_latency_factor, s->zero_load_latency,
            (long long)p->saturation_latency_cycles);
  else if (s->drain_cut)
    fprintf(out,
            "\nSATURATED (backlog): the source queues grew by %.0f flits during the measurement window, more than "
            "the 5 %% + 2 packets per node the verdict allows, so the drain was cut at cycle %llu instead of "
            "waiting up to sim.drain_cycles = %lld; latencies above describe only the packets that arrived and are "
            "biased low.\n",
            s->backlog_flits, (unsigned long long)s->cycles, (long long)p->drain_cycles);
  else if (s->saturated)
    fprintf(out, "\nSATURATED (%s): %s; latencies above describe only the packets that arrived and are biased low.\n",
            s->saturation_reason ? s->saturation_reason : "drain",
            s->drained ? "the source queues grew during the measurement window"
                       : "measured packets were still in flight at the end of the drain phase");
  const uint64_t order_errors = fcsim__net_model_metric(sim->net, "link_order_errors"); /* kept by the adapters */
  if (order_errors)
    fprintf(out, "\nINTERNAL ERROR: %llu protocol packets out of sequence\n", (unsigned long long)order_errors);
  if (s->buffer_overflows)
    fprintf(out, "\nINTERNAL ERROR: %llu flits found a full buffer\n", (unsigned long long)s->buffer_overflows);
}

/* --- JSON --- */

/* A key's value as JSON: a plain number stays a number (an integer for
 * whole values of integer-like keys), anything else ("auto", "175ns",
 * "4x4x4", names) a string. */
static json_t *config_value_json(const struct fcsim_key *k, const char *text)
{
  double v;
  const char *end;
  if (k->type != FCSIM_KT_CHOICE && k->type != FCSIM_KT_DIMS && k->type != FCSIM_KT_ORDER &&
      fcsim_parse_number(text, &v, &end) == 0 && *end == '\0') {
    if (k->type != FCSIM_KT_REAL && v == floor(v) && fabs(v) < 9e15)
      return json_integer((json_int_t)v);
    return json_real(v);
  }
  return json_string(text);
}

static json_t *config_json(const struct fcsim_config *cfg)
{
  json_t *root = json_object(), *sec = NULL;
  const char *cur = "";
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    const struct fcsim_key *k = &fcsim_keys[i];
    if (k->execution)
      continue;
    if (strcmp(cur, k->section)) { /* a section's keys may come in two runs (switch) */
      cur = k->section;
      if (!(sec = json_object_get(root, cur))) {
        sec = json_object();
        json_object_set_new(root, cur, sec);
      }
    }
    json_object_set_new(sec, k->name, config_value_json(k, cfg->text[i] ? cfg->text[i] : k->default_text));
  }
  return root;
}

static json_t *derived_json(const struct fcsim_params *p)
{
  json_t *d = json_object();
  json_object_set_new(d, "nodes", json_integer(p->nodes));
  json_object_set_new(d, "link_latency_cycles", json_integer(p->link_latency_cycles));
  json_object_set_new(d, "link_latency_ns", json_real(p->link_latency_ns));
  json_object_set_new(d, "clock_hz", json_real(p->clock_hz));
  json_object_set_new(d, "vc_depth_flits", json_integer(p->vc_depth_flits));
  json_object_set_new(d, "switch_cycles", json_integer(p->switch_cycles));
  json_object_set_new(d, "credit_threshold_flits", json_integer(p->credit_threshold_flits));
  json_object_set_new(d, "packet_flits", json_integer(p->packet_flits));
  json_object_set_new(d, "drain_cycles", json_integer(p->drain_cycles));
  json_object_set_new(d, "deadlock_cycles", json_integer(p->deadlock_cycles));
  return d;
}

/* {"bucket_cycles": [...], "packets": [...]}: the non-empty buckets of the
 * latency histogram of measured packets (bucket_cycles is a bucket's
 * smallest latency; buckets are 1 cycle wide below 2048 cycles). */
static json_t *histogram_json(const struct fcsim_stats_acc *a, double ref_ticks)
{
  json_t *h = json_object(), *lo = json_array(), *n = json_array();
  for (unsigned b = 0; b < FCSIM_HIST_BUCKETS; b++) {
    if (!a->hist[b])
      continue;
    /* the histogram counts engine ticks: cycles unless clocks differ */
    json_array_append_new(lo, ref_ticks == 1.0 ? json_integer((json_int_t)fcsim_hist_value(b))
                                               : json_real((double)fcsim_hist_value(b) / ref_ticks));
    json_array_append_new(n, json_integer((json_int_t)a->hist[b]));
  }
  json_object_set_new(h, "bucket_cycles", lo);
  json_object_set_new(h, "packets", n);
  return h;
}

/* A metric that may not apply: null when it does not. */
static json_t *maybe(double v, int applies)
{
  return applies ? json_real(v) : json_null();
}

/* The run's own rows that the models' parts follow (their declarations,
 * src/models.c): where the models' counters are written. */
#define AFTER_LINK_UTIL "metrics.link_util.*"
#define AFTER_HISTOGRAM "metrics.latency_histogram.packets.*"

static json_t *metrics_json(const struct fcsim_net *net, const struct fcsim_stats *s, const struct fcsim_params *p,
                            int with_links)
{
  json_t *m = json_object();
  const double ns = s->ns_per_cycle;
  const int lat = latencies_apply(s), tot = total_applies(s, p);
  json_object_set_new(m, "total_latency", maybe(s->total_latency, tot));
  json_object_set_new(m, "avg_latency", maybe(s->avg_latency, lat));
  json_object_set_new(m, "worst_latency", maybe(s->worst_latency, lat));
  json_object_set_new(m, "p50_latency", maybe(s->p50_latency, lat));
  json_object_set_new(m, "p99_latency", maybe(s->p99_latency, lat));
  json_object_set_new(m, "p999_latency", maybe(s->p999_latency, lat));
  json_object_set_new(m, "total_latency_ns", maybe(s->total_latency * ns, tot));
  json_object_set_new(m, "avg_latency_ns", maybe(s->avg_latency * ns, lat));
  json_object_set_new(m, "worst_latency_ns", maybe(s->worst_latency * ns, lat));
  json_object_set_new(m, "p50_latency_ns", maybe(s->p50_latency * ns, lat));
  json_object_set_new(m, "p99_latency_ns", maybe(s->p99_latency * ns, lat));
  json_object_set_new(m, "p999_latency_ns", maybe(s->p999_latency * ns, lat));
  json_object_set_new(m, "offered_rate", json_real(s->offered_rate));
  json_object_set_new(m, "offered_rate_net", json_real(s->offered_rate_net));
  json_object_set_new(m, "self_packets_sent", json_integer((json_int_t)s->self_packets_sent));
  json_object_set_new(m, "self_packets_excluded", json_integer((json_int_t)s->self_packets_excluded));
  json_object_set_new(m, "zero_load_latency", json_real(s->zero_load_latency));
  json_object_set_new(m, "backlog_flits", json_real(s->backlog_flits));
  json_object_set_new(m, "send_throughput", json_real(s->send_throughput));
  json_object_set_new(m, "recv_throughput", json_real(s->recv_throughput));
  json_object_set_new(m, "max_busy_vcs", json_integer(s->max_busy_vcs));
  json_object_set_new(m, "avg_hops", maybe(s->avg_hops, s->packets_delivered > 0));
  json_object_set_new(m, "link_util_avg", json_real(s->link_util_avg));
  json_object_set_new(m, "link_util_max", json_real(s->link_util_max));
  fcsim__model_figures_json(net, FCSIM_FIGURES_ROUTER_AREA, m); /* novog, voq, ring: seed 000 Tables 4.2-5.6 */
  if (!json_object_get(m, "area_alms"))                         /* no router of the network has an area */
    fcsim_router_area_json(m, 0, 0);
  fcsim__model_figures_json(net, FCSIM_FIGURES_AREA, m); /* bee3's resources (seed 003 Fig. 7) */
  /* the models' counters declared after link_util.* (voq's and ring's buffers) */
  fcsim__model_counters_json(net, m, AFTER_LINK_UTIL, 0);
  json_object_set_new(m, "packets_measured", json_integer((json_int_t)s->packets_measured));
  json_object_set_new(m, "packets_delivered", json_integer((json_int_t)s->packets_delivered));
  json_object_set_new(m, "flits_injected_total", json_integer((json_int_t)s->flits_injected_total));
  json_object_set_new(m, "flits_delivered_total", json_integer((json_int_t)s->flits_delivered_total));
  json_object_set_new(m, "flits_in_network", json_integer((json_int_t)s->flits_in_network));
  json_object_set_new(m, "flit_hops_total", json_integer((json_int_t)s->flit_hops_total));
  json_object_set_new(m, "buffer_overflows", json_integer((json_int_t)s->buffer_overflows));
  /* the models' counters declared after the histogram (ethswitch's), then those kept by kind (vcsn) */
  fcsim__model_counters_json(net, m, AFTER_HISTOGRAM, 0);
  fcsim__model_metrics_json(net, m);
  const uint64_t directions = fcsim__report_link_directions(net); /* the adapters' line_stats */
  if (directions) { /* protocol links: counters kept by the adapters (link/proto/tnw, link/proto/fc) */
    json_object_set_new(m, "link_directions", json_integer((json_int_t)directions));
    fcsim__model_counters_json(net, m, AFTER_HISTOGRAM, 1); /* the adapters' counters */
    fcsim__model_figures_json(net, FCSIM_FIGURES_LINKS, m);       /* fc's link-up and first data, its model */
    fcsim__model_figures_json(net, FCSIM_FIGURES_LINK_MODELS, m); /* the tnw_model */
    json_object_set_new(
        m, "link_payload_bytes_per_cycle",
        json_real(s->cycles ? (double)fcsim__net_model_metric(net, "link_payload_bytes") /
                                  ((double)s->cycles * (double)directions)
                            : 0.0));
  }
  json_object_set_new(m, "cycles", json_integer((json_int_t)s->cycles));
  if (s->nmessages) {
    json_object_set_new(m, "makespan", json_real(s->makespan));
    json_object_set_new(m, "makespan_ns", json_real(s->makespan * s->ns_per_cycle));
    json_t *msgs = json_array();
    for (int64_t i = 0; i < s->nmessages; i++) {
      json_t *o = json_object();
      json_object_set_new(o, "id", json_integer((json_int_t)s->message_id[i]));
      json_object_set_new(o, "complete_cycle",
                          s->message_complete[i] == UINT64_MAX ? json_null()
                                                               : json_integer((json_int_t)s->message_complete[i]));
      json_array_append_new(msgs, o);
    }
    json_object_set_new(m, "messages", msgs);
  }
  if (with_links) {
    json_t *links = json_array();
    for (int64_t c = 0; c < s->nchannels; c++)
      json_array_append_new(links, json_real(s->window_cycles ? (double)s->link_flits[c] / s->window_cycles : 0));
    json_object_set_new(m, "link_util", links);
  }
  return m;
}

/* The result as one JSON object (the CSV: config values as numbers in their
 * keys' units where they are numbers). */
static json_t *sim_record(const struct fcsim_sim *sim, unsigned flags, int csv)
{
  json_t *root = json_object();
  json_object_set_new(root, "fcsim", json_string(FCSIM_VERSION));
  json_t *config = config_json(sim->cfg);
  if (csv) /* numbers in their keys' units */
    fcsim_config_json_to_base(config);
  json_object_set_new(root, "config", config);
  json_object_set_new(root, "derived", derived_json(&sim->net->p));
  json_t *metrics = metrics_json(sim->net, &sim->stats, &sim->net->p, (flags & FCSIM_JSON_LINKS) != 0);
  if (flags & FCSIM_JSON_HISTOGRAM)
    json_object_set_new(metrics, "latency_histogram", histogram_json(&sim->net->acc, sim->net->ref_ticks));
  json_t *plinks = flags & FCSIM_JSON_LINKS ? fcsim_report_protocol_links_json(sim) : NULL;
  if (plinks)
    json_object_set_new(metrics, "protocol_links", plinks);
  json_object_set_new(root, "metrics", metrics);
  json_t *exec = json_object();
  for (size_t i = 0; i < fcsim_nkeys; i++)
    if (fcsim_keys[i].execution)
      json_object_set_new(exec, fcsim_keys[i].name,
                          json_string(sim->cfg->text[i] ? sim->cfg->text[i] : fcsim_keys[i].default_text));
  json_object_set_new(exec, "wall_seconds", json_real(sim->stats.wall_seconds));
  json_object_set_new(exec, "cpu_seconds", json_real(sim->stats.cpu_seconds));
  struct fcsim_memory mem; /* depends on the partitions: here, not under "derived" */
  fcsim_memory_of_net(sim->net, &mem);
  json_object_set_new(exec, "memory_estimate_bytes",
                      mem.total_bytes ? json_integer((json_int_t)mem.total_bytes) : json_null());
  json_object_set_new(exec, "memory_per_router_bytes",
                      mem.total_bytes ? json_integer((json_int_t)mem.per_router_bytes) : json_null());
  /* how far busy nodes were stepped ahead (one clock: ticks are cycles); 0: never */
  json_object_set_new(exec, "run_ahead_cycles", json_integer((json_int_t)sim->net->runahead_ticks));
  /* partitions whose step loop prefetched the next nodes (sim.prefetch) */
  json_object_set_new(exec, "prefetch_partitions", json_integer(sim->net->prefetch_parts));
  /* the engine's work: nodes stepped, summed over every cycle (a partition's
   * reader of a crossing ring may be stepped once more, so it is here) */
  json_object_set_new(exec, "node_steps", json_integer((json_int_t)sim->stats.node_steps));
  /* novog: packets sent, injected or ejected whole (sim.trains, src/router/vc/novog_train.h) */
  json_object_set_new(exec, "train_packets", json_integer((json_int_t)sim->stats.train_packets));
  /* VC routers: the most VC storage one router held at once (chunks, the
   * high-water mark; `fcsim topo` gives the worst case every run can fill) */
  json_object_set_new(exec, "vc_buffer_peak_bytes", json_integer((json_int_t)sim->stats.vc_buffer_peak_bytes));
  json_object_set_new(root, "execution", exec);
  json_object_set_new(root, "saturated", json_boolean(sim->stats.saturated));
  json_object_set_new(root, "saturation_reason",
                      sim->stats.saturation_reason ? json_string(sim->stats.saturation_reason) : json_null());
  json_object_set_new(root, "drained", json_boolean(sim->stats.drained));
  if (sim->stats.drain_cut) /* the drain was stopped once saturation was certain */
    json_object_set_new(root, "drain_cut", json_true());
  json_object_set_new(root, "deadlock", json_boolean(sim->stats.deadlock));
  /* false: no packet was measured, the latencies and hops are null */
  json_object_set_new(root, "measured", json_boolean(sim->stats.packets_measured > 0));
  if (sim->net->p.mode == FCSIM_MODE_BATCH)
    json_object_set_new(root, "batch_finished", json_boolean(sim->stats.drained && !sim->stats.deadlock));
  if (sim->stats.deadlock_report)
    json_object_set_new(root, "deadlock_report", json_string(sim->stats.deadlock_report));
  return root;
}

json_t *fcsim_report_json(const struct fcsim_sim *sim, unsigned flags)
{
  return sim_record(sim, flags, 0);
}

int fcsim_report_dump(json_t *root, FILE *out, unsigned flags, struct fcsim_error *err)
{
  size_t fmt =
      JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10) | ((flags & FCSIM_JSON_COMPACT) ? JSON_COMPACT : JSON_INDENT(2));
  int rc = json_dumpf(root, out, fmt);
  if (rc == 0)
    rc = fputc('\n', out) == EOF ? -1 : 0;
  if (rc)
    return fcsim_error_set(err, FCSIM_EIO, "cannot write JSON");
  return 0;
}

int fcsim_sim_write_json(const struct fcsim_sim *sim, FILE *out, unsigned flags, struct fcsim_error *err)
{
  json_t *root = fcsim_report_json(sim, flags);
  int rc = fcsim_report_dump(root, out, flags, err);
  json_decref(root);
  return rc;
}

/* --- CSV --- */

/* The CSV columns drop these prefixes: `traffic.rate`, `avg_latency`. */
static const char *const csv_drop[] = {"config", "metrics", NULL};

int fcsim__sim_csv_add(struct fcsim_csv *c, const struct fcsim_sim *sim, unsigned flags, struct fcsim_error *err)
{
  json_t *rec = sim_record(sim, flags, 1);
  if (!rec)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV row");
  int rc = fcsim_csv_add(c, rec, err);
  json_decref(rec);
  return rc;
}

struct fcsim_csv *fcsim__sim_csv_new(void)
{
  return fcsim_csv_new(csv_drop, 10); /* the JSON's precision */
}

int fcsim__report_csv_add(struct fcsim_csv *c, const json_t *record, struct fcsim_error *err)
{
  json_t *rec = json_deep_copy(record);
  if (!rec)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV row");
  json_t *config = json_object_get(rec, "config");
  if (config) /* numbers in their keys' units */
    fcsim_config_json_to_base(config);
  int rc = fcsim_csv_add(c, rec, err);
  json_decref(rec);
  return rc;
}

static int write_csv_part(const struct fcsim_sim *sim, FILE *out, unsigned flags, int header, int rows,
                          struct fcsim_error *err)
{
  struct fcsim_csv *c = fcsim__sim_csv_new();
  if (!c)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the CSV row");
  int rc = fcsim__sim_csv_add(c, sim, flags, err);
  if (!rc)
    rc = fcsim_csv_write_part(c, out, header, rows, err);
  fcsim_csv_free(c);
  return rc;
}

int fcsim_sim_write_csv(const struct fcsim_sim *sim, FILE *out, unsigned flags, struct fcsim_error *err)
{
  return write_csv_part(sim, out, flags, 1, 1, err);
}

void fcsim_sim_write_csv_header(const struct fcsim_sim *sim, FILE *out)
{
  struct fcsim_error err;
  write_csv_part(sim, out, 0, 1, 0, &err);
}

void fcsim_sim_write_csv_row(const struct fcsim_sim *sim, FILE *out)
{
  struct fcsim_error err;
  write_csv_part(sim, out, 0, 0, 1, &err);
}
