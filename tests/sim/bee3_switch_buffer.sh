#!/usr/bin/env bash
# network.bee3_switch_buffer: the 10GbE switches' output buffers. With the
# default 128 KiB no frame ever waits; with 1 KiB (one frame) frames
# wait in their inputs and block the frames behind them (head-of-line), and
# the aggregate throughput of 32 FPGAs under uniform random 1 KiB packets
# falls by more than 5 %. Usage: bee3_switch_buffer.sh FCSIM_BINARY SOURCE_DIR
set -eu
fcsim=$1 src=$2
run() { # buffer -> "GB/s pause_cycles"
  "$fcsim" run "$src/examples/bee3/10gbe.ini" --quiet --json - --set network.enclosures=8 --set traffic.packet_size=1024B \
    --set sim.warmup_cycles=5000 --set sim.measure_cycles=10000 --set sim.drain_cycles=1 \
    --set network.bee3_switch_buffer="$1" | jq -r '"\(.metrics.recv_throughput * 8 * 32) \(.metrics.switch_pause_cycles)"'
}
read -r g0 p0 < <(run 128KiB)
read -r g1 p1 < <(run 1KiB)
echo "128 KiB: $g0 GB/s, $p0 pause cycles; 1 KiB: $g1 GB/s, $p1 pause cycles"
awk -v g0="$g0" -v p0="$p0" -v g1="$g1" -v p1="$p1" 'BEGIN {
  if (p0 != 0) { print "FAIL: 128 KiB buffers should never pause"; exit 1 }
  if (!(p1 > 0)) { print "FAIL: 1 KiB buffers should pause"; exit 1 }
  if (!(g1 < g0 * 0.95)) { print "FAIL: head-of-line blocking should cost more than 5 %"; exit 1 }
  print "ok" }'
