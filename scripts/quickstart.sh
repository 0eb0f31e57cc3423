#!/usr/bin/env bash
# Installs what is missing (Debian packages), builds fcsim (Release) and runs
# the default experiment: a 4x4x4 Novo-G# torus under uniform traffic.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DFCSIM_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
./build/fcsim run "$@"
