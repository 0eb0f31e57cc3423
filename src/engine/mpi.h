/* SPDX-License-Identifier: BSD-3-Clause */
/* Distribution across MPI ranks. Rank r of R owns partitions
 * [r*T, (r+1)*T) of the R*T partitions (T = sim.threads) and steps only
 * their routers; every rank holds the arrays of the whole network but touches
 * only its own routers' pages. Rings whose writer and reader are on different
 * ranks are mirrored: after each window the writer's rank sends the window's
 * new entries, which the reader's rank appends to its copy at the same
 * indices. Checkpoint decisions reduce the partitions' counters over all
 * ranks, so every rank takes the same decision at the same cycle, and the
 * statistics are summed on rank 0 at the end. Without FCSIM_MPI the functions
 * see one rank and do nothing. */
#ifndef FCSIM_ENGINE_MPI_H
#define FCSIM_ENGINE_MPI_H

#include <stdint.h>

#include "engine/net.h"

/* This process's rank and the number of ranks (0 and 1 without MPI, or when
 * MPI was not initialised by the program). */
void fcsim_mpi_world(int *rank, int *size);

/* Builds the exchange plan once partitions and cross rings are known. */
int fcsim_mpi_plan(struct fcsim_net *net, struct fcsim_error *err);
void fcsim_mpi_free(struct fcsim_net *net);

/* Sends this rank's new entries on remote rings and appends the entries the
 * other ranks sent. Fails (naming the rank) when a peer stays silent for
 * sim.mpi_timeout seconds. */
int fcsim_mpi_exchange(struct fcsim_net *net, struct fcsim_error *err);

/* Element-wise sum of `sum[0..nsum)` and max of `max[0..nmax)` over ranks, in
 * place, with the same timeout. */
int fcsim_mpi_allreduce(struct fcsim_net *net, uint64_t *sum, int nsum, uint64_t *max, int nmax,
                        struct fcsim_error *err);

/* Copies every rank's node states into a copy on rank 0 (each rank owns a
 * contiguous range of routers), which the deadlock report reads
 * (net->all_states), so that rank 0 can trace a deadlock across ranks; the
 * states themselves keep their own rank's pointers. */
int fcsim_mpi_gather_routers(struct fcsim_net *net, struct fcsim_error *err);

/* Sums the statistics and link counters of all ranks into rank 0's, then
 * merges the declared counters (fcsim_mpi_merge_counters). */
int fcsim_mpi_gather_stats(struct fcsim_net *net, struct fcsim_error *err);

/* Reduces every counter array the node kinds and the workload declare
 * (their `counters` ops, stats/counters.h) over the ranks by its rule, into
 * every rank's copy, so that `report` sees the whole network's counts. */
int fcsim_mpi_merge_counters(struct fcsim_net *net, struct fcsim_error *err);

#endif
