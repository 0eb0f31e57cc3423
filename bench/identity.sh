#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Writes the results of the check configurations and of every example run to
# a folder, normalised for comparison (jq -S, the `execution` block dropped),
# so that a change meant to keep every result bit can be checked against the
# commit before it:
#   bench/identity.sh BUILD_BEFORE/fcsim before/
#   bench/identity.sh BUILD_AFTER/fcsim after/
#   diff -r before/ after/ && echo identical
# Options (environment): THREADS=N runs every configuration on N threads.
# The check configurations cover both VC routers, every routing and
# arbitration policy, a mesh, links of 2 flits/cycle, split classes, jitter,
# two clocks, batch mode, a netlist, the collective routers and the BookSim2
# examples. Each run is short (a 4x4x4 network, a few thousand cycles).
set -uo pipefail
fcsim=${1:?usage: bench/identity.sh FCSIM_BINARY OUT_DIR}
out=${2:?usage: bench/identity.sh FCSIM_BINARY OUT_DIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
threads=${THREADS:-1}
short="--set sim.warmup_cycles=500 --set sim.measure_cycles=2000 --set sim.threads=$threads"
n=0 failed=0

run() { # name, fcsim run arguments...
  local name=$1
  shift
  local tmp
  tmp=$(mktemp)
  "$fcsim" run "$@" --json "$tmp" --quiet >"$out/$name.stdout" 2>"$out/$name.stderr"
  echo "exit $?" >>"$out/$name.stdout"
  if [ -s "$tmp" ]; then
    jq -S 'del(.execution)' "$tmp" >"$out/$name.json" 2>/dev/null || cp "$tmp" "$out/$name.json"
  else
    failed=$((failed + 1))
  fi
  rm -f "$tmp"
  n=$((n + 1))
}

n0=examples/novo-g.ini
run novog-dor-ff "$n0" $short
run novog-romm "$n0" $short --set routing.algorithm=romm --set traffic.rate=0.3
run novog-o1turn "$n0" $short --set routing.algorithm=o1turn --set traffic.pattern=transpose
run novog-ccar-of "$n0" $short --set routing.algorithm=ccar --set router.arbitration=of
run novog-rlb-rr "$n0" $short --set routing.algorithm=rlb --set router.arbitration=rr --set traffic.rate=0.2
run novog-mixed "$n0" $short --set router.arbitration=mixed --set traffic.pattern=bitcomp
run novog-mesh "$n0" $short --set network.topology=mesh --set traffic.rate=0.2
run novog-bw2 "$n0" $short --set network.link_bandwidth=2 --set traffic.rate=0.8
run novog-jitter examples/novo-g-jitter.ini $short
run novog-clocks "$n0" $short --set network.clock_spread_ppm=100 --set traffic.rate=0.2
run novog-batch examples/batch-transpose.ini --set sim.threads=$threads
run novog-4vc-50 "$n0" $short --set router.vcs=4 --set network.link_latency=50 --set traffic.packet_size=4
run classic-iq examples/booksim-iq.ini $short
run classic-torus examples/booksim-torus.ini $short
# 1024 nodes a partition: the step loop prefetches the next nodes (sim.prefetch)
run novog-1024 "$n0" $short --set network.dims=16x8x8 --set router.vcs=4 --set network.link_latency=50 --set traffic.rate=0.2
run classic-1024 examples/booksim-torus.ini $short --set network.dims=16x8x8 --set traffic.rate=0.3
run classic-mesh examples/booksim-mesh88-lat.ini $short
run classic-romm examples/booksim-torus.ini $short --set routing.algorithm=romm --set traffic.rate=0.1
run netlist examples/netlist/two-boards.ini $short
run trace examples/trace/run.ini --set sim.threads=$threads
run crossbar examples/crossbar-board.ini $short
for f in examples/bee3/*.ini examples/vcsn/*.ini examples/p2p40g/*.ini examples/links/network-tnw.ini \
  examples/tune-4x4x4/*.ini; do
  name=$(echo "${f#examples/}" | tr '/' '-')
  run "${name%.ini}" "$f" $short
done
# Apps: their own output formats, compared as printed (timings removed).
for f in examples/fft/16-on-4.ini examples/fft/32-on-4.ini; do
  name=app-fft-$(basename "$f" .ini)
  "$fcsim" app fft "$f" --json "$out/$name.json" >"$out/$name.stdout" 2>&1
  n=$((n + 1))
done
"$fcsim" app gather examples/vcsn/vcsn.ini --schedule tree --set app.nodes=9 --json "$out/app-gather.json" \
  >"$out/app-gather.stdout" 2>&1
"$fcsim" collective run examples/collective.ini --json "$out/collective-run.json" >"$out/collective-run.stdout" 2>&1
"$fcsim" app link examples/links/sl3-fc.ini --json "$out/app-link-fc.json" >"$out/app-link-fc.stdout" 2>&1
"$fcsim" app link --preset tnw --set ber=1e-5 --json "$out/app-link.json" >"$out/app-link.stdout" 2>&1
"$fcsim" app halo examples/links/halo.ini --json "$out/app-halo.json" >"$out/app-halo.stdout" 2>&1
n=$((n + 5))
# Drop lines that carry wall time, paths or speeds.
for f in "$out"/*.stdout "$out"/*.json; do
  sed -i -E '/(wall|elapsed|cpu_seconds|seconds|Mflit|per second|took)/d' "$f"
done
echo "identity: $n runs written to $out ($failed without a JSON result)"
