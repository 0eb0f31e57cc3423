#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs what is missing (Debian packages), builds fcsim (Release) and runs
# the default experiment: a 4x4x4 Novo-G# torus under uniform traffic.
# Says what it is doing at each step (on stderr), so the first minute is
# not silent; build output is kept in build/quickstart.log.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'quickstart: %s\n' "$*" >&2; }
t0=$(date +%s)
say "1/3 checking the Debian packages fcsim needs (scripts/install-deps.sh)..."
./scripts/install-deps.sh
mkdir -p build
say "2/3 configuring and building fcsim (Release, $(nproc) jobs; about a minute the first time; log in build/quickstart.log)..."
if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DFCSIM_TESTS=OFF &&
       cmake --build build -j"$(nproc)"; } >build/quickstart.log 2>&1; then
  say "the build failed; the last lines of build/quickstart.log:"
  tail -n 20 build/quickstart.log >&2
  exit 1
fi
say "    built ./build/fcsim in $(( $(date +%s) - t0 )) s"
say "3/3 running: ./build/fcsim run $* (progress below while it runs)"
./build/fcsim run "$@"
