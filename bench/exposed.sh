#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The misses a step waits for: Novo-G# at 0.1 on 8x8x8 and 16x16x16
# (50-cycle links, 4 VCs, 300 + 700 cycles) under callgrind's cache
# simulation, in a build whose prefetches are loads
# (bench/prefetch_as_load.h). The last level is 4 MiB by default: what one
# core of the machine in docs/PERFORMANCE.md holds before a load goes to
# memory (bench/cache_latency.sh; the machine reports a 32 MiB L3, shared).
# Prints per flit-hop: instructions, the misses in all, those on a
# prefetch's line (overlapped by the hardware), and the rest ("exposed"),
# reads and writes.
#   bench/exposed.sh [--ll BYTES] [DIMS...]     (default: 4194304; 8x8x8 16x16x16)
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/prefetch-loads
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="-g -include $PWD/bench/prefetch_as_load.h" \
  -DFCSIM_TESTS=OFF -DFCSIM_BENCH=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fcsim_cli >/dev/null
out=$(mktemp -d /tmp/fcsim-exposed.XXXXXX)
trap 'rm -rf "$out"' EXIT
ll=4194304
if [ "${1:-}" = --ll ]; then
  ll=$2
  shift 2
fi
[ $# -gt 0 ] || set -- 8x8x8 16x16x16
printf "%-10s %8s %8s %10s %8s %8s %8s\n" dims instr misses prefetched exposed reads writes
for dims in "$@"; do
  valgrind --tool=callgrind --cache-sim=yes --D1=65536,4,64 --LL="$ll",16,64 --callgrind-out-file="$out/cg" \
    "$build/fcsim" run --set router.vcs=4 --set network.link_latency=50 --set network.dims="$dims" \
    --set traffic.rate=0.1 --set sim.warmup_cycles=300 --set sim.measure_cycles=700 -q --json "$out/run.json" \
    2>/dev/null
  callgrind_annotate --show=Ir,DLmr,DLmw --auto=yes --context=0 "$out/cg" >"$out/ann" 2>/dev/null
  python3 - "$dims" "$out/ann" "$out/run.json" <<'PY'
import json, re, sys
fh = json.load(open(sys.argv[3]))['metrics']['flit_hops_total']
num = r'([0-9,]+|\.)(?: \( *[0-9.]+%\))?'
row = re.compile(r'^ *' + num + r' +' + num + r' +' + num + r' +(.*)$')
val = lambda x: 0 if x == '.' else int(x.replace(',', ''))
total, pf, in_source = None, [0, 0], False
for line in open(sys.argv[2]):
    if line.startswith('-- Auto-annotated source:'):
        in_source = True
        continue
    m = row.match(line.rstrip('\n'))
    if not m:
        continue
    v = [val(x) for x in m.groups()[:3]]
    if not in_source and 'PROGRAM TOTALS' in m.group(4):
        total = v
    elif in_source and '__builtin_prefetch' in m.group(4):
        pf = [pf[0] + v[1], pf[1] + v[2]]
rd, wr = total[1] - pf[0], total[2] - pf[1]
print("%-10s %8.1f %8.3f %10.3f %8.3f %8.3f %8.3f" % (sys.argv[1], total[0] / fh, (total[1] + total[2]) / fh,
      sum(pf) / fh, (rd + wr) / fh, rd / fh, wr / fh))
PY
done
