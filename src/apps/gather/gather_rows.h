/* SPDX-License-Identifier: BSD-3-Clause */
/* The messages of a gather schedule (gather_sched.c, gather_vcsn.c) before
 * they leave the app: handed in memory to the trace workload
 * (fcsim/messages.h), or written as a trace CSV (docs/WORKLOADS.md) for a
 * reader to inspect or replay with `fcsim run`. Times are whole cycles or
 * nanoseconds; nanoseconds keep the picosecond resolution of the CSV form
 * ("%.3fns") and become cycles as the CSV reader rounds them (up, to whole
 * cycles of network.clock), so both forms run the same. */
#ifndef FCSIM_APPS_GATHER_ROWS_H
#define FCSIM_APPS_GATHER_ROWS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fcsim/error.h"
#include "fcsim/messages.h"

enum gather_time { GATHER_TIME_NONE, GATHER_TIME_CYCLES, GATHER_TIME_NS };

struct gather_row {
  int64_t id;
  int src, dst;
  uint64_t bytes;
  enum gather_time start_kind, delay_kind;
  double start, delay; /* cycles or ns, by kind */
  size_t after_first;  /* ids it waits for: after[after_first .. + nafter) of the rows */
  int nafter;
  int plane; /* the parity its message index must have (switch.port_select = message), -1: any */
};

struct gather_rows {
  struct gather_row *row;
  int n, cap;
  int64_t *after;
  size_t nafter, after_cap;
  int nomem; /* an append failed: reported by the writers */
};

/* Appends a row (no times, no dependencies, any plane); NULL when out of
 * memory (then rows->nomem is set). */
struct gather_row *fcsim_gather_row_add(struct gather_rows *rows, int64_t id, int src, int dst, uint64_t bytes);
/* Makes the last row added wait for message `id` too. */
void fcsim_gather_row_after(struct gather_rows *rows, int64_t id);
void fcsim_gather_rows_free(struct gather_rows *rows);

/* The rows in message order: `order` (may be NULL: as added) lists row
 * indices. Both return 0 or an error. */
int fcsim_gather_rows_write_csv(const struct gather_rows *rows, const int *order, FILE *out, struct fcsim_error *err);
int fcsim_gather_rows_messages(const struct gather_rows *rows, const int *order, double clock_hz,
                               struct fcsim_message_list *l, struct fcsim_error *err);

#endif
