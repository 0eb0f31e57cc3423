#!/usr/bin/env bash
# Builds and runs the whole test suite:
#   build/release  Release build: simulation tests (label "sim")
#   build/asan     Debug build with AddressSanitizer + UBSan: unit tests ("unit")
#   build/mpi      Release build with Open MPI: 2-3 rank tests ("mpi")
# Installs missing Debian packages first. Extra arguments go to every ctest run.
set -euo pipefail
cd "$(dirname "$0")/.."
FCSIM_WITH_MPI=1 ./scripts/install-deps.sh
jobs=$(nproc)

cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DFCSIM_TESTS=ON >/dev/null
cmake --build build/release -j"$jobs" >/dev/null
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DFCSIM_SANITIZE=ON -DFCSIM_TESTS=ON -DFCSIM_BENCH=OFF >/dev/null
cmake --build build/asan -j"$jobs" >/dev/null
cmake -S . -B build/mpi -DCMAKE_BUILD_TYPE=Release -DFCSIM_MPI=ON -DFCSIM_TESTS=ON -DFCSIM_BENCH=OFF >/dev/null
cmake --build build/mpi -j"$jobs" --target fcsim_cli >/dev/null

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
echo "== unit tests (ASan+UBSan) =="
ctest --test-dir build/asan -L unit -j"$jobs" --output-on-failure "$@" || status=1
echo "== simulation tests (Release) =="
ctest --test-dir build/release -L sim -j"$jobs" --output-on-failure "$@" || status=1
echo "== MPI tests (2-3 ranks) =="
ctest --test-dir build/mpi -L mpi --output-on-failure "$@" || status=1
exit $status
