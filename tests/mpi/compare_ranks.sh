#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# MPI equivalence: for each configuration, the JSON of `mpirun -np R fcsim run`
# (R ranks x T threads) must equal the sequential run's byte for byte apart
# from the "execution" block (threads, wall time).
#   compare_ranks.sh FCSIM_MPI_BINARY
set -euo pipefail
fcsim=$1
mpirun=(mpirun --oversubscribe -np)
[ "$(id -u)" = 0 ] && mpirun=(mpirun --allow-run-as-root --oversubscribe -np)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
strip() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d.pop('execution'); print(json.dumps(d, sort_keys=True))" "$1"; }

root=$(cd "$(dirname "$0")/../.." && pwd)
configs=(
  "network.dims=4x4x4 traffic.rate=0.5"
  "network.dims=8x8x8 traffic.rate=1.2 router.arbitration=ff sim.measure_cycles=3000 sim.drain_cycles=2000"
  "network.dims=2x4x8 router.model=classic network.link_latency=3 traffic.pattern=randperm traffic.rate=0.4"
  "network.topology=mesh network.dims=6x6 router.vcs=1 traffic.pattern=transpose traffic.rate=0.3 network.link_latency=20"
  "network.dims=4x4x4 routing.algorithm=ccar traffic.rate=0.7 router.vcs=4 network.link_latency=6 router.credit_period=12"
  "traffic.mode=batch traffic.batch_packets=200 traffic.rate=1.5 traffic.pattern=all-to-all router.vcs=4"
  "network.dims=8 router.model=classic router.vcs=1 router.vc_depth=2 router.dateline=off traffic.packet_size=8 traffic.rate=0.9 sim.deadlock_cycles=500"
  "network.topology=file network.file=$root/examples/netlist/two-boards.net routing.algorithm=table traffic.rate=0.2 sim.measure_cycles=3000"
  "network.link_jitter=12.34ns network.clock_spread_ppm=50 traffic.rate=0.3 sim.measure_cycles=3000"
  "traffic.mode=trace traffic.trace=$root/examples/trace/chain.csv network.dims=4x4"
  "router.model=crossbar network.topology=mesh network.dims=4x4 traffic.rate=0.2 sim.measure_cycles=3000"
)
# Model and workload counters merged over ranks (src/stats/counters.h): the
# collective workloads' deliveries and the voq/ring routers' max_buffer_flits
# (tables built here; a reduction with unicast background, whose exactly-once
# check is one more message; a reduction through the switch stage; one with
# a reduction-table entry per operation; the continuous multicast with
# background), the Ethernet switch's drops and pauses
# (an incast), and the vcsn endpoints' misdelivered frames (a MAC entry
# rewritten under a stream) and throttle indications.
"$fcsim" collective build "$root/examples/collective.ini" --pattern bitrot --out "$tmp/mc" >/dev/null
"$fcsim" collective build "$root/examples/collective.ini" --pattern cube-nn --op reduction --out "$tmp/red" >/dev/null
printf 'id,src,dst,bytes\n1,0,2,256KiB\n2,1,2,256KiB\n3,3,2,64KiB\n' >"$tmp/incast.csv"
printf 'id,src,dst,bytes\n1,0,1,256KiB\n' >"$tmp/vstream.csv"
printf 'node,vport,dest,dest_vport,at\n0,0,1,0,0\n0,0,2,0,2000\n' >"$tmp/vmac.csv"
vcsn="switch.endpoint=vcsn routing.algorithm=table network.clock=195.3125MHz network.flit_bits=512
  network.link_latency=20 traffic.mode=trace traffic.trace=$tmp/vstream.csv vcsn.table=$tmp/vmac.csv
  network.topology=star switch.nodes=3 traffic.packet_size=16 vcsn.reconfig=500 vcsn.crossbar=10
  vcsn.threshold=0.5 vcsn.window=300 sim.deadlock_cycles=5000 sim.max_cycles=20000"
coll="network.link_latency=175ns network.clock=156.25MHz network.flit_bits=256 traffic.packet_size=1 traffic.rate=1"
eth="router.model=ethswitch routing.algorithm=table network.clock=195.3125MHz network.flit_bits=512
  network.link_latency=20 traffic.mode=trace traffic.trace=$tmp/incast.csv network.topology=star switch.nodes=4
  switch.buffer=64 traffic.packet_size=32 sim.deadlock_cycles=5000 sim.max_cycles=20000"
