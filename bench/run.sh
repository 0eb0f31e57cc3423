#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# fcsim speed figures (a benchmark, not a test). Builds Release with
# profile-guided optimisation (scripts/build-pgo.sh; --plain: a plain
# Release build) and, if Open MPI is installed, an MPI build the same way,
# then prints:
#   1. one core: flit-hops per CPU second (CPU time of the run, all threads:
#      it does not depend on what else the machine runs), cycles per CPU
#      second, memory per router (the estimate: VC storage for every VC full)
#      and the VC storage one router used at most (vc_buffer_peak_bytes),
#      on the 8x8x8 uniform workloads of issue
#      17 — the classic router with BookSim2's settings and Novo-G# with
#      50-cycle links and 4 VCs, each at 0.1 and 0.3 flits/node/cycle — and
#      the same Novo-G# workload on 16x16x16 (and 32x32x32 with --scale), and
#      the size check: their CPU seconds per flit-hop over 8x8x8's at 0.1
#      (one run each: on a shared machine judge it in rounds, bench/size.sh);
#   2. instructions per flit-hop under valgrind --tool=callgrind (exact on a
#      noisy machine) on the same workloads, with node steps per flit-hop
#      and instructions per step (execution.node_steps), Novo-G#'s packets
#      moved whole per flit-hop (execution.train_packets), the size check:
#      Novo-G# at 0.1 on 16x16x16 (and 32x32x32 with --scale) against 8x8x8,
#      and each 8x8x8 model's cost split into a part per node step and a part
#      per flit-hop (one more run without traffic gives the set-up);
#   3. scaling: 16x16x16 Novo-G# torus with 40-cycle links at 30 % of
#      saturation, 1 and 2 threads, 1, 2 and 4 MPI ranks (wall time: a
#      parallel speedup; 4 ranks on 2 cores are oversubscribed, so that row
#      checks identical results, not speed), results compared byte for byte;
#   4. with BOOKSIM=/path/to/booksim: BookSim2 on the classic workload of
#      section 1 in the same run (its CPU seconds), and fcsim's ratio.
#      fcsim does not ship, fetch or build BookSim2; point BOOKSIM at yours.
#   With --cache, section 2 also gives last-level cache misses per flit-hop
#   (callgrind's cache simulation, a 32 MiB 16-way last level) for Novo-G# at
#   0.1 on 8x8x8 and 16x16x16: how far the hot state outgrows the cache; and
#   the same with a 4 MiB last level (what one core of the machine in
#   docs/PERFORMANCE.md holds of its shared 32 MiB L3: bench/cache_latency.sh),
#   whose misses are what the CPU time per flit-hop at 16x16x16 pays (callgrind ignores prefetch
#   instructions: these count a line the prefetching asked for early as a
#   miss where it is read; bench/exposed.sh separates the two).
# Options: --scale adds the 32x32x32 rows; --quick skips callgrind; --plain
# measures plain Release builds (no profile-guided optimisation); --cache adds
# the cache-simulation rows (a few minutes more).
set -euo pipefail
cd "$(dirname "$0")/.."
scale=0 quick=0 plain=0 cache=0
for a in "$@"; do
  case "$a" in
  --scale) scale=1 ;;
  --cache) cache=1 ;;
  --quick) quick=1 ;;
  --plain) plain=1 ;;
  *) echo "usage: bench/run.sh [--scale] [--quick] [--plain] [--cache]" >&2; exit 2 ;;
  esac
done
mpi_fcsim=""
if [ "$plain" = 1 ]; then
  echo "build: plain Release (build/release, build/mpi)"
  cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/release -j"$(nproc)" --target fcsim_cli >/dev/null
  fcsim=build/release/fcsim
  if command -v mpicc >/dev/null 2>&1; then
    cmake -S . -B build/mpi -DCMAKE_BUILD_TYPE=Release -DFCSIM_MPI=ON -DFCSIM_BENCH=OFF >/dev/null
    cmake --build build/mpi -j"$(nproc)" --target fcsim_cli >/dev/null && mpi_fcsim=build/mpi/fcsim
  fi
else
  echo "build: Release with profile-guided optimisation (scripts/build-pgo.sh: build/pgo, build/pgo-mpi)"
  ./scripts/build-pgo.sh build/pgo
  fcsim=build/pgo/fcsim
  if command -v mpicc >/dev/null 2>&1; then
    ./scripts/build-pgo.sh build/pgo-mpi -DFCSIM_MPI=ON && mpi_fcsim=build/pgo-mpi/fcsim
  fi
