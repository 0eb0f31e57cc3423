#!/usr/bin/env bash
# fcsim speed figures (a benchmark, not a test). Builds Release (and, if
# Open MPI is installed, an MPI build), then prints:
#   1. one core: simulated cycles/s and flit-hops/s on fixed 8x8x8 workloads,
#      including the BookSim2-like classic router at 1 %, 10 % and 30 % of its
#      saturation throughput, and 16x16x16 (no fall-off expected);
#   2. instructions per flit-hop (valgrind --tool=callgrind; stable under noise);
#   3. scaling: 16x16x16 Novo-G# torus at 30 % of saturation, 1 and 2 threads,
#      1 and 2 MPI ranks, with the lookahead window used;
#   4. with --scale: 32x32x32 Novo-G# (2 VCs, default depth), 10,000 cycles at
#      10 % load: wall time and peak memory;
#   5. with BOOKSIM=/path/to/booksim set: BookSim2 on the equivalent 8x8x8 torus
#      in the same run, and the ratio. (fcsim does not ship, fetch or build
#      BookSim2; point BOOKSIM at your own build.)
set -euo pipefail
cd "$(dirname "$0")/.."
scale=0
[ "${1:-}" = "--scale" ] && scale=1
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j"$(nproc)" --target fcsim_cli >/dev/null
fcsim=build/release/fcsim
mpi_fcsim=""
if command -v mpicc >/dev/null 2>&1; then
  cmake -S . -B build/mpi -DCMAKE_BUILD_TYPE=Release -DFCSIM_MPI=ON -DFCSIM_BENCH=OFF >/dev/null
  cmake --build build/mpi -j"$(nproc)" --target fcsim_cli >/dev/null && mpi_fcsim=build/mpi/fcsim
fi
mpirun=(mpirun --oversubscribe)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)

# The classic router set up like BookSim2's default IQ router on an 8-ary
# 3-cube (examples/booksim-torus.ini): 1-cycle links and local channels,
# RC/VA/SA/ST one cycle each, 4 VCs x 8 flits in split classes, 4-flit
# packets, DOR, uniform traffic. Saturation: ~0.53 flits/node/cycle in both.
booksim_like=(examples/booksim-torus.ini)
sat_classic=0.53

row() { # label, json
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[2])); m = d['metrics']; w = d['execution']['wall_seconds']
print("%-46s %9d %9.3f %12.4g %14.4g" % (sys.argv[1], m['cycles'], w, m['cycles'] / w, m['flit_hops_total'] / w))
PY
}
run() { # label, args...
  local label=$1; shift
  "$fcsim" run "$@" -q --json /tmp/fcsim-bench.json
  row "$label" /tmp/fcsim-bench.json
}

echo "== 1. one core =="
printf "%-46s %9s %9s %12s %14s\n" workload cycles wall_s cycles/s flit-hops/s
for pct in 1 10 30; do
  rate=$(python3 -c "print(round($sat_classic * $pct / 100, 5))")
  run "classic 8x8x8 booksim-like ${pct}% sat (${rate})" "${booksim_like[@]}" --set traffic.rate="$rate" \
    --set sim.warmup_cycles=2000 --set sim.measure_cycles=20000
done
run "classic 16x16x16 booksim-like 30% sat" "${booksim_like[@]}" --set network.dims=16x16x16 \
  --set traffic.rate=0.084 --set sim.warmup_cycles=1000 --set sim.measure_cycles=4000
run "novog 8x8x8 uniform 0.10" --set network.dims=8x8x8 --set traffic.rate=0.10 --set sim.measure_cycles=20000
run "novog 8x8x8 uniform 0.30" --set network.dims=8x8x8 --set traffic.rate=0.30 --set sim.measure_cycles=20000

echo
echo "== 2. instructions per flit-hop (callgrind, classic 8x8x8 at 30% sat) =="
if command -v valgrind >/dev/null 2>&1; then
  rate=$(python3 -c "print(round($sat_classic * 0.3, 5))")
  valgrind --tool=callgrind --callgrind-out-file=/tmp/fcsim-bench.cg "$fcsim" run "${booksim_like[@]}" \
    --set traffic.rate="$rate" --set sim.warmup_cycles=500 --set sim.measure_cycles=1500 -q \
    --json /tmp/fcsim-bench.json 2>/tmp/fcsim-bench.vg
  python3 - <<'PY'
import json, re
ir = int(re.search(r'refs:\s+([\d,]+)', open('/tmp/fcsim-bench.vg').read()).group(1).replace(',', ''))
fh = json.load(open('/tmp/fcsim-bench.json'))['metrics']['flit_hops_total']
print("%d instructions / %d flit-hops = %.0f per flit-hop" % (ir, fh, ir / fh))
PY
fi