counted=(
  "$coll router.model=voq router.tables=$tmp/mc traffic.mode=collective-batch traffic.batch_packets=64"
  "$coll router.model=ring router.tables=$tmp/red traffic.mode=collective-unicast traffic.batch_packets=16
   traffic.background_rate=0.2 traffic.background_cycles=400"
  "$coll router.model=voq router.tables=$tmp/red voq.reduction_stage=switch traffic.mode=collective-batch
   traffic.batch_packets=8"
  "$coll router.model=voq router.tables=$tmp/red voq.reduction_entries=operation traffic.mode=collective-batch
   traffic.batch_packets=8"
  "$coll router.model=voq router.tables=$tmp/mc traffic.mode=collective-cont-unicast traffic.rate=0.05
   traffic.background_rate=0.2 sim.warmup_cycles=200 sim.measure_cycles=600"
  "$eth switch.overflow=drop"
  "$vcsn"
)
fail=0
n=0
# compare CONFIG "RANKS THREADS"...: each split against the sequential run
compare() {
  local cfg=$1
  shift
  local sets=()
  for kv in $cfg; do sets+=(--set "$kv"); done
  local want got
  "$fcsim" run "${sets[@]}" -q --json "$tmp/ref.json" >/dev/null 2>"$tmp/ref.err" && want=0 || want=$?
  for rt in "$@"; do
    set -- $rt
    "${mpirun[@]}" "$1" "$fcsim" run "${sets[@]}" --set sim.threads="$2" -q --json "$tmp/got.json" >/dev/null \
      2>"$tmp/got.err" && got=0 || got=$?
    n=$((n + 1))
    if [ "$got" != "$want" ]; then
      # a deadlock exits with its own status on every split, not with a crash at teardown
      echo "FAIL: $1 ranks x $2 threads exit with status $got, 1 rank with $want: $cfg"
      fail=$((fail + 1))
    elif [ "$want" != 0 ] && [ "$(grep '^fcsim:' "$tmp/ref.err")" != "$(grep '^fcsim:' "$tmp/got.err")" ]; then
      # a failed run's message (a deadlock's last move and cycle) is the whole network's
      echo "FAIL: $1 ranks x $2 threads print another error than 1 rank: $cfg"
      fail=$((fail + 1))
    elif [ "$(strip "$tmp/ref.json")" = "$(strip "$tmp/got.json")" ]; then
      echo "ok: $1 ranks x $2 threads: $cfg"
    else
      echo "FAIL: $1 ranks x $2 threads differ from 1 rank: $cfg"
      fail=$((fail + 1))
    fi
  done
}
for cfg in "${configs[@]}"; do compare "$cfg" "2 1" "2 2" "3 1"; done
# the counted configurations must count something: every collective complete
# and a buffer occupancy reported; frames dropped at the switch
checks=(
  "m['max_buffer_flits'] > 0 and all(x['complete_cycle'] is not None for x in m['messages'])"
  "m['max_buffer_flits'] > 0 and all(x['complete_cycle'] is not None for x in m['messages'])"
  "m['max_buffer_flits'] > 0 and all(x['complete_cycle'] is not None for x in m['messages'])"
  "m['max_buffer_flits'] > 0 and all(x['complete_cycle'] is not None for x in m['messages'])"
  "m['packets_delivered'] > 0 and all(x['complete_cycle'] is not None for x in m['messages'])"
  "m['switch_dropped_packets'] > 0 and m['switch_pause_cycles'] > 0"
  "m['vcsn_misdelivered_frames'] > 0 and m['vcsn_indication_frames'] > 0"
)
if [ "${#checks[@]}" -ne "${#counted[@]}" ]; then
  echo "FAIL: ${#counted[@]} counted configurations but ${#checks[@]} checks"
  exit 1
fi
for i in "${!counted[@]}"; do
  compare "${counted[$i]}" "2 1" "2 2"
  n=$((n + 1))
  if python3 -c "import json,sys; m=json.load(open(sys.argv[1]))['metrics']; sys.exit(0 if eval(sys.argv[2]) else 1)" \
    "$tmp/ref.json" "${checks[$i]}"; then
    echo "ok: counted: ${checks[$i]}"
  else
    echo "FAIL: ${checks[$i]} is false for: ${counted[$i]}"
    fail=$((fail + 1))
  fi
done
# the execution block's counters are summed over the ranks (its steps, and
# the Novo-G# trains, which run on the links inside each rank)
n=$((n + 1))
"${mpirun[@]}" 2 "$fcsim" run --set network.dims=4x4x4 --set traffic.rate=0.3 -q --json "$tmp/got.json" >/dev/null 2>&1
if python3 -c "import json,sys; e=json.load(open(sys.argv[1]))['execution']
sys.exit(0 if e['train_packets'] > 0 and e['node_steps'] > 0 else 1)" "$tmp/got.json"; then
  echo "ok: 2 ranks count their steps and trains"
else
  echo "FAIL: 2 ranks report no steps or no trains in the execution block"
  fail=$((fail + 1))
fi
# more partitions than routers: one clear message, exit status 2
n=$((n + 1))
msg=$("${mpirun[@]}" 3 "$fcsim" run --set network.dims=2 -q --json /dev/null 2>&1 >/dev/null) && status=0 || status=$?
if [ "$status" != 0 ] && printf '%s' "$msg" | grep -q "3 ranks x sim.threads = 3 partitions, more than the 2 nodes"; then
  echo "ok: 3 ranks on 2 routers refused"
else
  echo "FAIL: 3 ranks on 2 routers: status $status: $msg"
  fail=$((fail + 1))
fi
echo "$((n - fail)) passed, $fail failed"
[ "$fail" = 0 ]
