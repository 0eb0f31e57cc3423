/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON builders of `fcsim tune` records (jansson), shared by the search
 * (which writes records) and the store (which reads them back). */
#ifndef FCSIM_TUNE_JSON_H
#define FCSIM_TUNE_JSON_H

#include <jansson.h>

#include "tune/tune_internal.h"

/* {"section": {"name": "text", ...}, ...} for every catalogue key: the full
 * configuration of a point, the form fcsim__tune_parse_record keys on. */
json_t *fcsim__tune_config_json(const struct fcsim__tune_catalog *cat, const struct fcsim_config *cfg);

/* {"total_latency": ..., ..., "saturated": b, "drained": b, "deadlock": b} */
json_t *fcsim__tune_raw_json(const struct fcsim__tune_raw *r);

#endif
