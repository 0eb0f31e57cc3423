#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds fcsim with profile-guided optimisation in DIR (default build/pgo;
# further arguments go to cmake, e.g. -DFCSIM_MPI=ON):
#   1. an instrumented Release build (FCSIM_PGO=generate);
#   2. short training runs: both VC routers on tori and a mesh, light and
#      heavy load, every routing algorithm the VC routers share, two threads
#      (settings unlike bench/run.sh's, so the benchmark is not its own
#      training set);
#   3. the optimised build from their profiles (FCSIM_PGO=use).
# DIR/fcsim gives results identical to a plain Release build's, with about
# 5 % fewer instructions per flit-hop (docs/PERFORMANCE.md). Takes about
# twice a plain build's time.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build/pgo}
[ $# -gt 0 ] && shift
jobs=$(nproc)
say() { printf 'build-pgo: %s\n' "$*" >&2; }

say "1/3 instrumented build in $dir"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DFCSIM_TESTS=OFF -DFCSIM_BENCH=OFF -DFCSIM_PGO=generate "$@" >/dev/null
cmake --build "$dir" -j"$jobs" --target fcsim_cli >/dev/null
find "$dir" -name '*.gcda' -delete # profiles of an earlier training

say "2/3 training runs"
short=(--set sim.warmup_cycles=300 --set sim.measure_cycles=1500)
runs=(
  "--set network.dims=6x6x6 --set router.vcs=4 --set network.link_latency=30 --set traffic.rate=0.15"
  "--set network.dims=6x6x6 --set router.vcs=4 --set network.link_latency=30 --set traffic.rate=0.45"
  "--set network.dims=6x6x6 --set router.vcs=2 --set traffic.rate=0.6 --set sim.threads=2"
  "--set network.topology=mesh --set network.dims=6x6x6 --set router.vcs=4 --set routing.algorithm=romm --set traffic.rate=0.3"
  "--set router.vcs=4 --set routing.algorithm=o1turn --set traffic.pattern=transpose --set traffic.rate=0.5"
  "examples/booksim-torus.ini --set network.dims=6x6x6 --set traffic.rate=0.08"
  "examples/booksim-torus.ini --set network.dims=6x6x6 --set traffic.rate=0.25"
  "examples/booksim-torus.ini --set network.dims=6x6x6 --set traffic.rate=0.4 --set router.sa_allocator=islip"
  "examples/booksim-mesh88-lat.ini --set traffic.rate=0.2"
)
for r in "${runs[@]}"; do
  # shellcheck disable=SC2086 # each entry is a list of arguments
  "$dir/fcsim" run $r "${short[@]}" >/dev/null
done

say "3/3 optimised build"
cmake -S . -B "$dir" -DFCSIM_PGO=use >/dev/null
cmake --build "$dir" -j"$jobs" --target fcsim_cli >/dev/null
say "built $dir/fcsim"
