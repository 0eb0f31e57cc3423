#!/usr/bin/env bash
# Regenerates every seed table and figure fcsim reproduces today
# (docs/REPRODUCE.md) into a directory: tables as Markdown and CSV, figures
# as PNG (fcsim plot).
#
#   scripts/reproduce.sh [--quick] [--out DIR]      (default DIR: reproduce-out)
#
# Each row below names the seed's printed value and a tolerance; the value
# compared with it is computed now by fcsim. Rows marked `check` fail the
# script (exit 1) when fcsim drifts outside the tolerance; rows marked
# `known` are differences docs/REPRODUCE.md explains, reported but not
# enforced. --quick runs every table row (all are fast) and three figures, in
# well under a minute; the full run adds the figures from simulation sweeps
# and the batch half of Table 5.3 (fcsim tune, a few minutes).
#   FCSIM=path/to/fcsim  the binary (default: build/fcsim, then build/release/fcsim)
#   FCSIM_REPRODUCE_SELFTEST=1  adds a row with a wrong seed value (must fail)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
quick=0
out=reproduce-out
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --out) out=${2:?--out needs a directory}; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "reproduce.sh: unknown argument '$1' (expected --quick, --out DIR)" >&2; exit 2 ;;
  esac
  shift
done
fcsim=${FCSIM:-}
if [ -z "$fcsim" ]; then
  for c in "$here/build/fcsim" "$here/build/release/fcsim"; do [ -x "$c" ] && { fcsim=$c; break; }; done
fi
[ -n "$fcsim" ] && [ -x "$fcsim" ] || { echo "reproduce.sh: no fcsim binary; build first or set FCSIM" >&2; exit 2; }
command -v jq >/dev/null || { echo "reproduce.sh: needs jq (scripts/install-deps.sh installs it)" >&2; exit 2; }
mkdir -p "$out/figures"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcsim-reproduce-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
say() { [ -t 2 ] && printf 'reproduce: %s\n' "$*" >&2 || true; }

# A short simulation of a 2x2 mesh: router area does not depend on the traffic.
area="run --set network.topology=mesh --set network.dims=2x2 --set sim.warmup_cycles=100 --set sim.measure_cycles=300 --quiet"