echo
echo "== 3. scaling: novog 16x16x16, 30% of saturation (~0.27: 0.08 flits/node/cycle) =="
printf "%-46s %9s %9s %12s %14s\n" engine cycles wall_s cycles/s flit-hops/s
scal=(--set network.dims=16x16x16 --set traffic.rate=0.08 --set sim.warmup_cycles=1000 --set sim.measure_cycles=4000)
run "1 thread" "${scal[@]}" --set sim.threads=1
t1=$(python3 -c "import json; print(json.load(open('/tmp/fcsim-bench.json'))['execution']['wall_seconds'])")
run "2 threads" "${scal[@]}" --set sim.threads=2
t2=$(python3 -c "import json; print(json.load(open('/tmp/fcsim-bench.json'))['execution']['wall_seconds'])")
echo "speedup 2 threads: $(python3 -c "print(round($t1 / $t2, 2))")x  (window: link latency = $("$fcsim" run "${scal[@]}" -q --json - | python3 -c "import json,sys; print(json.load(sys.stdin)['derived']['link_latency_cycles'])") cycles)"
if [ -n "$mpi_fcsim" ]; then
  for np in 1 2; do
    "${mpirun[@]}" -np "$np" "$mpi_fcsim" run "${scal[@]}" -q --json /tmp/fcsim-bench.json
    row "$np MPI rank(s)" /tmp/fcsim-bench.json
    [ "$np" = 1 ] && r1=$(python3 -c "import json; print(json.load(open('/tmp/fcsim-bench.json'))['execution']['wall_seconds'])")
    [ "$np" = 2 ] && r2=$(python3 -c "import json; print(json.load(open('/tmp/fcsim-bench.json'))['execution']['wall_seconds'])")
  done
  echo "speedup 2 ranks: $(python3 -c "print(round($r1 / $r2, 2))")x"
fi

if [ "$scale" = 1 ]; then
  echo
  echo "== 4. scale: novog 32x32x32, 2 VCs, default depth, 10,000 cycles at 10% load =="
  /usr/bin/time -v "$fcsim" run --set network.dims=32x32x32 --set traffic.rate=0.1 --set sim.warmup_cycles=0 \
    --set sim.measure_cycles=10000 --set sim.drain_cycles=0 --set sim.threads="$(nproc)" -q \
    --json /tmp/fcsim-bench.json 2>/tmp/fcsim-bench.time
  row "32x32x32 (sim.threads=$(nproc))" /tmp/fcsim-bench.json
  grep -E "Maximum resident|Elapsed" /tmp/fcsim-bench.time
fi

if [ -n "${BOOKSIM:-}" ]; then
  echo
  echo "== 5. BookSim2 ($BOOKSIM) on the equivalent torus, same run =="
  cfg=/tmp/fcsim-bench-booksim.cfg
  cat >"$cfg" <<'CFG'
topology = torus; k = 8; n = 3; routing_function = dim_order; router = iq;
num_vcs = 4; vc_buf_size = 8; packet_size = 4; traffic = uniform; injection_process = bernoulli;
injection_rate_uses_flits = 1; sim_type = latency; vc_allocator = islip; sw_allocator = islip;
routing_delay = 1; vc_alloc_delay = 1; sw_alloc_delay = 1; st_final_delay = 1; credit_delay = 0;
use_noc_latency = 0; warmup_periods = 1; sample_period = 10000; max_samples = 2; sim_count = 1; seed = 1;
CFG
  printf "%-46s %9s %9s %14s\n" workload cycles wall_s flit-hops/s
  for pct in 10 30; do
    rate=$(python3 -c "print(round($sat_classic * $pct / 100, 5))")
    start=$(date +%s.%N)
    "$BOOKSIM" "$cfg" injection_rate="$rate" >/tmp/fcsim-bench-booksim.log 2>&1 || true
    end=$(date +%s.%N)
    python3 - "$pct" "$rate" "$start" "$end" <<'PY'
import re, sys
t = open('/tmp/fcsim-bench-booksim.log').read()
cycles = sum(int(x) for x in re.findall(r'Time taken is (\d+) cycles', t))
wall = float(sys.argv[4]) - float(sys.argv[3])
exact = re.findall(r'flits_retired_total = (\d+) router_traversals_total = (\d+)', t)
if exact:  # a build that counts whole-run totals: link hops = router traversals - flits
    flits, trav = (int(x) for x in exact[-1])
    fh = trav - flits
else:      # BookSim's averages: accepted rate x nodes x cycles, "Hops average" counts routers
    acc = float(re.findall(r'Accepted flit rate average = ([\d.]+)', t)[-1])
    hops = float(re.findall(r'Hops average = ([\d.]+)', t)[-1])
    fh = acc * 512 * cycles * (hops - 1)
print("%-46s %9d %9.3f %14.4g" % ("booksim 8x8x8 %s%% sat (%s)" % (sys.argv[1], sys.argv[2]), cycles, wall, fh / wall))
PY
  done
fi
