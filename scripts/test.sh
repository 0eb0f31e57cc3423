#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds and runs the whole test suite:
#   build/release  Release build: simulation tests (label "sim")
#   build/asan     Debug build with AddressSanitizer + UBSan: unit tests ("unit") and
#                  simulations on small networks ("sim-small")
#   build/tsan     clang + ThreadSanitizer (LLVM OpenMP with its TSan tool): the
#                  multi-threaded "sim-small" tests (partitions, barrier, tune workers)
#   build/fuzz     clang libFuzzer harnesses (tests/fuzz): each corpus replayed, then
#                  each harness fuzzed for FCSIM_FUZZ_SECONDS (default 20)
#   build/mpi      Release build with Open MPI: 2-3 rank tests ("mpi")
#   python         the Python package (python/fcsim) installed from build/release
#                  with its pytest tests and examples/python ("python")
# The TSan and fuzz steps run when clang supports -fsanitize=thread / fuzzer.
# Installs missing Debian packages first. Extra arguments go to every ctest run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says how long it took, and the whole run ends with a summary of
# the phases, so that the next change can see where the suite's time goes.
phase_start=$SECONDS phase_name="" phase_log=""
phase() { # NAME: ends the phase before (printing its duration) and starts NAME
  local now=$SECONDS
  if [ -n "$phase_name" ]; then
    echo "-- $phase_name: $((now - phase_start)) s"
    phase_log="$phase_log$(printf '  %-44s %5d s' "$phase_name" $((now - phase_start)))"$'\n'
  fi
  phase_name=$1 phase_start=$now
}
phase "install missing packages"
FCSIM_WITH_MPI=1 ./scripts/install-deps.sh
jobs=$(nproc)
phase "build: Release"

cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DFCSIM_TESTS=ON >/dev/null
cmake --build build/release -j"$jobs" >/dev/null
phase "build: ASan+UBSan"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DFCSIM_SANITIZE=ON -DFCSIM_TESTS=ON -DFCSIM_BENCH=OFF >/dev/null
cmake --build build/asan -j"$jobs" >/dev/null
have_clang_flag() { # flag: clang builds and links an empty program with it
  command -v clang >/dev/null &&
    echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; } int main(void) { return 0; }' |
      clang -x c "$1" -o /dev/null - 2>/dev/null
}
phase "build: ThreadSanitizer and libFuzzer (when clang has them)"
have_tsan=0 have_fuzz=0
omp_tool=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | head -1 || true)
if have_clang_flag -fsanitize=thread && [ -n "$omp_tool" ]; then
  have_tsan=1
  CC=clang cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFCSIM_TSAN=ON -DFCSIM_TESTS=ON \
    -DFCSIM_BENCH=OFF >/dev/null
  # every C test of the sim-small label (the label the TSan step runs), found by name
  tsan_targets=$(ctest --test-dir build/tsan -N -L sim-small | sed -n 's|.*Test *#[0-9]*: [a-z-]*/\(test_[a-z0-9_]*\)$|\1|p')
  # shellcheck disable=SC2086
  cmake --build build/tsan -j"$jobs" --target fcsim_cli $tsan_targets >/dev/null
fi
if echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' |
    clang -x c -fsanitize=fuzzer -o /dev/null - 2>/dev/null; then
  have_fuzz=1
  CC=clang cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=Debug -DFCSIM_SANITIZE=ON -DFCSIM_FUZZ=ON -DFCSIM_TESTS=OFF \
    -DFCSIM_BENCH=OFF >/dev/null
  cmake --build build/fuzz -j"$jobs" >/dev/null
fi
phase "build: MPI"
cmake -S . -B build/mpi -DCMAKE_BUILD_TYPE=Release -DFCSIM_MPI=ON -DFCSIM_TESTS=ON -DFCSIM_BENCH=OFF >/dev/null
cmake --build build/mpi -j"$jobs" --target fcsim_cli >/dev/null

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
phase "tests: unit and small simulations (ASan+UBSan)"
echo "== unit tests and small simulations (ASan+UBSan) =="
ctest --test-dir build/asan -L 'unit|sim-small' -j"$jobs" --output-on-failure "$@" || status=1
if [ $have_tsan = 1 ]; then
  phase "tests: multi-threaded (ThreadSanitizer)"
  echo "== multi-threaded tests (ThreadSanitizer) =="
  OMP_TOOL_LIBRARIES=$omp_tool TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/tests/tsan.supp" \
    ctest --test-dir build/tsan -L sim-small -j"$jobs" --output-on-failure "$@" || status=1
else
  echo "== ThreadSanitizer: skipped (clang -fsanitize=thread or the OpenMP TSan tool missing) =="
fi
if [ $have_fuzz = 1 ]; then
  phase "tests: fuzzing"
  echo "== fuzzing (libFuzzer, ${FCSIM_FUZZ_SECONDS:-20} s per harness) =="
  ctest --test-dir build/fuzz -L fuzz --output-on-failure "$@" || status=1 # every kept input still passes
  for h in build/fuzz/tests/fuzz/fuzz_*; do
    name=${h##*/fuzz_}
    scratch=$(mktemp -d)
    if ! "$h" -max_total_time="${FCSIM_FUZZ_SECONDS:-20}" -max_len=4096 -artifact_prefix="tests/fuzz/$name/crash-" \
        "$scratch" "tests/fuzz/$name" >"build/fuzz/$name.log" 2>&1; then
      echo "fuzz_$name found a crash (kept in tests/fuzz/$name/; see build/fuzz/$name.log)"
      status=1
    fi
    grep -h "^Done" "build/fuzz/$name.log" | sed "s/^/fuzz_$name: /" || true # no Done line after a crash
    rm -rf "$scratch"
  done
else
  echo "== fuzzing: skipped (clang -fsanitize=fuzzer unavailable) =="
fi
phase "tests: simulations (Release)"
echo "== simulation tests (Release) =="
ctest --test-dir build/release -L '^sim$' -j"$jobs" --output-on-failure "$@" || status=1
phase "tests: MPI"
echo "== MPI tests (2-3 ranks) =="
ctest --test-dir build/mpi -L mpi --output-on-failure "$@" || status=1
phase "tests: Python"
echo "== Python package (pytest against the installed library) =="
ctest --test-dir build/release -L python --output-on-failure "$@" || status=1
phase ""
echo "== time per phase =="
printf '%s' "$phase_log"
printf '  %-44s %5d s\n' "total" "$SECONDS"
if [ $status = 0 ]; then
  echo "fcsim tests: every step passed"
else
  echo "fcsim tests: FAILED (see the steps above)"
fi
exit $status
