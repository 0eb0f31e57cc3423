/* What `fcsim collective run` (cmd_collective_run.c) uses from `collective
 * build` (cmd_collective.c): building and writing one set of tables. */
#ifndef FCSIM_CLI_COLLECTIVE_CLI_H
#define FCSIM_CLI_COLLECTIVE_CLI_H

#include "collective/collective.h"
#include "config/config.h"

/* Builds the `alg` trees of `pattern` for `op` on the network of `p`, checks
 * them and writes the tables to `out` (nothing printed). subset < 0: half
 * the nodes. */
int fcsim_coll_cli_build(const struct fcsim_params *p, const char *pattern, enum fcsim_coll_algorithm alg,
                         enum fcsim_coll_op op, long long subset, const char *out, struct fcsim_error *err);

#endif
