#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Seed 000 §5.1.4 (issue 29) for scripts/reproduce.sh: Table 5.3's Average row,
# Table 5.5, the winner statements of Figs. 5.12-5.16 and the trends of
# Figs. 5.2-5.6, on the 4x4x4 torus, as rows
#   seed|id|what|fcsim_value|unit|seed_value|tolerance|status|command|reason
#   bash scripts/reproduce.d/tune.sh FCSIM_BINARY OUT_DIR QUICK
# QUICK=1: rates 1,4 x 1 kb, 300 + 1000 cycles, batches of 16 packets (about 20 s
# of CPU; the packet-size and slope trends are `absent` there);
# QUICK=0: the reduced study, rates 0.5,1,2,4 x 0.25,4 kb, 1000 + 2000 cycles
# (about 6 minutes of 2 free cores; 9 minutes on the shared machine at load 4-6). The full
# studies (4x4x4 with the seed's five sizes and rates to 6, and 8x8x8) are
# scripts/tune-tables.sh; docs/REPRODUCE.md says how they differ.
set -uo pipefail
fcsim=${1:?usage: tune.sh FCSIM_BINARY OUT_DIR QUICK}
out=${2:?usage: tune.sh FCSIM_BINARY OUT_DIR QUICK}
quick=${3:-0}
here=$(cd "$(dirname "$0")/../.." && pwd)
level=reduced
[ "$quick" = 1 ] && level=quick
exec bash "$here/scripts/tune-study.sh" "$fcsim" "$out" 4 "$level"
