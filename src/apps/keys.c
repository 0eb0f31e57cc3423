/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the applications gather (apps/gather/) and ring (apps/ring/):
 * the [app] section. The apps read them themselves (fcsim_config_get); they
 * have no field in struct fcsim_params. */
#include "core/keys.h"

static const struct fcsim_key app_rows[] = {
    {"app", "nodes", FCSIM_KT_INT, "nodes", "9", 2, 256, 0, NULL, NULL, NULL,
     "fcsim app gather (at most 64) and ring: FPGA nodes n (the gather's root is node 0); the network is sized to it "
     "(network.dims or switch.nodes)"},
    {"app", "bytes", FCSIM_KT_SIZE, "bytes", "16MiB", 1, 1e12, 0, NULL, NULL, NULL,
     "fcsim app gather: data d in each source node; fcsim app ring: the stream"},
    {"app", "reconfig", FCSIM_KT_REAL, "s", "0", 0, 1, 0, NULL, NULL, NULL,
     "fcsim app gather: MAC-table (virtual topology) reconfiguration time t (VCSN 2023 Table 5: 1.24e-4 for VCSN, 0 for "
     "DCN)"},
    {"app", "crossbar", FCSIM_KT_REAL, "s", "1.35e-6", 0, 1, 0, NULL, NULL, NULL,
     "fcsim app gather: crossbar set-up time c before every stage (Table 5)"},
    {"app", "latency", FCSIM_KT_REAL, "s", "4.91e-7", 0, 1, 0, NULL, NULL, NULL,
     "fcsim app gather: the model's path latency l per switch level (Table 5: 8.47e-7 VCSN, 4.91e-7 DCN); the "
     "simulation uses the network's own"},
    {"app", "bandwidth", FCSIM_KT_REAL, "B/s", "12.02e9", 1, 1e15, 0, NULL, NULL, NULL,
     "fcsim app gather: the model's bandwidth b (Table 5: 12.44e9 VCSN, 12.02e9 DCN); the simulation uses the "
     "network's own"},
    {"app", "levels", FCSIM_KT_INT, "levels", "1", 1, 64, 0, NULL, NULL, NULL,
     "fcsim app gather: fat-tree levels f for the model (1: one switch, or DCN's direct links)"},
    {"app", "nodes_per_server", FCSIM_KT_INT, "nodes", "2", 1, 64, 0, NULL, NULL, NULL,
     "fcsim app gather: FPGAs that one member of each MPI_Barrier stands for, N = ceil(n / this) in Eq. 6 (2: one "
     "CPU server per two FPGAs, Eq. 7's ceil(n/2)); 1 counts every FPGA node, VCSN 2023 L403's reading of DCN, whose "
     "completion process involves twice the nodes of VCSN's"},
};
const struct fcsim_key_table fcsim_app_keys = FCSIM_KEY_TABLE("apps", app_rows);
