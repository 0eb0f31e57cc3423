/* SPDX-License-Identifier: BSD-3-Clause */
/* Model `gather`: time of a gather of d bytes from each of n FPGAs to one
 * root, on a DCN ring or on VCSN virtual topologies (VCSN paper, seed 002
 * s5.2-5.3 Eqs. 3-5, s6.3 Eqs. 6-7, Table 5).
 *
 * Schedules (two external ports per node):
 *   ring  - the 1-D ring of DCN (or a ring virtual topology): the sources
 *           split into two halves that shift towards the root, ceil((n-1)/2)
 *           stages of d bytes each (Eq. 3);
 *   tree  - VCSN's redundant tree: ceil((n-1)/4)+1 stages (s5.2); Eq. 4 and
 *           its fat-tree refinement Eq. 7 move 2d per stage over
 *           ceil((n-1)/4) stages;
 *   vlink - reconfigure a virtual link to the root before each pair of
 *           transfers: ceil((n-1)/4) reconfigurations, ceil((n-1)/2) stages
 *           (Eq. 5).
 * Every process that the CPUs synchronise (topology reconfiguration,
 * initial crossbar set-up, each transfer stage) ends with an MPI_Barrier
 * among N = ceil(n/2) servers: T_barrier(N) = 3.34e-5*ceil(log2 N) +
 * 5.84e-6 s (Eq. 6), plus the paper's two corrections, 210 us after a
 * process longer than 500 us and 52 us after a shorter one. The path
 * latency is f*l on a fat tree of f levels of k-port switches. */
#include <math.h>

#include "model/model.h"

enum {
  P_n,
  P_d,
  P_schedule,
  P_t,
  P_c,
  P_l,
  P_b,
  P_k,
  P_f,
  P_per_server,
  P_corr_long,
  P_corr_short,
  P_corr_threshold,
  P_p,
  P_COUNT
};
enum {
  R_stages,
  R_reconf,
  R_transfer_stages,
  R_levels,
  R_servers,
  R_barrier,
  R_p,
  R_stage_time,
  R_time,
  R_time_eq,
  R_COUNT
};

static const char *const schedule_choices[] = {"ring", "tree", "vlink", NULL};
enum { S_RING, S_TREE, S_VLINK };

static const struct fcsim_model_param params[P_COUNT] = {
    [P_n] = {"n", FCSIM_MU_COUNT, 16, 2, 1e7, 0, NULL, "FPGA nodes, including the root"},
    [P_d] = {"d", FCSIM_MU_BYTES, 16777216, 0, 1e15, 0, NULL, "data size in each node"},
    [P_schedule] = {"schedule", FCSIM_MU_ENUM, S_TREE, 0, 2, 0, schedule_choices,
                    "ring (DCN), tree (VCSN redundant topology) or vlink (reconfiguring)"},
    [P_t] = {"t", FCSIM_MU_TIME, 1.24e-4, 0, 1e3, 0, NULL, "topology reconfiguration time (0: none, as in DCN)"},
    [P_c] = {"c", FCSIM_MU_TIME, 1.35e-6, 0, 1e3, 0, NULL, "crossbar configuration time"},
    [P_l] = {"l", FCSIM_MU_TIME, 8.47e-7, 0, 1e3, 0, NULL, "link latency through one switch level (Table 1)"},
    [P_b] = {"b", FCSIM_MU_BYTES_PER_S, 12.44e9, 1.0, 1e15, 0, NULL, "theoretical link bandwidth"},
    [P_k] = {"k", FCSIM_MU_COUNT, 36, 4, 1e5, 0, NULL, "ports per switch of the fat tree"},
    [P_f] = {"f", FCSIM_MU_COUNT, 0, 1, 64, FCSIM_MP_AUTO, NULL,
             "fat-tree levels; auto = fewest levels of k-port switches that hold n nodes"},
    [P_per_server] = {"nodes_per_server", FCSIM_MU_COUNT, 2, 1, 1024, 0, NULL,
                      "FPGAs per CPU server (N = ceil(n/nodes_per_server))"},
    [P_corr_long] = {"corr_long", FCSIM_MU_TIME, 210e-6, 0, 1.0, 0, NULL,
                     "barrier correction after a process longer than corr_threshold"},
    [P_corr_short] = {"corr_short", FCSIM_MU_TIME, 52e-6, 0, 1.0, 0, NULL,
                      "barrier correction after a shorter process"},
    [P_corr_threshold] = {"corr_threshold", FCSIM_MU_TIME, 500e-6, 0, 1e3, 0, NULL,
                          "process length that selects corr_long"},
    [P_p] = {"p", FCSIM_MU_TIME, 0, 0, 1e3, FCSIM_MP_AUTO, NULL,
             "complete-process time per synchronised process; auto = Eq. 6 + correction"},
};

