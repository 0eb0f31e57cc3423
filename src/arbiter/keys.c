/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the arbitration policies: which policy (the table of
 * arbiter/registry.c) and the age threshold of `mixed`, which is the
 * arbiters' parameter block (arbiter.h). */
#include "core/keys.h"
#include "arbiter/arbiter.h"

static const struct fcsim_key arbiter_rows[] = {
    {"router", "arbitration", FCSIM_KEY_REGISTRY(fcsim_arbiter_names, fcsim_arbiter_valid, "rr"),
     "switch arbitration among head flits: `rr` round-robin, `ff` farthest-first, `of` oldest-first, `mixed` (Novo-G# thesis "
     "§5.1.2); the crossbar is always round-robin (Bunker & Swanson §III)",
     FCSIM_KEY_TO(FCSIM_STORE_NAME, arbitration)},
};
const struct fcsim_key_table fcsim_arbiter_keys = FCSIM_KEY_TABLE("arbiter", arbiter_rows);

static const struct fcsim_key arbiter_age_rows[] = {
    {"router", "age_threshold", FCSIM_KT_INT, "cycles", "500", 0, 1000000000, 0, NULL, NULL, NULL,
     "`mixed` arbitration: packets older than this beat all younger ones, oldest first",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_arbiter_params, age_threshold_cycles)},
};
struct fcsim_param_block fcsim_arbiter_block = FCSIM_PARAM_BLOCK("arbiter", struct fcsim_arbiter_params);
const struct fcsim_key_table fcsim_arbiter_age_keys =
    FCSIM_KEY_TABLE_IN("arbiter/mixed", arbiter_age_rows, &fcsim_arbiter_block);
