/* SPDX-License-Identifier: BSD-3-Clause */
/* Traffic: destination patterns (seed 000 Table 5.1 and the classics) and
 * the Bernoulli injection process. A pattern maps (source, packet sequence
 * number, the source's random stream) to a destination. A packet that a
 * pattern maps to its own source is, as the pattern's `self` says, either
 * not created and counted as excluded from the offered load (seed 000
 * patterns), or sent as a 0-hop packet through the router's local ports as
 * BookSim2 does (BookSim-compatible patterns; routers without local ports
 * exclude it instead). Both are counted in the run's statistics. */
#ifndef FCSIM_TRAFFIC_TRAFFIC_H
#define FCSIM_TRAFFIC_TRAFFIC_H

#include <stddef.h>
#include <stdint.h>

#include "core/params.h"
#include "core/rng.h"
#include "topo/topo.h"

struct fcsim_traffic;

/* What happens to a packet whose destination is its source. */
enum fcsim_self_policy {
  FCSIM_SELF_EXCLUDE = 0, /* not created; counted, and left out of the offered load */
  FCSIM_SELF_SEND = 1,    /* a 0-hop packet through the local ports (classic router) */
};

struct fcsim_traffic_ops {
  const char *name; /* traffic.pattern */
  const char *help;
  int version; /* 1 */
  /* (optional) refuses networks the pattern is not defined on */
  int (*check)(const struct fcsim_params *p, struct fcsim_error *err);
  /* (required) destination of packet number `seq` of `src` */
  int64_t (*dest)(const struct fcsim_traffic *tr, int64_t src, uint64_t seq, struct fcsim_rng *rng);
  enum fcsim_self_policy self; /* packets a node sends itself: excluded (default) or sent */
  int needs_dims;              /* defined by coordinates or network.dims: tori and meshes only */
};

/* A pattern bound to a network. */
/* The hotspot pattern's parameter block (core/params.h; keys.c writes it). */
struct fcsim_hotspot_params {
  int64_t node;    /* traffic.hotspot_node */
  double fraction; /* traffic.hotspot_fraction: of packets sent to the hotspot */
};
extern struct fcsim_param_block fcsim_hotspot_block;

struct fcsim_traffic {
  const struct fcsim_traffic_ops *ops;
  const struct fcsim_topo *topo;
  const struct fcsim_params *params;
  int64_t *perm; /* randperm: the permutation (from malloc), else NULL */
  struct fcsim_hotspot_params hotspot; /* the hotspot pattern's block, copied at init */
};

int fcsim_traffic_init(struct fcsim_traffic *tr, const struct fcsim_topo *t, const struct fcsim_params *p,
                       struct fcsim_error *err);
void fcsim_traffic_destroy(struct fcsim_traffic *tr);

const struct fcsim_traffic_ops *fcsim_traffic_pattern_find(const char *name);
/* "a, b, c" into buf (NUL-terminated); returns the full list's length */
size_t fcsim_traffic_pattern_list_names(char *buf, size_t size);
/* start-up check of the pattern table (names, required members, duplicates) */
int fcsim_traffic_check_registry(struct fcsim_error *err);
const char *fcsim_traffic_pattern_names(void);
/* The i-th pattern of the registry, NULL past the last. */
const struct fcsim_traffic_ops *fcsim_traffic_pattern_at(size_t i);
int fcsim_traffic_pattern_valid(const char *name);

/* Bernoulli arrivals of `lambda` packets per cycle: returns the gap in
 * cycles (>= 1) from one arrival to the next, drawn from the node's arrival
 * stream. For lambda >= 1 see fcsim_traffic_burst. */
uint64_t fcsim_traffic_gap(double lambda, struct fcsim_rng *rng);
/* lambda >= 1: packets created this cycle, floor(lambda) plus one with
 * probability frac(lambda). */
int fcsim_traffic_burst(double lambda, struct fcsim_rng *rng);

/* Writes the table of patterns of docs/CONFIG.md (traffic/keys.c). */
#include <stdio.h>
void fcsim_traffic_write_patterns_markdown(FILE *out);

#endif
