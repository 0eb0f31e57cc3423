/* SPDX-License-Identifier: BSD-3-Clause */
/* The metric registry: one declaration per field that a command writes
 * (JSON, JSON Lines, CSV, table), with its unit, meaning, better direction,
 * when it applies and how partial values merge across partitions and MPI
 * ranks. Counters stay plain fields (struct fcsim_stats, a model's state);
 * declarations are read only when results are written or documented
 * (`fcsim help metrics`, docs/METRICS.md), never while simulating.
 *
 * A declaration names a JSON path with dots: "metrics.avg_latency". A `*`
 * component stands for any one object key or array index
 * ("links.classes.*.latency_ns"). `fcsim app link` has its own table
 * ("app-link"); the results of `fcsim model NAME` and of `fcsim app halo`
 * are declared by their model tables (struct fcsim_model_result) and read
 * through fcsim_metric_lookup() in the same form. */
#ifndef FCSIM_METRICS_H
#define FCSIM_METRICS_H

#include <stddef.h>

/* Which way is better, for comparisons (fcsim tune) and readers. */
enum fcsim_metric_better {
  FCSIM_BETTER_NONE = 0, /* a setting, a fact or a count with no preferred direction */
  FCSIM_BETTER_LOWER,
  FCSIM_BETTER_HIGHER,
};

/* How the values of partitions (threads) and MPI ranks combine into the one
 * written. Every rule gives the bits of a single-partition run. */
enum fcsim_metric_merge {
  FCSIM_METRIC_SAME = 0, /* a setting or a fact of the whole network: equal on every rank */
  FCSIM_METRIC_SUM,      /* counts: each partition counted its own nodes' events */
  FCSIM_METRIC_MAX,      /* largest values and last times */
  FCSIM_METRIC_MIN,      /* smallest values and first times */
  FCSIM_METRIC_DERIVED,  /* computed after merging, from merged sums, maxima or the histogram */
  FCSIM_METRIC_PROCESS,  /* a fact of the process on rank 0 (host time, memory): not merged */
  FCSIM_METRIC_MERGE_RULES
};

/* How a field appears in the readable tables (fcsim run's table, one line
 * per field under its group's heading; fcsim sweep's table, one column per
 * field). All zero: in no table. */
enum { FCSIM_VIEW_NONZERO = 1 }; /* only when non-zero and not null (in some replication) */
struct fcsim_metric_view {
  const char *group;  /* run table: heading of the group it is printed under */
  const char *column; /* sweep table: its column heading */
  const char *format; /* printf conversion of one double ("%.2f"); NULL: "%.5g" (integers as integers) */
  unsigned flags;     /* FCSIM_VIEW_* */
};

/* How the replications of a run (sim.replications > 1) combine a number
 * inside an array or object under "metrics" (per link, per message, the
 * histogram, the models); each number directly under "metrics" is their
 * mean, with its statistics under "replications". */
enum fcsim_metric_replicate {
  FCSIM_REPLICATE_MEAN = 0, /* element by element, the mean over the replications that have a number there */
  FCSIM_REPLICATE_SUM,      /* counts added up (histogram buckets), element by element or by KEY */
  FCSIM_REPLICATE_SAME,     /* a fact of the configuration, equal in every replication: replication 0's */
  FCSIM_REPLICATE_KEY,      /* the key SUM siblings are merged by (a histogram bucket): the union of the keys */
  FCSIM_REPLICATE_RULES
};

/* A field that is a model counter (stats/counters.h, declared with
 * fcsim_counter_placed_u64/_u32): its value is the total of the counters of
 * that name over the node kinds of the network (merged by their rule), and
 * the run's writer (engine/report.c) puts it where its part joins, by the
 * rule below, without naming it. The name is the path after "metrics.". */
enum fcsim_metric_counter {
  FCSIM_COUNTER_NONE = 0,       /* not a model counter: written by its own writer */
  FCSIM_COUNTER_NONZERO,        /* written when its total is non-zero */
  FCSIM_COUNTER_ALWAYS,         /* written in every run, 0 when no model of the network declares it */
  FCSIM_COUNTER_LINKS,          /* written in every run with protocol links (metrics.link_directions > 0) */
  FCSIM_COUNTER_LINKS_DECLARED, /* ... with protocol links, when some model of the network declares it */
  FCSIM_COUNTER_RULES
};