static const struct fcsim_model_result results[R_COUNT] = {
    [R_stages] = {"stages", FCSIM_MU_COUNT, "data transfer stages of the schedule (s5.2)"},
    [R_reconf] = {"reconfigurations", FCSIM_MU_COUNT, "virtual topology set-ups"},
    [R_transfer_stages] = {"timed_stages", FCSIM_MU_COUNT, "stages charged in time_s (Eq. 3, 5 or 7)"},
    [R_levels] = {"levels", FCSIM_MU_COUNT, "fat-tree levels f"},
    [R_servers] = {"servers", FCSIM_MU_COUNT, "CPU servers N synchronised by MPI_Barrier"},
    [R_barrier] = {"barrier_s", FCSIM_MU_TIME, "T_barrier(N), Eq. 6, before correction"},
    [R_p] = {"stage_barrier_s", FCSIM_MU_TIME, "barrier after one transfer stage, with correction"},
    [R_stage_time] = {"stage_time_s", FCSIM_MU_TIME, "one transfer stage without its barrier"},
    [R_time] = {"time_s", FCSIM_MU_TIME, "gather time, Eq. 7 (tree) or its ring/vlink analogue"},
    [R_time_eq] = {"time_eq_s", FCSIM_MU_TIME, "gather time by the plain Eq. 3, 4 or 5"},
};

static const char *const vcsn_set[] = {
    "schedule=tree", "t=1.24e-4", "c=1.35e-6", "l=8.47e-7", "b=12.44GB/s", "k=36", "f=auto", NULL,
};
static const char *const dcn_set[] = {
    "schedule=ring", "t=0", "c=1.35e-6", "l=4.91e-7", "b=12.02GB/s", "f=1", NULL,
};

static const struct fcsim_model_preset presets[] = {
    {"vcsn", "Table 5 for VCSN: t=124us, c=1.35us, l=847ns, b=12.44GB/s, 36-port fat tree, tree schedule", vcsn_set},
    {"dcn", "Table 5 for DCN: no reconfiguration, c=1.35us, l=491ns, b=12.02GB/s, direct ring (f=1)", dcn_set},
};

/* MPI_Barrier among `servers` servers, Eq. 6. */
static double t_barrier_s(double servers)
{
  return 3.34e-5 * ceil(log2(servers)) + 5.84e-6;
}

/* Levels of a fat tree of k-port switches needed for n nodes: one switch
 * holds k; f >= 2 levels hold 2*(k/2)^f. */
static double fat_tree_levels(double n, double k)
{
  double f = 1, cap = k;
  while (cap < n && f < 64) {
    f += 1;
    cap = 2.0 * pow(floor(k / 2.0), f);
  }
  return f;
}

static int compute(double *p, double *r, struct fcsim_error *err)
{
  double n = p[P_n], d = p[P_d], b = p[P_b], t = p[P_t], c = p[P_c];
  int sched = (int)p[P_schedule];
  (void)err;
  if (isnan(p[P_f]))
    p[P_f] = fat_tree_levels(n, p[P_k]);
  double f = p[P_f];
  double servers = ceil(n / p[P_per_server]);
  double tb = t_barrier_s(servers);
  int fixed_p = !isnan(p[P_p]);
  double s2 = ceil((n - 1) / 2.0), s4 = ceil((n - 1) / 4.0);
  double lat = f * p[P_l];

  /* barrier charged after a synchronised process of length x */
#define BARRIER(x) (fixed_p ? p[P_p] : tb + ((x) > p[P_corr_threshold] ? p[P_corr_long] : p[P_corr_short]))

  double stages, reconf, timed, stage, total, eq;
  switch (sched) {
  case S_RING:
    stages = s2;
    reconf = t > 0 ? 1 : 0;
    timed = s2;
    stage = c + lat + d / b;
    total = reconf * (t + BARRIER(t)) + BARRIER(c) + timed * (stage + BARRIER(stage));
    eq = t + s2 * (stage + BARRIER(stage)); /* Eq. 3 */
    break;
  case S_TREE:
    stages = s4 + 1;
    reconf = 1;
    timed = s4;
    stage = c + lat + 2.0 * d / b;
    total = t + BARRIER(t) + BARRIER(c) + timed * (stage + BARRIER(stage)); /* Eq. 7 */
    eq = t + s2 * d / b + s4 * (c + lat + BARRIER(stage));                  /* Eq. 4 */
    break;
  default: /* S_VLINK */
    stages = s2;
    reconf = s4;
    timed = s2;
    stage = c + lat + d / b;
    total = reconf * (t + BARRIER(t)) + BARRIER(c) + timed * (stage + BARRIER(stage));
    eq = s4 * t + s2 * (stage + BARRIER(stage)); /* Eq. 5 */
    break;
  }
  r[R_stages] = stages;
  r[R_reconf] = reconf;
  r[R_transfer_stages] = timed;
  r[R_levels] = f;
  r[R_servers] = servers;
  r[R_barrier] = tb;
  r[R_p] = BARRIER(stage);
  r[R_stage_time] = stage;
  r[R_time] = total;
  r[R_time_eq] = eq;
#undef BARRIER
  return 0;
}

const struct fcsim_model_ops fcsim_model_gather = {
    .name = "gather",
    .summary = "gather on DCN rings and VCSN virtual topologies with MPI_Barrier overheads",
    .source = "VCSN paper (VCSN 2023) s5.2-5.3 Eqs. 3-5, s6.3 Eqs. 6-7 and Table 5",
    .notes = "time_s follows the paper's modified model: every synchronised process pays "
             "T_barrier(N) plus 210 us (process > 500 us) or 52 us. For the tree schedule it is "
             "Eq. 7 exactly; for ring and vlink it is the same construction (no reconfiguration "
             "when t = 0, as in DCN). time_eq_s is the plain Eq. 3/4/5 with p = the corrected "
             "stage barrier.",
    .params = params,
    .n_params = P_COUNT,
    .results = results,
    .n_results = R_COUNT,
    .presets = presets,
    .n_presets = sizeof presets / sizeof presets[0],
    .compute = compute,
};
