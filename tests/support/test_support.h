/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the test executables: running the fcsim CLI as a child
 * process and capturing its output, temporary files. */
#ifndef FCSIM_TEST_SUPPORT_H
#define FCSIM_TEST_SUPPORT_H

#include <stddef.h>

/* Captured result of one child process. Strings are malloc'd; free with
 * ts_result_free. */
struct ts_result {
  int status; /* exit status, or 128+signal if killed */
  char *out;  /* stdout */
  char *err;  /* stderr */
};

/* Runs the fcsim binary with a NULL-terminated argument list (argv[0] is
 * supplied). Returns 0 if the process could be run. */
int ts_run_cli(struct ts_result *r, const char *const *args);
void ts_result_free(struct ts_result *r);

/* Runs the fcsim binary with `args` (NULL-terminated, at most 62, without
 * --json) plus `--json TEMPFILE` and returns the JSON it wrote (release it
 * with json_decref), or NULL when it could not run, exited non-zero (its
 * stderr is printed) or wrote no JSON. *status (if non-NULL) gets the exit
 * status, *out (if non-NULL) its stdout (malloc'd, or NULL). */
struct json_t *ts_cli_json(const char *const *args, int *status, char **out);

/* The number at doc[key1] (doc[key1][key2] when key2 is non-NULL); NAN when
 * it is missing. */
double ts_json_number(const struct json_t *doc, const char *key1, const char *key2);

/* Writes `text` to a new temporary file with the given suffix; returns its
 * malloc'd path. */
char *ts_write_temp(const char *text, const char *suffix);

/* Makes a new empty directory PREFIX-XXXXXX under $TMPDIR (or /tmp); returns
 * its malloc'd path, or NULL. */
char *ts_temp_dir(const char *prefix);

/* Removes `dir` and everything under it (links are removed, not followed);
 * 0 on success, else -1 (what could go stays gone). */
int ts_remove_tree(const char *dir);

/* Reads a whole file; returns malloc'd text or NULL. */
char *ts_read_file(const char *path);

#endif

#include "fcsim/fcsim.h"
#include "config/config.h"

/* Parameters of a small network for unit tests: topology, sizes, dimension
 * order x, y, z..., dateline on, 2 VCs, seed 1; callers adjust the rest. */
void ts_params_init(struct fcsim_params *p, enum fcsim_topology_kind kind, int ndims, const int *dims);

/* Builds and runs a simulation from the built-in defaults plus NULL-terminated
 * "section.key=value" overrides. Returns the library's code from create/run
 * (FCSIM_EDEADLOCK leaves *out valid); *out must be destroyed by the caller
 * when non-NULL. Prints the library's message on failure. */
int ts_sim_run(const char *const *sets, struct fcsim_sim **out);

/* The same from the configuration file `ini` (NULL: the built-in defaults)
 * plus `sets`; the library's message is left in *err. */
int ts_sim_run_file(const char *ini, const char *const *sets, struct fcsim_sim **out, struct fcsim_error *err);

/* The JSON of a finished simulation without its "execution" block, keys
 * sorted, compact: what two runs that must agree are compared by. Its
 * metrics.flit_hops_total goes to *flit_hops. malloc'd; NULL on failure. */
char *ts_sim_json_sorted(const struct fcsim_sim *sim, double *flit_hops);

/* The JSON of a finished simulation up to its "execution" block (which names
 * the thread count and wall time): what must be identical however the run
 * is split. malloc'd. */
char *ts_sim_json(const struct fcsim_sim *sim, unsigned flags);

/* Exact formula of zero-load latency for H hops (see docs/ARCHITECTURE.md):
 * novog:   H * (L + rc + va + switch) + rc + (F - 1);
 * classic: (H + 1) * (rc + va + switch) + H * L + 2 * local + (F - 1). */
double ts_zero_load_latency(double hops, int link_latency, int rc, int va, int switch_cycles, int packet_flits);
double ts_zero_load_latency_classic(double hops, int link_latency, int rc, int va, int switch_cycles, int local,
                                    int packet_flits);