/* One declared field. */
struct fcsim_metric {
  const char *path;                /* dotted JSON path; `*` is any one key or index */
  const char *unit;                /* "cycles", "ns", "flits/node/cycle", "bytes", "s", ... ; "" none */
  enum fcsim_metric_better better; /* which way is better */
  enum fcsim_metric_merge merge;   /* across partitions and ranks */
  const char *applies;             /* when it is written or non-null; NULL: always */
  const char *meaning;             /* one sentence */
  struct fcsim_metric_view view;   /* in the tables: where and how */
  enum fcsim_metric_replicate replicate; /* inside arrays and objects: how replications combine */
  enum fcsim_metric_counter counter;     /* a model counter: when the run writes it; NONE otherwise */
};

/* The declarations of one output: a command and the form it writes. A
 * component's own fields of an output (a router model's counters and
 * figures, a link protocol's) are a table of the same type beside its code,
 * a part: `output` names the output it joins, `after` the path of the
 * output's own row its rows follow (parts with the same `after` in the
 * order of src/models.c's list), `commands` is NULL. */
struct fcsim_metric_table {
  const char *output;   /* "run", "topo", "tune", ... (docs/METRICS.md section) */
  const char *commands; /* which commands and options write it; NULL in a part */
  const struct fcsim_metric *rows;
  size_t n;
  const char *after; /* a part: the row of its output it follows; NULL in a table of an output */
};

/* Every table, NULL-terminated: stats/'s own outputs, an output with parts
 * as its own rows with the parts joined in (the parts are not listed on
 * their own), then the components' outputs (the applications', in their
 * folders; `after` NULL) in src/models.c's order. */
const struct fcsim_metric_table *const *fcsim_metric_tables(void);

/* The table named `output`, or NULL. */
const struct fcsim_metric_table *fcsim_metric_table_find(const char *output);

struct fcsim_model_ops;

/* The declaration of the JSON `path` (dotted, array indices as numbers) in
 * the output `output` ("run", "topo", ..., or "model" and "app"), or NULL
 * when undeclared. For "model" (`fcsim model NAME --json`) and "app" (the
 * table applications' --json), `model` is the model table that declares
 * their parameters and results (NULL elsewhere); an application with a
 * table of its own, "app-NAME" (app link), is read from it, the others' row
 * is then a per-thread buffer valid until the next call. */
const struct fcsim_metric *fcsim_metric_lookup(const char *output, const struct fcsim_model_ops *model,
                                               const char *path);

/* Value `v` of `m` as the tables print it (its view's format, "%.5g" by
 * default), with "+-HALF" appended when `half` >= 0 (the half-width of an
 * interval: two significant digits, whole numbers from 10). */
void fcsim_metric_format(const struct fcsim_metric *m, double v, double half, char *buf, size_t size);

struct fcsim_error;

/* The start-up check of every table, parts joined: each row has a path, a
 * unit (may be "") and a meaning; no path twice in one output; every part
 * joins an output and follows one of its own rows. Returns 0 or
 * FCSIM_EINTERNAL with err filled. */
int fcsim_metric_check_registry(struct fcsim_error *err);

/* Calls fn(row, ctx) for each row of the components' parts of `output`
 * that follow its own row `after` (the rows joined right after it), in the
 * order of src/models.c's list. */
void fcsim_metric_parts_each(const char *output, const char *after,
                             void (*fn)(const struct fcsim_metric *row, void *ctx), void *ctx);

/* "lower", "higher" or "" ; "same", "sum", ... */
const char *fcsim_metric_better_name(enum fcsim_metric_better b);
const char *fcsim_metric_merge_name(enum fcsim_metric_merge m);
/* "mean", "sum", "same", "key" */
const char *fcsim_metric_replicate_name(enum fcsim_metric_replicate r);

#endif
