#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The full studies of seed 000 §5.1.4 with `fcsim tune` (issue 29):
#   scripts/tune-tables.sh [--size 4|8|both] [--out DIR]      (default both, tune-out)
# 4x4x4: six workloads x 15 configurations x rates 0.5,1,2,4,6 x the seed's five packet
#   sizes, 2000 + 5000 cycles (Table 5.3, Table 5.5, Figs. 5.12-5.16, Figs. 5.2-5.6 trends);
# 8x8x8: the seed's smaller 8x8x8 space (no tornado, no all-to-all, L3822-3835) x rates
#   0.5,1,2 x 0.25,4 kb, 500 + 1000 cycles (Table 5.4 and the Figs. 5.7-5.11 trends).
# Run times: docs/REPRODUCE.md. Each writes DIR/tune-NxNxN-full/tables.md and the
# histograms, and prints its rows (the reproduce.sh format) to DIR/rows-NxNxN.txt and
# stdout. Re-running resumes from the JSON files. FCSIM=binary (default build/release/fcsim).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
size=both
out=tune-out
while [ $# -gt 0 ]; do
  case $1 in
    --size) size=${2:?--size needs 4, 8 or both}; shift ;;
    --out) out=${2:?--out needs a directory}; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "tune-tables.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
fcsim=${FCSIM:-$here/build/release/fcsim}
[ -x "$fcsim" ] || { echo "tune-tables.sh: no fcsim binary at $fcsim; set FCSIM" >&2; exit 2; }
mkdir -p "$out"
sizes=$size
[ "$size" = both ] && sizes="4 8"
for s in $sizes; do
  start=$(date +%s)
  bash "$here/scripts/tune-study.sh" "$fcsim" "$out" "$s" full | tee "$out/rows-${s}x${s}x${s}.txt"
  echo "tune-tables.sh: ${s}x${s}x${s} in $(($(date +%s) - start)) s" >&2
done