fi
mpirun=(mpirun --oversubscribe)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)
out=$(mktemp -d /tmp/fcsim-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT

# The workloads. classic: BookSim2's default IQ router on an 8-ary 3-cube
# (examples/booksim-torus.ini: 1-cycle links, RC/VA/SA/ST one cycle each,
# 4 VCs x 8 flits in two dateline classes, 4-flit packets, DOR, uniform;
# saturates near 0.53). novog: the default Novo-G# router, 4 VCs, 50-cycle
# links, 4-flit packets (the default), uniform.
classic=(examples/booksim-torus.ini)
novog=(--set router.vcs=4 --set network.link_latency=50)
short=(--set sim.warmup_cycles=500 --set sim.measure_cycles=1500)

row() { # label, json: one row of section 1
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[2])); m = d['metrics']; e = d['execution']
cpu = e['cpu_seconds'] or 1e-9
print("%-44s %8d %8.3f %12.4g %16.4g %10s %10s" % (sys.argv[1], m['cycles'], cpu, m['cycles'] / cpu,
      m['flit_hops_total'] / cpu, e.get('memory_per_router_bytes'), e.get('vc_buffer_peak_bytes')))
PY
}
run() { # label, args...: fcsim run, then a row
  local label=$1; shift
  "$fcsim" run "$@" -q --json "$out/run.json"
  row "$label" "$out/run.json"
}

echo "== 1. one core: flit-hops per CPU second =="
printf "%-44s %8s %8s %12s %16s %10s %10s\n" workload cycles cpu_s cycles/cpu_s flit-hops/cpu_s B/router VC_peak_B
for rate in 0.1 0.3; do
  run "classic 8x8x8 BookSim2 settings, $rate" "${classic[@]}" --set traffic.rate="$rate" \
    --set sim.warmup_cycles=2000 --set sim.measure_cycles=20000
done
for rate in 0.1 0.3; do
  run "novog 8x8x8 50-cycle links 4 VCs, $rate" "${novog[@]}" --set network.dims=8x8x8 --set traffic.rate="$rate" \
    --set sim.warmup_cycles=2000 --set sim.measure_cycles=20000
  [ "$rate" = 0.1 ] && cp "$out/run.json" "$out/size-8.json"
done
run "novog 16x16x16 50-cycle links 4 VCs, 0.1" "${novog[@]}" --set network.dims=16x16x16 --set traffic.rate=0.1 \
  --set sim.warmup_cycles=1000 --set sim.measure_cycles=3000
cp "$out/run.json" "$out/size-16.json"
if [ "$scale" = 1 ]; then
  run "novog 32x32x32 50-cycle links 4 VCs, 0.1" "${novog[@]}" --set network.dims=32x32x32 --set traffic.rate=0.1 \
    --set sim.warmup_cycles=500 --set sim.measure_cycles=1000
  cp "$out/run.json" "$out/size-32.json"
fi
# the size check (issue 34: within 1.3x): CPU seconds per flit-hop of the larger tori over 8x8x8's
python3 - "$out" <<'PY'
import json, os, sys
def ns(k):
    p = os.path.join(sys.argv[1], "size-%d.json" % k)
    if not os.path.exists(p):
        return None
    d = json.load(open(p))
    return 1e9 * d['execution']['cpu_seconds'] / d['metrics']['flit_hops_total']
base = ns(8)
for k in (16, 32):
    v = ns(k)
    if v is not None:
        print("size: novog %dx%dx%d over 8x8x8 at 0.1, CPU per flit-hop: %.1f / %.1f ns = %.2fx" % (k, k, k, v, base, v / base))
PY

ir_row() { # label, args...: instructions per flit-hop under callgrind; appends label|instructions|flit-hops|steps to $out/ir.txt
  local label=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" "$fcsim" run "$@" -q --json "$out/cg.json" \
    2>"$out/cg.vg"
  python3 - "$label" "$out/cg.vg" "$out/cg.json" "$out/ir.txt" <<'PY'
import json, re, sys
ir = int(re.search(r'refs:\s+([\d,]+)', open(sys.argv[2]).read()).group(1).replace(',', ''))
d = json.load(open(sys.argv[3]))
fh, steps = d['metrics']['flit_hops_total'], d['execution']['node_steps']
trains = d['execution'].get('train_packets', 0)  # novog: packets moved whole (sim.trains)
open(sys.argv[4], 'a').write("%s|%d|%d|%d\n" % (sys.argv[1], ir, fh, steps))
if fh:
    print("%-44s %14d %12d %10.0f %11.3f %9.0f %10.3f" % (sys.argv[1], ir, fh, ir / fh, steps / fh,
                                                          ir / max(steps, 1), trains / fh))
PY
}

