/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the destination patterns: which pattern (the table of
 * traffic/patterns.c) and the hotspot pattern's node and fraction. */
#include <stdio.h>

#include "core/keys.h"
#include "traffic/traffic.h"

static const struct fcsim_key pattern_rows[] = {
    {"traffic", "pattern", FCSIM_KEY_REGISTRY(fcsim_traffic_pattern_names, fcsim_traffic_pattern_valid, "uniform"),
     "destination pattern (Novo-G# thesis Table 5.1, classics, and BookSim2-compatible `uniform-self`, `booksim-tornado`, "
     "`booksim-transpose`, `neighbor`)",
     FCSIM_KEY_TO(FCSIM_STORE_NAME, pattern)},
};
const struct fcsim_key_table fcsim_pattern_keys = FCSIM_KEY_TABLE("traffic", pattern_rows);

static const struct fcsim_key hotspot_rows[] = {
    {"traffic", "hotspot_node", FCSIM_KT_INT, "node", "0", 0, 1e12, 0, NULL, NULL, NULL,
     "hotspot pattern: the node that receives the extra traffic",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_hotspot_params, node)},
    {"traffic", "hotspot_fraction", FCSIM_KT_REAL, "", "0.1", 0, 1, 0, NULL, NULL, NULL,
     "hotspot pattern: fraction of packets sent to the hotspot (the rest uniform)",
     FCSIM_KEY_IN(FCSIM_STORE_REAL, struct fcsim_hotspot_params, fraction)},
};
struct fcsim_param_block fcsim_hotspot_block = FCSIM_PARAM_BLOCK("traffic/hotspot", struct fcsim_hotspot_params);
const struct fcsim_key_table fcsim_hotspot_keys =
    FCSIM_KEY_TABLE_IN("traffic/hotspot", hotspot_rows, &fcsim_hotspot_block);

/* The traffic patterns of the registry (src/traffic/patterns.c), one row each. */
void fcsim_traffic_write_patterns_markdown(FILE *out)
{
  fprintf(out, "\n## traffic.pattern values\n\n"
               "A packet a pattern addresses to its own source is either not created (`exclude`: counted in\n"
               "`metrics.self_packets_excluded` and left out of `metrics.offered_rate_net`, the load that was\n"
               "actually offered) or sent as a 0-hop packet through the router's local ports (`send`, as\n"
               "BookSim2 does: counted in `metrics.self_packets_sent`; the `novog` router has no local port\n"
               "and excludes them instead).\n\n| pattern | self packets | meaning |\n|---|---|---|\n");
  const struct fcsim_traffic_ops *t;
  for (size_t i = 0; (t = fcsim_traffic_pattern_at(i)); i++)
    fprintf(out, "| `%s` | %s | %s |\n", t->name, t->self == FCSIM_SELF_SEND ? "send" : "exclude", t->help);
}

