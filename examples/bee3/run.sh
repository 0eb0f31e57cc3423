#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Seed 003 Fig. 6: aggregate delivered throughput (GB/s) of the five BEE3
# networks under uniform random traffic, every FPGA injecting 1.86 GB/s,
# against packet size, at 8, 16 and 32 FPGAs (network.enclosures 2, 4, 8).
#   examples/bee3/run.sh [OUT_DIR] [--quick]
# writes OUT_DIR/fig6.csv (layout,fpgas,packet_bytes,offered_gbps,delivered_gbps,
# avg_latency_ns) and, when gnuplot is installed, OUT_DIR/fig6.svg. --quick:
# 32 FPGAs, 64 B and 1 KiB only, short windows. FCSIM names the binary;
# ENCLOSURES (default "2 4 8") the sizes swept; EXTRA_ARGS is added to every run
# (the Fig. 6 rows of scripts/reproduce.sh use
# EXTRA_ARGS="--set router.packet_overhead_cycles=8", docs/BEE3.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
fcsim=${FCSIM:-$here/../../build/release/fcsim}
out=${1:-fig6}
quick=no
[ "${2:-}" = "--quick" ] && quick=yes
mkdir -p "$out"
sizes="64 128 256 512 1024 2048 4096"; encls=${ENCLOSURES:-"2 4 8"}; warm=20000; meas=40000
if [ $quick = yes ]; then sizes="64 1024"; encls="8"; warm=5000; meas=10000; fi
tmp="$out/fig6.csv.tmp"
echo "layout,fpgas,packet_bytes,injected_gbps,delivered_gbps,avg_latency_ns" > "$tmp"
for layout in one-x8 two-x4 four-x2 eight-x1 10gbe; do
  for e in $encls; do
    for b in $sizes; do
      "$fcsim" run "$here/$layout.ini" --quiet --json "$out/point.json" \
        --set network.enclosures=$e --set traffic.packet_size=${b}B \
        --set sim.warmup_cycles=$warm --set sim.measure_cycles=$meas --set sim.drain_cycles=1 ${EXTRA_ARGS:-} || true
      # flits are 8 bytes and a cycle is 1 ns: flits/node/cycle x 8 x FPGAs = GB/s
      python3 - "$out/point.json" "$layout" "$((4 * e))" "$b" >> "$tmp" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m, n = d["metrics"], int(sys.argv[3])
print("%s,%d,%s,%.4f,%.4f,%.1f" % (sys.argv[2], n, sys.argv[4], m["send_throughput"] * 8 * n,
                                   m["recv_throughput"] * 8 * n, m["avg_latency_ns"]))
PY
    done
  done
done
rm -f "$out/point.json"
mv "$tmp" "$out/fig6.csv"
echo "wrote $out/fig6.csv"
if command -v gnuplot >/dev/null 2>&1; then
  gp="$out/fig6.gp"
  {
    echo "set terminal svg size 1200,420; set output '$out/fig6.svg.tmp'; set datafile separator ','"
    echo "set multiplot layout 1,$(echo $encls | wc -w); set logscale x 2; set xlabel 'packet size (bytes)'; set ylabel 'aggregate throughput (GB/s)'; set key left top"
    for e in $encls; do
      n=$((4 * e))
      echo "set title '$n FPGAs'"
      printf "plot "
      sep=""
      for layout in one-x8 two-x4 four-x2 eight-x1 10gbe; do
        printf "%s'%s' using (stringcolumn(1) eq '%s' && \$2 == %d ? \$3 : 1/0):5 with linespoints title '%s'" \
          "$sep" "$out/fig6.csv" "$layout" "$n" "$layout"
        sep=", "
      done
      echo
    done
    echo "unset multiplot"
  } > "$gp"
  if gnuplot "$gp"; then mv "$out/fig6.svg.tmp" "$out/fig6.svg" && echo "wrote $out/fig6.svg"; fi
fi