ll_row() { # LL spec, label, args...: instructions and last-level misses per flit-hop under callgrind's cache simulation
  local ll=$1 label=$2; shift 2
  valgrind --tool=callgrind --cache-sim=yes --D1=65536,4,64 --LL="$ll" --callgrind-out-file="$out/ll.out" \
    "$fcsim" run "$@" -q --json "$out/ll.json" 2>"$out/ll.vg"
  python3 - "$label" "$out/ll.vg" "$out/ll.json" <<'PY'
import json, re, sys
t = open(sys.argv[2]).read()
def total(key):
    return int(re.search(key + r'\s+([\d,]+)', t).group(1).replace(',', ''))
fh = json.load(open(sys.argv[3]))['metrics']['flit_hops_total']
if fh:
    print("%-44s %10.0f %12.3f" % (sys.argv[1], total(r'I\s+refs:') / fh, total(r'LL misses:') / fh))
PY
}

# The cost split of one model from its rows in $out/ir.txt: instructions =
# base + a x steps + b x flit-hops, base from the run without traffic (set-up
# and the empty loop), a and b solved from the rows at 0.1 and 0.3. a is
# what a router step costs whatever it moves (the engine, the step's scans);
# b what each flit-hop costs on top (moving the flit, and its packet's
# routing, allocation, injection and ejection shared over its flits).
split_row() { # label prefix
  python3 - "$1" "$out/ir.txt" <<'PY'
import sys
rows = [l.rstrip('\n').split('|') for l in open(sys.argv[2])]
rows = {r[0]: tuple(int(x) for x in r[1:]) for r in rows if r[0].startswith(sys.argv[1])}
base = rows[sys.argv[1] + ", 0"][0]
(i1, f1, s1), (i3, f3, s3) = rows[sys.argv[1] + ", 0.1"], rows[sys.argv[1] + ", 0.3"]
i1, i3 = i1 - base, i3 - base
det = s1 * f3 - s3 * f1
a, b = (i1 * f3 - i3 * f1) / det, (s1 * i3 - s3 * i1) / det
print("%-44s %10.0f per step %8.0f per flit-hop  (set-up %.0f M)" % (sys.argv[1], a, b, base / 1e6))
PY
}

echo
echo "== 2. instructions per flit-hop (callgrind) =="
if [ "$quick" = 0 ] && command -v valgrind >/dev/null 2>&1; then
  printf "%-44s %14s %12s %10s %11s %9s %10s\n" workload instructions flit-hops per_hop steps/hop per_step trains/hop
  for rate in 0 0.1 0.3; do
    ir_row "classic 8x8x8 BookSim2 settings, $rate" "${classic[@]}" --set traffic.rate="$rate" "${short[@]}"
  done
  for rate in 0 0.1 0.3; do
    ir_row "novog 8x8x8 50-cycle links 4 VCs, $rate" "${novog[@]}" --set network.dims=8x8x8 \
      --set traffic.rate="$rate" "${short[@]}"
  done
  ir_row "novog 16x16x16 50-cycle links 4 VCs, 0.1" "${novog[@]}" --set network.dims=16x16x16 \
    --set traffic.rate=0.1 --set sim.warmup_cycles=300 --set sim.measure_cycles=700
  if [ "$scale" = 1 ]; then
    ir_row "novog 32x32x32 50-cycle links 4 VCs, 0.1" "${novog[@]}" --set network.dims=32x32x32 \
      --set traffic.rate=0.1 --set sim.warmup_cycles=200 --set sim.measure_cycles=300
  fi
  echo "cost split: instructions = set-up + a x node steps + b x flit-hops (rows at 0, 0.1 and 0.3)"
  split_row "classic 8x8x8 BookSim2 settings"
  split_row "novog 8x8x8 50-cycle links 4 VCs"
  if [ "$cache" = 1 ]; then
    for ll in 33554432,16,64 4194304,16,64; do
      echo "last-level misses per flit-hop (callgrind --cache-sim=yes --D1=65536,4,64 --LL=$ll)"
      printf "%-44s %10s %12s\n" workload per_hop LL_per_hop
      ll_row "$ll" "novog 8x8x8 50-cycle links 4 VCs, 0.1" "${novog[@]}" --set network.dims=8x8x8 \
        --set traffic.rate=0.1 --set sim.warmup_cycles=300 --set sim.measure_cycles=700
      ll_row "$ll" "novog 16x16x16 50-cycle links 4 VCs, 0.1" "${novog[@]}" --set network.dims=16x16x16 \
        --set traffic.rate=0.1 --set sim.warmup_cycles=300 --set sim.measure_cycles=700
    done
  fi
