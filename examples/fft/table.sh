#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Every row of seed 000 Table 3.5 or Table 6.4 at the table's one setting
# (examples/fft/table-3.5.ini, table-6.4.ini; docs/APPLICATIONS.md).
#   bash examples/fft/table.sh 3.5|6.4 [--set KEY=V ...]
# FCSIM names the binary (default: fcsim on PATH, else build/release/fcsim).
# Extra --set options apply to every row: e.g. `--set network.flit_bits=128
# --set fft.point_bytes=4` for another reading of the paths and the data type.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fcsim=${FCSIM:-$(command -v fcsim || echo "$here/../../build/release/fcsim")}
table=${1:?usage: table.sh 3.5|6.4 [--set KEY=V ...]}
shift
lat() { # prints the simulated end-to-end latency in us, or ERROR
  local v j
  j=$(mktemp)
  if "$fcsim" app fft "$@" --json "$j" >/dev/null 2>&1 && v=$(jq -r '.fft_latency_ns' "$j") && [ -n "$v" ] && [ "$v" != null ]; then
    awk -v v="$v" 'BEGIN { printf "%.2f", v / 1000 }'
  else
    printf ERROR
  fi
  rm -f "$j"
}
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b != "ERROR") printf "%+.1f%%", 100 * (b / a - 1); else printf "-" }'; }
case "$table" in
3.5)
  ini=$here/table-3.5.ini
  echo "Table 3.5 (seed 000 L1957-1962), 4^3 torus, us: seed | fcsim (difference)"
  printf '%-6s %-22s %-22s %-22s %-14s %s\n' size fixed variable reference "var-fixed seed" fcsim
  for row in "4 75 1.63 1.77 3.98" "5 41 2.24 2.35 5.46" "6 41 6.59 6.93 16.76" "7 31 38.51 40.17 101.11"; do
    set -- $row "$@"
    n=$1 ips=$2 sf=$3 sv=$4 sr=$5
    shift 5
    f=$(lat "$ini" --set fft.n=$n --set fft.ips=$ips "$@")
    v=$(lat "$ini" --set fft.n=$n --set fft.ips=$ips --set network.link_jitter=12.34ns --set network.clock_spread_ppm=260 --set network.link_lanes=4 "$@")
    r=$(lat "$ini" --set fft.n=$n --set fft.ips=$ips --set network.clock=100MHz --set network.link_latency=500ns "$@")
    printf '%-6s %-22s %-22s %-22s %-14s %s\n' "$((1 << n))^3" "$sf | $f ($(pct $sf $f))" "$sv | $v ($(pct $sv $v))" \
      "$sr | $r ($(pct $sr $r))" "$(pct $sf $sv)" "$(pct $f $v)"
  done
  ;;
6.4)
  ini=$here/table-6.4.ini
  echo "Table 6.4 (seed 000 L5319-5330), us: seed | fcsim (difference)"
  for row in "4 4x4x4 4 3.86" "5 4x4x4 4 5.30" "6 8x8x8 16 9.32" "7 8x8x8 16 25.72"; do
    set -- $row "$@"
    n=$1 dims=$2 ips=$3 s=$4
    shift 4
    k=${dims%%x*}
    v=$(lat "$ini" --set fft.n=$n --set network.dims=$dims --set fft.ips=$ips "$@")
    printf '%-6s on %-4s %2s IPs  %-8s | %-8s (%s)\n' "$((1 << n))^3" "$k^3" "$ips" "$s" "$v" "$(pct $s $v)"
  done
  ;;
*)
  echo "table.sh: no table $table (3.5 or 6.4)" >&2
  exit 2
  ;;
esac
