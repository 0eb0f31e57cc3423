#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# router.packet_overhead_cycles on the BEE3 crossbar (seed 003 §V.B): without it
# the aggregate throughput of Eight-x1 on 8 FPGAs does not rise from 64 B to
# 256 B packets; with 64 cycles per packet at every crossbar it rises (the
# overhead is amortised over longer packets) and 64 B packets lose at least a
# third. The inferred 8 cycles of the Fig. 6 rows (the seed's 48 - 40 ns of
# arbitration, docs/BEE3.md) on One-x8, 8 FPGAs: 256 B packets beat 64 B by at
# least 4 % with them, and do not beat 64 B without them.
# Usage: bee3_packet_overhead.sh FCSIM_BINARY SOURCE_DIR
set -eu
fcsim=$1 src=$2
gbps() { # packet bytes, overhead cycles [, layout] -> aggregate delivered GB/s (8-byte flits, 1 ns cycles, 8 FPGAs)
  "$fcsim" run "$src/examples/bee3/${3:-eight-x1}.ini" --quiet --json - --set network.enclosures=2 \
    --set traffic.packet_size="$1"B --set sim.warmup_cycles=3000 --set sim.measure_cycles=6000 --set sim.drain_cycles=1 \
    --set router.packet_overhead_cycles="$2" | jq '.metrics.recv_throughput * 8 * 8'
}
a0=$(gbps 64 0) b0=$(gbps 256 0) a1=$(gbps 64 64) b1=$(gbps 256 64)
c0=$(gbps 64 0 one-x8) d0=$(gbps 256 0 one-x8) c8=$(gbps 64 8 one-x8) d8=$(gbps 256 8 one-x8)
echo "no overhead: 64 B $a0, 256 B $b0 GB/s; 64 cycles a packet: 64 B $a1, 256 B $b1 GB/s"
echo "One-x8: no overhead: 64 B $c0, 256 B $d0 GB/s; 8 cycles a packet: 64 B $c8, 256 B $d8 GB/s"
awk -v a0="$a0" -v b0="$b0" -v a1="$a1" -v b1="$b1" -v c0="$c0" -v d0="$d0" -v c8="$c8" -v d8="$d8" 'BEGIN {
  if (!(b0 <= a0 * 1.02)) { print "FAIL: without overhead 256 B should not beat 64 B"; exit 1 }
  if (!(b1 > a1 * 1.2)) { print "FAIL: with overhead 256 B should beat 64 B by 20 %"; exit 1 }
  if (!(a1 < a0 * 0.67)) { print "FAIL: 64 cycles a packet should cost 64 B packets a third"; exit 1 }
  if (!(d0 <= c0)) { print "FAIL: One-x8 without overhead: 256 B should not beat 64 B"; exit 1 }
  if (!(d8 >= c8 * 1.04)) { print "FAIL: One-x8 with 8 cycles a packet: 256 B should beat 64 B by 4 %"; exit 1 }
  print "ok" }'