else
  echo "(skipped: --quick or no valgrind)"
fi

strip() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d.pop('execution'); print(json.dumps(d, sort_keys=True))" "$1"; }
wall() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['execution']['wall_seconds'])" "$1"; }

echo
echo "== 3. scaling: novog 16x16x16, 40-cycle links, 30% of saturation (0.08 flits/node/cycle) =="
printf "%-20s %9s %9s %9s %s\n" engine wall_s cpu_s speedup "results"
scal=(--set network.dims=16x16x16 --set network.link_latency=40 --set traffic.rate=0.08
  --set sim.warmup_cycles=1000 --set sim.measure_cycles=4000)
scal_row() { # label, json, reference json
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
def load(p):
    d = json.load(open(p)); e = d.pop('execution'); return e, json.dumps(d, sort_keys=True)
e, body = load(sys.argv[2]); e1, body1 = load(sys.argv[3])
print("%-20s %9.3f %9.3f %8.2fx %s" % (sys.argv[1], e['wall_seconds'], e['cpu_seconds'],
      e1['wall_seconds'] / e['wall_seconds'], "identical" if body == body1 else "DIFFERENT"))
PY
}
"$fcsim" run "${scal[@]}" --set sim.threads=1 -q --json "$out/t1.json"
scal_row "1 thread" "$out/t1.json" "$out/t1.json"
"$fcsim" run "${scal[@]}" --set sim.threads=2 -q --json "$out/t2.json"
scal_row "2 threads" "$out/t2.json" "$out/t1.json"
if [ -n "$mpi_fcsim" ]; then
  for np in 1 2 4; do
    "${mpirun[@]}" -np "$np" "$mpi_fcsim" run "${scal[@]}" -q --json "$out/r$np.json"
    label="$np MPI rank(s)"
    [ "$np" -gt "$(nproc)" ] && label="$label*"
    scal_row "$label" "$out/r$np.json" "$out/t1.json"
  done
  echo "(* more ranks than cores: the identity check counts, the time does not; speedups against 1 thread)"
fi

if [ -n "${BOOKSIM:-}" ]; then
  echo
  echo "== 4. BookSim2 ($BOOKSIM) against fcsim, classic 8x8x8 workload, same run =="
  cfg="$out/booksim.cfg"
  cat >"$cfg" <<'CFG'
topology = torus; k = 8; n = 3; routing_function = dim_order; router = iq;
num_vcs = 4; vc_buf_size = 8; packet_size = 4; traffic = uniform; injection_process = bernoulli;
injection_rate_uses_flits = 1; sim_type = latency; vc_allocator = islip; sw_allocator = islip;
routing_delay = 1; vc_alloc_delay = 1; sw_alloc_delay = 1; st_final_delay = 1; credit_delay = 0;
use_noc_latency = 0; warmup_periods = 1; sample_period = 10000; max_samples = 2; sim_count = 1; seed = 1;
CFG
  printf "%-30s %16s %16s %8s\n" offered booksim_hops/cpu_s fcsim_hops/cpu_s ratio
  for rate in 0.1 0.3; do
    "$fcsim" run "${classic[@]}" --set traffic.rate="$rate" --set sim.warmup_cycles=2000 \
      --set sim.measure_cycles=20000 -q --json "$out/fc.json"
    python3 - "$rate" "$BOOKSIM" "$cfg" "$out/fc.json" <<'PY'
import json, re, resource, subprocess, sys
rate, booksim, cfg, fc = sys.argv[1:5]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
t = subprocess.run([booksim, cfg, "injection_rate=" + rate], capture_output=True, text=True).stdout
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
cycles = sum(int(x) for x in re.findall(r'Time taken is (\d+) cycles', t))
exact = re.findall(r'flits_retired_total = (\d+) router_traversals_total = (\d+)', t)
if exact:  # a build that counts whole-run totals: link hops = router traversals - flits
    flits, trav = (int(x) for x in exact[-1])
    hops = trav - flits
else:      # BookSim's averages: accepted rate x nodes x cycles, "Hops average" counts routers
    acc = float(re.findall(r'Accepted flit rate average = ([\d.]+)', t)[-1])
    hops = acc * 512 * cycles * (float(re.findall(r'Hops average = ([\d.]+)', t)[-1]) - 1)
d = json.load(open(fc))
fch = d['metrics']['flit_hops_total'] / d['execution']['cpu_seconds']
print("%-30s %16.4g %16.4g %7.1fx" % ("8x8x8 uniform " + rate, hops / cpu, fch, fch / (hops / cpu)))
PY
  done
fi
