/* SPDX-License-Identifier: BSD-3-Clause */
/* Forced into every file of the build bench/exposed.sh measures: a
 * prefetch becomes a load of its line, so that callgrind's cache
 * simulation (which ignores prefetch instructions) sees the line arrive
 * where it was asked for. A miss counted on a prefetch's own line is one
 * the hardware overlaps with other work; a miss counted anywhere else is
 * one a step waits for ("exposed"). The byte read is stored to a volatile
 * sink: a load whose register is overwritten unread would be dropped by
 * valgrind's own optimiser, and its miss lost. Never in a build that runs. */
static volatile char fcsim_prefetch_sink __attribute__((unused));
#define __builtin_prefetch(p, ...) ((void)(fcsim_prefetch_sink = *(volatile const char *)(p)))
