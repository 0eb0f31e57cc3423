#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Seed 000 Table 5.4 (8x8x8) on a reduced space: scripts/tune-study.sh at the
# quick level (rates 1 and 4 x 1 kb, 300 + 1000 cycles, batches of 16) on two of
# the 8x8x8 study's four workloads, CUBE-NN and bit complement (about 150 s of
# CPU). Fails when a finding of the study breaks, which the script marks DRIFT
# whatever the tolerance: the best configuration no longer beats the average of
# the 15 on a metric (an Average row <= 0), or a workload's own best no longer
# beats the global best on average latency or throughput (Table 5.5), or a run
# fails (ERROR). Rows outside the seed's tolerance are `known` at this level.
# Usage: tune_table54_quick.sh FCSIM_BINARY SOURCE_DIR OUT_DIR
set -u
fcsim=$1 src=$2 out=$3
rm -rf "$out" && mkdir -p "$out"
WORKLOADS="cube-nn bitcomp" bash "$src/scripts/tune-study.sh" "$fcsim" "$out" 8 quick >"$out/rows.txt" 2>"$out/progress.txt"
cut -d'|' -f2-8 "$out/rows.txt"
fail=0
n=$(grep -c '^000|Tab 5.4|Average: ' "$out/rows.txt")
[ "$n" = 5 ] || { echo "FAIL: $n Table 5.4 Average rows, expected 5" >&2; fail=1; }
n=$(grep -c '^000|Tab 5.5|' "$out/rows.txt")
[ "$n" = 5 ] || { echo "FAIL: $n Table 5.5 rows, expected 5" >&2; fail=1; }
if grep -E '\|(DRIFT|ERROR)\|' "$out/rows.txt" >&2; then
  echo "FAIL: a Table 5.4 finding broke or a run failed (rows above)" >&2
  fail=1
fi
exit $fail