# seed | id | what | mode (check/known) | fcsim arguments | jq path | scale | unit | seed value | tolerance (abs X or rel X)
rows=$(cat <<'ROWS'
000|Tab 4.2|router area, 1 VC|check|@AREA@ --set router.vcs=1|.metrics.area_alms|1|ALMs|12980|abs 0
000|Tab 4.2|router area, 2 VCs|check|@AREA@ --set router.vcs=2|.metrics.area_alms|1|ALMs|18980|abs 0
000|Tab 4.2|router area, 3 VCs|check|@AREA@ --set router.vcs=3|.metrics.area_alms|1|ALMs|24860|abs 0
000|Tab 4.2|router area, 4 VCs|check|@AREA@ --set router.vcs=4|.metrics.area_alms|1|ALMs|30980|abs 0
000|Tab 4.2|router area, 5 VCs|check|@AREA@ --set router.vcs=5|.metrics.area_alms|1|ALMs|42470|abs 0
000|Tab 4.2|router area, 6 VCs|check|@AREA@ --set router.vcs=6|.metrics.area_alms|1|ALMs|42470|abs 0
000|Tab 4.2|router area, 7 VCs|check|@AREA@ --set router.vcs=7|.metrics.area_alms|1|ALMs|54980|abs 0
000|Tab 4.2|router area, 8 VCs|check|@AREA@ --set router.vcs=8|.metrics.area_alms|1|ALMs|54980|abs 0
000|Tab 4.2|router area, 9 VCs|check|@AREA@ --set router.vcs=9|.metrics.area_alms|1|ALMs|60500|abs 0
000|Tab 4.2|router area, 9 VCs, % of Stratix V|check|@AREA@ --set router.vcs=9|.metrics.area_percent|1|%|23|abs 0
000|§4.2.2|credit threshold = link latency + 100 (175 ns = 28 cycles)|check|run @HERE@/examples/novo-g.ini --set sim.warmup_cycles=100 --set sim.measure_cycles=300 --quiet|.derived.credit_threshold_flits|1|flits|128|abs 0
000|Tab 4.3|ring router logic|check|@AREA@ --set router.model=ring|.metrics.area_alms|1|ALMs|2485|abs 0
000|Tab 5.6|OCR (table) router area|check|@AREA@ --set router.model=voq|.metrics.area_alms|1|ALMs|40895|abs 0
000|Tab 5.6|OCR router, % of Stratix V|check|@AREA@ --set router.model=voq|.metrics.area_percent|1|%|16|abs 0
000|Fig. 5.21|4³ batch multicast: OCR gain over RPM, geometric mean|known|collective run @HERE@/examples/collective.ini --quiet|.gain.multicast|100|%|15|rel 0.5
000|Fig. 5.21|4³ batch reduction: OCR gain over RPM, geometric mean|known|collective run @HERE@/examples/collective.ini --quiet|.gain.reduction|100|%|4|abs 2
000|Tab 5.8|ATA multicast buffer, online (RPM)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[0].rpm.max_buffer_flits|1|flits|1532|rel 0.2
000|Tab 5.8|ATA multicast buffer, offline (OCR)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[0].ocr.max_buffer_flits|1|flits|1132|rel 0.2
000|Tab 5.8|ATA reduction buffer, online (RPM)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[1].rpm.max_buffer_flits|1|flits|367|rel 0.2
000|Tab 5.8|ATA reduction buffer, offline (OCR)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[1].ocr.max_buffer_flits|1|flits|288|rel 0.2
000|Tab 5.8|NN multicast buffer, online (RPM)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[2].rpm.max_buffer_flits|1|flits|277|rel 0.2
000|Tab 5.8|NN multicast buffer, offline (OCR)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[2].ocr.max_buffer_flits|1|flits|157|rel 0.2
000|Tab 5.8|NN reduction buffer, online (RPM)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[3].rpm.max_buffer_flits|1|flits|14|rel 0.2
000|Tab 5.8|NN reduction buffer, offline (OCR)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[3].ocr.max_buffer_flits|1|flits|9|rel 0.2
000|Tab 5.8|bit-rotation multicast buffer, online (RPM)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[4].rpm.max_buffer_flits|1|flits|91|rel 0.2
000|Tab 5.8|bit-rotation multicast buffer, offline (OCR)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[4].ocr.max_buffer_flits|1|flits|57|rel 0.2
000|Tab 5.8|bit-rotation reduction buffer, online (RPM)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[5].rpm.max_buffer_flits|1|flits|1|abs 0
000|Tab 5.8|bit-rotation reduction buffer, offline (OCR)|known|collective run @HERE@/examples/collective.ini --quiet|.runs[5].ocr.max_buffer_flits|1|flits|1|abs 0
000|Tab 6.1|64³ on 8³: xy packets per node|check|model fft --preset 64-on-8|.results.xy_packets_per_node|1|packets|8|abs 0
000|Tab 6.1|64³ on 8³: xy data per packet|check|model fft --preset 64-on-8|.results.xy_data_per_packet|1|points|8|abs 0
000|Tab 6.1|64³ on 8³: yz packets per node|check|model fft --preset 64-on-8|.results.yz_packets_per_node|1|packets|64|abs 0
000|Tab 6.1|16³ on 4³: yz packets per node|check|model fft --preset 16-on-4|.results.yz_packets_per_node|1|packets|16|abs 0
000|Tab 6.1|32³ on 8³ (2m>n): xy packets per node|check|model fft --set n=5 --set m=3|.results.xy_packets_per_node|1|packets|16|abs 0
000|Tab 6.4|16³ on 4³, 4 IPs, simulated FFT|known|app fft @HERE@/examples/fft/16-on-4.ini|.fft_latency_ns|1e-3|µs|3.86|abs 0.005
000|Tab 6.4|32³ on 4³, 4 IPs, simulated FFT|known|app fft @HERE@/examples/fft/32-on-4.ini|.fft_latency_ns|1e-3|µs|5.30|abs 0.005
000|Tab 3.5|16³ on 4³, fixed latency, simulated FFT|known|app fft @HERE@/examples/fft/16-on-4.ini --set fft.ips=75 --set network.link_latency=175.7ns|.fft_latency_ns|1e-3|µs|1.63|abs 0.005
001|Eq. 2.2|SL3 link latency 365 ns at 225 MHz|check|model fc --preset sl3|.results.latency_cycles|1|cycles|82|abs 0
001|Eq. 2.2|D_link = 82 + 32 + 4|check|model fc --preset sl3|.results.D_link|1|cycles|118|abs 0
001|Eq. 2.3|TX overhead 1/(1+32)|check|model fc --preset sl3|.results.tx_overhead|100|%|3.0303|abs 0.0001
001|Eq. 2.4|RX depth > 2·118 + 32|check|model fc --preset sl3|.results.rx_depth_min|1|flits|268|abs 0
001|Eq. 2.4|RX depth chosen (power of two)|check|model fc --preset sl3|.results.rx_depth_pow2|1|flits|512|abs 0
001|Eq. 4.1|packet of 256 × (32+1) bits|check|model fc --preset sl3|.results.packet_bytes|1|B|1056|abs 0
001|Eq. 2.2|D_link from the simulated flow controller (32 B flits)|check|app link --preset sl3 --set w=256 --set bytes=64KiB|.metrics.D_link|1|cycles|118|abs 0
001|Fig. 2.9|16 MiB stream, TX 32, simulated (seed: measured with its SL3 core)|known|app link --preset sl3 --set bytes=16MiB|.metrics.throughput|1e-9|GB/s|7.92|abs 0.005
001|Fig. 3.9|tsunami (1,5) on 8 FPGAs: sustained|check|model stream --preset tsunami|.results.sustained_flops|1e-12|TFlop/s|2.5|abs 0.05
001|Fig. 3.9|tsunami (1,5) on 8 FPGAs: % of peak|check|model stream --preset tsunami|.results.efficiency|100|%|98|abs 0.5
001|Fig. 3.10|16 × (1,5): parallel efficiency|check|model stream --preset tsunami --set M=16|.results.parallel_efficiency|100|%|97|abs 0.5
001|Fig. 3.10|32 × (1,5): parallel efficiency|check|model stream --preset tsunami --set M=32|.results.parallel_efficiency|100|%|94|abs 0.5
001|Fig. 3.11|LBM (1,16)|check|model stream --preset lbm|.results.sustained_flops|1e-9|GFlop/s|318.828|abs 0.001
001|Fig. 3.11|LBM (1,16): % of peak|check|model stream --preset lbm|.results.efficiency|100|%|87|abs 0.5
001|Fig. 3.11|LBM (2,16)|check|model stream --preset lbm --set n=2|.results.sustained_flops|1e-9|GFlop/s|448.79|abs 0.005
001|Fig. 3.11|LBM (2,16): stall ratio|check|model stream --preset lbm --set n=2|.results.stall_ratio|100|%|28.57|abs 0.005
001|Fig. 3.11|LBM (4,16)|check|model stream --preset lbm --set n=4|.results.sustained_flops|1e-9|GFlop/s|435.99|abs 0.005
001|Fig. 3.11|LBM (4,16): stall ratio|check|model stream --preset lbm --set n=4|.results.stall_ratio|100|%|64.29|abs 0.005
001|Fig. 3.11|LBM (1,256): % of peak|check|model stream --preset lbm --set M=256|.results.efficiency|100|%|29|abs 0.5
001|Fig. 3.12|compressed (2,16), r_comp 2.392|check|model stream --preset lbm-comp --set n=2 --set r_comp=2.392|.results.sustained_flops|1e-9|GFlop/s|626.31|abs 0.005
001|Fig. 3.12|compressed (4,16)|check|model stream --preset lbm-comp|.results.sustained_flops|1e-9|GFlop/s|739.55|abs 0.005
001|Fig. 3.12|compressed (4,16): stall ratio|check|model stream --preset lbm-comp|.results.stall_ratio|100|%|39.05|abs 0.005
001|Fig. 3.13|LBM (1,256), C_stream 720×240×16: % of peak|known|model stream --preset lbm --set M=256 --set N_grid=2764800|.results.efficiency|100|%|92|abs 0.5
001|Fig. 3.11|LBM (1,16), simulated cascade|check|app stream --preset lbm|.simulated.sustained_flops|1e-9|GFlop/s|318.828|rel 0.01
001|Fig. 3.11|LBM (1,16), simulated: % of peak|check|app stream --preset lbm|.simulated.efficiency|100|%|87|abs 0.5
001|Fig. 3.11|LBM (2,16), simulated: stall ratio|known|app stream --preset lbm --set stream.n=2|.simulated.stall_ratio|100|%|28.57|abs 0.005
001|Fig. 3.11|LBM (4,16), simulated|known|app stream --preset lbm --set stream.n=4|.simulated.sustained_flops|1e-9|GFlop/s|435.99|abs 0.005
001|Fig. 3.12|compressed (2,16), simulated|check|app stream --preset lbm-comp --set stream.n=2 --set stream.r_comp=2.392|.simulated.sustained_flops|1e-9|GFlop/s|626.31|rel 0.01
001|Fig. 3.12|compressed (4,16), simulated|known|app stream --preset lbm-comp|.simulated.sustained_flops|1e-9|GFlop/s|739.55|abs 0.005
001|Tab. 4.2|zero-payload transfer, SL3 point to point, t_N + t_PL (simulated)|check|run @HERE@/examples/p2p40g/sl3.ini --quiet|.metrics.makespan_ns|1e-3|µs|0.599|abs 0.08
001|Tab. 4.2|zero-payload transfer, E40G point to point, t_N + t_PL (simulated)|check|run @HERE@/examples/p2p40g/e40g.ini --quiet|.metrics.makespan_ns|1e-3|µs|0.832|abs 0.08
001|Tab. 4.2|zero-payload transfer, E40G switched, t_N + 2 t_PL + t_S (simulated)|check|run @HERE@/examples/p2p40g/e40g-switched.ini --quiet|.metrics.makespan_ns|1e-3|µs|1.646|abs 0.08
001|Fig. 3.9|tsunami (1,5) on M = 8, simulated on fc links|check|app stream --preset tsunami --links fc|.simulated.sustained_flops|1e-12|TFlop/s|2.5|abs 0.05
001|Fig. 3.9|tsunami (1,5) on M = 8, fc links: % of peak|check|app stream --preset tsunami --links fc|.simulated.efficiency|100|%|98|abs 0.5
001|§4.3.3|2048 FPGAs, radix 64: leaves|check|model p2p --preset e40g-switched --set n=2048|.results.ring_leaves|1|leaves|64|abs 0
001|§4.3.3|2048 FPGAs, radix 64: spines|check|model p2p --preset e40g-switched --set n=2048|.results.ring_spines|1|spines|32|abs 0
002|§3.4|jumbo frame payload 9152/9194|check|model linkbw --preset vcsn|.results.payload_efficiency|100|%|99.5|abs 0.05
002|§3.4|64 B payload 64/106|check|model linkbw --preset vcsn --set size=64|.results.payload_efficiency|100|%|60|abs 0.5
002|Eq. 1|DCN link|check|model linkbw --preset dcn|.results.peak_bits_per_s|1e-9|Gb/s|96.18|abs 0.005
002|Eq. 1|DCN link|check|model linkbw --preset dcn|.results.peak_bytes_per_s|1e-9|GB/s|12.02|abs 0.005
002|Eq. 2|VCSN link|check|model linkbw --preset vcsn|.results.peak_bits_per_s|1e-9|Gb/s|99.54|abs 0.005
002|Eq. 2|VCSN link|check|model linkbw --preset vcsn|.results.peak_bytes_per_s|1e-9|GB/s|12.44|abs 0.005
002|Eq. 1|DCN link simulated under the flow controller|check|app link --preset dcn --set bytes=8MiB|.metrics.steady_throughput|1e-9|GB/s|12.02|abs 0.005
002|Eq. 2|VCSN link simulated (jumbo frames)|check|app link --preset vcsn --set bytes=8MiB|.metrics.steady_throughput|1e-9|GB/s|12.44|abs 0.005
002|§5.1.1|gather on 9 nodes: DCN stages|check|model gather --preset dcn --set n=9|.results.stages|1|stages|4|abs 0
002|§5.2|gather on 9 nodes: VCSN stages|check|model gather --preset vcsn --set n=9|.results.stages|1|stages|3|abs 0
002|Fig. 18|MPI_Barrier on 8 servers (1.11 ms − 1 ms of work)|check|model gather --preset vcsn --set n=16|.results.barrier_s|1e3|ms|0.11|rel 0.05
002|§6.5|16 MiB gather among 32 nodes|check|model gather --preset vcsn --set n=32 --set d=16MiB|.results.time_s|1e3|ms|25|rel 0.02
002|§4.2.2|VCSN observed peak, 16 MiB FPGA to FPGA (simulated)|check|run @HERE@/examples/vcsn/vcsn.ini --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet|16777216 / .metrics.makespan_ns|1|GB/s|12.42|abs 0.01
002|§4.2.2|DCN observed peak, 16 MiB FPGA to FPGA (simulated on fc links: no credit stall at the Eq. 2.4 RX depth)|known|run @HERE@/examples/vcsn/dcn-fc.ini --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet|16777216 / .metrics.makespan_ns|1|GB/s|11.72|abs 0.01
002|§5.1.1|gather on 9 nodes: DCN ring stages (simulated)|check|app gather @HERE@/examples/vcsn/dcn.ini --schedule ring --set app.nodes=9 --set app.bytes=1MiB|.stages|1|stages|4|abs 0
002|§5.2|gather on 9 nodes: VCSN tree stages (simulated)|check|app gather @HERE@/examples/vcsn/vcsn.ini --schedule tree --set app.nodes=9 --set app.bytes=1MiB|.stages|1|stages|3|abs 0
002|§6.5|1 MiB gather among 512 nodes|known|model gather --preset vcsn --set n=512 --set d=1MiB|.results.time_s|1e3|ms|130|rel 0.1
003|Table I|Two-x4-Aurora diameter|check|topo @HERE@/examples/bee3/two-x4.ini|.diameter_ns|1|ns|845|abs 0
003|Table I|Two-x4-Aurora: full-crossbar routes|check|topo @HERE@/examples/bee3/two-x4.ini|.bee3.table1.xbar_ns|1|ns|256|abs 0
003|Table I|Eight-x1-Aurora diameter|check|topo @HERE@/examples/bee3/eight-x1.ini|.diameter_ns|1|ns|845|abs 0
003|Table I|Eight-x1-Aurora: MGT router routes|check|topo @HERE@/examples/bee3/eight-x1.ini|.bee3.table1.mgt_ns|1|ns|88|abs 0
003|Table I|Four-x2-Aurora diameter|known|topo @HERE@/examples/bee3/four-x2.ini|.diameter_ns|1|ns|933|abs 0
003|Table I|One-x8-Aurora diameter|known|topo @HERE@/examples/bee3/one-x8.ini|.diameter_ns|1|ns|1530|abs 0
003|Table I|10GbE diameter, 64 B packets|known|topo @HERE@/examples/bee3/10gbe.ini --set traffic.packet_size=64B|.diameter_ns|1|ns|1560|abs 0
003|Table I|10GbE diameter, 4 KiB packets|known|topo @HERE@/examples/bee3/10gbe.ini --set traffic.packet_size=4096B|.diameter_ns|1|ns|7540|abs 0
004|§2.2|TNW link, per direction|check|model linkbw --preset tnw|.results.peak_bytes_per_s|1e-9|GB/s|0.91|rel 0.01
004|§2.2|TNW link simulated, per direction (both busy, BER 0)|check|app link --preset tnw --set bytes=1MiB|.metrics.steady_throughput|1e-9|GB/s|0.91|rel 0.01
ROWS
)

