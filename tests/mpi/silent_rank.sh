#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Robustness: a rank that stops answering (SIGSTOP) or dies (SIGKILL) must not
# leave the others spinning: the job ends with an error naming the rank.
#   silent_rank.sh FCSIM_MPI_BINARY
set -uo pipefail
fcsim=$1
mpirun=(mpirun --oversubscribe -np 2)
[ "$(id -u)" = 0 ] && mpirun=(mpirun --allow-run-as-root --oversubscribe -np 2)
marker="sim.seed=$$"
out=$(mktemp)
trap 'pkill -CONT -f "$marker" 2>/dev/null; pkill -KILL -f "$marker" 2>/dev/null; rm -f "$out"' EXIT
pass=0
fail=0

run_and() { # $1: signal for the newest rank
  timeout 120 "${mpirun[@]}" "$fcsim" run --set network.dims=8x8x8 --set sim.measure_cycles=1000000 \
    --set sim.mpi_timeout=3 --set "$marker" -q --json /dev/null >"$out" 2>&1 &
  local job=$!
  sleep 4
  pkill "-$1" -n -f "$fcsim run --set network.dims=8x8x8"
  wait $job
  local status=$?
  pkill -CONT -f "$marker" 2>/dev/null
  echo "exit status $status"
  cat "$out"
  return $status
}

if ! run_and STOP; then
  if grep -q "no boundary flits from rank 1\|no reduction from" "$out"; then pass=$((pass + 1)); echo "ok: a stopped rank is named"
  else fail=$((fail + 1)); echo "FAIL: the stopped rank is not named"; fi
else fail=$((fail + 1)); echo "FAIL: the job succeeded with a stopped rank"; fi

if ! run_and KILL; then
  if grep -q "rank 1" "$out"; then pass=$((pass + 1)); echo "ok: a killed rank is named"
  else fail=$((fail + 1)); echo "FAIL: the killed rank is not named"; fi
else fail=$((fail + 1)); echo "FAIL: the job succeeded with a killed rank"; fi

# A refusal on rank 0 (an output path it cannot write) is every rank's at once:
# exit 2 well before sim.mpi_timeout, no rank simulating alone.
start=$(date +%s)
timeout 120 "${mpirun[@]}" "$fcsim" run --set network.dims=8x8x8 --set sim.measure_cycles=1000000 \
  --set sim.mpi_timeout=60 --set "$marker" --json /nonexistent-dir/x.json -q >"$out" 2>&1
status=$?
took=$(($(date +%s) - start))
if [ "$status" = 2 ] && [ "$took" -lt 30 ]; then pass=$((pass + 1)); echo "ok: a bad --json path on rank 0 ends every rank (exit 2, ${took} s)"
else fail=$((fail + 1)); echo "FAIL: bad --json path on rank 0: exit $status after ${took} s"; cat "$out"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
