/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW use case (seed 004 s1, s3-4): a nearest-neighbour halo exchange
 * of a 3D lattice code (LBM) on a 3D torus of nodes joined by TNW links.
 *
 * Every node holds a block of lattice_x x lattice_y x lattice_z cells and
 * has six link modules (proto_tnw.h), one per direction +x -x +y -y +z -z,
 * each joined to the opposite module of its neighbour by two lines
 * (link/proto/line.h). Each step a node, through the two-sided API (tnw_api.h):
 *   1. posts six receives (tnwCredit), one per link, of the face halo its
 *      neighbour sends it, and six sends (tnwSend) of its own faces;
 *   2. waits until the six receives are complete (the step's communication
 *      time: from posting to the last byte moved to the application);
 *   3. computes for `compute_cycles`;
 * and starts the next step once its previous sends are acknowledged too
 * (a send buffer is reused only then). A face is split over `vcs` virtual
 * channels (VC v gets an equal share, the last one the remainder). Nodes
 * are not synchronised globally: a slow neighbour holds a node back only
 * through the data it has not sent yet and through back-pressure.
 *
 * Bit errors (`tnw.ber`) are drawn per link direction (link id = node x 6 +
 * direction) from counter-based streams: the same configuration gives the
 * same run. */
#ifndef FCSIM_LINK_HALO_SIM_H
#define FCSIM_LINK_HALO_SIM_H

#include <stdint.h>

#include "fcsim/error.h"
#include "link/proto/tnw/proto_tnw.h"

#define FCSIM_HALO_MAX_NODES 1024 /* nodes of the torus, at most */

struct fcsim_halo_cfg {
  int nodes[3];                /* torus size in nodes per dimension x, y, z */
  int64_t lattice[3];          /* lattice cells per node per dimension */
  int64_t halo_width;          /* cell layers per face */
  int64_t bytes_per_cell;      /* bytes a halo cell carries */
  int vcs;                     /* virtual channels a face is split over (<= tnw.vcs) */
  int steps;                   /* time steps */
  int64_t compute_cycles;      /* computation per step, cycles */
  double line_bytes_per_cycle; /* line payload rate after the line code, per cycle */
  int64_t latency_cycles;      /* wire latency per direction */
  struct fcsim_tnw_cfg tnw;    /* link-module parameters (link_id is set per link) */
  int64_t max_cycles;          /* give up after this many cycles */
};

struct fcsim_halo_result {
  int complete;                  /* every node finished every step, every send acknowledged */
  int64_t cycles;                /* cycle the last node finished (total time) */
  int64_t face_bytes[3];         /* bytes of one face halo normal to x, y, z */
  double comm_cycles_avg;        /* communication time per step, averaged over nodes and steps */
  int64_t comm_cycles_min;       /* the shortest */
  int64_t comm_cycles_max;       /* the longest */
  double step_cycles_avg;        /* step start to next step start (or finish), averaged */
  int64_t send_wait_cycles;      /* cycles nodes waited for acknowledgements after computing, summed */
  int64_t bytes_expected;        /* halo bytes all receives together posted */
  int64_t bytes_received;        /* halo bytes moved to the applications */
  struct fcsim_tnw_stats tnw;    /* the link modules' statistics summed (maxima: largest) */
  uint64_t order_errors;         /* packets out of order, duplicated or overflowing (must be 0) */
  int64_t module_bytes_mismatch; /* link modules whose delivered bytes differ from their posts (must be 0) */
};

/* Checks a configuration; 0 or a negative FCSIM_E* naming what is wrong. */
int fcsim_halo_check(const struct fcsim_halo_cfg *c, struct fcsim_error *err);

/* Bytes of the face halo normal to dimension `dim` (0 x, 1 y, 2 z). */
int64_t fcsim_halo_face_bytes(const struct fcsim_halo_cfg *c, int dim);

/* Runs the exchange; 0 or a negative FCSIM_E* with a message. */
int fcsim_halo_sim(const struct fcsim_halo_cfg *c, struct fcsim_halo_result *res, struct fcsim_error *err);

#endif