# The checker checks itself: a row the seed contradicts on purpose must fail.
selftest=${FCSIM_REPRODUCE_SELFTEST:-0}
if [ "$selftest" = 1 ]; then
  rows="$(head -n 1 <<<"$rows")
selftest|Eq. 2.2|deliberately wrong seed value (83, fcsim computes 82)|check|model fc --preset sl3|.results.latency_cycles|1|cycles|83|abs 0"
fi

md=$out/tables.md csv=$out/tables.csv
printf 'seed,id,what,mode,command,fcsim,unit,seed_value,tolerance,difference,status\n' >"$csv.tmp"
{
  echo "# Seed figures reproduced by fcsim"
  echo
  echo "Generated by \`scripts/reproduce.sh$([ $quick = 1 ] && echo ' --quick')\` with $("$fcsim" --version). Status: ok = within the"
  echo "tolerance; DRIFT = outside it (the script fails); known = a difference docs/REPRODUCE.md explains."
  echo
  echo "| seed | id | what | command | seed | fcsim | difference | tolerance | status |"
  echo "|---|---|---|---|---|---|---|---|---|"
} >"$md.tmp"
fails=0 n=0
say "table rows..."
while IFS='|' read -r seed id what mode args path scale unit want tol; do
  [ -n "$seed" ] || continue
  args=${args//@AREA@/$area}
  args=${args//@HERE@/$here}
  n=$((n + 1))
  # one run per distinct command line
  result=$tmp/$(printf '%s' "$args" | cksum | tr ' ' _).json
  # shellcheck disable=SC2086
  if [ ! -s "$result" ] && ! "$fcsim" $args --json "$result" >/dev/null 2>"$tmp/err"; then
    echo "reproduce.sh: fcsim $args failed: $(cat "$tmp/err")" >&2
    exit 1
  fi
  raw=$(jq -r "$path" "$result")
  read -r got diff status < <(awk -v r="$raw" -v s="$scale" -v w="$want" -v t="$tol" -v m="$mode" 'BEGIN {
      g = r * s; d = g - w; split(t, tt, " "); lim = tt[1] == "rel" ? tt[2] * (w < 0 ? -w : w) : tt[2];
      ok = (d < 0 ? -d : d) <= lim + 1e-12 * (w < 0 ? -w : w);
      printf "%.6g %+.4g %s\n", g, d, ok ? "ok" : (m == "known" ? "known" : "DRIFT") }')
  [ "$status" = DRIFT ] && { fails=$((fails + 1)); echo "reproduce.sh: DRIFT: seed $seed $id $what: fcsim $got $unit, seed $want $unit ($tol)" >&2; }
  short=${args//$here\//}
  short=${short//$area/run (2x2 mesh, short)}
  printf '| %s | %s | %s | `fcsim %s` | %s %s | %s %s | %s | %s | %s |\n' "$seed" "$id" "$what" "$short" "$want" "$unit" \
    "$got" "$unit" "$diff" "$tol" "$status" >>"$md.tmp"
  printf '%s,%s,"%s",%s,"fcsim %s",%s,%s,%s,%s,%s,%s\n' "$seed" "$id" "$what" "$mode" "$short" "$got" "$unit" "$want" \
    "$tol" "$diff" "$status" >>"$csv.tmp"
done <<<"$rows"

# Figures: results fcsim writes, drawn by fcsim plot.
figure() { # NAME: a results file in $out/data, drawn to $out/figures/NAME.png
  "$fcsim" plot "$@" >/dev/null
}
mkdir -p "$out/data"
if [ "$selftest" = 1 ]; then # the checker alone: no figures
  mv "$md.tmp" "$md" && mv "$csv.tmp" "$csv"
  echo "reproduce: $n table rows ($fails outside tolerance)"
  [ "$fails" -eq 0 ]
  exit
fi
say "figures..."
"$fcsim" model stream --preset tsunami --vary M=1:32:1 --json "$out/data/stream-tsunami-M.json" >/dev/null
figure "$out/data/stream-tsunami-M.json" --out "$out/figures/fig3.10-stream-tsunami-M.png"
"$fcsim" model p2p --preset e40g-switched --set m=237782368 --vary n=2:2048:2 --json "$out/data/p2p-227MB-n.json" >/dev/null
figure "$out/data/p2p-227MB-n.json" --out "$out/figures/fig4.9c-p2p-switched-227MB.png"
"$fcsim" model stream --preset lbm --vary n=1:4:1 --json "$out/data/stream-lbm-n.json" >/dev/null
figure "$out/data/stream-lbm-n.json" --out "$out/figures/fig3.11-stream-lbm-n.png"
figs=3
if [ $quick = 0 ]; then
  say "figures from simulations (4x4x4 Novo-G# torus)..."
  for alg in dor romm; do
    "$fcsim" sweep "$here/examples/tune-4x4x4/transpose.ini" --vary traffic.rate=0.05:0.6:0.05 --set routing.algorithm=$alg \
      --json "$out/data/sweep-transpose-$alg.jsonl" --quiet
  done
  figure "$out/data/sweep-transpose-dor.jsonl" "$out/data/sweep-transpose-romm.jsonl" \
    --out "$out/figures/fig5.2-like-transpose-sweep.png"
  "$fcsim" run "$here/examples/novo-g.ini" --set traffic.rate=0.5 --json "$out/data/run-uniform-0.5.json" --links --histogram --quiet
  figure "$out/data/run-uniform-0.5.json" --out "$out/figures/run-uniform-links.png"
  figs=5
fi
{ echo
  echo "Figures (PNG) in figures/: $(cd "$out/figures" && ls | tr '\n' ' ')"
} >>"$md.tmp"
mv "$md.tmp" "$md"
mv "$csv.tmp" "$csv"
echo "reproduce: $n table rows, $figs figures in $out ($fails outside tolerance)"
[ "$fails" -eq 0 ]
