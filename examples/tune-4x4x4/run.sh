#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Reproduces seed 000 §5.1.4 (Table 5.3) on the 4x4x4 Novo-G# torus with
# `fcsim tune`: the six workloads of Figs. 5.2-5.6, the seed's fifteen
# configurations (routing dor, romm, o1turn, rlb, ccar x arbitration ff, of,
# mixed, 9 VCs), a sweep of offered rates and packet sizes, and the gain of
# each workload's best configuration over the average of all fifteen.
#
#   examples/tune-4x4x4/run.sh              # writes examples/tune-4x4x4/out/
#   FCSIM=path/to/fcsim OUT=dir RATES=0.5,2 SIZES=1kb run.sh
#
# Re-running resumes: finished points are read back from out/*.json.
# Output: out/table-5.3.md (gain per pattern and metric, Table 5.3 layout,
# plus the global-vs-per-workload gains of Table 5.5), and the full tune
# reports out/batch.txt and out/continuous.txt.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
fcsim=${FCSIM:-$here/../../build/fcsim}
out=${OUT:-$here/out}
rates=${RATES:-0.5,1,2,4}
sizes=${SIZES:-0.25kb,1kb,4kb}
nice=${NICE:-10}

if [ ! -x "$fcsim" ]; then
  echo "run.sh: $fcsim not found; build first (./scripts/quickstart.sh) or set FCSIM" >&2
  exit 2
fi
command -v jq >/dev/null || { echo "run.sh: needs jq to write the table" >&2; exit 2; }
mkdir -p "$out"

configs=""
for p in 3h-nn cube-nn bitcomp transpose tornado all-to-all; do
  configs="$configs $here/$p.ini"
done
space="--space routing.algorithm=dor,romm,o1turn,rlb,ccar --space router.arbitration=ff,of,mixed"
sweep="--vary traffic.rate=$rates --vary traffic.packet_size=$sizes"

start=$(date +%s)
# batch latency: every node sends its batch at the offered rate
# shellcheck disable=SC2086
nice -n "$nice" "$fcsim" tune $configs $space $sweep --set traffic.mode=batch \
  --metric total_latency --json "$out/batch.json" --csv "$out/batch.csv" > "$out/batch.txt"
# continuous: average and worst latency, receive throughput, area of the busy VCs
# shellcheck disable=SC2086
nice -n "$nice" "$fcsim" tune $configs $space $sweep \
  --metric avg_latency,worst_latency,recv_throughput,area \
  --json "$out/continuous.json" --csv "$out/continuous.csv" > "$out/continuous.txt"
end=$(date +%s)

# Table 5.3 layout from the two summaries (gain = |best - average| / average,
# geometric mean over the sweep; the Average row is the arithmetic mean of
# the rows, as in the seed).
jq -r -s --arg rates "$rates" --arg sizes "$sizes" --arg secs "$((end - start))" '
  def pct: if . == null then "n/a" else ((. * 1000 | round) / 10 | tostring) + "%" end;
  def mean: map(select(. != null)) | if length == 0 then null else add / length end;
  (map(select(.type == "tune"))[0].workloads) as $w
  | (map(select(.type == "summary"))) as $s
  | ($s[0].workloads) as $b | ($s[1].workloads) as $c
  | [$w[] as $n | [$b[$n].total_latency.gain, $c[$n].avg_latency.gain, $c[$n].worst_latency.gain,
                   $c[$n].recv_throughput.gain, $c[$n].area.gain]] as $rows
  | "Gain of the best configuration over the average of the 15 configurations, 4x4x4 torus",
    "(fcsim tune; rates \($rates) flits/node/cycle x packet sizes \($sizes); \($secs) s)",
    "",
    "| Pattern | Total latency | Avg latency | Worst latency | Throughput | Area |",
    "|---|---|---|---|---|---|",
    (range(0; $w | length) as $i | "| \($w[$i]) | " + ($rows[$i] | map(pct) | join(" | ")) + " |"),
    "| Average | " + ([range(0; 5) as $j | [$rows[][$j]] | mean] | map(pct) | join(" | ")) + " |",
    "",
    "Best configuration per pattern (routing/arbitration):",
    "",
    "| Pattern | Total latency | Avg latency | Worst latency | Throughput | Area |",
    "|---|---|---|---|---|---|",
    ($w[] as $n | "| \($n) | \($b[$n].total_latency.best) | \($c[$n].avg_latency.best) | \($c[$n].worst_latency.best) | \($c[$n].recv_throughput.best) | \($c[$n].area.best) |"),
    "",
    "Global best over the six workloads and gain of the per-workload choice over it (Table 5.5):",
    "",
    "| | Total latency | Avg latency | Worst latency | Throughput | Area |",
    "|---|---|---|---|---|---|",
    "| global best | \($s[0].global.total_latency.best) | \($s[1].global.avg_latency.best) | \($s[1].global.worst_latency.best) | \($s[1].global.recv_throughput.best) | \($s[1].global.area.best) |",
    "| gain | " + ([$s[0].global.total_latency.gain, $s[1].global.avg_latency.gain, $s[1].global.worst_latency.gain,
                     $s[1].global.recv_throughput.gain, $s[1].global.area.gain] | map(pct) | join(" | ")) + " |"
' "$out/batch.json" "$out/continuous.json" > "$out/table-5.3.md"

cat "$out/table-5.3.md"
